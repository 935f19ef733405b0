/**
 * The analysed token the annotator's stages read: the word, its Penn Treebank tag, the coarse
 * part of speech the aligner and merger compare, its lemma and a dependency label with a head.
 *
 * @module
 */

/** One analysed token of a sentence. */
export interface Token {
  /** The token as written. */
  readonly text: string;
  /** `text` in lower case. */
  readonly lower: string;
  /** Fine-grained Penn Treebank tag (`NN`, `VBZ`, `POS`, ...). */
  readonly tag: string;
  /**
   * Coarse part of speech as a spaCy 2 English model reports it (`NOUN`, `PROPN`, `VERB`, `ADP`,
   * `PART`, `DET`, ...): the aligner's and merger's notion of POS.
   */
  readonly pos: string;
  /** Lemma, lower case; personal pronouns share the lemma `-PRON-` as in spaCy 2. */
  readonly lemma: string;
  /** Dependency label in spaCy 2's English (ClearNLP) scheme: `aux`, `prep`, `dobj`, ... */
  readonly dep: string;
  /** Index of the head token in the sentence (itself for the root). */
  readonly head: number;
}

/** An analysed sentence: its tokens in order. */
export type Analysis = readonly Token[];
