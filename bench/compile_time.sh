#!/usr/bin/env bash
# Compile time of every sample, one kernel per cold process, as hyperfine
# measures it (-N: no shell between; 3 warm-up runs, 20 timed per command).
# With two gluonc binaries, one hyperfine call runs after, before, after,
# before (this 2-core build machine drifts by 10% over a minute; taking
# each side's 40 runs from two alternating blocks keeps the drift out of
# the ratio), and the table prints both means and their ratio. Each sample is timed twice: the whole compile (cubin or
# hsaco, and the JSON) and `--emit gluon-ir` (the frontend, IR generation
# and the verifier alone). Prints a Markdown table; figures only, no
# verdict.
#
#   bench/compile_time.sh GLUONC [GLUONC_BEFORE]
set -euo pipefail
after=${1:?usage: bench/compile_time.sh GLUONC [GLUONC_BEFORE]}
before=${2:-}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
command -v hyperfine >/dev/null ||
  { echo "compile_time.sh: needs hyperfine (apt-get install hyperfine)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# name|arguments, one sample per line (bench/compile_samples.txt).
mapfile -t samples < <(grep -v '^#' bench/compile_samples.txt)

# The runs of one side: every other command of the hyperfine JSON, from
# index 0 (after) or 1 (before).
times() {
  python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))["results"]; print(" ".join(str(t) for x in r[int(sys.argv[2])::2] for t in x["times"]))' "$1" "$2"
}
mean_ms() { # hyperfine JSON, side
  python3 -c 'import statistics as s,sys; t=[float(x) for x in sys.argv[1:]]; print("%.1f ms ± %.1f" % (s.mean(t)*1e3, s.stdev(t)*1e3))' $(times "$1" "$2")
}
ratio() {
  python3 -c 'import statistics as s,sys; n=int(sys.argv[1]); t=[float(x) for x in sys.argv[2:]]; print("%.2f" % (s.mean(t[:n])/s.mean(t[n:])))' \
    "$(times "$1" 0 | wc -w)" $(times "$1" 0) $(times "$1" 1)
}

if [ -n "$before" ]; then
  echo "| sample | output | after | before | after / before |"
  echo "|---|---|---:|---:|---:|"
else
  echo "| sample | output | mean |"
  echo "|---|---|---:|"
fi
i=0
for entry in "${samples[@]}"; do
  name=${entry%%|*}
  args=${entry#*|}
  for mode in full gluon-ir; do
    i=$((i + 1))
    extra="-o $work/out$i"
    [ "$mode" = gluon-ir ] && extra="--emit gluon-ir -o $work/out$i"
    commands=("$after $args $extra")
    [ -n "$before" ] && commands+=("$before $args $extra" "${commands[0]}"
                                   "$before $args $extra")
    hyperfine -N -w 3 -r 20 --export-json "$work/$i.json" "${commands[@]}" \
      >/dev/null 2>"$work/$i.err" ||
      { cat "$work/$i.err" >&2; exit 1; }
    label=$([ "$mode" = full ] && echo "binary + json" || echo "gluon-ir")
    if [ -n "$before" ]; then
      echo "| $name | $label | $(mean_ms "$work/$i.json" 0) | $(mean_ms "$work/$i.json" 1) | $(ratio "$work/$i.json") |"
    else
      echo "| $name | $label | $(mean_ms "$work/$i.json" 0) |"
    fi
  done
done
