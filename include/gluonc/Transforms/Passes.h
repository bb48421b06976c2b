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
/// warp count and the target's warp size, and tensor shapes are powers of
/// two. (arith's verifiers already require equal encodings of operands.)
std::unique_ptr<mlir::Pass> createVerifyLayoutsPass();

/// Registers the passes above for gluonc-opt.
void registerGluonTransformsPasses();

} // namespace gluonc

#endif // GLUONC_TRANSFORMS_PASSES_H
