//===- NVIDIATarget.cpp - gluon kernels to cubin --------------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The shared lowering with the NVVM primitives (NVIDIATargetInfo), LLVM's
// NVPTX backend to PTX, and nvJitLink or ptxas to a cubin, assembled again
// where a higher occupancy is in reach (Occupancy.h). The architectures and
// their limits are the rows of Architectures.h.
//
//===----------------------------------------------------------------------===//

#include "gluonc/Backends/NVIDIA.h"

#include "gluonc/ABI/TensorDescriptor.h"

#include "Architectures.h"
#include "Assembler.h"
#include "CudaToolkit.h"
#include "Fatbin.h"
#include "NVIDIATargetInfo.h"
#include "Occupancy.h"
#include "Patterns.h"
#include "gluonc/Conversion/GluonToLLVM.h"
#include "gluonc/Pipeline/CompilerLog.h"
#include "gluonc/Pipeline/LLVMOptimize.h"
#include "gluonc/Pipeline/Target.h"

#include "mlir/Pass/PassRegistry.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/OptBisect.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Triple.h"

#include <cassert>
#include <mutex>

using namespace mlir;
using namespace gluonc;
using namespace gluonc::nvidia;

static constexpr const char *kTriple = "nvptx64-nvidia-cuda";

namespace {

void initializeNVPTX() {
  static std::once_flag once;
  std::call_once(once, [] {
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTarget();
    LLVMInitializeNVPTXTargetMC();
    LLVMInitializeNVPTXAsmPrinter();
  });
}

/// Shared, local and constant addresses are 32 bits wide (the data
/// layout's p3:32 and friends), as Triton compiles: shared-memory address
/// arithmetic stays in 32-bit registers instead of pairs. The machine reads
/// the option when it is made; set it each time, since an AMD link in the
/// same process resets it (a softmax compiled after one had 64-bit shared
/// addresses and different PTX).
void useShortPointers() {
  auto &options = llvm::cl::getRegisteredOptions();
  if (auto *shortPointers = static_cast<llvm::cl::opt<bool> *>(
          options.lookup("nvptx-short-ptr")))
    shortPointers->setValue(true);
}

llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
createTargetMachine(const CodegenOptions &options) {
  initializeNVPTX();
  return createLLVMTargetMachine(kTriple, options, useShortPointers);
}

/// libdevice, below a CUDA root.
constexpr const char *kLibdevicePath = "nvvm/libdevice/libdevice.10.bc";

/// Links the libdevice functions the module calls (gl.log and friends
/// lower to __nv_* calls) and makes them internal, so that O3 inlines them
/// and drops the rest.
llvm::Error linkLibdevice(llvm::Module &module) {
  bool needed = llvm::any_of(module, [](const llvm::Function &function) {
    return function.isDeclaration() && function.getName().starts_with("__nv_");
  });
  if (!needed)
    return llvm::Error::success();
  std::optional<std::string> path = findCudaFile(kLibdevicePath);
  if (!path)
    return llvm::createStringError(
        "libdevice.10.bc (needed for math functions such as gl.log) is not "
        "under nvvm/libdevice in the CUDA toolkit; set GLUONC_CUDA_ROOT");
  if (llvm::Error error = linkBitcodeLibrary(module, *path))
    return error;
  // libdevice asks (through __nvvm_reflect) whether to flush denormals:
  // yes, which selects its fast paths (rsqrt.approx.ftz.f32, ...), as
  // Triton does.
  module.addModuleFlag(llvm::Module::Override, "nvvm-reflect-ftz", uint32_t(1));
  return llvm::Error::success();
}

/// Spill stores (bytes) a kernel may gain from asking for one more resident
/// block: a few registers' worth, stored and reloaded once, which L1
/// absorbs.
constexpr unsigned kMaxTunedSpillBytes = 64;

/// Fills in the kernel's resident blocks per SM and, where registers are
/// what limits them, assembles `ptx` again with .minnctapersm for each of
/// proposeOccupancyTargets in turn (Occupancy.h); keeps the first that
/// reaches its blocks within its spill allowance (and the directive in
/// `ptx`). Kernels with loops keep ptxas's own registers: a register cap
/// reschedules the hot loop for fewer live values, and it lost both times
/// it was measured on the FMA matmul, with spills and without, while the
/// loop-free row kernels gain (bench/RESULTS.md, "2026-11-29 (second
/// round)" and "2026-12-03 — the whole GPU run after shared memory
/// liveness").
llvm::Error tuneOccupancy(std::string &ptx, AssembledKernel &kernel,
                          const CodegenOptions &options) {
  const Architecture *arch = lookupArchitecture(options.arch);
  if (!arch)
    return llvm::Error::success();
  log::Logger &log = getCompilerLog();
  auto occupancyOf = [&](const AssembledKernel &candidate) {
    unsigned sharedBytes = unsigned(options.sharedBytes) +
                           candidate.resources.sharedStaticBytes;
    return computeOccupancy(*arch, options.numWarps,
                            candidate.resources.registers, sharedBytes);
  };
  auto describe = [](const AssembledKernel &candidate,
                     const Occupancy &occupancy) {
    return fmt::format("{} registers, {} bytes of spill stores, {} blocks "
                       "per SM (limited by {})",
                       candidate.resources.registers,
                       candidate.resources.spillStores, occupancy.blocks,
                       getOccupancyLimitName(occupancy.limit));
  };
  Occupancy first = occupancyOf(kernel);
  kernel.resources.blocksPerSM = first.blocks;
  log.info("{}: {}", options.arch, describe(kernel, first));
  if (!options.tuneOccupancy || first.limit != OccupancyLimit::Registers)
    return llvm::Error::success();
  if (hasBackwardBranch(ptx)) {
    log.info("{}: keeps the assembler's registers: the kernel loops",
             options.arch);
    return llvm::Error::success();
  }
  unsigned sharedBytes =
      unsigned(options.sharedBytes) + kernel.resources.sharedStaticBytes;
  for (OccupancyTarget target :
       proposeOccupancyTargets(*arch, options.numWarps,
                               kernel.resources.registers, sharedBytes)) {
    std::string tunedPtx = addMinBlocksPerSM(ptx, target.blocks);
    auto tuned = assemblePTX(tunedPtx, options.arch, options.optLevel);
    // ptxas refuses a register target some instruction cannot fit in (a
    // wgmma's accumulator and A fragments, C7602): that target is out of
    // reach, the kernel as first assembled stands.
    if (!tuned) {
      log.info("{}: .minnctapersm {}: refused by the assembler: {}",
               options.arch, target.blocks, toString(tuned.takeError()));
      continue;
    }
    Occupancy reached = occupancyOf(*tuned);
    unsigned maxSpillBytes = target.allowSpills ? kMaxTunedSpillBytes : 0;
    bool kept = reached.blocks >= target.blocks &&
                tuned->resources.spillStores <= maxSpillBytes;
    log.info("{}: .minnctapersm {}: {}; {} (at most {} bytes of spill stores "
             "allowed)",
             options.arch, target.blocks, describe(*tuned, reached),
             kept ? "kept" : "dropped", maxSpillBytes);
    if (!kept)
      continue;
    tuned->resources.blocksPerSM = reached.blocks;
    tuned->resources.minBlocksPerSM = target.blocks;
    ptx = std::move(tunedPtx);
    kernel = std::move(*tuned);
    break;
  }
  return llvm::Error::success();
}

/// LLVM 22's straight-line strength reduction (SLSR, rewritten in llvm PR
/// #162930), which NVPTX runs before instruction selection, weighs every
/// pair of candidate instructions (GEPs, adds, muls, shifts, disjoint ors)
/// of a block, so its time grows with the square of their number: it took
/// most of NVPTX's time on a large vector add and on the 200-kernel
/// manifest (bench/RESULTS.md, "2026-12-04 — compile speed after skipping
/// LLVM 22's quadratic strength reduction"; Triton 3.6 ships the older,
/// linear SLSR). Above this many candidates in one block the pass is
/// skipped: the manifest's 200 PTX files are byte-identical without it,
/// and the samples (at most 212) keep it.
constexpr unsigned kMaxStrengthReductionCandidates = 256;

/// The most SLSR candidates any block of `module` has.
unsigned countStrengthReductionCandidates(const llvm::Module &module) {
  unsigned most = 0;
  for (const llvm::Function &function : module)
    for (const llvm::BasicBlock &block : function) {
      unsigned count = 0;
      for (const llvm::Instruction &instruction : block)
        switch (instruction.getOpcode()) {
        case llvm::Instruction::GetElementPtr:
        case llvm::Instruction::Add:
        case llvm::Instruction::Mul:
        case llvm::Instruction::Shl:
          ++count;
          break;
        case llvm::Instruction::Or:
          count +=
              llvm::cast<llvm::PossiblyDisjointInst>(instruction).isDisjoint();
          break;
        default:
          break;
        }
      most = std::max(most, count);
    }
  return most;
}

/// Turns off one pass, by its command-line name, in one LLVMContext: no
/// global option, so other threads' compiles keep it. Counts the runs it
/// skipped, so that a renamed pass shows as none.
class SkipPassGate final : public llvm::OptPassGate {
public:
  explicit SkipPassGate(llvm::StringRef skipped) : skipped(skipped) {}
  bool shouldRunPass(llvm::StringRef pass, llvm::StringRef) const override {
    if (pass != skipped)
      return true;
    ++skips;
    return false;
  }
  bool isEnabled() const override { return true; }
  unsigned getSkips() const { return skips; }

private:
  llvm::StringRef skipped;
  mutable unsigned skips = 0;
};

class NVIDIATarget : public Target {
public:
  NVIDIATarget() : targetInfo(std::make_shared<NVIDIATargetInfo>()) {}

