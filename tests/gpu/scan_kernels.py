"""Scans and shape changes of whole tiles, for tests/gpu/ScanGpuTest.cpp.

Each kernel works on one M x N tile that fills the tensor (no masks), so
that every element of every layout is exercised and results can be checked
bitwise on integers.
"""

from triton.experimental import gluon
from triton.experimental.gluon import language as gl


@gluon.jit
def _max_combine(a, b):
    return gl.maximum(a, b)


@gluon.jit
def _argmax_combine(value_a, index_a, value_b, index_b):
    # The later element wins ties, so the order of the operands matters.
    take_b = value_b >= value_a
    return gl.where(take_b, value_b, value_a), gl.where(take_b, index_b, index_a)


@gluon.jit
def scan_tile_kernel(in_ptr, out_ptr, index_ptr,
                     M: gl.constexpr, N: gl.constexpr, AXIS: gl.constexpr,
                     OP: gl.constexpr, REVERSE: gl.constexpr,
                     layout: gl.constexpr):
    rows = gl.arange(0, M, layout=gl.SliceLayout(1, layout))
    cols = gl.arange(0, N, layout=gl.SliceLayout(0, layout))
    offsets = rows[:, None] * N + cols[None, :]
    x = gl.load(in_ptr + offsets)
    if OP == "cumsum":
        y = gl.cumsum(x, axis=AXIS, reverse=REVERSE)
    elif OP == "cumprod":
        y = x.cumprod(AXIS, reverse=REVERSE)
    elif OP == "cummax":
        y = gl.associative_scan(x, AXIS, _max_combine, reverse=REVERSE)
    elif OP == "gl_cummax":
        y = gl.cummax(x, AXIS, reverse=REVERSE)
    else:
        if AXIS == 0:
            index = rows[:, None] + cols[None, :] * 0
        else:
            index = rows[:, None] * 0 + cols[None, :]
        y, index = gl.associative_scan((x, index), AXIS, _argmax_combine,
                                       reverse=REVERSE)
        gl.store(index_ptr + offsets, index)
    gl.store(out_ptr + offsets, y)


@gluon.jit
def shape_ops_kernel(x_ptr, y_ptr, transposed_ptr, first_ptr, second_ptr,
                     interleaved_ptr, flat_ptr, even_ptr, odd_ptr,
                     M: gl.constexpr, N: gl.constexpr, layout: gl.constexpr,
                     flat_layout: gl.constexpr):
    """Each output is a shape change of x (and y) brought back to a known
    layout with convert_layout, so that a wrong inferred layout shows."""
    rows = gl.arange(0, M, layout=gl.SliceLayout(1, layout))
    cols = gl.arange(0, N, layout=gl.SliceLayout(0, layout))
    offsets = rows[:, None] * N + cols[None, :]
    x = gl.load(x_ptr + offsets)
    y = gl.load(y_ptr + offsets)

    # transposed[c, r] = x[r, c], stored as an N x M tile.
    t = gl.convert_layout(gl.permute(x, (1, 0)), layout)
    t_rows = gl.arange(0, N, layout=gl.SliceLayout(1, layout))
    t_cols = gl.arange(0, M, layout=gl.SliceLayout(0, layout))
    gl.store(transposed_ptr + t_rows[:, None] * M + t_cols[None, :], t)

    # join then split gives x and y back.
    pairs = gl.join(x, y)
    first, second = gl.split(pairs)
    gl.store(first_ptr + offsets, gl.convert_layout(first, layout))
    gl.store(second_ptr + offsets, gl.convert_layout(second, layout))

    # The pairs in row-major order interleave x and y: an M x 2N tile.
    inter = gl.convert_layout(pairs.reshape(M, 2 * N), layout)
    i_cols = gl.arange(0, 2 * N, layout=gl.SliceLayout(0, layout))
    gl.store(interleaved_ptr + rows[:, None] * (2 * N) + i_cols[None, :], inter)

    # Flattening keeps row-major order.
    flat = gl.convert_layout(gl.reshape(x, [M * N]), flat_layout)
    gl.store(flat_ptr + gl.arange(0, M * N, layout=flat_layout), flat)

    # Even and odd columns: reshape to pairs of columns, split, and swap
    # the halves' roles through a transpose and back.
    even, odd = gl.reshape(x, (M, N // 2, 2)).split()
    odd = odd.trans().trans()
    h_cols = gl.arange(0, N // 2, layout=gl.SliceLayout(0, layout))
    h_offsets = rows[:, None] * (N // 2) + h_cols[None, :]
    gl.store(even_ptr + h_offsets, gl.convert_layout(even, layout))
    gl.store(odd_ptr + h_offsets, gl.convert_layout(odd, layout))


@gluon.jit
def scan_regrouped_kernel(in_ptr, out_ptr, M: gl.constexpr, N: gl.constexpr,
                          K: gl.constexpr, layout: gl.constexpr):
    """Cumulative sums along the rows of
    z[r, c] = x[r, (c % (N // K)) * K + c // (N // K)]: x's columns regrouped
    by a reshape, a permute and a reshape, whose inferred linear layout
    holds a row's positions in lanes (and warps) out of order."""
    rows = gl.arange(0, M, layout=gl.SliceLayout(1, layout))
    cols = gl.arange(0, N, layout=gl.SliceLayout(0, layout))
    offsets = rows[:, None] * N + cols[None, :]
    x = gl.load(in_ptr + offsets)
    z = x.reshape(M, N // K, K).permute(0, 2, 1).reshape(M, N)
    y = gl.cumsum(z, axis=1)
    gl.store(out_ptr + offsets, gl.convert_layout(y, layout))
