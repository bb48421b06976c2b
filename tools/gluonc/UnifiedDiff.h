//===- UnifiedDiff.h - diff -u of two texts ---------------------*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_DRIVER_UNIFIEDDIFF_H
#define GLUONC_DRIVER_UNIFIEDDIFF_H

#include <string>

namespace gluonc::driver {

/// `before` and `after` as a unified diff with 3 lines of context, headed
/// `--- beforeName` / `+++ afterName` (what `diff -u` prints, without
/// dates); "" when they are equal.
std::string unifiedDiff(const std::string &before, const std::string &after,
                        const std::string &beforeName,
                        const std::string &afterName);

} // namespace gluonc::driver

#endif // GLUONC_DRIVER_UNIFIEDDIFF_H
