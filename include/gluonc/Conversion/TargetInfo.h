//===- TargetInfo.h - What lowering needs to know of a GPU ------*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The gluon-to-LLVM lowering is shared by all GPU backends; the few things
// that differ (hardware index registers, how a kernel entry is marked, the
// widest memory access) come from a TargetInfo the backend provides.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_CONVERSION_TARGETINFO_H
#define GLUONC_CONVERSION_TARGETINFO_H

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Transforms/DialectConversion.h"

namespace gluonc {

class TargetInfo {
public:
  virtual ~TargetInfo();

  /// Threads per warp (wavefront).
  virtual unsigned getWarpSize() const = 0;
  /// The widest global memory access of one thread, in bytes.
  virtual unsigned getMaxAccessBytes() const { return 16; }

  /// The thread's index in its block (x dimension), as i32, known to be
  /// below `numThreads`.
  virtual mlir::Value getThreadId(mlir::OpBuilder &builder,
                                  mlir::Location loc,
                                  unsigned numThreads) const = 0;
  /// The block's index along grid `axis` (0, 1, 2), as i32.
  virtual mlir::Value getProgramId(mlir::OpBuilder &builder,
                                   mlir::Location loc,
                                   unsigned axis) const = 0;
  /// The number of blocks along grid `axis`, as i32.
  virtual mlir::Value getNumPrograms(mlir::OpBuilder &builder,
                                     mlir::Location loc,
                                     unsigned axis) const = 0;

  /// `value` (32 bits or narrower) as held by lane `laneId ^ laneMask` of
  /// this warp; every lane of the warp takes part.
  virtual mlir::Value shuffleXor(mlir::OpBuilder &builder, mlir::Location loc,
                                 mlir::Value value,
                                 unsigned laneMask) const = 0;
  /// A barrier of all threads of the program that also orders their shared
  /// memory accesses.
  virtual void emitBarrier(mlir::OpBuilder &builder,
                           mlir::Location loc) const = 0;

  /// The function of the target's math library that computes the scalar
  /// math op `opName` ("math.log") on `type`, when LLVM cannot lower the op
  /// itself; the backend links the library.
  virtual std::optional<std::string>
  getMathLibraryFunction(llvm::StringRef opName, mlir::Type type) const {
    return std::nullopt;
  }

  /// Marks `func` as a kernel entry launched with `numThreads` threads.
  virtual void markKernel(mlir::LLVM::LLVMFuncOp func,
                          unsigned numThreads) const = 0;

  /// The dialects the lowering may create (beyond the LLVM dialect).
  virtual void getDependentDialects(mlir::DialectRegistry &registry) const = 0;
  virtual void addLegalDialects(mlir::ConversionTarget &target) const = 0;
};

} // namespace gluonc

#endif // GLUONC_CONVERSION_TARGETINFO_H
