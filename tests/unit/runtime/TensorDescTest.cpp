//===- TensorDescTest.cpp - TMA tensor descriptors without a GPU ----------===//
//
// The tensordesc entries of the metadata (each way one can contradict
// itself or TMA), the rules a global tensor must keep and the arguments of
// cuTensorMapEncodeTiled they become (order, units, codes), and the launch
// side: descriptor arguments checked and expanded into the kernel's
// 1 + 2 * rank parameters. The driver call itself is tested through the
// stand-in CUDA driver (tests/lit/runtime).
//
//===----------------------------------------------------------------------===//

#include "gluonc/runtime/gluonrt.h"
#include "gluonc/runtime/gluonrt.hpp"

#include "Arguments.h"
#include "Metadata.h"
#include "RuntimeTestSupport.h"
#include "TensorDesc.h"

#include <catch2/catch.hpp>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

using namespace runtime_test;
using gluonrt::TensorMapArgs;

namespace {

/// A tensordesc parameter as the contract lays it out at `offset`: the map,
/// then the shape (4 bytes each), then the strides (8 bytes each, from the
/// next multiple of 8).
json tensorDescParam(const std::string &name, unsigned offset,
                     const std::vector<unsigned> &block,
                     const std::vector<unsigned> &box,
                     unsigned swizzleBytes = 128) {
  unsigned rank = unsigned(block.size());
  unsigned shapeOffset = offset + 128;
  unsigned stridesOffset = (shapeOffset + 4 * rank + 7) / 8 * 8;
  unsigned swizzle = swizzleBytes == 0    ? 0
                     : swizzleBytes == 32 ? 1
                     : swizzleBytes == 64 ? 2
                                          : 3;
  return {{"alignment", 64},
          {"divisibility", 16},
          {"element_type", "fp16"},
          {"kind", "tensordesc"},
          {"name", name},
          {"offset", offset},
          {"size", stridesOffset + 8 * rank - offset},
          {"tensordesc",
           {{"block_shape", block},
            {"box_shape", box},
            {"element_bytes", 2},
            {"layout", "NVMMASharedLayout(swizzle_byte_width=128, "
                       "element_bitwidth=16, rank=2, transposed=False)"},
            {"map_offset", offset},
            {"padding", "zero"},
            {"rank", rank},
            {"shape_offset", shapeOffset},
            {"strides_offset", stridesOffset},
            {"swizzle_bytes", swizzleBytes},
            {"tma_data_type", 6},
            {"tma_swizzle", swizzle}}},
          {"type", "tensordesc<fp16[128, 64]>"}};
}

/// tma_copy(a_desc, b_desc, n): two rank-2 fp16 descriptors of block
/// [128, 64] and a scalar after them.
json tmaKernelDocument() {
  json document = addKernelDocument();
  document["entry"] = "tma_copy";
  document["params"] = {tensorDescParam("a_desc", 0, {128, 64}, {128, 64}),
                        tensorDescParam("b_desc", 192, {128, 64}, {128, 64}),
                        scalarParam("n", "i32", 4, 344, 1)};
  return document;
}

/// The metadata of a_desc, parsed.
gluonrt::TensorDescMetadata aDescMetadata(const json &document) {
  gluonrt::KernelMetadata metadata;
  REQUIRE(gluonrt::parseMetadata(document.dump(), "/tmp/kernel.json",
                                 metadata) == GLUONRT_SUCCESS);
  return metadata.params[0].tensorDesc;
}

gluonrt_status compute(const gluonrt::TensorDescMetadata &desc, uint64_t base,
                       const std::vector<int64_t> &shape,
                       const std::vector<int64_t> &strides, TensorMapArgs &out,
                       uint64_t divisibility = 16) {
  return gluonrt::computeTensorMapArgs(
      "a_desc", divisibility, desc, base, shape.data(),
      strides.empty() ? nullptr : strides.data(), int(shape.size()), out);
}

} // namespace

//===-- Metadata ----------------------------------------------------------===//

