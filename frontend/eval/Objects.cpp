//===- Objects.cpp - Compile-time containers and their bounds -------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The compile-time side of Python that kernels use: equality and hashing,
// dicts and sets, iteration, indexing and slicing, item assignment and
// comprehensions. Everything here counts its work against
// kMaxEvaluationSteps and the values it creates against the limits in
// Interpreter.h, so that runaway evaluation is a diagnostic, never a hang.
//
//===----------------------------------------------------------------------===//

#include "Interpreter.h"

#include <algorithm>

#include <cmath>
#include <cstdio>
#include <functional>

using namespace gluonc;
using namespace gluonc::frontend;

//===----------------------------------------------------------------------===//
// Bounds
//===----------------------------------------------------------------------===//

void Interpreter::countSteps(SourceLoc loc, uint64_t steps) {
  if (steps > maxEvaluationSteps ||
      evaluationSteps + steps > maxEvaluationSteps) {
    evaluationSteps = maxEvaluationSteps;
    countStep(loc);
  }
  evaluationSteps += steps;
}

void Interpreter::chargeElements(uint64_t count, SourceLoc loc) {
  if (count > kMaxCompileTimeElements ||
      elementsCreated + count > kMaxCompileTimeElements)
    fail(loc, "compile-time tuples, lists, dicts and sets would hold more "
              "than " +
                  std::to_string(kMaxCompileTimeElements) +
                  " elements in total: the kernel builds too much at "
                  "compile time");
  elementsCreated += count;
  countSteps(loc, count);
  chargeMemory(count * sizeof(Value), loc);
}

void Interpreter::chargeMemory(uint64_t bytes, SourceLoc loc) {
  if (bytes > kMaxCompileTimeBytes ||
      bytesCreated + bytes > kMaxCompileTimeBytes)
    fail(loc, "compile-time values would take more than " +
                  std::to_string(kMaxCompileTimeBytes >> 20) +
                  " MiB in total: the kernel builds too much at compile "
                  "time");
  bytesCreated += bytes;
}

void Interpreter::countSearch(SourceLoc loc, uint64_t haystack,
                              uint64_t needle) {
  // Both are at most kMaxCompileTimeStringBytes (2^20): no overflow.
  countSteps(loc, haystack * std::max<uint64_t>(needle, 1) / kBytesPerStep);
}

void Interpreter::chargeOutput(uint64_t bytes, SourceLoc loc) {
  if (bytesPrinted + bytes > kMaxStaticPrintBytes)
    fail(loc, "gl.static_print would write more than " +
                  std::to_string(kMaxStaticPrintBytes >> 20) +
                  " MiB in one compile");
  bytesPrinted += bytes;
}

Value Interpreter::makeString(std::string text, SourceLoc loc) {
  if (text.size() > kMaxCompileTimeStringBytes)
    fail(loc, "a compile-time string would exceed " +
                  std::to_string(kMaxCompileTimeStringBytes) + " bytes");
  countSteps(loc, text.size() / kBytesPerStep);
  chargeMemory(text.size(), loc);
  return Value(std::move(text));
}

Value Interpreter::makeInt(const BigInt &value, SourceLoc loc) {
  if (value.bitLength() > kMaxCompileTimeIntBits)
    fail(loc, "a compile-time integer would exceed " +
                  std::to_string(kMaxCompileTimeIntBits) + " bits");
  return Value::integer(value);
}

Value Interpreter::makeTuple(std::vector<Value> elements, SourceLoc loc) {
  chargeElements(elements.size(), loc);
  return Value::tuple(std::move(elements));
}

Value Interpreter::makeList(std::vector<Value> elements, SourceLoc loc) {
  chargeElements(elements.size(), loc);
  return Value::list(std::move(elements), currentRegion);
}

Value Interpreter::makeDict(bool isSet, SourceLoc loc) {
  auto dict = std::make_shared<DictValue>();
  dict->isSet = isSet;
  dict->region = currentRegion;
  countStep(loc);
  return Value(std::move(dict));
}

