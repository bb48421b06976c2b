//===- MathLibrary.h - Triton's libdevice functions ------------*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The device math library functions a kernel may call through
// `gl.extra.libdevice` (Triton's `libdevice` module), by libdevice's name,
// with their arity and the float types they take: one table, read by the
// frontend's builtins and by gluon.extern_elementwise's verifier. Each
// backend's TargetInfo names the library symbol for a name and a type.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_IR_MATHLIBRARY_H
#define GLUONC_IR_MATHLIBRARY_H

#include "mlir/IR/Types.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

namespace mlir::gluon {

struct MathLibraryFunction {
  /// libdevice's spelling in Triton's module: "pow", "fast_expf".
  llvm::StringRef name;
  unsigned arity;
  /// The `fast_*` approximations exist for fp32 only; the rest take fp32
  /// and fp64.
  bool float32Only;
};

/// Every function, in alphabetical order.
llvm::ArrayRef<MathLibraryFunction> getMathLibraryFunctions();

/// The function named `name`; null when the library has none.
const MathLibraryFunction *findMathLibraryFunction(llvm::StringRef name);

/// Whether `function` takes (and returns) elements of `elementType`.
bool acceptsElementType(const MathLibraryFunction &function, Type elementType);

} // namespace mlir::gluon

#endif // GLUONC_IR_MATHLIBRARY_H
