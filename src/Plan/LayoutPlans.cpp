//===- LayoutPlans.cpp - How reductions and conversions map onto hardware -===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "gluonc/Plan/LayoutPlans.h"

using namespace gluonc;

namespace {

bool isZero(const Coord &coord) {
  for (int32_t c : coord)
    if (c)
      return false;
  return true;
}

/// `coord` without dimension `axis` (for a 1-D input, the single
/// coordinate 0 of the one-element result).
Coord dropAxis(const Coord &coord, unsigned axis) {
  if (coord.size() == 1)
    return Coord{0};
  Coord result = coord;
  result.erase(result.begin() + axis);
  return result;
}

/// Classifies the bits of one hardware dimension: those that move only
/// along `axis` are reduced; those that move only elsewhere must match the
/// result layout bit for bit.
std::string classifyBits(const LinearLayout &input, const LinearLayout &result,
                         HwDim dim, unsigned axis,
                         std::vector<unsigned> &reducedBits) {
  const std::vector<Coord> &inBases = input.getBases(dim);
  const std::vector<Coord> &outBases = result.getBases(dim);
  if (inBases.size() != outBases.size())
    return std::string("the result layout has a different number of ") +
           hwDimName(dim) + " bits";
  for (unsigned bit = 0; bit < inBases.size(); ++bit) {
    const Coord &basis = inBases[bit];
    Coord rest = dropAxis(basis, axis);
    bool movesAlongAxis = basis[axis] != 0;
    if (movesAlongAxis && !isZero(rest))
      return std::string(hwDimName(dim)) + " bit " + std::to_string(bit) +
             " moves both along the axis and across it";
    if (movesAlongAxis) {
      reducedBits.push_back(bit);
      if (!isZero(outBases[bit]))
        return std::string("the result layout does not replicate ") +
               hwDimName(dim) + " bit " + std::to_string(bit);
      continue;
    }
    if (rest != outBases[bit])
      return std::string("the result layout places ") + hwDimName(dim) +
             " bit " + std::to_string(bit) + " differently";
  }
  return "";
}

} // namespace

ReductionPlan gluonc::planReduction(const LinearLayout &input,
                                    const LinearLayout &result,
                                    unsigned axis) {
  ReductionPlan plan;
  std::vector<unsigned> registerBits;
  for (HwDim dim : {HwDim::Lane, HwDim::Warp, HwDim::Block}) {
    std::vector<unsigned> &bits = dim == HwDim::Lane   ? plan.laneBits
                                  : dim == HwDim::Warp ? plan.warpBits
                                                       : registerBits;
    plan.unsupported = classifyBits(input, result, dim, axis, bits);
    if (!plan.unsupported.empty())
      return plan;
  }
  if (!registerBits.empty()) {
    plan.unsupported = "reductions across blocks";
    return plan;
  }
  // Registers: group those whose coordinates agree off the axis.
  int64_t numInput = input.getNumRegisters();
  plan.groupOfRegister.assign(numInput, -1);
  plan.resultRegisters.assign(result.getNumRegisters(), -1);
  for (int64_t reg = 0; reg < numInput; ++reg) {
    Coord coord = input.apply(HwDim::Register, reg);
    std::optional<int64_t> out = result.findRegister(dropAxis(coord, axis));
    if (!out) {
      plan.unsupported = "input register " + std::to_string(reg) +
                         " has no place in the result layout";
      return plan;
    }
    plan.groupOfRegister[reg] = *out;
    if (plan.resultRegisters[*out] < 0)
      plan.resultRegisters[*out] = reg;
  }
  for (int64_t out = 0; out < result.getNumRegisters(); ++out)
    if (plan.resultRegisters[out] < 0) {
      plan.unsupported = "result register " + std::to_string(out) +
                         " reduces no input register";
      return plan;
    }
  return plan;
}

LinearLayout gluonc::makeScalarLayout(const LinearLayout &input) {
  LinearLayout scalar({1});
  for (HwDim dim : {HwDim::Lane, HwDim::Warp, HwDim::Block})
    for (unsigned bit = 0; bit < input.getNumBits(dim); ++bit)
      scalar.addBasis(dim, Coord{0});
  return scalar;
}

const char *gluonc::getConversionKindName(ConversionKind kind) {
  switch (kind) {
  case ConversionKind::Free:
    return "free";
  case ConversionKind::RegisterPermutation:
    return "register permutation";
  case ConversionKind::SharedMemory:
    return "shared memory";
  }
  return "?";
}

ConversionKind gluonc::planConversion(const LinearLayout &src,
                                      const LinearLayout &dst) {
  if (src == dst)
    return ConversionKind::Free;
  std::vector<int> identity(dst.rank());
  for (unsigned d = 0; d < dst.rank(); ++d)
    identity[d] = d;
  if (mapRegistersWithinThread(src, dst, identity))
    return ConversionKind::RegisterPermutation;
  return ConversionKind::SharedMemory;
}