void Interpreter::checkMutable(const Value &container, SourceLoc loc) {
  uint64_t region = 0;
  if (auto *list = container.getIf<std::shared_ptr<ListValue>>())
    region = (*list)->region;
  else if (auto *dict = container.getIf<std::shared_ptr<DictValue>>())
    region = (*dict)->region;
  else if (const AggregateValue *aggregate = container.getAggregate())
    region = aggregate->region;
  if (region != currentRegion)
    fail(loc, "not supported yet: changing a " + container.getTypeName() +
                  " created outside a run-time 'if' or loop from inside it "
                  "(the change would happen once, at compile time); use "
                  "gl.static_range to unroll a loop");
}

//===----------------------------------------------------------------------===//
// Equality, ordering and hashing
//===----------------------------------------------------------------------===//

namespace {
/// Compares an integer with a double exactly; nullopt when `d` is NaN.
std::optional<int> compareIntWithDouble(const BigInt &i, double d) {
  if (std::isnan(d))
    return std::nullopt;
  if (std::isinf(d))
    return d > 0 ? -1 : 1;
  double floor = std::floor(d);
  int order = i.compare(BigInt::fromDouble(floor));
  if (order != 0)
    return order;
  return d > floor ? -1 : 0;
}

/// <0, 0, >0 for two numbers; nullopt when unordered (NaN).
std::optional<int> compareNumbers(const Value &lhs, const Value &rhs) {
  auto sign = [](auto a, auto b) { return a < b ? -1 : a > b ? 1 : 0; };
  bool lhsFloat = lhs.is<double>(), rhsFloat = rhs.is<double>();
  if (lhsFloat && rhsFloat) {
    double a = lhs.get<double>(), b = rhs.get<double>();
    if (std::isnan(a) || std::isnan(b))
      return std::nullopt;
    return sign(a, b);
  }
  if (lhsFloat) {
    std::optional<int> order =
        compareIntWithDouble(toBigInt(rhs), lhs.get<double>());
    return order ? std::optional<int>(-*order) : std::nullopt;
  }
  if (rhsFloat)
    return compareIntWithDouble(toBigInt(lhs), rhs.get<double>());
  auto asInt64 = [](const Value &value) {
    return value.is<bool>() ? int64_t(value.get<bool>())
                            : value.get<int64_t>();
  };
  if (!lhs.is<BigInt>() && !rhs.is<BigInt>())
    return sign(asInt64(lhs), asInt64(rhs));
  return toBigInt(lhs).compare(toBigInt(rhs));
}
} // namespace

