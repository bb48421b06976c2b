"""A tiled transpose through gl.convert_layout: out[j, i] = in[i, j].

Each program loads a TILE x TILE tile with lanes along its rows (so that the
loads are coalesced), converts it to a layout with lanes along its columns
(through shared memory), and stores it transposed, coalesced again.

    gluonc samples/transpose.py -k transpose_kernel \
        -s "*fp32:16, *fp32:16, i32, i32, i32:16, i32:16, 64" \
        -D 'load_layout=gl.BlockedLayout([1, 4], [4, 8], [4, 1], [1, 0])' \
        -D 'store_layout=gl.BlockedLayout([4, 1], [8, 4], [1, 4], [0, 1])' -o out/
"""

from triton.experimental import gluon
from triton.experimental.gluon import language as gl


@gluon.jit
def transpose_kernel(in_ptr, out_ptr, M, N, in_stride, out_stride,
                     TILE: gl.constexpr, load_layout: gl.constexpr,
                     store_layout: gl.constexpr):
    pid_m = gl.program_id(0)
    pid_n = gl.program_id(1)
    rows = pid_m * TILE + gl.arange(0, TILE, layout=gl.SliceLayout(1, load_layout))
    cols = pid_n * TILE + gl.arange(0, TILE, layout=gl.SliceLayout(0, load_layout))
    mask = (rows[:, None] < M) & (cols[None, :] < N)
    tile = gl.load(in_ptr + rows[:, None] * in_stride + cols[None, :], mask=mask)
    tile = gl.convert_layout(tile, store_layout)
    rows_t = pid_m * TILE + gl.arange(0, TILE, layout=gl.SliceLayout(1, store_layout))
    cols_t = pid_n * TILE + gl.arange(0, TILE, layout=gl.SliceLayout(0, store_layout))
    mask_t = (rows_t[:, None] < M) & (cols_t[None, :] < N)
    gl.store(out_ptr + cols_t[None, :] * out_stride + rows_t[:, None], tile, mask=mask_t)
