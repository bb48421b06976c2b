//===- CodeObject.cpp - hsaco linking and its metadata note ---------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// LLD runs in process (lld::lldMain with the ELF driver): it reads and
// writes files, so the object and the code object pass through a private
// temporary folder, removed afterwards.
//
//===----------------------------------------------------------------------===//

#include "CodeObject.h"

#include "gluonc/Pipeline/LLVMOptimize.h"

#include "lld/Common/Driver.h"
#include "llvm/BinaryFormat/ELF.h"
#include "llvm/BinaryFormat/MsgPackDocument.h"
#include "llvm/Object/ELF.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <mutex>

LLD_HAS_DRIVER(elf)

using namespace llvm;
using namespace gluonc::amd;

Expected<std::vector<char>>
gluonc::amd::linkCodeObject(ArrayRef<char> object) {
  SmallString<128> folder;
  if (std::error_code ec =
          sys::fs::createUniqueDirectory("gluonc-hsaco", folder))
    return createStringError("cannot create a temporary folder: " +
                             ec.message());
  SmallString<128> input(folder), output(folder);
  sys::path::append(input, "kernel.o");
  sys::path::append(output, "kernel.hsaco");
  auto cleanup = [&] {
    sys::fs::remove(input);
    sys::fs::remove(output);
    sys::fs::remove(folder);
  };
  {
    std::error_code ec;
    raw_fd_ostream os(input, ec, sys::fs::OF_None);
    if (ec) {
      cleanup();
      return createStringError("cannot write " + input + ": " + ec.message());
    }
    os.write(object.data(), object.size());
  }
  std::string log;
  raw_string_ostream logStream(log);
  const char *args[] = {"ld.lld", "-shared", "--no-undefined",
                        input.c_str(), "-o", output.c_str()};
  // LLD keeps global state per link, and resets LLVM's options: one at a
  // time, and never while another thread sets an option for its target
  // machine.
  lld::Result result;
  {
    std::unique_lock<std::mutex> lock = lockLLVMOptions();
    result = lld::lldMain(args, logStream, logStream,
                          {{lld::Gnu, &lld::elf::link}});
  }
  if (result.retCode != 0) {
    cleanup();
    return createStringError("LLD could not link the code object:\n" + log);
  }
  auto buffer = MemoryBuffer::getFile(output);
  if (!buffer) {
    cleanup();
    return createStringError("cannot read " + output + ": " +
                             buffer.getError().message());
  }
  std::vector<char> hsaco((*buffer)->getBufferStart(),
                          (*buffer)->getBufferEnd());
  cleanup();
  return hsaco;
}

namespace {

/// The msgpack document of the code object's NT_AMDGPU_METADATA note.
Expected<std::unique_ptr<msgpack::Document>>
readMetadataNote(ArrayRef<char> hsaco) {
  auto file = object::ELF64LEFile::create(StringRef(hsaco.data(), hsaco.size()));
  if (!file)
    return file.takeError();
  auto sections = file->sections();
  if (!sections)
    return sections.takeError();
  for (const auto &section : *sections) {
    if (section.sh_type != ELF::SHT_NOTE)
      continue;
    Error error = Error::success();
    for (const auto &note : file->notes(section, error)) {
      if (note.getName() != "AMDGPU" ||
          note.getType() != ELF::NT_AMDGPU_METADATA)
        continue;
      auto document = std::make_unique<msgpack::Document>();
      if (!document->readFromBlob(note.getDescAsStringRef(4),
                                  /*Multi=*/false))
        return createStringError("the AMDGPU metadata note is not msgpack");
      consumeError(std::move(error));
      return document;
    }
    if (error)
      return error;
  }
  return createStringError("the code object has no NT_AMDGPU_METADATA note");
}

uint64_t getUnsigned(msgpack::MapDocNode &map, StringRef key) {
  auto it = map.find(key);
  if (it == map.end())
    return 0;
  msgpack::DocNode &node = it->second;
  if (node.getKind() == msgpack::Type::UInt)
    return node.getUInt();
  if (node.getKind() == msgpack::Type::Int)
    return uint64_t(node.getInt());
  return 0;
}

std::string getString(msgpack::MapDocNode &map, StringRef key) {
  auto it = map.find(key);
  if (it == map.end() || !it->second.isString())
    return "";
  return it->second.getString().str();
}

} // namespace

Expected<CodeObjectKernel>
gluonc::amd::readKernelMetadata(ArrayRef<char> hsaco, StringRef name) {
  auto document = readMetadataNote(hsaco);
  if (!document)
    return document.takeError();
  msgpack::DocNode &root = (*document)->getRoot();
  if (!root.isMap())
    return createStringError("the AMDGPU metadata is not a map");
  msgpack::MapDocNode rootMap = root.getMap();
  auto kernels = rootMap.find("amdhsa.kernels");
  if (kernels == rootMap.end() || !kernels->second.isArray())
    return createStringError("the AMDGPU metadata lists no kernels");
  for (msgpack::DocNode &node : kernels->second.getArray()) {
    if (!node.isMap())
      continue;
    msgpack::MapDocNode kernel = node.getMap();
    if (getString(kernel, ".name") != name)
      continue;
    CodeObjectKernel info;
    info.name = name.str();
    info.symbol = getString(kernel, ".symbol");
    info.kernargSegmentSize = getUnsigned(kernel, ".kernarg_segment_size");
    info.kernargSegmentAlign = getUnsigned(kernel, ".kernarg_segment_align");
    info.groupSegmentFixedSize =
        getUnsigned(kernel, ".group_segment_fixed_size");
    info.privateSegmentFixedSize =
        getUnsigned(kernel, ".private_segment_fixed_size");
    info.sgprCount = getUnsigned(kernel, ".sgpr_count");
    info.vgprCount = getUnsigned(kernel, ".vgpr_count");
    info.agprCount = getUnsigned(kernel, ".agpr_count");
    info.sgprSpillCount = getUnsigned(kernel, ".sgpr_spill_count");
    info.vgprSpillCount = getUnsigned(kernel, ".vgpr_spill_count");
    info.wavefrontSize = getUnsigned(kernel, ".wavefront_size");
    info.maxFlatWorkgroupSize =
        getUnsigned(kernel, ".max_flat_workgroup_size");
    auto args = kernel.find(".args");
    if (args != kernel.end() && args->second.isArray())
      for (msgpack::DocNode &argNode : args->second.getArray()) {
        if (!argNode.isMap())
          continue;
        msgpack::MapDocNode arg = argNode.getMap();
        info.arguments.push_back({getString(arg, ".value_kind"),
                                  unsigned(getUnsigned(arg, ".offset")),
                                  unsigned(getUnsigned(arg, ".size"))});
      }
    return info;
  }
  return createStringError("the AMDGPU metadata has no kernel '" + name +
                           "'");
}

Expected<unsigned> gluonc::amd::readCodeObjectVersion(ArrayRef<char> hsaco) {
  auto document = readMetadataNote(hsaco);
  if (!document)
    return document.takeError();
  msgpack::DocNode &root = (*document)->getRoot();
  if (!root.isMap())
    return createStringError("the AMDGPU metadata is not a map");
  msgpack::MapDocNode rootMap = root.getMap();
  auto version = rootMap.find("amdhsa.version");
  if (version == rootMap.end() || !version->second.isArray() ||
      version->second.getArray().size() < 2)
    return createStringError("the AMDGPU metadata has no amdhsa.version");
  msgpack::ArrayDocNode parts = version->second.getArray();
  // amdhsa.version [1, N] is code object version N + 3 (v5: [1, 2]).
  return unsigned(parts[1].getUInt()) + 3;
}
