//===- gluon-run.cpp - Launch a gluonc kernel from the command line -------===//
//
// gluon-run KERNEL.json --grid X[,Y[,Z]] --arg NAME=SPEC ... loads a kernel
// through libgluonrt, fills its buffers, launches it once and optionally
// checks or saves buffers and times repeated launches. It is a test and
// benchmark driver, so every failure names what went wrong and the exit
// status tells usage errors (2) from runtime failures and mismatches (1).
//
//===----------------------------------------------------------------------===//

#include "gluonc/runtime/gluonrt.h"
#include "gluonc/runtime/gluonrt.hpp"

#include "Files.h"
#include "HostParallel.h"
#include "ScalarTypes.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace {
using gluonrt::parallelFor;
using gluonrt::splitMix64;

using gluonrt::ScalarTypeInfo;

constexpr const char *UsageText =
    R"(usage: gluon-run KERNEL.json --grid X[,Y[,Z]] --arg NAME=SPEC ... [options]

Loads a gluonc-compiled kernel from its metadata JSON (and the image beside
it), creates and fills its buffers, launches it once, then optionally checks
or saves buffers and times repeated launches.

options:
  --grid X[,Y[,Z]]    grid in blocks; each an integer expression that may use
                      integer scalar arguments, constexprs, --define names
                      and cdiv(a, b), e.g. --grid 'cdiv(n, BLOCK)'
  --arg NAME=SPEC     the value of runtime parameter NAME; every parameter
                      needs exactly one
  --define NAME=EXPR  an integer name usable in the expressions below
  --check NAME=FILE   after the launch, compare buffer NAME (a pointer's or a
                      tensor descriptor's) with FILE bitwise
  --save NAME=FILE    after the launch, write buffer NAME to FILE (through a
                      temporary beside it, renamed into place)
  --bench REPS        time REPS launches with events, after the warm-up
  --warmup N          launches before timing (default 10)
  --bytes N           bytes one launch moves, to report bandwidth in TB/s
  --device I          device index (default: $GLUONRT_DEVICE, else 0)
  --seed S            seed of the rand: buffers (default 0)
  --info              print the kernel's parameters (with each tensor
                      descriptor's block, box, swizzle and padding) and
                      launch shape and exit (needs no device)
  -h, --help          print this text

SPEC for a scalar parameter: a number, parsed as the parameter's type
  (n=1000, n=2^20+3, n=1<<28, scale=0.5).
SPEC for a pointer parameter (a new device buffer):
  rand:DTYPE:COUNT       uniform in [-1, 1) for floats, random bits for
                         integers; reproducible for a given --seed
  zeros:DTYPE:COUNT      zero bytes
  fill:DTYPE:COUNT:VALUE every element VALUE
  empty:DTYPE:COUNT      0xFF bytes (poison), for outputs
  file:PATH              the file's raw bytes
  DTYPE: i1 i8 i16 i32 i64 u8 u16 u32 u64 f16 bf16 f32 f64 (or fp16, fp32,
  ...); it may be left out (rand:COUNT) to use the pointer's element type.
  COUNT: an integer expression (1000, 2^28, 1<<28, N*M with --define).
SPEC for a tensor descriptor parameter (a new device buffer and its TMA
  descriptor; the block, box, swizzle and padding are the kernel's):
  rand:DTYPE:SHAPE[:strides=STRIDES]        as for pointers, with the global
  zeros:DTYPE:SHAPE[:strides=STRIDES]       tensor's SHAPE in place of the
  fill:DTYPE:SHAPE[:strides=STRIDES]:VALUE  count; DTYPE may be left out
  empty:DTYPE:SHAPE[:strides=STRIDES]
  file:[DTYPE:]SHAPE[:strides=STRIDES]:PATH the file holds the whole buffer
  SHAPE: the dimensions, outermost first, each an integer expression:
  8192x8192, 4x1024x512, or with commas (M,K); a name before an 'x' needs
  a space or parentheses (M x K, (M)x(K)).
  STRIDES: in elements, outermost first, the last 1 (default: contiguous,
  row-major); the buffer holds up to the last element. The descriptor must
  keep TMA's rules (16-byte aligned strides, at most 2^31 - 1 per
  dimension, ...); --check and --save act on the whole buffer.

Files read (file:PATH, --check) must be regular files, and --save replaces
  only a regular file or a symlink: a FIFO, a device or a folder is an error.

Expressions: integers, names, + - * / % << >>, ^ (power), parentheses,
  cdiv(a, b), min(a, b), max(a, b); in 64-bit integers, where overflow and
  division by zero are errors; nested at most 256 levels.

GLUONRT_LOG=LEVEL prints libgluonrt's log lines on stderr ("gluonrt: debug:
  ..."): trace (adds each launch's argument bytes), debug (each load, index
  pick, module, tensor descriptor, launch and failure), info (the driver and
  the device), warn (the default), error or off.

Exit status: 0 success, 1 runtime failure or check mismatch, 2 usage error.
)";

/// A mistake in the command line: exit status 2.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// A failure of the runtime, the kernel or a check: exit status 1.
struct RunFailure : std::runtime_error {
  using std::runtime_error::runtime_error;
};

//===-- Integer expressions -----------------------------------------------===//

using NameTable = std::map<std::string, int64_t>;

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

int64_t evaluate(const std::string &text, const NameTable &names,
                 const std::string &context = "") {
  return ExpressionParser(text, names, context).evaluate();
}

/// Splits "a,b,c" at commas outside parentheses.
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

//===-- Command line ------------------------------------------------------===//

struct NamedValue {
  std::string name;
  std::string value;
};

struct Options {
  std::string jsonPath;
  std::string grid;
  std::vector<NamedValue> args;
  std::vector<NamedValue> defines;
  std::vector<NamedValue> checks;
  std::vector<NamedValue> saves;
  int benchReps = 0;
  int warmup = 10;
  std::string bytes;
  std::optional<int> device;
  uint64_t seed = 0;
  bool info = false;
};

