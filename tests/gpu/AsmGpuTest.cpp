//===- AsmGpuTest.cpp - Inline assembly on a GPU --------------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Runs the kernels of tests/gpu/asm_kernels.py and compares them bitwise
// with the CPU on random data, outputs poisoned (0xFF) first:
//
//  - fma.rn.f32 through inline_asm_elementwise (pack 1) against std::fma;
//  - cvt.rn.satfinite.e4m3x2.f32 packing pairs of floats (pack 2) against
//    a CPU e4m3 rounding with saturation;
//  - prmt.b32 reversing 4 int8 per call (pack 4);
//  - two results from one input (the words of a 64-bit product);
//  - a per-thread gl.inline_asm generator over 8 registers;
//  - a shared memory descriptor read by ld.shared.b32;
//  - a layout that replicates elements, where pack 4 pads each call.
//
//   gluonc-gpu-asm-test KERNEL_DIR     (exit 77: no GPU)
//
//===----------------------------------------------------------------------===//

#include "Float8Reference.h"
#include "GpuTestSupport.h"

#include "HostParallel.h"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace {

using gluonrt::splitMix64;
using gpu_test::download;

struct Runner : gpu_test::RunnerBase {
  void report(const std::string &name, const std::string &what,
              size_t mismatches) {
    bool ok = mismatches == 0;
    std::printf("%-22s %-30s mismatches=%zu  %s\n", name.c_str(),
                what.c_str(), mismatches, ok ? "PASS" : "FAIL");
    count(ok);
  }
};

uint32_t programsFor(uint32_t n, uint32_t block) {
  return uint32_t(gpu_test::cdiv(n, block));
}

float randomFloat(uint64_t seed, float scale) {
  return float(int64_t(splitMix64(seed) >> 40) - (1 << 23)) /
         float(1 << 23) * scale;
}

bool sameBits(float a, float b) { return std::memcmp(&a, &b, 4) == 0; }

void testFma(Runner &runner) {
  gluonrt::Kernel kernel = runner.load("asm_fma", "fma_kernel");
  uint32_t block = uint32_t(kernel.constexprInt("BLOCK"));
  uint32_t n = 100003;
  std::vector<float> a(n), b(n), c(n);
  for (uint32_t i = 0; i < n; ++i) {
    a[i] = randomFloat(i, 10.0f);
    b[i] = randomFloat(i + n, 10.0f);
    c[i] = randomFloat(i + 2 * n, 100.0f);
  }
  gluonrt::DeviceBuffer aBuf(n * 4), bBuf(n * 4), cBuf(n * 4), out(n * 4);
  aBuf.upload(a.data(), aBuf.bytes());
  bBuf.upload(b.data(), bBuf.bytes());
  cBuf.upload(c.data(), cBuf.bytes());
  out.fill(0xFF);
  gluonrt::Args args(kernel);
  args.ptr(aBuf.device()).ptr(bBuf.device()).ptr(cBuf.device());
  args.ptr(out.device()).i32(int32_t(n));
  args.launch(kernel, {programsFor(n, block), 1, 1});
  gluonrt::check(gluonrt_synchronize());
  std::vector<float> got = download<float>(out);
  size_t bad = 0;
  for (uint32_t i = 0; i < n; ++i)
    bad += !sameBits(got[i], std::fma(a[i], b[i], c[i]));
  runner.report("asm_fma", "fma.rn.f32, n=" + std::to_string(n), bad);
}

