//===- TypeConverter.cpp - gluon types to LLVM types ----------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "gluonc/Conversion/GluonToLLVM.h"
#include "gluonc/IR/Dialect.h"

using namespace mlir;
using namespace gluonc;

GluonLLVMTypeConverter::GluonLLVMTypeConverter(MLIRContext *context)
    : LLVMTypeConverter(context) {
  addConversion([context](gluon::PointerType type) -> Type {
    return LLVM::LLVMPointerType::get(context, type.getAddressSpace());
  });
  // A distributed tensor is, in one thread, the registers its layout gives
  // that thread.
  addConversion([this](RankedTensorType type) -> std::optional<Type> {
    if (!gluon::getLayout(type))
      return std::nullopt;
    Type element = convertType(type.getElementType());
    if (!element)
      return std::nullopt;
    int64_t numRegisters = gluon::getLinearLayout(type).getNumRegisters();
    SmallVector<Type> fields(numRegisters, element);
    return LLVM::LLVMStructType::getLiteral(type.getContext(), fields);
  });
}
