//===- PythonBuiltins.cpp - Python's builtins and container methods ------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Python's builtin functions (len, range, zip, isinstance, ...) and the
// methods of ints, floats, lists, tuples, dicts and sets, as entries of the
// builtin table; str's methods are in Strings.cpp. They compute on
// compile-time values only, within the interpreter's bounds.
//
//===----------------------------------------------------------------------===//

#include "Interpreter.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

using namespace gluonc;
using namespace gluonc::frontend;

/// Fails when a builtin that computes at compile time gets a tensor.
static void requireCompileTime(Interpreter &interpreter,
                               const BoundArgs &bound) {
  const CallArgs &args = bound.getCallArgs();
  std::string function = bound.getBuiltin().getShortName();
  for (size_t i = 0; i < args.positional.size(); ++i)
    if (args.positional[i].isRuntime())
      interpreter.fail(args.positionalLocs[i],
                       function +
                           "() works on compile-time values, got a run-time " +
                           args.positional[i].getTypeName());
  for (const KeywordArg &keyword : args.keywords)
    if (keyword.value.isRuntime())
      interpreter.fail(keyword.loc,
                       function +
                           "() works on compile-time values, got a "
                           "run-time " +
                           keyword.value.getTypeName());
}

/// A handler that first refuses run-time arguments.
static BuiltinHandler compileTime(Value (*handler)(Interpreter &,
                                                   const BoundArgs &)) {
  return [handler](Interpreter &interpreter, const BoundArgs &args) {
    requireCompileTime(interpreter, args);
    return handler(interpreter, args);
  };
}

//===----------------------------------------------------------------------===//
// Conversions
//===----------------------------------------------------------------------===//

/// int(text, base), as Python parses it: spaces around, a sign, '_' between
/// digits, a prefix when base is 0 or matches it.
static Value parseInt(Interpreter &interpreter, const std::string &text,
                      int64_t base, SourceLoc loc) {
  auto invalid = [&]() {
    interpreter.fail(loc, "invalid literal for int() with base " +
                              std::to_string(base) + ": " + quoteString(text));
  };
  if (base != 0 && (base < 2 || base > 36))
    interpreter.fail(loc, "int() base must be >= 2 and <= 36, or 0");
  size_t begin = 0, end = text.size();
  while (begin < end && std::isspace(static_cast<unsigned char>(text[begin])))
    ++begin;
  while (end > begin && std::isspace(static_cast<unsigned char>(text[end - 1])))
    --end;
  std::string sign;
  if (begin < end && (text[begin] == '+' || text[begin] == '-'))
    sign = text[begin++] == '-' ? "-" : "";
  std::string body = text.substr(begin, end - begin);
  auto hasPrefix = [&](char letter) {
    return body.size() >= 2 && body[0] == '0' &&
           std::tolower(static_cast<unsigned char>(body[1])) == letter;
  };
  int64_t actualBase = base;
  for (auto [letter, prefixBase] : {std::pair<char, int64_t>{'x', 16},
                                    {'o', 8},
                                    {'b', 2}}) {
    if ((base == 0 || base == prefixBase) && hasPrefix(letter)) {
      actualBase = prefixBase;
      body = body.substr(2);
      if (!body.empty() && body[0] == '_')
        body = body.substr(1);
    }
  }
  if (actualBase == 0) {
    actualBase = 10;
    // Base 0 refuses leading zeros, as Python literals do.
    if (body.size() > 1 && body[0] == '0' &&
        body.find_first_not_of("0_") != std::string::npos)
      invalid();
  }
  std::string digits;
  for (size_t i = 0; i < body.size(); ++i) {
    if (body[i] == '_') {
      if (i == 0 || i + 1 == body.size() || body[i + 1] == '_')
        invalid();
      continue;
    }
    digits += body[i];
  }
  if (digits.size() > kMaxCompileTimeIntBits)
    interpreter.fail(loc, "int() of a string wider than " +
                              std::to_string(kMaxCompileTimeIntBits) + " bits");
  interpreter.countSteps(loc, digits.size() * (digits.size() / 8 + 1) / 64);
  std::optional<BigInt> parsed =
      BigInt::fromDigits(sign + digits, static_cast<unsigned>(actualBase));
  if (!parsed)
    invalid();
  return interpreter.makeInt(*parsed, loc);
}

static Value toInt(Interpreter &interpreter, const BoundArgs &args) {
  if (!args.given("x"))
    return Value(int64_t(0));
  const Value &x = args.get("x");
  if (auto *text = x.getIf<std::string>())
    return parseInt(interpreter, *text, args.getInt("base", 10), args.loc("x"));
  if (args.given("base"))
    interpreter.fail(args.loc("base"),
                     "int() can't convert a non-string with an "
                     "explicit base");
  if (auto *d = x.getIf<double>()) {
    if (!std::isfinite(*d))
      interpreter.fail(args.loc("x"), "cannot convert float " + x.toString() +
                                          " to an integer");
    return interpreter.makeInt(BigInt::fromDouble(*d), args.callLoc());
  }
  if (isIntegral(x))
    return Value::integer(toBigInt(x));
  interpreter.fail(args.loc("x"),
                   "int() argument must be a string or a number, not " +
                       x.getTypeName());
}

