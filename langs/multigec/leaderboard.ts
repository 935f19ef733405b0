/**
 * A MultiGEC-2025 evaluation of a folder laid out as the task's local evaluation expects
 * (`ref/LANG-CORPUS-orig-SPLIT.md`, `ref/LANG-CORPUS-refN-SPLIT.md`, and system outputs
 * `res/LANG-CORPUS-hypoN-SPLIT.md`, or `res/TEAM/...` one folder per team): per subcorpus and
 * system the task's GLEU (shotakoyama/gleu, `-d 4 -f -n 4 -t word` on the essays lined up as the
 * task lines them up) with a bootstrap interval over essays, and per language the mean over
 * its subcorpora; systems ranked as the task ranks them.
 *
 * @module
 */

import { createRegistry, readGold, readSystem, type Registry, scoreSystems } from "../../mod.ts";
import { bootstrapIndices, bootstrapValues, confidenceInterval } from "../../mod.ts";
import {
  type AnyMetric,
  type GoldSentence,
  InputError,
  type Options,
  resolveOptions,
} from "../../plugins/mod.ts";
import { alignEssays, type Essay, essayLine, parseEssays } from "./essays.ts";
import { lineTokens, parseMultigecName } from "./format.ts";
import { roundHalfUp } from "./round.ts";

/** One system's scores on one subcorpus. */
export interface SystemScore {
  /** The system: its team folder, else the role part of its file name (`hypo1`). */
  system: string;
  /** Its file, relative to the folder. */
  file: string;
  /** The track: `fluency` when the file name says so, else `minimal`. */
  track: string;
  /** GLEU x 100, unrounded. */
  gleu: number;
  /** GLEU as the task's evaluation prints it (`-d 4`). */
  gleuPrinted: string;
  /** 95% bootstrap interval of GLEU x 100 over essays, when asked for. */
  ci?: [number, number];
  /**
   * ERRANT's span-based correction scores x 100 (English only: precision, recall, F0.5), with
   * 95% bootstrap intervals when asked for.
   */
  errant?: {
    precision: number;
    recall: number;
    f05: number;
    ci?: { precision: [number, number]; recall: [number, number]; f05: [number, number] };
  };
  /** Essays of the original the system has no text for (scored as `!`). */
  missing: number;
  /** Rank within the subcorpus (1 = best). */
  rank: number;
}

/** One subcorpus. */
export interface CorpusBoard {
  /** Its name, e.g. `ua_gec`. */
  corpus: string;
  /** Essays in the original. */
  essays: number;
  /** Reference files. */
  references: number;
  /** What the systems are ranked by: `F0.5` (ERRANT, minimal track) or `GLEU`. */
  rankedBy: string;
  /** The systems, ranked. */
  systems: SystemScore[];
}

/** One language: its subcorpora and the mean over them. */
export interface LanguageBoard {
  /** The language code. */
  lang: string;
  /** Its subcorpora. */
  corpora: CorpusBoard[];
  /** Per system scored on every subcorpus: mean GLEU (and interval), ranked. */
  average: {
    system: string;
    gleu: number;
    ci?: [number, number];
    /** Mean ERRANT precision, recall and F0.5 (when every subcorpus has them). */
    errant?: { precision: number; recall: number; f05: number; f05Ci?: [number, number] };
    rank: number;
  }[];
}

/** The whole evaluation. */
export interface Leaderboard {
  /** The split. */
  split: string;
  /** What is not shown and why, and what is computed differently from the task. */
  notes: string[];
  /** Bootstrap resamples (0: no intervals). */
  samples: number;
  /** Files under `res/` that were not scored, and why. */
  warnings: string[];
  /** The languages, in code order. */
  languages: LanguageBoard[];
}

/** Options of {@linkcode multigecLeaderboard}. */
export interface LeaderboardOptions {
  /** The split (default: the one split found under `ref/`). */
  split?: string;
  /** Bootstrap resamples for the intervals (0: none; default 1000). */
  samples?: number;
  /** The bootstrap seed (default 12345). */
  seed?: number;
  /** Called with the one-essay-per-line text of each file, as the task writes it. */
  onLines?: (file: string, text: string) => void | Promise<void>;
}

async function readEssays(path: string): Promise<Essay[]> {
  let text: string;
  try {
    text = await Deno.readTextFile(path);
  } catch (error) {
    throw new InputError(`cannot read: ${(error as Error).message}`, path);
  }
  return parseEssays(text, path);
}

