/**
 * The layering of ARCHITECTURE.md, checked on the import graph of every source file (tests
 * and benches excepted): imports point down the layers (or stay in their folder), there are
 * no import circles, `plugins/` imports nothing outside itself, `sandbox/` nothing but
 * `plugins/`, `edits/` only `plugins/` and `util/`, metric folders do not import each other,
 * faces (report, CLI, REPL) do not import metrics, no metric imports the annotator, outside
 * `metrics/` only `builtin.ts` imports a metric (a language pack: only a metric's public entry),
 * language packs import only public entry points, the REPL does not import the CLI (both render
 * through `render/`), library layers never print, exit or read `Deno.args`, and every package is
 * named with its version in the source (`npm:name@x.y.z`) or is a `node:` module. The run
 * model: faces import no streaming or worker module (the report may use workers) and never the
 * annotator, call no metric member themselves, and only the planner (`pipeline/scoring.ts`)
 * resolves or prepares options.
 *
 * @module
 */

import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";

/** A layer: the files under `paths` (a folder ending in `/`, or one root file). */
interface Layer {
  name: string;
  /** Higher imports lower; equal levels only within the same layer. */
  level: number;
  paths: string[];
  /** Library code: may not import cli/ or repl/, nor print, exit or read Deno.args. */
  library: boolean;
  /** Lower layers it may still not import. */
  never?: string[];
  /** The only layers it may import (besides itself); non-relative imports must be `node:`. */
  only?: string[];
}

/** Faces (report, CLI, REPL) see metrics only through the registry (`builtin.ts`). */
const FACE_NEVER = ["metrics"];

/** The layers, lowest first (ARCHITECTURE.md). Folders that do not exist yet are placed. */
export const LAYERS: Layer[] = [
  { name: "plugins", level: 0, paths: ["plugins/"], library: true },
  // The checked metric calls (a fault named by plugin, metric, system and sentence), run by the
  // engine and inside the box alike. Imports only plugins/.
  { name: "checked", level: 0.5, paths: ["checked/"], library: true },
  // Running plugins: the loader, the worker box. Imports only plugins/ and checked/.
  { name: "sandbox", level: 1, paths: ["sandbox/"], library: true },
  // The package manifest is data util/version.ts reads the version from.
  { name: "util", level: 2, paths: ["util/", "deno.json"], library: true },
  // The shared edit layer under the metrics: imports only plugins/, util/ and node:.
  { name: "edits", level: 3, paths: ["edits/"], library: true, only: ["plugins", "util"] },
  { name: "stats", level: 4, paths: ["stats/"], library: true },
  { name: "formats", level: 5, paths: ["formats/"], library: true },
  // The ERRANT-style annotator: above edits/ and formats/, below what turns plain system
  // outputs into edits (the engine, builtin's commands); metrics never need it.
  { name: "annotator", level: 5.5, paths: ["annotator/"], library: true },
  // Metrics never need the annotator: the engine gives edit-comparing metrics their edits.
  { name: "metrics", level: 6, paths: ["metrics/"], library: true, never: ["annotator"] },
  { name: "pipeline", level: 7, paths: ["pipeline/"], library: true, never: ["metrics"] },
  { name: "meta", level: 8, paths: ["meta/"], library: true },
  // Text for the CLI, the REPL and the report: tables, numbers, intervals, warnings.
  { name: "render", level: 9, paths: ["render/"], library: true, never: FACE_NEVER },
  { name: "builtin", level: 10, paths: ["builtin.ts"], library: true },
  { name: "report", level: 11, paths: ["report/"], library: true, never: FACE_NEVER },
  { name: "mod", level: 12, paths: ["mod.ts"], library: true },
  // Language packs: written as a third party would, on the public entry points only (PUBLIC).
  // A pack may import a metric's public entry (`metrics/gleu/mod.ts`), nothing else of metrics/.
  { name: "langs", level: 12.5, paths: ["langs/"], library: true },
  { name: "cli", level: 13, paths: ["cli/"], library: false, never: FACE_NEVER },
  // The REPL shares rendering with the CLI through render/, never through cli/.
  { name: "repl", level: 14, paths: ["repl/"], library: false, never: [...FACE_NEVER, "cli"] },
  { name: "entry", level: 15, paths: ["cli.ts", "repl.ts"], library: false, never: FACE_NEVER },
  { name: "examples", level: 16, paths: ["examples/"], library: false },
];