static Value toFloat(Interpreter &interpreter, const BoundArgs &args) {
  if (!args.given("x"))
    return Value(0.0);
  const Value &x = args.get("x");
  if (auto *d = x.getIf<double>())
    return Value(*d);
  if (isIntegral(x)) {
    double result = toBigInt(x).toDouble();
    if (std::isinf(result))
      interpreter.fail(args.loc("x"), "int too large to convert to float");
    return Value(result);
  }
  if (auto *text = x.getIf<std::string>()) {
    std::string trimmed;
    for (char c : *text)
      if (!std::isspace(static_cast<unsigned char>(c)))
        trimmed +=
            static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    std::string unsignedPart =
        !trimmed.empty() && (trimmed[0] == '+' || trimmed[0] == '-')
            ? trimmed.substr(1)
            : trimmed;
    bool negative = !trimmed.empty() && trimmed[0] == '-';
    if (unsignedPart == "inf" || unsignedPart == "infinity")
      return Value(negative ? -HUGE_VAL : HUGE_VAL);
    if (unsignedPart == "nan")
      return Value(std::nan(""));
    // strtod alone would accept hex floats and "infinity" spellings Python
    // refuses; only decimal digits, '.', exponents and signs pass.
    bool plain = !unsignedPart.empty() &&
                 unsignedPart.find_first_not_of("0123456789.e+-") ==
                     std::string::npos;
    char *end = nullptr;
    double result = plain ? std::strtod(trimmed.c_str(), &end) : 0;
    if (!plain || end != trimmed.c_str() + trimmed.size())
      interpreter.fail(args.loc("x"), "could not convert string to float: " +
                                          quoteString(*text));
    return Value(result);
  }
  interpreter.fail(args.loc("x"),
                   "float() argument must be a string or a number, "
                   "not " +
                       x.getTypeName());
}

Value gluonc::frontend::makeRange(Interpreter &interpreter,
                                  const BoundArgs &args) {
  std::string function = args.getBuiltin().getShortName();
  const std::vector<Value> &bounds = args.rest();
  if (bounds.empty() || bounds.size() > 3)
    interpreter.fail(args.callLoc(), function +
                                         "() takes 1 to 3 arguments, got " +
                                         std::to_string(bounds.size()));
  if (!args.extraKeywords().empty())
    interpreter.fail(args.extraKeywords()[0].loc,
                     function + "() takes no keyword arguments");
  std::vector<int64_t> values;
  for (size_t i = 0; i < bounds.size(); ++i)
    values.push_back(interpreter.requireInt(bounds[i], args.restLocs()[i],
                                            "a bound of " + function + "()"));
  RangeValue range;
  if (values.size() == 1) {
    range.stop = values[0];
  } else {
    range.start = values[0];
    range.stop = values[1];
  }
  if (values.size() == 3) {
    if (values[2] == 0)
      interpreter.fail(args.restLocs()[2],
                       function + "() step must not be zero");
    range.step = values[2];
  }
  return Value(range);
}

static Value str(Interpreter &interpreter, const BoundArgs &args) {
  if (!args.given("object"))
    return Value(std::string());
  return interpreter.makeString(
      interpreter.toStr(args.get("object"), args.loc("object")),
      args.callLoc());
}

static Value repr(Interpreter &interpreter, const BoundArgs &args) {
  return interpreter.makeString(
      interpreter.toRepr(args.get("obj"), args.loc("obj")), args.callLoc());
}

static Value boolBuiltin(Interpreter &interpreter, const BoundArgs &args) {
  return Value(args.given("x") &&
               interpreter.isTruthy(args.get("x"), args.loc("x")));
}

/// tuple(), list() and set() of an iterable.
static BuiltinHandler construct(const std::string &type) {
  return [type](Interpreter &interpreter, const BoundArgs &args) {
    requireCompileTime(interpreter, args);
    std::vector<Value> items;
    if (args.given("iterable"))
      items = interpreter.iterate(args.get("iterable"), args.loc("iterable"),
                                  "the argument of " + type + "()");
    if (type == "tuple")
      return interpreter.makeTuple(std::move(items), args.callLoc());
    if (type == "list")
      return interpreter.makeList(std::move(items), args.callLoc());
    Value set = interpreter.makeDict(/*isSet=*/true, args.callLoc());
    for (const Value &item : items)
      interpreter.dictInsert(set, item, Value(), args.loc("iterable"));
    return set;
  };
}

/// Adds the entries of `other` (a dict, or an iterable of pairs) to `dict`.
static void updateDict(Interpreter &interpreter, const Value &dict,
                       const Value &other, SourceLoc loc) {
  if (other.isDict()) {
    const DictValue &entries = *other.getDict();
    std::vector<Value> keys = entries.keys, values = entries.values;
    for (size_t i = 0; i < keys.size(); ++i)
      interpreter.dictInsert(dict, keys[i], values[i], loc);
    return;
  }
  for (const Value &pair : interpreter.iterate(other, loc, "the argument")) {
    const std::vector<Value> *items = pair.getSequence();
    if (!items || items->size() != 2)
      interpreter.fail(loc, "a dict needs (key, value) pairs, got " +
                                pair.toString());
    interpreter.dictInsert(dict, (*items)[0], (*items)[1], loc);
  }
}

static Value dict(Interpreter &interpreter, const BoundArgs &args) {
  requireCompileTime(interpreter, args);
  Value dict = interpreter.makeDict(/*isSet=*/false, args.callLoc());
  if (args.given("iterable"))
    updateDict(interpreter, dict, args.get("iterable"), args.loc("iterable"));
  for (const KeywordArg &keyword : args.extraKeywords())
    interpreter.dictInsert(dict, Value(keyword.name), keyword.value,
                           keyword.loc);
  return dict;
}

//===----------------------------------------------------------------------===//
// Builtins over iterables
//===----------------------------------------------------------------------===//

