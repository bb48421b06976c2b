//===- FuzzMetadata.cpp - libFuzzer target: the runtime's metadata reader -===//
//
// Feeds arbitrary bytes to libgluonrt's metadata reader as the text of a
// kernel JSON, then does with an accepted document what loading and
// launching do without a device: resolves and reads its image inside a
// scratch folder (made once, see ScratchFolder), looks its parameters and
// constexprs up by name, checks zero arguments against it and lays out the
// AMD kernarg segment. A crash, a sanitizer report or a hang anywhere in
// there is a bug; a rejected document is the expected outcome of most
// inputs.
//
// The scratch folder holds what a hostile JSON would name: the 64-byte image
// of tests/robustness/Inputs/make_kernel.py (so seeds made by it load), a
// subfolder, symlinks that stay inside and that lead out, a FIFO and a
// folder. Nothing outside it is ever opened.
//
//===----------------------------------------------------------------------===//

#include "Arguments.h"
#include "Files.h"
#include "Kernargs.h"
#include "Metadata.h"
#include "ScalarTypes.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

using namespace gluonrt;

namespace {

/// The folder the fuzzed JSON lives in (kernel/) and its surroundings,
/// created under $TMPDIR on the first input and removed at exit.
class ScratchFolder {
public:
  ScratchFolder() {
    const char *base = std::getenv("TMPDIR");
    std::string pattern =
        std::string(base && *base ? base : "/tmp") + "/gluonrt-fuzz-XXXXXX";
    std::vector<char> buffer(pattern.begin(), pattern.end());
    buffer.push_back('\0');
    if (!mkdtemp(buffer.data())) {
      std::perror("fuzz-metadata: mkdtemp");
      std::abort();
    }
    root = buffer.data();
    std::string image;
    for (int i = 0; i < 64; ++i)
      image.push_back(char(i));
    for (const char *path : {"/kernel", "/kernel/sub", "/outside"})
      make(path);
    write("/kernel/add_kernel.sm_90a.cubin", image);
    write("/kernel/sub/image.cubin", image);
    write("/outside/secret", image);
    link("sub/image.cubin", "/kernel/inside.cubin");
    link("../outside/secret", "/kernel/outside.cubin");
    link("/dev/zero", "/kernel/zero.cubin");
    if (mkfifo((root + "/kernel/fifo.cubin").c_str(), 0600) != 0)
      std::perror("fuzz-metadata: mkfifo");
    jsonPath = root + "/kernel/kernel.json";
  }
  ~ScratchFolder() {
    // Only what the constructor made: the folder is ours alone.
    for (const char *path :
         {"/kernel/add_kernel.sm_90a.cubin", "/kernel/sub/image.cubin",
          "/outside/secret", "/kernel/inside.cubin", "/kernel/outside.cubin",
          "/kernel/zero.cubin", "/kernel/fifo.cubin"})
      ::unlink((root + path).c_str());
    for (const char *path : {"/kernel/sub", "/kernel", "/outside", ""})
      ::rmdir((root + path).c_str());
  }

  std::string jsonPath;

private:
  void make(const std::string &path) { ::mkdir((root + path).c_str(), 0700); }
  void write(const std::string &path, const std::string &bytes) {
    std::ofstream(root + path, std::ios::binary) << bytes;
  }
  void link(const std::string &target, const std::string &path) {
    if (::symlink(target.c_str(), (root + path).c_str()) != 0)
      std::perror("fuzz-metadata: symlink");
  }

  std::string root;
};

const ScratchFolder &scratch() {
  static ScratchFolder folder;
  return folder;
}

/// What a launch does with the parameters before touching a device: a value
/// of the right kind for each, checked, then the argument buffer.
void exerciseArguments(const KernelMetadata &metadata) {
  ArgumentBuilder builder(metadata);
  for (size_t i = 0; i < metadata.params.size(); ++i) {
    const ParamMetadata &param = metadata.params[i];
    uint64_t zero = 0;
    double number = 0;
    const ScalarTypeInfo *type = scalarTypeInfo(param.valueType);
    if (param.kind == GLUONRT_PARAM_POINTER) {
      builder.set(int(i), GLUONRT_VALUE_PTR, &zero);
    } else if (param.kind == GLUONRT_PARAM_TENSORDESC) {
      gluonrt_tensordesc desc{};
      desc.rank = int32_t(param.tensorDesc.rank);
      builder.set(int(i), GLUONRT_VALUE_TENSORDESC, &desc);
    } else if (type && type->isFloat)
      builder.set(int(i), GLUONRT_VALUE_F64, &number);
    else
      builder.set(int(i), GLUONRT_VALUE_I64, &zero);
    // Every name is found again, at its own index.
    if (metadata.findParam(param.name) != int(i))
      std::abort();
  }
  void *const *args = builder.pointers();
  if (!args)
    return;
  checkArguments(metadata, args, builder.count());
  // Each descriptor is 1 + 2 * rank kernel parameters.
  size_t expected = 0;
  for (const ParamMetadata &param : metadata.params)
    expected += param.kind == GLUONRT_PARAM_TENSORDESC
                    ? 1 + 2 * size_t(param.tensorDesc.rank)
                    : 1;
  std::vector<void *> kernelParams;
  void *const *expanded = expandKernelParams(metadata, args, kernelParams);
  if (metadata.numTensorDescs ? kernelParams.size() != expected
                              : expanded != args)
    std::abort();
  DispatchShape shape;
  shape.grid = {{3, 2, 1}};
  shape.block = metadata.blockDims;
  shape.dynamicSharedBytes = metadata.sharedBytes;
  std::vector<uint8_t> segment = buildKernargSegment(metadata, args, shape);
  if (segment.size() != metadata.kernargBytes)
    std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const ScratchFolder &folder = scratch();
  std::string text(reinterpret_cast<const char *>(data), size);
  // An index (gluonc.index/1): parsed, and each entry picked for a device
  // of each backend; every pick must be an entry of that backend, with the
  // reason GLUONRT_LOG gives.
  if (isIndexDocument(text)) {
    IndexMetadata index;
    if (parseIndex(text, folder.jsonPath, index) != GLUONRT_SUCCESS)
      return 0;
    for (gluonrt_backend backend :
         {GLUONRT_BACKEND_NVIDIA, GLUONRT_BACKEND_AMD}) {
      gluonrt_device_info info{};
      info.major = 9;
      std::snprintf(info.arch, sizeof(info.arch), "%s",
                    backend == GLUONRT_BACKEND_AMD ? "gfx942" : "sm_90");
      IndexPick pick = pickIndexEntry(index, backend, info);
      int picked = pick.entry;
      if (picked >= int(index.entries.size()) ||
          (picked >= 0 && (index.entries[picked].backend != backend ||
                           !pick.reason || !*pick.reason)))
        std::abort();
    }
    return 0;
  }
  KernelMetadata metadata;
  if (parseMetadata(text, folder.jsonPath, metadata) != GLUONRT_SUCCESS)
    return 0;
  for (const ConstexprMetadata &value : metadata.constexprs)
    if (metadata.findConstexpr(value.name) != &value)
      std::abort();
  metadata.signature();
  exerciseArguments(metadata);
  std::vector<uint8_t> image;
  std::string realPath;
  loadImage(metadata, image, realPath);
  return 0;
}
