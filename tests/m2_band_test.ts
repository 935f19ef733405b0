import assert from "node:assert/strict";
import { buildLattice, cellIndex } from "../metrics/m2/lattice.ts";
import { bestEditSequence, bestPathCost, cutEditSequence } from "../metrics/m2/best_path.ts";
import { buildEditGraph } from "../metrics/m2/edit_graph.ts";
import type { M2GoldEdit } from "../metrics/m2/lattice.ts";
import { naiveEditSequence } from "./m2_naive.ts";
import { m2AnnotatorCounts, m2Annotators } from "../metrics/m2/annotators.ts";
import { xorshift } from "./random.ts";

/**
 * The lattice written out plainly on the whole grid (both Levenshtein matrices in full, every
 * back-pointer, the cells reachable from the end): what `buildLattice` computes on a band.
 */
function plainLattice(src: string[], hyp: string[]) {
  const n = src.length, m = hyp.length;
  const matrix = (subCost: number) => {
    const d = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
    const back = Array.from({ length: n + 1 }, () => new Array<string[]>(m + 1));
    for (let i = 0; i <= n; i++) {
      for (let j = 0; j <= m; j++) {
        back[i][j] = [];
        if (i === 0 && j === 0) continue;
        const options: [string, number][] = [];
        if (i > 0 && j > 0) {
          options.push(["diag", d[i - 1][j - 1] + (src[i - 1] === hyp[j - 1] ? 0 : subCost)]);
        }
        if (i > 0) options.push(["del", d[i - 1][j] + 1]);
        if (j > 0) options.push(["ins", d[i][j - 1] + 1]);
        d[i][j] = Math.min(...options.map((o) => o[1]));
        back[i][j] = options.filter((o) => o[1] === d[i][j]).map((o) => o[0]);
      }
    }
    // Cells on an optimal path: reachable backwards from the end.
    const on = Array.from({ length: n + 1 }, () => new Array<boolean>(m + 1).fill(false));
    on[n][m] = true;
    for (let i = n; i >= 0; i--) {
      for (let j = m; j >= 0; j--) {
        if (!on[i][j]) continue;
        for (const b of back[i][j]) {
          if (b === "diag") on[i - 1][j - 1] = true;
          if (b === "del") on[i - 1][j] = true;
          if (b === "ins") on[i][j - 1] = true;
        }
      }
    }
    return { back, on };
  };
  const one = matrix(1), two = matrix(2);
  const nodes: [number, number][] = [];
  for (let i = 0; i <= n; i++) {
    for (let j = 0; j <= m; j++) if (one.on[i][j] || two.on[i][j]) nodes.push([i, j]);
  }
  const id = new Map(nodes.map(([i, j], u) => [`${i},${j}`, u]));
  // Edges per source node: insertion, deletion, diagonal; listed once per matrix having it.
  const edges: { from: number; to: number; type: string; listed: number }[] = [];
  for (const [i, j] of nodes) {
    for (
      const [kind, ti, tj] of [["ins", i, j + 1], ["del", i + 1, j], ["diag", i + 1, j + 1]] as [
        string,
        number,
        number,
      ][]
    ) {
      if (ti > n || tj > m) continue;
      let listed = 0;
      for (const x of [one, two]) if (x.on[ti][tj] && x.back[ti][tj].includes(kind)) listed++;
      if (!listed) continue;
      const type = kind === "diag" ? (src[i] === hyp[j] ? "noop" : "sub") : kind;
      edges.push({ from: id.get(`${i},${j}`)!, to: id.get(`${ti},${tj}`)!, type, listed });
    }
  }
  return { nodes, edges };
}

const TYPES = ["noop", "ins", "del", "sub"];

