//===- Metadata.cpp - The kernel metadata JSON (gluonc.kernel/1) ----------===//
//
// Validation is strict where a mistake would make a launch silently wrong
// (schema, params layout, image identity) and tolerant of sections the
// runtime does not use (compiler, resources, source, ...), which are only
// type-checked. The document is also held to what nlohmann::json's parser
// lets through: a key given twice (the parser keeps the last), a NUL in a
// string (a C caller would see it cut short) and deep nesting (dump()
// recurses) are refused while parsing, before the document is built:
// parseDocument is the one parse of every document (a kernel's metadata,
// an index, an embedded one), so that none costs more than its checks
// allow. Every count and size has a limit (MetadataLimits), and nothing
// costs more than O(n log n) in the number of parameters: comparing names
// pairwise took seconds on a large document (bench/RESULTS.md, "Figures
// moved out of source comments"). What a message quotes from the document
// is cut (Format.h's shortText), so that no document makes one of
// megabytes.
//
//===----------------------------------------------------------------------===//

#include "Metadata.h"

#include "Arch.h"
#include "Error.h"
#include "Files.h"
#include "Format.h"
#include "ScalarTypes.h"
#include "Sha256.h"

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <iterator>
#include <limits>
#include <map>
#include <set>

namespace gluonrt {

using nlohmann::json;

bool ParamMetadata::isIntegerScalar() const {
  if (kind != GLUONRT_PARAM_SCALAR)
    return false;
  const ScalarTypeInfo *info = scalarTypeInfo(valueType);
  return info && info->isInteger;
}

int KernelMetadata::findParam(const std::string &name) const {
  auto it = std::lower_bound(paramsByName.begin(), paramsByName.end(), name,
                             [&](uint32_t index, const std::string &key) {
                               return params[index].name < key;
                             });
  if (it == paramsByName.end() || params[*it].name != name)
    return -1;
  return static_cast<int>(*it);
}

const ConstexprMetadata *
KernelMetadata::findConstexpr(const std::string &name) const {
  auto it =
      std::lower_bound(constexprs.begin(), constexprs.end(), name,
                       [](const ConstexprMetadata &value,
                          const std::string &key) { return value.name < key; });
  return it != constexprs.end() && it->name == name ? &*it : nullptr;
}

std::string KernelMetadata::signature() const {
  return fmt::format("{}({})", shortText(entry),
                     boundedJoin(params, [](const ParamMetadata &param) {
                       return shortText(param.name);
                     }));
}

namespace {

/// `value`'s JSON text, cut as shortText cuts, for messages that show what a
/// key holds instead of what it should.
std::string shownValue(const json &value) { return shortText(value.dump()); }

/// The key path of the document's root object. A named string rather than
/// "" at each call: a reference returned by MetadataReader::member() or
/// object() is then never bound to a call with a temporary argument, which
/// g++ 13's -Wdangling-reference reports as possibly dangling.
const std::string kRootPath;

/// A problem of the document at a key path, which fail() throws as a Failure
/// naming the file and the key ("k.json: params[1].offset: must be ...").
struct MetadataKey {
  const std::string &jsonPath;
  const std::string &keyPath;
};

[[noreturn]] void fail(const MetadataKey &key, const std::string &problem) {
  throw Failure{GLUONRT_ERROR_INVALID_METADATA,
                fmt::format("{}: {}{}{}", key.jsonPath, key.keyPath,
                            key.keyPath.empty() ? "" : ": ", problem)};
}
// Declared here, this fail() would hide Error.h's (the formatting one among
// them) from the code of this namespace.
using gluonrt::fail;

/// Reads typed values out of the document; every failure names the file and
/// the key path ("params[1].offset") and throws a Failure.
class MetadataReader {
public:
  explicit MetadataReader(const std::string &jsonPath) : jsonPath(jsonPath) {}

  /// Where a problem at `keyPath` goes: `fail(reader.at("params[1].offset"),
  /// "must be ...")` throws it.
  MetadataKey at(const std::string &keyPath) const {
    return {jsonPath, keyPath};
  }

  const json &member(const json &object, const std::string &objectPath,
                     const char *key) const {
    auto it = object.find(key);
    if (it == object.end())
      fail(at(objectPath), "missing key '{}'", key);
    return *it;
  }

  const json *optionalMember(const json &object, const char *key) const {
    auto it = object.find(key);
    return it == object.end() ? nullptr : &*it;
  }

  const json &object(const json &parent, const std::string &parentPath,
                     const char *key) const {
    const json &value = member(parent, parentPath, key);
    if (!value.is_object())
      fail(at(join(parentPath, key)), "must be an object");
    return value;
  }

  std::string string(const json &parent, const std::string &parentPath,
                     const char *key) const {
    const json &value = member(parent, parentPath, key);
    if (!value.is_string())
      fail(at(join(parentPath, key)), "must be a string");
    return value.get<std::string>();
  }

  std::string nonEmptyString(const json &parent, const std::string &parentPath,
                             const char *key) const {
    std::string value = string(parent, parentPath, key);
    if (value.empty())
      fail(at(join(parentPath, key)), "must not be empty");
    return value;
  }

  uint64_t unsignedInteger(const json &value, const std::string &path,
                           uint64_t max) const {
    // nlohmann parses non-negative integers as unsigned, negative ones as
    // signed; floats (16.0) and booleans are neither.
    bool isNegative = value.is_number_integer() &&
                      !value.is_number_unsigned() && value.get<int64_t>() < 0;
    if (!value.is_number_integer() || isNegative)
      fail(at(path), "must be a non-negative integer, got {}",
           shownValue(value));
    uint64_t result = value.get<uint64_t>();
    if (result > max)
      fail(at(path), "is too large ({})", result);
    return result;
  }

  uint64_t unsignedMember(const json &parent, const std::string &parentPath,
                          const char *key, uint64_t max) const {
    return unsignedInteger(member(parent, parentPath, key),
                           join(parentPath, key), max);
  }

