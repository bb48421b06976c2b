//===- NVIDIATargetInfo.cpp - NVVM hooks of the shared lowering -----------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "NVIDIATargetInfo.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "llvm/ADT/StringMap.h"

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

Value NVIDIATargetInfo::shuffleXor(OpBuilder &builder, Location loc,
                                   Value value, unsigned laneMask) const {
  Type i32 = builder.getI32Type();
  auto constant = [&](int64_t v) {
    return LLVM::ConstantOp::create(builder, loc, i32,
                                    builder.getI32IntegerAttr(v));
  };
  // shfl.sync moves 32 bits: narrower values travel widened.
  Type type = value.getType();
  unsigned bits = type.getIntOrFloatBitWidth();
  Value bitsValue = value;
  Type bitsType = builder.getIntegerType(bits);
  if (!type.isInteger(bits))
    bitsValue = LLVM::BitcastOp::create(builder, loc, bitsType, value);
  if (bits < 32)
    bitsValue = LLVM::ZExtOp::create(builder, loc, i32, bitsValue);
  Value shuffled = NVVM::ShflOp::create(
      builder, loc, i32, constant(-1), bitsValue, constant(laneMask),
      constant(0x1f), NVVM::ShflKind::bfly, UnitAttr());
  if (bits < 32)
    shuffled = LLVM::TruncOp::create(builder, loc, bitsType, shuffled);
  if (!type.isInteger(bits))
    shuffled = LLVM::BitcastOp::create(builder, loc, type, shuffled);
  return shuffled;
}

void NVIDIATargetInfo::emitBarrier(OpBuilder &builder, Location loc) const {
  NVVM::Barrier0Op::create(builder, loc);
}

std::optional<std::string>
NVIDIATargetInfo::getMathLibraryFunction(llvm::StringRef opName,
                                         Type type) const {
  // NVPTX cannot select these; libdevice (linked at codegen) has them.
  // math.exp and math.exp2 on f32 stay with LLVM (ex2.approx), as Triton.
  static const llvm::StringMap<const char *> libdevice = {
      {"math.log", "log"},   {"math.log2", "log2"}, {"math.sin", "sin"},
      {"math.cos", "cos"},   {"math.rsqrt", "rsqrt"}, {"math.erf", "erf"},
      {"math.exp", "exp"},   {"math.exp2", "exp2"}};
  auto it = libdevice.find(opName);
  if (it == libdevice.end() || !(type.isF32() || type.isF64()))
    return std::nullopt;
  if (type.isF32() && (opName == "math.exp" || opName == "math.exp2"))
    return std::nullopt;
  return std::string("__nv_") + it->second + (type.isF32() ? "f" : "");
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
