//===- AMDTarget.cpp - gluon kernels to hsaco -----------------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The same lowering as NVIDIA's with the ROCDL primitives (AMDTargetInfo)
// and, on CDNA, AMD's own patterns (MFMA, buffer accesses: Patterns.h), then
// LLVM's AMDGPU backend to a relocatable object, LLD (in process) to a code
// object v5, and the launch metadata from the code object's own
// NT_AMDGPU_METADATA note.
//
//===----------------------------------------------------------------------===//

#include "gluonc/Backends/AMD.h"

#include "AMDTargetInfo.h"
#include "Architectures.h"
#include "CodeObject.h"
#include "DeviceLibrary.h"
#include "OffloadBundle.h"
#include "Patterns.h"
#include "gluonc/Conversion/GluonToLLVM.h"
#include "gluonc/Pipeline/LLVMOptimize.h"
#include "gluonc/Pipeline/Target.h"

#include "mlir/Pass/PassRegistry.h"
#include "mlir/Target/LLVMIR/Dialect/ROCDL/ROCDLToLLVMIRTranslation.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <map>
#include <mutex>

namespace gluonc::amd {
#define GEN_PASS_REGISTRATION
#include "Passes.h.inc"
} // namespace gluonc::amd

using namespace mlir;
using namespace gluonc;
using namespace gluonc::amd;

static constexpr const char *kTriple = "amdgcn-amd-amdhsa";

namespace {

void initializeAMDGPU() {
  static std::once_flag once;
  std::call_once(once, [] {
    LLVMInitializeAMDGPUTargetInfo();
    LLVMInitializeAMDGPUTarget();
    LLVMInitializeAMDGPUTargetMC();
    LLVMInitializeAMDGPUAsmPrinter();
    // Inline assembly is parsed when the object is written.
    LLVMInitializeAMDGPUAsmParser();
  });
}

llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
createTargetMachine(const CodegenOptions &options) {
  initializeAMDGPU();
  return createLLVMTargetMachine(kTriple, options);
}

/// `module` compiled by the backend to assembly text or an object file.
/// Errors the backend reports through the context (inline assembly it
/// cannot parse, resources it cannot fit) come back as an Error instead of
/// ending the process.
llvm::Expected<std::string> emitFile(llvm::TargetMachine &machine,
                                     llvm::Module &module,
                                     llvm::CodeGenFileType kind) {
  std::string problems;
  llvm::LLVMContext &context = module.getContext();
  auto savedHandler = context.getDiagnosticHandlerCallBack();
  void *savedContext = context.getDiagnosticContext();
  context.setDiagnosticHandlerCallBack(
      [](const llvm::DiagnosticInfo *info, void *out) {
        if (info->getSeverity() != llvm::DS_Error)
          return;
        llvm::raw_string_ostream os(*static_cast<std::string *>(out));
        llvm::DiagnosticPrinterRawOStream printer(os);
        info->print(printer);
        os << "\n";
      },
      &problems);
  llvm::SmallString<0> text;
  llvm::raw_svector_ostream os(text);
  llvm::legacy::PassManager pm;
  bool unsupported = machine.addPassesToEmitFile(pm, os, nullptr, kind);
  if (!unsupported)
    pm.run(module);
  context.setDiagnosticHandlerCallBack(savedHandler, savedContext);
  if (unsupported)
    return llvm::createStringError("the AMDGPU backend cannot emit this file");
  if (!problems.empty())
    return llvm::createStringError("AMDGPU code generation failed:\n" +
                                   problems);
  return text.str().str();
}

/// The code object's own description of the kernel, in the metadata's
/// terms: resources, the explicit arguments' offsets, the hidden ones.
void describeKernel(const CodeObjectKernel &kernel, CodegenResult &result) {
  KernelResources &resources = result.resources;
  resources.registers = unsigned(kernel.vgprCount);
  resources.localBytes = unsigned(kernel.privateSegmentFixedSize);
  resources.sharedStaticBytes = unsigned(kernel.groupSegmentFixedSize);
  resources.spillStores = unsigned(kernel.vgprSpillCount * 4);
  resources.spillLoads = unsigned(kernel.vgprSpillCount * 4);
  // The symbol HIP dispatches through: the kernel descriptor in .rodata.
  result.targetFields["kernel_descriptor"] = kernel.symbol;
  result.extraResources = {
      {"agprs", int64_t(kernel.agprCount)},
      {"kernarg_alignment", int64_t(kernel.kernargSegmentAlign)},
      {"kernarg_bytes", int64_t(kernel.kernargSegmentSize)},
      {"lds_bytes", int64_t(kernel.groupSegmentFixedSize)},
      {"max_flat_workgroup_size", int64_t(kernel.maxFlatWorkgroupSize)},
      {"private_bytes", int64_t(kernel.privateSegmentFixedSize)},
      {"sgpr_spills", int64_t(kernel.sgprSpillCount)},
      {"sgprs", int64_t(kernel.sgprCount)},
      {"vgpr_spills", int64_t(kernel.vgprSpillCount)},
      {"vgprs", int64_t(kernel.vgprCount)},
      {"wavefront_size", int64_t(kernel.wavefrontSize)}};
  for (const CodeObjectArgument &argument : kernel.arguments) {
    if (llvm::StringRef(argument.valueKind).starts_with("hidden_"))
      result.implicitArguments.push_back(
          {argument.valueKind, argument.offset, argument.size});
    else
      result.argumentOffsets.push_back(argument.offset);
  }
}

/// Whether `arch` is CDNA, whose lowerings and passes are AMD's own among
/// gluonc's targets: the architectures with matrix cores (MFMA).
bool isCDNA(const ArchInfo &arch) { return arch.features.mfmaVersion != 0; }

/// The ops only CDNA has among gluonc's targets: gluon.mfma, the buffer
/// accesses and the copies to LDS (the frontend accepts each where the
/// architecture table says it exists).
void populateCDNAPatterns(GluonLLVMTypeConverter &converter,
                          RewritePatternSet &patterns,
                          const LoweringContext &context) {
  populateMfmaOpToLLVMPatterns(converter, patterns);
  populateBufferOpToLLVMPatterns(converter, patterns, context);
  populateAsyncCopyToLLVMPatterns(converter, patterns, context);
}

class AMDTarget : public Target {
public:
  AMDTarget() {
    // The primitives differ by wave size alone: one TargetInfo for each
    // wave size of the table.
    for (const ArchInfo &arch : getArchInfos())
      if (!targetInfos.count(arch.warpSize))
        targetInfos.emplace(arch.warpSize,
                            std::make_shared<AMDTargetInfo>(arch.warpSize));
  }

