import assert from "node:assert/strict";
import { applyEdits, type Edit, extractEdits } from "../edits/mod.ts";
import { align } from "../edits/align.ts";
import { chunkPartition } from "../edits/chunk.ts";
import { EditOverlapError } from "../edits/apply.ts";
import { editsFromAlignment } from "../edits/extract.ts";
import { mergeEdits } from "../edits/merge.ts";

/** A small deterministic generator for the property tests. */
function random(seed: number) {
  return (n: number) => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
}

/** Plain Levenshtein distance by the textbook recursion (memoised). */
function distance(a: string[], b: string[]): number {
  const memo = new Map<string, number>();
  const d = (i: number, j: number): number => {
    if (i === 0) return j;
    if (j === 0) return i;
    const key = `${i},${j}`;
    if (!memo.has(key)) {
      memo.set(
        key,
        Math.min(
          d(i - 1, j) + 1,
          d(i, j - 1) + 1,
          d(i - 1, j - 1) + (a[i - 1] === b[j - 1] ? 0 : 1),
        ),
      );
    }
    return memo.get(key)!;
  };
  return d(a.length, b.length);
}

const sentence = (next: (n: number) => number) =>
  Array.from({ length: next(8) }, () => "abcd"[next(4)]);

Deno.test("align() finds the Levenshtein distance, with operations that rebuild the target", () => {
  const next = random(11);
  for (let k = 0; k < 500; k++) {
    const a = sentence(next), b = sentence(next);
    const { cost, ops } = align(a, b);
    assert.equal(cost, distance(a, b), `${a} -> ${b}`);
    let i = 0, j = 0;
    for (const op of ops) {
      assert.equal(op.sourceStart, i);
      assert.equal(op.targetStart, j);
      if (op.op === "M") assert.equal(a[i], b[j]);
      i = op.sourceEnd;
      j = op.targetEnd;
    }
    assert.deepEqual([i, j], [a.length, b.length]);
    assert.equal(ops.filter((o) => o.op !== "M").length, cost);
  }
});

Deno.test("align() takes transpositions from a pluggable cost, as ERRANT's Damerau-Levenshtein", () => {
  const source = ["only", "can", "we"], target = ["we", "can", "only"];
  // A block whose tokens are a permutation of the target block costs its size minus one.
  const transpose = (i: number, j: number, cost: (i: number, j: number) => number) => {
    for (let k = 2; i - k + 1 >= 0 && j - k + 1 >= 0; k++) {
      const a = source.slice(i - k + 1, i + 1).sort().join(" ");
      const b = target.slice(j - k + 1, j + 1).sort().join(" ");
      if (a === b) return { cost: cost(i - k + 1, j - k + 1) + k - 1, size: k };
    }
    return undefined;
  };
  const { cost, ops } = align(source, target, { transpose });
  assert.equal(cost, 2);
  assert.deepEqual(ops, [{ op: "T", sourceStart: 0, sourceEnd: 3, targetStart: 0, targetEnd: 3 }]);
  assert.equal(align(source, target).cost, 2); // two substitutions without it
  assert.deepEqual(align(source, target).ops.map((o) => o.op), ["S", "M", "S"]);
});

Deno.test("align() breaks ties in the order given", () => {
  const ops = (ties: ("T" | "S" | "I" | "D")[]) =>
    align(["a"], ["b"], { substitute: () => 2 }, { ties }).ops.map((o) => o.op).join("");
  assert.equal(ops(["S", "I", "D"]), "S");
  assert.equal(ops(["I", "D", "S"]), "DI");
  assert.equal(ops(["D", "I", "S"]), "ID");
  // An operation left out of the ties is never taken.
  assert.equal(ops(["I", "D"]), "DI");
  assert.throws(() => ops([]), /Alignment ties must list some of "T", "S", "I", "D", found \[\]/);
  // deno-lint-ignore no-explicit-any
  assert.throws(() => ops(["M" as any]), /found \["M"\]/);
});