/** The lattice of `buildLattice` in the plain form. */
function bandedLattice(src: string[], hyp: string[], onScratch: boolean) {
  const lat = buildLattice(src, hyp, onScratch);
  const nodes: [number, number][] = [];
  for (let u = 0; u < lat.N; u++) nodes.push([lat.row[u], lat.col[u]]);
  const listed = new Array<number>(lat.pFrom.size).fill(0);
  for (let x = 0; x < lat.list.size; x++) listed[lat.list.data[x]]++;
  const edges = [];
  for (let p = 0; p < lat.pFrom.size; p++) {
    edges.push({
      from: lat.pFrom.data[p],
      to: lat.pTo.data[p],
      type: TYPES[lat.pType.data[p]],
      listed: listed[p],
    });
  }
  // The grid index agrees with the nodes.
  const index = cellIndex(lat);
  let indexed = 0;
  for (let c = 0; c < index.length; c++) {
    if (index[c] < 0) continue;
    indexed++;
    assert.deepEqual(nodes[index[c]], [Math.floor(c / (hyp.length + 1)), c % (hyp.length + 1)]);
  }
  assert.equal(indexed, lat.N);
  return { nodes, edges };
}

/**
 * Random pairs the band matters for: a source over a small vocabulary (repeated tokens make
 * ties off the diagonal), a hypothesis that is the source with a few edits, or unrelated.
 */
function nearPairs(seed: number, count: number): [string[], string[]][] {
  const rand = xorshift(seed);
  const vocab = ["a", "b", "c", "the", "."];
  const pick = () => vocab[rand(vocab.length)];
  const out: [string[], string[]][] = [];
  for (let t = 0; t < count; t++) {
    const src = Array.from({ length: rand(16) }, pick);
    let hyp = src.slice();
    if (rand(8) === 0) hyp = Array.from({ length: rand(16) }, pick);
    const edits = rand(5);
    for (let e = 0; e < edits; e++) {
      const at = rand(hyp.length + 1), kind = rand(3);
      if (kind === 0) hyp.splice(at, 0, pick());
      else if (kind === 1 && at < hyp.length) hyp.splice(at, 1);
      else if (at < hyp.length) hyp[at] = pick();
    }
    out.push([src, hyp]);
  }
  return out;
}

Deno.test("buildLattice() on its band equals the lattice of the whole grid on random pairs", () => {
  for (const [src, hyp] of [...nearPairs(25, 3000), [[], []], [["a"], []], [[], ["a"]]]) {
    const what = JSON.stringify({ src, hyp });
    const plain = plainLattice(src, hyp);
    assert.deepEqual(bandedLattice(src, hyp, true), plain, what);
    assert.deepEqual(bandedLattice(src, hyp, false), plain, what);
  }
});

Deno.test("bestEditSequence() on banded lattices equals the naive implementation near the source", () => {
  const rand = xorshift(4);
  for (const [src, hyp] of nearPairs(77, 600)) {
    const gold: M2GoldEdit[] = [];
    for (let g = rand(3); g > 0; g--) {
      const start = rand(src.length + 1), end = Math.min(src.length, start + rand(3));
      gold.push({
        start,
        end,
        original: src.slice(start, end).join(" "),
        corrections: [hyp.slice(start, start + rand(3)).join(" ")],
      });
    }
    const muw = rand(4);
    const graph = buildEditGraph(src, hyp, muw, undefined, true);
    assert.deepEqual(
      bestEditSequence(graph, gold),
      naiveEditSequence(src, hyp, gold, muw),
      JSON.stringify({ src, hyp, gold, muw }),
    );
  }
});

Deno.test("buildEditGraph() with its unchanged prefix cut gives the whole graph's paths and costs", () => {
  const rand = xorshift(9);
  let cut = 0;
  for (const [src, hyp] of nearPairs(31, 4000)) {
    const gold: M2GoldEdit[] = [];
    for (let g = rand(4); g > 0; g--) {
      const start = rand(src.length + 1), end = Math.min(src.length, start + rand(3));
      const original = src.slice(start, end).join(" ");
      // Now and then a correction equal to the original: it may reward a no-change edge.
      let correction = rand(6) === 0 ? original : hyp.slice(start, start + rand(3)).join(" ");
      // Or one as long as an edge's text but joined otherwise: it must not match.
      if (rand(5) === 0) correction = correction.replaceAll(" ", ".");
      gold.push({ start, end, original, corrections: [correction] });
    }
    let bound = Infinity;
    for (const g of gold) if (g.corrections.includes(g.original)) bound = Math.min(bound, g.start);
    const muw = rand(5);
    const what = JSON.stringify({ src, hyp, gold, muw });
    const whole = buildEditGraph(src, hyp, muw);
    const part = buildEditGraph(src, hyp, muw, undefined, false, bound);
    if (part.first > 0) cut++;
    assert.equal(whole.first, 0, what);
    assert.equal(part.listLength, whole.list.length, what);
    assert.equal(bestPathCost(part, gold), bestPathCost(whole, gold), what);
    const edits = bestEditSequence(part, gold);
    assert.deepEqual(edits, bestEditSequence(whole, gold), what);
    assert.deepEqual(edits, naiveEditSequence(src, hyp, gold, muw), what);
  }
  // The cut happens often enough for the comparison to mean something.
  assert.ok(cut > 1000, `only ${cut} graphs were cut`);
});