  uint32_t u32Member(const json &parent, const std::string &parentPath,
                     const char *key) const {
    return static_cast<uint32_t>(unsignedMember(
        parent, parentPath, key, std::numeric_limits<uint32_t>::max()));
  }

  std::array<uint32_t, 3> positiveTriple(const json &parent,
                                         const std::string &parentPath,
                                         const char *key) const {
    const json &value = member(parent, parentPath, key);
    std::string path = join(parentPath, key);
    if (!value.is_array() || value.size() != 3)
      fail(at(path), "must be an array of 3 integers, got {}",
           shownValue(value));
    std::array<uint32_t, 3> triple;
    for (size_t i = 0; i < 3; ++i) {
      triple[i] = static_cast<uint32_t>(
          unsignedInteger(value[i], fmt::format("{}[{}]", path, i),
                          std::numeric_limits<uint32_t>::max()));
      if (triple[i] == 0)
        fail(at(path), "dimensions must be at least 1, got {}",
             shownValue(value));
    }
    return triple;
  }

  uint64_t powerOfTwoMember(const json &parent, const std::string &parentPath,
                            const char *key, uint64_t max) const {
    uint64_t value = unsignedMember(parent, parentPath, key, max);
    if (value == 0 || (value & (value - 1)))
      fail(at(join(parentPath, key)), "must be a power of two, got {}", value);
    return value;
  }

  void expectTypeIfPresent(const json &parent, const char *key,
                           json::value_t type, const char *typeName) const {
    const json *value = optionalMember(parent, key);
    if (value && value->type() != type)
      fail(at(key), "must be {}", typeName);
  }

  static std::string join(const std::string &parentPath, const char *key) {
    return parentPath.empty() ? key : parentPath + "." + key;
  }

private:
  const std::string &jsonPath;
};

/// `text` as a JSON string, cut to a readable length, for messages about
/// keys and strings that may be long or hold control characters. The cut
/// keeps whole UTF-8 sequences: dump() throws on a broken one.
std::string shownJson(const std::string &text) {
  size_t kept = utf8Prefix(text, MaxShownChars);
  if (kept == text.size())
    return json(text).dump();
  return fmt::format("{}...", json(text.substr(0, kept)).dump());
}

/// A SAX pass, before the document is built, that refuses what a metadata
/// document must not hold but JSON allows: a key given twice in one object,
/// a NUL character in a key or string, nesting deeper than MaxJsonDepth. It
/// tracks the key path ("params[2]") for its messages. A parser callback
/// could do the same while building the document, but nlohmann::json's
/// callback parser scans the enclosing array at the end of every object,
/// which made it far slower than this pass and a plain parse
/// (bench/RESULTS.md, "Figures moved out of source comments").
class DocumentChecker {
public:
  explicit DocumentChecker(const MetadataReader &reader) : reader(reader) {}

  bool null() { return value(); }
  bool boolean(bool) { return value(); }
  bool number_integer(json::number_integer_t) { return value(); }
  bool number_unsigned(json::number_unsigned_t) { return value(); }
  bool number_float(json::number_float_t, const json::string_t &) {
    return value();
  }
  bool binary(json::binary_t &) { return value(); }
  bool string(json::string_t &text) {
    value();
    if (text.find('\0') != std::string::npos)
      fail(reader.at(path(frames.size())),
           "the string {} contains a NUL character", shownJson(text));
    return true;
  }
  bool start_object(std::size_t) { return start(false); }
  bool start_array(std::size_t) { return start(true); }
  bool end_object() { return end(); }
  bool end_array() { return end(); }
  bool key(json::string_t &key) {
    Frame &object = frames.back();
    if (key.find('\0') != std::string::npos)
      fail(reader.at(path(frames.size() - 1)),
           "the key {} contains a NUL character", shownJson(key));
    if (!object.keys.insert(key).second)
      fail(reader.at(path(frames.size() - 1)),
           "the key {} is given twice (each key may appear once)",
           shownJson(key));
    object.key = key;
    return true;
  }
  bool parse_error(std::size_t, const std::string &,
                   const nlohmann::detail::exception &error) {
    throw error;
  }

private:
  struct Frame {
    bool isArray = false;
    size_t elements = 0; // arrays: the elements seen so far
    std::string key;     // objects: the key being read
    std::set<std::string> keys;
  };

  bool value() {
    if (!frames.empty() && frames.back().isArray)
      ++frames.back().elements;
    return true;
  }

  bool start(bool isArray) {
    value();
    if (frames.size() >= MetadataLimits::MaxJsonDepth)
      fail(reader.at(path(frames.size())),
           "arrays and objects nest more than {} deep",
           MetadataLimits::MaxJsonDepth);
    frames.emplace_back();
    frames.back().isArray = isArray;
    return true;
  }

  bool end() {
    frames.pop_back();
    return true;
  }

  /// The key path of the value being read in the first `depth` frames
  /// (value() has counted it in an array).
  std::string path(size_t depth) const {
    std::string result;
    for (size_t i = 0; i < depth; ++i) {
      const Frame &frame = frames[i];
      if (frame.isArray)
        fmt::format_to(std::back_inserter(result), "[{}]", frame.elements - 1);
      else
        fmt::format_to(std::back_inserter(result), "{}{}",
                       result.empty() ? "" : ".", shortText(frame.key));
    }
    return result;
  }

