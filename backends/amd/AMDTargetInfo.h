//===- AMDTargetInfo.h - ROCDL hooks of the shared lowering -----*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_BACKENDS_AMD_AMDTARGETINFO_H
#define GLUONC_BACKENDS_AMD_AMDTARGETINFO_H

#include "gluonc/Conversion/TargetInfo.h"

namespace gluonc::amd {

/// s_waitcnt's bit field on gfx9 (CDNA) that waits until at most `vmcnt`
/// vector-memory and `lgkmcnt` LDS / scalar-memory instructions of the wave
/// are outstanding: vmcnt in bits [3:0] and [15:14] (at most 63), expcnt
/// [6:4] and lgkmcnt [11:8] (at most 15); the maxima wait for nothing.
constexpr uint32_t encodeWaitcnt(uint32_t vmcnt = 63, uint32_t lgkmcnt = 15) {
  vmcnt = vmcnt < 63 ? vmcnt : 63;
  lgkmcnt = lgkmcnt < 15 ? lgkmcnt : 15;
  return (vmcnt & 0xF) | ((vmcnt >> 4) << 14) | (0x7 << 4) | (lgkmcnt << 8);
}
/// Waits for the wave's LDS accesses alone.
constexpr uint32_t kWaitLdsOnly = encodeWaitcnt(63, 0);
static_assert(kWaitLdsOnly == 0xC07F, "lgkmcnt(0), nothing else");

/// Waves of 64 lanes (CDNA, gfx9) or 32 (gfx12), cross-lane moves through
/// ds_bpermute, the program count from the code object v5 implicit
/// arguments.
class AMDTargetInfo : public TargetInfo {
public:
  explicit AMDTargetInfo(unsigned waveSize) : waveSize(waveSize) {}

  unsigned getWarpSize() const override { return waveSize; }
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
  void emitBlockBarrier(mlir::OpBuilder &builder,
                   mlir::Location loc) const override;
  std::optional<std::string>
  getMathLibraryFunction(llvm::StringRef opName,
                         mlir::Type type) const override;
  std::optional<std::string> getExternFunction(llvm::StringRef function,
                                               mlir::Type type) const override;
  // Atomics.cpp
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
  bool emitAssertFail(mlir::OpBuilder &builder, mlir::Location loc,
                      llvm::StringRef message, llvm::StringRef file,
                      int32_t line, llvm::StringRef function) const override;
  void markKernel(mlir::LLVM::LLVMFuncOp func,
                  unsigned numThreads) const override;
  void getDependentDialects(mlir::DialectRegistry &registry) const override;
  void addLegalDialects(mlir::ConversionTarget &target) const override;

private:
  /// The lane id within the wave: the thread id's low bits.
  mlir::Value getLaneId(mlir::OpBuilder &builder, mlir::Location loc) const;

  unsigned waveSize;
};

} // namespace gluonc::amd

#endif // GLUONC_BACKENDS_AMD_AMDTARGETINFO_H
