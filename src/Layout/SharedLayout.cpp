//===- SharedLayout.cpp - Where shared memory keeps each element ----------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The conversions of the named shared layouts follow Triton's definitions
// (swizzledSharedToLinearLayout and nvmmaSharedToLinearLayout in its
// LinearLayoutConversions.cpp), so that a kernel's shared memory holds its
// elements where Triton would put them.
//
//===----------------------------------------------------------------------===//

#include "gluonc/Layout/SharedLayout.h"

#include "gluonc/ABI/TensorDescriptor.h"

#include <algorithm>
#include <cassert>
#include <map>
#include <set>
#include <sstream>

using namespace gluonc;

namespace {

Coord unitCoord(unsigned rank, unsigned dim, int64_t value) {
  Coord coord(rank, 0);
  coord[dim] = static_cast<int32_t>(value);
  return coord;
}

/// Appends the bases that step along `dim` from size `from` to size `to`.
void appendIdentity(std::vector<Coord> &bases, unsigned rank, unsigned dim,
                    int64_t from, int64_t to) {
  for (int64_t value = from; value < to; value *= 2)
    bases.push_back(unitCoord(rank, dim, value));
}

/// The bits of a coordinate as one word, dimension 0 lowest.
uint64_t packCoord(const Coord &coord, const std::vector<int32_t> &shape) {
  uint64_t packed = 0;
  unsigned shift = 0;
  for (size_t d = 0; d < shape.size(); ++d) {
    packed |= uint64_t(uint32_t(coord[d])) << shift;
    shift += log2Exact(shape[d]);
  }
  return packed;
}

unsigned totalBits(const std::vector<int32_t> &shape) {
  unsigned bits = 0;
  for (int32_t size : shape)
    bits += log2Exact(size);
  return bits;
}

/// Inverts the map offset bit i -> packed coordinate `columns[i]` over F2:
/// for each coordinate bit, the offset that maps to it. Empty when the map
/// is not one to one.
std::vector<uint64_t> invertF2(const std::vector<uint64_t> &columns,
                               unsigned numBits) {
  if (columns.size() != numBits)
    return {};
  // Rows pair an image with the offset that produces it; elimination makes
  // row j's image the unit vector j.
  std::vector<std::pair<uint64_t, uint64_t>> rows;
  for (size_t i = 0; i < columns.size(); ++i)
    rows.push_back({columns[i], uint64_t(1) << i});
  for (unsigned j = 0; j < numBits; ++j) {
    size_t pivot = j;
    while (pivot < rows.size() && !((rows[pivot].first >> j) & 1))
      ++pivot;
    if (pivot == rows.size())
      return {};
    std::swap(rows[j], rows[pivot]);
    for (size_t r = 0; r < rows.size(); ++r)
      if (r != j && ((rows[r].first >> j) & 1)) {
        rows[r].first ^= rows[j].first;
        rows[r].second ^= rows[j].second;
      }
  }
  std::vector<uint64_t> inverse;
  for (auto &row : rows)
    inverse.push_back(row.second);
  return inverse;
}

bool isPow2List(const std::vector<int32_t> &values) {
  return std::all_of(values.begin(), values.end(),
                     [](int32_t v) { return isPowerOf2(v); });
}

std::string checkPermutation(const std::vector<int32_t> &order,
                             const char *what) {
  std::vector<bool> seen(order.size(), false);
  for (int32_t d : order) {
    if (d < 0 || d >= static_cast<int32_t>(order.size()) || seen[d])
      return std::string(what) + " must be a permutation of 0.." +
             std::to_string(order.size() - 1);
    seen[d] = true;
  }
  return "";
}

/// The layout of an allocation of `allocShape` whose trailing dimensions
/// `layoutBases` lay out: the bases lifted into the allocation's dimensions,
/// then the buffer dimensions above them (rounded up to powers of two), the
/// innermost buffer dimension fastest. The allocation ends after its last
/// buffer.
SharedLayout layOutAllocation(const std::vector<Coord> &layoutBases,
                              const std::vector<int32_t> &allocShape,
                              std::vector<PaddingRule> padding = {}) {
  unsigned rank = allocShape.size();
  unsigned layoutRank =
      layoutBases.empty() ? 0 : static_cast<unsigned>(layoutBases[0].size());
  unsigned lead = rank - layoutRank;
  std::vector<int32_t> shape = roundBufferDims(allocShape, layoutRank);
  std::vector<Coord> bases;
  for (const Coord &basis : layoutBases) {
    Coord lifted(rank, 0);
    std::copy(basis.begin(), basis.end(), lifted.begin() + lead);
    bases.push_back(std::move(lifted));
  }
  for (int d = static_cast<int>(lead) - 1; d >= 0; --d)
    appendIdentity(bases, rank, d, 1, shape[d]);
  // The last buffer's index in the row-major order of the rounded buffer
  // dimensions, plus one, times the elements of a block.
  int64_t block = int64_t(1) << layoutBases.size();
  int64_t lastBuffer = 0;
  for (unsigned d = 0; d < lead; ++d)
    lastBuffer = lastBuffer * shape[d] + (allocShape[d] - 1);
  return SharedLayout(std::move(shape), std::move(bases), std::move(padding),
                      (lastBuffer + 1) * block);
}

std::vector<int32_t> trailing(const std::vector<int32_t> &shape,
                              unsigned count) {
  return std::vector<int32_t>(shape.end() - count, shape.end());
}

} // namespace

