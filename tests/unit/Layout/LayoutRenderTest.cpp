//===- LayoutRenderTest.cpp - Layout tables and drawings against apply() --===//

#include "gluonc/Layout/LayoutRender.h"

#include <catch2/catch.hpp>

#include <regex>
#include <set>
#include <sstream>

using namespace gluonc;

namespace {
// Gluon's layout tutorial example: each thread a 2x4 tile, a warp 16x2
// threads, 2x2 warps, dimension 1 fastest. It covers 64x16 exactly.
BlockedLayoutSpec tutorialLayout() {
  return BlockedLayoutSpec{{2, 4}, {16, 2}, {2, 2}, {1, 0}};
}

std::vector<std::string> splitLines(const std::string &text) {
  std::vector<std::string> lines;
  std::istringstream stream(text);
  for (std::string line; std::getline(stream, line);)
    lines.push_back(line);
  return lines;
}

std::vector<std::string> splitWords(const std::string &line) {
  std::vector<std::string> words;
  std::istringstream stream(line);
  for (std::string word; stream >> word;)
    words.push_back(word);
  return words;
}

/// The cells of a 2-D table as renderLayoutTable prints it: a legend line,
/// an empty line, a header of column numbers, then one line per row that
/// starts with the row number.
std::vector<std::vector<std::string>> parseTable(const std::string &table) {
  std::vector<std::string> lines = splitLines(table);
  REQUIRE(lines.size() > 3);
  CHECK(lines[1].empty());
  std::vector<std::vector<std::string>> rows;
  for (size_t i = 3; i < lines.size(); ++i) {
    std::vector<std::string> words = splitWords(lines[i]);
    REQUIRE(!words.empty());
    CHECK(words[0] == std::to_string(rows.size()));
    rows.emplace_back(words.begin() + 1, words.end());
  }
  return rows;
}

struct ParsedCell {
  HardwareLocation location;
  int64_t moreCopies = 0;
};

/// Reads `W1:T17:R3` or `W1:T17:R3+3`.
ParsedCell parseCell(const std::string &cell) {
  static const std::regex kCell(R"(W(\d+):T(\d+):R(\d+)(\+(\d+))?)");
  std::smatch match;
  REQUIRE(std::regex_match(cell, match, kCell));
  ParsedCell parsed;
  parsed.location.warp = std::stoll(match[1]);
  parsed.location.lane = std::stoll(match[2]);
  parsed.location.reg = std::stoll(match[3]);
  if (match[5].matched)
    parsed.moreCopies = std::stoll(match[5]);
  return parsed;
}

Coord applyAt(const LinearLayout &layout, const HardwareLocation &location) {
  return layout.apply(location.reg, location.lane, location.warp,
                      location.block);
}

size_t countOccurrences(const std::string &text, const std::string &needle) {
  size_t count = 0;
  for (size_t pos = text.find(needle); pos != std::string::npos;
       pos = text.find(needle, pos + needle.size()))
    ++count;
  return count;
}

/// Checks that every start tag of `xml` is closed in order and returns the
/// number of elements, or -1 when the tags do not balance.
int64_t countBalancedElements(const std::string &xml) {
  static const std::regex kTag(R"(<(/?)([A-Za-z?][^\s/>]*)[^>]*?(/?)>)");
  std::vector<std::string> open;
  int64_t elements = 0;
  for (auto it = std::sregex_iterator(xml.begin(), xml.end(), kTag);
       it != std::sregex_iterator(); ++it) {
    const std::smatch &tag = *it;
    std::string name = tag[2];
    if (name[0] == '?')
      continue;
    if (tag[1].length()) {
      if (open.empty() || open.back() != name)
        return -1;
      open.pop_back();
    } else {
      ++elements;
      if (!tag[3].length())
        open.push_back(name);
    }
  }
  return open.empty() ? elements : -1;
}
} // namespace

