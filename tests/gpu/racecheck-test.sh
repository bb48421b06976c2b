#!/usr/bin/env bash
# The negative control of the racecheck runs (issue 32): gluon-run runs the
# shared memory transpose (samples/transpose_shared.py) as compiled (its
# store to shared memory and its load ordered by the one barrier the
# membar stage inserts) and as compiled with --test-drop-barrier 1 (that
# barrier left out) under compute-sanitizer's racecheck. The first must report no
# hazard, the second must report some: a clean racecheck of gluonc's
# kernels means something only if a missing barrier is caught.
#
#   racecheck-test.sh GLUON_RUN KERNEL_DIR COMPUTE_SANITIZER LOG_DIR
#
# Exits 77 (skipped) when there is no CUDA device or no compute-sanitizer.
set -uo pipefail
run=$1
kernels=$2
sanitizer=$3
logs=$4
mkdir -p "$logs"

args=(--grid 2,2 --arg in_ptr=zeros:f32:16384 --arg out_ptr=empty:f32:16384
      --arg M=128 --arg N=128 --arg in_stride=128 --arg out_stride=128)
probe=$("$run" "$kernels/transpose_shared/transpose_shared_kernel.sm_90a.json" "${args[@]}" 2>&1)
if echo "$probe" | grep -q "no CUDA device"; then
  echo "skipped: $probe"
  exit 77
fi
if [ ! -x "$sanitizer" ]; then
  echo "skipped: no compute-sanitizer at '$sanitizer'"
  exit 77
fi

status=0
# check NAME FOLDER EXPECTATION: runs the kernel in FOLDER under racecheck;
# EXPECTATION is "clean" (0 hazards) or "race" (at least one).
check() {
  local name=$1 folder=$2 expect=$3 log="$logs/racecheck-$1.log"
  "$sanitizer" --tool racecheck --racecheck-report hazard \
    "$run" "$kernels/$folder/transpose_shared_kernel.sm_90a.json" "${args[@]}" \
    > "$log" 2>&1
  local summary
  summary=$(grep -E "RACECHECK SUMMARY" "$log" | tail -n 1 | sed 's/^=* *//')
  local hazards
  hazards=$(echo "$summary" | grep -oE '[0-9]+ hazards?' | grep -oE '[0-9]+')
  echo "racecheck $name: ${summary:-no summary}"
  if [ -z "$hazards" ]; then
    echo "FAIL: racecheck $name printed no summary (see $log)"
    status=1
  elif [ "$expect" = clean ] && [ "$hazards" -ne 0 ]; then
    echo "FAIL: racecheck $name: $hazards hazards in the kernel as compiled"
    status=1
  elif [ "$expect" = race ] && [ "$hazards" -eq 0 ]; then
    echo "FAIL: racecheck $name: no hazard without the barrier"
    status=1
  else
    echo "ok: racecheck $name ($expect)"
  fi
}
check transpose transpose_shared clean
check transpose-without-barrier transpose_shared_race race
exit $status
