//===- RoundTripTest.cpp - The compiler writes, the runtime reads --------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The compiler-runtime contract (gluonc/ABI/*.h), tested across it: gluonc's
// own writers make a fat binary, a HIP offload bundle and the metadata of
// tensor descriptor parameters, and libgluonrt's readers take them back.
// Each case asserts that what is read equals what was written: the images
// byte for byte, the descriptors' offsets, sizes and codes, and the bytes
// a launch packs where the kernel reads them.
//
//===----------------------------------------------------------------------===//

// The compiler's side.
#include "Fatbin.h"
#include "OffloadBundle.h"
#include "gluonc/Backends/NVIDIA.h"
#include "gluonc/Driver/Metadata.h"
#include "gluonc/Frontend/Frontend.h"
#include "gluonc/Frontend/Parser.h"

// The runtime's side (runtime/*.h).
#include "Arch.h"
#include "Arguments.h"
#include "Containers.h"
#include "Metadata.h"

#include "gluonc/ABI/Containers.h"
#include "gluonc/ABI/TensorDescriptor.h"

#include "llvm/BinaryFormat/ELF.h"

#include <catch2/catch.hpp>

#include <cstring>

using namespace gluonc;

namespace {

std::vector<uint8_t> bytesOf(const std::string &text) {
  return std::vector<uint8_t>(text.begin(), text.end());
}

/// A cubin as the fat binary writer sees it: an ELF64 file with CUDA's
/// identification (EI_VERSION 1, ABI version 8) and, when `compat` is not
/// empty, a `.nv.compat` section, which sm_100 and later cubins carry and
/// the writer copies into the entry's options record.
std::string makeCubin(const std::string &compat, char filler) {
  const std::string names = std::string("\0.shstrtab\0.nv.compat\0", 22);
  llvm::ELF::Elf64_Ehdr header = {};
  std::memcpy(header.e_ident, llvm::ELF::ElfMagic, 4);
  header.e_ident[llvm::ELF::EI_CLASS] = llvm::ELF::ELFCLASS64;
  header.e_ident[llvm::ELF::EI_DATA] = llvm::ELF::ELFDATA2LSB;
  header.e_ident[llvm::ELF::EI_VERSION] = 1;
  header.e_ident[llvm::ELF::EI_OSABI] = 0x41;
  header.e_ident[llvm::ELF::EI_ABIVERSION] = 8;
  header.e_type = llvm::ELF::ET_EXEC;
  header.e_machine = llvm::ELF::EM_CUDA;
  header.e_version = 1;
  header.e_ehsize = sizeof(header);
  header.e_shentsize = sizeof(llvm::ELF::Elf64_Shdr);
  header.e_shnum = 3;
  header.e_shstrndx = 1;
  std::string data = names + compat;
  data.resize(abi::fatbin::padded(data.size()), filler);
  header.e_shoff = sizeof(header) + data.size();

  llvm::ELF::Elf64_Shdr sections[3] = {};
  sections[1].sh_name = 1;
  sections[1].sh_type = llvm::ELF::SHT_STRTAB;
  sections[1].sh_offset = sizeof(header);
  sections[1].sh_size = names.size();
  sections[2].sh_name = 11;
  sections[2].sh_type = llvm::ELF::SHT_PROGBITS;
  sections[2].sh_offset = sizeof(header) + names.size();
  sections[2].sh_size = compat.size();

  std::string cubin;
  abi::appendStruct(cubin, header);
  cubin += data;
  for (const llvm::ELF::Elf64_Shdr &section : sections)
    abi::appendStruct(cubin, section);
  return cubin;
}

/// The image the runtime hands the driver for `archName` (its PTX when
/// `usePTX`), or "error: ..." with the reader's message.
std::string extract(const std::string &fatbin, const char *archName,
                    bool usePTX) {
  gluonrt::CudaArch arch;
  REQUIRE(gluonrt::parseCudaArch(archName, arch));
  std::vector<uint8_t> image;
  std::string error;
  if (!gluonrt::extractFatbinImage(bytesOf(fatbin), arch, usePTX, image, error))
    return "error: " + error;
  return std::string(image.begin(), image.end());
}

std::string paddedTo8(std::string bytes) {
  bytes.resize(abi::fatbin::padded(bytes.size()), '\0');
  return bytes;
}

} // namespace