NamedValue splitNameValue(const std::string &option, const std::string &text) {
  size_t equals = text.find('=');
  if (equals == std::string::npos || equals == 0)
    throw UsageError(option + " expects NAME=VALUE, got '" + text + "'");
  return {text.substr(0, equals), text.substr(equals + 1)};
}

int64_t parseCount(const std::string &option, const std::string &text,
                   int64_t minimum, int64_t maximum = INT32_MAX) {
  int64_t value = evaluate(text, {}, option);
  if (value < minimum)
    throw UsageError(option + " must be at least " + std::to_string(minimum) +
                     ", got " + text);
  if (value > maximum)
    throw UsageError(option + " must be at most " + std::to_string(maximum) +
                     ", got " + text);
  return value;
}

/// Returns nullopt if --help was asked for.
std::optional<Options> parseCommandLine(int argc, char **argv) {
  Options options;
  for (int i = 1; i < argc; ++i) {
    std::string argument = argv[i];
    if (argument == "-h" || argument == "--help")
      return std::nullopt;
    if (argument == "--info") {
      options.info = true;
      continue;
    }
    if (argument.size() < 2 || argument.compare(0, 2, "--") != 0) {
      if (!options.jsonPath.empty())
        throw UsageError("unexpected argument '" + argument +
                         "' (the kernel is " + options.jsonPath + ")");
      options.jsonPath = argument;
      continue;
    }
    // Options take a value, as the next argument or after '='.
    std::string value;
    size_t equals = argument.find('=');
    if (equals != std::string::npos) {
      value = argument.substr(equals + 1);
      argument = argument.substr(0, equals);
    } else if (i + 1 < argc) {
      value = argv[++i];
    } else {
      throw UsageError(argument + " needs a value");
    }
    if (argument == "--grid")
      options.grid = value;
    else if (argument == "--arg")
      options.args.push_back(splitNameValue(argument, value));
    else if (argument == "--define")
      options.defines.push_back(splitNameValue(argument, value));
    else if (argument == "--check")
      options.checks.push_back(splitNameValue(argument, value));
    else if (argument == "--save")
      options.saves.push_back(splitNameValue(argument, value));
    else if (argument == "--bench")
      options.benchReps = int(parseCount(argument, value, 1));
    else if (argument == "--warmup")
      options.warmup = int(parseCount(argument, value, 0));
    else if (argument == "--bytes")
      options.bytes = value;
    else if (argument == "--device")
      options.device = int(parseCount(argument, value, 0));
    else if (argument == "--seed")
      options.seed = uint64_t(parseCount(argument, value, 0, INT64_MAX));
    else
      throw UsageError("unknown option '" + argument + "'");
  }
  if (options.jsonPath.empty())
    throw UsageError("no kernel JSON given");
  if (!options.info && options.grid.empty())
    throw UsageError("--grid is required");
  return options;
}

//===-- Host data ---------------------------------------------------------===//

uint64_t hashName(const std::string &name) {
  uint64_t hash = 0xcbf29ce484222325ull; // FNV-1a
  for (unsigned char c : name)
    hash = (hash ^ c) * 0x100000001b3ull;
  return hash;
}

/// A float in [-1, 1) with `precision` significant bits, so that it is exact
/// in the element type (11 for f16, 8 for bf16, 24 for f32, 53 for f64).
double uniformSigned(uint64_t bits, int precision) {
  uint64_t k = bits >> (64 - precision);
  return std::ldexp(double(k), 1 - precision) - 1.0;
}

/// Stores `value` as one element of `type` at `out`.
void storeNumber(const ScalarTypeInfo &type, double value, uint8_t *out) {
  switch (type.type) {
  case GLUONRT_TYPE_FP16: {
    uint16_t bits = gluonrt::floatToHalfBits(float(value));
    std::memcpy(out, &bits, 2);
    return;
  }
  case GLUONRT_TYPE_BF16: {
    uint16_t bits = gluonrt::floatToBf16Bits(float(value));
    std::memcpy(out, &bits, 2);
    return;
  }
  case GLUONRT_TYPE_FP32: {
    float single = float(value);
    std::memcpy(out, &single, 4);
    return;
  }
  case GLUONRT_TYPE_FP64:
    std::memcpy(out, &value, 8);
    return;
  default: {
    int64_t integer = int64_t(value);
    std::memcpy(out, &integer, type.size); // little-endian low bytes
    return;
  }
  }
}

double loadNumber(const ScalarTypeInfo &type, const uint8_t *in) {
  switch (type.type) {
  case GLUONRT_TYPE_FP16: {
    uint16_t bits;
    std::memcpy(&bits, in, 2);
    return gluonrt::halfBitsToFloat(bits);
  }
  case GLUONRT_TYPE_BF16: {
    uint16_t bits;
    std::memcpy(&bits, in, 2);
    return gluonrt::bf16BitsToFloat(bits);
  }
  case GLUONRT_TYPE_FP32: {
    float single;
    std::memcpy(&single, in, 4);
    return single;
  }
  case GLUONRT_TYPE_FP64: {
    double number;
    std::memcpy(&number, in, 8);
    return number;
  }
  default: {
    uint64_t raw = 0;
    std::memcpy(&raw, in, type.size);
    unsigned bits = type.size * 8;
    if (type.isSigned && bits < 64 && ((raw >> (bits - 1)) & 1))
      raw |= ~uint64_t(0) << bits;
    return type.isSigned ? double(int64_t(raw)) : double(raw);
  }
  }
}

int floatPrecision(const ScalarTypeInfo &type) {
  switch (type.type) {
  case GLUONRT_TYPE_FP16:
    return 11;
  case GLUONRT_TYPE_BF16:
    return 8;
  case GLUONRT_TYPE_FP64:
    return 53;
  default:
    return 24;
  }
}

