"""Row-wise cumulative sum (or maximum) of a 2-D tensor, in Gluon.

out[r, c] = x[r, 0] + ... + x[r, c]   (OP = "sum")
out[r, c] = max(x[r, 0], ..., x[r, c])   (OP = "max")

With REVERSE the scan runs from the end of the row: out[r, c] combines
x[r, c:]. One program scans BLOCK_M rows of any length, BLOCK_N columns at a
time: each chunk is scanned with gl.associative_scan and the running total
of the chunks before it (a loop-carried tensor, one value per row) is folded
in. How the scan maps onto registers, lanes and warps follows the layout.

    gluonc samples/cumsum.py -k cumsum_kernel \
        -s "*fp32:16, *fp32:16, i32, i32, i32:16, 4, 128, 'sum', False" \
        -D 'layout=gl.BlockedLayout([1, 4], [1, 32], [4, 1], [1, 0])' -o out/
"""

from triton.experimental import gluon
from triton.experimental.gluon import language as gl


@gluon.jit
def _add(a, b):
    return a + b


@gluon.jit
def _maximum(a, b):
    return gl.maximum(a, b)


@gluon.jit
def cumsum_kernel(in_ptr, out_ptr, M, N, stride,
                  BLOCK_M: gl.constexpr, BLOCK_N: gl.constexpr,
                  OP: gl.constexpr, REVERSE: gl.constexpr,
                  layout: gl.constexpr):
    row_layout: gl.constexpr = gl.SliceLayout(1, layout)
    rows = gl.program_id(0) * BLOCK_M + gl.arange(0, BLOCK_M, layout=row_layout)
    cols = gl.arange(0, BLOCK_N, layout=gl.SliceLayout(0, layout))
    row_mask = rows < M
    if OP == "sum":
        identity = 0.0
    else:
        identity = -float("inf")
    carry = gl.full([BLOCK_M], identity, gl.float32, layout=row_layout)
    num_chunks = gl.cdiv(N, BLOCK_N)
    for i in range(0, num_chunks):
        if REVERSE:
            chunk = num_chunks - 1 - i
        else:
            chunk = i
        c = chunk * BLOCK_N + cols
        mask = row_mask[:, None] & (c[None, :] < N)
        offsets = rows[:, None] * stride + c[None, :]
        x = gl.load(in_ptr + offsets, mask=mask, other=identity)
        if OP == "sum":
            y = gl.associative_scan(x, 1, _add, reverse=REVERSE) + carry[:, None]
            carry = carry + gl.sum(x, axis=1)
        else:
            y = gl.maximum(gl.associative_scan(x, 1, _maximum, reverse=REVERSE),
                           carry[:, None])
            carry = gl.maximum(carry, gl.max(x, axis=1))
        gl.store(out_ptr + offsets, y, mask=mask)