void testE4m3Pairs(Runner &runner) {
  gluonrt::Kernel kernel = runner.load("asm_e4m3", "e4m3_pairs_kernel");
  uint32_t block = uint32_t(kernel.constexprInt("BLOCK"));
  const gpu_test::Float8Format e4m3{4, 3, true};
  std::vector<float> x;
  // Every e4m3 value, the saturation edges, then random magnitudes.
  for (int code = 0; code < 256; ++code)
    x.push_back(e4m3.decode(uint8_t(code)));
  for (float edge : {0.0f, -0.0f, 1e-10f, 448.0f, 464.0f, 1e6f, -1e6f,
                     INFINITY, -INFINITY})
    x.push_back(edge);
  for (int i = 0; i < 20000; ++i)
    x.push_back(randomFloat(i * 3 + 1, std::ldexp(1.0f, i % 30 - 15)));
  if (x.size() % 2)
    x.push_back(1.0f);
  uint32_t n = uint32_t(x.size());
  gluonrt::DeviceBuffer xBuf(n * 4), out(n * 2);
  xBuf.upload(x.data(), xBuf.bytes());
  out.fill(0xFF);
  gluonrt::Args args(kernel);
  args.ptr(xBuf.device()).ptr(out.device()).i32(int32_t(n));
  args.launch(kernel, {programsFor(n, block), 1, 1});
  gluonrt::check(gluonrt_synchronize());
  std::vector<uint16_t> got = download<uint16_t>(out);
  auto same = [](float a, float b) {
    return (std::isnan(a) && std::isnan(b)) || a == b;
  };
  size_t bad = 0;
  for (uint32_t i = 0; i < n; i += 2) {
    // Both elements of a pair hold the same code: x[i] low, x[i+1] high.
    bad += got[i] != got[i + 1];
    bad += !same(e4m3.decode(uint8_t(got[i] & 0xFF)), e4m3.quantize(x[i]));
    bad += !same(e4m3.decode(uint8_t(got[i] >> 8)), e4m3.quantize(x[i + 1]));
  }
  runner.report("asm_e4m3x2", std::to_string(n) + " values", bad);
}

void testByteReverse(Runner &runner) {
  gluonrt::Kernel kernel = runner.load("asm_byte_reverse",
                                       "byte_reverse_kernel");
  uint32_t block = uint32_t(kernel.constexprInt("BLOCK"));
  uint32_t n = 4 * 5000;
  std::vector<int8_t> x(n);
  for (uint32_t i = 0; i < n; ++i)
    x[i] = int8_t(splitMix64(i + 77));
  gluonrt::DeviceBuffer xBuf(n), out(n);
  xBuf.upload(x.data(), n);
  out.fill(0xFF);
  gluonrt::Args args(kernel);
  args.ptr(xBuf.device()).ptr(out.device()).i32(int32_t(n));
  args.launch(kernel, {programsFor(n, block), 1, 1});
  gluonrt::check(gluonrt_synchronize());
  std::vector<int8_t> got = download<int8_t>(out);
  size_t bad = 0;
  for (uint32_t i = 0; i < n; ++i)
    bad += got[i] != x[(i & ~3u) + 3 - (i & 3u)];
  runner.report("asm_prmt", "pack=4 int8, n=" + std::to_string(n), bad);
}

void testWideMultiply(Runner &runner) {
  gluonrt::Kernel kernel = runner.load("asm_wide_multiply",
                                       "wide_multiply_kernel");
  uint32_t block = uint32_t(kernel.constexprInt("BLOCK"));
  uint32_t n = 7777;
  std::vector<uint32_t> x(n);
  for (uint32_t i = 0; i < n; ++i)
    x[i] = uint32_t(splitMix64(i + 5));
  gluonrt::DeviceBuffer xBuf(n * 4), lo(n * 4), hi(n * 4);
  xBuf.upload(x.data(), xBuf.bytes());
  lo.fill(0xFF);
  hi.fill(0xFF);
  gluonrt::Args args(kernel);
  args.ptr(xBuf.device()).ptr(lo.device()).ptr(hi.device());
  args.i32(int32_t(n)).launch(kernel, {programsFor(n, block), 1, 1});
  gluonrt::check(gluonrt_synchronize());
  std::vector<uint32_t> gotLo = download<uint32_t>(lo),
                        gotHi = download<uint32_t>(hi);
  size_t bad = 0;
  for (uint32_t i = 0; i < n; ++i) {
    uint64_t product = uint64_t(x[i]) * 2654435761u;
    bad += gotLo[i] != uint32_t(product) || gotHi[i] != uint32_t(product >> 32);
  }
  runner.report("asm_two_outputs", "mul.lo / mul.hi", bad);
}

