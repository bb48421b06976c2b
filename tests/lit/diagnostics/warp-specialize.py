# The rules of async tasks, each at the task (or call) that breaks it, for
# both spellings: gl.warp_specialize and TLX's async_tasks.
# RUN: rm -rf %t
# RUN: %expect-exit 1 %gluonc %s -k mixed_spellings -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=SPELLINGS
# RUN: %expect-exit 1 %gluonc %s -k four_positional -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=FOUR
# RUN: %expect-exit 1 %gluonc %s -k no_warps -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=NOWARPS
# RUN: %expect-exit 1 %gluonc %s -k regs_not_multiple -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=REGS8
# RUN: %expect-exit 1 %gluonc %s -k regs_too_few -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=REGSMIN
# RUN: %expect-exit 1 %gluonc %s -k not_power_of_two -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=POW2
# RUN: %expect-exit 1 %gluonc %s -k kernel_warps -w 2 -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=KERNELWARPS
# RUN: %expect-exit 1 %gluonc %s -k tensor_arg -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=TENSOR
# RUN: %expect-exit 1 %gluonc %s -k count_mismatch -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=COUNT
# RUN: %expect-exit 1 %gluonc %s -k nested -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=NESTED
# RUN: %expect-exit 1 %gluonc %s -k too_many_warps -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=TOTAL
# RUN: %expect-exit 1 %gluonc %s -k too_many_partitions -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=PARTITIONS
# RUN: %expect-exit 1 %gluonc %s -k no_setmaxnreg --arch sm_90 -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=NOSETMAXNREG
# RUN: %expect-exit 1 %gluonc %s -k no_named_barriers --arch gfx942 -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=AMD
# RUN: %expect-exit 1 %gluonc %s -k tlx_two_defaults -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=TWODEFAULTS
# RUN: %expect-exit 1 %gluonc %s -k tlx_no_default -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=NODEFAULT
# RUN: %expect-exit 1 %gluonc %s -k tlx_statement -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=STATEMENT
# RUN: %expect-exit 1 %gluonc %s -k tlx_nested -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=TLXNESTED
# RUN: %expect-exit 1 %gluonc %s -k tlx_mixed_start -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=MIXED
# RUN: %expect-exit 1 %gluonc %s -k tlx_overlap_default -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=OVERLAPDEFAULT
# RUN: %expect-exit 1 %gluonc %s -k tlx_overlap -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=OVERLAP
# RUN: %expect-exit 1 %gluonc %s -k tlx_replicate -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=REPLICATE
# RUN: %expect-exit 1 %gluonc %s -k tlx_tensor -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=TLXTENSOR
# RUN: %expect-exit 1 %gluonc %s -k tlx_task_outside -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=OUTSIDE
# RUN: %expect-exit 1 %gluonc %s -k tlx_runtime_if -s "*fp32, i32" -o %t 2>&1 | FileCheck %s --check-prefix=RUNTIMEIF
# RUN: %expect-exit 1 %gluonc %s -k tlx_bad_start -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=BADSTART
# RUN: %expect-exit 1 %gluonc %s -k tlx_both_regs -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=BOTHREGS
# RUN: %expect-exit 1 %gluonc %s -k tlx_default_warps -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=DEFAULTWARPS
# RUN: %expect-exit 1 %gluonc %s -k two_ops -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=TWOOPS
# RUN: %expect-exit 1 %gluonc %s -k in_loop -s "*fp32, i32" -o %t 2>&1 | FileCheck %s --check-prefix=INLOOP
# RUN: %expect-exit 1 %gluonc %s -k scratch_twice -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=SCRATCH
# RUN: test ! -e %t
from triton.experimental import gluon
from triton.experimental.gluon import language as gl
import triton.language.extra.tlx as tlx


@gluon.jit
def default_fn(x_ptr):
    pass


@gluon.jit
def worker_fn(x_ptr):
    pass


@gluon.jit
def tensor_worker(x_ptr, x):
    layout: gl.constexpr = gl.BlockedLayout([1], [32], [4], [0])
    gl.store(x_ptr + gl.arange(0, 128, layout), x)


