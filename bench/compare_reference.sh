#!/usr/bin/env bash
# gecscore against the reference implementations, side by side on the same data.
#
# For each metric, runs the reference tool and the matching gecscore command in turn
# (ref, gecscore, ref, gecscore, ...), RUNS times each (a reference tool whose first run
# takes over 60 s runs once), under /usr/bin/time -f "%e %U %M": wall seconds, user CPU
# seconds, peak resident KB. Prints a Markdown table of the medians with the load average
# seen during the runs, then the last lines each tool printed on its first run (to check
# the scores against ../shared/golden). Not run by the test suite; run it by hand:
#
#   M2SCORER_DIR=... IEVAL_DIR=... bash bench/compare_reference.sh
#
# The reference tools come from where these variables point; a tool whose variable is
# unset is skipped with a message naming it. Only public checkouts, nothing installed:
#   M2SCORER_DIR    nusnlp/m2scorer, tag version3.2 (runs scripts/m2scorer.py with $PYTHON2)
#   IEVAL_DIR       mfelice/imeasure @ fc79fdf made runnable by $PYTHON3: 2to3, no
#                   `reload(sys)`, ElementTree for cElementTree (as ../shared/golden did);
#                   needs numpy
#   GLEU_DIR        cnap/gec-ranking @ 50b5032 (runs scripts/compute_gleu with $GLEU_PYTHON;
#                   the script is Python 2 and imports numpy and scipy: under Python 3 use a
#                   2to3 copy, which draws other references than Python 2 does)
#   ERRANT_DIR      chrisjbryant/errant v3.0.2 (errant/commands/compare_m2.py needs only the
#                   standard library: no spaCy)
#   GECMETRICS_DIR  gotutiyan/gec-metrics @ 875a2f7 (GREEN, GLEU, GLEUOfficial, ERRANT,
#                   SentERRANT, GoToScorer)
#   CLEME10_DIR     THUKElab/CLEME @ 5fc7617 (the EMNLP 2023 code, scripts/evaluate.py)
#   CLEME11_DIR     THUKElab/CLEME @ e90abea (main.py; CLEME2.0)
# and
#   PYTHON2 (python2), PYTHON3 (python3), GLEU_PYTHON ($PYTHON3)
#   SHARED          the shared data folder (default ../shared)
#   SYSTEM          the CoNLL-2014 system scored (default AMU); `all` scores the 13 systems
#                   (gecscore in one process, each reference tool once per system in one
#                   timed shell; m2scorer and ieval are skipped: minutes per system)
#   RUNS            runs per tool (default 3)
#   OUT             where outputs and times go (default /tmp/compare_reference)
#
# gec-metrics and CLEME are run by the small drivers in bench/compare_reference/ (our code,
# none of theirs): they import the libraries' own metric classes and scorers, with import
# shims for packages the measured paths do not use (transformers, BERTScore, ...), and give
# them the edits of the ERRANT M2 files (../shared/data/conll2014/errant/) instead of
# running spaCy and ERRANT on the text, as ../shared/golden/gec-metrics/ was produced. So
# their times leave out spaCy parsing, which a stock run of those libraries adds.
# CLEME2.0 runs unweighted (WeigherType.NONE), CLEME's main.py would load BERTScore.
set -u

cd "$(dirname "$0")/.." || exit 1
SHARED=${SHARED:-../shared}
D=$SHARED/data/conll2014
SYSTEM=${SYSTEM:-AMU}
RUNS=${RUNS:-3}
OUT=${OUT:-/tmp/compare_reference}
PYTHON2=${PYTHON2:-python2}
PYTHON3=${PYTHON3:-python3}
GLEU_PYTHON=${GLEU_PYTHON:-$PYTHON3}
HERE=bench/compare_reference
GECSCORE=(deno run --allow-read --no-prompt --cached-only --v8-flags=--max-semi-space-size=4 cli.ts)
SYSTEMS=(AMU CAMB CUUI IITB INPUT IPN NTHU PKU POST RAC SJTU UFC UMC)

if [ ! -d "$D" ]; then
  echo "compare_reference: no shared data at $D (set SHARED)" >&2
  exit 1
fi
if [ ! -x /usr/bin/time ]; then
  echo "compare_reference: /usr/bin/time is missing (apt-get install time)" >&2
  exit 1
fi
mkdir -p "$OUT"
: >"$OUT/times.tsv"
SRC=$D/refs/conll14st-test.tok.src
TRG0=$D/refs/conll14st-test.tok.trg0
TRG1=$D/refs/conll14st-test.tok.trg1
M2GOLD=$D/gold/official-2014.combined.m2
XMLGOLD=$D/gold/official-2014.combined.ieval.xml
EGOLD=$D/errant/gold/cleme-conll14.errant

if [ "$SYSTEM" = all ]; then
  HYPS=("${SYSTEMS[@]/#/$D/systems/}")
  EHYPS=()
  for s in "${SYSTEMS[@]}"; do EHYPS+=(--hyp-m2 "$D/errant/hyp/$s.errant"); done
