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
//===----------------------------------------------------------------------===//

#ifndef GLUONC_CONVERSION_GLUONTOLLVM_H
#define GLUONC_CONVERSION_GLUONTOLLVM_H

#include "gluonc/Conversion/TargetInfo.h"

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"

#include <memory>

namespace gluonc {

class AxisInfoAnalysis;

/// Converts gluon pointers to LLVM pointers and distributed tensors to
/// structs of the registers one thread holds.
class GluonLLVMTypeConverter : public mlir::LLVMTypeConverter {
public:
  explicit GluonLLVMTypeConverter(mlir::MLIRContext *context);
};

/// The patterns lowering gluon ops, elementwise arith/math on tensors, and
/// the kernel function. `numThreads` is the block size.
void populateGluonToLLVMPatterns(GluonLLVMTypeConverter &converter,
                                 mlir::RewritePatternSet &patterns,
                                 const TargetInfo &target,
                                 const AxisInfoAnalysis &axisInfo,
                                 unsigned numThreads);

/// The whole conversion as a pass over a module whose control flow is
/// already unstructured (run scf-to-cf first). Masked accesses come out as
/// gluon.predicated_load/store, for createExpandPredicatedAccessesPass.
std::unique_ptr<mlir::Pass>
createConvertGluonToLLVMPass(std::shared_ptr<const TargetInfo> target);

/// Expands gluon.predicated_load/store into the target's predicated
/// instructions where it has them (TargetInfo::lowerPredicatedLoad/Store),
/// else into branches around LLVM accesses; with no target, branches.
std::unique_ptr<mlir::Pass> createExpandPredicatedAccessesPass(
    std::shared_ptr<const TargetInfo> target = nullptr);

/// The `lower` stage of a GPU target: scf to branches, the conversion
/// above, the expansion of predicated accesses, then cleanup.
void buildGluonLoweringPasses(mlir::OpPassManager &pm,
                              std::shared_ptr<const TargetInfo> target);

} // namespace gluonc

#endif // GLUONC_CONVERSION_GLUONTOLLVM_H
