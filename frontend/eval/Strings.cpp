//===- Strings.cpp - str(), repr(), f-strings, formatting, str methods ----===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Kernels build inline assembly and names with f-strings, `%` and
// `.format`; this file implements them with Python's format-spec
// mini-language, and the common methods of str. Strings are byte strings:
// indexing, len() and case conversion work on ASCII.
//
//===----------------------------------------------------------------------===//

#include "Interpreter.h"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstring>

using namespace gluonc;
using namespace gluonc::frontend;

namespace {
/// A parsed format spec: `[[fill]align][sign][#][0][width][,|_][.precision]
/// [type]`, as in Python's format() mini-language.
struct FormatSpec {
  char fill = ' ';
  /// '<', '>', '^', '=' or 0 for the default of the value's type.
  char align = 0;
  /// '+', '-', ' ' or 0.
  char sign = 0;
  bool alternate = false;
  int64_t width = 0;
  /// ',', '_' or 0.
  char grouping = 0;
  int64_t precision = -1;
  char type = 0;
};
} // namespace

static void checkStringSize(Interpreter &interpreter, uint64_t size,
                            SourceLoc loc) {
  if (size > kMaxCompileTimeStringBytes)
    interpreter.fail(loc, "a compile-time string would exceed " +
                              std::to_string(kMaxCompileTimeStringBytes) +
                              " bytes");
}

//===----------------------------------------------------------------------===//
// Format specs
//===----------------------------------------------------------------------===//

/// Reads a decimal number of a spec; fails past the string limit.
static int64_t readNumber(Interpreter &interpreter, const std::string &text,
                          size_t &pos, SourceLoc loc) {
  int64_t value = 0;
  while (pos < text.size() &&
         std::isdigit(static_cast<unsigned char>(text[pos]))) {
    value = value * 10 + (text[pos++] - '0');
    if (value > static_cast<int64_t>(kMaxCompileTimeStringBytes))
      interpreter.fail(loc, "a width or precision of " + text +
                                " would exceed the compile-time string limit");
  }
  return value;
}

/// Parses a format spec; fails at `loc` when it is malformed.
static FormatSpec parseFormatSpec(Interpreter &interpreter,
                                  const std::string &spec, SourceLoc loc) {
  FormatSpec result;
  size_t pos = 0, size = spec.size();
  auto isAlign = [](char c) {
    return c == '<' || c == '>' || c == '=' || c == '^';
  };
  if (size >= 2 && isAlign(spec[1])) {
    result.fill = spec[0];
    result.align = spec[1];
    pos = 2;
  } else if (size >= 1 && isAlign(spec[0])) {
    result.align = spec[0];
    pos = 1;
  }
  if (pos < size && (spec[pos] == '+' || spec[pos] == '-' || spec[pos] == ' '))
    result.sign = spec[pos++];
  if (pos < size && spec[pos] == 'z')
    ++pos;
  if (pos < size && spec[pos] == '#') {
    result.alternate = true;
    ++pos;
  }
  if (pos < size && spec[pos] == '0') {
    // Zero padding goes between the sign and the digits.
    if (!result.align) {
      result.fill = '0';
      result.align = '=';
    }
    ++pos;
  }
  result.width = readNumber(interpreter, spec, pos, loc);
  if (pos < size && (spec[pos] == ',' || spec[pos] == '_'))
    result.grouping = spec[pos++];
  if (pos < size && spec[pos] == '.') {
    ++pos;
    if (pos >= size || !std::isdigit(static_cast<unsigned char>(spec[pos])))
      interpreter.fail(loc,
                       "format specifier missing precision in '" + spec + "'");
    result.precision = readNumber(interpreter, spec, pos, loc);
  }
  if (pos < size)
    result.type = spec[pos++];
  if (pos != size)
    interpreter.fail(loc, "invalid format specifier '" + spec + "'");
  return result;
}

/// Pads `prefix + body` to the spec's width; '=' puts the fill between
/// them (after the sign).
static std::string pad(Interpreter &interpreter, const std::string &prefix,
                       const std::string &body, const FormatSpec &spec,
                       char defaultAlign, SourceLoc loc) {
  size_t length = prefix.size() + body.size();
  if (spec.width <= static_cast<int64_t>(length))
    return prefix + body;
  checkStringSize(interpreter, spec.width, loc);
  size_t fill = spec.width - length;
  char align = spec.align ? spec.align : defaultAlign;
  std::string padding(fill, spec.fill);
  switch (align) {
  case '<':
    return prefix + body + padding;
  case '^':
    return std::string(fill / 2, spec.fill) + prefix + body +
           std::string(fill - fill / 2, spec.fill);
  case '=':
    return prefix + padding + body;
  default:
    return padding + prefix + body;
  }
}

/// Inserts `separator` every `every` digits of the integer part.
static std::string group(const std::string &digits, char separator,
                         size_t every) {
  size_t end = digits.find_first_not_of("0123456789abcdefABCDEF");
  if (end == std::string::npos)
    end = digits.size();
  std::string integer = digits.substr(0, end), grouped;
  for (size_t i = 0; i < integer.size(); ++i) {
    if (i && (integer.size() - i) % every == 0)
      grouped += separator;
    grouped += integer[i];
  }
  return grouped + digits.substr(end);
}

