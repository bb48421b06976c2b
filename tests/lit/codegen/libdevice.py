# gl.extra.libdevice (Triton's libdevice module): each function is one
# gluon.extern_elementwise op, by libdevice's name; the NVIDIA backend calls
# libdevice's __nv_* function and the AMD backend ocml's, both linked into
# the kernel, so nothing is left external (libdevice's fp64 pow keeps a
# call to its own internal helper, as under Triton). Scalars and tensors mix as in any
# elementwise function.
# RUN: rm -rf %t
# RUN: %gluonc %s -k fast -s "*fp32:16, *fp32:16" --emit gluon-ir,llvm-ir,ptx -o %t
# RUN: FileCheck %s --check-prefix=IR --input-file %t/fast.sm_90a.gluon.mlir
# RUN: FileCheck %s --check-prefix=PTX --input-file %t/fast.sm_90a.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t/fast.sm_90a.ptx -o %t/fast.cubin %}
# RUN: %gluonc %s -k mixed -s "*fp64:16, fp64" --emit gluon-ir,ptx -o %t
# RUN: FileCheck %s --check-prefix=MIXED --input-file %t/mixed.sm_90a.gluon.mlir
# RUN: FileCheck %s --check-prefix=NOCALL --input-file %t/mixed.sm_90a.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t/mixed.sm_90a.ptx -o %t/mixed.cubin %}
# RUN: %gluonc %s -k on_amd -s "*fp32:16, fp32" --arch gfx942 --emit llvm-ir,amdgcn -o %t
# RUN: FileCheck %s --check-prefix=NOCALL-AMD --input-file %t/on_amd.gfx942.ll
# RUN: FileCheck %s --check-prefix=AMD --input-file %t/on_amd.gfx942.amdgcn
#
# Errors: fp16 is not widened (Triton's module has no fp16 versions), the
# fast_* functions take fp32 only, a name the library lacks is refused at
# its use, and ocml has no fast_* approximations.
# RUN: %expect-exit 1 %gluonc %s -k fast -s "*fp16:16, *fp16:16" -o %t/e 2>&1 | FileCheck %s --check-prefix=HALF
# RUN: %expect-exit 1 %gluonc %s -k fast -s "*fp64:16, *fp64:16" -o %t/e 2>&1 | FileCheck %s --check-prefix=DOUBLE
# RUN: %expect-exit 1 %gluonc %s -k unknown -s "*fp32:16" -o %t/e 2>&1 | FileCheck %s --check-prefix=UNKNOWN
# RUN: %expect-exit 1 %gluonc %s -k fast_on_amd -s "*fp32:16" --arch gfx942 -o %t/e 2>&1 | FileCheck %s --check-prefix=NOFAST
# RUN: test ! -e %t/e
from triton.experimental import gluon
from triton.experimental.gluon import language as gl
from triton.experimental.gluon.language.extra import libdevice

L: gl.constexpr = gl.BlockedLayout([1], [32], [4], [0])
L64: gl.constexpr = gl.BlockedLayout([1], [64], [4], [0])


@gluon.jit
def fast(x_ptr, y_ptr):
    offs = gl.arange(0, 128, layout=L)
    x = gl.load(x_ptr + offs)
    y = gl.load(y_ptr + offs)
    # IR: gluon.extern_elementwise "fast_expf"(%{{.*}}) : (tensor<128xf32, #blocked>) -> tensor<128xf32, #blocked>
    # IR: gluon.extern_elementwise "fast_dividef"(%{{.*}}, %{{.*}}) : (tensor<128xf32, #blocked>, tensor<128xf32, #blocked>) -> tensor<128xf32, #blocked>
    # PTX-NOT: call
    # PTX: ex2.approx.ftz.f32
    # PTX: div.approx.ftz.f32
    gl.store(x_ptr + offs, libdevice.fast_expf(x))
    gl.store(y_ptr + offs, libdevice.fast_dividef(x, y))
    # HALF: libdevice.py:[[@LINE-2]]:28: error: libdevice.fast_expf takes fp32, got gl.float16; convert the arguments with .to(gl.float32)
    # DOUBLE: libdevice.py:[[@LINE-3]]:28: error: libdevice.fast_expf takes fp32, got gl.float64


@gluon.jit
def mixed(x_ptr, s):
    offs = gl.arange(0, 128, layout=L)
    x = gl.load(x_ptr + offs)
    # MIXED: gluon.extern_elementwise "erfinv"(%arg1) : (f64) -> f64
    # MIXED: gluon.extern_elementwise "pow"(%{{.*}}, %{{.*}}) : (tensor<128xf64, #blocked>, tensor<128xf64, #blocked>) -> tensor<128xf64, #blocked>
    # NOCALL-NOT: .extern
    # NOCALL-NOT: __nv_
    gl.store(x_ptr + offs, libdevice.pow(x, libdevice.erfinv(s)))


@gluon.jit
def on_amd(x_ptr, s):
    offs = gl.arange(0, 256, layout=L64)
    x = gl.load(x_ptr + offs)
    # NOCALL-AMD-NOT: {{(call|declare|define) .*@__ocml}}
    # AMD-NOT: s_swappc
    # AMD: s_endpgm
    gl.store(x_ptr + offs, libdevice.normcdf(libdevice.atan2(x, s)))


@gluon.jit
def unknown(x_ptr):
    offs = gl.arange(0, 128, layout=L)
    x = gl.load(x_ptr + offs)
    gl.store(x_ptr + offs, libdevice.not_a_function(x))
    # UNKNOWN: libdevice.py:[[@LINE-1]]:38: error: not supported yet: 'triton.experimental.gluon.language.extra.libdevice.not_a_function'


@gluon.jit
def fast_on_amd(x_ptr):
    offs = gl.arange(0, 256, layout=L64)
    x = gl.load(x_ptr + offs)
    gl.store(x_ptr + offs, libdevice.fast_expf(x))
    # NOFAST: libdevice.py:[[@LINE-1]]:28: error: 'gluon.extern_elementwise' op libdevice.fast_expf on 'f32' is not in this target's math library
