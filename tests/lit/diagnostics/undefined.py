# Operations whose compile-time operands make them undefined are errors.
# RUN: rm -rf %t
# RUN: %expect-exit 1 %gluonc %s -k div_zero -s "*i32, i32" -o %t 2>&1 | FileCheck %s --check-prefix=DIV
# RUN: %expect-exit 1 %gluonc %s -k mod_zero -s "*i32, i32" -o %t 2>&1 | FileCheck %s --check-prefix=MOD
# RUN: %expect-exit 1 %gluonc %s -k shift -s "*i32, i32" -o %t 2>&1 | FileCheck %s --check-prefix=SHIFT
# RUN: %expect-exit 1 %gluonc %s -k huge_int -s "*i32, i32" -o %t 2>&1 | FileCheck %s --check-prefix=INT
# RUN: %expect-exit 1 %gluonc %s -k nan_int -s "*i32, i32" -o %t 2>&1 | FileCheck %s --check-prefix=NAN
# RUN: %expect-exit 1 %gluonc %s -k zero_pow -s "*i32, i32" -o %t 2>&1 | FileCheck %s --check-prefix=POW
# RUN: %expect-exit 1 %gluonc %s -k huge_dim -s "*i32, i32" -o %t 2>&1 | FileCheck %s --check-prefix=DIM
# RUN: test ! -e %t
from triton.experimental import gluon
from triton.experimental.gluon import language as gl


@gluon.jit
def div_zero(p, n):
    gl.store(p, n // 0)
    # DIV: undefined.py:[[@LINE-1]]:22: error: integer division by zero


@gluon.jit
def mod_zero(p, n):
    gl.store(p, n % 0)
    # MOD: undefined.py:[[@LINE-1]]:21: error: integer division by zero


@gluon.jit
def shift(p, n):
    gl.store(p, n << 32)
    # SHIFT: undefined.py:[[@LINE-1]]:22: error: shift by 32 bits of a 32-bit gl.int32 value is undefined


@gluon.jit
def huge_int(p, n):
    X: gl.constexpr = int(1e308)
    gl.store(p, X + n)
    # INT: undefined.py:[[@LINE-1]]:17: error: the integer 1{{[0-9]+}} does not fit in 64 bits


@gluon.jit
def nan_int(p, n):
    X: gl.constexpr = int(1e308 * 10 - 1e308 * 10)
    # NAN: undefined.py:[[@LINE-1]]:27: error: cannot convert float nan to an integer


@gluon.jit
def zero_pow(p, n):
    X: gl.constexpr = 0 ** -1
    # POW: undefined.py:[[@LINE-1]]:25: error: 0 cannot be raised to a negative power


@gluon.jit
def huge_dim(p, n):
    t = gl.full([2**31], 1, gl.int32, gl.BlockedLayout([1], [32], [4], [0]))
    # DIM: undefined.py:[[@LINE-1]]:17: error: tensor shape [2147483648]: dimensions must be powers of two up to 2^30
