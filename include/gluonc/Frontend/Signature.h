//===- Signature.h - Triton AOT signatures ----------------------*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// `-s "*fp32:16, *fp32:16, i32, 1024"` lists a kernel's parameters in order:
// a type (a pointer `*fp32`, a scalar `i32`, optionally `:N`, the divisibility
// the compiler may assume) for a run-time parameter, or a value (any DSL
// expression) for a constexpr. A tensor descriptor is Triton's
// `tensordesc<fp16[128, 64]>`, optionally with its shared layout and
// padding: `tensordesc<fp16[128, 64], NVMMASharedLayout(128, 16),
// padding="nan">` (the layout defaults to
// NVMMASharedLayout.get_default_for(block, dtype), the padding to "zero").
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

/// Splits at the commas that are outside brackets, quotes and the angle
/// brackets of `tensordesc<...>`. An empty signature has no entries.
std::vector<SignatureEntry> splitSignature(const std::string &signature);

/// The parts of `tensordesc<DTYPE[BLOCK], LAYOUT, padding=...>`.
struct TensorDescSignature {
  std::vector<int64_t> blockShape;
  /// The layout expression as written (empty: the default), and where it
  /// starts in the entry.
  std::string layoutText;
  uint32_t layoutOffset = 0;
  /// "zero" or "nan", and where `padding=` starts in the entry (0 when
  /// the entry has none).
  std::string padding = "zero";
  uint32_t paddingOffset = 0;
};

struct SignatureType {
  /// The entry is a type; otherwise it is a value to evaluate.
  bool isType = false;
  bool isPointer = false;
  bool isTensorDesc = false;
  /// For tensor descriptors (scalar holds the element type).
  TensorDescSignature tensorDesc;
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