@gluon.jit
def regs_not_multiple(x_ptr):
    gl.warp_specialize([(default_fn, (x_ptr,)), (worker_fn, (x_ptr,))], [1], [30])
    # REGS8: warp-specialize.py:[[@LINE-1]]:24: error: task 'worker_fn' asks for num_regs 30; setmaxnreg takes a multiple of 8 within [24, 256]


@gluon.jit
def regs_too_few(x_ptr):
    gl.warp_specialize([(default_fn, (x_ptr,)), (worker_fn, (x_ptr,))], [1], [16])
    # REGSMIN: warp-specialize.py:[[@LINE-1]]:24: error: task 'worker_fn' asks for num_regs 16; setmaxnreg takes a multiple of 8 within [24, 256]


@gluon.jit
def not_power_of_two(x_ptr):
    gl.warp_specialize([(default_fn, (x_ptr,)), (worker_fn, (x_ptr,))], [3])
    # POW2: warp-specialize.py:[[@LINE-1]]:24: error: task 'worker_fn' has num_warps 3, which is not a power of two


@gluon.jit
def kernel_warps(x_ptr):
    gl.warp_specialize([(default_fn, (x_ptr,)), (worker_fn, (x_ptr,))], [1])
    # KERNELWARPS: warp-specialize.py:[[@LINE-1]]:24: error: warp specialization needs the kernel's num_warps to be a multiple of 4 (whole warpgroups), got 2


@gluon.jit
def tensor_arg(x_ptr):
    layout: gl.constexpr = gl.BlockedLayout([1], [32], [4], [0])
    x = gl.load(x_ptr + gl.arange(0, 128, layout))
    gl.warp_specialize([(default_fn, (x_ptr,)), (tensor_worker, (x_ptr, x))], [4])
    # TENSOR: warp-specialize.py:[[@LINE-1]]:24: error: a worker task cannot use a tensor read from memory outside it (shape [128]): its warps did not load it; pass it through shared memory, or load it inside the task


@gluon.jit
def count_mismatch(x_ptr):
    gl.warp_specialize([(default_fn, (x_ptr,)), (worker_fn, (x_ptr,))], [1, 1])
    # COUNT: warp-specialize.py:[[@LINE-1]]:73: error: warp_specialize has 1 workers but 2 warp counts


@gluon.jit
def nested_default(x_ptr):
    gl.warp_specialize([(default_fn, (x_ptr,)), (worker_fn, (x_ptr,))], [1])


@gluon.jit
def nested(x_ptr):
    gl.warp_specialize([(nested_default, (x_ptr,)), (worker_fn, (x_ptr,))], [1])
    # NESTED: warp-specialize.py:[[@LINE-6]]:5: error: warp specialization does not nest: this is inside a task of another


@gluon.jit
def too_many_warps(x_ptr):
    gl.warp_specialize([(default_fn, (x_ptr,)), (worker_fn, (x_ptr,)), (worker_fn, (x_ptr,))], [16, 16])
    # TOTAL: warp-specialize.py:[[@LINE-1]]:24: error: the tasks need 36 warps


@gluon.jit
def too_many_partitions(x_ptr):
    gl.warp_specialize([(default_fn, (x_ptr,))] + [(worker_fn, (x_ptr,))] * 15, [1] * 15)
    # PARTITIONS: warp-specialize.py:[[@LINE-1]]:24: error: warp specialization takes at most 14 worker partitions (one named barrier each), got 15


@gluon.jit
def no_setmaxnreg(x_ptr):
    gl.warp_specialize([(default_fn, (x_ptr,)), (worker_fn, (x_ptr,))], [1], [24])
    # NOSETMAXNREG: warp-specialize.py:[[@LINE-1]]:24: error: task 'worker_fn' asks for num_regs 24, but this target has no setmaxnreg (setmaxnreg needs sm_90a or later)


