//===- Metadata.h - The kernel metadata JSON (gluonc.kernel/1) --*- C++ -*-===//
//
// Parses and validates the document described in docs/metadata.md, and reads
// and verifies the image it names. Nothing here touches a driver.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_RUNTIME_METADATA_H
#define GLUONC_RUNTIME_METADATA_H

#include "gluonc/runtime/gluonrt.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace gluonrt {

constexpr const char *KnownSchema = "gluonc.kernel/1";

struct ParamMetadata {
  std::string name;
  std::string type;        // "*fp32", "i32"
  std::string elementType; // pointee spelling for pointers, else empty
  gluonrt_param_kind kind = GLUONRT_PARAM_SCALAR;
  gluonrt_type valueType = GLUONRT_TYPE_OTHER;
  uint32_t size = 0;
  uint32_t alignment = 0;
  uint32_t offset = 0;
  uint64_t divisibility = 1;

  bool isIntegerScalar() const;
};

/// An argument the code object declares beyond the kernel's own (AMD code
/// object v5: block counts, group sizes, runtime-owned pointers).
struct HiddenParamMetadata {
  std::string kind; // the note's .value_kind: "hidden_block_count_x"
  uint32_t offset = 0;
  uint32_t size = 0;
};

struct ConstexprMetadata {
  std::string name;
  std::string json; // compact JSON text of the value
  bool isInteger = false;
  int64_t intValue = 0;
};

struct KernelMetadata {
  std::string jsonPath;  // as given by the caller
  std::string directory; // the JSON file's folder, the image path's base
  std::string entry;

  gluonrt_backend backend = GLUONRT_BACKEND_NVIDIA;
  std::string arch;
  uint32_t warpSize = 32;

  std::string imageFile;   // as written in the JSON (relative)
  std::string imagePath;   // resolved against `directory`
  std::string imageFormat; // "cubin" / "hsaco"
  std::string imageSha256;
  uint64_t imageSize = 0;

  uint32_t numWarps = 0;
  uint32_t numCtas = 1;
  std::array<uint32_t, 3> blockDims{{0, 0, 0}};
  std::array<uint32_t, 3> clusterDims{{1, 1, 1}};
  uint32_t sharedBytes = 0;
  uint32_t sharedStaticBytes = 0;

  std::vector<ParamMetadata> params;
  std::vector<ConstexprMetadata> constexprs;

  /// The argument buffer's bytes: on AMD the whole kernarg segment as the
  /// code object declares it (resources.kernarg_bytes / kernarg_alignment;
  /// without them, the end of the last argument and 8), and the hidden
  /// arguments in it; on NVIDIA the end of the last parameter.
  uint32_t kernargBytes = 0;
  uint32_t kernargAlignment = 8;
  std::vector<HiddenParamMetadata> hiddenParams;

  int findParam(const std::string &name) const;
  const ConstexprMetadata *findConstexpr(const std::string &name) const;
  /// "add_kernel(x_ptr, y_ptr, out_ptr, n)", for messages.
  std::string signature() const;
};

/// Parses and validates the JSON text of a metadata document. `jsonPath` is
/// used for messages and to resolve the image path; no file is read.
gluonrt_status parseMetadata(const std::string &jsonText,
                             const std::string &jsonPath, KernelMetadata &out);

/// Reads `jsonPath`, parses it, then reads the image and checks its size and
/// SHA-256 against the metadata.
gluonrt_status loadMetadataAndImage(const std::string &jsonPath,
                                    KernelMetadata &metadata,
                                    std::vector<uint8_t> &image);

/// Reads a whole file; fails with GLUONRT_ERROR_IO naming the file.
gluonrt_status readFileBytes(const std::string &path,
                             std::vector<uint8_t> &bytes);

} // namespace gluonrt

#endif // GLUONC_RUNTIME_METADATA_H