Deno.test("buildEditGraph() with its unchanged suffix cut gives the whole graph's paths, or says not", () => {
  const rand = xorshift(12);
  let cut = 0, refused = 0;
  for (const [src, hyp] of nearPairs(57, 4000)) {
    const gold: M2GoldEdit[] = [];
    for (let g = rand(4); g > 0; g--) {
      const start = rand(src.length + 1), end = Math.min(src.length, start + rand(3));
      let correction = hyp.slice(start, start + rand(3)).join(" ");
      if (rand(5) === 0) correction = correction.replaceAll(" ", ".");
      const original = src.slice(start, end).join(" ");
      // Gold edits that change their text (the caller cuts only then).
      if (correction === original) continue;
      gold.push({ start, end, original, corrections: [correction] });
    }
    const muw = rand(5);
    const what = JSON.stringify({ src, hyp, gold, muw });
    const whole = buildEditGraph(src, hyp, muw);
    // With and without the prefix cut too.
    const bound = rand(2) ? Infinity : 0;
    const part = buildEditGraph(src, hyp, muw, undefined, false, bound, true);
    assert.equal(whole.last, whole.nodes - 1, what);
    assert.equal(part.listLength, whole.list.length, what);
    if (part.last < part.nodes - 1) cut++;
    const edits = cutEditSequence(part, gold);
    if (!edits) {
      refused++;
      continue;
    }
    assert.deepEqual(edits, bestEditSequence(whole, gold), what);
    assert.deepEqual(edits, naiveEditSequence(src, hyp, gold, muw), what);
  }
  // The cut happens often, and nearly always holds.
  assert.ok(cut > 1000, `only ${cut} graphs were cut`);
  assert.ok(refused < cut / 10, `${refused} of ${cut} cut graphs refused`);
});

Deno.test("m2AnnotatorCounts() counts as m2Annotators() does, on random near-source pairs", () => {
  const rand = xorshift(77);
  for (const [src, hyp] of nearPairs(99, 3000)) {
    const annotations = [];
    for (let a = rand(3); a >= 0; a--) {
      const edits = [];
      for (let g = rand(4); g > 0; g--) {
        const start = rand(src.length + 1), end = Math.min(src.length, start + rand(3));
        const pick = rand(4);
        // Corrections taken from the hypothesis (to match), the original (to reward no
        // change), or joined otherwise (not to match).
        let correction = pick === 0
          ? src.slice(start, end)
          : hyp.slice(start + rand(2), start + rand(4));
        if (pick === 1) correction = [correction.join(".")].filter((t) => t !== "");
        edits.push({ start, end, corrections: [correction, ...(rand(3) ? [] : [["the"]])] });
      }
      annotations.push({ annotator: String(a), edits });
    }
    const gold = { source: src, annotations };
    const options = {
      max_unchanged_words: rand(5),
      ignore_whitespace_casing: rand(8) === 0,
    };
    const results = m2Annotators(gold, hyp, options);
    assert.deepEqual(
      m2AnnotatorCounts(gold, hyp, options),
      {
        annotators: results.map((r) => r.annotator),
        counts: results.map((r) => [r.correct.length, r.edits.length, r.gold.length]),
      },
      JSON.stringify({ src, hyp, annotations, options }),
    );
  }
});
