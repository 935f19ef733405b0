/**
 * Load the files of a meta-evaluation: human rankings, metric score files and pairwise
 * judgments, whichever of the supported formats each is in.
 *
 * @module
 */

import { InputError } from "../plugins/errors.ts";
import { appraisePairs, parseAppraise } from "./appraise.ts";
import { expectedWins } from "./expected_wins.ts";
import { type PairwiseJudgments, parsePairwiseJudgments } from "./judgments.ts";
import { readTextFile } from "./read_text.ts";
import { parseWmtScores, type SystemScores, type WmtScores } from "./wmt_scores.ts";

/**
 * The name of a file without its folder and its `.gz`, `.txt`, `.csv` and `.xml` endings.
 *
 * @example Usage
 * ```ts
 * import { fileLabel } from "./load.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(fileLabel("data/human/expected_wins.txt.gz"), "expected_wins");
 * ```
 *
 * @param path The path.
 * @returns The label.
 */
export function fileLabel(path: string): string {
  let name = path.split(Deno.build.os === "windows" ? /[\\/]/ : "/").pop() ?? path;
  for (const ending of [".gz", ".txt", ".csv", ".xml"]) {
    if (name.toLowerCase().endsWith(ending) && name.length > ending.length) {
      name = name.slice(0, -ending.length);
    }
  }
  return name;
}

const isXml = (text: string) => text.trimStart().startsWith("<");

/**
 * Read a human ranking: a WMT system-level file (each set named after the file, e.g.
 * `expected_wins`), or an Appraise ranking XML, from which Expected Wins is computed over the
 * expanded pairwise comparisons (named `FILE.ew`).
 *
 * @example Usage
 * ```ts
 * import { readHumanScores } from "./load.ts";
 * import assert from "node:assert/strict";
 *
 * const path = await Deno.makeTempFile({ suffix: ".xml" });
 * await Deno.writeTextFile(path, `<r><ranking-item src-id="0" user="a">
 *   <translation rank="1" system="A"/><translation rank="2" system="B C"/>
 * </ranking-item></r>`);
 * const [ew] = await readHumanScores(path);
 * // A beat B and C; B and C tied: EW(A) = (1 + 1) / 2, EW(B) = EW(C) = 0.
 * assert.deepEqual([...ew.scores], [["A", 1], ["B", 0], ["C", 0]]);
 * await Deno.remove(path);
 * ```
 *
 * @param path The file (gzip allowed).
 * @returns The human system scores.
 */
export async function readHumanScores(path: string): Promise<SystemScores[]> {
  const text = await readTextFile(path);
  const label = fileLabel(path);
  if (isXml(text)) {
    const scores = expectedWins(appraisePairs(parseAppraise(text, path)));
    if (!scores.size) throw new InputError("no ranking items with translations", path);
    return [{ name: `${label}.ew`, metric: "ew", lp: "", testset: "", path, scores }];
  }
  const file = parseWmtScores(text, path);
  if (file.level !== "system") {
    throw new InputError(
      "expected system-level human scores (METRIC LP TESTSET SYSTEM SCORE), found 6 fields a line",
      path,
      1,
    );
  }
  return file.system.map((set) => ({
    ...set,
    name: file.system.length === 1 ? label : `${label}/${set.metric}/${set.lp}/${set.testset}`,
  }));
}

/**
 * Read a metric score file in a WMT format (system or sentence level).
 *
 * @example Usage
 * ```ts
 * import { readScoreFile } from "./load.ts";
 * import assert from "node:assert/strict";
 *
 * const path = await Deno.makeTempFile();
 * await Deno.writeTextFile(path, "m2\tsrc-trg\tt\tAMU\t0\t0.5\n");
 * assert.equal((await readScoreFile(path)).level, "sentence");
 * await Deno.remove(path);
 * ```
 *
 * @param path The file (gzip allowed).
 * @returns Its score sets.
 */
export async function readScoreFile(path: string): Promise<WmtScores> {
  return parseWmtScores(await readTextFile(path), path);
}

/**
 * Read pairwise judgments: a WMT pairwise CSV as it is, or an Appraise ranking XML expanded
 * into pairs (see `appraisePairs`).
 *
 * @example Usage
 * ```ts
 * import { readJudgments } from "./load.ts";
 * import assert from "node:assert/strict";
 *
 * const path = await Deno.makeTempFile({ suffix: ".xml" });
 * await Deno.writeTextFile(path, `<r><ranking-item src-id="4" user="a">
 *   <translation rank="1" system="A"/><translation rank="2" system="B C"/>
 * </ranking-item></r>`);
 * const { pairs } = await readJudgments(path);
 * assert.deepEqual(pairs.map((p) => p.system1 + p.system2), ["AB", "AC", "BC"]);
 * await Deno.remove(path);
 * ```
 *
 * @param path The file (gzip allowed).
 * @returns The judgments.
 */
export async function readJudgments(path: string): Promise<PairwiseJudgments> {
  const text = await readTextFile(path);
  if (isXml(text)) return { path, pairs: appraisePairs(parseAppraise(text, path)) };
  return parsePairwiseJudgments(text, path);
}