//===----------------------------------------------------------------------===//
// SharedLayout
//===----------------------------------------------------------------------===//

std::string gluonc::checkSharedLayoutBases(const std::vector<int32_t> &shape,
                                           const std::vector<Coord> &bases) {
  if (shape.empty())
    return "a shared layout needs at least one dimension";
  if (!isPow2List(shape))
    return "shared layout dimensions must be powers of two";
  for (const Coord &basis : bases) {
    if (basis.size() != shape.size())
      return "an offset basis has " + std::to_string(basis.size()) +
             " entries for a shape of rank " + std::to_string(shape.size());
    for (size_t d = 0; d < shape.size(); ++d)
      if (basis[d] < 0 || basis[d] >= shape[d])
        return "offset basis entry " + std::to_string(basis[d]) +
               " is outside dimension " + std::to_string(d) + " of size " +
               std::to_string(shape[d]);
  }
  unsigned bits = totalBits(shape);
  if (bases.size() != bits)
    return std::to_string(bases.size()) + " offset bases for " +
           std::to_string(int64_t(1) << bits) + " elements, which need " +
           std::to_string(bits);
  std::vector<uint64_t> columns;
  for (const Coord &basis : bases)
    columns.push_back(packCoord(basis, shape));
  if (invertF2(columns, bits).empty())
    return "the offset bases put two offsets at one element";
  return "";
}

SharedLayout::SharedLayout(std::vector<int32_t> shape,
                           std::vector<Coord> offsetBases,
                           std::vector<PaddingRule> padding)
    : SharedLayout(shape, std::move(offsetBases), std::move(padding),
                   /*usedElements=*/0) {}

SharedLayout::SharedLayout(std::vector<int32_t> shape,
                           std::vector<Coord> offsetBases,
                           std::vector<PaddingRule> padding,
                           int64_t usedElements)
    : shape(std::move(shape)), offsetBases(std::move(offsetBases)),
      padding(std::move(padding)) {
  this->usedElements = usedElements > 0 ? usedElements : getNumElements();
  assert(checkSharedLayoutBases(this->shape, this->offsetBases).empty() &&
         "invalid shared layout bases");
  std::vector<uint64_t> columns;
  for (const Coord &basis : this->offsetBases)
    columns.push_back(packCoord(basis, this->shape));
  std::vector<uint64_t> packedInverse =
      invertF2(columns, totalBits(this->shape));
  unsigned bit = 0;
  for (int32_t size : this->shape) {
    std::vector<int64_t> dimInverse;
    for (unsigned i = 0; i < log2Exact(size); ++i)
      dimInverse.push_back(static_cast<int64_t>(packedInverse[bit++]));
    inverse.push_back(std::move(dimInverse));
  }
}

int64_t SharedLayout::getNumElements() const {
  int64_t elements = 1;
  for (int32_t size : shape)
    elements *= size;
  return elements;
}

