"""A tiled transpose through shared memory: out[j, i] = in[i, j].

Each program loads a TILE x TILE tile with lanes along its rows (coalesced
16-byte loads), stores it into a swizzled shared memory buffer, loads it back
with lanes along its columns and stores it transposed (coalesced again).

The swizzle is chosen so that neither access has bank conflicts: the load
back reads, per instruction, rows 0, 4, 8, ..., 28 of four columns; without
a swizzle those 32 words would sit in 4 banks (8-way conflicts). With
per_phase=4 and max_phase=8, row r XORs its columns with 4 * ((r / 4) % 8),
so rows 4k land in banks 4k..4k+3. The kernel checks this at compile time
with gl.bank_conflicts (pass -D conflict_free=False to try other layouts).

    gluonc samples/transpose_shared.py -k transpose_shared_kernel \
        -s "*fp32:16, *fp32:16, i32, i32, i32:16, i32:16" -o out/

shared_views_kernel shows a descriptor's views: two matrices in one
allocation of shape [2, R, C], one picked at run time with index(),
transposed with permute() and the other's right half taken with slice().

    gluonc samples/transpose_shared.py -k shared_views_kernel \
        -s "*fp32:16, *fp32:16" -o out/
"""

from triton.experimental import gluon
from triton.experimental.gluon import language as gl

ROWS = gl.BlockedLayout([1, 4], [4, 8], [4, 1], [1, 0])
COLUMNS = gl.BlockedLayout([4, 1], [8, 4], [1, 4], [0, 1])
SWIZZLED = gl.SwizzledSharedLayout(vec=4, per_phase=4, max_phase=8, order=[1, 0])


@gluon.jit
def transpose_shared_kernel(in_ptr, out_ptr, M, N, in_stride, out_stride,
                            TILE: gl.constexpr = 64,
                            load_layout: gl.constexpr = ROWS,
                            store_layout: gl.constexpr = COLUMNS,
                            smem_layout: gl.constexpr = SWIZZLED,
                            conflict_free: gl.constexpr = True):
    pid_m = gl.program_id(0)
    pid_n = gl.program_id(1)
    rows = pid_m * TILE + gl.arange(0, TILE, layout=gl.SliceLayout(1, load_layout))
    cols = pid_n * TILE + gl.arange(0, TILE, layout=gl.SliceLayout(0, load_layout))
    mask = (rows[:, None] < M) & (cols[None, :] < N)
    tile = gl.load(in_ptr + rows[:, None] * in_stride + cols[None, :], mask=mask)

    smem = gl.allocate_shared_memory(in_ptr.dtype.element_ty, [TILE, TILE], smem_layout)
    if conflict_free:
        gl.static_assert(gl.bank_conflicts(tile.type, smem.type) == 0)
        column_type: gl.constexpr = gl.distributed_type(tile.dtype, [TILE, TILE], store_layout)
        gl.static_assert(gl.bank_conflicts(column_type, smem.type) == 0)
    smem.store(tile)
    tile = smem.load(store_layout)

    rows_t = pid_m * TILE + gl.arange(0, TILE, layout=gl.SliceLayout(1, store_layout))
    cols_t = pid_n * TILE + gl.arange(0, TILE, layout=gl.SliceLayout(0, store_layout))
    mask_t = (rows_t[:, None] < M) & (cols_t[None, :] < N)
    gl.store(out_ptr + cols_t[None, :] * out_stride + rows_t[:, None], tile, mask=mask_t)


@gluon.jit
def shared_views_kernel(in_ptr, out_ptr, R: gl.constexpr = 32, C: gl.constexpr = 64,
                        layout: gl.constexpr = ROWS,
                        smem_layout: gl.constexpr = gl.SwizzledSharedLayout(4, 1, 8, [1, 0])):
    # in: two R x C matrices, row-major. Program p writes R * C + R * C // 2
    # elements: matrix p % 2 transposed (C x R), then the right half of the
    # other matrix (R x C // 2).
    pid = gl.program_id(0)
    pick = pid % 2
    rows = gl.arange(0, R, layout=gl.SliceLayout(1, layout))
    cols = gl.arange(0, C, layout=gl.SliceLayout(0, layout))
    offsets = rows[:, None] * C + cols[None, :]
    smem = gl.allocate_shared_memory(gl.float32, [2, R, C], smem_layout)
    smem.index(0).store(gl.load(in_ptr + offsets))
    smem.index(1).store(gl.load(in_ptr + R * C + offsets))

    out = out_ptr + pid * (R * C + R * C // 2)
    transposed = smem.index(pick).permute([1, 0]).load(layout)
    t_rows = gl.arange(0, C, layout=gl.SliceLayout(1, layout))
    t_cols = gl.arange(0, R, layout=gl.SliceLayout(0, layout))
    gl.store(out + t_rows[:, None] * R + t_cols[None, :], transposed)

    half = smem.index(1 - pick).slice(C // 2, C // 2, dim=1).load(layout)
    h_cols = gl.arange(0, C // 2, layout=gl.SliceLayout(0, layout))
    gl.store(out + R * C + rows[:, None] * (C // 2) + h_cols[None, :], half)
