//===- Metadata.h - The kernel metadata JSON (gluonc.kernel/1) --*- C++ -*-===//
//
// Parses and validates the document described in docs/metadata.md, and reads
// and verifies the image it names. Nothing here touches a driver.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_RUNTIME_METADATA_H
#define GLUONC_RUNTIME_METADATA_H

#include "TensorDesc.h"
#include "gluonc/runtime/gluonrt.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace gluonrt {

constexpr const char *KnownSchema = "gluonc.kernel/1";
constexpr const char *IndexSchema = "gluonc.index/1";

/// Limits of what a metadata document may declare (docs/metadata.md lists
/// them). Each is far above anything gluonc writes and below what would make
/// loading slow or a launch ill-formed: they keep a hostile or corrupt
/// document from costing more than a diagnostic.
struct MetadataLimits {
  /// The JSON file itself; gluonc's are a few KiB.
  static constexpr uint64_t MaxJsonBytes = uint64_t(16) << 20;
  /// Nesting of arrays and objects (gluonc's documents nest 3 deep).
  static constexpr unsigned MaxJsonDepth = 32;
  /// Runtime parameters: CUDA passes at most 32764 bytes of them, 1 byte at
  /// least each.
  static constexpr size_t MaxParams = 32768;
  static constexpr size_t MaxHiddenParams = 256;
  /// The whole argument buffer (AMD: the kernarg segment).
  static constexpr uint64_t MaxArgumentBytes = uint64_t(64) << 10;
  /// The image (cubin / hsaco).
  static constexpr uint64_t MaxImageBytes = uint64_t(1) << 30;
  /// Dynamic and static shared memory per block; GPUs have at most 256 KiB.
  static constexpr uint64_t MaxSharedBytes = uint64_t(16) << 20;
  /// scratch.global_bytes, per launch.
  static constexpr uint64_t MaxScratchBytes = uint64_t(1) << 40;
};

struct ParamMetadata {
  std::string name;
  std::string type; // "*fp32", "i32", "tensordesc<fp16[128, 64]>"
  /// The pointee's or the descriptor's element type, else empty.
  std::string elementType;
  gluonrt_param_kind kind = GLUONRT_PARAM_SCALAR;
  gluonrt_type valueType = GLUONRT_TYPE_OTHER;
  uint32_t size = 0;
  uint32_t alignment = 0;
  uint32_t offset = 0;
  uint64_t divisibility = 1;
  /// Kind GLUONRT_PARAM_TENSORDESC only.
  TensorDescMetadata tensorDesc;

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
  std::string imagePath;   // `directory`/`imageFile`, for messages
  /// "cubin" / "hsaco", or the container of several archs' images that
  /// holds this arch's: "fatbin" / "hipfb".
  std::string imageFormat;
  /// image.ptx_arch: the arch of the PTX a fatbin image holds, which the
  /// driver compiles for a device that runs no cubin of it; "" if none.
  std::string ptxArch;
  std::string imageSha256;
  uint64_t imageSize = 0;

  uint32_t numWarps = 0;
  uint32_t numCtas = 1;
  std::array<uint32_t, 3> blockDims{{0, 0, 0}};
  std::array<uint32_t, 3> clusterDims{{1, 1, 1}};
  uint32_t sharedBytes = 0;
  uint32_t sharedStaticBytes = 0;

  std::vector<ParamMetadata> params;
  /// How many params are tensor descriptors: a launch passes 1 + 2 * rank
  /// kernel parameters for each.
  uint32_t numTensorDescs = 0;
  /// Indices into `params`, sorted by name: findParam's binary search.
  std::vector<uint32_t> paramsByName;
  /// Sorted by name (as the JSON object's keys are): findConstexpr's
  /// binary search.
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
  /// "add_kernel(x_ptr, y_ptr, out_ptr, n)", for messages: names cut and
  /// listed as Format.h's boundedJoin does.
  std::string signature() const;
};

/// Parses and validates the JSON text of a metadata document. `jsonPath` is
/// used for messages and to resolve the image path; no file is read.
gluonrt_status parseMetadata(const std::string &jsonText,
                             const std::string &jsonPath, KernelMetadata &out);

/// Reads the image `metadata` names, inside the JSON file's folder only (see
/// Files.h), and checks its size and SHA-256 against the metadata; at most
/// image.size bytes are read. `realPath` receives the image's absolute path.
gluonrt_status loadImage(const KernelMetadata &metadata,
                         std::vector<uint8_t> &image, std::string &realPath);

/// Checks `image` (already read) against the size and SHA-256 of
/// `metadata`.
gluonrt_status checkImage(const KernelMetadata &metadata,
                          const std::vector<uint8_t> &image);

/// Reads `jsonPath` (a regular file of at most MaxJsonBytes), parses it,
/// then loads the image (loadImage).
gluonrt_status loadMetadataAndImage(const std::string &jsonPath,
                                    KernelMetadata &metadata,
                                    std::vector<uint8_t> &image,
                                    std::string &imageRealPath);

/// A kernel compiled for several archs (schema gluonc.index/1): each
/// arch's metadata file, in the order gluonc wrote them.
struct IndexMetadata {
  struct Entry {
    std::string arch;
    gluonrt_backend backend = GLUONRT_BACKEND_NVIDIA;
    /// Relative to the index's folder.
    std::string metadataFile;
    /// The PTX arch of the container that holds this arch's image, if any.
    std::string ptxArch;
  };
  std::string jsonPath;
  std::string directory;
  std::vector<Entry> entries;
};

/// Whether `jsonText` is an index: a JSON object whose schema is
/// IndexSchema. Anything else (a kernel's metadata, a broken file) is for
/// parseMetadata to read or report. It is parsed as parseMetadata parses,
/// so that a broken file costs no more here than there.
bool isIndexDocument(const std::string &jsonText);

/// Parses and validates an index; no file it names is read.
gluonrt_status parseIndex(const std::string &jsonText,
                          const std::string &jsonPath, IndexMetadata &out);

/// An entry of an index picked for a device, and why (GLUONRT_LOG says
/// it).
struct IndexPick {
  /// -1: none fits.
  int entry = -1;
  const char *reason = "";
};

/// The entry of `index` for a device of `backend` with `info`: for NVIDIA
/// the arch whose cubin runs on it (an "a" arch of its exact capability
/// first, then the highest minor), else one whose fatbin's PTX the driver
/// can compile for it; for AMD its processor.
IndexPick pickIndexEntry(const IndexMetadata &index, gluonrt_backend backend,
                         const gluonrt_device_info &info);

} // namespace gluonrt

#endif // GLUONC_RUNTIME_METADATA_H