Coord SharedLayout::apply(int64_t offset) const {
  Coord coord(rank(), 0);
  for (size_t bit = 0; bit < offsetBases.size(); ++bit)
    if ((offset >> bit) & 1)
      for (unsigned d = 0; d < rank(); ++d)
        coord[d] ^= offsetBases[bit][d];
  return coord;
}

int64_t SharedLayout::getOffset(const Coord &coord) const {
  int64_t offset = 0;
  for (unsigned d = 0; d < rank(); ++d)
    for (size_t bit = 0; bit < inverse[d].size(); ++bit)
      if ((coord[d] >> bit) & 1)
        offset ^= inverse[d][bit];
  return offset;
}

int64_t
SharedLayout::getBlockOffsetBits(const std::vector<int64_t> &sizes) const {
  int64_t bits = 0;
  for (size_t d = 0; d < sizes.size(); ++d)
    for (unsigned bit = 0; (int64_t(1) << bit) < sizes[d]; ++bit)
      bits |= getCoordBitOffset(d, bit);
  return bits;
}

int64_t SharedLayout::pad(int64_t offset) const {
  int64_t padded = offset;
  for (const PaddingRule &rule : padding)
    padded += (offset >> log2Exact(rule.interval)) << log2Exact(rule.padding);
  return padded;
}

int64_t SharedLayout::getAllocationElements() const {
  int64_t elements = usedElements;
  int64_t padded = elements;
  for (const PaddingRule &rule : padding)
    padded += (elements >> log2Exact(rule.interval)) << log2Exact(rule.padding);
  return padded;
}

std::string SharedLayout::toString() const {
  std::ostringstream os;
  os << "shape [";
  for (size_t d = 0; d < shape.size(); ++d)
    os << (d ? ", " : "") << shape[d];
  os << "]: offset [";
  for (size_t i = 0; i < offsetBases.size(); ++i) {
    os << (i ? ", " : "") << '[';
    for (size_t d = 0; d < offsetBases[i].size(); ++d)
      os << (d ? "," : "") << offsetBases[i][d];
    os << ']';
  }
  os << ']';
  if (!padding.empty()) {
    os << " padding [";
    for (size_t i = 0; i < padding.size(); ++i)
      os << (i ? ", " : "") << '[' << padding[i].interval << ','
         << padding[i].padding << ']';
    os << ']';
  }
  return os.str();
}

//===----------------------------------------------------------------------===//
// Named layouts
//===----------------------------------------------------------------------===//

std::string gluonc::checkAllocationShape(unsigned layoutRank,
                                         const std::vector<int32_t> &shape) {
  if (shape.size() < layoutRank)
    return "a shape of rank " + std::to_string(shape.size()) +
           " has fewer dimensions than the layout's " +
           std::to_string(layoutRank);
  size_t lead = shape.size() - layoutRank;
  for (size_t d = 0; d < shape.size(); ++d) {
    if (shape[d] < 1)
      return "dimension " + std::to_string(d) + " has size " +
             std::to_string(shape[d]);
    if (d >= lead && !isPowerOf2(shape[d]))
      return "dimension " + std::to_string(d) + " (" +
             std::to_string(shape[d]) +
             ") is laid out by the layout and must be a power of two; only "
             "the leading buffer dimensions may have any size";
  }
  int64_t elements = 1;
  for (int32_t size : roundBufferDims(shape, layoutRank)) {
    // Each factor is at most 2^30 and the product is checked before it
    // grows past 2^30: no overflow.
    elements *= size;
    if (elements > kMaxShapeElements)
      return "more than 2^30 elements in all";
  }
  return "";
}

std::vector<int32_t> gluonc::roundBufferDims(const std::vector<int32_t> &shape,
                                             unsigned layoutRank) {
  std::vector<int32_t> rounded = shape;
  for (size_t d = 0; d + layoutRank < shape.size(); ++d) {
    int64_t size = 1;
    while (size < shape[d])
      size *= 2;
    rounded[d] = static_cast<int32_t>(std::min<int64_t>(size, INT32_MAX));
  }
  return rounded;
}

std::string SwizzledSharedSpec::validate() const {
  if (order.empty())
    return "order must name at least one dimension";
  std::string problem = checkPermutation(order, "order");
  if (!problem.empty())
    return problem;
  if (!isPowerOf2(vec) || !isPowerOf2(perPhase) || !isPowerOf2(maxPhase))
    return "vec, per_phase and max_phase must be powers of two";
  return "";
}