async function listDir(dir: string): Promise<{ name: string; isDirectory: boolean }[]> {
  const out: { name: string; isDirectory: boolean }[] = [];
  try {
    for await (const e of Deno.readDir(dir)) out.push({ name: e.name, isDirectory: e.isDirectory });
  } catch (error) {
    throw new InputError(`cannot list folder: ${(error as Error).message}`, dir);
  }
  return out.sort((a, b) => a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
}

/**
 * Evaluate a MultiGEC folder.
 *
 * @param folder The folder holding `ref/` and `res/`.
 * @param options The split, the bootstrap and a hook for the one-essay-per-line files.
 * @returns The leaderboard.
 */
export async function multigecLeaderboard(
  folder: string,
  options: LeaderboardOptions = {},
): Promise<Leaderboard> {
  const samples = options.samples ?? 1000;
  const refDir = `${folder}/ref`;
  const resDir = `${folder}/res`;
  const origs = (await listDir(refDir))
    .map((e) => ({ file: e.name, name: parseMultigecName(e.name) }))
    .filter((o) => o.name?.role === "orig");
  const splits = [...new Set(origs.map((o) => o.name!.split.toLowerCase()))];
  const split = options.split?.toLowerCase() ?? (splits.length === 1 ? splits[0] : undefined);
  if (!split) {
    throw new InputError(
      splits.length
        ? `holds the splits ${splits.join(", ")}: choose one with --split`
        : "holds no original file (LANG-CORPUS-orig-SPLIT.md)",
      refDir,
    );
  }
  // Systems: res/*.md, and res/TEAM/*.md (one folder per team).
  const resEntries = await listDir(resDir);
  const systemFiles: { system?: string; dir: string; name: string }[] = [];
  for (const e of resEntries) {
    if (e.isDirectory) {
      for (const f of await listDir(`${resDir}/${e.name}`)) {
        if (!f.isDirectory) {
          systemFiles.push({ system: e.name, dir: `res/${e.name}`, name: f.name });
        }
      }
    } else systemFiles.push({ dir: "res", name: e.name });
  }
  const boards = new Map<string, CorpusBoard[]>();
  const used = new Set<string>();
  const indicesFor = new Map<number, Int32Array>();
  const resampled = new Map<string, Float64Array>();
  // The task's GLEU: shotakoyama/gleu -f -n 4 -t word (the gleu metric's variant koyama).
  const gleuMetric: AnyMetric = createRegistry().metric("gleu");
  const iterationsOptions = resolveOptions<Options>(gleuMetric, { variant: "koyama" });
  for (const orig of origs.filter((o) => o.name!.split.toLowerCase() === split)) {
    const { lang, corpus } = orig.name!;
    const prefix = `${lang}-${corpus}-`.toLowerCase();
    const original = await readEssays(`${refDir}/${orig.file}`);
    if (!original.length) {
      throw new InputError("has no essay (### essay_id = N)", `${refDir}/${orig.file}`);
    }
    const refFiles = (await listDir(refDir))
      .map((e) => ({ file: e.name, name: parseMultigecName(e.name) }))
      .filter((r) =>
        r.file.toLowerCase().startsWith(prefix) && /^ref\d+$/i.test(r.name?.role ?? "") &&
        r.name!.split.toLowerCase() === split
      )
      .sort((a, b) => Number(a.name!.role.slice(3)) - Number(b.name!.role.slice(3)));
    if (!refFiles.length) {
      throw new InputError(
        `has no reference file for ${orig.file} (${prefix}ref1-${split}.md)`,
        refDir,
      );
    }
    const refEssays = await Promise.all(refFiles.map((r) => readEssays(`${refDir}/${r.file}`)));
    const refs = alignEssays(original, refEssays, "first");
    const source = original.map((e) => essayLine(e.text));
    const stem = `${lang}-${corpus}`.toLowerCase();
    await options.onLines?.(`ref/${stem}-orig-${split}.tmp`, lines(source));
    for (let r = 0; r < refs.length; r++) {
      await options.onLines?.(`ref/${stem}-ref${r + 1}-${split}.tmp`, lines(refs[r]));
    }
    const gold = source.map((s, i): GoldSentence => ({
      source: lineTokens(s),
      references: refs.map((lines) => lineTokens(lines[i])),
      line: original[i].line,
    }));
    const systems: SystemScore[] = [];
    const suffix = `-${split}.md`;
    for (const f of systemFiles) {
      const lower = f.name.toLowerCase();
      if (!lower.startsWith(prefix) || !lower.endsWith(suffix)) continue;
      const role = f.name.slice(prefix.length, f.name.length - suffix.length);
      used.add(`${f.dir}/${f.name}`);
      const hypEssays = await readEssays(`${folder}/${f.dir}/${f.name}`);
      const hyp = alignEssays(original, [hypEssays], "!")[0];
      const ids = new Set(hypEssays.map((e) => e.id));
      await options.onLines?.(`${f.dir}/${stem}-${role.toLowerCase()}-${split}.tmp`, lines(hyp));
      const stats = gold.map((g, i) => gleuMetric.stats(g, lineTokens(hyp[i]), iterationsOptions));
      const gleu = 100 * (gleuMetric.corpus(stats, iterationsOptions).gleu as number);
      const system = f.system ? (role.match(/^hypo1?$/i) ? f.system : `${f.system}/${role}`) : role;
      const score: SystemScore = {
        system,
        file: `${f.dir}/${f.name}`,
        track: /fluency/i.test(f.name) ? "fluency" : "minimal",
        gleu,
        gleuPrinted: roundHalfUp(gleu, 4),
        missing: original.filter((e) => !ids.has(e.id)).length,
        rank: 0,
      };
      if (samples > 0) {
        let indices = indicesFor.get(gold.length);
        if (!indices) {
          indices = bootstrapIndices(gold.length, samples, options.seed ?? 12345);
          indicesFor.set(gold.length, indices);
        }
        const values = bootstrapValues(gleuMetric, stats, iterationsOptions, indices);
        for (let b = 0; b < values.length; b++) values[b] *= 100;
        const ci = confidenceInterval(values);
        score.ci = [ci.lower, ci.upper];
        resampled.set(`${lang}\u0000${corpus}\u0000${system}`, values);
      }
      if (lang.toLowerCase() === "en") {
        score.errant = await englishErrant(source, refs, hyp, samples, options.seed ?? 12345);
        if (score.errant.ci) {
          for (const key of ["precision", "recall", "f05"] as const) {
            resampledErrant.set(
              `${lang}\u0000${corpus}\u0000${system}\u0000${key}`,
              errantValues.get(key)!,
            );
          }
        }
      }
      systems.push(score);
    }
    const byF = systems.length > 0 && systems.every((s) => s.errant && s.track === "minimal");
    rank(systems, byF ? (s) => s.errant!.f05 : (s) => s.gleu);
    const list = boards.get(lang) ?? [];
    list.push({
      corpus,
      essays: original.length,
      references: refFiles.length,
      rankedBy: byF ? "F0.5" : "GLEU",
      systems,
    });
    boards.set(lang, list);
  }
  const languages = [...boards.keys()].sort().map((lang): LanguageBoard => {
    const corpora = boards.get(lang)!.sort((a, b) => a.corpus < b.corpus ? -1 : 1);
    const names = [...new Set(corpora.flatMap((c) => c.systems.map((s) => s.system)))];
    const average = names
      .filter((name) => corpora.every((c) => c.systems.some((s) => s.system === name)))
      .map((system) => {
        const scores = corpora.map((c) => c.systems.find((s) => s.system === system)!);
        const entry: LanguageBoard["average"][number] = {
          system,
          gleu: scores.reduce((a, s) => a + s.gleu, 0) / scores.length,
          rank: 0,
        };
        if (scores.every((s) => s.errant)) {
          const mean = (key: "precision" | "recall" | "f05") =>
            scores.reduce((a, s) => a + s.errant![key], 0) / scores.length;
          entry.errant = { precision: mean("precision"), recall: mean("recall"), f05: mean("f05") };
          if (samples > 0) {
            const rows = corpora.map((c) =>
              resampledErrant.get(`${lang}\u0000${c.corpus}\u0000${system}\u0000f05`)!
            );
            entry.errant.f05Ci = meanInterval(rows, samples);
          }
        }
        if (samples > 0) {
          const rows = corpora.map((c) =>
            resampled.get(`${lang}\u0000${c.corpus}\u0000${system}`)!
          );
          entry.ci = meanInterval(rows, samples);
        }
        return entry;
      });
    const byF = average.length > 0 && average.every((a) => a.errant) &&
      corpora.every((c) => c.rankedBy === "F0.5");
    rank(average, byF ? (a) => a.errant!.f05 : (a) => a.gleu);
    return { lang, corpora, average };
  });
  const notes: string[] = [];
  const others = languages.filter((l) => l.lang.toLowerCase() !== "en").map((l) => l.lang);
  if (others.length) {
    notes.push(
      `${others.join(", ")}: GLEU only, systems ranked by GLEU. The task ranks its minimal ` +
        "track by ERRANT's F0.5 (from an ERRANT fork run on UDPipe analyses), and gecscore's " +
        "ERRANT-style annotation covers English only for now.",
    );
  }
  if (languages.some((l) => l.lang.toLowerCase() === "en")) {
    notes.push(
      "en: P, R and F0.5 of ERRANT (span-based correction) from gecscore's annotator, whose " +
        "tagger is not the task's spaCy: edits, and so these three numbers, can differ from " +
        "the task's where the taggers disagree. Minimal-track systems are ranked by F0.5.",
    );
  }
  if (languages.some((l) => l.corpora.some((c) => c.systems.some((s) => s.track === "fluency")))) {
    notes.push(
      "The task ranks its fluency track by the Scribendi score, which is not computed here.",
    );
  }
  const warnings = systemFiles
    .filter((f) => f.name.toLowerCase().endsWith(".md") && !used.has(`${f.dir}/${f.name}`))
    .map((f) =>
      `${f.dir}/${f.name}: not scored: no original (LANG-CORPUS-orig-${split}.md) in ref/ ` +
      "matches its name"
    );
  return { split, notes, samples, warnings, languages };
}

function meanInterval(rows: Float64Array[], samples: number): [number, number] {
  const means = new Float64Array(samples);
  for (let b = 0; b < samples; b++) {
    let sum = 0;
    for (const row of rows) sum += row[b];
    means[b] = sum / rows.length;
  }
  const ci = confidenceInterval(means);
  return [ci.lower, ci.upper];
}

// The last ERRANT resamples computed (precision, recall, F0.5 x 100), for the averages.
const errantValues = new Map<string, Float64Array>();
const resampledErrant = new Map<string, Float64Array>();

let registryCache: Registry | undefined;

/**
 * ERRANT's P, R, F0.5 x 100 of a system's essay lines against the reference lines, as the
 * task gets them: `errant_parallel` on the original and each reference, then on the original
 * and the system, then `errant_compare` (gecscore's annotator and `errant` metric).
 */
async function englishErrant(
  source: readonly string[],
  refs: readonly string[][],
  hyp: readonly string[],
  samples: number,
  seed: number,
): Promise<NonNullable<SystemScore["errant"]>> {
  const { loadAnnotator, parallelToM2 } = await import("../../annotator/mod.ts");
  const annotator = await loadAnnotator();
  const registry = registryCache ??= createRegistry();
  const dir = await Deno.makeTempDir({ prefix: "gecscore-multigec-" });
  try {
    await Deno.writeTextFile(`${dir}/ref.m2`, parallelToM2(source, refs, annotator));
    await Deno.writeTextFile(`${dir}/hyp.m2`, parallelToM2(source, [hyp], annotator));
    const gold = await readGold(`${dir}/ref.m2`, { registry });
    const system = await readSystem(`${dir}/hyp.m2`, { registry });
    const [result] = await scoreSystems({ registry, gold, systems: [system], metrics: ["errant"] });
    const { score, stats } = result.metrics[0];
    const out: NonNullable<SystemScore["errant"]> = {
      precision: 100 * (score.precision as number),
      recall: 100 * (score.recall as number),
      f05: 100 * (score.f as number),
    };
    if (samples > 0 && stats.length > 0) {
      const metric = registry.metric("errant");
      const options = resolveOptions<Options>(metric, {});
      const indices = bootstrapIndices(stats.length, samples, seed);
      const ci = {} as NonNullable<typeof out.ci>;
      const paths = [["precision", "precision"], ["recall", "recall"], ["f05", "f"]] as const;
      for (const [key, path] of paths) {
        const values = bootstrapValues(metric, stats, options, indices, path);
        for (let b = 0; b < values.length; b++) values[b] *= 100;
        errantValues.set(key, values);
        const interval = confidenceInterval(values);
        ci[key] = [interval.lower, interval.upper];
      }
      out.ci = ci;
    }
    return out;
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

function lines(list: readonly string[]): string {
  return list.map((l) => l + "\n").join("");
}

function rank<T extends { rank: number; system: string }>(list: T[], by: (x: T) => number): void {
  list.sort((a, b) => by(b) - by(a) || (a.system < b.system ? -1 : 1));
  list.forEach((s, i) => s.rank = i + 1);
}
