# Warp specialization, both spellings (src/Conversion/WarpSpecializeToLLVM.cpp):
# gl.warp_specialize and TLX's async_tasks build the same gluon IR and PTX
# (but for the partitions' names). The block has every task's warps (4
# default + a loader warp + a storer warp + 2 padding warps = 8); warps
# past the default's branch to the workers, their warpgroup lowers its
# register count with setmaxnreg (40, as planned from .maxnreg 248: 65536
# / 256 threads, at most what ptxas takes), all meet at barrier 1 (non-aligned, 256 threads),
# and each worker warp branches to its partition; the default warps store
# what the workers must load and join them at barrier 1 at the end. A
# task's own barriers are named ones (the loader's: id 2, 32 threads),
# and one comes before the mbarrier arrive its thread 0 makes for it.
# ptxas honours setmaxnreg (no C7508 "setmaxnreg ignored" warning).
# RUN: rm -rf %t
# RUN: %gluonc %s -k gluon_kernel -s "*fp32:16, *fp32:16, i32, fp32" --emit gluon-ir,ptx -o %t/gluon
# RUN: %gluonc %s -k tlx_kernel -s "*fp32:16, *fp32:16, i32, fp32" --emit gluon-ir,ptx -o %t/tlx
# RUN: FileCheck %s --check-prefix=IR --input-file %t/gluon/gluon_kernel.sm_90a.gluon.mlir
# RUN: FileCheck %s --check-prefix=IR --input-file %t/tlx/tlx_kernel.sm_90a.gluon.mlir
# RUN: FileCheck %s --check-prefix=PTX --input-file %t/gluon/gluon_kernel.sm_90a.ptx
# RUN: sed 's/tlx_kernel/gluon_kernel/g' %t/tlx/tlx_kernel.sm_90a.ptx | diff %t/gluon/gluon_kernel.sm_90a.ptx -
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t/gluon/gluon_kernel.sm_90a.ptx -o %t/gluon.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --allow-empty %}
# The older spellings of warp_specialize (keywords, and Triton 3.4's five
# positional arguments) give the same kernel.
# RUN: %gluonc %s -k keyword_kernel -s "*fp32:16, *fp32:16, i32, fp32" --emit gluon-ir -o %t/keyword
# RUN: sed 's/keyword_kernel/gluon_kernel/g' %t/keyword/keyword_kernel.sm_90a.gluon.mlir | diff %t/gluon/gluon_kernel.sm_90a.gluon.mlir -
# RUN: %gluonc %s -k positional_kernel -s "*fp32:16, *fp32:16, i32, fp32" --emit gluon-ir -o %t/positional
# RUN: sed 's/positional_kernel/gluon_kernel/g' %t/positional/positional_kernel.sm_90a.gluon.mlir | diff %t/gluon/gluon_kernel.sm_90a.gluon.mlir -
# RUN: %gluonc %s -k gluon_kernel -s "*fp32:16, *fp32:16, i32, fp32" -o %t/json
# RUN: FileCheck %s --check-prefix=JSON --input-file %t/json/gluon_kernel.sm_90a.json
# A tensor computed without memory (arange, and arithmetic on it with a
# scalar argument) given to a 4-warp worker is recomputed in the worker's
# region, which captures only the scalars; the kernel assembles.
# RUN: %gluonc %s -k recompute_kernel -s "*fp32:16, fp32" --emit gluon-ir,ptx -o %t/recompute
# RUN: FileCheck %s --check-prefix=RECOMPUTE --input-file %t/recompute/recompute_kernel.sm_90a.gluon.mlir
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t/recompute/recompute_kernel.sm_90a.ptx -o %t/recompute.cubin %}
# The default partition may return an aggregate of tensors: the op's
# results are its fields, rebuilt into the aggregate after it.
# RUN: %gluonc %s -k aggregate_result_kernel -s "*fp32:16" --emit gluon-ir -o %t/aggregate
# RUN: FileCheck %s --check-prefix=AGGREGATE --input-file %t/aggregate/aggregate_result_kernel.sm_90a.gluon.mlir
# The samples as their docstrings compile them, with the plans -v prints:
# the GEMM's producer warp gives up registers to the two consumer
# warpgroups (maxnreg 168 = 65536 / 384 threads; the default gets
# (64512 - 128 x 40) / 256 = 232).
# RUN: %gluonc %samples/ws_elementwise.py -k ws_elementwise_kernel -w 4 -s "*fp32:16, *fp32:16, i32, fp32, fp32, 1024, 2" -o %t/ew -v 2>&1 | FileCheck %s --check-prefix=EW
# RUN: %gluonc %samples/matmul_ws.py -k matmul_kernel -w 8 -s "tensordesc<fp16[128, 64]>, tensordesc<fp16[64, 256]>, tensordesc<fp16[128, 256]>, 3, 8" -o %t/gemm -v 2>&1 | FileCheck %s --check-prefix=GEMM
# EW: partition{{ +}}replica{{ +}}warps{{ +}}requested{{ +}}granted
# EW-NEXT: default{{ +}}0{{ +}}0-3{{ +}}-{{ +}}256
# EW-NEXT: load_task{{ +}}0{{ +}}4{{ +}}40{{ +}}40
# EW-NEXT: store_task{{ +}}0{{ +}}5{{ +}}40{{ +}}40
# EW-NEXT: padding{{ +}}0{{ +}}6-7{{ +}}24{{ +}}40
# GEMM: default{{ +}}0{{ +}}0-7{{ +}}-{{ +}}232
# GEMM-NEXT: producer{{ +}}0{{ +}}8{{ +}}40{{ +}}40
# GEMM: total warps 12
# GEMM: maxnreg 168
# GEMM-NEXT: pool 64512
# The GEMM sample in both spellings (samples/matmul_ws.py and
# samples/matmul_ws_tlx.py): the same gluon IR but for the producer's name
# (TLX's default task yields nothing the kernel reads after the block) and
# the same PTX.
# RUN: %gluonc %samples/matmul_ws.py -k matmul_kernel -w 8 -s "tensordesc<bf16[128, 64]>, tensordesc<bf16[64, 256]>, tensordesc<bf16[128, 256]>, 3, 8" --emit gluon-ir,ptx -o %t/gemm_gluon
# RUN: %gluonc %samples/matmul_ws_tlx.py -k matmul_kernel -w 8 -s "tensordesc<bf16[128, 64]>, tensordesc<bf16[64, 256]>, tensordesc<bf16[128, 256]>, 3, 8" --emit gluon-ir,ptx -o %t/gemm_tlx
# RUN: diff %t/gemm_gluon/matmul_kernel.sm_90a.ptx %t/gemm_tlx/matmul_kernel.sm_90a.ptx
# RUN: sed 's/partitionNames = \["task1"\]/partitionNames = ["producer"]/' %t/gemm_tlx/matmul_kernel.sm_90a.gluon.mlir | diff %t/gemm_gluon/matmul_kernel.sm_90a.gluon.mlir -
# A TLX default task's value read after the block is the op's one result;
# the name it assigns and nothing reads is not.
# RUN: %gluonc %s -k tlx_result -s "*fp32:16, i32" --emit gluon-ir -o %t/result
# RUN: FileCheck %s --check-prefix=RESULT --input-file %t/result/tlx_result.sm_90a.gluon.mlir
# RESULT: %[[R:.*]] = gluon.warp_specialize(
# RESULT: gluon.warp_yield %{{[^,]*}} : i32
# RESULT: } : ({{.*}}) -> i32
# RESULT: arith.sitofp %[[R]]
# TLX replicas: the default task twice (replica 1 on warps 4-7, sharing the
# donated registers with the default: (64512 - 128 x 48) / 256 = 228, so
# 224) and a 2-warp task twice (tlx.async_task_replica_id() 0 and 1).
# RUN: %gluonc %s -k replicas -s "*fp32:16" -o %t/replicas -v 2>&1 | FileCheck %s --check-prefix=REPLICAS
# REPLICAS: default{{ +}}0{{ +}}0-3{{ +}}-{{ +}}224
# REPLICAS-NEXT: default{{ +}}1{{ +}}4-7{{ +}}-{{ +}}224
# REPLICAS-NEXT: task1{{ +}}0{{ +}}8-9{{ +}}48{{ +}}48
# REPLICAS-NEXT: task1{{ +}}1{{ +}}10-11{{ +}}48{{ +}}48
from triton.experimental import gluon
from triton.experimental.gluon import language as gl
from triton.experimental.gluon.language.nvidia.hopper import mbarrier
import triton.language.extra.tlx as tlx

