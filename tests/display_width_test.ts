/** The characters displayWidth() measures without string-width take one column in it too. */

import assert from "node:assert/strict";
import stringWidth from "npm:string-width@7.2.0";
import { displayWidth, PLAIN } from "../render/text.ts";

Deno.test("every character of the fast path is one column wide, as string-width says", () => {
  let checked = 0;
  for (let c = 0x20; c < 0x2400; c++) {
    const ch = String.fromCodePoint(c);
    if (!PLAIN.test(ch)) continue;
    checked++;
    assert.equal(stringWidth(ch), 1, `U+${c.toString(16).padStart(4, "0")}`);
    assert.equal(displayWidth(ch), 1);
  }
  assert.ok(checked > 1000, `${checked} characters`);
  // A table with intervals needs no width tables: no DisplayWidthNotLoaded.
  assert.equal(displayWidth("0.8396 ± 0.1406 † −1"), 20);
});