  llvm::StringRef getBackend() const override { return "amd"; }
  const std::vector<ArchInfo> &getArchitectures() const override {
    return getArchInfos();
  }
  llvm::StringRef getAssemblyKind() const override { return "amdgcn"; }
  llvm::StringRef getImageFormat() const override { return "hsaco"; }

  /// clang's HIP fat binary: an offload bundle of the code objects.
  llvm::StringRef getContainerFormat() const override { return "hipfb"; }
  llvm::Expected<PackedContainer>
  packImages(llvm::ArrayRef<ArchImage> images,
             bool /*withAssembly*/) const override {
    std::vector<BundleEntry> entries;
    for (const ArchImage &image : images) {
      const std::vector<char> &object = image.codegen->image;
      entries.push_back({getHipBundleId(image.arch),
                         llvm::StringRef(object.data(), object.size())});
    }
    PackedContainer container;
    container.packer = "gluonc";
    container.bytes = writeHipOffloadBundle(entries);
    return container;
  }
  std::shared_ptr<const TargetInfo>
  getTargetInfo(llvm::StringRef arch) const override {
    return targetInfos.at(getArchInfo(arch).warpSize);
  }

  void buildMembarPlanningPasses(OpPassManager &pm,
                                 llvm::StringRef arch) const override {
    if (getArchInfo(arch).features.warpPipeline)
      pm.addPass(amd::createGluonAMDPlanWarpPipelines());
  }

  void buildSchedulingPasses(OpPassManager &pm,
                             llvm::StringRef arch) const override {
    // Intra-wave regions exist where warp pipelines do.
    if (getArchInfo(arch).features.warpPipeline)
      pm.addPass(amd::createGluonAMDPlanIntraWave());
  }

  std::vector<LoopSchedule> getSchedules(ModuleOp module,
                                         llvm::StringRef arch) const override {
    if (!getArchInfo(arch).features.warpPipeline)
      return {};
    std::vector<LoopSchedule> schedules = amd::getWarpPipelineSchedules(module);
    amd::addIntraWaveSchedules(module, *getTargetInfo(arch), schedules);
    return schedules;
  }

  void buildLoweringPasses(OpPassManager &pm,
                           llvm::StringRef arch) const override {
    const ArchInfo &info = getArchInfo(arch);
    if (isCDNA(info))
      pm.addPass(amd::createGluonAMDPlanLdsCopies({arch.str()}));
    if (info.features.warpPipeline)
      pm.addPass(amd::createGluonAMDLowerWarpPipeline({arch.str()}));
    buildGluonLoweringPasses(pm, arch);
    if (isCDNA(info))
      pm.addPass(amd::createGluonAMDScopeLdsCopies());
  }