static BuiltinHandler minMax(bool isMax) {
  return [isMax](Interpreter &interpreter, const BoundArgs &args) {
    std::string name = isMax ? "max" : "min";
    const std::vector<Value> &given = args.rest();
    // In a kernel, Triton's min(a, b, ...) and max of run-time values are
    // gl.minimum and gl.maximum, folded left to right.
    bool anyRuntime = false;
    for (const Value &value : given)
      anyRuntime = anyRuntime || value.isRuntime();
    const Builtin *elementwise =
        interpreter.getBuiltins().find(isMax ? "gl.maximum" : "gl.minimum");
    if (anyRuntime && elementwise && given.size() >= 2 &&
        !args.given("key") && !args.given("default")) {
      Value result = given[0];
      for (size_t i = 1; i < given.size(); ++i)
        result = interpreter.callWith(Value(BuiltinValue{elementwise, nullptr}),
                                      {result, given[i]}, args.callLoc());
      return result;
    }
    for (size_t i = 0; i < given.size(); ++i)
      if (given[i].isRuntime())
        interpreter.fail(args.restLocs()[i],
                         name +
                             "() of one run-time iterable, or with key or "
                             "default, works on compile-time values; use gl." +
                             (isMax ? "maximum" : "minimum") +
                             " on run-time values");
    if (given.empty())
      interpreter.fail(args.callLoc(),
                       name + "() expects at least one argument");
    std::vector<Value> items = given;
    if (items.size() == 1)
      items = interpreter.iterate(items[0], args.restLocs()[0],
                                  "the argument of " + name + "()");
    else if (args.given("default"))
      interpreter.fail(args.callLoc(),
                       "cannot give " + name +
                           "() a default with several arguments");
    if (items.empty()) {
      if (args.given("default"))
        return args.get("default");
      interpreter.fail(args.callLoc(), name + "() of an empty sequence");
    }
    const Value &key = args.get("key");
    auto keyOf = [&](const Value &item) {
      return key.isNone() ? item
                          : interpreter.callWith(key, {item}, args.callLoc());
    };
    Value best = items[0], bestKey = keyOf(items[0]);
    for (size_t i = 1; i < items.size(); ++i) {
      Value itemKey = keyOf(items[i]);
      if (itemKey.isRuntime() || bestKey.isRuntime())
        interpreter.fail(args.callLoc(),
                         name +
                             "() works on compile-time values; "
                             "use gl." +
                             std::string(isMax ? "maximum" : "minimum"));
      std::optional<int> order = interpreter.compareValues(
          itemKey, bestKey, args.callLoc(), isMax ? ">" : "<");
      if (order && (isMax ? *order > 0 : *order < 0)) {
        best = items[i];
        bestKey = itemKey;
      }
    }
    return best;
  };
}

static Value sum(Interpreter &interpreter, const BoundArgs &args) {
  Value total = args.get("start");
  if (total.is<std::string>())
    interpreter.fail(args.loc("start"),
                     "sum() can't sum strings; use ''.join(...)");
  for (const Value &item : interpreter.iterate(
           args.get("iterable"), args.loc("iterable"), "the argument of sum()"))
    total = interpreter.binaryOp(BinaryOp::Add, total, item, args.callLoc(),
                                 args.callLoc(), args.loc("iterable"));
  return total;
}

static BuiltinHandler allAny(bool isAll) {
  return [isAll](Interpreter &interpreter, const BoundArgs &args) {
    std::string name = isAll ? "all" : "any";
    for (const Value &item :
         interpreter.iterate(args.get("iterable"), args.loc("iterable"),
                             "the argument of " + name + "()")) {
      if (item.isRuntime())
        interpreter.fail(args.loc("iterable"),
                         name +
                             "() needs compile-time elements, got a run-time " +
                             item.getTypeName());
      if (interpreter.isTruthy(item, args.loc("iterable")) != isAll)
        return Value(!isAll);
    }
    return Value(isAll);
  };
}

static Value zip(Interpreter &interpreter, const BoundArgs &args) {
  if (!args.extraKeywords().empty())
    interpreter.fail(args.extraKeywords()[0].loc, "not supported yet: keyword "
                                                  "arguments of zip()");
  std::vector<std::vector<Value>> columns;
  size_t length = SIZE_MAX;
  for (size_t i = 0; i < args.rest().size(); ++i) {
    columns.push_back(interpreter.iterate(args.rest()[i], args.restLocs()[i],
                                          "an argument of zip()"));
    length = std::min(length, columns.back().size());
  }
  if (columns.empty())
    length = 0;
  std::vector<Value> rows;
  for (size_t row = 0; row < length; ++row) {
    std::vector<Value> tuple;
    for (const std::vector<Value> &column : columns)
      tuple.push_back(column[row]);
    rows.push_back(interpreter.makeTuple(std::move(tuple), args.callLoc()));
  }
  return interpreter.makeList(std::move(rows), args.callLoc());
}

static Value enumerate(Interpreter &interpreter, const BoundArgs &args) {
  Value counter = args.get("start");
  if (!isIntegral(counter))
    interpreter.fail(args.loc("start"),
                     "enumerate() start must be an int, got " +
                         counter.getTypeName());
  std::vector<Value> rows;
  for (const Value &item :
       interpreter.iterate(args.get("iterable"), args.loc("iterable"),
                           "the argument of enumerate()")) {
    rows.push_back(interpreter.makeTuple({counter, item}, args.callLoc()));
    counter =
        interpreter.binaryOp(BinaryOp::Add, counter, Value(int64_t(1)),
                             args.callLoc(), args.callLoc(), args.callLoc());
  }
  return interpreter.makeList(std::move(rows), args.callLoc());
}

/// Sorts `items` in place by Python's `<`, or by `key(item)`.
static void sortValues(Interpreter &interpreter, std::vector<Value> &items,
                       const Value *key, bool reverse, SourceLoc loc) {
  std::vector<Value> keys = items;
  if (key && !key->isNone())
    for (Value &item : keys) {
      item = interpreter.callWith(*key, {item}, loc);
    }
  std::vector<size_t> order(items.size());
  for (size_t i = 0; i < order.size(); ++i)
    order[i] = i;
  uint64_t logarithm = 1;
  while ((uint64_t(1) << logarithm) < items.size())
    ++logarithm;
  interpreter.countSteps(loc, items.size() * logarithm);
  // Stable, as Python's sort; reverse keeps equal items in order too.
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    const Value &lhs = reverse ? keys[b] : keys[a];
    const Value &rhs = reverse ? keys[a] : keys[b];
    if (lhs.isRuntime() || rhs.isRuntime())
      interpreter.fail(loc,
                       "sorting needs compile-time values, got a run-time " +
                           (lhs.isRuntime() ? lhs : rhs).getTypeName());
    std::optional<int> compared = interpreter.compareValues(lhs, rhs, loc, "<");
    return compared && *compared < 0;
  });
  std::vector<Value> sorted;
  for (size_t index : order)
    sorted.push_back(items[index]);
  items = std::move(sorted);
}

