//===- TensorBuiltins.h - gl.* operations on tensors ------------*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The gl.* builtins that compute on tensors beyond the basics of
// Builtins.cpp: math functions, reductions and scans, layout conversions,
// shared memory, atomics.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_FRONTEND_TENSORBUILTINS_H
#define GLUONC_FRONTEND_TENSORBUILTINS_H

#include "CodeGen.h"

#include <optional>
#include <string>
#include <vector>

namespace gluonc::frontend {

/// Whether `gl.<name>` is one of these builtins.
bool isTensorBuiltin(const std::string &name);

/// Calls `builtin` if it is one of these; nullopt otherwise.
std::optional<Value> callTensorBuiltin(CodeGen &gen,
                                       const BuiltinValue &builtin,
                                       CallArgs &args);

/// Calls a reduce's or scan's @gluon.jit combine function on (lhs, rhs),
/// one scalar per input each, and returns its scalars as the inputs'
/// dtypes; a wrong count or a tensor is an error at `fnLoc`.
std::vector<RuntimeValue>
callCombineFunction(CodeGen &gen, const FunctionValue &function,
                    SourceLoc fnLoc, const std::vector<RuntimeValue> &lhs,
                    const std::vector<RuntimeValue> &rhs,
                    const std::vector<RuntimeValue> &inputs);

/// gl.amd.cdna3.mfma / gl.amd.cdna4.mfma(a, b, acc): acc + a @ b on AMD's
/// matrix cores; `version` is the MFMA layout version the call requires.
Value mfma(CodeGen &gen, CallArgs &args, unsigned version);

} // namespace gluonc::frontend

#endif // GLUONC_FRONTEND_TENSORBUILTINS_H
