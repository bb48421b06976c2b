//===- Expressions.cpp - gluon-run's checked integer expressions ----------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A recursive-descent evaluator over int64_t: shifts, then + and -, then
// *, / and %, then unary signs and ^ (power), then numbers, names, calls
// (cdiv, min, max) and parentheses. Every operation is checked.
//
//===----------------------------------------------------------------------===//

#include "Expressions.h"

#include "Errors.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>

namespace gluonrun {
namespace {

/// A recursive-descent evaluator over int64. Every operation is checked:
/// overflow (INT64_MIN / -1 included) and division by zero are usage errors,
/// not SIGFPE, and nesting is bounded (MaxNesting) so that a deep expression
/// cannot overflow the stack (30,000 parentheses did).
class ExpressionParser {
public:
  /// Parentheses, calls, unary signs and powers, together.
  static constexpr int MaxNesting = 256;

  /// `context` ("--grid") starts every message.
  ExpressionParser(const std::string &text, const NameTable &names,
                   const std::string &context)
      : text(text), names(names), context(context) {}

  int64_t evaluate() {
    int64_t value = parseShift();
    skipSpaces();
    if (position != text.size())
      error("unexpected '" + shorten(text.substr(position)) + "'");
    return value;
  }

private:
  [[noreturn]] void error(const std::string &problem) const {
    throw UsageError((context.empty() ? "" : context + ": ") +
                     "in expression '" + shorten(text) + "': " + problem);
  }

  /// Long input is cut in messages: it can be anything the user passed.
  static std::string shorten(const std::string &piece) {
    constexpr size_t MaxShown = 60;
    return piece.size() <= MaxShown ? piece : piece.substr(0, MaxShown) + "...";
  }

  void skipSpaces() {
    while (position < text.size() &&
           std::isspace((unsigned char)text[position]))
      ++position;
  }

  bool accept(const char *token) {
    skipSpaces();
    size_t length = std::strlen(token);
    if (text.compare(position, length, token) != 0)
      return false;
    position += length;
    return true;
  }

  int64_t add(int64_t a, int64_t b) const {
    int64_t result;
    if (__builtin_add_overflow(a, b, &result))
      overflow();
    return result;
  }
  int64_t subtract(int64_t a, int64_t b) const {
    int64_t result;
    if (__builtin_sub_overflow(a, b, &result))
      overflow();
    return result;
  }
  int64_t multiply(int64_t a, int64_t b) const {
    int64_t result;
    if (__builtin_mul_overflow(a, b, &result))
      overflow();
    return result;
  }
  int64_t negate(int64_t a) const { return subtract(0, a); }
  int64_t divide(int64_t a, int64_t b, bool isRemainder) const {
    if (b == 0)
      error("division by zero");
    // INT64_MIN / -1 does not fit (x86 traps on it), and C++ leaves the
    // remainder undefined too: it is 0.
    if (b == -1)
      return isRemainder ? 0 : negate(a);
    return isRemainder ? a % b : a / b;
  }
  [[noreturn]] void overflow() const {
    error("the value overflows 64-bit integers");
  }

  /// Counts the nesting of the recursive rules (every recursion passes
  /// through parseUnary).
  class NestingGuard {
  public:
    explicit NestingGuard(ExpressionParser &parser) : parser(parser) {
      // The outermost level is not nested: 256 parentheses are allowed.
      if (++parser.depth > MaxNesting + 1)
        parser.error("the expression nests more than " +
                     std::to_string(MaxNesting) +
                     " levels deep (parentheses, calls, signs and powers)");
    }
    ~NestingGuard() { --parser.depth; }
    NestingGuard(const NestingGuard &) = delete;
    NestingGuard &operator=(const NestingGuard &) = delete;

  private:
    ExpressionParser &parser;
  };

  int64_t parseShift() {
    int64_t value = parseAdditive();
    while (true) {
      if (accept("<<")) {
        int64_t bits = parseAdditive();
        if (bits < 0 || bits > 62)
          error("bad shift amount");
        value = multiply(value, int64_t(1) << bits);
      } else if (accept(">>")) {
        int64_t bits = parseAdditive();
        if (bits < 0 || bits > 63)
          error("bad shift amount");
        value >>= bits;
      } else {
        return value;
      }
    }
  }

