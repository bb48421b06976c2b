//===- Expressions.h - gluon-run's checked integer expressions --*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The integer expressions of --grid, --define, --bytes, buffer counts and
// shapes and scalar arguments ("cdiv(n, BLOCK)", "2^20+3", "N*M"): 64-bit
// integers with names, in which overflow, division by zero and nesting
// past 256 levels are usage errors (Errors.h), never a trap or a stack
// overflow.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_TOOLS_GLUON_RUN_EXPRESSIONS_H
#define GLUONC_TOOLS_GLUON_RUN_EXPRESSIONS_H

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace gluonrun {

/// The names an expression may use: integer scalar arguments, constexprs
/// and --define names.
using NameTable = std::map<std::string, int64_t>;

/// The value of `text`; throws a UsageError that starts with `context`
/// ("--grid") when it is malformed, names an unknown name or overflows.
int64_t evaluate(const std::string &text, const NameTable &names,
                 const std::string &context = "");

/// Splits "a,b,c" at commas outside parentheses.
std::vector<std::string> splitTopLevel(const std::string &text);

/// A floating-point argument: a number as strtod reads it, else an integer
/// expression.
double parseFloatValue(const std::string &text, const NameTable &names,
                       const std::string &context = "");

} // namespace gluonrun

#endif // GLUONC_TOOLS_GLUON_RUN_EXPRESSIONS_H
