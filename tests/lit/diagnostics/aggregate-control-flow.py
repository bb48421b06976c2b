# Aggregates through run-time control flow must keep their shape: one class
# in both branches of an `if` and across a loop's iterations, the same
# compile-time fields, and run-time fields of one type.
# RUN: rm -rf %t
# RUN: %expect-exit 1 %gluonc %s -k loop_constexpr -s "i32" -o %t 2>&1 | FileCheck %s --check-prefix=LOOP-CONST
# RUN: %expect-exit 1 %gluonc %s -k loop_type -s "i32" -o %t 2>&1 | FileCheck %s --check-prefix=LOOP-TYPE
# RUN: %expect-exit 1 %gluonc %s -k loop_class -s "i32" -o %t 2>&1 | FileCheck %s --check-prefix=LOOP-CLASS
# RUN: %expect-exit 1 %gluonc %s -k if_class -s "i32" -o %t 2>&1 | FileCheck %s --check-prefix=IF-CLASS
# RUN: %expect-exit 1 %gluonc %s -k if_constexpr -s "i32" -o %t 2>&1 | FileCheck %s --check-prefix=IF-CONST
# RUN: test ! -e %t
from triton.experimental import gluon
from triton.experimental.gluon import language as gl
from triton.language.core import _aggregate as aggregate


@aggregate
class Counter:
    value: gl.tensor
    STEP: gl.constexpr


@aggregate
class Other:
    value: gl.tensor
    STEP: gl.constexpr


@gluon.jit
def loop_constexpr(n):
    c = Counter(n, 1)
    for i in range(n):
        c = Counter(c.value + c.STEP, c.STEP * 2)
    # LOOP-CONST: aggregate-control-flow.py:[[@LINE-2]]:5: error: 'c.STEP' is a gl.constexpr field, but it gets a new value in each iteration of a run-time loop (1 before, 2 after)


@gluon.jit
def loop_type(n):
    c = Counter(n, 1)
    for i in range(n):
        c = Counter(c.value * 0.5, c.STEP)
    # LOOP-TYPE: aggregate-control-flow.py:[[@LINE-2]]:5: error: loop-carried variable 'c.value' is scalar<i32> before the loop but scalar<fp32> after an iteration


@gluon.jit
def loop_class(n):
    c = Counter(n, 1)
    for i in range(n):
        c = Other(c.value, 1)
    # LOOP-CLASS: aggregate-control-flow.py:[[@LINE-2]]:5: error: loop-carried variable 'c' is Counter(value=scalar<i32>, STEP=1) before the loop but Other(value=scalar<i32>, STEP=1) after an iteration


@gluon.jit
def if_class(n):
    if n > 0:
        c = Counter(n, 1)
    else:
        c = Other(n, 1)
    # IF-CLASS: aggregate-control-flow.py:[[@LINE-4]]:5: error: 'c' must have one shape after both branches of a run-time 'if', but it is Counter(value=scalar<i32>, STEP=1) after one and Other(value=scalar<i32>, STEP=1) after the other


@gluon.jit
def if_constexpr(n):
    c = Counter(n, 1)
    if n > 0:
        c = Counter(n, 2)
    # IF-CONST: aggregate-control-flow.py:[[@LINE-2]]:5: error: 'c.STEP' gets different compile-time values in the branches of a run-time 'if' (2 and 1)
