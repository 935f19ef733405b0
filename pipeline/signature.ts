/**
 * Full signatures, in the manner of sacrebleu: a metric's own `signature(options)` followed by
 * everything else a number depends on: the number of references (annotators), a fingerprint of
 * the gold, and the gecscore version.
 *
 * @module
 */

import { createHash } from "node:crypto";
import type { AnyMetric, GoldCorpus, GoldSentence, Options } from "../plugins/types.ts";
import { VERSION } from "../util/version.ts";
import { isOwnFormat } from "./own_formats.ts";

const fingerprints = new WeakMap<GoldCorpus, { fingerprint: string; references: number }>();

/** What a sentence adds to the fingerprint: its content without its line number. */
function sentenceKey(s: GoldSentence): string {
  return JSON.stringify([
    s.source,
    s.annotations ?? null,
    s.errors ?? null,
    s.references ?? null,
    s.numAnnotators ?? null,
    s.allAnnotators ?? null,
  ]) + "\n";
}

/** The number of references one sentence has: annotators, or reference rewrites. */
function sentenceReferences(s: GoldSentence): number {
  const annotators = s.allAnnotators?.length ?? s.numAnnotators ??
    (s.annotations ? new Set(s.annotations.map((a) => a.annotator)).size : undefined) ??
    (s.errors
      ? new Set(s.errors.flatMap((e) => e.alternatives.map((a) => a.annotator))).size
      : undefined) ??
    0;
  return Math.max(annotators, s.references?.length ?? 0);
}

/**
 * The fingerprint and reference count of a gold corpus built sentence by sentence, for
 * corpora that are streamed rather than held whole; {@linkcode goldFingerprint} and
 * {@linkcode referenceCount} give the same values for a corpus held whole.
 *
 * @example Usage
 * ```ts
 * import { GoldDigest, goldFingerprint } from "./signature.ts";
 * import assert from "node:assert/strict";
 *
 * const sentences = [{ source: ["a"], references: [["b"], ["c"]] }, { source: ["d"], references: [["d"]] }];
 * const digest = new GoldDigest();
 * for (const s of sentences) digest.add(s);
 * assert.equal(digest.fingerprint, goldFingerprint({ path: "x", format: "text", sentences }));
 * assert.equal(digest.references, 2);
 * ```
 */
export class GoldDigest {
  #hash = createHash("sha256");
  #fingerprint?: string;
  #references = 0;

  /**
   * Start a digest.
   *
   * @param format The id of the format that read the gold, for the signature.
   */
  constructor(readonly format?: string) {}

  /**
   * Add the next sentence.
   *
   * @param sentence The sentence, in corpus order.
   */
  add(sentence: GoldSentence): void {
    if (this.#fingerprint !== undefined) throw new Error("GoldDigest: add() after fingerprint");
    this.#hash.update(sentenceKey(sentence));
    this.#references = Math.max(this.#references, sentenceReferences(sentence));
  }

  /**
   * Add the next sentences as {@linkcode digestPart} gave them: their keys joined in order, and
   * the largest number of references among them.
   *
   * @param keys The sentences' keys, concatenated.
   * @param references Their largest number of references.
   */
  addPart(keys: string, references: number): void {
    if (this.#fingerprint !== undefined) throw new Error("GoldDigest: add() after fingerprint");
    this.#hash.update(keys);
    this.#references = Math.max(this.#references, references);
  }

  /** The first 8 hex digits of the SHA-256 (no sentence can be added after reading it). */
  get fingerprint(): string {
    return this.#fingerprint ??= this.#hash.digest("hex").slice(0, 8);
  }

  /** The largest number of references of a sentence so far. */
  get references(): number {
    return this.#references;
  }
}

/**
 * What one sentence adds to a {@linkcode GoldDigest}, computed where the sentence is (a
 * worker) and added in corpus order with {@linkcode GoldDigest.addPart}.
 *
 * @param sentence The sentence.
 * @returns Its fingerprint text and its number of references.
 */
export function digestPart(sentence: GoldSentence): { key: string; references: number } {
  return { key: sentenceKey(sentence), references: sentenceReferences(sentence) };
}

function digestOf(gold: GoldCorpus): { fingerprint: string; references: number } {
  let known = fingerprints.get(gold);
  if (!known) {
    const digest = new GoldDigest();
    for (const s of gold.sentences) digest.add(s);
    known = { fingerprint: digest.fingerprint, references: digest.references };
    fingerprints.set(gold, known);
  }
  return known;
}

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
  return digestOf(gold).fingerprint;
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
  return digestOf(gold).references;
}

/**
 * The full signature of a metric's run on a gold corpus: the metric's own signature (its
 * options and version; `|v:VERSION` is added when it does not state it), then
 * `nrefs:N|gold:FINGERPRINT|gecscore:VERSION`, then `fmt:ID` when the gold was read by a format
 * that is not gecscore's own and `sysfmt:ID` when the system was (a plugin's format, named by
 * the user).
 *
 * @example Usage
 * ```ts
 * import { fullSignature } from "./signature.ts";
 * import { VERSION } from "../util/version.ts";
import { isOwnFormat } from "./own_formats.ts";
 * import assert from "node:assert/strict";
 *
 * const metric = { id: "x", version: "2", signature: () => "x|k:1" };
 * const gold = { path: "g", format: "text", sentences: [{ source: ["a"], references: [["a"]] }] };
 * assert.match(
 *   fullSignature(metric, {}, gold),
 *   new RegExp(`^x\\|k:1\\|v:2\\|nrefs:1\\|gold:[0-9a-f]{8}\\|gecscore:${VERSION}$`),
 * );
 * assert.match(
 *   fullSignature(metric, {}, { ...gold, format: "mine" }, "theirs"),
 *   /\|gold:[0-9a-f]{8}\|gecscore:[^|]+\|fmt:mine\|sysfmt:theirs$/,
 * );
 * ```
 *
 * @param metric The metric.
 * @param options The options it ran with.
 * @param gold The gold corpus (or the digest of a streamed one).
 * @param systemFormat The id of the format that read the system, when known.
 * @returns The signature.
 */
export function fullSignature(
  metric: Pick<AnyMetric, "version" | "signature">,
  options: Options,
  gold: GoldCorpus | GoldDigest,
  systemFormat?: string,
): string {
  let own = metric.signature(options);
  if (!own.split("|").includes(`v:${metric.version}`)) own += `|v:${metric.version}`;
  const { references, fingerprint } = gold instanceof GoldDigest ? gold : digestOf(gold);
  const formats = [["fmt", gold.format], ["sysfmt", systemFormat]]
    .filter(([, id]) => id !== undefined && !isOwnFormat(id))
    .map(([key, id]) => `|${key}:${id}`).join("");
  return `${own}|nrefs:${references}|gold:${fingerprint}|gecscore:${VERSION}${formats}`;
}