void fillRandom(const ScalarTypeInfo &type, uint64_t seed, uint8_t *data,
                size_t count) {
  parallelFor(count, [&](size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) {
      uint64_t bits = splitMix64(seed + i);
      uint8_t *element = data + i * type.size;
      if (type.isFloat)
        storeNumber(type, uniformSigned(bits, floatPrecision(type)), element);
      else if (type.type == GLUONRT_TYPE_I1)
        *element = uint8_t(bits >> 63);
      else
        std::memcpy(element, &bits, type.size);
    }
  });
}

/// A file:PATH input or a --check file: a regular file (runtime/Files.h),
/// so that a FIFO or a device named by mistake fails instead of blocking or
/// reading without end. `option` ("--check out") starts the message.
std::vector<uint8_t> readWholeFile(const std::string &option,
                                   const std::string &path) {
  std::vector<uint8_t> bytes;
  std::string error;
  if (gluonrt::readRegularFile(path, UINT64_MAX, bytes, error))
    throw RunFailure(option + ": " + error);
  return bytes;
}

/// A --save file, written through an exclusive temporary beside it and
/// renamed into place (runtime/Files.h): a symlink planted at the
/// temporary's name or at PATH itself is never written through.
void writeWholeFile(const std::string &option, const std::string &path,
                    const std::vector<uint8_t> &data) {
  std::string error;
  if (gluonrt::writeFileReplacing(path, data.data(), data.size(), error))
    throw RunFailure(option + ": " + error);
}

//===-- Kernel arguments --------------------------------------------------===//

struct BufferArgument {
  int paramIndex = -1;
  std::string name;
  std::string source; // "rand", "zeros", "fill", "empty", "file"
  const ScalarTypeInfo *dtype = nullptr;
  size_t count = 0;
  std::string fillValue;
  std::string path;
  std::vector<uint8_t> host;
  gluonrt::DeviceBuffer device;

  /// For a tensordesc parameter: the global tensor's shape and strides (in
  /// elements, outermost first; no strides: contiguous), and the descriptor
  /// built once the buffer has its address.
  bool isDescriptor = false;
  std::vector<int64_t> shape;
  std::vector<int64_t> strides;
  gluonrt_tensordesc descriptor{};

  size_t bytes() const { return count * dtype->size; }
};

std::string paramList(const gluonrt::Kernel &kernel) {
  std::string list;
  for (int i = 0; i < kernel.numParams(); ++i) {
    gluonrt_param_info param = kernel.param(i);
    list += std::string(i ? ", " : "") + param.name + " (" + param.type + ")";
  }
  return kernel.entry() + " takes: " + (list.empty() ? "nothing" : list);
}

const ScalarTypeInfo &elementTypeOf(const gluonrt_param_info &param) {
  const ScalarTypeInfo *type = gluonrt::scalarTypeInfo(param.value_type);
  if (!type) // an element type gluon-run cannot generate: treat as bytes
    type = gluonrt::findScalarType("u8");
  return *type;
}

/// Reads a buffer spec field by field ("rand:f16:128x64:strides=64x1");
/// rest() is everything left, for a path that may hold ':'.
class SpecFields {
public:
  explicit SpecFields(const std::string &spec) : spec(spec) {}
  bool done() const { return position >= spec.size(); }
  std::string peek() const {
    size_t end = spec.find(':', position);
    return spec.substr(position,
                       end == std::string::npos ? end : end - position);
  }
  std::string next() {
    std::string field = peek();
    position += field.size() + 1;
    return field;
  }
  std::string rest() {
    std::string text = position <= spec.size() ? spec.substr(position) : "";
    position = spec.size() + 1;
    return text;
  }

private:
  const std::string &spec;
  size_t position = 0;
};

/// The dimensions of "8192x8192", "M,K" or "(M)x(K)": split at commas
/// outside parentheses if there are any, else at each 'x' outside
/// parentheses and outside a name (so that "Mx" is one name: write
/// "M x K"). Each is an integer expression.
std::vector<int64_t> parseDimensions(const std::string &text,
                                     const NameTable &names,
                                     const std::string &context) {
  std::vector<std::string> parts = splitTopLevel(text);
  if (parts.size() == 1) {
    parts.assign(1, "");
    int depth = 0;
    bool inName = false;
    for (char c : text) {
      if (c == 'x' && depth == 0 && !inName) {
        parts.emplace_back();
        continue;
      }
      depth += (c == '(') - (c == ')');
      inName = std::isalpha((unsigned char)c) || c == '_' ||
               (inName && std::isdigit((unsigned char)c));
      parts.back().push_back(c);
    }
  }
  std::vector<int64_t> values;
  for (const std::string &part : parts)
    values.push_back(evaluate(part, names, context));
  return values;
}

std::string formatDimensions(const std::vector<int64_t> &values) {
  std::string text = "[";
  for (size_t i = 0; i < values.size(); ++i)
    text += (i ? ", " : "") + std::to_string(values[i]);
  return text + "]";
}

/// The elements from the first to the last of a tensor, + 1; throws if
/// that overflows the address space. Without strides the tensor is
/// contiguous: the product of the shape. The descriptor's rules come first
/// (gluonrt_tensordesc_check): every dimension and stride is positive.
size_t tensorElements(const BufferArgument &buffer) {
  uint64_t elements = 1;
  bool overflow = false;
  for (size_t i = 0; i < buffer.shape.size(); ++i) {
    uint64_t dim = uint64_t(buffer.shape[i]);
    if (buffer.strides.empty()) {
      overflow |= __builtin_mul_overflow(elements, dim, &elements);
      continue;
    }
    uint64_t stride = uint64_t(buffer.strides[i]);
    uint64_t term;
    overflow |= __builtin_mul_overflow(dim - 1, stride, &term);
    overflow |= __builtin_add_overflow(elements, term, &elements);
  }
  if (overflow || elements > SIZE_MAX / buffer.dtype->size)
    throw UsageError(
        "--arg " + buffer.name + ": a tensor of shape " +
        formatDimensions(buffer.shape) +
        (buffer.strides.empty()
             ? ""
             : " and strides " + formatDimensions(buffer.strides)) +
        " overflows the address space");
  return size_t(elements);
}

