//===- InlineAsmBuiltins.h - gl.inline_asm, gl.inline_asm_elementwise -*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_FRONTEND_INLINEASMBUILTINS_H
#define GLUONC_FRONTEND_INLINEASMBUILTINS_H

#include "CodeGen.h"

#include <optional>
#include <string>

namespace gluonc::frontend {

/// Whether `gl.<name>` is gl.inline_asm or gl.inline_asm_elementwise.
bool isInlineAsmBuiltin(const std::string &name);

/// Calls `builtin` if it is one of these; nullopt otherwise.
std::optional<Value> callInlineAsmBuiltin(CodeGen &gen,
                                          const BuiltinValue &builtin,
                                          CallArgs &args);

} // namespace gluonc::frontend

#endif // GLUONC_FRONTEND_INLINEASMBUILTINS_H
