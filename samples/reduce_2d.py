"""Sum or max of a 2-D tile along either axis, in Gluon.

One program reduces one BLOCK_M x BLOCK_N tile of a row-major matrix and
writes BLOCK_N results (AXIS = 0) or BLOCK_M results (AXIS = 1). Along axis 1
the layout keeps each row within a warp (lane shuffles); along axis 0 the
rows are spread over warps (shared memory).

    gluonc samples/reduce_2d.py -k reduce_2d_kernel \
        -s "*fp32:16, *fp32:16, i32, i32, i32:16, 64, 128, 1, 'sum'" \
        -D 'layout=gl.BlockedLayout([1, 4], [1, 32], [4, 1], [1, 0])' -o out/
"""

from triton.experimental import gluon
from triton.experimental.gluon import language as gl


@gluon.jit
def reduce_2d_kernel(in_ptr, out_ptr, M, N, stride,
                     BLOCK_M: gl.constexpr, BLOCK_N: gl.constexpr,
                     AXIS: gl.constexpr, OP: gl.constexpr,
                     layout: gl.constexpr):
    pid = gl.program_id(0)
    rows = gl.arange(0, BLOCK_M, layout=gl.SliceLayout(1, layout))
    cols = gl.arange(0, BLOCK_N, layout=gl.SliceLayout(0, layout))
    if AXIS == 0:
        cols = cols + pid * BLOCK_N
    else:
        rows = rows + pid * BLOCK_M
    mask = (rows[:, None] < M) & (cols[None, :] < N)
    if OP == "sum":
        x = gl.load(in_ptr + rows[:, None] * stride + cols[None, :], mask=mask, other=0.0)
        r = gl.sum(x, axis=AXIS)
    else:
        x = gl.load(in_ptr + rows[:, None] * stride + cols[None, :], mask=mask,
                    other=-float("inf"))
        r = gl.max(x, axis=AXIS)
    if AXIS == 0:
        gl.store(out_ptr + cols, r, mask=cols < N)
    else:
        gl.store(out_ptr + rows, r, mask=rows < M)
