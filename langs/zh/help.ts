/**
 * The usage and help texts of the Chinese pack's commands (kept apart so that registering the
 * commands loads nothing else).
 *
 * @module
 */

/** The script's usage line. */
export const CHERRANT_PARALLEL_USAGE: string =
  "Usage: gecscore cherrant_parallel -f FILE -o OUTPUT [-g {char,word}] [-s {first,all}] " +
  "[--segmented] [--no_simplified] [--bpe] [--conllu FILE] [--char_meta FILE]";

/** `gecscore help cherrant_parallel`. */
export const CHERRANT_PARALLEL_HELP: string = `${CHERRANT_PARALLEL_USAGE}

Annotate a MuCGEC parallel file (id TAB source TAB target1 TAB target2 ...) into ChERRANT's
M2, as ChERRANT's parallel_to_m2.py does (same arguments, the same file byte for byte).

options:
  -f FILE, --file FILE  Input parallel file
  -o OUTPUT, --output OUTPUT
                        Output file
  -g {char,word}, --granularity {char,word}
                        char-level (default) or word-level evaluation; word level needs
                        --segmented input (words separated by spaces, optionally word/TAG
                        with LTP tags) or --conllu, as there is no LTP segmenter here
  -s {first,all}, --multi_cheapest_strategy {first,all}
                        keep every cheapest alignment (default) or the first only
  --segmented           tokens are already separated by spaces
  --no_simplified       do not convert targets to simplified Chinese (OpenCC t2s)
  --bpe                 split with the BERT word-piece tokenizer (character level)
  --conllu FILE         word level: words and tags of every sentence from a CoNLL-U file
                        (XPOS, else UPOS mapped to LTP tags), found by their text
  --char_meta FILE      word level: FASPell's char_meta.txt (in ChERRANT's data/), for the
                        S:SPELL test of substitutions
  -b, -d, -w N, -m      accepted for compatibility (batch size, GPU, workers, merge);
                        they change nothing in the output, as in the script
`;

/** The script's usage line. */
export const CHERRANT_COMPARE_USAGE =
  "Usage: gecscore cherrant_compare [options] -hyp HYP -ref REF";

/** `gecscore help cherrant_compare`. */
export const CHERRANT_COMPARE_HELP = `${CHERRANT_COMPARE_USAGE}

Calculate F-scores for error detection and/or correction, as ChERRANT's
compare_m2_for_evaluation.py (same arguments, same output).

options:
  -hyp HYP              A hypothesis M2 file.
  -ref REF              A reference M2 file.
  --start START, --end END
                        score blocks START to END-1 only (both needed)
  --max_answer_num N    keep reference annotators 0..N-1 (N = 1, 2 or 3)
  --reference_num N     score only sentences with N reference annotators
  -b BETA, --beta BETA  Value of beta in F-score. (default: 0.5)
  -v, --verbose         Print verbose output.
  -dt                   Evaluate Detection in terms of Tokens.
  -ds                   Evaluate Detection in terms of Spans.
  -cs                   Evaluate Correction in terms of Spans. (default)
  -cse                  Evaluate Correction in terms of Spans and Error types.
  -single               Only evaluate single token edits; i.e. 0:1, 1:0 or 1:1
  -multi                Only evaluate multi token edits; i.e. 2+:n or n:2+
  -multi_hyp_avg        accepted; changes nothing (as in the script)
  -multi_hyp_max        accepted; changes nothing (as in the script)
  -filt FILT [FILT ...] Do not evaluate the specified error types.
  -cat {1,2,3}          Show error category scores.
                        1: Only show operation tier scores; e.g. R.
                        2: Only show main tier scores; e.g. NOUN.
                        3: Show all category scores; e.g. R:NOUN.
`;
