/**
 * Full signatures, in the manner of sacrebleu: a metric's own `signature(options)` followed by
 * everything else a number depends on: the number of references (annotators), a fingerprint of
 * the gold, and the gecscore version.
 *
 * @module
 */

import { createHash } from "node:crypto";
import type { AnyMetric, GoldCorpus, Options } from "../plugins/types.ts";
import { VERSION } from "../util/version.ts";

const fingerprints = new WeakMap<GoldCorpus, string>();

/**
 * A short fingerprint of a gold corpus: the first 8 hex digits of the SHA-256 of its parsed
 * content, the JSON of its sentences (source tokens, annotations, error groups, references,
 * annotator counts) without line numbers. It does not change with the file's name, its line
 * endings or a byte-order mark; the same gold in two formats (M2 and the I-measure XML
 * converted from it) has two fingerprints, since they carry different data.
 *
 * @example Usage
 * ```ts
 * import { goldFingerprint } from "./signature.ts";
 * import assert from "node:assert/strict";
 *
 * const gold = { path: "a", format: "text", sentences: [{ source: ["a"], references: [["b"]] }] };
 * const same = { ...gold, path: "b", sentences: [{ ...gold.sentences[0], line: 7 }] };
 * assert.match(goldFingerprint(gold), /^[0-9a-f]{8}$/);
 * assert.equal(goldFingerprint(same), goldFingerprint(gold));
 * assert.notEqual(
 *   goldFingerprint({ ...gold, sentences: [{ source: ["a"], references: [["c"]] }] }),
 *   goldFingerprint(gold),
 * );
 * ```
 *
 * @param gold The gold corpus.
 * @returns Eight lower-case hex digits.
 */
export function goldFingerprint(gold: GoldCorpus): string {
  let fingerprint = fingerprints.get(gold);
  if (fingerprint === undefined) {
    const hash = createHash("sha256");
    for (const s of gold.sentences) {
      hash.update(JSON.stringify([
        s.source,
        s.annotations ?? null,
        s.errors ?? null,
        s.references ?? null,
        s.numAnnotators ?? null,
        s.allAnnotators ?? null,
      ]));
      hash.update("\n");
    }
    fingerprint = hash.digest("hex").slice(0, 8);
    fingerprints.set(gold, fingerprint);
  }
  return fingerprint;
}

/**
 * The number of references of a gold corpus: its annotators (M2 annotator ids, the XML's
 * `numann`), or its reference rewrites per sentence (plain-text `--ref` files); the largest
 * over its sentences.
 *
 * @example Usage
 * ```ts
 * import { referenceCount } from "./signature.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(referenceCount({ path: "x", format: "text", sentences: [
 *   { source: ["a"], references: [["a"], ["b"]] },
 * ] }), 2);
 * assert.equal(referenceCount({ path: "x", format: "m2", sentences: [
 *   { source: ["a"], annotations: [], allAnnotators: ["0", "1", "2"] },
 * ] }), 3);
 * ```
 *
 * @param gold The gold corpus.
 * @returns The count (0 for an empty corpus).
 */
export function referenceCount(gold: GoldCorpus): number {
  let most = 0;
  for (const s of gold.sentences) {
    const annotators = s.allAnnotators?.length ?? s.numAnnotators ??
      (s.annotations ? new Set(s.annotations.map((a) => a.annotator)).size : undefined) ??
      (s.errors
        ? new Set(s.errors.flatMap((e) => e.alternatives.map((a) => a.annotator))).size
        : undefined) ??
      0;
    most = Math.max(most, annotators, s.references?.length ?? 0);
  }
  return most;
}

/**
 * The full signature of a metric's run on a gold corpus: the metric's own signature (its
 * options and version; `|v:VERSION` is added when it does not state it), then
 * `nrefs:N|gold:FINGERPRINT|gecscore:VERSION`.
 *
 * @example Usage
 * ```ts
 * import { fullSignature } from "./signature.ts";
 * import { VERSION } from "../util/version.ts";
 * import assert from "node:assert/strict";
 *
 * const metric = { id: "x", version: "2", signature: () => "x|k:1" };
 * const gold = { path: "g", format: "text", sentences: [{ source: ["a"], references: [["a"]] }] };
 * assert.match(
 *   fullSignature(metric, {}, gold),
 *   new RegExp(`^x\\|k:1\\|v:2\\|nrefs:1\\|gold:[0-9a-f]{8}\\|gecscore:${VERSION}$`),
 * );
 * ```
 *
 * @param metric The metric.
 * @param options The options it ran with.
 * @param gold The gold corpus.
 * @returns The signature.
 */
export function fullSignature(
  metric: Pick<AnyMetric, "version" | "signature">,
  options: Options,
  gold: GoldCorpus,
): string {
  let own = metric.signature(options);
  if (!own.split("|").includes(`v:${metric.version}`)) own += `|v:${metric.version}`;
  return `${own}|nrefs:${referenceCount(gold)}|gold:${goldFingerprint(gold)}|gecscore:${VERSION}`;
}
