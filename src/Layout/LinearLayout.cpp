//===- LinearLayout.cpp - F2-linear layouts -------------------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "gluonc/Layout/LinearLayout.h"

#include "gluonc/Target/ArchInfo.h"

#include <algorithm>
#include <cassert>
#include <sstream>

using namespace gluonc;

bool gluonc::isPowerOf2(int64_t value) {
  return value > 0 && (value & (value - 1)) == 0;
}

std::string gluonc::checkShape(const std::vector<int64_t> &shape) {
  std::string text = "[";
  for (size_t d = 0; d < shape.size(); ++d)
    text += (d ? ", " : "") + std::to_string(shape[d]);
  text += "]";
  int64_t elements = 1;
  for (int64_t size : shape) {
    if (!isPowerOf2(size) || size > kMaxDimSize)
      return text + ": dimensions must be powers of two up to 2^30";
    // Both factors are at most 2^30: no overflow.
    elements *= size;
    if (elements > kMaxShapeElements)
      return text + ": more than 2^30 elements in all";
  }
  return "";
}

unsigned gluonc::log2Exact(int64_t value) {
  assert(isPowerOf2(value) && "log2Exact of a non-power of two");
  unsigned bits = 0;
  while ((int64_t(1) << bits) < value)
    ++bits;
  return bits;
}

const char *gluonc::hwDimName(HwDim dim) {
  switch (dim) {
  case HwDim::Register:
    return "register";
  case HwDim::Lane:
    return "lane";
  case HwDim::Warp:
    return "warp";
  case HwDim::Block:
    return "block";
  }
  return "?";
}

static const HwDim kAllHwDims[] = {HwDim::Register, HwDim::Lane, HwDim::Warp,
                                   HwDim::Block};

static bool isZero(const Coord &coord) {
  for (int32_t c : coord)
    if (c != 0)
      return false;
  return true;
}

static void xorInto(Coord &acc, const Coord &basis) {
  for (size_t i = 0; i < acc.size(); ++i)
    acc[i] ^= basis[i];
}

LinearLayout::LinearLayout(std::vector<int32_t> shape)
    : shape(std::move(shape)) {
  assert(std::all_of(this->shape.begin(), this->shape.end(),
                     [](int32_t size) { return isPowerOf2(size); }) &&
         "layout dimensions must be powers of two");
}

void LinearLayout::addBasis(HwDim dim, Coord basis) {
  assert(basis.size() == rank() && "basis rank mismatch");
  for (unsigned d = 0; d < rank(); ++d)
    assert(basis[d] >= 0 && basis[d] < shape[d] && "basis outside the shape");
  bases[static_cast<unsigned>(dim)].push_back(std::move(basis));
}

Coord LinearLayout::apply(HwDim dim, int64_t index) const {
  Coord result(rank(), 0);
  const std::vector<Coord> &dimBases = getBases(dim);
  for (size_t bit = 0; bit < dimBases.size(); ++bit)
    if (index & (int64_t(1) << bit))
      xorInto(result, dimBases[bit]);
  return result;
}

Coord LinearLayout::apply(int64_t reg, int64_t lane, int64_t warp,
                          int64_t block) const {
  Coord result = apply(HwDim::Register, reg);
  xorInto(result, apply(HwDim::Lane, lane));
  xorInto(result, apply(HwDim::Warp, warp));
  xorInto(result, apply(HwDim::Block, block));
  return result;
}

/// The coordinate bits of a basis as one word: dimension 0 lowest.
static uint64_t packBasis(const Coord &basis,
                          const std::vector<int32_t> &shape) {
  uint64_t packed = 0;
  unsigned shift = 0;
  for (size_t d = 0; d < shape.size(); ++d) {
    packed |= uint64_t(basis[d]) << shift;
    shift += log2Exact(shape[d]);
  }
  return packed;
}

