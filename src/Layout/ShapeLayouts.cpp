//===- ShapeLayouts.cpp - Layouts of permute, reshape, join, split --------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "gluonc/Layout/ShapeLayouts.h"

#include <algorithm>
#include <cassert>

using namespace gluonc;

static const HwDim kHwDims[] = {HwDim::Register, HwDim::Lane, HwDim::Warp,
                                HwDim::Block};

/// A layout of `shape` whose bases are those of `layout` passed through
/// `mapBasis`.
static LinearLayout
mapBases(const LinearLayout &layout, std::vector<int32_t> shape,
         const std::function<Coord(const Coord &)> &mapBasis) {
  LinearLayout result(std::move(shape));
  for (HwDim hw : kHwDims)
    for (const Coord &basis : layout.getBases(hw))
      result.addBasis(hw, mapBasis(basis));
  return result;
}

//===----------------------------------------------------------------------===//
// Permute
//===----------------------------------------------------------------------===//

std::string gluonc::checkPermutation(const std::vector<int32_t> &order,
                                     unsigned rank) {
  std::string expected =
      "a permutation of 0.." + std::to_string(int(rank) - 1);
  if (order.size() != rank)
    return "has " + std::to_string(order.size()) + " entries for a tensor of "
           "rank " + std::to_string(rank) + "; it must be " + expected;
  std::vector<bool> seen(rank, false);
  for (int32_t dim : order) {
    if (dim < 0 || dim >= int32_t(rank) || seen[dim])
      return "is not " + expected;
    seen[dim] = true;
  }
  return "";
}

static Coord permuteCoord(const Coord &coord,
                          const std::vector<int32_t> &order) {
  Coord result(order.size());
  for (size_t d = 0; d < order.size(); ++d)
    result[d] = coord[order[d]];
  return result;
}

LinearLayout gluonc::permuteLayout(const LinearLayout &layout,
                                   const std::vector<int32_t> &order) {
  assert(checkPermutation(order, layout.rank()).empty());
  std::vector<int32_t> shape = permuteCoord(layout.getShape(), order);
  return mapBases(layout, shape, [&](const Coord &basis) {
    return permuteCoord(basis, order);
  });
}

BlockedLayoutSpec gluonc::permuteBlocked(const BlockedLayoutSpec &spec,
                                         const std::vector<int32_t> &order) {
  // Per-dimension fields move with their dimension; `order` names
  // dimensions, so each entry is renamed to the dimension's new index.
  std::vector<int32_t> newIndex(order.size());
  for (size_t d = 0; d < order.size(); ++d)
    newIndex[order[d]] = d;
  BlockedLayoutSpec result{permuteCoord(spec.sizePerThread, order),
                           permuteCoord(spec.threadsPerWarp, order),
                           permuteCoord(spec.warpsPerCTA, order),
                           {}};
  for (int32_t dim : spec.order)
    result.order.push_back(newIndex[dim]);
  return result;
}

//===----------------------------------------------------------------------===//
// Reshape
//===----------------------------------------------------------------------===//

/// The row-major offset of `coord` in `shape`.
static int64_t flatten(const Coord &coord, const std::vector<int32_t> &shape) {
  int64_t offset = 0;
  for (size_t d = 0; d < shape.size(); ++d)
    offset = offset * shape[d] + coord[d];
  return offset;
}

static Coord unflatten(int64_t offset, const std::vector<int32_t> &shape) {
  Coord coord(shape.size());
  for (size_t d = shape.size(); d-- > 0;) {
    coord[d] = static_cast<int32_t>(offset % shape[d]);
    offset /= shape[d];
  }
  return coord;
}

LinearLayout gluonc::reshapeLayout(const LinearLayout &layout,
                                   const std::vector<int32_t> &shape) {
  // Dimensions are powers of two, so a row-major offset is the
  // concatenation of the coordinates' bits: reshaping relabels bits and
  // keeps the map linear.
  const std::vector<int32_t> &from = layout.getShape();
  return mapBases(layout, shape, [&](const Coord &basis) {
    return unflatten(flatten(basis, from), shape);
  });
}

