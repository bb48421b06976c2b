# What the NVIDIA backend picks where Triton picks a fast path:
# - fp32 '/' and gl.fdiv are div.full.f32; gl.div_rn stays IEEE (div.rn);
# - masked 16-, 32-, 64- and 128-bit accesses are single predicated PTX
#   instructions, with the fallback moved into the registers first; byte
#   accesses keep a branch, which ptxas predicates;
# - libdevice is linked with nvvm-reflect-ftz = 1, so gl.rsqrt is
#   rsqrt.approx.ftz.f32.
# RUN: rm -rf %t
# RUN: %gluonc %s -k divide -s "*fp32:16, *fp32:16, i32" --emit ptx -o %t
# RUN: FileCheck %s --check-prefix=DIV --input-file %t/divide.sm_90a.ptx
# RUN: %gluonc %s -k masked -s "*bf16:16, *i8:16, i32" --emit ptx -o %t
# RUN: FileCheck %s --check-prefix=MASK --input-file %t/masked.sm_90a.ptx
# RUN: %gluonc %s -k root -s "*fp32:16, i32" --emit llvm-ir,ptx -o %t
# RUN: FileCheck %s --check-prefix=RSQRT --input-file %t/root.sm_90a.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t/divide.sm_90a.ptx -o %t/a.cubin %}
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t/masked.sm_90a.ptx -o %t/b.cubin %}
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t/root.sm_90a.ptx -o %t/c.cubin %}
from triton.experimental import gluon
from triton.experimental.gluon import language as gl

L: gl.constexpr = gl.BlockedLayout([1], [32], [4], [0])


@gluon.jit
def divide(x_ptr, y_ptr, n):
    offs = gl.arange(0, 128, layout=L)
    x = gl.load(x_ptr + offs)
    y = gl.load(y_ptr + offs)
    gl.store(x_ptr + offs, x / y)
    gl.store(y_ptr + offs, gl.fdiv(y, x))
    gl.store(x_ptr + 128 + offs, gl.div_rn(x, y))
    gl.store(y_ptr + 128 + offs, gl.fdiv(y, x, ieee_rounding=True))
    # DIV-COUNT-2: div.full.f32
    # DIV-COUNT-2: div.rn.f32
    # DIV-NOT: div.approx


@gluon.jit
def masked(h_ptr, b_ptr, n):
    offs = gl.arange(0, 128, layout=L)
    mask = offs < n
    h = gl.load(h_ptr + offs, mask=mask, other=1.0)
    gl.store(h_ptr + 128 + offs, h, mask=mask)
    b = gl.load(b_ptr + offs, mask=mask, other=3)
    gl.store(b_ptr + 128 + offs, b, mask=mask)
    # bf16: one 16-bit register, 1.0 = 0x3F80 moved in first.
    # MASK: mov.b16 [[ONE:%rs[0-9]+]], 16256;
    # MASK: mov.b16 [[H:%rs[0-9]+]], [[ONE]];
    # MASK-NEXT: @%p{{[0-9]+}} ld.global.b16 [[H]], [ %rd{{[0-9]+}} + 0 ];
    # MASK: @%p{{[0-9]+}} st.global.b16 [ %rd{{[0-9]+}} + 0 ], [[H]];
    # Bytes: a branch around a plain access.
    # MASK: @%p{{[0-9]+}} bra
    # MASK: ld.global.b8
    # MASK: st.global.b8


@gluon.jit
def root(x_ptr, n):
    offs = gl.arange(0, 128, layout=L)
    x = gl.load(x_ptr + offs)
    gl.store(x_ptr + offs, gl.rsqrt(x))
    # RSQRT: rsqrt.approx.ftz.f32
