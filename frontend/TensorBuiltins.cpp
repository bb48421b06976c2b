//===- TensorBuiltins.cpp - gl.* operations on tensors --------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "TensorBuiltins.h"

using namespace gluonc;
using namespace gluonc::frontend;

bool gluonc::frontend::isTensorBuiltin(const std::string &) { return false; }

std::optional<Value>
gluonc::frontend::callTensorBuiltin(CodeGen &, const BuiltinValue &,
                                    CallArgs &) {
  return std::nullopt;
}