# IR: gluon.warp_specialize(%arg0, %arg2, %{{.*}}, %{{.*}}, %arg1)
# IR-SAME: partitionNumWarps = array<i32: 1, 1>
# IR-SAME: partitionRequestedRegisters = array<i32: 40, 40>
# IR: default {
# IR: gluon.wait_barrier
# IR: gluon.warp_yield
# IR: partition0(%{{.*}}: !gluon.ptr<f32>, %{{.*}}: i32, %{{.*}}: !gluon.memdesc<1024xf32, #shared>, %{{.*}}: !gluon.memdesc<2x1xi64, #shared>, %{{.*}}: !gluon.ptr<f32>) {
# IR: gluon.load
# IR: gluon.warp_return
# IR: partition1(
# IR: gluon.store
# IR: gluon.warp_return

# PTX: .reqntid 256, 1, 1
# PTX: .maxnreg 248
# PTX: shfl.sync.idx.b32 [[WARP:%r[0-9]+]], {{%r[0-9]+}}, 0, 31, -1;
# PTX: setp.gt.u32 {{%p[0-9]+}}, [[WARP]], 3;
# PTX: barrier.sync
# PTX: setmaxnreg.dec.sync.aligned.u32 40;
# PTX: barrier.sync
# PTX: mov.b32 [[ID:%r[0-9]+]], 2;
# PTX-NEXT: mov.b32 [[COUNT:%r[0-9]+]], 32;
# PTX: bar.sync [[ID]], [[COUNT]];
# PTX: mbarrier.arrive
# PTX: barrier.arrive

