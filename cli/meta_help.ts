/**
 * The help text of `gecscore meta`.
 *
 * @module
 */

import { MODEL_FLAGS_HELP } from "./model_flags.ts";
import { PRESET_HELP } from "./preset.ts";

/** The help text of `gecscore meta`. */
export const META_HELP = `Usage:
  gecscore meta --human FILE [--human FILE]... [--judgments FILE]... [--rankings FILE]...
                (--scores FILE... | --gold GOLD [NAME=]SYS... [-m IDS] | both) [options]

Correlate metric scores with human judgments: Chollampatt & Ng (2018) on CoNLL-2014, and
SEEDA (Kobayashi et al. 2024) with system sets, rankings and window analysis.

Human side:
  --human FILE       system-level human scores: WMT format "METRIC LP TESTSET SYSTEM SCORE"
                     (expected_wins.txt.gz), one value per line in --order (SEEDA's
                     scores/human/*.txt), or an Appraise ranking XML, from which Expected
                     Wins is computed (and TrueSkill with --ts), or MultiGEC-2025 ratings
                     (#SYSTEM, then "Grammaticality: N Fluency: N" per text: the mean
                     rating of each criterion); repeatable
  --judgments FILE   pairwise judgments for Kendall's tau (HTies/NoTies): WMT CSV
                     (expanded.csv.gz, unexpanded.csv.gz), an Appraise XML, or MultiGEC-2025
                     ratings (pairs of systems text by text, per criterion); repeatable
  --rankings FILE    an Appraise ranking XML for SEEDA's sentence level: pairwise accuracy
                     and Kendall over the pairs an item ranks differently; repeatable
  --src-id 0|1|judged  how an item's src-id finds the sentence: 0-based line (default,
                     the 2015 CoNLL XML), 1-based line (SEEDA's XML with full outputs), or
                     judged: the outputs hold only the judged sentences in src-id order
                     (SEEDA's outputs/subset)
  --ts               with an XML --human: also TrueSkill as TS.py -n 2 -d 0 computes it
  --ts-seed N        its seed (Python random.seed; default 1); --ts-runs N: runs averaged
Metric side:
  --scores FILE      WMT score file (system or sentence level), a table with a header row
                     (System,M2,GLEU,...: one column per metric, e.g. SEEDA's published
                     table), or one value per line in --order; repeatable
  --gold GOLD SYS... compute registered metrics on the spot for the system outputs SYS...
                     (and --hyp-m2 [NAME=]FILE: a system as a hypothesis M2);
                     --src SRC --ref REF... instead of --gold for plain references;
                     NAME=PATH names a system (BART=out/BART.txt), else its file name
  -m, --metrics IDS  metrics to compute with the gold (default: all the gold can serve)
  --attack [NAME=]FILE  an adversarial output (e.g. data/attack-gec-metrics/conll14/*.txt),
                     scored with the systems, left out of the correlations, and ranked
                     among them per metric (1 = best); repeatable
  --gold-format ID   the format of GOLD (default: by name and content)
  --system-format ID the format of SYS... (default: by name and content, else plain text)
  --opt METRIC.NAME=VALUE  a metric option, repeatable
${MODEL_FLAGS_HELP}
${PRESET_HELP}
Systems:
  --order LIST|FILE  the systems of one-value-per-line files, in their order (comma list,
                     or a file with one name a line); default: every system met in the
                     other inputs, in alphabetical (code unit) order, as SEEDA writes them
  --exclude SYSTEM   leave a system out (e.g. IPN, INPUT); repeatable or comma separated
  --set NAME=ITEMS   a named system set: -SYS excludes, SYS includes only; repeatable;
                     the tables show the sets side by side
  --sets seeda       SEEDA's sets: base (no INPUT, REF-F, GPT-3.5), +INPUT, +fluency
                     (REF-F and GPT-3.5 added), all
Window analysis:
  --window N         correlations in every window of N systems ranked by a human score
                     (over the first set); SEEDA's default is 8
  --window-human NAME  the human ranking used (default: the first --human)
  --window-svg FILE  line charts FILE_pearson.svg and FILE_spearman.svg (a final .svg of
                     FILE is dropped first: w.svg gives w_pearson.svg); named on stderr
  --heatmap-svg DIR  per rankings file and metric, sentence-level accuracy by rank pair
Options:
  --bootstrap N      resamples for the sentence-level CIs (default 1000; 0 = none)
  --seed N           seed of the bootstrap (Python random.seed; default 1)
  --format FORMAT    table (default, 3 decimals), json (full precision), or markdown or
                     latex (the tables for a paper: minus signs, † aligned, notes)
  --svg DIR          write one scatter plot per metric and human ranking into DIR
  --plugin SPEC      load a metric/format plugin (path, file:/https: URL, npm:)
  -h, --help         this help

Williams' test is one-tailed (psych::r.test, df = n - 3), tested in the direction of the
higher signed correlation: a cell holds p for "row metric correlates better than column".
With system sets, † marks the metrics not significantly below the best of a column.
The --judgments CI is the bootstrap percentile interval of the resampled comparisons; "±"
is half its width, as the reference script prints it. The --rankings CIs resample ranking
items. SEEDA's tie rule: a metric tie counts for the system later in name order; the
"neutral" columns count a tie half for each side.
`;
