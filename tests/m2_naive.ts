/**
 * A deliberately naive M2 edit extractor for tests: the behaviour of the m2scorer written out
 * the slow, literal way (tuple edits, the full triple loop for merged edges, a list edited
 * while iterating, every Bellman-Ford pass). Exponential-free but cubic and more: only for
 * small inputs, as an oracle for `metrics/m2/`.
 *
 * @module
 */

import type { M2Edit, M2GoldEdit } from "../metrics/m2/lattice.ts";

type Node = [number, number];
type EditT = { type: string; start: number; end: number; orig: string; corr: string; unch: number };

const key = (v: Node) => `${v[0]},${v[1]}`;
const ekey = (a: Node, b: Node) => `${key(a)}>${key(b)}`;
const cmpNode = (a: Node, b: Node) => a[0] - b[0] || a[1] - b[1];

function lattice(src: string[], hyp: string[], subCost: number) {
  const n = src.length, m = hyp.length;
  const d: number[][] = Array.from({ length: n + 1 }, () => Array(m + 1).fill(0));
  const back = new Map<string, [Node, EditT][]>();
  for (let i = 1; i <= n; i++) {
    d[i][0] = i;
    back.set(key([i, 0]), [[[i - 1, 0], {
      type: "del",
      start: i - 1,
      end: i,
      orig: src[i - 1],
      corr: "",
      unch: 0,
    }]]);
  }
  for (let j = 1; j <= m; j++) {
    d[0][j] = j;
    back.set(key([0, j]), [[[0, j - 1], {
      type: "ins",
      start: j - 1,
      end: j - 1,
      orig: "",
      corr: hyp[j - 1],
      unch: 0,
    }]]);
  }
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) {
      const same = src[i - 1] === hyp[j - 1];
      const sub = d[i - 1][j - 1] + (same ? 0 : subCost);
      const del = d[i - 1][j] + 1, ins = d[i][j - 1] + 1;
      const min = Math.min(sub, del, ins);
      d[i][j] = min;
      const list: [Node, EditT][] = [];
      if (sub === min) {
        list.push([[i - 1, j - 1], {
          type: same ? "noop" : "sub",
          start: i - 1,
          end: i,
          orig: src[i - 1],
          corr: hyp[j - 1],
          unch: same ? 1 : 0,
        }]);
      }
      if (del === min) {
        list.push([[i - 1, j], {
          type: "del",
          start: i - 1,
          end: i,
          orig: src[i - 1],
          corr: "",
          unch: 0,
        }]);
      }
      if (ins === min) {
        list.push([[i, j - 1], {
          type: "ins",
          start: i,
          end: i,
          orig: "",
          corr: hyp[j - 1],
          unch: 0,
        }]);
      }
      back.set(key([i, j]), list);
    }
  }
  const V: Node[] = [], E: [Node, Node][] = [], edits = new Map<string, EditT>();
  const queue: Node[] = [[n, m]];
  const seen = new Set<string>();
  while (queue.length) {
    const v = queue.shift()!;
    if (seen.has(key(v))) continue;
    seen.add(key(v));
    V.push(v);
    for (const [p, e] of back.get(key(v)) ?? []) {
      E.push([p, v]);
      edits.set(ekey(p, v), e);
      queue.push(p);
    }
  }
  return { V, E, edits };
}

function merge(a: EditT, b: EditT): EditT {
  const type = a.type === b.type && a.type !== "sub" ? a.type : "sub";
  const orig = a.type === "ins" ? b.orig : b.type === "ins" ? a.orig : `${a.orig} ${b.orig}`;
  const corr = a.type === "del" ? b.corr : b.type === "del" ? a.corr : `${a.corr} ${b.corr}`;
  return { type, start: a.start, end: b.end, orig, corr, unch: a.unch + b.unch };
}

/**
 * The naive extractor.
 *
 * @param src Source tokens.
 * @param hyp Hypothesis tokens.
 * @param gold Gold edits.
 * @param muw Max unchanged words.
 * @returns The chosen edits, left to right.
 */