Deno.test("extractEdits() gives edits that applyEdits() turns back into the hypothesis", () => {
  const next = random(5);
  for (let k = 0; k < 500; k++) {
    const a = sentence(next), b = sentence(next);
    for (const merge of ["all-split", "all-merge", "all-equal"] as const) {
      const edits = extractEdits(a, b, { merge });
      assert.deepEqual(applyEdits(a, edits), b, `${merge}: ${a} -> ${b}`);
      for (const e of edits) assert.ok(e.corrections.length === 1);
    }
  }
});

Deno.test("extractEdits() groups operations as the merge strategy says", () => {
  const source = "a b c d".split(" "), target = "x y c d e".split(" ");
  const spans = (edits: Edit[]) => edits.map((e) => `${e.start}-${e.end}:${e.corrections[0]}`);
  assert.deepEqual(spans(extractEdits(source, target)), ["0-2:x,y", "4-4:e"]);
  assert.deepEqual(spans(extractEdits(source, target, { merge: "all-split" })), [
    "0-1:x",
    "1-2:y",
    "4-4:e",
  ]);
  // A rule of one's own: keep a run whole unless it is longer than one token.
  const rule = (run: readonly { op: string }[]) => run.length > 1 ? run.map((o) => [o]) : [run];
  assert.deepEqual(
    // deno-lint-ignore no-explicit-any
    spans(extractEdits(source, target, { merge: rule as any })),
    ["0-1:x", "1-2:y", "4-4:e"],
  );
  assert.throws(
    // deno-lint-ignore no-explicit-any
    () => editsFromAlignment(align(["a"], ["b"]).ops, ["b"], "all-sorts" as any),
    /Unknown merge strategy "all-sorts"/,
  );
});

Deno.test("applyEdits() names overlapping edits, or skips them when asked", () => {
  const source = "a b c".split(" ");
  const edits = [
    { start: 0, end: 2, corrections: [["x"]] },
    { start: 1, end: 3, corrections: [["y"]] },
  ];
  assert.throws(() => applyEdits(source, edits), (e: unknown) => {
    assert.ok(e instanceof EditOverlapError);
    assert.deepEqual([e.first, e.second], [0, 1]);
    return true;
  });
  assert.deepEqual(applyEdits(source, edits, { overlap: "skip" }), ["x", "c"]);
  assert.deepEqual(
    applyEdits(source, [{ start: 1, end: 2, corrections: [["p"], ["q"]] }], {
      correction: 1,
    }),
    ["a", "q", "c"],
  );
});

Deno.test("mergeEdits() puts every edit in exactly one interval, and intervals do not overlap", () => {
  const next = random(3);
  for (let k = 0; k < 300; k++) {
    const n = 1 + next(8);
    const targets = Array.from({ length: 1 + next(3) }, () => {
      const edits: Edit[] = [];
      for (let e = next(4); e > 0; e--) {
        const start = next(n + 1), end = Math.min(n, start + next(3));
        edits.push({ start, end, corrections: [[]] });
      }
      return edits;
    });
    for (const touching of [true, false]) {
      const intervals = mergeEdits(targets, { touching });
      const seen = intervals.flatMap((i) => i.members.map((m) => `${m.target}.${m.edit}`)).sort();
      const all = targets.flatMap((edits, t) => edits.map((_, e) => `${t}.${e}`)).sort();
      assert.deepEqual(seen, all);
      for (const interval of intervals) {
        for (const { target, edit } of interval.members) {
          const e = targets[target][edit];
          assert.ok(interval.start <= e.start && e.end <= interval.end);
        }
      }
      for (let i = 1; i < intervals.length; i++) {
        const [a, b] = [intervals[i - 1], intervals[i]];
        if (touching) assert.ok(a.end < b.start, `${a.end} < ${b.start}`);
        else assert.ok(a.end <= b.start);
      }
    }
  }
});

