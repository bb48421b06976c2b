//===- Log.h - libgluonrt's log lines (GLUONRT_LOG) ------------*- C++ -*-===//
//
// GLUONRT_LOG=trace|debug|info|warn|error|off sets the level, read once at
// the first line; the default, warn, prints nothing in normal use. Lines go
// to stderr as "gluonrt: debug: ...".
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_RUNTIME_LOG_H
#define GLUONC_RUNTIME_LOG_H

#include "gluonc/Support/Log.h"

namespace gluonrt {

/// The runtime's logger, at GLUONRT_LOG's level.
gluonc::log::Logger &logger();

} // namespace gluonrt

#endif // GLUONC_RUNTIME_LOG_H
