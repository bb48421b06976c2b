//===- Patterns.h - The AMD backend's own lowering patterns -----*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The patterns of the ops only AMD has, lowered straight to ROCDL and added
// to the shared gluon-to-LLVM conversion through
// Target::populateLoweringPatterns (AMDTarget.cpp). They build on the shared
// helpers of gluonc/Conversion/Utility.h.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_BACKENDS_AMD_PATTERNS_H
#define GLUONC_BACKENDS_AMD_PATTERNS_H

#include "gluonc/Conversion/GluonToLLVM.h"
#include "gluonc/IR/Dialect.h"
#include "gluonc/Plan/WarpPipelinePlan.h"

// Declared in gluonc/IR/AMDOps.h, which only the files that use AMD's ops
// include (AMDTarget.cpp does not).
namespace mlir::gluon {
class MfmaOp;
} // namespace mlir::gluon

namespace gluonc::amd {

/// gluon.mfma as CDNA's matrix instructions (MfmaOpToLLVM.cpp).
void populateMfmaOpToLLVMPatterns(GluonLLVMTypeConverter &converter,
                                  mlir::RewritePatternSet &patterns);

/// How a gluon.mfma runs on one wave: `tilesM` x `tilesN` accumulator
/// tiles of `tile` x `tile`, each summing `kSteps` steps of the operands'
/// K (2 x kWidth elements for 32-wide tiles, 4 x kWidth for 16-wide), one
/// matrix instruction per `instrWidth` of a lane's kWidth elements (8 for
/// CDNA4's doubled-K instructions, else 4). The lowering follows it, and
/// the intra-wave scheduler counts the instructions from it.
struct MfmaTiling {
  int32_t tile = 32;
  int32_t kWidth = 4;
  int32_t instrWidth = 4;
  int32_t tilesM = 1;
  int32_t tilesN = 1;
  int32_t kSteps = 1;

  /// The v_mfma instructions of one wave.
  unsigned getInstructions() const {
    return unsigned(tilesM * tilesN * kSteps * (kWidth / instrWidth));
  }
};
MfmaTiling getMfmaTiling(mlir::gluon::MfmaOp op);

/// gluon.buffer_load and gluon.buffer_store as raw buffer accesses
/// (BufferOpToLLVM.cpp).
void populateBufferOpToLLVMPatterns(GluonLLVMTypeConverter &converter,
                                    mlir::RewritePatternSet &patterns,
                                    const LoweringContext &context);

/// A raw buffer resource over `base` (a global pointer): no stride,
/// 2^31 - 1 bytes (BufferOpToLLVM.cpp).
mlir::Value makeBufferResource(mlir::OpBuilder &b, mlir::Location loc,
                               mlir::Value base);
/// `offset` (bytes, i32), or one past the resource's end where `predicate`
/// (an i1, or null) is false: the hardware then reads zero and drops
/// stores.
mlir::Value guardBufferOffset(mlir::OpBuilder &b, mlir::Location loc,
                              mlir::Value offset, mlir::Value predicate);
/// An i32 element offset as bytes of `element`.
mlir::Value toBufferByteOffset(mlir::OpBuilder &b, mlir::Location loc,
                               mlir::Value offset, mlir::Type element);
/// Elements per buffer access of `offsets` (the gluon value) from `base`:
/// as many as the layout, AxisInfo's facts and the widest access allow.
int64_t getBufferAccessWidth(mlir::Value base, mlir::Value offsets,
                             mlir::Value mask, const LoweringContext &context,
                             unsigned elementBytes);

/// gluon.async_copy_global_to_local, gluon.buffer_load_to_local and their
/// groups as CDNA's copies to LDS and s_waitcnt (AsyncCopyToLLVM.cpp).
void populateAsyncCopyToLLVMPatterns(GluonLLVMTypeConverter &converter,
                                     mlir::RewritePatternSet &patterns,
                                     const LoweringContext &context);
/// What gluon-amd-plan-intra-wave (IntraWaveSchedule.cpp) records on the
/// region markers for the lowering: every marker of a planned region is
/// flagged, the first begin opens the interleave, and the last end holds
/// the sched_group_barrier steps (mask, count pairs) and their sync id.
constexpr llvm::StringLiteral kIntraWavePlannedAttrName =
    "gluon.intra_wave_planned";
constexpr llvm::StringLiteral kIntraWaveOpensAttrName =
    "gluon.intra_wave_opens";
constexpr llvm::StringLiteral kIntraWaveStepsAttrName =
    "gluon.intra_wave_steps";
constexpr llvm::StringLiteral kIntraWaveSyncIdAttrName =
    "gluon.intra_wave_sync_id";

#define GEN_PASS_DECL
#include "Passes.h.inc"

/// The schedule of each warp-pipelined loop as gluon-amd-plan-warp-pipelines
/// planned it (WarpPipelinePlanning.cpp), outer loops first.
std::vector<LoopSchedule> getWarpPipelineSchedules(mlir::ModuleOp module);

/// Adds each intra-wave region as gluon-amd-plan-intra-wave planned it
/// (IntraWaveSchedule.cpp) to its loop's entry of `schedules` (a new entry
/// for a loop without one).
void addIntraWaveSchedules(mlir::ModuleOp module, const TargetInfo &target,
                           std::vector<LoopSchedule> &schedules);

} // namespace gluonc::amd

#endif // GLUONC_BACKENDS_AMD_PATTERNS_H
