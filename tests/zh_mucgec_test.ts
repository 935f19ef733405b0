/**
 * The Chinese pack on ChERRANT's demo and the MuCGEC dev set (from `../shared/data/chinese/`,
 * skipped when absent): `cherrant_parallel` writes ChERRANT's own demo M2 byte for byte and, on
 * the dev references (also with `-s first`, `--bpe`, `--no_simplified`) and `example_pred_dev.txt`,
 * files whose SHA-256 digests are those of what
 * `parallel_to_m2.py -g char` wrote (run from source at HillZhang1999/MuCGEC 3922193 with
 * OpenCC 1.1.2's t2s data); `cherrant_compare` and `score -m cherrant` give the README numbers.
 *
 * @module
 */

import assert from "node:assert/strict";
import { chinesePlugin } from "../langs/zh/mod.ts";
import { parallelToM2 } from "../langs/zh/parallel.ts";
import { compareM2Text } from "../langs/zh/compare_command.ts";
import { createRegistry, readGold, readSystem, scoreSystems } from "../mod.ts";

const DATA = new URL("../../shared/data/chinese/", import.meta.url);
const present = await Deno.stat(DATA).then(() => true, () => false);
if (!present) console.warn("zh_mucgec_test: ../shared/data/chinese is absent; skipping");

const read = (path: string) => Deno.readTextFile(new URL(path, DATA));
const file = (path: string) => new URL(path, DATA).pathname;

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

Deno.test({
  name: "ChERRANT's demo: the same M2 and the README's numbers",
  ignore: !present,
  async fn() {
    const m2 = await parallelToM2(
      await read("cherrant-samples/demo.hyp.para"),
      "demo.hyp.para",
      {},
    );
    assert.equal(m2, await read("cherrant-samples/demo.hyp.m2.char"));
    const out = compareM2Text(m2, await read("cherrant-samples/demo.ref.m2.char"), {});
    assert.equal(
      out,
      "\n=========== Span-Based Correction ============\nTP\tFP\tFN\tPrec\tRec\tF0.5\n" +
        "8\t19\t35\t0.2963\t0.186\t0.2649\n==============================================\n\n",
    );
    const registry = createRegistry().use(chinesePlugin);
    const gold = await readGold(file("cherrant-samples/demo.ref.m2.char"), { registry });
    const system = await readSystem(file("cherrant-samples/demo.hyp.para"), {
      registry,
      expected: gold.sentences.length,
    });
    const [result] = await scoreSystems({
      registry,
      gold,
      systems: [system],
      metrics: ["cherrant"],
    });
    const s = result.metrics[0].score as Record<string, number>;
    assert.deepEqual([s.tp, s.fp, s.fn], [8, 19, 35]);
    assert.equal(s.f.toFixed(4), "0.2649");
  },
});

Deno.test({
  name: "MuCGEC dev: parallel_to_m2's files byte for byte, F0.5 0.3622 for example_pred_dev.txt",
  ignore: !present,
  async fn() {
    const ref = await parallelToM2(await read("mucgec/MuCGEC_dev.txt"), "MuCGEC_dev.txt", {});
    assert.equal(
      await sha256(ref),
      "74206fb956f9c366062d13e739f417dc4da5b88eb9b67959e5803746388be9ca",
    );
    const pred = await parallelToM2(
      await read("mucgec/example_pred_dev.txt"),
      "example_pred_dev.txt",
      {},
    );
    assert.equal(
      await sha256(pred),
      "a05b3fb4926028d5844bc10046bd40be97e80c3e17d9460fbb7586c657960921",
    );
    const out = compareM2Text(pred, ref, { cat: 1 });
    assert.equal(
      await sha256(out),
      "b48003b8f6f2b8b2632398bff55fe2878150e8c88420e39d06e5314e58d596e4",
    );
    assert.match(out, /\n1084\t1635\t3003\t0\.3987\t0\.2652\t0\.3622\n/);

    const registry = createRegistry().use(chinesePlugin);
    const gold = await readGold(file("mucgec/MuCGEC_dev.txt"), { registry, format: "mucgec" });
    const system = await readSystem(file("mucgec/example_pred_dev.txt"), {
      registry,
      format: "mucgec",
      expected: gold.sentences.length,
    });
    const [result] = await scoreSystems({
      registry,
      gold,
      systems: [system],
      metrics: ["cherrant"],
    });
    const s = result.metrics[0].score as Record<string, number>;
    assert.deepEqual([s.tp, s.fp, s.fn], [1084, 1635, 3003]);
    assert.equal(s.f.toFixed(4), "0.3622");
  },
});

Deno.test({
  name: "MuCGEC dev references with -s first, --bpe and --no_simplified: parallel_to_m2's files",
  ignore: !present,
  async fn() {
    const dev = await read("mucgec/MuCGEC_dev.txt");
    const digests: [Parameters<typeof parallelToM2>[2], string][] = [
      [{ strategy: "first" }, "9757de5d782dc18d567dd8cdd071abba2f30ec25ce8094075da0c8af9b972e3e"],
      [{ bpe: true }, "ba06b0196abd4bcbb17956e95692a48c909292082d063a039aeaf04c5ab39ef9"],
      [{ noSimplified: true }, "1ea65ff6cae6cc03afaab13c6b2a3ea85cbef1b6f4473250d27d534f08de6fae"],
    ];
    for (const [options, digest] of digests) {
      assert.equal(await sha256(await parallelToM2(dev, "MuCGEC_dev.txt", options)), digest);
    }
  },
});
