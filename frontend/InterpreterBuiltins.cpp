//===- InterpreterBuiltins.cpp - Python builtins and methods --------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Python's builtin functions (len, range, zip, isinstance, ...) and the
// methods of lists, tuples, dicts and sets on compile-time values, and the
// compile-time gl builtins static_range, static_print and cast.
//
//===----------------------------------------------------------------------===//

#include "Interpreter.h"

#include "gluonc/IR/Dialect.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>

using namespace gluonc;
using namespace gluonc::frontend;

//===----------------------------------------------------------------------===//
// Arguments
//===----------------------------------------------------------------------===//

PythonArgs::PythonArgs(CodeGen &gen, const std::string &function,
                       const CallArgs &args, std::vector<std::string> names,
                       size_t required)
    : gen(gen), function(function), names(std::move(names)),
      values(this->names.size()), locs(this->names.size(), args.callLoc) {
  if (args.positional.size() > this->names.size())
    gen.fail(args.positionalLocs[this->names.size()],
             function + "() takes at most " +
                 std::to_string(this->names.size()) + " arguments (" +
                 std::to_string(args.positional.size()) + " given)");
  for (size_t i = 0; i < args.positional.size(); ++i) {
    values[i] = args.positional[i];
    locs[i] = args.positionalLocs[i];
  }
  for (const KeywordArg &keyword : args.keywords) {
    auto it = std::find(this->names.begin(), this->names.end(), keyword.name);
    if (it == this->names.end())
      gen.fail(keyword.loc, function +
                                "() got an unexpected keyword argument '" +
                                keyword.name + "'");
    size_t index = it - this->names.begin();
    if (values[index])
      gen.fail(keyword.loc, function + "() got multiple values for argument '" +
                                keyword.name + "'");
    values[index] = keyword.value;
    locs[index] = keyword.loc;
  }
  for (size_t i = 0; i < required; ++i)
    if (!values[i])
      gen.fail(args.callLoc, function + "() missing required argument '" +
                                 this->names[i] + "'");
}

const std::string &PythonArgs::getString(size_t i) const {
  if (auto *text = values[i] ? values[i]->getIf<std::string>() : nullptr)
    return *text;
  gen.fail(locs[i], function + "() argument '" + names[i] +
                        "' must be a str, got " +
                        (values[i] ? values[i]->getTypeName() : "nothing"));
}

int64_t PythonArgs::getInt(size_t i, int64_t otherwise) const {
  if (!has(i))
    return otherwise;
  return gen.requireInt(*values[i], locs[i],
                        function + "() argument '" + names[i] + "'");
}

/// Fails when a builtin that computes at compile time gets a tensor.
static void requireCompileTime(CodeGen &gen, const std::string &function,
                               const CallArgs &args) {
  for (size_t i = 0; i < args.positional.size(); ++i)
    if (args.positional[i].isRuntime())
      gen.fail(args.positionalLocs[i],
               function + "() works on compile-time values, got a run-time " +
                   args.positional[i].getTypeName());
  for (const KeywordArg &keyword : args.keywords)
    if (keyword.value.isRuntime())
      gen.fail(keyword.loc, function +
                                "() works on compile-time values, got a "
                                "run-time " +
                                keyword.value.getTypeName());
}

//===----------------------------------------------------------------------===//
// Conversions
//===----------------------------------------------------------------------===//

/// int(text, base), as Python parses it: spaces around, a sign, '_' between
/// digits, a prefix when base is 0 or matches it.
static Value parseInt(CodeGen &gen, const std::string &text, int64_t base,
                      SourceLoc loc) {
  auto invalid = [&]() {
    gen.fail(loc, "invalid literal for int() with base " +
                      std::to_string(base) + ": " + quoteString(text));
  };
  if (base != 0 && (base < 2 || base > 36))
    gen.fail(loc, "int() base must be >= 2 and <= 36, or 0");
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
    gen.fail(loc, "int() of a string wider than " +
                      std::to_string(kMaxCompileTimeIntBits) + " bits");
  gen.countSteps(loc, digits.size() * (digits.size() / 8 + 1) / 64);
  std::optional<BigInt> parsed =
      BigInt::fromDigits(sign + digits, static_cast<unsigned>(actualBase));
  if (!parsed)
    invalid();
  return gen.makeInt(*parsed, loc);
}

static Value toInt(CodeGen &gen, CallArgs &args, SourceLoc loc) {
  requireCompileTime(gen, "int", args);
  PythonArgs bound(gen, "int", args, {"x", "base"}, 0);
  if (!bound.has(0))
    return Value(int64_t(0));
  const Value &x = bound.get(0);
  if (auto *text = x.getIf<std::string>())
    return parseInt(gen, *text, bound.getInt(1, 10), bound.loc(0));
  if (bound.has(1))
    gen.fail(bound.loc(1), "int() can't convert a non-string with an "
                           "explicit base");
  if (auto *d = x.getIf<double>()) {
    if (!std::isfinite(*d))
      gen.fail(bound.loc(0), "cannot convert float " + x.toString() +
                                 " to an integer");
    return gen.makeInt(BigInt::fromDouble(*d), loc);
  }
  if (isIntegral(x))
    return Value::integer(toBigInt(x));
  gen.fail(bound.loc(0), "int() argument must be a string or a number, not " +
                             x.getTypeName());
}

