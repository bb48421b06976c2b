//===- Traits.h - Op traits of the gluon dialect ----------------*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Traits that MLIR lacks and gluon ops declare in ODS (GluonOps.td):
//
//  - SameOperandsEncoding: every tensor operand has the same encoding (in
//    this dialect, the same distributed layout), as MLIR's
//    SameOperandsShape and SameOperandsElementType do for shapes and
//    element types. Ops that combine tensors element by element across
//    their operands (gluon.reduce, gluon.scan) need it: the lowering pairs
//    the operands' registers one for one.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_IR_TRAITS_H
#define GLUONC_IR_TRAITS_H

#include "mlir/IR/OpDefinition.h"

namespace mlir::gluon::OpTrait {

namespace impl {
LogicalResult verifySameOperandsEncoding(Operation *op);
} // namespace impl

/// Every operand that is a ranked tensor has the encoding of the first
/// such operand; the diagnostic names both layouts.
template <typename ConcreteType>
class SameOperandsEncoding
    : public ::mlir::OpTrait::TraitBase<ConcreteType, SameOperandsEncoding> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return impl::verifySameOperandsEncoding(op);
  }
};

} // namespace mlir::gluon::OpTrait

#endif // GLUONC_IR_TRAITS_H
