//===- Assert.cpp - A failed device assertion, as CUDA reports it ---------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// CUDA's assert() calls __assertfail(message, file, line, function,
// sizeof(char)), which the driver resolves: it prints
// "file:line: function: block: [..], thread: [..] Assertion `message`
// failed." and the launch ends with cudaErrorAssert.
//
//===----------------------------------------------------------------------===//

#include "NVIDIATargetInfo.h"

#include "llvm/ADT/Twine.h"

using namespace mlir;
using namespace gluonc;
using namespace gluonc::nvidia;

namespace {

/// A generic pointer to a NUL-terminated copy of `text` in global memory,
/// one constant per distinct text in the module.
Value getStringPointer(OpBuilder &b, Location loc, ModuleOp module,
                       StringRef prefix, StringRef text) {
  std::string contents = text.str();
  contents.push_back('\0');
  std::string name =
      (prefix + "_" + llvm::Twine(llvm::hash_value(contents))).str();
  auto global = module.lookupSymbol<LLVM::GlobalOp>(name);
  if (!global) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(module.getBody());
    auto type = LLVM::LLVMArrayType::get(b.getI8Type(), contents.size());
    global = LLVM::GlobalOp::create(b, loc, type, /*isConstant=*/true,
                                    LLVM::Linkage::Internal, name,
                                    b.getStringAttr(contents),
                                    /*alignment=*/1, /*addrSpace=*/1);
  }
  Value address = LLVM::AddressOfOp::create(b, loc, global);
  return LLVM::AddrSpaceCastOp::create(
      b, loc, LLVM::LLVMPointerType::get(b.getContext()), address);
}

LLVM::LLVMFuncOp getAssertFail(OpBuilder &b, Location loc, ModuleOp module) {
  if (auto existing = module.lookupSymbol<LLVM::LLVMFuncOp>("__assertfail"))
    return existing;
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(module.getBody());
  auto ptr = LLVM::LLVMPointerType::get(b.getContext());
  auto type = LLVM::LLVMFunctionType::get(
      LLVM::LLVMVoidType::get(b.getContext()),
      {ptr, ptr, b.getI32Type(), ptr, b.getI64Type()});
  return LLVM::LLVMFuncOp::create(b, loc, "__assertfail", type);
}

} // namespace

bool NVIDIATargetInfo::emitAssertFail(OpBuilder &b, Location loc,
                                      StringRef message, StringRef file,
                                      int32_t line,
                                      StringRef function) const {
  auto module = b.getInsertionBlock()->getParentOp()->getParentOfType<ModuleOp>();
  Value messagePtr = getStringPointer(b, loc, module, "assert_message",
                                      message.empty() ? "device_assert"
                                                      : message);
  Value filePtr = getStringPointer(b, loc, module, "assert_file", file);
  Value functionPtr =
      getStringPointer(b, loc, module, "assert_function", function);
  Value lineValue = LLVM::ConstantOp::create(b, loc, b.getI32Type(),
                                             b.getI32IntegerAttr(line));
  Value charSize = LLVM::ConstantOp::create(b, loc, b.getI64Type(),
                                            b.getI64IntegerAttr(1));
  LLVM::CallOp::create(b, loc, getAssertFail(b, loc, module),
                       ValueRange{messagePtr, filePtr, lineValue, functionPtr,
                                  charSize});
  return true;
}
