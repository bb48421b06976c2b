//===- NVIDIATargetInfo.h - NVVM hooks of the shared lowering ---*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_BACKENDS_NVIDIA_NVIDIATARGETINFO_H
#define GLUONC_BACKENDS_NVIDIA_NVIDIATARGETINFO_H

#include "gluonc/Conversion/TargetInfo.h"

namespace gluonc::nvidia {

class NVIDIATargetInfo : public TargetInfo {
public:
  unsigned getWarpSize() const override { return 32; }
  mlir::Value getThreadId(mlir::OpBuilder &builder, mlir::Location loc,
                          unsigned numThreads) const override;
  mlir::Value getProgramId(mlir::OpBuilder &builder, mlir::Location loc,
                           unsigned axis) const override;
  mlir::Value getNumPrograms(mlir::OpBuilder &builder, mlir::Location loc,
                             unsigned axis) const override;
  mlir::Value shuffleXor(mlir::OpBuilder &builder, mlir::Location loc,
                         mlir::Value value, unsigned laneMask) const override;
  void emitBarrier(mlir::OpBuilder &builder,
                   mlir::Location loc) const override;
  std::optional<std::string>
  getMathLibraryFunction(llvm::StringRef opName,
                         mlir::Type type) const override;
  void markKernel(mlir::LLVM::LLVMFuncOp func,
                  unsigned numThreads) const override;
  void getDependentDialects(mlir::DialectRegistry &registry) const override;
  void addLegalDialects(mlir::ConversionTarget &target) const override;
};

} // namespace gluonc::nvidia

#endif // GLUONC_BACKENDS_NVIDIA_NVIDIATARGETINFO_H
