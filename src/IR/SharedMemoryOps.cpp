//===- SharedMemoryOps.cpp - Shared layouts, descriptors, their ops -------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "gluonc/IR/MemDesc.h"

#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::gluon;

namespace {

//===----------------------------------------------------------------------===//
// Parsing and printing helpers
//===----------------------------------------------------------------------===//

template <typename T>
ParseResult parseList(AsmParser &parser, SmallVectorImpl<T> &values) {
  return parser.parseCommaSeparatedList(AsmParser::Delimiter::Square,
                                        [&]() -> ParseResult {
                                          T value;
                                          if (parser.parseInteger(value))
                                            return failure();
                                          values.push_back(value);
                                          return success();
                                        });
}

/// `[[a, b], [c, d]]` into a flat list, checking each inner list has
/// `width` entries (the first one sets it when `width` is 0).
ParseResult parseNestedList(AsmParser &parser, SmallVectorImpl<int32_t> &flat,
                            unsigned &width) {
  return parser.parseCommaSeparatedList(
      AsmParser::Delimiter::Square, [&]() -> ParseResult {
        SmallVector<int32_t> inner;
        SMLoc loc = parser.getCurrentLocation();
        if (parseList(parser, inner))
          return failure();
        if (width == 0)
          width = inner.size();
        if (inner.size() != width)
          return parser.emitError(loc, "expected ")
                 << width << " entries in each list";
        flat.append(inner.begin(), inner.end());
        return success();
      });
}

template <typename T> void printList(AsmPrinter &printer, ArrayRef<T> values) {
  printer << '[';
  llvm::interleaveComma(values, printer);
  printer << ']';
}

/// Prints `flat` as lists of `width` entries.
void printNestedList(AsmPrinter &printer, ArrayRef<int32_t> flat,
                     unsigned width) {
  printer << '[';
  for (size_t i = 0; width && i < flat.size(); i += width) {
    if (i)
      printer << ", ";
    printList(printer, flat.slice(i, width));
  }
  printer << ']';
}

ParseResult parseKey(AsmParser &parser, StringRef key) {
  if (parser.parseKeyword(key) || parser.parseEqual())
    return failure();
  return success();
}

std::vector<int32_t> toInt32(ArrayRef<unsigned> values) {
  return std::vector<int32_t>(values.begin(), values.end());
}

std::vector<int32_t> toInt32(ArrayRef<int64_t> values) {
  return std::vector<int32_t>(values.begin(), values.end());
}

std::vector<gluonc::Coord> unflatten(ArrayRef<int32_t> flat, unsigned width) {
  std::vector<gluonc::Coord> bases;
  for (size_t i = 0; width && i < flat.size(); i += width)
    bases.emplace_back(flat.begin() + i, flat.begin() + i + width);
  return bases;
}

std::string shapeText(ArrayRef<int64_t> shape) {
  std::string text = "[";
  for (size_t d = 0; d < shape.size(); ++d)
    text += (d ? ", " : "") + std::to_string(shape[d]);
  return text + "]";
}

} // namespace

//===----------------------------------------------------------------------===//
// #gluon.swizzled_shared
//===----------------------------------------------------------------------===//

Attribute SwizzledSharedLayoutAttr::parse(AsmParser &parser, Type) {
  unsigned vec, perPhase, maxPhase;
  SmallVector<unsigned> order;
  if (parser.parseLess() || parser.parseLBrace() || parseKey(parser, "vec") ||
      parser.parseInteger(vec) || parser.parseComma() ||
      parseKey(parser, "perPhase") || parser.parseInteger(perPhase) ||
      parser.parseComma() || parseKey(parser, "maxPhase") ||
      parser.parseInteger(maxPhase) || parser.parseComma() ||
      parseKey(parser, "order") || parseList(parser, order) ||
      parser.parseRBrace() || parser.parseGreater())
    return {};
  return parser.getChecked<SwizzledSharedLayoutAttr>(
      parser.getContext(), vec, perPhase, maxPhase, ArrayRef<unsigned>(order));
}

void SwizzledSharedLayoutAttr::print(AsmPrinter &printer) const {
  printer << "<{vec = " << getVec() << ", perPhase = " << getPerPhase()
          << ", maxPhase = " << getMaxPhase() << ", order = ";
  printList(printer, getOrder());
  printer << "}>";
}

LogicalResult
SwizzledSharedLayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 unsigned vec, unsigned perPhase,
                                 unsigned maxPhase, ArrayRef<unsigned> order) {
  gluonc::SwizzledSharedSpec spec{
      static_cast<int32_t>(vec), static_cast<int32_t>(perPhase),
      static_cast<int32_t>(maxPhase), toInt32(order)};
  std::string problem = spec.validate();
  if (!problem.empty())
    return emitError() << "invalid swizzled shared layout: " << problem;
  return success();
}