static Value toFloat(CodeGen &gen, CallArgs &args) {
  requireCompileTime(gen, "float", args);
  PythonArgs bound(gen, "float", args, {"x"}, 0);
  if (!bound.has(0))
    return Value(0.0);
  const Value &x = bound.get(0);
  if (auto *d = x.getIf<double>())
    return Value(*d);
  if (isIntegral(x)) {
    double result = toBigInt(x).toDouble();
    if (std::isinf(result))
      gen.fail(bound.loc(0), "int too large to convert to float");
    return Value(result);
  }
  if (auto *text = x.getIf<std::string>()) {
    std::string trimmed;
    for (char c : *text)
      if (!std::isspace(static_cast<unsigned char>(c)))
        trimmed += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
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
      gen.fail(bound.loc(0), "could not convert string to float: " +
                                 quoteString(*text));
    return Value(result);
  }
  gen.fail(bound.loc(0), "float() argument must be a string or a number, "
                         "not " +
                             x.getTypeName());
}

/// range(stop), range(start, stop[, step]) as a compile-time RangeValue.
static Value makeRange(CodeGen &gen, const std::string &function,
                       CallArgs &args) {
  if (args.positional.empty() || args.positional.size() > 3)
    gen.fail(args.callLoc, function + "() takes 1 to 3 arguments, got " +
                               std::to_string(args.positional.size()));
  if (!args.keywords.empty())
    gen.fail(args.keywords[0].loc, function + "() takes no keyword arguments");
  std::vector<int64_t> bounds;
  for (size_t i = 0; i < args.positional.size(); ++i)
    bounds.push_back(gen.requireInt(args.positional[i], args.positionalLocs[i],
                                    "a bound of " + function + "()"));
  RangeValue range;
  if (bounds.size() == 1) {
    range.stop = bounds[0];
  } else {
    range.start = bounds[0];
    range.stop = bounds[1];
  }
  if (bounds.size() == 3) {
    if (bounds[2] == 0)
      gen.fail(args.positionalLocs[2], function + "() step must not be zero");
    range.step = bounds[2];
  }
  return Value(range);
}

//===----------------------------------------------------------------------===//
// Builtins over iterables
//===----------------------------------------------------------------------===//

static Value minMax(CodeGen &gen, CallArgs &args, bool isMax) {
  std::string name = isMax ? "max" : "min";
  for (size_t i = 0; i < args.positional.size(); ++i)
    if (args.positional[i].isRuntime())
      gen.fail(args.positionalLocs[i],
               name + "() works on compile-time values; use gl." +
                   (isMax ? "maximum" : "minimum") + " on run-time values");
  std::optional<Value> key, defaultValue;
  for (const KeywordArg &keyword : args.keywords) {
    if (keyword.name == "key")
      key = keyword.value;
    else if (keyword.name == "default")
      defaultValue = keyword.value;
    else
      gen.fail(keyword.loc, name + "() got an unexpected keyword argument '" +
                                keyword.name + "'");
  }
  if (args.positional.empty())
    gen.fail(args.callLoc, name + "() expects at least one argument");
  std::vector<Value> items = args.positional;
  if (items.size() == 1)
    items = gen.iterate(items[0], args.positionalLocs[0],
                        "the argument of " + name + "()");
  else if (defaultValue)
    gen.fail(args.callLoc, "cannot give " + name +
                               "() a default with several arguments");
  if (items.empty()) {
    if (defaultValue)
      return *defaultValue;
    gen.fail(args.callLoc, name + "() of an empty sequence");
  }
  auto keyOf = [&](const Value &item) {
    if (!key || key->isNone())
      return item;
    CallArgs keyArgs;
    keyArgs.callLoc = args.callLoc;
    keyArgs.positional = {item};
    keyArgs.positionalLocs = {args.callLoc};
    return gen.call(*key, keyArgs, args.callLoc);
  };
  Value best = items[0], bestKey = keyOf(items[0]);
  for (size_t i = 1; i < items.size(); ++i) {
    Value itemKey = keyOf(items[i]);
    if (itemKey.isRuntime() || bestKey.isRuntime())
      gen.fail(args.callLoc, name + "() works on compile-time values; use "
                                    "gl." +
                                 std::string(isMax ? "maximum" : "minimum"));
    std::optional<int> order =
        gen.compareValues(itemKey, bestKey, args.callLoc, isMax ? ">" : "<");
    if (order && (isMax ? *order > 0 : *order < 0)) {
      best = items[i];
      bestKey = itemKey;
    }
  }
  return best;
}

