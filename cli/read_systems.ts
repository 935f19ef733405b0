/**
 * Reading the system outputs a command scores.
 *
 * @module
 */

import { sourceMismatches } from "../formats/hypothesis_m2.ts";
import { UsageError } from "../plugins/errors.ts";
import type { Registry } from "../plugins/registry.ts";
import type { GoldCorpus, Hypotheses, ReadLimits } from "../plugins/types.ts";
import { readSystem } from "../pipeline/read_system.ts";
import { isOwnFormat } from "../pipeline/own_formats.ts";
import { registry as defaultRegistry } from "../builtin.ts";
import type { Io } from "./command.ts";
import { annotatePlainSystems } from "../pipeline/annotate_systems.ts";

/**
 * A system file: its format picked from its name and content (`--system-format` names it
 * for every positional file), or a hypothesis M2 (`--hyp-m2`).
 */
export interface SystemFile {
  /** The file. */
  path: string;
  /** True for a hypothesis M2 (the system's own edits). */
  m2: boolean;
}

/** The `--system-format` flag, for `parseArgs`. */
export const SYSTEM_FORMAT_FLAG = { "system-format": { type: "string" } } as const;

/** Its help line. */
export const SYSTEM_FORMAT_HELP =
  "  --system-format ID       the format of the system files given as HYP (default: by name\n" +
  "                           and content, else plain text); see gecscore list";

/**
 * The system files of a command, in command-line order: positionals (plain text) and the
 * values of `--hyp-m2` (hypothesis M2), from `parseArgs` tokens.
 *
 * @example Usage
 * ```ts
 * import { systemFiles } from "./read_systems.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(systemFiles([
 *   { kind: "option", name: "hyp-m2", value: "a.m2" },
 *   { kind: "positional", value: "b.txt" },
 * ]), [{ path: "a.m2", m2: true }, { path: "b.txt", m2: false }]);
 * ```
 *
 * @param tokens The parsed tokens.
 * @returns The files.
 */
export function systemFiles(
  tokens: readonly { kind: string; name?: string; value?: string }[],
): SystemFile[] {
  const files: SystemFile[] = [];
  for (const token of tokens) {
    if (token.kind === "positional") files.push({ path: token.value!, m2: false });
    else if (token.kind === "option" && token.name === "hyp-m2") {
      files.push({ path: token.value!, m2: true });
    }
  }
  return files;
}

/**
 * Read system outputs, one per file, each with as many lines as the gold has sentences (or,
 * for a hypothesis M2, as many sentences); two files with one base name are a usage error. A
 * hypothesis M2 whose sources differ from the gold's gets a warning on `io.err` (its edits
 * apply to its own sources).
 *
 * @example Usage
 * ```ts
 * import { readSystems } from "./read_systems.ts";
 * import { readGold } from "../builtin.ts";
 * import assert from "node:assert/strict";
 *
 * const gold = await readGold("tests/testdata/m2scorer_example.m2");
 * const [system] = await readSystems(["tests/testdata/m2scorer_example_system"], gold);
 * assert.equal(system.name, "m2scorer_example_system");
 * ```
 *
 * @param files The files: paths of plain-text outputs, or {@linkcode SystemFile}s.
 * @param gold The gold they answer.
 * @param io Where warnings go (none when omitted).
 * @param limits Read limits (defaults for what is not given).
 * @returns The systems, in order.
 */
export async function readSystems(
  files: readonly (string | SystemFile)[],
  gold: GoldCorpus,
  io?: Pick<Io, "err">,
  limits?: Partial<ReadLimits>,
  how: { registry?: Registry; format?: string } = {},
): Promise<Hypotheses[]> {
  const systems: Hypotheses[] = [];
  for (const file of files) {
    const { path, m2 } = typeof file === "string" ? { path: file, m2: false } : file;
    const hyp = await readSystem(path, {
      registry: how.registry ?? defaultRegistry,
      format: m2 ? "m2" : how.format,
      expected: gold.sentences.length,
      limits,
    });
    const differ = hyp.edits && hyp.sources
      ? sourceMismatches(hyp.sources, gold.sentences.map((s) => s.source))
      : [];
    if (differ.length && io) {
      const first = differ[0];
      io.err(
        `gecscore: warning: ${path}:${hyp.lines?.[first]}: the source of sentence ${
          first + 1
        } differs from the gold's${
          differ.length > 1 ? ` (and ${differ.length - 1} more)` : ""
        }; its edits are applied to the hypothesis file's own source\n`,
      );
    }
    const { format, ...system } = hyp;
    // A plugin's format (named by the user) is stated in the signatures (metricResult()).
    systems.push(isOwnFormat(format) ? system : Object.assign(system, { format }));
  }
  const names = new Set<string>();
  for (const s of systems) {
    if (names.has(s.name)) {
      throw new UsageError(`Two systems are named ${s.name}: give files distinct base names`);
    }
    names.add(s.name);
  }
  return systems;
}

/**
 * The systems, with edits from gecscore's annotator for the plain-text ones when one of the
 * metrics named on the command line compares edits (ERRANT). Metrics picked by default do not
 * trigger it, so a plain `score` never loads the annotator.
 *
 * @example Nothing to do without a named edit metric
 * ```ts
 * import { withAnnotatorEdits } from "./read_systems.ts";
 * import { createRegistry } from "../builtin.ts";
 * import assert from "node:assert/strict";
 *
 * const gold = { path: "g", format: "text", sentences: [{ source: ["a"], references: [["a"]] }] };
 * const systems = [{ name: "s", path: "s", sentences: [["b"]] }];
 * const same = await withAnnotatorEdits(createRegistry(), gold, systems, ["gleu"]);
 * assert.equal(same[0].edits, undefined);
 * ```
 *
 * @param registry The registry the metrics come from.
 * @param gold The gold corpus.
 * @param systems The systems.
 * @param ids The metric ids named on the command line (empty: the defaults).
 * @returns The systems, annotated where needed.
 */
export function withAnnotatorEdits(
  registry: Registry,
  gold: GoldCorpus,
  systems: Hypotheses[],
  ids: readonly string[] | undefined,
): Promise<Hypotheses[]> {
  const named = registry.metrics.filter((m) => ids?.includes(m.id));
  return annotatePlainSystems(gold, systems, named);
}
