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

import { createRegistry } from "../../mod.ts";
import { bootstrapIndices, bootstrapValues, confidenceInterval } from "../../pipeline/mod.ts";
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
  average: { system: string; gleu: number; ci?: [number, number]; rank: number }[];
}

/** The whole evaluation. */
export interface Leaderboard {
  /** The split. */
  split: string;
  /** What the systems are ranked by. */
  rankedBy: string;
  /** What is not shown and why. */
  notes: string[];
  /** Bootstrap resamples (0: no intervals). */
  samples: number;
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
      systems.push(score);
    }
    rank(systems);
    const list = boards.get(lang) ?? [];
    list.push({ corpus, essays: original.length, references: refFiles.length, systems });
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
        if (samples > 0) {
          const rows = corpora.map((c) =>
            resampled.get(`${lang}\u0000${c.corpus}\u0000${system}`)!
          );
          const means = new Float64Array(samples);
          for (let b = 0; b < samples; b++) {
            let sum = 0;
            for (const row of rows) sum += row[b];
            means[b] = sum / rows.length;
          }
          const ci = confidenceInterval(means);
          entry.ci = [ci.lower, ci.upper];
        }
        return entry;
      });
    rank(average);
    return { lang, corpora, average };
  });
  return {
    split,
    rankedBy: "GLEU",
    notes: [
      "Ranked by GLEU: the task ranks the minimal track by ERRANT's F0.5 and the fluency track " +
      "by the Scribendi score, and neither is computed here (gecscore annotates English only; " +
      "ERRANT-style annotation for the other languages is not available yet).",
    ],
    samples,
    languages,
  };
}

function lines(list: readonly string[]): string {
  return list.map((l) => l + "\n").join("");
}

function rank<T extends { gleu: number; rank: number; system: string }>(list: T[]): void {
  list.sort((a, b) => b.gleu - a.gleu || (a.system < b.system ? -1 : 1));
  list.forEach((s, i) => s.rank = i + 1);
}