static Value sorted(Interpreter &interpreter, const BoundArgs &args) {
  std::vector<Value> items = interpreter.iterate(
      args.get("iterable"), args.loc("iterable"), "the argument of sorted()");
  sortValues(interpreter, items, &args.get("key"),
             interpreter.isTruthy(args.get("reverse"), args.loc("reverse")),
             args.callLoc());
  return interpreter.makeList(std::move(items), args.callLoc());
}

static Value reversed(Interpreter &interpreter, const BoundArgs &args) {
  std::vector<Value> items = interpreter.iterate(
      args.get("sequence"), args.loc("sequence"), "the argument of reversed()");
  std::reverse(items.begin(), items.end());
  return interpreter.makeList(std::move(items), args.callLoc());
}

static Value len(Interpreter &interpreter, const BoundArgs &args) {
  const Value &x = args.get("obj");
  if (const std::vector<Value> *sequence = x.getSequence())
    return Value(int64_t(sequence->size()));
  if (auto *text = x.getIf<std::string>())
    return Value(int64_t(text->size()));
  if (const DictValue *dict = x.getDict())
    return Value(int64_t(dict->keys.size()));
  if (auto *range = x.getIf<RangeValue>()) {
    if (range->size() > uint64_t(INT64_MAX))
      interpreter.fail(args.loc("obj"),
                       "the length of this range does not fit in "
                       "64 bits");
    return Value(static_cast<int64_t>(range->size()));
  }
  interpreter.fail(args.loc("obj"),
                   "object of type '" + x.getTypeName() + "' has no len()");
}

//===----------------------------------------------------------------------===//
// Numbers
//===----------------------------------------------------------------------===//

static Value absolute(Interpreter &interpreter, const BoundArgs &args) {
  const Value &x = args.get("x");
  if (auto *d = x.getIf<double>())
    return Value(std::fabs(*d));
  if (!isIntegral(x))
    interpreter.fail(args.loc("x"),
                     "bad operand type for abs(): '" + x.getTypeName() + "'");
  return interpreter.makeInt(toBigInt(x).abs(), args.loc("x"));
}

static Value divmod(Interpreter &interpreter, const BoundArgs &args) {
  Value quotient =
      interpreter.binaryOp(BinaryOp::FloorDiv, args.get("x"), args.get("y"),
                           args.callLoc(), args.loc("x"), args.loc("y"));
  Value remainder =
      interpreter.binaryOp(BinaryOp::Mod, args.get("x"), args.get("y"),
                           args.callLoc(), args.loc("x"), args.loc("y"));
  return interpreter.makeTuple({quotient, remainder}, args.callLoc());
}

static Value power(Interpreter &interpreter, const BoundArgs &args) {
  return interpreter.binaryOp(BinaryOp::Pow, args.get("base"), args.get("exp"),
                              args.callLoc(), args.loc("base"),
                              args.loc("exp"));
}

static Value roundNumber(Interpreter &interpreter, const BoundArgs &args) {
  const Value &number = args.get("number");
  if (isIntegral(number)) {
    int64_t digits = args.getInt("ndigits", 0);
    if (digits >= 0)
      return Value::integer(toBigInt(number));
    // Rounds to a multiple of 10^-digits, ties to even.
    if (-digits > int64_t(kMaxCompileTimeIntBits))
      return Value(int64_t(0));
    BigInt unit = BigInt(10).pow(static_cast<uint64_t>(-digits));
    BigInt quotient, remainder;
    BigInt::floorDivMod(toBigInt(number), unit, quotient, remainder);
    int order = (remainder + remainder).compare(unit);
    if (order > 0 || (order == 0 && !quotient.bitAnd(BigInt(1)).isZero()))
      quotient = quotient + BigInt(1);
    return interpreter.makeInt(quotient * unit, args.callLoc());
  }
  auto *d = number.getIf<double>();
  if (!d)
    interpreter.fail(args.loc("number"),
                     "round() needs a number, got " + number.getTypeName());
  if (!args.has("ndigits")) {
    if (!std::isfinite(*d))
      interpreter.fail(args.loc("number"),
                       "cannot round " + number.toString() + " to an integer");
    // The default rounding mode rounds ties to even, as Python does.
    return interpreter.makeInt(BigInt::fromDouble(std::nearbyint(*d)),
                               args.callLoc());
  }
  int64_t digits = args.getInt("ndigits", 0);
  if (!std::isfinite(*d) || digits > 330)
    return Value(*d);
  if (digits < -330)
    return Value(std::copysign(0.0, *d));
  // printf rounds the exact binary value correctly, as Python's round does.
  char buffer[512];
  if (digits >= 0) {
    std::snprintf(buffer, sizeof(buffer), "%.*f", static_cast<int>(digits),
                  *d);
    return Value(std::strtod(buffer, nullptr));
  }
  double scale = std::pow(10.0, static_cast<double>(-digits));
  return Value(std::nearbyint(*d / scale) * scale);
}

