# gl.inline_asm (one block per thread) and gl.inline_asm_elementwise
# (Triton's, `pack` elements per call): the assembly's operands are the
# outputs' registers, then the inputs', as docs/inline-asm.md says; every
# PTX file assembles.
# RUN: rm -rf %t
# RUN: %gluonc %s -k add_bias_kernel -s "*fp32:16, *fp32:16, fp32" --emit gluon-ir,ptx -o %t
# RUN: FileCheck %s --check-prefix=BIAS --input-file %t/add_bias_kernel.sm_90a.ptx
# RUN: FileCheck %s --check-prefix=BIAS-IR --input-file %t/add_bias_kernel.sm_90a.gluon.mlir
# RUN: %gluonc %s -k two_outputs -s "*i32:16, *i32:16, *i32:16" --emit ptx -o %t
# RUN: FileCheck %s --check-prefix=TWO --input-file %t/two_outputs.sm_90a.ptx
# RUN: %gluonc %s -k tied -s "*i32:16, i32" --emit llvm-ir,ptx -o %t
# RUN: FileCheck %s --check-prefix=TIED --input-file %t/tied.sm_90a.ll
# RUN: FileCheck %s --check-prefix=TIED-PTX --input-file %t/tied.sm_90a.ptx
# RUN: %gluonc %s -k shared_read -s "*i32:16" --emit ptx -o %t
# RUN: FileCheck %s --check-prefix=SHARED --input-file %t/shared_read.sm_90a.ptx
# RUN: %gluonc %s -k elementwise -s "*fp32:16, *i8:16, *fp16:16, *fp32:16" --emit llvm-ir,ptx -o %t
# RUN: FileCheck %s --check-prefix=ELEM --input-file %t/elementwise.sm_90a.ll
# RUN: FileCheck %s --check-prefix=ELEM-PTX --input-file %t/elementwise.sm_90a.ptx
# RUN: %if ptxas %{ for k in add_bias_kernel two_outputs tied shared_read elementwise; do %ptxas -arch=sm_90a %t/$k.sm_90a.ptx -o %t/$k.cubin || exit 1; done %}
from triton.experimental import gluon
from triton.experimental.gluon import language as gl

L: gl.constexpr = gl.BlockedLayout([4], [32], [4], [0])


@gluon.constexpr_function
def add_bias(outputs, inputs):
    out, = outputs
    x, bias = inputs
    return "\n".join(f"add.f32 {dst}, {src}, {bias[0]};" for dst, src in zip(out, x))


# One add.f32 per register of x (4 per thread): outputs $0-$3, x $4-$7,
# bias $8.
# BIAS-IR: gluon.inline_asm "add.f32 $0, $4, $8;\0Aadd.f32 $1, $5, $8;\0Aadd.f32 $2, $6, $8;\0Aadd.f32 $3, $7, $8;", "=&f,=&f,=&f,=&f,f,f,f,f,f"
# BIAS-LABEL: .entry add_bias_kernel
# BIAS-COUNT-4: add.f32
# BIAS-NOT: add.f32
@gluon.jit
def add_bias_kernel(x_ptr, y_ptr, bias):
    offs = gl.arange(0, 512, layout=L)
    x = gl.load(x_ptr + offs)
    y = gl.inline_asm(add_bias, ("=&f", "f", "f"), [x, bias], x.type, is_pure=True)
    gl.store(y_ptr + offs, y)


@gluon.constexpr_function
def plus_and_shift(outputs, inputs):
    plus, shifted = outputs
    x, = inputs
    lines = [f"add.s32 {p}, {v}, 1;" for p, v in zip(plus, x)]
    lines += [f"shl.b32 {s}, {v}, 1;" for s, v in zip(shifted, x)]
    return "\n".join(lines)


