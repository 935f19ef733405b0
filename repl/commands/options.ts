/**
 * REPL commands on metric options: `set`, `reset`.
 *
 * @module
 */

import { UsageError } from "../../plugins/errors.ts";
import type { ReplCommand } from "../command.ts";
import type { Options } from "../../plugins/types.ts";
import { renderTable } from "../../render/text.ts";
import { type SessionState, unknownOption } from "../state.ts";

/** `set [METRIC[.OPTION] [VALUE]]`. */
export const setCommand: ReplCommand = {
  aliases: ["opt"],
  usage: "[METRIC[.OPTION] [VALUE]]",
  summary: "show or change metric options (set METRIC.OPTION VALUE)",
  details: `set                      every option with its value, default and allowed values
set METRIC               that metric's options
set METRIC.OPTION VALUE  change one (also METRIC.OPTION=VALUE); scores use it from now on
Option names come from each metric's defaults (see metrics).`,
  run: (s, args, rest) => {
    if (!args.length) return describeOptions(s);
    let [target, value] = [args[0], args.slice(1).join(" ")];
    const eq = target.indexOf("=");
    if (eq >= 0) {
      value = rest.slice(rest.indexOf("=") + 1).trim();
      target = target.slice(0, eq);
    }
    const dot = target.indexOf(".");
    if (dot < 0) {
      if (value !== "" || eq >= 0) throw new UsageError("Usage: set METRIC.OPTION VALUE");
      return describeOptions(s, target);
    }
    const [id, name] = [target.slice(0, dot), target.slice(dot + 1)];
    if (value === "" && eq < 0) return describeOptions(s, id, name);
    const metric = s.registry.metric(id);
    const before = s.options(metric)[name];
    const typed = s.setOption(id, name, value);
    return `${id}.${name} = ${typed} (was ${before}); ${metric.signature(s.options(metric))}`;
  },
};

/** `reset [METRIC[.OPTION]]`. */
export const resetCommand: ReplCommand = {
  usage: "[METRIC[.OPTION]]",
  summary: "put options back to their defaults",
  run: (s, args) => {
    if (!args.length) return s.resetOptions();
    const [id, name] = args[0].split(".", 2);
    return s.resetOptions(id, name);
  },
};

/** `set` view of one option or all. */
export function describeOptions(state: SessionState, metricId?: string, name?: string): string {
  const metrics = metricId ? [state.registry.metric(metricId)] : state.registry.metrics;
  const rows = [["option", "value", "default", "allowed", "description"]];
  for (const metric of metrics) {
    const options = state.options(metric);
    for (const [key, def] of Object.entries(metric.defaults as Options)) {
      if (name !== undefined && key !== name) continue;
      const spec = metric.optionSpecs?.[key];
      const allowed = spec?.choices
        ? spec.choices.join("|")
        : typeof def === "boolean"
        ? "true|false"
        : spec?.min !== undefined || spec?.max !== undefined
        ? `${spec?.min ?? ""}..${spec?.max ?? ""}${spec?.integer ? " (whole)" : ""}`
        : typeof def;
      rows.push([
        `${metric.id}.${key}`,
        String(options[key]),
        String(def),
        allowed,
        spec?.description ?? "",
      ]);
    }
  }
  if (name !== undefined && rows.length === 1) throw unknownOption(metrics[0], name);
  return rows.length === 1 ? "No options" : renderTable(rows);
}
