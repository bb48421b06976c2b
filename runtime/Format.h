//===- Format.h - How the runtime's messages show numbers, lists *- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// One spelling for an address or bit pattern ("0x7f00") and one for a list
// of values ("[8192, 64]") in libgluonrt's messages and log lines and in
// gluon-run's output. Header-only, so that gluon-run, which cannot call
// libgluonrt's hidden symbols, shares it.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_RUNTIME_FORMAT_H
#define GLUONC_RUNTIME_FORMAT_H

#include <fmt/format.h>

#include <cstdint>
#include <iterator>
#include <string>

namespace gluonrt {

/// "0x1f".
inline std::string hexText(uint64_t value) {
  return fmt::format("0x{:x}", value);
}

/// "[1, 2, 3]": the values from `begin` to `end`.
template <typename Iterator>
std::string listText(Iterator begin, Iterator end) {
  return fmt::format("[{}]", fmt::join(begin, end, ", "));
}

template <typename Range> std::string listText(const Range &values) {
  return listText(std::begin(values), std::end(values));
}

} // namespace gluonrt

#endif // GLUONC_RUNTIME_FORMAT_H
