//===- Builtins.h - The one table of builtins, and argument binding -*- C++
//-*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Every name a kernel can reach without defining it is one entry of a
// BuiltinTable: Python's builtins (`len`, `range`), the methods of Python
// values (`str.join`) and of the IR generator's objects (`tensor.to`,
// `shared_memory_descriptor.load`), and Gluon's language (`gl.arange`,
// `gl.amd.cdna3.mfma`, `gl.float32`). An entry holds its qualified names, its
// parameters (written as a Python signature, defaults included) and its
// handler; the file of its family registers it (builtins/*.cpp,
// eval/PythonBuiltins.cpp). Namespace lookup, attribute lookup, argument
// binding, `gluonc --list-builtins` and the "not supported yet" diagnostic
// all read the table, as CPython's builtin_methods[] and Gluon's @builtin
// decorator make one place of each builtin.
//
// Qualified names are written with the module aliases kernels use:
//   gl.X      triton.experimental.gluon.language.X
//   gluon.X   triton.experimental.gluon.X
//   tl.X      triton.language.X (tl also finds every top-level gl.X)
//   builtins.X, and TYPE.X for the methods and properties of a type
//   ("str.join", "tensor.sum", "dtype.primitive_bitwidth").
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_FRONTEND_EVAL_BUILTINS_H
#define GLUONC_FRONTEND_EVAL_BUILTINS_H

#include "Value.h"

