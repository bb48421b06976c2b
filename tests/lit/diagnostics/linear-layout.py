# gl.DistributedLinearLayout is checked at the call, each problem at the
# argument that has it: bases must be zero or powers of two inside the
# shape, one lane basis per bit of the warp size, one warp basis per bit of
# num_warps, no block bases (one CTA), and together the bases must reach
# every element of the shape.
# RUN: rm -rf %t
# RUN: %expect-exit 1 %gluonc %s -k not_power_of_two -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=POW2
# RUN: %expect-exit 1 %gluonc %s -k outside_shape -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=OUTSIDE
# RUN: %expect-exit 1 %gluonc %s -k wrong_rank -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=RANK
# RUN: %expect-exit 1 %gluonc %s -k bad_shape -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=SHAPE
# RUN: %expect-exit 1 %gluonc %s -k lanes -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=LANES
# RUN: %expect-exit 1 %gluonc %s -k warps -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=WARPS
# RUN: %expect-exit 1 %gluonc %s -k blocks -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=BLOCKS
# RUN: %expect-exit 1 %gluonc %s -k gaps -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=GAPS
# RUN: %expect-exit 1 %gluonc %s -k not_bases -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=NOTBASES
# RUN: %expect-exit 1 %gluonc %s -k wrong_tensor_rank -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=TENSORRANK
# RUN: test ! -e %t
from triton.experimental import gluon
from triton.experimental.gluon import language as gl

LANES = [[1], [2], [4], [8], [16]]
WARPS = [[32], [64]]


@gluon.jit
def not_power_of_two(x_ptr):
    layout: gl.constexpr = gl.DistributedLinearLayout([[3]], LANES, WARPS, [], [256])
    # POW2: linear-layout.py:[[@LINE-1]]:55: error: invalid DistributedLinearLayout (reg_bases): a register basis entry must be zero or a power of two inside the shape, got 3 in dimension 0 of size 256


@gluon.jit
def outside_shape(x_ptr):
    layout: gl.constexpr = gl.DistributedLinearLayout([[128]], LANES, [[32], [256]], [], [256])
    # OUTSIDE: linear-layout.py:[[@LINE-1]]:71: error: invalid DistributedLinearLayout (warp_bases): a warp basis entry must be zero or a power of two inside the shape, got 256 in dimension 0 of size 256


@gluon.jit
def wrong_rank(x_ptr):
    layout: gl.constexpr = gl.DistributedLinearLayout([[0, 128]], LANES, WARPS, [], [256])
    # RANK: linear-layout.py:[[@LINE-1]]:55: error: invalid DistributedLinearLayout (reg_bases): a register basis has 2 entries for a shape of rank 1


@gluon.jit
def bad_shape(x_ptr):
    layout: gl.constexpr = gl.DistributedLinearLayout([[128]], LANES, WARPS, [], [192])
    # SHAPE: linear-layout.py:[[@LINE-1]]:82: error: invalid DistributedLinearLayout: shape [192]: dimensions must be powers of two up to 2^30


@gluon.jit
def lanes(x_ptr):
    layout: gl.constexpr = gl.DistributedLinearLayout([[128]], [[1], [2], [4], [8]], WARPS, [], [256])
    # LANES: linear-layout.py:[[@LINE-1]]:64: error: invalid DistributedLinearLayout: lane_bases has 4 bases, but a warp of sm_90a with 32 threads needs log2(32) = 5


@gluon.jit
def warps(x_ptr):
    layout: gl.constexpr = gl.DistributedLinearLayout([[128]], LANES, [[32]], [], [256])
    # WARPS: linear-layout.py:[[@LINE-1]]:71: error: invalid DistributedLinearLayout: warp_bases has 1 bases, but a kernel of 4 warps (--num-warps) needs log2(4) = 2


@gluon.jit
def blocks(x_ptr):
    layout: gl.constexpr = gl.DistributedLinearLayout([[128]], LANES, WARPS, [[0]], [256])
    # BLOCKS: linear-layout.py:[[@LINE-1]]:78: error: not supported yet: block_bases other than [] (multi-CTA layouts)


@gluon.jit
def gaps(x_ptr):
    # Two registers both step by 64 and nothing steps by 128: half of the
    # elements would belong to no thread.
    layout: gl.constexpr = gl.DistributedLinearLayout([[64]], LANES, [[32], [64]], [], [256])
    # GAPS: linear-layout.py:[[@LINE-1]]:28: error: invalid DistributedLinearLayout: the bases do not reach every element of shape [256] (together they must span each dimension)


@gluon.jit
def not_bases(x_ptr):
    layout: gl.constexpr = gl.DistributedLinearLayout([128], LANES, WARPS, [], [256])
    # NOTBASES: linear-layout.py:[[@LINE-1]]:55: error: each of reg_bases must be a list of integers, got int


@gluon.jit
def wrong_tensor_rank(x_ptr):
    layout: gl.constexpr = gl.DistributedLinearLayout([[128]], LANES, WARPS, [], [256])
    x = gl.full([16, 16], 0.0, gl.float32, layout)
    # TENSORRANK: linear-layout.py:[[@LINE-1]]:44: error: a 2-D shape needs a layout of that rank, got DistributedLinearLayout(reg_bases={{\[\[}}128]], lane_bases={{\[\[}}1], [2], [4], [8], [16]], warp_bases={{\[\[}}32], [64]], block_bases=[], shape=[256])