void testRunningSum(Runner &runner) {
  gluonrt::Kernel kernel = runner.load("asm_running_sum",
                                       "running_sum_kernel");
  uint32_t block = uint32_t(kernel.constexprInt("BLOCK"));
  uint32_t programs = 9, n = programs * block;
  int32_t bias = -12345;
  std::vector<int32_t> x(n);
  for (uint32_t i = 0; i < n; ++i)
    x[i] = int32_t(splitMix64(i + 3) % 100000);
  gluonrt::DeviceBuffer xBuf(n * 4), out(n * 4);
  xBuf.upload(x.data(), xBuf.bytes());
  out.fill(0xFF);
  gluonrt::Args args(kernel);
  args.ptr(xBuf.device()).ptr(out.device()).i32(bias);
  args.launch(kernel, {programs, 1, 1});
  gluonrt::check(gluonrt_synchronize());
  std::vector<int32_t> got = download<int32_t>(out);
  // Each thread holds 8 consecutive elements, its registers 0..7.
  size_t bad = 0;
  for (uint32_t start = 0; start < n; start += 8) {
    int32_t sum = bias;
    for (uint32_t r = 0; r < 8; ++r) {
      sum += x[start + r];
      bad += got[start + r] != sum;
    }
  }
  runner.report("asm_generator", "8 registers per thread", bad);
}

void testSharedRead(Runner &runner) {
  gluonrt::Kernel kernel = runner.load("asm_shared_read",
                                       "shared_read_kernel");
  uint32_t n = uint32_t(kernel.constexprInt("BLOCK"));
  std::vector<int32_t> x(n);
  for (uint32_t i = 0; i < n; ++i)
    x[i] = int32_t(splitMix64(i + 11));
  gluonrt::DeviceBuffer xBuf(n * 4), out(n * 4);
  xBuf.upload(x.data(), xBuf.bytes());
  out.fill(0xFF);
  gluonrt::Args args(kernel);
  args.ptr(xBuf.device()).ptr(out.device()).launch(kernel, {1, 1, 1});
  gluonrt::check(gluonrt_synchronize());
  std::vector<int32_t> got = download<int32_t>(out);
  size_t bad = 0;
  for (uint32_t i = 0; i < n; ++i)
    bad += got[i] != x[256 + (i * 7) % 256];
  runner.report("asm_shared", "ld.shared through a descriptor", bad);
}

void testReplicated(Runner &runner) {
  gluonrt::Kernel kernel = runner.load("asm_replicated", "replicated_kernel");
  uint32_t n = uint32_t(kernel.constexprInt("BLOCK"));
  std::vector<int32_t> x(n);
  for (uint32_t i = 0; i < n; ++i)
    x[i] = int32_t(splitMix64(i + 19));
  gluonrt::DeviceBuffer xBuf(n * 4), out(n * 4);
  xBuf.upload(x.data(), xBuf.bytes());
  out.fill(0xFF);
  gluonrt::Args args(kernel);
  args.ptr(xBuf.device()).ptr(out.device()).launch(kernel, {1, 1, 1});
  gluonrt::check(gluonrt_synchronize());
  std::vector<int32_t> got = download<int32_t>(out);
  size_t bad = 0;
  for (uint32_t i = 0; i < n; ++i)
    bad += got[i] != int32_t(uint32_t(x[i]) + 1);
  runner.report("asm_replicated", "pack=4 over 1 register", bad);
}

} // namespace

int main(int argc, char **argv) {
  return gpu_test::runGpuTests<Runner>(
      argc, argv, "gluonc-gpu-asm-test", [](Runner &runner) {
        testFma(runner);
        testE4m3Pairs(runner);
        testByteReverse(runner);
        testWideMultiply(runner);
        testRunningSum(runner);
        testSharedRead(runner);
        testReplicated(runner);
      });
}