#include "gluonc/Frontend/Source.h"

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace gluonc::frontend {

class Interpreter;
class BoundArgs;

/// A keyword argument of a call, evaluated.
struct KeywordArg {
  std::string name;
  Value value;
  SourceLoc loc;
};

/// The evaluated arguments of a call, with the locations of each.
struct CallArgs {
  std::vector<Value> positional;
  std::vector<SourceLoc> positionalLocs;
  std::vector<KeywordArg> keywords;
  SourceLoc callLoc;
};

/// One parameter of a builtin's signature.
struct Parameter {
  enum class Kind {
    /// By position or by keyword (keyword only after a `*name`).
    Normal,
    /// `*name`: the positional arguments left over.
    VarPositional,
    /// `**name`: the keyword arguments no parameter names.
    VarKeyword,
  };
  std::string name;
  Kind kind = Kind::Normal;
  bool keywordOnly = false;
  bool required = true;
  /// The value when not given (None unless the signature says otherwise).
  Value defaultValue;
  /// The default as the signature writes it, for listings.
  std::string defaultText;
};

using BuiltinHandler =
    std::function<Value(Interpreter &interpreter, const BoundArgs &args)>;

/// One builtin.
struct Builtin {
  enum class Kind {
    /// Called with its arguments bound to its signature.
    Function,
    /// A type: callable like a function (a constructor), and a valid second
    /// argument of isinstance() when it has an `instanceCheck`.
    Class,
    /// Bound to the value it is looked up on (`x.to`), then called.
    Method,
    /// Computed from the value it is looked up on (`x.dtype`), not called.
    Property,
    /// A fixed value (`gl.float32`).
    Constant,
  };

  /// Qualified names, the first one canonical (see the file comment).
  std::vector<std::string> names;
  Kind kind = Kind::Function;
  /// The parameters as written ("x, y, propagate_nan=None").
  std::string signature;
  std::vector<Parameter> params;
  /// For functions, classes, methods and properties. Methods and
  /// properties find their value in BoundArgs::self().
  BuiltinHandler handler;
  Value constant;
  /// For classes that isinstance() accepts.
  std::function<bool(const Value &)> instanceCheck;

  /// The canonical name as written: "gl.arange", "str.join".
  const std::string &getName() const { return names.front(); }
  /// The name Python's messages use: "arange", "str.join".
  std::string getShortName() const;
  /// "gl.arange(start, end, layout=None)" and the like.
  std::string describe() const;
};

class BuiltinTable {
public:
  BuiltinTable();
  BuiltinTable(const BuiltinTable &) = delete;
  BuiltinTable &operator=(const BuiltinTable &) = delete;

  /// A function: `addFunction({"gl.where"}, "condition, x, y", handler)`.
  void addFunction(std::vector<std::string> names, std::string signature,
                   BuiltinHandler handler);
  /// A class (constructor and isinstance() type).
  void addClass(std::vector<std::string> names, std::string signature,
                BuiltinHandler handler,
                std::function<bool(const Value &)> instanceCheck = nullptr);
  /// A method "TYPE.name": the handler finds the value in args.self().
  void addMethod(std::vector<std::string> names, std::string signature,
                 BuiltinHandler handler);
  /// A method "TYPE.name" that calls the function `function` with the value
  /// it is looked up on as the first argument: `x.reshape(...)` is
  /// `gl.reshape(x, ...)`.
  void addMethodCalling(std::vector<std::string> names,
                        std::string_view function);
  /// A property "TYPE.name".
  void addProperty(std::vector<std::string> names, BuiltinHandler handler);
  void addConstant(std::vector<std::string> names, Value value);
  /// A module that has no entries (yet): `gl.nvidia`.
  void addNamespace(const std::string &name);
  /// `name` re-exports `existing` (a builtin or a module, every entry
  /// under it), as `from ..hopper import mbarrier` does in a Python
  /// package: each entry gets a second name; its own stays canonical.
  /// Call it after `existing` is registered.
  void addReexport(const std::string &name, const std::string &existing);

  /// The entry of a qualified name (aliases or full module paths); null
  /// when there is none.
  const Builtin *find(std::string_view name) const;
  /// The entry of a short name ("gluon.jit"); it must exist.
  const Builtin &get(std::string_view name) const;
  /// Whether `path` (a full module path) is a module of the table.
  bool isNamespace(const std::string &path) const;
  /// `member` of module `path` (a full module path): a submodule, a
  /// constant or a builtin; nullopt when the table has no such name.
  std::optional<Value> lookupMember(const std::string &path,
                                    const std::string &member) const;
  /// The method or property `member` of values of class `className`.
  const Builtin *findMember(const std::string &className,
                            const std::string &member) const;
  /// Every entry, sorted by canonical name.
  std::vector<const Builtin *> entries() const;

  /// A name with its alias expanded: "gl.x" ->
  /// "triton.experimental.gluon.language.x".
  static std::string expandAlias(std::string_view name);

private:
  Builtin &add(Builtin::Kind kind, std::vector<std::string> names,
               std::string signature);

  std::vector<std::unique_ptr<Builtin>> builtins;
  /// Every qualified name (expanded) of every entry.
  std::map<std::string, const Builtin *, std::less<>> byName;
  std::set<std::string> namespaces;
};

/// The arguments of a call matched to a builtin's parameters by position
/// and keyword, with Python's errors for too many, unknown, repeated and
/// missing arguments. Shared by every builtin: the table's dispatch binds
/// before calling a handler.
class BoundArgs {
public:
  BoundArgs(Interpreter &interpreter, const Builtin &builtin,
            const CallArgs &args, const Value *self);

  /// The argument, or the parameter's default.
  const Value &get(std::string_view name) const;
  /// Given (or defaulted) and not None.
  bool has(std::string_view name) const { return !get(name).isNone(); }
  /// The argument as a str; fails with Python's message otherwise.
  const std::string &getString(std::string_view name) const;
  /// The argument as an int that fits in int64_t, or `otherwise` when it is
  /// None.
  int64_t getInt(std::string_view name, int64_t otherwise) const;
  /// Given by the call.
  bool given(std::string_view name) const;
  /// Where the argument is, or the call when it was not given.
  SourceLoc loc(std::string_view name) const;
  SourceLoc callLoc() const { return call.callLoc; }
  /// The value a method or property was looked up on.
  const Value &self() const { return *selfValue; }
  /// What a `*name` parameter collected, and where each is.
  const std::vector<Value> &rest() const { return restValues; }
  const std::vector<SourceLoc> &restLocs() const { return restLocations; }
  /// What a `**name` parameter collected.
  const std::vector<KeywordArg> &extraKeywords() const { return extra; }
  /// Every argument as the call gave it.
  const CallArgs &getCallArgs() const { return call; }
  const Builtin &getBuiltin() const { return builtin; }

private:
  size_t index(std::string_view name) const;

  Interpreter &interpreter;
  const Builtin &builtin;
  const CallArgs &call;
  const Value *selfValue;
  std::vector<std::optional<Value>> values;
  std::vector<SourceLoc> locs;
  std::vector<Value> restValues;
  std::vector<SourceLoc> restLocations;
  std::vector<KeywordArg> extra;
};

/// Registers Python's builtins and the methods of Python values
/// (eval/PythonBuiltins.cpp), str's included (eval/Strings.cpp).
void registerPythonBuiltins(BuiltinTable &table);
void registerStringMethods(BuiltinTable &table);

/// range(stop), range(start, stop[, step]) from the `*bounds` of a call, as
/// a compile-time RangeValue: Python's range and gl.static_range.
Value makeRange(Interpreter &interpreter, const BoundArgs &args);

} // namespace gluonc::frontend

#endif // GLUONC_FRONTEND_EVAL_BUILTINS_H