TEST_CASE("layout table of the tutorial example agrees with apply()",
          "[layout][render]") {
  LinearLayout layout = blockedToLinearLayout(tutorialLayout(), {64, 16});
  std::string table = renderLayoutTable(layout);
  CHECK(splitLines(table)[0] ==
        "rows: dim 0, columns: dim 1; cells: W<warp>:T<lane>:R<register>");
  std::vector<std::vector<std::string>> rows = parseTable(table);
  REQUIRE(rows.size() == 64);
  for (int32_t row = 0; row < 64; ++row) {
    REQUIRE(rows[row].size() == 16);
    for (int32_t column = 0; column < 16; ++column) {
      ParsedCell cell = parseCell(rows[row][column]);
      CHECK(cell.moreCopies == 0);
      CHECK(applyAt(layout, cell.location) == Coord{row, column});
    }
  }
  // Hand-worked cells: registers walk the 2x4 tile with columns first,
  // lane 1 is 4 columns over, warp 1 8 columns and warp 2 32 rows down.
  CHECK(rows[0][0] == "W0:T0:R0");
  CHECK(rows[0][3] == "W0:T0:R3");
  CHECK(rows[1][0] == "W0:T0:R4");
  CHECK(rows[0][4] == "W0:T1:R0");
  CHECK(rows[2][0] == "W0:T2:R0");
  CHECK(rows[0][8] == "W1:T0:R0");
  CHECK(rows[32][0] == "W2:T0:R0");
  CHECK(rows[63][15] == "W3:T31:R7");
}

TEST_CASE("a 32x8 tensor in the tutorial layout is copied in every warp",
          "[layout][render]") {
  LinearLayout layout = blockedToLinearLayout(tutorialLayout(), {32, 8});
  ElementHolders holders(layout);
  CHECK(holders.getCopiesPerElement() == 4);
  CHECK(holders.replicatesAcross(HwDim::Warp));
  CHECK(!holders.replicatesAcross(HwDim::Lane));
  CHECK(!holders.replicatesAcross(HwDim::Register));
  for (int64_t element = 0; element < holders.getNumElements(); ++element) {
    std::vector<HardwareLocation> locations = holders.getHolders(element);
    REQUIRE(locations.size() == 4);
    for (int64_t warp = 0; warp < 4; ++warp) {
      CHECK(locations[warp].warp == warp);
      CHECK(locations[warp].lane == locations[0].lane);
      CHECK(locations[warp].reg == locations[0].reg);
      CHECK(applyAt(layout, locations[warp]) == holders.getCoord(element));
    }
  }

  std::vector<std::vector<std::string>> rows =
      parseTable(renderLayoutTable(layout));
  REQUIRE(rows.size() == 32);
  for (int32_t row = 0; row < 32; ++row)
    for (int32_t column = 0; column < 8; ++column) {
      ParsedCell cell = parseCell(rows[row][column]);
      CHECK(cell.moreCopies == 3);
      CHECK(cell.location.warp == 0);
      CHECK(applyAt(layout, cell.location) == Coord{row, column});
    }
  CHECK(rows[31][7] == "W0:T31:R7+3");

  std::vector<std::string> list = splitLines(renderLayoutList(layout));
  REQUIRE(list.size() == 32 * 8);
  CHECK(list[0] == "[ 0, 0]  W0:T0:R0  W1:T0:R0  W2:T0:R0  W3:T0:R0");
  CHECK(list[1] == "[ 0, 1]  W0:T0:R1  W1:T0:R1  W2:T0:R1  W3:T0:R1");
  CHECK(list[255] == "[31, 7]  W0:T31:R7  W1:T31:R7  W2:T31:R7  W3:T31:R7");

  CHECK(summarizeLayout(layout) ==
        layout.toString() +
            "; 8 registers per thread; 4 copies of each element, across "
            "warps");
}

