//===- SamplesGpuTest.cpp - Run the compiled samples on the GPU -----------===//
//
// gluonc-gpu-samples-test launches gluonc-compiled sample kernels through
// libgluonrt and compares every output element bitwise with a CPU reference.
// Outputs are poisoned with 0xFF bytes first, and guard elements after each
// output (and the row padding of strided outputs) must still be poison
// afterwards, so that stray writes are caught too.
//
// Exit status: 0 all cases passed, 1 a case failed, 2 usage error, 77 no CUDA
// driver or device (the ctest SKIP_RETURN_CODE).
//
//===----------------------------------------------------------------------===//

#include "gluonc/runtime/gluonrt.h"
#include "gluonc/runtime/gluonrt.hpp"

#include "HostParallel.h"

#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace {
using gluonrt::parallelFor;
using gluonrt::splitMix64;

constexpr int SkipExitCode = 77;
constexpr uint32_t PoisonBits = 0xffffffffu; // a NaN no kernel produces here
constexpr size_t GuardElements = 1024;

constexpr const char *UsageText =
    R"(usage: gluonc-gpu-samples-test [--vector-add PATH] [--vector-add-div16 PATH]
                               [--memcpy-2d PATH] [--device I] [--seed S]
                               [--max-elements N]

Runs gluonc-compiled samples on the GPU and compares them bitwise with a CPU
reference. PATH is a kernel metadata JSON written by gluonc:
  --vector-add        add_kernel built with n: i32
  --vector-add-div16  add_kernel built with n: i32:16 (sizes that are not
                      multiples of 16 must be refused by the runtime)
  --memcpy-2d         memcpy_2d_kernel
  --max-elements N    skip cases with more than N elements (default: none)
Exits 77 (skip) without a CUDA driver or device.
)";

struct Options {
  std::string vectorAdd;
  std::string vectorAddDiv16;
  std::string memcpy2d;
  int device = 0;
  uint64_t seed = 0x5eed;
  uint64_t maxElements = UINT64_MAX;
};

//===-- Host helpers ------------------------------------------------------===//

/// Uniform floats in [-1, 1), a pure function of (seed, index), so that
/// threads fill disjoint ranges reproducibly.
void fillRandom(std::vector<float> &data, uint64_t seed) {
  parallelFor(data.size(), [&](size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) {
      uint64_t bits = splitMix64(seed + i);
      data[i] = float(int64_t(bits >> 40) - (int64_t(1) << 23)) *
                (1.0f / float(1 << 23));
    }
  });
}

uint32_t bitsOf(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, 4);
  return bits;
}

uint64_t cdiv(uint64_t a, uint64_t b) { return (a + b - 1) / b; }

uint64_t roundUp(uint64_t value, uint64_t multiple) {
  return cdiv(value, multiple) * multiple;
}

/// Mismatch statistics, merged across threads.
struct Tally {
  uint64_t mismatches = 0;  // output elements that differ bitwise
  uint64_t strayWrites = 0; // padding or guard elements not left poisoned
  double maxRelError = 0;
  int64_t firstBad = -1;
  float firstGot = 0, firstExpected = 0;

  void compare(size_t index, float got, float expected) {
    if (bitsOf(got) == bitsOf(expected))
      return;
    if (firstBad < 0) {
      firstBad = int64_t(index);
      firstGot = got;
      firstExpected = expected;
    }
    ++mismatches;
    double error = std::fabs(double(got) - double(expected));
    double scale = std::max(std::fabs(double(expected)), 1e-30);
    if (std::isnan(error) || std::isinf(error))
      maxRelError = INFINITY;
    else
      maxRelError = std::max(maxRelError, error / scale);
  }
  void expectPoison(float value) {
    if (bitsOf(value) != PoisonBits)
      ++strayWrites;
  }
  void merge(const Tally &other) {
    if (firstBad < 0 || (other.firstBad >= 0 && other.firstBad < firstBad)) {
      firstBad = other.firstBad;
      firstGot = other.firstGot;
      firstExpected = other.firstExpected;
    }
    mismatches += other.mismatches;
    strayWrites += other.strayWrites;
    maxRelError = std::max(maxRelError, other.maxRelError);
  }
};

/// Runs `check(begin, end, tally)` in parallel and merges the tallies.
template <typename Check> Tally tallyParallel(size_t count, Check check) {
  Tally total;
  std::mutex mutex;
  parallelFor(count, [&](size_t begin, size_t end) {
    Tally part;
    check(begin, end, part);
    std::lock_guard<std::mutex> lock(mutex);
    total.merge(part);
  });
  return total;
}

//===-- Reporting ---------------------------------------------------------===//

struct Results {
  int passed = 0;
  int failed = 0;

