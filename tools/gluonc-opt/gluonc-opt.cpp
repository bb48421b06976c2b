//===- gluonc-opt.cpp - Runs gluon passes on MLIR files -------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// mlir-opt with the gluon dialect and gluonc's passes, for lit tests of
// single passes and for replaying IR dumps.
//
//===----------------------------------------------------------------------===//

#include "gluonc/Backends/AMD.h"
#include "gluonc/Backends/NVIDIA.h"
#include "gluonc/Conversion/GluonToLLVM.h"
#include "gluonc/IR/Dialect.h"
#include "gluonc/Transforms/Passes.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  registry.insert<mlir::gluon::GluonDialect, mlir::arith::ArithDialect,
                  mlir::cf::ControlFlowDialect, mlir::func::FuncDialect,
                  mlir::math::MathDialect, mlir::scf::SCFDialect,
                  mlir::LLVM::LLVMDialect, mlir::NVVM::NVVMDialect>();
  mlir::registerTransformsPasses();
  // The targets' architecture facts, for the verifiers and passes that
  // read the module's gluon.target (ArchInfo.h).
  gluonc::registerNVIDIATarget();
  gluonc::registerAMDTarget();
  gluonc::registerGluonTransformsPasses();
  gluonc::registerGluonLoweringPasses();
  gluonc::registerNVIDIAPasses();
  gluonc::registerAMDPasses();
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "gluonc-opt: gluon dialect pass driver\n", registry));
}
