//===- LLVMOptimize.cpp - The llvm stage shared by the backends -----------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "gluonc/Pipeline/LLVMOptimize.h"

#include "gluonc/Pipeline/Target.h"

#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/raw_ostream.h"

llvm::CodeGenOptLevel gluonc::toCodeGenOptLevel(unsigned optLevel) {
  switch (optLevel) {
  case 0:
    return llvm::CodeGenOptLevel::None;
  case 1:
    return llvm::CodeGenOptLevel::Less;
  case 2:
    return llvm::CodeGenOptLevel::Default;
  default:
    return llvm::CodeGenOptLevel::Aggressive;
  }
}

std::unique_lock<std::mutex> gluonc::lockLLVMOptions() {
  static std::mutex mutex;
  return std::unique_lock<std::mutex>(mutex);
}

llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
gluonc::createLLVMTargetMachine(llvm::StringRef tripleName,
                                const CodegenOptions &options,
                                llvm::function_ref<void()> setOptions) {
  llvm::Triple triple(tripleName);
  std::string error;
  const llvm::Target *target = llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return llvm::createStringError("LLVM target " + tripleName.str() +
                                   " unavailable: " + error);
  llvm::TargetOptions targetOptions;
  // Fast: contract a*b+c into fma wherever the backend sees it, as Triton's
  // default does; Standard fuses only explicit llvm.fmuladd.
  targetOptions.AllowFPOpFusion = options.fpFusion ? llvm::FPOpFusion::Fast
                                                   : llvm::FPOpFusion::Standard;
  std::unique_lock<std::mutex> lock;
  if (setOptions) {
    lock = lockLLVMOptions();
    setOptions();
  }
  std::unique_ptr<llvm::TargetMachine> machine(target->createTargetMachine(
      triple, options.arch, /*Features=*/"", targetOptions, std::nullopt,
      std::nullopt, toCodeGenOptLevel(options.optLevel)));
  if (!machine)
    return llvm::createStringError("cannot create an LLVM target for " +
                                   tripleName.str() + " " + options.arch);
  return machine;
}

llvm::Expected<std::unique_ptr<llvm::Module>>
gluonc::translateToLLVMModule(mlir::ModuleOp module, llvm::LLVMContext &context,
                              llvm::TargetMachine &machine) {
  mlir::DialectRegistry registry;
  mlir::registerBuiltinDialectTranslation(registry);
  mlir::registerLLVMDialectTranslation(registry);
  module->getContext()->appendDialectRegistry(registry);
  std::unique_ptr<llvm::Module> llvmModule =
      mlir::translateModuleToLLVMIR(module, context, "gluon");
  if (!llvmModule)
    return llvm::createStringError("translation to LLVM IR failed");
  llvmModule->setTargetTriple(machine.getTargetTriple());
  llvmModule->setDataLayout(machine.createDataLayout());
  return llvmModule;
}

static llvm::OptimizationLevel toOptimizationLevel(unsigned optLevel) {
  switch (optLevel) {
  case 0:
    return llvm::OptimizationLevel::O0;
  case 1:
    return llvm::OptimizationLevel::O1;
  case 2:
    return llvm::OptimizationLevel::O2;
  default:
    return llvm::OptimizationLevel::O3;
  }
}

llvm::Error gluonc::linkBitcodeLibrary(llvm::Module &module,
                                      llvm::StringRef path) {
  auto buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer)
    return llvm::createStringError("cannot read " + path.str());
  // Lazily: the linker materializes the functions the kernel calls, not
  // the whole library. Parsing all of libdevice took ~45 ms of layer
  // norm's 60 ms llvm stage (--time-report, the 2-core build machine,
  // 2026-12-04).
  auto library =
      llvm::getOwningLazyBitcodeModule(std::move(*buffer), module.getContext());
  if (!library)
    return library.takeError();
  (*library)->setTargetTriple(module.getTargetTriple());
  (*library)->setDataLayout(module.getDataLayout());
  if (llvm::Linker::linkModules(module, std::move(*library),
                                llvm::Linker::Flags::LinkOnlyNeeded))
    return llvm::createStringError("cannot link " + path.str());
  for (llvm::Function &function : module) {
    llvm::CallingConv::ID convention = function.getCallingConv();
    bool isKernel = convention == llvm::CallingConv::PTX_Kernel ||
                    convention == llvm::CallingConv::AMDGPU_KERNEL;
    if (!function.isDeclaration() && !isKernel)
      function.setLinkage(llvm::GlobalValue::InternalLinkage);
  }
  return llvm::Error::success();
}

llvm::Error gluonc::optimizeLLVMModule(llvm::Module &module,
                                       llvm::TargetMachine &machine,
                                       unsigned optLevel) {
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  llvm::PassBuilder builder(&machine);
  builder.registerModuleAnalyses(mam);
  builder.registerCGSCCAnalyses(cgam);
  builder.registerFunctionAnalyses(fam);
  builder.registerLoopAnalyses(lam);
  builder.crossRegisterProxies(lam, fam, cgam, mam);
  llvm::OptimizationLevel level = toOptimizationLevel(optLevel);
  llvm::ModulePassManager passes =
      level == llvm::OptimizationLevel::O0
          ? builder.buildO0DefaultPipeline(level)
          : builder.buildPerModuleDefaultPipeline(level);
  passes.run(module, mam);

  std::string problems;
  llvm::raw_string_ostream os(problems);
  if (llvm::verifyModule(module, &os))
    return llvm::createStringError("invalid LLVM IR after optimization:\n" +
                                   problems);
  return llvm::Error::success();
}
