//===- Value.h - What kernel code evaluates to ------------------*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// gluonc evaluates kernel source the way Triton's code generator does: every
// expression yields a Value. The interpreter defines Python's own values
// (None, bools, ints of any size, floats, strings, tuples, lists, dicts,
// sets, ranges, functions, builtins and modules) and computes with them.
// Everything else a kernel handles (tensors, dtypes, layouts, shared memory
// descriptors) is an Object: a value the IR generator defines and the
// interpreter only holds, compares, hashes and prints through the Object
// interface. So this layer needs no MLIR.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_FRONTEND_EVAL_VALUE_H
#define GLUONC_FRONTEND_EVAL_VALUE_H

#include "BigInt.h"

#include "gluonc/Frontend/AST.h"

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

namespace gluonc::frontend {

class Value;
struct Builtin;

struct NoneValue {};

/// How a value prints: Python's repr() or str().
enum class Style { Repr, Str };

/// A value of a kind the IR generator defines. The interpreter keeps objects
/// immutable and shared; it asks them for their type name (in diagnostics
/// and for method lookup), their rendering, equality and hashability.
class Object {
public:
  virtual ~Object();
  /// Python's type name, for diagnostics: "tensor", "dtype", "layout".
  virtual std::string getTypeName() const = 0;
  /// The namespace of the object's methods and properties in the builtin
  /// table ("tensor" for tensors and scalars alike).
  virtual std::string getClassName() const { return getTypeName(); }
  virtual std::string render(Style style) const = 0;
  /// Python's `==` with another object (of any kind).
  virtual bool equals(const Object &other) const = 0;
  /// Whether it can be a dict key or a set element; its hash key is its
  /// type name and repr().
  virtual bool isHashable() const { return false; }
  /// A value known only when the kernel runs (a tensor or scalar of the
  /// GPU): it has no compile-time truth value and makes operators emit IR.
  virtual bool isRuntime() const { return false; }
};

/// What the IR generator says of an object kind T (a plain struct): its
/// names, rendering and equality. Specialized next to T; see
/// irgen/Values.h.
template <typename T> struct ObjectTraits;

/// A T held as an Object.
template <typename T> class BoxedObject final : public Object {
public:
  explicit BoxedObject(T payload) : payload(std::move(payload)) {}
  const T &get() const { return payload; }

  std::string getTypeName() const override {
    return ObjectTraits<T>::getTypeName(payload);
  }
  std::string getClassName() const override {
    return ObjectTraits<T>::getClassName(payload);
  }
  std::string render(Style style) const override {
    return ObjectTraits<T>::render(payload, style);
  }
  bool equals(const Object &other) const override {
    auto *boxed = dynamic_cast<const BoxedObject<T> *>(&other);
    return boxed && ObjectTraits<T>::equals(payload, boxed->payload);
  }
  bool isHashable() const override { return ObjectTraits<T>::kHashable; }
  bool isRuntime() const override { return ObjectTraits<T>::kRuntime; }

private:
  T payload;
};

/// A builtin function, class, method or property of the builtin table
/// (`gl.arange`, `len`), possibly bound to the value it was looked up on
/// (`x.to`, `"".join`).
struct BuiltinValue {
  const Builtin *builtin = nullptr;
  std::shared_ptr<Value> self;
};

/// A module-like namespace: "triton.experimental.gluon.language", ...
/// Namespaces gluonc does not know (host-side imports such as torch) are
/// kept so that a use inside a kernel gets a clear diagnostic.
struct NamespaceValue {
  std::string path;
  bool isKnown = true;
  /// A module of the kernel's own files (`import lib.helpers`): the file
  /// id of its scope in the Interpreter; 0 for builtin namespaces.
  uint32_t moduleFile = 0;
};

/// How a function was decorated.
enum class FunctionKind {
  /// No gluonc decorator: host code, which kernels cannot call.
  Host,
  /// @gluon.jit: kernels and helpers, inlined where called.
  Jit,
  /// @gluon.constexpr_function: plain Python run at compile time.
  ConstexprFunction,
};

/// The names a function's body sees besides its own: its file's, or a
/// closure's (Interpreter.h).
struct ModuleScope;

struct FunctionValue {
  const FunctionDefStmt *def = nullptr;
  FunctionKind kind = FunctionKind::Host;
  /// For a method looked up on an aggregate (`obj.method`): the aggregate,
  /// passed as the first argument (`self`).
  std::shared_ptr<const Value> self;
  /// Where it was defined: the scope its body runs in. A factory function
  /// called twice defines its functions twice, each seeing its own call's
  /// names.
  ModuleScope *scope = nullptr;
};

/// A field of an @aggregate class: an annotated name of its body
/// (`pid_start: gl.tensor`, `num_warps: gl.constexpr = 4`).
struct AggregateField {
  std::string name;
  SourceLoc loc;
  /// Whether it is annotated gl.constexpr: its values are compile-time.
  bool isConstexpr = false;
  /// `name: T = value`: the value when the constructor does not set it.
  const Expr *defaultValue = nullptr;
};

/// A class of the module. An @aggregate class (Triton's `_aggregate`) is a
/// record type of kernel code: its annotated names are the fields of its
/// instances, its functions their methods. Kernels can use no other class.
struct AggregateClass {
  const ClassDefStmt *def = nullptr;
  /// Where it was defined: the scope of its methods, attributes and
  /// defaults.
  ModuleScope *scope = nullptr;
  /// Its `__name__`: the class statement's, unless the host function that
  /// made it set another (upstream's scheduler factories name each class
  /// after their arguments).
  std::string name;
  bool isAggregate = false;
  /// A class that is no @aggregate but whose __init__ only stores its
  /// arguments (`self.block = block`): its instances are compile-time
  /// values, with those attributes as gl.constexpr fields, so that host
  /// code's configuration objects can be a kernel's constexpr arguments.
  bool isPlain = false;
  std::vector<AggregateField> fields;
  /// The functions of the body by name, __init__ included.
  std::map<std::string, FunctionValue> methods;
  /// Plain assignments of the body (`BLOCK = 128`): class attributes,
  /// evaluated in the module scope where used.
  std::map<std::string, const Expr *> attributes;
  /// The first construct of the class gluonc does not implement (a base
  /// class, a statement of its body), if any, and what it is: reported
  /// where the class is used.
  const Node *unsupported = nullptr;
  std::string unsupportedWhat;

