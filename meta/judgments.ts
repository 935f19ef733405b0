/**
 * Pairwise human judgments in the WMT CSV format used by gecmetrics
 * (`srclang,trglang,srcIndex,segmentId,judgeID,system1Id,system1rank,system2Id,system2rank,rankingID`).
 *
 * @module
 */

import { InputError } from "../plugins/errors.ts";

/** One pairwise comparison: one CSV row. A lower rank is better. */
export interface PairwiseJudgment {
  /** The sentence: the 0-based line of the test set (`segmentId`), as written. */
  segment: string;
  /** Who judged (`judgeID`). */
  judge: string;
  /** The first system's name. */
  system1: string;
  /** The rank the first system got (lower is better). */
  rank1: number;
  /** The second system's name. */
  system2: string;
  /** The rank the second system got. */
  rank2: number;
  /** The ranking item the pair comes from (`rankingID`). */
  rankingId: string;
}

/** A judgment file. */
export interface PairwiseJudgments {
  /** The file it was read from. */
  path: string;
  /** The comparisons, in file order (duplicates kept: each row counts). */
  pairs: PairwiseJudgment[];
}

const REQUIRED = [
  "segmentId",
  "judgeID",
  "system1Id",
  "system1rank",
  "system2Id",
  "system2rank",
  "rankingID",
] as const;

/**
 * The system name inside a WMT system id: the dot-separated fields between the first and the
 * last (`conll14st-test.AMU.src-trg` -> `AMU`), as gecmetrics takes it. An id without two
 * dots is used as it is.
 *
 * @example Usage
 * ```ts
 * import { wmtSystemName } from "./judgments.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(wmtSystemName("conll14st-test.AMU.src-trg"), "AMU");
 * assert.equal(wmtSystemName("AMU"), "AMU");
 * ```
 *
 * @param id The id.
 * @returns The system name.
 */
export function wmtSystemName(id: string): string {
  const parts = id.split(".");
  return parts.length >= 3 ? parts.slice(1, -1).join(".") : id;
}

/**
 * Parse a pairwise-judgment CSV. The header names the columns; rows with the wrong number of
 * fields or a rank that is not a whole number are an `InputError` naming `FILE:LINE`.
 *
 * @example Usage
 * ```ts
 * import { parsePairwiseJudgments } from "./judgments.ts";
 * import assert from "node:assert/strict";
 *
 * const csv = "srclang,trglang,srcIndex,segmentId,judgeID,system1Id,system1rank,system2Id,system2rank,rankingID\n" +
 *   "src,trg,135,135,annotator01,t.AMU.x,4,t.CAMB.x,3,1\n";
 * const { pairs } = parsePairwiseJudgments(csv, "j.csv");
 * assert.deepEqual(pairs[0], {
 *   segment: "135", judge: "annotator01", system1: "AMU", rank1: 4, system2: "CAMB", rank2: 3,
 *   rankingId: "1",
 * });
 * ```
 *
 * @param text The CSV text.
 * @param path The file name for messages.
 * @returns The judgments.
 */
export function parsePairwiseJudgments(text: string, path: string): PairwiseJudgments {
  const rows = text.split("\n");
  const header = rows[0]?.replace(/\r$/, "").split(",") ?? [];
  const column: Record<string, number> = {};
  for (const name of REQUIRED) {
    const index = header.indexOf(name);
    if (index < 0) {
      throw new InputError(
        `expected a header with the column ${name} (${REQUIRED.join(", ")}), found ${
          JSON.stringify(rows[0]?.slice(0, 80) ?? "")
        }`,
        path,
        1,
      );
    }
    column[name] = index;
  }
  const pairs: PairwiseJudgment[] = [];
  for (let i = 1; i < rows.length; i++) {
    const row = rows[i].replace(/\r$/, "");
    if (!row.trim()) continue;
    const fields = row.split(",");
    if (fields.length !== header.length) {
      throw new InputError(`expected ${header.length} fields, found ${fields.length}`, path, i + 1);
    }
    const rank = (name: string) => {
      const value = fields[column[name]];
      if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value))) {
        throw new InputError(
          `expected a whole number in ${name}, found ${JSON.stringify(value)}`,
          path,
          i + 1,
        );
      }
      return Number(value);
    };
    pairs.push({
      segment: fields[column.segmentId],
      judge: fields[column.judgeID],
      system1: wmtSystemName(fields[column.system1Id]),
      rank1: rank("system1rank"),
      system2: wmtSystemName(fields[column.system2Id]),
      rank2: rank("system2rank"),
      rankingId: fields[column.rankingID],
    });
  }
  return { path, pairs };
}