/// hex(), oct() and bin().
static BuiltinHandler integerText(unsigned base, std::string prefix) {
  return [base, prefix](Interpreter &interpreter, const BoundArgs &args) {
    requireCompileTime(interpreter, args);
    const Value &x = args.get("x");
    if (!isIntegral(x))
      interpreter.fail(args.loc("x"),
                       "'" + x.getTypeName() +
                           "' object cannot be interpreted as an "
                           "integer");
    BigInt value = toBigInt(x);
    std::string digits = value.abs().toString(base);
    return interpreter.makeString(
        (value.isNegative() ? "-" : "") + prefix + digits, args.callLoc());
  };
}

static Value chr(Interpreter &interpreter, const BoundArgs &args) {
  int64_t code = args.getInt("i", 0);
  if (code < 0 || code > 0x10ffff)
    interpreter.fail(args.loc("i"), "chr() arg not in range(0x110000)");
  // UTF-8.
  std::string text;
  if (code < 0x80) {
    text += static_cast<char>(code);
  } else if (code < 0x800) {
    text += static_cast<char>(0xc0 | (code >> 6));
    text += static_cast<char>(0x80 | (code & 0x3f));
  } else if (code < 0x10000) {
    text += static_cast<char>(0xe0 | (code >> 12));
    text += static_cast<char>(0x80 | ((code >> 6) & 0x3f));
    text += static_cast<char>(0x80 | (code & 0x3f));
  } else {
    text += static_cast<char>(0xf0 | (code >> 18));
    text += static_cast<char>(0x80 | ((code >> 12) & 0x3f));
    text += static_cast<char>(0x80 | ((code >> 6) & 0x3f));
    text += static_cast<char>(0x80 | (code & 0x3f));
  }
  return Value(text);
}

static Value ord(Interpreter &interpreter, const BoundArgs &args) {
  const std::string &text = args.getString("c");
  auto byte = [&](size_t i) { return static_cast<unsigned char>(text[i]); };
  // One character: one byte of ASCII or one UTF-8 sequence.
  size_t length = text.empty()           ? 0
                  : byte(0) < 0x80       ? 1
                  : (byte(0) >> 5) == 6  ? 2
                  : (byte(0) >> 4) == 14 ? 3
                  : (byte(0) >> 3) == 30 ? 4
                                         : 0;
  if (length == 0 || text.size() != length)
    interpreter.fail(args.loc("c"),
                     "ord() expected a character, but a string of "
                     "length " +
                         std::to_string(text.size()) + " was found");
  if (length == 1)
    return Value(int64_t(byte(0)));
  int64_t code = byte(0) & (0x3f >> (length - 1));
  for (size_t i = 1; i < length; ++i)
    code = (code << 6) | (byte(i) & 0x3f);
  return Value(code);
}

//===----------------------------------------------------------------------===//
// isinstance
//===----------------------------------------------------------------------===//

/// Whether `value` is an instance of the type object `type` (a tuple of
/// them: any).
static bool isInstance(Interpreter &interpreter, const Value &value,
                       const Value &type, SourceLoc loc, unsigned depth) {
  if (depth > kMaxCompileTimeNesting)
    interpreter.fail(loc, "isinstance() types nested too deeply");
  if (type.isTuple()) {
    for (const Value &element : *type.getSequence())
      if (isInstance(interpreter, value, element, loc, depth + 1))
        return true;
    return false;
  }
  if (auto *cls = type.getIf<ClassValue>()) {
    const AggregateValue *instance = value.getAggregate();
    return instance && instance->cls == cls->cls;
  }
  auto *builtin = type.getIf<BuiltinValue>();
  if (builtin && !builtin->self &&
      builtin->builtin->kind == Builtin::Kind::Class) {
    if (!builtin->builtin->instanceCheck)
      interpreter.fail(loc, "not supported yet: isinstance() with " +
                                builtin->builtin->getName());
    return builtin->builtin->instanceCheck(value);
  }
  interpreter.fail(
      loc, "isinstance() arg 2 must be a type or a tuple of types, got " +
               type.toString());
}

static Value isinstance(Interpreter &interpreter, const BoundArgs &args) {
  return Value(isInstance(interpreter, args.get("obj"), args.get("classinfo"),
                          args.loc("classinfo"), 0));
}

//===----------------------------------------------------------------------===//
// Methods of ints and floats
//===----------------------------------------------------------------------===//

static Value bitLength(Interpreter &, const BoundArgs &args) {
  return Value(static_cast<int64_t>(toBigInt(args.self()).bitLength()));
}

static Value isInteger(Interpreter &, const BoundArgs &args) {
  double value = args.self().get<double>();
  return Value(std::isfinite(value) && std::floor(value) == value);
}

//===----------------------------------------------------------------------===//
// Methods of lists and tuples
//===----------------------------------------------------------------------===//

static std::vector<Value> &listElements(const Value &list) {
  return list.get<std::shared_ptr<ListValue>>()->elements;
}

static DictValue &dictEntries(const Value &dict) {
  return *dict.get<std::shared_ptr<DictValue>>();
}

/// Removes entry `position` of a dict or set.
static void eraseEntry(Interpreter &interpreter, DictValue &dict,
                       size_t position, SourceLoc loc) {
  interpreter.countSteps(loc, dict.keys.size());
  dict.keys.erase(dict.keys.begin() + position);
  dict.values.erase(dict.values.begin() + position);
  for (auto it = dict.index.begin(); it != dict.index.end();) {
    if (it->second == position) {
      it = dict.index.erase(it);
      continue;
    }
    if (it->second > position)
      --it->second;
    ++it;
  }
}

static std::optional<size_t> findEntry(Interpreter &interpreter,
                                       const Value &dict, const Value &key,
                                       SourceLoc loc) {
  const DictValue &entries = *dict.getDict();
  auto it = entries.index.find(interpreter.getHashKey(key, loc));
  if (it == entries.index.end())
    return std::nullopt;
  return it->second;
}

/// A list method that changes the list: only code of the list's own
/// run-time region may (see ListValue::region).
static BuiltinHandler mutating(Value (*handler)(Interpreter &,
                                                const BoundArgs &)) {
  return [handler](Interpreter &interpreter, const BoundArgs &args) {
    interpreter.checkMutable(args.self(), args.callLoc());
    return handler(interpreter, args);
  };
}