gluonc::SwizzledSharedSpec SwizzledSharedLayoutAttr::toSpec() const {
  return {static_cast<int32_t>(getVec()), static_cast<int32_t>(getPerPhase()),
          static_cast<int32_t>(getMaxPhase()), toInt32(getOrder())};
}

unsigned SwizzledSharedLayoutAttr::getRank() const { return getOrder().size(); }

std::string
SwizzledSharedLayoutAttr::checkAllocationShape(ArrayRef<int64_t> shape) const {
  return gluonc::checkAllocationShape(getRank(), toInt32(shape));
}

gluonc::SharedLayout
SwizzledSharedLayoutAttr::toSharedLayout(ArrayRef<int64_t> shape) const {
  return gluonc::swizzledToSharedLayout(toSpec(), toInt32(shape));
}

//===----------------------------------------------------------------------===//
// #gluon.nvmma_shared
//===----------------------------------------------------------------------===//

Attribute NVMMASharedLayoutAttr::parse(AsmParser &parser, Type) {
  unsigned swizzle, bitWidth, rank;
  bool transposed = false;
  if (parser.parseLess() || parser.parseLBrace() ||
      parseKey(parser, "swizzlingByteWidth") || parser.parseInteger(swizzle) ||
      parser.parseComma() || parseKey(parser, "elementBitWidth") ||
      parser.parseInteger(bitWidth) || parser.parseComma() ||
      parseKey(parser, "rank") || parser.parseInteger(rank) ||
      parser.parseComma() || parseKey(parser, "transposed"))
    return {};
  if (succeeded(parser.parseOptionalKeyword("true")))
    transposed = true;
  else if (parser.parseKeyword("false"))
    return {};
  if (parser.parseRBrace() || parser.parseGreater())
    return {};
  return parser.getChecked<NVMMASharedLayoutAttr>(parser.getContext(), swizzle,
                                                  bitWidth, rank, transposed);
}

void NVMMASharedLayoutAttr::print(AsmPrinter &printer) const {
  printer << "<{swizzlingByteWidth = " << getSwizzlingByteWidth()
          << ", elementBitWidth = " << getElementBitWidth()
          << ", rank = " << getRank()
          << ", transposed = " << (getTransposed() ? "true" : "false") << "}>";
}

LogicalResult
NVMMASharedLayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                              unsigned swizzle, unsigned bitWidth,
                              unsigned rank, bool transposed) {
  gluonc::NVMMASharedSpec spec{static_cast<int32_t>(swizzle),
                               static_cast<int32_t>(bitWidth),
                               static_cast<int32_t>(rank), transposed};
  std::string problem = spec.validate();
  if (!problem.empty())
    return emitError() << "invalid NVMMA shared layout: " << problem;
  return success();
}

gluonc::NVMMASharedSpec NVMMASharedLayoutAttr::toSpec() const {
  return {static_cast<int32_t>(getSwizzlingByteWidth()),
          static_cast<int32_t>(getElementBitWidth()),
          static_cast<int32_t>(getRank()), getTransposed()};
}

std::string
NVMMASharedLayoutAttr::checkAllocationShape(ArrayRef<int64_t> shape) const {
  return gluonc::checkNVMMAShape(toSpec(), toInt32(shape));
}

gluonc::SharedLayout
NVMMASharedLayoutAttr::toSharedLayout(ArrayRef<int64_t> shape) const {
  return gluonc::nvmmaToSharedLayout(toSpec(), toInt32(shape));
}

//===----------------------------------------------------------------------===//
// #gluon.padded_shared
//===----------------------------------------------------------------------===//

Attribute PaddedSharedLayoutAttr::parse(AsmParser &parser, Type) {
  SmallVector<int32_t> pairs, bases;
  SmallVector<unsigned> order, shape;
  unsigned pairWidth = 2, baseWidth = 0;
  if (parser.parseLess() || parser.parseLBrace() ||
      parseKey(parser, "intervalPaddings") ||
      parseNestedList(parser, pairs, pairWidth) || parser.parseComma())
    return {};
  if (succeeded(parser.parseOptionalKeyword("order"))) {
    if (parser.parseEqual() || parseList(parser, order))
      return {};
  } else if (parseKey(parser, "offsetBases") ||
             parseNestedList(parser, bases, baseWidth) || parser.parseComma() ||
             parseKey(parser, "shape") || parseList(parser, shape)) {
    return {};
  }
  if (parser.parseRBrace() || parser.parseGreater())
    return {};
  SmallVector<unsigned> intervals, paddings;
  for (size_t i = 0; i < pairs.size(); i += 2) {
    intervals.push_back(pairs[i]);
    paddings.push_back(pairs[i + 1]);
  }
  return parser.getChecked<PaddedSharedLayoutAttr>(
      parser.getContext(), ArrayRef<unsigned>(intervals),
      ArrayRef<unsigned>(paddings), ArrayRef<unsigned>(order),
      ArrayRef<int32_t>(bases), ArrayRef<unsigned>(shape));
}