/// A tensor descriptor's SHAPE[:strides=STRIDES] fields, for a descriptor
/// of `rank`. The buffer's size (tensorElements) is left for after the
/// descriptor's rules are checked.
void parseTensorShape(SpecFields &fields, const std::string &spec, int rank,
                      const NameTable &names, BufferArgument &buffer) {
  std::string context = "--arg " + buffer.name;
  if (fields.done() || fields.peek().empty())
    throw UsageError(context + "=" + spec + ": missing the shape (" +
                     buffer.name + " is a rank-" + std::to_string(rank) +
                     " tensor descriptor: give e.g. " +
                     (rank == 1   ? "1024"
                      : rank == 2 ? "1024x512"
                                  : "4x1024x512") +
                     ")");
  buffer.shape = parseDimensions(fields.next(), names, context + " shape");
  auto dimensions = [](size_t count) {
    return std::to_string(count) + (count == 1 ? " dimension" : " dimensions");
  };
  if (int(buffer.shape.size()) != rank)
    throw UsageError(context + ": the shape " + formatDimensions(buffer.shape) +
                     " has " + dimensions(buffer.shape.size()) + ", " +
                     buffer.name + " has rank " + std::to_string(rank));
  const std::string stridesKey = "strides=";
  if (!fields.done() &&
      fields.peek().compare(0, stridesKey.size(), stridesKey) == 0) {
    buffer.strides = parseDimensions(fields.next().substr(stridesKey.size()),
                                     names, context + " strides");
    if (buffer.strides.size() != buffer.shape.size())
      throw UsageError(context + ": the strides " +
                       formatDimensions(buffer.strides) + " have " +
                       dimensions(buffer.strides.size()) + ", the shape " +
                       dimensions(buffer.shape.size()));
  }
}

/// A --arg for a pointer (rand:DTYPE:COUNT, ...) or a tensor descriptor of
/// `descriptorRank` (rand:DTYPE:SHAPE[:strides=STRIDES], ...).
BufferArgument parseBufferSpec(const gluonrt_param_info &param,
                               const std::string &spec, int descriptorRank,
                               const NameTable &names) {
  BufferArgument buffer;
  buffer.name = param.name;
  buffer.isDescriptor = param.kind == GLUONRT_PARAM_TENSORDESC;
  SpecFields fields(spec);
  buffer.source = fields.next();
  const ScalarTypeInfo &elementType = elementTypeOf(param);
  buffer.dtype = &elementType;
  auto parseDtype = [&] {
    if (!fields.done())
      if (const ScalarTypeInfo *dtype =
              gluonrt::findScalarType(fields.peek(), true)) {
        buffer.dtype = dtype;
        fields.next();
      }
    if (buffer.dtype->size != elementType.size &&
        param.value_type != GLUONRT_TYPE_OTHER)
      throw UsageError("--arg " + buffer.name + ": the spec's dtype " +
                       buffer.dtype->name + " does not match the parameter's " +
                       param.type);
  };

  if (buffer.source == "file") {
    if (buffer.isDescriptor) {
      parseDtype();
      parseTensorShape(fields, spec, descriptorRank, names, buffer);
    }
    buffer.path = fields.rest();
    if (buffer.path.empty())
      throw UsageError("--arg " + buffer.name + ": file: needs a path");
    return buffer;
  }
  if (buffer.source != "rand" && buffer.source != "zeros" &&
      buffer.source != "fill" && buffer.source != "empty")
    throw UsageError(
        "--arg " + buffer.name + "=" + spec + ": parameter '" + buffer.name +
        "' is " + (buffer.isDescriptor ? "a tensor descriptor" : "a pointer") +
        " (" + param.type +
        "), so its spec is rand:, zeros:, fill:, empty: or file:");

  parseDtype();
  if (buffer.isDescriptor) {
    parseTensorShape(fields, spec, descriptorRank, names, buffer);
  } else {
    if (fields.done())
      throw UsageError("--arg " + buffer.name + "=" + spec +
                       ": missing the element count");
    int64_t count = evaluate(fields.next(), names, "--arg " + buffer.name);
    if (count < 0)
      throw UsageError("--arg " + buffer.name + ": negative element count");
    if (uint64_t(count) > SIZE_MAX / buffer.dtype->size)
      throw UsageError("--arg " + buffer.name + ": " + std::to_string(count) +
                       " elements of " + buffer.dtype->name +
                       " overflow the address space");
    buffer.count = size_t(count);
  }
  if (buffer.source == "fill") {
    if (fields.done())
      throw UsageError("--arg " + buffer.name + ": fill: needs a value");
    buffer.fillValue = fields.next();
  }
  if (!fields.done())
    throw UsageError("--arg " + buffer.name + "=" + spec +
                     ": unexpected field '" + fields.next() + "'");
  return buffer;
}

double parseFloatValue(const std::string &text, const NameTable &names,
                       const std::string &context = "") {
  const char *start = text.c_str();
  char *end = nullptr;
  double value = std::strtod(start, &end);
  if (end != start && *end == '\0')
    return value;
  return double(evaluate(text, names, context));
}