static Value sum(CodeGen &gen, CallArgs &args) {
  PythonArgs bound(gen, "sum", args, {"iterable", "start"}, 1);
  Value total = bound.has(1) ? bound.get(1) : Value(int64_t(0));
  if (total.is<std::string>())
    gen.fail(bound.loc(1), "sum() can't sum strings; use ''.join(...)");
  for (const Value &item :
       gen.iterate(bound.get(0), bound.loc(0), "the argument of sum()"))
    total = gen.binaryOp(BinaryOp::Add, total, item, args.callLoc,
                         args.callLoc, bound.loc(0));
  return total;
}

static Value allAny(CodeGen &gen, CallArgs &args, bool isAll) {
  std::string name = isAll ? "all" : "any";
  PythonArgs bound(gen, name, args, {"iterable"}, 1);
  for (const Value &item : gen.iterate(bound.get(0), bound.loc(0),
                                       "the argument of " + name + "()")) {
    if (item.isRuntime())
      gen.fail(bound.loc(0), name + "() needs compile-time elements, got a "
                                    "run-time " +
                                 item.getTypeName());
    if (gen.isTruthy(item, bound.loc(0)) != isAll)
      return Value(!isAll);
  }
  return Value(isAll);
}

static Value zip(CodeGen &gen, CallArgs &args) {
  if (!args.keywords.empty())
    gen.fail(args.keywords[0].loc, "not supported yet: keyword arguments of "
                                   "zip()");
  std::vector<std::vector<Value>> columns;
  size_t length = SIZE_MAX;
  for (size_t i = 0; i < args.positional.size(); ++i) {
    columns.push_back(gen.iterate(args.positional[i], args.positionalLocs[i],
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
    rows.push_back(gen.makeTuple(std::move(tuple), args.callLoc));
  }
  return gen.makeList(std::move(rows), args.callLoc);
}

static Value enumerate(CodeGen &gen, CallArgs &args) {
  PythonArgs bound(gen, "enumerate", args, {"iterable", "start"}, 1);
  Value counter = bound.has(1) ? bound.get(1) : Value(int64_t(0));
  if (!isIntegral(counter))
    gen.fail(bound.loc(1), "enumerate() start must be an int, got " +
                               counter.getTypeName());
  std::vector<Value> rows;
  for (const Value &item : gen.iterate(bound.get(0), bound.loc(0),
                                       "the argument of enumerate()")) {
    rows.push_back(gen.makeTuple({counter, item}, args.callLoc));
    counter = gen.binaryOp(BinaryOp::Add, counter, Value(int64_t(1)),
                           args.callLoc, args.callLoc, args.callLoc);
  }
  return gen.makeList(std::move(rows), args.callLoc);
}

/// Sorts `items` in place by Python's `<`, or by `key(item)`.
static void sortValues(CodeGen &gen, std::vector<Value> &items,
                       const Value *key, bool reverse, SourceLoc loc) {
  std::vector<Value> keys = items;
  if (key && !key->isNone())
    for (Value &item : keys) {
      CallArgs keyArgs;
      keyArgs.callLoc = loc;
      keyArgs.positional = {item};
      keyArgs.positionalLocs = {loc};
      item = gen.call(*key, keyArgs, loc);
    }
  std::vector<size_t> order(items.size());
  for (size_t i = 0; i < order.size(); ++i)
    order[i] = i;
  uint64_t logarithm = 1;
  while ((uint64_t(1) << logarithm) < items.size())
    ++logarithm;
  gen.countSteps(loc, items.size() * logarithm);
  // Stable, as Python's sort; reverse keeps equal items in order too.
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    const Value &lhs = reverse ? keys[b] : keys[a];
    const Value &rhs = reverse ? keys[a] : keys[b];
    if (lhs.isRuntime() || rhs.isRuntime())
      gen.fail(loc, "sorting needs compile-time values, got a run-time " +
                        (lhs.isRuntime() ? lhs : rhs).getTypeName());
    std::optional<int> compared = gen.compareValues(lhs, rhs, loc, "<");
    return compared && *compared < 0;
  });
  std::vector<Value> sorted;
  for (size_t index : order)
    sorted.push_back(items[index]);
  items = std::move(sorted);
}

