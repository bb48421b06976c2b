//===- ArchInfo.h - What gluonc knows of one GPU architecture ---*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// One description per architecture, for both vendors: the warp size, the
// threads of a block, shared memory (LDS), the register file and what
// setmaxnreg may do with it, the features kernels check before using an
// instruction family, and the named barriers. Each backend fills the rows
// from its own architecture table (backends/nvidia/Architectures.cpp,
// backends/amd/Architectures.cpp) and hands them out through
// Target::getArchitectures; every decision that depends on the
// architecture reads them, and nothing else holds a default.
//
// Code that has no Target -- an op verifier, which sees only the module's
// `gluon.target` name, or a pass run by gluonc-opt -- finds the row with
// lookupArchInfo: registering a target (gluonc::registerTarget) indexes its
// rows by name. Where no registered target describes the name, such code
// checks only the rules that hold on every target.
//
// The warpgroup and the named-barrier numbering of warp-specialized kernels
// are gluonc's conventions on every target, stated here once.
//
// Plain C++, no LLVM or MLIR, in a folder of its own: the frontend, the IR
// verifiers, the layout library (plain C++), the backends and the unit
// tests all include it, and none of those may depend on another for it.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_TARGET_ARCHINFO_H
#define GLUONC_TARGET_ARCHINFO_H

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gluonc {

/// The warps of a warpgroup: setmaxnreg and wgmma act on 4 consecutive
/// warps (the first a multiple of 4), and a warp-specialized block is
/// padded to whole warpgroups on every target.
constexpr unsigned kWarpGroupWarps = 4;

/// The named barriers of a warp-specialized kernel: the default task's own
/// barrier, the dispatch barrier every warp of the block meets at (capture
/// hand-over and join, WarpSpecializeToLLVM.cpp), then one per worker
/// partition, from kFirstWorkerBarrier on.
constexpr unsigned kDefaultTaskBarrier = 0;
constexpr unsigned kDispatchBarrier = 1;
constexpr unsigned kFirstWorkerBarrier = 2;

/// The named barrier of a task: `partition` is the worker's index, none
/// for the default task.
constexpr unsigned getTaskBarrier(std::optional<unsigned> partition) {
  return partition ? kFirstWorkerBarrier + *partition : kDefaultTaskBarrier;
}

/// What a kernel may use of the register file. Counts are 32-bit registers.
struct RegisterFile {
  /// The registers one block may hold in all: on NVIDIA the SM's file,
  /// the pool setmaxnreg moves registers in. 0 where a block has no such
  /// pool (AMD: each wave allocates its own).
  unsigned perBlock = 0;
  /// The most one thread (lane) may address: NVIDIA's 255 (.maxnreg; ptxas
  /// ignores `.maxnreg 256`, and with it a setmaxnreg plan); AMD's vector
  /// registers, VGPRs and AGPRs together in CDNA's unified file.
  unsigned perThread = 0;
  /// AMD: of perThread, the accumulation registers (AGPRs, CDNA's MFMA
  /// accumulators); 0 where there are none.
  unsigned accumulationPerThread = 0;
  /// AMD: the scalar registers (SGPRs) one wave may address; 0 on NVIDIA.
  unsigned scalarPerWave = 0;
  /// setmaxnreg's per-thread counts (where ArchFeatures::setmaxnreg): a
  /// multiple of `setmaxnregStep` within [setmaxnregMin, setmaxnregMax].
  unsigned setmaxnregMin = 0;
  unsigned setmaxnregMax = 0;
  unsigned setmaxnregStep = 0;
  /// gluonc's floor for a task with device_assert or print inside (their
  /// formatting and trap paths need more than setmaxnregMin).
  unsigned minWithDiagnostics = 0;

  /// The vector registers of a lane that are not accumulation registers.
  unsigned getVectorPerThread() const {
    return perThread - accumulationPerThread;
  }
};

/// Instruction families a kernel may use, by vendor.
struct ArchFeatures {
  /// NVIDIA Ampere and later: async copies (cp.async) and mma.sync's
  /// m16n8k16 / m16n8k32 (mma_v2).
  bool cpAsync = false;
  bool mmaV2 = false;
  /// Hardware conversions between fp32 and float8 (NVIDIA: cvt ... e4m3,
  /// sm_89 and later); where false, float8 casts are refused.
  bool float8Conversion = false;
  /// NVIDIA Hopper and later: TMA copies and mbarrier transaction counts.
  bool tma = false;
  /// wgmma (warpgroup MMA) and setmaxnreg: sm_90a's architecture-specific
  /// instructions.
  bool wgmma = false;
  bool setmaxnreg = false;
  /// AMD CDNA: the generation of the matrix instructions (MFMA): 2 CDNA2,
  /// 3 CDNA3, 4 CDNA4; 0 where there are none.
  unsigned mfmaVersion = 0;
  /// AMD: loads and stores through a buffer resource (out-of-range reads
  /// give zero, writes are dropped).
  bool bufferOps = false;
  /// AMD: the widest copy from global memory straight to LDS, in bytes per
  /// lane (4: CDNA3's _dword, 16: CDNA4's _dwordx4); 0 where there is none.
  unsigned asyncCopyToLdsBytes = 0;
  /// AMD: inter-wave warp pipelines (s_setprio, sched_barrier and s_barrier
  /// as CDNA has them).
  bool warpPipeline = false;
};

struct ArchInfo {
  /// As `--arch` spells it: "sm_90a", "gfx942".
  std::string name;
  /// Threads per warp (wave).
  unsigned warpSize = 0;
  /// The most threads of one block (work-group).
  unsigned maxThreadsPerBlock = 0;
  /// The most shared memory (LDS) one block may use, in bytes (NVIDIA: the
  /// opt-in maximum of dynamic shared memory).
  unsigned sharedBytesPerBlock = 0;
  /// The shared memory of one SM (CU), in bytes, divided among its
  /// resident blocks.
  unsigned sharedBytesPerSM = 0;
  RegisterFile registers;
  ArchFeatures features;
  /// Barriers that wait for some of a block's warps, ids [0, namedBarriers)
  /// (NVIDIA's bar.sync with a thread count); 0 where there are none.
  unsigned namedBarriers = 0;

  /// The most warps of one block.
  unsigned getMaxWarps() const { return maxThreadsPerBlock / warpSize; }
  /// The threads of a warpgroup.
  unsigned getWarpGroupThreads() const { return kWarpGroupWarps * warpSize; }
  /// Whether warp specialization has its barriers: the default task's, the
  /// dispatch's and at least one worker's.
  bool hasTaskBarriers() const { return namedBarriers > kFirstWorkerBarrier; }
  /// The most worker partitions: each takes a named barrier of its own.
  unsigned getMaxWorkerPartitions() const {
    return hasTaskBarriers() ? namedBarriers - kFirstWorkerBarrier : 0;
  }
  /// Why one block cannot allocate `bytes` of shared memory here; empty
  /// when it can.
  std::string checkSharedAllocation(int64_t bytes) const;
};

/// The row of `rows` (a backend's table, or its ArchInfo rows) whose name
/// is `name`; null when there is none.
template <typename Row>
const Row *findArchRow(const std::vector<Row> &rows, std::string_view name) {
  auto it = std::find_if(rows.begin(), rows.end(),
                         [&](const Row &row) { return row.name == name; });
  return it == rows.end() ? nullptr : &*it;
}

/// A backend's table in the compiler's terms: `convert` of every row, in
/// the table's order.
template <typename Row, typename Convert>
std::vector<ArchInfo> convertArchRows(const std::vector<Row> &rows,
                                      Convert convert) {
  std::vector<ArchInfo> infos;
  for (const Row &row : rows)
    infos.push_back(convert(row));
  return infos;
}

/// Indexes `rows` (a backend's table, which outlives every lookup) by
/// name; Target registration calls it. A name already indexed keeps its
/// first row.
void registerArchInfos(const std::vector<ArchInfo> &rows);

/// The row of `name` among the registered ones; null when no registered
/// target describes it.
const ArchInfo *lookupArchInfo(std::string_view name);

} // namespace gluonc

#endif // GLUONC_TARGET_ARCHINFO_H