SharedLayout
gluonc::swizzledToSharedLayout(const SwizzledSharedSpec &spec,
                               const std::vector<int32_t> &allocShape) {
  assert(spec.validate().empty() &&
         checkAllocationShape(spec.rank(), allocShape).empty());
  unsigned rank = spec.rank();
  std::vector<int32_t> shape = trailing(allocShape, rank);
  std::vector<Coord> bases;
  if (rank == 1) {
    appendIdentity(bases, 1, 0, 1, shape[0]);
  } else {
    unsigned colDim = spec.order[0], rowDim = spec.order[1];
    int64_t numCols = shape[colDim], numRows = shape[rowDim];
    appendIdentity(bases, rank, colDim, 1, numCols);
    for (int64_t row = 1; row < numRows; row *= 2) {
      // The columns of row `row` move by the swizzle of its phase; a
      // column count below vec * max_phase wraps.
      Coord basis(rank, 0);
      basis[rowDim] = static_cast<int32_t>(row);
      basis[colDim] = static_cast<int32_t>(
          (spec.vec * ((row / spec.perPhase) % spec.maxPhase)) % numCols);
      bases.push_back(std::move(basis));
    }
    for (unsigned i = 2; i < rank; ++i)
      appendIdentity(bases, rank, spec.order[i], 1, shape[spec.order[i]]);
  }
  return layOutAllocation(bases, allocShape);
}

std::string NVMMASharedSpec::validate() const {
  if (swizzleBytes != 0 && swizzleBytes != 32 && swizzleBytes != 64 &&
      swizzleBytes != 128)
    return "swizzle_byte_width must be 0, 32, 64 or 128, got " +
           std::to_string(swizzleBytes);
  if (elementBitWidth != 8 && elementBitWidth != 16 && elementBitWidth != 32 &&
      elementBitWidth != 64)
    return "element_bitwidth must be 8, 16, 32 or 64, got " +
           std::to_string(elementBitWidth);
  if (rank < 1)
    return "rank must be at least 1, got " + std::to_string(rank);
  if (swizzleBytes != 0 && rank < 2)
    return "a swizzled NVMMASharedLayout needs rank 2 or more";
  return "";
}

int32_t NVMMASharedSpec::getVec() const {
  return swizzleBytes == 0 ? 1 : 128 / elementBitWidth;
}
int32_t NVMMASharedSpec::getPerPhase() const {
  return swizzleBytes == 0 ? 1 : 128 / swizzleBytes;
}
int32_t NVMMASharedSpec::getMaxPhase() const {
  return swizzleBytes == 0 ? 1 : swizzleBytes / 16;
}

namespace {

/// The 2-D layout rows x columns (rows of one swizzle width) of the
/// collapsed TMA box: 8-row tiles whose rows XOR their 16-byte chunks with
/// the phase, then more rows, then more columns. A box of fewer than 8
/// rows holds the tile's first rows, as in Triton (whose linear layout
/// drops the tile's row bases beyond the shape).
std::vector<Coord> getCollapsedNVMMABases(const NVMMASharedSpec &spec,
                                          int64_t rows, int64_t cols) {
  int64_t tileRows = 8;
  int64_t tileCols = 8 * std::max(16, spec.swizzleBytes) / spec.elementBitWidth;
  std::vector<Coord> bases;
  appendIdentity(bases, 2, 1, 1, tileCols);
  for (int64_t row = 1; row < std::min(tileRows, rows); row *= 2)
    bases.push_back(
        {static_cast<int32_t>(row),
         static_cast<int32_t>(spec.getVec() * ((row / spec.getPerPhase()) %
                                               spec.getMaxPhase()))});
  appendIdentity(bases, 2, 0, tileRows, rows);
  appendIdentity(bases, 2, 1, tileCols, cols);
  return bases;
}

/// Reinterprets a 2-D coordinate of a rows x cols array as the coordinate
/// of the same row-major position in `shape`.
Coord reshapeFrom2D(const Coord &coord, int64_t cols,
                    const std::vector<int64_t> &shape) {
  int64_t flat = int64_t(coord[0]) * cols + coord[1];
  Coord result(shape.size(), 0);
  for (int d = static_cast<int>(shape.size()) - 1; d >= 0; --d) {
    result[d] = static_cast<int32_t>(flat % shape[d]);
    flat /= shape[d];
  }
  return result;
}

} // namespace

