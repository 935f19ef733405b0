/**
 * GLEU's WebAssembly resampling kernel (`metrics/gleu/packed_sums_wasm.ts`): its bytes are
 * `packed_sums.wat` compiled, and its sums equal plain sums of the packed words at the
 * positions whose draw bit is set, on random resamples, corpus lengths and draw tables.
 */
import assert from "node:assert/strict";
import wabtInit from "npm:wabt@1.0.37";
import { PACKED_SUMS_WASM, packedSumsWasm } from "../metrics/gleu/packed_sums_wasm.ts";
import { xorshift } from "./random.ts";

Deno.test("PACKED_SUMS_WASM is packed_sums.wat compiled with wabt 1.0.37", async () => {
  const wabt = await wabtInit();
  const source = await Deno.readTextFile(
    new URL("../metrics/gleu/packed_sums.wat", import.meta.url),
  );
  const { buffer } = wabt.parseWat("packed_sums.wat", source, { simd: true }).toBinary({});
  const bytes = Uint8Array.from(atob(PACKED_SUMS_WASM), (c) => c.charCodeAt(0));
  assert.deepEqual(bytes, new Uint8Array(buffer));
});

/** The sums done plainly: per iteration and word, the packed values at the set positions. */
function plainSums(
  packed: Float64Array,
  indices: Int32Array,
  bits: Uint32Array,
  iterations: number,
): number[] {
  const out = new Array(iterations * 2).fill(0);
  for (let j = 0; j < iterations; j++) {
    for (let k = 0; k < indices.length; k++) {
      if ((bits[(k >> 5) * iterations + j] >>> (k & 31)) & 1) {
        out[2 * j] += packed[2 * indices[k]];
        out[2 * j + 1] += packed[2 * indices[k] + 1];
      }
    }
  }
  return out;
}

Deno.test("packedSumsWasm() equals the plain sums on random resamples", () => {
  const int = xorshift(2025);
  for (let round = 0; round < 60; round++) {
    const n = 1 + int(300);
    const m = 1 + int(400);
    const iterations = 1 + int(40);
    // Draw tables may be longer than the resample (drawn for a longer corpus).
    const longest = m + int(3) * 64;
    const bits = new Uint32Array(2 * Math.ceil(longest / 64) * iterations);
    for (let i = 0; i < bits.length; i++) bits[i] = int(2 ** 32);
    // Two words of fields small enough that every sum stays exact.
    const packed = new Float64Array(n * 2);
    for (let i = 0; i < packed.length; i++) packed[i] = int(2 ** 20);
    const indices = Int32Array.from({ length: m }, () => int(n));
    const sums = packedSumsWasm(packed, indices, bits, iterations);
    assert.ok(sums, "the WebAssembly kernel did not load");
    assert.deepEqual([...sums], plainSums(packed, indices, bits, iterations), `round ${round}`);
  }
});
