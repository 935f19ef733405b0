/**
 * Usage lines and help texts of ERRANT's commands (`errant_parallel`, `errant_m2`), shared by
 * the commands ({@link ./commands.ts}) and their registration ({@link ./drop_ins.ts}).
 *
 * @module
 */

/** Usage line of `errant_parallel`. */
export const ERRANT_PARALLEL_USAGE: string =
  "Usage: gecscore errant_parallel (-orig ORIG -cor COR [COR ...] | -tsv PAIRS) -out OUT " +
  "[-lev] [-merge {rules,all-split,all-merge,all-equal}] [-analyses FILE.conllu] [-lang XX] " +
  "[--jobs N]";

/** Usage line of `errant_m2`. */
export const ERRANT_M2_USAGE: string =
  "Usage: gecscore errant_m2 (-auto | -gold) M2_FILE -out OUT " +
  "[-no_min] [-old_cats] [-lev] [-merge {rules,all-split,all-merge,all-equal}] " +
  "[-analyses FILE.conllu] [-lang XX] [--jobs N]";

const COMMON_HELP =
  `  -lev                 align with plain Levenshtein instead of the linguistic costs
  -merge STRATEGY      rules (default), all-split, all-merge or all-equal
  -analyses FILE       ready analyses in CoNLL-U (FORM, LEMMA, UPOS, XPOS = Penn tag, HEAD,
                       DEPREL in spaCy 2 or UD labels), e.g. from spaCy or Stanza; sentences
                       not in it are analysed by the built-in tagger
  -lang XX             the language (default en): any other needs -analyses with UPOS and
                       LEMMA as UDPipe, Stanza, spaCy or Trankit write them (every sentence,
                       original and corrected); a language pack may add a word list and types
  --jobs N             workers (default: one per core, none for files under 1 MiB); the
                       input streams in chunks, the M2 comes out in input order, written
                       beside OUT and renamed at the end
Text is whitespace-tokenised, one sentence per line (ERRANT's -tok is not available). The
annotator reproduces 99.6% of ERRANT 2.3.3's edits on CoNLL-2014 and 93% of their types;
see the README.`;

/** Help text of `errant_parallel`. */
export const ERRANT_PARALLEL_HELP: string = `${ERRANT_PARALLEL_USAGE}

Align each corrected file with the original, extract and classify the edits as ERRANT does,
and write one M2 file with one annotator per corrected file (annotator ids 0, 1, ...).
  -orig FILE           the original text
  -cor FILE [FILE...]  one or more corrected texts, line for line
  -tsv FILE            instead: one pair a line, the original, a tab, the correction(s)
  -out FILE            the M2 file to write (- for standard output)
${COMMON_HELP}
`;

/** Help text of `errant_m2`. */
export const ERRANT_M2_HELP: string = `${ERRANT_M2_USAGE}

Re-annotate an M2 file as ERRANT does: -gold keeps each annotator's edit spans (minimised)
and gives them ERRANT types; -auto rebuilds each annotator's corrected sentence and
extracts its edits afresh.
  -no_min              keep gold spans as they are (-gold)
  -old_cats            keep the gold error types (-gold)
  -out FILE            the M2 file to write (- for standard output)
${COMMON_HELP}
`;
