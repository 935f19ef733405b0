import assert from "node:assert/strict";
import { splitUnicodeWhitespace, tokenize, tokenizeAscii } from "../formats/tokenize.ts";

const UNICODE_SPACES =
  "\t\n\v\f\r\x1c\x1d\x1e\x1f \x85\xa0\u1680\u2000\u2005\u200a\u2028\u2029\u202f\u205f\u3000";

/** The split the scanner replaces: a regular expression, empty ends dropped. */
function bySplit(line: string, whitespace: RegExp): string[] {
  const tokens = line.split(whitespace);
  if (tokens.length && tokens[0] === "") tokens.shift();
  if (tokens.length && tokens[tokens.length - 1] === "") tokens.pop();
  return tokens;
}

Deno.test("tokenize() splits as Python's str.split() regular expression on every line", () => {
  // What Python's str.split() splits on (U+2000 to U+200A included).
  const unicode =
    // deno-lint-ignore no-control-regex
    /[\t\n\v\f\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/;
  const ascii = /[\t\n\v\f\r ]+/;
  // Characters next to the whitespace ranges (\u200b, \u1fff, \x1b, \x84, \x86 are not spaces).
  const alphabet = [..."ab.\u00e9\u200b\u1fff\x1b\x84\x86\u{1F600}", ...UNICODE_SPACES];
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let n = 0; n < 5000; n++) {
    let line = "";
    for (let k = Math.floor(random() * 12); k > 0; k--) {
      line += alphabet[Math.floor(random() * alphabet.length)];
    }
    assert.deepEqual(tokenize(line), bySplit(line, unicode), escape(line));
    assert.deepEqual(tokenizeAscii(line), bySplit(line, ascii), escape(line));
    // Tokens split again on Unicode whitespace: as the regular expression splits them, and
    // the same list when nothing is split.
    // (Tokens of tokenizeAscii, or any strings.)
    const tokens = n % 2 ? tokenizeAscii(line) : line.split("a");
    const again = splitUnicodeWhitespace(tokens);
    const plain = tokens.some((t) => unicode.test(t))
      ? tokens.flatMap((t) => t.split(unicode).filter((x) => x !== ""))
      : tokens;
    assert.deepEqual(again, plain, escape(line));
    assert.equal(again === tokens, !tokens.some((t) => unicode.test(t)), escape(line));
  }
  assert.deepEqual(tokenize("a\u00a0b"), ["a", "b"]);
  assert.deepEqual(tokenizeAscii("a\u00a0b"), ["a\u00a0b"]);
});

Deno.test("tokenize() shares the storage of tokens seen before through its intern table", () => {
  const intern = new Map<string, string>();
  const [first] = tokenize("cat sat", intern);
  assert.equal(intern.get("cat"), first);
  assert.deepEqual(tokenize(" x  y ", intern, / +/), ["x", "y"]);
});

function escape(line: string): string {
  return [...line].map((c) => `\\u{${c.codePointAt(0)!.toString(16)}}`).join("");
}