/// Python's `==`; `depth` bounds the recursion into containers.
static bool equalValues(Interpreter &interpreter, const Value &lhs,
                        const Value &rhs, SourceLoc loc, unsigned depth) {
  interpreter.countStep(loc);
  if (depth > kMaxCompileTimeNesting)
    interpreter.fail(loc, "cannot compare values nested more than " +
                              std::to_string(kMaxCompileTimeNesting) + " deep");
  if (isNumeric(lhs) && isNumeric(rhs)) {
    std::optional<int> order = compareNumbers(lhs, rhs);
    return order && *order == 0;
  }
  if (lhs.isTuple() != rhs.isTuple() || lhs.isList() != rhs.isList())
    return false;
  if (const std::vector<Value> *a = lhs.getSequence()) {
    const std::vector<Value> *b = rhs.getSequence();
    if (a == b)
      return true;
    if (a->size() != b->size())
      return false;
    for (size_t i = 0; i < a->size(); ++i)
      if (!equalValues(interpreter, (*a)[i], (*b)[i], loc, depth + 1))
        return false;
    return true;
  }
  if (lhs.isDictOrSet() || rhs.isDictOrSet()) {
    const DictValue *a = lhs.getDict(), *b = rhs.getDict();
    if (!a || !b || a->isSet != b->isSet || a->keys.size() != b->keys.size())
      return false;
    if (a == b)
      return true;
    for (size_t i = 0; i < a->keys.size(); ++i) {
      auto other = b->index.find(interpreter.getHashKey(a->keys[i], loc));
      if (other == b->index.end())
        return false;
      if (!a->isSet && !equalValues(interpreter, a->values[i],
                                    b->values[other->second], loc, depth + 1))
        return false;
    }
    return true;
  }
  if (auto *a = lhs.getIf<RangeValue>()) {
    auto *b = rhs.getIf<RangeValue>();
    if (!b || a->size() != b->size())
      return false;
    return a->size() == 0 ||
           (a->start == b->start && (a->size() == 1 || a->step == b->step));
  }
  if (const Object *a = lhs.getObject()) {
    const Object *b = rhs.getObject();
    return b && a->equals(*b);
  }
  if (const AggregateValue *a = lhs.getAggregate()) {
    const AggregateValue *b = rhs.getAggregate();
    if (!b || a->cls != b->cls)
      return false;
    if (a == b)
      return true;
    for (size_t i = 0; i < a->fields.size(); ++i)
      if (a->isSet[i] != b->isSet[i] ||
          !equalValues(interpreter, a->fields[i], b->fields[i], loc, depth + 1))
        return false;
    return true;
  }
  if (auto *a = lhs.getIf<ClassValue>()) {
    auto *b = rhs.getIf<ClassValue>();
    return b && a->cls == b->cls;
  }
  if (auto *a = lhs.getIf<FunctionValue>()) {
    auto *b = rhs.getIf<FunctionValue>();
    if (!b || a->def != b->def || !a->self != !b->self)
      return false;
    return !a->self || a->self == b->self ||
           equalValues(interpreter, *a->self, *b->self, loc, depth + 1);
  }
  if (auto *a = lhs.getIf<BuiltinValue>()) {
    auto *b = rhs.getIf<BuiltinValue>();
    if (!b || a->builtin != b->builtin || !a->self != !b->self)
      return false;
    return !a->self || a->self == b->self ||
           equalValues(interpreter, *a->self, *b->self, loc, depth + 1);
  }
  if (auto *a = lhs.getIf<std::string>()) {
    auto *b = rhs.getIf<std::string>();
    if (!b || a->size() != b->size())
      return false;
    interpreter.countSteps(loc, a->size() / kBytesPerStep);
    return *a == *b;
  }
  if (auto *a = lhs.getIf<NamespaceValue>()) {
    auto *b = rhs.getIf<NamespaceValue>();
    return b && a->path == b->path && a->moduleFile == b->moduleFile;
  }
  return lhs.isNone() && rhs.isNone();
}

bool Interpreter::valuesEqual(const Value &lhs, const Value &rhs,
                              SourceLoc loc) {
  return equalValues(*this, lhs, rhs, loc, 0);
}

static std::optional<int>
orderValues(Interpreter &interpreter, const Value &lhs, const Value &rhs,
            SourceLoc loc, const std::string &spelling, unsigned depth) {
  interpreter.countStep(loc);
  if (depth > kMaxCompileTimeNesting)
    interpreter.fail(loc, "cannot compare values nested more than " +
                              std::to_string(kMaxCompileTimeNesting) + " deep");
  if (isNumeric(lhs) && isNumeric(rhs))
    return compareNumbers(lhs, rhs);
  auto *a = lhs.getIf<std::string>(), *b = rhs.getIf<std::string>();
  if (a && b) {
    interpreter.countSteps(loc, std::min(a->size(), b->size()) / kBytesPerStep);
    int order = a->compare(*b);
    return order < 0 ? -1 : order > 0 ? 1 : 0;
  }
  // Sequences of one kind compare lexicographically.
  const std::vector<Value> *x = lhs.getSequence(), *y = rhs.getSequence();
  if (x && y && lhs.isTuple() == rhs.isTuple()) {
    for (size_t i = 0; i < x->size() && i < y->size(); ++i)
      if (!equalValues(interpreter, (*x)[i], (*y)[i], loc, depth + 1))
        return orderValues(interpreter, (*x)[i], (*y)[i], loc, spelling,
                           depth + 1);
    return x->size() < y->size() ? -1 : x->size() > y->size() ? 1 : 0;
  }
  interpreter.fail(loc, "'" + spelling + "' is not supported between '" +
                            lhs.getTypeName() + "' and '" + rhs.getTypeName() +
                            "'");
}

