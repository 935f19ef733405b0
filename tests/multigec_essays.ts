/**
 * A MultiGEC-style essay set built from UA-GEC's test M2 (`gec-only`): one essay per UA-GEC
 * document of the first `count`, its sentences detokenized and a paragraph break after every
 * third; `ref1` the text of annotator 0, `ref2` of annotator 1 (without every 5th essay: a
 * reference covering only some essays), both in reverse essay order; `hypo1` a system that
 * takes annotator 0's correction of every other sentence, misses every 7th essay, and lists
 * its essays rotated. `deno run --allow-read --allow-write tests/multigec_essays.ts DIR` writes
 * `DIR/ref/uk-ua_gec-{orig,ref1,ref2}-test.md` and `DIR/res/uk-ua_gec-hypo1-test.md`.
 *
 * @module
 */

import { writeEssays } from "../langs/multigec/mod.ts";
import { detokenize } from "./syntok_lines.ts";
import { readShared } from "./shared.ts";

interface Doc {
  id: string;
  source: string[][];
  corrected: Map<string, string[][]>;
}

/** The documents of a UA-GEC M2 file: sources and each annotator's corrected sentences. */
async function documents(file: string): Promise<Doc[]> {
  const docs: Doc[] = [];
  for (const block of (await readShared(file)).split("\n\n")) {
    const [s, ...edits] = block.trim().split("\n");
    if (!s?.startsWith("S ")) continue;
    if (s.startsWith("S # ")) {
      docs.push({ id: String(Number(s.slice(4))), source: [], corrected: new Map() });
      continue;
    }
    const doc = docs[docs.length - 1];
    const tokens = s.slice(2).split(" ");
    const index = doc.source.length;
    doc.source.push(tokens);
    const byAnnotator = new Map<string, [number, number, string][]>();
    for (const a of edits) {
      const f = a.slice(2).split("|||");
      if (f[1] === "noop") continue;
      const [start, end] = f[0].split(" ").map(Number);
      const list = byAnnotator.get(f[5]) ?? [];
      list.push([start, end, f[2] === "-NONE-" ? "" : f[2]]);
      byAnnotator.set(f[5], list);
    }
    for (const annotator of ["0", "1"]) {
      const out = [...tokens];
      for (
        const [start, end, c] of (byAnnotator.get(annotator) ?? []).sort((x, y) => y[0] - x[0])
      ) {
        out.splice(start, end - start, ...(c ? c.split(" ") : []));
      }
      const list = doc.corrected.get(annotator) ?? [];
      list[index] = out;
      doc.corrected.set(annotator, list);
    }
  }
  return docs;
}

function essayText(sentences: string[][]): string {
  let text = "";
  sentences.forEach((s, i) => {
    text += detokenize(s.join(" "));
    text += i === sentences.length - 1 ? "" : i % 3 === 2 ? "\n\n" : " ";
  });
  return text;
}

/** The essay files: name → Markdown text. */
export async function uaGecEssays(count = 60): Promise<Record<string, string>> {
  const docs = (await documents("data/multilingual/ua-gec/gec-only.test.m2"))
    .filter((d) => d.source.length)
    .slice(0, count);
  const orig = docs.map((d) => ({ id: d.id, text: essayText(d.source) }));
  const ref = (annotator: string) =>
    docs.map((d) => ({ id: d.id, text: essayText(d.corrected.get(annotator)!) }));
  const ref1 = ref("0").reverse();
  const ref2 = ref("1").filter((_, i) => i % 5 !== 4).reverse();
  const hypo = docs.map((d) => ({
    id: d.id,
    text: essayText(d.source.map((s, i) => i % 2 ? d.corrected.get("0")![i] : s)),
  })).filter((_, i) => i % 7 !== 6);
  const rotated = [...hypo.slice(5), ...hypo.slice(0, 5)];
  return {
    "ref/uk-ua_gec-orig-test.md": writeEssays(orig),
    "ref/uk-ua_gec-ref1-test.md": writeEssays(ref1),
    "ref/uk-ua_gec-ref2-test.md": writeEssays(ref2),
    "res/uk-ua_gec-hypo1-test.md": writeEssays(rotated),
  };
}

if (import.meta.main) {
  const dir = Deno.args[0];
  for (const [name, text] of Object.entries(await uaGecEssays())) {
    await Deno.mkdir(`${dir}/${name.split("/")[0]}`, { recursive: true });
    await Deno.writeTextFile(`${dir}/${name}`, text);
  }
}
