//===- LinearLayoutAttr.cpp - #gluon.linear: a layout given by its bases --===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "gluonc/IR/Dialect.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/Hashing.h"

using namespace mlir;
using namespace mlir::gluon;

llvm::hash_code gluonc::hash_value(const LinearLayout &layout) {
  llvm::hash_code hash = llvm::hash_combine_range(layout.getShape().begin(),
                                                  layout.getShape().end());
  for (HwDim dim :
       {HwDim::Register, HwDim::Lane, HwDim::Warp, HwDim::Block}) {
    hash = llvm::hash_combine(hash, layout.getNumBits(dim));
    for (const Coord &basis : layout.getBases(dim))
      hash = llvm::hash_combine(
          hash, llvm::hash_combine_range(basis.begin(), basis.end()));
  }
  return hash;
}

namespace {

const gluonc::HwDim kHwDims[] = {gluonc::HwDim::Register,
                                 gluonc::HwDim::Lane, gluonc::HwDim::Warp,
                                 gluonc::HwDim::Block};

ParseResult parseIntList(AsmParser &parser, std::vector<int32_t> &values) {
  return parser.parseCommaSeparatedList(
      AsmParser::Delimiter::Square, [&]() -> ParseResult {
        int32_t value;
        if (parser.parseInteger(value))
          return failure();
        values.push_back(value);
        return success();
      });
}

void printIntList(AsmPrinter &printer, const std::vector<int32_t> &values) {
  printer << '[';
  llvm::interleaveComma(values, printer);
  printer << ']';
}

} // namespace

std::string mlir::gluon::checkLinearLayoutBases(
    const std::vector<int32_t> &shape,
    const std::array<std::vector<gluonc::Coord>, 4> &bases) {
  if (shape.empty())
    return "a linear layout needs at least one dimension";
  if (std::string problem =
          gluonc::checkShape(std::vector<int64_t>(shape.begin(), shape.end()));
      !problem.empty())
    return "shape " + problem;
  for (size_t hw = 0; hw < bases.size(); ++hw)
    for (const gluonc::Coord &basis : bases[hw]) {
      std::string where =
          std::string(gluonc::hwDimName(kHwDims[hw])) + " basis";
      if (basis.size() != shape.size())
        return "a " + where + " has " + std::to_string(basis.size()) +
               " entries for a shape of rank " +
               std::to_string(shape.size());
      for (size_t d = 0; d < shape.size(); ++d)
        if (basis[d] < 0 || basis[d] >= shape[d] ||
            (basis[d] != 0 && !gluonc::isPowerOf2(basis[d])))
          return "a " + where + " entry must be zero or a power of two "
                 "inside the shape, got " + std::to_string(basis[d]) +
                 " in dimension " + std::to_string(d) + " of size " +
                 std::to_string(shape[d]);
    }
  return "";
}

gluonc::LinearLayout mlir::gluon::buildLinearLayout(
    const std::vector<int32_t> &shape,
    const std::array<std::vector<gluonc::Coord>, 4> &bases) {
  gluonc::LinearLayout layout(shape);
  for (size_t hw = 0; hw < bases.size(); ++hw)
    for (const gluonc::Coord &basis : bases[hw])
      layout.addBasis(kHwDims[hw], basis);
  return layout;
}

Attribute LinearLayoutAttr::parse(AsmParser &parser, Type) {
  std::array<std::vector<gluonc::Coord>, 4> bases;
  std::vector<int32_t> shape;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess() || parser.parseLBrace())
    return {};
  for (size_t hw = 0; hw < 4; ++hw) {
    if (parser.parseKeyword(gluonc::hwDimName(kHwDims[hw])) ||
        parser.parseEqual() ||
        parser.parseCommaSeparatedList(
            AsmParser::Delimiter::Square, [&]() -> ParseResult {
              bases[hw].emplace_back();
              return parseIntList(parser, bases[hw].back());
            }) ||
        parser.parseComma())
      return {};
  }
  if (parser.parseKeyword("shape") || parser.parseEqual() ||
      parseIntList(parser, shape) || parser.parseRBrace() ||
      parser.parseGreater())
    return {};
  std::string problem = checkLinearLayoutBases(shape, bases);
  if (!problem.empty()) {
    parser.emitError(loc, "invalid linear layout: ") << problem;
    return {};
  }
  return LinearLayoutAttr::get(parser.getContext(),
                               buildLinearLayout(shape, bases));
}

void LinearLayoutAttr::print(AsmPrinter &printer) const {
  const gluonc::LinearLayout &layout = getLayout();
  printer << "<{";
  for (gluonc::HwDim hw : kHwDims) {
    printer << gluonc::hwDimName(hw) << " = [";
    llvm::interleaveComma(layout.getBases(hw), printer,
                          [&](const gluonc::Coord &basis) {
                            printIntList(printer, basis);
                          });
    printer << "], ";
  }
  printer << "shape = ";
  printIntList(printer, layout.getShape());
  printer << "}>";
}

unsigned LinearLayoutAttr::getRank() const { return getLayout().rank(); }

unsigned LinearLayoutAttr::getNumWarps() const {
  return getLayout().getHwSize(gluonc::HwDim::Warp);
}

unsigned LinearLayoutAttr::getWarpSize() const {
  return getLayout().getHwSize(gluonc::HwDim::Lane);
}

/// The layout resized to `shape` the way a blocked layout adapts to a
/// tensor of another size: dimensions that shrink replicate the bits past
/// their end (and drop such registers), dimensions that grow repeat the
/// layout in more registers, last dimension first.
static gluonc::LinearLayout resize(const gluonc::LinearLayout &layout,
                                   const std::vector<int32_t> &shape) {
  gluonc::LinearLayout result(shape);
  for (gluonc::HwDim hw : kHwDims)
    for (gluonc::Coord basis : layout.getBases(hw)) {
      bool inside = true;
      for (size_t d = 0; d < shape.size(); ++d)
        if (basis[d] >= shape[d]) {
          basis[d] = 0;
          inside = false;
        }
      if (hw == gluonc::HwDim::Register && !inside)
        continue;
      result.addBasis(hw, basis);
    }
  for (size_t d = shape.size(); d-- > 0;)
    for (int64_t step = layout.getDimSize(d); step < shape[d]; step *= 2) {
      gluonc::Coord basis(shape.size(), 0);
      basis[d] = static_cast<int32_t>(step);
      result.addBasis(gluonc::HwDim::Register, basis);
    }
  return result;
}

gluonc::LinearLayout
LinearLayoutAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
  std::vector<int32_t> wanted(shape.begin(), shape.end());
  if (wanted == getLayout().getShape())
    return getLayout();
  return resize(getLayout(), wanted);
}