void PaddedSharedLayoutAttr::print(AsmPrinter &printer) const {
  printer << "<{intervalPaddings = [";
  for (size_t i = 0; i < getIntervals().size(); ++i)
    printer << (i ? ", [" : "[") << getIntervals()[i] << ", "
            << getPaddings()[i] << ']';
  printer << "], ";
  if (!getOrder().empty()) {
    printer << "order = ";
    printList(printer, getOrder());
  } else {
    printer << "offsetBases = ";
    printNestedList(printer, getOffsetBases(), getShape().size());
    printer << ", shape = ";
    printList(printer, getShape());
  }
  printer << "}>";
}

static gluonc::PaddedSharedSpec makePaddedSpec(ArrayRef<unsigned> intervals,
                                               ArrayRef<unsigned> paddings,
                                               ArrayRef<unsigned> order,
                                               ArrayRef<int32_t> offsetBases,
                                               ArrayRef<unsigned> shape) {
  gluonc::PaddedSharedSpec spec;
  for (size_t i = 0; i < intervals.size() && i < paddings.size(); ++i)
    spec.padding.push_back({intervals[i], paddings[i]});
  spec.order = toInt32(order);
  spec.shape = toInt32(shape);
  spec.offsetBases = unflatten(offsetBases, shape.size());
  return spec;
}

LogicalResult PaddedSharedLayoutAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, ArrayRef<unsigned> intervals,
    ArrayRef<unsigned> paddings, ArrayRef<unsigned> order,
    ArrayRef<int32_t> offsetBases, ArrayRef<unsigned> shape) {
  if (intervals.size() != paddings.size())
    return emitError() << "invalid padded shared layout: one padding per "
                          "interval";
  if (order.empty() == shape.empty())
    return emitError() << "invalid padded shared layout: give either an "
                          "order or offset bases and a shape";
  if (!shape.empty() && offsetBases.size() % shape.size() != 0)
    return emitError() << "invalid padded shared layout: offset bases of "
                          "the wrong rank";
  std::string problem =
      makePaddedSpec(intervals, paddings, order, offsetBases, shape).validate();
  if (!problem.empty())
    return emitError() << "invalid padded shared layout: " << problem;
  return success();
}

gluonc::PaddedSharedSpec PaddedSharedLayoutAttr::toSpec() const {
  return makePaddedSpec(getIntervals(), getPaddings(), getOrder(),
                        getOffsetBases(), getShape());
}

unsigned PaddedSharedLayoutAttr::getRank() const { return toSpec().rank(); }

std::string
PaddedSharedLayoutAttr::checkAllocationShape(ArrayRef<int64_t> shape) const {
  return gluonc::checkPaddedShape(toSpec(), toInt32(shape));
}

gluonc::SharedLayout
PaddedSharedLayoutAttr::toSharedLayout(ArrayRef<int64_t> shape) const {
  return gluonc::paddedToSharedLayout(toSpec(), toInt32(shape));
}

//===----------------------------------------------------------------------===//
// #gluon.shared_linear
//===----------------------------------------------------------------------===//

Attribute SharedLinearLayoutAttr::parse(AsmParser &parser, Type) {
  SmallVector<int32_t> bases;
  unsigned width = 0, alignment = 16;
  if (parser.parseLess() || parser.parseLBrace() ||
      parseKey(parser, "offsetBases") ||
      parseNestedList(parser, bases, width) || parser.parseComma() ||
      parseKey(parser, "alignment") || parser.parseInteger(alignment) ||
      parser.parseRBrace() || parser.parseGreater())
    return {};
  return parser.getChecked<SharedLinearLayoutAttr>(
      parser.getContext(), ArrayRef<int32_t>(bases), width, alignment);
}

void SharedLinearLayoutAttr::print(AsmPrinter &printer) const {
  printer << "<{offsetBases = ";
  printNestedList(printer, getOffsetBases(), getRank());
  printer << ", alignment = " << getAlignment() << "}>";
}

LogicalResult
SharedLinearLayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                               ArrayRef<int32_t> offsetBases, unsigned rank,
                               unsigned alignment) {
  if (rank == 0 || offsetBases.size() % rank != 0)
    return emitError() << "invalid shared linear layout: offset bases need "
                          "at least one entry each, all of one rank";
  if (!gluonc::isPowerOf2(alignment))
    return emitError() << "invalid shared linear layout: alignment "
                       << alignment << " is not a power of two";
  std::vector<gluonc::Coord> bases = unflatten(offsetBases, rank);
  std::string problem = gluonc::checkSharedLayoutBases(
      gluonc::getSharedLinearShape(bases), bases);
  if (!problem.empty())
    return emitError() << "invalid shared linear layout: " << problem;
  return success();
}

std::vector<gluonc::Coord> SharedLinearLayoutAttr::getBases() const {
  return unflatten(getOffsetBases(), getRank());
}

