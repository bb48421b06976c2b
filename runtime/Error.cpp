//===- Error.cpp - The thread's last error message ------------------------===//

#include "Error.h"
#include "Format.h"
#include "Log.h"

namespace gluonrt {
namespace {
thread_local std::string LastErrorMessage;
} // namespace

gluonrt_status fail(gluonrt_status status, std::string message) {
  LastErrorMessage = boundedMessage(std::move(message));
  logger().debug("failed ({}): {}", gluonrt_status_name(status),
                 LastErrorMessage);
  return status;
}

gluonrt_status withContext(gluonrt_status status, const std::string &context) {
  LastErrorMessage = boundedMessage(context + ": " + LastErrorMessage);
  return status;
}

const std::string &lastError() { return LastErrorMessage; }

} // namespace gluonrt

// The C API of statuses and messages lives here, beside fail(), so that
// everything built with fail() (the metadata fuzzer too) has it.

const char *gluonrt_status_name(gluonrt_status status) {
  switch (status) {
  case GLUONRT_SUCCESS:
    return "GLUONRT_SUCCESS";
  case GLUONRT_ERROR_INVALID_ARGUMENT:
    return "GLUONRT_ERROR_INVALID_ARGUMENT";
  case GLUONRT_ERROR_IO:
    return "GLUONRT_ERROR_IO";
  case GLUONRT_ERROR_INVALID_METADATA:
    return "GLUONRT_ERROR_INVALID_METADATA";
  case GLUONRT_ERROR_IMAGE_MISMATCH:
    return "GLUONRT_ERROR_IMAGE_MISMATCH";
  case GLUONRT_ERROR_NO_DRIVER:
    return "GLUONRT_ERROR_NO_DRIVER";
  case GLUONRT_ERROR_NO_DEVICE:
    return "GLUONRT_ERROR_NO_DEVICE";
  case GLUONRT_ERROR_ARCH_MISMATCH:
    return "GLUONRT_ERROR_ARCH_MISMATCH";
  case GLUONRT_ERROR_DRIVER:
    return "GLUONRT_ERROR_DRIVER";
  case GLUONRT_ERROR_BAD_ARGUMENTS:
    return "GLUONRT_ERROR_BAD_ARGUMENTS";
  case GLUONRT_ERROR_LAUNCH_CONFIG:
    return "GLUONRT_ERROR_LAUNCH_CONFIG";
  case GLUONRT_ERROR_NOT_BOUND:
    return "GLUONRT_ERROR_NOT_BOUND";
  case GLUONRT_ERROR_NOT_FOUND:
    return "GLUONRT_ERROR_NOT_FOUND";
  case GLUONRT_ERROR_OUT_OF_MEMORY:
    return "GLUONRT_ERROR_OUT_OF_MEMORY";
  }
  return "GLUONRT_ERROR_UNKNOWN";
}

const char *gluonrt_last_error(void) { return gluonrt::lastError().c_str(); }