std::vector<int64_t> gluonc::getTMABoxShape(const NVMMASharedSpec &spec,
                                            const std::vector<int32_t> &shape) {
  std::vector<int64_t> block(shape.begin(), shape.end());
  for (int64_t &size : block)
    size = std::min<int64_t>(size, abi::TmaMaxBoxDim);
  if (spec.swizzleBytes != 0) {
    unsigned contig = spec.transposed ? 0 : block.size() - 1;
    block[contig] = 8 * spec.swizzleBytes / spec.elementBitWidth;
  }
  return block;
}

std::string gluonc::checkNVMMAShape(const NVMMASharedSpec &spec,
                                    const std::vector<int32_t> &allocShape) {
  std::string problem = spec.validate();
  if (problem.empty())
    problem = checkAllocationShape(spec.rank, allocShape);
  if (!problem.empty() || spec.swizzleBytes == 0)
    return problem;
  std::vector<int32_t> shape = trailing(allocShape, spec.rank);
  unsigned contig = spec.transposed ? 0 : shape.size() - 1;
  int64_t rowElements = 8 * spec.swizzleBytes / spec.elementBitWidth;
  if (shape[contig] < rowElements)
    return "a " + std::to_string(spec.swizzleBytes) + "-byte swizzle of " +
           std::to_string(spec.elementBitWidth) +
           "-bit elements needs at least " + std::to_string(rowElements) +
           " elements along dimension " +
           std::to_string(allocShape.size() - shape.size() + contig) +
           ", got " + std::to_string(shape[contig]);
  return "";
}

int64_t gluonc::getTMABoxRows(const NVMMASharedSpec &spec,
                              const std::vector<int64_t> &box) {
  unsigned contig = spec.transposed ? 0 : box.size() - 1;
  int64_t rows = 1;
  for (size_t d = 0; d < box.size(); ++d)
    if (d != contig)
      rows *= box[d];
  return rows;
}

SharedLayout
gluonc::nvmmaToSharedLayout(const NVMMASharedSpec &spec,
                            const std::vector<int32_t> &allocShape) {
  assert(checkNVMMAShape(spec, allocShape).empty());
  unsigned rank = spec.rank;
  std::vector<int32_t> shape = trailing(allocShape, rank);
  std::vector<int64_t> tma = getTMABoxShape(spec, shape);
  std::vector<Coord> bases;
  std::vector<int64_t> covered;
  if (spec.swizzleBytes == 0) {
    // Row-major over the TMA box.
    for (int d = static_cast<int>(rank) - 1; d >= 0; --d)
      appendIdentity(bases, rank, d, 1, tma[d]);
    covered = tma;
  } else {
    int64_t rows = 1, cols = tma.back();
    for (unsigned d = 0; d + 1 < rank; ++d)
      rows *= tma[d];
    if (spec.transposed)
      std::swap(rows, cols);
    // The box as it is before a transposition: the contiguous dimension
    // moved last.
    std::vector<int64_t> boxShape = tma;
    if (spec.transposed)
      std::rotate(boxShape.begin(), boxShape.begin() + 1, boxShape.end());
    for (const Coord &basis : getCollapsedNVMMABases(spec, rows, cols))
      bases.push_back(reshapeFrom2D(basis, cols, boxShape));
    covered = boxShape;
    if (spec.transposed) {
      // Back to the tensor's order: the last dimension becomes the first.
      auto moveLastFirst = [](auto &values) {
        std::rotate(values.rbegin(), values.rbegin() + 1, values.rend());
      };
      for (Coord &basis : bases)
        moveLastFirst(basis);
      moveLastFirst(covered);
    }
  }
  // Boxes repeat over a larger tensor, dimension 0 first.
  for (unsigned d = 0; d < rank; ++d)
    appendIdentity(bases, rank, d, covered[d], shape[d]);
  return layOutAllocation(bases, allocShape);
}

