/**
 * A memo that keeps only the values of its most recent keys until the caller shows that it
 * comes back to older ones: then it keeps everything.
 *
 * Scoring goes either sentence by sentence (every system's hypothesis of a gold sentence, then
 * the next sentence: a sentence's memo is never used again once the next ones start) or system
 * by system (the whole corpus for one system, then again for the next: every memo is used once
 * per system). Keeping every memo in the first case only makes the garbage collector copy it
 * around; dropping them in the second case throws the sharing away. So the memo keeps the last
 * `recent` keys, and when a key it dropped is asked for again it stops dropping any.
 *
 * @module
 */

/**
 * Values by object key: the last `recent` keys, or every key once a dropped one came back.
 *
 * @example Usage
 * ```ts
 * import { RecentMemo } from "./recent_memo.ts";
 * import assert from "node:assert/strict";
 *
 * const memo = new RecentMemo<object, number>(2);
 * const [a, b, c] = [{}, {}, {}];
 * memo.set(a, 1), memo.set(b, 2), memo.set(c, 3);
 * assert.equal(memo.get(a), undefined); // dropped: `a` comes back, so nothing is dropped now
 * assert.equal(memo.keepsAll, true);
 * memo.set(a, 1);
 * assert.equal(memo.get(b), 2);
 * assert.equal(memo.get(a), 1);
 * ```
 */
export class RecentMemo<K extends object, V> {
  #recent: number;
  #kept = new Map<K, V>();
  #all: WeakMap<K, V> | undefined;
  #dropped = new WeakSet<K>();

  /**
   * A memo keeping the last `recent` keys until a dropped one is asked for again.
   *
   * @param recent How many keys to keep while the keys are new.
   */
  constructor(recent: number) {
    this.#recent = recent;
  }

  /** Whether the memo now keeps every key (a dropped key was asked for again). */
  get keepsAll(): boolean {
    return this.#all !== undefined;
  }

  /**
   * The value of `key`, if kept.
   *
   * @param key The key.
   * @returns Its value, or undefined.
   */
  get(key: K): V | undefined {
    if (this.#all) return this.#all.get(key);
    const value = this.#kept.get(key);
    if (value === undefined && this.#dropped.has(key)) {
      // The caller comes back to old keys: keep everything from now on.
      this.#all = new WeakMap(this.#kept);
      this.#kept.clear();
    }
    return value;
  }

  /**
   * Keeps `value` for `key`.
   *
   * @param key The key.
   * @param value The value.
   */
  set(key: K, value: V): void {
    if (this.#all) return void this.#all.set(key, value);
    this.#kept.delete(key);
    this.#kept.set(key, value);
    if (this.#kept.size > this.#recent) {
      const oldest: K = this.#kept.keys().next().value!;
      this.#kept.delete(oldest);
      this.#dropped.add(oldest);
    }
  }
}
