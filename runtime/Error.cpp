//===- Error.cpp - The thread's last error message ------------------------===//

#include "Error.h"
#include "Log.h"

namespace gluonrt {
namespace {
thread_local std::string LastErrorMessage;
} // namespace

gluonrt_status fail(gluonrt_status status, std::string message) {
  logger().debug("failed ({}): {}", gluonrt_status_name(status), message);
  LastErrorMessage = std::move(message);
  return status;
}

const std::string &lastError() { return LastErrorMessage; }

} // namespace gluonrt
