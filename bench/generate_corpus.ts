/**
 * Generates a CoNLL-like parallel corpus of any size for the streaming benchmarks: an M2 gold
 * (one annotator) and a system output, plus the same gold as plain text (source and corrected
 * reference) for `--src/--ref`. Deterministic (seeded), written as it is generated.
 *
 * Shape, set to resemble CoNLL-2014 (1,312 sentences: 23 tokens and 1.9 gold edits per
 * sentence on average): lengths 5 to 78 tokens (mean about 23), words drawn from a Zipf-like
 * vocabulary of 20,000, about 1.8 edits per sentence (replacement, insertion or deletion of one
 * token); the system makes each gold correction with probability 0.4 and one spurious change
 * in a fifth of the sentences.
 *
 * ```sh
 * deno run -R -W bench/generate_corpus.ts 100000 /tmp/gec100k
 * deno run -R cli.ts score --gold /tmp/gec100k/gold.m2 /tmp/gec100k/hyp.txt -m m2,gleu \
 *   --sentences --format jsonl > /tmp/gec100k/scores.jsonl
 * ```
 *
 * @module
 */

import { MersenneTwister } from "../util/mt19937.ts";

/** One generated sentence: source, gold edits (`[start, end, correction]`) and hypothesis. */
export interface GeneratedSentence {
  /** Source tokens. */
  source: string[];
  /** Gold edits, increasing and non-overlapping. */
  edits: [number, number, string[]][];
  /** The system output. */
  hypothesis: string[];
  /** The source with every gold edit applied. */
  reference: string[];
}

/**
 * Yields `count` generated sentences (the same ones for the same seed).
 *
 * @example Usage
 * ```ts
 * import { generateSentences } from "./generate_corpus.ts";
 * import assert from "node:assert/strict";
 *
 * const [a] = generateSentences(1, 7);
 * const [b] = generateSentences(1, 7);
 * assert.deepEqual(a, b);
 * assert.ok(a.source.length >= 5);
 * ```
 *
 * @param count How many sentences.
 * @param seed The seed.
 * @returns The sentences.
 */
export function* generateSentences(count: number, seed = 1): Generator<GeneratedSentence> {
  const mt = new MersenneTwister(seed);
  const int = (n: number) => Math.floor(mt.random() * n);
  // Zipf-like: word k with weight about 1/k, by inverse transform on a log scale.
  const word = () => `w${Math.floor(Math.exp(mt.random() * Math.log(20000)))}`;
  for (let s = 0; s < count; s++) {
    // Sum of three uniforms (a rounded bell) and, in one sentence in twenty, a long tail.
    const bell = Math.floor((mt.random() + mt.random() + mt.random()) * 10 + int(5));
    const source = Array.from({ length: 5 + bell + (int(20) === 0 ? int(40) : 0) }, word);
    const edits: [number, number, string[]][] = [];
    for (let at = int(8); at < source.length; at += 3 + int(26)) {
      const kind = int(3);
      if (kind === 0) edits.push([at, at + 1, [word()]]);
      else if (kind === 1) edits.push([at, at, [word()]]);
      else edits.push([at, at + 1, []]);
    }
    const apply = (chosen: [number, number, string[]][]) => {
      const out = source.slice();
      for (const [start, end, tokens] of [...chosen].reverse()) {
        out.splice(start, end - start, ...tokens);
      }
      return out;
    };
    const hypothesis = apply(edits.filter(() => mt.random() < 0.4));
    if (mt.random() < 0.2 && hypothesis.length > 1) hypothesis[int(hypothesis.length)] = word();
    yield { source, edits, hypothesis, reference: apply(edits) };
  }
}

/**
 * Writes `count` sentences to `dir`: `gold.m2`, `hyp.txt`, `src.txt` and `ref.txt`.
 *
 * @param count How many sentences.
 * @param dir The folder (created if needed).
 * @param seed The seed.
 */
export async function writeCorpus(count: number, dir: string, seed = 1): Promise<void> {
  await Deno.mkdir(dir, { recursive: true });
  const names = ["gold.m2", "hyp.txt", "src.txt", "ref.txt"];
  const files = await Promise.all(
    names.map((n) => Deno.open(`${dir}/${n}`, { write: true, create: true, truncate: true })),
  );
  const encoder = new TextEncoder();
  const buffers = names.map(() => "");
  const flush = async (force: boolean) => {
    for (let k = 0; k < files.length; k++) {
      if (!force && buffers[k].length < 1 << 16) continue;
      const bytes = encoder.encode(buffers[k]);
      for (let done = 0; done < bytes.length;) done += await files[k].write(bytes.subarray(done));
      buffers[k] = "";
    }
  };
  try {
    for (const s of generateSentences(count, seed)) {
      buffers[0] += `S ${s.source.join(" ")}\n`;
      for (const [start, end, tokens] of s.edits) {
        const type = tokens.length ? (start === end ? "M:X" : "R:X") : "U:X";
        buffers[0] += `A ${start} ${end}|||${type}|||${tokens.join(" ")}|||REQUIRED|||-NONE-|||0\n`;
      }
      buffers[0] += "\n";
      buffers[1] += s.hypothesis.join(" ") + "\n";
      buffers[2] += s.source.join(" ") + "\n";
      buffers[3] += s.reference.join(" ") + "\n";
      await flush(false);
    }
    await flush(true);
  } finally {
    for (const f of files) f.close();
  }
}

if (import.meta.main) {
  const [count, dir, seed] = Deno.args;
  if (!count || !dir || !(Number(count) > 0)) {
    console.error("usage: deno run -R -W bench/generate_corpus.ts COUNT DIR [SEED]");
    Deno.exit(2);
  }
  await writeCorpus(Number(count), dir, seed ? Number(seed) : 1);
}
