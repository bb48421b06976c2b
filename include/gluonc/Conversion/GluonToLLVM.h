//===- GluonToLLVM.h - Lower the gluon dialect to LLVM ----------*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Lowers a gluon kernel to the LLVM dialect, per thread: a tensor becomes an
// LLVM struct holding the registers this thread owns (as its layout says),
// every tensor op becomes the scalar ops of one thread.
//
// The conversion is shared by all GPU backends. What differs per target
// comes in two ways: primitives the shared patterns call (TargetInfo.h),
// and whole patterns of the ops only one vendor has, which the backend adds
// through TargetPatternsFn and keeps in its own folder (backends/amd: MFMA,
// buffer accesses). This is the split of Triton's
// lib/Conversion/TritonGPUToLLVM (shared) and
// third_party/amd/lib/TritonAMDGPUToLLVM (vendor), and of MLIR's
// GPUToNVVM / GPUToROCDL over GPUCommon.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_CONVERSION_GLUONTOLLVM_H
#define GLUONC_CONVERSION_GLUONTOLLVM_H

#include "gluonc/Conversion/TargetInfo.h"

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"

#include <functional>
#include <memory>

namespace gluonc {

class AxisInfoAnalysis;

/// Converts gluon pointers to LLVM pointers and distributed tensors to
/// structs of the registers one thread holds.
class GluonLLVMTypeConverter : public mlir::LLVMTypeConverter {
public:
  explicit GluonLLVMTypeConverter(mlir::MLIRContext *context);
};

/// What every gluon op pattern needs beyond the type converter: the
/// target's primitives, the AxisInfo facts of the gluon IR (computed before
/// any op is rewritten) and the block size in threads.
struct LoweringContext {
  const TargetInfo &target;
  const AxisInfoAnalysis &axisInfo;
  unsigned numThreads;
};

/// Adds a backend's own patterns to the conversion: those of the ops only
/// its vendor has, which it lowers straight to its dialect (AMD: gluon.mfma
/// and the buffer accesses to ROCDL). The Hopper ops that come next (TMA,
/// mbarrier, wgmma) go to backends/nvidia the same way; the shared patterns
/// stay vendor-free and call TargetInfo primitives only.
using TargetPatternsFn = std::function<void(GluonLLVMTypeConverter &converter,
                                            mlir::RewritePatternSet &patterns,
                                            const LoweringContext &context)>;

/// The shared patterns: gluon ops every target has, elementwise arith/math
/// on tensors, the kernel function, and the upstream patterns for scalars
/// and branches.
void populateGluonToLLVMPatterns(GluonLLVMTypeConverter &converter,
                                 mlir::RewritePatternSet &patterns,
                                 const LoweringContext &context);

/// The whole conversion as a pass over a module whose control flow is
/// already unstructured (run scf-to-cf first): the shared patterns and
/// `targetPatterns` (none if empty). Masked accesses come out as
/// gluon.predicated_load/store, for createExpandPredicatedAccessesPass.
std::unique_ptr<mlir::Pass>
createConvertGluonToLLVMPass(std::shared_ptr<const TargetInfo> target,
                             TargetPatternsFn targetPatterns = nullptr);

/// Expands gluon.predicated_load/store into the target's predicated
/// instructions where it has them (TargetInfo::lowerPredicatedLoad/Store),
/// else into branches around LLVM accesses; with no target, branches.
std::unique_ptr<mlir::Pass> createExpandPredicatedAccessesPass(
    std::shared_ptr<const TargetInfo> target = nullptr);

/// Turns each gluon.warp_specialize (after the conversion) into the
/// dispatch of warps to their tasks at the kernel's entry, with the
/// target's named barriers and register counts (WarpSpecializeToLLVM.cpp).
std::unique_ptr<mlir::Pass>
createLowerWarpSpecializePass(std::shared_ptr<const TargetInfo> target);

/// The `lower` stage of a GPU target: scf to branches, the conversion
/// above (with the target's own patterns), the expansion of predicated
/// accesses, then cleanup.
void buildGluonLoweringPasses(mlir::OpPassManager &pm,
                              std::shared_ptr<const TargetInfo> target,
                              TargetPatternsFn targetPatterns = nullptr);

} // namespace gluonc

#endif // GLUONC_CONVERSION_GLUONTOLLVM_H