void fillHost(BufferArgument &buffer, uint64_t seed) {
  if (buffer.source == "file") {
    buffer.host = readWholeFile("--arg " + buffer.name, buffer.path);
    if (buffer.isDescriptor && buffer.host.size() != buffer.bytes())
      throw RunFailure(buffer.path + " has " +
                       std::to_string(buffer.host.size()) +
                       " bytes, the tensor of " + buffer.name + " " +
                       std::to_string(buffer.bytes()));
    if (buffer.host.size() % buffer.dtype->size != 0)
      throw RunFailure(
          buffer.path + " has " + std::to_string(buffer.host.size()) +
          " bytes, not a whole number of " + buffer.dtype->name + " elements");
    buffer.count = buffer.host.size() / buffer.dtype->size;
    return;
  }
  buffer.host.assign(buffer.bytes(), 0);
  if (buffer.source == "rand") {
    fillRandom(*buffer.dtype, splitMix64(seed ^ hashName(buffer.name)),
               buffer.host.data(), buffer.count);
  } else if (buffer.source == "empty") {
    std::fill(buffer.host.begin(), buffer.host.end(), uint8_t(0xff));
  } else if (buffer.source == "fill") {
    uint8_t element[8] = {};
    if (buffer.dtype->isFloat) {
      storeNumber(*buffer.dtype,
                  parseFloatValue(buffer.fillValue, {}, "--arg " + buffer.name),
                  element);
    } else {
      int64_t value = evaluate(buffer.fillValue, {}, "--arg " + buffer.name);
      std::memcpy(element, &value, buffer.dtype->size); // low bytes
    }
    for (size_t i = 0; i < buffer.count; ++i)
      std::memcpy(&buffer.host[i * buffer.dtype->size], element,
                  buffer.dtype->size);
  }
}

//===-- Checking ----------------------------------------------------------===//

std::string formatElement(const ScalarTypeInfo &type, const uint8_t *element) {
  uint64_t raw = 0;
  std::memcpy(&raw, element, type.size);
  char text[96];
  if (type.isFloat)
    std::snprintf(text, sizeof(text), "%.9g (0x%0*" PRIx64 ")",
                  loadNumber(type, element), int(type.size * 2), raw);
  else
    std::snprintf(text, sizeof(text), "%.0f", loadNumber(type, element));
  return text;
}

struct Comparison {
  size_t mismatches = 0;
  double maxAbsError = 0;
  double maxRelError = 0;
  std::vector<size_t> firstMismatches;
};

Comparison compareBitwise(const ScalarTypeInfo &type,
                          const std::vector<uint8_t> &got,
                          const std::vector<uint8_t> &expected) {
  size_t count = got.size() / type.size;
  std::mutex mutex;
  Comparison total;
  parallelFor(count, [&](size_t begin, size_t end) {
    Comparison part;
    for (size_t i = begin; i < end; ++i) {
      const uint8_t *a = &got[i * type.size];
      const uint8_t *b = &expected[i * type.size];
      if (std::memcmp(a, b, type.size) == 0)
        continue;
      ++part.mismatches;
      if (part.firstMismatches.size() < 10)
        part.firstMismatches.push_back(i);
      if (!type.isFloat)
        continue;
      double x = loadNumber(type, a), y = loadNumber(type, b);
      double absError = std::fabs(x - y);
      if (std::isnan(absError))
        continue;
      part.maxAbsError = std::max(part.maxAbsError, absError);
      if (y != 0)
        part.maxRelError = std::max(part.maxRelError, absError / std::fabs(y));
    }
    std::lock_guard<std::mutex> lock(mutex);
    total.mismatches += part.mismatches;
    total.maxAbsError = std::max(total.maxAbsError, part.maxAbsError);
    total.maxRelError = std::max(total.maxRelError, part.maxRelError);
    total.firstMismatches.insert(total.firstMismatches.end(),
                                 part.firstMismatches.begin(),
                                 part.firstMismatches.end());
  });
  std::sort(total.firstMismatches.begin(), total.firstMismatches.end());
  if (total.firstMismatches.size() > 10)
    total.firstMismatches.resize(10);
  return total;
}

/// Returns true if the buffer matches the file.
bool checkBuffer(BufferArgument &buffer, const std::string &path) {
  std::vector<uint8_t> expected = readWholeFile("--check " + buffer.name, path);
  std::vector<uint8_t> got(buffer.bytes());
  if (!got.empty())
    buffer.device.download(got.data(), got.size());
  if (expected.size() != got.size()) {
    std::printf("check %s: %s has %zu bytes, the buffer %zu: FAIL\n",
                buffer.name.c_str(), path.c_str(), expected.size(), got.size());
    return false;
  }
  const ScalarTypeInfo &type = *buffer.dtype;
  Comparison result = compareBitwise(type, got, expected);
  std::printf("check %s against %s: %zu of %zu elements differ",
              buffer.name.c_str(), path.c_str(), result.mismatches,
              buffer.count);
  if (result.mismatches && type.isFloat)
    std::printf(" (max abs error %.3g, max rel error %.3g)", result.maxAbsError,
                result.maxRelError);
  std::printf(": %s\n", result.mismatches ? "FAIL" : "OK");
  for (size_t index : result.firstMismatches)
    std::printf("  [%zu] got %s, expected %s\n", index,
                formatElement(type, &got[index * type.size]).c_str(),
                formatElement(type, &expected[index * type.size]).c_str());
  return result.mismatches == 0;
}

//===-- Running -----------------------------------------------------------===//

void printDescriptorInfo(const gluonrt_tensordesc_info &info) {
  std::vector<int64_t> block(info.block_shape, info.block_shape + info.rank);
  std::vector<int64_t> box(info.box_shape, info.box_shape + info.rank);
  std::printf("    tensor descriptor: rank %d, block %s, box %s, %s (%u bytes, "
              "CUtensorMapDataType %u), swizzle %u B, padding %s\n",
              info.rank, formatDimensions(block).c_str(),
              formatDimensions(box).c_str(), info.element_type,
              info.element_bytes, info.tma_data_type, info.swizzle_bytes,
              info.padding == GLUONRT_TENSORDESC_PADDING_NAN ? "nan" : "zero");
  std::printf("    map at byte %u, shape (i32 x %d) at %u, strides (i64 x %d) "
              "at %u\n",
              info.map_offset, info.rank, info.shape_offset, info.rank,
              info.strides_offset);
  if (*info.layout)
    std::printf("    layout: %s\n", info.layout);
}