std::optional<int> Interpreter::compareValues(const Value &lhs,
                                              const Value &rhs, SourceLoc loc,
                                              const std::string &spelling) {
  return orderValues(*this, lhs, rhs, loc, spelling, 0);
}

static void appendHashKey(Interpreter &interpreter, const Value &key,
                          SourceLoc loc, std::string &out, unsigned depth) {
  interpreter.countStep(loc);
  if (depth > kMaxCompileTimeNesting)
    interpreter.fail(loc, "cannot hash a tuple nested more than " +
                              std::to_string(kMaxCompileTimeNesting) + " deep");
  // Numbers that compare equal (1, 1.0, True) share a key, as in Python.
  // Hexadecimal digits of a BigInt take linear time.
  if (isIntegral(key)) {
    out += "i" + toBigInt(key).toString(16) + ";";
    return;
  }
  if (auto *d = key.getIf<double>()) {
    if (std::isfinite(*d) && std::floor(*d) == *d) {
      out += "i" + BigInt::fromDouble(*d).toString(16) + ";";
      return;
    }
    char buffer[64];
    std::snprintf(buffer, sizeof(buffer), "f%a;", *d);
    out += buffer;
    return;
  }
  if (auto *s = key.getIf<std::string>()) {
    out += "s" + std::to_string(s->size()) + ":" + *s;
    return;
  }
  if (auto *tuple = key.getIf<std::shared_ptr<TupleValue>>()) {
    out += "t" + std::to_string((*tuple)->elements.size()) + ":";
    for (const Value &element : (*tuple)->elements)
      appendHashKey(interpreter, element, loc, out, depth + 1);
    return;
  }
  const Object *object = key.getObject();
  if (key.isNone() || (object && object->isHashable()) ||
      key.is<NamespaceValue>() || key.is<RangeValue>() ||
      (key.is<FunctionValue>() && !key.get<FunctionValue>().self) ||
      key.is<ClassValue>() ||
      (key.is<BuiltinValue>() && !key.get<BuiltinValue>().self)) {
    std::string text = key.getTypeName() + ":" + key.toString();
    out += "o" + std::to_string(text.size()) + ":" + text;
    return;
  }
  interpreter.fail(loc, "unhashable type: '" + key.getTypeName() + "'");
}

std::string Interpreter::getHashKey(const Value &key, SourceLoc loc) {
  std::string out;
  appendHashKey(*this, key, loc, out, 0);
  if (out.size() > kMaxCompileTimeStringBytes)
    fail(loc, "a dict key or set element is too large to hash");
  return out;
}

//===----------------------------------------------------------------------===//
// Dicts and sets
//===----------------------------------------------------------------------===//

static DictValue &mutableDict(const Value &dict) {
  return *dict.get<std::shared_ptr<DictValue>>();
}

const Value *Interpreter::dictLookup(const Value &dict, const Value &key,
                                 SourceLoc loc) {
  const DictValue &entries = *dict.getDict();
  auto it = entries.index.find(getHashKey(key, loc));
  if (it == entries.index.end())
    return nullptr;
  return entries.isSet ? &entries.keys[it->second]
                       : &entries.values[it->second];
}

