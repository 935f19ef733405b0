/**
 * Rebuild `PACKED_SUMS_WASM` in `metrics/gleu/packed_sums_wasm.ts` from
 * `metrics/gleu/packed_sums.wat` after an edit of the source (wabt, a test-only package):
 *
 * `deno run --lock=tests/deno.lock --allow-read --allow-write=metrics/gleu tests/packed_sums_build.ts`
 *
 * `tests/gleu_wasm_test.ts` fails while the two disagree.
 *
 * @module
 */
import wabtInit from "npm:wabt@1.0.37";

const dir = new URL("../metrics/gleu/", import.meta.url);
const wabt = await wabtInit();
const source = await Deno.readTextFile(new URL("packed_sums.wat", dir));
const { buffer } = wabt.parseWat("packed_sums.wat", source, { simd: true }).toBinary({});
const base64 = btoa(String.fromCharCode(...buffer));
const target = new URL("packed_sums_wasm.ts", dir);
const text = await Deno.readTextFile(target);
const updated = text.replace(/(PACKED_SUMS_WASM =\s*)"[A-Za-z0-9+/=]*"/, `$1"${base64}"`);
if (updated === text && !text.includes(base64)) throw new Error("PACKED_SUMS_WASM not found");
await Deno.writeTextFile(target, updated);
console.log(`packed_sums.wat: ${buffer.length} bytes`);
