//===- GemmGpuTest.cpp - The wgmma GEMM samples on a GPU ------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Runs the gluonc-compiled GEMMs (samples/matmul_wgmma.py,
// samples/matmul_persistent.py, wgmma_kernels.py's A in registers and
// aggregate_kernels.py's persistent GEMM written with @aggregate classes,
// the warp-specialized samples/matmul_ws.py, fp16 and bf16, several block
// shapes) on a
// GPU through libgluonrt, with every tensor descriptor built from the
// kernel's JSON alone, and compares C = A @ B with a float64 reference.
// Inputs are random values in [-1, 1] (exact in the element type); C is
// poisoned (0xFF) first. An element passes when
//
//   |C - ref| <= u * |ref| + 2^-16 * sum_k |A_ik B_kj|
//
// with u the unit roundoff of C's type (2^-11 fp16, 2^-8 bf16): C's own
// rounding plus fp32 accumulation. A wrong fragment or descriptor is off
// by the size of the values themselves. Shapes (512, 512, 512),
// (1000, 1000, 1008) (edge tiles read zeros and write nothing) and
// (8192, 8192, 8192) for the 128 x 256 builds, the last checked on 10
// whole rows and columns and 4096 random elements, and skipped under
// compute-sanitizer's racecheck and synccheck (GLUONC_GPU_SANITIZER),
// which would take hours on it; persistent kernels also at
// (1000, 1000, 64), where the loads run several tiles ahead.
//
//   gluonc-gpu-gemm-test KERNEL_DIR     (exit 77: no GPU)
//
// GLUONC_GEMM_TEST_ONLY=gemm_ws_fp16,gemm_ws_bf16 runs only the named
// variants (to run one build under the sanitizers without the others).
//
// KERNEL_DIR holds one folder per build: gemm_<variant>/ with
// matmul_kernel.sm_90a.json (see tests/gpu/CMakeLists.txt).
//
//===----------------------------------------------------------------------===//

#include "GpuTestSupport.h"

#include "HostParallel.h"
#include "ScalarTypes.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

using namespace gpu_test;

