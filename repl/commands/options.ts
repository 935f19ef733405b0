/**
 * REPL commands on metric options: `set`, `reset`.
 *
 * @module
 */

import { UsageError } from "../../plugins/errors.ts";
import type { ReplCommand } from "../command.ts";

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
    if (!args.length) return s.describeOptions();
    let [target, value] = [args[0], args.slice(1).join(" ")];
    const eq = target.indexOf("=");
    if (eq >= 0) {
      value = rest.slice(rest.indexOf("=") + 1).trim();
      target = target.slice(0, eq);
    }
    const dot = target.indexOf(".");
    if (dot < 0) {
      if (value !== "" || eq >= 0) throw new UsageError("Usage: set METRIC.OPTION VALUE");
      return s.describeOptions(target);
    }
    const [id, name] = [target.slice(0, dot), target.slice(dot + 1)];
    if (value === "" && eq < 0) return s.describeOptions(id, name);
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
