//===- OpVerifiers.h - Checks shared by the ops' verifiers ------*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Private to src/IR: the checks that verifiers of ops defined in different
// files (Ops.cpp for the ops every target lowers, AMDOps.cpp for AMD's)
// both make.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_IR_OPVERIFIERS_H
#define GLUONC_IR_OPVERIFIERS_H

#include "gluonc/IR/Dialect.h"

namespace mlir::gluon {

/// Checks that two operands agree in shape and layout (their element types
/// may differ). A scalar matches only a scalar. The diagnostic names both
/// operands and both layouts.
LogicalResult verifySameShapeAndLayout(Operation *op, StringRef lhsName,
                                       Type lhs, StringRef rhsName, Type rhs);

} // namespace mlir::gluon

#endif // GLUONC_IR_OPVERIFIERS_H
