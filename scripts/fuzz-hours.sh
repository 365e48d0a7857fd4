#!/bin/sh
# How long each fuzz target has run under `make fuzz-long`, from fuzz/ledger.tsv:
# clean seconds and executions summed over every session (a run stopped by hand found
# nothing either, so it counts), failed runs counted apart
# (a failure is fixed and the target runs again), and the targets still short of
# FUZZ_GOAL seconds (default 3600, the hour docs/crash-safety.md asks of each).
# With --lacking it prints only `TARGET SECONDS` for each target short of the goal,
# the seconds it still lacks (what `make fuzz-long FUZZ_REMAINING=1` runs).
#   fuzz-hours.sh [--lacking] [LEDGER]
root=$(cd "$(dirname "$0")/.." && pwd)
lacking=0
[ "${1:-}" = --lacking ] && { lacking=1; shift; }
ledger=${1:-$root/fuzz/ledger.tsv}
goal=${FUZZ_GOAL:-3600}
[ -f "$ledger" ] || { echo "fuzz-hours: no ledger at $ledger (make fuzz-long writes it)" >&2; exit 1; }
for src in "$root"/fuzz/*_fuzzer.c; do basename "$src" _fuzzer.c; done |
  awk -F'\t' -v goal="$goal" -v ledger="$ledger" -v lacking="$lacking" '
    FILENAME == "-" { targets[++n] = $0; known[$0] = 1; next }
    FNR == 1 { next } # the header
    !($3 in known) { printf "%s:%d: no fuzz target named %s\n", ledger, FNR, $3 > "/dev/stderr"; bad = 1; next }
    $8 == "clean" || $8 == "stopped" { secs[$3] += $4; execs[$3] += $5; corpus[$3] = $7; next }
    { failed[$3]++ }
    END {
      if (lacking) {
        for (i = 1; i <= n; i++) if (secs[targets[i]] < goal) print targets[i], goal - secs[targets[i]]
        exit bad
      }
      printf "%-22s %8s %14s %7s %7s  %s\n", "target", "seconds", "executions", "corpus", "failed", "hour"
      for (i = 1; i <= n; i++) {
        t = targets[i]
        if (secs[t] >= goal) { state = "done"; done++ }
        else { state = secs[t] ? sprintf("%d min short", (goal - secs[t] + 59) / 60) : "none"; short = short " " t }
        printf "%-22s %8d %14.0f %7s %7d  %s\n", t, secs[t], execs[t], corpus[t] ? corpus[t] : "-", failed[t], state
      }
      printf "\n%d of %d targets have run %d s clean.\n", done, n, goal
      if (short != "") printf "Short of it:%s\n", short
      exit bad
    }' - "$ledger"
