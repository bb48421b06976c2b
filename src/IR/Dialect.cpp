//===- Dialect.cpp - The gluon dialect, its types and layouts -------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "gluonc/IR/Dialect.h"
#include "gluonc/Target/ArchInfo.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::gluon;

GLUONC_BEGIN_GENERATED_CODE
#include "gluonc/IR/GluonDialect.cpp.inc"

#include "gluonc/IR/GluonAttrInterfaces.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "gluonc/IR/GluonAttrs.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "gluonc/IR/GluonTypes.cpp.inc"
GLUONC_END_GENERATED_CODE

namespace {
/// Prints layouts once at the top of a module as `#blocked = ...`, the way
/// Triton's dumps read.
struct GluonOpAsmInterface : public OpAsmDialectInterface {
  using OpAsmDialectInterface::OpAsmDialectInterface;

  AliasResult getAlias(Attribute attr, raw_ostream &os) const override {
    if (isa<BlockedLayoutAttr>(attr)) {
      os << "blocked";
      return AliasResult::FinalAlias;
    }
    if (isa<SliceLayoutAttr>(attr)) {
      os << "slice";
      return AliasResult::FinalAlias;
    }
    if (isa<LinearLayoutAttr>(attr)) {
      os << "linear";
      return AliasResult::FinalAlias;
    }
    if (isa<DotOperandLayoutAttr>(attr)) {
      os << "dot_op";
      return AliasResult::FinalAlias;
    }
    if (isa<AMDMFMALayoutAttr>(attr)) {
      os << "mfma";
      return AliasResult::FinalAlias;
    }
    if (isa<NVMMADistributedLayoutAttr>(attr)) {
      os << "nvmma";
      return AliasResult::FinalAlias;
    }
    if (isa<SharedLayoutAttrInterface>(attr)) {
      os << "shared";
      return AliasResult::FinalAlias;
    }
    return AliasResult::NoAlias;
  }
};
} // namespace

void GluonDialect::initialize() {
  registerTypes();
  registerAttributes();
  registerCommonOps();
  registerNvidiaOps();
  registerAMDOps();
  addInterfaces<GluonOpAsmInterface>();
}

void GluonDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "gluonc/IR/GluonTypes.cpp.inc"
      >();
}

void GluonDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "gluonc/IR/GluonAttrs.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

LayoutAttrInterface mlir::gluon::getLayout(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor)
    return {};
  return dyn_cast_or_null<LayoutAttrInterface>(tensor.getEncoding());
}

bool mlir::gluon::hasAutoLayout(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  return tensor && isa_and_nonnull<AutoLayoutAttr>(tensor.getEncoding());
}

gluonc::LinearLayout mlir::gluon::getLinearLayout(RankedTensorType type) {
  return getLayout(type).toLinearLayout(type.getShape());
}

Type mlir::gluon::withElementType(Type type, Type elementType) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return tensor.clone(elementType);
  return elementType;
}

Type mlir::gluon::getPointeeType(Type ptrLike) {
  auto ptr = dyn_cast<PointerType>(getElementTypeOrSelf(ptrLike));
  if (!ptr)
    return {};
  return withElementType(ptrLike, ptr.getPointeeType());
}

std::string mlir::gluon::typeToString(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << type;
  return text;
}

const gluonc::ArchInfo *mlir::gluon::getTargetArchInfo(Operation *op) {
  ModuleOp module =
      isa<ModuleOp>(op) ? cast<ModuleOp>(op) : op->getParentOfType<ModuleOp>();
  auto name =
      module ? module->getAttrOfType<StringAttr>(GluonDialect::kTargetAttrName)
             : StringAttr();
  return name ? gluonc::lookupArchInfo(name.getValue()) : nullptr;
}