//===----------------------------------------------------------------------===//
// Join and split
//===----------------------------------------------------------------------===//

LinearLayout gluonc::joinLayout(const LinearLayout &layout) {
  std::vector<int32_t> shape = layout.getShape();
  shape.push_back(2);
  LinearLayout result(shape);
  Coord newBit(shape.size(), 0);
  newBit.back() = 1;
  result.addBasis(HwDim::Register, newBit);
  for (HwDim hw : kHwDims)
    for (Coord basis : layout.getBases(hw)) {
      basis.push_back(0);
      result.addBasis(hw, std::move(basis));
    }
  return result;
}

BlockedLayoutSpec gluonc::joinBlocked(const BlockedLayoutSpec &spec) {
  BlockedLayoutSpec result = spec;
  result.sizePerThread.push_back(2);
  result.threadsPerWarp.push_back(1);
  result.warpsPerCTA.push_back(1);
  result.order.insert(result.order.begin(), int32_t(spec.rank()));
  return result;
}

std::optional<LinearLayout> gluonc::splitLayout(const LinearLayout &layout,
                                                std::string &why) {
  unsigned last = layout.rank() - 1;
  if (layout.getDimSize(last) != 2) {
    why = "the last dimension has size " +
          std::to_string(layout.getDimSize(last)) + ", not 2";
    return std::nullopt;
  }
  std::vector<int32_t> shape = layout.getShape();
  shape.pop_back();
  LinearLayout result(shape);
  bool found = false;
  for (HwDim hw : kHwDims) {
    const std::vector<Coord> &bases = layout.getBases(hw);
    for (unsigned bit = 0; bit < bases.size(); ++bit) {
      Coord basis = bases[bit];
      if (basis[last] == 0) {
        basis.pop_back();
        result.addBasis(hw, std::move(basis));
        continue;
      }
      std::string where = std::string(hwDimName(hw)) + " bit " +
                          std::to_string(bit);
      if (hw != HwDim::Register) {
        why = "the two halves are held by different threads (" + where +
              " moves along the last dimension)";
        return std::nullopt;
      }
      basis.pop_back();
      bool unit = std::all_of(basis.begin(), basis.end(),
                              [](int32_t c) { return c == 0; });
      if (!unit || found) {
        why = "the two halves are not two registers of one thread (" + where +
              " moves along the last dimension and across it)";
        return std::nullopt;
      }
      found = true;
    }
  }
  assert(found && "a surjective layout moves along every dimension");
  return result;
}

std::optional<BlockedLayoutSpec>
gluonc::splitBlocked(const BlockedLayoutSpec &spec) {
  unsigned last = spec.rank() - 1;
  if (spec.sizePerThread[last] != 2 || spec.threadsPerWarp[last] != 1 ||
      spec.warpsPerCTA[last] != 1)
    return std::nullopt;
  BlockedLayoutSpec result = spec;
  result.sizePerThread.pop_back();
  result.threadsPerWarp.pop_back();
  result.warpsPerCTA.pop_back();
  result.order.erase(
      std::find(result.order.begin(), result.order.end(), int32_t(last)));
  return result;
}

//===----------------------------------------------------------------------===//
// Recognizing blocked layouts
//===----------------------------------------------------------------------===//

namespace {

/// Reads the sizes of one level of a blocked layout (sizePerThread,
/// threadsPerWarp or warpsPerCTA) off `bases`, for a given order. A blocked
/// layout lists each level's bits dimension by dimension in `order`, each
/// step doubling the dimension's stride; steps past the end of a
/// dimension are zero bases.
class LevelReader {
public:
  LevelReader(const std::vector<int32_t> &shape,
              const std::vector<int32_t> &order, std::vector<int64_t> &stride)
      : shape(shape), order(order), stride(stride) {}