else
  HYPS=("$D/systems/$SYSTEM")
  EHYPS=(--hyp-m2 "$D/errant/hyp/$SYSTEM.errant")
fi

# have VAR TOOL: is the variable set? If not, say which tool is skipped.
have() {
  if [ -z "${!1:-}" ]; then
    echo "skipped: $2 ($1 is not set)" >&2
    return 1
  fi
  if [ ! -d "${!1}" ]; then
    echo "skipped: $2 ($1=${!1} is not a folder)" >&2
    return 1
  fi
}

# ref_cmd TEMPLATE...: the reference command for SYSTEM; with SYSTEM=all a shell loop
# over the 13 systems, where @SYS@ stands for the system name.
ref_cmd() {
  if [ "$SYSTEM" = all ]; then
    local quoted
    quoted=$(printf '%q ' "$@")
    echo "for s in ${SYSTEMS[*]}; do ${quoted//@SYS@/\$s}; done"
  else
    local args=()
    for a in "$@"; do args+=("${a//@SYS@/$SYSTEM}"); done
    printf '%q ' "${args[@]}"
  fi
}

# run1 ROW TOOL RUN CMD...: one timed run, appended to times.tsv
run1() {
  local row=$1 tool=$2 run=$3
  shift 3
  local load
  load=$(cut -d' ' -f1 /proc/loadavg)
  /usr/bin/time -f "%e %U %M" -o "$OUT/.time" "$@" >"$OUT/$row.$tool.$run.out" 2>"$OUT/$row.$tool.$run.err"
  local rc=$?
  read -r wall user kb <"$OUT/.time" 2>/dev/null || true
  [ "$rc" = 0 ] || { echo "$row: $tool exited with $rc (see $OUT/$row.$tool.$run.err)" >&2; tail -n 1 "$OUT/.time" >&2; }
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$row" "$tool" "$run" "$wall" "$user" "$kb" "$load" \
    "$(cut -d' ' -f1 /proc/loadavg)" >>"$OUT/times.tsv"
  echo "$row $tool run $run: ${wall} s wall, ${user} s user, ${kb} KB (load $load)" >&2
}

# pair ROW "REFERENCE COMMAND" GECSCORE-ARGS...: interleaved runs
pair() {
  local row=$1 refcmd=$2
  shift 2
  local i ref_runs=$RUNS
  for i in $(seq "$RUNS"); do
    if [ "$i" -le "$ref_runs" ]; then
      run1 "$row" ref "$i" bash -c "$refcmd"
      if [ "$i" = 1 ] && awk -v w="$(tail -n 1 "$OUT/times.tsv" | cut -f4)" 'BEGIN { exit !(w > 60) }'; then
        ref_runs=1
      fi
    fi
    run1 "$row" gecscore "$i" "${GECSCORE[@]}" "$@"
  done
}

if [ "$SYSTEM" != all ] && have M2SCORER_DIR m2scorer; then
  pair "M2 (m2scorer)" "$(ref_cmd "$PYTHON2" "$M2SCORER_DIR/scripts/m2scorer.py" "$D/systems/@SYS@" "$M2GOLD")" \
    m2scorer "${HYPS[@]}" "$M2GOLD"
fi
if [ "$SYSTEM" != all ] && have IEVAL_DIR "ieval.py (I-measure)"; then
  pair "I-measure -nomix (ieval.py)" \
    "$(ref_cmd "$PYTHON3" "$IEVAL_DIR/ieval.py" "-ref:$XMLGOLD" "-hyp:$D/systems/@SYS@" -nomix -b:0.5)" \
    score --gold "$XMLGOLD" "${HYPS[@]}" -m imeasure --opt imeasure.mix=false
fi
if have GLEU_DIR "compute_gleu (GLEU)"; then
  pair "GLEU (compute_gleu)" \
    "$(ref_cmd "$GLEU_PYTHON" "$GLEU_DIR/scripts/compute_gleu" -s "$SRC" -r "$TRG0" "$TRG1" -o "$D/systems/@SYS@" -n 4)" \
    score --src "$SRC" --ref "$TRG0" --ref "$TRG1" "${HYPS[@]}" -m gleu
fi
if [ "$SYSTEM" = all ]; then # errant_compare takes one system: score does the same for 13
  ECOMPARE=(score --gold "$EGOLD" "${EHYPS[@]}" -m errant)
else
  ECOMPARE=(errant_compare -hyp "$D/errant/hyp/$SYSTEM.errant" -ref "$EGOLD")
fi
if have ERRANT_DIR "errant_compare (ERRANT)"; then
  pair "ERRANT (errant_compare)" \
    "$(ref_cmd "$PYTHON3" "$ERRANT_DIR/errant/commands/compare_m2.py" -hyp "$D/errant/hyp/@SYS@.errant" -ref "$EGOLD")" \
    "${ECOMPARE[@]}"
