//===- NvidiaMmaLayoutAttr.cpp - #gluon.nvidia_mma: tensor-core results ---===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Parsing, printing and checking of the NVMMA distributed layout attribute;
// its linear layout is gluonc::nvidiaMmaToLinearLayout.
//
//===----------------------------------------------------------------------===//

#include "gluonc/IR/Dialect.h"

#include "mlir/IR/DialectImplementation.h"

using namespace mlir;
using namespace mlir::gluon;

static ParseResult parseKeyList(AsmParser &parser, StringRef key,
                                SmallVectorImpl<unsigned> &values) {
  if (parser.parseKeyword(key) || parser.parseEqual())
    return failure();
  return parser.parseCommaSeparatedList(
      AsmParser::Delimiter::Square, [&]() -> ParseResult {
        unsigned value;
        if (parser.parseInteger(value))
          return failure();
        values.push_back(value);
        return success();
      });
}

Attribute NVMMADistributedLayoutAttr::parse(AsmParser &parser, Type) {
  SmallVector<unsigned> version, warpsPerCTA, instrShape;
  if (parser.parseLess() || parser.parseLBrace() ||
      parseKeyList(parser, "version", version) || parser.parseComma() ||
      parseKeyList(parser, "warpsPerCTA", warpsPerCTA) ||
      parser.parseComma() ||
      parseKeyList(parser, "instrShape", instrShape) ||
      parser.parseRBrace() || parser.parseGreater())
    return {};
  return parser.getChecked<NVMMADistributedLayoutAttr>(
      parser.getContext(), ArrayRef<unsigned>(version),
      ArrayRef<unsigned>(warpsPerCTA), ArrayRef<unsigned>(instrShape));
}

void NVMMADistributedLayoutAttr::print(AsmPrinter &printer) const {
  printer << "<{version = [";
  llvm::interleaveComma(getVersion(), printer);
  printer << "], warpsPerCTA = [";
  llvm::interleaveComma(getWarpsPerCTA(), printer);
  printer << "], instrShape = [";
  llvm::interleaveComma(getInstrShape(), printer);
  printer << "]}>";
}

static gluonc::NvidiaMmaLayoutSpec makeSpec(ArrayRef<unsigned> version,
                                            ArrayRef<unsigned> warpsPerCTA,
                                            ArrayRef<unsigned> instrShape) {
  gluonc::NvidiaMmaLayoutSpec spec;
  spec.version.assign(version.begin(), version.end());
  spec.warpsPerCTA.assign(warpsPerCTA.begin(), warpsPerCTA.end());
  spec.instrShape.assign(instrShape.begin(), instrShape.end());
  return spec;
}

gluonc::NvidiaMmaLayoutSpec NVMMADistributedLayoutAttr::toSpec() const {
  return makeSpec(getVersion(), getWarpsPerCTA(), getInstrShape());
}

LogicalResult NVMMADistributedLayoutAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, ArrayRef<unsigned> version,
    ArrayRef<unsigned> warpsPerCTA, ArrayRef<unsigned> instrShape) {
  std::string problem = makeSpec(version, warpsPerCTA, instrShape).validate();
  if (!problem.empty())
    return emitError() << "invalid NVMMADistributedLayout: " << problem;
  return success();
}

unsigned NVMMADistributedLayoutAttr::getRank() const { return 2; }

unsigned NVMMADistributedLayoutAttr::getNumWarps() const {
  return getWarpsPerCTA()[0] * getWarpsPerCTA()[1];
}

unsigned NVMMADistributedLayoutAttr::getWarpSize() const { return 32; }

gluonc::LinearLayout
NVMMADistributedLayoutAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
  return gluonc::nvidiaMmaToLinearLayout(
      toSpec(), std::vector<int32_t>(shape.begin(), shape.end()));
}
