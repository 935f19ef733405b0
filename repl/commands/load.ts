/**
 * REPL commands that load things and list what is loaded: `load`, `systems`, `metrics`.
 *
 * @module
 */

import { UsageError } from "../../plugins/errors.ts";
import type { ReplCommand } from "../command.ts";

/** `load gold PATH | hyp PATH... | plugin SPEC`. */
export const loadCommand: ReplCommand = {
  usage: "gold PATH | hyp PATH... | plugin SPEC",
  summary: "load a gold file, system outputs (a system per file) or a plugin",
  details:
    `load gold PATH     a gold file in any registered format (picked by extension or content);
                   loaded systems of another length are unloaded
load hyp PATH...   system outputs, one pre-tokenized sentence per line, as many lines as the
                   gold has sentences; a system's name is its file's base name (reloading a
                   file replaces it)
load plugin SPEC   a metric/format plugin: path, file: or https: URL, or npm: specifier`,
  run: (s, args) => {
    const [what, ...rest] = args;
    if (what === "gold" && rest.length === 1) return s.loadGold(rest[0]);
    if (what === "hyp" || what === "hyps") return s.loadHypotheses(rest);
    if (what === "plugin" && rest.length === 1) return s.loadPlugin(rest[0]);
    throw new UsageError("Usage: load gold PATH | load hyp PATH... | load plugin SPEC");
  },
};

/** `systems`. */
export const systemsCommand: ReplCommand = {
  usage: "",
  summary: "list the loaded systems",
  run: (s) => s.systemsTable(),
};

/** `metrics`. */
export const metricsCommand: ReplCommand = {
  usage: "",
  summary: "registered metrics, their options, whether the gold serves them",
  run: (s) => s.metricsTable(),
};
