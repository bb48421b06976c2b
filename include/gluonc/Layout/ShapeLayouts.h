//===- ShapeLayouts.h - Layouts of permute, reshape, join, split -*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Gluon infers the layout of the result of `permute`, `reshape`, `join` and
// `split` so that each thread holds the same elements before and after: the
// operation only renames registers. On linear layouts the inference is
// exact and always possible for permute, reshape and join (the bases are
// relabelled); split needs its last dimension held in registers. Like
// Triton, gluonc keeps a BlockedLayout when the input is one and the result
// can be one, and falls back to a linear layout otherwise.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_LAYOUT_SHAPELAYOUTS_H
#define GLUONC_LAYOUT_SHAPELAYOUTS_H

#include "gluonc/Layout/LinearLayout.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace gluonc {

/// An empty string when `order` is a permutation of 0 .. rank-1.
std::string checkPermutation(const std::vector<int32_t> &order,
                             unsigned rank);

/// The layout of `permute(x, order)`: result dimension d is dimension
/// order[d] of the input.
LinearLayout permuteLayout(const LinearLayout &layout,
                           const std::vector<int32_t> &order);
BlockedLayoutSpec permuteBlocked(const BlockedLayoutSpec &spec,
                                 const std::vector<int32_t> &order);

/// The layout of `reshape(x, shape)`: the row-major order of the elements
/// is kept, so each basis is the same row-major offset, re-read in `shape`.
LinearLayout reshapeLayout(const LinearLayout &layout,
                           const std::vector<int32_t> &shape);

/// The layout of `join(a, b)`: a new last dimension of size 2 held by a new
/// lowest register bit.
LinearLayout joinLayout(const LinearLayout &layout);
BlockedLayoutSpec joinBlocked(const BlockedLayoutSpec &spec);

/// The layout of each result of `split(x)`: the last dimension (size 2)
/// must be held by one register bit, which is dropped. Null, with the
/// reason in `why`, when it is not.
std::optional<LinearLayout> splitLayout(const LinearLayout &layout,
                                        std::string &why);
/// The blocked result of a split whose last dimension is two registers of
/// every thread; null for other blocked layouts (their split result is
/// linear).
std::optional<BlockedLayoutSpec> splitBlocked(const BlockedLayoutSpec &spec);

/// A blocked layout whose linear layout (for the same shape) is `layout`,
/// if there is one. Orders are tried most-minor-last first, so row-major
/// spellings win.
std::optional<BlockedLayoutSpec> matchBlockedLayout(const LinearLayout &layout);

/// Where a result register's element comes from.
struct RegisterSource {
  unsigned input = 0;
  int64_t reg = 0;
};

/// Maps a coordinate of the result to the input it comes from and its
/// coordinate there. It must be affine over F2 (a permutation, reshape,
/// join or split of coordinates is).
using CoordToInput = std::function<std::pair<unsigned, Coord>(const Coord &)>;

/// For each register of `result`, the register of one of `inputs` (which
/// share one layout) that holds the same element in the same thread. Null,
/// with the reason in `why`, when some element would change thread.
std::optional<std::vector<RegisterSource>>
renameRegisters(const LinearLayout &input, const LinearLayout &result,
                const CoordToInput &toInput, std::string &why);

/// The coordinate maps of the four operations, for renameRegisters.
CoordToInput permuteCoordMap(const std::vector<int32_t> &order);
CoordToInput reshapeCoordMap(const std::vector<int32_t> &inputShape,
                             const std::vector<int32_t> &resultShape);
/// Result coordinate (c..., k) comes from input k at (c...).
CoordToInput joinCoordMap();
/// Result `half` (0 or 1) at (c...) comes from the input at (c..., half).
CoordToInput splitCoordMap(unsigned half);

} // namespace gluonc

#endif // GLUONC_LAYOUT_SHAPELAYOUTS_H
