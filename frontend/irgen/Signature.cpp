//===- Signature.cpp - Triton AOT signatures ------------------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "gluonc/Frontend/Signature.h"

#include "DType.h"

#include "gluonc/Layout/LinearLayout.h"

#include <cctype>

using namespace gluonc;

std::vector<SignatureEntry>
gluonc::splitSignature(const std::string &signature) {
  std::vector<SignatureEntry> entries;
  auto push = [&](size_t begin, size_t end) {
    while (begin < end &&
           std::isspace(static_cast<unsigned char>(signature[begin])))
      ++begin;
    while (end > begin &&
           std::isspace(static_cast<unsigned char>(signature[end - 1])))
      --end;
    entries.push_back({signature.substr(begin, end - begin),
                       static_cast<uint32_t>(begin)});
  };
  static const std::string kTensorDesc = "tensordesc<";
  int depth = 0;
  // The depths at which a tensordesc's `<` opened: its `>` closes it.
  std::vector<int> angles;
  char quote = 0;
  size_t start = 0;
  for (size_t i = 0; i < signature.size(); ++i) {
    char c = signature[i];
    if (quote) {
      if (c == quote)
        quote = 0;
    } else if (c == '\'' || c == '"') {
      quote = c;
    } else if (c == '<' && i + 1 >= kTensorDesc.size() &&
               signature.compare(i + 1 - kTensorDesc.size(), kTensorDesc.size(),
                                 kTensorDesc) == 0) {
      angles.push_back(depth++);
    } else if (c == '>' && !angles.empty() && angles.back() == depth - 1) {
      angles.pop_back();
      --depth;
    } else if (c == '(' || c == '[' || c == '{') {
      ++depth;
    } else if (c == ')' || c == ']' || c == '}') {
      --depth;
    } else if (c == ',' && depth == 0) {
      push(start, i);
      start = i + 1;
    }
  }
  push(start, signature.size());
  if (entries.size() == 1 && entries[0].text.empty())
    entries.clear();
  return entries;
}

/// `*name:digits` / `name` / `name:digits` made of letters and digits only.
static bool looksLikeType(const std::string &text) {
  size_t i = !text.empty() && text[0] == '*' ? 1 : 0;
  if (i >= text.size() || !std::isalpha(static_cast<unsigned char>(text[i])))
    return false;
  for (; i < text.size(); ++i)
    if (!std::isalnum(static_cast<unsigned char>(text[i])) && text[i] != ':')
      return false;
  return true;
}

