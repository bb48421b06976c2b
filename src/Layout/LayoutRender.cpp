//===- LayoutRender.cpp - Drawing which thread holds which element --------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "gluonc/Layout/LayoutRender.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>
#include <set>

using namespace gluonc;

static constexpr uint64_t kNotHeld = std::numeric_limits<uint64_t>::max();

static int64_t countElements(const std::vector<int32_t> &shape) {
  int64_t count = 1;
  for (int32_t size : shape)
    count *= size;
  return count;
}

static unsigned countTrailingZeros(uint64_t value) {
  unsigned zeros = 0;
  while (!(value & 1)) {
    value >>= 1;
    ++zeros;
  }
  return zeros;
}

/// The row-major number of `coord`. Every dimension is a power of two, so
/// each coordinate occupies its own bit field and the numbering is linear
/// over F2: the number of a XOR of coordinates is the XOR of their numbers.
static uint64_t rowMajorIndex(const Coord &coord,
                              const std::vector<int32_t> &shape) {
  uint64_t index = 0;
  for (size_t d = 0; d < shape.size(); ++d)
    index = index * shape[d] + coord[d];
  return index;
}

//===----------------------------------------------------------------------===//
// ElementHolders
//===----------------------------------------------------------------------===//

ElementHolders::ElementHolders(const LinearLayout &layout)
    : shape(layout.getShape()),
      regBits(layout.getNumBits(HwDim::Register)),
      laneBits(layout.getNumBits(HwDim::Lane)),
      warpBits(layout.getNumBits(HwDim::Warp)),
      blockBits(layout.getNumBits(HwDim::Block)),
      firstHolder(countElements(layout.getShape()), kNotHeld) {
  assert(checkLayoutRenderable(layout).empty() && "layout too large");
  // The element each bit of a packed hardware index moves to.
  std::vector<uint64_t> bitImages;
  for (HwDim dim :
       {HwDim::Register, HwDim::Lane, HwDim::Warp, HwDim::Block})
    for (const Coord &basis : layout.getBases(dim))
      bitImages.push_back(rowMajorIndex(basis, shape));

  // Walk all hardware indices in Gray-code order: consecutive indices differ
  // in one bit, so each element number is one XOR away from the previous.
  uint64_t numIndices = uint64_t(1) << bitImages.size();
  uint64_t element = 0;
  for (uint64_t step = 0; step < numIndices; ++step) {
    if (step != 0)
      element ^= bitImages[countTrailingZeros(step)];
    uint64_t packed = step ^ (step >> 1);
    firstHolder[element] = std::min(firstHolder[element], packed);
    if (element == 0)
      kernel.push_back(packed);
  }
  std::sort(kernel.begin(), kernel.end());
}

HardwareLocation ElementHolders::unpack(uint64_t packed) const {
  auto take = [&](unsigned bits) {
    int64_t field = static_cast<int64_t>(packed & ((uint64_t(1) << bits) - 1));
    packed >>= bits;
    return field;
  };
  HardwareLocation location;
  location.reg = take(regBits);
  location.lane = take(laneBits);
  location.warp = take(warpBits);
  location.block = take(blockBits);
  return location;
}

bool ElementHolders::replicatesAcross(HwDim dim) const {
  for (uint64_t packed : kernel) {
    HardwareLocation location = unpack(packed);
    int64_t field = dim == HwDim::Register ? location.reg
                    : dim == HwDim::Lane   ? location.lane
                    : dim == HwDim::Warp   ? location.warp
                                           : location.block;
    if (field != 0)
      return true;
  }
  return false;
}

std::optional<HardwareLocation>
ElementHolders::getFirstHolder(int64_t element) const {
  if (firstHolder[element] == kNotHeld)
    return std::nullopt;
  return unpack(firstHolder[element]);
}

std::vector<HardwareLocation>
ElementHolders::getHolders(int64_t element) const {
  uint64_t first = firstHolder[element];
  if (first == kNotHeld)
    return {};
  // The layout is linear: the holders are the first one XOR the kernel.
  std::vector<uint64_t> packed;
  for (uint64_t zero : kernel)
    packed.push_back(first ^ zero);
  std::sort(packed.begin(), packed.end());
  std::vector<HardwareLocation> holders;
  for (uint64_t index : packed)
    holders.push_back(unpack(index));
  return holders;
}