std::string
SharedLinearLayoutAttr::checkAllocationShape(ArrayRef<int64_t> shape) const {
  std::string problem = gluonc::checkAllocationShape(getRank(), toInt32(shape));
  if (!problem.empty())
    return problem;
  std::vector<int32_t> spanned = gluonc::getSharedLinearShape(getBases());
  std::vector<int32_t> trailing(shape.end() - getRank(), shape.end());
  if (trailing != spanned)
    return "the layout's offset bases span shape " +
           shapeText(SmallVector<int64_t>(spanned.begin(), spanned.end()));
  return "";
}

gluonc::SharedLayout
SharedLinearLayoutAttr::toSharedLayout(ArrayRef<int64_t> shape) const {
  return gluonc::linearToSharedLayout(getBases(), toInt32(shape));
}

//===----------------------------------------------------------------------===//
// !gluon.memdesc
//===----------------------------------------------------------------------===//

Type MemDescType::parse(AsmParser &parser) {
  SmallVector<int64_t> shape, allocShape;
  Type elementType;
  Attribute layout;
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/false) ||
      parser.parseType(elementType) || parser.parseComma() ||
      parser.parseAttribute(layout))
    return {};
  if (succeeded(parser.parseOptionalComma())) {
    if (parser.parseDimensionList(allocShape, /*allowDynamic=*/false,
                                  /*withTrailingX=*/false))
      return {};
  } else {
    allocShape = shape;
  }
  if (parser.parseGreater())
    return {};
  auto sharedLayout = dyn_cast<SharedLayoutAttrInterface>(layout);
  if (!sharedLayout) {
    parser.emitError(parser.getNameLoc(), "expected a shared layout, got ")
        << layout;
    return {};
  }
  return parser.getChecked<MemDescType>(
      parser.getContext(), ArrayRef<int64_t>(shape), elementType, sharedLayout,
      ArrayRef<int64_t>(allocShape));
}

void MemDescType::print(AsmPrinter &printer) const {
  printer << '<';
  for (int64_t size : getShape())
    printer << size << 'x';
  printer << getElementType() << ", ";
  printer.printAttribute(getLayout());
  if (getAllocShape() != getShape()) {
    printer << ", ";
    llvm::interleave(getAllocShape(), printer, "x");
  }
  printer << '>';
}

LogicalResult MemDescType::verify(function_ref<InFlightDiagnostic()> emitError,
                                  ArrayRef<int64_t> shape, Type elementType,
                                  SharedLayoutAttrInterface layout,
                                  ArrayRef<int64_t> allocShape) {
  if (shape.empty())
    return emitError() << "a shared memory descriptor needs a shape";
  // A row of a laid-out dimension (see isRowView) has fewer dimensions
  // than its allocation: the leading ones are indexed.
  if (shape.size() > allocShape.size() ||
      (shape.size() < allocShape.size() &&
       layout.getRank() != allocShape.size()))
    return emitError() << "descriptor shape " << shapeText(shape)
                       << " and allocation shape " << shapeText(allocShape)
                       << " differ in rank";
  // A view's dimensions are powers of two, except a buffer dimension it
  // keeps whole (a multi-buffered allocation's [3, ...]).
  ArrayRef<int64_t> trailing = allocShape.take_back(shape.size());
  for (size_t d = 0; d < shape.size(); ++d)
    if (shape[d] > trailing[d] ||
        (!gluonc::isPowerOf2(shape[d]) && shape[d] != trailing[d]))
      return emitError() << "descriptor shape " << shapeText(shape)
                         << " does not fit in its allocation shape "
                         << shapeText(allocShape);
  if (!elementType.isIntOrFloat() && !isa<PointerType>(elementType))
    return emitError() << "shared memory cannot hold " << elementType;
  // The layout's check covers the allocation shape's limits.
  std::string problem = layout.checkAllocationShape(allocShape);
  if (!problem.empty())
    return emitError() << "the layout " << layout << " cannot lay out "
                       << shapeText(allocShape) << ": " << problem;
  return success();
}

gluonc::SharedLayout MemDescType::getSharedLayout() const {
  return getLayout().toSharedLayout(getAllocShape());
}

//===----------------------------------------------------------------------===//
// Views
//===----------------------------------------------------------------------===//

bool mlir::gluon::isSharedLayout(Attribute attr) {
  return isa_and_nonnull<SharedLayoutAttrInterface>(attr);
}

MemDescType mlir::gluon::getAllocationType(ArrayRef<int64_t> shape,
                                           Type elementType,
                                           SharedLayoutAttrInterface layout,
                                           std::string &problem) {
  problem = layout.checkAllocationShape(shape);
  if (!problem.empty())
    return {};
  return MemDescType::get(layout.getContext(), shape, elementType, layout,
                          shape);
}

/// Elements (before padding) of one buffer of the leading dimension as the
/// layout places it: buffer dimensions rounded up to powers of two (see
/// SharedLayout.h).
static int64_t getPlacedBufferElements(const gluonc::SharedLayout &layout) {
  int64_t block = 1;
  for (int32_t size : ArrayRef<int32_t>(layout.getShape()).drop_front())
    block *= size;
  return block;
}

