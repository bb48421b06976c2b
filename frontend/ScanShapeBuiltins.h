//===- ScanShapeBuiltins.h - Scans and shape changes of tensors -*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// gl.associative_scan, gl.cumsum, gl.cumprod (ScanBuiltins.cpp) and
// gl.reshape, gl.permute, gl.join, gl.split (ShapeBuiltins.cpp), with the
// tensor methods Triton defines for them (x.reshape, x.permute, x.trans,
// x.split, x.associative_scan, x.cumsum, x.cumprod).
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_FRONTEND_SCANSHAPEBUILTINS_H
#define GLUONC_FRONTEND_SCANSHAPEBUILTINS_H

#include "CodeGen.h"

#include <optional>
#include <string>

namespace gluonc::frontend {

/// Whether `gl.<name>` is one of these builtins.
bool isScanOrShapeBuiltin(const std::string &name);
/// Whether `tensor.<name>` is one of these methods.
bool isScanOrShapeMethod(const std::string &name);

/// Calls `builtin` (`name` for gl.name, `tensor.name` for a method bound
/// to its tensor) if it is one of these; nullopt otherwise.
std::optional<Value> callScanOrShapeBuiltin(CodeGen &gen,
                                            const BuiltinValue &builtin,
                                            CallArgs &args);

// The two halves, each taking the builtin's name without "tensor.".
std::optional<Value> callScanBuiltin(CodeGen &gen, const std::string &name,
                                     CallArgs &args);
std::optional<Value> callShapeBuiltin(CodeGen &gen, const std::string &name,
                                      CallArgs &args);

} // namespace gluonc::frontend

#endif // GLUONC_FRONTEND_SCANSHAPEBUILTINS_H