static Value listAppend(Interpreter &interpreter, const BoundArgs &args) {
  interpreter.chargeElements(1, args.callLoc());
  listElements(args.self()).push_back(args.get("object"));
  return Value();
}

static Value listExtend(Interpreter &interpreter, const BoundArgs &args) {
  std::vector<Value> added = interpreter.iterate(
      args.get("iterable"), args.loc("iterable"), "the argument of extend()");
  interpreter.chargeElements(added.size(), args.callLoc());
  std::vector<Value> &elements = listElements(args.self());
  elements.insert(elements.end(), added.begin(), added.end());
  return Value();
}

static Value listInsert(Interpreter &interpreter, const BoundArgs &args) {
  std::vector<Value> &elements = listElements(args.self());
  auto size = static_cast<int64_t>(elements.size());
  int64_t index = args.getInt("index", 0);
  if (index < 0)
    index = std::max<int64_t>(index + size, 0);
  index = std::min(index, size);
  interpreter.chargeElements(1, args.callLoc());
  elements.insert(elements.begin() + index, args.get("object"));
  return Value();
}

static Value listPop(Interpreter &interpreter, const BoundArgs &args) {
  std::vector<Value> &elements = listElements(args.self());
  if (elements.empty())
    interpreter.fail(args.callLoc(), "pop from an empty list");
  auto size = static_cast<int64_t>(elements.size());
  int64_t index = args.getInt("index", -1);
  if (index < 0)
    index += size;
  if (index < 0 || index >= size)
    interpreter.fail(args.loc("index"), "pop index out of range");
  Value removed = elements[index];
  elements.erase(elements.begin() + index);
  return removed;
}

/// index, count and (for lists) remove: the elements equal to `value`.
enum class Find { Index, Count, Remove };

static BuiltinHandler findElement(Find kind) {
  return [kind](Interpreter &interpreter, const BoundArgs &args) {
    const Value &self = args.self();
    if (kind == Find::Remove)
      interpreter.checkMutable(self, args.callLoc());
    const std::vector<Value> &elements = *self.getSequence();
    const Value &wanted = args.get("value");
    int64_t count = 0;
    for (size_t i = 0; i < elements.size(); ++i) {
      if (!interpreter.valuesEqual(elements[i], wanted, args.callLoc()))
        continue;
      if (kind == Find::Index)
        return Value(static_cast<int64_t>(i));
      if (kind == Find::Remove) {
        listElements(self).erase(listElements(self).begin() + i);
        return Value();
      }
      ++count;
    }
    if (kind == Find::Count)
      return Value(count);
    interpreter.fail(args.callLoc(), wanted.toString() + " is not in the " +
                                         self.getTypeName());
  };
}

static Value listCopy(Interpreter &interpreter, const BoundArgs &args) {
  return interpreter.makeList(listElements(args.self()), args.callLoc());
}

static Value listClear(Interpreter &, const BoundArgs &args) {
  listElements(args.self()).clear();
  return Value();
}

static Value listReverse(Interpreter &, const BoundArgs &args) {
  std::vector<Value> &elements = listElements(args.self());
  std::reverse(elements.begin(), elements.end());
  return Value();
}

static Value listSort(Interpreter &interpreter, const BoundArgs &args) {
  std::vector<Value> sorted = listElements(args.self());
  sortValues(interpreter, sorted, &args.get("key"),
             interpreter.isTruthy(args.get("reverse"), args.loc("reverse")),
             args.callLoc());
  listElements(args.self()) = std::move(sorted);
  return Value();
}

//===----------------------------------------------------------------------===//
// Methods of dicts
//===----------------------------------------------------------------------===//

static Value dictGet(Interpreter &interpreter, const BoundArgs &args) {
  const Value *found =
      interpreter.dictLookup(args.self(), args.get("key"), args.loc("key"));
  return found ? *found : args.get("default");
}

/// keys(), values() and items(), as lists.
enum class DictView { Keys, Values, Items };

static BuiltinHandler dictView(DictView view) {
  return [view](Interpreter &interpreter, const BoundArgs &args) {
    const DictValue &dict = *args.self().getDict();
    std::vector<Value> result;
    for (size_t i = 0; i < dict.keys.size(); ++i)
      result.push_back(
          view == DictView::Keys ? dict.keys[i]
          : view == DictView::Values
              ? dict.values[i]
              : interpreter.makeTuple({dict.keys[i], dict.values[i]},
                                      args.callLoc()));
    return interpreter.makeList(std::move(result), args.callLoc());
  };
}

static Value dictCopy(Interpreter &interpreter, const BoundArgs &args) {
  Value copy = interpreter.makeDict(/*isSet=*/false, args.callLoc());
  updateDict(interpreter, copy, args.self(), args.callLoc());
  return copy;
}

static Value dictPop(Interpreter &interpreter, const BoundArgs &args) {
  DictValue &dict = dictEntries(args.self());
  std::optional<size_t> position =
      findEntry(interpreter, args.self(), args.get("key"), args.loc("key"));
  if (!position) {
    if (args.given("default"))
      return args.get("default");
    interpreter.fail(args.loc("key"), "key " + args.get("key").toString() +
                                          " is not in the dict");
  }
  Value removed = dict.values[*position];
  eraseEntry(interpreter, dict, *position, args.callLoc());
  return removed;
}

static Value dictSetDefault(Interpreter &interpreter, const BoundArgs &args) {
  if (const Value *found =
          interpreter.dictLookup(args.self(), args.get("key"), args.loc("key")))
    return *found;
  interpreter.dictInsert(args.self(), args.get("key"), args.get("default"),
                         args.loc("key"));
  return args.get("default");
}

