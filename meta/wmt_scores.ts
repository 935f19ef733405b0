/**
 * Readers for score files in the WMT metrics-task formats, which gecmetrics and the
 * CoNLL-2014 human rankings use:
 *
 * - system level: `METRIC LP TESTSET SYSTEM SCORE` (5 fields);
 * - sentence level: `METRIC LP TESTSET SYSTEM ID SCORE` (6 fields).
 *
 * Fields are separated by tabs (or other whitespace); blank lines are skipped.
 *
 * @module
 */

import { InputError } from "../plugins/errors.ts";

/** System-level scores of one metric (or one human ranking) for one language pair and test set. */
export interface SystemScores {
  /** A name for tables: the metric field (callers may rename a human ranking after its file). */
  name: string;
  /** The metric field as written in the file. */
  metric: string;
  /** The language-pair field. */
  lp: string;
  /** The test-set field. */
  testset: string;
  /** The file it was read from. */
  path: string;
  /** Score by system name, in file order. */
  scores: Map<string, number>;
}

/** Sentence-level scores of one metric for one language pair and test set. */
export interface SentenceScores {
  /** The metric field. */
  name: string;
  /** The language-pair field. */
  lp: string;
  /** The test-set field. */
  testset: string;
  /** The file it was read from. */
  path: string;
  /** Score by system name, then by sentence id (as written, e.g. `"0"` for the first line). */
  scores: Map<string, Map<string, number>>;
}

/** What one score file holds: system-level or sentence-level sets (never both). */
export interface WmtScores {
  /** `system` (5 fields a line) or `sentence` (6 fields a line). */
  level: "system" | "sentence";
  /** System-level sets, one per metric, language pair and test set. */
  system: SystemScores[];
  /** Sentence-level sets, one per metric, language pair and test set. */
  sentence: SentenceScores[];
}

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const NON_FINITE = /^[+-]?(inf|infinity|nan)$/i;

function parseScore(text: string, path: string, line: number): number {
  const value = NUMBER.test(text) ? Number(text) : NaN;
  if (!Number.isFinite(value)) {
    throw new InputError(
      NON_FINITE.test(text) || NUMBER.test(text)
        ? `expected a finite number as the score, found ${JSON.stringify(text)}${
          NUMBER.test(text) ? " (too large for a number)" : ""
        }; a correlation with it means nothing`
        : `expected a number as the score, found ${JSON.stringify(text)}`,
      path,
      line,
    );
  }
  return value;
}

/**
 * Parse a WMT score file. The level is taken from the first line (5 or 6 fields); every line
 * must have that many fields. A malformed line, a non-numeric score or a system (or
 * system and sentence id) given twice for the same metric is an `InputError` naming
 * `FILE:LINE`.
 *
 * @example System level
 * ```ts
 * import { parseWmtScores } from "./wmt_scores.ts";
 * import assert from "node:assert/strict";
 *
 * const file = parseWmtScores("m2\tsrc-trg\tconll14st-test\tAMU\t0.3501\n", "m2.txt");
 * assert.equal(file.level, "system");
 * assert.equal(file.system[0].scores.get("AMU"), 0.3501);
 * assert.throws(() => parseWmtScores("m2 x y AMU high\n", "m2.txt"), /^InputError: m2\.txt:1: /);
 * ```
 *
 * @param text The file's text.
 * @param path The file name for messages.
 * @returns The score sets.
 */
export function parseWmtScores(text: string, path: string): WmtScores {
  const system = new Map<string, SystemScores>();
  const sentence = new Map<string, SentenceScores>();
  let fields = 0;
  const rows = text.split("\n");
  for (let i = 0; i < rows.length; i++) {
    const line = i + 1;
    const row = rows[i].trim();
    if (!row) continue;
    const parts = row.split(/\s+/);
    if (!fields) {
      if (parts.length !== 5 && parts.length !== 6) {
        throw new InputError(
          `expected "METRIC LP TESTSET SYSTEM SCORE" (system level) or "METRIC LP TESTSET SYSTEM ID SCORE" (sentence level), found ${parts.length} fields`,
          path,
          line,
        );
      }
      fields = parts.length;
    } else if (parts.length !== fields) {
      throw new InputError(
        `expected ${fields} fields like the first line, found ${parts.length}`,
        path,
        line,
      );
    }
    const [metric, lp, testset, name] = parts;
    const score = parseScore(parts[fields - 1], path, line);
    const key = `${metric}\t${lp}\t${testset}`;
    if (fields === 5) {
      let set = system.get(key);
      if (!set) {
        system.set(key, set = { name: metric, metric, lp, testset, path, scores: new Map() });
      }
      if (set.scores.has(name)) {
        throw new InputError(`system ${name} has a second ${metric} score`, path, line);
      }
      set.scores.set(name, score);
    } else {
      let set = sentence.get(key);
      if (!set) sentence.set(key, set = { name: metric, lp, testset, path, scores: new Map() });
      let bySentence = set.scores.get(name);
      if (!bySentence) set.scores.set(name, bySentence = new Map());
      const id = parts[4];
      if (bySentence.has(id)) {
        throw new InputError(
          `system ${name} has a second ${metric} score for sentence ${id}`,
          path,
          line,
        );
      }
      bySentence.set(id, score);
    }
  }
  if (!fields) throw new InputError("no scores in the file", path);
  return {
    level: fields === 5 ? "system" : "sentence",
    system: [...system.values()],
    sentence: [...sentence.values()],
  };
}
