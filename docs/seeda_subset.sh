#!/usr/bin/env bash
# Build SEEDA's subset gold from the CoNLL-2014 files of a data folder (docs/data.md):
#   bash docs/seeda_subset.sh DATA [OUT]
# DATA holds conll2014/ and seeda/human/judgments_sent.xml; OUT (default DATA/seeda/subset-gold)
# receives subset.m2, subset.src, subset.trg0 and subset.trg1: the judged sentences (the src-id
# values of the rankings, 1-based lines of the test set) in test-set order.
set -euo pipefail
data=${1:?usage: bash docs/seeda_subset.sh DATA [OUT]}
out=${2:-$data/seeda/subset-gold}
ids=$(grep -o 'src-id="[0-9]*"' "$data/seeda/human/judgments_sent.xml" | grep -o '[0-9]*' |
  sort -un | paste -sd, -)
mkdir -p "$out"
# M2: paragraph mode, one record per sentence block.
awk -v ids="$ids" 'BEGIN { RS = ""; ORS = "\n\n"; n = split(ids, a, ","); for (i = 1; i <= n; i++) want[a[i]] }
  NR in want' "$data/conll2014/gold/official-2014.combined.m2" >"$out/subset.m2"
for f in src trg0 trg1; do
  awk -v ids="$ids" 'BEGIN { n = split(ids, a, ","); for (i = 1; i <= n; i++) want[a[i]] } FNR in want' \
    "$data/conll2014/refs/conll14st-test.tok.$f" >"$out/subset.$f"
done
echo "$(grep -c '^S ' "$out/subset.m2") sentences in $out" >&2