TEST_CASE("A tensordesc parameter loads and describes itself", "[tensordesc]") {
  MetadataKernel loaded(tmaKernelDocument());
  gluonrt_kernel *kernel = loaded.kernel;

  gluonrt_param_info param;
  REQUIRE(gluonrt_kernel_param(kernel, 1, &param) == GLUONRT_SUCCESS);
  CHECK(param.kind == GLUONRT_PARAM_TENSORDESC);
  CHECK(param.value_type == GLUONRT_TYPE_FP16);
  CHECK(param.offset == 192);
  CHECK(param.size == 152);
  CHECK(param.alignment == 64);
  CHECK(std::string(param.type) == "tensordesc<fp16[128, 64]>");
  CHECK(gluonrt_kernel_argument_bytes(kernel) == 348);

  gluonrt_tensordesc_info info;
  REQUIRE(gluonrt_kernel_tensordesc_info(kernel, 1, &info) == GLUONRT_SUCCESS);
  CHECK(info.rank == 2);
  CHECK(info.block_shape[0] == 128);
  CHECK(info.block_shape[1] == 64);
  CHECK(info.block_shape[2] == 0);
  CHECK(info.box_shape[0] == 128);
  CHECK(info.box_shape[1] == 64);
  CHECK(std::string(info.element_type) == "fp16");
  CHECK(info.value_type == GLUONRT_TYPE_FP16);
  CHECK(info.element_bytes == 2);
  CHECK(info.tma_data_type == 6);
  CHECK(info.swizzle_bytes == 128);
  CHECK(info.tma_swizzle == 3);
  CHECK(info.padding == GLUONRT_TENSORDESC_PADDING_ZERO);
  CHECK(std::string(info.layout).find("swizzle_byte_width=128") !=
        std::string::npos);
  CHECK(info.map_offset == 192);
  CHECK(info.shape_offset == 320);
  CHECK(info.strides_offset == 328);

  CHECK(gluonrt_kernel_tensordesc_info(kernel, 2, &info) ==
        GLUONRT_ERROR_INVALID_ARGUMENT);
  CHECK(lastError() == "gluonrt_kernel_tensordesc_info: parameter 'n' (i32) "
                       "is not a tensor descriptor");
  CHECK(gluonrt_kernel_tensordesc_info(kernel, 3, &info) ==
        GLUONRT_ERROR_INVALID_ARGUMENT);
  CHECK(gluonrt_kernel_tensordesc_info(kernel, 0, nullptr) ==
        GLUONRT_ERROR_INVALID_ARGUMENT);
}

TEST_CASE("Every rank from 1 to 5 has the contract's offsets", "[tensordesc]") {
  // shape after the map, strides at the next multiple of 8.
  const unsigned expectedStrides[] = {136, 136, 144, 144, 152};
  for (unsigned rank = 1; rank <= 5; ++rank) {
    std::vector<unsigned> block(rank, 8), box(rank, 8);
    json document = addKernelDocument();
    document["params"] = {tensorDescParam("d", 64, block, box, 0)};
    gluonrt::KernelMetadata metadata;
    INFO("rank " << rank);
    REQUIRE(gluonrt::parseMetadata(document.dump(), "k.json", metadata) ==
            GLUONRT_SUCCESS);
    const gluonrt::TensorDescMetadata &desc = metadata.params[0].tensorDesc;
    CHECK(desc.shapeOffset == 192);
    CHECK(desc.stridesOffset == 64 + expectedStrides[rank - 1]);
    CHECK(metadata.params[0].size == expectedStrides[rank - 1] + 8 * rank);
    CHECK(metadata.numTensorDescs == 1);
  }
}

