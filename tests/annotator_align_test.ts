import assert from "node:assert/strict";
import { align, substitutionCost } from "../annotator/align.ts";
import type { Token } from "../annotator/token.ts";
import { MersenneTwister } from "../util/mt19937.ts";

/**
 * ERRANT's alignment as its paper and code describe it, written plainly: the whole cost matrix,
 * a transposition looked for by walking back along the diagonal while the cost changes and
 * sorting both blocks at every step, ties to transposition, substitution, insertion, deletion.
 */
function naiveAlign(orig: Token[], cor: Token[], lev = false): string[] {
  const n = orig.length, m = cor.length;
  const cost = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  const op = Array.from({ length: n + 1 }, () => new Array<string>(m + 1).fill(""));
  for (let i = 1; i <= n; i++) [cost[i][0], op[i][0]] = [cost[i - 1][0] + 1, "D"];
  for (let j = 1; j <= m; j++) [cost[0][j], op[0][j]] = [cost[0][j - 1] + 1, "I"];
  const low = (ts: Token[], from: number, to: number) => ts.slice(from, to).map((t) => t.lower);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < m; j++) {
      if (orig[i].text === cor[j].text) {
        [cost[i + 1][j + 1], op[i + 1][j + 1]] = [cost[i][j], "M"];
        continue;
      }
      let trans = Infinity, size = 0;
      for (let k = 1; !lev && i - k >= 0 && j - k >= 0; k++) {
        if (cost[i - k + 1][j - k + 1] === cost[i - k][j - k]) break;
        const a = low(orig, i - k, i + 1).sort(), b = low(cor, j - k, j + 1).sort();
        if (a.every((x, t) => x === b[t])) {
          [trans, size] = [cost[i - k][j - k] + k, k + 1];
          break;
        }
      }
      const options: [string, number][] = [
        [`T${size}`, trans],
        ["S", cost[i][j] + (lev ? 1 : substitutionCost(orig[i], cor[j]))],
        ["I", cost[i + 1][j] + 1],
        ["D", cost[i][j + 1] + 1],
      ];
      let best = options[0];
      for (const o of options) if (o[1] < best[1]) best = o;
      [cost[i + 1][j + 1], op[i + 1][j + 1]] = [best[1], best[0]];
    }
  }
  const ops: string[] = [];
  for (let i = n, j = m; i + j > 0;) {
    const o = op[i][j];
    ops.push(`${o}@${i},${j}`);
    if (o === "M" || o === "S") [i, j] = [i - 1, j - 1];
    else if (o === "I") j--;
    else if (o === "D") i--;
    else {
      const k = Number(o.slice(1));
      [i, j] = [i - k, j - k];
    }
  }
  return ops.reverse();
}

const POS = ["NOUN", "VERB", "ADJ", "DET", "ADP", "PUNCT"];
const WORDS = ["a", "B", "cat", "cats", "the", "is", "it", "?", "Dog", "dogs"];
const tok = (text: string): Token => ({
  text,
  lower: text.toLowerCase(),
  tag: "NN",
  pos: POS[text.length % POS.length],
  lemma: text.replace(/s$/, ""),
  dep: "dep",
  head: 0,
});

Deno.test("align() equals the plain ERRANT alignment on random, reordered and unrelated sentences", () => {
  const twister = new MersenneTwister(11);
  const random = () => twister.random();
  const pick = (vocabulary: number) => tok(WORDS[Math.floor(random() * vocabulary)]);
  for (let trial = 0; trial < 1500; trial++) {
    const vocabulary = 2 + Math.floor(random() * 8);
    // Long unrelated pairs walk back far along the diagonals (the indexed search).
    const length = trial % 10 === 0
      ? 60 + Math.floor(random() * 60)
      : 1 + Math.floor(random() * 40);
    const orig = Array.from({ length }, () => pick(vocabulary));
    let cor: Token[];
    if (random() < 0.3) {
      cor = Array.from({ length: 1 + Math.floor(random() * length) }, () => pick(vocabulary));
    } else {
      cor = orig.map((t) => random() < 0.2 ? pick(vocabulary) : t);
      const at = Math.floor(random() * cor.length);
      const block = cor.slice(at, at + 2 + Math.floor(random() * 5)).reverse();
      cor.splice(at, block.length, ...block);
    }
    const got = align(orig, cor).map((o) => `${o.op}@${o.oEnd},${o.cEnd}`);
    assert.deepEqual(got, naiveAlign(orig, cor), `trial ${trial}`);
  }
});

