#!/usr/bin/env bash
# Every speed and memory target of issue 36, measured side by side in one run, with
# /usr/bin/time (wall seconds, peak resident memory). Prints the load average, then a Markdown
# table: target, command, figure, limit, met?
#
#   GECSCORE_DATA=~/gec-data M2SCORER_DIR=~/m2scorer bash bench/targets.sh
#
# Rows:
#   (a) the official m2scorer (scripts/m2scorer.py of nusnlp/m2scorer 3.2, run with $PYTHON2)
#       on one CoNLL-2014 system (AMU): the reference the next row is measured against;
#   (b) `score -m m2,gleu,imeasure` of the 13 CoNLL-2014 systems (12 teams and INPUT):
#       at most 1/10 of (a), under 200 MB;
#   (c) `report` of those 13 systems, three metrics, default intervals: at most 2x (b); under
#       the table, (c)'s floor: (b)'s CPU time plus the resampling's alone on one thread
#       (bench/bootstrap_cost.ts), over the cores: the wall time no spreading of that work
#       can go below, and with the page's own work (`report --no-significance --jobs 1`'s
#       CPU time less (b)'s);
#   (d) annotating AMU with `errant_parallel` against scoring AMU with `score -m m2`: at most 3x;
#   (e) 1,000,000 generated sentences, `score -m m2,gleu --format jsonl --sentences` streamed
#       (bench/generate_corpus.ts): under 60 s, under 500 MB;
#   (f) `errant_parallel` on 1,000,000 generated distinct pairs (bench/generate_pairs.ts): at
#       least 5,000 pairs/s over the whole run, under 500 MB, and memory at 1,000,000 within
#       60 MB of memory at 100,000.
#
# Environment:
#   GECSCORE_DATA  the data folder (docs/data.md): conll2014/gold/official-2014.combined.m2 and
#                  conll2014/systems/<SYSTEM> are read; required
#   M2SCORER_DIR   a checkout of nusnlp/m2scorer (tag version3.2); row (a) is skipped, and (b)
#                  has no time limit to compare with, when it is unset
#   PYTHON2        the Python 2 that runs m2scorer (default python2)
#   RUNS           runs of each command (default 3), taken in turn (a, b, c, ..., a, b, c, ...);
#                  the figures are medians
#   SCALE_DIR      where the generated corpora are kept (default /tmp/gecscore_targets; made
#                  when missing: about 0.8 GB for the default sizes)
#   STREAM_SIZE    sentences of row (e) (default 1000000)
#   STREAM_DIR     the corpus of row (e) (default SCALE_DIR/corpusSTREAM_SIZE; the folder
#                  bench/stream_scale.sh makes, e.g. /tmp/gecscore_scale/1000000, will do)
#   ANNOT_SMALL, ANNOT_LARGE   pairs of row (f) (default 100000 and 1000000)
#   ANNOT_DIR      where pairsN.tsv of row (f) are (default SCALE_DIR; the folder of
#                  bench/annotation_scale.sh, e.g. /tmp/gecscore_annot, will do)
#   OUT            where outputs go (default /tmp/gecscore_targets_out)
# Try it with RUNS=1 STREAM_SIZE=20000 ANNOT_SMALL=5000 ANNOT_LARGE=20000 (the limits of (e)
# and (f) are for the default sizes). gecscore runs as the installed command runs it (its flags,
# deno.lock), with writing allowed in OUT.
set -u
cd "$(dirname "$0")/.." || exit 1

if [ -z "${GECSCORE_DATA:-}" ]; then
  echo "targets.sh: set GECSCORE_DATA to the data folder (see docs/data.md)" >&2
  exit 2
fi
D=$GECSCORE_DATA/conll2014
GOLD=$D/gold/official-2014.combined.m2
if [ ! -f "$GOLD" ] || [ ! -d "$D/systems" ]; then
  echo "targets.sh: $GOLD or $D/systems/ is missing (see docs/data.md)" >&2
  exit 2
fi
if [ ! -x /usr/bin/time ]; then
  echo "targets.sh: /usr/bin/time is missing (apt-get install time)" >&2
  exit 2
fi
RUNS=${RUNS:-3}
PYTHON2=${PYTHON2:-python2}
SCALE_DIR=${SCALE_DIR:-/tmp/gecscore_targets}
STREAM_SIZE=${STREAM_SIZE:-1000000}
ANNOT_SMALL=${ANNOT_SMALL:-100000}
ANNOT_LARGE=${ANNOT_LARGE:-1000000}
OUT=${OUT:-/tmp/gecscore_targets_out}
mkdir -p "$SCALE_DIR" "$OUT"
SYSTEMS=(AMU CAMB CUUI IITB INPUT IPN NTHU PKU POST RAC SJTU UFC UMC)
HYPS=("${SYSTEMS[@]/#/$D/systems/}")
AMU=$D/systems/AMU
G=(deno run --lock=deno.lock --allow-read --allow-write="$OUT" --no-prompt --cached-only
  --v8-flags=--max-semi-space-size=4 cli.ts)