bool mlir::gluon::isRowView(MemDescType type) {
  return type.getShape().size() < type.getAllocShape().size();
}

/// Refuses a row of a laid-out dimension as the source of a view: its
/// accesses know the row, its views would not.
static bool refuseRowView(MemDescType src, std::string &problem) {
  if (!isRowView(src))
    return false;
  problem = "not supported yet: a view of a row of a dimension the layout "
            "lays out (only .load() and .store() take one)";
  return true;
}

MemDescType mlir::gluon::inferIndexType(MemDescType src, std::string &problem) {
  if (refuseRowView(src, problem))
    return {};
  if (src.getRank() < 2) {
    problem = "indexing needs a descriptor of rank 2 or more";
    return {};
  }
  if (src.getLayout().getRank() >= src.getRank()) {
    if (src.getShape() != src.getAllocShape()) {
      problem = "not supported yet: indexing dimension 0, which the shared "
                "layout lays out, of a view of part of an allocation";
      return {};
    }
    // A row whose elements the layout places around the allocation: its
    // accesses add the row's offsets (see isRowView).
    return MemDescType::get(src.getContext(), src.getShape().drop_front(),
                            src.getElementType(), src.getLayout(),
                            src.getAllocShape());
  }
  ArrayRef<int64_t> allocShape = src.getAllocShape().drop_front();
  // getSharedLayout() returns by value: keep it alive while its shape and
  // padding rules are read (a range-for over a member of the temporary
  // would read a destroyed object).
  gluonc::SharedLayout layout = src.getSharedLayout();
  int64_t block = getPlacedBufferElements(layout);
  for (const gluonc::PaddingRule &rule : layout.getPadding())
    if (block % rule.interval != 0) {
      problem = "a buffer of " + std::to_string(block) +
                " elements is not a whole number of padding intervals of " +
                std::to_string(rule.interval);
      return {};
    }
  return MemDescType::get(src.getContext(), src.getShape().drop_front(),
                          src.getElementType(), src.getLayout(), allocShape);
}

int64_t mlir::gluon::getIndexStride(MemDescType src) {
  gluonc::SharedLayout layout = src.getSharedLayout();
  return layout.pad(getPlacedBufferElements(layout));
}

MemDescType mlir::gluon::inferSubsliceType(MemDescType src,
                                           ArrayRef<int32_t> offsets,
                                           ArrayRef<int64_t> sizes,
                                           std::string &problem) {
  if (refuseRowView(src, problem))
    return {};
  ArrayRef<int64_t> shape = src.getShape();
  if (offsets.size() != shape.size() || sizes.size() != shape.size()) {
    problem = "one offset and one size per dimension of the descriptor";
    return {};
  }
  for (size_t d = 0; d < shape.size(); ++d) {
    std::string where = " along dimension " + std::to_string(d);
    if (sizes[d] < 1 || !gluonc::isPowerOf2(sizes[d])) {
      problem = "the slice length " + std::to_string(sizes[d]) + where +
                " is not a power of two";
      return {};
    }
    if (offsets[d] < 0 || offsets[d] + sizes[d] > shape[d]) {
      problem = "the slice [" + std::to_string(offsets[d]) + ", " +
                std::to_string(offsets[d] + sizes[d]) + ")" + where +
                " is outside the descriptor's " + std::to_string(shape[d]) +
                " elements";
      return {};
    }
    if (offsets[d] % sizes[d] != 0) {
      problem = "the slice start " + std::to_string(offsets[d]) + where +
                " is not a multiple of its length " + std::to_string(sizes[d]);
      return {};
    }
  }
  gluonc::SharedLayout layout = src.getSharedLayout();
  gluonc::Coord start(offsets.begin(), offsets.end());
  if (layout.getOffset(start) & layout.getBlockOffsetBits(sizes.vec())) {
    problem = "the layout swizzles the block's elements differently from "
              "the descriptor's: its start offset " +
              std::to_string(layout.getOffset(start)) +
              " shares bits with offsets inside the block";
    return {};
  }
  return MemDescType::get(src.getContext(), sizes, src.getElementType(),
                          src.getLayout(), src.getAllocShape());
}

int64_t mlir::gluon::getSubsliceOffset(MemDescType src,
                                       ArrayRef<int32_t> offsets) {
  gluonc::SharedLayout layout = src.getSharedLayout();
  return layout.pad(
      layout.getOffset(gluonc::Coord(offsets.begin(), offsets.end())));
}

