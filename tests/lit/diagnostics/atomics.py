# Atomics and device assertions: bad arguments are reported at their source.
# RUN: %expect-exit 1 %gluonc %s -k bad_sem -s "*i32:16" -o %t 2>&1 | FileCheck %s --check-prefix=SEM
# RUN: %expect-exit 1 %gluonc %s -k float_and -s "*fp32:16" -o %t 2>&1 | FileCheck %s --check-prefix=AND
# RUN: %expect-exit 1 %gluonc %s -k not_pointer -s "i32" -o %t 2>&1 | FileCheck %s --check-prefix=PTR
# RUN: %expect-exit 1 %gluonc %s -k static_fail -s "*i32:16" -o %t 2>&1 | FileCheck %s --check-prefix=ASSERT
from triton.experimental import gluon
from triton.experimental.gluon import language as gl


@gluon.jit
def bad_sem(p):
    gl.atomic_add(p, 1, sem="seq_cst")
    # SEM: atomics.py:[[@LINE-1]]:25: error: gl.atomic_add's sem must be one of 'acquire', 'release', 'acq_rel', 'relaxed', got 'seq_cst'


@gluon.jit
def float_and(p):
    gl.atomic_and(p, 1.0)
    # AND: atomics.py:[[@LINE-1]]:19: error: gl.atomic_and does not support gl.float32 elements


@gluon.jit
def not_pointer(n):
    gl.atomic_or(n, 1)
    # PTR: atomics.py:[[@LINE-1]]:18: error: gl.atomic_or needs pointers, got


@gluon.jit
def static_fail(p):
    gl.device_assert(1 == 2, "one is not two")
    # ASSERT: atomics.py:[[@LINE-1]]:22: error: device assertion failed: one is not two
