//===- LinearLayout.h - F2-linear maps from hardware to tensor indices ----===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A distributed layout says which thread holds which tensor element. gluonc
// represents every layout as a linear map over F2 (bits, with XOR as addition)
// from the hardware index (register, lane, warp, block) to the tensor
// coordinate, as Triton's linear layouts do:
//
//   L(r, l, w, b) = XOR of basis(Register, i) for every set bit i of r,
//                   XOR of basis(Lane, i)     for every set bit i of l, ...
//
// Each basis is a coordinate vector with one entry per tensor dimension. A
// zero basis means that the corresponding hardware bit does not change the
// element: the element is replicated (broadcast) across it. All sizes are
// powers of two. This file is plain C++ so that the layout algebra can be
// tested without MLIR.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_LAYOUT_LINEARLAYOUT_H
#define GLUONC_LAYOUT_LINEARLAYOUT_H

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gluonc {

struct ArchInfo;

/// The hardware index dimensions, from fastest to slowest.
enum class HwDim : unsigned { Register = 0, Lane = 1, Warp = 2, Block = 3 };
constexpr unsigned kNumHwDims = 4;
const char *hwDimName(HwDim dim);

/// A tensor coordinate, one entry per tensor dimension.
using Coord = std::vector<int32_t>;

class LinearLayout {
public:
  /// The empty layout of a tensor of `shape` (every dimension a power of two):
  /// no hardware bits, so it describes only the single element at the origin
  /// until bases are added.
  explicit LinearLayout(std::vector<int32_t> shape);

  unsigned rank() const { return shape.size(); }
  const std::vector<int32_t> &getShape() const { return shape; }
  int32_t getDimSize(unsigned dim) const { return shape[dim]; }

  /// The bases of one hardware dimension; basis i is the image of bit i.
  const std::vector<Coord> &getBases(HwDim dim) const {
    return bases[static_cast<unsigned>(dim)];
  }
  unsigned getNumBits(HwDim dim) const { return getBases(dim).size(); }
  /// How many distinct indices the hardware dimension has (2^bits).
  int64_t getHwSize(HwDim dim) const { return int64_t(1) << getNumBits(dim); }
  int64_t getNumRegisters() const { return getHwSize(HwDim::Register); }

  /// Appends a basis for the next bit of `dim`. The basis must lie inside
  /// the shape and each of its entries be zero or a power of two.
  void addBasis(HwDim dim, Coord basis);

  /// The coordinate that hardware index `index` of `dim` alone maps to.
  Coord apply(HwDim dim, int64_t index) const;
  /// The coordinate of (register, lane, warp, block).
  Coord apply(int64_t reg, int64_t lane, int64_t warp, int64_t block = 0) const;

  /// True when some non-zero index of `dim` maps to the origin, i.e. the
  /// hardware dimension replicates data (broadcast).
  bool hasBroadcast(HwDim dim) const;
  /// True when every tensor element is held somewhere.
  bool isSurjective() const;

  /// The number of leading registers that hold consecutive elements along
  /// `dim` (1 when register 1 is not the next element along `dim`).
  int64_t getContiguousRegisters(unsigned dim) const;

  /// The widest group of registers one vector access can cover along `dim`:
  /// the leading registers step through consecutive elements along `dim`,
  /// and no other basis moves along `dim` by less than the group, so every
  /// group of that many registers starts at a multiple of its size.
  int64_t getVectorizableRegisters(unsigned dim) const;

  /// The register of this thread whose constant coordinate is `coord`, if
  /// any. Registers with zero bases are never returned twice: the lowest is.
  std::optional<int64_t> findRegister(const Coord &coord) const;

  /// Removes tensor dimension `dim`, whose size must be 1, and then the
  /// register bases that have become zero (they would only duplicate data).
  LinearLayout removeDim(unsigned dim) const;
  /// Inserts a tensor dimension of size 1 at position `dim`.
  LinearLayout insertDim(unsigned dim) const;
  /// Drops all zero bases of `hwDim` (used for registers: a thread never
  /// needs two registers for the same element).
  LinearLayout removeZeroBases(HwDim hwDim) const;

  bool operator==(const LinearLayout &other) const {
    return shape == other.shape && bases == other.bases;
  }
  bool operator!=(const LinearLayout &other) const { return !(*this == other); }

  /// A deterministic one-line description, e.g.
  /// `shape [64, 16]: register [[0,1],[0,2],[1,0]] lane [...] warp [...]`.
  std::string toString() const;

private:
  std::vector<int32_t> shape;
  std::array<std::vector<Coord>, kNumHwDims> bases;
};

/// Gluon's BlockedLayout: each thread holds a sizePerThread tile, a warp
/// threadsPerWarp such tiles, a CTA warpsPerCTA warp tiles; `order` lists the
/// tensor dimensions from fastest to slowest varying.
struct BlockedLayoutSpec {
  std::vector<int32_t> sizePerThread;
  std::vector<int32_t> threadsPerWarp;
  std::vector<int32_t> warpsPerCTA;
  std::vector<int32_t> order;

  unsigned rank() const { return sizePerThread.size(); }
  /// The shape one CTA covers without repeating: the elementwise product.
  std::vector<int32_t> getCTATile() const;
  /// An empty string when the spec is well formed, else why not.
  std::string validate() const;
};

/// The BlockedLayout of `sizePerThread` and `order` for a tensor of
/// `shape` that spreads lanes, then warps, along the dimensions in
/// `order` (as many as each dimension has tiles left), the last one taking
/// what remains: as coalesced as the per-thread tile allows.
BlockedLayoutSpec spreadBlockedLayout(const std::vector<int32_t> &shape,
                                      const std::vector<int32_t> &sizePerThread,
                                      const std::vector<int32_t> &order,
                                      int32_t numWarps, int32_t warpSize);

/// The linear layout of a tensor of `shape` in a blocked layout. A tensor
/// larger than the CTA tile repeats it along registers, in `order`; a smaller
/// one drops the registers that would leave the shape and replicates across
/// the lanes and warps that would.
LinearLayout blockedToLinearLayout(const BlockedLayoutSpec &spec,
                                   const std::vector<int32_t> &shape);

/// The layout of operand `opIdx` (0: [.., M, K], 1: [.., K, N]) of an FMA
/// dot whose accumulator has the blocked layout `parent`, as Triton defines
/// it: the parent's, except that each thread holds the whole K extent in
/// registers and the lanes and warps that split K in the parent hold
/// copies.
LinearLayout fmaDotOperandToLinearLayout(const BlockedLayoutSpec &parent,
                                         unsigned opIdx,
                                         const std::vector<int32_t> &shape);

/// Gluon's AMDMFMALayout (rank 2): the accumulator of AMD's matrix
/// instructions, tiles of instrShape[0] x instrShape[1] per warp, warps
/// spread by warpsPerCTA (the last dimension fastest), tiles repeated in
/// registers to cover the shape.
struct MfmaLayoutSpec {
  unsigned version = 3;
  std::vector<int32_t> instrShape; // M, N, K; or M, N (K from the operands)
  bool transposed = false;
  std::vector<int32_t> warpsPerCTA;

  /// An empty string when gluonc supports the spec, else why not.
  std::string validate() const;
  /// Why a tensor of `shape` cannot take the layout; empty when it can
  /// (every dimension holds at least one tile; warps beyond the shape
  /// hold copies).
  std::string checkShape(const std::vector<int32_t> &shape) const;
  /// Why `arch` has no MFMA instruction for this layout with `kWidth`
  /// operand elements per lane (its MFMA generation is too old); empty
  /// when it has one. Shared by the frontend and the verifier of
  /// gluon.mfma.
  std::string checkInstruction(const ArchInfo &arch, unsigned kWidth) const;
  /// Operand elements per lane of one matrix instruction with `kWidth`
  /// elements per lane and K step: kWidth on CDNA4's layout, 4 on CDNA3's
  /// (k_width 8 is then two instructions).
  int32_t getInstrWidth(unsigned kWidth) const {
    return version == 4 ? int32_t(kWidth) : 4;
  }
  /// The K one matrix instruction sums (instr_shape's K).
  int32_t getInstrK(unsigned kWidth) const {
    return getInstrWidth(kWidth) * (64 / instrShape[0]);
  }
};

/// The accumulator layout: for 32 x 32 tiles each lane holds 16 values,
/// rows 8i..8i+3 of its column (plus 4 for the upper half-wave); for
/// 16 x 16 tiles 4 values, rows 4 * (lane / 16) + 0..3.
LinearLayout mfmaToLinearLayout(const MfmaLayoutSpec &spec,
                                const std::vector<int32_t> &shape);

/// The layout of operand `opIdx` (0: [M, K], 1: [K, N]) of an MFMA with
/// accumulator layout `parent`: each lane holds `kWidth` consecutive
/// elements along K of one row of A (column of B) per instruction; the
/// lanes beyond one tile's rows (columns) split the instruction's K.
LinearLayout mfmaDotOperandToLinearLayout(const MfmaLayoutSpec &parent,
                                          unsigned opIdx, unsigned kWidth,
                                          const std::vector<int32_t> &shape);

/// Why wgmma cannot have `n` as its N (instr_shape[1]); empty when it can.
/// The instruction takes any multiple of 8 from 8 to 256 (PTX ISA,
/// wgmma.mma_async's shapes .m64nNk*), but a linear layout covers powers of
/// two only (a tile of N = 24 columns is not an F2-linear image), so gluonc
/// takes the powers of two among them: 8, 16, ..., 256. The one rule of
/// the layout's validation and the verifier of gluon.warpgroup_mma.
std::string checkWgmmaInstrN(int64_t n);

/// Gluon's NVMMADistributedLayout (rank 2): the accumulator of NVIDIA's
/// tensor-core instructions. Version [2, 0] is Ampere's mma.sync (a warp
/// computes 16 x 8 tiles, instrShape [16, 8]); version [3, 0] is Hopper's
/// wgmma (a warpgroup of 4 warps computes 64 x N, each warp 16 rows;
/// instrShape [16, N, K]).
struct NvidiaMmaLayoutSpec {
  std::vector<int32_t> version;    // [2, 0] or [3, 0]
  std::vector<int32_t> warpsPerCTA; // [M, N]
  std::vector<int32_t> instrShape;  // [16, 8] or [16, N, K]

  unsigned getMajorVersion() const { return version.empty() ? 0 : version[0]; }
  /// An empty string when gluonc supports the spec, else why not: version
  /// 2 or 3, instrShape [16, 8] (v2) or [16, N, K] with N as
  /// checkWgmmaInstrN takes it and K 8, 16 or 32 (v3), warps powers of
  /// two, a multiple of 4 along M for v3 (whole warpgroups).
  std::string validate() const;
  /// Why a tensor of `shape` cannot take the layout; empty when it can
  /// (every dimension covers the warps' tiles).
  std::string checkShape(const std::vector<int32_t> &shape) const;
  /// Why DotOperandLayout(opIdx, this, kWidth) does not exist; empty when
  /// it does: mma.sync's A and B (version 2, opIdx 0 or 1) and wgmma's A
  /// in registers (version 3, opIdx 0), kWidth 1, 2 or 4 (one 32-bit
  /// register of 32-, 16- or 8-bit elements).
  std::string checkDotOperand(unsigned opIdx, unsigned kWidth) const;
};

/// The accumulator layout, as the PTX ISA's fragment tables give it for
/// mma.m16n8 and wgmma.m64nN: in each warp's 16 x 8 tile, lane l holds
/// rows l / 4 and l / 4 + 8 (register bit 1) of columns 2 * (l % 4) and
/// +1 (register bit 0); wider instructions repeat the tile along N in
/// registers. Warps: v3 along M first (warp w of a warpgroup owns rows
/// 16 * (w % 4)), v2 along N first. Tiles repeat in registers over the
/// shape, along N, then along M.
LinearLayout nvidiaMmaToLinearLayout(const NvidiaMmaLayoutSpec &spec,
                                     const std::vector<int32_t> &shape);

/// The register operands of NVIDIA's tensor-core instructions.
///
/// Version 3 parent (wgmma), opIdx 0 only, as the PTX ISA's fragment table
/// for wgmma's A in registers gives it: each warp of a warpgroup owns 16
/// rows; lane l holds rows l / 4 and l / 4 + 8, and in each, kWidth
/// consecutive elements of K (one 32-bit register) at kWidth * (l % 4) and
/// again 4 * kWidth further. Register order: the kWidth elements, row + 8,
/// K + 4 kWidth (one instruction's four 32-bit registers, in PTX's order),
/// then K steps, then tiles along M. Warps follow the accumulator's along
/// M and hold copies along N.
///
/// Version 2 parent (mma.sync m16n8k{8 kWidth}), as the PTX ISA's fragment
/// tables for mma.m16n8k8 (.tf32), .m16n8k16 (.f16, .bf16) and .m16n8k32
/// (.s8, .u8) give them: A's [16, 8 kWidth] tile is wgmma's per warp; in
/// B's [8 kWidth, 8] tile lane l holds column l / 4 and, along K, kWidth
/// consecutive elements at kWidth * (l % 4) and again 4 kWidth further.
/// Register order: PTX's a0.. (the kWidth elements, row + 8, K + 4 kWidth)
/// and b0.. (the kWidth elements, K + 4 kWidth), then K steps of one
/// instruction, then tiles along M (A) or N (B). Warps follow the
/// accumulator's, N first: A holds copies along N, B along M.
LinearLayout nvidiaMmaDotOperandToLinearLayout(const NvidiaMmaLayoutSpec &parent,
                                               unsigned opIdx, unsigned kWidth,
                                               const std::vector<int32_t> &shape);

/// The layout of a tensor that is `parent` with dimension `dim` removed: the
/// parent layout over the shape with a 1 inserted at `dim`, then that
/// dimension dropped. Elements are replicated across the hardware bits that
/// spanned `dim` in the parent.
LinearLayout sliceToLinearLayout(const LinearLayout &parentOfUnitDim,
                                 unsigned dim);

/// For every register of `dst`, the register of `src` that holds the element
/// `dst`'s element projects to in the same thread. The projection sends
/// dimension d of `dst` to dimension dstToSrcDim[d] of `src`, or drops it when
/// that is -1 (source dimensions nothing maps to are zero): this expresses
/// broadcast (a size-1 source dimension) and expand_dims. Empty when the lane,
/// warp and block parts disagree, i.e. when data would have to move between
/// threads.
std::optional<std::vector<int64_t>>
mapRegistersWithinThread(const LinearLayout &src, const LinearLayout &dst,
                         const std::vector<int> &dstToSrcDim);

bool isPowerOf2(int64_t value);
unsigned log2Exact(int64_t value);

/// The largest dimension of a shape (of a tensor, a layout, a shared
/// memory allocation): linear layouts index a dimension with int32 bits.
constexpr int64_t kMaxDimSize = int64_t(1) << 30;
/// The most elements a shape may hold in all, so that every size computed
/// from one (bytes, padded slots, offsets) stays far inside int64.
constexpr int64_t kMaxShapeElements = int64_t(1) << 30;

/// Why `shape` is not one gluonc accepts, to follow "shape " in a message
/// ("[3, 4]: dimensions must be powers of two up to 2^30", "[65536, 65536,
/// 65536]: more than 2^30 elements in all"); empty when it is accepted.
/// The frontend, the verifiers and `gluonc layout` all ask this.
std::string checkShape(const std::vector<int64_t> &shape);

} // namespace gluonc

#endif // GLUONC_LAYOUT_LINEARLAYOUT_H
