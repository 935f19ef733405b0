/**
 * The UA-GEC lines the syntok tests compare on, derived from the UA-GEC test M2 files (every
 * 10th sentence of each, without the `# NNNN` document headings): each source as distributed
 * (tokenized) and with spaces before closing and after opening punctuation removed (raw-like
 * text). `deno run --allow-read tests/syntok_lines.ts` prints them, one per line.
 *
 * @module
 */

import { readShared } from "./shared.ts";

/** The files, relative to `../shared`. */
export const UA_GEC_M2 = [
  "data/multilingual/ua-gec/gec-only.test.m2",
  "data/multilingual/ua-gec/gec-fluency.test.m2",
];

/** Remove the spaces a tokenizer put around punctuation (an approximation of the raw text). */
export function detokenize(line: string): string {
  return line
    .replace(/ ([,.!?:;)\]»])/g, "$1")
    .replace(/([(\[«]) /g, "$1")
    .replace(/" (.*?) "/g, '"$1"');
}

/** The lines: per file, every 10th source sentence as is and detokenized. */
export async function uaGecLines(): Promise<string[]> {
  const out: string[] = [];
  for (const file of UA_GEC_M2) {
    const sources = (await readShared(file)).split("\n")
      .filter((l) => l.startsWith("S ") && !l.startsWith("S # "))
      .map((l) => l.slice(2));
    for (let i = 0; i < sources.length; i += 10) out.push(sources[i], detokenize(sources[i]));
  }
  return out;
}

if (import.meta.main) console.log((await uaGecLines()).join("\n"));