TEST_CASE("Malformed tensordesc entries are rejected naming the key",
          "[tensordesc]") {
  json document = tmaKernelDocument();
  json &param = document["params"][0];
  json &desc = param["tensordesc"];
  std::string expected;

  SECTION("rank 0") {
    desc["rank"] = 0;
    expected = "params[0].tensordesc.rank: must be 1 to 5 (TMA's ranks), got 0";
  }
  SECTION("rank 6") {
    desc["rank"] = 6;
    expected = "params[0].tensordesc.rank: must be 1 to 5 (TMA's ranks), got 6";
  }
  SECTION("no tensordesc object") {
    param.erase("tensordesc");
    expected = "params[0]: missing key 'tensordesc'";
  }
  SECTION("no element type") {
    param.erase("element_type");
    expected = "params[0]: missing key 'element_type'";
  }
  SECTION("a type that is not a descriptor's") {
    param["type"] = "*fp16";
    expected = "params[0].type: '*fp16' is not a tensor descriptor type";
  }
  SECTION("a block shape of the wrong length") {
    desc["block_shape"] = {128, 64, 1};
    expected = "params[0].tensordesc.block_shape: must be an array of 2 "
               "integers (one per dimension), got [128,64,1]";
  }
  SECTION("a zero block dimension") {
    desc["block_shape"] = {0, 64};
    expected = "params[0].tensordesc.block_shape[0]: must be at least 1";
  }
  SECTION("a negative box dimension") {
    desc["box_shape"] = {-128, 64};
    expected = "params[0].tensordesc.box_shape[0]: must be a non-negative "
               "integer, got -128";
  }
  SECTION("a box dimension above 256") {
    desc["block_shape"] = {512, 64};
    desc["box_shape"] = {512, 64};
    expected = "params[0].tensordesc.box_shape[0]: 512 elements exceed TMA's "
               "limit of 256 per box dimension";
  }
  SECTION("a box that does not divide the block") {
    desc["box_shape"] = {96, 64};
    expected = "params[0].tensordesc.box_shape[0]: 96 does not divide "
               "block_shape[0] = 128 (a block is a whole number of boxes)";
  }
  SECTION("an inner box of less than 16 bytes") {
    desc["block_shape"] = {128, 4};
    desc["box_shape"] = {128, 4};
    expected = "params[0].tensordesc.box_shape[1]: the innermost box is 4 x 2 "
               "= 8 bytes, less than the 16 bytes TMA moves at least";
  }
  SECTION("an inner box that is not a multiple of 16 bytes") {
    desc["block_shape"] = {128, 24};
    desc["box_shape"] = {128, 12};
    desc["swizzle_bytes"] = 0;
    desc["tma_swizzle"] = 0;
    expected = "params[0].tensordesc.box_shape[1]: the innermost box is 12 x "
               "2 = 24 bytes, not a multiple of 16 bytes";
  }
  SECTION("an inner box wider than the swizzle") {
    desc["swizzle_bytes"] = 64;
    desc["tma_swizzle"] = 2;
    expected = "params[0].tensordesc.box_shape[1]: the innermost box is 64 x "
               "2 = 128 bytes, more than the 64-byte swizzle spans";
  }
  SECTION("a swizzle width TMA does not have") {
    desc["swizzle_bytes"] = 48;
    expected = "params[0].tensordesc.swizzle_bytes: must be 0, 32, 64 or 128, "
               "got 48";
  }
  SECTION("a swizzle code that contradicts the width") {
    desc["tma_swizzle"] = 2;
    expected = "params[0].tensordesc.tma_swizzle: 2 does not match "
               "swizzle_bytes 128 (CUtensorMapSwizzle 3)";
  }
  SECTION("an unknown data type") {
    desc["tma_data_type"] = 13;
    expected = "params[0].tensordesc.tma_data_type: unknown "
               "CUtensorMapDataType 13 (expected 0 to 9, UINT8 to BFLOAT16)";
  }
  SECTION("element bytes that contradict the data type") {
    desc["tma_data_type"] = 7;
    expected = "params[0].tensordesc.element_bytes: 2 does not match "
               "tma_data_type 7 (FLOAT32, 4 bytes)";
  }
  SECTION("element bytes that contradict the element type") {
    param["element_type"] = "fp32";
    expected = "params[0].tensordesc.element_bytes: 2 does not match "
               "element_type fp32 (4 bytes)";
  }
  SECTION("an unknown element type") {
    // Of no known size: a caller sizing the tensor's buffer would guess.
    param["element_type"] = "zz16";
    expected = "params[0].element_type: unknown element type 'zz16' (a "
               "tensor descriptor's is one of i1, i8, i16, i32, i64, u8, u16, "
               "u32, u64, fp16, bf16, fp32, fp64, fp8e4nv, fp8e5)";
  }
  SECTION("a long unknown element type is cut") {
    param["element_type"] = std::string(100000, 'z');
    expected = "params[0].element_type: unknown element type '" +
               std::string(64, 'z') + "...' (a tensor descriptor's";
  }
  SECTION("a data type of the right size that is not the element type's") {
    desc["tma_data_type"] = 9;
    expected = "params[0].tensordesc.tma_data_type: 9 (BFLOAT16) is not the "
               "data type of element_type fp16, 6 (FLOAT16)";
  }
  SECTION("an fp8 element with another data type than bytes") {
    param["element_type"] = "fp8e4nv";
    desc["element_bytes"] = 1;
    desc["tma_data_type"] = 6;
    expected = "params[0].tensordesc.element_bytes: 1 does not match "
               "tma_data_type 6 (FLOAT16, 2 bytes)";
  }
  SECTION("an unknown padding") {
    desc["padding"] = "inf";
    expected = "params[0].tensordesc.padding: must be \"zero\" or \"nan\", "
               "got \"inf\"";
  }
  SECTION("NaN padding of integers") {
    param["element_type"] = "i16";
    desc["tma_data_type"] = 1;
    desc["padding"] = "nan";
    expected = "params[0].tensordesc.padding: NaN padding needs a "
               "floating-point tma_data_type, not UINT16";
  }
  SECTION("a layout that is not a string") {
    desc["layout"] = 3;
    expected = "params[0].tensordesc.layout: must be a string";
  }
  SECTION("an alignment other than 64") {
    param["alignment"] = 8;
    expected = "params[0].alignment: a tensor descriptor's map is 64-byte "
               "aligned, got 8";
  }
  SECTION("an offset that is not 64-byte aligned") {
    param["offset"] = 32;
    expected = "params[0].offset: 32 is not a multiple of the alignment 64";
  }
  SECTION("a map offset other than the parameter's") {
    desc["map_offset"] = 64;
    expected = "params[0].tensordesc.map_offset: 64 is not the parameter's "
               "offset 0";
  }
  SECTION("a shape offset other than the map's end") {
    desc["shape_offset"] = 136;
    expected = "params[0].tensordesc.shape_offset: 136 is not 128, the end "
               "of the 128-byte map";
  }
  SECTION("a strides offset other than the shape's end") {
    desc["strides_offset"] = 144;
    expected = "params[0].tensordesc.strides_offset: 144 is not 136, the end "
               "of the shape rounded up to 8 bytes";
  }
  SECTION("a size that does not end with the last stride") {
    param["size"] = 192;
    expected = "params[0].size: 192 bytes do not end with the last stride: a "
               "rank-2 descriptor at byte 0 has 152";
  }
  SECTION("a descriptor of an AMD kernel") {
    document["target"] = {
        {"arch", "gfx942"}, {"backend", "amd"}, {"warp_size", 64}};
    document["image"]["format"] = "hsaco";
    expected = "params[0].kind: tensor descriptors (TMA) exist only on NVIDIA "
               "GPUs; this kernel is for AMD";
  }
  SECTION("an unknown kind names the kinds") {
    param["kind"] = "tensor";
    expected = "params[0].kind: unknown kind 'tensor' (expected pointer, "
               "scalar or tensordesc)";
  }
  SECTION("descriptors that overlap") {
    document["params"][1]["offset"] = 128;
    document["params"][1]["tensordesc"]["map_offset"] = 128;
    document["params"][1]["tensordesc"]["shape_offset"] = 256;
    document["params"][1]["tensordesc"]["strides_offset"] = 264;
    expected = "params: the offsets of 'a_desc' (bytes 0..152) and 'b_desc' "
               "(bytes 128..280) overlap";
  }
  gluonrt::KernelMetadata metadata;
  CHECK(gluonrt::parseMetadata(document.dump(), "dir/kernel.json", metadata) ==
        GLUONRT_ERROR_INVALID_METADATA);
  INFO(lastError());
  CHECK(lastError().find("dir/kernel.json: " + expected) == 0);
}