static std::string signPrefix(bool negative, char sign) {
  if (negative)
    return "-";
  if (sign == '+' || sign == ' ')
    return std::string(1, sign);
  return "";
}

static std::string formatString(Interpreter &interpreter,
                                const std::string &text, const FormatSpec &spec,
                                SourceLoc loc) {
  if (spec.type && spec.type != 's')
    interpreter.fail(loc, std::string("unknown format code '") + spec.type +
                              "' for object of type 'str'");
  if (spec.sign || spec.alternate || spec.grouping || spec.align == '=')
    interpreter.fail(loc, "a sign, '#', ',' or '=' is not allowed in a string "
                          "format specifier");
  std::string body = text;
  if (spec.precision >= 0 && static_cast<size_t>(spec.precision) < body.size())
    body.resize(spec.precision);
  return pad(interpreter, "", body, spec, '<', loc);
}

static std::string formatFloat(Interpreter &interpreter, double value,
                               const FormatSpec &spec, SourceLoc loc) {
  char type = spec.type;
  bool negative = std::signbit(value) && !std::isnan(value);
  double magnitude = std::fabs(value);
  std::string body;
  if (!type && spec.precision < 0) {
    body = formatFloatRepr(magnitude);
  } else {
    std::string format = "%";
    if (spec.alternate)
      format += '#';
    int64_t precision = spec.precision < 0 ? 6 : spec.precision;
    char conversion = type;
    if (!type || type == 'n')
      conversion = 'g';
    if (type == '%') {
      conversion = 'f';
      magnitude *= 100;
    }
    // Python's default 'g' keeps at least one significant digit.
    if (conversion == 'g' || conversion == 'G')
      precision = std::max<int64_t>(precision, 1);
    format += ".*";
    format += conversion;
    int needed = std::snprintf(nullptr, 0, format.c_str(),
                               static_cast<int>(precision), magnitude);
    checkStringSize(interpreter,
                    needed < 0 ? kMaxCompileTimeStringBytes + 1 : needed, loc);
    body.resize(needed + 1);
    std::snprintf(body.data(), body.size(), format.c_str(),
                  static_cast<int>(precision), magnitude);
    body.resize(needed);
    if (type == '%')
      body += '%';
    // Without a type, fixed-point output keeps a digit after the point.
    if (!type && body.find_first_of(".einf") == std::string::npos)
      body += ".0";
  }
  if (spec.grouping)
    body = group(body, spec.grouping, 3);
  return pad(interpreter, signPrefix(negative, spec.sign), body, spec, '>',
             loc);
}

static std::string formatInt(Interpreter &interpreter, const BigInt &value,
                             const FormatSpec &spec, SourceLoc loc) {
  char type = spec.type;
  if (type == 'e' || type == 'E' || type == 'f' || type == 'F' || type == 'g' ||
      type == 'G' || type == '%') {
    double converted = value.toDouble();
    if (std::isinf(converted))
      interpreter.fail(loc, "the integer is too large to format as a float");
    return formatFloat(interpreter, converted, spec, loc);
  }
  if (spec.precision >= 0)
    interpreter.fail(loc,
                     "precision is not allowed in an integer format specifier");
  if (type == 'c') {
    std::optional<int64_t> code = value.toInt64();
    if (!code || *code < 0 || *code > 0x10ffff)
      interpreter.fail(loc, "%c argument not in range(0x110000)");
    return formatString(
        interpreter, std::string(1, static_cast<char>(*code)),
        FormatSpec{spec.fill, spec.align, 0, false, spec.width, 0, -1, 0}, loc);
  }
  unsigned base = 10;
  std::string prefix;
  switch (type) {
  case 0:
  case 'd':
  case 'n':
    break;
  case 'b':
    base = 2;
    prefix = "0b";
    break;
  case 'o':
    base = 8;
    prefix = "0o";
    break;
  case 'x':
  case 'X':
    base = 16;
    prefix = type == 'x' ? "0x" : "0X";
    break;
  default:
    interpreter.fail(loc, std::string("unknown format code '") + type +
                              "' for object of type 'int'");
  }
  if (spec.grouping == ',' && base != 10)
    interpreter.fail(loc, std::string("cannot use ',' with '") + type + "'");
  interpreter.countSteps(loc,
                         value.wordCount() * value.wordCount() / kBytesPerStep);
  std::string digits = value.abs().toString(base);
  if (type == 'X')
    for (char &c : digits)
      c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (spec.grouping)
    digits = group(digits, spec.grouping, base == 10 ? 3 : 4);
  std::string sign = signPrefix(value.isNegative(), spec.sign);
  return pad(interpreter, sign + (spec.alternate ? prefix : ""), digits, spec,
             '>', loc);
}

std::string Interpreter::formatValue(const Value &value,
                                     const std::string &spec, char conversion,
                                     SourceLoc loc) {
  if (value.isRuntime())
    fail(loc, "only compile-time values can be formatted into a string, got "
              "a run-time " +
                  value.getTypeName());
  Value converted = value;
  if (conversion == 'r' || conversion == 'a')
    converted = Value(toRepr(value, loc));
  else if (conversion == 's')
    converted = Value(toStr(value, loc));
  FormatSpec parsed = parseFormatSpec(*this, spec, loc);
  if (auto *text = converted.getIf<std::string>())
    return formatString(*this, *text, parsed, loc);
  // format(True, '') is 'True', but format(True, 'd') is '1'.
  if (converted.is<bool>() && spec.empty())
    return toStr(converted, loc);
  if (isIntegral(converted))
    return formatInt(*this, toBigInt(converted), parsed, loc);
  if (auto *d = converted.getIf<double>()) {
    if (parsed.type && !std::strchr("eEfFgGn%", parsed.type))
      fail(loc, std::string("unknown format code '") + parsed.type +
                    "' for object of type 'float'");
    return formatFloat(*this, *d, parsed, loc);
  }
  if (!spec.empty())
    fail(loc, "unsupported format string '" + spec + "' for a " +
                  value.getTypeName());
  return toStr(converted, loc);
}

