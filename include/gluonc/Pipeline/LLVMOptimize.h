//===- LLVMOptimize.h - The llvm stage shared by the backends ---*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_PIPELINE_LLVMOPTIMIZE_H
#define GLUONC_PIPELINE_LLVMOPTIMIZE_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CodeGen.h"
#include "llvm/Support/Error.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Target/TargetMachine.h"

#include <mutex>

namespace gluonc {

/// The code generator's optimization level for gluonc's -O0 .. -O3.
llvm::CodeGenOptLevel toCodeGenOptLevel(unsigned optLevel);

struct CodegenOptions;

/// LLVM's command-line options are process-wide, and LLD resets every one
/// to its default each time it links (an AMD code object). A target whose
/// machine reads an option sets it under this lock right before making the
/// machine, and LLD links under it, so that compiles on other threads, or
/// for other archs of the same command, never see the reset in between.
std::unique_lock<std::mutex> lockLLVMOptions();

/// A target machine for `triple` (whose LLVM target the caller has
/// initialized) and options.arch, with gluonc's floating-point contraction
/// (--no-fp-fusion) and optimization level. `setOptions`, when given,
/// sets the LLVM options the machine reads, under lockLLVMOptions.
llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
createLLVMTargetMachine(llvm::StringRef triple, const CodegenOptions &options,
                        llvm::function_ref<void()> setOptions = nullptr);

/// `module` (the LLVM dialect plus the target's, whose translation the
/// caller has registered in the module's context) as LLVM IR, with
/// `machine`'s triple and data layout.
llvm::Expected<std::unique_ptr<llvm::Module>>
translateToLLVMModule(mlir::ModuleOp module, llvm::LLVMContext &context,
                      llvm::TargetMachine &machine);

/// Links from the bitcode library at `path` (libdevice, ocml) the functions
/// `module` calls, adopting the module's triple and data layout, then makes
/// every defined function but the kernel entries internal, so that O3
/// inlines what is used and drops the rest.
llvm::Error linkBitcodeLibrary(llvm::Module &module, llvm::StringRef path);

/// Runs LLVM's default module pipeline for -O`optLevel` (O0's at 0) with
/// `machine`'s target analyses, then verifies the module.
llvm::Error optimizeLLVMModule(llvm::Module &module,
                               llvm::TargetMachine &machine,
                               unsigned optLevel);

} // namespace gluonc

#endif // GLUONC_PIPELINE_LLVMOPTIMIZE_H