namespace {

/// A layout that lays out `allocShape` exactly as `wanted`: the first of
/// `candidates` that does, else a linear (or padded) one with its bases.
SharedLayoutAttrInterface findSharedLayout(
    MLIRContext *context, ArrayRef<SharedLayoutAttrInterface> candidates,
    ArrayRef<int64_t> allocShape, const gluonc::SharedLayout &wanted) {
  for (SharedLayoutAttrInterface candidate : candidates)
    if (candidate && candidate.checkAllocationShape(allocShape).empty() &&
        candidate.toSharedLayout(allocShape) == wanted)
      return candidate;
  SmallVector<int32_t> flat;
  for (const gluonc::Coord &basis : wanted.getOffsetBases())
    flat.append(basis.begin(), basis.end());
  if (!wanted.isPadded())
    return SharedLinearLayoutAttr::get(context, ArrayRef<int32_t>(flat),
                                       allocShape.size(), /*alignment=*/16);
  SmallVector<unsigned> intervals, paddings,
      shape(allocShape.begin(), allocShape.end());
  for (const gluonc::PaddingRule &rule : wanted.getPadding()) {
    intervals.push_back(rule.interval);
    paddings.push_back(rule.padding);
  }
  return PaddedSharedLayoutAttr::get(
      context, ArrayRef<unsigned>(intervals), ArrayRef<unsigned>(paddings),
      ArrayRef<unsigned>(), ArrayRef<int32_t>(flat), ArrayRef<unsigned>(shape));
}

/// Named layouts of `rank` dimensions related to `layout`: the same
/// parameters over other orders, for descriptors that permute or reshape
/// it.
SmallVector<SharedLayoutAttrInterface>
getRelatedLayouts(SharedLayoutAttrInterface layout, unsigned rank,
                  ArrayRef<unsigned> order) {
  MLIRContext *context = layout.getContext();
  SmallVector<SharedLayoutAttrInterface> candidates{layout};
  // Only well-formed candidates are made: `order` may not be a
  // permutation of the layout's dimensions.
  if (auto swizzled = dyn_cast<SwizzledSharedLayoutAttr>(layout)) {
    gluonc::SwizzledSharedSpec spec = swizzled.toSpec();
    spec.order = toInt32(order);
    if (spec.validate().empty())
      candidates.push_back(SwizzledSharedLayoutAttr::get(
          context, swizzled.getVec(), swizzled.getPerPhase(),
          swizzled.getMaxPhase(), order));
  } else if (auto nvmma = dyn_cast<NVMMASharedLayoutAttr>(layout)) {
    for (bool transposed : {nvmma.getTransposed(), !nvmma.getTransposed()})
      for (unsigned r = rank; r >= 1; --r) {
        gluonc::NVMMASharedSpec spec = nvmma.toSpec();
        spec.rank = r;
        spec.transposed = transposed;
        if (spec.validate().empty())
          candidates.push_back(NVMMASharedLayoutAttr::get(
              context, nvmma.getSwizzlingByteWidth(),
              nvmma.getElementBitWidth(), r, transposed));
      }
  } else if (auto padded = dyn_cast<PaddedSharedLayoutAttr>(layout)) {
    gluonc::PaddedSharedSpec spec = padded.toSpec();
    spec.order = toInt32(order);
    if (!padded.getOrder().empty() && !order.empty() && spec.validate().empty())
      candidates.push_back(PaddedSharedLayoutAttr::get(
          context, padded.getIntervals(), padded.getPaddings(), order,
          ArrayRef<int32_t>(), ArrayRef<unsigned>()));
  }
  return candidates;
}

/// `order` with dimensions [0, lead) dropped and the rest renumbered from 0.
SmallVector<unsigned> dropLeading(ArrayRef<unsigned> order, unsigned lead) {
  SmallVector<unsigned> result;
  for (unsigned d : order)
    if (d >= lead)
      result.push_back(d - lead);
  return result;
}

} // namespace

