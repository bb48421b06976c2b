"""A 2-D strided copy in Gluon: out[m, n] = in[m, n] for m < M, n < N.

Rows may be padded: row m starts at m * stride_in in the input and at
m * stride_out in the output. Each program copies a BLOCK_M x BLOCK_N tile;
the row and column offsets are 1-D tensors in slices of the tile's layout,
expanded to 2-D with [:, None] and [None, :] and broadcast against each other.

Compile with gluonc (strides divisible by 16 allow 16-byte accesses):
    gluonc samples/memcpy_2d.py -k memcpy_2d_kernel \
        -s "*fp32:16, *fp32:16, i32, i32, i32:16, i32:16, 32, 128" \
        -D 'layout=gl.BlockedLayout([1, 4], [1, 32], [4, 1], [1, 0])' \
        --arch sm_90a -w 4 -o out/
"""

from triton.experimental import gluon
from triton.experimental.gluon import language as gl


@gluon.jit
def memcpy_2d_kernel(in_ptr, out_ptr, M, N, stride_in, stride_out,
                     BLOCK_M: gl.constexpr, BLOCK_N: gl.constexpr,
                     layout: gl.constexpr):
    pid_m = gl.program_id(0)
    pid_n = gl.program_id(1)
    offs_m = pid_m * BLOCK_M + gl.arange(0, BLOCK_M, layout=gl.SliceLayout(1, layout))
    offs_n = pid_n * BLOCK_N + gl.arange(0, BLOCK_N, layout=gl.SliceLayout(0, layout))
    mask = (offs_m[:, None] < M) & (offs_n[None, :] < N)
    in_offs = offs_m[:, None] * stride_in + offs_n[None, :]
    out_offs = offs_m[:, None] * stride_out + offs_n[None, :]
    tile = gl.load(in_ptr + in_offs, mask=mask)
    gl.store(out_ptr + out_offs, tile, mask=mask)
