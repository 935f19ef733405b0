/**
 * Load the files of a meta-evaluation: human rankings, metric score files and pairwise
 * judgments, whichever of the supported formats each is in.
 *
 * @module
 */

import { InputError } from "../plugins/errors.ts";
import { appraisePairs, parseAppraise, type RankingItem } from "./appraise.ts";
import { expectedWins } from "./expected_wins.ts";
import {
  type PairwiseJudgment,
  type PairwiseJudgments,
  parsePairwiseJudgments,
} from "./judgments.ts";
import { isLineScores, isScoreTable, parseLineScores, parseScoreTable } from "./line_scores.ts";
import {
  isMultigecRatings,
  MULTIGEC_CRITERIA,
  multigecPairs,
  multigecSystemScores,
  parseMultigecRatings,
} from "./multigec_ratings.ts";
import { rankedPairs } from "./ranking_pairs.ts";
import { readTextFile } from "./read_text.ts";
import { trueSkillRanking, type TrueSkillRankingOptions } from "./trueskill_ranking.ts";
import {
  parseWmtScores,
  type SentenceScores,
  type SystemScores,
  type WmtScores,
} from "./wmt_scores.ts";

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
 * The human rankings of one file's text: a WMT system-level file (each set named after the
 * file), or an Appraise ranking XML, from which Expected Wins is computed over the expanded
 * pairwise comparisons (`FILE.ew`) and, when asked, TrueSkill over the ranked pairs
 * (`FILE.ts`, the mean of each system's skill).
 */
function humanSets(
  text: string,
  path: string,
  trueSkill?: TrueSkillRankingOptions,
): SystemScores[] {
  const label = fileLabel(path);
  if (isXml(text)) {
    const items = parseAppraise(text, path);
    const scores = expectedWins(appraisePairs(items));
    if (!scores.size) throw new InputError("no ranking items with translations", path);
    const sets = [{ name: `${label}.ew`, metric: "ew", lp: "", testset: "", path, scores }];
    if (trueSkill) {
      const ts = trueSkillRanking(rankedPairs(items), trueSkill);
      const mu = new Map([...ts].map(([system, v]) => [system, v.mu]));
      sets.push({ name: `${label}.ts`, metric: "ts", lp: "", testset: "", path, scores: mu });
    }
    return sets;
  }
  if (isMultigecRatings(text)) return multigecSystemScores(parseMultigecRatings(text, path), label);
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
  return humanSets(await readTextFile(path), path);
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

/**
 * Read the pairwise judgments of a file as one or more named sets: a WMT pairwise CSV or an
 * Appraise XML is one set, named after the path; a MultiGEC-2025 ratings file gives one set
 * per criterion, text by text (`PATH (grammaticality)`, `PATH (fluency)`).
 *
 * @example Usage
 * ```ts
 * import { readJudgmentSets } from "./load.ts";
 * import assert from "node:assert/strict";
 *
 * const path = await Deno.makeTempFile();
 * await Deno.writeTextFile(path, "#A\nGrammaticality: 2 Fluency: 1\n#B\nGrammaticality: 4 Fluency: 1\n");
 * const sets = await readJudgmentSets(path);
 * assert.deepEqual(sets.map((s) => s.label), [`${path} (grammaticality)`, `${path} (fluency)`]);
 * assert.equal(sets[0].pairs.length, 1);
 * await Deno.remove(path);
 * ```
 *
 * @param path The file (gzip allowed).
 * @returns The sets, each with its label.
 */
export async function readJudgmentSets(
  path: string,
): Promise<{ label: string; pairs: PairwiseJudgment[] }[]> {
  const text = await readTextFile(path);
  if (isMultigecRatings(text)) {
    const file = parseMultigecRatings(text, path);
    return MULTIGEC_CRITERIA.map((criterion) => ({
      label: `${path} (${criterion})`,
      pairs: multigecPairs(file, criterion),
    }));
  }
  if (isXml(text)) return [{ label: path, pairs: appraisePairs(parseAppraise(text, path)) }];
  return [{ label: path, pairs: parsePairwiseJudgments(text, path).pairs }];
}

/**
 * A score file of one value a line, without system names: its scores belong to the systems in
 * an order known only once every file is read ({@linkcode nameLineScores}).
 */
export interface LineScoresFile {
  /** The file. */
  readonly path: string;
  /** Its text. */
  readonly text: string;
}

/** The files of a meta-evaluation, read: what {@linkcode readMetaFiles} gives. */
export interface MetaFiles {
  /** Human rankings, one set per ranking (files of one value a line wait for the order). */
  humans: (SystemScores | LineScoresFile)[];
  /** System-level metric scores (files of one value a line wait for the order). */
  system: (SystemScores | LineScoresFile)[];
  /** Sentence-level metric scores. */
  sentence: SentenceScores[];
  /** Appraise ranking items, by file. */
  rankings: Map<string, RankingItem[]>;
  /** Every system the files name. */
  systems: Set<string>;
}

/** Which files {@linkcode readMetaFiles} reads, and how. */
export interface MetaFilesRequest {
  /** Human rankings: WMT system-level files, Appraise XML, or one value a line. */
  human?: readonly string[];
  /** Metric scores: WMT system or sentence level, a score table, or one value a line. */
  scores?: readonly string[];
  /** Appraise ranking XML files, for sentence-level ranking agreement. */
  rankings?: readonly string[];
  /** Also rank the systems of an Appraise human file by TrueSkill, with these options. */
  trueSkill?: TrueSkillRankingOptions;
}

/** The metric scores of one file's text: a score table, one value a line, or WMT. */
function metricSets(text: string, path: string, into: MetaFiles): void {
  const note = (sets: readonly { scores: Map<string, unknown> }[]) => {
    for (const set of sets) for (const name of set.scores.keys()) into.systems.add(name);
  };
  if (isScoreTable(text)) {
    const sets = parseScoreTable(text, path);
    into.system.push(...sets);
    note(sets);
  } else if (isLineScores(text)) {
    into.system.push({ path, text });
  } else {
    const file = parseWmtScores(text, path);
    into.system.push(...file.system);
    into.sentence.push(...file.sentence);
    note([...file.system, ...file.sentence]);
  }
}

/**
 * Read every file of a meta-evaluation, humans first, then metric scores, then rankings; each
 * in whichever supported format it is. Files of one value a line stay as text until the
 * order of the systems is known: {@linkcode nameLineScores} names them.
 *
 * @example Usage
 * ```ts
 * import { nameLineScores, readMetaFiles } from "./load.ts";
 * import assert from "node:assert/strict";
 *
 * const dir = await Deno.makeTempDir();
 * await Deno.writeTextFile(`${dir}/human.txt`, "0.5\n0.25\n");
 * await Deno.writeTextFile(`${dir}/m.csv`, "System,M2\nB,50\nA,60\n");
 * const files = await readMetaFiles({ human: [`${dir}/human.txt`], scores: [`${dir}/m.csv`] });
 * assert.deepEqual([...files.systems].sort(), ["A", "B"]);
 * const human = nameLineScores(files.humans[0], ["A", "B"]);
 * assert.deepEqual([...human.scores], [["A", 0.5], ["B", 0.25]]);
 * await Deno.remove(dir, { recursive: true });
 * ```
 *
 * @param request The files.
 * @returns What they hold.
 */
export async function readMetaFiles(request: MetaFilesRequest): Promise<MetaFiles> {
  const files: MetaFiles = {
    humans: [],
    system: [],
    sentence: [],
    rankings: new Map(),
    systems: new Set(),
  };
  for (const path of request.human ?? []) {
    const text = await readTextFile(path);
    if (!isXml(text) && isLineScores(text)) {
      files.humans.push({ path, text });
      continue;
    }
    const sets = humanSets(text, path, request.trueSkill);
    files.humans.push(...sets);
    // An Appraise file's systems are those Expected Wins ranks (its first set).
    for (const set of isXml(text) ? sets.slice(0, 1) : sets) {
      for (const name of set.scores.keys()) files.systems.add(name);
    }
  }
  for (const path of request.scores ?? []) metricSets(await readTextFile(path), path, files);
  for (const path of request.rankings ?? []) {
    const items = parseAppraise(await readTextFile(path), path);
    files.rankings.set(path, items);
    for (const item of items) {
      for (const o of item.outputs) for (const s of o.systems) files.systems.add(s);
    }
  }
  return files;
}

/**
 * The scores of a file of one value a line, given the order of the systems (named after the
 * file); sets that name their systems are returned as they are.
 *
 * @param set A set, or a file of one value a line.
 * @param order The systems, in the order of the file's lines.
 * @returns The set.
 */
export function nameLineScores(
  set: SystemScores | LineScoresFile,
  order: readonly string[],
): SystemScores {
  return "text" in set ? parseLineScores(set.text, set.path, order, fileLabel(set.path)) : set;
}
