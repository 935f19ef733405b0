/**
 * REPL commands that move through the corpus: `show`, `next`, `prev`, `goto`, `find`.
 *
 * @module
 */

import { UsageError } from "../../plugins/errors.ts";
import type { ReplCommand } from "../command.ts";
import type { SessionState } from "../state.ts";
import { InputError } from "../../plugins/errors.ts";
import type { Tokens } from "../../plugins/types.ts";
import { tokenize } from "../../formats/text.ts";
import { formatValue } from "../../render/text.ts";
import { scoreView } from "./inspect.ts";

function moveAndShow(session: SessionState, note?: string): string {
  return (note ? note + "\n" : "") + showView(session);
}

function step(session: SessionState, args: string[], sign: number): string {
  const gold = session.needGold();
  // Decimal digits only: Number() would also read 0x10 and 1e1.
  const by = !args.length ? 1 : /^\d+$/.test(args[0]) ? Number(args[0]) : NaN;
  if (!Number.isInteger(by) || by < 1) {
    throw new UsageError(`Step must be a whole number >= 1, got ${JSON.stringify(args[0])}`);
  }
  const last = gold.sentences.length - 1;
  const edge = sign > 0 ? last : 0;
  if (session.index === edge) {
    throw new UsageError(
      sign > 0 ? `Already at the last sentence (${last + 1})` : "Already at the first sentence",
    );
  }
  // A step past either end goes as far as it can and says so.
  const target = Math.min(Math.max(session.index + sign * by, 0), last);
  const moved = Math.abs(target - session.index);
  session.index = target;
  return moveAndShow(
    session,
    moved < by
      ? `Moved ${sign > 0 ? "forward" : "back"} ${moved} sentence${moved === 1 ? "" : "s"}, ` +
        `to the ${sign > 0 ? "last" : "first"} (${target + 1})`
      : undefined,
  );
}

/** `show`. */
export const showCommand: ReplCommand = {
  aliases: ["s"],
  usage: "",
  summary: "the current sentence: source, references, each system's changes",
  details: `Changes against the source are shown as [-deleted-]{+inserted+} (colours on a terminal).
References are derived from the gold's annotations (one per annotator) or given by it.`,
  run: (s) => showView(s),
};

/** `next [N]`. */
export const nextCommand: ReplCommand = {
  aliases: ["n"],
  usage: "[N]",
  summary: "move forward one sentence (or N) and show it",
  run: (s, args) => step(s, args, 1),
};

/** `prev [N]`. */
export const prevCommand: ReplCommand = {
  aliases: ["p"],
  usage: "[N]",
  summary: "move back one sentence (or N) and show it",
  run: (s, args) => step(s, args, -1),
};

/** `goto N`. */
export const gotoCommand: ReplCommand = {
  aliases: ["g"],
  usage: "N",
  summary: "move to sentence N (1-based) and show it",
  run: (s, args) => {
    if (args.length !== 1) throw new UsageError("Usage: goto N");
    s.goto(/^\d+$/.test(args[0]) ? Number(args[0]) : NaN);
    return showView(s);
  },
};

