//===- NVIDIATargetInfo.h - NVVM hooks of the shared lowering ---*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_BACKENDS_NVIDIA_NVIDIATARGETINFO_H
#define GLUONC_BACKENDS_NVIDIA_NVIDIATARGETINFO_H

#include "Architectures.h"
#include "gluonc/Conversion/TargetInfo.h"

namespace gluonc::nvidia {

class NVIDIATargetInfo : public TargetInfo {
public:
  unsigned getWarpSize() const override { return kWarpSize; }
  bool isThreadVariant(mlir::Operation *op) const override;
  mlir::Value getBlockThreadId(mlir::OpBuilder &builder, mlir::Location loc,
                          unsigned numThreads) const override;
  mlir::Value getProgramId(mlir::OpBuilder &builder, mlir::Location loc,
                           unsigned axis) const override;
  mlir::Value getNumPrograms(mlir::OpBuilder &builder, mlir::Location loc,
                             unsigned axis) const override;
  mlir::Value shuffleXor(mlir::OpBuilder &builder, mlir::Location loc,
                         mlir::Value value, unsigned laneMask) const override;
  mlir::Value shuffleUp(mlir::OpBuilder &builder, mlir::Location loc,
                        mlir::Value value, unsigned delta) const override;
  mlir::Value shuffleDown(mlir::OpBuilder &builder, mlir::Location loc,
                          mlir::Value value, unsigned delta) const override;
  mlir::Value shuffleIndex(mlir::OpBuilder &builder, mlir::Location loc,
                           mlir::Value value,
                           mlir::Value lane) const override;
  bool emitNamedBarrier(mlir::OpBuilder &builder, mlir::Location loc,
                        unsigned id, unsigned numThreads, bool arriveOnly,
                        bool aligned) const override;
  bool emitSetRegisterCount(mlir::OpBuilder &builder, mlir::Location loc,
                            unsigned count, bool increase) const override;
  void emitBlockBarrier(mlir::OpBuilder &builder,
                   mlir::Location loc) const override;
  std::optional<std::string>
  getMathLibraryFunction(llvm::StringRef opName,
                         mlir::Type type) const override;
  std::optional<std::string> getExternFunction(llvm::StringRef function,
                                               mlir::Type type) const override;
  mlir::Value lowerPredicatedLoad(mlir::OpBuilder &builder, mlir::Location loc,
                                  mlir::Type type, mlir::Value ptr,
                                  mlir::Value predicate, mlir::Value fallback,
                                  unsigned alignment) const override;
  bool lowerPredicatedStore(mlir::OpBuilder &builder, mlir::Location loc,
                            mlir::Value ptr, mlir::Value value,
                            mlir::Value predicate,
                            unsigned alignment) const override;
  mlir::Value emitApproximateDivide(mlir::OpBuilder &builder,
                                    mlir::Location loc, mlir::Value x,
                                    mlir::Value y) const override;
  mlir::Value emitAtomicRMW(mlir::OpBuilder &builder, mlir::Location loc,
                            llvm::StringRef kind, mlir::Value ptr,
                            mlir::Value value, mlir::Value predicate,
                            llvm::StringRef sem,
                            llvm::StringRef scope) const override;
  mlir::Value emitAtomicCAS(mlir::OpBuilder &builder, mlir::Location loc,
                            mlir::Value ptr, mlir::Value cmp,
                            mlir::Value value, mlir::Value predicate,
                            llvm::StringRef sem,
                            llvm::StringRef scope) const override;
  mlir::Value emitFloatToFloat8(mlir::OpBuilder &builder, mlir::Location loc,
                                mlir::Value value,
                                mlir::Type type) const override;
  mlir::Value emitFloat8ToFloat(mlir::OpBuilder &builder, mlir::Location loc,
                                mlir::Value bits,
                                mlir::Type type) const override;
  bool emitAssertFail(mlir::OpBuilder &builder, mlir::Location loc,
                      llvm::StringRef message, llvm::StringRef file,
                      int32_t line, llvm::StringRef function) const override;
  void markKernel(mlir::LLVM::LLVMFuncOp func,
                  unsigned numThreads) const override;
  bool markDescriptorArgument(mlir::LLVM::LLVMFuncOp func, unsigned index,
                              unsigned bytes,
                              unsigned alignment) const override;
  void getDependentDialects(mlir::DialectRegistry &registry) const override;
  void addLegalDialects(mlir::ConversionTarget &target) const override;
};

} // namespace gluonc::nvidia

#endif // GLUONC_BACKENDS_NVIDIA_NVIDIATARGETINFO_H