//===----------------------------------------------------------------------===//
// f-strings
//===----------------------------------------------------------------------===//

Value Interpreter::evaluateFString(const FStringExpr &fstring) {
  std::string result;
  for (const FStringPart &part : fstring.parts) {
    if (part.isLiteral()) {
      result += part.literal;
    } else {
      Value value = evaluate(*part.value);
      std::string spec;
      if (part.formatSpec)
        spec = evaluateFString(*part.formatSpec).get<std::string>();
      result += formatValue(value, spec, part.conversion, part.value->loc);
    }
    checkStringSize(*this, result.size(), fstring.loc);
  }
  return makeString(std::move(result), fstring.loc);
}

//===----------------------------------------------------------------------===//
// printf-style formatting: `format % args`
//===----------------------------------------------------------------------===//

namespace {
/// One conversion of a `%` format, as written.
struct PercentConversion {
  std::string key;
  bool hasKey = false;
  std::string flags;
  int64_t width = 0;
  int64_t precision = -1;
  char type = 0;
};
} // namespace

/// One `%` conversion of percentFormat: flags, width, precision (-1 when
/// absent) and type.
static std::string formatPercentConversion(Interpreter &interpreter,
                                           const std::string &flags,
                                           int64_t width, int64_t precision,
                                           char type, const Value &argument,
                                           SourceLoc loc) {
  if (argument.isRuntime())
    interpreter.fail(
        loc, "only compile-time values can be formatted into a string, got "
             "a run-time " +
                 argument.getTypeName());
  FormatSpec spec;
  spec.width = width;
  bool leftAlign = flags.find('-') != std::string::npos;
  if (leftAlign)
    spec.align = '<';
  if (flags.find('+') != std::string::npos)
    spec.sign = '+';
  else if (flags.find(' ') != std::string::npos)
    spec.sign = ' ';
  spec.alternate = flags.find('#') != std::string::npos;
  bool zeroPad = !leftAlign && flags.find('0') != std::string::npos;

  std::string typeName(1, type);
  switch (type) {
  case 's':
  case 'r':
  case 'a': {
    std::string text = type == 's' ? interpreter.toStr(argument, loc)
                                   : interpreter.toRepr(argument, loc);
    spec.sign = 0;
    spec.alternate = false;
    spec.precision = precision;
    return formatString(interpreter, text, spec, loc);
  }
  case 'd':
  case 'i':
  case 'u':
  case 'o':
  case 'x':
  case 'X': {
    BigInt integer;
    if (isIntegral(argument)) {
      integer = toBigInt(argument);
    } else if (auto *d = argument.getIf<double>();
               d && std::isfinite(*d) && std::strchr("diu", type)) {
      integer = BigInt::fromDouble(*d);
    } else {
      interpreter.fail(
          loc, "%" + typeName + " format: " +
                   (std::strchr("diu", type) ? "a real number" : "an integer") +
                   " is required, not " + argument.getTypeName());
    }
    spec.type = std::strchr("diu", type) ? 'd' : type;
    // The precision is a minimum number of digits.
    FormatSpec digitsOnly;
    digitsOnly.type = spec.type;
    std::string digits = formatInt(interpreter, integer.abs(), digitsOnly, loc);
    if (precision > static_cast<int64_t>(digits.size())) {
      checkStringSize(interpreter, precision, loc);
      digits.insert(0, precision - digits.size(), '0');
    }
    std::string prefix = signPrefix(integer.isNegative(), spec.sign);
    if (spec.alternate && type != 'd' && type != 'i' && type != 'u')
      prefix += type == 'o' ? "0o" : type == 'x' ? "0x" : "0X";
    if (zeroPad) {
      spec.fill = '0';
      spec.align = '=';
    }
    return pad(interpreter, prefix, digits, spec, '>', loc);
  }
  case 'e':
  case 'E':
  case 'f':
  case 'F':
  case 'g':
  case 'G': {
    if (!isNumeric(argument))
      interpreter.fail(loc, "%" + typeName +
                                " format: a real number is required, not " +
                                argument.getTypeName());
    double number = argument.is<double>() ? argument.get<double>()
                                          : toBigInt(argument).toDouble();
    spec.type = type;
    spec.precision = precision < 0 ? 6 : precision;
    if (zeroPad) {
      spec.fill = '0';
      spec.align = '=';
    }
    return formatFloat(interpreter, number, spec, loc);
  }
  case 'c': {
    if (auto *text = argument.getIf<std::string>(); text && text->size() == 1)
      return formatString(interpreter, *text, spec, loc);
    if (!isIntegral(argument))
      interpreter.fail(loc, "%c requires an int or a single character, not " +
                                argument.getTypeName());
    spec.type = 'c';
    spec.sign = 0;
    spec.alternate = false;
    return formatInt(interpreter, toBigInt(argument), spec, loc);
  }
  default: {
    char hex[8];
    std::snprintf(hex, sizeof(hex), "0x%02x",
                  static_cast<unsigned char>(type));
    interpreter.fail(loc, "unsupported format character '" + typeName + "' (" +
                              hex + ")");
  }
  }
}