fi
if have GECMETRICS_DIR gec-metrics; then
  for m in green:green gleu:gleu.variant=gecmetrics gleuofficial:gleu.variant=gecmetrics-official; do
    id=${m%%:*} opt=${m#*:}
    args=(score --src "$SRC" --ref "$TRG0" --ref "$TRG1" "${HYPS[@]}" -m "${opt%%.*}")
    [ "$opt" != "$id" ] && args+=(--opt "$opt")
    pair "gec-metrics $id" \
      "$(ref_cmd "$PYTHON3" "$HERE/gecm_run.py" "$GECMETRICS_DIR" "$id" "$SRC" "$D/systems/@SYS@" "$TRG0" "$TRG1")" \
      "${args[@]}"
  done
  for m in errant: senterrant:errant.aggregate=sentence-mean gotoscorer:; do
    id=${m%%:*} opt=${m#*:}
    args=(score --gold "$EGOLD" "${EHYPS[@]}" -m "${id/senterrant/errant}")
    [ -n "$opt" ] && args+=(--opt "$opt")
    pair "gec-metrics $id" \
      "$(ref_cmd "$PYTHON3" "$HERE/gecm_run.py" "$GECMETRICS_DIR" "$id" "$EGOLD" "$D/errant/hyp/@SYS@.errant")" \
      "${args[@]}"
  done
fi
if have CLEME10_DIR "CLEME v1.0 (5fc7617)"; then
  for mode in dependent independent; do
    pair "CLEME v1.0 $mode" \
      "$(ref_cmd "$PYTHON3" "$HERE/run_script.py" "$CLEME10_DIR/scripts/evaluate.py" --ref "$EGOLD" --hyp "$D/errant/hyp/@SYS@.errant" --scorer "$mode")" \
      score --gold "$EGOLD" "${EHYPS[@]}" -m cleme --opt cleme.version=1.0 --opt "cleme.mode=$mode"
  done
fi
if have CLEME11_DIR "CLEME v1.1 / CLEME2.0 (e90abea)"; then
  for mode in dependent independent; do
    pair "CLEME v1.1 $mode" \
      "$(ref_cmd "$PYTHON3" "$HERE/run_script.py" "$CLEME11_DIR/main.py" --ref "$EGOLD" --hyp "$D/errant/hyp/@SYS@.errant" --metric cleme --level corpus --assumption "$mode")" \
      score --gold "$EGOLD" "${EHYPS[@]}" -m cleme --opt "cleme.mode=$mode"
  done
  for mode in dependent independent; do
    pair "CLEME2.0 $mode" \
      "$(ref_cmd "$PYTHON3" "$HERE/cleme2_run.py" "$CLEME11_DIR" "$EGOLD" "$D/errant/hyp/@SYS@.errant" corpus "$mode")" \
      score --gold "$EGOLD" "${EHYPS[@]}" -m cleme2 --opt "cleme2.mode=$mode"
  done
fi

# Medians per row and tool, as a Markdown table.
echo
echo "SYSTEM=$SYSTEM, RUNS=$RUNS; $(nproc) cores; $(uptime)"
echo
echo "| metric | reference: wall | user | peak | gecscore: wall | user | peak | load during the runs |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- |"
awk -F'\t' '
  function median(list,   n, a, i, j, t) {
    n = split(list, a, " ")
    for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j - 1] + 0 > a[j] + 0; j--) {
      t = a[j]; a[j] = a[j - 1]; a[j - 1] = t
    }
    return a[int((n + 1) / 2)]
  }
  {
    if (!($1 in seen)) { seen[$1] = 1; order[++rows] = $1 }
    k = $1 SUBSEP $2
    wall[k] = wall[k] " " $4; user[k] = user[k] " " $5; kb[k] = kb[k] " " $6
    for (c = 7; c <= 8; c++) {
      if (!($1 in lo) || $c + 0 < lo[$1]) lo[$1] = $c + 0
      if (!($1 in hi) || $c + 0 > hi[$1]) hi[$1] = $c + 0
    }
  }
  END {
    for (r = 1; r <= rows; r++) {
      row = order[r]; line = "| " row
      for (t = 1; t <= 2; t++) {
        k = row SUBSEP (t == 1 ? "ref" : "gecscore")
        line = line sprintf(" | %.2f s | %.2f s | %.0f MB", median(wall[k]), median(user[k]), median(kb[k]) / 1024)
      }
      print line sprintf(" | %.1f-%.1f |", lo[row], hi[row])
    }
  }' "$OUT/times.tsv"

echo
echo "What each tool printed on its first run (last lines):"
awk -F'\t' '$3 == 1 { print $1 "\t" $2 }' "$OUT/times.tsv" | while IFS=$'\t' read -r row tool; do
  echo "== $row: $tool"
  grep -v '^\s*$' "$OUT/$row.$tool.1.out" | tail -n 4
done