# The generated corpora, made once.
STREAM=${STREAM_DIR:-$SCALE_DIR/corpus$STREAM_SIZE}
ANNOT=${ANNOT_DIR:-$SCALE_DIR}
if [ ! -f "$STREAM/hyp.txt" ]; then
  echo "making $STREAM (bench/generate_corpus.ts) ..." >&2
  deno run -R -W bench/generate_corpus.ts "$STREAM_SIZE" "$STREAM" || exit 1
fi
for n in "$ANNOT_SMALL" "$ANNOT_LARGE"; do
  if [ ! -f "$ANNOT/pairs$n.tsv" ]; then
    echo "making $ANNOT/pairs$n.tsv (bench/generate_pairs.ts) ..." >&2
    mkdir -p "$ANNOT"
    deno run -R -W bench/generate_pairs.ts "$n" "$ANNOT/pairs$n.tsv" "$GOLD" || exit 1
  fi
done

# name -> command; each run of a command appends "wall peak_kb user sys" to $OUT/<name>.times.
declare -A CMD
ORDER=()
add() {
  local name=$1
  shift
  CMD[$name]=$(printf '%q ' "$@")
  ORDER+=("$name")
  : >"$OUT/$name.times"
}
if [ -n "${M2SCORER_DIR:-}" ]; then
  add m2scorer "$PYTHON2" "$M2SCORER_DIR/scripts/m2scorer.py" "$AMU" "$GOLD"
else
  echo "targets.sh: M2SCORER_DIR is unset: row (a) is skipped (set it to a checkout of nusnlp/m2scorer 3.2)" >&2
fi
add score13 "${G[@]}" score --gold "$GOLD" "${HYPS[@]}" -m m2,gleu,imeasure
add report13 "${G[@]}" report --gold "$GOLD" "${HYPS[@]}" -m m2,gleu,imeasure -o "$OUT/report.html"
add report13_plain "${G[@]}" report --gold "$GOLD" "${HYPS[@]}" -m m2,gleu,imeasure --no-significance \
  --jobs 1 -o "$OUT/report_plain.html"
add annotate_amu "${G[@]}" errant_parallel -orig "$D/systems/INPUT" -cor "$AMU" -out "$OUT/amu.m2"
add score_amu "${G[@]}" score --gold "$GOLD" "$AMU" -m m2
add stream "${G[@]}" score --gold "$STREAM/gold.m2" "$STREAM/hyp.txt" -m m2,gleu --format jsonl --sentences
add annot_small "${G[@]}" errant_parallel -tsv "$ANNOT/pairs$ANNOT_SMALL.tsv" -out "$OUT/small.m2"
add annot_large "${G[@]}" errant_parallel -tsv "$ANNOT/pairs$ANNOT_LARGE.tsv" -out "$OUT/large.m2"

LOAD_BEFORE=$(cut -d' ' -f1-3 /proc/loadavg)
for ((r = 1; r <= RUNS; r++)); do
  for name in "${ORDER[@]}"; do
    echo "run $r/$RUNS: $name (load $(cut -d' ' -f1-3 /proc/loadavg))" >&2
    if ! eval "/usr/bin/time -f '%e %M %U %S' -o '$OUT/$name.time' ${CMD[$name]}" \
      >"$OUT/$name.stdout" 2>"$OUT/$name.stderr"; then
      echo "targets.sh: $name failed:" >&2
      tail -3 "$OUT/$name.stderr" >&2
      exit 1
    fi
    tail -1 "$OUT/$name.time" >>"$OUT/$name.times"
  done
done
LOAD_AFTER=$(cut -d' ' -f1-3 /proc/loadavg)
# What (c) cannot go below: the resampling behind report's intervals, alone on one thread.
BOOT=$(deno run -R --lock=deno.lock --cached-only --v8-flags=--max-semi-space-size=4 \
  bench/bootstrap_cost.ts "$GOLD" "${HYPS[@]}" 2>/dev/null | awk '$1 == "total" { print $2 }')

