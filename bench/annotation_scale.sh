#!/usr/bin/env bash
# Annotation at scale (issue 36): pairs per second and peak memory of `errant_parallel` on
# generated, distinct, realistic (source, correction) pairs (bench/generate_pairs.ts: learner-like
# errors injected into the CoNLL-2014 test sentences at CoNLL-2014's rate), with
# `/usr/bin/time -v`, and a check that the M2 of the whole run equals the M2 of the same pairs
# annotated in 10 chunks.
#
#   bash bench/annotation_scale.sh [DIR] [SIZES...]     # default: /tmp/gecscore_annot 100000 1000000
#
# Targets: at least 5,000 pairs/s on 2 cores over the whole run, under 500 MB peak, memory at 1M
# within 60 MB of memory at 100k. The load average is printed with every figure: timings on a
# loaded machine are inflated. JOBS sets --jobs (default: one per core); CHUNKS=0 skips the
# 10-chunk comparison.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-/tmp/gecscore_annot}
shift || true
if [ $# -gt 0 ]; then sizes=("$@"); else sizes=(100000 1000000); fi
jobs=()
[ -n "${JOBS:-}" ] && jobs=(--jobs "$JOBS")
mkdir -p "$dir"
measure() {
  local label=$1 n=$2
  shift 2
  local log
  log=$(mktemp)
  /usr/bin/time -v "$@" >/dev/null 2>"$log" || { tail -5 "$log"; rm -f "$log"; return 1; }
  awk -v label="$label" -v n="$n" -v load="$(cut -d' ' -f1-3 /proc/loadavg)" -F': ' '
    /Elapsed/ { wall = $2; k = split(wall, p, ":"); s = 0; for (i = 1; i <= k; i++) s = s * 60 + p[i] }
    /User time/ { user = $2 } /Maximum resident/ { rss = $2 }
    END { printf "%-28s wall %s  user %ss  %.0f pairs/s  peak %.0f MB  (load %s)\n", label, wall, user, n / s, rss / 1024, load }' "$log"
  rm -f "$log"
}
echo "load: $(uptime)"
for n in "${sizes[@]}"; do
  pairs="$dir/pairs$n.tsv"
  [ -f "$pairs" ] || deno run -R -W bench/generate_pairs.ts "$n" "$pairs"
  measure "$n pairs errant_parallel" "$n" \
    deno run -A cli.ts errant_parallel -tsv "$pairs" -out "$dir/out$n.m2" "${jobs[@]}"
  if [ "${CHUNKS:-1}" != 0 ]; then
    rm -rf "$dir/chunks$n" && mkdir -p "$dir/chunks$n"
    split -d -n l/10 "$pairs" "$dir/chunks$n/part"
    for part in "$dir/chunks$n"/part*; do
      deno run -A cli.ts errant_parallel -tsv "$part" -out "$part.m2" "${jobs[@]}"
    done
    if cat "$dir/chunks$n"/part*.m2 | cmp -s - "$dir/out$n.m2"; then
      echo "$n: the whole run's M2 equals the M2 of the same pairs annotated in 10 chunks"
    else
      echo "$n: the whole run's M2 DIFFERS from the 10 chunks' M2" && exit 1
    fi
  fi
  echo "load: $(uptime)"
done
