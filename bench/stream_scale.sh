#!/usr/bin/env bash
# Streaming at scale (issue 25, 26): time and peak memory of `score` on generated CoNLL-like
# corpora (bench/generate_corpus.ts) of growing size, with `/usr/bin/time -v`.
#
#   bash bench/stream_scale.sh [DIR] [SIZES...]      # default: /tmp/gecscore_scale 100000 300000 1000000
#
# For each size it prints wall time, user CPU and peak RSS of
#   - score --format jsonl --sentences -m m2,gleu (workers: one per core), and with --jobs 1;
#   - score -m m2,gleu (the default table output: corpus scores folded as the sentences stream).
# Memory should stay flat as the size grows. The corpora (about 500 MB for 1M pairs) go to DIR,
# outside the repository. The load average is printed with every figure: timings on a loaded
# machine are inflated. RUNS selects the runs (default: RUNS="workers jobs1 table").
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-/tmp/gecscore_scale}
shift || true
if [ $# -gt 0 ]; then sizes=("$@"); else sizes=(100000 300000 1000000); fi
measure() {
  local label=$1
  shift
  local log
  log=$(mktemp)
  /usr/bin/time -v "$@" >/dev/null 2>"$log" || { tail -5 "$log"; rm -f "$log"; return 1; }
  awk -v label="$label" -v load="$(cut -d' ' -f1-3 /proc/loadavg)" -F': ' '
    /Elapsed/ { wall = $2 } /User time/ { user = $2 } /Maximum resident/ { rss = $2 }
    END { printf "%-44s wall %s  user %ss  peak %.0f MB  (load %s)\n", label, wall, user, rss / 1024, load }' "$log"
  rm -f "$log"
}
echo "load: $(uptime)"
for n in "${sizes[@]}"; do
  corpus="$dir/$n"
  [ -f "$corpus/hyp.txt" ] || deno run -R -W bench/generate_corpus.ts "$n" "$corpus"
  run=(deno run -R cli.ts score --gold "$corpus/gold.m2" "$corpus/hyp.txt" -m m2,gleu)
  for r in ${RUNS:-workers jobs1 table}; do
    case $r in
      workers) measure "$n jsonl --sentences (workers)" "${run[@]}" --format jsonl --sentences ;;
      jobs1) measure "$n jsonl --sentences --jobs 1" "${run[@]}" --format jsonl --sentences --jobs 1 ;;
      table) measure "$n table (default output)" "${run[@]}" ;;
      *) echo "unknown run $r (workers, jobs1, table)" >&2; exit 2 ;;
    esac
  done
  echo "load: $(uptime)"
done