export function naiveEditSequence(
  src: string[],
  hyp: string[],
  gold: M2GoldEdit[],
  muw: number,
): M2Edit[] {
  const a = lattice(src, hyp, 1), b = lattice(src, hyp, 2);
  const seen = new Set<string>();
  const V = [...a.V, ...b.V].filter((v) => !seen.has(key(v)) && seen.add(key(v))).sort(cmpNode);
  let E = [...a.E, ...b.E].sort((x, y) => cmpNode(x[0], y[0]) || cmpNode(x[1], y[1]));
  const edits = new Map([...b.edits, ...a.edits]);
  const dist = new Map<string, number>(E.map(([p, q]) => [ekey(p, q), 1]));
  const get = (p: Node, q: Node) => dist.get(ekey(p, q)) ?? Infinity;
  for (const k of V) {
    for (const i of V) {
      const eik = edits.get(ekey(i, k));
      if (!eik) continue;
      for (const j of V) {
        const ekj = edits.get(ekey(k, j));
        if (!ekj) continue;
        const through = get(i, k) + get(k, j);
        if (through < get(i, j)) {
          const eij = merge(eik, ekj);
          if (eij.unch <= muw) {
            E.push([i, j]);
            dist.set(ekey(i, j), through);
            edits.set(ekey(i, j), eij);
          }
        }
      }
    }
  }
  // Remove merged no-change arcs with a list edited while it is iterated.
  for (let x = 0; x < E.length; x++) {
    const [p, q] = E[x];
    const e = edits.get(ekey(p, q))!;
    if (e.type === "noop" && dist.get(ekey(p, q))! > 1) {
      const at = E.findIndex(([r, s]) => ekey(r, s) === ekey(p, q));
      E.splice(at, 1);
      if (at <= x) x--;
      x++; // the item that moved into this place is skipped
      dist.set(ekey(p, q), Infinity);
      edits.delete(ekey(p, q));
    }
  }
  E = E.slice();
  const w = new Map(dist);
  const L = E.length;
  const match = (e: EditT, g: M2GoldEdit) =>
    e.start === g.start && e.end === g.end && e.orig === g.original &&
    g.corrections.includes(e.corr);
  const spans = new Map<string, [Node, Node][]>();
  for (const edge of E) {
    const e = edits.get(ekey(...edge))!;
    const s = `${e.start},${e.end}`;
    if (!spans.has(s)) spans.set(s, []);
    spans.get(s)!.push(edge);
  }
  for (const [s, list] of spans) {
    list.sort((x, y) => cmpNode(x[0], y[0]) || cmpNode(x[1], y[1]));
    const golds = gold.filter((g) => `${g.start},${g.end}` === s);
    const [st, en] = s.split(",").map(Number);
    if (st !== en) {
      for (const edge of list) {
        const e = edits.get(ekey(...edge))!;
        if (golds.some((g) => match(e, g))) w.set(ekey(...edge), -L);
        else if (e.type !== "noop") w.set(ekey(...edge), w.get(ekey(...edge))! + 0.001);
      }
      continue;
    }
    let lp = 0, rp = list.length - 1, cur = 0, gl = 0, gr = golds.length - 1;
    const bump = (edge: [Node, Node]) => w.set(ekey(...edge), w.get(ekey(...edge))! + 0.001);
    while (lp <= rp) {
      const edge = list[cur];
      const e = edits.get(ekey(...edge))!;
      const left = cur === lp;
      const order = [];
      for (let i = gl; i <= gr; i++) order.push(i);
      if (!left) order.reverse();
      let hit = false;
      for (const i of order) {
        if (match(e, golds[i])) {
          hit = true;
          w.set(ekey(...edge), -L);
          if (left) gl = i + 1;
          else gr = i - 1;
          break;
        }
      }
      if (!hit && e.type !== "noop") bump(edge);
      if (hit && left) {
        lp++;
        while (lp < list.length && key(list[lp][0]) !== key(list[cur][1])) bump(list[lp++]);
        cur = lp;
      } else if (hit) {
        rp--;
        while (rp >= 0 && key(list[rp][1]) !== key(list[cur][0])) bump(list[rp--]);
        cur = rp;
      } else if (left) {
        lp++;
        cur = rp;
      } else {
        rp--;
        cur = lp;
      }
    }
  }
  const d = new Map<string, number>(V.map((v) => [key(v), Infinity]));
  const path = new Map<string, Node>();
  d.set("0,0", 0);
  for (let pass = 0; pass < V.length - 1; pass++) {
    for (const [p, q] of E) {
      const through = d.get(key(p))! + w.get(ekey(p, q))!;
      if (through < d.get(key(q))!) {
        d.set(key(q), through);
        path.set(key(q), p);
      }
    }
  }
  const out: M2Edit[] = [];
  let v: Node = V[V.length - 1];
  while (path.has(key(v))) {
    const p = path.get(key(v))!;
    const e = edits.get(ekey(p, v))!;
    if (e.type !== "noop") {
      out.push({ start: e.start, end: e.end, original: e.orig, correction: e.corr });
    }
    v = p;
  }
  return out.reverse();
}

/** One random M2 case: source, hypothesis, max_unchanged_words and three random gold edits. */
export interface RandomM2Case {
  /** Source tokens. */
  src: string[];
  /** Hypothesis tokens. */
  hyp: string[];
  /** max_unchanged_words, 0..3. */
  muw: number;
  /** Three gold edits with one correction each. */
  gold: M2GoldEdit[];
}

/**
 * A seeded generator of small random M2 cases over a 5-word vocabulary (the tests compare
 * the lattice with the naive oracle and with the implicit fallback on them).
 *
 * @param seed The seed of the linear congruential generator.
 * @param maxLength Sentences have 0 .. maxLength - 1 tokens.
 * @returns A function giving the next case.
 */
export function randomM2Cases(seed: number, maxLength: number): () => RandomM2Case {
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
  const vocab = ["a", "b", "c", "the", "."];
  return () => {
    const src = Array.from({ length: Math.floor(random() * maxLength) }, () => pick(vocab));
    const hyp = Array.from({ length: Math.floor(random() * maxLength) }, () => pick(vocab));
    const muw = Math.floor(random() * 4);
    const gold: M2GoldEdit[] = [];
    for (let g = 0; g < 3; g++) {
      const start = Math.floor(random() * (src.length + 1));
      const end = Math.min(src.length, start + Math.floor(random() * 3));
      const corr = Array.from({ length: Math.floor(random() * 3) }, () => pick(vocab));
      gold.push({
        start,
        end,
        original: src.slice(start, end).join(" "),
        corrections: [corr.join(" ")],
      });
    }
    return { src, hyp, muw, gold };
  };
}
