/**
 * The human ratings of the MultiGEC-2025 annotation (emilia-piotrowska/MultiGEC-2025-annotation,
 * Apache-2.0): grammaticality and fluency from 1 to 4 for each text of each system, in files of
 * sections. A section starts with a line `#NAME` (the system: `#ORIGINAL`, `#LATTICE`,
 * `#RUMCULL-MIN`, ..., `#REFERENCE`); each of its lines rates one text, in the order of the test
 * set: `Grammaticality: 3 Fluency: 2` (labels misspelt on a few lines of the published files,
 * `Grammaticlaity`, `Fleuncy`, are read by their first letter).
 *
 * For meta-evaluation they give system-level human scores (each system's mean rating, one set
 * per criterion) and, text by text, pairwise judgments (for every text and every two systems,
 * the better-rated one wins; equal ratings are a human tie) for the sentence-level Kendall τ,
 * a text standing for a sentence.
 *
 * @module
 */

import { InputError } from "../plugins/errors.ts";
import type { PairwiseJudgment } from "./judgments.ts";
import type { SystemScores } from "./wmt_scores.ts";

/** The two criteria rated. */
export const MULTIGEC_CRITERIA = ["grammaticality", "fluency"] as const;

/** One of {@linkcode MULTIGEC_CRITERIA}. */
export type MultigecCriterion = typeof MULTIGEC_CRITERIA[number];

/** A ratings file, read. */
export interface MultigecRatings {
  /** The file. */
  path: string;
  /** The systems, in file order. */
  systems: string[];
  /** Per system, per criterion, one rating (1-4) per text, in test-set order. */
  ratings: Map<string, Record<MultigecCriterion, number[]>>;
}

/**
 * A rating line. The labels are matched by their first letter: the published files spell them
 * `Grammaticlaity` and `Fleuncy` on a few lines.
 */
const RATING = /^G[a-z]*:\s*(\d+)\s+F[a-z]*:\s*(\d+)$/i;

function lines(text: string): string[] {
  const all = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  while (all.length && all[all.length - 1].trim() === "") all.pop();
  return all;
}

/**
 * Whether a text looks like a MultiGEC-2025 ratings file: a first line `#NAME`, then a rating.
 *
 * @example Usage
 * ```ts
 * import { isMultigecRatings } from "./multigec_ratings.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(isMultigecRatings("#ORIGINAL\nGrammaticality: 3 Fluency: 2\n"), true);
 * assert.equal(isMultigecRatings("human\tsrc-trg\tt\tA\t0.5\n"), false);
 * ```
 *
 * @param text The file's text.
 * @returns True for a ratings file.
 */
export function isMultigecRatings(text: string): boolean {
  const [first, second] = lines(text);
  return first !== undefined && /^#\S/.test(first.trim()) && second !== undefined &&
    RATING.test(second.trim());
}

/**
 * Read a MultiGEC-2025 ratings file. A line before the first `#NAME`, a line that is not
 * `Grammaticality: N Fluency: N` with N from 1 to 4, a system named twice, an empty section or
 * sections of different lengths are each an `InputError` naming `FILE:LINE`.
 *
 * @example Usage
 * ```ts
 * import { parseMultigecRatings } from "./multigec_ratings.ts";
 * import assert from "node:assert/strict";
 *
 * const text = "#ORIGINAL\nGrammaticality: 2 Fluency: 1\nGrammaticality: 3 Fluency: 3\n" +
 *   "#LATTICE\nGrammaticality: 4 Fluency: 3\nGrammaticality: 3 Fluency: 4\n";
 * const file = parseMultigecRatings(text, "eng_eval");
 * assert.deepEqual(file.systems, ["ORIGINAL", "LATTICE"]);
 * assert.deepEqual(file.ratings.get("LATTICE"), { grammaticality: [4, 3], fluency: [3, 4] });
 * assert.throws(
 *   () => parseMultigecRatings("#A\nGrammaticality: 5 Fluency: 1\n", "x"),
 *   /^InputError: x:2: expected ratings from 1 to 4/,
 * );
 * ```
 *
 * @param text The file's text.
 * @param path The file, for messages.
 * @returns The ratings.
 */