void printInfo(const gluonrt::Kernel &kernel) {
  gluonrt_launch_info launch = kernel.launchInfo();
  std::printf("kernel %s for %s\n", kernel.entry().c_str(),
              kernel.arch().c_str());
  std::printf("  image: %s\n", gluonrt_kernel_image_path(kernel.get()));
  std::printf("  launch: %u warps, block (%u, %u, %u), cluster (%u, %u, %u), "
              "%u B dynamic shared memory\n",
              launch.num_warps, launch.block_dims[0], launch.block_dims[1],
              launch.block_dims[2], launch.cluster_dims[0],
              launch.cluster_dims[1], launch.cluster_dims[2],
              launch.shared_bytes);
  for (int i = 0; i < kernel.numParams(); ++i) {
    gluonrt_param_info param = kernel.param(i);
    std::printf("  param %d: %s %s at byte %u, divisibility %" PRIu64 "\n", i,
                param.name, param.type, param.offset, param.divisibility);
    if (param.kind == GLUONRT_PARAM_TENSORDESC)
      printDescriptorInfo(kernel.tensorDescInfo(i));
  }
  int hidden = gluonrt_kernel_num_hidden_params(kernel.get());
  std::printf("  arguments: %u bytes%s\n",
              gluonrt_kernel_argument_bytes(kernel.get()),
              hidden ? ", with the hidden ones:" : "");
  for (int i = 0; i < hidden; ++i) {
    gluonrt_hidden_param_info param;
    gluonrt::check(gluonrt_kernel_hidden_param(kernel.get(), i, &param));
    std::printf("    %s at byte %u (%u bytes)\n", param.kind, param.offset,
                param.size);
  }
  for (int i = 0; i < gluonrt_kernel_num_constexprs(kernel.get()); ++i) {
    const char *name = gluonrt_kernel_constexpr_name(kernel.get(), i);
    std::printf("  constexpr %s = %s\n", name,
                gluonrt_kernel_constexpr_json(kernel.get(), name));
  }
}

NameTable constexprNames(const gluonrt::Kernel &kernel) {
  NameTable names;
  for (int i = 0; i < gluonrt_kernel_num_constexprs(kernel.get()); ++i) {
    const char *name = gluonrt_kernel_constexpr_name(kernel.get(), i);
    int64_t value;
    if (gluonrt_kernel_constexpr_int(kernel.get(), name, &value) ==
        GLUONRT_SUCCESS)
      names[name] = value;
  }
  return names;
}

/// Everything the launch needs, resolved from the options before any device
/// is touched, so that usage errors are reported without a GPU.
struct LaunchPlan {
  std::vector<BufferArgument> buffers;
  gluonrt_args *args = nullptr;
  gluonrt::Grid grid{{1, 1, 1}};
  std::optional<double> bytesPerLaunch;
  NameTable names;

  ~LaunchPlan() { gluonrt_args_destroy(args); }
  BufferArgument *findBuffer(const std::string &name) {
    for (BufferArgument &buffer : buffers)
      if (buffer.name == name)
        return &buffer;
    return nullptr;
  }
};

void setScalar(LaunchPlan &plan, int index, const gluonrt_param_info &param,
               const std::string &text) {
  const ScalarTypeInfo *type = gluonrt::scalarTypeInfo(param.value_type);
  std::string context =
      std::string("--arg ") + param.name + "=" + text + " (" + param.type + ")";
  gluonrt_status status;
  try {
    if (type->isFloat) {
      double value = parseFloatValue(text, plan.names);
      status = gluonrt_args_set(plan.args, index, GLUONRT_VALUE_F64, &value);
    } else {
      int64_t value = evaluate(text, plan.names);
      status = gluonrt_args_set(plan.args, index, GLUONRT_VALUE_I64, &value);
      if (status == GLUONRT_SUCCESS)
        plan.names[param.name] = value;
    }
  } catch (const UsageError &error) {
    throw UsageError(context + ": " + error.what());
  }
  if (status != GLUONRT_SUCCESS)
    throw UsageError(context + ": " + gluonrt_last_error());
}

/// Checks the scalars' divisibility before any device is touched: buffers
/// stand in as address 0, which is divisible by anything, and descriptors
/// as an unencoded one of the right rank.
void checkScalarsEarly(const gluonrt::Kernel &kernel, LaunchPlan &plan) {
  for (const BufferArgument &buffer : plan.buffers) {
    if (buffer.isDescriptor) {
      gluonrt_tensordesc placeholder{};
      placeholder.rank = int32_t(buffer.shape.size());
      gluonrt::check(gluonrt_args_set(plan.args, buffer.paramIndex,
                                      GLUONRT_VALUE_TENSORDESC, &placeholder));
      continue;
    }
    uint64_t placeholder = 0;
    gluonrt::check(gluonrt_args_set(plan.args, buffer.paramIndex,
                                    GLUONRT_VALUE_PTR, &placeholder));
  }
  void *const *pointers = gluonrt_args_pointers(plan.args);
  if (!pointers ||
      gluonrt_check_args(kernel.get(), pointers,
                         gluonrt_args_count(plan.args)) != GLUONRT_SUCCESS)
    throw UsageError(gluonrt_last_error());
}