std::string gluonc::MfmaLayoutSpec::checkInstruction(const ArchInfo &arch,
                                                     unsigned kWidth) const {
  // k_width 8 with CDNA4's layout selects its doubled-K instructions
  // (v_mfma_f32_32x32x16 / 16x16x32), which only MFMA generation 4 (CDNA4,
  // gfx950) has; with CDNA3's it is two CDNA3 instructions, each on half
  // of every lane's elements.
  if (kWidth == 8 && version == 4 && arch.features.mfmaVersion < 4)
    return "k_width 8 on a CDNA4 layout needs the doubled-K instructions "
           "only --arch gfx950 has (this is " +
           arch.name + "); on a CDNA3 layout k_width 8 is two instructions";
  return "";
}

namespace {
/// Gaussian elimination over F2, one basis at a time: tells whether a new
/// vector depends on those added before.
class F2Span {
public:
  /// Adds `vector`; false when it was already in the span.
  bool add(uint64_t vector) {
    for (uint64_t row : rows)
      if ((vector ^ row) < vector)
        vector ^= row;
    if (vector == 0)
      return false;
    rows.push_back(vector);
    // Rows sorted by leading bit, highest first, keep the reduction above a
    // proper elimination.
    for (size_t i = rows.size() - 1; i > 0 && rows[i] > rows[i - 1]; --i)
      std::swap(rows[i], rows[i - 1]);
    return true;
  }
  size_t rank() const { return rows.size(); }

private:
  std::vector<uint64_t> rows;
};
} // namespace

bool LinearLayout::hasBroadcast(HwDim dim) const {
  // A map is injective iff its bases are linearly independent.
  F2Span span;
  for (const Coord &basis : getBases(dim))
    if (!span.add(packBasis(basis, shape)))
      return true;
  return false;
}

bool LinearLayout::isSurjective() const {
  // The image covers the shape iff all bases together span every
  // coordinate bit.
  unsigned coordBits = 0;
  for (int32_t size : shape)
    coordBits += log2Exact(size);
  F2Span span;
  for (HwDim hw : kAllHwDims)
    for (const Coord &basis : getBases(hw))
      span.add(packBasis(basis, shape));
  return span.rank() == coordBits;
}

int64_t LinearLayout::getContiguousRegisters(unsigned dim) const {
  const std::vector<Coord> &regBases = getBases(HwDim::Register);
  int64_t count = 1;
  for (const Coord &basis : regBases) {
    Coord expected(rank(), 0);
    expected[dim] = static_cast<int32_t>(count);
    if (basis != expected)
      break;
    count *= 2;
  }
  return count;
}

int64_t LinearLayout::getVectorizableRegisters(unsigned dim) const {
  int64_t group = getContiguousRegisters(dim);
  unsigned runBits = log2Exact(group);
  for (HwDim hw : kAllHwDims) {
    const std::vector<Coord> &dimBases = getBases(hw);
    for (size_t bit = hw == HwDim::Register ? runBits : 0;
         bit < dimBases.size(); ++bit)
      while (group > 1 && (dimBases[bit][dim] & (group - 1)) != 0)
        group /= 2;
  }
  return group;
}

std::optional<int64_t> LinearLayout::findRegister(const Coord &coord) const {
  int64_t numRegs = getNumRegisters();
  for (int64_t reg = 0; reg < numRegs; ++reg)
    if (apply(HwDim::Register, reg) == coord)
      return reg;
  return std::nullopt;
}

LinearLayout LinearLayout::removeDim(unsigned dim) const {
  assert(dim < rank() && shape[dim] == 1 && "only a unit dimension goes");
  std::vector<int32_t> newShape = shape;
  newShape.erase(newShape.begin() + dim);
  LinearLayout result(newShape);
  for (HwDim hw : kAllHwDims) {
    for (Coord basis : getBases(hw)) {
      basis.erase(basis.begin() + dim);
      result.addBasis(hw, std::move(basis));
    }
  }
  return result.removeZeroBases(HwDim::Register);
}

LinearLayout LinearLayout::insertDim(unsigned dim) const {
  assert(dim <= rank() && "insertion point out of range");
  std::vector<int32_t> newShape = shape;
  newShape.insert(newShape.begin() + dim, 1);
  LinearLayout result(newShape);
  for (HwDim hw : kAllHwDims) {
    for (Coord basis : getBases(hw)) {
      basis.insert(basis.begin() + dim, 0);
      result.addBasis(hw, std::move(basis));
    }
  }
  return result;
}

