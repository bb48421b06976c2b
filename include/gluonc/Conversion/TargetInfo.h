//===- TargetInfo.h - What lowering needs to know of a GPU ------*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The gluon-to-LLVM lowering is shared by all GPU backends; the few things
// that differ come from a TargetInfo the backend provides. It holds
// primitives only: the few instructions through which the shared patterns
// reach the hardware, each one an operation every GPU target has in some
// form, so that no shared pattern names a vendor:
//  - hardware indices (thread, program, program count) and the warp size;
//  - cross-lane shuffles and the block barrier (reductions, scans, layout
//    conversions, shared-memory round trips);
//  - the math library's functions and the f32 division Triton means;
//  - single predicated accesses, atomics, float8 conversions and the
//    device-assertion trap: one instruction (or libcall) each where the
//    target has it, with a shared fallback or a "not supported on this
//    target" diagnostic where it has not;
//  - how a kernel entry is marked, the widest memory access, the dialects
//    the lowering creates.
// Shared-memory addressing itself is target-independent (Utility.h, the
// dynamic shared-memory global). A whole lowering that exists on one
// vendor only (AMD's MFMA, buffer accesses and copies to LDS; NVIDIA's
// TMA, mbarrier, cp.async, mma_v2 and wgmma) is not a primitive: it is a
// pattern of its backend, added through Target::populateLoweringPatterns.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_CONVERSION_TARGETINFO_H
#define GLUONC_CONVERSION_TARGETINFO_H

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Transforms/DialectConversion.h"

namespace gluonc {

/// The libm name ("log", "rsqrt") of the math op `opName` ("math.log")
/// when device math libraries (libdevice, ocml) provide it for f32 and f64;
/// nullopt for ops LLVM always lowers itself.
std::optional<llvm::StringRef> getMathLibraryName(llvm::StringRef opName);

class TargetInfo {
public:
  virtual ~TargetInfo();

  /// Threads per warp (wavefront).
  virtual unsigned getWarpSize() const = 0;
  /// Whether `op`, a side-effect-free op of this target's dialect, reads
  /// a value that differs between the threads or warps of one block (a
  /// thread or lane id register). A warp_specialize partition may not
  /// recompute such a value from its captures: its threads differ.
  virtual bool isThreadVariant(mlir::Operation *op) const = 0;
  /// The widest global memory access of one thread, in bytes.
  virtual unsigned getMaxAccessBytes() const { return 16; }

