/**
 * What `score` loads before it starts: its static imports (dynamic `import()` excepted) must
 * not reach npm packages (string-width takes about 20 ms to load), the plugin box and its
 * `node:v8`/`node:process`, the annotator, or the worker stream. Those load when a run needs
 * them: text beyond ASCII in a table, a boxed plugin, plain outputs with an edit-based metric,
 * a stream on workers.
 *
 * @module
 */

import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

interface Graph {
  roots: string[];
  modules: {
    specifier: string;
    dependencies?: { code?: { specifier: string }; isDynamic?: boolean }[];
  }[];
}

/** Every module `root` loads statically, with the chain of importers that brings it in. */
async function staticImports(root: string): Promise<Map<string, string[]>> {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", root],
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(code, 0, new TextDecoder().decode(stderr));
  const graph: Graph = JSON.parse(new TextDecoder().decode(stdout));
  const modules = new Map(graph.modules.map((m) => [m.specifier, m]));
  const short = (s: string) => s.replace(`file://${ROOT}`, "");
  const chains = new Map<string, string[]>([[graph.roots[0], [short(graph.roots[0])]]]);
  const queue = [graph.roots[0]];
  while (queue.length) {
    const at = queue.shift()!;
    for (const d of modules.get(at)?.dependencies ?? []) {
      const to = d.code?.specifier;
      if (!to || d.isDynamic || chains.has(to)) continue;
      chains.set(to, [...chains.get(at)!, short(to)]);
      queue.push(to);
    }
  }
  return chains;
}

/** Modules `score` must not load statically, and why they are left for later. */
const LATER: [RegExp, string][] = [
  [/^npm:/, "npm packages (string-width: only for text beyond ASCII)"],
  [/^node:(v8|process|worker_threads)$/, "the box's and the worker stream's Node modules"],
  [/sandbox\/(host|box|loader)\.ts$/, "the plugin box"],
  [/annotator\/(annotate|commands|tag|align|classify)\.ts$/, "the annotator"],
  [/pipeline\/stream_parallel\.ts$/, "the worker stream"],
];

Deno.test("score's static imports load no npm package, plugin box, annotator or worker stream", async () => {
  const chains = await staticImports("cli/score.ts");
  assert.ok(chains.size > 20, `the graph looks too small: ${[...chains.keys()].join(", ")}`);
  for (const [specifier, chain] of chains) {
    for (const [pattern, what] of LATER) {
      assert.ok(!pattern.test(specifier), `${what} loaded statically: ${chain.join(" <- ")}`);
    }
  }
});

Deno.test("staticImports() sees a planted static import and skips a dynamic one", async () => {
  const dir = await Deno.makeTempDir({ prefix: "gecscore_startup_" });
  try {
    const at = (path: string) => JSON.stringify(new URL(`../${path}`, import.meta.url).href);
    await Deno.writeTextFile(
      `${dir}/root.ts`,
      `import ${at("render/text.ts")};\nexport const later = () => import(${
        at("sandbox/host.ts")
      });\n`,
    );
    const chains = await staticImports(`${dir}/root.ts`);
    assert.ok([...chains.keys()].some((s) => s.endsWith("render/text.ts")));
    assert.ok(![...chains.keys()].some((s) => s.endsWith("sandbox/host.ts")));
    await Deno.writeTextFile(`${dir}/root.ts`, `import ${at("sandbox/host.ts")};\n`);
    const planted = await staticImports(`${dir}/root.ts`);
    assert.ok([...planted.keys()].some((s) => s === "node:v8"));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
