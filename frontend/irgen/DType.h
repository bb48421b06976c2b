//===- DType.h - Element types of kernel values -----------------*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_FRONTEND_IRGEN_DTYPE_H
#define GLUONC_FRONTEND_IRGEN_DTYPE_H

#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Types.h"

#include <optional>
#include <string>
#include <vector>

namespace gluonc::frontend {

enum class ScalarKind : uint8_t {
  I1, I8, I16, I32, I64,
  U8, U16, U32, U64,
  F16, BF16, F32, F64,
  F8E4NV, F8E5,
};

/// The type of a kernel value's elements: a scalar, or a pointer to one.
struct DType {
  ScalarKind scalar = ScalarKind::I32;
  bool isPointer = false;

  static DType of(ScalarKind kind) { return DType{kind, false}; }
  static DType pointerTo(ScalarKind kind) { return DType{kind, true}; }
  DType pointee() const { return DType{scalar, false}; }

  bool isInt() const;
  bool isUnsigned() const;
  bool isFloat() const;
  bool isFloat8() const {
    return !isPointer &&
           (scalar == ScalarKind::F8E4NV || scalar == ScalarKind::F8E5);
  }
  bool isBool() const { return !isPointer && scalar == ScalarKind::I1; }
  unsigned getBitWidth() const;
  /// Bytes the value takes as a kernel argument.
  unsigned getArgSize() const;

  /// Triton's spelling: "fp32", "i32", "*bf16".
  std::string getTritonName() const;
  /// Gluon's spelling: "gl.float32", "pointer<gl.float32>".
  std::string getGluonName() const;
  mlir::Type toMLIR(mlir::MLIRContext *context) const;

  bool operator==(const DType &other) const {
    return scalar == other.scalar && isPointer == other.isPointer;
  }
  bool operator!=(const DType &other) const { return !(*this == other); }
};

/// Parses Triton's spelling of a scalar ("fp32", "i32", "bf16", "u8", ...).
std::optional<ScalarKind> parseTritonScalar(const std::string &name);
/// Every scalar kind, in the order of ScalarKind.
std::vector<ScalarKind> getScalarKinds();

/// The type two operands are computed in, by Triton's promotion rules:
/// the wider float wins, any float beats any integer, fp16 with bf16 is
/// fp32, and among integers of one signedness the wider wins; a signed and
/// an unsigned integer give the unsigned type when it is at least as wide.
DType promote(DType lhs, DType rhs);

} // namespace gluonc::frontend

#endif // GLUONC_FRONTEND_IRGEN_DTYPE_H
