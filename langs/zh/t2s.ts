/**
 * Traditional to simplified Chinese as ChERRANT converts its targets (OpenCC's `t2s`), by the
 * opencc-js package (`Converter({ from: "t", to: "cn" })`, OpenCC's phrase and character
 * dictionaries with its maximum-match segmentation), loaded on first use.
 *
 * @example
 * ```ts
 * import { loadT2s } from "./t2s.ts";
 * import assert from "node:assert/strict";
 *
 * const t2s = await loadT2s();
 * assert.equal(t2s("乾燥的頭髮"), "干燥的头发");
 * ```
 *
 * @module
 */

let loading: Promise<(text: string) => string> | undefined;

/**
 * OpenCC's traditional-to-simplified tables (opencc-js, a maintained pure-JavaScript OpenCC). The
 * specifier is a value, not a literal import, so that the package is fetched only by a run that
 * converts (Deno fetches every package a module graph names before a program starts).
 */
const OPENCC = "npm:opencc-js@1.4.2/t2cn";

/** The part of opencc-js this uses. */
interface OpenCc {
  Converter(options: { from: "t"; to: "cn" }): (text: string) => string;
}

/**
 * The converter, loaded once.
 *
 * @returns A function converting traditional characters to simplified ones.
 */
export function loadT2s(): Promise<(text: string) => string> {
  loading ??= (async () => {
    const { Converter } = await import(OPENCC) as OpenCc;
    const convert = Converter({ from: "t", to: "cn" });
    return (text: string) => convert(text);
  })();
  return loading;
}