TEST_CASE("Every element type has its size and the ABI's data type",
          "[tensordesc]") {
  struct Case {
    const char *type;
    uint32_t bytes;
  };
  for (Case c : {Case{"i8", 1}, Case{"u16", 2}, Case{"i32", 4}, Case{"u64", 8},
                 Case{"fp16", 2}, Case{"bf16", 2}, Case{"fp32", 4},
                 Case{"fp64", 8}, Case{"fp8e4nv", 1}, Case{"fp8e5", 1}}) {
    INFO(c.type);
    CHECK(gluonrt::tensorDescElementBytes(c.type) == c.bytes);
    uint32_t code = uint32_t(gluonc::abi::tmaDataTypeOf(c.type));
    CHECK(gluonrt::tmaDataTypeBytes(code) == c.bytes);
  }
  CHECK(gluonrt::tensorDescElementBytes("zz16") == 0);
  CHECK(gluonrt::tensorDescElementBytes("fp8e4b15") == 0);
  CHECK(gluonrt::tensorDescElementBytes("") == 0);

  // An fp8 descriptor loads, its elements bytes of no gluonrt type.
  json document = tmaKernelDocument();
  json &param = document["params"][0];
  param["element_type"] = "fp8e5";
  param["tensordesc"]["element_bytes"] = 1;
  param["tensordesc"]["tma_data_type"] = 0;
  param["tensordesc"]["box_shape"] = {128, 64};
  param["tensordesc"]["swizzle_bytes"] = 64;
  param["tensordesc"]["tma_swizzle"] = 2;
  gluonrt::KernelMetadata metadata;
  INFO(lastError());
  REQUIRE(gluonrt::parseMetadata(document.dump(), "k.json", metadata) ==
          GLUONRT_SUCCESS);
  CHECK(metadata.params[0].valueType == GLUONRT_TYPE_OTHER);
  CHECK(metadata.params[0].tensorDesc.elementBytes == 1);
}

//===-- Encoding arguments ------------------------------------------------===//

