//===- SharedMemoryBuiltins.h - Shared layouts and descriptors --*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// gl.SwizzledSharedLayout, gl.NVMMASharedLayout, gl.PaddedSharedLayout,
// gl.SharedLinearLayout, gl.allocate_shared_memory and the shared memory
// descriptor's methods (load, store, index, slice, permute, reshape), and
// the compile-time gl.to_linear_layout and gl.bank_conflicts, with Triton
// 3.6's signatures.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_FRONTEND_SHAREDMEMORYBUILTINS_H
#define GLUONC_FRONTEND_SHAREDMEMORYBUILTINS_H

#include "CodeGen.h"

#include <optional>
#include <string>

namespace gluonc::frontend {

/// Whether `gl.<name>` is one of these builtins.
bool isSharedMemoryBuiltin(const std::string &name);

/// Calls `builtin` if it is one of these (or a descriptor method); nullopt
/// otherwise.
std::optional<Value> callSharedMemoryBuiltin(CodeGen &gen,
                                             const BuiltinValue &builtin,
                                             CallArgs &args);

/// `object.name` for descriptors (methods, dtype, shape, layout, type),
/// types (element_ty, shape, layout), a tensor's type, and the static
/// methods of the shared layouts; nullopt for anything else.
std::optional<Value> getSharedMemoryAttribute(CodeGen &gen, const Value &object,
                                              const std::string &name);

/// Gluon's rendering of a shared layout attribute; empty for any other
/// attribute.
std::string describeSharedLayout(mlir::Attribute layout);

} // namespace gluonc::frontend

#endif // GLUONC_FRONTEND_SHAREDMEMORYBUILTINS_H
