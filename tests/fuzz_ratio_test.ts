/**
 * Scribendi's string gate against its reference: `tests/testdata/fuzz_ratio_cases.jsonl` holds
 * 427 pairs (27 written by hand in ASCII, Latin-1, Cyrillic, Greek, Chinese, Devanagari,
 * Turkish, emoji, full-width and combining characters; 400 random edits of random strings over
 * such characters) with fuzzywuzzy 0.18's `token_sort_ratio` (python-Levenshtein installed)
 * and gec-metrics' Scribendi `levenshtein_distance_ratio`, as Python computed them
 * (`fuzz_ref.py` run on Debian's python3-fuzzywuzzy 0.18.0 and python3-levenshtein 0.12.2).
 */
import assert from "node:assert/strict";
import { fuzzProcess, levenshteinRatio, tokenSortRatio } from "../util/fuzz_ratio.ts";

const cases = (await Deno.readTextFile("tests/testdata/fuzz_ratio_cases.jsonl"))
  .split("\n").filter((l) => l).map((l) =>
    JSON.parse(l) as {
      a: string;
      b: string;
      token_sort_ratio: number;
      levenshtein_ratio: number | null;
    }
  );

Deno.test("token_sort_ratio and the Levenshtein ratio equal the reference on every case", () => {
  assert.equal(cases.length, 427);
  const nonAscii = cases.filter((c) => /[\u0080-\u{10ffff}]/u.test(c.a + c.b)).length;
  assert.ok(nonAscii > 300, `${nonAscii} non-ASCII cases`);
  for (const c of cases) {
    assert.equal(tokenSortRatio(c.a, c.b), c.token_sort_ratio, JSON.stringify(c));
    if (c.levenshtein_ratio !== null) {
      assert.equal(levenshteinRatio(c.a, c.b), c.levenshtein_ratio, JSON.stringify(c));
    }
  }
});

Deno.test("fuzzywuzzy deletes U+0080-U+00FF only and splits on non-word characters", () => {
  // ß and é are deleted; ő (U+0151) and Cyrillic stay; the combining acute splits a word.
  assert.equal(fuzzProcess("Straße Ő café"), "strae ő caf");
  assert.equal(fuzzProcess("cafe\u0301 x"), "cafe  x");
  assert.equal(fuzzProcess("snake_case 1½"), "snake_case 1");
  // Tokens sort by code point (an astral character after U+FFxx), as Python sorts str.
  assert.equal(tokenSortRatio("\u{1D400} \uFF41", "\uFF41 \u{1D400}"), 100);
  // A ratio of exactly 12.5 rounds to 12 (half to even): 2 * 1 / 16 = 0.125.
  assert.equal(tokenSortRatio("abcdefgh", "aijklmno"), 12);
});