void Interpreter::dictInsert(const Value &dict, const Value &key,
                         const Value &value, SourceLoc loc) {
  DictValue &entries = mutableDict(dict);
  std::string hashKey = getHashKey(key, loc);
  auto it = entries.index.find(hashKey);
  if (it != entries.index.end()) {
    // Python keeps the first key and replaces the value.
    entries.values[it->second] = value;
    return;
  }
  chargeElements(1, loc);
  entries.index.emplace(std::move(hashKey), entries.keys.size());
  entries.keys.push_back(key);
  entries.values.push_back(entries.isSet ? Value() : value);
}

//===----------------------------------------------------------------------===//
// Iteration
//===----------------------------------------------------------------------===//

bool Interpreter::isIterable(const Value &value) const {
  return value.getSequence() || value.is<std::string>() ||
         value.isDictOrSet() || value.is<RangeValue>();
}

std::vector<Value> Interpreter::iterate(const Value &iterable, SourceLoc loc,
                                    const std::string &what) {
  if (const std::vector<Value> *sequence = iterable.getSequence()) {
    countSteps(loc, sequence->size());
    return *sequence;
  }
  if (auto *text = iterable.getIf<std::string>()) {
    countSteps(loc, text->size());
    std::vector<Value> characters;
    for (char c : *text)
      characters.push_back(Value(std::string(1, c)));
    return characters;
  }
  if (const DictValue *dict = iterable.getDict()) {
    countSteps(loc, dict->keys.size());
    return dict->keys;
  }
  if (auto *range = iterable.getIf<RangeValue>()) {
    // Materializing a range creates its elements.
    chargeElements(range->size(), loc);
    std::vector<Value> elements;
    for (uint64_t i = 0; i < range->size(); ++i)
      elements.push_back(Value(range->at(i)));
    return elements;
  }
  if (iterable.isRuntime())
    fail(loc, what + " must be a compile-time tuple, list, range, str, dict "
                     "or set; a run-time " +
                  iterable.getTypeName() + " cannot be iterated");
  fail(loc, "'" + iterable.getTypeName() + "' object is not iterable");
}

bool Interpreter::contains(const Value &container, const Value &item,
                       SourceLoc loc) {
  if (const std::vector<Value> *sequence = container.getSequence()) {
    for (const Value &element : *sequence)
      if (valuesEqual(element, item, loc))
        return true;
    return false;
  }
  if (auto *text = container.getIf<std::string>()) {
    auto *needle = item.getIf<std::string>();
    if (!needle)
      fail(loc, "'in <string>' requires a string on the left, got " +
                    item.getTypeName());
    countSearch(loc, text->size(), needle->size());
    return text->find(*needle) != std::string::npos;
  }
  if (container.isDictOrSet())
    return dictLookup(container, item, loc) != nullptr;
  if (auto *range = container.getIf<RangeValue>()) {
    if (!isNumeric(item))
      return false;
    std::optional<int64_t> value;
    if (auto *d = item.getIf<double>()) {
      if (std::floor(*d) != *d || std::fabs(*d) >= 9.2e18)
        return false;
      value = static_cast<int64_t>(*d);
    } else {
      value = toBigInt(item).toInt64();
    }
    if (!value)
      return false;
    bool inBounds = range->step > 0
                        ? *value >= range->start && *value < range->stop
                        : *value <= range->start && *value > range->stop;
    // Both differences fit: value lies between start and stop.
    uint64_t offset = range->step > 0
                          ? static_cast<uint64_t>(*value) -
                                static_cast<uint64_t>(range->start)
                          : static_cast<uint64_t>(range->start) -
                                static_cast<uint64_t>(*value);
    uint64_t stride = range->step > 0
                          ? static_cast<uint64_t>(range->step)
                          : 0 - static_cast<uint64_t>(range->step);
    return inBounds && offset % stride == 0;
  }
  if (container.isRuntime())
    fail(loc, "'in' is not supported on run-time values");
  fail(loc, "argument of type '" + container.getTypeName() +
                "' is not iterable");
}

//===----------------------------------------------------------------------===//
// Rendering
//===----------------------------------------------------------------------===//

