//===- SharedMemoryGpuTest.cpp - Shared memory samples on a GPU -----------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Runs samples/transpose_shared.py on a GPU and compares with a CPU
// reference on random data, bitwise (they only move data). Outputs are
// poisoned (0xFF) first.
//
//  - transpose_shared_kernel through a swizzled, an NVMMA and a padded
//    shared layout, at sizes that are and are not multiples of the tile;
//  - shared_views_kernel: index() with a run-time index, permute() and
//    slice() views of a two-buffer allocation.
//
//   gluonc-gpu-shared-memory-test KERNEL_DIR     (exit 77: no GPU)
//
// KERNEL_DIR holds transpose_shared/, transpose_shared_nvmma/,
// transpose_shared_padded/ and shared_views/ (see tests/gpu/CMakeLists.txt).
//
//===----------------------------------------------------------------------===//

#include "GpuTestSupport.h"

#include "HostParallel.h"

#include <algorithm>

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace {

/// Random bit patterns that are all distinct finite floats, so that a
/// misplaced element is caught.
std::vector<float> randomFloats(size_t count, uint64_t seed) {
  std::vector<float> data(count);
  for (size_t i = 0; i < count; ++i) {
    uint64_t bits = gluonrt::splitMix64(seed * 0x9E3779B97F4A7C15ull + i);
    data[i] = float(int64_t(bits >> 40) - (1 << 23)) / float(1 << 20) +
              float(i) * 1e-3f;
  }
  return data;
}

using gpu_test::cdiv;
using gpu_test::roundUp;

bool sameBits(float a, float b) { return std::memcmp(&a, &b, 4) == 0; }

/// Bitwise comparison with the first mismatch remembered.
struct Check {
  size_t compared = 0;
  size_t mismatches = 0;
  size_t firstBad = SIZE_MAX;

  void operator()(size_t index, float got, float want) {
    ++compared;
    if (!sameBits(got, want)) {
      ++mismatches;
      firstBad = std::min(firstBad, index);
    }
  }
};

struct Runner : gpu_test::RunnerBase {
  void report(const std::string &name, const std::string &size,
              const Check &check) {
    bool ok = check.mismatches == 0 && check.compared > 0;
    std::printf("%-26s %-12s %zu elements, bitwise: %s", name.c_str(),
                size.c_str(), check.compared, ok ? "PASS\n" : "FAIL");
    if (!ok)
      std::printf(" (%zu mismatches, first at %zu)\n", check.mismatches,
                  check.firstBad);
    count(ok);
  }
};

void testTranspose(Runner &runner, const std::string &build) {
  gluonrt::Kernel kernel = runner.load(build, "transpose_shared_kernel");
  int64_t tile = kernel.constexprInt("TILE");
  for (auto [rows, cols] : {std::pair<int, int>{1, 1},
                            {64, 64},
                            {100, 70},
                            {1024, 512},
                            {2000, 3000}}) {
    int inStride = int(roundUp(cols, 16)), outStride = int(roundUp(rows, 16));
    std::vector<float> x = randomFloats(size_t(rows) * inStride, rows ^ cols);
    gluonrt::DeviceBuffer in(x.size() * 4), out(size_t(cols) * outStride * 4);
    in.upload(x.data(), in.bytes());
    out.fill(0xFF);
    gluonrt::Args args(kernel);
    args.ptr(in.device()).ptr(out.device()).i32(rows).i32(cols);
    args.i32(inStride).i32(outStride);
    args.launch(kernel,
                {uint32_t(cdiv(rows, tile)), uint32_t(cdiv(cols, tile)), 1});
    gluonrt::check(gluonrt_synchronize());
    std::vector<float> got(size_t(cols) * outStride);
    out.download(got.data(), out.bytes());
    Check check;
    for (int i = 0; i < rows; ++i)
      for (int j = 0; j < cols; ++j)
        check(size_t(j) * outStride + i, got[size_t(j) * outStride + i],
              x[size_t(i) * inStride + j]);
    runner.report(build, std::to_string(rows) + "x" + std::to_string(cols),
                  check);
  }
}

/// Program p writes matrix p % 2 transposed, then the right half of the
/// other matrix.
void testViews(Runner &runner) {
  gluonrt::Kernel kernel = runner.load("shared_views", "shared_views_kernel");
  int64_t rows = kernel.constexprInt("R"), cols = kernel.constexprInt("C");
  const int programs = 4;
  size_t matrix = size_t(rows * cols);
  size_t perProgram = matrix + matrix / 2;
  std::vector<float> x = randomFloats(2 * matrix, 7);
  gluonrt::DeviceBuffer in(x.size() * 4), out(programs * perProgram * 4);
  in.upload(x.data(), in.bytes());
  out.fill(0xFF);
  gluonrt::Args args(kernel);
  args.ptr(in.device()).ptr(out.device());
  args.launch(kernel, {uint32_t(programs), 1, 1});
  gluonrt::check(gluonrt_synchronize());
  std::vector<float> got(programs * perProgram);
  out.download(got.data(), out.bytes());

  Check check;
  for (int p = 0; p < programs; ++p) {
    const float *picked = x.data() + (p % 2) * matrix;
    const float *other = x.data() + (1 - p % 2) * matrix;
    size_t base = p * perProgram;
    for (int64_t i = 0; i < rows; ++i)
      for (int64_t j = 0; j < cols; ++j) {
        size_t t = base + j * rows + i;
        check(t, got[t], picked[i * cols + j]);
      }
    for (int64_t i = 0; i < rows; ++i)
      for (int64_t j = 0; j < cols / 2; ++j) {
        size_t h = base + matrix + i * (cols / 2) + j;
        check(h, got[h], other[i * cols + cols / 2 + j]);
      }
  }
  runner.report("shared_views", std::to_string(programs) + " programs", check);
}

} // namespace

int main(int argc, char **argv) {
  return gpu_test::runGpuTests<Runner>(
      argc, argv, "gluonc-gpu-shared-memory-test", [](Runner &runner) {
        for (const char *build : {"transpose_shared", "transpose_shared_nvmma",
                                  "transpose_shared_padded"})
          testTranspose(runner, build);
        testViews(runner);
      });
}
