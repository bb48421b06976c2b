# Diagnostics of scans and shape changes name the shapes, dims and layouts
# involved, at the argument at fault.
# RUN: rm -rf %t
# RUN: %expect-exit 1 %gluonc %s -k scan_axis -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=AXIS
# RUN: %expect-exit 1 %gluonc %s -k cumsum_axis -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=CUMSUM-AXIS
# RUN: %expect-exit 1 %gluonc %s -k scan_host_fn -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=HOST-FN
# RUN: %expect-exit 1 %gluonc %s -k scan_scalar -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=SCALAR
# RUN: %expect-exit 1 %gluonc %s -k bad_permute -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=PERMUTE
# RUN: %expect-exit 1 %gluonc %s -k bad_permute_rank -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=PERMUTE-RANK
# RUN: %expect-exit 1 %gluonc %s -k split_four -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=SPLIT-FOUR
# RUN: %expect-exit 1 %gluonc %s -k split_lanes -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=SPLIT-LANES
# RUN: %expect-exit 1 %gluonc %s -k reshape_count -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=RESHAPE
# RUN: %expect-exit 1 %gluonc %s -k reshape_reorder -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=REORDER
# RUN: %expect-exit 1 %gluonc %s -k join_scalars -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=JOIN-SCALARS
# RUN: %expect-exit 1 %gluonc %s -k join_dtypes -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=JOIN-DTYPES
# RUN: test ! -e %t
from triton.experimental import gluon
from triton.experimental.gluon import language as gl

ROWS = gl.BlockedLayout([1, 4], [1, 32], [4, 1], [1, 0])
LANE_PAIRS = gl.BlockedLayout([1, 1], [16, 2], [4, 1], [1, 0])


@gluon.jit
def add(a, b):
    return a + b


def host_add(a, b):
    return a + b


@gluon.jit
def tile(x_ptr):
    rows = gl.arange(0, 8, layout=gl.SliceLayout(1, ROWS))
    cols = gl.arange(0, 128, layout=gl.SliceLayout(0, ROWS))
    return gl.load(x_ptr + rows[:, None] * 128 + cols[None, :])


@gluon.jit
def scan_axis(x_ptr):
    gl.associative_scan(tile(x_ptr), 2, add)
    # AXIS: scan-shape.py:[[@LINE-1]]:38: error: axis 2 is out of range for a tensor of shape [8, 128] (expected -2 <= axis < 2)


@gluon.jit
def cumsum_axis(x_ptr):
    gl.cumsum(tile(x_ptr), axis=-3)
    # CUMSUM-AXIS: scan-shape.py:[[@LINE-1]]:28: error: axis -3 is out of range for a tensor of shape [8, 128] (expected -2 <= axis < 2)


@gluon.jit
def scan_host_fn(x_ptr):
    gl.associative_scan(tile(x_ptr), 0, host_add)
    # HOST-FN: scan-shape.py:[[@LINE-1]]:41: error: 'host_add' is not a @gluon.jit function


@gluon.jit
def scan_scalar(x_ptr):
    gl.associative_scan(gl.load(x_ptr), 0, add)
    # SCALAR: scan-shape.py:[[@LINE-1]]:25: error: gl.associative_scan needs a tensor, got a scalar gl.float32


@gluon.jit
def bad_permute(x_ptr):
    gl.permute(tile(x_ptr), (0, 0))
    # PERMUTE: scan-shape.py:[[@LINE-1]]:29: error: gl.permute of a tensor of shape [8, 128]: dims (0, 0) is not a permutation of 0..1


@gluon.jit
def bad_permute_rank(x_ptr):
    tile(x_ptr).permute(1, 0, 2)
    # PERMUTE-RANK: scan-shape.py:[[@LINE-1]]:25: error: gl.permute of a tensor of shape [8, 128]: dims (1, 0, 2) has 3 entries for a tensor of rank 2; it must be a permutation of 0..1


@gluon.jit
def split_four(x_ptr):
    gl.split(tile(x_ptr).reshape(8, 32, 4))
    # SPLIT-FOUR: scan-shape.py:[[@LINE-1]]:14: error: gl.split needs a last dimension of size 2, got shape [8, 32, 4]


@gluon.jit
def split_lanes(x_ptr):
    rows = gl.arange(0, 64, layout=gl.SliceLayout(1, LANE_PAIRS))
    cols = gl.arange(0, 2, layout=gl.SliceLayout(0, LANE_PAIRS))
    x = gl.load(x_ptr + rows[:, None] * 2 + cols[None, :])
    a, b = gl.split(x)
    # SPLIT-LANES: scan-shape.py:[[@LINE-1]]:21: error: gl.split of a tensor of shape [64, 2] in BlockedLayout(size_per_thread=[1, 1], threads_per_warp=[16, 2], warps_per_cta=[4, 1], order=[1, 0]): the two halves are held by different threads (lane bit 0 moves along the last dimension); convert it to a layout whose threads hold both halves


@gluon.jit
def reshape_count(x_ptr):
    gl.reshape(tile(x_ptr), (8, 64))
    # RESHAPE: scan-shape.py:[[@LINE-1]]:29: error: gl.reshape cannot change the number of elements: shape [8, 128] has 1024, shape [8, 64] has 512


@gluon.jit
def reshape_reorder(x_ptr):
    tile(x_ptr).reshape(1024, can_reorder=True)
    # REORDER: scan-shape.py:[[@LINE-1]]:31: error: can_reorder is not supported in gluon


@gluon.jit
def join_scalars(x_ptr):
    gl.join(1.0, 2.0)
    # JOIN-SCALARS: scan-shape.py:[[@LINE-1]]:5: error: Cannot join scalars in gluon


@gluon.jit
def join_dtypes(x_ptr):
    x = tile(x_ptr)
    gl.join(x, x.to(gl.float16))
    # JOIN-DTYPES: scan-shape.py:[[@LINE-1]]:5: error: gl.join needs two tensors of one dtype, got gl.float32 and gl.float16