  llvm::StringRef getBackend() const override { return "nvidia"; }

  const std::vector<ArchInfo> &getArchitectures() const override {
    return getArchInfos();
  }
  std::map<std::string, int64_t>
  describeTensorDesc(llvm::StringRef elementType,
                     unsigned swizzleBytes) const override {
    // An NVMMA layout's swizzle is one of the widths TMA has a code for.
    int swizzle = gluonc::abi::tmaSwizzleOf(swizzleBytes);
    assert(swizzle >= 0 && "an NVMMA swizzle TMA cannot do");
    return {{"tma_data_type", int64_t(gluonc::abi::tmaDataTypeOf(elementType))},
            {"tma_swizzle", swizzle}};
  }
  llvm::StringRef getAssemblyKind() const override { return "ptx"; }
  llvm::StringRef getImageFormat() const override { return "cubin"; }

  std::shared_ptr<const TargetInfo>
  getTargetInfo(llvm::StringRef) const override {
    return targetInfo;
  }

  llvm::StringRef getContainerFormat() const override { return "fatbin"; }

  /// Each arch's cubin in order, then the PTX of the newest arch without
  /// an "a" (the highest compute capability, the last given of equals),
  /// for the driver to compile on later GPUs; an "a" arch's PTX runs only
  /// on its own capability, where its cubin does, so it is never the one.
  llvm::Expected<PackedContainer> packImages(llvm::ArrayRef<ArchImage> images,
                                             bool withAssembly) const override {
    std::vector<FatbinImage> entries;
    const ArchImage *newest = nullptr;
    for (const ArchImage &image : images) {
      const std::vector<char> &cubin = image.codegen->image;
      entries.push_back({FatbinImage::Kind::Cubin, image.arch,
                         llvm::StringRef(cubin.data(), cubin.size())});
      if (llvm::StringRef(image.arch).ends_with("a"))
        continue;
      if (!newest || lookupArchitecture(image.arch)->computeCapability >=
                         lookupArchitecture(newest->arch)->computeCapability)
        newest = &image;
    }
    PackedContainer container;
    if (withAssembly && newest) {
      entries.push_back(
          {FatbinImage::Kind::PTX, newest->arch, newest->codegen->assembly});
      container.assemblyArch = newest->arch;
    }
    llvm::Expected<std::string> bytes = packFatbin(entries, container.packer);
    if (!bytes)
      return bytes.takeError();
    container.bytes = std::move(*bytes);
    return container;
  }