Coord ElementHolders::getCoord(int64_t element) const {
  Coord coord(shape.size(), 0);
  for (size_t d = shape.size(); d-- > 0;) {
    coord[d] = static_cast<int32_t>(element % shape[d]);
    element /= shape[d];
  }
  return coord;
}

//===----------------------------------------------------------------------===//
// Text
//===----------------------------------------------------------------------===//

std::string gluonc::checkLayoutRenderable(const LinearLayout &layout) {
  int64_t elements = countElements(layout.getShape());
  if (elements > kMaxRenderedElements)
    return "the tensor has " + std::to_string(elements) +
           " elements; at most " + std::to_string(kMaxRenderedElements) +
           " can be shown";
  unsigned bits = 0;
  for (HwDim dim : {HwDim::Register, HwDim::Lane, HwDim::Warp, HwDim::Block})
    bits += layout.getNumBits(dim);
  if (bits > kMaxRenderedHardwareBits)
    return "the layout has 2^" + std::to_string(bits) +
           " (register, lane, warp, block) indices; at most 2^" +
           std::to_string(kMaxRenderedHardwareBits) + " can be shown";
  return "";
}

std::string gluonc::formatHolder(const HardwareLocation &location,
                                 bool showBlock) {
  std::string text =
      showBlock ? "B" + std::to_string(location.block) + ":" : "";
  return text + "W" + std::to_string(location.warp) + ":T" +
         std::to_string(location.lane) + ":R" + std::to_string(location.reg);
}

static std::string formatCoord(const Coord &coord) {
  std::string text = "[";
  for (size_t d = 0; d < coord.size(); ++d)
    text += (d ? ", " : "") + std::to_string(coord[d]);
  return text + "]";
}

static std::string padRight(std::string text, size_t width) {
  if (text.size() < width)
    text.append(width - text.size(), ' ');
  return text;
}

static std::string padLeft(const std::string &text, size_t width) {
  return text.size() < width ? std::string(width - text.size(), ' ') + text
                             : text;
}

/// "registers", "lanes and warps", "registers, lanes and warps".
static std::string joinWords(const std::vector<std::string> &words) {
  std::string text;
  for (size_t i = 0; i < words.size(); ++i) {
    if (i)
      text += i + 1 == words.size() ? " and " : ", ";
    text += words[i];
  }
  return text;
}

static std::string describeReplication(const ElementHolders &holders) {
  if (holders.getCopiesPerElement() == 1)
    return "no replication";
  std::vector<std::string> dims;
  for (HwDim dim : {HwDim::Register, HwDim::Lane, HwDim::Warp, HwDim::Block})
    if (holders.replicatesAcross(dim))
      dims.push_back(std::string(hwDimName(dim)) + "s");
  return std::to_string(holders.getCopiesPerElement()) +
         " copies of each element, across " + joinWords(dims);
}

std::string gluonc::summarizeLayout(const LinearLayout &layout) {
  ElementHolders holders(layout);
  std::string text = layout.toString() + "; " +
                     std::to_string(layout.getNumRegisters()) +
                     (layout.getNumRegisters() == 1 ? " register"
                                                    : " registers") +
                     " per thread; " + describeReplication(holders);
  int64_t unheld = 0;
  for (int64_t element = 0; element < holders.getNumElements(); ++element)
    unheld += !holders.getFirstHolder(element);
  if (unheld)
    text += "; " + std::to_string(unheld) + " elements held by no thread";
  return text;
}

namespace {
/// How a tensor of any rank is cut into 2-D grids: rows are dimension
/// rank-2, columns dimension rank-1, one grid per index of the others.
struct GridShape {
  explicit GridShape(const std::vector<int32_t> &shape)
      : rank(shape.size()),
        rows(shape.size() >= 2 ? shape[shape.size() - 2] : 1),
        columns(shape.back()),
        grids(countElements(shape) / (rows * columns)) {
    assert(rank != 0 && "a rendered tensor has at least one dimension");
  }

