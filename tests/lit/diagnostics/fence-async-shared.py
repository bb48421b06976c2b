# What threads store to shared memory reaches the async proxy (a TMA store)
# only through fence_async_shared(). A TMA store of a buffer that threads
# certainly stored without the fence is an error, with a note at the store;
# one that may read such a store (a loop's previous iteration, one branch of
# an `if`) is a warning; a fence on every path silences both.
# RUN: rm -rf %t
# RUN: %expect-exit 1 %gluonc %s -k unfenced -s "tensordesc<fp16[64, 64]>" -o %t 2>&1 | FileCheck %s --check-prefix=ERROR
# RUN: %gluonc %s -k fenced -s "tensordesc<fp16[64, 64]>" -o %t 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
# RUN: %gluonc %s -k loop_carried -s "tensordesc<fp16[64, 64]>, i32" -o %t 2>&1 | FileCheck %s --check-prefix=LOOP
# RUN: %gluonc %s -k one_branch -s "tensordesc<fp16[64, 64]>, i32" -o %t 2>&1 | FileCheck %s --check-prefix=BRANCH
# RUN: %gluonc %s -k fenced_in_loop -s "tensordesc<fp16[64, 64]>, i32" -o %t 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
# RUN: %gluonc %s -k other_buffer -s "tensordesc<fp16[64, 64]>" -o %t 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
from triton.experimental import gluon
from triton.experimental.gluon import language as gl
from triton.experimental.gluon.language.nvidia.hopper import fence_async_shared, tma

L = gl.BlockedLayout([1, 4], [4, 8], [4, 1], [1, 0])

# QUIET-NOT: {{error|warning}}


@gluon.jit
def unfenced(out_desc):
    smem = gl.allocate_shared_memory(out_desc.dtype, [64, 64], out_desc.layout)
    smem.store(gl.full([64, 64], 1.0, gl.float16, L))
    tma.async_copy_shared_to_global(out_desc, [0, 0], smem)
    # ERROR: fence-async-shared.py:[[@LINE-1]]:5: error: a TMA store reads shared memory that threads stored without fence_async_shared() after the store: the async proxy may not see the values
    # ERROR: fence-async-shared.py:[[@LINE-3]]:5: note: the store; call fence_async_shared() after it, before the TMA store
    tma.store_wait(0)


@gluon.jit
def fenced(out_desc):
    smem = gl.allocate_shared_memory(out_desc.dtype, [64, 64], out_desc.layout)
    smem.store(gl.full([64, 64], 1.0, gl.float16, L))
    fence_async_shared()
    tma.async_copy_shared_to_global(out_desc, [0, 0], smem)
    tma.store_wait(0)


@gluon.jit
def loop_carried(out_desc, n):
    smem = gl.allocate_shared_memory(out_desc.dtype, [64, 64], out_desc.layout)
    for i in range(n):
        tma.async_copy_shared_to_global(out_desc, [0, 0], smem)
        # LOOP: fence-async-shared.py:[[@LINE-1]]:9: warning: a TMA store may read shared memory that threads stored without fence_async_shared() after the store (on some path: a loop's earlier iteration or one branch)
        # LOOP: fence-async-shared.py:[[@LINE+2]]:9: note: the store
        tma.store_wait(0)
        smem.store(gl.full([64, 64], 1.0, gl.float16, L))


@gluon.jit
def one_branch(out_desc, n):
    smem = gl.allocate_shared_memory(out_desc.dtype, [64, 64], out_desc.layout)
    if n > 0:
        smem.store(gl.full([64, 64], 1.0, gl.float16, L))
    tma.async_copy_shared_to_global(out_desc, [0, 0], smem)
    # BRANCH: fence-async-shared.py:[[@LINE-1]]:5: warning: a TMA store may read shared memory
    tma.store_wait(0)


@gluon.jit
def fenced_in_loop(out_desc, n):
    smem = gl.allocate_shared_memory(out_desc.dtype, [64, 64], out_desc.layout)
    for i in range(n):
        smem.store(gl.full([64, 64], 1.0, gl.float16, L))
        fence_async_shared()
        tma.async_copy_shared_to_global(out_desc, [0, 0], smem)
        tma.store_wait(0)


@gluon.jit
def other_buffer(out_desc):
    # Two buffers of a ring at constant indices are told apart.
    ring = gl.allocate_shared_memory(out_desc.dtype, [2, 64, 64], out_desc.layout)
    ring.index(1).store(gl.full([64, 64], 1.0, gl.float16, L))
    tma.async_copy_shared_to_global(out_desc, [0, 0], ring.index(0))
    tma.store_wait(0)