Value Interpreter::percentFormat(const std::string &format, const Value &args,
                             SourceLoc loc) {
  std::vector<Value> positional;
  const Value *mapping = nullptr;
  if (const std::vector<Value> *elements = args.getSequence();
      elements && args.isTuple())
    positional = *elements;
  else
    positional.push_back(args);
  if (args.isDict())
    mapping = &args;
  size_t next = 0;
  auto nextArgument = [&]() -> const Value & {
    if (next >= positional.size())
      fail(loc, "not enough arguments for format string");
    return positional[next++];
  };
  auto readCount = [&](size_t &pos) -> int64_t {
    if (pos < format.size() && format[pos] == '*') {
      ++pos;
      const Value &count = nextArgument();
      if (!isIntegral(count))
        fail(loc, "* wants an int, got " + count.getTypeName());
      std::optional<int64_t> value = toBigInt(count).toInt64();
      if (!value || *value > int64_t(kMaxCompileTimeStringBytes))
        fail(loc, "a width or precision of " + count.toString() +
                      " would exceed the compile-time string limit");
      return *value;
    }
    return readNumber(*this, format, pos, loc);
  };

  std::string result;
  bool usedMapping = false;
  for (size_t pos = 0; pos < format.size();) {
    char c = format[pos++];
    if (c != '%') {
      result += c;
      continue;
    }
    PercentConversion conversion;
    if (pos < format.size() && format[pos] == '(') {
      // `%(name)s`: parentheses may nest inside the key.
      int depth = 1;
      size_t start = ++pos;
      while (pos < format.size() && depth) {
        depth += format[pos] == '(' ? 1 : format[pos] == ')' ? -1 : 0;
        ++pos;
      }
      if (depth)
        fail(loc, "incomplete format key");
      conversion.key = format.substr(start, pos - start - 1);
      conversion.hasKey = true;
    }
    while (pos < format.size() && format[pos] &&
           std::strchr("-+ #0", format[pos]))
      conversion.flags += format[pos++];
    conversion.width = readCount(pos);
    if (pos < format.size() && format[pos] == '.') {
      ++pos;
      conversion.precision = readCount(pos);
    }
    while (pos < format.size() && format[pos] &&
           std::strchr("hlL", format[pos]))
      ++pos;
    if (pos >= format.size())
      fail(loc, "incomplete format");
    conversion.type = format[pos++];
    if (conversion.type == '%') {
      result += '%';
      continue;
    }
    Value argument;
    if (conversion.hasKey) {
      if (!mapping)
        fail(loc, "format requires a mapping");
      const Value *found = dictLookup(*mapping, Value(conversion.key), loc);
      if (!found)
        fail(loc, "key '" + conversion.key + "' is not in the mapping");
      argument = *found;
      usedMapping = true;
    } else {
      argument = nextArgument();
    }
    result += formatPercentConversion(*this, conversion.flags,
                                      conversion.width,
                                      conversion.precision, conversion.type,
                                      argument, loc);
    checkStringSize(*this, result.size(), loc);
  }
  if (!usedMapping && next < positional.size() && !(mapping && next == 0))
    fail(loc, "not all arguments converted during string formatting");
  return makeString(std::move(result), loc);
}

//===----------------------------------------------------------------------===//
// str.format
//===----------------------------------------------------------------------===//

namespace {
/// Expands the replacement fields of a str.format() template.
class FormatExpander {
public:
  FormatExpander(Interpreter &interpreter, const BoundArgs &args, SourceLoc loc)
      : interpreter(interpreter), positional(args.rest()),
        keywords(args.extraKeywords()), loc(loc) {}

  std::string expand(const std::string &text, unsigned depth) {
    std::string result;
    for (size_t i = 0; i < text.size();) {
      char c = text[i];
      if (c == '{' && i + 1 < text.size() && text[i + 1] == '{') {
        result += '{';
        i += 2;
      } else if (c == '}') {
        if (i + 1 >= text.size() || text[i + 1] != '}')
          interpreter.fail(loc, "single '}' encountered in format string");
        result += '}';
        i += 2;
      } else if (c == '{') {
        size_t end = findFieldEnd(text, i);
        result += expandField(text.substr(i + 1, end - i - 1), depth);
        i = end + 1;
      } else {
        result += c;
        ++i;
      }
      if (result.size() > kMaxCompileTimeStringBytes)
        checkStringSize(interpreter, result.size(), loc);
    }
    return result;
  }

private:
  size_t findFieldEnd(const std::string &text, size_t open) {
    int depth = 0;
    for (size_t j = open; j < text.size(); ++j) {
      depth += text[j] == '{' ? 1 : text[j] == '}' ? -1 : 0;
      if (depth == 0)
        return j;
    }
    interpreter.fail(loc, "expected '}' before the end of the format string");
  }

