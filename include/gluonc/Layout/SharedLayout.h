//===- SharedLayout.h - Where shared memory keeps each element --*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A shared memory layout says at which offset of an allocation each tensor
// element lives. As for distributed layouts, gluonc represents every shared
// layout as an F2-linear map, here from the element offset to the tensor
// coordinate (Triton's "offset" input dimension):
//
//   coord(offset) = XOR of offsetBasis(i) for every set bit i of offset
//
// The map is one-to-one over the allocation, so it has an inverse, which is
// what accesses use: the offset of an element is the XOR of the offsets of
// its coordinate bits. A padded layout then inserts `padding` elements after
// every `interval` elements of that offset.
//
// Swizzling is what the map expresses beyond a row-major order: the column
// bits of an offset are XORed with some of its row bits, so that the
// elements of one column land in different banks.
//
// Allocations may have more dimensions than their layout: the leading ones
// are buffers, each a block that the layout lays out, one after another.
// Buffer dimensions may have any size (a 3-deep ring is [3, BM, BK]): the map
// is built over the shape with each buffer dimension rounded up to a power
// of two, which places buffer (i, j) where a row-major order of the rounded
// dimensions would, and the allocation ends after its last real buffer. With
// one buffer dimension, the usual case, that is exactly buffers * block
// elements; only a non-power-of-two inner buffer dimension leaves holes.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_LAYOUT_SHAREDLAYOUT_H
#define GLUONC_LAYOUT_SHAREDLAYOUT_H

#include "gluonc/Layout/LinearLayout.h"

#include <cstdint>
#include <string>
#include <vector>

namespace gluonc {

/// After every `interval` elements (of the offset before padding), skip
/// `padding` elements. Both are powers of two.
struct PaddingRule {
  int64_t interval = 1;
  int64_t padding = 1;

  bool operator==(const PaddingRule &other) const {
    return interval == other.interval && padding == other.padding;
  }
};

class SharedLayout {
public:
  /// `offsetBases[i]` is the coordinate of offset 1 << i. The bases must
  /// map the offsets [0, product(shape)) one to one onto the shape (see
  /// checkSharedLayoutBases).
  SharedLayout(std::vector<int32_t> shape, std::vector<Coord> offsetBases,
               std::vector<PaddingRule> padding = {});
  /// As above, where only offsets [0, usedElements) hold elements of the
  /// allocation (see layOutAllocation); the rest of the shape is rounding.
  SharedLayout(std::vector<int32_t> shape, std::vector<Coord> offsetBases,
               std::vector<PaddingRule> padding, int64_t usedElements);

  unsigned rank() const { return shape.size(); }
  const std::vector<int32_t> &getShape() const { return shape; }
  int64_t getNumElements() const;
  const std::vector<Coord> &getOffsetBases() const { return offsetBases; }
  unsigned getNumOffsetBits() const { return offsetBases.size(); }
  const std::vector<PaddingRule> &getPadding() const { return padding; }
  bool isPadded() const { return !padding.empty(); }

  /// The coordinate of the element at `offset` (before padding).
  Coord apply(int64_t offset) const;
  /// The offset (before padding) of the element at `coord`.
  int64_t getOffset(const Coord &coord) const;
  /// The offset (before padding) of coordinate `1 << bit` along `dim`.
  int64_t getCoordBitOffset(unsigned dim, unsigned bit) const {
    return inverse[dim][bit];
  }
  /// The OR of the offsets (before padding) of the elements of the block
  /// [0, sizes[d]) per dimension (powers of two): the bits an element's
  /// offset may have relative to the block's first.
  int64_t getBlockOffsetBits(const std::vector<int64_t> &sizes) const;
  /// `offset` with the padding inserted before it.
  int64_t pad(int64_t offset) const;
  /// Elements the allocation spans, padding included.
  int64_t getAllocationElements() const;
  /// Offsets (before padding) below this hold the allocation's elements.
  int64_t getUsedElements() const { return usedElements; }

  bool operator==(const SharedLayout &other) const {
    return shape == other.shape && offsetBases == other.offsetBases &&
           padding == other.padding;
  }
  bool operator!=(const SharedLayout &other) const { return !(*this == other); }

