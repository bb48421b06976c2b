//===- GpuTestSupport.h - What the GPU test programs share -----*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Each GPU test program takes the folder of its compiled kernels, prints
// one line per check, and exits 0 (all passed), 1 (a check failed or the
// runtime reported an error), 2 (bad command line) or 77 (no CUDA device:
// ctest counts that as skipped).
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_TESTS_GPU_GPUTESTSUPPORT_H
#define GLUONC_TESTS_GPU_GPUTESTSUPPORT_H

#include "gluonc/runtime/gluonrt.h"
#include "gluonc/runtime/gluonrt.hpp"

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace gpu_test {

constexpr int kSkip = 77;

inline uint64_t cdiv(uint64_t a, uint64_t b) { return (a + b - 1) / b; }
inline uint64_t roundUp(uint64_t a, uint64_t b) { return cdiv(a, b) * b; }

/// The contents of a device buffer.
template <typename T>
std::vector<T> download(const gluonrt::DeviceBuffer &buffer) {
  std::vector<T> data(buffer.bytes() / sizeof(T));
  buffer.download(data.data(), buffer.bytes());
  return data;
}

/// Loads the kernels of one folder and counts the checks; each program
/// derives its own with a report() that prints what it compared.
struct RunnerBase {
  std::string dir;
  int failed = 0;
  int passed = 0;

  /// DIR/<build>/<entry>.sm_90a.json, loaded and bound.
  gluonrt::Kernel load(const std::string &build,
                       const std::string &entry) const {
    return gluonrt::Kernel::load(dir + "/" + build + "/" + entry +
                                 ".sm_90a.json");
  }
  void count(bool ok) { (ok ? passed : failed) += 1; }
};

/// The whole main of a GPU test program: `tests(runner)` runs the checks.
template <typename Runner, typename Tests>
int runGpuTests(int argc, char **argv, const char *program, Tests &&tests) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s KERNEL_DIR\n", program);
    return 2;
  }
  int devices = 0;
  if (gluonrt_device_count(GLUONRT_BACKEND_NVIDIA, &devices) != 0 ||
      devices == 0) {
    std::printf("SKIP: no CUDA device (%s)\n", gluonrt_last_error());
    return kSkip;
  }
  Runner runner;
  runner.dir = argv[1];
  try {
    tests(runner);
  } catch (const gluonrt::Error &error) {
    std::printf("ERROR: %s\n", error.what());
    return 1;
  }
  std::printf("%d passed, %d failed\n", runner.passed, runner.failed);
  return runner.failed ? 1 : 0;
}

} // namespace gpu_test

#endif // GLUONC_TESTS_GPU_GPUTESTSUPPORT_H
