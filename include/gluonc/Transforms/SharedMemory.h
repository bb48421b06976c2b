//===- SharedMemory.h - Shared memory use of gluon ops ----------*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Some ops need shared memory while they run: a reduction across warps, a
// layout conversion that moves elements between threads; kernels also
// allocate it themselves (gl.allocate_shared_memory). Allocation gives
// each its place; the barrier pass keeps accesses to the same bytes by
// different threads apart; lowering uses both. All three ask these helpers,
// so that they agree.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_TRANSFORMS_SHAREDMEMORY_H
#define GLUONC_TRANSFORMS_SHAREDMEMORY_H

#include "gluonc/IR/Dialect.h"
#include "gluonc/Plan/LayoutPlans.h"
#include "gluonc/Plan/ScanPlan.h"
#include "gluonc/Plan/WarpPipelinePlan.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"

#include <string>
#include <vector>

namespace gluonc {

/// Module attribute: the dynamic shared memory a launch must provide.
constexpr llvm::StringLiteral kSharedBytesAttrName = "gluon.shared_bytes";
/// Op attribute: where the op's scratch starts in shared memory.
constexpr llvm::StringLiteral kScratchOffsetAttrName = "gluon.scratch_offset";
/// gluon.local_alloc attribute: where its allocation starts, in bytes from
/// the start of the program's shared memory.
constexpr llvm::StringLiteral kAllocationOffsetAttrName =
    "gluon.allocation_offset";

/// Every place in shared memory (an allocation, a region of an op's
/// scratch) starts at a multiple of this many bytes, so that accesses of up
/// to 16 bytes at its start are aligned (a reduction reads its partials
/// with LDS.128). Places are sized with llvm::alignTo(bytes, this).
constexpr int64_t kSharedMemoryAlignment = 16;

/// The bytes one element of `type` takes in memory (i1 takes one; a gluon
/// or LLVM pointer eight).
int64_t getElementBytes(mlir::Type type);

/// The plan of a reduction (see LayoutPlans.h), from its types.
ReductionPlan planReduction(mlir::gluon::ReduceOp op);
/// The layout of one result of `op` (a scalar's for 1-D sources).
LinearLayout getReducedLayout(mlir::gluon::ReduceOp op);
/// Where, from the start of a reduction's scratch, the partials of source
/// `source` are kept (ReduceSharedMemory.cpp); `source` = the number of
/// sources gives the end.
int64_t getReduceScratchOffset(mlir::gluon::ReduceOp op,
                               const ReductionPlan &plan, size_t source);
/// Bytes of shared memory a reduction uses: the partial results of the
/// warps along its axis, none when one warp holds the whole axis.
int64_t getReduceScratchBytes(mlir::gluon::ReduceOp op);

ConversionKind planConversion(mlir::gluon::ConvertLayoutOp op);

/// The plan of a scan (see ScanPlan.h), from its types.
ScanPlan planScan(mlir::gluon::ScanOp op);
/// Where, from the start of a scan's scratch, warp level `level` of `plan`
/// keeps the totals of source `source` (ScanSharedMemory.cpp).
int64_t getScanScratchOffset(mlir::gluon::ScanOp op, const ScanPlan &plan,
                             size_t level, size_t source);
/// Bytes of shared memory a scan uses: the totals its warp levels exchange.
int64_t getScanScratchBytes(mlir::gluon::ScanOp op);

/// Bytes of shared memory `op` uses while it runs; 0 for none.
int64_t getScratchBytes(mlir::Operation *op);

/// Where NVMMA buffers start: the 128-byte swizzle repeats every 1024 bytes.
/// The program's shared memory is aligned as its most aligned allocation.
constexpr int64_t kNVMMAAlignment = 1024;

/// The alignment of an allocation's start, in bytes.
int64_t getAllocationAlignment(mlir::gluon::LocalAllocOp alloc);
/// Bytes of shared memory an allocation reserves, padding included.
int64_t getAllocationBytes(mlir::gluon::LocalAllocOp alloc);
/// The gluon.local_alloc whose memory `descriptor` views (through index,
/// subslice, permute and reshape); null when that is not visible, as for a
/// block argument (Membar.cpp).
mlir::gluon::LocalAllocOp getAllocation(mlir::Value descriptor);

/// When an allocation holds its bytes: op numbers in program order within
/// its function (SharedMemoryLiveness.cpp), both ends included.
struct LiveRange {
  int64_t first = 0;
  int64_t last = 0;
  /// The op numbered `last`.
  mlir::Operation *lastOp = nullptr;
  bool overlaps(const LiveRange &other) const {
    return first <= other.last && other.first <= last;
  }
};

/// The live range of every gluon.local_alloc of `func`.
llvm::DenseMap<mlir::Operation *, LiveRange>
computeAllocationLiveness(mlir::func::FuncOp func);

/// Where the allocation pass put the kernel's shared memory, for -v and the
/// metadata: each allocation, in program order, then the scratch area.
struct SharedMemoryPlan {
  struct Buffer {
    /// Where the allocation is made and the line its live range ends on
    /// (0 when unknown, or when it lasts to the kernel's end).
    unsigned line = 0, column = 0, liveUntilLine = 0;
    /// Element type and shape, as `f16[3, 128, 64]`.
    std::string type;
    int64_t offset = 0;
    int64_t bytes = 0;
  };
  std::vector<Buffer> buffers;
  int64_t scratchOffset = 0;
  int64_t scratchBytes = 0;
  int64_t totalBytes = 0;
};

/// The elements [begin, end) of its allocation that the view `descriptor`
/// spans, when the views leading to it have constant places (Membar.cpp).
std::optional<std::pair<int64_t, int64_t>> getViewElements(mlir::Value descriptor);

/// Where gluon-allocate-shared-memory placed the module's allocations and
/// scratch, read from the offsets it left (an allocation it did not place
/// is left out).
SharedMemoryPlan getSharedMemoryPlan(mlir::ModuleOp module);

} // namespace gluonc

#endif // GLUONC_TRANSFORMS_SHAREDMEMORY_H
