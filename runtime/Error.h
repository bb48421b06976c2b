//===- Error.h - The thread's last error message ----------------*- C++ -*-===//
//
// Every failing runtime call records a message for gluonrt_last_error() and
// returns a status code; nothing is printed and nothing exits.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_RUNTIME_ERROR_H
#define GLUONC_RUNTIME_ERROR_H

#include "gluonc/runtime/gluonrt.h"

#include <fmt/core.h>

#include <string>

namespace gluonrt {

/// Records `message` as the calling thread's last error and returns `status`,
/// so that failures read `return fail(GLUONRT_ERROR_IO, "...")`.
gluonrt_status fail(gluonrt_status status, std::string message);

/// fail() with a message formatted by fmt: `fail(GLUONRT_ERROR_IO, "cannot
/// read '{}': {}", path, reason)`.
template <typename... Args>
gluonrt_status fail(gluonrt_status status, fmt::format_string<Args...> format,
                    Args &&...args) {
  return fail(status, fmt::format(format, std::forward<Args>(args)...));
}

/// Puts `context` before the calling thread's last error (already logged by
/// the fail() that set it) and returns `status`: `return withContext(status,
/// path)` reads "PATH: the message", and GLUONRT_LOG shows one failure.
gluonrt_status withContext(gluonrt_status status, const std::string &context);

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