/// `tensordesc<DTYPE[D0, D1, ...](, LAYOUT)?(, padding=("zero"|"nan"))?>`.
static SignatureType parseTensorDesc(const std::string &entry) {
  SignatureType type;
  type.isType = true;
  type.isTensorDesc = true;
  auto fail = [&](size_t offset, std::string message, std::string hint = "") {
    type.error = std::move(message);
    type.errorOffset = static_cast<uint32_t>(offset);
    type.hint = std::move(hint);
    return type;
  };
  static const std::string kPrefix = "tensordesc<";
  if (entry.back() != '>')
    return fail(entry.size(), "expected '>' to end the tensordesc");
  std::string body = entry.substr(kPrefix.size(),
                                  entry.size() - kPrefix.size() - 1);
  size_t bracket = body.find('[');
  size_t close = body.find(']');
  if (bracket == std::string::npos || close == std::string::npos ||
      close < bracket)
    return fail(kPrefix.size(), "expected the block as DTYPE[D0, D1, ...]",
                "(e.g. tensordesc<fp16[128, 64]>)");
  auto trim = [](std::string text) {
    size_t b = text.find_first_not_of(" \t");
    size_t e = text.find_last_not_of(" \t");
    return b == std::string::npos ? std::string() : text.substr(b, e - b + 1);
  };
  std::string base = trim(body.substr(0, bracket));
  if (!frontend::parseTritonScalar(base))
    return fail(kPrefix.size(), "unknown type '" + base + "'",
                "(expected fp16, bf16, fp32, fp64, i8, i16, i32, i64, u8, "
                "u16, u32, u64, fp8e4nv or fp8e5)");
  type.scalar = base;
  std::string dims = body.substr(bracket + 1, close - bracket - 1);
  size_t pos = 0;
  while (pos <= dims.size()) {
    size_t comma = dims.find(',', pos);
    std::string dim = trim(dims.substr(
        pos, comma == std::string::npos ? std::string::npos : comma - pos));
    bool digits = !dim.empty() &&
                  dim.find_first_not_of("0123456789") == std::string::npos;
    // Point at the dimension itself, past the blanks after the comma.
    size_t blanks = dims.find_first_not_of(" \t", pos);
    size_t dimOffset =
        blanks == std::string::npos || blanks > comma ? pos : blanks;
    size_t dimAt = kPrefix.size() + bracket + 1 + dimOffset;
    if (!digits || dim.find_first_not_of('0') == std::string::npos)
      return fail(dimAt, "block dimensions must be positive integers, got '" +
                             dim.substr(0, 64) + "'");
    // Leading zeros aside, more than 10 digits is past 2^30 already.
    std::string significant = dim.substr(dim.find_first_not_of('0'));
    if (significant.size() > 10 || std::stoll(significant) > kMaxDimSize)
      return fail(dimAt, "block dimensions are at most 2^30 (" +
                             std::to_string(kMaxDimSize) + "), got " +
                             significant.substr(0, 64));
    type.tensorDesc.blockShape.push_back(std::stoll(significant));
    if (comma == std::string::npos)
      break;
    pos = comma + 1;
  }
  // The rest: `, LAYOUT` and `, padding=...`, split at top-level commas.
  std::string rest = body.substr(close + 1);
  size_t restOffset = kPrefix.size() + close + 1;
  for (const SignatureEntry &part : splitSignature(rest)) {
    if (part.text.empty())
      continue;
    size_t offset = restOffset + part.offset;
    if (part.text.rfind("padding", 0) == 0 &&
        part.text.find('=') != std::string::npos) {
      std::string value = trim(part.text.substr(part.text.find('=') + 1));
      if (value.size() >= 2 && (value[0] == '"' || value[0] == '\'') &&
          value.back() == value[0])
        value = value.substr(1, value.size() - 2);
      if (value != "zero" && value != "nan")
        return fail(offset, "padding must be \"zero\" or \"nan\", got '" +
                                value.substr(0, 64) + "'");
      if (type.tensorDesc.paddingOffset != 0)
        return fail(offset, "a tensordesc takes one padding");
      type.tensorDesc.padding = value;
      type.tensorDesc.paddingOffset = static_cast<uint32_t>(offset);
      continue;
    }
    if (!type.tensorDesc.layoutText.empty())
      return fail(offset, "a tensordesc takes one layout");
    type.tensorDesc.layoutText = part.text;
    type.tensorDesc.layoutOffset = static_cast<uint32_t>(offset);
  }
  return type;
}

SignatureType gluonc::parseSignatureType(const std::string &entry) {
  SignatureType type;
  if (entry.rfind("tensordesc<", 0) == 0)
    return parseTensorDesc(entry);
  if (!looksLikeType(entry))
    return type;
  bool isPointer = entry[0] == '*';
  size_t colon = entry.find(':');
  size_t baseStart = isPointer ? 1 : 0;
  std::string base = entry.substr(
      baseStart, colon == std::string::npos ? std::string::npos
                                            : colon - baseStart);
  std::optional<frontend::ScalarKind> kind = frontend::parseTritonScalar(base);
  if (!kind) {
    // A bare name (True, None, a module constant) is a value, not a type.
    if (!isPointer && colon == std::string::npos)
      return type;
    type.isType = true;
    type.error = "unknown type '" + base + "'";
    type.hint = "(expected fp16, bf16, fp32, fp64, i1, i8, i16, i32, i64, u8, "
                "u16, u32, u64, fp8e4nv or fp8e5)";
    type.errorOffset = baseStart;
    return type;
  }
  type.isType = true;
  type.isPointer = isPointer;
  type.scalar = base;
  if (colon == std::string::npos)
    return type;
  std::string digits = entry.substr(colon + 1);
  bool valid = !digits.empty() && digits.size() < 10 &&
               digits.find_first_not_of("0123456789") == std::string::npos;
  int64_t divisibility = valid ? std::stoll(digits) : 0;
  if (!valid || divisibility <= 0 || (divisibility & (divisibility - 1))) {
    type.error = "divisibility must be a power of two, got '" + digits + "'";
    type.errorOffset = colon + 1;
    return type;
  }
  frontend::DType dtype = frontend::DType::of(*kind);
  if (!isPointer && !dtype.isInt()) {
    type.error = "divisibility applies to pointers and integers, not " + base;
    type.errorOffset = colon;
    return type;
  }
  type.divisibility = divisibility;
  return type;
}
