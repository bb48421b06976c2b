//===- Backend.cpp - Backend selection and library lookup -----------------===//

#include "Backend.h"

#include "Error.h"

#include <cstdlib>

namespace gluonrt {

gluonrt_status Backend::encodeTensorMap(int, const TensorMapArgs &, uint8_t *) {
  return fail(GLUONRT_ERROR_INVALID_ARGUMENT,
              "{} has no TMA tensor descriptors", apiName());
}

Backend &backendFor(gluonrt_backend backend) {
  return backend == GLUONRT_BACKEND_AMD ? hipBackend() : cudaBackend();
}

std::vector<std::string> libraryCandidates(const char *environmentVariable,
                                           std::vector<std::string> defaults) {
  const char *override = std::getenv(environmentVariable);
  if (override && *override)
    return {override};
  return defaults;
}

} // namespace gluonrt