export function parseMultigecRatings(text: string, path: string): MultigecRatings {
  const ratings = new Map<string, Record<MultigecCriterion, number[]>>();
  const starts = new Map<string, number>();
  let current: Record<MultigecCriterion, number[]> | undefined;
  let currentName = "";
  let texts = -1;
  let firstName = "";
  const closeSection = (line: number) => {
    if (!current) return;
    const n = current.grammaticality.length;
    if (n === 0) {
      throw new InputError(`system ${currentName} has no ratings`, path, starts.get(currentName));
    }
    if (texts === -1) {
      texts = n;
      firstName = currentName;
    } else if (n !== texts) {
      throw new InputError(
        `system ${currentName} rates ${n} texts but ${firstName} rates ${texts}; every ` +
          "system must rate the same texts",
        path,
        line,
      );
    }
  };
  const all = lines(text);
  all.forEach((raw, i) => {
    const line = raw.trim();
    if (line === "") return;
    if (line.startsWith("#")) {
      closeSection(i);
      const name = line.slice(1).trim();
      if (!name) throw new InputError('expected a system name after "#"', path, i + 1);
      if (ratings.has(name)) {
        throw new InputError(
          `system ${name} is named twice (first at line ${starts.get(name)})`,
          path,
          i + 1,
        );
      }
      current = { grammaticality: [], fluency: [] };
      currentName = name;
      ratings.set(name, current);
      starts.set(name, i + 1);
      return;
    }
    if (!current) {
      throw new InputError(
        `expected a line "#SYSTEM" before the ratings, found ${JSON.stringify(line.slice(0, 40))}`,
        path,
        i + 1,
      );
    }
    const match = RATING.exec(line);
    const g = Number(match?.[1]);
    const f = Number(match?.[2]);
    if (!match || !(g >= 1 && g <= 4 && f >= 1 && f <= 4)) {
      throw new InputError(
        `expected ratings from 1 to 4 as "Grammaticality: N Fluency: N", found ${
          JSON.stringify(line.slice(0, 60))
        }`,
        path,
        i + 1,
      );
    }
    current.grammaticality.push(g);
    current.fluency.push(f);
  });
  closeSection(all.length);
  if (!ratings.size) throw new InputError("holds no ratings", path);
  return { path, systems: [...ratings.keys()], ratings };
}

/**
 * System-level human scores: each system's mean rating, one set per criterion, named
 * `LABEL.grammaticality` and `LABEL.fluency`.
 *
 * @example Usage
 * ```ts
 * import { multigecSystemScores, parseMultigecRatings } from "./multigec_ratings.ts";
 * import assert from "node:assert/strict";
 *
 * const file = parseMultigecRatings(
 *   "#A\nGrammaticality: 2 Fluency: 1\nGrammaticality: 3 Fluency: 3\n" +
 *     "#B\nGrammaticality: 4 Fluency: 3\nGrammaticality: 3 Fluency: 4\n",
 *   "eng_eval",
 * );
 * const [g, f] = multigecSystemScores(file, "eng_eval");
 * assert.equal(g.name, "eng_eval.grammaticality");
 * assert.deepEqual([...g.scores], [["A", 2.5], ["B", 3.5]]);
 * assert.deepEqual([...f.scores], [["A", 2], ["B", 3.5]]);
 * ```
 *
 * @param file The ratings.
 * @param label The name the sets start with (the file's label).
 * @returns Two sets: grammaticality, then fluency.
 */
export function multigecSystemScores(file: MultigecRatings, label: string): SystemScores[] {
  return MULTIGEC_CRITERIA.map((criterion) => ({
    name: `${label}.${criterion}`,
    metric: criterion,
    lp: "",
    testset: "",
    path: file.path,
    scores: new Map(
      file.systems.map((system) => {
        const values = file.ratings.get(system)![criterion];
        return [system, values.reduce((a, b) => a + b, 0) / values.length];
      }),
    ),
  }));
}

/**
 * Text-level pairwise judgments of one criterion: for every text (segment `"0"`, `"1"`, ...
 * in file order) and every two systems, the better-rated one ranks first; equal ratings give
 * equal ranks (a human tie).
 *
 * @example Usage
 * ```ts
 * import { multigecPairs, parseMultigecRatings } from "./multigec_ratings.ts";
 * import assert from "node:assert/strict";
 *
 * const file = parseMultigecRatings(
 *   "#A\nGrammaticality: 2 Fluency: 1\n#B\nGrammaticality: 4 Fluency: 1\n",
 *   "x",
 * );
 * const [pair] = multigecPairs(file, "grammaticality");
 * assert.deepEqual([pair.segment, pair.system1, pair.rank1, pair.system2, pair.rank2],
 *   ["0", "A", 3, "B", 1]);
 * assert.equal(multigecPairs(file, "fluency")[0].rank1, multigecPairs(file, "fluency")[0].rank2);
 * ```
 *
 * @param file The ratings.
 * @param criterion Grammaticality or fluency.
 * @returns The pairs, text by text.
 */
export function multigecPairs(
  file: MultigecRatings,
  criterion: MultigecCriterion,
): PairwiseJudgment[] {
  const pairs: PairwiseJudgment[] = [];
  const texts = file.ratings.get(file.systems[0])![criterion].length;
  for (let t = 0; t < texts; t++) {
    for (let a = 0; a < file.systems.length; a++) {
      for (let b = a + 1; b < file.systems.length; b++) {
        const [s1, s2] = [file.systems[a], file.systems[b]];
        pairs.push({
          segment: String(t),
          judge: criterion,
          system1: s1,
          // A rating of 4 is the best: rank 1.
          rank1: 5 - file.ratings.get(s1)![criterion][t],
          system2: s2,
          rank2: 5 - file.ratings.get(s2)![criterion][t],
          rankingId: String(t),
        });
      }
    }
  }
  return pairs;
}