# Two outputs from a tuple of constraints: 4 + 4 outputs, 4 inputs.
# TWO-LABEL: .entry two_outputs
# TWO-COUNT-4: add.s32 %r{{[0-9]+}}, %r{{[0-9]+}}, 1;
# TWO-COUNT-4: shl.b32 %r{{[0-9]+}}, %r{{[0-9]+}}, 1;
@gluon.jit
def two_outputs(x_ptr, a_ptr, b_ptr):
    offs = gl.arange(0, 512, layout=L)
    x = gl.load(x_ptr + offs)
    a, b = gl.inline_asm(plus_and_shift, ("=r", "=r", "r"), [x], (x.type, x.type), is_pure=True)
    gl.store(a_ptr + offs, a)
    gl.store(b_ptr + offs, b)


# A string of constraints used as written: a tie and a clobber.
# TIED: call i32 asm sideeffect "add.s32 $0, $0, 7;", "=r,0,~{memory}"(i32 %{{.*}})
# TIED-PTX: add.s32 [[R:%r[0-9]+]], [[R]], 7;
@gluon.jit
def tied(out_ptr, n):
    v = gl.inline_asm("add.s32 $0, $0, 7;", "=r,0,~{memory}", [n], gl.int32)
    gl.store(out_ptr, v)


# A shared memory descriptor is the 32-bit address of its origin.
# SHARED-LABEL: .entry shared_read
# SHARED: st.shared
# SHARED: bar.sync
# SHARED: ld.shared.b32 %r{{[0-9]+}}, [%r{{[0-9]+}}];
@gluon.jit
def shared_read(out_ptr):
    offs = gl.arange(0, 512, layout=L)
    smem = gl.allocate_shared_memory(gl.int32, [512], gl.SwizzledSharedLayout(1, 1, 1, [0]))
    smem.store(offs * 3)
    gl.barrier()
    first = gl.inline_asm("ld.shared.b32 $0, [$1];", "=r,r", [smem.slice(8, 8)], gl.int32)
    gl.store(out_ptr + offs, offs + first)


# inline_asm_elementwise: pack 1 (fp32), pack 4 (four int8 in one 32-bit
# register), pack 2 (two fp16 in one register, never widened) with two
# results of different types.
# ELEM: call float asm "mov.b32 $0, $1;", "=r,r"(float
# ELEM: call <4 x i8> asm "prmt.b32 $0, $1, 0, 0x0123;", "=r,r"(<4 x i8>
# ELEM: call { <2 x half>, float, float } asm "{{.*}}", "=r,=r,=r,r,r,r"(<2 x half> %{{.*}}, float %{{.*}}, float %{{.*}})
# ELEM-PTX-LABEL: .entry elementwise
# ELEM-PTX: prmt.b32
@gluon.jit
def elementwise(f_ptr, b_ptr, h_ptr, out_ptr):
    offs = gl.arange(0, 512, layout=L)
    f = gl.load(f_ptr + offs)
    same = gl.inline_asm_elementwise("mov.b32 $0, $1;", "=r,r", [f], dtype=gl.float32,
                                     is_pure=True, pack=1)
    b = gl.load(b_ptr + offs)
    rev = gl.inline_asm_elementwise("prmt.b32 $0, $1, 0, 0x0123;", "=r,r", [b],
                                    dtype=gl.int8, is_pure=True, pack=4)
    h = gl.load(h_ptr + offs)
    h2, widened = gl.inline_asm_elementwise(
        "{\n.reg .b16 lo, hi;\nmov.b32 $0, $3;\nmov.b32 {lo, hi}, $3;\n"
        "cvt.f32.f16 $1, lo;\ncvt.f32.f16 $2, hi;\nadd.f32 $1, $1, $4;\n"
        "add.f32 $2, $2, $5;\n}", "=r,=r,=r,r,r,r", [h, f],
        dtype=(gl.float16, gl.float32), is_pure=True, pack=2)
    gl.store(out_ptr + offs, same + rev.to(gl.float32) + h2.to(gl.float32) + widened)