static Value roundBuiltin(CodeGen &gen, CallArgs &args) {
  requireCompileTime(gen, "round", args);
  PythonArgs bound(gen, "round", args, {"number", "ndigits"}, 1);
  const Value &number = bound.get(0);
  if (isIntegral(number)) {
    int64_t digits = bound.getInt(1, 0);
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
    return gen.makeInt(quotient * unit, args.callLoc);
  }
  auto *d = number.getIf<double>();
  if (!d)
    gen.fail(bound.loc(0), "round() needs a number, got " +
                               number.getTypeName());
  if (!bound.has(1)) {
    if (!std::isfinite(*d))
      gen.fail(bound.loc(0), "cannot round " + number.toString() +
                                 " to an integer");
    // The default rounding mode rounds ties to even, as Python does.
    return gen.makeInt(BigInt::fromDouble(std::nearbyint(*d)), args.callLoc);
  }
  int64_t digits = bound.getInt(1, 0);
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

static Value integerText(CodeGen &gen, CallArgs &args,
                         const std::string &name) {
  requireCompileTime(gen, name, args);
  PythonArgs bound(gen, name, args, {"x"}, 1);
  if (!isIntegral(bound.get(0)))
    gen.fail(bound.loc(0), "'" + bound.get(0).getTypeName() +
                               "' object cannot be interpreted as an integer");
  BigInt value = toBigInt(bound.get(0));
  unsigned base = name == "hex" ? 16 : name == "oct" ? 8 : 2;
  std::string prefix = name == "hex" ? "0x" : name == "oct" ? "0o" : "0b";
  std::string digits = value.abs().toString(base);
  return gen.makeString((value.isNegative() ? "-" : "") + prefix + digits,
                        args.callLoc);
}

static Value chr(CodeGen &gen, CallArgs &args) {
  requireCompileTime(gen, "chr", args);
  PythonArgs bound(gen, "chr", args, {"i"}, 1);
  int64_t code = bound.getInt(0, 0);
  if (code < 0 || code > 0x10ffff)
    gen.fail(bound.loc(0), "chr() arg not in range(0x110000)");
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

static Value ord(CodeGen &gen, CallArgs &args) {
  requireCompileTime(gen, "ord", args);
  PythonArgs bound(gen, "ord", args, {"c"}, 1);
  const std::string &text = bound.getString(0);
  auto byte = [&](size_t i) { return static_cast<unsigned char>(text[i]); };
  // One character: one byte of ASCII or one UTF-8 sequence.
  size_t length = text.empty()          ? 0
                  : byte(0) < 0x80      ? 1
                  : (byte(0) >> 5) == 6 ? 2
                  : (byte(0) >> 4) == 14 ? 3
                  : (byte(0) >> 3) == 30 ? 4
                                         : 0;
  if (length == 0 || text.size() != length)
    gen.fail(bound.loc(0), "ord() expected a character, but a string of "
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
static bool isInstance(CodeGen &gen, const Value &value, const Value &type,
                       SourceLoc loc, unsigned depth) {
  if (depth > kMaxCompileTimeNesting)
    gen.fail(loc, "isinstance() types nested too deeply");
  if (type.isTuple()) {
    for (const Value &element : *type.getSequence())
      if (isInstance(gen, value, element, loc, depth + 1))
        return true;
    return false;
  }
  auto *builtin = type.getIf<BuiltinValue>();
  std::string name = builtin && !builtin->self ? builtin->name : "";
  auto layoutIs = [&](auto kind) {
    auto *layout = value.getIf<LayoutValue>();
    return layout && mlir::isa<decltype(kind)>(layout->attr);
  };
  if (name == "builtins.int")
    return isIntegral(value);
  if (name == "builtins.float")
    return value.is<double>();
  if (name == "builtins.bool")
    return value.is<bool>();
  if (name == "builtins.str")
    return value.is<std::string>();
  if (name == "builtins.tuple")
    return value.isTuple();
  if (name == "builtins.list")
    return value.isList();
  if (name == "builtins.dict")
    return value.isDict();
  if (name == "builtins.set")
    return value.isSet();
  if (name == "builtins.range")
    return value.is<RangeValue>();
  if (name == "tensor")
    return value.isRuntime();
  if (name == "dtype")
    return value.is<DType>();
  if (name == "constexpr")
    // Triton wraps compile-time scalars, dtypes and layouts in constexpr;
    // its tuples are tl.tuple, not constexpr.
    return value.isNone() || isNumeric(value) || value.is<std::string>() ||
           value.is<DType>() || value.is<LayoutValue>();
  if (name == "BlockedLayout")
    return layoutIs(mlir::gluon::BlockedLayoutAttr());
  if (name == "SliceLayout")
    return layoutIs(mlir::gluon::SliceLayoutAttr());
  if (builtin && !builtin->self && name.rfind("builtins.", 0) != 0)
    gen.fail(loc, "not supported yet: isinstance() with gl." + name);
  gen.fail(loc, "isinstance() arg 2 must be a type or a tuple of types, got " +
                    type.toString());
}

//===----------------------------------------------------------------------===//
// Methods of lists, tuples, dicts and sets
//===----------------------------------------------------------------------===//

static std::vector<Value> &listElements(const Value &list) {
  return list.get<std::shared_ptr<ListValue>>()->elements;
}

static DictValue &dictEntries(const Value &dict) {
  return *dict.get<std::shared_ptr<DictValue>>();
}

/// Removes entry `position` of a dict or set.
static void eraseEntry(CodeGen &gen, DictValue &dict, size_t position,
                       SourceLoc loc) {
  gen.countSteps(loc, dict.keys.size());
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

static std::optional<size_t> findEntry(CodeGen &gen, const Value &dict,
                                       const Value &key, SourceLoc loc) {
  const DictValue &entries = *dict.getDict();
  auto it = entries.index.find(gen.getHashKey(key, loc));
  if (it == entries.index.end())
    return std::nullopt;
  return it->second;
}

static Value callListMethod(CodeGen &gen, const std::string &method,
                            const Value &self, CallArgs &args,
                            SourceLoc loc) {
  std::vector<Value> &elements = listElements(self);
  std::string name = "list." + method;
  bool mutates = method != "index" && method != "count" && method != "copy";
  if (mutates)
    gen.checkMutable(self, loc);
  if (method == "append") {
    PythonArgs bound(gen, name, args, {"object"}, 1);
    gen.chargeElements(1, loc);
    elements.push_back(bound.get(0));
    return Value();
  }
  if (method == "extend") {
    PythonArgs bound(gen, name, args, {"iterable"}, 1);
    std::vector<Value> added =
        gen.iterate(bound.get(0), bound.loc(0), "the argument of extend()");
    gen.chargeElements(added.size(), loc);
    elements.insert(elements.end(), added.begin(), added.end());
    return Value();
  }
  if (method == "insert") {
    PythonArgs bound(gen, name, args, {"index", "object"}, 2);
    auto size = static_cast<int64_t>(elements.size());
    int64_t index = bound.getInt(0, 0);
    if (index < 0)
      index = std::max<int64_t>(index + size, 0);
    index = std::min(index, size);
    gen.chargeElements(1, loc);
    elements.insert(elements.begin() + index, bound.get(1));
    return Value();
  }
  if (method == "pop") {
    PythonArgs bound(gen, name, args, {"index"}, 0);
    if (elements.empty())
      gen.fail(loc, "pop from an empty list");
    auto size = static_cast<int64_t>(elements.size());
    int64_t index = bound.getInt(0, -1);
    if (index < 0)
      index += size;
    if (index < 0 || index >= size)
      gen.fail(bound.loc(0), "pop index out of range");
    Value removed = elements[index];
    elements.erase(elements.begin() + index);
    return removed;
  }
  if (method == "remove" || method == "index" || method == "count") {
    PythonArgs bound(gen, name, args, {"value"}, 1);
    int64_t count = 0;
    for (size_t i = 0; i < elements.size(); ++i) {
      if (!gen.valuesEqual(elements[i], bound.get(0), loc))
        continue;
      if (method == "index")
        return Value(static_cast<int64_t>(i));
      if (method == "remove") {
        elements.erase(elements.begin() + i);
        return Value();
      }
      ++count;
    }
    if (method == "count")
      return Value(count);
    gen.fail(loc, bound.get(0).toString() + " is not in the list");
  }
  if (method == "copy") {
    PythonArgs(gen, name, args, {}, 0);
    return gen.makeList(elements, loc);
  }
  if (method == "clear") {
    PythonArgs(gen, name, args, {}, 0);
    elements.clear();
    return Value();
  }
  if (method == "reverse") {
    PythonArgs(gen, name, args, {}, 0);
    std::reverse(elements.begin(), elements.end());
    return Value();
  }
  // sort
  PythonArgs bound(gen, name, args, {"key", "reverse"}, 0);
  std::vector<Value> sorted = elements;
  sortValues(gen, sorted, bound.has(0) ? &bound.get(0) : nullptr,
             bound.has(1) && gen.isTruthy(bound.get(1), bound.loc(1)), loc);
  listElements(self) = std::move(sorted);
  return Value();
}

static Value callTupleMethod(CodeGen &gen, const std::string &method,
                             const Value &self, CallArgs &args,
                             SourceLoc loc) {
  PythonArgs bound(gen, "tuple." + method, args, {"value"}, 1);
  const std::vector<Value> &elements = *self.getSequence();
  int64_t count = 0;
  for (size_t i = 0; i < elements.size(); ++i) {
    if (!gen.valuesEqual(elements[i], bound.get(0), loc))
      continue;
    if (method == "index")
      return Value(static_cast<int64_t>(i));
    ++count;
  }
  if (method == "count")
    return Value(count);
  gen.fail(loc, bound.get(0).toString() + " is not in the tuple");
}

/// Adds the entries of `other` (a dict, or an iterable of pairs) to `dict`.
static void updateDict(CodeGen &gen, const Value &dict, const Value &other,
                       SourceLoc loc) {
  if (other.isDict()) {
    const DictValue &entries = *other.getDict();
    std::vector<Value> keys = entries.keys, values = entries.values;
    for (size_t i = 0; i < keys.size(); ++i)
      gen.dictInsert(dict, keys[i], values[i], loc);
    return;
  }
  for (const Value &pair : gen.iterate(other, loc, "the argument")) {
    const std::vector<Value> *items = pair.getSequence();
    if (!items || items->size() != 2)
      gen.fail(loc, "a dict needs (key, value) pairs, got " + pair.toString());
    gen.dictInsert(dict, (*items)[0], (*items)[1], loc);
  }
}

static Value callDictMethod(CodeGen &gen, const std::string &method,
                            const Value &self, CallArgs &args,
                            SourceLoc loc) {
  DictValue &dict = dictEntries(self);
  std::string name = "dict." + method;
  if (method == "get") {
    PythonArgs bound(gen, name, args, {"key", "default"}, 1);
    const Value *found = gen.dictLookup(self, bound.get(0), bound.loc(0));
    return found ? *found : bound.has(1) ? bound.get(1) : Value();
  }
  if (method == "keys" || method == "values" || method == "items") {
    PythonArgs(gen, name, args, {}, 0);
    std::vector<Value> result;
    for (size_t i = 0; i < dict.keys.size(); ++i)
      result.push_back(method == "keys"     ? dict.keys[i]
                       : method == "values" ? dict.values[i]
                                            : gen.makeTuple({dict.keys[i],
                                                             dict.values[i]},
                                                            loc));
    return gen.makeList(std::move(result), loc);
  }
  if (method == "copy") {
    PythonArgs(gen, name, args, {}, 0);
    Value copy = gen.makeDict(/*isSet=*/false, loc);
    updateDict(gen, copy, self, loc);
    return copy;
  }
  gen.checkMutable(self, loc);
  if (method == "pop") {
    PythonArgs bound(gen, name, args, {"key", "default"}, 1);
    std::optional<size_t> position =
        findEntry(gen, self, bound.get(0), bound.loc(0));
    if (!position) {
      if (args.positional.size() + args.keywords.size() > 1)
        return bound.get(1);
      gen.fail(bound.loc(0), "key " + bound.get(0).toString() +
                                 " is not in the dict");
    }
    Value removed = dict.values[*position];
    eraseEntry(gen, dict, *position, loc);
    return removed;
  }
  if (method == "setdefault") {
    PythonArgs bound(gen, name, args, {"key", "default"}, 1);
    if (const Value *found = gen.dictLookup(self, bound.get(0), bound.loc(0)))
      return *found;
    Value value = bound.has(1) ? bound.get(1) : Value();
    gen.dictInsert(self, bound.get(0), value, bound.loc(0));
    return value;
  }
  if (method == "update") {
    if (args.positional.size() > 1)
      gen.fail(args.positionalLocs[1], "update() takes at most 1 positional "
                                       "argument");
    if (!args.positional.empty())
      updateDict(gen, self, args.positional[0], args.positionalLocs[0]);
    for (const KeywordArg &keyword : args.keywords)
      gen.dictInsert(self, Value(keyword.name), keyword.value, keyword.loc);
    return Value();
  }
  // clear
  PythonArgs(gen, name, args, {}, 0);
  dict.keys.clear();
  dict.values.clear();
  dict.index.clear();
  return Value();
}

static Value callSetMethod(CodeGen &gen, const std::string &method,
                           const Value &self, CallArgs &args, SourceLoc loc) {
  DictValue &set = dictEntries(self);
  std::string name = "set." + method;
  auto others = [&]() {
    std::vector<std::vector<Value>> result;
    for (size_t i = 0; i < args.positional.size(); ++i)
      result.push_back(gen.iterate(args.positional[i],
                                   args.positionalLocs[i],
                                   "an argument of " + name + "()"));
    if (!args.keywords.empty())
      gen.fail(args.keywords[0].loc, name + "() takes no keyword arguments");
    return result;
  };
  auto copy = [&]() {
    Value result = gen.makeDict(/*isSet=*/true, loc);
    for (const Value &key : set.keys)
      gen.dictInsert(result, key, Value(), loc);
    return result;
  };
  if (method == "union" || method == "copy") {
    Value result = copy();
    for (const std::vector<Value> &other : others())
      for (const Value &key : other)
        gen.dictInsert(result, key, Value(), loc);
    return result;
  }
  if (method == "intersection" || method == "difference") {
    Value result = copy();
    for (const std::vector<Value> &other : others()) {
      Value otherSet = gen.makeDict(/*isSet=*/true, loc);
      for (const Value &key : other)
        gen.dictInsert(otherSet, key, Value(), loc);
      DictValue &entries = dictEntries(result);
      for (size_t i = entries.keys.size(); i-- > 0;) {
        bool inOther = gen.dictLookup(otherSet, entries.keys[i], loc);
        if (inOther != (method == "intersection"))
          eraseEntry(gen, entries, i, loc);
      }
    }
    return result;
  }
  if (method == "issubset" || method == "issuperset") {
    PythonArgs bound(gen, name, args, {"other"}, 1);
    Value other = gen.makeDict(/*isSet=*/true, loc);
    for (const Value &key :
         gen.iterate(bound.get(0), bound.loc(0), "the argument"))
      gen.dictInsert(other, key, Value(), loc);
    const Value &small = method == "issubset" ? self : other;
    const Value &large = method == "issubset" ? other : self;
    for (const Value &key : small.getDict()->keys)
      if (!gen.dictLookup(large, key, loc))
        return Value(false);
    return Value(true);
  }
  gen.checkMutable(self, loc);
  if (method == "add") {
    PythonArgs bound(gen, name, args, {"elem"}, 1);
    gen.dictInsert(self, bound.get(0), Value(), bound.loc(0));
    return Value();
  }
  if (method == "update") {
    for (const std::vector<Value> &other : others())
      for (const Value &key : other)
        gen.dictInsert(self, key, Value(), loc);
    return Value();
  }
  if (method == "discard" || method == "remove") {
    PythonArgs bound(gen, name, args, {"elem"}, 1);
    std::optional<size_t> position =
        findEntry(gen, self, bound.get(0), bound.loc(0));
    if (position)
      eraseEntry(gen, set, *position, loc);
    else if (method == "remove")
      gen.fail(bound.loc(0), bound.get(0).toString() + " is not in the set");
    return Value();
  }
  if (method == "pop") {
    PythonArgs(gen, name, args, {}, 0);
    if (set.keys.empty())
      gen.fail(loc, "pop from an empty set");
    Value removed = set.keys.front();
    eraseEntry(gen, set, 0, loc);
    return removed;
  }
  // clear
  PythonArgs(gen, name, args, {}, 0);
  set.keys.clear();
  set.values.clear();
  set.index.clear();
  return Value();
}

static Value callMethod(CodeGen &gen, const std::string &qualifiedName,
                        const Value &self, CallArgs &args, SourceLoc loc) {
  size_t dot = qualifiedName.find('.');
  std::string type = qualifiedName.substr(0, dot);
  std::string method = qualifiedName.substr(dot + 1);
  if (type == "str")
    return gen.callStringMethod(method, self.get<std::string>(), args, loc);
  if (type == "list")
    return callListMethod(gen, method, self, args, loc);
  if (type == "tuple")
    return callTupleMethod(gen, method, self, args, loc);
  if (type == "dict")
    return callDictMethod(gen, method, self, args, loc);
  if (type == "set")
    return callSetMethod(gen, method, self, args, loc);
  PythonArgs(gen, qualifiedName, args, {}, 0);
  if (method == "bit_length")
    return Value(static_cast<int64_t>(toBigInt(self).bitLength()));
  // float.is_integer
  double value = self.get<double>();
  return Value(std::isfinite(value) && std::floor(value) == value);
}

//===----------------------------------------------------------------------===//
// Dispatch
//===----------------------------------------------------------------------===//

/// tuple(), list(), set() and dict() of an iterable.
static Value construct(CodeGen &gen, const std::string &name,
                       CallArgs &args) {
  requireCompileTime(gen, name, args);
  if (name == "dict") {
    if (args.positional.size() > 1)
      gen.fail(args.positionalLocs[1], "dict() takes at most 1 positional "
                                       "argument");
    Value dict = gen.makeDict(/*isSet=*/false, args.callLoc);
    if (!args.positional.empty())
      updateDict(gen, dict, args.positional[0], args.positionalLocs[0]);
    for (const KeywordArg &keyword : args.keywords)
      gen.dictInsert(dict, Value(keyword.name), keyword.value, keyword.loc);
    return dict;
  }
  PythonArgs bound(gen, name, args, {"iterable"}, 0);
  std::vector<Value> items;
  if (bound.has(0))
    items = gen.iterate(bound.get(0), bound.loc(0),
                        "the argument of " + name + "()");
  if (name == "tuple")
    return gen.makeTuple(std::move(items), args.callLoc);
  if (name == "list")
    return gen.makeList(std::move(items), args.callLoc);
  Value set = gen.makeDict(/*isSet=*/true, args.callLoc);
  for (const Value &item : items)
    gen.dictInsert(set, item, Value(), bound.loc(0));
  return set;
}

Value CodeGen::callPythonBuiltin(const BuiltinValue &builtin, CallArgs &args,
                                 SourceLoc loc) {
  std::string name = builtin.name.substr(std::string("builtins.").size());
  if (builtin.self)
    return callMethod(*this, name, *builtin.self, args, loc);
  if (name == "min" || name == "max")
    return minMax(*this, args, name == "max");
  if (name == "range")
    return makeRange(*this, "range", args);
  if (name == "print")
    fail(loc, "not supported yet: print() in kernels; gl.static_print "
              "prints compile-time values");
  if (name == "int")
    return toInt(*this, args, loc);
  if (name == "float")
    return toFloat(*this, args);
  if (name == "tuple" || name == "list" || name == "set" || name == "dict")
    return construct(*this, name, args);
  if (name == "sum")
    return sum(*this, args);
  if (name == "all" || name == "any")
    return allAny(*this, args, name == "all");
  if (name == "zip")
    return zip(*this, args);
  if (name == "enumerate")
    return enumerate(*this, args);
  if (name == "round")
    return roundBuiltin(*this, args);
  if (name == "hex" || name == "oct" || name == "bin")
    return integerText(*this, args, name);
  if (name == "chr")
    return chr(*this, args);
  if (name == "ord")
    return ord(*this, args);
  if (name == "isinstance") {
    PythonArgs bound(*this, name, args, {"obj", "classinfo"}, 2);
    return Value(isInstance(*this, bound.get(0), bound.get(1), bound.loc(1),
                            0));
  }
  if (name == "sorted" || name == "reversed") {
    PythonArgs bound(*this, name, args, {"iterable", "key", "reverse"}, 1);
    if (name == "reversed" && (bound.has(1) || bound.has(2)))
      fail(loc, "reversed() takes exactly one argument");
    std::vector<Value> items =
        iterate(bound.get(0), bound.loc(0), "the argument of " + name + "()");
    if (name == "reversed")
      std::reverse(items.begin(), items.end());
    else
      sortValues(*this, items, bound.has(1) ? &bound.get(1) : nullptr,
                 bound.has(2) && isTruthy(bound.get(2), bound.loc(2)), loc);
    return makeList(std::move(items), loc);
  }
  if (name == "divmod" || name == "pow") {
    requireCompileTime(*this, name, args);
    PythonArgs bound(*this, name, args, {"x", "y"}, 2);
    if (name == "pow")
      return binaryOp(BinaryOp::Pow, bound.get(0), bound.get(1), loc,
                      bound.loc(0), bound.loc(1));
    Value quotient = binaryOp(BinaryOp::FloorDiv, bound.get(0), bound.get(1),
                              loc, bound.loc(0), bound.loc(1));
    Value remainder = binaryOp(BinaryOp::Mod, bound.get(0), bound.get(1), loc,
                               bound.loc(0), bound.loc(1));
    return makeTuple({quotient, remainder}, loc);
  }
  requireCompileTime(*this, name, args);
  PythonArgs bound(*this, name, args, {"x"}, name == "str" ? 0 : 1);
  SourceLoc xLoc = bound.loc(0);
  bool given = !args.positional.empty() || !args.keywords.empty();
  if (name == "str")
    return makeString(given ? toStr(bound.get(0), xLoc) : std::string(), loc);
  const Value &x = bound.get(0);
  if (name == "repr")
    return makeString(toRepr(x, xLoc), loc);
  if (name == "bool")
    return Value(isTruthy(x, xLoc));
  if (name == "len") {
    if (const std::vector<Value> *sequence = x.getSequence())
      return Value(int64_t(sequence->size()));
    if (auto *text = x.getIf<std::string>())
      return Value(int64_t(text->size()));
    if (const DictValue *dict = x.getDict())
      return Value(int64_t(dict->keys.size()));
    if (auto *range = x.getIf<RangeValue>()) {
      if (range->size() > uint64_t(INT64_MAX))
        fail(xLoc, "the length of this range does not fit in 64 bits");
      return Value(static_cast<int64_t>(range->size()));
    }
    fail(xLoc, "object of type '" + x.getTypeName() + "' has no len()");
  }
  if (name == "abs") {
    if (auto *d = x.getIf<double>())
      return Value(std::fabs(*d));
    if (!isIntegral(x))
      fail(xLoc, "bad operand type for abs(): '" + x.getTypeName() + "'");
    return makeInt(toBigInt(x).abs(), xLoc);
  }
  fail(loc, "not supported yet: calling '" + name + "'");
}

//===----------------------------------------------------------------------===//
// Compile-time gl builtins
//===----------------------------------------------------------------------===//

Value CodeGen::staticRange(CallArgs &args, SourceLoc loc) {
  (void)loc;
  return makeRange(*this, "gl.static_range", args);
}

Value CodeGen::staticPrint(CallArgs &args, SourceLoc loc) {
  std::string separator = " ";
  for (const KeywordArg &keyword : args.keywords) {
    if (keyword.name == "sep") {
      auto *text = keyword.value.getIf<std::string>();
      if (!text)
        fail(keyword.loc, "gl.static_print's sep must be a str, got " +
                              keyword.value.getTypeName());
      separator = *text;
    } else if (keyword.name != "end" && keyword.name != "flush") {
      fail(keyword.loc, "gl.static_print() got an unexpected keyword "
                        "argument '" +
                            keyword.name + "'");
    }
  }
  std::string text;
  for (size_t i = 0; i < args.positional.size(); ++i) {
    if (i)
      text += separator;
    text += toStr(args.positional[i], args.positionalLocs[i]);
    if (text.size() > kMaxCompileTimeStringBytes)
      fail(loc, "gl.static_print's text would exceed " +
                    std::to_string(kMaxCompileTimeStringBytes) + " bytes");
  }
  // The trial run of a run-time loop's body must not print twice.
  if (dryRunDepth == 0)
    diags.note(loc, "static_print: " + text);
  return Value();
}

Value CodeGen::castBuiltin(CallArgs &args, SourceLoc loc) {
  PythonArgs bound(*this, "gl.cast", args,
                   {"input", "dtype", "fp_downcast_rounding", "bitcast"}, 2);
  if (bound.has(2))
    fail(bound.loc(2), "not supported yet: gl.cast(fp_downcast_rounding=...)");
  auto *dtype = bound.get(1).getIf<DType>();
  if (!dtype)
    fail(bound.loc(1), "expected a dtype such as gl.float32, got " +
                           bound.get(1).getTypeName() + " " +
                           bound.get(1).toString());
  RuntimeValue input =
      requireRuntime(bound.get(0), bound.loc(0), "the input of gl.cast");
  bool bitcast = bound.has(3) && isTruthy(bound.get(3), bound.loc(3));
  return bitcast ? bitcastTo(input, *dtype, loc) : castTo(input, *dtype, loc);
}