TEST_CASE("the runtime reads back each image of gluonc's fat binary",
          "[abi][fatbin]") {
  // PTX first: its entry has an options record, so the reader must find the
  // next entry from the header's size, not from a fixed one. sm_100a's
  // cubin carries a compatibility record the same way.
  std::string ptx = "//\n// Generated\n//\n.version 8.7\n.target sm_90\n";
  std::string sm80 = makeCubin("", 'a');
  std::string sm90 = makeCubin("", 'b');
  sm90 += "odd"; // an image whose size is no multiple of 8
  std::string sm90a = makeCubin("", 'c');
  std::string sm100a = makeCubin(std::string("\x01\x02\x03\x00", 4), 'd');
  using Kind = nvidia::FatbinImage::Kind;
  std::vector<nvidia::FatbinImage> images = {{Kind::PTX, "sm_90", ptx},
                                             {Kind::Cubin, "sm_80", sm80},
                                             {Kind::Cubin, "sm_90", sm90},
                                             {Kind::Cubin, "sm_90a", sm90a},
                                             {Kind::Cubin, "sm_100a", sm100a}};
  llvm::Expected<std::string> fatbin = nvidia::writeFatbin(images);
  REQUIRE(static_cast<bool>(fatbin));

  // Each cubin comes back whole, with the zeros that pad it to 8 bytes
  // (the driver reads a cubin's size from its ELF header).
  CHECK(extract(*fatbin, "sm_80", false) == sm80);
  CHECK(extract(*fatbin, "sm_90", false) == paddedTo8(sm90));
  CHECK(extract(*fatbin, "sm_90a", false) == sm90a);
  CHECK(extract(*fatbin, "sm_100a", false) == sm100a);
  // The PTX as the fat binary stores it, NUL-terminated and padded.
  CHECK(extract(*fatbin, "sm_90", true) ==
        paddedTo8(nvidia::compactPTX(ptx) + '\0'));
  // The "a" flag keeps sm_90 and sm_90a apart; missing entries are errors.
  CHECK(extract(*fatbin, "sm_90a", true) ==
        "error: the fat binary has no PTX for sm_90a");
  CHECK(extract(*fatbin, "sm_100", false) ==
        "error: the fat binary has no cubin for sm_100");

  // The file header says how many bytes of entries follow it.
  abi::fatbin::FileHeader file;
  REQUIRE(abi::readStruct(fatbin->data(), fatbin->size(), 0, file));
  CHECK(file.magic == abi::fatbin::Magic);
  CHECK(file.bodyBytes + file.headerBytes == fatbin->size());
}

TEST_CASE("the runtime reads back each code object of gluonc's HIP bundle",
          "[abi][bundle]") {
  // Sizes around the 4096-byte alignment, so that offsets differ.
  std::string gfx942(5000, '\x42'), gfx950(3, '\x50'), gfx90a(4096, '\x0a');
  gfx942[0] = 1; // not one repeated byte: a shifted copy would not match
  std::string bundle =
      amd::writeHipOffloadBundle({{amd::getHipBundleId("gfx942"), gfx942},
                                  {amd::getHipBundleId("gfx950"), gfx950},
                                  {amd::getHipBundleId("gfx90a"), gfx90a}});
  auto extract = [&](const std::string &id) {
    std::vector<uint8_t> image;
    std::string error;
    if (!gluonrt::extractBundleImage(bytesOf(bundle), id, image, error))
      return "error: " + error;
    return std::string(image.begin(), image.end());
  };
  // The runtime names an arch's entry as the compiler does.
  CHECK(amd::getHipBundleId("gfx942") == abi::offload_bundle::hipId("gfx942"));
  CHECK(extract(abi::offload_bundle::hipId("gfx942")) == gfx942);
  CHECK(extract(abi::offload_bundle::hipId("gfx950")) == gfx950);
  CHECK(extract(abi::offload_bundle::hipId("gfx90a")) == gfx90a);
  // The host entry clang expects is there, empty: a code object of no
  // bytes, which the runtime never hands to the driver.
  CHECK(extract(std::string(abi::offload_bundle::HostId)) ==
        "error: the bundle's code object for " +
            std::string(abi::offload_bundle::HostId) + " is empty (0 bytes)");
  CHECK(extract(abi::offload_bundle::hipId("gfx1250")) ==
        "error: the bundle has no code object "
        "hipv4-amdgcn-amd-amdhsa--gfx1250");
}