  /// The thread's index in the warps that run the code at the builder's
  /// insertion point, as i32: in a warp_specialize partition, counted
  /// from the partition's first thread; elsewhere the block's index,
  /// known to be below `numThreads`.
  mlir::Value getThreadId(mlir::OpBuilder &builder, mlir::Location loc,
                          unsigned numThreads) const;
  /// The thread's index in its block (x dimension), as i32, known to be
  /// below `numThreads`.
  virtual mlir::Value getBlockThreadId(mlir::OpBuilder &builder,
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
  /// `value` (any width up to 64 bits) as held by lane `laneId - delta`;
  /// lanes below `delta` get their own value. Every lane takes part.
  virtual mlir::Value shuffleUp(mlir::OpBuilder &builder, mlir::Location loc,
                                mlir::Value value, unsigned delta) const = 0;
  /// `value` as held by lane `laneId + delta`; lanes past the end of the
  /// warp get their own value. Every lane takes part.
  virtual mlir::Value shuffleDown(mlir::OpBuilder &builder,
                                  mlir::Location loc, mlir::Value value,
                                  unsigned delta) const = 0;
  /// `value` as held by lane `lane` (an i32 below the warp size). Every
  /// lane takes part.
  virtual mlir::Value shuffleIndex(mlir::OpBuilder &builder,
                                   mlir::Location loc, mlir::Value value,
                                   mlir::Value lane) const = 0;
  /// A barrier of the threads that run the code at the builder's
  /// insertion point that also orders their shared memory accesses: the
  /// whole block, or in a warp-specialized kernel the task's warps alone
  /// (getTaskBarrier: named barrier 0 for the default task, 2 + i for
  /// partition i).
  void emitBarrier(mlir::OpBuilder &builder, mlir::Location loc) const;
  /// A barrier of all threads of the block that orders their shared memory
  /// accesses.
  virtual void emitBlockBarrier(mlir::OpBuilder &builder,
                                mlir::Location loc) const = 0;
  /// Named barrier `id` for `numThreads` threads (whole warps): waits for
  /// them all, or with `arriveOnly` only counts this warp in. `aligned`:
  /// every thread reaches it at the same instruction. False where the
  /// target has none.
  virtual bool emitNamedBarrier(mlir::OpBuilder & /*builder*/,
                                mlir::Location /*loc*/, unsigned /*id*/,
                                unsigned /*numThreads*/, bool /*arriveOnly*/,
                                bool /*aligned*/) const {
    return false;
  }
  /// Sets this warpgroup's per-thread register count (setmaxnreg), up
  /// (`increase`) or down; false where the target cannot.
  virtual bool emitSetRegisterCount(mlir::OpBuilder & /*builder*/,
                                    mlir::Location /*loc*/,
                                    unsigned /*count*/,
                                    bool /*increase*/) const {
    return false;
  }

  /// The function of the target's math library that computes the scalar
  /// math op `opName` ("math.log") on `type`, when LLVM cannot lower the op
  /// itself; the backend links the library. getMathLibraryName gives the
  /// function's name within the library.
  virtual std::optional<std::string>
  getMathLibraryFunction(llvm::StringRef /*opName*/,
                         mlir::Type /*type*/) const {
    return std::nullopt;
  }
  /// The symbol of the device math library's `function` (libdevice's name,
  /// a row of gluonc/IR/MathLibrary.h) on scalars of `type`; nullopt where
  /// this target's library lacks it.
  virtual std::optional<std::string>
  getExternFunction(llvm::StringRef /*function*/, mlir::Type /*type*/) const {
    return std::nullopt;
  }

  /// A load of `type` from `ptr` that reads memory only where `predicate`
  /// holds and gives `fallback` elsewhere, as one predicated instruction;
  /// null where the target has none for this access, and the expansion then
  /// branches around a plain load.
  virtual mlir::Value
  lowerPredicatedLoad(mlir::OpBuilder & /*builder*/, mlir::Location /*loc*/,
                      mlir::Type /*type*/, mlir::Value /*ptr*/,
                      mlir::Value /*predicate*/, mlir::Value /*fallback*/,
                      unsigned /*alignment*/) const {
    return {};
  }
  /// A store that writes only where `predicate` holds, as one predicated
  /// instruction; false where the target has none for this access.
  virtual bool lowerPredicatedStore(mlir::OpBuilder & /*builder*/,
                                    mlir::Location /*loc*/, mlir::Value /*ptr*/,
                                    mlir::Value /*value*/,
                                    mlir::Value /*predicate*/,
                                    unsigned /*alignment*/) const {
    return false;
  }

  /// x / y for f32 scalars to within a few ulp over the whole range, the
  /// meaning of '/' and gl.fdiv on fp32 in Triton; null where LLVM's fdiv
  /// (with the op's fast-math flags) should decide.
  virtual mlir::Value emitApproximateDivide(mlir::OpBuilder & /*builder*/,
                                            mlir::Location /*loc*/,
                                            mlir::Value /*x*/,
                                            mlir::Value /*y*/) const {
    return {};
  }

  /// One atomic read-modify-write of global memory by this thread, where
  /// `predicate` holds (null: always). `kind`: add (integers and floats),
  /// max / min (signed integers), umax / umin (unsigned), and, or, xor,
  /// xchg; `sem` and `scope` as gluon.atomic_rmw has them. Returns the old
  /// value (undefined where the predicate is false), or null where the
  /// target cannot do this one.
  virtual mlir::Value
  emitAtomicRMW(mlir::OpBuilder & /*builder*/, mlir::Location /*loc*/,
                llvm::StringRef /*kind*/, mlir::Value /*ptr*/,
                mlir::Value /*value*/, mlir::Value /*predicate*/,
                llvm::StringRef /*sem*/, llvm::StringRef /*scope*/) const {
    return {};
  }
  /// One atomic compare-and-swap, as emitAtomicRMW.
  virtual mlir::Value emitAtomicCAS(mlir::OpBuilder & /*builder*/,
                                    mlir::Location /*loc*/, mlir::Value /*ptr*/,
                                    mlir::Value /*cmp*/, mlir::Value /*value*/,
                                    mlir::Value /*predicate*/,
                                    llvm::StringRef /*sem*/,
                                    llvm::StringRef /*scope*/) const {
    return {};
  }

  /// An fp32 scalar as a float8 of `type` (f8E4M3FN or f8E5M2), in an i8,
  /// rounded to nearest and saturated to the finite range; by default in
  /// integer and fp32 arithmetic (Float8.h).
  virtual mlir::Value emitFloatToFloat8(mlir::OpBuilder &builder,
                                        mlir::Location loc, mlir::Value value,
                                        mlir::Type type) const;
  /// The float8 of `type` held in the i8 `bits`, as an fp32 scalar.
  virtual mlir::Value emitFloat8ToFloat(mlir::OpBuilder &builder,
                                        mlir::Location loc, mlir::Value bits,
                                        mlir::Type type) const;

  /// Reports a failed device assertion from this thread and makes the
  /// launch fail (CUDA's __assertfail); false where the target has no way.
  virtual bool emitAssertFail(mlir::OpBuilder & /*builder*/,
                              mlir::Location /*loc*/,
                              llvm::StringRef /*message*/,
                              llvm::StringRef /*file*/, int32_t /*line*/,
                              llvm::StringRef /*function*/) const {
    return false;
  }

  /// Marks `func` as a kernel entry launched with `numThreads` threads.
  virtual void markKernel(mlir::LLVM::LLVMFuncOp func,
                          unsigned numThreads) const = 0;

  /// Marks argument `index` of kernel `func` as a hardware descriptor the
  /// host passes by value (`bytes` long, `alignment`-aligned) and whose
  /// address the kernel hands to the hardware, so that it stays in
  /// parameter memory (NVIDIA: a __grid_constant__ CUtensorMap). False where
  /// the target has no such arguments.
  virtual bool markDescriptorArgument(mlir::LLVM::LLVMFuncOp /*func*/,
                                      unsigned /*index*/, unsigned /*bytes*/,
                                      unsigned /*alignment*/) const {
    return false;
  }

  /// The dialects the lowering may create (beyond the LLVM dialect).
  virtual void getDependentDialects(mlir::DialectRegistry &registry) const = 0;
  virtual void addLegalDialects(mlir::ConversionTarget &target) const = 0;
};

} // namespace gluonc

#endif // GLUONC_CONVERSION_TARGETINFO_H
