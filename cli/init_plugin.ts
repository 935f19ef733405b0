/**
 * `gecscore init-plugin DIR`: write a ready metric plugin folder: a metric skeleton with its
 * statistics / corpus / sentence split, a conformance-kit test, and a `deno.json` with tasks.
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
 * `import type { A, B } from "URL";` as `deno fmt` writes it: on one line when it fits, else
 * one name a line (the URL's length decides).
 */
function typeImport(names: string[], url: string): string {
  const line = `import type { ${names.join(", ")} } from "${url}";`;
  return line.length <= LINE_WIDTH
    ? line
    : `import type {\n${names.map((n) => `  ${n},\n`).join("")}} from "${url}";`;
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
  const mod = `/**
 * The ${id} metric: unigram overlap with the closest reference (precision, recall, F1),
 * a skeleton to make your own metric from. Load it with
 * \`gecscore score --plugin ./mod.ts -m ${id} --gold GOLD.m2 SYSTEM\`.
 *
 * gecscore is imported by the URL of the copy that generated this folder (gecscore
 * ${VERSION}); point it at another copy or a published URL as you need.
 *
 * @module
 */

${typeImport(["GoldSentence", "Metric", "Plugin", "Tokens"], urls.mod)}
import { referenceRewrites } from "${new URL("formats/mod.ts", urls.mod).href}";
import { prf } from "${new URL("edits/mod.ts", urls.mod).href}";

/** Options: typed defaults, merged under what users give with --opt ${id}.NAME=VALUE. */
export type Options = {
  /** Compare tokens case-insensitively. */
  ignore_case: boolean;
};

/** Per-sentence sufficient statistics: plain JSON data, computed once per sentence. */
export interface Stats {
  /** Hypothesis tokens found in the chosen reference (with multiplicity). */
  matched: number;
  /** Hypothesis length. */
  hypothesis: number;
  /** Length of the chosen reference. */
  reference: number;
}

/** The score: computed from statistics alone. */
export interface Score {
  [key: string]: number;
  /** matched / hypothesis tokens. */
  precision: number;
  /** matched / reference tokens. */
  recall: number;
  /** Harmonic mean of the two (the headline). */
  f1: number;
}

function overlap(hypothesis: Tokens, reference: Tokens): number {
  const counts = new Map<string, number>();
  for (const token of reference) counts.set(token, (counts.get(token) ?? 0) + 1);
  let matched = 0;
  for (const token of hypothesis) {
    const left = counts.get(token) ?? 0;
    if (left > 0) matched++, counts.set(token, left - 1);
  }
  return matched;
}

function normalise(tokens: Tokens, options: Options): Tokens {
  return options.ignore_case ? tokens.map((t) => t.toLowerCase()) : tokens;
}

function references(gold: GoldSentence): Tokens[] {
  return gold.references ?? referenceRewrites(gold);
}

/** The metric. */
export const metric: Metric<Options, Stats, Score> = {
  id: "${id}",
  description: "Unigram overlap with the closest reference (F1)",
  version: "0.1.0",
  defaults: { ignore_case: false },
  optionSpecs: { ignore_case: { description: "Compare tokens case-insensitively" } },
  needs: ["references"],
  headline: "f1",
  columns: ["precision", "recall", "f1"],
  sentenceIsCorpusOfOne: true,
  stats(gold, hypothesis, options) {
    const hyp = normalise(hypothesis, options);
    let best: Stats | undefined;
    for (const reference of references(gold)) {
      const ref = normalise(reference, options);
      const s = { matched: overlap(hyp, ref), hypothesis: hyp.length, reference: ref.length };
      // The closest reference: most matches, then the shortest.
      if (
        !best || s.matched > best.matched ||
        (s.matched === best.matched && s.reference < best.reference)
      ) {
        best = s;
      }
    }
    return best ?? { matched: 0, hypothesis: hyp.length, reference: 0 };
  },
  corpus(stats) {
    const sum = (key: keyof Stats) => stats.reduce((n, s) => n + s[key], 0);
    const matched = sum("matched"), hypothesis = sum("hypothesis"), reference = sum("reference");
    // P = 1 with an empty hypothesis, R = 1 with an empty reference (the m2scorer's rules).
    const { precision, recall, f: f1 } = prf(
      { tp: matched, fp: hypothesis - matched, fn: reference - matched },
      { beta: 1 },
    );
    return { precision, recall, f1 };
  },
  sentence(stats, options) {
    return this.corpus([stats], options);
  },
  explain(gold, hypothesis, options) {
    const s = this.stats(gold, hypothesis, options);
    const score = this.sentence(s, options);
    const found = \`\${s.matched} of \${s.hypothesis} hypothesis tokens\`;
    return {
      summary: \`F1 \${score.f1.toFixed(4)}: \${found} in a reference of \${s.reference}\`,
      blocks: [{
        title: "References",
        table: [
          ["#", "matched", "reference"],
          ...references(gold).map((r, i) => [
            String(i + 1),
            String(overlap(normalise(hypothesis, options), normalise(r, options))),
            r.join(" "),
          ]),
        ],
      }],
    };
  },
  signature(options) {
    const casing = options.ignore_case ? "no" : "yes";
    return \`${id}|case:\${casing}|v:0.1.0\`;
  },
};

/** The plugin: its default export is what --plugin loads. */
const plugin: Plugin = {
  name: "${id}",
  version: "0.1.0",
  metrics: [metric],
};
export default plugin;
`;
  const test = `import assert from "node:assert/strict";
import { assertMetricConformance } from "${urls.testkit}";
import type { GoldSentence } from "${urls.mod}";
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
    options: [{}, { ignore_case: true }],
  }));

Deno.test("${id} scores from statistics alone", () => {
  const stats = gold.map((g, i) => metric.stats(g, hypotheses[i], metric.defaults));
  const score = metric.corpus(stats, metric.defaults);
  assert.equal(score.precision, 7 / 8);
  assert.equal(score.recall, 7 / 10);
  assert.equal(plugin.metrics?.[0], metric);
});
`;
  const config = JSON.stringify(
    {
      name: `@local/${id.replace(/_/g, "-")}`,
      version: "0.1.0",
      exports: "./mod.ts",
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

Edit \`stats()\` (per-sentence statistics), \`corpus()\` and \`sentence()\` (scores from statistics only)
in \`mod.ts\`; keep \`deno test\` green.
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

Write a new metric plugin into DIR (created; it must be empty or absent): mod.ts (a metric
with its statistics / corpus / sentence split), mod_test.ts (gecscore's conformance kit and a
test of your own), deno.json (tasks) and README.md. The sources import this gecscore by URL,
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