void planArguments(const Options &options, const gluonrt::Kernel &kernel,
                   LaunchPlan &plan) {
  std::map<std::string, std::string> specs;
  for (const NamedValue &arg : options.args) {
    if (gluonrt_kernel_param_index(kernel.get(), arg.name.c_str()) < 0)
      throw UsageError("--arg " + arg.name + ": no such parameter; " +
                       paramList(kernel));
    if (!specs.emplace(arg.name, arg.value).second)
      throw UsageError("--arg " + arg.name + " is given twice");
  }
  gluonrt::check(gluonrt_args_create(kernel.get(), &plan.args));
  // Scalars first, so that buffer counts may use their values.
  for (int i = 0; i < kernel.numParams(); ++i) {
    gluonrt_param_info param = kernel.param(i);
    auto spec = specs.find(param.name);
    if (spec == specs.end())
      throw UsageError(std::string("missing --arg for parameter '") +
                       param.name + "'; " + paramList(kernel));
    if (param.kind == GLUONRT_PARAM_SCALAR)
      setScalar(plan, i, param, spec->second);
  }
  for (int i = 0; i < kernel.numParams(); ++i) {
    gluonrt_param_info param = kernel.param(i);
    if (param.kind == GLUONRT_PARAM_SCALAR)
      continue;
    const std::string &spec = specs[param.name];
    int rank = param.kind == GLUONRT_PARAM_TENSORDESC
                   ? kernel.tensorDescInfo(i).rank
                   : 0;
    plan.buffers.push_back(parseBufferSpec(param, spec, rank, plan.names));
    BufferArgument &buffer = plan.buffers.back();
    buffer.paramIndex = i;
    // The descriptor's rules, before any device: at address 0, which is as
    // aligned as any.
    if (!buffer.isDescriptor)
      continue;
    if (gluonrt_tensordesc_check(kernel.get(), i, 0, buffer.shape.data(),
                                 buffer.strides.empty() ? nullptr
                                                        : buffer.strides.data(),
                                 rank) != GLUONRT_SUCCESS)
      throw UsageError("--arg " + buffer.name + "=" + spec + ": " +
                       gluonrt_last_error());
    buffer.count = tensorElements(buffer);
  }
  checkScalarsEarly(kernel, plan);
}

void planLaunch(const Options &options, const gluonrt::Kernel &kernel,
                LaunchPlan &plan) {
  plan.names = constexprNames(kernel);
  for (const NamedValue &define : options.defines)
    plan.names[define.name] =
        evaluate(define.value, plan.names, "--define " + define.name);
  planArguments(options, kernel, plan);

  std::vector<std::string> dims = splitTopLevel(options.grid);
  if (dims.size() > 3)
    throw UsageError("--grid takes at most 3 dimensions, got '" + options.grid +
                     "'");
  for (size_t i = 0; i < dims.size(); ++i) {
    int64_t value = evaluate(dims[i], plan.names, "--grid");
    if (value < 1 || value > int64_t(UINT32_MAX))
      throw UsageError("--grid dimension " + std::to_string(i) + " = " +
                       std::to_string(value) + " is out of range");
    plan.grid[i] = uint32_t(value);
  }
  if (!options.bytes.empty())
    plan.bytesPerLaunch =
        double(evaluate(options.bytes, plan.names, "--bytes"));

  for (const auto *list : {&options.checks, &options.saves})
    for (const NamedValue &entry : *list)
      if (!plan.findBuffer(entry.name))
        throw UsageError("'" + entry.name +
                         "' is not a pointer or tensor descriptor "
                         "parameter; " +
                         paramList(kernel));
}

std::string describeBytes(double bytes) {
  char text[32];
  if (bytes >= 1e9)
    std::snprintf(text, sizeof(text), "%.2f GB", bytes / 1e9);
  else if (bytes >= 1e6)
    std::snprintf(text, sizeof(text), "%.2f MB", bytes / 1e6);
  else
    std::snprintf(text, sizeof(text), "%.0f B", bytes);
  return text;
}

/// Builds the descriptor of a tensordesc buffer, now that it has an address.
void encodeDescriptor(const gluonrt::Kernel &kernel, LaunchPlan &plan,
                      BufferArgument &buffer) {
  gluonrt_tensordesc_info info = kernel.tensorDescInfo(buffer.paramIndex);
  std::vector<int64_t> box(info.box_shape, info.box_shape + info.rank);
  std::printf("%s: %s %s %s%s (%s), descriptor box %s, swizzle %u B\n",
              buffer.name.c_str(), buffer.source.c_str(), buffer.dtype->alias,
              formatDimensions(buffer.shape).c_str(),
              buffer.strides.empty()
                  ? ""
                  : (" strides " + formatDimensions(buffer.strides)).c_str(),
              describeBytes(double(buffer.bytes())).c_str(),
              formatDimensions(box).c_str(), info.swizzle_bytes);
  if (gluonrt_tensordesc_encode(
          kernel.get(), buffer.paramIndex, buffer.device.device(),
          buffer.shape.data(),
          buffer.strides.empty() ? nullptr : buffer.strides.data(),
          int(buffer.shape.size()), &buffer.descriptor) != GLUONRT_SUCCESS ||
      gluonrt_args_set(plan.args, buffer.paramIndex, GLUONRT_VALUE_TENSORDESC,
                       &buffer.descriptor) != GLUONRT_SUCCESS)
    throw RunFailure(gluonrt_last_error());
}

void createBuffers(const gluonrt::Kernel &kernel, LaunchPlan &plan,
                   uint64_t seed) {
  for (BufferArgument &buffer : plan.buffers) {
    fillHost(buffer, seed);
    // cuMemAlloc refuses 0 bytes; an empty buffer still needs an address.
    buffer.device = gluonrt::DeviceBuffer(std::max<size_t>(buffer.bytes(), 1));
    if (buffer.bytes() > 0)
      buffer.device.upload(buffer.host.data(), buffer.bytes());
    buffer.host = {}; // only needed on the device from here on
    if (buffer.isDescriptor) {
      encodeDescriptor(kernel, plan, buffer);
      continue;
    }
    std::printf("%s: %s %s x %zu (%s)\n", buffer.name.c_str(),
                buffer.source.c_str(), buffer.dtype->alias, buffer.count,
                describeBytes(double(buffer.bytes())).c_str());
    uint64_t address = buffer.device.device();
    if (gluonrt_args_set(plan.args, buffer.paramIndex, GLUONRT_VALUE_PTR,
                         &address) != GLUONRT_SUCCESS)
      throw RunFailure(gluonrt_last_error());
  }
}

