/**
 * A memo of per-sentence results by gold sentence and hypothesis: systems of one run often
 * give the same hypothesis for a sentence (most leave many sentences as they are), and a
 * metric whose statistics depend only on the gold sentence, the hypothesis and its options
 * can compute them once. Entries are kept per gold sentence, for the current sentence
 * while scoring goes sentence by sentence and for all of them (as long as each gold sentence
 * lives) once it comes back to one ({@linkcode RecentMemo}), so a streamed corpus does not
 * accumulate them. Hypotheses are looked up by a cheap fingerprint and compared token by
 * token, without building a key.
 *
 * @module
 */

import { RecentMemo } from "./recent_memo.ts";

/** One stored value: its key, fingerprint and hypothesis. */
interface Entry<V> {
  /** The options key. */
  key: string;
  /** The hypothesis' fingerprint. */
  print: number;
  /** The hypothesis (a copy). */
  tokens: readonly string[];
  /** The value. */
  value: V;
}

/** One memo: `get` returns the stored value for an equal hypothesis, or computes and keeps it. */
export class HypothesisMemo<V> {
  #byGold = new RecentMemo<object, Entry<V>[]>(1);

  /**
   * The value for `(gold, key, hypothesis)`, computed by `compute` on the first call.
   *
   * @example Usage
   * ```ts
   * import { HypothesisMemo } from "./hypothesis_memo.ts";
   * import assert from "node:assert/strict";
   *
   * const memo = new HypothesisMemo<number>();
   * const gold = {};
   * let calls = 0;
   * const f = () => ++calls;
   * assert.equal(memo.get(gold, "o", ["a", "b"], f), 1);
   * assert.equal(memo.get(gold, "o", ["a", "b"], f), 1);
   * assert.equal(memo.get(gold, "o", ["a b"], f), 2);
   * assert.equal(memo.get(gold, "other", ["a", "b"], f), 3);
   * ```
   *
   * @param gold The gold sentence (any object; compared by identity).
   * @param key What else the value depends on (the options that matter), as a string.
   * @param hypothesis The hypothesis tokens (compared token by token).
   * @param compute Computes the value.
   * @returns The value.
   */
  get(gold: object, key: string, hypothesis: readonly string[], compute: () => V): V {
    let entries = this.#byGold.get(gold);
    if (!entries) this.#byGold.set(gold, entries = []);
    const print = fingerprint(hypothesis);
    for (const e of entries) {
      if (e.print === print && e.key === key && sameTokens(e.tokens, hypothesis)) return e.value;
    }
    const value = compute();
    entries.push({ key, print, tokens: hypothesis.slice(), value });
    return value;
  }
}

function sameTokens(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** A cheap hash of a hypothesis: its length, and each token's length and end characters. */
function fingerprint(tokens: readonly string[]): number {
  let h = tokens.length;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    const ends = t.length ? t.charCodeAt(0) * 31 + t.charCodeAt(t.length - 1) : 0;
    h = (Math.imul(h, 0x01000193) ^ (t.length * 65599 + ends)) & 0x3fffffff;
  }
  return h;
}
