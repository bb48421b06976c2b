//===- AtomicBuiltins.h - gl.atomic_* and gl.device_assert ------*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_FRONTEND_ATOMICBUILTINS_H
#define GLUONC_FRONTEND_ATOMICBUILTINS_H

#include "CodeGen.h"

#include <optional>
#include <string>

namespace gluonc::frontend {

/// Whether `gl.<name>` is an atomic or gl.device_assert.
bool isAtomicBuiltin(const std::string &name);

/// Calls `builtin` if it is one of these; nullopt otherwise.
std::optional<Value> callAtomicBuiltin(CodeGen &gen,
                                       const BuiltinValue &builtin,
                                       CallArgs &args);

} // namespace gluonc::frontend

#endif // GLUONC_FRONTEND_ATOMICBUILTINS_H