  std::string expandField(const std::string &field, unsigned depth) {
    size_t stop = field.find_first_of("!:");
    std::string name = field.substr(0, stop);
    char conversion = 0;
    std::string spec;
    if (stop != std::string::npos && field[stop] == '!') {
      if (stop + 1 >= field.size() || !std::strchr("rsa", field[stop + 1]) ||
          !field[stop + 1])
        interpreter.fail(loc, "unknown conversion in format field '{" + field +
                                  "}'");
      conversion = field[stop + 1];
      stop += 2;
      if (stop < field.size() && field[stop] != ':')
        interpreter.fail(
            loc, "expected ':' after the conversion in format field '{" +
                     field + "}'");
    }
    if (stop < field.size())
      spec = field.substr(stop + 1);
    if (spec.find('{') != std::string::npos) {
      // A spec may hold fields itself (`{x:{width}}`), one level deep.
      if (depth > 0)
        interpreter.fail(loc, "format fields nested more than two deep");
      spec = expand(spec, depth + 1);
    }
    return interpreter.formatValue(resolve(name), spec, conversion, loc);
  }

  /// `0`, `name`, or `` followed by `.attribute` and `[key]` accessors.
  Value resolve(const std::string &name) {
    size_t end = name.find_first_of(".[");
    std::string first = name.substr(0, end);
    Value value;
    bool isIndex = !first.empty() &&
                   first.find_first_not_of("0123456789") == std::string::npos;
    if (first.empty() || isIndex) {
      Numbering wanted = first.empty() ? Numbering::Automatic
                                       : Numbering::Manual;
      if (numbering != Numbering::Unknown && numbering != wanted)
        interpreter.fail(loc,
                         "cannot switch between automatic and manual field "
                         "numbering in a format string");
      numbering = wanted;
      size_t index = first.empty() ? nextIndex++
                     : first.size() > 9 ? SIZE_MAX
                                        : std::stoul(first);
      if (index >= positional.size())
        interpreter.fail(
            loc, "replacement index " +
                     (first.empty() ? std::to_string(index) : first) +
                     " out of range for " + std::to_string(positional.size()) +
                     " positional arguments of format()");
      value = positional[index];
    } else {
      auto it = std::find_if(
          keywords.begin(), keywords.end(),
          [&](const KeywordArg &keyword) { return keyword.name == first; });
      if (it == keywords.end())
        interpreter.fail(loc,
                         "format() has no keyword argument '" + first + "'");
      value = it->value;
    }
    while (end < name.size()) {
      if (name[end] == '.') {
        size_t next = name.find_first_of(".[", end + 1);
        std::string attribute = name.substr(end + 1, next - end - 1);
        value = interpreter.getAttribute(value, attribute, loc);
        end = next;
        continue;
      }
      size_t close = name.find(']', end);
      if (close == std::string::npos)
        interpreter.fail(loc, "missing ']' in format field '" + name + "'");
      std::string key = name.substr(end + 1, close - end - 1);
      bool numeric = !key.empty() &&
                     key.find_first_not_of("0123456789") == std::string::npos;
      Value keyValue = numeric && key.size() <= 18
                           ? Value(static_cast<int64_t>(std::stoll(key)))
                           : Value(key);
      value = interpreter.getItem(value, keyValue, loc, loc);
      end = close + 1;
      if (end < name.size() && name[end] != '.' && name[end] != '[')
        interpreter.fail(loc,
                         "only '.' or '[' may follow ']' in format field '" +
                             name + "'");
    }
    return value;
  }

  enum class Numbering { Unknown, Automatic, Manual };
  Interpreter &interpreter;
  const std::vector<Value> &positional;
  const std::vector<KeywordArg> &keywords;
  SourceLoc loc;
  Numbering numbering = Numbering::Unknown;
  size_t nextIndex = 0;
};
} // namespace


//===----------------------------------------------------------------------===//
// str methods
//===----------------------------------------------------------------------===//

static bool isSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' ||
         c == '\f';
}

/// Python's str.split / str.rsplit, with `separator` empty for runs of
/// whitespace.
static std::vector<std::string> splitString(const std::string &text,
                                            const std::string *separator,
                                            int64_t maxSplit, bool fromRight) {
  std::vector<std::string> parts;
  if (!separator) {
    // Runs of whitespace separate; leading and trailing ones are dropped.
    std::vector<std::pair<size_t, size_t>> words;
    for (size_t i = 0; i < text.size();) {
      while (i < text.size() && isSpace(text[i]))
        ++i;
      size_t start = i;
      while (i < text.size() && !isSpace(text[i]))
        ++i;
      if (i > start)
        words.emplace_back(start, i);
    }
    if (maxSplit < 0 || static_cast<size_t>(maxSplit) + 1 >= words.size()) {
      for (auto [start, end] : words)
        parts.push_back(text.substr(start, end - start));
      return parts;
    }
    size_t keep = maxSplit;
    if (fromRight) {
      size_t firstKept = words.size() - keep;
      parts.push_back(text.substr(words[0].first, words[firstKept - 1].second -
                                                      words[0].first));
      for (size_t i = firstKept; i < words.size(); ++i)
        parts.push_back(text.substr(words[i].first,
                                    words[i].second - words[i].first));
      return parts;
    }
    for (size_t i = 0; i < keep; ++i)
      parts.push_back(text.substr(words[i].first,
                                  words[i].second - words[i].first));
    parts.push_back(text.substr(words[keep].first,
                                words.back().second - words[keep].first));
    return parts;
  }
  // Split at every occurrence, then merge the ends that maxsplit keeps.
  std::vector<std::string> all;
  size_t start = 0;
  for (size_t found; (found = text.find(*separator, start)) !=
                     std::string::npos;
       start = found + separator->size())
    all.push_back(text.substr(start, found - start));
  all.push_back(text.substr(start));
  if (maxSplit < 0 || static_cast<size_t>(maxSplit) + 1 >= all.size())
    return all;
  auto joinRange = [&](size_t first, size_t last) {
    std::string joined;
    for (size_t i = first; i < last; ++i)
      joined += (i > first ? *separator : "") + all[i];
    return joined;
  };
  size_t keep = maxSplit;
  if (fromRight) {
    parts.push_back(joinRange(0, all.size() - keep));
    parts.insert(parts.end(), all.end() - keep, all.end());
    return parts;
  }
  parts.assign(all.begin(), all.begin() + keep);
  parts.push_back(joinRange(keep, all.size()));
  return parts;
}