# The median of a column (1: wall seconds, 2: peak KB, 3: user seconds, 4: system seconds)
# of a command's runs.
median() {
  sort -n -k"$2","$2" "$OUT/$1.times" | awk -v k="$2" '{ v[NR] = $k } END { print v[int((NR + 1) / 2)] }'
}
wall() { median "$1" 1; }
cpu() { awk '{ print $3 + $4 }' "$OUT/$1.times" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
mb() { median "$1" 2 | awk '{ printf "%.0f", $1 / 1024 }'; }
have() { [ -n "${CMD[$1]:-}" ]; }
calc() { awk "BEGIN { printf \"%.${2:-2}f\", $1 }"; }
yes_no() { awk "BEGIN { print (($1) ? \"yes\" : \"**no**\") }"; }
short() { echo "${CMD[$1]}" | sed -e "s|$D/systems/||g" -e "s|$GECSCORE_DATA|\$GECSCORE_DATA|g" \
  -e "s|deno run .* cli.ts |gecscore |" -e "s|$OUT/||g" -e 's/\\//g' -e 's/ *$//' |
  sed -E 's/(AMU CAMB CUUI IITB INPUT IPN NTHU PKU POST RAC SJTU UFC UMC)/(13 systems)/'; }

echo
echo "Issue 36 targets: $RUNS run(s) each, in turn, medians; load average $LOAD_BEFORE before, $LOAD_AFTER after"
echo "($(nproc) cores, $(date -u '+%Y-%m-%d %H:%M UTC'))"
echo
echo "| target | command | figure | limit | met? |"
echo "| --- | --- | --- | --- | --- |"
if have m2scorer; then
  echo "| (a) official m2scorer, one system | \`$(short m2scorer)\` | $(wall m2scorer) s, $(mb m2scorer) MB | (reference) | |"
else
  echo "| (a) official m2scorer, one system | skipped: M2SCORER_DIR unset | | | |"
fi
b=$(wall score13)
bmb=$(mb score13)
if have m2scorer; then
  a=$(wall m2scorer)
  echo "| (b) score, 13 systems, 3 metrics | \`$(short score13)\` | $b s ($(calc "$b / $a" 3) of (a)), $bmb MB | <= 0.1 of (a), < 200 MB | $(yes_no "$b <= $a / 10 && $bmb < 200") |"
else
  echo "| (b) score, 13 systems, 3 metrics | \`$(short score13)\` | $b s, $bmb MB | <= 0.1 of (a) (not measured), < 200 MB | $(yes_no "$bmb < 200") (memory only) |"
fi
c=$(wall report13)
echo "| (c) report, 13 systems, 3 metrics, CIs | \`$(short report13)\` | $c s ($(calc "$c / $b")x (b)), $(mb report13) MB | <= 2x (b) | $(yes_no "$c <= 2 * $b") |"
bcpu=$(cpu score13)
ann=$(wall annotate_amu)
sc=$(wall score_amu)
echo "| (d) annotate AMU vs score AMU with m2 | \`$(short annotate_amu)\` vs \`$(short score_amu)\` | $ann s vs $sc s ($(calc "$ann / $sc")x), $(mb annotate_amu) MB | <= 3x | $(yes_no "$ann <= 3 * $sc") |"
e=$(wall stream)
emb=$(mb stream)
echo "| (e) $STREAM_SIZE sentences streamed, m2+gleu, jsonl | \`$(short stream)\` | $e s, $emb MB | < 60 s, < 500 MB | $(yes_no "$e < 60 && $emb < 500") |"
fl=$(wall annot_large)
flmb=$(mb annot_large)
rate=$(calc "$ANNOT_LARGE / $fl" 0)
echo "| (f) annotation of $ANNOT_LARGE pairs | \`$(short annot_large)\` | $rate pairs/s ($fl s), $flmb MB | >= 5,000 pairs/s, < 500 MB | $(yes_no "$rate >= 5000 && $flmb < 500") |"
fsmb=$(mb annot_small)
echo "| (f) memory at $ANNOT_LARGE vs $ANNOT_SMALL pairs | \`$(short annot_small)\` | $flmb MB vs $fsmb MB (difference $((flmb - fsmb)) MB) | within 60 MB | $(yes_no "$flmb - $fsmb <= 60") |"
echo
if [ -n "$BOOT" ]; then
  work=$(calc "$bcpu + $BOOT")
  page=$(calc "$(cpu report13_plain) - $bcpu")
  echo "(c)'s floor: score's CPU $bcpu s (median of (b)'s runs, user + system) + the resampling's $BOOT s"
  echo "alone on one thread (bench/bootstrap_cost.ts) = $work s of work report cannot avoid; on $(nproc)"
  echo "cores at least $(calc "$work / $(nproc)") s of wall time, against (c)'s limit of $(calc "2 * $b") s. The page's own"
  echo "work (\`report --no-significance --jobs 1\`'s CPU less score's) adds $page s: $(calc "($work + $page) / $(nproc)") s."
  echo
fi
echo "gecscore = ${G[*]}"
