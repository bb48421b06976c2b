//===- TensorDescriptor.cpp - Blocks that TMA moves -----------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The box comes from getTMABoxShape (Triton's getTMABlockShape), so that a
// descriptor built for a Triton kernel and one built from gluonc's metadata
// agree. Messages walk the grid of boxes dimension 0 slowest; each one's
// shared-memory offset is the layout's offset of its origin.
//
//===----------------------------------------------------------------------===//

#include "gluonc/Layout/TensorDescriptor.h"

using namespace gluonc;

std::string gluonc::boxText(const std::vector<int64_t> &values) {
  std::string text = "[";
  for (size_t i = 0; i < values.size(); ++i)
    text += (i ? ", " : "") + std::to_string(values[i]);
  return text + "]";
}

std::string gluonc::getShortBoxProblem(const NVMMASharedSpec &spec) {
  int64_t period = 8 * spec.swizzleBytes;
  return "not supported yet: TMA boxes of fewer than 8 rows under a " +
         std::to_string(spec.swizzleBytes) +
         "-byte swizzle, other than one box at the start of an allocation "
         "(TMA swizzles by shared memory address bits, so a box that does "
         "not start on a multiple of " +
         std::to_string(period) +
         " bytes would not be laid out as the NVMMASharedLayout says)";
}

std::string gluonc::checkTensorDescBlock(const NVMMASharedSpec &spec,
                                         const std::vector<int64_t> &block,
                                         unsigned elementBits) {
  if (block.empty() || block.size() > kMaxTensorDescRank)
    return "a tensor descriptor's block has 1 to 5 dimensions, got " +
           std::to_string(block.size());
  if (spec.transposed)
    return "not supported yet: a transposed NVMMASharedLayout for a tensor "
           "descriptor (permute the shared memory descriptor instead)";
  if (spec.rank != static_cast<int32_t>(block.size()))
    return "the layout has rank " + std::to_string(spec.rank) + ", the block " +
           boxText(block);
  if (spec.elementBitWidth != static_cast<int32_t>(elementBits))
    return "the layout is for " + std::to_string(spec.elementBitWidth) +
           "-bit elements, the block holds " + std::to_string(elementBits) +
           "-bit ones";
  std::vector<int32_t> shape(block.begin(), block.end());
  if (std::string problem = checkNVMMAShape(spec, shape); !problem.empty())
    return problem;
  std::vector<int64_t> box = getTMABoxShape(spec, shape);
  int64_t innerBytes = box.back() * elementBits / 8;
  constexpr int64_t multiple = abi::TmaBoxInnerBytesMultiple;
  if (innerBytes < multiple || innerBytes % multiple != 0)
    return "TMA moves the contiguous dimension in multiples of " +
           std::to_string(multiple) + " bytes; the block " + boxText(block) +
           " has " + std::to_string(innerBytes) + " bytes there";
  return "";
}

TMAPlan gluonc::planTMA(const NVMMASharedSpec &spec,
                        const std::vector<int64_t> &block,
                        unsigned elementBits) {
  std::vector<int32_t> shape(block.begin(), block.end());
  TMAPlan plan;
  plan.box = getTMABoxShape(spec, shape);
  int64_t elements = 1;
  for (int64_t size : block)
    elements *= size;
  plan.blockBytes = elements * elementBits / 8;
  SharedLayout layout = nvmmaToSharedLayout(spec, shape);
  std::vector<int64_t> counts;
  int64_t numMessages = 1;
  for (size_t d = 0; d < block.size(); ++d) {
    counts.push_back(block[d] / plan.box[d]);
    numMessages *= counts.back();
  }
  for (int64_t m = 0; m < numMessages; ++m) {
    TMAMessage message;
    message.origin.assign(block.size(), 0);
    int64_t rest = m;
    for (int d = static_cast<int>(block.size()) - 1; d >= 0; --d) {
      message.origin[d] = (rest % counts[d]) * plan.box[d];
      rest /= counts[d];
    }
    Coord coord(message.origin.begin(), message.origin.end());
    message.sharedOffset = layout.getOffset(coord);
    plan.messages.push_back(std::move(message));
  }
  return plan;
}