/** `find WORDS | diff A B | disagree M1 M2 [SYSTEM...]`. */
export const findSentenceCommand: ReplCommand = {
  aliases: ["f"],
  usage: "WORDS | diff SYS_A SYS_B | disagree M1 M2 [SYSTEM...]",
  summary: "next sentence with WORDS, where systems differ, metrics disagree",
  details:
    `find WORDS           next sentence whose source, a reference or a hypothesis contains the
                     words (case-insensitive; "find -- diff" searches for the word diff)
find diff A B        next sentence where systems A and B differ (A and B may be omitted
                     when exactly two systems are loaded)
find disagree M1 M2 [SYSTEM...]
                     the sentence where metrics M1 and M2 disagree most: with two or more
                     systems, where the most pairs of systems are ordered oppositely by
                     their sentence headlines; with one, where the sentence's rank among
                     that system's sentences differs most. Repeat to visit ties in turn.
                     Write -M for a metric whose lower headline is better (an error rate).
Searches start after the current sentence and wrap round.`,
  run: async (s, args, rest) => {
    if (args[0] === "diff") {
      let names = args.slice(1);
      if (names.length === 0 && s.systems.length === 2) names = s.systems.map((x) => x.name);
      if (names.length !== 2) throw new UsageError("Usage: find diff SYS_A SYS_B");
      return findDiff(s, names[0], names[1])
        ? moveAndShow(s)
        : `${names[0]} and ${names[1]} are identical on every sentence`;
    }
    if (args[0] === "disagree") {
      if (args.length < 3) {
        throw new UsageError("Usage: find disagree METRIC_A METRIC_B [SYSTEM...]");
      }
      if (s.gold) {
        const systems = args.length > 3 ? args.slice(3).map((n) => s.system(n)) : s.systems;
        const metrics = [args[1], args[2]].flatMap((id) => {
          const bare = id.replace(/^-/, "");
          return s.registry.hasMetric(bare) ? [s.registry.metric(bare)] : [];
        });
        await s.warm(systems, metrics);
      }
      const found = findDisagreement(s, args[1], args[2], args.slice(3));
      if (!found) return `${args[1]} and ${args[2]} never disagree`;
      const ids = [args[1], args[2]].map((id) => id.replace(/^-/, ""));
      return [found, showView(s), scoreView(s, [...ids, ...args.slice(3)])].join("\n");
    }
    const text = args[0] === "--" ? rest.replace(/^--\s*/, "") : rest;
    if (!text.trim()) throw new UsageError("Usage: find WORDS (see help find)");
    return findText(s, text) ? moveAndShow(s) : `No sentence contains "${text.trim()}"`;
  },
};

/**
 * The current sentence: source, references and hypotheses, changes highlighted.
 *
 * @returns The text.
 */
export function showView(state: SessionState): string {
  const gold = state.needGold();
  const sentence = gold.sentences[state.index];
  const rows: [string, string][] = [["source", sentence.source.join(" ")]];
  const refs = state.references(sentence);
  // References are numbered from 1 wherever a person reads them (align, the report): an M2
  // annotator id n (0-based in the file) is reference n + 1.
  const refLabels = sentence.references
    ? refs.map((_, i) => `ref ${i + 1}`)
    : (sentence.allAnnotators ?? sentence.annotations?.map((a) => a.annotator) ?? [])
      .map((id) => `ref ${/^\d+$/.test(id) ? Number(id) + 1 : id}`);
  refs.forEach((r, i) => rows.push([refLabels[i] ?? `ref ${i + 1}`, state.diff(sentence, r)]));
  for (const system of state.systems) {
    const hyp = system.sentences[state.index];
    const same = refs.findIndex((r) => r.join(" ") === hyp.join(" "));
    const note = same >= 0 ? state.dim(`  (= ${refLabels[same]})`) : "";
    rows.push([system.name, state.diff(sentence, hyp) + note]);
  }
  const width = Math.max(...rows.map(([label]) => label.length));
  const where = `${gold.path}${sentence.line ? `:${sentence.line}` : ""}`;
  return [
    state.bold(`Sentence ${state.index + 1} of ${gold.sentences.length}`) + `  (${where})`,
    ...rows.map(([label, text]) => `${label.padEnd(width)}  ${text}`),
  ].join("\n");
}

/**
 * Move to the next sentence (after the current one, wrapping round) whose source, a
 * reference or a hypothesis contains the words, case-insensitively.
 *
 * @param text The words.
 * @returns Whether one was found.
 */
export function findText(state: SessionState, text: string): boolean {
  const gold = state.needGold();
  const needle = tokenize(text.toLowerCase());
  if (!needle.length) throw new UsageError("Usage: find WORDS");
  return state.findNext((i) => {
    const sentence = gold.sentences[i];
    const candidates = [sentence.source, ...state.systems.map((s) => s.sentences[i])];
    if (sentence.annotations || sentence.references) {
      candidates.push(...state.references(sentence));
    }
    return candidates.some((tokens) => containsRun(tokens, needle));
  });
}

/**
 * Move to the next sentence where two systems' hypotheses differ.
 *
 * @param a A system name.
 * @param b Another.
 * @returns Whether one was found.
 */
export function findDiff(state: SessionState, a: string, b: string): boolean {
  const [x, y] = [state.system(a), state.system(b)];
  return state.findNext((i) => x.sentences[i].join(" ") !== y.sentences[i].join(" "));
}

