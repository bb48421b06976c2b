//===- Signature.h - Triton AOT signatures ----------------------*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// `-s "*fp32:16, *fp32:16, i32, 1024"` lists a kernel's parameters in order:
// a type (a pointer `*fp32`, a scalar `i32`, optionally `:N`, the divisibility
// the compiler may assume) for a run-time parameter, or a value (any DSL
// expression) for a constexpr.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_FRONTEND_SIGNATURE_H
#define GLUONC_FRONTEND_SIGNATURE_H

#include <cstdint>
#include <string>
#include <vector>

namespace gluonc {

/// One entry of a signature, trimmed, and the offset where it starts.
struct SignatureEntry {
  std::string text;
  uint32_t offset = 0;
};

/// Splits at the commas that are outside brackets and quotes. An empty
/// signature has no entries.
std::vector<SignatureEntry> splitSignature(const std::string &signature);

struct SignatureType {
  /// The entry is a type; otherwise it is a value to evaluate.
  bool isType = false;
  bool isPointer = false;
  /// Triton's spelling of the scalar or pointee: "fp32", "i32".
  std::string scalar;
  int64_t divisibility = 1;
  /// Set when the entry is shaped like a type but wrong, with the offset in
  /// the entry to point at.
  std::string error;
  uint32_t errorOffset = 0;
  /// What would be valid, for the message.
  std::string hint;
};

/// Classifies and parses one entry: `*fp32:16` and `i32` are types, `1024`,
/// `True` and `gl.BlockedLayout(...)` are values.
SignatureType parseSignatureType(const std::string &entry);

} // namespace gluonc

#endif // GLUONC_FRONTEND_SIGNATURE_H
