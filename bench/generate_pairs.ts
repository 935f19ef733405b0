/**
 * Generates distinct, realistic (source, correction) sentence pairs for the annotation-at-scale
 * benchmark (`bench/annotation_scale.sh`) and its test: learner-like errors injected into real
 * English sentences.
 *
 * How: the correction is a real sentence (the CoNLL-2014 test sources, or any tokenised
 * sentences given), in which each lower-case word of four letters or more is, with probability
 * 0.1, replaced by another word of the same corpus with the same ending class (-s, -ed, -ing,
 * -ly, other), so that sentences vary beyond the base set. The source is the correction with
 * errors injected at each token with probability 0.08 (about 1.8 per sentence of 23 tokens,
 * CoNLL-2014's rate of 1.9 gold edits per sentence), drawn from the errors learners make most
 * (the NUCLE/CoNLL-2014 type distribution, roughly): a determiner dropped, added or changed, a
 * noun's number, a verb's agreement or form, a preposition changed or dropped, a comma dropped or
 * added, a misspelling (two letters swapped, one dropped or doubled), a word's case, a
 * function word added, two words swapped. A pair that came before is drawn again (53-bit
 * hashes, so 1,000,000 pairs are distinct). Deterministic for a seed.
 *
 * ```sh
 * deno run -R -W bench/generate_pairs.ts 1000000 /tmp/pairs.tsv [BASE.txt]
 * ```
 *
 * @module
 */

import { MersenneTwister } from "../util/mt19937.ts";

const DETERMINERS = ["the", "a", "an", "this", "that", "these", "those", "some"];
const PREPOSITIONS = ["in", "on", "at", "of", "for", "to", "with", "from", "by", "about"];
const FUNCTION_WORDS = ["the", "to", "of", "and", "that", "is", "it", "also", "very", "more"];
const VERB_PAIRS: [string, string][] = [
  ["is", "are"],
  ["was", "were"],
  ["has", "have"],
  ["does", "do"],
  ["can", "could"],
  ["will", "would"],
];

function ending(w: string): number {
  return w.endsWith("ing")
    ? 0
    : w.endsWith("ed")
    ? 1
    : w.endsWith("ly")
    ? 2
    : w.endsWith("s")
    ? 3
    : 4;
}

/** FNV-1a over a string with a seed, 32 bits. */
function fnv(s: string, seed: number): number {
  let h = seed >>> 0;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619) >>> 0;
  }
  return h;
}

/**
 * Yields `count` distinct (source, correction) pairs, tokenised, joined by spaces.
 *
 * @example The same pairs for the same seed, all distinct
 * ```ts
 * import assert from "node:assert/strict";
 * import { generatePairs } from "./generate_pairs.ts";
 * const base = [["The", "cats", "sat", "on", "the", "mat", "."], ["He", "is", "walking", "home", "."]];
 * const a = [...generatePairs(base, 50, 3)];
 * assert.deepEqual(a, [...generatePairs(base, 50, 3)]);
 * assert.equal(new Set(a.map((p) => p.join("\t"))).size, 50);
 * ```
 *
 * @param bases Correct tokenised sentences.
 * @param count How many pairs.
 * @param seed The seed.
 * @returns `[source, correction]` pairs.
 */