  std::optional<std::vector<int32_t>>
  read(const std::vector<Coord> &bases) {
    std::vector<int32_t> sizes(shape.size(), 1);
    size_t position = 0;
    for (size_t i = 0; i < bases.size(); ++i) {
      if (allZero(bases, i)) {
        // Replicating bits past every dimension's end: like Triton, give
        // them to the most major dimension the level has filled.
        std::optional<unsigned> dim = lastFilledDim(sizes);
        if (!dim)
          return std::nullopt;
        sizes[*dim] <<= bases.size() - i;
        break;
      }
      std::optional<unsigned> dim = readBit(bases[i], sizes, position);
      if (!dim)
        return std::nullopt;
      sizes[*dim] *= 2;
    }
    for (size_t d = 0; d < shape.size(); ++d)
      stride[d] *= sizes[d];
    return sizes;
  }

private:
  int64_t nextStep(unsigned dim, const std::vector<int32_t> &sizes) const {
    return stride[dim] * sizes[dim];
  }

  static bool allZero(const std::vector<Coord> &bases, size_t from) {
    for (size_t i = from; i < bases.size(); ++i)
      for (int32_t c : bases[i])
        if (c != 0)
          return false;
    return true;
  }

  /// The last dimension in order whose next step is past its end.
  std::optional<unsigned>
  lastFilledDim(const std::vector<int32_t> &sizes) const {
    for (size_t i = order.size(); i-- > 0;)
      if (nextStep(order[i], sizes) >= shape[order[i]])
        return order[i];
    return std::nullopt;
  }

  /// The dimension `basis` steps along, at or after `position` in order.
  std::optional<unsigned> readBit(const Coord &basis,
                                  const std::vector<int32_t> &sizes,
                                  size_t &position) {
    for (; position < order.size(); ++position) {
      unsigned dim = order[position];
      int64_t step = nextStep(dim, sizes);
      bool pastEnd = step >= shape[dim];
      Coord expected(shape.size(), 0);
      if (!pastEnd)
        expected[dim] = static_cast<int32_t>(step);
      if (basis == expected)
        return dim;
    }
    return std::nullopt;
  }

  const std::vector<int32_t> &shape;
  const std::vector<int32_t> &order;
  std::vector<int64_t> &stride;
};

/// The blocked layout with `order` whose first `threadRegisters` register
/// bases are its sizePerThread, if the bases read that way.
std::optional<BlockedLayoutSpec> readBlocked(const LinearLayout &layout,
                                             const std::vector<int32_t> &order,
                                             size_t threadRegisters) {
  const std::vector<int32_t> &shape = layout.getShape();
  const std::vector<Coord> &registers = layout.getBases(HwDim::Register);
  std::vector<int64_t> stride(shape.size(), 1);
  LevelReader reader(shape, order, stride);
  std::vector<Coord> tile(registers.begin(),
                          registers.begin() + threadRegisters);
  auto sizePerThread = reader.read(tile);
  if (!sizePerThread)
    return std::nullopt;
  auto threadsPerWarp = reader.read(layout.getBases(HwDim::Lane));
  if (!threadsPerWarp)
    return std::nullopt;
  auto warpsPerCTA = reader.read(layout.getBases(HwDim::Warp));
  if (!warpsPerCTA)
    return std::nullopt;
  return BlockedLayoutSpec{*sizePerThread, *threadsPerWarp, *warpsPerCTA,
                           order};
}

} // namespace