# PTXAS-NOT: {{C7508|warning}}

# JSON: "launch": {
# JSON: "block_dims": [
# JSON-NEXT: 256,
# JSON: "num_warps": 8,
# JSON: "partitions": [
# JSON: "granted_registers": 256,
# JSON-NEXT: "model": "donation",
# JSON-NEXT: "name": "default",
# JSON-NEXT: "num_warps": 4,
# JSON: "granted_registers": 40,
# JSON-NEXT: "model": "donation",
# JSON-NEXT: "name": "loader",
# JSON-NEXT: "num_warps": 1,
# JSON-NEXT: "padding": false,
# JSON-NEXT: "replica": 0,
# JSON-NEXT: "requested_registers": 40,
# JSON-NEXT: "start_warp": 4
# JSON: "name": "storer",
# JSON: "start_warp": 5
# JSON: "name": "padding",
# JSON-NEXT: "num_warps": 2,
# JSON-NEXT: "padding": true,


@gluon.jit
def compute(buf, bars, out_ptr, n):
    layout: gl.constexpr = gl.BlockedLayout([8], [32], [gl.num_warps()], [0])
    mbarrier.wait(bars.index(0), 0)
    x = buf.load(layout)
    mbarrier.arrive(bars.index(1), count=1)
    offsets = gl.arange(0, 1024, layout)
    gl.store(out_ptr + 1024 + offsets, x + 1.0, mask=offsets < n)


@gluon.jit
def loader(x_ptr, n, buf, bars, out_ptr):
    layout: gl.constexpr = gl.BlockedLayout([32], [32], [gl.num_warps()], [0])
    offsets = gl.arange(0, 1024, layout)
    buf.store(gl.load(x_ptr + offsets, mask=offsets < n, other=0.0))
    mbarrier.arrive(bars.index(0), count=1)


@gluon.jit
def storer(x_ptr, n, buf, bars, out_ptr):
    layout: gl.constexpr = gl.BlockedLayout([32], [32], [gl.num_warps()], [0])
    mbarrier.wait(bars.index(1), 0)
    offsets = gl.arange(0, 1024, layout)
    gl.store(out_ptr + offsets, buf.load(layout), mask=offsets < n)


@gluon.jit
def gluon_kernel(x_ptr, out_ptr, n, scale):
    buf = gl.allocate_shared_memory(gl.float32, [1024], gl.SwizzledSharedLayout(1, 1, 1, [0]))
    bars = gl.allocate_shared_memory(gl.int64, [2, 1], mbarrier.MBarrierLayout())
    mbarrier.init(bars.index(0), count=1)
    mbarrier.init(bars.index(1), count=1)
    gl.warp_specialize([(compute, (buf, bars, out_ptr, n)),
                        (loader, (x_ptr, n, buf, bars, out_ptr)),
                        (storer, (x_ptr, n, buf, bars, out_ptr))],
                       [1, 1], [40, 40])


@gluon.jit
def keyword_kernel(x_ptr, out_ptr, n, scale):
    buf = gl.allocate_shared_memory(gl.float32, [1024], gl.SwizzledSharedLayout(1, 1, 1, [0]))
    bars = gl.allocate_shared_memory(gl.int64, [2, 1], mbarrier.MBarrierLayout())
    mbarrier.init(bars.index(0), count=1)
    mbarrier.init(bars.index(1), count=1)
    gl.warp_specialize(default_args=(buf, bars, out_ptr, n), default_partition=compute,
                       worker_args=(x_ptr, n, buf, bars, out_ptr), worker_partitions=[loader, storer],
                       worker_num_warps=[1, 1], worker_num_regs=[40, 40])


