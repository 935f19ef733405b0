/**
 * `gecscore init-plugin DIR`: write a ready metric plugin folder: a twenty-line metric (a
 * per-sentence `measure()` and an aggregation, through `defineSimpleMetric`, as
 * `examples/token_f.ts`), a conformance-kit test, and a `deno.json` with tasks.
 * Its sources import this gecscore by URL (the URL it was run from), so the folder works
 * anywhere: `deno test` passes as generated and `gecscore score --plugin DIR/mod.ts` loads it.
 *
 * @module
 */

import { parseCommandArgs } from "./args.ts";
import type { Command } from "./command.ts";
import { InputError, UsageError } from "../plugins/errors.ts";
import { VERSION } from "../util/version.ts";
import { checkWritable, writeOutput } from "./write_output.ts";

/**
 * The URLs the generated plugin imports gecscore by: the public API and the test kit of the
 * copy this module belongs to.
 *
 * @example Usage
 * ```ts
 * import { gecscoreUrls } from "./init_plugin.ts";
 * import assert from "node:assert/strict";
 *
 * assert.match(gecscoreUrls().mod, /\/mod\.ts$/);
 * assert.match(gecscoreUrls().testkit, /\/plugins\/testkit\.ts$/);
 * ```
 *
 * @returns The two URLs.
 */
export function gecscoreUrls(): { mod: string; testkit: string } {
  return {
    mod: new URL("../mod.ts", import.meta.url).href,
    testkit: new URL("../plugins/testkit.ts", import.meta.url).href,
  };
}

/** The width the generated files are formatted for (their `deno.json` says so to `deno fmt`). */
const LINE_WIDTH = 100;

/**
 * `import { A, B } from "URL";` as `deno fmt` writes it: on one line when it fits, else one
 * name a line (the URL's length decides).
 */
function importLine(names: string[], url: string): string {
  const line = `import { ${names.join(", ")} } from "${url}";`;
  return line.length <= LINE_WIDTH
    ? line
    : `import {\n${names.map((n) => `  ${n},\n`).join("")}} from "${url}";`;
}

/**
 * The files of a new plugin folder, by name.
 *
 * @example Usage
 * ```ts
 * import { pluginFiles } from "./init_plugin.ts";
 * import assert from "node:assert/strict";
 *
 * const files = pluginFiles("my_overlap", { mod: "file:///g/mod.ts", testkit: "file:///g/t.ts" });
 * assert.deepEqual(Object.keys(files).sort(), ["README.md", "deno.json", "mod.ts", "mod_test.ts"]);
 * assert.match(files["mod.ts"], /id: "my_overlap"/);
 * assert.match(files["mod_test.ts"], /from "file:\/\/\/g\/t\.ts"/);
 * assert.match(files["mod.ts"], /type Tokens \} from "file:\/\/\/g\/plugins\/mod\.ts"/);
 * assert.match(files["mod.ts"], /import \{ prf \} from "file:\/\/\/g\/edits\/mod\.ts"/);
 * ```
 *
 * @param id The metric id.
 * @param urls Where gecscore's `mod.ts` and test kit are.
 * @returns File name to content.
 */