Deno.test("mergeEdits() merges insertions at one point, and not an insertion next to a span unless touching", () => {
  const at = (start: number, end: number): Edit => ({ start, end, corrections: [["x"]] });
  const spans = (targets: Edit[][], touching: boolean) =>
    mergeEdits(targets, { touching }).map((i) => `${i.start}-${i.end}`);
  assert.deepEqual(spans([[at(2, 2)], [at(2, 2)]], false), ["2-2"]);
  assert.deepEqual(spans([[at(2, 2)], [at(2, 4)]], false), ["2-2", "2-4"]);
  assert.deepEqual(spans([[at(2, 2)], [at(2, 4)]], true), ["2-4"]);
  assert.deepEqual(spans([[at(3, 3)], [at(2, 4)]], false), ["2-4"]);
  assert.deepEqual(spans([[at(4, 4)], [at(2, 4)]], false), ["2-4", "4-4"]);
  assert.deepEqual(spans([[at(4, 4)], [at(2, 4)]], true), ["2-4"]);
});

Deno.test("chunkPartition() chunks concatenate to each target's sentence", () => {
  const next = random(9);
  for (let k = 0; k < 300; k++) {
    const source = sentence(next);
    const targets = Array.from({ length: 1 + next(3) }, () => extractEdits(source, sentence(next)));
    for (const unchanged of ["spans", "tokens"] as const) {
      for (const slots of [false, true]) {
        const chunks = chunkPartition(source, targets, { unchanged, slots });
        targets.forEach((edits, t) => {
          assert.deepEqual(chunks.flatMap((c) => c.tokens[t]), applyEdits(source, edits));
        });
        // The chunks cover the source in order.
        let position = 0;
        for (const c of chunks) {
          assert.equal(c.start, position);
          position = c.end;
          if (!c.changed) {
            assert.ok(
              c.tokens.every((x) => x.join(" ") === source.slice(c.start, c.end).join(" ")),
            );
          }
        }
        assert.equal(position, source.length);
        if (slots) {
          for (let i = 0; i < chunks.length; i++) {
            const insertion = (c?: { start: number; end: number }) => c && c.start === c.end;
            if (!insertion(chunks[i])) assert.ok(insertion(chunks[i - 1]), "a slot before");
          }
          assert.ok(chunks[chunks.length - 1].start === chunks[chunks.length - 1].end);
        }
      }
    }
  }
});

Deno.test("chunkPartition() gives an insertion its own empty chunk", () => {
  const source = "I like it".split(" ");
  const hypothesis = [{ start: 3, end: 3, corrections: [["."]] }];
  const reference = [{ start: 3, end: 3, corrections: [["!"]] }, {
    start: 1,
    end: 2,
    corrections: [["love"]],
  }];
  const chunks = chunkPartition(source, [hypothesis, reference]);
  assert.deepEqual(chunks.map((c) => [c.start, c.end, c.changed, c.tokens]), [
    [0, 1, false, [["I"], ["I"]]],
    [1, 2, true, [["like"], ["love"]]],
    [2, 3, false, [["it"], ["it"]]],
    [3, 3, true, [["."], ["!"]]],
  ]);
  assert.deepEqual(chunks[1].edits, [[], [1]]);
});

Deno.test("extractEdits() finds the one insertion of the MaxMatch paper's example (Dahlmeier & Ng 2012, Figure 1)", () => {
  const source = "Our baseline system feeds word into PB-SMT pipeline .".split(" ");
  const hypothesis = "Our baseline system feeds a word into PB-SMT pipeline .".split(" ");
  // The bottom-right cell of the paper's Levenshtein matrix is 1.
  assert.equal(align(source, hypothesis).cost, 1);
  assert.deepEqual(extractEdits(source, hypothesis), [{ start: 4, end: 4, corrections: [["a"]] }]);
  // The gold edit of the paper, (4, 5, word, {a word, words}), with either correction applied.
  const gold = { start: 4, end: 5, corrections: [["a", "word"], ["words"]] };
  assert.deepEqual(applyEdits(source, [gold]), hypothesis);
  assert.equal(
    applyEdits(source, [gold], { correction: 1 }).join(" "),
    "Our baseline system feeds words into PB-SMT pipeline .",
  );
});