LinearLayout LinearLayout::removeZeroBases(HwDim hwDim) const {
  LinearLayout result(shape);
  for (HwDim hw : kAllHwDims)
    for (const Coord &basis : getBases(hw))
      if (hw != hwDim || !isZero(basis))
        result.addBasis(hw, basis);
  return result;
}

static void printCoordList(std::ostringstream &os,
                           const std::vector<Coord> &coords) {
  os << '[';
  for (size_t i = 0; i < coords.size(); ++i) {
    if (i)
      os << ", ";
    os << '[';
    for (size_t d = 0; d < coords[i].size(); ++d)
      os << (d ? "," : "") << coords[i][d];
    os << ']';
  }
  os << ']';
}

std::string LinearLayout::toString() const {
  std::ostringstream os;
  os << "shape [";
  for (size_t d = 0; d < shape.size(); ++d)
    os << (d ? ", " : "") << shape[d];
  os << "]:";
  for (HwDim hw : kAllHwDims) {
    if (getBases(hw).empty())
      continue;
    os << ' ' << hwDimName(hw) << ' ';
    printCoordList(os, getBases(hw));
  }
  return os.str();
}

//===----------------------------------------------------------------------===//
// Named layouts
//===----------------------------------------------------------------------===//

std::vector<int32_t> BlockedLayoutSpec::getCTATile() const {
  std::vector<int32_t> tile(rank());
  for (unsigned d = 0; d < rank(); ++d)
    tile[d] = sizePerThread[d] * threadsPerWarp[d] * warpsPerCTA[d];
  return tile;
}

std::string BlockedLayoutSpec::validate() const {
  unsigned r = rank();
  if (r == 0)
    return "a blocked layout needs at least one dimension";
  if (threadsPerWarp.size() != r || warpsPerCTA.size() != r ||
      order.size() != r)
    return "size_per_thread, threads_per_warp, warps_per_cta and order must "
           "have the same length";
  auto allPow2 = [](const std::vector<int32_t> &values) {
    for (int32_t v : values)
      if (!isPowerOf2(v))
        return false;
    return true;
  };
  if (!allPow2(sizePerThread))
    return "size_per_thread entries must be powers of two";
  if (!allPow2(threadsPerWarp))
    return "threads_per_warp entries must be powers of two";
  if (!allPow2(warpsPerCTA))
    return "warps_per_cta entries must be powers of two";
  std::vector<bool> seen(r, false);
  for (int32_t d : order) {
    if (d < 0 || d >= static_cast<int32_t>(r) || seen[d])
      return "order must be a permutation of 0.." + std::to_string(r - 1);
    seen[d] = true;
  }
  return "";
}

/// Adds to `hwDim` the bases that step through `count` consecutive elements
/// along tensor dimension `dim`, starting at stride `stride`.
static void addUnitBases(LinearLayout &layout, HwDim hwDim, unsigned dim,
                         int64_t stride, int64_t count) {
  for (int64_t step = 1; step < count; step *= 2) {
    Coord basis(layout.rank(), 0);
    int64_t value = stride * step;
    // Bits that fall outside a smaller tensor replicate: registers are
    // dropped (a thread holds each element once), other levels broadcast.
    if (value >= layout.getDimSize(dim)) {
      if (hwDim == HwDim::Register)
        continue;
    } else {
      basis[dim] = static_cast<int32_t>(value);
    }
    layout.addBasis(hwDim, std::move(basis));
  }
}

