//===- Error.h - The thread's last error message ----------------*- C++ -*-===//
//
// Every failing runtime call records a message for gluonrt_last_error() and
// returns a status code; nothing is printed and nothing exits. A recorded
// message is at most Format.h's MaxMessageBytes long: what it quotes from a
// file is cut where it is formatted (shortText, boundedJoin), and the bound
// keeps the rest (paths, driver text) from making one of megabytes.
//
// Messages are formatted in one place: fail(DESTINATION, FORMAT, ARGS...)
// formats with fmt and hands the message to the fail() overload of its
// destination, the thread's last error (a bare status), a caller's string
// (ErrorOut) or the metadata reader's thrown Failure (Metadata.cpp). Under
// C++20 fmt checks every FORMAT against its ARGS at compile time through it
// (tests/check_format_strings.py).
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

/// A failure reported into a caller's string rather than the thread's last
/// error: runtime/Files.cpp's, which gluon-run builds in too (libgluonrt's
/// last error is not its own) and whose callers put their context first.
struct ErrorOut {
  std::string &message;
  gluonrt_status status;
};

/// Sets `out.message` and returns `out.status`.
inline gluonrt_status fail(const ErrorOut &out, std::string message) {
  out.message = std::move(message);
  return out.status;
}

/// The runtime's one fmt-forwarding error helper: fail() to `destination`
/// with a message formatted by fmt, as in `fail(GLUONRT_ERROR_IO, "cannot
/// read '{}': {}", path, reason)`. It takes one argument at least: a message
/// alone goes to its destination's overload as it is, never through fmt, so
/// that a brace in it is text.
template <typename Destination, typename Arg, typename... Args>
auto fail(const Destination &destination,
          fmt::format_string<Arg, Args...> format, Arg &&arg, Args &&...args) {
  return fail(destination, fmt::format(format, std::forward<Arg>(arg),
                                       std::forward<Args>(args)...));
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
