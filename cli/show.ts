/**
 * `gecscore show`: every selected metric's explanation of one sentence.
 *
 * @module
 */

import { MODEL_FLAGS, MODEL_FLAGS_HELP, withModelFlags } from "./model_flags.ts";
import { PRESET_FLAG, PRESET_HELP, withPreset } from "./preset.ts";
import { parseCommandArgs, PLUGIN_HELP, splitList } from "./args.ts";
import type { Command } from "./command.ts";
import { checkGoldFlags, GOLD_FLAGS } from "./command_gold.ts";
import { READ_LIMIT_FLAGS, READ_LIMIT_HELP, readLimitsFromFlags } from "./limits.ts";
import { SYSTEM_FORMAT_FLAG, SYSTEM_FORMAT_HELP, systemFiles } from "./read_systems.ts";
import { loadDisplayWidth, renderExplanation } from "../render/text.ts";
import { WarningEcho } from "../render/warnings.ts";
import { UsageError } from "../plugins/errors.ts";
import { parseOptionAssignments } from "../plugins/options.ts";
import { explainSentence, gatherPlan, siteOf } from "../pipeline/engine.ts";
import { planFiles } from "../pipeline/run.ts";
import { planNotes } from "../pipeline/benchmarks.ts";

/** The `show` command. */
export const showCommand: Command = {
  summary: "show each metric's alignment and score for one sentence",
  help: `Usage:
  gecscore show --gold GOLD (HYP | --hyp-m2 SYS.m2) [--sentence N] [-m IDS]
                [--opt METRIC.NAME=VALUE]...
  gecscore show --src SRC --ref REF [--ref REF]... HYP [--sentence N] [-m IDS]...

Print the source, the hypothesis and every selected metric's explanation (chosen edits,
alignment, n-grams) for sentence N (1-based, default 1).

Options:
  --gold FILE              the gold file
  --gold-format ID         the gold's format (default: by name and content); see gecscore list
  --src FILE, --ref FILE   source and reference sentences (instead of --gold)
  --hyp-m2 FILE            the system as a hypothesis M2 (its edits; needed by errant)
${SYSTEM_FORMAT_HELP}
  --sentence N             the sentence, 1-based (default 1)
  -m, --metrics IDS        metrics to show (default: every metric the gold can serve)
  --opt METRIC.NAME=VALUE  a metric option, repeatable
${MODEL_FLAGS_HELP}
${PRESET_HELP}
  -q, --quiet              no warnings on stderr
${READ_LIMIT_HELP}
${PLUGIN_HELP}
  -h, --help               this help
`,
  async run(args, { registry, io }) {
    // Sentences are shown in tables of their own tokens, which may be any script.
    await loadDisplayWidth();
    const { values, tokens } = parseCommandArgs("show", {
      args,
      allowPositionals: true,
      tokens: true,
      options: {
        "hyp-m2": { type: "string", multiple: true },
        ...GOLD_FLAGS,
        ...SYSTEM_FORMAT_FLAG,
        quiet: { type: "boolean", short: "q", default: false },
        sentence: { type: "string", default: "1" },
        metrics: { type: "string", short: "m", multiple: true },
        opt: { type: "string", multiple: true },
        ...MODEL_FLAGS,
        ...PRESET_FLAG,
        ...PRESET_FLAG,
        plugin: { type: "string", multiple: true },
        help: { type: "boolean", short: "h" },
        ...READ_LIMIT_FLAGS,
      },
    });
    if (values.help) {
      io.out(this.help);
      return 0;
    }
    const limits = readLimitsFromFlags(values);
    checkGoldFlags("show", values);
    const files = systemFiles(tokens);
    if (files.length !== 1) {
      throw new UsageError("show: give exactly one system output (HYP or --hyp-m2 FILE)");
    }
    const { plan: planned } = await planFiles({
      registry,
      command: "show",
      gold: values.gold as string | undefined,
      goldFormat: values["gold-format"] as string | undefined,
      src: values.src as string | undefined,
      refs: (values.ref as string[] | undefined) ?? [],
      systems: files,
      systemFormat: values["system-format"] as string | undefined,
      metrics: splitList(values.metrics as string[] | undefined),
      options: parseOptionAssignments(
        withModelFlags(registry, values, withPreset(values, values.opt as string[] | undefined)),
      ),
      limits,
      onWarning: io.err,
    });
    // Metrics that ask a model server about this system's outputs ask now.
    const plan = await gatherPlan(planned!);
    const { gold, systems: [system] } = plan;
    const n = /^\d+$/.test(values.sentence as string) ? Number(values.sentence) : NaN;
    if (!Number.isInteger(n) || n < 1 || n > gold.sentences.length) {
      throw new UsageError(
        `show: --sentence must be a whole number from 1 to ${gold.sentences.length}, got ${values.sentence}`,
      );
    }
    const sentence = gold.sentences[n - 1];
    const hypothesis = system.sentences[n - 1];
    const parts = [
      [
        `Sentence ${n} of ${gold.sentences.length} (${gold.path})`,
        `source     : ${sentence.source.join(" ")}`,
        `hypothesis : ${hypothesis.join(" ")}  (${system.name})`,
      ].join("\n"),
    ];
    const warnings = new WarningEcho(io.err, values.quiet as boolean);
    for (const [k, metric] of plan!.metrics.entries()) {
      const options = plan!.options[k];
      const explanation = explainSentence(
        metric,
        siteOf(plan!, 0, k),
        sentence,
        hypothesis,
        options,
        n - 1,
        system.edits?.[n - 1],
      );
      warnings.echo(metric, explanation);
      parts.push(
        `== ${metric.id} (${metric.signature(options)})\n${renderExplanation(explanation)}`,
      );
    }
    warnings.finish();
    warnings.notes(planNotes(plan));
    io.out(parts.join("\n\n") + "\n");
    return 0;
  },
};