namespace {

/// A kernel taking three tensor descriptors of different ranks, element
/// types, swizzles and paddings between a scalar and a pointer.
const char *const DescriptorKernel = R"(
from triton.experimental import gluon
from triton.experimental.gluon import language as gl


@gluon.jit
def descs(a_desc, n, b_desc, out, c_desc):
    pass
)";

const char *const DescriptorSignature =
    "tensordesc<fp16[128, 64]>, i32, "
    "tensordesc<bf16[2, 64, 32], NVMMASharedLayout(swizzle_byte_width=64, "
    "element_bitwidth=16, rank=3), padding=\"nan\">, *fp32:16, "
    "tensordesc<u8[64, 16], NVMMASharedLayout(swizzle_byte_width=0, "
    "element_bitwidth=8, rank=2)>";

/// The kernel's parameters as gluonc's frontend and NVIDIA target describe
/// them for the metadata.
std::vector<KernelParam> compileParams() {
  registerNVIDIATarget();
  const Target *target = lookupTargetForArch("sm_90a");
  REQUIRE(target);
  SourceManager sources;
  DiagnosticEngine diags(sources);
  uint32_t file = sources.addBuffer("descs.py", DescriptorKernel);
  std::unique_ptr<Module> module = parseModule(sources, file, diags);
  REQUIRE(module);
  mlir::MLIRContext context;
  loadFrontendDialects(context);
  KernelSpec spec;
  spec.kernelName = "descs";
  spec.signature = DescriptorSignature;
  spec.arch = &target->getArchInfo("sm_90a");
  KernelIR kernel = buildKernelIR(sources, *module, diags, context, spec);
  REQUIRE(kernel.module);
  REQUIRE(!diags.hasErrors());
  for (KernelParam &param : kernel.params)
    if (param.tensorDesc)
      param.tensorDesc->targetCodes = target->describeTensorDesc(
          param.tensorDesc->elementType, param.tensorDesc->swizzleBytes);
  return kernel.params;
}

} // namespace

