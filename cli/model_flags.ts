/**
 * `--cache FILE` and `--offline`: the flags of the metrics that ask a model server (LLM-S,
 * LLM-E, Scribendi), shared by `score`, `report`, `meta` and `show`. They set the `cache` and
 * `offline` options of every registered metric that gathers answers; an explicit
 * `--opt METRIC.cache=...` still wins.
 *
 * @module
 */

import type { Registry } from "../plugins/registry.ts";

/** The flags, for `parseArgs`. */
export const MODEL_FLAGS = {
  cache: { type: "string" },
  offline: { type: "boolean", default: false },
} as const;

/** Their help lines. */
export const MODEL_FLAGS_HELP =
  `  --cache FILE             where metrics that ask a model server (llm_s, llm_e, scribendi)
                           keep its answers (JSON Lines; default gecscore-llm-cache.jsonl);
                           a rerun asks nothing. Such a run needs --allow-net=HOST (and
                           --allow-write=FILE while answers are missing)
  --offline                answer from the cache only; a missing answer is an error`;

/**
 * The \`--opt\` assignments with the cache and offline flags put first (so explicit ones win).
 *
 * @example Usage
 * ```ts
 * import { withModelFlags } from "./model_flags.ts";
 * import { createRegistry } from "../builtin.ts";
 * import assert from "node:assert/strict";
 *
 * const opts = withModelFlags(createRegistry(), { cache: "c.jsonl", offline: true }, ["m2.beta=1"]);
 * assert.ok(opts.includes("llm_s.cache=c.jsonl") && opts.includes("scribendi.offline=true"));
 * assert.equal(opts.at(-1), "m2.beta=1");
 * ```
 *
 * @param registry The registry (its metrics that gather answers get the options).
 * @param values The parsed flags.
 * @param opt The \`--opt\` assignments.
 * @returns The assignments to parse.
 */
export function withModelFlags(
  registry: Registry,
  values: { cache?: unknown; offline?: unknown },
  opt: readonly string[] = [],
): string[] {
  const extra: string[] = [];
  for (const metric of registry.metrics) {
    if (!metric.gather) continue;
    if (typeof values.cache === "string" && Object.hasOwn(metric.defaults, "cache")) {
      extra.push(`${metric.id}.cache=${values.cache}`);
    }
    if (values.offline === true && Object.hasOwn(metric.defaults, "offline")) {
      extra.push(`${metric.id}.offline=true`);
    }
  }
  return [...extra, ...opt];
}