Deno.test("align() equals the plain alignment with case changes, insertions and deletions near common prefixes and suffixes, with and without lev", () => {
  const twister = new MersenneTwister(5);
  const random = () => twister.random();
  const words = ["the", "The", "cat", "Cat", "cats", "is", "Is", "it", ",", "dog", "Dog", "a"];
  const pick = () => tok(words[Math.floor(random() * words.length)]);
  for (let trial = 0; trial < 3000; trial++) {
    const length = 1 + Math.floor(random() * 30);
    const orig = Array.from({ length }, pick);
    const cor = [...orig];
    for (let edits = 1 + Math.floor(random() * 4); edits > 0; edits--) {
      const at = Math.floor(random() * (cor.length + 1));
      const kind = random();
      if (kind < 0.25) cor.splice(at, 0, pick());
      else if (kind < 0.5) cor.splice(at, 1);
      else if (kind < 0.75 && at < cor.length) {
        const t = cor[at].text;
        cor[at] = tok(t === t.toLowerCase() ? t[0].toUpperCase() + t.slice(1) : t.toLowerCase());
      } else if (at < cor.length) cor[at] = pick();
    }
    for (const lev of [false, true]) {
      const got = align(orig, cor, lev).map((o) => `${o.op}@${o.oEnd},${o.cEnd}`);
      assert.deepEqual(got, naiveAlign(orig, cor, lev), `trial ${trial}, lev ${lev}`);
    }
  }
});

Deno.test("align() equals the plain alignment on long unrelated middles between a common prefix and suffix", () => {
  const twister = new MersenneTwister(3);
  const random = () => twister.random();
  const pick = (vocabulary: number) => tok(WORDS[Math.floor(random() * vocabulary)]);
  for (let trial = 0; trial < 120; trial++) {
    const vocabulary = 2 + Math.floor(random() * 8);
    const prefix = Array.from({ length: 1 + Math.floor(random() * 8) }, () => pick(vocabulary));
    const suffix = Array.from({ length: Math.floor(random() * 5) }, () => pick(vocabulary));
    const middle = (length: number) => Array.from({ length }, () => pick(vocabulary));
    const orig = [...prefix, ...middle(30 + Math.floor(random() * 60)), ...suffix];
    const cor = [...prefix, ...middle(30 + Math.floor(random() * 60)), ...suffix];
    const got = align(orig, cor).map((o) => `${o.op}@${o.oEnd},${o.cEnd}`);
    assert.deepEqual(got, naiveAlign(orig, cor), `trial ${trial}`);
  }
});

Deno.test("align() equals the plain alignment on long reorderings after a common prefix (the indexed search)", () => {
  const twister = new MersenneTwister(9);
  const random = () => twister.random();
  const shuffle = <T>(xs: T[]) => {
    for (let i = xs.length - 1; i > 0; i--) {
      const k = Math.floor(random() * (i + 1));
      [xs[i], xs[k]] = [xs[k], xs[i]];
    }
    return xs;
  };
  for (let trial = 0; trial < 60; trial++) {
    const prefix = Array.from({ length: Math.floor(random() * 6) }, (_, i) => tok(`p${i}`));
    const words = Array.from({ length: 18 + Math.floor(random() * 40) }, (_, i) => `w${i}`);
    const orig = [...prefix, ...words.map(tok)];
    const cor = [...prefix, ...shuffle([...words]).map(tok)];
    if (trial % 2 === 1) cor.splice(prefix.length + 3, 0, tok("extra"));
    const got = align(orig, cor).map((o) => `${o.op}@${o.oEnd},${o.cEnd}`);
    assert.deepEqual(got, naiveAlign(orig, cor), `trial ${trial}`);
  }
});
