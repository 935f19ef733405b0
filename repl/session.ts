/**
 * A REPL session, independent of any terminal: {@linkcode Session} is the state
 * (`state.ts`) plus the command line — it looks a line's command up in the table
 * (`commands/mod.ts`), runs it and returns its output, and completes partial lines.
 * `repl.ts` wraps it in line editing; tests and benches drive it directly.
 *
 * Nothing here names a metric: every command works with whatever the registry holds.
 *
 * @module
 */

import { UsageError } from "../plugins/errors.ts";
import type { Options } from "../plugins/types.ts";
import { canonical, findCommand } from "./command.ts";
import { COMMANDS } from "./commands/mod.ts";
import { helpText } from "./commands/help.ts";
import { SessionState } from "./state.ts";
import { loadDisplayWidth } from "../render/text.ts";

export type { SessionOptions } from "./state.ts";

/**
 * A REPL session: a gold corpus, system outputs, the current sentence, per-metric options
 * and a cache of per-sentence statistics. {@linkcode Session.execute} runs one command line
 * and returns its output; a user mistake throws an error whose message is one line.
 *
 * @example Usage
 * ```ts
 * import { Session } from "./session.ts";
 * import { createRegistry } from "../builtin.ts";
 * import plugin from "../examples/exact_match.ts";
 * import assert from "node:assert/strict";
 *
 * const session = new Session({ registry: createRegistry().use(plugin) });
 * await session.execute("load gold tests/testdata/m2scorer_example.m2");
 * await session.execute("load hyp tests/testdata/m2scorer_example_system");
 * assert.match(await session.execute("goto 2"), /The \[-dog-\]\{\+dogs\+\} \./);
 * assert.match(await session.execute("score exact_match"), /m2scorer_example_system +1 +1\/1/);
 * await assert.rejects(session.execute("goto 9"), /from 1 to 3/);
 * ```
 */
export class Session extends SessionState {
  /** Command names and aliases, for completion. */
  get commandNames(): string[] {
    return Object.entries(COMMANDS).flatMap(([name, c]) => [name, ...(c.aliases ?? [])]);
  }

  /**
   * Run one command line and return its output (no trailing newline; empty for blank lines
   * and comments starting with `#`). A mistake throws an error with a one-line message; a
   * failure that does not stop the command (a metric failing on one system) is left in
   * {@linkcode SessionState.failures}.
   *
   * @param line The command line.
   * @param options `signal` cancels a long command (Ctrl-C): it then rejects with an
   * `AbortError` and the session goes on.
   * @returns The output.
   */
  async execute(line: string, options: { signal?: AbortSignal } = {}): Promise<string> {
    this.signal = options.signal;
    try {
      return await this.#execute(line);
    } finally {
      this.signal = undefined;
      this.finishWarnings();
    }
  }