  void report(const std::string &name, const std::string &size, bool pass,
              const std::string &details) {
    std::printf("%-22s %-44s %s  %s\n", name.c_str(), size.c_str(),
                details.c_str(), pass ? "PASS" : "FAIL");
    std::fflush(stdout);
    (pass ? passed : failed)++;
  }
  void reportTally(const std::string &name, const std::string &size,
                   const Tally &tally, uint64_t seed, double ms) {
    char details[256];
    std::snprintf(details, sizeof(details),
                  "mismatches=%" PRIu64 " stray_writes=%" PRIu64
                  " max_rel_err=%.3g seed=0x%016" PRIx64 " (%.0f ms)",
                  tally.mismatches, tally.strayWrites, tally.maxRelError, seed,
                  ms);
    std::string text = details;
    if (tally.firstBad >= 0) {
      char first[160];
      std::snprintf(first, sizeof(first),
                    " first at [%" PRId64 "]: got %.9g (0x%08x), expected "
                    "%.9g (0x%08x)",
                    tally.firstBad, double(tally.firstGot),
                    bitsOf(tally.firstGot), double(tally.firstExpected),
                    bitsOf(tally.firstExpected));
      text += first;
    }
    report(name, size, tally.mismatches == 0 && tally.strayWrites == 0, text);
  }
};

double millisecondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now() - start)
      .count();
}

uint64_t paramDivisibility(const gluonrt::Kernel &kernel,
                           const std::string &name) {
  int index = gluonrt_kernel_param_index(kernel.get(), name.c_str());
  if (index < 0)
    throw gluonrt::Error(GLUONRT_ERROR_NOT_FOUND,
                         kernel.entry() + " has no parameter '" + name + "'");
  return kernel.param(index).divisibility;
}

void setByName(gluonrt::Args &args, const char *name, gluonrt_value_kind kind,
               const void *value) {
  gluonrt::check(gluonrt_args_set_by_name(args.get(), name, kind, value));
}

void setPointer(gluonrt::Args &args, const char *name,
                const gluonrt::DeviceBuffer &buffer) {
  uint64_t address = buffer.device();
  setByName(args, name, GLUONRT_VALUE_PTR, &address);
}

void setInteger(gluonrt::Args &args, const char *name, int64_t value) {
  setByName(args, name, GLUONRT_VALUE_I64, &value);
}

/// Launches and waits; returns the status (and leaves the message).
gluonrt_status launchAndWait(gluonrt::Kernel &kernel, const gluonrt::Grid &grid,
                             const gluonrt::Args &args) {
  gluonrt_status status =
      gluonrt_launch_args(kernel.get(), grid.data(), args.get(), nullptr);
  if (status != GLUONRT_SUCCESS)
    return status;
  return gluonrt_synchronize();
}

/// A launch the runtime must refuse because `value` breaks the
/// divisibility the kernel assumes for `param`.
void expectRefusal(Results &results, const std::string &name,
                   const std::string &size, gluonrt::Kernel &kernel,
                   const gluonrt::Grid &grid, const gluonrt::Args &args,
                   const std::string &param) {
  gluonrt_status status =
      gluonrt_launch_args(kernel.get(), grid.data(), args.get(), nullptr);
  std::string message = gluonrt_last_error();
  bool refused = status == GLUONRT_ERROR_BAD_ARGUMENTS &&
                 message.find("'" + param + "'") != std::string::npos &&
                 message.find("not divisible") != std::string::npos;
  results.report(name, size, refused,
                 refused ? "refused as expected: " + message
                         : "expected a divisibility refusal, got " +
                               std::string(gluonrt_status_name(status)) +
                               (status ? ": " + message : ""));
}

//===-- vector add --------------------------------------------------------===//

void runVectorAdd(Results &results, gluonrt::Kernel &kernel,
                  const std::string &name, uint64_t n, uint64_t baseSeed) {
  std::string size = "n=" + std::to_string(n);
  uint64_t block = uint64_t(kernel.constexprInt("BLOCK"));
  gluonrt::Grid grid{{uint32_t(cdiv(n, block)), 1, 1}};
  uint64_t seed = splitMix64(baseSeed ^ n);
  auto start = std::chrono::steady_clock::now();

  gluonrt::DeviceBuffer x(n * 4), y(n * 4), out((n + GuardElements) * 4);
  gluonrt::Args args(kernel);
  setPointer(args, "x_ptr", x);
  setPointer(args, "y_ptr", y);
  setPointer(args, "out_ptr", out);
  setInteger(args, "n", int64_t(n));
  if (n % paramDivisibility(kernel, "n") != 0)
    return expectRefusal(results, name, size, kernel, grid, args, "n");

  std::vector<float> hostX(n), hostY(n);
  fillRandom(hostX, seed);
  fillRandom(hostY, splitMix64(seed));
  x.upload(hostX.data(), n * 4);
  y.upload(hostY.data(), n * 4);
  out.fill(0xff);

  if (gluonrt_status status = launchAndWait(kernel, grid, args))
    return results.report(name, size, false,
                          std::string(gluonrt_status_name(status)) + ": " +
                              gluonrt_last_error());

  std::vector<float> hostOut(n + GuardElements);
  out.download(hostOut.data(), hostOut.size() * 4);
  Tally tally = tallyParallel(
      n + GuardElements, [&](size_t begin, size_t end, Tally &part) {
        for (size_t i = begin; i < end; ++i) {
          if (i < n)
            part.compare(i, hostOut[i], hostX[i] + hostY[i]); // same IEEE add
          else
            part.expectPoison(hostOut[i]);
        }
      });
  results.reportTally(name, size, tally, seed, millisecondsSince(start));
}

