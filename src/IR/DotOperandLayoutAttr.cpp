//===- DotOperandLayoutAttr.cpp - #gluon.dot_op: operands of a dot --------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Parsing, printing and checking of the dot operand layout attribute; its
// linear layout (for a blocked parent, the FMA dot's) is
// gluonc::fmaDotOperandToLinearLayout.
//
//===----------------------------------------------------------------------===//

#include "gluonc/IR/Dialect.h"

#include "mlir/IR/DialectImplementation.h"

using namespace mlir;
using namespace mlir::gluon;

Attribute DotOperandLayoutAttr::parse(AsmParser &parser, Type) {
  unsigned opIdx, kWidth;
  Attribute parent;
  if (parser.parseLess() || parser.parseLBrace() ||
      parser.parseKeyword("opIdx") || parser.parseEqual() ||
      parser.parseInteger(opIdx) || parser.parseComma() ||
      parser.parseKeyword("parent") || parser.parseEqual() ||
      parser.parseAttribute(parent) || parser.parseComma() ||
      parser.parseKeyword("kWidth") || parser.parseEqual() ||
      parser.parseInteger(kWidth) || parser.parseRBrace() ||
      parser.parseGreater())
    return {};
  auto parentLayout = dyn_cast<LayoutAttrInterface>(parent);
  if (!parentLayout) {
    parser.emitError(parser.getNameLoc(),
                     "dot operand parent must be a distributed layout");
    return {};
  }
  return parser.getChecked<DotOperandLayoutAttr>(parser.getContext(), opIdx,
                                                 parentLayout, kWidth);
}

void DotOperandLayoutAttr::print(AsmPrinter &printer) const {
  printer << "<{opIdx = " << getOpIdx() << ", parent = ";
  printer.printAttribute(getParent());
  printer << ", kWidth = " << getKWidth() << "}>";
}

LogicalResult
DotOperandLayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                             unsigned opIdx, LayoutAttrInterface parent,
                             unsigned kWidth) {
  if (opIdx > 1)
    return emitError() << "dot operand index must be 0 or 1, got " << opIdx;
  // AMD's MFMA: each lane holds kWidth consecutive elements along K per
  // instruction (4 for the 16-bit instructions gluonc emits).
  if (isa<AMDMFMALayoutAttr>(parent)) {
    if (kWidth == 0 || (kWidth & (kWidth - 1)))
      return emitError() << "an MFMA dot operand needs a power-of-two "
                            "k_width, got "
                         << kWidth;
    return success();
  }
  // wgmma's A in registers.
  if (auto nvmma = dyn_cast<NVMMADistributedLayoutAttr>(parent)) {
    std::string problem = nvmma.toSpec().checkDotOperand(opIdx, kWidth);
    if (!problem.empty())
      return emitError() << problem;
    return success();
  }
  // The FMA dot: the parent is the accumulator's blocked layout, which has
  // no notion of a K width.
  auto blocked = dyn_cast<BlockedLayoutAttr>(parent);
  if (!blocked)
    return emitError() << "dot operand layouts need a blocked, MFMA or "
                          "NVMMA parent (other parents are not supported "
                          "yet)";
  if (blocked.getRank() < 2)
    return emitError() << "a dot operand's parent must have rank 2 or more";
  if (kWidth != 0)
    return emitError() << "k_width must be 0 for a blocked parent, got "
                       << kWidth;
  return success();
}

unsigned DotOperandLayoutAttr::getRank() const {
  return getParent().getRank();
}

unsigned DotOperandLayoutAttr::getNumWarps() const {
  return getParent().getNumWarps();
}

unsigned DotOperandLayoutAttr::getWarpSize() const {
  return getParent().getWarpSize();
}

gluonc::LinearLayout
DotOperandLayoutAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
  if (auto nvmma = dyn_cast<NVMMADistributedLayoutAttr>(getParent()))
    return gluonc::nvidiaMmaDotOperandToLinearLayout(
        nvmma.toSpec(), getOpIdx(), getKWidth(),
        std::vector<int32_t>(shape.begin(), shape.end()));
  if (auto mfma = dyn_cast<AMDMFMALayoutAttr>(getParent()))
    return gluonc::mfmaDotOperandToLinearLayout(
        mfma.toSpec(), getOpIdx(), getKWidth(),
        std::vector<int32_t>(shape.begin(), shape.end()));
  return gluonc::fmaDotOperandToLinearLayout(
      cast<BlockedLayoutAttr>(getParent()).toSpec(), getOpIdx(),
      std::vector<int32_t>(shape.begin(), shape.end()));
}