std::string PaddedSharedSpec::validate() const {
  if (padding.empty())
    return "interval_padding_pairs needs at least one [interval, padding] "
           "pair";
  std::set<int64_t> intervals;
  for (const PaddingRule &rule : padding) {
    if (!isPowerOf2(rule.interval) || !isPowerOf2(rule.padding))
      return "intervals and paddings must be powers of two";
    if (!intervals.insert(rule.interval).second)
      return "interval " + std::to_string(rule.interval) + " appears twice";
  }
  if (!order.empty())
    return checkPermutation(order, "order");
  if (shape.empty())
    return "the shape needs at least one dimension";
  return checkSharedLayoutBases(shape, offsetBases);
}

std::string gluonc::checkPaddedShape(const PaddedSharedSpec &spec,
                                     const std::vector<int32_t> &allocShape) {
  std::string problem = spec.validate();
  if (problem.empty())
    problem = checkAllocationShape(spec.rank(), allocShape);
  if (!problem.empty() || !spec.order.empty())
    return problem;
  if (trailing(allocShape, spec.rank()) != spec.shape) {
    std::string text;
    for (int32_t size : spec.shape)
      text += (text.empty() ? "" : ", ") + std::to_string(size);
    return "the layout's offset bases are for shape [" + text + "]";
  }
  return "";
}

SharedLayout
gluonc::paddedToSharedLayout(const PaddedSharedSpec &spec,
                             const std::vector<int32_t> &allocShape) {
  assert(checkPaddedShape(spec, allocShape).empty());
  std::vector<Coord> bases = spec.offsetBases;
  if (!spec.order.empty()) {
    std::vector<int32_t> shape = trailing(allocShape, spec.rank());
    bases.clear();
    for (int32_t dim : spec.order)
      appendIdentity(bases, spec.rank(), dim, 1, shape[dim]);
  }
  return layOutAllocation(bases, allocShape, spec.padding);
}

std::vector<int32_t>
gluonc::getSharedLinearShape(const std::vector<Coord> &bases) {
  if (bases.empty())
    return {};
  // The smallest power of two above every entry of each dimension.
  std::vector<int32_t> shape(bases[0].size(), 1);
  for (const Coord &basis : bases)
    for (size_t d = 0; d < basis.size() && d < shape.size(); ++d)
      while (shape[d] <= basis[d] && shape[d] < (1 << 30))
        shape[d] *= 2;
  return shape;
}

SharedLayout
gluonc::linearToSharedLayout(const std::vector<Coord> &offsetBases,
                             const std::vector<int32_t> &allocShape) {
  return layOutAllocation(offsetBases, allocShape);
}

//===----------------------------------------------------------------------===//
// Accesses
//===----------------------------------------------------------------------===//

LinearLayout gluonc::composeWithOffsets(const LinearLayout &distributed,
                                        const SharedLayout &shared) {
  assert(distributed.rank() == shared.rank() && "rank mismatch");
  LinearLayout offsets(
      {static_cast<int32_t>(int64_t(1) << shared.getNumOffsetBits())});
  for (HwDim hw : {HwDim::Register, HwDim::Lane, HwDim::Warp, HwDim::Block})
    for (const Coord &basis : distributed.getBases(hw))
      offsets.addBasis(hw,
                       Coord{static_cast<int32_t>(shared.getOffset(basis))});
  return offsets;
}

namespace {

/// Whether no basis besides the vector's own register bits touches the low
/// `bits` bits of the offset: then every vector starts aligned.
bool isAligned(const LinearLayout &offsets,
               const std::vector<unsigned> &vectorBits, unsigned bits) {
  int64_t mask = (int64_t(1) << bits) - 1;
  for (HwDim hw : {HwDim::Register, HwDim::Lane, HwDim::Warp, HwDim::Block}) {
    const std::vector<Coord> &bases = offsets.getBases(hw);
    for (unsigned bit = 0; bit < bases.size(); ++bit) {
      bool inVector = hw == HwDim::Register &&
                      std::find(vectorBits.begin(), vectorBits.begin() + bits,
                                bit) != vectorBits.begin() + bits;
      if (!inVector && (bases[bit][0] & mask))
        return false;
    }
  }
  return true;
}

} // namespace