BlockedLayoutSpec
gluonc::spreadBlockedLayout(const std::vector<int32_t> &shape,
                            const std::vector<int32_t> &sizePerThread,
                            const std::vector<int32_t> &order, int32_t numWarps,
                            int32_t warpSize) {
  size_t rank = shape.size();
  BlockedLayoutSpec spec{sizePerThread, std::vector<int32_t>(rank, 1),
                         std::vector<int32_t>(rank, 1), order};
  int32_t lanesLeft = warpSize, warpsLeft = numWarps;
  for (size_t i = 0; i + 1 < rank; ++i) {
    int32_t d = order[i];
    int32_t tiles = std::max(1, shape[d] / sizePerThread[d]);
    spec.threadsPerWarp[d] = std::min(tiles, lanesLeft);
    lanesLeft /= spec.threadsPerWarp[d];
    int32_t tilesLeft = std::max(1, tiles / spec.threadsPerWarp[d]);
    spec.warpsPerCTA[d] = std::min(tilesLeft, warpsLeft);
    warpsLeft /= spec.warpsPerCTA[d];
  }
  // The slowest dimension takes the lanes and warps left, replicating
  // where it has fewer tiles.
  spec.threadsPerWarp[order[rank - 1]] = lanesLeft;
  spec.warpsPerCTA[order[rank - 1]] = warpsLeft;
  return spec;
}

LinearLayout gluonc::blockedToLinearLayout(const BlockedLayoutSpec &spec,
                                           const std::vector<int32_t> &shape) {
  assert(spec.validate().empty() && shape.size() == spec.rank());
  LinearLayout layout(shape);
  const std::vector<int32_t> *levels[] = {&spec.sizePerThread,
                                          &spec.threadsPerWarp,
                                          &spec.warpsPerCTA};
  HwDim levelDims[] = {HwDim::Register, HwDim::Lane, HwDim::Warp};
  // stride[d]: how far one step of the current level moves along d.
  std::vector<int64_t> stride(spec.rank(), 1);
  for (unsigned level = 0; level < 3; ++level) {
    for (int32_t dim : spec.order) {
      int64_t count = (*levels[level])[dim];
      addUnitBases(layout, levelDims[level], dim, stride[dim], count);
      stride[dim] *= count;
    }
  }
  // Tile a larger tensor by more registers, fastest dimension first.
  for (int32_t dim : spec.order) {
    int64_t tiles = shape[dim] / stride[dim];
    if (tiles > 1)
      addUnitBases(layout, HwDim::Register, dim, stride[dim], tiles);
  }
  return layout;
}

LinearLayout gluonc::sliceToLinearLayout(const LinearLayout &parentOfUnitDim,
                                         unsigned dim) {
  return parentOfUnitDim.removeDim(dim);
}

std::optional<std::vector<int64_t>>
gluonc::mapRegistersWithinThread(const LinearLayout &src,
                                 const LinearLayout &dst,
                                 const std::vector<int> &dstToSrcDim) {
  assert(dstToSrcDim.size() == dst.rank() && "one entry per dst dimension");
  auto project = [&](const Coord &coord) {
    Coord result(src.rank(), 0);
    for (unsigned d = 0; d < dst.rank(); ++d)
      if (dstToSrcDim[d] >= 0)
        result[dstToSrcDim[d]] = coord[d];
    return result;
  };
  for (HwDim hw : {HwDim::Lane, HwDim::Warp, HwDim::Block}) {
    if (src.getNumBits(hw) != dst.getNumBits(hw))
      return std::nullopt;
    for (unsigned bit = 0; bit < dst.getNumBits(hw); ++bit)
      if (project(dst.getBases(hw)[bit]) != src.getBases(hw)[bit])
        return std::nullopt;
  }
  std::vector<int64_t> mapping;
  mapping.reserve(dst.getNumRegisters());
  for (int64_t reg = 0; reg < dst.getNumRegisters(); ++reg) {
    std::optional<int64_t> srcReg =
        src.findRegister(project(dst.apply(HwDim::Register, reg)));
    if (!srcReg)
      return std::nullopt;
    mapping.push_back(*srcReg);
  }
  return mapping;
}

LinearLayout
gluonc::fmaDotOperandToLinearLayout(const BlockedLayoutSpec &parent,
                                    unsigned opIdx,
                                    const std::vector<int32_t> &shape) {
  // Triton builds the registers as the parent's with the K extent widened
  // to the whole of K, and the lanes and warps as the parent's with their
  // K bits zeroed. A blocked layout whose per-thread K extent is the whole
  // of K is exactly that: the lanes and warps it would place beyond K fall
  // outside the shape and so replicate.
  BlockedLayoutSpec spec = parent;
  unsigned kDim = opIdx == 0 ? shape.size() - 1 : shape.size() - 2;
  spec.sizePerThread[kDim] = shape[kDim];
  return blockedToLinearLayout(spec, shape);
}