  int64_t parseAdditive() {
    int64_t value = parseTerm();
    while (true) {
      if (accept("+"))
        value = add(value, parseTerm());
      else if (accept("-"))
        value = subtract(value, parseTerm());
      else
        return value;
    }
  }

  int64_t parseTerm() {
    int64_t value = parseUnary();
    while (true) {
      if (accept("*")) {
        value = multiply(value, parseUnary());
      } else if (accept("/") || accept("%")) {
        bool isRemainder = text[position - 1] == '%';
        value = divide(value, parseUnary(), isRemainder);
      } else {
        return value;
      }
    }
  }

  int64_t parseUnary() {
    NestingGuard guard(*this);
    if (accept("-"))
      return negate(parseUnary());
    if (accept("+"))
      return parseUnary();
    return parsePower();
  }

  int64_t parsePower() {
    int64_t base = parsePrimary();
    if (!accept("^"))
      return base;
    int64_t exponent = parseUnary();
    if (exponent < 0)
      error("negative exponent");
    if (base == 0 || base == 1)
      return exponent == 0 ? 1 : base;
    if (base == -1)
      return exponent % 2 ? -1 : 1;
    int64_t result = 1; // |base| >= 2 overflows within 63 steps
    for (int64_t i = 0; i < exponent; ++i)
      result = multiply(result, base);
    return result;
  }

  int64_t parsePrimary() {
    skipSpaces();
    if (accept("(")) {
      int64_t value = parseShift();
      if (!accept(")"))
        error("missing ')'");
      return value;
    }
    if (position < text.size() && std::isdigit((unsigned char)text[position]))
      return parseNumber();
    if (position < text.size() &&
        (std::isalpha((unsigned char)text[position]) || text[position] == '_'))
      return parseNameOrCall();
    error(position < text.size()
              ? "unexpected '" + shorten(text.substr(position)) + "'"
              : "unexpected end");
  }

  int64_t parseNumber() {
    const char *start = text.c_str() + position;
    char *end = nullptr;
    errno = 0;
    unsigned long long value = std::strtoull(start, &end, 0);
    if (errno == ERANGE || value > uint64_t(INT64_MAX))
      error("the number is too large");
    position += end - start;
    return static_cast<int64_t>(value);
  }

  int64_t parseNameOrCall() {
    size_t start = position;
    while (
        position < text.size() &&
        (std::isalnum((unsigned char)text[position]) || text[position] == '_'))
      ++position;
    std::string name = text.substr(start, position - start);
    if (!accept("(")) {
      auto it = names.find(name);
      if (it == names.end())
        error("unknown name '" + name + "'" + knownNames());
      return it->second;
    }
    int64_t first = parseShift();
    if (!accept(","))
      error(name + "() takes two arguments");
    int64_t second = parseShift();
    if (!accept(")"))
      error("missing ')' after the arguments of " + name + "()");
    if (name == "min")
      return std::min(first, second);
    if (name == "max")
      return std::max(first, second);
    if (name == "cdiv") {
      if (second <= 0)
        error("cdiv() needs a positive divisor");
      return first / second + (first % second > 0 ? 1 : 0);
    }
    error("unknown function '" + name + "' (cdiv, min, max)");
  }

  std::string knownNames() const {
    if (names.empty())
      return " (no names are defined)";
    std::string list = " (known: ";
    for (auto it = names.begin(); it != names.end(); ++it)
      list += (it == names.begin() ? "" : ", ") + it->first;
    return list + ")";
  }

  const std::string &text;
  const NameTable &names;
  const std::string &context;
  size_t position = 0;
  int depth = 0;
};

} // namespace

int64_t evaluate(const std::string &text, const NameTable &names,
                 const std::string &context) {
  return ExpressionParser(text, names, context).evaluate();
}

std::vector<std::string> splitTopLevel(const std::string &text) {
  std::vector<std::string> parts(1);
  int depth = 0;
  for (char c : text) {
    depth += (c == '(') - (c == ')');
    if (c == ',' && depth == 0)
      parts.emplace_back();
    else
      parts.back().push_back(c);
  }
  return parts;
}

double parseFloatValue(const std::string &text, const NameTable &names,
                       const std::string &context) {
  const char *start = text.c_str();
  char *end = nullptr;
  double value = std::strtod(start, &end);
  if (end != start && *end == '\0')
    return value;
  return double(evaluate(text, names, context));
}

} // namespace gluonrun