  int64_t element(int64_t grid, int64_t row, int64_t column) const {
    return (grid * rows + row) * columns + column;
  }
  /// "[2, :, :]" for grid 2 of a rank-3 tensor; empty below rank 3.
  std::string gridHeading(const ElementHolders &holders, int64_t grid) const {
    if (rank < 3)
      return "";
    Coord coord = holders.getCoord(element(grid, 0, 0));
    std::string text = "[";
    for (size_t d = 0; d + 2 < rank; ++d)
      text += std::to_string(coord[d]) + ", ";
    return text + ":, :]";
  }
  /// "rows: dim 0, columns: dim 1" or, for 1-D, "columns: dim 0".
  std::string axes() const {
    std::string columnAxis = "columns: dim " + std::to_string(rank - 1);
    if (rank < 2)
      return columnAxis;
    return "rows: dim " + std::to_string(rank - 2) + ", " + columnAxis;
  }

  size_t rank;
  int64_t rows;
  int64_t columns;
  int64_t grids;
};
} // namespace

static bool hasBlocks(const LinearLayout &layout) {
  return layout.getNumBits(HwDim::Block) != 0;
}

/// The text of one table cell: the first holder and, for a replicated
/// element, how many more hold it.
static std::string formatCell(const ElementHolders &holders, int64_t element,
                              bool showBlock) {
  std::optional<HardwareLocation> first = holders.getFirstHolder(element);
  if (!first)
    return "-";
  std::string text = formatHolder(*first, showBlock);
  if (holders.getCopiesPerElement() > 1)
    text += "+" + std::to_string(holders.getCopiesPerElement() - 1);
  return text;
}

static std::string tableLegend(const LinearLayout &layout,
                               const ElementHolders &holders,
                               const GridShape &grid) {
  std::string text = grid.axes() + "; cells: " +
                     (hasBlocks(layout) ? "B<block>:" : "") +
                     "W<warp>:T<lane>:R<register>";
  if (holders.getCopiesPerElement() > 1)
    text += ", +N: N more copies elsewhere";
  return text + "\n";
}

std::string gluonc::renderLayoutTable(const LinearLayout &layout) {
  ElementHolders holders(layout);
  GridShape grid(layout.getShape());
  bool showBlock = hasBlocks(layout);
  std::vector<std::string> cells;
  size_t cellWidth = std::to_string(grid.columns - 1).size();
  for (int64_t element = 0; element < holders.getNumElements(); ++element) {
    cells.push_back(formatCell(holders, element, showBlock));
    cellWidth = std::max(cellWidth, cells.back().size());
  }
  size_t labelWidth = std::to_string(grid.rows - 1).size();

  std::string text = tableLegend(layout, holders, grid);
  for (int64_t g = 0; g < grid.grids; ++g) {
    text += "\n";
    if (grid.rank >= 3)
      text += grid.gridHeading(holders, g) + "\n";
    std::string header = std::string(labelWidth, ' ');
    for (int64_t column = 0; column < grid.columns; ++column)
      header += "  " + padRight(std::to_string(column), cellWidth);
    while (!header.empty() && header.back() == ' ')
      header.pop_back();
    text += header + "\n";
    for (int64_t row = 0; row < grid.rows; ++row) {
      // A 1-D tensor has no row index to print.
      std::string line = grid.rank >= 2
                             ? padLeft(std::to_string(row), labelWidth)
                             : std::string(labelWidth, ' ');
      for (int64_t column = 0; column < grid.columns; ++column)
        line += "  " + padRight(cells[grid.element(g, row, column)],
                                column + 1 < grid.columns ? cellWidth : 0);
      text += line + "\n";
    }
  }
  return text;
}

/// `[ 3, 12]`: each entry right-aligned to the widest index of its
/// dimension, so that the coordinates of a list line up.
static std::string formatAlignedCoord(const Coord &coord,
                                      const std::vector<int32_t> &shape) {
  std::string text = "[";
  for (size_t d = 0; d < coord.size(); ++d)
    text += (d ? ", " : "") +
            padLeft(std::to_string(coord[d]),
                    std::to_string(shape[d] - 1).size());
  return text + "]";
}

std::string gluonc::renderLayoutList(const LinearLayout &layout) {
  ElementHolders holders(layout);
  bool showBlock = hasBlocks(layout);
  std::string text;
  for (int64_t element = 0; element < holders.getNumElements(); ++element) {
    std::string line =
        formatAlignedCoord(holders.getCoord(element), layout.getShape());
    std::vector<HardwareLocation> locations = holders.getHolders(element);
    if (locations.empty())
      line += "  -";
    for (const HardwareLocation &location : locations)
      line += "  " + formatHolder(location, showBlock);
    text += line + "\n";
  }
  return text;
}