SharedAccessPlan gluonc::planSharedAccess(const LinearLayout &distributed,
                                          const SharedLayout &shared,
                                          unsigned elementBits,
                                          unsigned maxVectorBytes) {
  SharedAccessPlan plan;
  plan.offsets = composeWithOffsets(distributed, shared);
  const std::vector<Coord> &regBases = plan.offsets.getBases(HwDim::Register);

  int64_t limit = std::max<int64_t>(1, int64_t(maxVectorBytes) * 8 /
                                           std::max(1u, elementBits));
  // A vector must not straddle padding, and padding must keep the next
  // vectors aligned.
  for (const PaddingRule &rule : shared.getPadding())
    limit = std::min({limit, rule.interval, rule.padding});

  // Register bits whose offsets are 1, 2, 4, ... make up a vector.
  std::vector<unsigned> vectorBits;
  for (int64_t step = 1; step * 2 <= limit; step *= 2) {
    auto it =
        std::find_if(regBases.begin(), regBases.end(),
                     [&](const Coord &basis) { return basis[0] == step; });
    if (it == regBases.end())
      break;
    vectorBits.push_back(static_cast<unsigned>(it - regBases.begin()));
  }
  unsigned bits = vectorBits.size();
  while (bits > 0 && !isAligned(plan.offsets, vectorBits, bits))
    --bits;
  vectorBits.resize(bits);
  plan.vectorRegisterBits = vectorBits;
  plan.vectorElements = int64_t(1) << bits;

  int64_t vectorMask = 0, repeatMask = 0;
  for (unsigned bit : vectorBits)
    vectorMask |= int64_t(1) << bit;
  const std::vector<Coord> &elementBases =
      distributed.getBases(HwDim::Register);
  for (unsigned bit = 0; bit < elementBases.size(); ++bit)
    if (std::all_of(elementBases[bit].begin(), elementBases[bit].end(),
                    [](int32_t c) { return c == 0; }))
      repeatMask |= int64_t(1) << bit;

  int64_t numRegisters = plan.offsets.getNumRegisters();
  for (int64_t reg = 0; reg < numRegisters; ++reg) {
    plan.sourceRegister.push_back(reg & ~repeatMask);
    if (reg & (vectorMask | repeatMask))
      continue;
    std::vector<int64_t> access;
    for (int64_t position = 0; position < plan.vectorElements; ++position) {
      int64_t member = reg;
      for (unsigned j = 0; j < bits; ++j)
        if ((position >> j) & 1)
          member |= int64_t(1) << vectorBits[j];
      access.push_back(member);
    }
    plan.accesses.push_back(std::move(access));
  }
  return plan;
}

BankConflictReport gluonc::analyzeBankConflicts(const LinearLayout &distributed,
                                                const SharedLayout &shared,
                                                unsigned elementBits) {
  SharedAccessPlan plan = planSharedAccess(distributed, shared, elementBits);
  BankConflictReport report;
  int64_t elementBytes = std::max(1u, elementBits / 8);
  report.vectorBytes = plan.vectorElements * elementBytes;
  report.accessesPerThread = plan.accesses.size();
  int64_t numLanes = plan.offsets.getHwSize(HwDim::Lane);
  report.lanesPerPhase = std::min<int64_t>(
      numLanes, report.vectorBytes <= 4 ? 32 : 32 * 4 / report.vectorBytes);
  constexpr int64_t kNumBanks = 32, kBankBytes = 4;
  for (int64_t warp = 0; warp < plan.offsets.getHwSize(HwDim::Warp); ++warp)
    for (const std::vector<int64_t> &access : plan.accesses)
      for (int64_t first = 0; first < numLanes; first += report.lanesPerPhase) {
        // The distinct words each bank serves in this phase.
        std::map<int64_t, std::set<int64_t>> wordsOfBank;
        for (int64_t lane = first; lane < first + report.lanesPerPhase;
             ++lane) {
          int64_t offset = plan.offsets.apply(access[0], lane, warp)[0];
          int64_t byte = shared.pad(offset) * elementBytes;
          for (int64_t word = byte / kBankBytes;
               word <= (byte + report.vectorBytes - 1) / kBankBytes; ++word)
            wordsOfBank[word % kNumBanks].insert(word);
        }
        int64_t wavefronts = 1;
        for (auto &entry : wordsOfBank)
          wavefronts = std::max<int64_t>(wavefronts, entry.second.size());
        report.worstWavefronts = std::max(report.worstWavefronts, wavefronts);
      }
  report.conflicts = report.worstWavefronts - 1;
  return report;
}

