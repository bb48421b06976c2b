# Compile-only on sm_100a: the NVFP4 conversion cvt.rn.satfinite.e2m1x2.f32
# through gl.inline_asm_elementwise with pack=2 (two fp32 in, one byte of
# two e2m1 out, widened into the low half of a 16-bit result), accepted by
# the PTX assembler for sm_100a.
# RUN: rm -rf %t
# RUN: %gluonc %s -k to_e2m1 -s "*fp32:16, *i16:16" --arch sm_100a --emit ptx -o %t
# RUN: FileCheck %s --input-file %t/to_e2m1.sm_100a.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_100a %t/to_e2m1.sm_100a.ptx -o %t/to_e2m1.cubin %}
from triton.experimental import gluon
from triton.experimental.gluon import language as gl

L: gl.constexpr = gl.BlockedLayout([4], [32], [4], [0])


# CHECK: .target sm_100a
# CHECK-LABEL: .entry to_e2m1
# Two calls per thread (4 registers, pack 2).
# CHECK-COUNT-2: cvt.rn.satfinite.e2m1x2.f32 byte, %r{{[0-9]+}}, %r{{[0-9]+}};
# CHECK-NOT: cvt.rn.satfinite.e2m1x2.f32
@gluon.jit
def to_e2m1(x_ptr, out_ptr):
    offs = gl.arange(0, 512, layout=L)
    x = gl.load(x_ptr + offs)
    packed = gl.inline_asm_elementwise(
        "{\n.reg .b8 byte;\n.reg .b16 lo, zero;\n"
        "cvt.rn.satfinite.e2m1x2.f32 byte, $2, $1;\n"
        "cvt.u16.u8 lo, byte;\nmov.b16 zero, 0;\nmov.b32 $0, {lo, zero};\n}",
        "=r,r,r", [x], dtype=gl.int16, is_pure=True, pack=2)
    gl.store(out_ptr + offs, packed)
