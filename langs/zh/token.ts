/**
 * The token the Chinese annotator works on: its text, a part-of-speech tag (`"unk"` at
 * character level) and its pinyin readings (all toneless readings of a character at character
 * level; one reading per character of a word at word level).
 *
 * @module
 */

/** One token of a sentence. */
export interface ZhToken {
  /** The token's text. */
  readonly text: string;
  /** Part-of-speech tag (LTP's tag set at word level; `"unk"` at character level). */
  readonly pos: string;
  /** Pinyin readings, compared as a set by the aligner's spelling cost. */
  readonly pinyin: readonly string[];
}

/** Character or word level, as ChERRANT's `-g`. */
export type Granularity = "char" | "word";
