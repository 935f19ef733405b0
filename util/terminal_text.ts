/**
 * Text from files made safe to show on a terminal: control characters (ESC, BEL, the C1
 * controls) and the invisible characters that reorder or hide text (RLO and the other
 * bidirectional controls) are written as visible escapes, so a file cannot move the cursor,
 * retitle the window, ring the bell or make text read backwards.
 *
 * @module
 */

/**
 * The characters escaped: C0 controls but tab and newline, DEL, the C1 controls, the Arabic
 * letter mark, left-to-right/right-to-left marks, the bidirectional embeddings, overrides and
 * isolates, and the line and paragraph separators.
 */
// deno-lint-ignore no-control-regex -- control characters are what it finds
const UNSAFE = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g;

/** The same, with carriage return allowed (a progress bar redraws its line with it). */
const UNSAFE_BUT_CR =
  // deno-lint-ignore no-control-regex -- control characters are what it finds
  /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g;

/** One character as a visible escape: `\x1b`, `\u202e`. */
function visible(ch: string): string {
  const code = ch.charCodeAt(0);
  return code < 0x100
    ? `\\x${code.toString(16).padStart(2, "0")}`
    : `\\u${code.toString(16).padStart(4, "0")}`;
}

/**
 * Escape every control and bidirectional-control character of `text` (tab and newline stay).
 *
 * @example Usage
 * ```ts
 * import { escapeControls } from "./terminal_text.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(escapeControls("a\x1b]0;title\x07b\u202ec\td\n"), "a\\x1b]0;title\\x07b\\u202ec\td\n");
 * ```
 *
 * @param text The text, from a file or a user.
 * @returns The text with those characters written as `\xHH` or `\uHHHH`.
 */
export function escapeControls(text: string): string {
  return text.replace(UNSAFE, visible);
}

/**
 * The escape sequences gecscore itself writes to a terminal: colours and weights (reset,
 * bold, dim, strike-through, red, green) and "clear to the end of the line".
 */
// deno-lint-ignore no-control-regex -- control characters are what it finds
const OWN_SEQUENCE = /\x1b\[(?:(?:0|1|2|9|31|32)(?:;(?:0|1|2|9|31|32))*)?m|\x1b\[K/y;

/**
 * Make output bound for a terminal safe: like {@linkcode escapeControls}, but gecscore's own
 * colour sequences stay, and so may carriage returns when `allowCarriageReturn` is set (a
 * progress bar on standard error).
 *
 * @example Usage
 * ```ts
 * import { terminalSafe } from "./terminal_text.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(terminalSafe("\x1b[1mbold\x1b[0m \x1b[2J"), "\x1b[1mbold\x1b[0m \\x1b[2J");
 * assert.equal(terminalSafe("\r\x1b[K", true), "\r\x1b[K");
 * assert.equal(terminalSafe("\r"), "\\x0d");
 * ```
 *
 * @param text What is about to be written.
 * @param allowCarriageReturn Keep `\r` as it is.
 * @returns The text, safe for a terminal.
 */
export function terminalSafe(text: string, allowCarriageReturn = false): string {
  const unsafe = allowCarriageReturn ? UNSAFE_BUT_CR : UNSAFE;
  let out = "";
  let start = 0;
  for (const match of text.matchAll(unsafe)) {
    const at = match.index;
    if (at < start) continue;
    out += text.slice(start, at);
    OWN_SEQUENCE.lastIndex = at;
    const own = match[0] === "\x1b" ? OWN_SEQUENCE.exec(text) : null;
    if (own) {
      out += own[0];
      start = at + own[0].length;
    } else {
      out += visible(match[0]);
      start = at + 1;
    }
  }
  return start === 0 ? text : out + text.slice(start);
}
