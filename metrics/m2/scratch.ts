/**
 * Integer lists and buffers the M2 lattice, edit graph and best path reuse from one sentence to
 * the next, so that scoring many short sentences allocates little.
 *
 * @module
 */

/**
 * A growable list of integers on an `Int32Array` (one element type, so that the loops over
 * it stay monomorphic), optionally starting on a buffer lent by a {@linkcode Scratch}.
 */
export class IntList {
  data: Int32Array;
  size = 0;
  /**
   * @param capacity Expected size.
   * @param buffer A buffer to start on (used when at least `capacity` long).
   */
  constructor(capacity = 16, buffer?: Int32Array) {
    this.data = buffer && buffer.length >= capacity
      ? buffer
      : new Int32Array(Math.max(16, capacity));
  }
  push(value: number): void {
    if (this.size === this.data.length) {
      const next = new Int32Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.size++] = value;
  }
  view(): Int32Array {
    return this.data.subarray(0, this.size);
  }
}

/**
 * Buffers reused from one sentence to the next, so that scoring many short sentences does
 * not allocate (and collect) a dozen typed arrays for each. A buffer lent by `i32`, `u8` or
 * `f64` is valid until the next request for the same slot; whatever uses the scratch
 * arrays must be done with them before the next sentence is built.
 */
export class Scratch {
  #i32: Int32Array[] = [];
  #u8: Uint8Array[] = [];
  #f64: Float64Array[] = [];
  /** An `Int32Array` of at least `size` elements (contents unspecified). */
  i32(slot: number, size: number): Int32Array {
    const b = this.#i32[slot];
    if (b && b.length >= size) return b;
    return this.#i32[slot] = new Int32Array(Math.max(64, size, 2 * (b?.length ?? 0)));
  }
  /** A `Uint8Array` of at least `size` elements (contents unspecified). */
  u8(slot: number, size: number): Uint8Array {
    const b = this.#u8[slot];
    if (b && b.length >= size) return b;
    return this.#u8[slot] = new Uint8Array(Math.max(256, size, 2 * (b?.length ?? 0)));
  }
  /** A `Float64Array` of at least `size` elements (contents unspecified). */
  f64(slot: number, size: number): Float64Array {
    const b = this.#f64[slot];
    if (b && b.length >= size) return b;
    return this.#f64[slot] = new Float64Array(Math.max(64, size, 2 * (b?.length ?? 0)));
  }
  /** Keep a list's (possibly grown) buffer for the slot it was lent from. */
  keep(slot: number, list: IntList): void {
    if (list.data.length > (this.#i32[slot]?.length ?? 0)) this.#i32[slot] = list.data;
  }
  /**
   * An empty {@linkcode IntList} on the slot's buffer (at least `capacity` long): the same
   * list object each time for the slot (so valid, like the buffer, until the next request).
   */
  list(slot: number, capacity: number): IntList {
    const list = this.#lists[slot] ??= new IntList(0, this.i32(slot, capacity));
    list.data = this.i32(slot, capacity);
    list.size = 0;
    return list;
  }
  #lists: IntList[] = [];
}

/** The scratch buffers of the sentence being scored (see {@linkcode Scratch}). */
export const scratch: Scratch = new Scratch();

/** Lattices of more cells than this are built on their own arrays, not on scratch ones. */
export const SCRATCH_CELLS = 1 << 16;
