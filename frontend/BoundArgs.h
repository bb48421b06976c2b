//===- BoundArgs.h - Builtin arguments matched to parameters ----*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_FRONTEND_BOUNDARGS_H
#define GLUONC_FRONTEND_BOUNDARGS_H

#include "CodeGen.h"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

namespace gluonc::frontend {

/// The arguments of a builtin call matched to its parameters by position
/// and keyword, with Python's errors for too many, unknown, repeated and
/// missing arguments.
class BuiltinArgs {
public:
  BuiltinArgs(CodeGen &gen, const std::string &function, CallArgs &args,
              std::vector<std::string> names, size_t numRequired)
      : names(std::move(names)), values(this->names.size()),
        locs(this->names.size(), args.callLoc) {
    if (args.positional.size() > this->names.size())
      gen.fail(args.positionalLocs[this->names.size()],
               function + "() takes at most " +
                   std::to_string(this->names.size()) + " arguments (" +
                   std::to_string(args.positional.size()) + " given)");
    for (size_t i = 0; i < args.positional.size(); ++i) {
      values[i] = args.positional[i];
      locs[i] = args.positionalLocs[i];
    }
    for (KeywordArg &keyword : args.keywords) {
      auto it = std::find(this->names.begin(), this->names.end(),
                          keyword.name);
      if (it == this->names.end())
        gen.fail(keyword.loc, function +
                                  "() got an unexpected keyword argument '" +
                                  keyword.name + "'");
      size_t index = it - this->names.begin();
      if (values[index])
        gen.fail(keyword.loc, function +
                                  "() got multiple values for argument '" +
                                  keyword.name + "'");
      values[index] = keyword.value;
      locs[index] = keyword.loc;
    }
    for (size_t i = 0; i < numRequired; ++i)
      if (!values[i])
        gen.fail(args.callLoc, function + "() missing required argument '" +
                                   this->names[i] + "'");
  }

  /// Given and not None.
  bool has(const std::string &name) const {
    const std::optional<Value> &value = values[index(name)];
    return value && !value->isNone();
  }
  const Value &get(const std::string &name) const {
    return *values[index(name)];
  }
  SourceLoc loc(const std::string &name) const { return locs[index(name)]; }

private:
  size_t index(const std::string &name) const {
    return std::find(names.begin(), names.end(), name) - names.begin();
  }

  std::vector<std::string> names;
  std::vector<std::optional<Value>> values;
  std::vector<SourceLoc> locs;
};

} // namespace gluonc::frontend

#endif // GLUONC_FRONTEND_BOUNDARGS_H