  const std::string &getName() const { return name; }
  /// The index of the field `name`, or -1.
  int findField(const std::string &name) const;
};

/// A class as a value: what a class's name evaluates to.
struct ClassValue {
  /// Not const: host code may set its `__name__`.
  std::shared_ptr<AggregateClass> cls;
};

/// An instance of an @aggregate class: one value per field, in the order
/// the class declares them. Its constructor sets the fields; afterwards it
/// never changes, so every Value that holds it shares it, as with a tuple.
/// IR generation takes it apart into its fields where it crosses run-time
/// control flow (loop-carried values, the results of an `if`).
struct AggregateValue {
  AggregateValue(std::shared_ptr<const AggregateClass> cls,
                 std::vector<Value> fields);
  AggregateValue(const AggregateValue &) = delete;
  AggregateValue &operator=(const AggregateValue &) = delete;
  ~AggregateValue();
  std::shared_ptr<const AggregateClass> cls;
  std::vector<Value> fields;
  /// Which fields the constructor has set so far.
  std::vector<bool> isSet;
  /// While its constructor runs: the one time its fields may be assigned.
  bool constructing = false;
  /// The run-time region of the constructor (see ListValue::region).
  uint64_t region = 0;
};

/// Where a value sits inside nested tuples and aggregates: the element or
/// field index at each level, outermost first (empty: the value itself).
using LeafPath = std::vector<size_t>;

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

/// A str. Python's strings are immutable, so every Value that holds one
/// shares its bytes: copying a Value (an assignment, `[s] * n`, passing an
/// argument) costs no more for a 1 MiB string than for an int.
struct StringValue {
  std::shared_ptr<const std::string> text;
};

class Value {
public:
  using Storage =
      std::variant<NoneValue, bool, int64_t, BigInt, double, StringValue,
                   std::shared_ptr<TupleValue>, std::shared_ptr<ListValue>,
                   std::shared_ptr<DictValue>, RangeValue, NamespaceValue,
                   BuiltinValue, FunctionValue, ClassValue,
                   std::shared_ptr<AggregateValue>,
                   std::shared_ptr<const Object>>;

  Value() : storage(NoneValue{}) {}
  /// Python values are stored as they are; any other T is an object kind of
  /// the IR generator, boxed (see ObjectTraits).
  template <typename T> Value(T value) {
    if constexpr (std::is_same_v<T, std::string>)
      storage = StringValue{std::make_shared<const std::string>(
          std::move(value))};
    else if constexpr (std::is_convertible_v<T, std::string_view>)
      // A literal: not the bool a pointer would convert to.
      storage = StringValue{
          std::make_shared<const std::string>(std::string_view(value))};
    else if constexpr (std::is_constructible_v<Storage, T>)
      storage = std::move(value);
    else
      storage = std::shared_ptr<const Object>(
          std::make_shared<BoxedObject<T>>(std::move(value)));
  }
  static Value tuple(std::vector<Value> elements);
  static Value list(std::vector<Value> elements, uint64_t region = 0);
  /// An int: int64_t when it fits, else a BigInt.
  static Value integer(const BigInt &value);

