# A host function whose body is straight-line (imports, definitions,
# assignments, a class's __name__, one return) is evaluated when host code
# calls it, as upstream's tile-scheduler factories are
# (t7.GroupedPersistentTileScheduler(8) in a kernel's signature): each call
# has its own scope, so the class it defines sees that call's arguments.
# Other host functions, and host functions called from kernel code, are
# errors at the source.
# RUN: rm -rf %t
# RUN: %gluonc %s -k kernel -s "*i32:16, Scheduler(8)" --emit gluon-ir,cubin,json -o %t/eight
# RUN: FileCheck %s --check-prefix=EIGHT < %t/eight/kernel.sm_90a.gluon.mlir
# RUN: FileCheck %s --check-prefix=JSON < %t/eight/kernel.sm_90a.json
# RUN: %gluonc %s -k two_schedulers -s "*i32:16" --emit gluon-ir -o %t/two
# RUN: FileCheck %s --check-prefix=TWO < %t/two/two_schedulers.sm_90a.gluon.mlir
# RUN: %expect-exit 1 %gluonc %s -k kernel -s "*i32:16, with_loop(2)" -o %t/x 2>&1 | FileCheck %s --check-prefix=LOOP
# RUN: %expect-exit 1 %gluonc %s -k kernel -s "*i32:16, rename_int(2)" -o %t/x 2>&1 | FileCheck %s --check-prefix=RENAME
# RUN: %expect-exit 1 %gluonc %s -k calls_host -s "*i32:16" -o %t/x 2>&1 | FileCheck %s --check-prefix=KERNEL
# RUN: test ! -e %t/x
from triton.experimental import gluon
from triton.experimental.gluon import language as gl
from triton.language.core import _aggregate as aggregate


def Scheduler(GROUP):
    """A class per group size, as upstream's tutorial 07 makes them."""
    GROUP = gl.constexpr(GROUP)

    @aggregate
    class SchedulerImpl:
        start: gl.tensor

        def __init__(self, start):
            self.start = start

        @gluon.jit
        def initialize():
            return SchedulerImpl(gl.program_id(0) * GROUP)

        @gluon.jit
        def group(self):
            return self.start + GROUP

    SchedulerImpl.__name__ = f"Scheduler({GROUP.value})"
    return SchedulerImpl


SMALL = Scheduler(2)
LARGE = Scheduler(32)


def with_loop(n):
    total = 0
    for i in range(n):
        # LOOP: <signature>:1:1: error: not supported yet: calling host function 'with_loop': gluonc evaluates a host function's imports, definitions and assignments, then its return, and nothing else
        # LOOP: host-factory.py:[[@LINE-2]]:5: note: this statement is not one of them
        total += i
    return total


def rename_int(n):
    n.__name__ = "two"
    # RENAME: host-factory.py:[[@LINE-1]]:5: error: not supported yet: setting '__name__' of a int; a host function may rename a class only
    return n


@gluon.jit
def kernel(ptr, Sched: gl.constexpr):
    sched = Sched.initialize()
    gl.store(ptr, sched.group())
# EIGHT: arith.constant 8 : i32
# JSON: "Sched": "<class 'Scheduler(8)'>"


@gluon.jit
def two_schedulers(ptr):
    gl.store(ptr, SMALL.initialize().group())
    gl.store(ptr + 1, LARGE.initialize().group())
# TWO: arith.constant 2 : i32
# TWO: arith.constant 32 : i32


@gluon.jit
def calls_host(ptr):
    gl.store(ptr, with_loop(2))
    # KERNEL: host-factory.py:[[@LINE-1]]:19: error: 'with_loop' is not a @gluon.jit function
