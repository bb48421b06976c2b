//===- Sha256.h - SHA-256 digests for image verification --------*- C++ -*-===//
//
// A small FIPS 180-4 SHA-256, so that the runtime can check that an image
// matches its metadata without linking a crypto library.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_RUNTIME_SHA256_H
#define GLUONC_RUNTIME_SHA256_H

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

namespace gluonrt {

class Sha256 {
public:
  Sha256();
  void update(const void *data, size_t bytes);
  /// Finishes the digest; the object must not be updated afterwards.
  std::array<uint8_t, 32> finish();

  static std::string hexDigest(const void *data, size_t bytes);

private:
  void compressBlock(const uint8_t *block);

  std::array<uint32_t, 8> state;
  std::array<uint8_t, 64> pending;
  size_t pendingBytes = 0;
  uint64_t totalBytes = 0;
};

} // namespace gluonrt

#endif // GLUONC_RUNTIME_SHA256_H