MemDescType mlir::gluon::inferPermuteType(MemDescType src,
                                          ArrayRef<int32_t> order,
                                          std::string &problem) {
  if (refuseRowView(src, problem))
    return {};
  unsigned rank = src.getRank();
  std::vector<bool> seen(rank, false);
  if (order.size() != rank) {
    problem = "permute needs one entry per dimension (" + std::to_string(rank) +
              "), got " + std::to_string(order.size());
    return {};
  }
  for (int32_t d : order) {
    if (d < 0 || d >= static_cast<int32_t>(rank) || seen[d]) {
      problem =
          "the order must be a permutation of 0.." + std::to_string(rank - 1);
      return {};
    }
    seen[d] = true;
  }
  SmallVector<int64_t> shape, allocShape;
  for (int32_t d : order) {
    shape.push_back(src.getShape()[d]);
    allocShape.push_back(src.getAllocShape()[d]);
  }
  gluonc::SharedLayout before = src.getSharedLayout();
  std::vector<gluonc::Coord> bases;
  for (const gluonc::Coord &basis : before.getOffsetBases()) {
    gluonc::Coord permuted;
    for (int32_t d : order)
      permuted.push_back(basis[d]);
    bases.push_back(std::move(permuted));
  }
  gluonc::SharedLayout wanted(toInt32(ArrayRef<int64_t>(allocShape)), bases,
                              before.getPadding());
  // The source's fastest-first dimension order, in the result's numbering,
  // is what a named layout of the result would be given.
  SmallVector<unsigned> inverse(rank);
  for (unsigned d = 0; d < rank; ++d)
    inverse[order[d]] = d;
  SmallVector<unsigned> fastestFirst;
  if (auto swizzled = dyn_cast<SwizzledSharedLayoutAttr>(src.getLayout())) {
    unsigned lead = rank - swizzled.getRank();
    for (unsigned d : swizzled.getOrder())
      fastestFirst.push_back(inverse[d + lead]);
  } else if (auto padded = dyn_cast<PaddedSharedLayoutAttr>(src.getLayout());
             padded && !padded.getOrder().empty()) {
    unsigned lead = rank - padded.getRank();
    for (unsigned d : padded.getOrder())
      fastestFirst.push_back(inverse[d + lead]);
  }
  unsigned layoutRank = src.getLayout().getRank();
  SharedLayoutAttrInterface layout = findSharedLayout(
      src.getContext(),
      getRelatedLayouts(src.getLayout(), layoutRank,
                        dropLeading(fastestFirst, rank - layoutRank)),
      allocShape, wanted);
  return MemDescType::get(src.getContext(), ArrayRef<int64_t>(shape),
                          src.getElementType(), layout,
                          ArrayRef<int64_t>(allocShape));
}

MemDescType mlir::gluon::inferReshapeType(MemDescType src,
                                          ArrayRef<int64_t> shape,
                                          std::string &problem) {
  if (refuseRowView(src, problem))
    return {};
  if (src.getShape() != src.getAllocShape()) {
    problem = "reshaping a view of part of an allocation";
    return {};
  }
  int64_t before = 1, after = 1;
  for (int64_t size : src.getShape())
    before *= size;
  for (int64_t size : shape) {
    if (size < 1 || !gluonc::isPowerOf2(size)) {
      problem = "the new shape " + shapeText(shape) +
                " has a dimension that is not a power of two";
      return {};
    }
    after *= size;
  }
  if (before != after) {
    problem = "the new shape " + shapeText(shape) + " has " +
              std::to_string(after) + " elements, the descriptor " +
              std::to_string(before);
    return {};
  }
  gluonc::SharedLayout layout = src.getSharedLayout();
  std::vector<gluonc::Coord> bases;
  for (const gluonc::Coord &basis : layout.getOffsetBases()) {
    // Power-of-two dimensions: the row-major position's bits regroup.
    int64_t flat = 0;
    for (size_t d = 0; d < basis.size(); ++d)
      flat = flat * src.getShape()[d] + basis[d];
    gluonc::Coord coord(shape.size(), 0);
    for (size_t d = shape.size(); d-- > 0;) {
      coord[d] = static_cast<int32_t>(flat % shape[d]);
      flat /= shape[d];
    }
    bases.push_back(std::move(coord));
  }
  gluonc::SharedLayout wanted(toInt32(shape), bases, layout.getPadding());
  SmallVector<SharedLayoutAttrInterface> candidates;
  unsigned rank = shape.size();
  for (unsigned layoutRank = rank; layoutRank >= 1; --layoutRank) {
    SmallVector<unsigned> rowMajor;
    for (unsigned d = layoutRank; d-- > 0;)
      rowMajor.push_back(d);
    for (SharedLayoutAttrInterface candidate :
         getRelatedLayouts(src.getLayout(), layoutRank, rowMajor))
      candidates.push_back(candidate);
  }
  SharedLayoutAttrInterface result =
      findSharedLayout(src.getContext(), candidates, shape, wanted);
  return MemDescType::get(src.getContext(), shape, src.getElementType(), result,
                          shape);
}

//===----------------------------------------------------------------------===//
// Op verifiers
//===----------------------------------------------------------------------===//

/// Notes where a descriptor operand was made, for shape mismatches.
static void noteDefinition(InFlightDiagnostic &diag, Value descriptor) {
  if (Operation *def = descriptor.getDefiningOp())
    diag.attachNote(def->getLoc()) << "the descriptor is defined here";
}

/// Checks that a tensor matches a descriptor in shape and element type.
static LogicalResult verifyTensorMatches(Operation *op, StringRef tensorName,
                                         RankedTensorType tensor,
                                         Value descriptor) {
  auto desc = cast<MemDescType>(descriptor.getType());
  if (tensor.getShape() != desc.getShape()) {
    InFlightDiagnostic diag = op->emitOpError()
                              << "shape mismatch: " << tensorName
                              << " has shape " << shapeText(tensor.getShape())
                              << ", the shared memory descriptor "
                              << shapeText(desc.getShape());
    noteDefinition(diag, descriptor);
    return diag;
  }
  if (tensor.getElementType() != desc.getElementType()) {
    InFlightDiagnostic diag = op->emitOpError()
                              << "element type mismatch: " << tensorName
                              << " holds " << tensor.getElementType()
                              << ", the shared memory descriptor "
                              << desc.getElementType();
    noteDefinition(diag, descriptor);
    return diag;
  }
  return success();
}