TEST_CASE("Encoding arguments reverse the dimensions and count bytes",
          "[tensordesc]") {
  gluonrt::TensorDescMetadata desc = aDescMetadata(tmaKernelDocument());
  TensorMapArgs args;

  SECTION("a contiguous 8192 x 8192 fp16 matrix") {
    REQUIRE(compute(desc, 0x7f0000000000, {8192, 4096}, {}, args) ==
            GLUONRT_SUCCESS);
    CHECK(args.dataType == 6);
    CHECK(args.rank == 2);
    CHECK(args.globalAddress == 0x7f0000000000);
    CHECK(args.globalDim[0] == 4096); // innermost first
    CHECK(args.globalDim[1] == 8192);
    CHECK(args.globalStrides[0] == 4096 * 2); // bytes, of dimension 1
    CHECK(args.boxDim[0] == 64);
    CHECK(args.boxDim[1] == 128);
    CHECK(args.elementStrides[0] == 1);
    CHECK(args.elementStrides[1] == 1);
    CHECK(args.interleave == 0);
    CHECK(args.swizzle == 3);     // CU_TENSOR_MAP_SWIZZLE_128B
    CHECK(args.l2Promotion == 3); // CU_TENSOR_MAP_L2_PROMOTION_L2_256B
    CHECK(args.oobFill == 0);     // CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE
    // The kernel's own view, outermost first, strides in elements.
    CHECK(args.shape[0] == 8192);
    CHECK(args.shape[1] == 4096);
    CHECK(args.strides[0] == 4096);
    CHECK(args.strides[1] == 1);
  }
  SECTION("explicit strides: a padded leading dimension") {
    REQUIRE(compute(desc, 0x1000, {1000, 1000}, {1024, 1}, args) ==
            GLUONRT_SUCCESS);
    CHECK(args.globalDim[0] == 1000);
    CHECK(args.globalStrides[0] == 2048);
    CHECK(args.strides[0] == 1024);
  }
  SECTION("rank 3 with NaN padding and a 64-byte swizzle") {
    json document = addKernelDocument();
    document["params"] = {
        tensorDescParam("a_desc", 0, {2, 64, 32}, {1, 32, 32}, 64)};
    document["params"][0]["tensordesc"]["padding"] = "nan";
    gluonrt::TensorDescMetadata rank3 = aDescMetadata(document);
    REQUIRE(compute(rank3, 0x2000, {3, 100, 40}, {8000, 80, 1}, args) ==
            GLUONRT_SUCCESS);
    CHECK(args.rank == 3);
    CHECK(args.globalDim[0] == 40);
    CHECK(args.globalDim[1] == 100);
    CHECK(args.globalDim[2] == 3);
    CHECK(args.globalStrides[0] == 160);   // 80 elements
    CHECK(args.globalStrides[1] == 16000); // 8000 elements
    CHECK(args.boxDim[0] == 32);
    CHECK(args.boxDim[1] == 32);
    CHECK(args.boxDim[2] == 1);
    CHECK(args.swizzle == 2);
    CHECK(args.oobFill ==
          1); // CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA
    CHECK(args.elementStrides[2] == 1);
    CHECK(args.strides[0] == 8000);
  }
  SECTION("rank 1") {
    json document = addKernelDocument();
    document["params"] = {tensorDescParam("a_desc", 0, {256}, {256}, 0)};
    gluonrt::TensorDescMetadata rank1 = aDescMetadata(document);
    REQUIRE(compute(rank1, 0x2000, {1000}, {}, args) == GLUONRT_SUCCESS);
    CHECK(args.globalDim[0] == 1000);
    CHECK(args.boxDim[0] == 256);
    CHECK(args.swizzle == 0);
    CHECK(args.strides[0] == 1);
  }
  std::string described = gluonrt::describeTensorMapArgs(args);
  CHECK(described.find("FLOAT16, rank ") == 0);
  CHECK(described.find("(innermost dimension first)") != std::string::npos);
}

TEST_CASE("Each rule of a global tensor has its own error", "[tensordesc]") {
  gluonrt::TensorDescMetadata desc = aDescMetadata(tmaKernelDocument());
  TensorMapArgs args;
  uint64_t base = 0x7f0000000000;
  std::vector<int64_t> shape = {512, 512}, strides;
  uint64_t divisibility = 16;
  std::string expected;

  SECTION("a rank other than the kernel's") {
    shape = {4, 512, 512};
    expected = "the tensor has rank 3, the kernel's descriptor rank 2";
  }
  SECTION("rank 0") {
    shape = {};
    expected = "rank 0 is outside 1..5, the ranks TMA supports";
  }
  SECTION("rank 6") {
    shape = {1, 1, 1, 1, 1, 1};
    expected = "rank 6 is outside 1..5, the ranks TMA supports";
  }
  SECTION("a base that is not 16-byte aligned") {
    base += 8;
    expected = "the base address 0x7f0000000008 is not a multiple of 16 bytes "
               "(TMA needs 16-byte aligned tensors)";
  }
  SECTION("a base that breaks a larger divisibility") {
    base += 16;
    divisibility = 64;
    expected = "the base address 0x7f0000000010 is not a multiple of 64 bytes "
               "(TMA needs 16-byte aligned tensors; the kernel assumes 64)";
  }
  SECTION("an empty dimension") {
    shape = {0, 512};
    expected = "shape[0] = 0 must be at least 1";
  }
  SECTION("a dimension an i32 cannot hold") {
    shape = {512, int64_t(1) << 31};
    expected = "shape[1] = 2147483648 exceeds 2^31 - 1 (the kernel receives "
               "the shape as i32)";
  }
  SECTION("contiguous strides that overflow") {
    desc.rank = 4;
    desc.boxShape = {{1, 1, 1, 64, 0}};
    shape = {INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX};
    expected = "the contiguous strides of shape [2147483647, 2147483647, "
               "2147483647, 2147483647] overflow 64 bits";
  }
  SECTION("a last stride other than 1") {
    strides = {1024, 2};
    expected = "strides[1] = 2: the last dimension must be contiguous "
               "(stride 1)";
  }
  SECTION("a zero stride") {
    strides = {0, 1};
    expected = "strides[0] = 0 must be positive";
  }
  SECTION("a stride of 2^40 bytes") {
    strides = {int64_t(1) << 39, 1};
    expected = "strides[0] = 549755813888 elements of 2 bytes reach TMA's "
               "limit of 2^40 bytes";
  }
  SECTION("a stride that overflows in bytes") {
    strides = {INT64_MAX, 1};
    expected = "strides[0] = 9223372036854775807 elements of 2 bytes reach "
               "TMA's limit of 2^40 bytes";
  }
  SECTION("a stride that is not a multiple of 16 bytes") {
    strides = {100, 1};
    expected = "strides[0] = 100 elements (200 bytes) is not a multiple of 16 "
               "bytes";
  }
  SECTION("a box dimension above 256") {
    desc.boxShape[0] = 512;
    expected = "the kernel's box_shape[0]: 512 elements exceed TMA's limit of "
               "256 per box dimension";
  }
  SECTION("an inner box of less than 16 bytes") {
    desc.boxShape[1] = 4;
    expected = "the kernel's box_shape[1]: the innermost box is 4 x 2 = 8 "
               "bytes, less than the 16 bytes TMA moves at least";
  }
  CHECK(compute(desc, base, shape, strides, args, divisibility) ==
        GLUONRT_ERROR_BAD_ARGUMENTS);
  CHECK(lastError() == "tensor descriptor 'a_desc': " + expected);
}