/** The public entry points: the targets of `deno.json` `exports` (what a third party imports). */
export const PUBLIC: ReadonlySet<string> = new Set(
  Object.values(
    (JSON.parse(Deno.readTextFileSync(new URL("../deno.json", import.meta.url))) as {
      exports: Record<string, string>;
    }).exports,
  ).map((p) => p.replace(/^\.\//, "")),
);

/** The pack folder of a `langs/` path (`langs/zh/`), or `langs/` for the list of packs. */
function packOf(path: string): string {
  const m = /^langs\/([^/]+)\//.exec(path);
  return m ? `langs/${m[1]}/` : "langs/";
}

/**
 * Layers that import only `node:` and the layers listed (the contract, the checked calls, and the
 * box that runs plugins).
 */
const SEALED: Record<string, string[]> = {
  plugins: ["plugins"],
  checked: ["plugins"],
  sandbox: ["plugins", "checked"],
};

/** What a sealed layer may import, in words. */
const sealedText = (name: string) => SEALED[name].map((l) => `${l}/`).join(" and ");

/** Layers that may import `metrics/` (besides the metrics themselves): the composition root. */
const METRIC_IMPORTERS = new Set(["metrics", "builtin", "langs"]);

/** A package named the way a run can fetch it alone: `node:x`, or `npm:name@x.y.z[/path]`. */
const PINNED = /^(node:[\w/]+|npm:(@[\w.-]+\/)?[\w.-]+@\d+\.\d+\.\d+(-[\w.]+)?(\/\S*)?)$/;
/** The faces: they build a plan and render its results (ARCHITECTURE.md, "One run model"). */
const FACES = new Set(["cli", "repl", "entry", "report"]);

/**
 * What no face imports: the streams, the annotator and the step that calls it (the planner
 * derives inputs and the executor streams). The worker pools too, except for the report,
 * whose page overlaps its scoring with resampling on workers (`report/report_input.ts`).
 */
const FACE_NEVER_IMPORTS: { pattern: RegExp; what: string; except?: string[] }[] = [
  { pattern: /^pipeline\/stream[^/]*\.ts$/, what: "a streaming module" },
  { pattern: /^(annotator\/|pipeline\/annotate_systems\.ts$)/, what: "the annotator" },
  {
    pattern: /^pipeline\/(parallel|bootstrap_pool|bootstrap_worker)\.ts$/,
    what: "a worker module",
    except: ["report"],
  },
];

/** Options are resolved and prepared by the planner alone. */
const PLANNER = "pipeline/scoring.ts";
/** Where that is checked: the engine and everything above it (metrics and plugins excepted). */
const PLANNED = new Set(["pipeline", "meta", "render", "report", "cli", "repl", "entry"]);
const RESOLVES = /\bresolveOptions\(|\.prepare\(|\bprepare\?\.\(/;

/**
 * A face calling a metric member itself (statistics, scores, explanations, folds, preparing);
 * faces go through the engine's checked calls. `state.explain(...)` is the REPL's own method.
 * `cli/init_plugin.ts` writes a plugin's source and tries the plugin it wrote.
 */
const METRIC_CALL =
  /(?<!\bstate)\.(?:stats|corpus|sentence|explain|accumulator|resampler|prepare)(?:\?\.)?\(\s*[^)\s]/;
const METRIC_CALL_EXCEPT = new Set(["cli/init_plugin.ts"]);

/**
 * The drop-in commands that score through the run model: the runner `builtin.ts` gives them
 * (`pipeline/drop_in.ts`) reads the files, resolves the options and runs the metric with the
 * executor's checked calls; they resolve no options, call no metric member and read no file
 * themselves. (`errant_compare` reads hypotheses with several coders, which a plan's system
 * cannot hold, in ERRANT's own block reading; Koyama's GLEU drop-ins read their own layouts:
 * both still score by themselves.)
 */
const DROP_INS = new Set(["metrics/m2/m2scorer.ts"]);

/** What library code may not contain (outside comments). */
const FORBIDDEN = [/\bconsole\./, /\bDeno\.exit\b/, /\bDeno\.args\b/];

/**
 * The entry point of a boxed plugin's own process (`deno run sandbox/box_child.ts`, started by
 * `sandbox/process_box.ts`): a program of its own, which must end its process when the host
 * goes away, whatever the plugin's threads are doing (Deno cannot end a busy worker).
 */
const EXIT_EXCEPT = new Set(["sandbox/box_child.ts"]);

/** One source file: its repository path, its code, and the specifiers it imports. */
export interface SourceFile {
  path: string;
  code: string;
  imports: string[];
}

/** The layer of a repository path, or undefined. */
export function layerOf(path: string): Layer | undefined {
  return LAYERS.find((l) => l.paths.some((p) => p.endsWith("/") ? path.startsWith(p) : path === p));
}

/** Code without comments (strings are kept; a comment opener inside a string is rare here). */
export function stripComments(code: string): string {
  return code.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");
}

/** The specifiers of `import ... from`, `export ... from`, `import "x"` and `import("x")`. */
export function importSpecifiers(code: string): string[] {
  const plain = stripComments(code);
  const out: string[] = [];
  const patterns = [
    /(?:^|[;\n])\s*(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?["']([^"']+)["']/g,
    /\bimport\(\s*["']([^"']+)["']\s*\)/g,
  ];
  for (const pattern of patterns) {
    for (const m of plain.matchAll(pattern)) out.push(m[1]);
  }
  return out;
}

/** Resolve a relative specifier against the importing file (repository paths). */
export function resolve(from: string, specifier: string): string {
  const parts = from.split("/").slice(0, -1);
  for (const part of specifier.split("/")) {
    if (part === "..") parts.pop();
    else if (part !== ".") parts.push(part);
  }
  return parts.join("/");
}

/** Every rule broken by a set of files, one sentence each (empty when all hold). */
export function violations(files: SourceFile[], publicEntries = PUBLIC): string[] {
  const problems: string[] = [];
  const edges = new Map<string, string[]>();
  for (const file of files) {
    const layer = layerOf(file.path);
    if (!layer) {
      problems.push(`${file.path}: in no layer; place its folder in LAYERS and ARCHITECTURE.md`);
      continue;
    }
    const targets: string[] = [];
    for (const spec of file.imports) {
      if (!spec.startsWith(".")) {
        // A template literal that writes an import for another program (init-plugin) is not one.
        if (!PINNED.test(spec) && !spec.includes("${")) {
          problems.push(
            `${file.path}: imports "${spec}"; a package is node:NAME or npm:NAME@X.Y.Z, in the source`,
          );
        }
        if (SEALED[layer.name] && !spec.startsWith("node:")) {
          problems.push(
            `${file.path}: ${layer.name}/ imports "${spec}" from outside ${sealedText(layer.name)}`,
          );
        }
        if (layer.only && !spec.startsWith("node:")) {
          problems.push(`${file.path}: ${layer.name}/ imports "${spec}"; it may import only node:`);
        }
        continue;
      }
      const target = resolve(file.path, spec);
      targets.push(target);
      const to = layerOf(target);
      if (!to) {
        problems.push(`${file.path}: imports ${target}, which is in no layer`);
        continue;
      }
      if (
        SEALED[layer.name] && !SEALED[layer.name].includes(to.name) && to.name !== layer.name
      ) {
        problems.push(
          `${file.path}: ${layer.name}/ imports ${target} from outside ${sealedText(layer.name)}`,
        );
      }
      if (layer.library && (to.name === "cli" || to.name === "repl" || to.name === "entry")) {
        problems.push(`${file.path}: library code imports ${target} (CLI/REPL)`);
      }
      if (to.level > layer.level || (to.level === layer.level && to.name !== layer.name)) {
        problems.push(
          `${file.path}: imports ${target} from a higher layer (${layer.name} -> ${to.name})`,
        );
      }
      if (layer.only && to.name !== layer.name && !layer.only.includes(to.name)) {
        problems.push(
          `${file.path}: ${layer.name}/ may import only ${
            layer.only.map((l) => `${l}/`).join(" and ")
          } (${target})`,
        );
      }
      if (layer.never?.includes(to.name)) {
        problems.push(`${file.path}: ${layer.name}/ may not import ${to.name}/ (${target})`);
      } else if (
        to.name === "metrics" && !METRIC_IMPORTERS.has(layer.name) && layer.level > to.level
      ) {
        problems.push(`${file.path}: only builtin.ts imports metrics/ (${target})`);
      }
      if (
        layer.name === "langs" && !publicEntries.has(target) &&
        !(to.name === "langs" && (packOf(target) === packOf(file.path) ||
          (file.path === "langs/mod.ts" && /^langs\/[^/]+\/mod\.ts$/.test(target))))
      ) {
        problems.push(`${file.path}: a language pack imports ${target}, not a public entry point`);
      }
      if (FACES.has(layer.name)) {
        for (const rule of FACE_NEVER_IMPORTS) {
          if (rule.pattern.test(target) && !rule.except?.includes(layer.name)) {
            problems.push(`${file.path}: a face imports ${rule.what} (${target})`);
          }
        }
      }
      if (DROP_INS.has(file.path) && to.name === "formats") {
        problems.push(`${file.path}: a drop-in reads files itself (${target}); its runner does`);
      }
      const [a, b] = [file.path, target].map((p) => /^metrics\/([^/]+)\//.exec(p)?.[1]);
      if (a && b && a !== b) {
        problems.push(`${file.path}: metric ${a} imports metric ${b} (${target})`);
      }
    }
    edges.set(file.path, targets);
    const code = stripComments(file.code);
    if (PLANNED.has(layer.name) && file.path !== PLANNER && RESOLVES.test(code)) {
      problems.push(`${file.path}: resolves or prepares metric options (only ${PLANNER} does)`);
    }
    if (DROP_INS.has(file.path) && RESOLVES.test(code)) {
      problems.push(`${file.path}: a drop-in resolves metric options (its runner's planner does)`);
    }
    if (DROP_INS.has(file.path) && METRIC_CALL.test(code)) {
      problems.push(`${file.path}: a drop-in calls a metric member (its runner's engine does)`);
    }
    if (FACES.has(layer.name) && !METRIC_CALL_EXCEPT.has(file.path) && METRIC_CALL.test(code)) {
      problems.push(`${file.path}: a face calls a metric member (go through pipeline/engine.ts)`);
    }
    if (layer.library) {
      const code = stripComments(file.code);
      for (const pattern of FORBIDDEN) {
        if (pattern.source.includes("exit") && EXIT_EXCEPT.has(file.path)) continue;
        if (pattern.test(code)) {
          problems.push(`${file.path}: library code uses ${pattern.source.replace(/\\b|\\/g, "")}`);
        }
      }
    }
  }
  problems.push(...cycles(edges).map((c) => `import circle: ${c.join(" -> ")}`));
  return problems;
}

/** The import circles of a graph, each as the path that closes it (first file repeated). */
export function cycles(edges: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, "open");
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      if (state.get(next) === "open") found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, "done");
  };
  for (const node of [...edges.keys()].sort()) if (!state.has(node)) visit(node);
  return found;
}

const ROOT = fileURLToPath(new URL("../", import.meta.url));

async function sourceFiles(dir = ""): Promise<SourceFile[]> {
  const out: SourceFile[] = [];
  for await (const entry of Deno.readDir(ROOT + (dir || "."))) {
    const path = dir + entry.name;
    if (entry.name.startsWith(".") || ["tests", "bench", "node_modules"].includes(path)) continue;
    if (entry.isDirectory) out.push(...await sourceFiles(path + "/"));
    else if (path.endsWith(".ts") && !path.endsWith("_test.ts")) {
      const code = await Deno.readTextFile(ROOT + path);
      out.push({ path, code, imports: importSpecifiers(code) });
    }
  }
  return out;
}

Deno.test("violations() finds none in the repository's import graph", async () => {
  const files = await sourceFiles();
  const builtin = files.find((f) => f.path === "builtin.ts");
  assert.ok(builtin?.imports.includes("./metrics/m2/mod.ts"), "imports not read");
  assert.deepEqual(violations(files), []);
});

Deno.test("importSpecifiers() reads imports and re-exports, not comments", () => {
  const code = `import { a } from "./a.ts";
import type {
  B,
  c,
} from "../b.ts";
export { d } from "./d.ts";
export type * from "./e.ts";
import "./side.ts";
const f = await import("./f.ts");
/** import { g } from "./g.ts"; */
// import { h } from "./h.ts";
`;
  assert.deepEqual(importSpecifiers(code), [
    "./a.ts",
    "../b.ts",
    "./d.ts",
    "./e.ts",
    "./side.ts",
    "./f.ts",
  ]);
});

Deno.test("violations() catches planted violations in a fake graph", () => {
  const file = (path: string, imports: string[], code = "") => ({ path, imports, code });
  // As if a metric had a public entry of its own (a subpath in deno.json).
  const entries = new Set([...PUBLIC, "metrics/gleu/mod.ts"]);
  const problems = violations([
    file("plugins/types.ts", ["../cli/render.ts", "npm:left-pad@1.3.0"]),
    file("formats/m2.ts", ["../metrics/m2/mod.ts"], 'console.error("hi");'),
    file("metrics/m2/mod.ts", ["../gleu/mod.ts"]),
    file("metrics/gleu/mod.ts", []),
    file("util/a.ts", ["./b.ts"], "Deno.exit(1); // console.log is fine in a comment"),
    file("util/b.ts", ["./a.ts"]),
    file("stats/t.ts", ["../util/a.ts"]),
    file("util/c.ts", ["../stats/t.ts"]),
    file("pipeline/x.ts", ["../repl/state.ts", "../metrics/gleu/mod.ts"], "const a = Deno.args;"),
    file("cli/render.ts", []),
    file("repl/state.ts", ["../cli/render.ts"]),
    file("render/text.ts", ["../metrics/m2/mod.ts"]),
    file("weird/x.ts", []),
    file("sandbox/host.ts", ["../plugins/types.ts", "../util/files.ts", "npm:left-pad@1.3.0"]),
    file("edits/apply.ts", ["../plugins/types.ts", "../util/a.ts", "npm:diff@5.0.0"]),
    file("edits/chunk.ts", ["../stats/t.ts", "./apply.ts"]),
    file("report/m2_edits.ts", ["../metrics/m2/mod.ts", "../builtin.ts"]),
    file("builtin.ts", []),
    file("cli/m2scorer.ts", ["../metrics/m2/mod.ts"]),
    file("langs/zh/mod.ts", ["../../mod.ts", "../../formats/m2.ts", "./align.ts", "../xx/a.ts"]),
    file("langs/zh/align.ts", []),
    file("langs/xx/a.ts", []),
    file("checked/guard.ts", ["../util/a.ts"]),
    file("util/d.ts", ["left-pad", "npm:left-pad", "npm:left-pad@^1.3.0", "node:fs"]),
    file("metrics/gleu/x.ts", ["../../annotator/annotate.ts"]),
    file("annotator/annotate.ts", []),
    file("meta/x.ts", ["../metrics/m2/mod.ts"]),
    file("mod.ts", ["./metrics/gleu/mod.ts"]),
    file("langs/yy/mod.ts", ["../../metrics/gleu/mod.ts", "../../metrics/gleu/ngrams.ts"]),
    file("metrics/gleu/ngrams.ts", []),
    file("cli/run.ts", [
      "../pipeline/stream_parallel.ts",
      "../pipeline/parallel.ts",
      "../annotator/annotate.ts",
      "../pipeline/engine.ts",
    ], "const o = resolveOptions(m, raw); const s = metric.stats(gold, hyp, o);"),
    file("repl/opts.ts", ["../pipeline/annotate_systems.ts"], "m.prepare?.(o, ctx);"),
    file("report/page.ts", ["../pipeline/bootstrap_pool.ts"], "x(metric.corpus(stats, o));"),
    file("pipeline/engine.ts", [], "o = m.prepare(o, c); state.explain(g, h);"),
    file("pipeline/scoring.ts", [], "const o = resolveOptions(m, raw);"),
    file(
      "metrics/m2/m2scorer.ts",
      ["../../formats/text.ts", "./mod.ts"],
      "const o = resolveOptions(m2Metric, raw); out(m2Metric.corpus(stats, o));",
    ),
  ], entries);
  const expect = [
    /^plugins\/types\.ts: plugins\/ imports cli\/render\.ts from outside plugins\/$/,
    /^plugins\/types\.ts: library code imports cli\/render\.ts \(CLI\/REPL\)$/,
    /^plugins\/types\.ts: imports cli\/render\.ts from a higher layer \(plugins -> cli\)$/,
    /^plugins\/types\.ts: plugins\/ imports "npm:left-pad@1\.3\.0" from outside plugins\/$/,
    /^formats\/m2\.ts: imports metrics\/m2\/mod\.ts from a higher layer \(formats -> metrics\)$/,
    /^formats\/m2\.ts: library code uses console\.$/,
    /^metrics\/m2\/mod\.ts: metric m2 imports metric gleu \(metrics\/gleu\/mod\.ts\)$/,
    /^util\/a\.ts: library code uses Deno\.exit$/,
    /^util\/c\.ts: imports stats\/t\.ts from a higher layer \(util -> stats\)$/,
    /^pipeline\/x\.ts: library code imports repl\/state\.ts \(CLI\/REPL\)$/,
    /^pipeline\/x\.ts: imports repl\/state\.ts from a higher layer \(pipeline -> repl\)$/,
    /^pipeline\/x\.ts: library code uses Deno\.args$/,
    /^pipeline\/x\.ts: pipeline\/ may not import metrics\/ \(metrics\/gleu\/mod\.ts\)$/,
    /^weird\/x\.ts: in no layer/,
    /^sandbox\/host\.ts: sandbox\/ imports util\/files\.ts from outside plugins\/ and checked\/$/,
    /^sandbox\/host\.ts: imports util\/files\.ts from a higher layer \(sandbox -> util\)$/,
    /^sandbox\/host\.ts: sandbox\/ imports "npm:left-pad@1\.3\.0" from outside plugins\/ and checked\/$/,
    /^import circle: util\/a\.ts -> util\/b\.ts -> util\/a\.ts$/,
    /^edits\/apply\.ts: edits\/ imports "npm:diff@5\.0\.0"; it may import only node:$/,
    /^edits\/chunk\.ts: imports stats\/t\.ts from a higher layer \(edits -> stats\)$/,
    /^edits\/chunk\.ts: edits\/ may import only plugins\/ and util\/ \(stats\/t\.ts\)$/,
    /^report\/m2_edits\.ts: report\/ may not import metrics\/ \(metrics\/m2\/mod\.ts\)$/,
    /^cli\/m2scorer\.ts: cli\/ may not import metrics\/ \(metrics\/m2\/mod\.ts\)$/,
    /^repl\/state\.ts: repl\/ may not import cli\/ \(cli\/render\.ts\)$/,
    /^render\/text\.ts: render\/ may not import metrics\/ \(metrics\/m2\/mod\.ts\)$/,
    /^langs\/zh\/mod\.ts: a language pack imports formats\/m2\.ts, not a public entry point$/,
    /^checked\/guard\.ts: checked\/ imports util\/a\.ts from outside plugins\/$/,
    /^checked\/guard\.ts: imports util\/a\.ts from a higher layer \(checked -> util\)$/,
    /^langs\/zh\/mod\.ts: a language pack imports langs\/xx\/a\.ts, not a public entry point$/,
    /^util\/d\.ts: imports "left-pad"; a package is node:NAME or npm:NAME@X\.Y\.Z, in the source$/,
    /^util\/d\.ts: imports "npm:left-pad"; a package is node:NAME or npm:NAME@X\.Y\.Z/,
    /^util\/d\.ts: imports "npm:left-pad@\^1\.3\.0"; a package is node:NAME or npm:NAME@X\.Y\.Z/,
    /^metrics\/gleu\/x\.ts: metrics\/ may not import annotator\/ \(annotator\/annotate\.ts\)$/,
    /^meta\/x\.ts: only builtin\.ts imports metrics\/ \(metrics\/m2\/mod\.ts\)$/,
    /^mod\.ts: only builtin\.ts imports metrics\/ \(metrics\/gleu\/mod\.ts\)$/,
    /^langs\/yy\/mod\.ts: a language pack imports metrics\/gleu\/ngrams\.ts, not a public entry point$/,
    /^cli\/run\.ts: a face imports a streaming module \(pipeline\/stream_parallel\.ts\)$/,
    /^cli\/run\.ts: a face imports a worker module \(pipeline\/parallel\.ts\)$/,
    /^cli\/run\.ts: a face imports the annotator \(annotator\/annotate\.ts\)$/,
    /^cli\/run\.ts: resolves or prepares metric options \(only pipeline\/scoring\.ts does\)$/,
    /^cli\/run\.ts: a face calls a metric member \(go through pipeline\/engine\.ts\)$/,
    /^repl\/opts\.ts: a face imports the annotator \(pipeline\/annotate_systems\.ts\)$/,
    /^repl\/opts\.ts: resolves or prepares metric options \(only pipeline\/scoring\.ts does\)$/,
    /^repl\/opts\.ts: a face calls a metric member \(go through pipeline\/engine\.ts\)$/,
    /^report\/page\.ts: a face calls a metric member \(go through pipeline\/engine\.ts\)$/,
    /^pipeline\/engine\.ts: resolves or prepares metric options \(only pipeline\/scoring\.ts does\)$/,
    /^metrics\/m2\/m2scorer\.ts: a drop-in reads files itself \(formats\/text\.ts\); its runner does$/,
    /^metrics\/m2\/m2scorer\.ts: a drop-in resolves metric options \(its runner's planner does\)$/,
    /^metrics\/m2\/m2scorer\.ts: a drop-in calls a metric member \(its runner's engine does\)$/,
  ];
  for (const pattern of expect) {
    assert.ok(problems.some((p) => pattern.test(p)), `${pattern} not in:\n${problems.join("\n")}`);
  }
  assert.equal(problems.length, expect.length, problems.join("\n"));
  // Allowed: repl/ and cli/ -> render/, stats/ -> util/, a file within its own metric folder, metrics and
  // formats -> edits/, edits/ -> util/, plugins/, node:, a face -> builtin.ts -> a metric, a language
  // pack -> a metric's public entry, pinned npm packages (with a path inside the package).
  assert.deepEqual(
    violations([
      file("repl/state.ts", ["../render/text.ts"]),
      file("cli/score.ts", ["../render/text.ts"]),
      file("render/text.ts", []),
      file("stats/t.ts", ["../util/a.ts"]),
      file("util/a.ts", []),
      file("metrics/m2/mod.ts", ["./lattice.ts", "../../formats/m2.ts", "../../edits/prf.ts"]),
      file("metrics/m2/lattice.ts", []),
      file("formats/m2.ts", ["../edits/apply.ts"]),
      file("edits/prf.ts", ["../util/a.ts", "node:util"]),
      file("edits/apply.ts", ["../plugins/types.ts"]),
      file("plugins/types.ts", []),
      file("sandbox/host_worker.ts", ["../checked/guard.ts", "../plugins/types.ts"]),
      file("checked/guard.ts", ["../plugins/types.ts"]),
      file("report/x.ts", ["../builtin.ts", "../pipeline/parallel.ts"], "state.explain(g, h);"),
      file("builtin.ts", ["./metrics/m2/mod.ts"]),
      file("langs/zh/mod.ts", ["../../metrics/gleu/mod.ts", "../../mod.ts"]),
      file("mod.ts", []),
      file("metrics/gleu/mod.ts", ["npm:@scope/x@1.0.0/sub.js", "npm:wink-lexicon@2.2.0"]),
      file("pipeline/parallel.ts", []),
      file("cli/init_plugin.ts", ["${urls.mod}"], "metric.stats(g, h, o);"), // writes and tries a plugin
      file("repl/help.ts", [], "const HELP = `metric.sentence() of the statistics`;"),
    ], entries),
    [],
  );
});

Deno.test("cycles() reports each circle once, as the path that closes it", () => {
  const edges = new Map([["a", ["b"]], ["b", ["c"]], ["c", ["a"]], ["d", ["d"]], ["e", ["a"]]]);
  assert.deepEqual(cycles(edges), [["a", "b", "c", "a"], ["d", "d"]]);
});