TEST_CASE("the runtime reads back the tensor descriptors gluonc describes",
          "[abi][tensordesc]") {
  std::vector<KernelParam> params = compileParams();
  REQUIRE(params.size() == 5);

  // The metadata names a fat binary of the kernel's cubin, as
  // `--emit fatbin` writes it.
  std::string cubin = makeCubin("", 'k');
  llvm::Expected<std::string> fatbin = nvidia::writeFatbin(
      {{nvidia::FatbinImage::Kind::Cubin, "sm_90a", cubin}});
  REQUIRE(static_cast<bool>(fatbin));
  PackedImages container;
  container.backend = "nvidia";
  container.format = "fatbin";
  container.file = "descs.fatbin";
  container.bytes = *fatbin;
  container.archs = {"sm_90a"};
  CodegenResult codegen;
  codegen.image.assign(cubin.begin(), cubin.end());
  codegen.imageFormat = "cubin";
  MetadataInput input;
  input.sourcePath = "descs.py";
  input.kernelName = input.entry = "descs";
  input.backend = "nvidia";
  input.arch = "sm_90a";
  input.imageFile = "descs.sm_90a.cubin";
  input.container = &container;
  input.params = params;
  input.codegen = &codegen;
  std::string json = buildMetadataJSON(input);

  gluonrt::KernelMetadata metadata;
  INFO(json);
  REQUIRE(gluonrt::parseMetadata(json, "out/descs.sm_90a.json", metadata) ==
          GLUONRT_SUCCESS);
  // The container's bytes are the ones the metadata describes, and the
  // runtime takes the cubin back out of it.
  REQUIRE(gluonrt::checkImage(metadata, bytesOf(*fatbin)) == GLUONRT_SUCCESS);
  CHECK(extract(*fatbin, metadata.arch.c_str(), false) == cubin);

  REQUIRE(metadata.params.size() == params.size());
  REQUIRE(metadata.numTensorDescs == 3);
  struct Expected {
    size_t index;
    uint32_t rank;
    abi::TmaDataType dataType;
    uint32_t swizzleBytes;
    gluonrt_tensordesc_padding padding;
  };
  const Expected descriptors[] = {
      {0, 2, abi::TmaDataType::Float16, 128, GLUONRT_TENSORDESC_PADDING_ZERO},
      {2, 3, abi::TmaDataType::BFloat16, 64, GLUONRT_TENSORDESC_PADDING_NAN},
      {4, 2, abi::TmaDataType::UInt8, 0, GLUONRT_TENSORDESC_PADDING_ZERO}};
  for (const Expected &expected : descriptors) {
    const KernelParam &written = params[expected.index];
    const gluonrt::ParamMetadata &read = metadata.params[expected.index];
    const gluonrt::TensorDescMetadata &desc = read.tensorDesc;
    INFO(written.name);
    REQUIRE(written.tensorDesc);
    REQUIRE(read.kind == GLUONRT_PARAM_TENSORDESC);
    CHECK(read.name == written.name);
    // The layout of the kernel's 1 + 2 * rank parameters.
    abi::TensorDescLayout layout =
        abi::tensorDescLayout(read.offset, expected.rank);
    CHECK(read.offset % abi::TensorMapAlignment == 0);
    CHECK(read.alignment == written.alignment);
    CHECK(read.size == written.size);
    CHECK(read.size == abi::tensorDescBytes(expected.rank));
    CHECK(read.divisibility == abi::TmaGlobalAlignment);
    CHECK(desc.rank == expected.rank);
    CHECK(desc.mapOffset == layout.mapOffset);
    CHECK(desc.shapeOffset == layout.shapeOffset);
    CHECK(desc.stridesOffset == layout.stridesOffset);
    // What the map's encoding needs.
    CHECK(desc.tmaDataType == uint32_t(expected.dataType));
    CHECK(desc.elementBytes == written.tensorDesc->elementBytes);
    CHECK(desc.swizzleBytes == expected.swizzleBytes);
    CHECK(int(desc.tmaSwizzle) == abi::tmaSwizzleOf(expected.swizzleBytes));
    CHECK(desc.padding == expected.padding);
    for (uint32_t d = 0; d < expected.rank; ++d) {
      CHECK(desc.blockShape[d] == written.tensorDesc->blockShape[d]);
      CHECK(desc.boxShape[d] == written.tensorDesc->boxShape[d]);
    }
  }
  // The scalar and the pointer pack after the descriptors before them.
  CHECK(metadata.params[1].offset == 152);
  CHECK(metadata.params[3].offset == 360);

  // A launch packs each descriptor's map, shape and strides where the
  // kernel reads them.
  std::vector<gluonrt_tensordesc> values(3);
  int32_t n = 7;
  uint64_t out = 0x1000;
  for (size_t i = 0; i < values.size(); ++i) {
    gluonrt_tensordesc &value = values[i];
    for (uint32_t b = 0; b < abi::TensorMapBytes; ++b)
      value.map[b] = uint8_t(b * 3 + i);
    value.rank = int32_t(metadata.params[descriptors[i].index].tensorDesc.rank);
    for (int d = 0; d < value.rank; ++d) {
      value.shape[d] = int32_t(100 * (i + 1) + d);
      value.strides[d] = int64_t(1000 * (i + 1) + d);
    }
  }
  void *args[] = {&values[0], &n, &values[1], &out, &values[2]};
  std::vector<uint8_t> packed = gluonrt::packArguments(metadata, args);
  REQUIRE(packed.size() == metadata.kernargBytes);
  for (size_t i = 0; i < values.size(); ++i) {
    const gluonrt::TensorDescMetadata &desc =
        metadata.params[descriptors[i].index].tensorDesc;
    const gluonrt_tensordesc &value = values[i];
    CHECK(std::memcmp(&packed[desc.mapOffset], value.map,
                      abi::TensorMapBytes) == 0);
    CHECK(std::memcmp(&packed[desc.shapeOffset], value.shape,
                      desc.rank * abi::TensorDescShapeElementBytes) == 0);
    CHECK(std::memcmp(&packed[desc.stridesOffset], value.strides,
                      desc.rank * abi::TensorDescStrideElementBytes) == 0);
  }
  CHECK(std::memcmp(&packed[metadata.params[1].offset], &n, sizeof(n)) == 0);
  CHECK(std::memcmp(&packed[metadata.params[3].offset], &out, sizeof(out)) ==
        0);
}