export function* generatePairs(
  bases: readonly (readonly string[])[],
  count: number,
  seed = 1,
): Generator<[string, string]> {
  const mt = new MersenneTwister(seed);
  const int = (n: number) => Math.floor(mt.random() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)];
  const classes: string[][] = [[], [], [], [], []];
  const seen = new Set<string>();
  for (const b of bases) {
    for (const w of b) {
      if (/^[a-z]{4,}$/.test(w) && !seen.has(w)) {
        seen.add(w);
        classes[ending(w)].push(w);
      }
    }
  }
  const done = new Set<number>();
  let made = 0;
  while (made < count) {
    const target = bases[int(bases.length)].map((w) =>
      /^[a-z]{4,}$/.test(w) && mt.random() < 0.1 ? pick(classes[ending(w)]) : w
    );
    const source = [...target];
    for (let i = source.length - 1; i >= 0; i--) {
      if (mt.random() >= 0.08) continue;
      const w = source[i];
      const lower = w.toLowerCase();
      const kind = int(12);
      if (kind === 0 && DETERMINERS.includes(lower)) source.splice(i, 1);
      else if (kind === 0 || kind === 1) {
        if (DETERMINERS.includes(lower)) source[i] = pick(DETERMINERS);
        else if (/^[a-z]{3,}$/.test(w)) source.splice(i, 0, pick(["the", "a"]));
      } else if (kind === 2 && /^[a-z]{4,}$/.test(w)) {
        source[i] = w.endsWith("s") ? w.slice(0, -1) : `${w}s`;
      } else if (kind === 3) {
        const pair = VERB_PAIRS.find((p) => p.includes(lower));
        if (pair) source[i] = pair[0] === lower ? pair[1] : pair[0];
        else if (/^[a-z]{4,}(ed|ing)$/.test(w)) source[i] = w.replace(/(ed|ing)$/, "");
      } else if (kind === 4 && PREPOSITIONS.includes(lower)) {
        source[i] = mt.random() < 0.2 ? "" : pick(PREPOSITIONS);
      } else if (kind === 5) {
        if (w === ",") source.splice(i, 1);
        else if (i > 0 && /^[a-z]/.test(w)) source.splice(i, 0, ",");
      } else if ((kind === 6 || kind === 7) && /^[a-z]{5,}$/.test(w)) {
        const at = 1 + int(w.length - 2);
        const how = int(3);
        source[i] = how === 0
          ? w.slice(0, at) + w[at + 1] + w[at] + w.slice(at + 2)
          : how === 1
          ? w.slice(0, at) + w.slice(at + 1)
          : w.slice(0, at) + w[at] + w.slice(at);
      } else if (kind === 8 && /^[a-z]+$/.test(w)) source[i] = w[0].toUpperCase() + w.slice(1);
      else if (kind === 9) source.splice(i, 0, pick(FUNCTION_WORDS));
      else if (kind === 10 && i + 1 < source.length && /^[a-z]+$/.test(source[i + 1])) {
        [source[i], source[i + 1]] = [source[i + 1], w];
      } else if (kind === 11 && FUNCTION_WORDS.includes(lower)) source.splice(i, 1);
    }
    const s = source.filter((w) => w !== "").join(" ");
    const t = target.join(" ");
    if (s === "") continue;
    const key = `${s}\t${t}`;
    const hash = fnv(key, 2166136261) * 2 ** 21 + (fnv(key, 0x9747b28c) & 0x1fffff);
    if (done.has(hash)) continue;
    done.add(hash);
    made++;
    yield [s, t];
  }
}

/** The source sentences of an M2 file (its `S` lines), tokenised. */
export function m2Sources(text: string): string[][] {
  return text.split("\n").filter((l) => l.startsWith("S ")).map((l) => l.slice(2).split(" "))
    .filter((s) => s.length > 0 && s.join("") !== "");
}

if (import.meta.main) {
  const [n, out, base] = Deno.args;
  if (!n || !out) {
    console.error("Usage: deno run -R -W bench/generate_pairs.ts COUNT OUT.tsv [BASE.m2]");
    Deno.exit(2);
  }
  const basePath = base ??
    new URL("../../shared/data/conll2014/gold/official-2014.combined.m2", import.meta.url)
      .pathname;
  const bases = m2Sources(await Deno.readTextFile(basePath))
    .filter((s) => !(s.length === 1 && s[0] === "#"));
  const file = await Deno.open(out, { write: true, create: true, truncate: true });
  const encoder = new TextEncoder();
  const write = async (text: string) => {
    const bytes = encoder.encode(text);
    for (let at = 0; at < bytes.length;) at += await file.write(bytes.subarray(at));
  };
  let buffer: string[] = [];
  for (const [s, t] of generatePairs(bases, Number(n))) {
    buffer.push(`${s}\t${t}\n`);
    if (buffer.length === 10000) {
      await write(buffer.join(""));
      buffer = [];
    }
  }
  await write(buffer.join(""));
  file.close();
}