//===----------------------------------------------------------------------===//
// SVG
//===----------------------------------------------------------------------===//

namespace {
/// Sizes in pixels. Text is monospace, about 0.6 em wide per character.
constexpr int kPadding = 16;
constexpr int kCellHeight = 30;
constexpr int kMinCellWidth = 48;
constexpr int kLabelCharWidth = 7;
constexpr int kIndexCharWidth = 6;
constexpr int kTitleHeight = 28;
constexpr int kAxisLabelWidth = 24;
constexpr int kWarpStripHeight = 5;
constexpr int kLegendEntryWidth = 88;
constexpr int kLegendLineHeight = 22;
constexpr int kMinLegendWidth = 560;

/// Appends SVG text with the attributes given and `content` escaped.
class SvgWriter {
public:
  void open(const std::string &tag, const std::string &attributes) {
    body += "<" + tag + (attributes.empty() ? "" : " " + attributes) + ">";
  }
  void close(const std::string &tag) { body += "</" + tag + ">"; }
  void element(const std::string &tag, const std::string &attributes) {
    body += "<" + tag + " " + attributes + "/>";
  }
  void text(const std::string &attributes, const std::string &content) {
    open("text", attributes);
    body += escape(content);
    close("text");
  }
  void newline() { body += "\n"; }
  void raw(const std::string &text) { body += text; }

  static std::string escape(const std::string &text) {
    std::string escaped;
    for (char c : text) {
      switch (c) {
      case '&':
        escaped += "&amp;";
        break;
      case '<':
        escaped += "&lt;";
        break;
      case '>':
        escaped += "&gt;";
        break;
      case '"':
        escaped += "&quot;";
        break;
      default:
        escaped += c;
      }
    }
    return escaped;
  }

  std::string body;
};

std::string attr(const char *name, int64_t value) {
  return std::string(name) + "=\"" + std::to_string(value) + "\" ";
}

std::string attr(const char *name, const std::string &value) {
  return std::string(name) + "=\"" + SvgWriter::escape(value) + "\" ";
}

std::string box(int64_t x, int64_t y, int64_t width, int64_t height) {
  return attr("x", x) + attr("y", y) + attr("width", width) +
         attr("height", height);
}

std::string at(int64_t x, int64_t y) { return attr("x", x) + attr("y", y); }

/// A light colour for warp `warp`. Hues step by about the golden angle, so
/// neighbouring warps get clearly different hues however many there are.
std::string warpColour(int64_t warp) {
  double hue = static_cast<double>((warp * 137) % 360);
  double saturation = 0.70, lightness = 0.80;
  double chroma = (1 - std::fabs(2 * lightness - 1)) * saturation;
  double sector = hue / 60;
  double second = chroma * (1 - std::fabs(std::fmod(sector, 2) - 1));
  double rgb[3] = {0, 0, 0};
  int sectorIndex = static_cast<int>(sector);
  static const int kChromaChannel[6] = {0, 1, 1, 2, 2, 0};
  static const int kSecondChannel[6] = {1, 0, 2, 1, 0, 2};
  rgb[kChromaChannel[sectorIndex]] = chroma;
  rgb[kSecondChannel[sectorIndex]] = second;
  static const char kHex[] = "0123456789abcdef";
  std::string colour = "#";
  for (double channel : rgb) {
    int value = static_cast<int>(
        std::lround((channel + lightness - chroma / 2) * 255));
    colour += kHex[value / 16];
    colour += kHex[value % 16];
  }
  return colour;
}

const char *kSvgStyle =
    "<style>"
    "text{font-family:'DejaVu Sans Mono',monospace;fill:#222}"
    ".title{font-size:14px;font-weight:bold}"
    ".axis{font-size:12px;font-style:italic}"
    ".index{font-size:10px;fill:#666}"
    ".label{font-size:11px;text-anchor:middle}"
    ".count{font-size:8px;text-anchor:end;font-weight:bold}"
    ".legend{font-size:11px}"
    ".cell{stroke:#fff;stroke-width:1}"
    "</style>\n"
    "<defs><pattern id=\"hatch\" width=\"6\" height=\"6\" "
    "patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\">"
    "<line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#000\" "
    "stroke-opacity=\"0.22\" stroke-width=\"2\"/></pattern></defs>\n";

/// Draws the tables of a layout, then its legend, growing downwards.
class SvgLayoutDrawing {
public:
  SvgLayoutDrawing(const LinearLayout &layout, const std::string &title)
      : layout(layout), title(title), holders(layout),
        grid(layout.getShape()), showBlock(hasBlocks(layout)) {
    size_t longestLabel = 0;
    for (int64_t element = 0; element < holders.getNumElements(); ++element)
      if (std::optional<HardwareLocation> first =
              holders.getFirstHolder(element))
        longestLabel = std::max(longestLabel, cellLabel(*first).size());
    cellWidth = std::max<int64_t>(
        kMinCellWidth, kLabelCharWidth * int64_t(longestLabel) + 12);
    int64_t rowLabelWidth =
        grid.rank >= 2
            ? kIndexCharWidth * int64_t(std::to_string(grid.rows - 1).size()) +
                  8
            : 0;
    gridX = kPadding + (grid.rank >= 2 ? kAxisLabelWidth : 0) + rowLabelWidth;
    width = std::max<int64_t>(gridX + grid.columns * cellWidth + kPadding,
                              kMinLegendWidth + 2 * kPadding);
  }

