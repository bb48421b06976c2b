//===- Interpreter.h - Helpers of the compile-time interpreter --*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Shared by Interpreter.cpp, InterpreterStrings.cpp and
// InterpreterBuiltins.cpp: number views of compile-time values, and the
// matching of a call's arguments to a builtin's parameters.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_FRONTEND_INTERPRETER_H
#define GLUONC_FRONTEND_INTERPRETER_H

#include "CodeGen.h"

#include <optional>
#include <string>
#include <vector>

namespace gluonc::frontend {

/// A Python int or bool.
inline bool isIntegral(const Value &value) {
  return value.isInt() || value.is<bool>();
}

/// A Python int, bool or float.
inline bool isNumeric(const Value &value) {
  return isIntegral(value) || value.is<double>();
}

/// The value of an int or bool.
inline BigInt toBigInt(const Value &value) {
  if (auto *big = value.getIf<BigInt>())
    return *big;
  if (auto *b = value.getIf<bool>())
    return BigInt(int64_t(*b));
  return BigInt(value.get<int64_t>());
}

/// The arguments of a Python builtin or method, matched by position or
/// keyword to its parameter names; the first `required` are mandatory.
class PythonArgs {
public:
  PythonArgs(CodeGen &gen, const std::string &function, const CallArgs &args,
             std::vector<std::string> names, size_t required);

  /// Whether parameter `i` was given a value other than None.
  bool has(size_t i) const { return values[i] && !values[i]->isNone(); }
  const Value &get(size_t i) const { return *values[i]; }
  SourceLoc loc(size_t i) const { return locs[i]; }
  /// Parameter `i` as a str; fails when it is something else.
  const std::string &getString(size_t i) const;
  /// Parameter `i` as an int that fits in int64_t, or `otherwise` when it
  /// is absent or None.
  int64_t getInt(size_t i, int64_t otherwise) const;

private:
  CodeGen &gen;
  std::string function;
  std::vector<std::string> names;
  std::vector<std::optional<Value>> values;
  std::vector<SourceLoc> locs;
};

/// Parses a format spec; fails at `loc` when it is malformed.
FormatSpec parseFormatSpec(CodeGen &gen, const std::string &spec,
                           SourceLoc loc);

} // namespace gluonc::frontend

#endif // GLUONC_FRONTEND_INTERPRETER_H
