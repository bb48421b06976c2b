#!/usr/bin/env bash
# Builds the libFuzzer targets of tests/fuzz with Clang and runs each for a
# while over its corpus and the seeds gathered from the source tree.
#   scripts/fuzz.sh [SECONDS] [BUILD_DIR] [SEED_BUILD_DIR]
#     defaults: 60 (0: build, then run each input once), build-fuzz,
#     build (a normal build, whose kernel JSON files are fuzz-metadata
#     seeds; skipped when it does not exist)
# The build is separate from the normal one: Clang, the sanitizers, and
# without the compiler (GLUONC_BUILD_COMPILER=OFF), so that Clang never
# links the g++-built LLVM/MLIR libraries. tests/fuzz/seeds.py writes the
# seeds into a temporary folder that libFuzzer only reads; the inputs it
# finds interesting go to another temporary folder, never into the
# repository. A crash (or a timeout or an out-of-memory) leaves its
# reproducer in BUILD_DIR/fuzz-artifacts/ and makes the script fail,
# printing its path. tests/fuzz/README.md says how to replay it and keep it
# as a regression input.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:-60}
build=${2:-$root/build-fuzz}
seed_build=${3:-$root/build}

if [ ! -f "$build/build.ninja" ]; then
  launcher=()
  if command -v ccache >/dev/null; then
    launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache
              -DCMAKE_C_COMPILER_LAUNCHER=ccache)
  fi
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
    -DGLUONC_BUILD_COMPILER=OFF -DGLUONC_BUILD_TESTS=OFF -DGLUONC_FUZZ=ON \
    "${launcher[@]}" >/dev/null
fi
manifest="$build/tests/fuzz/targets.txt"
# Only what the targets need, not the rest of the tree.
targets=()
if [ -f "$manifest" ]; then
  while read -r name _; do targets+=("$name"); done < "$manifest"
fi
ninja -C "$build" --quiet "${targets[@]}"

artifacts="$build/fuzz-artifacts"
mkdir -p "$artifacts"
scratch=$(mktemp -d "${TMPDIR:-/tmp}/gluonc-fuzz-XXXXXX")
trap 'rm -rf "$scratch"' EXIT

# libFuzzer reads -max_total_time=0 as "no limit": 0 seconds replays the
# corpus and the seeds once instead.
if [ "$seconds" = 0 ]; then
  limit=(-runs=0) how_long="once"
else
  limit=(-max_total_time="$seconds") how_long="for ${seconds}s"
fi

# The targets run side by side, each for SECONDS on a core of its own
# (libFuzzer is single-threaded): on CI's 2 cores the phase takes one
# target's time instead of the sum (bench/RESULTS.md, "cold CI").
names=() pids=()
while read -r name corpus; do
  mkdir -p "$scratch/$name"
  python3 "$root/tests/fuzz/seeds.py" "$name" "$scratch/seeds-$name" \
    --build "$seed_build"
  ls "$artifacts" | grep "^$name-" > "$scratch/$name.before" || true
  echo "fuzz: $name $how_long over $corpus and the seeds"
  # New inputs go to the first folder (the scratch one); the corpus and the
  # seeds are only read.
  "$build/tests/fuzz/$name" "${limit[@]}" -timeout=10 \
    -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$artifacts/$name-" \
    "$scratch/$name" "$corpus" "$scratch/seeds-$name" \
    > "$scratch/$name.log" 2>&1 &
  names+=("$name") pids+=($!)
done < "$manifest"

status=0
for i in "${!names[@]}"; do
  name=${names[$i]}
  if ! wait "${pids[$i]}"; then
    status=1
    tail -n 40 "$scratch/$name.log" >&2
    echo "fuzz: $name FAILED; reproducer(s):" >&2
    comm -13 "$scratch/$name.before" <(ls "$artifacts" | grep "^$name-") |
      sed "s|^|  $artifacts/|" >&2
    echo "  replay: $build/tests/fuzz/$name FILE" >&2
  fi
  # The run's figures: executions, speed, coverage.
  echo "fuzz: $name:"
  grep -E "^stat::number_of_executed_units|^stat::average_exec_per_sec|^#[0-9]+.*(DONE|cov:)" \
    "$scratch/$name.log" | tail -n 3 || true
done
exit $status