  std::string render() {
    svg.text(at(kPadding, kPadding + 14) + attr("class", "title"), title);
    svg.newline();
    y = kPadding + kTitleHeight;
    for (int64_t g = 0; g < grid.grids; ++g)
      drawGrid(g);
    drawLegend();
    int64_t height = y + kPadding;
    return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
           "<svg xmlns=\"http://www.w3.org/2000/svg\" " +
           attr("width", width) + attr("height", height) + "viewBox=\"0 0 " +
           std::to_string(width) + " " + std::to_string(height) + "\">\n" +
           kSvgStyle + "<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n" +
           svg.body + "</svg>\n";
  }

private:
  /// What a cell says; its colour says the warp.
  std::string cellLabel(const HardwareLocation &location) const {
    std::string label =
        showBlock ? "B" + std::to_string(location.block) + ":" : "";
    return label + "T" + std::to_string(location.lane) + ":R" +
           std::to_string(location.reg);
  }

  void drawAxes(int64_t g) {
    if (grid.rank >= 3) {
      svg.text(at(kPadding, y + 14) + attr("class", "axis"),
               "slice " + grid.gridHeading(holders, g));
      y += 22;
    }
    int64_t gridWidth = grid.columns * cellWidth;
    svg.text(at(gridX + gridWidth / 2, y + 12) + attr("class", "axis") +
                 attr("text-anchor", "middle"),
             "dim " + std::to_string(grid.rank - 1) + " \u2192");
    y += 18;
    for (int64_t column = 0; column < grid.columns; ++column)
      svg.text(at(gridX + column * cellWidth + cellWidth / 2, y + 10) +
                   attr("class", "index") + attr("text-anchor", "middle"),
               std::to_string(column));
    y += 14;
    svg.newline();
    if (grid.rank < 2)
      return;
    int64_t middleY = y + grid.rows * kCellHeight / 2;
    int64_t axisX = kPadding + 6;
    svg.text(at(axisX, middleY) + attr("class", "axis") +
                 attr("text-anchor", "middle") +
                 attr("transform", "rotate(90 " + std::to_string(axisX) +
                                       " " + std::to_string(middleY) + ")"),
             "dim " + std::to_string(grid.rank - 2) + " \u2192");
    for (int64_t row = 0; row < grid.rows; ++row)
      svg.text(at(gridX - 6, y + row * kCellHeight + kCellHeight / 2 + 4) +
                   attr("class", "index") + attr("text-anchor", "end"),
               std::to_string(row));
    svg.newline();
  }