  /// A deterministic one-line description, e.g.
  /// `shape [8, 8]: offset [[0,1], [0,2], [0,4], [1,1], ...]`.
  std::string toString() const;

private:
  std::vector<int32_t> shape;
  std::vector<Coord> offsetBases;
  std::vector<PaddingRule> padding;
  int64_t usedElements = 0;
  /// inverse[dim][bit]: the offset of coordinate 1 << bit along dim.
  std::vector<std::vector<int64_t>> inverse;
};

/// Why `offsetBases` cannot be the bases of a shared layout of `shape` (not
/// one to one, wrong rank, outside the shape); empty when they can.
std::string checkSharedLayoutBases(const std::vector<int32_t> &shape,
                                   const std::vector<Coord> &offsetBases);

//===----------------------------------------------------------------------===//
// Named layouts
//===----------------------------------------------------------------------===//

/// Gluon's SwizzledSharedLayout(vec, per_phase, max_phase, order): `order`
/// lists the dimensions from fastest to slowest; row r of the two fastest
/// dimensions has its columns XORed with vec * ((r / per_phase) % max_phase).
struct SwizzledSharedSpec {
  int32_t vec = 1;
  int32_t perPhase = 1;
  int32_t maxPhase = 1;
  std::vector<int32_t> order;

  unsigned rank() const { return order.size(); }
  /// An empty string when the spec is well formed, else why not.
  std::string validate() const;
};

/// Gluon's NVMMASharedLayout(swizzle_byte_width, element_bitwidth, rank,
/// transposed): the layout wgmma and TMA read. Rows of swizzleBytes bytes
/// (the contiguous dimension: the last, or the first when transposed) are
/// stored one after another; in each group of 8 rows, row r has its 16-byte
/// chunks XORed with (r / (128 / swizzleBytes)) % (swizzleBytes / 16); a
/// box of fewer rows has the group's first rows.
struct NVMMASharedSpec {
  int32_t swizzleBytes = 0;
  int32_t elementBitWidth = 16;
  int32_t rank = 2;
  bool transposed = false;

  std::string validate() const;
  /// Elements per 16-byte chunk (the swizzle's unit); 1 when unswizzled.
  int32_t getVec() const;
  int32_t getPerPhase() const;
  int32_t getMaxPhase() const;
};

/// Gluon's PaddedSharedLayout: a linear component (an order, meaning the
/// identity in that order, or explicit offset bases for a fixed shape) and
/// padding after intervals.
struct PaddedSharedSpec {
  std::vector<PaddingRule> padding;
  /// Identity component in this order (fastest first) when non-empty...
  std::vector<int32_t> order;
  /// ...else these bases over exactly `shape`.
  std::vector<Coord> offsetBases;
  std::vector<int32_t> shape;