  void buildLoweringPasses(OpPassManager &pm,
                           llvm::StringRef arch) const override {
    buildGluonLoweringPasses(pm, arch);
  }

  void populateLoweringPatterns(llvm::StringRef arch,
                                GluonLLVMTypeConverter &converter,
                                RewritePatternSet &patterns,
                                const LoweringContext &context) const override {
    populateAsyncOpToLLVMPatterns(converter, patterns, context);
    populateAsyncCopyOpToLLVMPatterns(converter, patterns, context);
    // ldmatrix is PTX 6.5; LLVM writes PTX 6.3 for sm_75, 7.0 from sm_80.
    const Architecture *info = lookupArchitecture(arch);
    if (info && info->computeCapability >= 80)
      populateLoadMatrixOpToLLVMPatterns(converter, patterns, context);
    populateMmaV2OpToLLVMPatterns(converter, patterns);
    populateWarpgroupMmaOpToLLVMPatterns(converter, patterns, context);
  }

  llvm::Expected<std::unique_ptr<llvm::Module>>
  translateToLLVMIR(ModuleOp module, llvm::LLVMContext &context,
                    const CodegenOptions &options) const override {
    DialectRegistry registry;
    registerNVVMDialectTranslation(registry);
    module->getContext()->appendDialectRegistry(registry);
    auto machine = createTargetMachine(options);
    if (!machine)
      return machine.takeError();
    auto translated = translateToLLVMModule(module, context, **machine);
    if (!translated)
      return translated.takeError();
    std::unique_ptr<llvm::Module> llvmModule = std::move(*translated);
    if (llvm::Error error = linkLibdevice(*llvmModule))
      return error;

    if (llvm::Error error =
            optimizeLLVMModule(*llvmModule, **machine, options.optLevel))
      return error;
    return llvmModule;
  }

