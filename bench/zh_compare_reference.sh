#!/usr/bin/env bash
# ChERRANT (Python) against gecscore's Chinese pack on the MuCGEC dev set: character-level
# annotation of the references (1,137 sentences, up to 7 references), of example_pred_dev.txt,
# and scoring, the whole pipeline each tool runs:
#
#   python parallel_to_m2.py -f MuCGEC_dev.txt -o ref.m2 -g char
#   python parallel_to_m2.py -f example_pred_dev.txt -o hyp.m2 -g char
#   python compare_m2_for_evaluation.py -hyp hyp.m2 -ref ref.m2
#
# and the same three with `gecscore cherrant_parallel` / `cherrant_compare`, each step under
# /usr/bin/time -f "%e %U %M" (wall s, user CPU s, peak KB), ChERRANT once (its run takes
# minutes) and gecscore RUNS times (median). Prints a Markdown table, the speed ratio of the
# summed user CPU times, and checks that both wrote the same M2 files and the same scores.
# Not run by the test suite; run it by hand:
#
#   CHERRANT_DIR=.../MuCGEC/scorers/ChERRANT CHERRANT_PYTHONPATH=... bash bench/zh_compare_reference.sh
#
#   CHERRANT_DIR        HillZhang1999/MuCGEC (3922193) scorers/ChERRANT, unchanged
#   CHERRANT_PYTHONPATH where its pure-Python dependencies are: pypinyin (mozillazg/python-
#                       pinyin), an `opencc` module with OpenCC's t2s (e.g. OpenCC 1.1.2's
#                       Python binding), `Levenshtein`, and stand-ins for `ltp`, `torch` and
#                       `tqdm`, which the character level imports but does not use
#   PYTHON3             (python3)
#   MUCGEC              folder with MuCGEC_dev.txt and example_pred_dev.txt
#                       (default ../shared/data/chinese/mucgec)
#   RUNS                gecscore runs (default 3)
#   OUT                 where outputs and times go (default /tmp/zh_compare_reference)
set -euo pipefail
cd "$(dirname "$0")/.."
: "${CHERRANT_DIR:?set CHERRANT_DIR to the scorers/ChERRANT folder of a MuCGEC checkout}"
PYTHON3=${PYTHON3:-python3}
MUCGEC=$(realpath "${MUCGEC:-../shared/data/chinese/mucgec}")
RUNS=${RUNS:-3}
OUT=${OUT:-/tmp/zh_compare_reference}
mkdir -p "$OUT"
GEC=(deno run --allow-read --allow-write --no-prompt cli.ts)
deno cache cli.ts langs/zh/parallel.ts langs/zh/compare_command.ts langs/zh/t2s.ts >/dev/null

timed() { # name command...
  local name=$1
  shift
  /usr/bin/time -o "$OUT/$name.time" -f "%e %U %M" "$@" > "$OUT/$name.out" 2> "$OUT/$name.err"
}

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
(
  cd "$CHERRANT_DIR"
  export PYTHONPATH="${CHERRANT_PYTHONPATH:-}"
  timed py_ref "$PYTHON3" parallel_to_m2.py -f "$MUCGEC/MuCGEC_dev.txt" -o "$OUT/py_ref.m2" -g char
  timed py_hyp "$PYTHON3" parallel_to_m2.py -f "$MUCGEC/example_pred_dev.txt" -o "$OUT/py_hyp.m2" -g char
  timed py_cmp "$PYTHON3" compare_m2_for_evaluation.py -hyp "$OUT/py_hyp.m2" -ref "$OUT/py_ref.m2"
)
for run in $(seq 1 "$RUNS"); do
  timed "gs_ref.$run" "${GEC[@]}" cherrant_parallel -f "$MUCGEC/MuCGEC_dev.txt" -o "$OUT/gs_ref.m2"
  timed "gs_hyp.$run" "${GEC[@]}" cherrant_parallel -f "$MUCGEC/example_pred_dev.txt" -o "$OUT/gs_hyp.m2"
  timed "gs_cmp.$run" "${GEC[@]}" cherrant_compare -hyp "$OUT/gs_hyp.m2" -ref "$OUT/gs_ref.m2"
done
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
field() { # step column(1 wall, 2 user, 3 KB) -> median over gecscore runs
  for run in $(seq 1 "$RUNS"); do cut -d' ' -f"$2" "$OUT/$1.$run.time"; done | median
}

echo "| step | ChERRANT wall s | ChERRANT user s | ChERRANT peak MB | gecscore wall s | gecscore user s | gecscore peak MB |"
echo "|---|---|---|---|---|---|---|"
py_user=0
gs_user=0
for step in ref hyp cmp; do
  read -r pw pu pk < "$OUT/py_$step.time"
  gw=$(field "gs_$step" 1)
  gu=$(field "gs_$step" 2)
  gk=$(field "gs_$step" 3)
  pm=$((pk / 1024))
  gm=$((${gk%.*} / 1024))
  echo "| $step | $pw | $pu | $pm | $gw | $gu | $gm |"
  py_user=$(echo "$py_user + $pu" | bc -l)
  gs_user=$(echo "$gs_user + $gu" | bc -l)
done
echo
ratio=$(echo "scale=1; $py_user / $gs_user" | bc -l)
echo "user CPU, whole pipeline: ChERRANT ${py_user} s, gecscore ${gs_user} s: ${ratio}x"
echo "load average before: ${load_before}; after: ${load_after}; gecscore: median of ${RUNS} runs"
cmp -s "$OUT/py_ref.m2" "$OUT/gs_ref.m2" && echo "references M2: identical" || echo "references M2: DIFFERENT"
cmp -s "$OUT/py_hyp.m2" "$OUT/gs_hyp.m2" && echo "system M2: identical" || echo "system M2: DIFFERENT"
cmp -s "$OUT/py_cmp.out" "$OUT/gs_cmp.$RUNS.out" && echo "scores: identical" || echo "scores: DIFFERENT"
tail -n 4 "$OUT/gs_cmp.$RUNS.out"
