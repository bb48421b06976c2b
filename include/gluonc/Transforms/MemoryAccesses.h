//===- MemoryAccesses.h - Shared memory accesses of gluon ops -*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Which shared memory an op reads or writes, as the passes that order or
// plan accesses see it: the barrier pass (Membar.cpp), the async-fence
// check (AsyncFences.cpp) and the targets' warp-pipeline planning
// (backends/amd). A buffer is elements [begin, end) of an allocation (a
// view at a constant place spans only its elements; slices of one view
// also know their coordinates), once the allocation pass ran also the
// bytes they take; or the scratch area every scratch
// user shares; or an allocation the passes cannot see (a block argument).
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_TRANSFORMS_MEMORYACCESSES_H
#define GLUONC_TRANSFORMS_MEMORYACCESSES_H

#include "gluonc/Transforms/SharedMemory.h"

#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <tuple>
#include <utility>
#include <vector>

namespace gluonc {

/// The memory one access touches: elements [begin, end) of an allocation,
/// the scratch area, or an unknown allocation.
struct Buffer {
  enum Kind { Allocation, Scratch, Unknown } kind = Unknown;
  /// For Allocation, the gluon.local_alloc.
  mlir::Operation *alloc = nullptr;
  int64_t begin = 0;
  int64_t end = 0;
  /// For a placed allocation (the allocation pass ran), the bytes of the
  /// program's shared memory the elements take; allocations whose live
  /// ranges are disjoint may share bytes.
  std::optional<std::pair<int64_t, int64_t>> bytes;
  /// For a view made by subslices with constant offsets: the view they
  /// slice (the allocation, or an index or other view of it) and the
  /// coordinates [first, second) of that view the slice takes per
  /// dimension. The elements of a swizzled or chunked view interleave
  /// (a [128, 128] half of a [256, 128] NVMMA buffer spans nearly all of
  /// its offsets), so two slices of one view that are apart in some
  /// dimension do not alias even where their element ranges overlap.
  mlir::Value sliceRoot;
  std::vector<std::pair<int64_t, int64_t>> sliceRanges;

  /// The buffer the view `descriptor` names.
  static Buffer of(mlir::Value descriptor);
  static Buffer scratch() {
    Buffer buffer;
    buffer.kind = Scratch;
    return buffer;
  }

  bool mayAlias(const Buffer &other) const {
    if (kind == Scratch || other.kind == Scratch)
      return kind == other.kind;
    if (kind == Unknown || other.kind == Unknown)
      return true;
    if (sliceRoot && sliceRoot == other.sliceRoot && slicesApart(other))
      return false;
    if (bytes && other.bytes)
      return bytes->first < other.bytes->second &&
             other.bytes->first < bytes->second;
    return alloc == other.alloc && begin < other.end && other.begin < end;
  }
  auto key() const {
    return std::make_tuple(int(kind), alloc, begin, end,
                           sliceRoot.getAsOpaquePointer(), sliceRanges);
  }

private:
  /// Whether the slices of one view are apart in some dimension.
  bool slicesApart(const Buffer &other) const {
    for (size_t d = 0; d < sliceRanges.size(); ++d)
      if (sliceRanges[d].second <= other.sliceRanges[d].first ||
          other.sliceRanges[d].second <= sliceRanges[d].first)
        return true;
    return false;
  }
};

struct Access {
  Buffer buffer;
  bool isWrite = false;
  /// Whether later accesses must be ordered after this one by a barrier;
  /// false for what an async copy writes (the mbarrier orders it).
  bool staysPending = true;
  /// An access of an mbarrier op to its barrier object.
  bool onMBarrier = false;

  // onMBarrier is part of the key: a data read of a buffer the pass
  // cannot place must not merge with an mbarrier read of one (both Unknown)
  // and vanish from anyData().
  bool operator<(const Access &other) const {
    return std::make_tuple(buffer.key(), isWrite, onMBarrier) <
           std::make_tuple(other.buffer.key(), other.isWrite, other.onMBarrier);
  }
  bool operator==(const Access &other) const {
    return !(*this < other) && !(other < *this);
  }
};

/// The shared memory accesses `op` makes itself, outside its regions.
llvm::SmallVector<Access> getAccesses(mlir::Operation *op);

/// Whether `op` uses the scratch area (the allocation pass gave it a
/// place): it writes it, waits at a barrier of its own and reads it.
bool isScratchUser(mlir::Operation *op);

/// Whether `op` or anything nested in it touches shared memory or retires
/// async copies.
bool usesSharedMemory(mlir::Operation *op);

} // namespace gluonc

#endif // GLUONC_TRANSFORMS_MEMORYACCESSES_H