TEST_CASE("Small tensors get the driver fix Triton applies", "[tensordesc]") {
  gluonrt::TensorDescMetadata desc = aDescMetadata(tmaKernelDocument());
  TensorMapArgs args;
  // 128 x 256 fp16: the last element at byte 65534, 64 KiB in all.
  REQUIRE(compute(desc, 0x1000, {128, 256}, {}, args) == GLUONRT_SUCCESS);
  CHECK(gluonrt::needsSmallTensorFix(args, 12080));
  CHECK(gluonrt::needsSmallTensorFix(args, 13010));
  CHECK_FALSE(gluonrt::needsSmallTensorFix(args, 13020));
  // Triton counts to the last element's first byte: 256 x 256 fp16 ends
  // at byte 131071, its first byte is 131070, + 1 is below 2^17.
  REQUIRE(compute(desc, 0x1000, {256, 256}, {}, args) == GLUONRT_SUCCESS);
  CHECK(gluonrt::needsSmallTensorFix(args, 13010));
  REQUIRE(compute(desc, 0x1000, {257, 256}, {}, args) == GLUONRT_SUCCESS);
  CHECK_FALSE(gluonrt::needsSmallTensorFix(args, 13010));
  // Strides count, not just the shape.
  REQUIRE(compute(desc, 0x1000, {128, 64}, {1024, 1}, args) == GLUONRT_SUCCESS);
  CHECK_FALSE(gluonrt::needsSmallTensorFix(args, 13010));
  // A huge tensor whose extent would wrap a C int is not small.
  REQUIRE(compute(desc, 0x1000, {INT32_MAX, 4096}, {}, args) ==
          GLUONRT_SUCCESS);
  CHECK_FALSE(gluonrt::needsSmallTensorFix(args, 13010));

  uint8_t map[128];
  std::memset(map, 0xff, sizeof(map));
  gluonrt::applySmallTensorFix(map);
  // Bit 85: bit 21 of the second 64-bit word, bit 5 of byte 10.
  uint64_t words[16];
  std::memcpy(words, map, sizeof(map));
  CHECK(words[1] == ~(uint64_t(1) << 21));
  CHECK(words[0] == ~uint64_t(0));
  CHECK(words[2] == ~uint64_t(0));
}

//===-- C API -------------------------------------------------------------===//

