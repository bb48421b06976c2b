//===- Passes.h - Target-independent gluon passes ---------------*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_TRANSFORMS_PASSES_H
#define GLUONC_TRANSFORMS_PASSES_H

#include "mlir/Pass/Pass.h"

#include <memory>

namespace gluonc {

/// Checks what op verifiers cannot see alone: every layout fits the kernel's
/// warp count and the target's warp size, tensor shapes are powers of two,
/// and the operands of elementwise arith/math ops share one layout.
std::unique_ptr<mlir::Pass> createVerifyLayoutsPass();

/// Registers the passes above for gluonc-opt.
void registerGluonTransformsPasses();

} // namespace gluonc

#endif // GLUONC_TRANSFORMS_PASSES_H
