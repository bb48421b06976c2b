//===- LayoutRender.h - Drawing which thread holds which element -*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Renders a linear layout over its shape for a human: a text table with one
// cell per tensor element naming the warp, lane and register that hold it, a
// list of every holder of every element, and an SVG drawing of the table
// with one colour per warp. `gluonc layout` prints these.
//
// A linear layout is a linear map, so the holders of one element are the
// first holder XOR each hardware index that maps to the origin: every held
// element has the same number of copies. The rendering relies on that to
// stay cheap for replicated layouts. Output is deterministic: the same
// layout gives byte-identical text.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_LAYOUT_LAYOUTRENDER_H
#define GLUONC_LAYOUT_LAYOUTRENDER_H

#include "gluonc/Layout/LinearLayout.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gluonc {

/// The most elements a rendered tensor may have: 256x256. Larger tables are
/// unreadable and their SVG tens of megabytes.
constexpr int64_t kMaxRenderedElements = int64_t(1) << 16;
/// The most hardware index bits (register, lane, warp and block together)
/// a rendered layout may have, which bounds the work of finding holders.
constexpr unsigned kMaxRenderedHardwareBits = 28;

/// One place that holds an element: a register of a lane of a warp of a
/// block.
struct HardwareLocation {
  int64_t block = 0;
  int64_t warp = 0;
  int64_t lane = 0;
  int64_t reg = 0;

  bool operator==(const HardwareLocation &other) const {
    return block == other.block && warp == other.warp && lane == other.lane &&
           reg == other.reg;
  }
};

/// Which hardware locations hold each element of a layout's shape. Elements
/// are numbered in row-major order (the last dimension fastest).
class ElementHolders {
public:
  /// Enumerates every hardware index of `layout`, which must pass
  /// checkLayoutRenderable.
  explicit ElementHolders(const LinearLayout &layout);

  int64_t getNumElements() const { return firstHolder.size(); }
  /// How many locations hold each element that is held at all (1 when the
  /// layout does not replicate).
  int64_t getCopiesPerElement() const { return kernel.size(); }
  /// True when two locations holding the same element differ in `dim`.
  bool replicatesAcross(HwDim dim) const;

  /// The location with the lowest block, then warp, lane and register that
  /// holds `element`, or nothing when no thread holds it.
  std::optional<HardwareLocation> getFirstHolder(int64_t element) const;
  /// Every location holding `element`, in the order of getFirstHolder.
  std::vector<HardwareLocation> getHolders(int64_t element) const;

  /// The tensor coordinate of row-major element number `element`.
  Coord getCoord(int64_t element) const;

private:
  HardwareLocation unpack(uint64_t packed) const;

  std::vector<int32_t> shape;
  /// The width of each hardware dimension's bit field in a packed index:
  /// register bits lowest, then lane, warp and block.
  unsigned regBits, laneBits, warpBits, blockBits;
  /// The packed index of each element's first holder; kNotHeld if none.
  std::vector<uint64_t> firstHolder;
  /// The packed indices that map to the origin, ascending; 0 first.
  std::vector<uint64_t> kernel;
};

/// An empty string when `layout` is small enough to render, else why not.
std::string checkLayoutRenderable(const LinearLayout &layout);

/// `W<warp>:T<lane>:R<register>`, with a `B<block>:` prefix when
/// `showBlock`.
std::string formatHolder(const HardwareLocation &location, bool showBlock);

/// One line: the linear layout, the registers per thread and across which
/// hardware dimensions elements are replicated.
std::string summarizeLayout(const LinearLayout &layout);

/// The table of the first holder of each element: rows are dimension
/// rank-2, columns dimension rank-1 (a 1-D tensor is one row), one table per
/// index of the leading dimensions. A replicated element shows its first
/// holder and `+N`, N being how many more locations hold it.
std::string renderLayoutTable(const LinearLayout &layout);

/// One line per element in row-major order, its coordinate and every
/// location that holds it.
std::string renderLayoutList(const LinearLayout &layout);

/// An SVG drawing of the table: one cell per element coloured by the warp of
/// its first holder, the lane and register written in it, replicated
/// elements hatched with their number of copies in the corner, axis labels,
/// `title` above and a legend below. Each cell is one `<rect class="cell">`
/// whose tooltip lists all holders.
std::string renderLayoutSvg(const LinearLayout &layout,
                            const std::string &title);

} // namespace gluonc

#endif // GLUONC_LAYOUT_LAYOUTRENDER_H