  template <typename T> const T *getIf() const {
    if constexpr (std::is_same_v<T, std::string>) {
      auto *text = std::get_if<StringValue>(&storage);
      return text ? text->text.get() : nullptr;
    } else if constexpr (isAlternative<T>())
      return std::get_if<T>(&storage);
    else {
      auto *boxed = dynamic_cast<const BoxedObject<T> *>(getObject());
      return boxed ? &boxed->get() : nullptr;
    }
  }
  template <typename T> bool is() const { return getIf<T>() != nullptr; }
  template <typename T> const T &get() const { return *getIf<T>(); }
  /// For taking apart a value that is no longer shared.
  template <typename T> T *getMutableIf() { return std::get_if<T>(&storage); }
  /// The object, when the value is one.
  const Object *getObject() const {
    auto *object = std::get_if<std::shared_ptr<const Object>>(&storage);
    return object ? object->get() : nullptr;
  }

  bool isNone() const { return is<NoneValue>(); }
  /// A tensor or scalar known only at run time.
  bool isRuntime() const {
    const Object *object = getObject();
    return object && object->isRuntime();
  }
  bool isTuple() const { return is<std::shared_ptr<TupleValue>>(); }
  bool isList() const { return is<std::shared_ptr<ListValue>>(); }
  /// Dicts and sets alike (a set is a DictValue whose values are None).
  bool isDictOrSet() const { return is<std::shared_ptr<DictValue>>(); }
  bool isDict() const;
  bool isSet() const;
  /// A Python int (not a bool): int64_t or BigInt.
  bool isInt() const { return is<int64_t>() || is<BigInt>(); }
  /// An instance of an @aggregate class.
  bool isAggregate() const { return is<std::shared_ptr<AggregateValue>>(); }
  const AggregateValue *getAggregate() const;
  /// Tuples and lists alike.
  const std::vector<Value> *getSequence() const;
  const DictValue *getDict() const;

  /// The Python type name, for diagnostics: "int", "tensor", "layout", ...
  std::string getTypeName() const;
  /// Where the value's methods and properties are in the builtin table:
  /// "str", "list", "tensor", ...
  std::string getClassName() const;
  /// repr() for diagnostics and metadata: 1024, 'abc', (1, 2),
  /// BlockedLayout(...), gl.float32, tensor<1024xi32>; long renderings end
  /// in "...".
  std::string toString() const;

  /// Appends Python's repr() or str() of the value to `out`; containers
  /// nested too deeply or holding themselves print as "...". Returns false
  /// (with `out` cut short) when the text would pass `limit` bytes. Adds
  /// to `work` (when given) the cost of rendering beyond the bytes written:
  /// decimal digits of a BigInt take time quadratic in its size.
  bool render(std::string &out, Style style, size_t limit,
              uint64_t *work = nullptr) const;

private:
  template <typename T, typename Variant> struct IsAlternative;
  template <typename T, typename... Ts>
  struct IsAlternative<T, std::variant<Ts...>>
      : std::disjunction<std::is_same<T, Ts>...> {};
  template <typename T> static constexpr bool isAlternative() {
    return IsAlternative<T, Storage>::value;
  }
  bool render(std::string &out, Style style, size_t limit,
              std::vector<const void *> &open, uint64_t *work) const;
  std::string renderScalar(Style style, uint64_t *work) const;

  Storage storage;
};

/// A dict, or a set. Entries keep their insertion order; `index` finds an
/// entry from its key's hash key (see Interpreter::getHashKey).
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

/// The value at `path` inside `value`, or null where `value` has no such
/// element or field (see LeafPath).
const Value *getLeaf(const Value &value, const LeafPath &path);
/// `value` with the value at `path` replaced by `leaf`: the tuples and
/// aggregates on the way are copied, `value` itself is left as it is.
/// `path` must lead to a value (getLeaf is not null).
Value replaceLeaf(const Value &value, const LeafPath &path, Value leaf,
                  size_t depth = 0);

/// Python's repr() of a float: the shortest text that reads back as the
/// same value ("0.1", "1e+16", "inf").
std::string formatFloatRepr(double value);
/// Python's repr() of a str: quoted, with escapes.
std::string quoteString(const std::string &text);
/// "[64, 16]".
std::string listText(const std::vector<int64_t> &values);

} // namespace gluonc::frontend

#endif // GLUONC_FRONTEND_EVAL_VALUE_H
