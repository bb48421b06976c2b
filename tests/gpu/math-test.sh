#!/usr/bin/env bash
# gl.extra.libdevice and the fp16-accumulator warpgroup MMA on the GPU,
# through gluon-run (kernels: tests/gpu/math_kernels.py). libdevice's
# fast_expf, fast_dividef and pow on 4096 random floats must be within
# their documented error of the CPU's exp, division and pow (relative
# 2^-21 plus a small absolute term for fast_expf's ex2.approx); the
# 64 x 32 x 32 fp16 MMA accumulated in fp16 within 2^-8 relative of the
# CPU's exact product of the same fp16 inputs.
#
#   math-test.sh GLUON_RUN KERNEL_DIR WORK_DIR
#
# Exits 77 (skipped) when there is no CUDA device.
set -uo pipefail
run=$1
kernels=$2
work=$3
mkdir -p "$work"

libdevice=$kernels/libdevice/libdevice_kernel.sm_90a.json
wgmma=$kernels/wgmma_f16_acc/wgmma_f16_acc_kernel.sm_90a.json
probe=$("$run" "$libdevice" --grid 1 --arg x_ptr=zeros:f32:128 \
        --arg y_ptr=fill:f32:128:1 --arg exp_ptr=empty:f32:128 \
        --arg div_ptr=empty:f32:128 --arg pow_ptr=empty:f32:128 2>&1)
if echo "$probe" | grep -q "no CUDA device"; then
  echo "skipped: $probe"
  exit 77
fi

python3 - "$work" <<'PY' || exit 1
import random, struct, sys
work = sys.argv[1]
rng = random.Random(7)
n = 4096
xs = [rng.uniform(-8, 8) for _ in range(n)]
ys = [rng.choice((-1, 1)) * rng.uniform(0.25, 4) for _ in range(n)]
for name, values in (("x", xs), ("y", ys)):
    open(f"{work}/{name}", "wb").write(struct.pack(f"{n}f", *values))
a = [rng.uniform(-1, 1) for _ in range(64 * 32)]
b = [rng.uniform(-1, 1) for _ in range(32 * 32)]
open(f"{work}/a", "wb").write(struct.pack(f"{len(a)}e", *a))
open(f"{work}/b", "wb").write(struct.pack(f"{len(b)}e", *b))
PY

status=0
"$run" "$libdevice" --grid 32 --arg "x_ptr=file:$work/x" \
  --arg "y_ptr=file:$work/y" --arg exp_ptr=empty:f32:4096 \
  --arg div_ptr=empty:f32:4096 --arg pow_ptr=empty:f32:4096 \
  --save "exp_ptr=$work/exp" --save "div_ptr=$work/div" \
  --save "pow_ptr=$work/pow" || status=1
"$run" "$wgmma" --grid 1 --arg "a_ptr=file:$work/a" \
  --arg "b_ptr=file:$work/b" --arg out_ptr=empty:f16:2048 \
  --save "out_ptr=$work/out" || status=1
[ $status -eq 0 ] || { echo "FAIL: a launch failed"; exit 1; }

python3 - "$work" <<'PY'
import math, struct, sys
work = sys.argv[1]
def read(name, fmt, size):
    data = open(f"{work}/{name}", "rb").read()
    return struct.unpack(f"{len(data) // size}{fmt}", data)
x, y = read("x", "f", 4), read("y", "f", 4)
checks = {
    "libdevice.fast_expf": (read("exp", "f", 4), [math.exp(v) for v in x], 2e-6, 1e-6),
    "libdevice.fast_dividef": (read("div", "f", 4), [p / q for p, q in zip(x, y)], 2e-6, 0),
    "libdevice.pow": (read("pow", "f", 4), [abs(p) ** q for p, q in zip(x, y)], 1e-6, 0),
}
a, b, out = read("a", "e", 2), read("b", "e", 2), read("out", "e", 2)
product = [sum(a[m * 32 + k] * b[k * 32 + n] for k in range(32))
           for m in range(64) for n in range(32)]
checks["warpgroup_mma, fp16 accumulator"] = (out, product, 2 ** -8, 2 ** -8)
failed = 0
for name, (got, want, rel, abs_tol) in checks.items():
    bad = [(i, g, w) for i, (g, w) in enumerate(zip(got, want))
           if not abs(g - w) <= rel * abs(w) + abs_tol]
    worst = max(abs(g - w) / max(abs(w), 1e-30) for g, w in zip(got, want))
    print(f"{'FAIL' if bad else 'PASS'} {name}: {len(got)} values, "
          f"worst relative error {worst:.3g}")
    for i, g, w in bad[:5]:
        print(f"    [{i}] {g!r} != {w!r}")
    failed += bool(bad)
sys.exit(1 if failed else 0)
PY