  unsigned rank() const { return order.empty() ? shape.size() : order.size(); }
  std::string validate() const;
};

/// Why a layout of `layoutRank` dimensions cannot lay out an allocation of
/// `allocShape` (fewer dimensions, a laid-out dimension that is not a power
/// of two, more than 2^30 elements once buffer dimensions are rounded up);
/// empty if it can. Buffer dimensions may have any positive size.
std::string checkAllocationShape(unsigned layoutRank,
                                 const std::vector<int32_t> &allocShape);

/// `allocShape` with each of its leading `allocShape.size() - layoutRank`
/// (buffer) dimensions rounded up to a power of two: the shape a shared
/// layout's map covers.
std::vector<int32_t> roundBufferDims(const std::vector<int32_t> &allocShape,
                                     unsigned layoutRank);

/// The layout of an allocation of `allocShape`: the spec lays out its last
/// spec.rank() dimensions, the leading ones are buffers, row-major above.
SharedLayout swizzledToSharedLayout(const SwizzledSharedSpec &spec,
                                    const std::vector<int32_t> &allocShape);

/// The box one TMA message moves for a block of `shape` in `spec`
/// (Triton's getTMABlockShape): every dimension at most 256, the contiguous
/// one exactly one swizzle row when swizzled. Blocks repeat it, dimension 0
/// first; nvmmaToSharedLayout keeps each box contiguous.
std::vector<int64_t> getTMABoxShape(const NVMMASharedSpec &spec,
                                    const std::vector<int32_t> &shape);

/// Why `spec` cannot lay out `allocShape`: the contiguous dimension is
/// narrower than one swizzle row; empty when it can. Fewer than 8 rows
/// (a [4, 256] buffer, a [1, 128] box) hold the first rows of the swizzle
/// pattern.
std::string checkNVMMAShape(const NVMMASharedSpec &spec,
                            const std::vector<int32_t> &allocShape);
/// The rows of swizzle width in a TMA box of `spec` (getTMABoxShape): the
/// product of the dimensions other than the contiguous one. With fewer
/// than 8, a box is shorter than the swizzle's period, which TMA computes
/// from shared memory address bits.
int64_t getTMABoxRows(const NVMMASharedSpec &spec,
                      const std::vector<int64_t> &box);
SharedLayout nvmmaToSharedLayout(const NVMMASharedSpec &spec,
                                 const std::vector<int32_t> &allocShape);

/// Why `spec` cannot lay out `allocShape` (explicit bases are for another
/// shape); empty when it can.
std::string checkPaddedShape(const PaddedSharedSpec &spec,
                             const std::vector<int32_t> &allocShape);
SharedLayout paddedToSharedLayout(const PaddedSharedSpec &spec,
                                  const std::vector<int32_t> &allocShape);

/// A layout given by its offset bases alone (Gluon's SharedLinearLayout),
/// for an allocation of `allocShape` whose last dimensions the bases span.
SharedLayout linearToSharedLayout(const std::vector<Coord> &offsetBases,
                                  const std::vector<int32_t> &allocShape);

/// The shape the offset bases of a SharedLinearLayout span: in each
/// dimension, the smallest power of two above every entry.
std::vector<int32_t> getSharedLinearShape(const std::vector<Coord> &bases);

//===----------------------------------------------------------------------===//
// Accesses from distributed layouts
//===----------------------------------------------------------------------===//

/// The F2-linear map from (register, lane, warp, block) to the offset
/// (before padding) of the element held there, for a tensor in `distributed`
/// stored in `shared`: a 1-D linear layout over the allocation's offsets.
/// The tensor's shape lies inside the allocation's, coordinates being the
/// same in both.
LinearLayout composeWithOffsets(const LinearLayout &distributed,
                                const SharedLayout &shared);

/// How a thread moves its registers to or from shared memory.
struct SharedAccessPlan {
  /// Hardware index to offset (before padding); see composeWithOffsets.
  LinearLayout offsets{std::vector<int32_t>{1}};
  /// Elements per vector access, a power of two.
  int64_t vectorElements = 1;
  /// For each bit j of the position in a vector, the register bit that
  /// moves the offset by 1 << j.
  std::vector<unsigned> vectorRegisterBits;
  /// One entry per vector access: its registers, in offset order. Only
  /// registers holding distinct elements are accessed.
  std::vector<std::vector<int64_t>> accesses;
  /// For every register, the accessed register that holds its element
  /// (itself, unless the layout repeats the element in this thread).
  std::vector<int64_t> sourceRegister;
};

/// Plans the accesses of a thread: vectors as wide as the offsets of
/// consecutive register bits allow, at most `maxVectorBytes`, aligned, and
/// within one padding interval.
SharedAccessPlan planSharedAccess(const LinearLayout &distributed,
                                  const SharedLayout &shared,
                                  unsigned elementBits,
                                  unsigned maxVectorBytes = 16);

/// The bank conflicts of a warp storing (or loading) a tensor in
/// `distributed` into `shared` with the vector accesses planSharedAccess
/// chooses. Shared memory serves 32 banks of 4 bytes per wavefront; a warp's
/// vector access is split into phases of 32, 16 or 8 lanes (accesses of up
/// to 4, 8 or 16 bytes), each ideally one wavefront. Conflicts are the extra
/// wavefronts the worst phase needs: the most distinct 4-byte words one bank
/// holds, minus one, as Triton's gl.bank_conflicts counts them.
struct BankConflictReport {
  int64_t vectorBytes = 0;
  /// Vector accesses per thread.
  int64_t accessesPerThread = 0;
  /// Lanes served together, ideally in one wavefront.
  int64_t lanesPerPhase = 32;
  /// Wavefronts of the worst phase.
  int64_t worstWavefronts = 1;
  /// Extra wavefronts of the worst phase.
  int64_t conflicts = 0;
};

BankConflictReport analyzeBankConflicts(const LinearLayout &distributed,
                                        const SharedLayout &shared,
                                        unsigned elementBits);

//===----------------------------------------------------------------------===//
// Rendering (gluonc layout)
//===----------------------------------------------------------------------===//

/// One line: the offset bases, the padding, and the slots the allocation
/// spans.
std::string summarizeSharedLayout(const SharedLayout &layout);

/// The table of the offset (padding included) of each element: rows are
/// dimension rank-2, columns dimension rank-1 (a 1-D shape is one row),
/// one table per index of the leading dimensions.
std::string renderSharedLayoutTable(const SharedLayout &layout);

/// One line per element in row-major order: its coordinate and offset.
std::string renderSharedLayoutList(const SharedLayout &layout);

/// One line about `report`: the conflicts, the access width, the accesses
/// per thread and the lanes served per wavefront.
std::string describeBankConflicts(const BankConflictReport &report);

} // namespace gluonc

#endif // GLUONC_LAYOUT_SHAREDLAYOUT_H
