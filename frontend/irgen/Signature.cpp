//===- Signature.cpp - Triton AOT signatures ------------------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "gluonc/Frontend/Signature.h"

#include "DType.h"

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
  int depth = 0;
  char quote = 0;
  size_t start = 0;
  for (size_t i = 0; i < signature.size(); ++i) {
    char c = signature[i];
    if (quote) {
      if (c == quote)
        quote = 0;
    } else if (c == '\'' || c == '"') {
      quote = c;
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

SignatureType gluonc::parseSignatureType(const std::string &entry) {
  SignatureType type;
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
