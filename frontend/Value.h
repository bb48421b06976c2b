//===- Value.h - What kernel code evaluates to ------------------*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// gluonc evaluates kernel source the way Triton's code generator does: every
// expression yields either a compile-time value (numbers, strings, tuples,
// dtypes, layouts, functions, namespaces) that the compiler computes itself,
// or a run-time value: an MLIR value with its dtype, shape and layout.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_FRONTEND_VALUE_H
#define GLUONC_FRONTEND_VALUE_H

#include "DType.h"

#include "gluonc/Frontend/AST.h"

#include "mlir/IR/Attributes.h"
#include "mlir/IR/Value.h"

#include <memory>
#include <string>
#include <variant>
#include <vector>

namespace gluonc::frontend {

class Value;

struct NoneValue {};

/// A value computed on the GPU: a scalar (empty shape) or a distributed
/// tensor (shape and layout).
struct RuntimeValue {
  mlir::Value value;
  DType dtype;
  std::vector<int64_t> shape;
  mlir::Attribute layout;

  bool isScalar() const { return shape.empty(); }
};

struct LayoutValue {
  mlir::Attribute attr;
  /// How Gluon would print it, e.g. "BlockedLayout(size_per_thread=[4], ...)".
  std::string text;
};

/// A builtin function or attribute of a gluonc namespace (`gl.arange`), or
/// a method bound to a value (`x.to`).
struct BuiltinValue {
  std::string name;
  std::shared_ptr<Value> self;
};

/// A module-like namespace: "triton.experimental.gluon.language", ...
/// Namespaces gluonc does not know (host-side imports such as torch) are
/// kept so that a use inside a kernel gets a clear diagnostic.
struct NamespaceValue {
  std::string path;
  bool isKnown = true;
};

struct FunctionValue {
  const FunctionDefStmt *def = nullptr;
  /// "jit", "constexpr_function", or "" for an undecorated (host) function.
  std::string kind;
};

struct TupleValue {
  std::vector<Value> elements;
};

struct ListValue {
  std::vector<Value> elements;
};

class Value {
public:
  using Storage =
      std::variant<NoneValue, bool, int64_t, double, std::string,
                   std::shared_ptr<TupleValue>, std::shared_ptr<ListValue>,
                   DType, LayoutValue, NamespaceValue, BuiltinValue,
                   FunctionValue, RuntimeValue>;

  Value() : storage(NoneValue{}) {}
  template <typename T> Value(T value) : storage(std::move(value)) {}
  static Value tuple(std::vector<Value> elements);
  static Value list(std::vector<Value> elements);

  template <typename T> bool is() const {
    return std::holds_alternative<T>(storage);
  }
  template <typename T> const T &get() const { return std::get<T>(storage); }
  template <typename T> const T *getIf() const {
    return std::get_if<T>(&storage);
  }

  bool isNone() const { return is<NoneValue>(); }
  bool isRuntime() const { return is<RuntimeValue>(); }
  bool isTuple() const { return is<std::shared_ptr<TupleValue>>(); }
  bool isList() const { return is<std::shared_ptr<ListValue>>(); }
  /// Tuples and lists alike.
  const std::vector<Value> *getSequence() const;

  /// The Python type name, for diagnostics: "int", "tensor", "layout", ...
  std::string getTypeName() const;
  /// A short rendering for diagnostics and metadata: 1024, 'abc', (1, 2),
  /// BlockedLayout(...), gl.float32, tensor<1024xi32>.
  std::string toString() const;

private:
  Storage storage;
};

} // namespace gluonc::frontend

#endif // GLUONC_FRONTEND_VALUE_H
