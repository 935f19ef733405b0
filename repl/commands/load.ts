/**
 * REPL commands that load things and list what is loaded: `load`, `systems`, `metrics`.
 *
 * @module
 */

import { UsageError } from "../../plugins/errors.ts";
import type { ReplCommand } from "../command.ts";
import { renderTable } from "../../render/text.ts";
import type { SessionState } from "../state.ts";

/** `load gold PATH | hyp PATH... | plugin SPEC`. */
export const loadCommand: ReplCommand = {
  usage: "gold PATH | hyp PATH... | plugin SPEC",
  summary: "load a gold file, system outputs (a system per file) or a plugin",
  details:
    `load gold PATH     a gold file in any registered format (picked by extension or content);
                   loaded systems of another length are unloaded
load hyp PATH...   system outputs, one pre-tokenized sentence per line, as many lines as the
                   gold has sentences, or hypothesis M2 files (the system's own edits, e.g.
                   from errant_parallel; needed by errant); a system's name is its file's
                   base name (reloading a file replaces it)
load plugin SPEC   a metric/format plugin: path, file: or https: URL, or npm: specifier`,
  run: (s, args) => {
    const [what, ...rest] = args;
    if (what === "gold" && rest.length === 1) return s.loadGold(rest[0]);
    if (what === "hyp" || what === "hyps") return s.loadHypotheses(rest);
    if (what === "plugin" && rest.length === 1) return s.loadPlugin(rest[0]);
    throw new UsageError("Usage: load gold PATH | load hyp PATH... | load plugin SPEC");
  },
};

/** `annotate [SYSTEM...]`. */
export const annotateCommand: ReplCommand = {
  usage: "[SYSTEM...]",
  summary: "extract typed edits of plain-text systems with gecscore's annotator (for errant)",
  details: `annotate [SYSTEM...]  give the named plain-text systems (default: all loaded) the edits
                      gecscore's ERRANT-style annotator extracts and types, so that errant
                      scores them and align errant shows them; signatures say edits:gecscore-*`,
  run: (s, args) => s.annotateSystems(args),
};

/** `systems`. */
export const systemsCommand: ReplCommand = {
  usage: "",
  summary: "list the loaded systems",
  run: (s) => systemsView(s),
};

/** `metrics`. */
export const metricsCommand: ReplCommand = {
  usage: "",
  summary: "registered metrics, their options, whether the gold serves them",
  run: (s) => metricsView(s),
};

/** `metrics` view. */
export function metricsView(state: SessionState): string {
  const rows = [["metric", "version", "headline", "status", "options"]];
  for (const metric of state.registry.metrics) {
    const options = state.options(metric);
    rows.push([
      metric.id,
      metric.version,
      metric.headline,
      state.gold ? state.unavailable(metric) ?? "ok" : `needs ${metric.needs.join(", ") || "-"}`,
      Object.entries(options).map(([k, v]) => `${k}=${v}`).join(" "),
    ]);
  }
  if (rows.length === 1) return "No metrics registered: load plugin SPEC";
  return renderTable(rows);
}

/** `systems` view. */
export function systemsView(state: SessionState): string {
  if (!state.systems.length) return "No systems loaded: load hyp PATH...";
  const gold = state.gold!;
  const rows = [["#", "system", "changed", "path"]];
  state.systems.forEach((s, k) => {
    const changed = s.sentences.filter((t, i) =>
      t.join(" ") !== gold.sentences[i].source.join(" ")
    ).length;
    rows.push([String(k + 1), s.name, String(changed), s.path]);
  });
  return renderTable(rows) + `\n(changed: sentences that differ from the source)`;
}