static Value dictUpdate(Interpreter &interpreter, const BoundArgs &args) {
  if (args.given("other"))
    updateDict(interpreter, args.self(), args.get("other"), args.loc("other"));
  for (const KeywordArg &keyword : args.extraKeywords())
    interpreter.dictInsert(args.self(), Value(keyword.name), keyword.value,
                           keyword.loc);
  return Value();
}

/// dict.clear and set.clear.
static Value clearEntries(Interpreter &, const BoundArgs &args) {
  DictValue &dict = dictEntries(args.self());
  dict.keys.clear();
  dict.values.clear();
  dict.index.clear();
  return Value();
}

//===----------------------------------------------------------------------===//
// Methods of sets
//===----------------------------------------------------------------------===//

/// The elements of each positional argument of a set method.
static std::vector<std::vector<Value>> iterateOthers(Interpreter &interpreter,
                                                     const BoundArgs &args) {
  std::vector<std::vector<Value>> result;
  for (size_t i = 0; i < args.rest().size(); ++i)
    result.push_back(interpreter.iterate(
        args.rest()[i], args.restLocs()[i],
        "an argument of " + args.getBuiltin().getShortName() + "()"));
  return result;
}

static Value copySet(Interpreter &interpreter, const BoundArgs &args) {
  Value result = interpreter.makeDict(/*isSet=*/true, args.callLoc());
  for (const Value &key : args.self().getDict()->keys)
    interpreter.dictInsert(result, key, Value(), args.callLoc());
  return result;
}

static Value setUnion(Interpreter &interpreter, const BoundArgs &args) {
  Value result = copySet(interpreter, args);
  for (const std::vector<Value> &other : iterateOthers(interpreter, args))
    for (const Value &key : other)
      interpreter.dictInsert(result, key, Value(), args.callLoc());
  return result;
}

/// intersection (keep what the others hold) or difference (drop it).
static BuiltinHandler setFilter(bool keepShared) {
  return [keepShared](Interpreter &interpreter, const BoundArgs &args) {
    SourceLoc loc = args.callLoc();
    Value result = copySet(interpreter, args);
    for (const std::vector<Value> &other : iterateOthers(interpreter, args)) {
      Value otherSet = interpreter.makeDict(/*isSet=*/true, loc);
      for (const Value &key : other)
        interpreter.dictInsert(otherSet, key, Value(), loc);
      DictValue &entries = dictEntries(result);
      for (size_t i = entries.keys.size(); i-- > 0;) {
        bool inOther = interpreter.dictLookup(otherSet, entries.keys[i], loc);
        if (inOther != keepShared)
          eraseEntry(interpreter, entries, i, loc);
      }
    }
    return result;
  };
}

/// issubset, or issuperset.
static BuiltinHandler setContains(bool subset) {
  return [subset](Interpreter &interpreter, const BoundArgs &args) {
    SourceLoc loc = args.callLoc();
    Value other = interpreter.makeDict(/*isSet=*/true, loc);
    for (const Value &key : interpreter.iterate(
             args.get("other"), args.loc("other"), "the argument"))
      interpreter.dictInsert(other, key, Value(), loc);
    const Value &small = subset ? args.self() : other;
    const Value &large = subset ? other : args.self();
    for (const Value &key : small.getDict()->keys)
      if (!interpreter.dictLookup(large, key, loc))
        return Value(false);
    return Value(true);
  };
}

static Value setAdd(Interpreter &interpreter, const BoundArgs &args) {
  interpreter.dictInsert(args.self(), args.get("elem"), Value(),
                         args.loc("elem"));
  return Value();
}

static Value setUpdate(Interpreter &interpreter, const BoundArgs &args) {
  for (const std::vector<Value> &other : iterateOthers(interpreter, args))
    for (const Value &key : other)
      interpreter.dictInsert(args.self(), key, Value(), args.callLoc());
  return Value();
}

/// discard, or remove (which fails on a missing element).
static BuiltinHandler setDiscard(bool mustExist) {
  return [mustExist](Interpreter &interpreter, const BoundArgs &args) {
    interpreter.checkMutable(args.self(), args.callLoc());
    std::optional<size_t> position =
        findEntry(interpreter, args.self(), args.get("elem"), args.loc("elem"));
    if (position)
      eraseEntry(interpreter, dictEntries(args.self()), *position,
                 args.callLoc());
    else if (mustExist)
      interpreter.fail(args.loc("elem"),
                       args.get("elem").toString() + " is not in the set");
    return Value();
  };
}

static Value setPop(Interpreter &interpreter, const BoundArgs &args) {
  DictValue &set = dictEntries(args.self());
  if (set.keys.empty())
    interpreter.fail(args.callLoc(), "pop from an empty set");
  Value removed = set.keys.front();
  eraseEntry(interpreter, set, 0, args.callLoc());
  return removed;
}

static Value notInKernels(Interpreter &interpreter, const BoundArgs &args) {
  interpreter.fail(args.callLoc(),
                   "not supported yet: print() in kernels; "
                   "gl.static_print prints compile-time values");
}

//===----------------------------------------------------------------------===//
// The table
//===----------------------------------------------------------------------===//