//===----------------------------------------------------------------------===//
// AMD MFMA
//===----------------------------------------------------------------------===//

std::string gluonc::MfmaLayoutSpec::validate() const {
  if (version != 3 && version != 4)
    return "not supported yet: AMDMFMALayout version " +
           std::to_string(version) + " (3: gfx942, 4: gfx950)";
  // Triton 3.6 and older spell the shape [M, N]: K follows from the
  // operands (getInstrK).
  if ((instrShape.size() != 2 && instrShape.size() != 3) ||
      !((instrShape[0] == 32 && instrShape[1] == 32) ||
        (instrShape[0] == 16 && instrShape[1] == 16)))
    return "not supported yet: an MFMA instr_shape other than [32, 32, K] "
           "or [16, 16, K] (or [32, 32] and [16, 16])";
  if (warpsPerCTA.size() != 2)
    return "an AMDMFMALayout needs 2 warps_per_cta entries";
  for (int32_t warps : warpsPerCTA)
    if (warps < 1 || (warps & (warps - 1)))
      return "warps_per_cta entries must be powers of two";
  return "";
}

namespace {

/// Why a tensor of `shape` cannot take a matrix-instruction layout `name`
/// whose warps cover instrShape[d] * warpsPerCTA[d] along each dimension.
std::string checkWarpTiles(const char *name,
                           const std::vector<int32_t> &instrShape,
                           const std::vector<int32_t> &warpsPerCTA,
                           const std::vector<int32_t> &shape) {
  if (shape.size() != 2)
    return std::string("an ") + name + " distributes 2-D tensors";
  for (unsigned d = 0; d < 2; ++d)
    if (shape[d] < instrShape[d] * warpsPerCTA[d])
      return "dimension " + std::to_string(d) + " (" +
             std::to_string(shape[d]) + ") is smaller than the warps' tiles (" +
             std::to_string(instrShape[d] * warpsPerCTA[d]) + ")";
  return "";
}

} // namespace

std::string
gluonc::MfmaLayoutSpec::checkShape(const std::vector<int32_t> &shape) const {
  // Warps beyond the shape hold copies (the layout's clamped bases) and
  // compute the same tiles, as in Triton; one tile is the least.
  if (shape.size() != 2)
    return "an AMDMFMALayout distributes 2-D tensors";
  for (unsigned d = 0; d < 2; ++d)
    if (shape[d] < instrShape[d])
      return "dimension " + std::to_string(d) + " (" +
             std::to_string(shape[d]) + ") is smaller than the instruction's " +
             std::to_string(instrShape[d]);
  return "";
}

namespace {

/// Adds `basis`, with the entries that leave the shape zeroed: a tensor
/// smaller than the layout's tile holds copies there, as with a blocked
/// layout.
void addClamped(LinearLayout &layout, HwDim hw, Coord basis) {
  for (unsigned d = 0; d < basis.size(); ++d)
    if (basis[d] >= layout.getDimSize(d))
      basis[d] = 0;
  layout.addBasis(hw, basis);
}

/// The bits of `count` (a power of two) as bases along `dim`: basis i
/// moves by `step << i`.
void addSteps(LinearLayout &layout, HwDim hw, unsigned dim, int32_t step,
              int32_t count) {
  for (int32_t moved = 1; moved < count; moved *= 2) {
    Coord basis(layout.rank(), 0);
    basis[dim] = step * moved;
    addClamped(layout, hw, basis);
  }
}

/// `bits` zero bases: hardware bits that hold copies.
void addCopies(LinearLayout &layout, HwDim hw, int32_t count) {
  for (int32_t moved = 1; moved < count; moved *= 2)
    layout.addBasis(hw, Coord(layout.rank(), 0));
}

/// Warp bits in the accumulator's order (the last dimension fastest); a
/// dimension an operand does not have (`dropDim`) gets copies.
void addMfmaWarps(LinearLayout &layout, const MfmaLayoutSpec &spec,
                  int dropDim) {
  for (int dim = 1; dim >= 0; --dim) {
    if (dim == dropDim)
      addCopies(layout, HwDim::Warp, spec.warpsPerCTA[dim]);
    else
      addSteps(layout, HwDim::Warp, dim, spec.instrShape[dim],
               spec.warpsPerCTA[dim]);
  }
}

} // namespace