static std::string stripString(const std::string &text,
                               const std::string *characters, bool left,
                               bool right) {
  auto strips = [&](char c) {
    return characters ? characters->find(c) != std::string::npos : isSpace(c);
  };
  size_t begin = 0, end = text.size();
  while (left && begin < end && strips(text[begin]))
    ++begin;
  while (right && end > begin && strips(text[end - 1]))
    --end;
  return text.substr(begin, end - begin);
}

/// The strings a startswith/endswith argument allows: a str or a tuple of
/// them.
static std::vector<std::string> affixes(Interpreter &interpreter,
                                        const Value &value, SourceLoc loc,
                                        const std::string &method) {
  if (auto *text = value.getIf<std::string>())
    return {*text};
  std::vector<std::string> result;
  if (value.isTuple())
    for (const Value &element : *value.getSequence())
      if (auto *text = element.getIf<std::string>())
        result.push_back(*text);
  if (!value.isTuple() || result.size() != value.getSequence()->size())
    interpreter.fail(loc, method + "() takes a str or a tuple of str, got " +
                              value.getTypeName());
  return result;
}

namespace {
/// The `self` of a str method, with the cost of looking at it counted.
const std::string &selfString(Interpreter &interpreter, const BoundArgs &args) {
  const std::string &self = args.self().get<std::string>();
  interpreter.countSteps(args.callLoc(), self.size() / kBytesPerStep);
  return self;
}

/// A str method mapping each byte through `function`.
BuiltinHandler transform(int (*function)(int)) {
  return [function](Interpreter &interpreter, const BoundArgs &args) {
    std::string result = selfString(interpreter, args);
    for (char &c : result)
      c = static_cast<char>(function(static_cast<unsigned char>(c)));
    return interpreter.makeString(std::move(result), args.callLoc());
  };
}

/// A str method true when the string is not empty and every byte passes
/// `predicate`.
BuiltinHandler test(int (*predicate)(int)) {
  return [predicate](Interpreter &interpreter, const BoundArgs &args) {
    const std::string &self = selfString(interpreter, args);
    bool all = !self.empty();
    for (char c : self)
      all &= predicate(static_cast<unsigned char>(c)) != 0;
    return Value(all);
  };
}

/// isupper / islower: cased characters all of one case, and at least one.
BuiltinHandler testCase(bool upper) {
  return [upper](Interpreter &interpreter, const BoundArgs &args) {
    bool cased = false, matches = true;
    for (char c : selfString(interpreter, args)) {
      auto byte = static_cast<unsigned char>(c);
      if (std::isalpha(byte)) {
        cased = true;
        matches &= (std::isupper(byte) != 0) == upper;
      }
    }
    return Value(cased && matches);
  };
}

/// title (each word) or capitalize (the first character only).
BuiltinHandler capitalize(bool eachWord) {
  return [eachWord](Interpreter &interpreter, const BoundArgs &args) {
    std::string result = selfString(interpreter, args);
    bool startOfWord = true;
    for (size_t i = 0; i < result.size(); ++i) {
      auto byte = static_cast<unsigned char>(result[i]);
      bool upper = eachWord ? startOfWord : i == 0;
      result[i] = static_cast<char>(upper ? std::toupper(byte)
                                          : std::tolower(byte));
      startOfWord = !std::isalpha(byte);
    }
    return interpreter.makeString(std::move(result), args.callLoc());
  };
}

Value join(Interpreter &interpreter, const BoundArgs &args) {
  const std::string &self = selfString(interpreter, args);
  std::string result;
  size_t index = 0;
  for (const Value &item :
       interpreter.iterate(args.get("iterable"), args.loc("iterable"),
                           "the argument of join()")) {
    auto *text = item.getIf<std::string>();
    if (!text)
      interpreter.fail(args.loc("iterable"),
                       "sequence item " + std::to_string(index) +
                           ": expected str, got " + item.getTypeName());
    if (index++)
      result += self;
    result += *text;
    checkStringSize(interpreter, result.size(), args.callLoc());
  }
  return interpreter.makeString(std::move(result), args.callLoc());
}

BuiltinHandler split(bool fromRight) {
  return [fromRight](Interpreter &interpreter, const BoundArgs &args) {
    const std::string &self = selfString(interpreter, args);
    const std::string *separator =
        args.has("sep") ? &args.getString("sep") : nullptr;
    if (separator && separator->empty())
      interpreter.fail(args.loc("sep"), "empty separator");
    if (separator)
      interpreter.countSearch(args.callLoc(), self.size(), separator->size());
    interpreter.chargeMemory(self.size(), args.callLoc());
    std::vector<Value> parts;
    for (std::string &part : splitString(
             self, separator, args.getInt("maxsplit", -1), fromRight))
      parts.push_back(Value(std::move(part)));
    return interpreter.makeList(std::move(parts), args.callLoc());
  };
}

Value splitLines(Interpreter &interpreter, const BoundArgs &args) {
  const std::string &self = selfString(interpreter, args);
  bool keepEnds =
      interpreter.isTruthy(args.get("keepends"), args.loc("keepends"));
  std::vector<Value> lines;
  for (size_t start = 0; start < self.size();) {
    size_t end = self.find_first_of("\r\n", start);
    if (end == std::string::npos) {
      lines.push_back(Value(self.substr(start)));
      break;
    }
    size_t next = end + (self.compare(end, 2, "\r\n") == 0 ? 2 : 1);
    lines.push_back(Value(self.substr(start, (keepEnds ? next : end) - start)));
    start = next;
  }
  return interpreter.makeList(std::move(lines), args.callLoc());
}

BuiltinHandler strip(bool left, bool right) {
  return [left, right](Interpreter &interpreter, const BoundArgs &args) {
    const std::string &self = selfString(interpreter, args);
    const std::string *characters =
        args.has("chars") ? &args.getString("chars") : nullptr;
    return interpreter.makeString(stripString(self, characters, left, right),
                                  args.callLoc());
  };
}

bool hasAffix(const std::string &text, const std::string &affix, bool prefix) {
  return affix.size() <= text.size() &&
         (prefix ? text.compare(0, affix.size(), affix) == 0
                 : text.compare(text.size() - affix.size(), affix.size(),
                                affix) == 0);
}

BuiltinHandler startsWith(bool prefix) {
  return [prefix](Interpreter &interpreter, const BoundArgs &args) {
    const std::string &self = selfString(interpreter, args);
    for (const std::string &affix :
         affixes(interpreter, args.get("prefix"), args.loc("prefix"),
                 prefix ? "startswith" : "endswith"))
      if (hasAffix(self, affix, prefix))
        return Value(true);
    return Value(false);
  };
}

BuiltinHandler removeAffix(bool prefix) {
  return [prefix](Interpreter &interpreter, const BoundArgs &args) {
    const std::string &self = selfString(interpreter, args);
    const std::string &affix = args.getString("affix");
    if (!hasAffix(self, affix, prefix))
      return Value(self);
    return interpreter.makeString(
        prefix ? self.substr(affix.size())
               : self.substr(0, self.size() - affix.size()),
        args.callLoc());
  };
}

Value replace(Interpreter &interpreter, const BoundArgs &args) {
  const std::string &self = selfString(interpreter, args);
  const std::string &old = args.getString("old");
  const std::string &replacement = args.getString("new");
  int64_t count = args.getInt("count", -1);
  interpreter.countSearch(args.callLoc(), self.size(), old.size());
  std::string result;
  size_t start = 0;
  for (int64_t done = 0; count < 0 || done < count; ++done) {
    // An empty `old` matches between every two characters.
    size_t found = old.empty()
                       ? (start <= self.size() ? start : std::string::npos)
                       : self.find(old, start);
    if (found == std::string::npos)
      break;
    result += self.substr(start, found - start) + replacement;
    checkStringSize(interpreter, result.size(), args.callLoc());
    if (old.empty()) {
      if (found < self.size())
        result += self[found];
      start = found + 1;
    } else {
      start = found + old.size();
    }
  }
  if (start < self.size())
    result += self.substr(start);
  return interpreter.makeString(std::move(result), args.callLoc());
}

/// find, rfind, index and count over self[start:end].
enum class Search { Find, ReverseFind, Index, Count };

BuiltinHandler search(Search kind) {
  return [kind](Interpreter &interpreter, const BoundArgs &args) {
    const std::string &self = selfString(interpreter, args);
    const std::string &sub = args.getString("sub");
    auto size = static_cast<int64_t>(self.size());
    auto clamp = [&](int64_t position) {
      if (position < 0)
        position = std::max<int64_t>(position + size, 0);
      return std::min(position, size);
    };
    int64_t start = clamp(args.getInt("start", 0));
    int64_t end = clamp(args.getInt("end", size));
    std::string window =
        start <= end ? self.substr(start, end - start) : std::string();
    interpreter.countSearch(args.callLoc(), window.size(), sub.size());
    if (kind == Search::Count) {
      if (sub.empty())
        return Value(static_cast<int64_t>(window.size() + 1));
      int64_t count = 0;
      for (size_t at = window.find(sub); at != std::string::npos;
           at = window.find(sub, at + sub.size()))
        ++count;
      return Value(count);
    }
    size_t found =
        kind == Search::ReverseFind ? window.rfind(sub) : window.find(sub);
    if (start > end)
      found = std::string::npos;
    if (found == std::string::npos) {
      if (kind == Search::Index)
        interpreter.fail(args.callLoc(),
                         "substring " + quoteString(sub) + " not found");
      return Value(int64_t(-1));
    }
    return Value(static_cast<int64_t>(found) + start);
  };
}

BuiltinHandler partition(bool fromRight) {
  return [fromRight](Interpreter &interpreter, const BoundArgs &args) {
    const std::string &self = selfString(interpreter, args);
    const std::string &separator = args.getString("sep");
    if (separator.empty())
      interpreter.fail(args.loc("sep"), "empty separator");
    interpreter.countSearch(args.callLoc(), self.size(), separator.size());
    size_t found = fromRight ? self.rfind(separator) : self.find(separator);
    std::vector<Value> parts;
    if (found == std::string::npos)
      parts = {Value(fromRight ? std::string() : self), Value(std::string()),
               Value(fromRight ? self : std::string())};
    else
      parts = {Value(self.substr(0, found)), Value(separator),
               Value(self.substr(found + separator.size()))};
    return interpreter.makeTuple(std::move(parts), args.callLoc());
  };
}

Value zeroFill(Interpreter &interpreter, const BoundArgs &args) {
  const std::string &self = selfString(interpreter, args);
  int64_t width = args.getInt("width", 0);
  if (width <= static_cast<int64_t>(self.size()))
    return Value(self);
  checkStringSize(interpreter, width, args.callLoc());
  size_t signLength = !self.empty() && (self[0] == '+' || self[0] == '-');
  std::string result = self;
  result.insert(signLength, width - self.size(), '0');
  return interpreter.makeString(std::move(result), args.callLoc());
}

/// ljust ('<'), rjust ('>') and center ('^').
BuiltinHandler justify(char align) {
  return [align](Interpreter &interpreter, const BoundArgs &args) {
    const std::string &self = selfString(interpreter, args);
    SourceLoc loc = args.callLoc();
    FormatSpec spec;
    spec.width = args.getInt("width", 0);
    spec.align = align;
    const std::string &fill = args.getString("fillchar");
    if (fill.size() != 1)
      interpreter.fail(args.loc("fillchar"),
                       "the fill character must be exactly "
                       "one character long");
    spec.fill = fill[0];
    if (align == '^' && spec.width > static_cast<int64_t>(self.size())) {
      // str.center leans right on odd margins of odd widths, unlike '^'.
      int64_t margin = spec.width - self.size();
      int64_t left = margin / 2 + (margin & spec.width & 1);
      checkStringSize(interpreter, spec.width, loc);
      return interpreter.makeString(std::string(left, spec.fill) + self +
                                        std::string(margin - left, spec.fill),
                                    loc);
    }
    return interpreter.makeString(pad(interpreter, "", self, spec, '<', loc),
                                  loc);
  };
}

Value format(Interpreter &interpreter, const BoundArgs &args) {
  FormatExpander expander(interpreter, args, args.callLoc());
  return interpreter.makeString(
      expander.expand(selfString(interpreter, args), 0), args.callLoc());
}
} // namespace

