/**
 * Readers and writers: M2, hypothesis M2, I-measure XML, plain text and references, error groups and input limits.
 *
 * @module
 */

export { annotatorCount, errorGroups } from "./error_groups.ts";
export {
  applyEdits,
  EditOverlapError,
  type HypothesisM2,
  parseHypothesisM2,
  readHypothesisM2,
  sourceMismatches,
} from "./hypothesis_m2.ts";
export { ixmlFormat, parseIxml, writeIxml } from "./ixml.ts";
export { DEFAULT_READ_LIMITS, readLimits } from "./limits.ts";
export { m2Format, m2Sentences, parseM2, sortAnnotators, writeM2 } from "./m2.ts";
export {
  applyAnnotation,
  CONLL2014_CONVENTIONS,
  referenceRewrites,
  type RewriteConventions,
} from "./references.ts";
export {
  baseName,
  countLines,
  lines,
  type NumberedLine,
  readChunks,
  readHypotheses,
  readReferenceCorpus,
  readSentences,
  referenceSentences,
  textFormat,
  tokenize,
} from "./text.ts";