void gluonc::frontend::registerPythonBuiltins(BuiltinTable &table) {
  auto isType = [](bool (*check)(const Value &)) {
    return std::function<bool(const Value &)>(check);
  };
  table.addClass({"builtins.int"}, "x=..., base=...", compileTime(toInt),
                 isType(isIntegral));
  table.addClass({"builtins.float"}, "x=...", compileTime(toFloat),
                 isType([](const Value &v) { return v.is<double>(); }));
  table.addClass({"builtins.bool"}, "x=...", compileTime(boolBuiltin),
                 isType([](const Value &v) { return v.is<bool>(); }));
  table.addClass({"builtins.str"}, "object=...", compileTime(str),
                 isType([](const Value &v) { return v.is<std::string>(); }));
  table.addClass({"builtins.tuple"}, "iterable=...", construct("tuple"),
                 isType([](const Value &v) { return v.isTuple(); }));
  table.addClass({"builtins.list"}, "iterable=...", construct("list"),
                 isType([](const Value &v) { return v.isList(); }));
  table.addClass({"builtins.set"}, "iterable=...", construct("set"),
                 isType([](const Value &v) { return v.isSet(); }));
  table.addClass({"builtins.dict"}, "iterable=..., **kwargs", dict,
                 isType([](const Value &v) { return v.isDict(); }));
  table.addClass({"builtins.range"}, "*bounds, **kwargs", makeRange,
                 isType([](const Value &v) { return v.is<RangeValue>(); }));

  table.addFunction({"builtins.len"}, "obj", compileTime(len));
  table.addFunction({"builtins.repr"}, "obj", compileTime(repr));
  table.addFunction({"builtins.abs"}, "x", compileTime(absolute));
  table.addFunction({"builtins.min"}, "*args, key=None, default=...",
                    minMax(false));
  table.addFunction({"builtins.max"}, "*args, key=None, default=...",
                    minMax(true));
  table.addFunction({"builtins.sum"}, "iterable, start=0", sum);
  table.addFunction({"builtins.all"}, "iterable", allAny(true));
  table.addFunction({"builtins.any"}, "iterable", allAny(false));
  table.addFunction({"builtins.zip"}, "*iterables, **kwargs", zip);
  table.addFunction({"builtins.enumerate"}, "iterable, start=0", enumerate);
  table.addFunction({"builtins.sorted"},
                    "iterable, *, key=None, reverse=False", sorted);
  table.addFunction({"builtins.reversed"}, "sequence", reversed);
  table.addFunction({"builtins.round"}, "number, ndigits=None",
                    compileTime(roundNumber));
  table.addFunction({"builtins.divmod"}, "x, y", compileTime(divmod));
  table.addFunction({"builtins.pow"}, "base, exp", compileTime(power));
  table.addFunction({"builtins.hex"}, "x", integerText(16, "0x"));
  table.addFunction({"builtins.oct"}, "x", integerText(8, "0o"));
  table.addFunction({"builtins.bin"}, "x", integerText(2, "0b"));
  table.addFunction({"builtins.chr"}, "i", compileTime(chr));
  table.addFunction({"builtins.ord"}, "c", compileTime(ord));
  table.addFunction({"builtins.isinstance"}, "obj, classinfo", isinstance);
  table.addFunction({"builtins.print"}, "*args, **kwargs", notInKernels);
  // importlib.import_module("name") with a constant name: the kernel file,
  // as `import name` loads it (a static form; no code runs).
  table.addNamespace("importlib");
  table.addFunction({"importlib.import_module"}, "name, package=None",
                    [](Interpreter &interpreter, const BoundArgs &args) {
                      if (args.has("package"))
                        interpreter.fail(args.loc("package"),
                                         "not supported yet: "
                                         "importlib.import_module with a "
                                         "package (relative names)");
                      return interpreter.importModule(args.getString("name"),
                                                      args.loc("name"));
                    });

  table.addMethod({"int.bit_length"}, "", bitLength);
  table.addMethod({"float.is_integer"}, "", isInteger);

  table.addMethod({"list.append"}, "object", mutating(listAppend));
  table.addMethod({"list.extend"}, "iterable", mutating(listExtend));
  table.addMethod({"list.insert"}, "index, object", mutating(listInsert));
  table.addMethod({"list.pop"}, "index=-1", mutating(listPop));
  table.addMethod({"list.remove"}, "value", findElement(Find::Remove));
  table.addMethod({"list.index"}, "value", findElement(Find::Index));
  table.addMethod({"list.count"}, "value", findElement(Find::Count));
  table.addMethod({"list.copy"}, "", listCopy);
  table.addMethod({"list.clear"}, "", mutating(listClear));
  table.addMethod({"list.reverse"}, "", mutating(listReverse));
  table.addMethod({"list.sort"}, "*, key=None, reverse=False",
                  mutating(listSort));
  table.addMethod({"tuple.index"}, "value", findElement(Find::Index));
  table.addMethod({"tuple.count"}, "value", findElement(Find::Count));

  table.addMethod({"dict.get"}, "key, default=None", dictGet);
  table.addMethod({"dict.keys"}, "", dictView(DictView::Keys));
  table.addMethod({"dict.values"}, "", dictView(DictView::Values));
  table.addMethod({"dict.items"}, "", dictView(DictView::Items));
  table.addMethod({"dict.copy"}, "", dictCopy);
  table.addMethod({"dict.pop"}, "key, default=...", mutating(dictPop));
  table.addMethod({"dict.setdefault"}, "key, default=None",
                  mutating(dictSetDefault));
  table.addMethod({"dict.update"}, "other=..., **kwargs",
                  mutating(dictUpdate));
  table.addMethod({"dict.clear"}, "", mutating(clearEntries));

  table.addMethod({"set.add"}, "elem", mutating(setAdd));
  table.addMethod({"set.update"}, "*others", mutating(setUpdate));
  table.addMethod({"set.discard"}, "elem", setDiscard(false));
  table.addMethod({"set.remove"}, "elem", setDiscard(true));
  table.addMethod({"set.pop"}, "", mutating(setPop));
  table.addMethod({"set.clear"}, "", mutating(clearEntries));
  table.addMethod({"set.copy"}, "", setUnion);
  table.addMethod({"set.union"}, "*others", setUnion);
  table.addMethod({"set.intersection"}, "*others", setFilter(true));
  table.addMethod({"set.difference"}, "*others", setFilter(false));
  table.addMethod({"set.issubset"}, "other", setContains(true));
  table.addMethod({"set.issuperset"}, "other", setContains(false));

  registerStringMethods(table);
}
