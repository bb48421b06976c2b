//===- Error.h - The thread's last error message ----------------*- C++ -*-===//
//
// Every failing runtime call records a message for gluonrt_last_error() and
// returns a status code; nothing is printed and nothing exits.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_RUNTIME_ERROR_H
#define GLUONC_RUNTIME_ERROR_H

#include "gluonc/runtime/gluonrt.h"

#include <string>

namespace gluonrt {

/// Records `message` as the calling thread's last error and returns `status`,
/// so that failures read `return fail(GLUONRT_ERROR_IO, "...")`.
gluonrt_status fail(gluonrt_status status, std::string message);

/// The calling thread's last error message.
const std::string &lastError();

/// Thrown inside the library only (metadata parsing); converted to a status
/// at the C API boundary.
struct Failure {
  gluonrt_status status;
  std::string message;
};

} // namespace gluonrt

#endif // GLUONC_RUNTIME_ERROR_H