export function pluginFiles(
  id: string,
  urls: { mod: string; testkit: string },
): Record<string, string> {
  const at = (path: string) => new URL(path, urls.mod).href;
  const mod = `/**
 * The ${id} metric: the hypothesis' tokens against the closest reference (each reference
 * token matched once), counted as true positives, false positives and false negatives and
 * scored as precision, recall and F-beta. A twenty-line skeleton to make your own metric
 * from: \`measure()\` gives one sentence's counts, \`aggregate\` says how they become a score,
 * and \`defineSimpleMetric\` derives the rest (sentence and corpus scores, the signature,
 * columns, explanations, --ci, --paired and --ranks). Load it with
 * \`gecscore score --plugin ./mod.ts -m ${id} --gold GOLD.m2 SYSTEM\`.
 *
 * gecscore is imported by the URL of the copy that generated this folder (gecscore
 * ${VERSION}); point it at another copy or a published URL as you need.
 *
 * @module
 */

${importLine(["definePlugin", "defineSimpleMetric", "type Tokens"], at("plugins/mod.ts"))}
import { referenceRewrites } from "${at("formats/mod.ts")}";
import { prf } from "${at("edits/mod.ts")}";

/** Tokens of \`hypothesis\` matched in \`reference\` (each reference token once), and the rest. */
function counts(hypothesis: Tokens, reference: Tokens) {
  const left = [...reference];
  const tp = hypothesis.filter((t) => left.includes(t) && left.splice(left.indexOf(t), 1)).length;
  return { tp, fp: hypothesis.length - tp, fn: reference.length - tp };
}

/** The metric: counts against the closest reference (fewest tokens apart), F-beta of their sums. */
export const metric = defineSimpleMetric({
  id: "${id}",
  description: "Tokens matched in the closest reference: precision, recall and F-beta",
  defaults: { beta: 1 },
  needs: ["references"],
  headline: "f",
  measure: (gold, hypothesis) =>
    referenceRewrites(gold).map((reference) => counts(hypothesis, reference))
      .sort((a, b) => a.fp + a.fn - b.fp - b.fn)[0],
  aggregate: { counts: ["tp", "fp", "fn"], score: (c, o) => ({ ...prf(c, { beta: o.beta }) }) },
});

/** The plugin: its default export is what --plugin loads. */
export default definePlugin({ name: metric.id, version: "0.1.0", metrics: [metric] });
`;
  const test = `import assert from "node:assert/strict";
import { assertMetricConformance } from "${urls.testkit}";
import type { GoldSentence } from "${new URL("plugins/mod.ts", urls.mod).href}";
import plugin, { metric } from "./mod.ts";

const gold: GoldSentence[] = [
  { source: ["He", "go", "home", "."], references: [["He", "goes", "home", "."]] },
  {
    source: ["She", "like", "cat", "."],
    annotations: [{
      annotator: "0",
      edits: [
        { start: 1, end: 2, corrections: [["likes"]] },
        { start: 2, end: 3, corrections: [["cats"]] },
      ],
    }],
  },
  { source: ["Fine", "."], references: [["Fine", "."], ["It", "is", "fine", "."]] },
];
const hypotheses = [["He", "goes", "home", "."], ["She", "likes", "cat", "."], []];

Deno.test("${id} passes gecscore's conformance kit", (t) =>
  assertMetricConformance(t, metric, {
    gold,
    hypotheses,
    options: [{}, { beta: 0.5 }],
  }));

Deno.test("${id} scores from statistics alone", () => {
  const stats = gold.map((g, i) => metric.stats(g, hypotheses[i], metric.defaults));
  const score = metric.corpus(stats, metric.defaults);
  assert.equal(score.precision, 7 / 8);
  assert.equal(score.recall, 7 / 10);
  assert.equal(metric.signature(metric.defaults), \`\${metric.id}|beta:1|v:1.0\`);
  assert.equal(plugin.metrics?.[0], metric);
});
`;
  const config = JSON.stringify(
    {
      // No package name or exports: the folder is a plugin loaded by path (--plugin), not a
      // JSR package, whose lint would ask the short form for explicit types (no-slow-types).
      tasks: {
        test: "deno test",
        check: "deno check mod.ts mod_test.ts",
      },
      // The width the files are written for, so that `deno fmt --check` passes as generated.
      fmt: { lineWidth: LINE_WIDTH },
    },
    null,
    2,
  ) + "\n";
  const readme = `# ${id}

A gecscore metric plugin, generated by \`gecscore init-plugin\`.

\`\`\`sh
deno test                # the conformance kit and your tests
gecscore score --plugin ./mod.ts -m ${id},m2 --gold GOLD.m2 SYSTEM
gecscore repl --plugin ./mod.ts --gold GOLD.m2 SYSTEM     # then: score, align ${id}
\`\`\`

Edit \`measure()\` (what one sentence gives: a number, or counts) and \`aggregate\` (\`"sum"\`, \`"mean"\`,
or counts summed and then scored) in \`mod.ts\`; keep \`deno test\` green. A metric that needs more (its
own corpus rule, resampling or explanations) writes the full \`Metric\` with \`defineMetric\`.
`;
  return { "mod.ts": mod, "mod_test.ts": test, "deno.json": config, "README.md": readme };
}

