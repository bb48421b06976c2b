//===- Traits.cpp - Op traits of the gluon dialect ------------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The verifiers of the traits in gluonc/IR/Traits.h.
//
//===----------------------------------------------------------------------===//

#include "gluonc/IR/Dialect.h"

using namespace mlir;

LogicalResult
mlir::gluon::OpTrait::impl::verifySameOperandsEncoding(Operation *op) {
  Attribute first;
  unsigned firstIndex = 0;
  for (OpOperand &operand : op->getOpOperands()) {
    auto tensor = dyn_cast<RankedTensorType>(operand.get().getType());
    if (!tensor)
      continue;
    if (!first) {
      first = tensor.getEncoding();
      firstIndex = operand.getOperandNumber();
      continue;
    }
    if (tensor.getEncoding() != first)
      return op->emitOpError()
             << "requires the same layout for all operands: operand "
             << firstIndex << " has layout " << gluon::layoutToString(first)
             << ", operand " << operand.getOperandNumber() << " has layout "
             << gluon::layoutToString(tensor.getEncoding());
  }
  return success();
}