  void populateLoweringPatterns(llvm::StringRef arch,
                                GluonLLVMTypeConverter &converter,
                                RewritePatternSet &patterns,
                                const LoweringContext &context) const override {
    if (isCDNA(getArchInfo(arch)))
      populateCDNAPatterns(converter, patterns, context);
  }

  llvm::Expected<std::unique_ptr<llvm::Module>>
  translateToLLVMIR(ModuleOp module, llvm::LLVMContext &context,
                    const CodegenOptions &options) const override {
    DialectRegistry registry;
    registerROCDLDialectTranslation(registry);
    module->getContext()->appendDialectRegistry(registry);
    auto machine = createTargetMachine(options);
    if (!machine)
      return machine.takeError();
    auto translated = translateToLLVMModule(module, context, **machine);
    if (!translated)
      return translated.takeError();
    std::unique_ptr<llvm::Module> llvmModule = std::move(*translated);
    // Code object v5: hidden arguments after the explicit ones, which
    // getNumPrograms reads.
    llvmModule->addModuleFlag(llvm::Module::Error, "amdhsa_code_object_version",
                              500);
    if (llvm::Error error =
            linkDeviceLibrary(*llvmModule, getArchInfo(options.arch)))
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
    result.imageFormat = "hsaco";
    result.targetFields["code_object_version"] = "5";
    // The assembly from a copy (code generation changes the module), and
    // only when asked for: the object does not go through it.
    if (options.needAssembly) {
      ScopedStepTimer timer(result.stepTimes, "AMDGPU assembly");
      std::unique_ptr<llvm::Module> copy = llvm::CloneModule(module);
      auto assembly = emitFile(**machine, *copy,
                               llvm::CodeGenFileType::AssemblyFile);
      if (!assembly)
        return assembly.takeError();
      result.assembly = std::move(*assembly);
    }
    if (options.assemblyOnly)
      return result;

    std::optional<ScopedStepTimer> timer(std::in_place, result.stepTimes,
                                         "AMDGPU object");
    auto object = emitFile(**machine, module, llvm::CodeGenFileType::ObjectFile);
    if (!object)
      return object.takeError();
    timer.emplace(result.stepTimes, "link");
    auto hsaco = linkCodeObject(llvm::ArrayRef<char>(object->data(),
                                                     object->size()));
    if (!hsaco)
      return hsaco.takeError();
    timer.reset();
    result.image = std::move(*hsaco);
    result.assembler = "LLD " + std::string(LLVM_VERSION_STRING) +
                       " (in process)";
    for (const llvm::Function &function : module)
      if (function.getCallingConv() == llvm::CallingConv::AMDGPU_KERNEL) {
        auto kernel = readKernelMetadata(result.image, function.getName());
        if (!kernel)
          return kernel.takeError();
        describeKernel(*kernel, result);
      }
    return result;
  }

  std::string describeStage(llvm::StringRef stage,
                            const CodegenOptions &options) const override {
    if (stage == "llvm")
      return "translate to LLVM IR, optimize -O" +
             std::to_string(options.optLevel) + " for " + kTriple + " " +
             options.arch;
    if (stage == "codegen")
      return "AMDGPU -> object -> hsaco (LLD, in process)";
    return "";
  }

  std::string getToolVersions() const override {
    return "AMDGPU backend; linker: LLD " + std::string(LLVM_VERSION_STRING) +
           " (in process)";
  }

  std::string describeExternalInputs() const override {
    return describeEnvironment({"GLUONC_ROCM_DEVICE_LIBS"}) +
           describeFileIdentity("ocml", amd::findDeviceLibrary());
  }

private:
  std::map<unsigned, std::shared_ptr<const AMDTargetInfo>> targetInfos;
};

} // namespace

void gluonc::registerAMDTarget() {
  static std::once_flag once;
  std::call_once(once, [] { registerTarget(std::make_unique<AMDTarget>()); });
}

void gluonc::registerAMDPasses() {
  PassPipelineRegistration<>(
      "gluon-to-rocdl",
      "The lower stage for AMD (64-lane waves, as gfx942): gluon kernels "
      "to the LLVM and ROCDL dialects",
      [](OpPassManager &pm) { AMDTarget().buildLoweringPasses(pm, "gfx942"); });
  PassPipelineRegistration<>(
      "gluon-amd-schedule",
      "The schedule stage for AMD (64-lane waves, as gfx942): plans of the "
      "intra-wave regions' interleave",
      [](OpPassManager &pm) {
        AMDTarget().buildSchedulingPasses(pm, "gfx942");
      });
  amd::registerGluonAMDPasses();
}
