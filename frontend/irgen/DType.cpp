//===- DType.cpp - Element types of kernel values -------------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "DType.h"

#include "gluonc/IR/Dialect.h"

#include "mlir/IR/BuiltinTypes.h"

using namespace gluonc::frontend;

namespace {
struct ScalarInfo {
  ScalarKind kind;
  const char *triton;
  const char *gluon;
  unsigned bits;
};

constexpr ScalarInfo kScalars[] = {
    {ScalarKind::I1, "i1", "int1", 1},
    {ScalarKind::I8, "i8", "int8", 8},
    {ScalarKind::I16, "i16", "int16", 16},
    {ScalarKind::I32, "i32", "int32", 32},
    {ScalarKind::I64, "i64", "int64", 64},
    {ScalarKind::U8, "u8", "uint8", 8},
    {ScalarKind::U16, "u16", "uint16", 16},
    {ScalarKind::U32, "u32", "uint32", 32},
    {ScalarKind::U64, "u64", "uint64", 64},
    {ScalarKind::F16, "fp16", "float16", 16},
    {ScalarKind::BF16, "bf16", "bfloat16", 16},
    {ScalarKind::F32, "fp32", "float32", 32},
    {ScalarKind::F64, "fp64", "float64", 64},
    {ScalarKind::F8E4NV, "fp8e4nv", "float8e4nv", 8},
    {ScalarKind::F8E5, "fp8e5", "float8e5", 8},
};

const ScalarInfo &info(ScalarKind kind) {
  return kScalars[static_cast<unsigned>(kind)];
}
} // namespace

bool DType::isInt() const {
  return !isPointer && scalar <= ScalarKind::U64;
}

bool DType::isUnsigned() const {
  return !isPointer && scalar >= ScalarKind::U8 && scalar <= ScalarKind::U64;
}

bool DType::isFloat() const { return !isPointer && scalar >= ScalarKind::F16; }

unsigned DType::getBitWidth() const {
  return isPointer ? 64 : info(scalar).bits;
}

unsigned DType::getArgSize() const {
  return isPointer ? 8 : std::max(1u, info(scalar).bits / 8);
}

std::string DType::getTritonName() const {
  return (isPointer ? "*" : "") + std::string(info(scalar).triton);
}

std::string DType::getGluonName() const {
  std::string name = std::string("gl.") + info(scalar).gluon;
  return isPointer ? "pointer<" + name + ">" : name;
}

mlir::Type DType::toMLIR(mlir::MLIRContext *context) const {
  mlir::Type element;
  switch (scalar) {
  case ScalarKind::I1:
  case ScalarKind::I8:
  case ScalarKind::I16:
  case ScalarKind::I32:
  case ScalarKind::I64:
  case ScalarKind::U8:
  case ScalarKind::U16:
  case ScalarKind::U32:
  case ScalarKind::U64:
    // Signedness lives in the ops (divsi/divui, ...), as in arith.
    element = mlir::IntegerType::get(context, info(scalar).bits);
    break;
  case ScalarKind::F16:
    element = mlir::Float16Type::get(context);
    break;
  case ScalarKind::BF16:
    element = mlir::BFloat16Type::get(context);
    break;
  case ScalarKind::F32:
    element = mlir::Float32Type::get(context);
    break;
  case ScalarKind::F64:
    element = mlir::Float64Type::get(context);
    break;
  case ScalarKind::F8E4NV:
    element = mlir::Float8E4M3FNType::get(context);
    break;
  case ScalarKind::F8E5:
    element = mlir::Float8E5M2Type::get(context);
    break;
  }
  if (isPointer)
    return mlir::gluon::PointerType::get(element);
  return element;
}

std::optional<ScalarKind>
gluonc::frontend::parseTritonScalar(const std::string &name) {
  for (const ScalarInfo &scalar : kScalars)
    if (name == scalar.triton)
      return scalar.kind;
  if (name == "fp8e4m3" || name == "f8e4nv")
    return ScalarKind::F8E4NV;
  return std::nullopt;
}

std::vector<ScalarKind> gluonc::frontend::getScalarKinds() {
  std::vector<ScalarKind> kinds;
  for (const ScalarInfo &scalar : kScalars)
    kinds.push_back(scalar.kind);
  return kinds;
}

DType gluonc::frontend::promote(DType lhs, DType rhs) {
  if (lhs == rhs)
    return lhs;
  if (lhs.isFloat() || rhs.isFloat()) {
    if (!lhs.isFloat())
      return rhs;
    if (!rhs.isFloat())
      return lhs;
    if (lhs.getBitWidth() != rhs.getBitWidth())
      return lhs.getBitWidth() > rhs.getBitWidth() ? lhs : rhs;
    // fp16 with bf16, or two fp8 kinds: neither holds the other.
    return DType::of(lhs.getBitWidth() >= 32 ? lhs.scalar : ScalarKind::F32);
  }
  if (lhs.isBool())
    return rhs;
  if (rhs.isBool())
    return lhs;
  if (lhs.isUnsigned() == rhs.isUnsigned())
    return lhs.getBitWidth() >= rhs.getBitWidth() ? lhs : rhs;
  DType unsignedType = lhs.isUnsigned() ? lhs : rhs;
  DType signedType = lhs.isUnsigned() ? rhs : lhs;
  return unsignedType.getBitWidth() >= signedType.getBitWidth() ? unsignedType
                                                                : signedType;
}
