import assert from "node:assert/strict";
import { createWinkTagger, loadWinkParts } from "../annotator/wink_tagger.ts";
import { MersenneTwister } from "../util/mt19937.ts";
import { CONLL2014_SYSTEMS, shared, sharedTest } from "./shared.ts";

interface WinkToken {
  pos: string;
  lemma?: string;
}

/** wink-pos-tagger itself, the reference for the compiled tagger. */
async function winkItself(): Promise<(tokens: string[]) => WinkToken[]> {
  const mod = await import("npm:wink-pos-tagger@2.2.2");
  const tagger = (mod.default ?? mod)();
  return (tokens) => tagger.tagRawTokens(tokens);
}

function expected(tagged: WinkToken[]) {
  return { pos: tagged.map((t) => t.pos), lemma: tagged.map((t) => t.lemma) };
}

// Words of every kind wink treats apart: known and unknown words, capitals, numbers, decades,
// punctuation (known and not), clitics, words with diacritics, and the strings wink's context
// rules name (the ones matched as patterns: "U.S.", "Mr.", an -ing word).
const WORDS = [
  "the",
  "The",
  "a",
  "that",
  "That",
  "to",
  "can",
  "will",
  "book",
  "books",
  "booking",
  "run",
  "runs",
  "ran",
  "running",
  "well",
  "better",
  "best",
  "fast",
  "light",
  "lights",
  "Light",
  "like",
  "as",
  "in",
  "out",
  "up",
  "back",
  "'s",
  "'re",
  "n't",
  "ca",
  "wo",
  "sha",
  "ai",
  "'ll",
  "'d",
  "'m",
  "'ve",
  "I",
  "you",
  "he",
  "his",
  "her",
  "it",
  "Paris",
  "Obama",
  "xyzzy",
  "Blorf",
  "glorping",
  "unhappy",
  "unkind",
  "1990s",
  "mid-1920s",
  "1920s",
  "3",
  "3.5",
  "1,000",
  "1/2",
  "abc1",
  ".",
  ",",
  "!",
  "?",
  ";",
  ":",
  "-",
  "--",
  "...",
  "(",
  ")",
  "'",
  '"',
  "``",
  "''",
  "&",
  "%",
  "$",
  "#",
  "café",
  "Café",
  "naïve",
  "résumé",
  "U.S.",
  "U.K.",
  "Mr.",
  "Mrs.",
  "is",
  "are",
  "was",
  "were",
  "be",
  "been",
  "have",
  "has",
  "had",
  "do",
  "does",
  "did",
  "not",
  "very",
  "quickly",
  "more",
  "most",
  "which",
  "who",
  "what",
  "there",
  "here",
  "one",
  "ones",
  "people",
  "children",
  "went",
  "gone",
  "saw",
  "seen",
  "left",
  "right",
  "open",
  "close",
  "closed",
  "close",
  "data",
  "analyses",
  "criteria",
  "bigger",
  "biggest",
  "Green",
  "green",
  "US",
  "AM",
  "am",
];

Deno.test("createWinkTagger() tags and lemmatises random token sequences as wink-pos-tagger does", async () => {
  const ours = createWinkTagger(await loadWinkParts());
  const wink = await winkItself();
  const twister = new MersenneTwister(7);
  for (let trial = 0; trial < 3000; trial++) {
    const length = 1 + Math.floor(twister.random() * 25);
    const tokens = Array.from(
      { length },
      () => WORDS[Math.floor(twister.random() * WORDS.length)],
    );
    assert.deepEqual(ours(tokens), expected(wink([...tokens])), tokens.join(" "));
  }
});

sharedTest(
  "createWinkTagger() equals wink-pos-tagger on the CoNLL-2014 sources and outputs",
  async () => {
    const ours = createWinkTagger(await loadWinkParts());
    const wink = await winkItself();
    const files = ["refs/conll14st-test.tok.src", ...CONLL2014_SYSTEMS.map((s) => `systems/${s}`)];
    let sentences = 0;
    for (const file of files) {
      const lines = Deno.readTextFileSync(shared(`data/conll2014/${file}`)).split("\n");
      for (const line of lines) {
        const tokens = line.split(" ").filter((t) => t !== "");
        if (tokens.length === 0) continue;
        assert.deepEqual(ours(tokens), expected(wink([...tokens])), `${file}: ${line}`);
        sentences++;
      }
    }
    assert.ok(sentences > 17_000, `${sentences} sentences compared`);
  },
);