@gluon.jit
def no_named_barriers(x_ptr):
    gl.warp_specialize([(default_fn, (x_ptr,)), (worker_fn, (x_ptr,))], [1])
    # AMD: warp-specialize.py:[[@LINE-1]]:24: error: warp specialization needs named barriers that wait for some of the block's warps, which this target does not have


@gluon.jit
def tlx_two_defaults(x_ptr):
    with tlx.async_tasks():
        with tlx.async_task("default"):
            pass
        with tlx.async_task("default"):
            pass
    # TWODEFAULTS: warp-specialize.py:[[@LINE-2]]:9: error: tlx.async_tasks() has more than one default task
    # TWODEFAULTS: warp-specialize.py:[[@LINE-5]]:9: note: the first default task is here


@gluon.jit
def tlx_no_default(x_ptr):
    with tlx.async_tasks():
        with tlx.async_task(num_warps=1):
            pass
    # NODEFAULT: warp-specialize.py:[[@LINE-3]]:5: error: tlx.async_tasks() needs exactly one tlx.async_task("default")


@gluon.jit
def tlx_statement(x_ptr):
    with tlx.async_tasks():
        x = 1
        with tlx.async_task("default"):
            pass
    # STATEMENT: warp-specialize.py:[[@LINE-3]]:9: error: only 'with tlx.async_task(...)' blocks (or compile-time 'if's around them) may be inside tlx.async_tasks()


@gluon.jit
def tlx_nested(x_ptr):
    with tlx.async_tasks():
        with tlx.async_task("default"):
            with tlx.async_tasks():
                with tlx.async_task("default"):
                    pass
    # TLXNESTED: warp-specialize.py:[[@LINE-3]]:13: error: warp specialization does not nest: this is inside a task of another


@gluon.jit
def tlx_mixed_start(x_ptr):
    with tlx.async_tasks():
        with tlx.async_task("default"):
            pass
        with tlx.async_task(num_warps=1, warp_group_start_id=4):
            pass
        with tlx.async_task(num_warps=1):
            pass
    # MIXED: warp-specialize.py:[[@LINE-2]]:9: error: task 'task2' has no warp_group_start_id, but task 'task1' has one: give it to every worker task or to none


@gluon.jit
def tlx_overlap_default(x_ptr):
    with tlx.async_tasks():
        with tlx.async_task("default"):
            pass
        with tlx.async_task(num_warps=2, warp_group_start_id=2):
            pass
    # OVERLAPDEFAULT: warp-specialize.py:[[@LINE-2]]:9: error: task 'task1' uses warps 2-3, which overlaps the default task's warps 0-3


@gluon.jit
def tlx_overlap(x_ptr):
    with tlx.async_tasks():
        with tlx.async_task("default"):
            pass
        with tlx.async_task(num_warps=2, warp_group_start_id=4, replicate=2):
            pass
        with tlx.async_task(num_warps=1, warp_group_start_id=6):
            pass
    # OVERLAP: warp-specialize.py:[[@LINE-2]]:9: error: task 'task2' uses warp 6, which overlaps task 'task1' (replica 1)'s warps 6-7


@gluon.jit
def tlx_replicate(x_ptr):
    with tlx.async_tasks():
        with tlx.async_task("default"):
            pass
        with tlx.async_task(num_warps=1, replicate=0):
            pass
    # REPLICATE: warp-specialize.py:[[@LINE-2]]:42: error: replicate must be at least 1, got 0


@gluon.jit
def tlx_tensor(x_ptr):
    layout: gl.constexpr = gl.BlockedLayout([1], [32], [4], [0])
    x = gl.load(x_ptr + gl.arange(0, 128, layout))
    with tlx.async_tasks():
        with tlx.async_task("default"):
            pass
        with tlx.async_task(num_warps=4):
            gl.store(x_ptr + gl.arange(0, 128, layout), x)
    # TLXTENSOR: warp-specialize.py:[[@LINE-2]]:9: error: a worker task cannot use a tensor read from memory outside it (shape [128]): its warps did not load it; pass it through shared memory, or load it inside the task


@gluon.jit
def tlx_task_outside(x_ptr):
    with tlx.async_task("default"):
        pass
    # OUTSIDE: warp-specialize.py:[[@LINE-2]]:10: error: tlx.async_task(...) must be directly inside 'with tlx.async_tasks():'


