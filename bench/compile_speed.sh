#!/usr/bin/env bash
# Compile speed against ptxas (issue 16's targets), in one run:
#  1. each sample of bench/compile_samples.txt, one kernel per cold
#     process: gluonc's whole compile (cubin + JSON) and ptxas alone on the
#     PTX gluonc emits for it, hyperfine -N, 3 warm-ups and 20 runs each;
#  2. a manifest of 200 specializations (bench/manifest_200.py) through
#     `gluonc build -j N` for each N given (3 runs each), and ptxas on the
#     200 PTX files one process after the other (the per-kernel reference)
#     and N at a time (xargs -P N).
# Prints Markdown tables; figures only, no verdict.
#
#   bench/compile_speed.sh GLUONC [JOBS...]        (default JOBS: 1 2)
set -euo pipefail
gluonc=$(realpath "${1:?usage: bench/compile_speed.sh GLUONC [JOBS...]}")
shift
jobs=("$@")
[ ${#jobs[@]} -eq 0 ] && jobs=(1 2)
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
ptxas=${PTXAS:-$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)}
command -v hyperfine >/dev/null ||
  { echo "compile_speed.sh: needs hyperfine" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

mean_ms() { # hyperfine JSON, result index
  python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))["results"][int(sys.argv[2])]; print("%.1f ms ± %.1f" % (r["mean"]*1e3, r["stddev"]*1e3))' "$1" "$2"
}
mean_s() {
  python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["results"][int(sys.argv[2])]["mean"])' "$1" "$2"
}

echo "gluonc: $gluonc ($("$gluonc" --version | head -n 1)); $("$ptxas" --version | tail -n 1)"
echo "machine: $(nproc) cores, $(uname -m)"
echo
echo "| sample | gluonc, cubin + JSON | ptxas on its PTX | gluonc / ptxas |"
echo "|---|---:|---:|---:|"
i=0
while IFS= read -r entry; do
  case $entry in '#'* | '') continue ;; esac
  name=${entry%%|*}
  args=${entry#*|}
  case $args in *"--arch sm_"*) ;; *) continue ;; esac
  i=$((i + 1))
  eval "\"$gluonc\" $args --emit ptx -o \"$work/ptx$i\""
  ptx=$(ls "$work/ptx$i"/*.ptx)
  arch=$(sed -n 's/^\.target \(sm_[0-9a-z]*\).*/\1/p' "$ptx")
  hyperfine -N -w 3 -r 20 --export-json "$work/$i.json" \
    "$gluonc $args -o $work/out$i" \
    "$ptxas -arch=$arch -O3 $ptx -o $work/ptxas$i.cubin" >/dev/null
  ratio=$(python3 -c "print('%.2f' % ($(mean_s "$work/$i.json" 0) / $(mean_s "$work/$i.json" 1)))")
  echo "| $name | $(mean_ms "$work/$i.json" 0) | $(mean_ms "$work/$i.json" 1) | $ratio |"
done < bench/compile_samples.txt

python3 bench/manifest_200.py "$root/samples" "$work/m200.toml"
python3 bench/manifest_200.py "$root/samples" "$work/m200-ptx.toml" --emit ptx
"$gluonc" build "$work/m200-ptx.toml" -j "$(nproc)" -o "$work/m200-ptx" >/dev/null
find "$work/m200-ptx" -name '*.ptx' | sort > "$work/ptx.list"
count=$(wc -l < "$work/ptx.list")
echo
echo "Manifest of $count specializations:"
echo
echo "| command | wall | per kernel | per kernel / ptxas serial |"
echo "|---|---:|---:|---:|"
cat > "$work/ptxas-all.sh" <<SCRIPT
while read -r ptx; do "$ptxas" -arch=sm_90a -O3 "\$ptx" -o "\$ptx.cubin"; done < "$work/ptx.list"
SCRIPT
hyperfine -N -w 1 -r 3 --export-json "$work/ptxas.json" \
  "bash $work/ptxas-all.sh" >/dev/null
serial=$(mean_s "$work/ptxas.json" 0)
echo "| ptxas, one process per kernel, serially | $(python3 -c "print('%.2f s' % $serial)") | $(python3 -c "print('%.1f ms' % ($serial / $count * 1e3))") | 1.00 |"
for j in "${jobs[@]}"; do
  hyperfine -N -w 1 -r 3 --export-json "$work/ptxas$j.json" \
    "xargs -a $work/ptx.list -P $j -I{} $ptxas -arch=sm_90a -O3 {} -o {}.cubin" >/dev/null
  t=$(mean_s "$work/ptxas$j.json" 0)
  echo "| ptxas, $j at a time (xargs -P $j) | $(python3 -c "print('%.2f s' % $t)") | $(python3 -c "print('%.1f ms' % ($t / $count * 1e3))") | $(python3 -c "print('%.2f' % ($t / $serial))") |"
done
declare -A wall
for j in "${jobs[@]}"; do
  hyperfine -N -w 1 -r 3 --export-json "$work/build$j.json" \
    "$gluonc build $work/m200.toml -j $j -o $work/m200-$j" >/dev/null
  t=$(mean_s "$work/build$j.json" 0)
  wall[$j]=$t
  echo "| gluonc build -j $j | $(python3 -c "print('%.2f s' % $t)") | $(python3 -c "print('%.1f ms' % ($t / $count * 1e3))") | $(python3 -c "print('%.2f' % ($t / $serial))") |"
done
first=${jobs[0]}
for j in "${jobs[@]:1}"; do
  echo
  echo "Parallel efficiency from -j $first to -j $j: $(python3 -c "print('%.0f%%' % (100 * ${wall[$first]} * $first / (${wall[$j]} * $j)))")"
done
