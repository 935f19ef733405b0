/**
 * UA-GEC (Ukrainian; its own error taxonomy, not ERRANT's) scores with per-type tables in that
 * taxonomy (issue 34): `errant_compare -cat 1/2/3` and `score --by-type` give UA-GEC's groups
 * (`G`, `F`, `Spelling`, `Punctuation`, `Other`) and types (`G/Case`, `F/Style`, ...), and the
 * types add up to the totals. The second annotator's edits are scored against the first's.
 * Skips with a message when the UA-GEC test files are absent.
 */

import assert from "node:assert/strict";
import { gecscore } from "./run_cli.ts";
import { shared, SHARED_AVAILABLE } from "./shared.ts";

const FILE = "data/multilingual/ua-gec/gec-fluency.test.m2";

function present(): boolean {
  if (!SHARED_AVAILABLE) return false;
  try {
    Deno.statSync(shared(FILE));
    return true;
  } catch {
    return false;
  }
}

const AVAILABLE = present();
if (!AVAILABLE) {
  console.warn(
    "Skipping the UA-GEC per-type tests: the UA-GEC test M2 files are absent (see docs/data.md).",
  );
}

/** The M2 blocks keeping one annotator's edits (as annotator 0), a noop when it has none. */
function annotator(blocks: string[], id: string): string {
  return blocks.map((b) => {
    const [s, ...edits] = b.split("\n");
    const mine = edits.filter((e) => e.endsWith(`|||${id}`)).map((e) => e.replace(/\d+$/, "0"));
    return [s, ...(mine.length ? mine : ["A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0"])]
      .join("\n");
  }).join("\n\n") + "\n\n";
}

/** The rows of errant_compare's per-category table: category → [tp, fp, fn]. */
function categoryRows(out: string): Map<string, number[]> {
  const rows = new Map<string, number[]>();
  const table = out.split("Category")[1].split("\n\n")[0];
  for (const line of table.split("\n").slice(1)) {
    const cols = line.trim().split(/\s+/);
    if (cols.length === 7) rows.set(cols[0], cols.slice(1, 4).map(Number));
  }
  return rows;
}

Deno.test({
  name: "UA-GEC scores per type in its own taxonomy (errant_compare -cat, score --by-type)",
  ignore: !AVAILABLE,
  fn: async () => {
    const text = await Deno.readTextFile(shared(FILE));
    const blocks = text.trim().split(/\n\n+/);
    const dir = await Deno.makeTempDir({ prefix: "gecscore_uagec_" });
    try {
      await Deno.writeTextFile(`${dir}/ref.m2`, annotator(blocks, "0"));
      await Deno.writeTextFile(`${dir}/hyp.m2`, annotator(blocks, "1"));
      const args = ["errant_compare", "-hyp", `${dir}/hyp.m2`, "-ref", `${dir}/ref.m2`];
      const total = await gecscore(...args);
      assert.equal(total.code, 0, total.stderr);
      const totals = total.stdout.trim().split("\n").at(-2)!.split("\t").slice(0, 3).map(Number);
      const levels = [];
      for (const cat of ["1", "2", "3"]) {
        const run = await gecscore(...args, "-cat", cat);
        assert.equal(run.code, 0, run.stderr);
        const rows = categoryRows(run.stdout);
        // Every level's categories add up to the totals.
        for (const k of [0, 1, 2]) {
          assert.equal([...rows.values()].reduce((n, r) => n + r[k], 0), totals[k], `-cat ${cat}`);
        }
        levels.push(rows);
      }
      assert.deepEqual([...levels[0].keys()].sort(), [
        "F",
        "G",
        "Other",
        "Punctuation",
        "Spelling",
      ]);
      for (const level of [levels[1], levels[2]]) {
        assert.ok(level.has("G/Case") && level.has("F/Style") && level.has("Spelling"));
        assert.ok(
          [...level.keys()].every((c) => /^(G\/|F\/)?[A-Z]/.test(c)),
          [...level.keys()].join(),
        );
      }
      // The groups are the sums of their types.
      const g = [...levels[2]].filter(([c]) => c.startsWith("G/")).reduce(
        (n, [, r]) => n + r[0],
        0,
      );
      assert.equal(levels[0].get("G")![0], g);

      // score --by-type: the errant metric's table (level 3) and the M2 metric's TP/FN per type.
      const scored = await gecscore(
        "score",
        "--gold",
        `${dir}/ref.m2`,
        "--hyp-m2",
        `${dir}/hyp.m2`,
        "-m",
        "errant,m2",
        "--by-type",
      );
      assert.equal(scored.code, 0, scored.stderr);
      const caseRow = levels[2].get("G/Case")!;
      assert.match(
        scored.stdout,
        new RegExp(`\\nG/Case +${caseRow[0]} +${caseRow[1]} +${caseRow[2]} `),
      );
      assert.match(scored.stdout, /\nF\/Style +\d+ +\d+ +\d+ /);
      assert.match(scored.stdout, /TP and FN per type of the gold edits/);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});