@gluon.jit
def tlx_runtime_if(x_ptr, n):
    with tlx.async_tasks():
        if n > 0:
            with tlx.async_task("default"):
                pass
    # RUNTIMEIF: warp-specialize.py:[[@LINE-3]]:12: error: an 'if' inside tlx.async_tasks() must be known at compile time: it chooses which tasks exist


@gluon.jit
def tlx_bad_start(x_ptr):
    with tlx.async_tasks():
        with tlx.async_task("default"):
            pass
        with tlx.async_task(num_warps=1, warp_group_start_id=4294967300):
            pass
    # BADSTART: warp-specialize.py:[[@LINE-2]]:42: error: tlx.async_task's warp_group_start_id must be a non-negative int, got 4294967300


@gluon.jit
def tlx_both_regs(x_ptr):
    with tlx.async_tasks():
        with tlx.async_task("default"):
            pass
        with tlx.async_task(num_warps=1, num_regs=24, registers=24):
            pass
    # BOTHREGS: warp-specialize.py:[[@LINE-2]]:55: error: give num_regs or registers, not both


@gluon.jit
def tlx_default_warps(x_ptr):
    with tlx.async_tasks():
        with tlx.async_task("default", num_warps=4):
            pass
    # DEFAULTWARPS: warp-specialize.py:[[@LINE-2]]:40: error: the default task runs on the kernel's num_warps; it takes no num_warps


@gluon.jit
def two_ops(x_ptr):
    gl.warp_specialize([(default_fn, (x_ptr,)), (worker_fn, (x_ptr,))], [1])
    gl.warp_specialize([(default_fn, (x_ptr,)), (worker_fn, (x_ptr,))], [1])
    # TWOOPS: warp-specialize.py:[[@LINE-1]]:5: error: not supported yet: more than one warp_specialize in a kernel


@gluon.jit
def in_loop(x_ptr, n):
    for i in range(n):
        gl.warp_specialize([(default_fn, (x_ptr,)), (worker_fn, (x_ptr,))], [1])
    # INLOOP: warp-specialize.py:[[@LINE-1]]:9: error: not supported yet: warp_specialize inside a loop or a branch; call it at the kernel's top level


@gluon.jit
def sum_task(x_ptr):
    layout: gl.constexpr = gl.BlockedLayout([1], [32], [gl.num_warps()], [0])
    gl.store(x_ptr, gl.sum(gl.load(x_ptr + gl.arange(0, 128, layout)), axis=0))


@gluon.jit
def scratch_twice(x_ptr):
    gl.warp_specialize([(sum_task, (x_ptr,)), (sum_task, (x_ptr,))], [4])
    # SCRATCH: warp-specialize.py:[[@LINE-1]]:5: error: not supported yet: reductions, scans or layout conversions through shared memory in more than one task of a warp_specialize (they share one scratch buffer)


@gluon.jit
def mixed_spellings(x_ptr):
    gl.warp_specialize([(default_fn, (x_ptr,))], default_partition=default_fn, worker_num_warps=[])
    # SPELLINGS: warp-specialize.py:[[@LINE-1]]:5: error: warp_specialize takes default_partition= with keywords only, not beside functions_and_args


@gluon.jit
def four_positional(x_ptr):
    gl.warp_specialize((x_ptr,), default_fn, [worker_fn], [1])
    # FOUR: warp-specialize.py:[[@LINE-1]]:24: error: warp_specialize takes (functions_and_args, worker_num_warps, worker_num_regs) or 5 arguments (args, default_partition, worker_partitions, worker_num_warps, worker_num_regs), got 4


@gluon.jit
def no_warps(x_ptr):
    gl.warp_specialize(default_args=(x_ptr,), default_partition=default_fn, worker_args=(x_ptr,),
                       worker_partitions=[worker_fn])
    # NOWARPS: warp-specialize.py:[[@LINE-2]]:5: error: warp_specialize needs worker_num_warps