static std::string renderWithinLimit(Interpreter &interpreter,
                                     const Value &value, Style style,
                                     SourceLoc loc) {
  std::string text;
  uint64_t work = 0;
  if (!value.render(text, style, kMaxCompileTimeStringBytes, &work))
    interpreter.fail(loc, "a compile-time string would exceed " +
                              std::to_string(kMaxCompileTimeStringBytes) +
                              " bytes");
  interpreter.countSteps(loc, (text.size() + work) / kBytesPerStep);
  return text;
}

std::string Interpreter::toStr(const Value &value, SourceLoc loc) {
  if (auto *text = value.getIf<std::string>())
    return *text;
  return renderWithinLimit(*this, value, Style::Str, loc);
}

std::string Interpreter::toRepr(const Value &value, SourceLoc loc) {
  return renderWithinLimit(*this, value, Style::Repr, loc);
}

//===----------------------------------------------------------------------===//
// Indexing and slicing
//===----------------------------------------------------------------------===//

/// An index into a sequence of `size` elements, after Python's wrapping of
/// negative indices; fails when out of range.
static size_t sequenceIndex(Interpreter &interpreter, const Value &key,
                            size_t size, const std::string &typeName,
                            SourceLoc loc) {
  if (!isIntegral(key))
    interpreter.fail(loc, typeName + " indices must be integers, got " +
                              key.getTypeName());
  std::optional<int64_t> index = toBigInt(key).toInt64();
  int64_t count = static_cast<int64_t>(size);
  if (index && *index < 0)
    *index += count;
  if (!index || *index < 0 || *index >= count)
    interpreter.fail(loc, typeName + " index " + toBigInt(key).toString() +
                              " out of range for " + std::to_string(size) +
                              " elements");
  return static_cast<size_t>(*index);
}

Value Interpreter::getItem(const Value &object, const Value &key,
                       SourceLoc keyLoc, SourceLoc loc) {
  if (key.isRuntime() && !object.isRuntime())
    fail(keyLoc, "the index of a " + object.getTypeName() +
                     " must be a compile-time value, got a run-time " +
                     key.getTypeName() +
                     "; a loop variable of gl.static_range is one");
  if (const std::vector<Value> *sequence = object.getSequence())
    return (*sequence)[sequenceIndex(*this, key, sequence->size(),
                                     object.getTypeName(), keyLoc)];
  if (auto *text = object.getIf<std::string>())
    return Value(std::string(
        1, (*text)[sequenceIndex(*this, key, text->size(), "str", keyLoc)]));
  if (auto *range = object.getIf<RangeValue>()) {
    if (range->size() > uint64_t(INT64_MAX))
      fail(loc, "range object is too large to index");
    return Value(range->at(
        sequenceIndex(*this, key, range->size(), "range", keyLoc)));
  }
  if (object.isDict()) {
    if (const Value *found = dictLookup(object, key, keyLoc))
      return *found;
    fail(keyLoc, "key " + key.toString() + " is not in the dict");
  }
  fail(loc, "'" + object.getTypeName() + "' object is not subscriptable");
}

namespace {
/// The positions a slice selects: start, step and count, as Python's
/// PySlice_AdjustIndices computes them.
struct SliceIndices {
  int64_t start = 0;
  int64_t step = 1;
  uint64_t count = 0;

  int64_t at(uint64_t i) const {
    return static_cast<int64_t>(static_cast<uint64_t>(start) +
                                i * static_cast<uint64_t>(step));
  }
};
} // namespace

/// A slice bound: None, or an integer clamped to int64_t.
static std::optional<int64_t> sliceBound(Interpreter &interpreter,
                                         const Expr *expr) {
  if (!expr)
    return std::nullopt;
  Value value = interpreter.evaluate(*expr);
  if (value.isNone())
    return std::nullopt;
  if (!isIntegral(value))
    interpreter.fail(expr->loc,
                     std::string("slice indices must be compile-time "
                                 "integers or None, got ") +
                         (value.isRuntime() ? "a run-time " : "") +
                         value.getTypeName());
  BigInt big = toBigInt(value);
  if (std::optional<int64_t> small = big.toInt64())
    return small;
  return big.isNegative() ? INT64_MIN : INT64_MAX;
}

