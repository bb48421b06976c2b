//===- Passes.td - Target-independent gluon passes ---------*- tablegen -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The passes of the verify, tasks and membar stages. Each reads what it
// needs from the IR (the module's gluon.target names the architecture) and
// writes its plan into the IR as attributes, where the lowering and the
// driver's reports read it (Passes.h lists the readers).
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_TRANSFORMS_PASSES
#define GLUONC_TRANSFORMS_PASSES

include "mlir/Pass/PassBase.td"

def GluonResolveAutoLayouts
    : Pass<"gluon-resolve-auto-layouts", "mlir::ModuleOp"> {
  let dependentDialects = ["mlir::gluon::GluonDialect"];
  let summary = "Give every tensor in #gluon.auto the layout "
                "gl.set_auto_layout implies";
  let description = [{
    Gluon's layout inference. Starting from each `gluon.set_auto_layout`,
    it carries the layout forwards and backwards to a fixed point:
    elementwise ops (arith, math, addptr, load, store, splat, broadcast,
    fp_to_fp, extern_elementwise) give all their tensors one layout,
    `expand_dims` relates its source and result as a slice and its parent
    (a reduction, its result and source), a scan keeps the layout,
    and `scf.for` / `scf.if` give a loop-carried value or a result the
    layout of what flows into it. Two different layouts for one tensor,
    a tensor no `set_auto_layout` reaches, and any other op on a tensor in
    `#gluon.auto` are errors. Pointers in `#gluon.auto<coalesced>`
    (`gl.CoalescedLayout`) are then given, access by access in program
    order, the BlockedLayout Triton's coalescing would choose for the
    first load or store through them that nothing reached yet. It then
    erases the `set_auto_layout` ops.

    ```mlir
    // before
    %0 = gluon.arange 0 to 32 : tensor<32xi32, #gluon.auto>
    %1 = gluon.expand_dims %0 {axis = 1 : i32} : tensor<32xi32, #gluon.auto> -> tensor<32x1xi32, #gluon.auto>
    %2 = gluon.set_auto_layout %1 : tensor<32x1xi32, #gluon.auto> -> tensor<32x1xi32, #blocked>
    // after
    %0 = gluon.arange 0 to 32 : tensor<32xi32, #gluon.slice<{dim = 1, parent = #blocked}>>
    %1 = gluon.expand_dims %0 {axis = 1 : i32} : ... -> tensor<32x1xi32, #blocked>
    ```
  }];
}

def GluonVerifyLayouts : Pass<"gluon-verify-layouts", "mlir::ModuleOp"> {
  let dependentDialects = ["mlir::gluon::GluonDialect"];
  let summary = "Check layouts against the kernel's warps and warp size";
  let description = [{
    What op verifiers cannot see alone: no layout is left to inference
    (`#gluon.auto`), every distributed layout covers the
    module's `gluon.num_warps` warps of `gluon.threads_per_warp` lanes, and
    the threads per warp are the target's. (arith's verifiers already
    require equal encodings of operands.)
  }];
}

def GluonPlanTasks : Pass<"gluon-plan-tasks", "mlir::ModuleOp"> {
  let dependentDialects = ["mlir::gluon::GluonDialect"];
  let summary = "Place warp_specialize partitions on warps and plan their "
                "setmaxnreg register budgets";
  let description = [{
    The `tasks` stage. Checks the kernel's `gluon.warp_specialize` against
    the architecture the module's `gluon.target` names, places its
    partitions and plans their registers (gluonc::planTasks), and writes
    the plan where the lowering reads it: `partitionStartWarps`,
    `grantedRegisters` and `gluon.warp_group_registers` on the op,
    `gluon.total_num_warps` and `gluon.maxnreg` on the module.

    ```mlir
    // before: no placement
    gluon.warp_specialize(...) default { ... } partition0(...) num_warps(4) {...}
    // after
    gluon.warp_specialize(...) attributes {partitionStartWarps = array<i32: 4>} ...
    ```
  }];
}

def GluonAllocateSharedMemory
    : Pass<"gluon-allocate-shared-memory", "mlir::ModuleOp"> {
  let dependentDialects = ["mlir::gluon::GluonDialect"];
  let summary = "Place shared memory allocations and the scratch of "
                "reductions, scans and layout conversions";
  let description = [{
    Gives each `gluon.local_alloc` its offset (`gluon.allocation_offset`;
    allocations live at disjoint times may share bytes), each scratch user
    its offset (`gluon.scratch_offset`) and the module the bytes a launch
    must provide (`gluon.shared_bytes`).
  }];
}

def GluonInsertBarriers : Pass<"gluon-insert-barriers", "mlir::ModuleOp"> {
  let dependentDialects = ["mlir::gluon::GluonDialect"];
  let summary = "Insert barriers between shared memory accesses that could "
                "race";
  let description = [{
    Inserts `gluon.barrier` before a shared memory access that conflicts
    with one made since the last barrier (Membar.cpp states the rules for
    asynchronous copies, mbarriers, warp specialization and control flow).
    Inside a warp-pipelined loop it inserts nothing: the target's planning
    pass, which runs first, marked the borders that order shared memory.

    `test-drop-barrier=N` leaves out the N-th barrier (counting from 1) it
    would insert, and only for tests: tests/gpu/racecheck-test.sh shows
    compute-sanitizer's racecheck reporting the race that follows, the
    control that racecheck's clean reports of gluonc's kernels mean
    something.
  }];
  let options = [
    Option<"testDropBarrier", "test-drop-barrier", "unsigned",
           /*default=*/"0",
           "Testing only: leave out the N-th barrier the pass would insert "
           "(0: none)">
  ];
}

def GluonCheckAsyncFences : Pass<"gluon-check-async-fences", "mlir::ModuleOp"> {
  let dependentDialects = ["mlir::gluon::GluonDialect"];
  let summary = "Check that threads' stores reach the async proxy through "
                "fence_async_shared";
  let description = [{
    A TMA store or a warpgroup MMA reads shared memory through the async
    proxy, which sees what threads stored only after a
    `fence_async_shared` (Gluon leaves the fence to the kernel). Reading a
    buffer that a store certainly wrote without a fence since is an error;
    one that it may have written (a loop's previous iteration, one branch
    of an `if`) a warning. Changes nothing.
  }];
}

#endif // GLUONC_TRANSFORMS_PASSES