FileLineColLoc mlir::gluon::findFileLoc(Location loc) {
  FileLineColLoc fileLoc;
  loc->walk([&](Location inner) {
    if (auto candidate = dyn_cast<FileLineColLoc>(inner)) {
      fileLoc = candidate;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return fileLoc;
}

std::string mlir::gluon::layoutToString(Attribute layout) {
  std::string text;
  llvm::raw_string_ostream os(text);
  if (layout)
    layout.print(os);
  else
    os << "no layout";
  return text;
}

//===----------------------------------------------------------------------===//
// Layout attributes
//===----------------------------------------------------------------------===//

static ParseResult parseUnsignedList(AsmParser &parser,
                                     SmallVectorImpl<unsigned> &values) {
  return parser.parseCommaSeparatedList(
      AsmParser::Delimiter::Square, [&]() -> ParseResult {
        unsigned value;
        if (parser.parseInteger(value))
          return failure();
        values.push_back(value);
        return success();
      });
}

static void printUnsignedList(AsmPrinter &printer, ArrayRef<unsigned> values) {
  printer << '[';
  llvm::interleaveComma(values, printer);
  printer << ']';
}

/// Parses `key = ` for the next expected key of a `{...}` attribute body.
static ParseResult parseKey(AsmParser &parser, StringRef expected) {
  if (parser.parseKeyword(expected) || parser.parseEqual())
    return failure();
  return success();
}

Attribute BlockedLayoutAttr::parse(AsmParser &parser, Type) {
  SmallVector<unsigned> sizePerThread, threadsPerWarp, warpsPerCTA, order;
  if (parser.parseLess() || parser.parseLBrace() ||
      parseKey(parser, "sizePerThread") ||
      parseUnsignedList(parser, sizePerThread) || parser.parseComma() ||
      parseKey(parser, "threadsPerWarp") ||
      parseUnsignedList(parser, threadsPerWarp) || parser.parseComma() ||
      parseKey(parser, "warpsPerCTA") ||
      parseUnsignedList(parser, warpsPerCTA) || parser.parseComma() ||
      parseKey(parser, "order") || parseUnsignedList(parser, order) ||
      parser.parseRBrace() || parser.parseGreater())
    return {};
  return parser.getChecked<BlockedLayoutAttr>(
      parser.getContext(), sizePerThread, threadsPerWarp, warpsPerCTA, order);
}

void BlockedLayoutAttr::print(AsmPrinter &printer) const {
  printer << "<{sizePerThread = ";
  printUnsignedList(printer, getSizePerThread());
  printer << ", threadsPerWarp = ";
  printUnsignedList(printer, getThreadsPerWarp());
  printer << ", warpsPerCTA = ";
  printUnsignedList(printer, getWarpsPerCTA());
  printer << ", order = ";
  printUnsignedList(printer, getOrder());
  printer << "}>";
}

static std::vector<int32_t> toInt32(ArrayRef<unsigned> values) {
  return std::vector<int32_t>(values.begin(), values.end());
}

gluonc::BlockedLayoutSpec BlockedLayoutAttr::toSpec() const {
  return {toInt32(getSizePerThread()), toInt32(getThreadsPerWarp()),
          toInt32(getWarpsPerCTA()), toInt32(getOrder())};
}

LogicalResult
BlockedLayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                          ArrayRef<unsigned> sizePerThread,
                          ArrayRef<unsigned> threadsPerWarp,
                          ArrayRef<unsigned> warpsPerCTA,
                          ArrayRef<unsigned> order) {
  gluonc::BlockedLayoutSpec spec{toInt32(sizePerThread),
                                 toInt32(threadsPerWarp),
                                 toInt32(warpsPerCTA), toInt32(order)};
  std::string problem = spec.validate();
  if (!problem.empty())
    return emitError() << "invalid blocked layout: " << problem;
  return success();
}

unsigned BlockedLayoutAttr::getRank() const { return getOrder().size(); }

static unsigned product(ArrayRef<unsigned> values) {
  unsigned result = 1;
  for (unsigned value : values)
    result *= value;
  return result;
}

unsigned BlockedLayoutAttr::getNumWarps() const {
  return product(getWarpsPerCTA());
}

unsigned BlockedLayoutAttr::getWarpSize() const {
  return product(getThreadsPerWarp());
}

gluonc::LinearLayout
BlockedLayoutAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
  return gluonc::blockedToLinearLayout(
      toSpec(), std::vector<int32_t>(shape.begin(), shape.end()));
}

//===----------------------------------------------------------------------===//
// AutoLayoutAttr: a placeholder until gluon-resolve-auto-layouts
//===----------------------------------------------------------------------===//

// Any rank; the verifiers of the ops it may reach compare it only for
// equality, and gluon-verify-layouts refuses it, so these answers (one
// thread that holds the origin) are never a tensor's real distribution.
Attribute AutoLayoutAttr::parse(AsmParser &parser, Type) {
  bool coalesced = false;
  if (succeeded(parser.parseOptionalLess())) {
    if (parser.parseKeyword("coalesced") || parser.parseGreater())
      return {};
    coalesced = true;
  }
  return AutoLayoutAttr::get(parser.getContext(), coalesced);
}

void AutoLayoutAttr::print(AsmPrinter &printer) const {
  if (getCoalesced())
    printer << "<coalesced>";
}

unsigned AutoLayoutAttr::getRank() const { return 0; }
unsigned AutoLayoutAttr::getNumWarps() const { return 1; }
unsigned AutoLayoutAttr::getWarpSize() const { return 1; }

gluonc::LinearLayout
AutoLayoutAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
  return gluonc::LinearLayout(std::vector<int32_t>(shape.begin(), shape.end()));
}

Attribute SliceLayoutAttr::parse(AsmParser &parser, Type) {
  unsigned dim;
  Attribute parent;
  if (parser.parseLess() || parser.parseLBrace() || parseKey(parser, "dim") ||
      parser.parseInteger(dim) || parser.parseComma() ||
      parseKey(parser, "parent") || parser.parseAttribute(parent) ||
      parser.parseRBrace() || parser.parseGreater())
    return {};
  auto parentLayout = dyn_cast<LayoutAttrInterface>(parent);
  if (!parentLayout) {
    parser.emitError(parser.getNameLoc(), "slice parent must be a layout");
    return {};
  }
  return parser.getChecked<SliceLayoutAttr>(parser.getContext(), dim,
                                            parentLayout);
}

void SliceLayoutAttr::print(AsmPrinter &printer) const {
  printer << "<{dim = " << getDim() << ", parent = ";
  printer.printAttribute(getParent());
  printer << "}>";
}

LogicalResult
SliceLayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                        unsigned dim, LayoutAttrInterface parent) {
  if (dim >= parent.getRank())
    return emitError() << "slice dimension " << dim
                       << " is out of range for a parent of rank "
                       << parent.getRank();
  return success();
}

unsigned SliceLayoutAttr::getRank() const {
  return getParent().getRank() - 1;
}

unsigned SliceLayoutAttr::getNumWarps() const {
  return getParent().getNumWarps();
}

unsigned SliceLayoutAttr::getWarpSize() const {
  return getParent().getWarpSize();
}

gluonc::LinearLayout
SliceLayoutAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
  SmallVector<int64_t> parentShape(shape);
  parentShape.insert(parentShape.begin() + getDim(), 1);
  return gluonc::sliceToLinearLayout(getParent().toLinearLayout(parentShape),
                                     getDim());
}
