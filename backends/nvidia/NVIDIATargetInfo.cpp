//===- NVIDIATargetInfo.cpp - NVVM hooks of the shared lowering -----------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "NVIDIATargetInfo.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace gluonc::nvidia;

Value NVIDIATargetInfo::getThreadId(OpBuilder &builder, Location loc,
                                    unsigned numThreads) const {
  // The range lets LLVM see that tid / 32 and tid % 32 are small.
  auto range = LLVM::ConstantRangeAttr::get(builder.getContext(), 32, 0,
                                            numThreads);
  return NVVM::ThreadIdXOp::create(builder, loc, builder.getI32Type(), range);
}

Value NVIDIATargetInfo::getProgramId(OpBuilder &builder, Location loc,
                                     unsigned axis) const {
  Type i32 = builder.getI32Type();
  switch (axis) {
  case 0:
    return NVVM::BlockIdXOp::create(builder, loc, i32);
  case 1:
    return NVVM::BlockIdYOp::create(builder, loc, i32);
  default:
    return NVVM::BlockIdZOp::create(builder, loc, i32);
  }
}

Value NVIDIATargetInfo::getNumPrograms(OpBuilder &builder, Location loc,
                                       unsigned axis) const {
  Type i32 = builder.getI32Type();
  switch (axis) {
  case 0:
    return NVVM::GridDimXOp::create(builder, loc, i32);
  case 1:
    return NVVM::GridDimYOp::create(builder, loc, i32);
  default:
    return NVVM::GridDimZOp::create(builder, loc, i32);
  }
}

void NVIDIATargetInfo::markKernel(LLVM::LLVMFuncOp func,
                                  unsigned numThreads) const {
  MLIRContext *context = func.getContext();
  func->setAttr(NVVM::NVVMDialect::getKernelFuncAttrName(),
                UnitAttr::get(context));
  // The block size is fixed at compile time; saying so lets ptxas allocate
  // registers for exactly that many threads.
  func->setAttr(NVVM::NVVMDialect::getReqntidAttrName(),
                DenseI32ArrayAttr::get(
                    context, {static_cast<int32_t>(numThreads), 1, 1}));
}

void NVIDIATargetInfo::getDependentDialects(DialectRegistry &registry) const {
  registry.insert<NVVM::NVVMDialect>();
}

void NVIDIATargetInfo::addLegalDialects(ConversionTarget &target) const {
  target.addLegalDialect<NVVM::NVVMDialect>();
}