std::optional<BlockedLayoutSpec>
gluonc::matchBlockedLayout(const LinearLayout &layout) {
  unsigned rank = layout.rank();
  // rank! orders; ranks beyond this are not worth the search.
  constexpr unsigned kMaxSearchRank = 6;
  if (rank == 0 || rank > kMaxSearchRank ||
      !layout.getBases(HwDim::Block).empty())
    return std::nullopt;
  std::vector<int32_t> order(rank);
  for (unsigned d = 0; d < rank; ++d)
    order[d] = rank - 1 - d;
  size_t numRegisters = layout.getNumBits(HwDim::Register);
  // Descending lexicographic from [rank-1, ..., 0]: row-major first.
  do {
    for (size_t tileBits = numRegisters + 1; tileBits-- > 0;) {
      std::optional<BlockedLayoutSpec> spec =
          readBlocked(layout, order, tileBits);
      if (spec && spec->validate().empty() &&
          blockedToLinearLayout(*spec, layout.getShape()) == layout)
        return spec;
    }
  } while (std::prev_permutation(order.begin(), order.end()));
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Register renaming
//===----------------------------------------------------------------------===//

static Coord xorCoords(Coord lhs, const Coord &rhs) {
  for (size_t d = 0; d < lhs.size(); ++d)
    lhs[d] ^= rhs[d];
  return lhs;
}

std::optional<std::vector<RegisterSource>>
gluonc::renameRegisters(const LinearLayout &input, const LinearLayout &result,
                        const CoordToInput &toInput, std::string &why) {
  // The element of (register r, thread t) in the result is regCoord(r) ^
  // threadCoord(t); toInput is affine, so it lands in the input at
  // toInput(regCoord(r)) ^ linear(threadCoord(t)). The thread parts agree
  // when every lane, warp and block basis maps onto the input's.
  auto [originInput, origin] = toInput(Coord(result.rank(), 0));
  for (HwDim hw : {HwDim::Lane, HwDim::Warp, HwDim::Block}) {
    const std::vector<Coord> &resultBases = result.getBases(hw);
    const std::vector<Coord> &inputBases = input.getBases(hw);
    if (resultBases.size() != inputBases.size()) {
      why = std::string("the layouts have different numbers of ") +
            hwDimName(hw) + " bits";
      return std::nullopt;
    }
    for (size_t bit = 0; bit < resultBases.size(); ++bit) {
      auto [which, coord] = toInput(resultBases[bit]);
      if (which != originInput ||
          xorCoords(coord, origin) != inputBases[bit]) {
        why = std::string(hwDimName(hw)) + " bit " + std::to_string(bit) +
              " holds different elements in the two layouts";
        return std::nullopt;
      }
    }
  }
  std::vector<RegisterSource> sources;
  sources.reserve(result.getNumRegisters());
  for (int64_t reg = 0; reg < result.getNumRegisters(); ++reg) {
    auto [which, coord] = toInput(result.apply(HwDim::Register, reg));
    std::optional<int64_t> inputReg = input.findRegister(coord);
    if (!inputReg) {
      why = "register " + std::to_string(reg) +
            " of the result is not held by the same thread in the input";
      return std::nullopt;
    }
    sources.push_back({which, *inputReg});
  }
  return sources;
}

CoordToInput gluonc::permuteCoordMap(const std::vector<int32_t> &order) {
  // Result dimension d is input dimension order[d].
  return [order](const Coord &coord) {
    Coord input(order.size());
    for (size_t d = 0; d < order.size(); ++d)
      input[order[d]] = coord[d];
    return std::make_pair(0u, input);
  };
}

CoordToInput gluonc::reshapeCoordMap(const std::vector<int32_t> &inputShape,
                                     const std::vector<int32_t> &resultShape) {
  return [inputShape, resultShape](const Coord &coord) {
    return std::make_pair(0u,
                          unflatten(flatten(coord, resultShape), inputShape));
  };
}

CoordToInput gluonc::joinCoordMap() {
  return [](const Coord &coord) {
    Coord input(coord.begin(), coord.end() - 1);
    return std::make_pair(unsigned(coord.back()), input);
  };
}

CoordToInput gluonc::splitCoordMap(unsigned half) {
  return [half](const Coord &coord) {
    Coord input = coord;
    input.push_back(static_cast<int32_t>(half));
    return std::make_pair(0u, input);
  };
}
