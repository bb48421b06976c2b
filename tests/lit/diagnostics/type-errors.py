# RUN: %expect-exit 1 %gluonc %s -k float_offset -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=PTR
# RUN: %expect-exit 1 %gluonc %s -k str_plus_int -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=STR
# RUN: %expect-exit 1 %gluonc %s -k float_bitwise -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=BITS
# RUN: %expect-exit 1 %gluonc %s -k store_scalar_ptr -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=SHAPE
# RUN: %expect-exit 1 %gluonc %s -k bad_layout -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=LAYOUT
# RUN: %expect-exit 1 %gluonc %s -k load_int -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=LOAD
# RUN: %expect-exit 1 %gluonc %s -k int_mask -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=MASK
# RUN: %expect-exit 1 %gluonc %s -k full_tensor -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=FULL
from triton.experimental import gluon
from triton.experimental.gluon import language as gl


@gluon.jit
def float_offset(x_ptr):
    v = gl.load(x_ptr + 1.5)
    # PTR: type-errors.py:[[@LINE-1]]:23: error: unsupported operand types for +: pointer<gl.float32> and gl.float32


@gluon.jit
def str_plus_int(x_ptr):
    s = "a" + 1
    # STR: type-errors.py:[[@LINE-1]]:13: error: unsupported operand types for +: 'str' and 'int'


@gluon.jit
def float_bitwise(x_ptr):
    v = gl.load(x_ptr) & 1
    # BITS: type-errors.py:[[@LINE-1]]:24: error: bitwise '&' needs integer operands, got gl.float32 and gl.float32


@gluon.jit
def store_scalar_ptr(x_ptr):
    layout: gl.constexpr = gl.BlockedLayout([1], [32], [4], [0])
    gl.store(x_ptr, gl.full([128], 1.0, gl.float32, layout))
    # SHAPE: type-errors.py:[[@LINE-1]]:21: error: a tensor where a scalar is expected


@gluon.jit
def bad_layout(x_ptr):
    offs = gl.arange(0, 128, layout=gl.float32)
    # LAYOUT: type-errors.py:[[@LINE-1]]:30: error: expected a distributed layout such as gl.BlockedLayout(...), got dtype gl.float32


@gluon.jit
def load_int(x_ptr):
    v = gl.load(7)
    # LOAD: type-errors.py:[[@LINE-1]]:17: error: gl.load needs pointers, got scalar<i32>


@gluon.jit
def int_mask(x_ptr):
    layout: gl.constexpr = gl.BlockedLayout([1], [32], [4], [0])
    offs = gl.arange(0, 128, layout=layout)
    gl.store(x_ptr + offs, 1.0, mask=offs)
    # MASK: type-errors.py:[[@LINE-1]]:33: error: the mask of gl.store must be boolean, got gl.int32


@gluon.jit
def full_tensor(x_ptr):
    layout: gl.constexpr = gl.BlockedLayout([1], [32], [4], [0])
    t = gl.full([128], gl.arange(0, 128, layout=layout), gl.int32, layout)
    # FULL: type-errors.py:[[@LINE-1]]:24: error: gl.full fills with a scalar, got a tensor
