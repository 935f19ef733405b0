/**
 * Hostile inputs that once took minutes or exhausted memory, now bounded: reading a 200 MB
 * line (with the line limit raised), the line-count check on 200 MB of newlines, GLEU on a
 * gold with 5000 annotators (limit raised), and the errors for an I-measure gold with
 * `numann="99999999"` and a sentence too long to align. The M2 worst cases (1000 tokens
 * against 1000 unrelated ones, 6 against 2000) are in `m2_bench.ts`.
 *
 * `deno bench --allow-read --allow-write bench/bounds_bench.ts`
 */
import { lines } from "../formats/mod.ts";
import { parseIxml } from "../formats/ixml.ts";
import { parseM2 } from "../formats/m2.ts";
import { readHypotheses } from "../formats/text.ts";
import { gleuMetric } from "../metrics/gleu/mod.ts";
import { imeasureMetric } from "../metrics/imeasure/mod.ts";
import { resolveOptions } from "../plugins/options.ts";

const MB = 1 << 20;
const dir = await Deno.makeTempDir();
const newlines = `${dir}/newlines.txt`;
await Deno.writeFile(newlines, new Uint8Array(200 * MB).fill(10));

Deno.bench({
  name: "lines() one 200 MB line in 1 MB chunks (limit raised)",
  n: 3,
  async fn() {
    const chunk = "x".repeat(MB);
    const chunks = function* () {
      for (let i = 0; i < 200; i++) yield chunk;
    };
    for await (const _ of lines(chunks(), { maxLineLength: 300 * MB })) {
      // One line.
    }
  },
});

Deno.bench({
  name: "readHypotheses() 200 MB of newlines against a 1312-sentence gold (fails at line 1313)",
  n: 3,
  async fn() {
    try {
      await readHypotheses(newlines, 1312);
    } catch {
      return;
    }
    throw new Error("expected a line-count error");
  },
});

const manyAnnotators = (() => {
  const out: string[] = [];
  for (let s = 0, id = 0; s < 200; s++) {
    out.push(`S The cat sat on the mat number ${s} .`);
    for (let k = 0; k < 25; k++, id++) {
      out.push(`A 1 2|||N|||dog${k % 3}|||REQUIRED|||-NONE-|||${id}`);
    }
    out.push("");
  }
  return out.join("\n") + "\n";
})();

Deno.bench({
  name: "gleu 200 sentences x 5000 corpus annotators (limit raised; once out of memory)",
  n: 3,
  async fn() {
    const gold = await parseM2([manyAnnotators], "many.m2", { maxAnnotators: 5000 });
    const options = resolveOptions<typeof gleuMetric.defaults>(gleuMetric, {});
    const hyp = "The dog1 sat on the mat number 0 .".split(" ");
    gleuMetric.corpus(gold.sentences.map((s) => gleuMetric.stats(s, hyp, options)), options);
  },
});

Deno.bench({
  name: 'parseIxml() numann="99999999" (an error at once; once an internal error after 8 s)',
  async fn() {
    const xml = '<scripts><script id="1"><sentence id="1" numann="99999999"><text>a b</text>' +
      "<error-list/></sentence></script></scripts>";
    try {
      await parseIxml([xml], "big.xml");
    } catch {
      return;
    }
    throw new Error("expected an error");
  },
});

Deno.bench({
  name: "imeasure a 1000-token sentence against itself (an error at once)",
  fn() {
    const long = Array.from({ length: 1000 }, (_, i) => `t${i}`);
    const options = resolveOptions<typeof imeasureMetric.defaults>(imeasureMetric, {});
    try {
      imeasureMetric.stats(
        { source: long, annotations: [{ annotator: "0", edits: [] }] },
        long,
        options,
      );
    } catch {
      return;
    }
    throw new Error("expected an error");
  },
});

globalThis.addEventListener("unload", () => Deno.removeSync(dir, { recursive: true }));
