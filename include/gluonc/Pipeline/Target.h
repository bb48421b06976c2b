//===- Target.h - A GPU backend, as the pipeline sees it --------*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A backend implements Target: which architectures it compiles for, the
// passes of its lowering stage, the translation to optimized LLVM IR and the
// code generation that ends in a loadable image. The driver looks the target
// up by architecture name and never branches on the vendor.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_PIPELINE_TARGET_H
#define GLUONC_PIPELINE_TARGET_H

#include "gluonc/Conversion/TargetInfo.h"
#include "gluonc/Pipeline/StepTimes.h"
#include "gluonc/Plan/WarpPipelinePlan.h"
#include "gluonc/Target/ArchInfo.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mlir {
class RewritePatternSet;
} // namespace mlir

namespace gluonc {

class GluonLLVMTypeConverter;
struct LoweringContext;

struct CodegenOptions {
  std::string arch;
  unsigned optLevel = 3;
  /// Fuse a floating-point multiply and add into one FMA (Triton's
  /// enable_fp_fusion, nvcc's --fmad): one rounding instead of two.
  bool fpFusion = true;
  /// Skip the assembler: produce only the assembly text.
  bool assemblyOnly = false;
  /// Whether anyone reads the assembly text; a target whose image does not
  /// go through it (AMD: the object comes straight from the backend) skips
  /// writing it when not.
  bool needAssembly = true;
  /// Warps per block and dynamic shared memory per block (set by the
  /// pipeline from the module): with the assembler's report, they decide
  /// how many blocks an SM holds.
  unsigned numWarps = 4;
  int64_t sharedBytes = 0;
  /// Where registers limit the blocks an SM holds, ask the assembler for
  /// more (NVIDIA: .minnctapersm) and keep the result if it does not spill
  /// (backends/nvidia/Occupancy.h).
  bool tuneOccupancy = true;
};

/// What the assembler reports about the compiled kernel.
struct KernelResources {
  unsigned registers = 0;
  unsigned spillStores = 0;
  unsigned spillLoads = 0;
  unsigned localBytes = 0;
  unsigned sharedStaticBytes = 0;
  unsigned barriers = 0;
  /// Blocks one SM holds at once with these resources; 0 when unknown.
  unsigned blocksPerSM = 0;
  /// The resident blocks the compiler asked the assembler to allow for;
  /// 0 when it did not ask.
  unsigned minBlocksPerSM = 0;
};

struct CodegenResult {
  /// PTX, or AMDGCN assembly.
  std::string assembly;
  /// The loadable image (cubin, hsaco); empty with assemblyOnly.
  std::vector<char> image;
  /// The image format, also its file extension.
  std::string imageFormat;
  /// The tool that produced the image, e.g. "nvJitLink 13.0".
  std::string assembler;
  KernelResources resources;
  /// Resource figures beyond KernelResources, by metadata key (AMD: the
  /// code object's sgprs, vgprs, agprs, spills, kernarg size, ...).
  std::map<std::string, int64_t> extraResources;
  /// The offsets of the explicit arguments where the image declares them
  /// (AMD code objects); empty: gluonc lays them out.
  std::vector<unsigned> argumentOffsets;
  /// Arguments the image expects after the explicit ones (AMD's hidden
  /// arguments), as the image declares them.
  struct ImplicitArgument {
    std::string kind;
    unsigned offset = 0;
    unsigned size = 0;
  };
  std::vector<ImplicitArgument> implicitArguments;
  /// Target-specific fields of the metadata's "target" object.
  std::map<std::string, std::string> targetFields;
  /// Seconds of each codegen step ("codegen: <step>"), for --time-report.
  StepTimes stepTimes;
};

/// One architecture's compiled kernel, as a container packs it.
struct ArchImage {
  std::string arch;
  const CodegenResult *codegen = nullptr;
};

/// A container of several architectures' images (Target::packImages).
struct PackedContainer {
  std::string bytes;
  /// The tool that wrote it ("fatbinary", "gluonc").
  std::string packer;
  /// The arch whose assembly it holds for the loader to compile (NVIDIA:
  /// PTX); empty when none.
  std::string assemblyArch;
};

class Target {
public:
  virtual ~Target();

  /// The backend's name as the metadata records it ("nvidia", "amd").
  virtual llvm::StringRef getBackend() const = 0;
  /// The architectures the target compiles for, oldest first, with their
  /// facts (ArchInfo.h, filled from the backend's architecture table):
  /// `--arch`'s list, and what every decision that depends on the
  /// architecture reads. The rows live as long as the target.
  virtual const std::vector<ArchInfo> &getArchitectures() const = 0;
  /// Their names, in order.
  std::vector<std::string> getSupportedArchs() const;
  bool supportsArch(llvm::StringRef arch) const;
  /// The facts of `arch`, one of getSupportedArchs().
  const ArchInfo &getArchInfo(llvm::StringRef arch) const;
  /// How the target's loader encodes a tensor descriptor of `elementType`
  /// elements (Triton's spelling) swizzled by `swizzleBytes`: metadata keys
  /// and values (NVIDIA: the CUtensorMapDataType and CUtensorMapSwizzle);
  /// empty when the target has no tensor descriptors.
  virtual std::map<std::string, int64_t>
  describeTensorDesc(llvm::StringRef /*elementType*/,
                     unsigned /*swizzleBytes*/) const {
    return {};
  }
  /// The `--emit` names of the assembly and the image ("ptx" and "cubin",
  /// "amdgcn" and "hsaco"), also their file extensions.
  virtual llvm::StringRef getAssemblyKind() const = 0;
  virtual llvm::StringRef getImageFormat() const = 0;
  virtual std::shared_ptr<const TargetInfo>
  getTargetInfo(llvm::StringRef arch) const = 0;

