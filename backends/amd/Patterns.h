//===- Patterns.h - The AMD backend's own lowering patterns -----*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The patterns of the ops only AMD has, lowered straight to ROCDL and added
// to the shared gluon-to-LLVM conversion through its TargetPatternsFn hook
// (AMDTarget.cpp). They build on the shared helpers of
// gluonc/Conversion/Utility.h.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_BACKENDS_AMD_PATTERNS_H
#define GLUONC_BACKENDS_AMD_PATTERNS_H

#include "gluonc/Conversion/GluonToLLVM.h"

namespace gluonc::amd {

/// gluon.mfma as CDNA's matrix instructions (MfmaOpToLLVM.cpp).
void populateMfmaOpToLLVMPatterns(GluonLLVMTypeConverter &converter,
                                  mlir::RewritePatternSet &patterns);

/// gluon.buffer_load and gluon.buffer_store as raw buffer accesses
/// (BufferOpToLLVM.cpp).
void populateBufferOpToLLVMPatterns(GluonLLVMTypeConverter &converter,
                                    mlir::RewritePatternSet &patterns,
                                    const LoweringContext &context);

} // namespace gluonc::amd

#endif // GLUONC_BACKENDS_AMD_PATTERNS_H
