# Kernels defined inside a function, as upstream Gluon tests define them
# (`def test_x(): ... @gluon.jit def kernel(...)`), are named by their path
# with -k. The enclosing function is never called: its straight-line
# imports, definitions and assignments (chained ones too) are read as
# module-level names are, each evaluated on first use; a name it does not
# bind is looked up in the module. Its parameters have their defaults, or
# no value.
# RUN: rm -rf %t
# RUN: %gluonc %s -k test_copy.kernel -s "*i32:16, *i32:16" -o %t -v 2>&1 | FileCheck %s --check-prefix=COPY
# RUN: %gluonc %s -k test_copy.kernel -s "*i32:16, *i32:16" --emit gluon-ir -o %t/ir
# RUN: FileCheck %s --check-prefix=IR < %t/ir/kernel.sm_90a.gluon.mlir
# RUN: %gluonc %s -k outer.middle.kernel -s "*fp32:16" --emit gluon-ir -o %t/deep
# RUN: FileCheck %s --check-prefix=DEEP < %t/deep/kernel.sm_90a.gluon.mlir
# RUN: %expect-exit 1 %gluonc %s -k kernel -s "*i32:16, *i32:16" -o %t 2>&1 | FileCheck %s --check-prefix=HINT
# RUN: %expect-exit 1 %gluonc %s -k test_copy.nothing -s "" -o %t 2>&1 | FileCheck %s --check-prefix=MISSING
# RUN: %expect-exit 1 %gluonc %s -k test_param.kernel -s "*i32:16" -o %t 2>&1 | FileCheck %s --check-prefix=PARAM
# RUN: %expect-exit 1 %gluonc %s -k test_host.helper -s "" -o %t 2>&1 | FileCheck %s --check-prefix=HOST
from triton.experimental import gluon
from triton.experimental.gluon import language as gl

WARPS = 4


def test_copy():
    XBLOCK = YBLOCK = gl.constexpr(64)
    LAYOUT = gl.constexpr(gl.BlockedLayout([1], [32], [WARPS], [0]))
    import torch  # host code: bound, never used by the kernel

    @gluon.jit
    def kernel(in_ptr, out_ptr):
        offs = gl.arange(0, XBLOCK + YBLOCK, LAYOUT)
        gl.store(out_ptr + offs, gl.load(in_ptr + offs))

    x = torch.arange(128, device="cuda")
    for _ in range(2):
        kernel[(1, )](x, torch.empty_like(x))


# COPY: wrote {{.*}}kernel.sm_90a.cubin
# IR: func.func @kernel(
# IR: gluon.arange 0 to 128 :


def outer(SIZE=32):

    def middle():
        SCALE = gl.constexpr(2.0)

        @gluon.jit
        def kernel(ptr):
            layout: gl.constexpr = gl.BlockedLayout([1], [32], [WARPS], [0])
            offs = gl.arange(0, SIZE, layout)
            gl.store(ptr + offs, gl.load(ptr + offs) * SCALE)


# DEEP: gluon.arange 0 to 32 :
# DEEP: arith.constant 2.000000e+00 : f32
# DEEP: arith.mulf

# HINT: error: no kernel named 'kernel' in {{.*}}nested-kernels.py; a function of that name is defined inside another: name it with its path, -k outer.middle.kernel, test_copy.kernel, test_param.kernel
# MISSING: error: no kernel named 'test_copy.nothing' in {{.*}}nested-kernels.py: 'test_copy' defines no function 'nothing'


def test_param(BLOCK):

    @gluon.jit
    def kernel(ptr):
        gl.store(ptr + gl.arange(0, BLOCK, gl.BlockedLayout([1], [32], [4], [0])), 0)


# PARAM: nested-kernels.py:[[@LINE-3]]:37: error: 'BLOCK' is a parameter of 'test_param', which gluonc does not call: only the straight-line assignments of an enclosing function are read
# PARAM: nested-kernels.py:[[@LINE-8]]:16: note: 'BLOCK' is declared here


def test_host():

    def helper():
        pass


# HOST: nested-kernels.py:[[@LINE-4]]:9: error: 'test_host.helper' is not a @gluon.jit kernel
# HOST-NOT: note