//===----------------------------------------------------------------------===//
// Rendering
//===----------------------------------------------------------------------===//

std::string gluonc::summarizeSharedLayout(const SharedLayout &layout) {
  int64_t slots = layout.getAllocationElements();
  std::string text = layout.toString() + "; " +
                     std::to_string(layout.getNumElements()) + " elements";
  if (slots != layout.getNumElements())
    text += " in " + std::to_string(slots) + " slots";
  return text;
}

namespace {

std::string padLeft(const std::string &text, size_t width) {
  return text.size() >= width ? text
                              : std::string(width - text.size(), ' ') + text;
}

/// Coordinates of row-major element `index` of `shape`.
Coord coordOf(int64_t index, const std::vector<int32_t> &shape) {
  Coord coord(shape.size(), 0);
  for (size_t d = shape.size(); d-- > 0;) {
    coord[d] = static_cast<int32_t>(index % shape[d]);
    index /= shape[d];
  }
  return coord;
}

} // namespace

std::string gluonc::renderSharedLayoutTable(const SharedLayout &layout) {
  const std::vector<int32_t> &shape = layout.getShape();
  size_t rank = shape.size();
  int64_t columns = shape[rank - 1];
  int64_t rows = rank >= 2 ? shape[rank - 2] : 1;
  int64_t grids = layout.getNumElements() / (rows * columns);
  size_t cellWidth =
      std::max(std::to_string(layout.getAllocationElements() - 1).size(),
               std::to_string(columns - 1).size());
  size_t labelWidth = std::to_string(rows - 1).size();
  std::string text =
      (rank >= 2 ? "rows: dim " + std::to_string(rank - 2) + ", " : "") +
      "columns: dim " + std::to_string(rank - 1) +
      "; cells: the element's offset in the allocation, in elements\n";
  for (int64_t grid = 0; grid < grids; ++grid) {
    text += "\n";
    if (rank >= 3) {
      Coord first = coordOf(grid * rows * columns, shape);
      text += "[";
      for (size_t d = 0; d + 2 < rank; ++d)
        text += std::to_string(first[d]) + ", ";
      text += ":, :]\n";
    }
    std::string header(labelWidth, ' ');
    for (int64_t column = 0; column < columns; ++column)
      header += "  " + padLeft(std::to_string(column), cellWidth);
    text += header + "\n";
    for (int64_t row = 0; row < rows; ++row) {
      std::string line = rank >= 2 ? padLeft(std::to_string(row), labelWidth)
                                   : std::string(labelWidth, ' ');
      for (int64_t column = 0; column < columns; ++column) {
        Coord coord = coordOf((grid * rows + row) * columns + column, shape);
        line +=
            "  " + padLeft(std::to_string(layout.pad(layout.getOffset(coord))),
                           cellWidth);
      }
      text += line + "\n";
    }
  }
  return text;
}

std::string gluonc::renderSharedLayoutList(const SharedLayout &layout) {
  const std::vector<int32_t> &shape = layout.getShape();
  size_t offsetWidth =
      std::to_string(layout.getAllocationElements() - 1).size();
  std::string text;
  for (int64_t index = 0; index < layout.getNumElements(); ++index) {
    Coord coord = coordOf(index, shape);
    std::string line = "[";
    for (size_t d = 0; d < coord.size(); ++d)
      line += (d ? ", " : "") + padLeft(std::to_string(coord[d]),
                                        std::to_string(shape[d] - 1).size());
    line += "]  offset " +
            padLeft(std::to_string(layout.pad(layout.getOffset(coord))),
                    offsetWidth);
    text += line + "\n";
  }
  return text;
}

std::string gluonc::describeBankConflicts(const BankConflictReport &report) {
  std::string text =
      "bank conflicts: " + std::to_string(report.conflicts) + " (" +
      std::to_string(report.vectorBytes) + "-byte accesses, " +
      std::to_string(report.accessesPerThread) + " per thread, " +
      std::to_string(report.lanesPerPhase) + " lanes per wavefront";
  if (report.conflicts > 0)
    text += "; the worst access takes " +
            std::to_string(report.worstWavefronts) +
            " wavefronts where 1 would do";
  return text + ")";
}