void gluonc::frontend::registerStringMethods(BuiltinTable &table) {
  table.addMethod({"str.format"}, "*args, **kwargs", format);
  table.addMethod({"str.upper"}, "", transform(::toupper));
  table.addMethod({"str.lower"}, "", transform(::tolower));
  table.addMethod({"str.isdigit"}, "", test(::isdigit));
  table.addMethod({"str.isalpha"}, "", test(::isalpha));
  table.addMethod({"str.isalnum"}, "", test(::isalnum));
  table.addMethod({"str.isspace"}, "", test(::isspace));
  table.addMethod({"str.isupper"}, "", testCase(true));
  table.addMethod({"str.islower"}, "", testCase(false));
  table.addMethod({"str.title"}, "", capitalize(true));
  table.addMethod({"str.capitalize"}, "", capitalize(false));
  table.addMethod({"str.join"}, "iterable", join);
  table.addMethod({"str.split"}, "sep=None, maxsplit=-1", split(false));
  table.addMethod({"str.rsplit"}, "sep=None, maxsplit=-1", split(true));
  table.addMethod({"str.splitlines"}, "keepends=False", splitLines);
  table.addMethod({"str.strip"}, "chars=None", strip(true, true));
  table.addMethod({"str.lstrip"}, "chars=None", strip(true, false));
  table.addMethod({"str.rstrip"}, "chars=None", strip(false, true));
  table.addMethod({"str.startswith"}, "prefix", startsWith(true));
  table.addMethod({"str.endswith"}, "prefix", startsWith(false));
  table.addMethod({"str.removeprefix"}, "affix", removeAffix(true));
  table.addMethod({"str.removesuffix"}, "affix", removeAffix(false));
  table.addMethod({"str.replace"}, "old, new, count=-1", replace);
  table.addMethod({"str.find"}, "sub, start=None, end=None",
                  search(Search::Find));
  table.addMethod({"str.rfind"}, "sub, start=None, end=None",
                  search(Search::ReverseFind));
  table.addMethod({"str.index"}, "sub, start=None, end=None",
                  search(Search::Index));
  table.addMethod({"str.count"}, "sub, start=None, end=None",
                  search(Search::Count));
  table.addMethod({"str.partition"}, "sep", partition(false));
  table.addMethod({"str.rpartition"}, "sep", partition(true));
  table.addMethod({"str.zfill"}, "width", zeroFill);
  table.addMethod({"str.ljust"}, "width, fillchar=' '", justify('<'));
  table.addMethod({"str.rjust"}, "width, fillchar=' '", justify('>'));
  table.addMethod({"str.center"}, "width, fillchar=' '", justify('^'));
}