TEST_CASE("1-D layouts render as one row", "[layout][render]") {
  BlockedLayoutSpec spec{{4}, {32}, {4}, {0}};
  LinearLayout layout = blockedToLinearLayout(spec, {1024});
  std::vector<std::string> lines = splitLines(renderLayoutTable(layout));
  REQUIRE(lines.size() == 4);
  CHECK(lines[0] == "columns: dim 0; cells: W<warp>:T<lane>:R<register>");
  std::vector<std::string> header = splitWords(lines[2]);
  REQUIRE(header.size() == 1024);
  CHECK(header.back() == "1023");
  std::vector<std::string> cells = splitWords(lines[3]);
  REQUIRE(cells.size() == 1024);
  for (int32_t i = 0; i < 1024; ++i)
    CHECK(applyAt(layout, parseCell(cells[i]).location) == Coord{i});
  CHECK(cells[0] == "W0:T0:R0");
  CHECK(cells[5] == "W0:T1:R1");
  CHECK(cells[128] == "W1:T0:R0");
  CHECK(cells[512] == "W0:T0:R4");
  CHECK(summarizeLayout(layout) ==
        layout.toString() + "; 8 registers per thread; no replication");
}

TEST_CASE("slice layouts are replicated across the sliced threads",
          "[layout][render]") {
  // Slicing away dimension 1 leaves each row held by both lanes and both
  // warps that spanned the columns.
  LinearLayout parent = blockedToLinearLayout(tutorialLayout(), {64, 1});
  LinearLayout slice = sliceToLinearLayout(parent, 1);
  REQUIRE(slice.getShape() == std::vector<int32_t>{64});
  ElementHolders holders(slice);
  CHECK(holders.getCopiesPerElement() == 4);
  CHECK(holders.replicatesAcross(HwDim::Lane));
  CHECK(holders.replicatesAcross(HwDim::Warp));
  CHECK(!holders.replicatesAcross(HwDim::Register));
  CHECK(summarizeLayout(slice) ==
        slice.toString() +
            "; 2 registers per thread; 4 copies of each element, across "
            "lanes and warps");

  std::vector<std::string> list = splitLines(renderLayoutList(slice));
  REQUIRE(list.size() == 64);
  CHECK(list[0] == "[ 0]  W0:T0:R0  W0:T1:R0  W1:T0:R0  W1:T1:R0");
  for (int32_t element = 0; element < 64; ++element) {
    std::vector<HardwareLocation> locations = holders.getHolders(element);
    REQUIRE(locations.size() == 4);
    for (const HardwareLocation &location : locations)
      CHECK(applyAt(slice, location) == Coord{element});
  }

  std::vector<std::string> cells = splitWords(splitLines(
      renderLayoutTable(slice))[3]);
  REQUIRE(cells.size() == 64);
  CHECK(cells[0] == "W0:T0:R0+3");
  CHECK(cells[63] == "W2:T30:R1+3");
}

TEST_CASE("rank-3 layouts print one table per leading index",
          "[layout][render]") {
  BlockedLayoutSpec spec{{1, 1, 2}, {2, 4, 4}, {1, 2, 2}, {2, 1, 0}};
  LinearLayout layout = blockedToLinearLayout(spec, {2, 8, 16});
  std::vector<std::string> lines = splitLines(renderLayoutTable(layout));
  CHECK(lines[0] ==
        "rows: dim 1, columns: dim 2; cells: W<warp>:T<lane>:R<register>");
  // Legend, then per table an empty line, the heading, the header, 8 rows.
  REQUIRE(lines.size() == 1 + 2 * (3 + 8));
  CHECK(lines[2] == "[0, :, :]");
  CHECK(lines[13] == "[1, :, :]");
  for (int32_t index = 0; index < 2; ++index)
    for (int32_t row = 0; row < 8; ++row) {
      std::vector<std::string> words = splitWords(lines[4 + index * 11 + row]);
      REQUIRE(words.size() == 17);
      CHECK(words[0] == std::to_string(row));
      for (int32_t column = 0; column < 16; ++column)
        CHECK(applyAt(layout, parseCell(words[column + 1]).location) ==
              Coord{index, row, column});
    }

  // Slices of slices: SliceLayout(1, layout) over 2x16, then
  // SliceLayout(0, that) over 16.
  LinearLayout twoD =
      sliceToLinearLayout(blockedToLinearLayout(spec, {2, 1, 16}), 1);
  LinearLayout oneD = sliceToLinearLayout(
      sliceToLinearLayout(blockedToLinearLayout(spec, {1, 1, 16}), 1), 0);
  REQUIRE(oneD.getShape() == std::vector<int32_t>{16});
  for (const LinearLayout *slice : {&twoD, &oneD}) {
    ElementHolders holders(*slice);
    CHECK(holders.getCopiesPerElement() == (slice == &twoD ? 8 : 16));
    CHECK(holders.replicatesAcross(HwDim::Lane));
    CHECK(holders.replicatesAcross(HwDim::Warp));
    for (int64_t element = 0; element < holders.getNumElements(); ++element)
      for (const HardwareLocation &location : holders.getHolders(element))
        CHECK(applyAt(*slice, location) == holders.getCoord(element));
  }
}

