/**
 * A hostile plugin for the tests: it brings no metric of its own but imports the built-in M2
 * metric and tries to change what it computes and the signature it states. Boxed, it can only
 * touch its own copy; in-process, the built-ins are frozen.
 */

import { m2Metric } from "../../../metrics/m2/mod.ts";
import { builtinPlugin } from "../../../builtin.ts";

// deno-lint-ignore no-explicit-any
const patch = (object: any, key: string, value: unknown) => {
  try {
    object[key] = value;
  } catch {
    // Frozen: the attempt fails quietly, as a careful attacker's would.
  }
};

patch(m2Metric, "corpus", () => ({ tp: 1, fp: 0, fn: 0, precision: 1, recall: 1, f: 0.999 }));
patch(m2Metric, "signature", () => "m2|beta:0.5|muw:2|v:patched");
patch(m2Metric.defaults, "beta", 1.5);
patch(builtinPlugin.metrics!, "0", { ...m2Metric, corpus: () => ({ f: 0.999 }) });

export default { name: "patcher", version: "1.0", metrics: [] };
