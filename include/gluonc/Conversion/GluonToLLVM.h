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
// through Target::populateLoweringPatterns and keeps in its own folder
// (backends/amd: MFMA, buffer accesses). This is the split of Triton's
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

/// The shared patterns: gluon ops every target has, elementwise arith/math
/// on tensors, the kernel function, and the upstream patterns for scalars
/// and branches.
void populateGluonToLLVMPatterns(GluonLLVMTypeConverter &converter,
                                 mlir::RewritePatternSet &patterns,
                                 const LoweringContext &context);

/// The whole conversion as a pass over a module whose control flow is
/// already unstructured (run scf-to-cf first): the shared patterns and the
/// target's own (Target::populateLoweringPatterns), for `arch` or, when
/// empty, the module's gluon.target. Masked accesses come out as
/// gluon.predicated_load/store, for createExpandPredicatedAccessesPass.
std::unique_ptr<mlir::Pass> createConvertGluonToLLVMPass(std::string arch = "");

/// Expands gluon.predicated_load/store into the target's predicated
/// instructions where it has them (TargetInfo::lowerPredicatedLoad/Store),
/// else into branches around LLVM accesses. The target is `arch`'s, else
/// the module's gluon.target; with neither, branches only.
std::unique_ptr<mlir::Pass>
createExpandPredicatedAccessesPass(std::string arch = "");

/// Turns each gluon.warp_specialize (after the conversion) into the
/// dispatch of warps to their tasks at the kernel's entry, with the
/// target's named barriers and register counts (WarpSpecializeToLLVM.cpp);
/// the target as above.
std::unique_ptr<mlir::Pass>
createLowerWarpSpecializePass(std::string arch = "");

/// The `lower` stage of a GPU target for `arch`: scf to branches, the
/// conversion above, the lowering of warp_specialize, the expansion of
/// predicated accesses, then cleanup.
void buildGluonLoweringPasses(mlir::OpPassManager &pm, llvm::StringRef arch);

/// Registers the passes above, and the upstream ones the lower stage runs,
/// under their names, so that a textual pipeline can name them.
void registerGluonLoweringPasses();

} // namespace gluonc

#endif // GLUONC_CONVERSION_GLUONTOLLVM_H
