//===- TensorDescriptor.h - Blocks that TMA moves ---------------*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A tensor descriptor names a global tensor and the block of it that one
// load or store moves between global and shared memory, laid out in shared
// memory by an NVMMASharedLayout. The hardware (Hopper's TMA) moves boxes:
// at most 256 elements per dimension, and, when swizzled, exactly one
// swizzle row along the contiguous dimension. A block is a grid of boxes,
// one message each; the NVMMA layout keeps every box contiguous, so message
// m writes box m's bytes at one offset of the block.
//
// The frontend (signature and kernel checks), the verifier of the ops, the
// lowering and the metadata all plan through here.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_LAYOUT_TENSORDESCRIPTOR_H
#define GLUONC_LAYOUT_TENSORDESCRIPTOR_H

#include "gluonc/ABI/TensorDescriptor.h"
#include "gluonc/Layout/SharedLayout.h"

#include <cstdint>
#include <string>
#include <vector>

namespace gluonc {

/// Rank limits of a tensor descriptor (cuTensorMapEncodeTiled's).
constexpr unsigned kMaxTensorDescRank = abi::TensorDescMaxRank;

/// `[a, b, c]`: a block, box or origin in a message.
std::string boxText(const std::vector<int64_t> &values);

/// Why a block of `block` elements of `elementBits` bits cannot be a tensor
/// descriptor's block in `spec`: rank outside 1-5, a transposed layout, an
/// element width the layout is not for, a shape the layout cannot lay out,
/// or a box narrower than 16 bytes along its contiguous dimension; empty
/// when it can. (A block of several boxes shorter than the swizzle's
/// period is a valid descriptor, as gather and scatter use; copies of it
/// are refused where they are made: getShortBoxProblem.)
/// Why TMA cannot move a box of fewer than 8 rows under `spec`'s swizzle
/// anywhere but at the start of an allocation.
std::string getShortBoxProblem(const NVMMASharedSpec &spec);

std::string checkTensorDescBlock(const NVMMASharedSpec &spec,
                                 const std::vector<int64_t> &block,
                                 unsigned elementBits);

/// One TMA message of a block.
struct TMAMessage {
  /// Where the message's box starts in the block, per dimension (dimension
  /// 0 first, as the tensor's coordinates).
  std::vector<int64_t> origin;
  /// Elements from the block's first element in shared memory to the box's.
  int64_t sharedOffset = 0;
};

/// How TMA moves a block (checkTensorDescBlock accepts it).
struct TMAPlan {
  /// One message's box, dimension 0 first.
  std::vector<int64_t> box;
  std::vector<TMAMessage> messages;
  /// Bytes the whole block moves (what an mbarrier expects).
  int64_t blockBytes = 0;
};

TMAPlan planTMA(const NVMMASharedSpec &spec, const std::vector<int64_t> &block,
                unsigned elementBits);

} // namespace gluonc

#endif // GLUONC_LAYOUT_TENSORDESCRIPTOR_H
