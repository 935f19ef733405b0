import assert from "node:assert/strict";
import { units } from "../metrics/green/ngrams.ts";

Deno.test("units() splits characters by code point, surrogate pairs included", () => {
  for (
    const tokens of [["He", "goes", "."], ["café", "naïve"], ["I", "👍", "it", "𝒳y"], [], [""]]
  ) {
    assert.deepEqual(units(tokens, "char"), Array.from(tokens.join(" ")));
    assert.deepEqual(units(tokens, "word"), tokens);
  }
});
