"""Row softmax in Gluon: out[r, :] = softmax(in[r, :]).

One program per row; the row fits in one BLOCK-wide tensor. The input may be
fp32, fp16 or bf16; the math is fp32; the output takes the output pointer's
type. Both reductions (max, then sum) span every warp, so they go through
shared memory.

    gluonc samples/softmax.py -k softmax_kernel \
        -s "*fp32:16, *fp32:16, i32:16, i32:16, i32:16, 1024" \
        -D 'layout=gl.BlockedLayout([4], [32], [4], [0])' -o out/
"""

from triton.experimental import gluon
from triton.experimental.gluon import language as gl


@gluon.jit
def softmax_kernel(out_ptr, in_ptr, n_cols, in_stride, out_stride,
                   BLOCK: gl.constexpr, layout: gl.constexpr):
    row = gl.program_id(0)
    cols = gl.arange(0, BLOCK, layout=layout)
    mask = cols < n_cols
    x = gl.load(in_ptr + row * in_stride + cols, mask=mask, other=-float("inf"))
    x = x.to(gl.float32)
    x = x - gl.max(x, axis=0)
    num = gl.exp(x)
    den = gl.sum(num, axis=0)
    y = num / den
    gl.store(out_ptr + row * out_stride + cols, y.to(out_ptr.dtype.element_ty),
             mask=mask)