LinearLayout gluonc::mfmaToLinearLayout(const MfmaLayoutSpec &spec,
                                        const std::vector<int32_t> &shape) {
  LinearLayout layout(shape);
  int32_t tile = spec.instrShape[0];
  // A transposed layout is the instruction's result for B^T A^T: its rows
  // are the columns of the plain one.
  unsigned resultDim = spec.transposed ? 1 : 0; // a lane's results run along
  unsigned laneDim = 1 - resultDim;
  auto along = [&](unsigned dim, int32_t step) {
    Coord coord(2, 0);
    coord[dim] = step;
    return coord;
  };
  if (tile == 32) {
    // Registers: rows 1, 2, 8, 16; lanes: columns 1..16, then row 4.
    for (int32_t row : {1, 2, 8, 16})
      addClamped(layout, HwDim::Register, along(resultDim, row));
    addSteps(layout, HwDim::Lane, laneDim, 1, 32);
    addClamped(layout, HwDim::Lane, along(resultDim, 4));
  } else {
    // Registers: rows 1, 2; lanes: columns 1..8, then rows 4, 8.
    for (int32_t row : {1, 2})
      addClamped(layout, HwDim::Register, along(resultDim, row));
    addSteps(layout, HwDim::Lane, laneDim, 1, 16);
    addClamped(layout, HwDim::Lane, along(resultDim, 4));
    addClamped(layout, HwDim::Lane, along(resultDim, 8));
  }
  addMfmaWarps(layout, spec, /*dropDim=*/-1);
  // Tiles repeat in registers: along N, then along M.
  for (int dim = 1; dim >= 0; --dim) {
    int32_t covered = spec.instrShape[dim] * spec.warpsPerCTA[dim];
    addSteps(layout, HwDim::Register, dim, covered, shape[dim] / covered);
  }
  return layout;
}

std::string gluonc::NvidiaMmaLayoutSpec::checkDotOperand(
    unsigned opIdx, unsigned kWidth) const {
  if (getMajorVersion() == 2) {
    if (opIdx > 1)
      return "an mma_v2 operand index is 0 (A) or 1 (B), got " +
             std::to_string(opIdx);
    if (kWidth != 1 && kWidth != 2 && kWidth != 4)
      return "k_width of an mma_v2 operand is 32 / element bits (1, 2 or "
             "4), got " +
             std::to_string(kWidth);
    return "";
  }
  if (opIdx != 0)
    return "wgmma reads B from shared memory: only operand 0 (A) of a "
           "version 3 NVMMADistributedLayout is in registers";
  if (kWidth != 1 && kWidth != 2 && kWidth != 4)
    return "k_width of wgmma's A is 32 / element bits (1, 2 or 4), got " +
           std::to_string(kWidth);
  return "";
}

std::string gluonc::NvidiaMmaLayoutSpec::validate() const {
  if (version.size() != 2 || (version[0] != 2 && version[0] != 3) ||
      version[1] != 0)
    return "not supported yet: NVMMADistributedLayout version other than "
           "[2, 0] (Ampere's mma) or [3, 0] (Hopper's wgmma)";
  if (warpsPerCTA.size() != 2)
    return "an NVMMADistributedLayout needs 2 warps_per_cta entries";
  for (int32_t warps : warpsPerCTA)
    if (warps < 1 || (warps & (warps - 1)))
      return "warps_per_cta entries must be powers of two";
  if (version[0] == 2) {
    if (instrShape != std::vector<int32_t>{16, 8})
      return "an NVMMADistributedLayout of version [2, 0] has instr_shape "
             "[16, 8]";
    return "";
  }
  if (instrShape.size() != 3 || instrShape[0] != 16)
    return "a wgmma's instr_shape is [16, N, K]";
  if (std::string problem = checkWgmmaInstrN(instrShape[1]); !problem.empty())
    return problem;
  if (instrShape[2] != 8 && instrShape[2] != 16 && instrShape[2] != 32)
    return "a wgmma's K (instr_shape[2]) is 8 (tf32), 16 (fp16, bf16) or "
           "32 (8-bit), got " +
           std::to_string(instrShape[2]);
  if (warpsPerCTA[0] % kWarpGroupWarps != 0)
    return "a wgmma accumulator is computed by warpgroups of " +
           std::to_string(kWarpGroupWarps) +
           " warps along M: warps_per_cta[0] must be a multiple of " +
           std::to_string(kWarpGroupWarps) + ", got " +
           std::to_string(warpsPerCTA[0]);
  return "";
}