/// Selects the device; a missing driver or device gets its own message.
int selectDevice(const Options &options, const gluonrt::Kernel &kernel) {
  int device = 0;
  if (options.device) {
    device = *options.device;
  } else if (const char *text = std::getenv("GLUONRT_DEVICE")) {
    device = std::atoi(text);
  }
  gluonrt_backend backend = gluonrt_kernel_backend(kernel.get());
  gluonrt_status status = gluonrt_select_device(backend, device);
  if (status == GLUONRT_ERROR_NO_DRIVER || status == GLUONRT_ERROR_NO_DEVICE)
    throw RunFailure(std::string("no ") +
                     (backend == GLUONRT_BACKEND_AMD ? "HIP" : "CUDA") +
                     " device available: " + gluonrt_last_error());
  gluonrt::check(status);
  return device;
}

void printDevice(const gluonrt::Kernel &kernel, int device,
                 const LaunchPlan &plan) {
  gluonrt_device_info info;
  gluonrt::check(gluonrt_device_get_info(gluonrt_kernel_backend(kernel.get()),
                                         device, &info));
  gluonrt_launch_info launch = kernel.launchInfo();
  std::printf("%s [%s] on %s (%s, device %d): grid (%u, %u, %u) x block "
              "(%u, %u, %u), %u B dynamic shared memory\n",
              kernel.entry().c_str(), kernel.arch().c_str(), info.name,
              info.arch, device, plan.grid[0], plan.grid[1], plan.grid[2],
              launch.block_dims[0], launch.block_dims[1], launch.block_dims[2],
              launch.shared_bytes);
}

void launchOnce(gluonrt::Kernel &kernel, LaunchPlan &plan) {
  auto start = std::chrono::steady_clock::now();
  gluonrt::check(
      gluonrt_launch_args(kernel.get(), plan.grid.data(), plan.args, nullptr));
  gluonrt::check(gluonrt_synchronize());
  double ms = std::chrono::duration<double, std::milli>(
                  std::chrono::steady_clock::now() - start)
                  .count();
  std::printf("launch: ok (%.3f ms with synchronization)\n", ms);
}

void bench(const Options &options, gluonrt::Kernel &kernel, LaunchPlan &plan) {
  void *const *pointers = gluonrt_args_pointers(plan.args);
  if (!pointers)
    throw RunFailure(gluonrt_last_error());
  float medianMs = 0, minMs = 0;
  gluonrt::check(gluonrt_time_launches(
      kernel.get(), plan.grid.data(), pointers, gluonrt_args_count(plan.args),
      nullptr, options.warmup, options.benchReps, &medianMs, &minMs, nullptr));
  std::printf("bench: %d launches after %d warm-up: median %.2f us, min "
              "%.2f us\n",
              options.benchReps, options.warmup, medianMs * 1e3, minMs * 1e3);
  if (plan.bytesPerLaunch)
    std::printf("bandwidth: %.3f TB/s (%s per launch / median time)\n",
                *plan.bytesPerLaunch / (medianMs * 1e-3) / 1e12,
                describeBytes(*plan.bytesPerLaunch).c_str());
}

int run(const Options &options) {
  // An index names one metadata file per arch: the device's is run.
  std::string jsonPath = options.jsonPath;
  if (!options.info) {
    const char *picked = nullptr;
    gluonrt_status status = gluonrt_index_resolve(
        jsonPath.c_str(), options.device ? *options.device : -1, &picked);
    if (status == GLUONRT_ERROR_NO_DRIVER || status == GLUONRT_ERROR_NO_DEVICE)
      throw RunFailure(std::string("no device available to pick the index's "
                                   "arch for: ") +
                       gluonrt_last_error());
    gluonrt::check(status);
    jsonPath = picked;
  }
  gluonrt::Kernel kernel = gluonrt::Kernel::loadMetadata(jsonPath);
  if (options.info) {
    printInfo(kernel);
    return 0;
  }
  LaunchPlan plan;
  planLaunch(options, kernel, plan);

  int device = selectDevice(options, kernel);
  kernel.bind(device);
  printDevice(kernel, device, plan);
  // Refuse a grid the device cannot launch before allocating buffers.
  gluonrt::check(gluonrt_check_grid(kernel.get(), plan.grid.data()));
  createBuffers(kernel, plan, options.seed);
  launchOnce(kernel, plan);

  for (const NamedValue &save : options.saves) {
    BufferArgument &buffer = *plan.findBuffer(save.name);
    std::vector<uint8_t> data(buffer.bytes());
    if (!data.empty())
      buffer.device.download(data.data(), data.size());
    writeWholeFile("--save " + save.name, save.value, data);
    std::printf("saved %s to %s (%s)\n", save.name.c_str(), save.value.c_str(),
                describeBytes(double(data.size())).c_str());
  }
  bool allMatch = true;
  for (const NamedValue &check : options.checks)
    allMatch &= checkBuffer(*plan.findBuffer(check.name), check.value);
  if (options.benchReps > 0)
    bench(options, kernel, plan);
  return allMatch ? 0 : 1;
}

/// Prints an error after flushing what stdout holds, so that messages
/// appear in order when both streams go to one file.
void printError(const char *message) {
  std::fflush(stdout);
  std::fprintf(stderr, "gluon-run: %s\n", message);
}

} // namespace

int main(int argc, char **argv) {
  try {
    std::optional<Options> options = parseCommandLine(argc, argv);
    if (!options) {
      std::fputs(UsageText, stdout);
      return 0;
    }
    return run(*options);
  } catch (const UsageError &error) {
    printError(error.what());
    std::fputs("run 'gluon-run --help' for usage\n", stderr);
    return 2;
  } catch (const std::exception &error) {
    // RunFailure, gluonrt::Error (a failed runtime call) and the rest.
    printError(error.what());
    return 1;
  }
}