  llvm::Expected<CodegenResult>
  codegen(llvm::Module &module, const CodegenOptions &options) const override {
    auto machine = createTargetMachine(options);
    if (!machine)
      return machine.takeError();
    CodegenResult result;
    {
      ScopedStepTimer timer(result.stepTimes, "NVPTX");
      llvm::SmallString<0> ptx;
      llvm::raw_svector_ostream os(ptx);
      llvm::legacy::PassManager pm;
      if ((*machine)->addPassesToEmitFile(pm, os, nullptr,
                                          llvm::CodeGenFileType::AssemblyFile))
        return llvm::createStringError("NVPTX cannot emit PTX");
      llvm::LLVMContext &context = module.getContext();
      llvm::OptPassGate &previousGate = context.getOptPassGate();
      SkipPassGate skipStrengthReduction("slsr");
      unsigned candidates = countStrengthReductionCandidates(module);
      bool skip = candidates > kMaxStrengthReductionCandidates;
      if (skip)
        context.setOptPassGate(skipStrengthReduction);
      pm.run(module);
      context.setOptPassGate(previousGate);
      if (unsigned skips = skipStrengthReduction.getSkips(); skip)
        getCompilerLog().debug("{}: skipped {} run{} of straight-line "
                               "strength reduction: a block has {} candidates",
                               options.arch, skips, skips == 1 ? "" : "s",
                               candidates);
      result.assembly = ptx.str().str();
    }
    llvm::SmallVector<llvm::StringRef, 2> version;
    if (llvm::Regex("\\.version ([0-9]+\\.[0-9]+)")
            .match(result.assembly, &version))
      result.targetFields["ptx_version"] = version[1].str();
    result.imageFormat = "cubin";
    if (options.assemblyOnly)
      return result;

    std::optional<ScopedStepTimer> timer(std::in_place, result.stepTimes,
                                         "assemble");
    auto assembled = assemblePTX(result.assembly, options.arch,
                                 options.optLevel);
    if (!assembled)
      return assembled.takeError();
    timer.emplace(result.stepTimes, "occupancy re-assembly");
    if (llvm::Error error = tuneOccupancy(result.assembly, *assembled, options))
      return error;
    timer.reset();
    result.image = std::move(assembled->cubin);
    result.assembler = std::move(assembled->assembler);
    result.resources = assembled->resources;
    return result;
  }

  std::string describeStage(llvm::StringRef stage,
                            const CodegenOptions &options) const override {
    if (stage == "llvm")
      return "translate to LLVM IR, optimize -O" +
             std::to_string(options.optLevel) + " for " + kTriple + " " +
             options.arch;
    if (stage == "codegen")
      return "NVPTX -> PTX -> cubin (" + describeAssemblers() + ")";
    return "";
  }

  std::string getToolVersions() const override {
    return "NVPTX backend; PTX assembler: " + describeAssemblers();
  }

  std::string describeExternalInputs() const override {
    return describeEnvironment({"GLUONC_CUDA_ROOT", "CUDA_HOME", "CUDA_PATH",
                                "GLUONC_ASSEMBLER", "GLUONC_PTXAS",
                                "GLUONC_NVJITLINK", "GLUONC_FATBINARY"}) +
           describeFileIdentity("libdevice", findCudaFile(kLibdevicePath)) +
           describeFileIdentity("ptxas", findPtxas()) +
           describeFileIdentity("fatbinary", findFatbinary());
  }

private:
  std::shared_ptr<const NVIDIATargetInfo> targetInfo;
};

} // namespace

void gluonc::registerNVIDIATarget() {
  static std::once_flag once;
  std::call_once(once, [] { registerTarget(std::make_unique<NVIDIATarget>()); });
}

void gluonc::registerNVIDIAPasses() {
  PassPipelineRegistration<>(
      "gluon-to-nvvm",
      "The lower stage for NVIDIA: gluon kernels to the LLVM and NVVM "
      "dialects",
      [](OpPassManager &pm) {
        NVIDIATarget().buildLoweringPasses(pm, "sm_90a");
      });
}
