//===- Passes.td - The lowering to the LLVM dialect --------*- tablegen -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The passes of the lower stage that every GPU target shares. Each lowers
// for one architecture's target (its `arch` option, else the module's
// gluon.target): the target's TargetInfo gives the primitives the lowering
// asks of it and, for the conversion, Target::populateLoweringPatterns its
// own patterns. The option keeps the textual pipeline (--print-pipeline)
// the whole truth: parsed back, it builds the same passes. gluonc-opt runs
// them through --gluon-to-nvvm and --gluon-to-rocdl
// (buildGluonLoweringPasses). This file declares what each does, its
// option and the dialects it creates.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_CONVERSION_PASSES
#define GLUONC_CONVERSION_PASSES

include "mlir/Pass/PassBase.td"

def GluonConvertToLLVM : Pass<"convert-gluon-to-llvm", "mlir::ModuleOp"> {
  let dependentDialects = ["mlir::LLVM::LLVMDialect"];
  let summary = "Lower gluon kernels to the LLVM dialect, per thread";
  let description = [{
    Runs on a module whose control flow is already unstructured
    (convert-scf-to-cf first). Applies the shared patterns of
    src/Conversion (one file per op family) and the target's own, with
    the AxisInfo facts computed on the gluon IR before any op is
    rewritten. Masked accesses come out as `gluon.predicated_load` /
    `gluon.predicated_store` and `gluon.warp_specialize` stays, for the two
    passes below. A pattern that cannot lower its op says why at the op.
  }];
  let options = [
    Option<"arch", "arch", "std::string", /*default=*/"\"\"",
           "The architecture whose target lowers the module (default: "
           "the module's gluon.target)">,
  ];
  let constructor = "gluonc::createConvertGluonToLLVMPass()";
}

def GluonLowerWarpSpecialize
    : Pass<"gluon-lower-warp-specialize", "mlir::ModuleOp"> {
  let dependentDialects = ["mlir::LLVM::LLVMDialect"];
  let summary = "Turn gluon.warp_specialize into a dispatch of warps at the "
                "kernel's entry";
  let description = [{
    After the conversion. Each task's warps branch to its body at the
    kernel's entry, with the target's named barriers, the register counts
    the tasks stage planned and the captures passed through shared memory
    (WarpSpecializeToLLVM.cpp states the scheme).
  }];
  let options = [
    Option<"arch", "arch", "std::string", /*default=*/"\"\"",
           "The architecture whose target lowers the module (default: "
           "the module's gluon.target)">,
  ];
  let constructor = "gluonc::createLowerWarpSpecializePass()";
}

def GluonExpandPredicatedAccesses
    : Pass<"gluon-expand-predicated-accesses", "mlir::ModuleOp"> {
  let dependentDialects = ["mlir::LLVM::LLVMDialect"];
  let summary = "Expand predicated loads, stores and regions into branches";
  let description = [{
    Each `gluon.predicated_load` / `gluon.predicated_store` becomes the
    target's predicated instruction where it has one
    (TargetInfo::lowerPredicatedLoad/Store), else a branch around an LLVM
    access; each `gluon.predicated` region becomes a branch around its
    body. With neither an `arch` option nor a gluon.target on the module,
    it writes branches only.
  }];
  let options = [
    Option<"arch", "arch", "std::string", /*default=*/"\"\"",
           "The architecture whose target lowers the module (default: "
           "the module's gluon.target)">,
  ];
  let constructor = "gluonc::createExpandPredicatedAccessesPass()";
}

#endif // GLUONC_CONVERSION_PASSES