  /// The `--emit` name, also the file extension, of the container that
  /// holds several architectures' images in one file the target's loader
  /// takes ("fatbin", "hipfb"); empty when the target has none.
  virtual llvm::StringRef getContainerFormat() const { return {}; }
  /// Packs `images` (in --arch order, each with its image and assembly)
  /// into the container. `withAssembly` adds the newest architecture's
  /// assembly where the loader can compile it for later devices (NVIDIA:
  /// PTX).
  virtual llvm::Expected<PackedContainer>
  packImages(llvm::ArrayRef<ArchImage> /*images*/,
             bool /*withAssembly*/) const {
    return llvm::createStringError("the " + getBackend().str() +
                                   " target has no container format");
  }

  /// Adds the target's plans the barrier pass follows, run in the `membar`
  /// stage after shared memory is placed and before barriers are
  /// (AMD: the borders of warp pipelines). None by default.
  virtual void buildMembarPlanningPasses(mlir::OpPassManager & /*pm*/,
                                         llvm::StringRef /*arch*/) const {}
  /// Adds the passes of the `schedule` stage for `arch`: plans for the
  /// target's instruction scheduler, on gluon IR after the barriers are
  /// placed (AMD: the interleave of intra-wave regions). None by default.
  virtual void buildSchedulingPasses(mlir::OpPassManager & /*pm*/,
                                     llvm::StringRef /*arch*/) const {}
  /// Each loop's schedule as the target's planning passes left it in
  /// `module` (after the `schedule` stage), for `-v` and the metadata.
  /// None by default.
  virtual std::vector<LoopSchedule>
  getSchedules(mlir::ModuleOp /*module*/, llvm::StringRef /*arch*/) const {
    return {};
  }
  /// Adds the passes of the `lower` stage for `arch`: gluon IR to the LLVM
  /// dialect.
  virtual void buildLoweringPasses(mlir::OpPassManager &pm,
                                   llvm::StringRef arch) const = 0;
  /// Adds the backend's own patterns to the shared gluon-to-LLVM
  /// conversion for `arch`: those of the ops only its vendor has, lowered
  /// straight to its dialect (AMD: MFMA and buffer accesses to ROCDL;
  /// NVIDIA: TMA, mbarriers, wgmma). The shared patterns stay vendor-free
  /// and call TargetInfo primitives only. None by default.
  virtual void
  populateLoweringPatterns(llvm::StringRef /*arch*/,
                           GluonLLVMTypeConverter & /*converter*/,
                           mlir::RewritePatternSet & /*patterns*/,
                           const LoweringContext & /*context*/) const {}
  /// The `llvm` stage: LLVM dialect to optimized LLVM IR.
  virtual llvm::Expected<std::unique_ptr<llvm::Module>>
  translateToLLVMIR(mlir::ModuleOp module, llvm::LLVMContext &context,
                    const CodegenOptions &options) const = 0;
  /// The `codegen` stage: LLVM IR to assembly and image.
  virtual llvm::Expected<CodegenResult>
  codegen(llvm::Module &module, const CodegenOptions &options) const = 0;

  /// One line describing a non-MLIR stage, for --print-pipeline.
  virtual std::string describeStage(llvm::StringRef stage,
                                    const CodegenOptions &options) const = 0;
  /// The external tools this target uses and their versions.
  virtual std::string getToolVersions() const = 0;
  /// What outside gluonc decides this target's output, for the compile
  /// cache's key: the environment variables the target reads and each file
  /// it reads or runs (device libraries, assembler, fatbin writer), as
  /// describeEnvironment and describeFileIdentity give them. Cheap: stats,
  /// no process is started.
  virtual std::string describeExternalInputs() const = 0;
};

/// `label=PATH SIZE MTIME;` for the file at `path` (followed when a
/// symlink), `label=none;` when there is none: a file's identity in a key.
std::string describeFileIdentity(llvm::StringRef label,
                                 const std::optional<std::string> &path);
/// `NAME=VALUE;` or `NAME unset;` for each variable.
std::string describeEnvironment(llvm::ArrayRef<const char *> variables);

/// Targets register themselves once at startup; lookups are by arch.
void registerTarget(std::unique_ptr<Target> target);
const Target *lookupTargetForArch(llvm::StringRef arch);
/// The architecture a pass compiles for: `option` (the pass's `arch`
/// option) when set, else the module's gluon.target; empty, after an error
/// at the module, when that names no architecture a registered target
/// compiles for.
std::string getPassArch(mlir::ModuleOp module, llvm::StringRef option = "");
/// The primitives of the target of getPassArch, for a pass that gets no
/// target but the module (and its `arch` option); null after the error.
std::shared_ptr<const TargetInfo>
getModuleTargetInfo(mlir::ModuleOp module, llvm::StringRef option = "");
/// Adds the dialects the lowering for `arch` creates (its TargetInfo's);
/// every registered target's when `arch` is empty or unknown, for a pass
/// that learns its target from the module only when it runs.
void addTargetDialects(mlir::DialectRegistry &registry, llvm::StringRef arch);
const std::vector<std::unique_ptr<Target>> &getRegisteredTargets();

} // namespace gluonc

#endif // GLUONC_PIPELINE_TARGET_H