/** The longest metric id: the generated lines that hold it stay within the line width. */
const MAX_ID = 40;

/** A word as a POSIX shell reads it: quoted when it holds anything but plain characters. */
function shellWord(word: string): string {
  return /^[\w./@%+=:,-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;
}

/** The `init-plugin` command. */
export const initPluginCommand: Command = {
  summary: "write a ready metric plugin folder (skeleton, conformance test, deno.json)",
  help: `Usage:
  gecscore init-plugin DIR [--id METRIC_ID]

Write a new metric plugin into DIR (created; it must be empty or absent): mod.ts (a metric in
twenty lines: what one sentence gives, and how sentences add up), mod_test.ts (gecscore's
conformance kit and a test of your own), deno.json (tasks) and README.md. The sources import this gecscore by URL,
so "deno test" passes in DIR as generated, and
  gecscore score --plugin DIR/mod.ts -m METRIC_ID --gold GOLD SYSTEM
scores with it. Needs --allow-write (and --allow-read) for DIR.

Options:
  --id ID      the metric id (default: DIR's name, in lower case with _)
  -h, --help   this help
`,
  async run(args, { io }) {
    const { values, positionals } = parseCommandArgs("init-plugin", {
      args,
      allowPositionals: true,
      options: { id: { type: "string" }, help: { type: "boolean", short: "h" } },
    });
    if (values.help) {
      io.out(this.help);
      return 0;
    }
    if (positionals.length !== 1) throw new UsageError("init-plugin: give one folder, DIR");
    const dir = positionals[0].replace(/[\\/]+$/, "") || positionals[0];
    const base = dir.split(/[\\/]/).pop() ?? "";
    const id = (values.id as string | undefined) ??
      (base.toLowerCase().replace(/[^a-z0-9_]+/g, "_").replace(/^[^a-z]+/, "").slice(0, MAX_ID) ||
        "my_metric");
    if (!/^[a-z][a-z0-9_-]*$/.test(id)) {
      throw new UsageError(
        `init-plugin: --id must start with a letter and hold lower case, digits, _ or -, got "${id}"`,
      );
    }
    if (id.length > MAX_ID) {
      throw new UsageError(
        `init-plugin: --id must be at most ${MAX_ID} characters, got ${id.length} ("${id}")`,
      );
    }
    try {
      if (!Deno.statSync(dir).isDirectory) {
        throw new InputError(`init-plugin: ${dir} is not a folder; give a new or empty folder`);
      }
    } catch (error) {
      if (!(error instanceof Deno.errors.NotFound)) throw error;
    }
    checkWritable(`${dir}/mod.ts`);
    try {
      for (const _ of Deno.readDirSync(dir)) {
        throw new InputError(`init-plugin: ${dir} is not empty; give a new or empty folder`);
      }
    } catch (error) {
      if (!(error instanceof Deno.errors.NotFound)) throw error;
    }
    await Deno.mkdir(dir, { recursive: true });
    const files = pluginFiles(id, gecscoreUrls());
    for (const [name, text] of Object.entries(files)) {
      await writeOutput(`${dir}/${name}`, text);
    }
    io.out(
      `Wrote ${Object.keys(files).map((f) => `${dir}/${f}`).join(", ")}\n` +
        // Both commands run in DIR, after the cd: the plugin is ./mod.ts there.
        `Next: cd ${
          shellWord(dir)
        } && deno test && gecscore score --plugin ./mod.ts -m ${id} --gold GOLD SYSTEM\n`,
    );
    return 0;
  },
};
