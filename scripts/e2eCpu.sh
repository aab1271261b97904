#!/usr/bin/env bash
# Where the end-to-end phase's CPU goes: runs the given spec files (default: three of the longest) with the usual two
# workers, samples every process's CPU time once a second, and prints the wall time and the CPU seconds per kind of
# process (Chromium's renderers, its GPU and browser processes, the gateways, Playwright, and what the machine itself
# runs). Build first (npx vite build). Usage: scripts/e2eCpu.sh [test/e2e/x.spec.ts ...]
set -euo pipefail
cd "$(dirname "$0")/.."
specs=("$@")
[ ${#specs[@]} -eq 0 ] && specs=(test/e2e/plans.spec.ts test/e2e/portalHome.spec.ts test/e2e/money.spec.ts)
dir=$(mktemp -d)
touch "$dir/running"
(
  while [ -f "$dir/running" ]; do
    ps -eo pid=,cputimes=,args= | awk '{pid=$1; t=$2; $1=""; $2=""; print pid "\t" t "\t" substr($0, 1, 150)}' >> "$dir/samples.tsv"
    sleep 1
  done
) &
sampler=$!
start=$(date +%s)
status=0
E2E_PORT="${E2E_PORT:-8400}" npx playwright test -c test/e2e/playwright.config.ts "${specs[@]}" > "$dir/playwright.log" 2>&1 || status=$?
wall=$(( $(date +%s) - start ))
rm "$dir/running"; wait "$sampler" || true
echo "wall ${wall} s, $(grep -E '^\s+[0-9]+ (passed|failed)' "$dir/playwright.log" | tr -s ' ' | tr '\n' ' ')(log: $dir/playwright.log)"
awk -F'\t' '{ last[$1] = $2; cmd[$1] = $3 }
  END {
    for (p in last) {
      c = "machine and other"
      if (cmd[p] ~ /chromium.*--type=renderer/) c = "chromium renderers"
      else if (cmd[p] ~ /chromium.*--type=gpu-process/) c = "chromium gpu process"
      else if (cmd[p] ~ /chromium/) c = "chromium browser and utility"
      else if (cmd[p] ~ /src\/server\/main/) c = "gateways"
      else if (cmd[p] ~ /playwright/) c = "playwright"
      sum[c] += last[p]
    }
    for (c in sum) printf "  %5d s  %s\n", sum[c], c
  }' "$dir/samples.tsv" | sort -rn
exit "$status"