@gluon.jit
def compute_with_all(x_ptr, n, buf, bars, out_ptr):
    compute(buf, bars, out_ptr, n)


@gluon.jit
def positional_kernel(x_ptr, out_ptr, n, scale):
    buf = gl.allocate_shared_memory(gl.float32, [1024], gl.SwizzledSharedLayout(1, 1, 1, [0]))
    bars = gl.allocate_shared_memory(gl.int64, [2, 1], mbarrier.MBarrierLayout())
    mbarrier.init(bars.index(0), count=1)
    mbarrier.init(bars.index(1), count=1)
    gl.warp_specialize((x_ptr, n, buf, bars, out_ptr), compute_with_all, [loader, storer], [1, 1], [40, 40])


@gluon.jit
def tlx_kernel(x_ptr, out_ptr, n, scale):
    buf = gl.allocate_shared_memory(gl.float32, [1024], gl.SwizzledSharedLayout(1, 1, 1, [0]))
    bars = gl.allocate_shared_memory(gl.int64, [2, 1], mbarrier.MBarrierLayout())
    mbarrier.init(bars.index(0), count=1)
    mbarrier.init(bars.index(1), count=1)
    with tlx.async_tasks():
        with tlx.async_task("default"):
            compute(buf, bars, out_ptr, n)
        with tlx.async_task(num_warps=1, num_regs=40):
            loader(x_ptr, n, buf, bars, out_ptr)
        with tlx.async_task(num_warps=1, num_regs=40):
            storer(x_ptr, n, buf, bars, out_ptr)


@gluon.jit
def replicas(x_ptr):
    with tlx.async_tasks():
        with tlx.async_task("default", replicate=2):
            layout: gl.constexpr = gl.BlockedLayout([1], [32], [gl.num_warps()], [0])
            offs = gl.arange(0, 128, layout)
            gl.store(x_ptr + offs + tlx.async_task_replica_id() * 128, offs.to(gl.float32))
        with tlx.async_task(num_warps=2, replicate=2, num_regs=48):
            layout2: gl.constexpr = gl.BlockedLayout([1], [32], [gl.num_warps()], [0])
            o = gl.arange(0, 64, layout2)
            gl.store(x_ptr + 1024 + tlx.async_task_replica_id() * 64 + o, o.to(gl.float32))


@gluon.jit
def tlx_result(x_ptr, n):
    with tlx.async_tasks():
        with tlx.async_task("default"):
            total = n * 2
            unused = n + 5  # noqa: F841
        with tlx.async_task(num_warps=1):
            gl.store(x_ptr + 1, 0.0)
    gl.store(x_ptr, total.to(gl.float32))


@gluon.jit
def store_values(out_ptr, offsets, values):
    gl.store(out_ptr + offsets, values)


# RECOMPUTE-LABEL: func.func @recompute_kernel
# RECOMPUTE: gluon.warp_specialize(%arg1, %{{.*}})
# RECOMPUTE: partition0(%[[S:.*]]: f32, %{{.*}}: !gluon.ptr<f32>) {
# RECOMPUTE-NEXT: gluon.arange 0 to 128
# RECOMPUTE-NEXT: gluon.splat %[[S]] : f32
@gluon.jit
def recompute_kernel(out_ptr, scale):
    layout: gl.constexpr = gl.BlockedLayout([1], [32], [4], [0])
    offsets = gl.arange(0, 128, layout)
    values = offsets.to(gl.float32) * scale
    gl.warp_specialize([(store_values, (out_ptr, offsets, values)), (store_values, (out_ptr + 128, offsets, values))], [4])


@gluon.aggregate
class Pair:
    first: gl.tensor
    second: gl.tensor

    def __init__(self, first, second):
        self.first = first
        self.second = second


@gluon.jit
def make_pair(out_ptr):
    layout: gl.constexpr = gl.BlockedLayout([1], [32], [4], [0])
    offsets = gl.arange(0, 128, layout)
    return Pair(offsets, offsets.to(gl.float32))


# AGGREGATE: %[[R:.*]]:2 = gluon.warp_specialize
# AGGREGATE: gluon.warp_yield %{{.*}}, %{{.*}} : tensor<128xi32, #blocked>, tensor<128xf32, #blocked>
# AGGREGATE: gluon.addptr %{{.*}}, %[[R]]#0
# AGGREGATE: gluon.store %{{.*}}, %[[R]]#1
@gluon.jit
def aggregate_result_kernel(out_ptr):
    pair = gl.warp_specialize([(make_pair, (out_ptr,)), (store_values, (out_ptr, 0, 1.0))], [1])
    gl.store(out_ptr + pair.first, pair.second)