  async #execute(line: string): Promise<string> {
    // Tables here show sentences, which may be in any script, and "±".
    await loadDisplayWidth();
    this.failures.length = 0;
    const text = line.trim();
    if (text === "" || text.startsWith("#")) return "";
    const match = /^(\S+)\s*(.*)$/s.exec(text)!;
    let [, name, rest] = match;
    if (/^\d+$/.test(name) && rest === "") {
      rest = name;
      name = "goto";
    }
    const command = findCommand(COMMANDS, name.toLowerCase());
    if (!command) {
      throw new UsageError(
        `Unknown command "${name}"; commands: ${Object.keys(COMMANDS).join(", ")} (help CMD)`,
      );
    }
    const args = rest === "" ? [] : rest.split(/\s+/);
    return await command.run(this, args, rest, COMMANDS);
  }

  /**
   * Completions of the last word of a partial command line: commands, metric ids, option
   * names (`METRIC.OPTION`), option values, system names and file paths. A unique completion
   * ends with a space, ready for the next word (but `METRIC.` and a folder's `/`).
   *
   * @example Usage
   * ```ts
   * import { Session } from "./session.ts";
   * import assert from "node:assert/strict";
   *
   * const session = new Session();
   * assert.deepEqual(session.complete("lo"), [["load "], "lo"]);
   * assert.deepEqual(session.complete("load h"), [["hyp "], "h"]);
   * assert.deepEqual(session.complete("score m2"), [["m2 "], "m2"]); // a metric id
   * ```
   *
   * @param line The line up to the cursor.
   * @returns The candidates and the word they complete.
   */
  complete(line: string): [string[], string] {
    const [candidates, word] = this.#candidates(line);
    return [candidates.length === 1 ? candidates.map(spaced) : candidates, word];
  }

  #candidates(line: string): [string[], string] {
    const words = line.trimStart().split(/\s+/);
    const word = words[words.length - 1];
    const filter = (all: Iterable<string>) => [...new Set(all)].filter((c) => c.startsWith(word));
    if (words.length === 1) return [filter(this.commandNames.map((c) => c + " ")), word];
    const name = words[0].toLowerCase();
    const command = findCommand(COMMANDS, name);
    const position = words.length - 1;
    const metricIds = this.registry.metrics.map((m) => m.id);
    const systemNames = this.systems.map((s) => s.name);
    const optionNames = this.registry.metrics.flatMap((m) =>
      Object.keys(m.defaults).map((o) => `${m.id}.${o}`)
    );
    let candidates: string[] = [];
    switch (command && canonical(COMMANDS, command)) {
      case "help":
        candidates = this.commandNames;
        break;
      case "load":
        if (position === 1) candidates = ["gold", "hyp", "plugin"];
        else return [completePath(word), word];
        break;
      case "align":
        candidates = position === 1 ? metricIds : systemNames;
        break;
      case "score":
      case "corpus":
        candidates = [...systemNames, ...metricIds];
        break;
      case "set":
      case "reset":
        if (position === 1) {
          candidates = word.includes(".")
            ? optionNames
            : [...metricIds.map((id) => `${id}.`), ...optionNames];
          return [filter(candidates), word];
        }
        if (position === 2 && canonical(COMMANDS, command!) === "set") {
          candidates = this.#valueCandidates(words[1]);
        }
        break;
      case "find":
        if (position === 1) candidates = ["diff", "disagree"];
        else if (words[1] === "diff") candidates = systemNames;
        else if (words[1] === "disagree") {
          candidates = position <= 3
            ? [...metricIds, ...metricIds.map((id) => `-${id}`)]
            : systemNames;
        }
        break;
    }
    return [filter(candidates), word];
  }

  /**
   * The `help` text: the command list, or one command's details.
   *
   * @param topic A command name or alias.
   * @returns The text.
   */
  help(topic?: string): string {
    return helpText(COMMANDS, topic);
  }

  #valueCandidates(dotted: string): string[] {
    const [id, name] = dotted.split(".", 2);
    if (!this.registry.hasMetric(id) || name === undefined) return [];
    const metric = this.registry.metric(id);
    if (!Object.hasOwn(metric.defaults, name)) return [];
    const spec = metric.optionSpecs?.[name];
    if (spec?.choices) return [...spec.choices];
    if (typeof (metric.defaults as Options)[name] === "boolean") return ["true", "false"];
    return [];
  }
}

/** A unique completion, with the space that ends a word (not after `METRIC.` or `folder/`). */
function spaced(candidate: string): string {
  return /[ ./]$/.test(candidate) ? candidate : candidate + " ";
}

function completePath(word: string): string[] {
  const slash = word.lastIndexOf("/");
  const dir = slash >= 0 ? word.slice(0, slash + 1) : "";
  const base = word.slice(slash + 1);
  const path = dir === "" ? "." : dir;
  try {
    if (Deno.permissions.querySync({ name: "read", path }).state !== "granted") return [];
    const out: string[] = [];
    for (const entry of Deno.readDirSync(path)) {
      if (!entry.name.startsWith(base)) continue;
      if (entry.name.startsWith(".") && !base.startsWith(".")) continue;
      out.push(dir + entry.name + (entry.isDirectory ? "/" : ""));
    }
    return out.sort();
  } catch {
    return [];
  }
}
