//===- Errors.h - gluon-run's two kinds of failure --------------*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Every part of gluon-run reports a failure by throwing one of these, and
// main() turns it into the exit status: 2 for a mistake in the command line,
// 1 for everything else, so that a script can tell the two apart.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_TOOLS_GLUON_RUN_ERRORS_H
#define GLUONC_TOOLS_GLUON_RUN_ERRORS_H

#include <stdexcept>

namespace gluonrun {

/// A mistake in the command line: exit status 2.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// A failure of the runtime, the kernel or a check: exit status 1.
struct RunFailure : std::runtime_error {
  using std::runtime_error::runtime_error;
};

} // namespace gluonrun

#endif // GLUONC_TOOLS_GLUON_RUN_ERRORS_H
