//===- InlineAsmOps.cpp - Verifiers and effects of inline assembly -------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Both ops carry an LLVM constraint string that must name exactly as many
// operands as the lowering passes to the assembly; these checks keep IR
// written by hand (or by a pass) honest. The frontend reports the same
// mistakes at the source line first.
//
//===----------------------------------------------------------------------===//

#include "gluonc/IR/Dialect.h"
#include "gluonc/IR/InlineAsm.h"

#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::gluon;

unsigned gluon::countConstraintOperands(StringRef constraints) {
  if (constraints.trim().empty())
    return 0;
  unsigned count = 0;
  SmallVector<StringRef> entries;
  constraints.split(entries, ',');
  for (StringRef entry : entries)
    if (!entry.trim().starts_with("~"))
      ++count;
  return count;
}

unsigned gluon::countAsmRegisters(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return getLinearLayout(tensor).getNumRegisters();
  return 1;
}

unsigned gluon::getElementsPerAsmRegister(Type elementType,
                                          unsigned packedElement) {
  unsigned bits = elementType.isIntOrFloat()
                      ? elementType.getIntOrFloatBitWidth()
                      : 64;
  unsigned perRegister = bits < 32 ? 32 / bits : 1;
  return std::min(perRegister, packedElement);
}

/// The checks both assembly ops share: the constraints name the
/// `expected` operands, and the template refers only to those and reads no
/// file (checkAsmTemplate).
static LogicalResult verifyAsmOperands(Operation *op, StringRef asmString,
                                       StringRef constraints,
                                       unsigned expected) {
  unsigned given = countConstraintOperands(constraints);
  if (given != expected)
    return op->emitOpError() << "the constraints name " << given
                             << " operands, the assembly has " << expected;
  if (std::optional<AsmTemplateError> error =
          checkAsmTemplate(asmString, expected))
    return op->emitOpError() << "assembly template, at byte "
                             << error->offset << ": " << error->message;
  return success();
}

static bool isAsmScalar(Type type) {
  return type.isIntOrFloat() || isa<PointerType>(type);
}

LogicalResult InlineAsmOp::verify() {
  unsigned operands = 0;
  bool hasDescriptor = false;
  for (Type type : getArgs().getTypes()) {
    if (isa<MemDescType>(type)) {
      hasDescriptor = true;
      ++operands;
      continue;
    }
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (tensor ? !isa_and_nonnull<LayoutAttrInterface>(tensor.getEncoding())
               : !isAsmScalar(type))
      return emitOpError() << "arguments must be scalars, tensors with a "
                              "distributed layout or shared memory "
                              "descriptors, got "
                           << type;
    operands += countAsmRegisters(type);
  }
  for (Type type : getResultTypes()) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (tensor ? !isa_and_nonnull<LayoutAttrInterface>(tensor.getEncoding())
               : !isAsmScalar(type))
      return emitOpError() << "results must be scalars or tensors with a "
                              "distributed layout, got "
                           << type;
    operands += countAsmRegisters(type);
  }
  if (hasDescriptor && getPure())
    return emitOpError("a shared memory descriptor operand needs an impure "
                       "op: the assembly may write through it");
  return verifyAsmOperands(*this, getAsmString(), getConstraints(),
                           operands);
}

void InlineAsmOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  if (getPure())
    return;
  effects.emplace_back(MemoryEffects::Read::get());
  effects.emplace_back(MemoryEffects::Write::get());
}

LogicalResult InlineAsmElementwiseOp::verify() {
  if (getPackedElement() < 1)
    return emitOpError("packed_element must be at least 1");
  if (getArgs().empty())
    return emitOpError("needs at least one tensor argument");
  if (getResults().empty())
    return emitOpError("needs at least one result");
  auto reference = cast<RankedTensorType>(getArgs().front().getType());
  unsigned pack = getPackedElement();
  unsigned operands = 0;
  auto count = [&](Value value) -> LogicalResult {
    auto type = cast<RankedTensorType>(value.getType());
    if (type.getShape() != reference.getShape() ||
        type.getEncoding() != reference.getEncoding())
      return emitOpError() << "arguments and results need one shape and "
                              "layout, got "
                           << reference << " and " << type;
    unsigned perRegister =
        getElementsPerAsmRegister(type.getElementType(), pack);
    if (pack % perRegister != 0)
      return emitOpError() << "packed_element " << pack
                           << " is not a multiple of the "
                           << perRegister << " " << type.getElementType()
                           << " elements one 32-bit register holds";
    operands += pack / perRegister;
    return success();
  };
  for (Value value : getArgs())
    if (failed(count(value)))
      return failure();
  for (Value value : getResults())
    if (failed(count(value)))
      return failure();
  return verifyAsmOperands(*this, getAsmString(), getConstraints(),
                           operands);
}

void InlineAsmElementwiseOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  if (getPure())
    return;
  effects.emplace_back(MemoryEffects::Read::get());
  effects.emplace_back(MemoryEffects::Write::get());
}