TEST_CASE("The C API checks a tensor without a driver", "[tensordesc]") {
  MetadataKernel loaded(tmaKernelDocument());
  gluonrt_kernel *kernel = loaded.kernel;
  const int64_t shape[] = {1000, 1000}, strides[] = {1024, 1};

  CHECK(gluonrt_tensordesc_check(kernel, 0, 0x1000, shape, strides, 2) ==
        GLUONRT_SUCCESS);
  CHECK(gluonrt_tensordesc_check(kernel, 1, 0x1000, shape, nullptr, 2) ==
        GLUONRT_SUCCESS);
  CHECK(gluonrt_tensordesc_check(kernel, 0, 0x1004, shape, strides, 2) ==
        GLUONRT_ERROR_BAD_ARGUMENTS);
  CHECK(lastError().find("tensor descriptor 'a_desc': the base address "
                         "0x1004") == 0);
  CHECK(gluonrt_tensordesc_check(kernel, 2, 0x1000, shape, strides, 2) ==
        GLUONRT_ERROR_INVALID_ARGUMENT);
  CHECK(lastError() == "gluonrt_tensordesc_check: parameter 'n' (i32) is not "
                       "a tensor descriptor");
  CHECK(gluonrt_tensordesc_check(kernel, -1, 0x1000, shape, strides, 2) ==
        GLUONRT_ERROR_INVALID_ARGUMENT);
  CHECK(gluonrt_tensordesc_check(nullptr, 0, 0x1000, shape, strides, 2) ==
        GLUONRT_ERROR_INVALID_ARGUMENT);
  CHECK(gluonrt_tensordesc_check(kernel, 0, 0x1000, nullptr, strides, 2) ==
        GLUONRT_ERROR_BAD_ARGUMENTS);

  // A refused tensor leaves a zeroed descriptor, before any driver is asked.
  gluonrt_tensordesc desc;
  std::memset(static_cast<void *>(&desc), 0xab, sizeof(desc));
  CHECK(gluonrt_tensordesc_encode(kernel, 0, 0x1004, shape, strides, 2,
                                  &desc) == GLUONRT_ERROR_BAD_ARGUMENTS);
  CHECK(desc.rank == 0);
  CHECK(desc.map[0] == 0);
  CHECK(gluonrt_tensordesc_encode(kernel, 0, 0x1000, shape, strides, 2,
                                  nullptr) == GLUONRT_ERROR_INVALID_ARGUMENT);
}

//===-- Launching ---------------------------------------------------------===//

namespace {

/// A descriptor as gluonrt_tensordesc_encode leaves it, with a recognizable
/// map.
gluonrt_tensordesc fakeDescriptor(uint8_t fill, int32_t rows, int32_t columns) {
  gluonrt_tensordesc desc{};
  std::memset(desc.map, fill, sizeof(desc.map));
  desc.rank = 2;
  desc.shape[0] = rows;
  desc.shape[1] = columns;
  desc.strides[0] = columns;
  desc.strides[1] = 1;
  return desc;
}

} // namespace

TEST_CASE("A launch passes each descriptor as 1 + 2 * rank parameters",
          "[tensordesc]") {
  MetadataKernel loaded(tmaKernelDocument());
  gluonrt_tensordesc a = fakeDescriptor(0xaa, 300, 200);
  gluonrt_tensordesc b = fakeDescriptor(0xbb, 64, 48);
  int32_t n = 7;
  void *args[] = {&a, &b, &n};
  REQUIRE(gluonrt_check_args(loaded.kernel, args, 3) == GLUONRT_SUCCESS);

  gluonrt::KernelMetadata metadata;
  REQUIRE(gluonrt::parseMetadata(tmaKernelDocument().dump(), "k.json",
                                 metadata) == GLUONRT_SUCCESS);
  std::vector<void *> storage;
  void *const *params = gluonrt::expandKernelParams(metadata, args, storage);
  REQUIRE(storage.size() == 11);
  REQUIRE(params == storage.data());
  CHECK(params[0] == a.map);
  CHECK(params[1] == &a.shape[0]);
  CHECK(params[2] == &a.shape[1]);
  CHECK(params[3] == &a.strides[0]);
  CHECK(params[4] == &a.strides[1]);
  CHECK(params[5] == b.map);
  CHECK(*static_cast<int32_t *>(params[6]) == 64);
  CHECK(*static_cast<int32_t *>(params[7]) == 48);
  CHECK(*static_cast<int64_t *>(params[8]) == 48);
  CHECK(*static_cast<int64_t *>(params[9]) == 1);
  CHECK(params[10] == &n);

  // Without descriptors the array is passed as it is.
  gluonrt::KernelMetadata plain;
  REQUIRE(gluonrt::parseMetadata(addKernelDocument().dump(), "k.json", plain) ==
          GLUONRT_SUCCESS);
  CHECK(gluonrt::expandKernelParams(plain, args, storage) == args);
}

