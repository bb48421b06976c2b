//===- LayoutPlans.h - Reductions and conversions on hardware ---*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Decisions read off linear layouts alone, shared by the shared-memory
// allocation (which must know how much scratch an op needs) and the lowering
// (which must do what was planned):
//
//  - a reduction along an axis combines registers within a thread, then
//    lanes by butterfly shuffles, then warps through shared memory, over
//    exactly the hardware bits whose bases move along the axis;
//  - a layout conversion is free when the layouts are equal, a register
//    permutation when only registers move, and goes through shared memory
//    otherwise.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_PLAN_LAYOUTPLANS_H
#define GLUONC_PLAN_LAYOUTPLANS_H

#include "gluonc/Layout/LinearLayout.h"

#include <string>
#include <vector>

namespace gluonc {

struct ReductionPlan {
  /// Empty when the layout can be reduced this way; else why not.
  std::string unsupported;
  /// Lane bits to combine by butterfly shuffles (xor 1 << bit).
  std::vector<unsigned> laneBits;
  /// Warp bits to combine through shared memory.
  std::vector<unsigned> warpBits;
  /// For each register of the result layout, a register of the input that
  /// holds part of its reduction (the first of its group).
  std::vector<int64_t> resultRegisters;
  /// For each register of the input, the result register it reduces into.
  std::vector<int64_t> groupOfRegister;

  /// How many warps hold partial results of one output element.
  int64_t getWarpsAlongAxis() const { return int64_t(1) << warpBits.size(); }
};

/// Plans the reduction of `input` along `axis` into `result` (the input's
/// layout sliced along `axis`; for a 1-D input, the layout of a single
/// element: shape [1] with no bases).
ReductionPlan planReduction(const LinearLayout &input,
                            const LinearLayout &result, unsigned axis);

/// The layout of the single result of reducing a 1-D tensor: every thread
/// holds it, so every lane and warp bit of `input` maps to zero.
LinearLayout makeScalarLayout(const LinearLayout &input);

enum class ConversionKind {
  /// The layouts map every hardware index to the same element.
  Free,
  /// Every element stays in its thread; only its register changes.
  RegisterPermutation,
  /// Elements move between threads: through shared memory.
  SharedMemory,
};

const char *getConversionKindName(ConversionKind kind);

ConversionKind planConversion(const LinearLayout &src,
                              const LinearLayout &dst);

} // namespace gluonc

#endif // GLUONC_PLAN_LAYOUTPLANS_H
