/**
 * A map keyed by ranges of token-id arrays, for the I-measure search's memos: the key is
 * hashed from the ids in place (no subarray, no string is made to look one up), and equal
 * hashes are told apart by comparing the ids.
 *
 * @module
 */

/** One entry: its ids (a copy: a plain array, far smaller than a typed array) and value. */
interface Entry<V> {
  /** The key's ids. */
  ids: number[];
  /** The value. */
  value: V;
}

/**
 * A map from id sequences (`ids[from..to)`) to values.
 *
 * @example Usage
 * ```ts
 * import { IdTable } from "./id_table.ts";
 * import assert from "node:assert/strict";
 *
 * const t = new IdTable<string>();
 * const ids = Int32Array.of(5, 1, 2, 9);
 * t.set(ids, 1, 3, "one-two");
 * assert.equal(t.get(Int32Array.of(1, 2), 0, 2), "one-two");
 * assert.equal(t.get(ids, 0, 2), undefined);
 * ```
 */
export class IdTable<V> {
  #buckets = new Map<number, Entry<V> | Entry<V>[]>();

  /**
   * The value stored for `ids[from..to)`, if any.
   *
   * @param ids The ids.
   * @param from First index of the key.
   * @param to End of the key (exclusive).
   * @returns The value, or undefined.
   */
  get(ids: Int32Array, from: number, to: number): V | undefined {
    const b = this.#buckets.get(hash(ids, from, to));
    if (b === undefined) return undefined;
    if (!Array.isArray(b)) return same(b.ids, ids, from, to) ? b.value : undefined;
    for (const e of b) if (same(e.ids, ids, from, to)) return e.value;
    return undefined;
  }

  /**
   * Stores `value` for `ids[from..to)` (replacing an earlier value).
   *
   * @param ids The ids.
   * @param from First index of the key.
   * @param to End of the key (exclusive).
   * @param value The value.
   */
  set(ids: Int32Array, from: number, to: number, value: V): void {
    const h = hash(ids, from, to);
    const b = this.#buckets.get(h);
    const copy = new Array<number>(to - from);
    for (let i = from; i < to; i++) copy[i - from] = ids[i];
    const entry = { ids: copy, value };
    if (b === undefined) return void this.#buckets.set(h, entry);
    const list = Array.isArray(b) ? b : [b];
    const at = list.findIndex((e) => same(e.ids, ids, from, to));
    if (at >= 0) list[at] = entry;
    else list.push(entry);
    this.#buckets.set(h, list.length === 1 ? list[0] : list);
  }
}

function hash(ids: Int32Array, from: number, to: number): number {
  let h = 0x811c9dc5 ^ (to - from);
  for (let i = from; i < to; i++) h = Math.imul(h ^ ids[i], 0x01000193);
  // 30 bits: a small integer, stored unboxed as a Map key.
  return h & 0x3fffffff;
}

function same(key: readonly number[], ids: Int32Array, from: number, to: number): boolean {
  if (key.length !== to - from) return false;
  for (let i = 0; i < key.length; i++) if (key[i] !== ids[from + i]) return false;
  return true;
}
