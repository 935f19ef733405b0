/**
 * REPL commands that move through the corpus: `show`, `next`, `prev`, `goto`, `find`.
 *
 * @module
 */

import { UsageError } from "../../plugins/errors.ts";
import type { ReplCommand } from "../command.ts";
import type { SessionState } from "../state.ts";

function moveAndShow(session: SessionState, note?: string): string {
  return (note ? note + "\n" : "") + session.show();
}

function step(session: SessionState, args: string[], sign: number): string {
  const gold = session.needGold();
  const by = args.length ? Number(args[0]) : 1;
  if (!Number.isInteger(by) || by < 1) throw new UsageError(`Step must be a whole number >= 1`);
  const target = session.index + sign * by;
  if (target < 0 || target >= gold.sentences.length) {
    throw new UsageError(
      sign > 0
        ? `Already at the last sentence (${gold.sentences.length})`
        : "Already at the first sentence",
    );
  }
  session.index = target;
  return session.show();
}

/** `show`. */
export const showCommand: ReplCommand = {
  aliases: ["s"],
  usage: "",
  summary: "the current sentence: source, references, each system's changes",
  details: `Changes against the source are shown as [-deleted-]{+inserted+} (colours on a terminal).
References are derived from the gold's annotations (one per annotator) or given by it.`,
  run: (s) => s.show(),
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
    s.goto(Number(args[0]));
    return s.show();
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
  run: (s, args, rest) => {
    if (args[0] === "diff") {
      let names = args.slice(1);
      if (names.length === 0 && s.systems.length === 2) names = s.systems.map((x) => x.name);
      if (names.length !== 2) throw new UsageError("Usage: find diff SYS_A SYS_B");
      return s.findDiff(names[0], names[1])
        ? moveAndShow(s)
        : `${names[0]} and ${names[1]} are identical on every sentence`;
    }
    if (args[0] === "disagree") {
      if (args.length < 3) {
        throw new UsageError("Usage: find disagree METRIC_A METRIC_B [SYSTEM...]");
      }
      const found = s.findDisagreement(args[1], args[2], args.slice(3));
      if (!found) return `${args[1]} and ${args[2]} never disagree`;
      const ids = [args[1], args[2]].map((id) => id.replace(/^-/, ""));
      return [found, s.show(), s.score([...ids, ...args.slice(3)])].join("\n");
    }
    const text = args[0] === "--" ? rest.replace(/^--\s*/, "") : rest;
    if (!text.trim()) throw new UsageError("Usage: find WORDS (see help find)");
    return s.findText(text) ? moveAndShow(s) : `No sentence contains "${text.trim()}"`;
  },
};