TEST_CASE("Descriptor arguments are checked against the kernel's rank",
          "[tensordesc]") {
  MetadataKernel loaded(tmaKernelDocument());
  gluonrt_tensordesc a = fakeDescriptor(0xaa, 300, 200), b = a;
  int32_t n = 7;
  void *args[] = {&a, &b, &n};

  SECTION("an unencoded descriptor") {
    b = gluonrt_tensordesc{};
    CHECK(gluonrt_check_args(loaded.kernel, args, 3) ==
          GLUONRT_ERROR_BAD_ARGUMENTS);
    CHECK(lastError() == "argument 'b_desc': the tensor descriptor is not "
                         "encoded (rank 0); build it with "
                         "gluonrt_tensordesc_encode");
  }
  SECTION("a descriptor of another rank") {
    a.rank = 3;
    CHECK(gluonrt_check_args(loaded.kernel, args, 3) ==
          GLUONRT_ERROR_BAD_ARGUMENTS);
    CHECK(lastError() == "argument 'a_desc': the tensor descriptor has rank "
                         "3, the kernel's tensordesc<fp16[128, 64]> rank 2");
  }
  SECTION("a descriptor at an address of any alignment") {
    // The launch copies bytes: a copy at an odd address is as good.
    std::vector<unsigned char> bytes(sizeof(gluonrt_tensordesc) + 1);
    std::memcpy(bytes.data() + 1, &a, sizeof(a));
    args[0] = bytes.data() + 1;
    CHECK(gluonrt_check_args(loaded.kernel, args, 3) == GLUONRT_SUCCESS);
  }
}

TEST_CASE("The argument builder copies descriptors", "[tensordesc]") {
  MetadataKernel loaded(tmaKernelDocument());
  gluonrt_args *args = nullptr;
  REQUIRE(gluonrt_args_create(loaded.kernel, &args) == GLUONRT_SUCCESS);
  gluonrt_tensordesc a = fakeDescriptor(0xaa, 300, 200);
  gluonrt_tensordesc b = fakeDescriptor(0xbb, 64, 48);

  SECTION("a complete set") {
    REQUIRE(gluonrt_args_add_tensordesc(args, &a) == GLUONRT_SUCCESS);
    REQUIRE(gluonrt_args_set(args, 1, GLUONRT_VALUE_TENSORDESC, &b) ==
            GLUONRT_SUCCESS);
    REQUIRE(gluonrt_args_set_by_name(args, "n", GLUONRT_VALUE_I64,
                                     &b.strides[0]) == GLUONRT_SUCCESS);
    a.rank = 0; // the builder holds its own copy
    void *const *pointers = gluonrt_args_pointers(args);
    REQUIRE(pointers != nullptr);
    REQUIRE(gluonrt_args_count(args) == 3);
    auto *copy = static_cast<const gluonrt_tensordesc *>(pointers[0]);
    CHECK(copy->rank == 2);
    CHECK(copy->map[127] == 0xaa);
    CHECK(copy->shape[0] == 300);
    CHECK(reinterpret_cast<uintptr_t>(copy) % 64 == 0);
    CHECK(static_cast<const gluonrt_tensordesc *>(pointers[1])->map[0] == 0xbb);
    CHECK(*static_cast<const int32_t *>(pointers[2]) == 48);
    CHECK(gluonrt_check_args(loaded.kernel, pointers, 3) == GLUONRT_SUCCESS);
    gluonrt_args_reset(args);
    CHECK(gluonrt_args_pointers(args) == nullptr);
  }
  SECTION("a pointer for a descriptor") {
    CHECK(gluonrt_args_add_ptr(args, 0x1000) == GLUONRT_ERROR_BAD_ARGUMENTS);
    CHECK(lastError() == "parameter 'a_desc' has type tensordesc<fp16[128, "
                         "64]>, got a pointer");
  }
  SECTION("a descriptor for a scalar") {
    CHECK(gluonrt_args_set(args, 2, GLUONRT_VALUE_TENSORDESC, &a) ==
          GLUONRT_ERROR_BAD_ARGUMENTS);
    CHECK(lastError() == "parameter 'n' has type i32, got a tensor "
                         "descriptor");
  }
  SECTION("a descriptor of another rank") {
    a.rank = 1;
    CHECK(gluonrt_args_add_tensordesc(args, &a) == GLUONRT_ERROR_BAD_ARGUMENTS);
    CHECK(lastError().find("the tensor descriptor has rank 1") !=
          std::string::npos);
  }
  SECTION("NULL") {
    CHECK(gluonrt_args_add_tensordesc(args, nullptr) ==
          GLUONRT_ERROR_INVALID_ARGUMENT);
  }
  gluonrt_args_destroy(args);
}

TEST_CASE("The C++ wrapper describes and checks descriptors", "[tensordesc]") {
  TempDir dir;
  std::string path = writeKernel(dir, tmaKernelDocument());
  gluonrt::Kernel kernel = gluonrt::Kernel::loadMetadata(path);
  CHECK(kernel.tensorDescInfo(1).swizzle_bytes == 128);
  CHECK_THROWS_WITH(kernel.tensorDescInfo(2),
                    Catch::Contains("'n' (i32) is not a tensor descriptor"));
  CHECK_THROWS_WITH(kernel.encodeTensorDesc(0, 0x1004, {64, 64}),
                    Catch::Contains("the base address 0x1004"));
  CHECK_THROWS_WITH(kernel.encodeTensorDesc(0, 0x1000, {64, 64}, {64}),
                    Catch::Contains("the strides and the shape differ"));
}
