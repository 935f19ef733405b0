/**
 * The Chinese formats: `mucgec` (the MuCGEC parallel file, `id TAB source TAB ref1 TAB ref2
 * ...`: sources and references at character level, each reference annotated as
 * `parallel_to_m2.py -g char` annotates it), `cherrant-m2` (ChERRANT's M2, with its `T` lines
 * and alternative alignments; its annotators' edits are the union of their alternatives, as
 * the scorer takes them) and `zh-text` (one sentence per line, split into characters: for
 * systems scored by metrics that count tokens, such as GLEU). Reading a `mucgec` or
 * `cherrant-m2` file loads the annotator, which the `cherrant` metric then uses for the systems.
 *
 * A sentence holds its source and references (at character level); the edits ChERRANT finds
 * (or the M2 file gives) are kept beside them, by sentence for a gold and by reference for a
 * system (a file with one target per line given as a system: its edits are then those of the
 * system against its own source, as ChERRANT's scorer takes a hypothesis M2).
 *
 * @module
 */

import { defineFormat, InputError } from "../../plugins/mod.ts";
import type { Format, GoldCorpus, GoldSentence } from "../../plugins/mod.ts";
import type { SimpleEdit } from "./compare.ts";
import { pyLines, pySplit, pyStrip } from "./text.ts";

async function wholeText(chunks: AsyncIterable<string> | Iterable<string>): Promise<string> {
  let text = "";
  for await (const chunk of chunks) text += chunk;
  return text.replace(/^\uFEFF/, "");
}

/** The edits of every reference of a sentence read by these formats. */
export const simpleEditsOf: WeakMap<GoldSentence, SimpleEdit[]> = new WeakMap();

/** The edits of one reference (a target) against its own sentence's source. */
export const targetEditsOf: WeakMap<readonly string[], SimpleEdit[]> = new WeakMap();

/** The MuCGEC parallel format. */
export const mucgecFormat: Format = defineFormat({
  id: "mucgec",
  description:
    "MuCGEC parallel file (id TAB source TAB ref1 TAB ...), annotated at character level as ChERRANT does",
  extensions: [".para"],
  async parse(chunks, file): Promise<GoldCorpus> {
    const text = await wholeText(chunks);
    const tools = await (await import("./tools.ts")).loadTools();
    const sentences: GoldSentence[] = [];
    pyLines(text).forEach((line, index) => {
      const fields = line.split("\t").slice(1);
      if (fields.length < 1) {
        throw new InputError(
          "expected `id TAB source [TAB reference ...]`, found no tab",
          file,
          index + 1,
        );
      }
      const src = pySplit(fields[0]).join("");
      if (src === "") throw new InputError("the source is empty", file, index + 1);
      const source = tools.tokens(src).map((t) => t.text);
      const edits: SimpleEdit[] = [];
      const references: string[][] = [];
      fields.slice(1).forEach((raw, k) => {
        const target = tools.clean(raw);
        if (target === "") throw new InputError(`reference ${k + 1} is empty`, file, index + 1);
        const own = tools.targetEdits(source, target, k);
        edits.push(...own);
        const plain = target === "没有错误" || target === "无法标注";
        const reference = plain ? [...source] : tools.tokens(target).map((t) => t.text);
        targetEditsOf.set(reference, own);
        references.push(reference);
      });
      const sentence: GoldSentence = {
        source,
        references: references.length ? references : [source],
        line: index + 1,
      };
      simpleEditsOf.set(sentence, edits);
      sentences.push(sentence);
    });
    return { path: file, format: "mucgec", sentences };
  },
});

/** ChERRANT's M2 (`S`, `T{k}[-A{j}]` and `A` lines). */
export const cherrantM2Format: Format = defineFormat({
  id: "cherrant-m2",
  description: "ChERRANT's M2 (S, T and A lines; alternative alignments of one annotator united)",
  extensions: [".char", ".word"],
  sniff(head) {
    const lines = head.replace(/^\uFEFF/, "").split(/\r?\n/);
    return /^S /.test(lines[0] ?? "") && /^T\d+(-A\d+)? /.test(lines[1] ?? "");
  },
  async parse(chunks, file): Promise<GoldCorpus> {
    const text = (await wholeText(chunks)).replace(/\r\n?/g, "\n");
    await (await import("./tools.ts")).loadTools();
    const { simplifyBlock } = await import("./compare.ts");
    const stripped = pyStrip(text);
    let line = 1 + (text.slice(0, text.indexOf(stripped)).match(/\n/g)?.length ?? 0);
    const sentences: GoldSentence[] = [];
    for (const block of stripped.split("\n\n")) {
      const lines = block.split("\n");
      if (!lines[0].startsWith("S")) {
        throw new InputError(`expected an "S" line, found ${JSON.stringify(lines[0])}`, file, line);
      }
      const source = lines[0].slice(2).split(" ");
      let edits: SimpleEdit[];
      try {
        edits = simplifyBlock(block);
      } catch (e) {
        throw new InputError((e as Error).message, file, line);
      }
      const refs = new Map<number, string[]>();
      for (const l of lines) {
        const m = /^T(\d+)(-A\d+)? (.*)$/.exec(l);
        if (!m || refs.has(Number(m[1]))) continue;
        const target = m[3];
        const plain = !m[2] && (target === "没有错误" || target === "无法标注");
        const coder = Number(m[1]);
        const reference = plain ? [...source] : target.split(" ");
        targetEditsOf.set(reference, edits.filter((e) => e.coder === coder));
        refs.set(coder, reference);
      }
      const sentence: GoldSentence = {
        source,
        references: refs.size ? [...refs.values()] : [source],
        line,
      };
      simpleEditsOf.set(sentence, edits);
      sentences.push(sentence);
      line += lines.length + 1;
    }
    return { path: file, format: "cherrant-m2", sentences };
  },
});

/** Plain Chinese text, one sentence per line, split into characters. */
export const zhTextFormat: Format = defineFormat({
  id: "zh-text",
  description: "Chinese text, one sentence per line, split into characters (whitespace dropped)",
  extensions: [],
  async parse(chunks, file): Promise<GoldCorpus> {
    const text = await wholeText(chunks);
    const lines = text.replace(/\r\n?/g, "\n").split("\n");
    if (lines.at(-1) === "") lines.pop();
    const sentences = lines.map((l, i): GoldSentence => ({
      source: Array.from(pySplit(l).join("")),
      line: i + 1,
    }));
    return { path: file, format: "zh-text", sentences };
  },
});