//===-- memcpy 2d ---------------------------------------------------------===//

struct Shape {
  uint64_t rows, cols;
};

void runMemcpy2d(Results &results, gluonrt::Kernel &kernel, Shape shape,
                 uint64_t baseSeed) {
  const std::string name = "memcpy_2d";
  uint64_t m = shape.rows, n = shape.cols;
  // Row strides wider than a row, so that the strides matter; rounded up to
  // what the kernel assumes about them.
  uint64_t strideIn = roundUp(n + 3, paramDivisibility(kernel, "stride_in"));
  uint64_t strideOut = roundUp(n + 5, paramDivisibility(kernel, "stride_out"));
  std::string size = "M=" + std::to_string(m) + " N=" + std::to_string(n) +
                     " strides=" + std::to_string(strideIn) + "," +
                     std::to_string(strideOut);
  uint64_t blockM = uint64_t(kernel.constexprInt("BLOCK_M"));
  uint64_t blockN = uint64_t(kernel.constexprInt("BLOCK_N"));
  gluonrt::Grid grid{{uint32_t(cdiv(m, blockM)), uint32_t(cdiv(n, blockN)), 1}};
  uint64_t seed = splitMix64(baseSeed ^ (m * 1000003u + n));
  auto start = std::chrono::steady_clock::now();

  uint64_t inElements = m * strideIn;
  uint64_t outElements = m * strideOut + GuardElements;
  gluonrt::DeviceBuffer input(inElements * 4), output(outElements * 4);
  gluonrt::Args args(kernel);
  setPointer(args, "in_ptr", input);
  setPointer(args, "out_ptr", output);
  setInteger(args, "M", int64_t(m));
  setInteger(args, "N", int64_t(n));
  setInteger(args, "stride_in", int64_t(strideIn));
  setInteger(args, "stride_out", int64_t(strideOut));
  for (const char *param : {"M", "N"})
    if ((param[0] == 'M' ? m : n) % paramDivisibility(kernel, param) != 0)
      return expectRefusal(results, name, size, kernel, grid, args, param);

  std::vector<float> hostIn(inElements);
  fillRandom(hostIn, seed);
  input.upload(hostIn.data(), inElements * 4);
  output.fill(0xff);

  if (gluonrt_status status = launchAndWait(kernel, grid, args))
    return results.report(name, size, false,
                          std::string(gluonrt_status_name(status)) + ": " +
                              gluonrt_last_error());

  std::vector<float> hostOut(outElements);
  output.download(hostOut.data(), outElements * 4);
  Tally tally =
      tallyParallel(m + 1, [&](size_t begin, size_t end, Tally &part) {
        for (size_t row = begin; row < end; ++row) {
          if (row == m) { // the guard after the last row
            for (uint64_t i = m * strideOut; i < outElements; ++i)
              part.expectPoison(hostOut[i]);
            continue;
          }
          const float *in = &hostIn[row * strideIn];
          const float *out = &hostOut[row * strideOut];
          for (uint64_t col = 0; col < n; ++col)
            part.compare(row * strideOut + col, out[col], in[col]);
          for (uint64_t col = n; col < strideOut; ++col)
            part.expectPoison(out[col]);
        }
      });
  results.reportTally(name, size, tally, seed, millisecondsSince(start));
}

//===-- Driver ------------------------------------------------------------===//