std::string gluonc::checkWgmmaInstrN(int64_t n) {
  // Powers of two from 8 on are multiples of 8.
  if (n < 8 || n > 256 || !isPowerOf2(n))
    return "a wgmma's N (instr_shape[1]) must be a power of two from 8 to "
           "256, got " +
           std::to_string(n) +
           " (wgmma takes multiples of 8, a linear layout powers of two)";
  return "";
}

std::string gluonc::NvidiaMmaLayoutSpec::checkShape(
    const std::vector<int32_t> &shape) const {
  return checkWarpTiles("NVMMADistributedLayout", instrShape, warpsPerCTA,
                        shape);
}

LinearLayout
gluonc::nvidiaMmaToLinearLayout(const NvidiaMmaLayoutSpec &spec,
                                const std::vector<int32_t> &shape) {
  LinearLayout layout(shape);
  // One warp's 16 x 8 tile: registers column +1, row +8; lanes columns
  // 2, 4, then rows 1, 2, 4.
  addClamped(layout, HwDim::Register, {0, 1});
  addClamped(layout, HwDim::Register, {8, 0});
  addSteps(layout, HwDim::Lane, 1, 2, 4);
  addSteps(layout, HwDim::Lane, 0, 1, 8);
  // A wider instruction repeats the tile along N in registers.
  addSteps(layout, HwDim::Register, 1, 8, spec.instrShape[1] / 8);
  // Warps: a warpgroup's 4 warps own consecutive 16-row slices (wgmma),
  // so v3 spreads warps along M first; mma.sync warps go along N first.
  std::vector<unsigned> warpOrder =
      spec.getMajorVersion() == 3 ? std::vector<unsigned>{0, 1}
                                  : std::vector<unsigned>{1, 0};
  for (unsigned dim : warpOrder)
    addSteps(layout, HwDim::Warp, dim, spec.instrShape[dim],
             spec.warpsPerCTA[dim]);
  // Tiles repeat in registers: along N, then along M.
  for (int dim = 1; dim >= 0; --dim) {
    int32_t covered = spec.instrShape[dim] * spec.warpsPerCTA[dim];
    addSteps(layout, HwDim::Register, dim, covered, shape[dim] / covered);
  }
  return layout;
}

namespace {

/// mma.sync's A (opIdx 0, [M, K]) or B (opIdx 1, [K, N]) for a version 2
/// parent (see nvidiaMmaDotOperandToLinearLayout).
LinearLayout mmaV2OperandToLinearLayout(const NvidiaMmaLayoutSpec &parent,
                                        unsigned opIdx, unsigned kWidth,
                                        const std::vector<int32_t> &shape) {
  LinearLayout layout(shape);
  unsigned kDim = opIdx == 0 ? 1 : 0;
  unsigned ownDim = 1 - kDim; // M for A, N for B
  int32_t width = int32_t(kWidth);
  Coord rowStep(2, 0), kStep(2, 0);
  rowStep[0] = 8;
  kStep[kDim] = 4 * width;
  // One instruction's fragment: kWidth elements of K in a 32-bit register;
  // A's rows + 8 (B has 8 columns only); the second half of K.
  addSteps(layout, HwDim::Register, kDim, 1, width);
  if (opIdx == 0)
    addClamped(layout, HwDim::Register, rowStep);
  addClamped(layout, HwDim::Register, kStep);
  // Lanes: l % 4 along K, l / 4 along the operand's own dimension.
  addSteps(layout, HwDim::Lane, kDim, width, 4);
  addSteps(layout, HwDim::Lane, ownDim, 1, 8);
  // Warps in the accumulator's order (N first); K is not split.
  for (unsigned dim : {1u, 0u}) {
    if (dim == ownDim)
      addSteps(layout, HwDim::Warp, dim, parent.instrShape[dim],
               parent.warpsPerCTA[dim]);
    else
      addCopies(layout, HwDim::Warp, parent.warpsPerCTA[dim]);
  }
  // K steps of one instruction (8 kWidth), then tiles along M (N).
  addSteps(layout, HwDim::Register, kDim, 8 * width, shape[kDim] / (8 * width));
  int32_t covered = parent.instrShape[ownDim] * parent.warpsPerCTA[ownDim];
  addSteps(layout, HwDim::Register, ownDim, covered, shape[ownDim] / covered);
  return layout;
}

} // namespace