namespace {

struct Runner : RunnerBase {
  void report(const std::string &what, bool ok, const std::string &detail) {
    std::printf("%s %s: %s\n", ok ? "PASS" : "FAIL", what.c_str(),
                detail.c_str());
    std::fflush(stdout);
    count(ok);
  }
};

struct Shape {
  int64_t m, n, k;
};

struct Variant {
  std::string folder;
  bool bf16;
  /// Persistent kernels run one program per SM; the others one per tile.
  bool persistent;
  /// Also run at 8192^3 (the benchmark's builds).
  bool large;
};

uint16_t toBits(float value, bool bf16) {
  return bf16 ? gluonrt::floatToBf16Bits(value)
              : gluonrt::floatToHalfBits(value);
}
float fromBits(uint16_t bits, bool bf16) {
  return bf16 ? gluonrt::bf16BitsToFloat(bits)
              : gluonrt::halfBitsToFloat(bits);
}

/// rows x cols values in [-1, 1] with 8 fraction bits (exact in fp16 and
/// bf16), as bits of the element type, and as floats.
std::pair<std::vector<uint16_t>, std::vector<float>>
randomMatrix(int64_t rows, int64_t cols, uint64_t seed, bool bf16) {
  std::vector<uint16_t> bits(size_t(rows * cols));
  std::vector<float> values(bits.size());
  for (size_t i = 0; i < bits.size(); ++i) {
    int64_t r = int64_t(gluonrt::splitMix64(seed + i) % 513) - 256;
    values[i] = float(r) / 256.0f;
    bits[i] = toBits(values[i], bf16);
  }
  return {std::move(bits), std::move(values)};
}

/// The elements of C to check: all of a small C, whole rows and columns
/// and random elements of a large one.
std::vector<std::pair<int64_t, int64_t>> checkedElements(const Shape &shape) {
  std::vector<std::pair<int64_t, int64_t>> elements;
  if (shape.m * shape.n <= (int64_t(1) << 20)) {
    for (int64_t i = 0; i < shape.m; ++i)
      for (int64_t j = 0; j < shape.n; ++j)
        elements.push_back({i, j});
    return elements;
  }
  const int64_t lines[] = {0, 1, 63, 64, 127, 128, 255, 4095, 4096, 8000};
  for (int64_t line : lines) {
    int64_t row = std::min(line, shape.m - 1);
    int64_t col = std::min(line, shape.n - 1);
    for (int64_t j = 0; j < shape.n; ++j)
      elements.push_back({row, j});
    for (int64_t i = 0; i < shape.m; ++i)
      elements.push_back({i, col});
  }
  for (uint64_t s = 0; s < 4096; ++s) {
    uint64_t r = gluonrt::splitMix64(0x5eed + s);
    elements.push_back(
        {int64_t(r % uint64_t(shape.m)), int64_t((r >> 32) % uint64_t(shape.n))});
  }
  return elements;
}

/// Runs `body(begin, end)` over [0, count) on every core.
template <typename Body> void onAllCores(size_t count, Body body) {
  size_t threads = std::max(1u, std::thread::hardware_concurrency());
  std::vector<std::thread> workers;
  size_t chunk = (count + threads - 1) / threads;
  for (size_t begin = 0; begin < count; begin += chunk)
    workers.emplace_back(body, begin, std::min(count, begin + chunk));
  for (std::thread &worker : workers)
    worker.join();
}

void checkGemm(Runner &runner, const Variant &variant, const Shape &shape) {
  gluonrt::Kernel kernel = runner.load(variant.folder, "matmul_kernel");
  bool bf16 = variant.bf16;
  auto [aBits, a] = randomMatrix(shape.m, shape.k, 1000 + shape.k, bf16);
  auto [bBits, b] = randomMatrix(shape.k, shape.n, 2000 + shape.n, bf16);
  gluonrt::DeviceBuffer aDev(aBits.size() * 2), bDev(bBits.size() * 2),
      cDev(size_t(shape.m * shape.n) * 2);
  aDev.upload(aBits.data(), aDev.bytes());
  bDev.upload(bBits.data(), bDev.bytes());
  cDev.fill(0xff);

  gluonrt::Args args(kernel);
  args.tensorDesc(kernel.encodeTensorDesc(0, aDev.device(),
                                          {shape.m, shape.k}, {}))
      .tensorDesc(kernel.encodeTensorDesc(1, bDev.device(),
                                          {shape.k, shape.n}, {}))
      .tensorDesc(kernel.encodeTensorDesc(2, cDev.device(),
                                          {shape.m, shape.n}, {}));
  gluonrt_tensordesc_info cInfo = kernel.tensorDescInfo(2);
  uint64_t tiles = cdiv(uint64_t(shape.m), cInfo.block_shape[0]) *
                   cdiv(uint64_t(shape.n), cInfo.block_shape[1]);
  uint32_t grid = uint32_t(tiles);
  if (variant.persistent) {
    gluonrt_device_info device;
    gluonrt::check(gluonrt_device_get_info(GLUONRT_BACKEND_NVIDIA, 0, &device));
    grid = uint32_t(std::min<uint64_t>(tiles, uint64_t(device.multiprocessors)));
  }
  args.launch(kernel, {{grid, 1, 1}});
  gluonrt::check(gluonrt_synchronize());
  std::vector<uint16_t> c = download<uint16_t>(cDev);

  std::vector<std::pair<int64_t, int64_t>> elements = checkedElements(shape);
  std::vector<double> error(elements.size()), allowed(elements.size());
  double roundoff = bf16 ? std::ldexp(1.0, -8) : std::ldexp(1.0, -11);
  onAllCores(elements.size(), [&](size_t begin, size_t end) {
    for (size_t e = begin; e < end; ++e) {
      auto [i, j] = elements[e];
      double sum = 0, sumAbs = 0;
      for (int64_t k = 0; k < shape.k; ++k) {
        double product = double(a[size_t(i * shape.k + k)]) *
                         double(b[size_t(k * shape.n + j)]);
        sum += product;
        sumAbs += std::fabs(product);
      }
      double got = fromBits(c[size_t(i * shape.n + j)], bf16);
      error[e] = std::isfinite(got) ? std::fabs(got - sum) : INFINITY;
      allowed[e] = roundoff * std::fabs(sum) + std::ldexp(sumAbs, -16);
    }
  });
  size_t bad = 0, worst = 0;
  for (size_t e = 0; e < elements.size(); ++e) {
    bad += error[e] > allowed[e];
    if (error[e] / allowed[e] > error[worst] / allowed[worst])
      worst = e;
  }
  char detail[256];
  std::snprintf(detail, sizeof(detail),
                "%zu elements checked, %zu outside tolerance; worst at (%lld, "
                "%lld): error %.3g, %.2f of the tolerance",
                elements.size(), bad, (long long)elements[worst].first,
                (long long)elements[worst].second, error[worst],
                error[worst] / allowed[worst]);
  runner.report(variant.folder + " " + std::to_string(shape.m) + "x" +
                    std::to_string(shape.n) + "x" + std::to_string(shape.k) +
                    ", grid " + std::to_string(grid),
                bad == 0, detail);
}

/// Whether `name` is one of the comma-separated names in `list`.
bool isListed(std::string_view list, std::string_view name) {
  while (!list.empty()) {
    size_t comma = list.find(',');
    if (list.substr(0, comma) == name)
      return true;
    if (comma == std::string_view::npos)
      break;
    list.remove_prefix(comma + 1);
  }
  return false;
}

} // namespace

int main(int argc, char **argv) {
  return runGpuTests<Runner>(argc, argv, "gluonc-gpu-gemm-test",
                             [](Runner &runner) {
    const char *sanitizer = std::getenv("GLUONC_GPU_SANITIZER");
    bool slowTool = sanitizer && (std::strcmp(sanitizer, "racecheck") == 0 ||
                                  std::strcmp(sanitizer, "synccheck") == 0);
    const Variant variants[] = {
        {"gemm_fp16", false, false, true},
        {"gemm_bf16", true, false, true},
        {"gemm_fp16_128x128", false, false, false},
        {"gemm_fp16_64x64", false, false, false},
        {"gemm_persistent_fp16", false, true, true},
        {"gemm_persistent_bf16", true, true, true},
        {"gemm_persistent_fp16_64x64", false, true, false},
        {"gemm_reg_a_fp16", false, false, false},
        {"gemm_reg_a_bf16", true, false, false},
        {"gemm_aggregate_fp16", false, true, true},
        {"gemm_aggregate_bf16_64x64", true, true, false},
        {"gemm_ws_fp16", false, true, true},
        {"gemm_ws_bf16", true, true, true},
    };
    const char *only = std::getenv("GLUONC_GEMM_TEST_ONLY");
    for (const Variant &variant : variants) {
      if (only && !isListed(only, variant.folder))
        continue;
      checkGemm(runner, variant, {512, 512, 512});
      checkGemm(runner, variant, {1000, 1000, 1008});
      // One K step per tile: the ring's loads run several tiles ahead.
      if (variant.persistent)
        checkGemm(runner, variant, {1000, 1000, 64});
      if (variant.large && !slowTool)
        checkGemm(runner, variant, {8192, 8192, 8192});
    }
  });
}