std::optional<Options> parseOptions(int argc, char **argv) {
  Options options;
  for (int i = 1; i < argc; ++i) {
    std::string argument = argv[i];
    if (argument == "-h" || argument == "--help")
      return std::nullopt;
    if (i + 1 >= argc)
      throw std::invalid_argument(argument + " needs a value");
    std::string value = argv[++i];
    if (argument == "--vector-add")
      options.vectorAdd = value;
    else if (argument == "--vector-add-div16")
      options.vectorAddDiv16 = value;
    else if (argument == "--memcpy-2d")
      options.memcpy2d = value;
    else if (argument == "--device")
      options.device = std::stoi(value);
    else if (argument == "--seed")
      options.seed = std::stoull(value, nullptr, 0);
    else if (argument == "--max-elements")
      options.maxElements = std::stoull(value, nullptr, 0);
    else
      throw std::invalid_argument("unknown option '" + argument + "'");
  }
  if (options.vectorAdd.empty() && options.vectorAddDiv16.empty() &&
      options.memcpy2d.empty())
    throw std::invalid_argument("no kernel given");
  return options;
}

/// Returns the reason if no usable CUDA device is present.
std::optional<std::string> missingDevice(int device) {
  int count = 0;
  gluonrt_status status = gluonrt_device_count(GLUONRT_BACKEND_NVIDIA, &count);
  if (status == GLUONRT_ERROR_NO_DRIVER || status == GLUONRT_ERROR_NO_DEVICE)
    return std::string(gluonrt_last_error());
  gluonrt::check(status);
  if (device >= count)
    return "device " + std::to_string(device) + " does not exist (" +
           std::to_string(count) + " devices)";
  return std::nullopt;
}

std::optional<gluonrt::Kernel> loadKernel(const std::string &path, int device,
                                          std::string &skipReason) {
  if (path.empty())
    return std::nullopt;
  try {
    return gluonrt::Kernel::load(path, device);
  } catch (const gluonrt::Error &error) {
    if (error.status() != GLUONRT_ERROR_ARCH_MISMATCH)
      throw;
    skipReason = error.what();
    return std::nullopt;
  }
}

int runAll(const Options &options) {
  if (std::optional<std::string> reason = missingDevice(options.device)) {
    std::printf("SKIP: no CUDA device (%s)\n", reason->c_str());
    return SkipExitCode;
  }
  gluonrt::check(gluonrt_select_device(GLUONRT_BACKEND_NVIDIA, options.device));
  gluonrt_device_info info;
  gluonrt::check(
      gluonrt_device_get_info(GLUONRT_BACKEND_NVIDIA, options.device, &info));
  std::printf("device %d: %s (%s), %d SMs, %.1f GiB, driver %d.%d\n",
              options.device, info.name, info.arch, info.multiprocessors,
              double(info.total_memory) / (1ull << 30),
              info.driver_version / 1000, info.driver_version % 1000 / 10);

  std::string skipReason;
  std::optional<gluonrt::Kernel> vectorAdd =
      loadKernel(options.vectorAdd, options.device, skipReason);
  std::optional<gluonrt::Kernel> vectorAddDiv16 =
      loadKernel(options.vectorAddDiv16, options.device, skipReason);
  std::optional<gluonrt::Kernel> memcpy2d =
      loadKernel(options.memcpy2d, options.device, skipReason);
  if (!skipReason.empty()) {
    std::printf("SKIP: %s\n", skipReason.c_str());
    return SkipExitCode;
  }

  Results results;
  const uint64_t vectorSizes[] = {1, 1000, (1u << 20) + 3, 1u << 28};
  auto fits = [&](uint64_t elements) {
    return elements <= options.maxElements;
  };
  if (vectorAdd)
    for (uint64_t n : vectorSizes)
      if (fits(n))
        runVectorAdd(results, *vectorAdd, "vector_add", n, options.seed);
  if (vectorAddDiv16)
    for (uint64_t n : vectorSizes)
      if (fits(n))
        runVectorAdd(results, *vectorAddDiv16, "vector_add[n:i32:16]", n,
                     options.seed);
  const Shape shapes[] = {
      {1, 1},       {8, 125},      {1, (1u << 20) + 3}, {(1u << 20) + 3, 1},
      {1031, 1017}, {16384, 16384}};
  if (memcpy2d)
    for (Shape shape : shapes)
      if (fits(shape.rows * shape.cols))
        runMemcpy2d(results, *memcpy2d, shape, options.seed);

  std::printf("%d passed, %d failed\n", results.passed, results.failed);
  return results.failed ? 1 : 0;
}

} // namespace

int main(int argc, char **argv) {
  std::optional<Options> options;
  try {
    options = parseOptions(argc, argv);
  } catch (const std::exception &error) {
    std::fprintf(stderr, "gluonc-gpu-samples-test: %s\n%s", error.what(),
                 UsageText);
    return 2;
  }
  if (!options) {
    std::fputs(UsageText, stdout);
    return 0;
  }
  try {
    return runAll(*options);
  } catch (const std::exception &error) {
    std::printf("FAIL: %s\n", error.what());
    return 1;
  }
}
