//===- NVIDIATargetInfo.cpp - NVVM hooks of the shared lowering -----------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "NVIDIATargetInfo.h"

#include "PtxAsm.h"

#include "gluonc/Conversion/Utility.h"
#include "gluonc/IR/Dialect.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "llvm/ADT/StringMap.h"

using namespace mlir;
using namespace gluonc::nvidia;

Value NVIDIATargetInfo::getBlockThreadId(OpBuilder &builder, Location loc,
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

// shuffleXor and the other shuffles are in Shuffles.cpp.

void NVIDIATargetInfo::emitBlockBarrier(OpBuilder &builder, Location loc) const {
  NVVM::Barrier0Op::create(builder, loc);
}

bool NVIDIATargetInfo::emitNamedBarrier(OpBuilder &builder, Location loc,
                                        unsigned id, unsigned numThreads,
                                        bool arriveOnly, bool aligned) const {
  // `barrier` without .aligned where warps reach it from different
  // instructions (the warp_specialize dispatch); `bar` is the aligned form.
  std::string text = std::string(aligned ? "bar" : "barrier") +
                     (arriveOnly ? ".arrive" : ".sync") + " $0, $1;";
  nvidia::emitPtxAsm(builder, loc, Type(), text, "r,r",
                     {createI32Constant(builder, loc, id),
                      createI32Constant(builder, loc, numThreads)});
  return true;
}

bool NVIDIATargetInfo::emitSetRegisterCount(OpBuilder &builder, Location loc,
                                            unsigned count,
                                            bool increase) const {
  NVVM::SetMaxRegisterOp::create(
      builder, loc, builder.getI32IntegerAttr(count),
      NVVM::SetMaxRegisterActionAttr::get(
          builder.getContext(), increase
                                    ? NVVM::SetMaxRegisterAction::increase
                                    : NVVM::SetMaxRegisterAction::decrease));
  return true;
}

std::optional<std::string>
NVIDIATargetInfo::getMathLibraryFunction(llvm::StringRef opName,
                                         Type type) const {
  // NVPTX cannot select these; libdevice (linked at codegen) has them.
  // math.exp and math.exp2 on f32 stay with LLVM (ex2.approx), as Triton.
  std::optional<llvm::StringRef> name = getMathLibraryName(opName);
  if (!name || !(type.isF32() || type.isF64()))
    return std::nullopt;
  if (type.isF32() && (opName == "math.exp" || opName == "math.exp2"))
    return std::nullopt;
  return getExternFunction(*name, type);
}

std::optional<std::string>
NVIDIATargetInfo::getExternFunction(llvm::StringRef function, Type type) const {
  // libdevice names fp32 versions with an `f` suffix; the fast_*
  // approximations carry it already, and its divide is `fast_fdividef`.
  if (function.starts_with("fast_")) {
    if (!type.isF32())
      return std::nullopt;
    return function == "fast_dividef" ? std::string("__nv_fast_fdividef")
                                      : "__nv_" + function.str();
  }
  if (!type.isF32() && !type.isF64())
    return std::nullopt;
  return "__nv_" + function.str() + (type.isF32() ? "f" : "");
}

Value NVIDIATargetInfo::emitApproximateDivide(OpBuilder &builder,
                                              Location loc, Value x,
                                              Value y) const {
  // div.full.f32: a reciprocal and a multiply, with the scaling that keeps
  // 2 ulp over the full range (div.approx.f32 flushes huge divisors to 0).
  Type f32 = builder.getF32Type();
  return LLVM::CallIntrinsicOp::create(
             builder, loc, f32, builder.getStringAttr("llvm.nvvm.div.full"),
             ValueRange{x, y})
      .getResult(0);
}

bool NVIDIATargetInfo::markDescriptorArgument(LLVM::LLVMFuncOp func,
                                              unsigned index, unsigned bytes,
                                              unsigned alignment) const {
  // byval + nvvm.grid_constant: NVPTX keeps the argument in parameter
  // space and takes its address with cvta.param (PTX 7.7+); without the
  // attribute it copies the map to local memory, where TMA cannot read it.
  Builder b(func.getContext());
  func.setArgAttr(index, LLVM::LLVMDialect::getByValAttrName(),
                  TypeAttr::get(LLVM::LLVMArrayType::get(b.getI8Type(), bytes)));
  func.setArgAttr(index, LLVM::LLVMDialect::getAlignAttrName(),
                  b.getI32IntegerAttr(alignment));
  func.setArgAttr(index, NVVM::NVVMDialect::getGridConstantAttrName(),
                  b.getUnitAttr());
  return true;
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
  // --maxnreg: ptxas allocates at most this many registers (.maxnreg).
  auto module = func->getParentOfType<ModuleOp>();
  if (auto cap = module ? module->getAttrOfType<IntegerAttr>(
                              gluon::kMaxRegistersAttrName)
                        : IntegerAttr())
    func->setAttr(NVVM::NVVMDialect::getMaxnregAttrName(),
                  IntegerAttr::get(IntegerType::get(context, 32),
                                   cap.getInt()));
}

void NVIDIATargetInfo::getDependentDialects(DialectRegistry &registry) const {
  registry.insert<NVVM::NVVMDialect>();
}

void NVIDIATargetInfo::addLegalDialects(ConversionTarget &target) const {
  target.addLegalDialect<NVVM::NVVMDialect>();
}

// A special register other than the block's own coordinates (%ctaid,
// %nctaid) is read as variant: thread and lane ids differ between the
// warps of a block, and a conservative answer only costs a capture.
bool NVIDIATargetInfo::isThreadVariant(Operation *op) const {
  StringRef name = op->getName().getStringRef();
  return name.starts_with("nvvm.read.ptx.sreg.") && !name.contains("ctaid") &&
         !name.contains("nctaid");
}
