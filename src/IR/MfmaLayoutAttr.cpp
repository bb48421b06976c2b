//===- MfmaLayoutAttr.cpp - #gluon.amd_mfma: AMD's matrix accumulators ----===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Parsing, printing and checking of the MFMA layout attribute; its linear
// layout is gluonc::mfmaToLinearLayout (and, for its dot operands,
// gluonc::mfmaDotOperandToLinearLayout).
//
//===----------------------------------------------------------------------===//

#include "gluonc/IR/Dialect.h"

#include "mlir/IR/DialectImplementation.h"

using namespace mlir;
using namespace mlir::gluon;

static ParseResult parseList(AsmParser &parser,
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

Attribute AMDMFMALayoutAttr::parse(AsmParser &parser, Type) {
  unsigned version;
  SmallVector<unsigned> instrShape, warpsPerCTA;
  bool transposed = false;
  StringRef flag;
  if (parser.parseLess() || parser.parseLBrace() ||
      parser.parseKeyword("version") || parser.parseEqual() ||
      parser.parseInteger(version) || parser.parseComma() ||
      parser.parseKeyword("instrShape") || parser.parseEqual() ||
      parseList(parser, instrShape) || parser.parseComma() ||
      parser.parseKeyword("transposed") || parser.parseEqual() ||
      parser.parseKeyword(&flag) || parser.parseComma() ||
      parser.parseKeyword("warpsPerCTA") || parser.parseEqual() ||
      parseList(parser, warpsPerCTA) || parser.parseRBrace() ||
      parser.parseGreater())
    return {};
  transposed = flag == "true";
  // ArrayRefs, so that the generated getChecked (whose storage this file
  // cannot see) is the one called.
  return parser.getChecked<AMDMFMALayoutAttr>(
      parser.getContext(), version, ArrayRef<unsigned>(instrShape),
      transposed, ArrayRef<unsigned>(warpsPerCTA));
}

void AMDMFMALayoutAttr::print(AsmPrinter &printer) const {
  printer << "<{version = " << getVersion() << ", instrShape = [";
  llvm::interleaveComma(getInstrShape(), printer);
  printer << "], transposed = " << (getTransposed() ? "true" : "false")
          << ", warpsPerCTA = [";
  llvm::interleaveComma(getWarpsPerCTA(), printer);
  printer << "]}>";
}

gluonc::MfmaLayoutSpec AMDMFMALayoutAttr::toSpec() const {
  gluonc::MfmaLayoutSpec spec;
  spec.version = getVersion();
  spec.instrShape.assign(getInstrShape().begin(), getInstrShape().end());
  spec.transposed = getTransposed();
  spec.warpsPerCTA.assign(getWarpsPerCTA().begin(), getWarpsPerCTA().end());
  return spec;
}

LogicalResult
AMDMFMALayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                          unsigned version, ArrayRef<unsigned> instrShape,
                          bool transposed, ArrayRef<unsigned> warpsPerCTA) {
  gluonc::MfmaLayoutSpec spec;
  spec.version = version;
  spec.instrShape.assign(instrShape.begin(), instrShape.end());
  spec.transposed = transposed;
  spec.warpsPerCTA.assign(warpsPerCTA.begin(), warpsPerCTA.end());
  std::string problem = spec.validate();
  if (!problem.empty())
    return emitError() << "invalid MFMA layout: " << problem;
  return success();
}

unsigned AMDMFMALayoutAttr::getRank() const { return 2; }

unsigned AMDMFMALayoutAttr::getNumWarps() const {
  return getWarpsPerCTA()[0] * getWarpsPerCTA()[1];
}

unsigned AMDMFMALayoutAttr::getWarpSize() const { return 64; }

gluonc::LinearLayout
AMDMFMALayoutAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
  return gluonc::mfmaToLinearLayout(
      toSpec(), std::vector<int32_t>(shape.begin(), shape.end()));
}