TEST_CASE("layout SVG is well formed, complete and deterministic",
          "[layout][render]") {
  LinearLayout layout = blockedToLinearLayout(tutorialLayout(), {64, 16});
  std::string svg = renderLayoutSvg(layout, "BlockedLayout <64x16> & more");
  CHECK(svg.rfind("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg ", 0) ==
        0);
  CHECK(countBalancedElements(svg) > 64 * 16);
  CHECK(countOccurrences(svg, "class=\"cell\"") == 64 * 16);
  CHECK(countOccurrences(svg, "class=\"swatch\"") == 4);
  CHECK(countOccurrences(svg, "class=\"hatch\"") == 0);
  CHECK(svg.find(">warp 3</text>") != std::string::npos);
  CHECK(svg.find("BlockedLayout &lt;64x16&gt; &amp; more") !=
        std::string::npos);
  CHECK(svg.find(">dim 1 \u2192</text>") != std::string::npos);
  CHECK(svg.find(">dim 0 \u2192</text>") != std::string::npos);
  // Cell (63, 15) and its tooltip.
  CHECK(svg.find("<title>[63, 15]: W3:T31:R7</title>") != std::string::npos);
  CHECK(svg.find(">T31:R7</text>") != std::string::npos);
  CHECK(renderLayoutSvg(layout, "BlockedLayout <64x16> & more") == svg);

  // Replicated elements are hatched and counted, with a legend entry.
  LinearLayout replicated = blockedToLinearLayout(tutorialLayout(), {32, 8});
  std::string replicatedSvg = renderLayoutSvg(replicated, "copies");
  CHECK(countBalancedElements(replicatedSvg) > 0);
  CHECK(countOccurrences(replicatedSvg, "class=\"cell\"") == 32 * 8);
  CHECK(countOccurrences(replicatedSvg, "class=\"hatch\"") == 32 * 8);
  CHECK(countOccurrences(replicatedSvg, ">\u00d74</text>") == 32 * 8);
  CHECK(replicatedSvg.find(
            "<title>[0, 0]: W0:T0:R0 W1:T0:R0 W2:T0:R0 W3:T0:R0</title>") !=
        std::string::npos);

  // One row for 1-D.
  LinearLayout oneD =
      blockedToLinearLayout(BlockedLayoutSpec{{1}, {32}, {1}, {0}}, {32});
  std::string oneDSvg = renderLayoutSvg(oneD, "1-D");
  CHECK(countBalancedElements(oneDSvg) > 0);
  CHECK(countOccurrences(oneDSvg, "class=\"cell\"") == 32);
  CHECK(countOccurrences(oneDSvg, "class=\"swatch\"") == 1);
}

TEST_CASE("oversized layouts are refused before rendering",
          "[layout][render]") {
  BlockedLayoutSpec spec{{1, 1}, {1, 32}, {4, 1}, {1, 0}};
  CHECK(checkLayoutRenderable(blockedToLinearLayout(spec, {256, 256}))
            .empty());
  CHECK(checkLayoutRenderable(blockedToLinearLayout(spec, {512, 256})) ==
        "the tensor has 131072 elements; at most 65536 can be shown");
}
