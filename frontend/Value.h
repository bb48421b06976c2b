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

#include "BigInt.h"
#include "DType.h"

#include "gluonc/Frontend/AST.h"

#include "mlir/IR/Attributes.h"
#include "mlir/IR/Value.h"

#include <map>
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

/// A shared memory descriptor: a view of an allocation
/// (gl.allocate_shared_memory and the descriptor's index, slice, permute
/// and reshape), a run-time value of type !gluon.memdesc.
struct SharedMemoryValue {
  mlir::Value value;
  DType dtype;
  std::vector<int64_t> shape;
  std::vector<int64_t> allocShape;
  mlir::Attribute layout;
  /// Gluon's rendering of the layout.
  std::string layoutText;
  /// Where the descriptor was made, for notes in diagnostics.
  SourceLoc loc;
};

/// A type as a compile-time value: gl.distributed_type (a tensor's .type)
/// or gl.shared_memory_descriptor_type (a descriptor's .type).
struct TypeValue {
  bool isSharedMemory = false;
  DType dtype;
  std::vector<int64_t> shape;
  /// For descriptors.
  std::vector<int64_t> allocShape;
  mlir::Attribute layout;
  std::string layoutText;

  bool operator==(const TypeValue &other) const {
    return isSharedMemory == other.isSharedMemory && dtype == other.dtype &&
           shape == other.shape && allocShape == other.allocShape &&
           layout == other.layout;
  }
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

/// `range(start, stop, step)`: a sequence computed on demand, so that a
/// large range costs nothing until it is materialized.
struct RangeValue {
  int64_t start = 0;
  int64_t stop = 0;
  int64_t step = 1;

  uint64_t size() const;
  /// The element at `index`, which must be below size().
  int64_t at(uint64_t index) const;
};

struct TupleValue {
  TupleValue() = default;
  explicit TupleValue(std::vector<Value> elements);
  TupleValue(const TupleValue &) = delete;
  TupleValue &operator=(const TupleValue &) = delete;
  ~TupleValue();
  std::vector<Value> elements;
};

/// A mutable list. Lists are shared, as in Python: every Value that holds
/// one refers to the same elements.
struct ListValue {
  ListValue() = default;
  explicit ListValue(std::vector<Value> elements);
  ListValue(const ListValue &) = delete;
  ListValue &operator=(const ListValue &) = delete;
  ~ListValue();
  std::vector<Value> elements;
  /// The run-time region (a branch or the body of a run-time loop) that
  /// created the list: code in another region cannot change it, since it
  /// runs once at compile time but stands for code run any number of times.
  uint64_t region = 0;
};

struct DictValue;

class Value {
public:
  using Storage =
      std::variant<NoneValue, bool, int64_t, BigInt, double, std::string,
                   std::shared_ptr<TupleValue>, std::shared_ptr<ListValue>,
                   std::shared_ptr<DictValue>, RangeValue, DType,
                   LayoutValue, NamespaceValue, BuiltinValue, FunctionValue,
                   RuntimeValue, SharedMemoryValue, TypeValue>;

  Value() : storage(NoneValue{}) {}
  template <typename T> Value(T value) : storage(std::move(value)) {}
  static Value tuple(std::vector<Value> elements);
  static Value list(std::vector<Value> elements, uint64_t region = 0);
  /// An int: int64_t when it fits, else a BigInt.
  static Value integer(const BigInt &value);

  template <typename T> bool is() const {
    return std::holds_alternative<T>(storage);
  }
  template <typename T> const T &get() const { return std::get<T>(storage); }
  template <typename T> const T *getIf() const {
    return std::get_if<T>(&storage);
  }
  /// For taking apart a value that is no longer shared.
  template <typename T> T *getMutableIf() { return std::get_if<T>(&storage); }

  bool isNone() const { return is<NoneValue>(); }
  bool isRuntime() const { return is<RuntimeValue>(); }
  bool isTuple() const { return is<std::shared_ptr<TupleValue>>(); }
  bool isList() const { return is<std::shared_ptr<ListValue>>(); }
  /// Dicts and sets alike (a set is a DictValue whose values are None).
  bool isDictOrSet() const { return is<std::shared_ptr<DictValue>>(); }
  bool isDict() const;
  bool isSet() const;
  /// A Python int (not a bool): int64_t or BigInt.
  bool isInt() const { return is<int64_t>() || is<BigInt>(); }
  /// Tuples and lists alike.
  const std::vector<Value> *getSequence() const;
  const DictValue *getDict() const;

  /// The Python type name, for diagnostics: "int", "tensor", "layout", ...
  std::string getTypeName() const;
  /// repr() for diagnostics and metadata: 1024, 'abc', (1, 2),
  /// BlockedLayout(...), gl.float32, tensor<1024xi32>; long renderings end
  /// in "...".
  std::string toString() const;

  enum class Style { Repr, Str };
  /// Appends Python's repr() or str() of the value to `out`; containers
  /// nested too deeply or holding themselves print as "...". Returns false
  /// (with `out` cut short) when the text would pass `limit` bytes. Adds
  /// to `work` (when given) the cost of rendering beyond the bytes written:
  /// decimal digits of a BigInt take time quadratic in its size.
  bool render(std::string &out, Style style, size_t limit,
              uint64_t *work = nullptr) const;

private:
  bool render(std::string &out, Style style, size_t limit,
              std::vector<const void *> &open, uint64_t *work) const;
  std::string renderScalar(Style style, uint64_t *work) const;

  Storage storage;
};

/// A dict, or a set. Entries keep their insertion order; `index` finds an
/// entry from its key's hash key (see getHashKey in CodeGen).
struct DictValue {
  DictValue() = default;
  DictValue(const DictValue &) = delete;
  DictValue &operator=(const DictValue &) = delete;
  ~DictValue();
  bool isSet = false;
  std::vector<Value> keys;
  std::vector<Value> values;
  std::map<std::string, size_t> index;
  uint64_t region = 0;
};

/// Python's repr() of a float: the shortest text that reads back as the
/// same value ("0.1", "1e+16", "inf").
std::string formatFloatRepr(double value);
/// Python's repr() of a str: quoted, with escapes.
std::string quoteString(const std::string &text);

} // namespace gluonc::frontend

#endif // GLUONC_FRONTEND_VALUE_H