/**
 * Move to the sentence where two metrics disagree most. With two or more systems (or the
 * named ones): the sentence where the most pairs of systems are ordered oppositely by the
 * two metrics' sentence headlines. With one system: the sentence whose rank among that
 * system's sentences differs most between the metrics. Ties go to the first after the
 * current sentence, so repeating the command visits them in turn. A metric id written
 * `-ID` counts lower headlines as better (an error rate, say).
 *
 * @param metricA A metric id, or `-ID`.
 * @param metricB Another.
 * @param names Systems to compare (default: all loaded).
 * @returns A line saying how much they disagree there, or undefined when they never do.
 */
export function findDisagreement(
  state: SessionState,
  metricA: string,
  metricB: string,
  names: string[] = [],
): string | undefined {
  const gold = state.needGold();
  const specs = [metricA, metricB].map((spec) => ({
    metric: state.registry.metric(spec.replace(/^-/, "")),
    sign: spec.startsWith("-") ? -1 : 1,
    label: spec,
  }));
  if (specs[0].metric === specs[1].metric) {
    throw new UsageError("find disagree: give two different metrics");
  }
  for (const { metric } of specs) {
    const na = state.unavailable(metric);
    if (na) throw new InputError(`Metric ${metric.id} is ${na}`);
  }
  const systems = names.length ? names.map((n) => state.system(n)) : state.systems;
  if (!systems.length) throw new UsageError("No systems loaded: load hyp PATH...");
  const [ha, hb] = specs.map(({ metric, sign }) =>
    systems.map((s) => state.sentenceHeadlines(s, metric).map((v) => sign * v))
  );
  const [la, lb] = specs.map((s) => s.label);
  const shown = (k: number, v: number) => formatValue(specs[k].sign * v);
  const n = gold.sentences.length;
  const disagreement = new Float64Array(n);
  let describe: (i: number) => string;
  if (systems.length >= 2) {
    const pairs = systems.length * (systems.length - 1) / 2;
    for (let i = 0; i < n; i++) {
      let discordant = 0;
      for (let p = 0; p < systems.length; p++) {
        for (let q = p + 1; q < systems.length; q++) {
          const da = Math.sign(ha[p][i] - ha[q][i]);
          const db = Math.sign(hb[p][i] - hb[q][i]);
          if (da * db < 0) discordant++;
        }
      }
      disagreement[i] = discordant;
    }
    describe = (i) =>
      `${disagreement[i]} of ${pairs} system pairs ordered oppositely by ${la} and ${lb} ` +
      `(sentence headlines)`;
  } else {
    const [ra, rb] = [ranks(ha[0]), ranks(hb[0])];
    for (let i = 0; i < n; i++) disagreement[i] = Math.abs(ra[i] - rb[i]);
    describe = (i) =>
      `${systems[0].name}'s sentence ranks at ${pct(ra[i])} by ${la} (${shown(0, ha[0][i])}) ` +
      `and at ${pct(rb[i])} by ${lb} (${shown(1, hb[0][i])}) among its ${n} sentences`;
  }
  let best = -1;
  for (let k = 1; k <= n; k++) {
    const i = (state.index + k) % n;
    if (disagreement[i] > 0 && (best < 0 || disagreement[i] > disagreement[best])) best = i;
  }
  if (best < 0) return undefined;
  state.index = best;
  return `Sentence ${best + 1}: ${describe(best)}`;
}

function containsRun(tokens: Tokens, needle: Tokens): boolean {
  outer: for (let i = 0; i + needle.length <= tokens.length; i++) {
    for (let j = 0; j < needle.length; j++) {
      if (tokens[i + j].toLowerCase() !== needle[j]) continue outer;
    }
    return true;
  }
  return false;
}

/** Fractional ranks in [0, 1] (ties share their average rank; NaN ranks lowest). */
function ranks(values: number[]): number[] {
  const order = values.map((v, i) => ({ v: Number.isNaN(v) ? -Infinity : v, i }))
    .sort((a, b) => a.v - b.v);
  const out = new Array<number>(values.length);
  const scale = Math.max(values.length - 1, 1);
  for (let k = 0; k < order.length;) {
    let end = k;
    while (end + 1 < order.length && order[end + 1].v === order[k].v) end++;
    for (let m = k; m <= end; m++) out[order[m].i] = (k + end) / 2 / scale;
    k = end + 1;
  }
  return out;
}

function pct(rank: number): string {
  return `${Math.round(rank * 100)}%`;
}