  const MetadataReader &reader;
  std::vector<Frame> frames;
};

bool isLowercaseHex(const std::string &text) {
  return std::all_of(text.begin(), text.end(), [](char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
  });
}

std::string directoryOf(const std::string &path) {
  size_t slash = path.find_last_of('/');
  if (slash == std::string::npos)
    return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

void readTarget(const MetadataReader &reader, const json &root,
                KernelMetadata &out) {
  const json &target = reader.object(root, kRootPath, "target");
  std::string backend = reader.string(target, "target", "backend");
  if (backend == "nvidia")
    out.backend = GLUONRT_BACKEND_NVIDIA;
  else if (backend == "amd")
    out.backend = GLUONRT_BACKEND_AMD;
  else
    fail(reader.at("target.backend"),
         "unknown backend '{}' (expected nvidia or amd)", shortText(backend));

  out.arch = reader.nonEmptyString(target, "target", "arch");
  CudaArch cudaArch;
  if (out.backend == GLUONRT_BACKEND_NVIDIA &&
      !parseCudaArch(out.arch, cudaArch))
    fail(reader.at("target.arch"),
         "'{}' is not an NVIDIA architecture (sm_80, sm_90a, sm_100a, "
         "...)",
         shortText(out.arch));
  if (out.backend == GLUONRT_BACKEND_AMD && out.arch.compare(0, 3, "gfx") != 0)
    fail(reader.at("target.arch"),
         "'{}' is not an AMD architecture (gfx942, ...)", shortText(out.arch));

  out.warpSize = out.backend == GLUONRT_BACKEND_AMD ? 64 : 32;
  if (reader.optionalMember(target, "warp_size")) {
    out.warpSize = reader.u32Member(target, "target", "warp_size");
    if (out.warpSize != 32 && out.warpSize != 64)
      fail(reader.at("target.warp_size"), "must be 32 or 64");
  }
}

void readImage(const MetadataReader &reader, const json &root,
               KernelMetadata &out) {
  const json &image = reader.object(root, kRootPath, "image");
  out.imageFile = reader.nonEmptyString(image, "image", "file");
  // Only what stays below the JSON's folder; symlinks are checked when the
  // image is opened (loadImage).
  if (!staysBelowFolder(out.imageFile))
    fail(reader.at("image.file"),
         "'{}' must be relative to the JSON file's folder, without "
         "'..' components",
         shortText(out.imageFile));
  out.imagePath = out.directory + "/" + out.imageFile;

  out.imageFormat = reader.string(image, "image", "format");
  bool nvidia = out.backend == GLUONRT_BACKEND_NVIDIA;
  const char *imageFormat = nvidia ? "cubin" : "hsaco";
  const char *containerFormat = nvidia ? "fatbin" : "hipfb";
  if (out.imageFormat != imageFormat && out.imageFormat != containerFormat)
    fail(reader.at("image.format"),
         "'{}' does not match target.backend (expected {} or {})",
         shortText(out.imageFormat), imageFormat, containerFormat);
  if (reader.optionalMember(image, "ptx_arch")) {
    out.ptxArch = reader.nonEmptyString(image, "image", "ptx_arch");
    CudaArch parsed;
    if (out.imageFormat != "fatbin" || !parseCudaArch(out.ptxArch, parsed))
      fail(reader.at("image.ptx_arch"),
           "'{}' must be an NVIDIA architecture, in a fatbin image",
           shortText(out.ptxArch));
  }

  out.imageSha256 = reader.string(image, "image", "sha256");
  if (out.imageSha256.size() != 64 || !isLowercaseHex(out.imageSha256))
    fail(reader.at("image.sha256"), "must be 64 lowercase hex digits");
  out.imageSize = reader.unsignedMember(image, "image", "size",
                                        MetadataLimits::MaxImageBytes);
}

void readLaunch(const MetadataReader &reader, const json &root,
                KernelMetadata &out) {
  const json &launch = reader.object(root, kRootPath, "launch");
  out.numWarps = reader.u32Member(launch, "launch", "num_warps");
  if (out.numWarps == 0)
    fail(reader.at("launch.num_warps"), "must be at least 1");
  out.blockDims = reader.positiveTriple(launch, "launch", "block_dims");
  // Each dimension first: the product of three 32-bit values can wrap.
  for (uint32_t dim : out.blockDims)
    if (dim > 1024)
      fail(reader.at("launch.block_dims"),
           "{} threads in one dimension exceed 1024", dim);
  uint64_t threads =
      uint64_t(out.blockDims[0]) * out.blockDims[1] * out.blockDims[2];
  if (threads > 1024)
    fail(reader.at("launch.block_dims"), "{} threads per block exceed 1024",
         threads);
  if (threads % out.warpSize != 0)
    fail(reader.at("launch.block_dims"),
         "{} threads per block is not a whole number of warps", threads);
  out.clusterDims = reader.positiveTriple(launch, "launch", "cluster_dims");
  out.sharedBytes = static_cast<uint32_t>(reader.unsignedMember(
      launch, "launch", "shared_bytes", MetadataLimits::MaxSharedBytes));
  if (reader.optionalMember(launch, "num_ctas")) {
    out.numCtas = reader.u32Member(launch, "launch", "num_ctas");
    if (out.numCtas == 0)
      fail(reader.at("launch.num_ctas"), "must be at least 1");
  }
  if (reader.optionalMember(launch, "shared_static_bytes"))
    out.sharedStaticBytes = static_cast<uint32_t>(
        reader.unsignedMember(launch, "launch", "shared_static_bytes",
                              MetadataLimits::MaxSharedBytes));
}

/// `rank` positive integers, outermost dimension first.
std::array<uint32_t, MaxTensorDescRank>
readShape(const MetadataReader &reader, const json &parent,
          const std::string &parentPath, const char *key, uint32_t rank) {
  const json &value = reader.member(parent, parentPath, key);
  std::string path = MetadataReader::join(parentPath, key);
  if (!value.is_array() || value.size() != rank) {
    fail(reader.at(path),
         "must be an array of {} integers (one per dimension), got {}", rank,
         shownValue(value));
  }
  std::array<uint32_t, MaxTensorDescRank> shape{};
  for (uint32_t i = 0; i < rank; ++i) {
    std::string element = fmt::format("{}[{}]", path, i);
    shape[i] = static_cast<uint32_t>(reader.unsignedInteger(
        value[i], element, std::numeric_limits<uint32_t>::max()));
    if (shape[i] == 0)
      fail(reader.at(element), "must be at least 1");
  }
  return shape;
}

/// A descriptor's element type against its data type: known (else nothing
/// says how large the tensor's buffer is: a caller sizing it by a guess
/// would let TMA read and write past it), of `element_bytes` bytes, and of
/// the CUtensorMapDataType the ABI gives it (gluonc writes that one).
void checkTensorDescElement(const MetadataReader &reader,
                            const std::string &path, ParamMetadata &param) {
  const TensorDescMetadata &desc = param.tensorDesc;
  std::string at = path + ".tensordesc";
  uint32_t bytes = tensorDescElementBytes(param.elementType);
  if (bytes == 0)
    fail(reader.at(path + ".element_type"),
         "unknown element type '{}' (a tensor descriptor's is one of {})",
         shortText(param.elementType), tensorDescElementTypes());
  if (bytes != desc.elementBytes)
    fail(reader.at(at + ".element_bytes"),
         "{} does not match element_type {} ({} bytes)", desc.elementBytes,
         param.elementType, bytes);
  uint32_t expected = uint32_t(gluonc::abi::tmaDataTypeOf(param.elementType));
  if (desc.tmaDataType != expected)
    fail(reader.at(at + ".tma_data_type"),
         "{} ({}) is not the data type of element_type {}, {} ({})",
         desc.tmaDataType, tmaDataTypeName(desc.tmaDataType), param.elementType,
         expected, tmaDataTypeName(expected));
  const ScalarTypeInfo *scalar = findScalarType(param.elementType);
  param.valueType = scalar ? scalar->type : GLUONRT_TYPE_OTHER;
}

/// The `tensordesc` object of a tensordesc parameter (docs/metadata.md):
/// what cuTensorMapEncodeTiled needs besides the tensor, and where the
/// map, the shape and the strides lie in the argument buffer. Every field is
/// checked against the others and against what TMA can do, so that a
/// descriptor is never built from a document that contradicts itself.
void readTensorDesc(const MetadataReader &reader, const json &value,
                    const std::string &path, gluonrt_backend backend,
                    ParamMetadata &param) {
  if (backend != GLUONRT_BACKEND_NVIDIA)
    fail(reader.at(path + ".kind"), "tensor descriptors (TMA) exist only on "
                                    "NVIDIA GPUs; this kernel is for AMD");
  if (param.type.compare(0, 11, "tensordesc<") != 0)
    fail(reader.at(path + ".type"),
         "'{}' is not a tensor descriptor type "
         "('tensordesc<fp16[128, 64]>')",
         shortText(param.type));
  param.elementType = reader.nonEmptyString(value, path, "element_type");
  const json &object = reader.object(value, path, "tensordesc");
  std::string at = path + ".tensordesc";
  TensorDescMetadata &desc = param.tensorDesc;

  desc.rank = static_cast<uint32_t>(
      reader.unsignedMember(object, at, "rank", MaxTensorDescRank + 1));
  if (desc.rank < 1 || desc.rank > MaxTensorDescRank)
    fail(reader.at(at + ".rank"), "must be 1 to {} (TMA's ranks), got {}",
         MaxTensorDescRank, desc.rank);
  desc.blockShape = readShape(reader, object, at, "block_shape", desc.rank);
  desc.boxShape = readShape(reader, object, at, "box_shape", desc.rank);

  desc.tmaDataType = reader.u32Member(object, at, "tma_data_type");
  if (!tmaDataTypeBytes(desc.tmaDataType))
    fail(reader.at(at + ".tma_data_type"),
         "unknown CUtensorMapDataType {} (expected 0 to 9, UINT8 to "
         "BFLOAT16)",
         desc.tmaDataType);
  desc.elementBytes = reader.u32Member(object, at, "element_bytes");
  if (desc.elementBytes != tmaDataTypeBytes(desc.tmaDataType))
    fail(reader.at(at + ".element_bytes"),
         "{} does not match tma_data_type {} ({}, {} bytes)", desc.elementBytes,
         desc.tmaDataType, tmaDataTypeName(desc.tmaDataType),
         tmaDataTypeBytes(desc.tmaDataType));
  checkTensorDescElement(reader, path, param);

  desc.swizzleBytes = reader.u32Member(object, at, "swizzle_bytes");
  int swizzle = tmaSwizzleOf(desc.swizzleBytes);
  if (swizzle < 0)
    fail(reader.at(at + ".swizzle_bytes"), "must be 0, 32, 64 or 128, got {}",
         desc.swizzleBytes);
  desc.tmaSwizzle = reader.u32Member(object, at, "tma_swizzle");
  if (desc.tmaSwizzle != uint32_t(swizzle))
    fail(reader.at(at + ".tma_swizzle"),
         "{} does not match swizzle_bytes {} (CUtensorMapSwizzle {})",
         desc.tmaSwizzle, desc.swizzleBytes, swizzle);

  std::string padding = reader.string(object, at, "padding");
  if (padding == "nan")
    desc.padding = GLUONRT_TENSORDESC_PADDING_NAN;
  else if (padding != "zero")
    fail(reader.at(at + ".padding"), "must be \"zero\" or \"nan\", got {}",
         shownJson(padding));
  if (desc.padding == GLUONRT_TENSORDESC_PADDING_NAN &&
      !tmaDataTypeIsFloat(desc.tmaDataType))
    fail(reader.at(at + ".padding"),
         "NaN padding needs a floating-point tma_data_type, not {}",
         tmaDataTypeName(desc.tmaDataType));
  if (reader.optionalMember(object, "layout"))
    desc.layout = reader.string(object, at, "layout");

  std::string box = tensorDescBoxProblem(desc);
  if (!box.empty())
    fail(reader.at(at + "." + box.substr(0, box.find(':'))),
         box.substr(box.find(':') + 2));
  for (uint32_t i = 0; i < desc.rank; ++i)
    if (desc.blockShape[i] % desc.boxShape[i] != 0)
      fail(reader.at(fmt::format("{}.box_shape[{}]", at, i)),
           "{} does not divide block_shape[{}] = {} (a block is a "
           "whole number of boxes)",
           desc.boxShape[i], i, desc.blockShape[i]);

  // The argument buffer: the map (aligned for its 64-byte loads), then the
  // shape and the strides, as the kernel's 1 + 2 * rank parameters lie.
  if (param.alignment != TensorMapAlignment)
    fail(reader.at(path + ".alignment"),
         "a tensor descriptor's map is {}-byte aligned, got {}",
         TensorMapAlignment, param.alignment);
  desc.mapOffset = reader.u32Member(object, at, "map_offset");
  if (desc.mapOffset != param.offset)
    fail(reader.at(at + ".map_offset"), "{} is not the parameter's offset {}",
         desc.mapOffset, param.offset);
  TensorDescLayout layout = tensorDescLayout(desc.mapOffset, desc.rank);
  desc.shapeOffset = reader.u32Member(object, at, "shape_offset");
  if (desc.shapeOffset != layout.shapeOffset)
    fail(reader.at(at + ".shape_offset"),
         "{} is not {}, the end of the {}-byte map", desc.shapeOffset,
         layout.shapeOffset, TensorMapBytes);
  desc.stridesOffset = reader.u32Member(object, at, "strides_offset");
  if (desc.stridesOffset != layout.stridesOffset)
    fail(reader.at(at + ".strides_offset"),
         "{} is not {}, the end of the shape rounded up to 8 bytes",
         desc.stridesOffset, layout.stridesOffset);
  if (param.offset + uint64_t(param.size) != layout.end)
    fail(reader.at(path + ".size"),
         "{} bytes do not end with the last stride: a rank-{} "
         "descriptor at byte {} has {}",
         param.size, desc.rank, param.offset, layout.end - param.offset);
}

ParamMetadata readParam(const MetadataReader &reader, const json &value,
                        const std::string &path, gluonrt_backend backend) {
  if (!value.is_object())
    fail(reader.at(path), "must be an object");
  ParamMetadata param;
  param.name = reader.nonEmptyString(value, path, "name");
  param.type = reader.nonEmptyString(value, path, "type");
  std::string kind = reader.string(value, path, "kind");
  param.size = reader.u32Member(value, path, "size");
  param.alignment = static_cast<uint32_t>(reader.powerOfTwoMember(
      value, path, "alignment", std::numeric_limits<uint32_t>::max()));
  param.offset = reader.u32Member(value, path, "offset");
  // gluonc's signatures accept only powers of two (`i32:16`).
  param.divisibility = reader.powerOfTwoMember(
      value, path, "divisibility", std::numeric_limits<uint64_t>::max());
  if (param.offset % param.alignment != 0)
    fail(reader.at(path + ".offset"),
         "{} is not a multiple of the alignment {}", param.offset,
         param.alignment);

  if (kind == "pointer") {
    param.kind = GLUONRT_PARAM_POINTER;
    if (param.type.size() < 2 || param.type[0] != '*')
      fail(reader.at(path + ".type"), "'{}' is not a pointer type ('*fp32')",
           shortText(param.type));
    param.elementType = param.type.substr(1);
    if (const json *element = reader.optionalMember(value, "element_type"))
      if (!element->is_string() ||
          element->get<std::string>() != param.elementType)
        fail(reader.at(path + ".element_type"), "must be '{}', as in type",
             shortText(param.elementType));
    const ScalarTypeInfo *info = findScalarType(param.elementType);
    param.valueType = info ? info->type : GLUONRT_TYPE_OTHER;
    if (param.size != 8 || param.alignment != 8)
      fail(reader.at(path), "a pointer has size 8 and alignment 8");
    return param;
  }
  if (kind == "tensordesc") {
    param.kind = GLUONRT_PARAM_TENSORDESC;
    readTensorDesc(reader, value, path, backend, param);
    return param;
  }
  if (kind != "scalar")
    fail(reader.at(path + ".kind"),
         "unknown kind '{}' (expected pointer, scalar or tensordesc)",
         shortText(kind));

  param.kind = GLUONRT_PARAM_SCALAR;
  const ScalarTypeInfo *info = findScalarType(param.type);
  if (!info)
    fail(reader.at(path + ".type"), "unknown scalar type '{}'",
         shortText(param.type));
  param.valueType = info->type;
  if (param.size != info->size || param.alignment != info->size)
    fail(reader.at(path),
         "type {} has size and alignment {}, got size {} and "
         "alignment {}",
         param.type, info->size, param.size, param.alignment);
  if (param.divisibility != 1 && (!info->isInteger || param.type == "i1"))
    fail(reader.at(path + ".divisibility"),
         "only integer parameters can assume a divisibility");
  return param;
}

/// Checks that parameter names are unique (sorting them into
/// out.paramsByName) and that their byte ranges in the packed argument buffer
/// do not overlap.
void checkParamLayout(const MetadataReader &reader, KernelMetadata &out) {
  const std::vector<ParamMetadata> &params = out.params;
  std::vector<uint32_t> &byName = out.paramsByName;
  for (size_t i = 0; i < params.size(); ++i)
    byName.push_back(static_cast<uint32_t>(i));
  std::stable_sort(byName.begin(), byName.end(), [&](uint32_t a, uint32_t b) {
    return params[a].name < params[b].name;
  });
  for (size_t i = 1; i < byName.size(); ++i)
    if (params[byName[i - 1]].name == params[byName[i]].name)
      fail(reader.at("params"), "two parameters are named '{}'",
           shortText(params[byName[i]].name));

  std::vector<const ParamMetadata *> byOffset;
  for (const ParamMetadata &param : params)
    byOffset.push_back(&param);
  std::sort(byOffset.begin(), byOffset.end(),
            [](const ParamMetadata *a, const ParamMetadata *b) {
              return a->offset < b->offset;
            });
  auto range = [](const ParamMetadata *param) {
    return fmt::format("'{}' (bytes {}..{})", shortText(param->name),
                       param->offset, uint64_t(param->offset) + param->size);
  };
  for (size_t i = 1; i < byOffset.size(); ++i) {
    const ParamMetadata *previous = byOffset[i - 1];
    if (uint64_t(previous->offset) + previous->size > byOffset[i]->offset)
      fail(reader.at("params"), "the offsets of {} and {} overlap",
           range(previous), range(byOffset[i]));
  }
}

void readParams(const MetadataReader &reader, const json &root,
                KernelMetadata &out) {
  const json &params = reader.member(root, kRootPath, "params");
  if (!params.is_array())
    fail(reader.at("params"), "must be an array");
  if (params.size() > MetadataLimits::MaxParams)
    fail(reader.at("params"), "{} parameters exceed the limit of {}",
         params.size(), MetadataLimits::MaxParams);
  out.params.reserve(params.size());
  for (size_t i = 0; i < params.size(); ++i) {
    out.params.push_back(readParam(reader, params[i],
                                   fmt::format("params[{}]", i), out.backend));
    if (out.params.back().kind == GLUONRT_PARAM_TENSORDESC)
      ++out.numTensorDescs;
  }
  checkParamLayout(reader, out);
}

HiddenParamMetadata readHiddenParam(const MetadataReader &reader,
                                    const json &value,
                                    const std::string &path) {
  if (!value.is_object())
    fail(reader.at(path), "must be an object");
  HiddenParamMetadata hidden;
  hidden.kind = reader.nonEmptyString(value, path, "kind");
  if (hidden.kind.compare(0, 7, "hidden_") != 0)
    fail(reader.at(path + ".kind"), "'{}' is not a hidden argument kind",
         shortText(hidden.kind));
  hidden.offset = reader.u32Member(value, path, "offset");
  hidden.size = reader.u32Member(value, path, "size");
  if (hidden.size == 0 || hidden.size > 8 || (hidden.size & (hidden.size - 1)))
    fail(reader.at(path + ".size"), "must be 1, 2, 4 or 8");
  if (hidden.offset % hidden.size != 0)
    fail(reader.at(path + ".offset"), "{} is not a multiple of the size",
         hidden.offset);
  return hidden;
}

/// The AMD kernarg segment: its size and alignment from `resources`, the
/// hidden arguments after the explicit ones. Every argument must lie inside
/// the segment and no hidden one may overlap an explicit one.
void readKernargSegment(const MetadataReader &reader, const json &root,
                        KernelMetadata &out) {
  const json *hidden = reader.optionalMember(root, "hidden_params");
  if (hidden && out.backend != GLUONRT_BACKEND_AMD)
    fail(reader.at("hidden_params"), "only AMD kernels have hidden arguments");
  if (hidden && !hidden->is_array())
    fail(reader.at("hidden_params"), "must be an array");
  if (hidden && hidden->size() > MetadataLimits::MaxHiddenParams)
    fail(reader.at("hidden_params"),
         "{} hidden arguments exceed the limit of {}", hidden->size(),
         MetadataLimits::MaxHiddenParams);
  if (hidden)
    for (size_t i = 0; i < hidden->size(); ++i)
      out.hiddenParams.push_back(readHiddenParam(
          reader, (*hidden)[i], fmt::format("hidden_params[{}]", i)));

  uint64_t explicitEnd = 0, end = 0;
  for (const ParamMetadata &param : out.params)
    explicitEnd = std::max(explicitEnd, uint64_t(param.offset) + param.size);
  end = explicitEnd;
  for (size_t i = 0; i < out.hiddenParams.size(); ++i) {
    const HiddenParamMetadata &param = out.hiddenParams[i];
    if (param.offset < explicitEnd)
      fail(reader.at(fmt::format("hidden_params[{}]", i)),
           "{} at byte {} overlaps the explicit arguments (bytes "
           "0..{})",
           shortText(param.kind), param.offset, explicitEnd);
    end = std::max(end, uint64_t(param.offset) + param.size);
  }
  if (end > MetadataLimits::MaxArgumentBytes)
    fail(reader.at(hidden && end > explicitEnd ? "hidden_params" : "params"),
         "the arguments end at byte {}, past the limit of {}", end,
         MetadataLimits::MaxArgumentBytes);

  const json *resources = reader.optionalMember(root, "resources");
  out.kernargBytes = static_cast<uint32_t>(end);
  if (out.backend != GLUONRT_BACKEND_AMD || !resources ||
      !resources->is_object())
    return;
  if (reader.optionalMember(*resources, "kernarg_alignment"))
    out.kernargAlignment = static_cast<uint32_t>(
        reader.powerOfTwoMember(*resources, "resources", "kernarg_alignment",
                                MetadataLimits::MaxArgumentBytes));
  if (!reader.optionalMember(*resources, "kernarg_bytes"))
    return;
  out.kernargBytes = static_cast<uint32_t>(
      reader.unsignedMember(*resources, "resources", "kernarg_bytes",
                            MetadataLimits::MaxArgumentBytes));
  if (out.kernargBytes < end)
    fail(reader.at("resources.kernarg_bytes"),
         "{} bytes cannot hold the arguments, which end at byte {}",
         out.kernargBytes, end);
}

void readConstexprs(const MetadataReader &reader, const json &root,
                    KernelMetadata &out) {
  const json *constexprs = reader.optionalMember(root, "constexprs");
  if (!constexprs)
    return;
  if (!constexprs->is_object())
    fail(reader.at("constexprs"), "must be an object");
  for (auto it = constexprs->begin(); it != constexprs->end(); ++it) {
    ConstexprMetadata value;
    value.name = it.key();
    value.json = it->dump();
    if (it->is_boolean()) {
      value.isInteger = true;
      value.intValue = it->get<bool>() ? 1 : 0;
    } else if (it->is_number_unsigned()) {
      uint64_t unsignedValue = it->get<uint64_t>();
      value.isInteger =
          unsignedValue <= uint64_t(std::numeric_limits<int64_t>::max());
      value.intValue = static_cast<int64_t>(unsignedValue);
    } else if (it->is_number_integer()) {
      value.isInteger = true;
      value.intValue = it->get<int64_t>();
    }
    out.constexprs.push_back(std::move(value));
  }
}

/// The global scratch memory a launch needs: gluonc writes zero bytes with
/// alignment 1 today, but a loader that provides scratch will trust these.
void readScratch(const MetadataReader &reader, const json &root) {
  const json *scratch = reader.optionalMember(root, "scratch");
  if (!scratch)
    return;
  if (!scratch->is_object())
    fail(reader.at("scratch"), "must be an object");
  if (reader.optionalMember(*scratch, "global_bytes"))
    reader.unsignedMember(*scratch, "scratch", "global_bytes",
                          MetadataLimits::MaxScratchBytes);
  if (reader.optionalMember(*scratch, "global_alignment"))
    reader.powerOfTwoMember(*scratch, "scratch", "global_alignment",
                            std::numeric_limits<uint32_t>::max());
}

void readDocument(const MetadataReader &reader, const json &root,
                  KernelMetadata &out) {
  if (!root.is_object())
    fail(reader.at(kRootPath), "the document must be a JSON object");
  std::string schema = reader.string(root, kRootPath, "schema");
  if (schema == IndexSchema)
    fail(reader.at("schema"), "this is an index of several architectures' "
                              "metadata; gluonrt_kernel_load takes it and "
                              "picks the device's");
  if (schema != KnownSchema)
    fail(reader.at("schema"), "unknown schema '{}' (this gluonrt reads {})",
         shortText(schema), KnownSchema);
  out.entry = reader.nonEmptyString(root, kRootPath, "entry");
  readTarget(reader, root, out);
  readImage(reader, root, out);
  readLaunch(reader, root, out);
  readParams(reader, root, out);
  readKernargSegment(reader, root, out);
  readConstexprs(reader, root, out);
  readScratch(reader, root);

  reader.expectTypeIfPresent(root, "compiler", json::value_t::object,
                             "an object");
  reader.expectTypeIfPresent(root, "resources", json::value_t::object,
                             "an object");
  reader.expectTypeIfPresent(root, "partitions", json::value_t::array,
                             "an array");
  reader.expectTypeIfPresent(root, "source", json::value_t::object,
                             "an object");
}

} // namespace

namespace {

/// The runtime's one JSON parse: the DocumentChecker's pass first, which
/// stops at the first key given twice, NUL or nesting past MaxJsonDepth
/// having held no more than one frame per level, then the document is
/// built. A text of 16 MiB of '[' costs the first 33 of them, not a
/// document of millions of arrays. Throws a Failure or a json::exception.
json parseDocument(const MetadataReader &reader, const std::string &jsonText) {
  DocumentChecker checker(reader);
  json::sax_parse(jsonText, &checker);
  return json::parse(jsonText);
}

/// Parses `jsonText` and has `read` take it apart; a broken document or a
/// Failure becomes the status.
template <typename Read>
gluonrt_status readChecked(const std::string &jsonText,
                           const std::string &jsonPath, Read &&read) {
  MetadataReader reader(jsonPath);
  try {
    read(reader, parseDocument(reader, jsonText));
  } catch (const json::exception &error) {
    return fail(GLUONRT_ERROR_INVALID_METADATA, "{}: not valid JSON: {}",
                jsonPath, error.what());
  } catch (const Failure &failure) {
    return fail(failure.status, failure.message);
  }
  return GLUONRT_SUCCESS;
}

} // namespace

gluonrt_status parseMetadata(const std::string &jsonText,
                             const std::string &jsonPath, KernelMetadata &out) {
  KernelMetadata metadata;
  metadata.jsonPath = jsonPath;
  metadata.directory = directoryOf(jsonPath);
  if (gluonrt_status status =
          readChecked(jsonText, jsonPath,
                      [&](const MetadataReader &reader, const json &root) {
                        readDocument(reader, root, metadata);
                      }))
    return status;
  out = std::move(metadata);
  return GLUONRT_SUCCESS;
}

bool isIndexDocument(const std::string &jsonText) {
  const std::string unnamed;
  MetadataReader reader(unnamed);
  json root;
  try {
    root = parseDocument(reader, jsonText);
  } catch (const json::exception &) {
    return false;
  } catch (const Failure &) {
    return false;
  }
  if (!root.is_object())
    return false;
  auto schema = root.find("schema");
  return schema != root.end() && schema->is_string() &&
         schema->get<std::string>() == IndexSchema;
}

namespace {

/// The archs' containers: each arch's PTX arch, by arch.
std::map<std::string, std::string> readContainers(const MetadataReader &reader,
                                                  const json &root) {
  std::map<std::string, std::string> ptxArchs;
  const json *containers = reader.optionalMember(root, "containers");
  if (!containers)
    return ptxArchs;
  if (!containers->is_array())
    fail(reader.at("containers"), "must be an array");
  for (size_t i = 0; i < containers->size(); ++i) {
    const json &container = (*containers)[i];
    std::string path = fmt::format("containers[{}]", i);
    if (!container.is_object())
      fail(reader.at(path), "must be an object");
    std::string ptxArch;
    CudaArch parsed;
    if (reader.optionalMember(container, "ptx_arch")) {
      ptxArch = reader.nonEmptyString(container, path, "ptx_arch");
      if (!parseCudaArch(ptxArch, parsed))
        fail(reader.at(path + ".ptx_arch"),
             "'{}' is not an NVIDIA architecture", shortText(ptxArch));
    }
    const json &archs = reader.member(container, path, "archs");
    if (!archs.is_array())
      fail(reader.at(path + ".archs"), "must be an array");
    for (const json &arch : archs) {
      if (!arch.is_string())
        fail(reader.at(path + ".archs"), "must hold strings");
      ptxArchs[arch.get<std::string>()] = ptxArch;
    }
  }
  return ptxArchs;
}

void readIndex(const MetadataReader &reader, const json &root,
               IndexMetadata &out) {
  if (!root.is_object())
    fail(reader.at(kRootPath), "the document must be a JSON object");
  std::map<std::string, std::string> ptxArchs = readContainers(reader, root);
  const json &kernels = reader.member(root, kRootPath, "kernels");
  if (!kernels.is_array() || kernels.empty())
    fail(reader.at("kernels"), "must be a non-empty array");
  for (size_t i = 0; i < kernels.size(); ++i) {
    std::string path = fmt::format("kernels[{}]", i);
    if (!kernels[i].is_object())
      fail(reader.at(path), "must be an object");
    IndexMetadata::Entry entry;
    entry.arch = reader.nonEmptyString(kernels[i], path, "arch");
    std::string backend = reader.string(kernels[i], path, "backend");
    if (backend != "nvidia" && backend != "amd")
      fail(reader.at(path + ".backend"), "'{}' is not a backend (nvidia, amd)",
           shortText(backend));
    entry.backend =
        backend == "amd" ? GLUONRT_BACKEND_AMD : GLUONRT_BACKEND_NVIDIA;
    entry.metadataFile = reader.nonEmptyString(kernels[i], path, "metadata");
    if (!staysBelowFolder(entry.metadataFile))
      fail(reader.at(path + ".metadata"),
           "'{}' must be relative to the index's folder, without '..' "
           "components",
           shortText(entry.metadataFile));
    auto ptx = ptxArchs.find(entry.arch);
    if (ptx != ptxArchs.end())
      entry.ptxArch = ptx->second;
    out.entries.push_back(std::move(entry));
  }
}

} // namespace

gluonrt_status parseIndex(const std::string &jsonText,
                          const std::string &jsonPath, IndexMetadata &out) {
  IndexMetadata index;
  index.jsonPath = jsonPath;
  index.directory = directoryOf(jsonPath);
  if (gluonrt_status status =
          readChecked(jsonText, jsonPath,
                      [&](const MetadataReader &reader, const json &root) {
                        readIndex(reader, root, index);
                      }))
    return status;
  out = std::move(index);
  return GLUONRT_SUCCESS;
}

IndexPick pickIndexEntry(const IndexMetadata &index, gluonrt_backend backend,
                         const gluonrt_device_info &info) {
  IndexPick best;
  int bestRank = -1;
  for (size_t i = 0; i < index.entries.size(); ++i) {
    const IndexMetadata::Entry &entry = index.entries[i];
    if (entry.backend != backend)
      continue;
    int rank = -1;
    const char *reason = "";
    if (backend == GLUONRT_BACKEND_AMD) {
      if (entry.arch == amdProcessorName(info.arch)) {
        rank = 0;
        reason = "the device's processor";
      }
    } else {
      // A cubin that runs beats compiling PTX; among cubins the exact
      // capability's "a" arch (its extra instructions), then the newest.
      // PTX is the metadata's own arch's, so that the launch it describes
      // is the PTX's.
      CudaArch arch;
      if (parseCudaArch(entry.arch, arch)) {
        switch (cudaCodeFor(arch, entry.ptxArch == entry.arch, info.major,
                            info.minor)) {
        case CudaCode::Cubin:
          rank = 1000 + 10 * arch.minor + (arch.suffix == 'a' ? 1 : 0);
          reason = arch.suffix == 'a'
                       ? "its cubin runs there, the exact capability's 'a' "
                         "arch first"
                       : "the newest cubin that runs there";
          break;
        case CudaCode::PTX:
          rank = 10 * arch.major + arch.minor;
          reason = "no cubin runs there; the driver compiles its PTX";
          break;
        case CudaCode::None:
          break;
        }
      }
    }
    if (rank > bestRank) {
      best = {static_cast<int>(i), reason};
      bestRank = rank;
    }
  }
  return best;
}

namespace {

/// The image's size (the file's or, embedded, the caller's) differs from
/// the metadata's: checked before its bytes are read or hashed.
gluonrt_status imageSizeMismatch(const KernelMetadata &metadata,
                                 uint64_t size) {
  return fail(GLUONRT_ERROR_IMAGE_MISMATCH,
              "{}: image {} is {} bytes, the metadata says {}: the image and "
              "the JSON are from different builds",
              metadata.jsonPath, metadata.imagePath, size, metadata.imageSize);
}

} // namespace

gluonrt_status loadImage(const KernelMetadata &metadata,
                         std::vector<uint8_t> &image, std::string &realPath) {
  const std::string &jsonPath = metadata.jsonPath;
  FolderFile file;
  std::string error;
  if (gluonrt_status status =
          openInFolder(metadata.directory, metadata.imageFile, file, error))
    return fail(status, "{}: image.file: {}", jsonPath, error);
  // The size first, so that no byte past the declared size is read.
  if (file.size != metadata.imageSize)
    return imageSizeMismatch(metadata, file.size);
  if (gluonrt_status status =
          readExactly(file, metadata.imageSize, image, error))
    return fail(status, "{}: image: {}", jsonPath, error);
  if (gluonrt_status status = checkImage(metadata, image))
    return status;
  realPath = file.realPath;
  return GLUONRT_SUCCESS;
}

gluonrt_status checkImage(const KernelMetadata &metadata,
                          const std::vector<uint8_t> &image) {
  const std::string &jsonPath = metadata.jsonPath;
  if (image.size() != metadata.imageSize)
    return imageSizeMismatch(metadata, image.size());
  std::string digest = Sha256::hexDigest(image.data(), image.size());
  if (digest != metadata.imageSha256)
    return fail(GLUONRT_ERROR_IMAGE_MISMATCH,
                "{}: image {} has SHA-256 {}, the metadata says {}: the image "
                "and the JSON are from different builds",
                jsonPath, metadata.imagePath, digest, metadata.imageSha256);
  return GLUONRT_SUCCESS;
}

gluonrt_status loadMetadataAndImage(const std::string &jsonPath,
                                    KernelMetadata &metadata,
                                    std::vector<uint8_t> &image,
                                    std::string &imageRealPath) {
  std::vector<uint8_t> jsonBytes;
  std::string error;
  if (gluonrt_status status = readRegularFile(
          jsonPath, MetadataLimits::MaxJsonBytes, jsonBytes, error))
    return fail(status, error);
  std::string jsonText(jsonBytes.begin(), jsonBytes.end());
  if (gluonrt_status status = parseMetadata(jsonText, jsonPath, metadata))
    return status;
  return loadImage(metadata, image, imageRealPath);
}

} // namespace gluonrt