LogicalResult LocalAllocOp::verify() {
  MemDescType type = getType();
  if (type.getShape() != type.getAllocShape())
    return emitOpError() << "allocates a whole allocation, but the result "
                            "is a view of shape "
                         << shapeText(type.getShape()) << " of "
                         << shapeText(type.getAllocShape());
  if (!getSrc())
    return success();
  return verifyTensorMatches(*this, "the initial value",
                             cast<RankedTensorType>(getSrc().getType()),
                             getResult());
}

LogicalResult LocalLoadOp::verify() {
  return verifyTensorMatches(*this, "the result", getType(), getSrc());
}

LogicalResult LocalStoreOp::verify() {
  return verifyTensorMatches(*this, "the stored value", getSrc().getType(),
                             getDst());
}

/// Checks that a view's result type is the one inferred for it.
static LogicalResult verifyViewType(Operation *op, MemDescType inferred,
                                    const std::string &problem,
                                    MemDescType actual) {
  if (!inferred)
    return op->emitOpError() << problem;
  if (inferred != actual)
    return op->emitOpError()
           << "result type " << actual << " should be " << inferred;
  return success();
}

int64_t mlir::gluon::getViewExtent(MemDescType type) {
  gluonc::SharedLayout layout = type.getSharedLayout();
  return layout.pad(layout.getBlockOffsetBits(type.getShape().vec())) + 1;
}

bool mlir::gluon::isMemDescView(Operation *op) {
  return isa<MemDescIndexOp, MemDescSubsliceOp, MemDescPermuteOp,
             MemDescReshapeOp, MemDescReinterpretOp>(op);
}

LogicalResult MemDescReinterpretOp::verify() {
  MemDescType src = getSrc().getType(), result = getType();
  std::string problem;
  if (refuseRowView(src, problem))
    return emitOpError() << problem;
  if (result.getShape() != result.getAllocShape())
    return emitOpError() << "the result must be a whole view (its shape its "
                            "allocation shape), got "
                         << result;
  Type srcElement = src.getElementType(), element = result.getElementType();
  if (!srcElement.isIntOrFloat() || !element.isIntOrFloat())
    return emitOpError() << "reinterprets only int and float elements";
  int64_t srcBits = getViewExtent(src) * srcElement.getIntOrFloatBitWidth();
  int64_t bits = result.getSharedLayout().getAllocationElements() *
                 element.getIntOrFloatBitWidth();
  if (bits > srcBits)
    return emitOpError() << "the result spans " << bits / 8
                         << " bytes, more than the " << srcBits / 8
                         << " bytes of its source";
  return success();
}

LogicalResult MemDescIndexOp::verify() {
  std::string problem;
  MemDescType inferred = inferIndexType(getSrc().getType(), problem);
  if (failed(verifyViewType(*this, inferred, problem, getType())))
    return failure();
  if (!isRowView(getType()))
    return success();
  // The accesses of a row find its index here (see isRowView).
  for (OpOperand &use : getResult().getUses())
    if (!isa<LocalLoadOp, LocalStoreOp>(use.getOwner()) ||
        (isa<LocalStoreOp>(use.getOwner()) && use.getOperandNumber() != 1))
      return emitOpError()
             << "is a row of a dimension the layout lays out: only "
                "gluon.local_load and gluon.local_store may use it, not "
             << use.getOwner()->getName();
  return success();
}

LogicalResult MemDescSubsliceOp::verify() {
  std::string problem;
  MemDescType inferred = inferSubsliceType(getSrc().getType(), getOffsets(),
                                           getType().getShape(), problem);
  return verifyViewType(*this, inferred, problem, getType());
}

LogicalResult MemDescPermuteOp::verify() {
  std::string problem;
  MemDescType inferred =
      inferPermuteType(getSrc().getType(), getOrder(), problem);
  if (inferred && inferred.getShape() == getType().getShape() &&
      inferred.getAllocShape() == getType().getAllocShape() &&
      inferred.getElementType() == getType().getElementType() &&
      inferred.getSharedLayout() == getType().getSharedLayout())
    return success();
  return verifyViewType(*this, inferred, problem, getType());
}

LogicalResult MemDescReshapeOp::verify() {
  std::string problem;
  MemDescType src = getSrc().getType();
  MemDescType inferred = inferReshapeType(src, getType().getShape(), problem);
  // Any layout that keeps the elements in place will do.
  if (inferred && inferred.getShape() == getType().getShape() &&
      inferred.getElementType() == getType().getElementType() &&
      getType().getShape() == getType().getAllocShape() &&
      inferred.getSharedLayout() == getType().getSharedLayout())
    return success();
  return verifyViewType(*this, inferred, problem, getType());
}