  void drawCell(int64_t element, int64_t x, int64_t cellY) {
    std::vector<HardwareLocation> locations = holders.getHolders(element);
    std::string tooltip = formatCoord(holders.getCoord(element)) + ":";
    for (const HardwareLocation &location : locations)
      tooltip += " " + formatHolder(location, showBlock);
    if (locations.empty())
      tooltip += " held by no thread";
    svg.open("g", "");
    svg.raw("<title>" + SvgWriter::escape(tooltip) + "</title>");
    std::string fill =
        locations.empty() ? "#eeeeee" : warpColour(locations.front().warp);
    svg.element("rect", attr("class", "cell") +
                            box(x, cellY, cellWidth, kCellHeight) +
                            attr("fill", fill));
    if (locations.size() > 1) {
      svg.element("rect", attr("class", "hatch") +
                              box(x, cellY, cellWidth, kCellHeight) +
                              attr("fill", "url(#hatch)"));
      svg.text(at(x + cellWidth - 3, cellY + 9) + attr("class", "count"),
               "\u00d7" + std::to_string(locations.size()));
      drawWarpStrip(locations, x, cellY);
    }
    svg.text(at(x + cellWidth / 2, cellY + 21) + attr("class", "label"),
             locations.empty() ? "-" : cellLabel(locations.front()));
    svg.close("g");
    svg.newline();
  }

  /// Along the bottom of a cell whose copies live in several warps, one
  /// band in the colour of each of those warps.
  void drawWarpStrip(const std::vector<HardwareLocation> &locations,
                     int64_t x, int64_t cellY) {
    std::set<int64_t> warps;
    for (const HardwareLocation &location : locations)
      warps.insert(location.warp);
    if (warps.size() < 2)
      return;
    int64_t band = 0, numBands = warps.size();
    for (int64_t warp : warps) {
      int64_t left = x + band * cellWidth / numBands;
      int64_t right = x + (band + 1) * cellWidth / numBands;
      svg.element("rect", box(left, cellY + kCellHeight - kWarpStripHeight,
                              right - left, kWarpStripHeight) +
                              attr("fill", warpColour(warp)));
      ++band;
    }
  }

  void drawGrid(int64_t g) {
    drawAxes(g);
    for (int64_t row = 0; row < grid.rows; ++row)
      for (int64_t column = 0; column < grid.columns; ++column)
        drawCell(grid.element(g, row, column), gridX + column * cellWidth,
                 y + row * kCellHeight);
    y += grid.rows * kCellHeight + 24;
  }

  void drawLegend() {
    svg.text(at(kPadding, y + 12) + attr("class", "legend"),
             std::string("Each cell: ") + (showBlock ? "B<block>:" : "") +
                 "T<lane>:R<register> of the warp its colour shows; hover "
                 "for every holder.");
    y += kLegendLineHeight;
    int64_t numWarps = layout.getHwSize(HwDim::Warp);
    int64_t perLine =
        std::max<int64_t>(1, (width - 2 * kPadding) / kLegendEntryWidth);
    for (int64_t warp = 0; warp < numWarps; ++warp) {
      int64_t x = kPadding + (warp % perLine) * kLegendEntryWidth;
      int64_t entryY = y + (warp / perLine) * kLegendLineHeight;
      svg.element("rect", attr("class", "swatch") + box(x, entryY, 16, 16) +
                              attr("fill", warpColour(warp)));
      svg.text(at(x + 22, entryY + 12) + attr("class", "legend"),
               "warp " + std::to_string(warp));
    }
    y += ((numWarps + perLine - 1) / perLine) * kLegendLineHeight;
    svg.newline();
    if (holders.getCopiesPerElement() > 1)
      drawReplicationLegend();
  }

  void drawReplicationLegend() {
    svg.element("rect", attr("class", "swatch") + box(kPadding, y, 16, 16) +
                            attr("fill", "#dddddd"));
    svg.element("rect", box(kPadding, y, 16, 16) + attr("fill", "url(#hatch)"));
    std::string copies = std::to_string(holders.getCopiesPerElement());
    svg.text(at(kPadding + 22, y + 12) + attr("class", "legend"),
             "hatched, \u00d7" + copies + ": the element is held " + copies +
                 " times; the cell names the first holder" +
                 (holders.replicatesAcross(HwDim::Warp)
                      ? ", the strip below it the warps of all copies"
                      : ""));
    y += kLegendLineHeight;
    svg.newline();
  }

  const LinearLayout &layout;
  std::string title;
  ElementHolders holders;
  GridShape grid;
  bool showBlock;
  int64_t cellWidth = kMinCellWidth;
  int64_t gridX = 0;
  int64_t width = 0;
  int64_t y = 0;
  SvgWriter svg;
};
} // namespace

std::string gluonc::renderLayoutSvg(const LinearLayout &layout,
                                    const std::string &title) {
  return SvgLayoutDrawing(layout, title).render();
}
