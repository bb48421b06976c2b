//===- Patterns.h - The NVIDIA backend's own lowering patterns --*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The patterns of the ops only NVIDIA has, lowered to PTX and added to the
// shared gluon-to-LLVM conversion through Target::populateLoweringPatterns
// (NVIDIATarget.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_BACKENDS_NVIDIA_PATTERNS_H
#define GLUONC_BACKENDS_NVIDIA_PATTERNS_H

#include "gluonc/Conversion/GluonToLLVM.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"

namespace gluonc::nvidia {

/// A conversion pattern of the backend, with the lowering context (target,
/// threads) its lowering needs.
template <typename OpTy>
struct ContextPattern : public mlir::ConvertOpToLLVMPattern<OpTy> {
  ContextPattern(const mlir::LLVMTypeConverter &converter,
                 const LoweringContext &context)
      : mlir::ConvertOpToLLVMPattern<OpTy>(converter), context(context) {}

  LoweringContext context;
};

/// TMA copies, mbarriers and the async-proxy fence (AsyncOpToLLVM.cpp);
/// also teaches `converter` that a tensor descriptor is the generic address
/// of its CUtensorMap.
void populateAsyncOpToLLVMPatterns(GluonLLVMTypeConverter &converter,
                                   mlir::RewritePatternSet &patterns,
                                   const LoweringContext &context);

/// Ampere's async copies, their commit and wait as cp.async
/// (AsyncCopyOpToLLVM.cpp).
void populateAsyncCopyOpToLLVMPatterns(GluonLLVMTypeConverter &converter,
                                       mlir::RewritePatternSet &patterns,
                                       const LoweringContext &context);

/// gluon.local_load as ldmatrix where the layouts allow
/// (LoadMatrixOpToLLVM.cpp); other loads keep the shared lowering.
void populateLoadMatrixOpToLLVMPatterns(GluonLLVMTypeConverter &converter,
                                        mlir::RewritePatternSet &patterns,
                                        const LoweringContext &context);

/// gluon.mma_v2 as mma.sync (MmaV2OpToLLVM.cpp).
void populateMmaV2OpToLLVMPatterns(GluonLLVMTypeConverter &converter,
                                   mlir::RewritePatternSet &patterns);

/// gluon.warpgroup_mma and its wait as wgmma (WarpgroupMmaOpToLLVM.cpp).
void populateWarpgroupMmaOpToLLVMPatterns(GluonLLVMTypeConverter &converter,
                                          mlir::RewritePatternSet &patterns,
                                          const LoweringContext &context);

/// This thread's warp id as lane 0 holds it (shfl.sync): the same value as
/// thread id / warp size, but one ptxas knows is warp-uniform, so that what
/// is computed from it (a TMA box, a wgmma descriptor) stays in uniform
/// registers instead of being moved there (R2UR) before every use
/// (AsyncOpToLLVM.cpp).
mlir::Value emitUniformWarpId(mlir::OpBuilder &b, mlir::Location loc,
                              const LoweringContext &context);

} // namespace gluonc::nvidia

#endif // GLUONC_BACKENDS_NVIDIA_PATTERNS_H
