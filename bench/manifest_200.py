#!/usr/bin/env python3
"""Writes a gluonc build manifest of 200 specializations of the samples
(bench/compile_speed.sh): vector add, softmax and layer norm over element
types, block sizes, warps and divisibility, as a library would ship them.

    bench/manifest_200.py SAMPLES_DIR OUT.toml [--emit KIND,...]
"""
import itertools
import sys

samples, out = sys.argv[1], sys.argv[2]
emit = sys.argv[4].split(",") if len(sys.argv) > 4 and sys.argv[3] == "--emit" else None
lines = ['archs = ["sm_90a"]']
if emit:
    lines.append("emit = [%s]" % ", ".join('"%s"' % kind for kind in emit))
count = 0


def add(name, source, kernel, signature, warps, defines=None):
    global count
    if count == 200:
        return
    count += 1
    lines.extend(["", "[[kernel]]", 'out = "%s"' % name,
                  'source = "%s/%s"' % (samples, source),
                  'name = "%s"' % kernel, 'signature = "%s"' % signature,
                  "num_warps = %d" % warps])
    if defines:
        lines.append("defines = { %s }" % ", ".join(
            '%s = "%s"' % item for item in defines.items()))


for dtype, block, warps, n in itertools.product(
        ["fp32", "fp16", "bf16"], [1024, 2048, 4096, 8192], [1, 2, 4, 8],
        ["i32", "i32:16"]):
    add("add_%s_%d_w%d_%s" % (dtype, block, warps, n.replace(":", "d")),
        "vector_add.py", "add_kernel",
        "*%s:16, *%s:16, *%s:16, %s, %d" % (dtype, dtype, dtype, n, block),
        warps)
for kind, dtype, cols, stride, wide in itertools.product(
        ["softmax", "layernorm"], ["fp32", "fp16", "bf16"],
        [512, 1024, 2048, 4096, 8192], ["i32", "i32:16"], [1, 2]):
    warps = (4 if cols <= 1024 else 8 if cols <= 4096 else 16) // wide
    layout = {"layout": "gl.BlockedLayout([4], [32], [%d], [0])" % warps}
    name = "%s_%s_%d_%s_w%d" % (kind, dtype, cols, stride.replace(":", "d"),
                                warps)
    if kind == "softmax":
        add(name, "softmax.py", "softmax_kernel",
            "*%s:16, *%s:16, i32, %s, %s, %d" % (dtype, dtype, stride,
                                                  stride, cols),
            warps, layout)
    else:
        pointers = ", ".join(["*%s:16" % dtype] * 4 + ["*fp32:16"] * 2)
        add(name, "layernorm.py", "layernorm_kernel",
            "%s, %s, i32:16, fp32, %d" % (pointers, stride, cols), warps,
            layout)
assert count == 200, count  # 96 + 120 candidates, the first 200
open(out, "w").write("\n".join(lines) + "\n")