static SliceIndices adjustSlice(Interpreter &interpreter,
                                const SliceExpr &slice, uint64_t size) {
  SliceIndices result;
  std::optional<int64_t> step = sliceBound(interpreter, slice.step.get());
  if (step && *step == 0)
    interpreter.fail(slice.step->loc, "slice step cannot be zero");
  // Python clamps the step so that negating it cannot overflow.
  result.step = step ? std::max<int64_t>(*step, -INT64_MAX) : 1;
  auto length = static_cast<int64_t>(std::min<uint64_t>(size, INT64_MAX));
  auto adjust = [&](std::optional<int64_t> bound, int64_t whenAbsent) {
    if (!bound)
      return whenAbsent;
    int64_t value = *bound;
    if (value < 0) {
      value = value < -length ? -1 : value + length;
      if (value < 0)
        value = result.step < 0 ? -1 : 0;
    } else if (value >= length) {
      value = result.step < 0 ? length - 1 : length;
    }
    return value;
  };
  int64_t start = adjust(sliceBound(interpreter, slice.lower.get()),
                         result.step < 0 ? length - 1 : 0);
  int64_t stop = adjust(sliceBound(interpreter, slice.upper.get()),
                        result.step < 0 ? -1 : length);
  result.start = start;
  RangeValue positions{start, stop, result.step};
  result.count = positions.size();
  return result;
}

Value Interpreter::slice(const Value &object, const SliceExpr &sliceExpr,
                     SourceLoc loc) {
  if (auto *range = object.getIf<RangeValue>()) {
    SliceIndices indices = adjustSlice(*this, sliceExpr, range->size());
    int64_t step = 0;
    if (__builtin_mul_overflow(range->step, indices.step, &step))
      fail(loc, "the slice of this range has a step beyond 64 bits");
    int64_t start = indices.count ? range->at(indices.start) : range->start;
    int64_t stop = 0;
    if (__builtin_mul_overflow(step, static_cast<int64_t>(indices.count),
                               &stop) ||
        __builtin_add_overflow(start, stop, &stop))
      fail(loc, "the slice of this range has bounds beyond 64 bits");
    return Value(RangeValue{start, stop, step});
  }
  if (auto *text = object.getIf<std::string>()) {
    SliceIndices indices = adjustSlice(*this, sliceExpr, text->size());
    std::string result;
    for (uint64_t i = 0; i < indices.count; ++i)
      result += (*text)[indices.at(i)];
    return makeString(std::move(result), loc);
  }
  const std::vector<Value> *sequence = object.getSequence();
  if (!sequence)
    fail(loc, "'" + object.getTypeName() + "' object cannot be sliced");
  SliceIndices indices = adjustSlice(*this, sliceExpr, sequence->size());
  std::vector<Value> elements;
  chargeElements(indices.count, loc);
  for (uint64_t i = 0; i < indices.count; ++i)
    elements.push_back((*sequence)[indices.at(i)]);
  return object.isTuple() ? Value::tuple(std::move(elements))
                          : Value::list(std::move(elements), currentRegion);
}

