/**
 * `gecscore list`: the registered metrics with their options, and the formats.
 *
 * @module
 */

import { parseCommandArgs } from "./args.ts";
import type { Command } from "./command.ts";
import type { AnyMetric } from "../plugins/types.ts";

function describeOption(metric: AnyMetric, name: string): string {
  const spec = metric.optionSpecs?.[name];
  const value = (metric.defaults as Record<string, unknown>)[name];
  const range = spec?.choices
    ? ` (${spec.choices.join("|")})`
    : spec?.min !== undefined || spec?.max !== undefined
    ? ` (${spec.min ?? ""}..${spec.max ?? ""})`
    : "";
  return `    ${metric.id}.${name}=${JSON.stringify(value)}${range}${
    spec ? `  ${spec.description}` : ""
  }`;
}

/** The `list` command. */
export const listCommand: Command = {
  summary: "list the registered metrics (with their options), formats and tokenizers",
  help: `Usage:
  gecscore list [--plugin SPEC]...

List every registered metric with its version and options (default values, allowed
values), every gold format with its file extensions, and every tokenizer.
`,
  run(args, { registry, io }) {
    const { values } = parseCommandArgs("list", {
      args,
      allowPositionals: false,
      options: {
        plugin: { type: "string", multiple: true },
        help: { type: "boolean", short: "h" },
      },
    });
    if (values.help) {
      io.out(this.help);
      return Promise.resolve(0);
    }
    const out = ["Metrics:"];
    for (const metric of registry.metrics) {
      out.push(
        `  ${metric.id} ${metric.version}: ${metric.description} (needs ${
          metric.needs.join(", ") || "nothing"
        }; headline ${metric.headline})`,
      );
      for (const name of Object.keys(metric.defaults)) out.push(describeOption(metric, name));
    }
    if (!registry.metrics.length) out.push("  (none)");
    out.push("", "Formats:");
    for (const format of registry.formats) {
      out.push(`  ${format.id} (${format.extensions.join(" ")}): ${format.description}`);
    }
    out.push("", "Tokenizers:");
    for (const tokenizer of registry.tokenizers) {
      out.push(`  ${tokenizer.id}: ${tokenizer.description}`);
    }
    if (!registry.tokenizers.length) out.push("  (none)");
    io.out(out.join("\n") + "\n");
    return Promise.resolve(0);
  },
};