LinearLayout gluonc::nvidiaMmaDotOperandToLinearLayout(
    const NvidiaMmaLayoutSpec &parent, unsigned opIdx, unsigned kWidth,
    const std::vector<int32_t> &shape) {
  if (parent.getMajorVersion() == 2)
    return mmaV2OperandToLinearLayout(parent, opIdx, kWidth, shape);
  assert(opIdx == 0 && parent.getMajorVersion() == 3 &&
         "only wgmma's A operand is in registers");
  LinearLayout layout(shape);
  int32_t width = int32_t(kWidth);
  addSteps(layout, HwDim::Register, 1, 1, width);
  addClamped(layout, HwDim::Register, {8, 0});
  addClamped(layout, HwDim::Register, {0, 4 * width});
  addSteps(layout, HwDim::Lane, 1, width, 4);
  addSteps(layout, HwDim::Lane, 0, 1, 8);
  addSteps(layout, HwDim::Warp, 0, 16, parent.warpsPerCTA[0]);
  addCopies(layout, HwDim::Warp, parent.warpsPerCTA[1]);
  // K steps of one instruction each, then tiles along M.
  addSteps(layout, HwDim::Register, 1, 8 * width, shape[1] / (8 * width));
  int32_t coveredM = 16 * parent.warpsPerCTA[0];
  addSteps(layout, HwDim::Register, 0, coveredM, shape[0] / coveredM);
  return layout;
}

LinearLayout
gluonc::mfmaDotOperandToLinearLayout(const MfmaLayoutSpec &parent,
                                     unsigned opIdx, unsigned kWidth,
                                     const std::vector<int32_t> &shape) {
  LinearLayout layout(shape);
  unsigned kDim = opIdx == 0 ? 1 : 0;
  unsigned nonK = 1 - kDim;
  int32_t tile = parent.instrShape[0];
  // Lanes along K after the tile's rows (A) or columns (B): 2 groups for
  // 32-wide tiles, 4 for 16-wide ones.
  int32_t kGroups = 64 / tile;
  int32_t instrK = int32_t(kWidth) * kGroups;
  addSteps(layout, HwDim::Register, kDim, 1, int32_t(kWidth));
  addSteps(layout, HwDim::Lane, nonK, 1, tile);
  addSteps(layout, HwDim::Lane, kDim, int32_t(kWidth), kGroups);
  // The operand's warps follow the accumulator's along its own M (N)
  // dimension and copy along the other.
  for (int dim = 1; dim >= 0; --dim) {
    bool ownDim = (opIdx == 0 && dim == 0) || (opIdx == 1 && dim == 1);
    if (ownDim)
      addSteps(layout, HwDim::Warp, nonK, parent.instrShape[dim],
               parent.warpsPerCTA[dim]);
    else
      addCopies(layout, HwDim::Warp, parent.warpsPerCTA[dim]);
  }
  // K steps, then tiles along M (N), in registers.
  addSteps(layout, HwDim::Register, kDim, instrK, shape[kDim] / instrK);
  int32_t covered = parent.instrShape[opIdx == 0 ? 0 : 1] *
                    parent.warpsPerCTA[opIdx == 0 ? 0 : 1];
  addSteps(layout, HwDim::Register, nonK, covered, shape[nonK] / covered);
  return layout;
}