void Interpreter::assignSubscript(const SubscriptExpr &target,
                              const Value &value) {
  Value object = evaluate(*target.value);
  SourceLoc loc = target.index->loc;
  if (object.isRuntime())
    fail(target, "not supported yet: assigning to elements of a tensor");
  if (auto *sliceExpr = gluonc::dyn_cast<SliceExpr>(target.index.get())) {
    if (!object.isList())
      fail(target, "'" + object.getTypeName() +
                       "' object does not support slice assignment");
    checkMutable(object, target.loc);
    std::vector<Value> &elements =
        object.get<std::shared_ptr<ListValue>>()->elements;
    SliceIndices indices = adjustSlice(*this, *sliceExpr, elements.size());
    std::vector<Value> replacement = iterate(value, loc, "the assigned value");
    chargeElements(replacement.size(), loc);
    if (indices.step == 1) {
      auto first = elements.begin() + indices.start;
      elements.erase(first, first + indices.count);
      elements.insert(elements.begin() + indices.start, replacement.begin(),
                      replacement.end());
      return;
    }
    if (replacement.size() != indices.count)
      fail(target, "attempt to assign a sequence of size " +
                       std::to_string(replacement.size()) +
                       " to an extended slice of size " +
                       std::to_string(indices.count));
    for (uint64_t i = 0; i < indices.count; ++i)
      elements[indices.at(i)] = replacement[i];
    return;
  }
  Value key = evaluate(*target.index);
  if (object.isDict()) {
    checkMutable(object, target.loc);
    dictInsert(object, key, value, loc);
    return;
  }
  if (object.isList()) {
    checkMutable(object, target.loc);
    std::vector<Value> &elements =
        object.get<std::shared_ptr<ListValue>>()->elements;
    elements[sequenceIndex(*this, key, elements.size(), "list", loc)] = value;
    return;
  }
  fail(target, "'" + object.getTypeName() +
                   "' object does not support item assignment");
}

//===----------------------------------------------------------------------===//
// Comprehensions
//===----------------------------------------------------------------------===//

Value Interpreter::evaluateComprehension(const Expr &expr) {
  const std::vector<Comprehension> *generators = nullptr;
  const Expr *element = nullptr, *key = nullptr;
  Value dict;
  if (auto *list = gluonc::dyn_cast<ListCompExpr>(&expr)) {
    generators = &list->generators;
    element = list->elt.get();
  } else if (auto *generator = gluonc::dyn_cast<GeneratorExpr>(&expr)) {
    generators = &generator->generators;
    element = generator->elt.get();
  } else if (auto *set = gluonc::dyn_cast<SetCompExpr>(&expr)) {
    generators = &set->generators;
    element = set->elt.get();
    dict = makeDict(/*isSet=*/true, expr.loc);
  } else {
    auto &dictComp = *gluonc::cast<DictCompExpr>(&expr);
    generators = &dictComp.generators;
    key = dictComp.key.get();
    element = dictComp.value.get();
    dict = makeDict(/*isSet=*/false, expr.loc);
  }

  // The loop variables live in a scope of their own, as in Python 3.
  frames.push_back(frame());
  std::vector<Value> results;
  std::function<void(size_t)> run = [&](size_t level) {
    if (level == generators->size()) {
      if (key) {
        Value k = evaluate(*key);
        dictInsert(dict, k, evaluate(*element), key->loc);
      } else if (!dict.isNone()) {
        dictInsert(dict, evaluate(*element), Value(), element->loc);
      } else {
        chargeElements(1, element->loc);
        results.push_back(evaluate(*element));
      }
      return;
    }
    const Comprehension &clause = (*generators)[level];
    Value iterable = evaluate(*clause.iter);
    auto visit = [&](const Value &item) {
      countStep(clause.loc);
      assign(*clause.target, item);
      for (const ExprPtr &condition : clause.ifs) {
        Value test = evaluate(*condition);
        if (test.isRuntime())
          fail(*condition, "the condition of a comprehension must be a "
                           "compile-time value");
        if (!isTruthy(test, condition->loc))
          return;
      }
      run(level + 1);
    };
    // A range is walked without creating its elements.
    if (auto *range = iterable.getIf<RangeValue>()) {
      RangeValue walk = *range;
      for (uint64_t i = 0; i < walk.size(); ++i)
        visit(Value(walk.at(i)));
      return;
    }
    for (const Value &item :
         iterate(iterable, clause.iter->loc, "the iterable of a comprehension"))
      visit(item);
  };
  run(0);
  frames.pop_back();
  if (!dict.isNone())
    return dict;
  return Value::list(std::move(results), currentRegion);
}
