//===- TensorDescGpuTest.cpp - TMA descriptors on a GPU -------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// libgluonrt's tensor descriptors against the real driver and hardware,
// without gluonc: the kernels are tensordesc_probe.ptx, assembled by the
// build, with metadata written as gluonc would (TensorDescProbe.cmake).
//
//  - echo: a launch passes the map, the shape and the strides where the
//    kernel's parameters are (Triton's ABI), bit for bit;
//  - encode: cuTensorMapEncodeTiled accepts what the runtime encodes for
//    each element type, swizzle, rank and padding (documents written here,
//    loaded without an image the driver reads), and the small-tensor fix
//    is applied on drivers up to 13.1;
//  - tma: one box loaded by cp.async.bulk.tensor is the box of the tensor
//    at that place, out-of-bounds elements zero, for a contiguous and a
//    padded (strided) tensor.
//
// Usage: gluonc-gpu-tensordesc-test KERNEL_DIR (the folder holding
// tensordesc_probe/).
//
//===----------------------------------------------------------------------===//

#include "GpuTestSupport.h"

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

using namespace gpu_test;

namespace {

struct Runner : RunnerBase {
  void report(const std::string &what, bool ok, const std::string &detail) {
    std::printf("%s %s%s%s\n", ok ? "PASS" : "FAIL", what.c_str(),
                detail.empty() ? "" : ": ", detail.c_str());
    count(ok);
  }
};

/// A 100 x 200 fp32 tensor of value 1000 * row + column, each row
/// `rowStride` elements apart (the padding holds -1).
gluonrt::DeviceBuffer makeTensor(int64_t rowStride) {
  std::vector<float> host(size_t(100 * rowStride), -1.0f);
  for (int64_t i = 0; i < 100; ++i)
    for (int64_t j = 0; j < 200; ++j)
      host[size_t(i * rowStride + j)] = float(1000 * i + j);
  gluonrt::DeviceBuffer buffer(host.size() * sizeof(float));
  buffer.upload(host.data(), buffer.bytes());
  return buffer;
}

/// The descriptor of makeTensor's tensor: contiguous strides when the rows
/// are 200 apart (the runtime's default), explicit ones otherwise.
gluonrt_tensordesc describe(const gluonrt::Kernel &kernel,
                            const gluonrt::DeviceBuffer &tensor,
                            int64_t rowStride) {
  std::vector<int64_t> strides;
  if (rowStride != 200)
    strides = {rowStride, 1};
  return kernel.encodeTensorDesc(0, tensor.device(), {100, 200}, strides);
}

void echo(Runner &runner) {
  gluonrt::Kernel kernel = runner.load("tensordesc_probe", "tensordesc_echo");
  for (int64_t rowStride : {200, 256}) {
    gluonrt::DeviceBuffer tensor = makeTensor(rowStride);
    gluonrt_tensordesc desc = describe(kernel, tensor, rowStride);
    gluonrt::DeviceBuffer out(152);
    out.fill(0xee);
    gluonrt::Args args(kernel);
    args.tensorDesc(desc).ptr(out.device());
    args.launch(kernel, {{1, 1, 1}});
    gluonrt::check(gluonrt_synchronize());
    std::vector<uint8_t> got = download<uint8_t>(out);
    int32_t shape[2];
    int64_t stridesGot[2];
    std::memcpy(shape, &got[128], sizeof(shape));
    std::memcpy(stridesGot, &got[136], sizeof(stridesGot));
    bool mapOk = std::memcmp(got.data(), desc.map, 128) == 0;
    char detail[160];
    std::snprintf(detail, sizeof(detail),
                  "map %s, shape [%d, %d], strides [%" PRId64 ", %" PRId64 "]",
                  mapOk ? "intact" : "DIFFERS", shape[0], shape[1],
                  stridesGot[0], stridesGot[1]);
    runner.report("echo of a descriptor, row stride " +
                      std::to_string(rowStride),
                  mapOk && shape[0] == 100 && shape[1] == 200 &&
                      stridesGot[0] == rowStride && stridesGot[1] == 1,
                  detail);
  }
}

/// A kernel document with one descriptor parameter, loaded without binding
/// (its image is not a cubin; encoding needs only the metadata).
struct DescriptorDocument {
  std::string type;
  uint32_t elementBytes, dataType, swizzle;
  std::vector<uint32_t> block;
  const char *padding;
};

std::string list(const std::vector<uint32_t> &values) {
  std::string text = "[";
  for (size_t i = 0; i < values.size(); ++i)
    text += (i ? ", " : "") + std::to_string(values[i]);
  return text + "]";
}

gluonrt::Kernel loadDocument(const std::string &folder,
                             const DescriptorDocument &doc) {
  const std::string image = "not a cubin: only encoded, never loaded";
  char sha[65];
  gluonrt_sha256_hex(image.data(), image.size(), sha);
  std::ofstream(folder + "/image.cubin", std::ios::binary) << image;
  uint32_t rank = uint32_t(doc.block.size());
  uint32_t stridesOffset = (128 + 4 * rank + 7) / 8 * 8;
  std::vector<uint32_t> box = doc.block;
  if (doc.swizzle)
    box.back() = std::min(box.back(), doc.swizzle / doc.elementBytes);
  std::ofstream(folder + "/k.json")
      << "{\"entry\": \"k\", \"image\": {\"file\": \"image.cubin\", "
         "\"format\": \"cubin\", \"sha256\": \""
      << sha << "\", \"size\": " << image.size()
      << "}, \"launch\": {\"block_dims\": [128, 1, 1], \"cluster_dims\": [1, "
         "1, 1], \"num_warps\": 4, \"shared_bytes\": 0}, \"params\": "
         "[{\"alignment\": 64, \"divisibility\": 16, \"element_type\": \""
      << doc.type << "\", \"kind\": \"tensordesc\", \"name\": \"d\", "
      << "\"offset\": 0, \"size\": " << stridesOffset + 8 * rank
      << ", \"tensordesc\": {\"block_shape\": " << list(doc.block)
      << ", \"box_shape\": " << list(box)
      << ", \"element_bytes\": " << doc.elementBytes
      << ", \"map_offset\": 0, \"padding\": \"" << doc.padding
      << "\", \"rank\": " << rank << ", \"shape_offset\": 128, "
      << "\"strides_offset\": " << stridesOffset
      << ", \"swizzle_bytes\": " << doc.swizzle
      << ", \"tma_data_type\": " << doc.dataType << ", \"tma_swizzle\": "
      << (doc.swizzle ? __builtin_ctz(doc.swizzle) - 4 : 0)
      << "}, \"type\": \"tensordesc<" << doc.type
      << ">\"}], \"schema\": "
         "\"gluonc.kernel/1\", \"target\": {\"arch\": \"sm_90a\", "
         "\"backend\": \"nvidia\", \"warp_size\": 32}}\n";
  return gluonrt::Kernel::loadMetadata(folder + "/k.json");
}

void encode(Runner &runner) {
  char pattern[] = "/tmp/gluonc-tensordesc-XXXXXX";
  if (!mkdtemp(pattern))
    throw gluonrt::Error(GLUONRT_ERROR_IO, "cannot make a temporary folder");
  std::string folder = pattern;
  int driver = 0;
  gluonrt_device_info info;
  gluonrt::check(gluonrt_device_get_info(GLUONRT_BACKEND_NVIDIA, 0, &info));
  driver = info.driver_version;
  const DescriptorDocument documents[] = {
      {"fp16", 2, 6, 128, {128, 64}, "zero"},
      {"bf16", 2, 9, 128, {128, 128}, "nan"},
      {"fp8e4nv", 1, 0, 128, {128, 128}, "zero"},
      {"fp16", 2, 6, 64, {64, 32}, "zero"},
      {"fp16", 2, 6, 32, {64, 16}, "zero"},
      {"fp32", 4, 7, 0, {16, 8}, "nan"},
      {"fp32", 4, 7, 128, {2, 32, 32}, "zero"},
      {"fp16", 2, 6, 128, {1, 1, 2, 8, 64}, "zero"},
      {"i8", 1, 0, 128, {256}, "zero"},
  };
  gluonrt::DeviceBuffer memory(size_t(64) << 20);
  for (const DescriptorDocument &doc : documents) {
    gluonrt::Kernel kernel = loadDocument(folder, doc);
    size_t rank = doc.block.size();
    for (bool small : {false, true}) {
      // Large: 64 MiB in all; small: 4 KiB. The innermost dimension is 128
      // bytes, a multiple of 16, so contiguous strides are valid.
      std::vector<int64_t> shape(rank, 1);
      shape[rank - 1] = 128 / doc.elementBytes;
      if (rank > 1)
        shape[0] = small ? 32 : int64_t(512) * 1024 / (rank > 2 ? 4 : 1);
      else
        shape[0] = small ? 2048 : int64_t(64) << 20;
      std::string what = "encode " + doc.type + list(doc.block) + " swizzle " +
                         std::to_string(doc.swizzle) + " " + doc.padding +
                         (small ? ", small" : ", large");
      gluonrt_tensordesc desc;
      gluonrt_status status =
          gluonrt_tensordesc_encode(kernel.get(), 0, memory.device(),
                                    shape.data(), nullptr, int(rank), &desc);
      if (status != GLUONRT_SUCCESS) {
        runner.report(what, false, gluonrt_last_error());
        continue;
      }
      uint64_t word1;
      std::memcpy(&word1, desc.map + 8, 8);
      bool bit85 = (word1 >> 21) & 1;
      bool fixed = small && driver <= 13010;
      runner.report(what, !fixed || !bit85,
                    "driver " + std::to_string(driver) + ", bit 85 " +
                        (bit85 ? "set" : "clear"));
    }
  }
  std::remove((folder + "/k.json").c_str());
  std::remove((folder + "/image.cubin").c_str());
  std::remove(folder.c_str());
}

void tmaLoad(Runner &runner) {
  gluonrt::Kernel kernel = runner.load("tensordesc_probe", "tma_load_box");
  for (int64_t rowStride : {200, 256}) {
    gluonrt::DeviceBuffer tensor = makeTensor(rowStride);
    gluonrt_tensordesc desc = describe(kernel, tensor, rowStride);
    // Inside, at a box-aligned place, and over both edges (rows 90..105,
    // columns 180..211: the rest reads as zero).
    const std::pair<int, int> places[] = {{0, 0}, {32, 64}, {90, 180}};
    for (auto [row, col] : places) {
      gluonrt::DeviceBuffer out(512 * sizeof(float));
      out.fill(0xff);
      gluonrt::Args args(kernel);
      args.tensorDesc(desc).ptr(out.device()).i32(row).i32(col);
      args.launch(kernel, {{1, 1, 1}});
      gluonrt::check(gluonrt_synchronize());
      std::vector<float> got = download<float>(out);
      int wrong = 0;
      std::string first;
      for (int i = 0; i < 16; ++i)
        for (int j = 0; j < 32; ++j) {
          int r = row + i, c = col + j;
          float expected = r < 100 && c < 200 ? float(1000 * r + c) : 0.0f;
          float value = got[size_t(i * 32 + j)];
          if (value == expected)
            continue;
          if (!wrong++)
            first = "[" + std::to_string(i) + ", " + std::to_string(j) +
                    "] = " + std::to_string(value) + ", expected " +
                    std::to_string(expected);
        }
      runner.report(
          "TMA box at (" + std::to_string(row) + ", " + std::to_string(col) +
              "), row stride " + std::to_string(rowStride),
          wrong == 0,
          wrong ? std::to_string(wrong) + " of 512 differ, first " + first
                : "");
    }
  }
}

} // namespace

int main(int argc, char **argv) {
  return runGpuTests<Runner>(argc, argv, "gluonc-gpu-tensordesc-test",
                             [](Runner &runner) {
                               echo(runner);
                               encode(runner);
                               tmaLoad(runner);
                             });
}
