//===- ScanGpuTest.cpp - Scans and shape changes on a GPU -----------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Runs gluonc-compiled scans and shape changes on a GPU and compares them
// with a CPU reference on random data; outputs are poisoned (0xFF) first.
//
//  - samples/cumsum.py: row-wise cumulative sums and maxima of fp32 rows of
//    any length, forward and reverse, over layouts whose rows span
//    registers and lanes, or registers, lanes, warps and repeated
//    registers. Sums are checked within a tolerance relative to the sum of
//    the magnitudes added (the GPU adds in another order); maxima bitwise.
//  - tests/gpu/scan_kernels.py: int32 tile scans (gl.cumsum, cumprod,
//    gl.cummax, a cumulative max through gl.associative_scan, and a running
//    argmax that scans a tuple with a non-commutative combine) along both
//    axes in both directions, a scan along a layout that reshape and
//    permute made (lanes out of order), and permute / join / split /
//    reshape round trips; all bitwise.
//
//   gluonc-gpu-scan-test KERNEL_DIR     (exit 77: no GPU)
//
// KERNEL_DIR holds one folder per build (see tests/gpu/CMakeLists.txt).
//
//===----------------------------------------------------------------------===//

#include "GpuTestSupport.h"

#include "HostParallel.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

namespace {

using gluonrt::splitMix64;

std::vector<float> randomFloats(size_t count, uint64_t seed) {
  std::vector<float> data(count);
  for (size_t i = 0; i < count; ++i)
    data[i] = float(int64_t(splitMix64(seed + i) >> 40) - (1 << 23)) /
              float(1 << 23) * 4.0f;
  return data;
}

/// Small integers, so that sums stay exact; products wrap as int32 does.
std::vector<int32_t> randomInts(size_t count, uint64_t seed, int32_t range) {
  std::vector<int32_t> data(count);
  for (size_t i = 0; i < count; ++i)
    data[i] = int32_t(splitMix64(seed + i) % uint64_t(2 * range + 1)) - range;
  return data;
}

using gpu_test::cdiv;

/// Failures and the worst error of one comparison.
struct Check {
  double worst = 0;
  size_t failures = 0;
  size_t firstBad = SIZE_MAX;

  void fail(size_t index) {
    ++failures;
    firstBad = std::min(firstBad, index);
  }
  void exact(size_t index, int64_t got, int64_t want) {
    if (got != want)
      fail(index);
  }
  /// |got - want| within `tolerance` of `scale`.
  void near(size_t index, double got, double want, double scale,
            double tolerance) {
    double error = std::fabs(got - want) / scale;
    if (std::isnan(got) != std::isnan(want))
      error = INFINITY;
    worst = std::max(worst, error);
    if (error > tolerance)
      fail(index);
  }
};

struct Runner : gpu_test::RunnerBase {
  void report(const std::string &name, const std::string &what,
              const Check &check) {
    bool ok = check.failures == 0;
    std::printf("%-24s %-26s max_rel_err=%.3g%s  %s\n", name.c_str(),
                what.c_str(), check.worst,
                ok ? ""
                   : (" failures=" + std::to_string(check.failures) +
                      " first=" + std::to_string(check.firstBad))
                         .c_str(),
                ok ? "PASS" : "FAIL");
    count(ok);
  }
};

/// A constexpr of the kernel as JSON text: `true`, `"cumsum"`, `128`.
std::string constexprJson(const gluonrt::Kernel &kernel, const char *name) {
  const char *json = gluonrt_kernel_constexpr_json(kernel.get(), name);
  if (!json)
    throw gluonrt::Error(GLUONRT_ERROR_NOT_FOUND,
                         std::string("no constexpr ") + name);
  return json;
}

using gpu_test::download;

template <typename T>
gluonrt::DeviceBuffer upload(const std::vector<T> &host) {
  gluonrt::DeviceBuffer buffer(host.size() * sizeof(T));
  buffer.upload(host.data(), buffer.bytes());
  return buffer;
}

gluonrt::DeviceBuffer poisoned(size_t bytes) {
  gluonrt::DeviceBuffer buffer(bytes);
  buffer.fill(0xFF);
  return buffer;
}

//===-- samples/cumsum.py -------------------------------------------------===//

/// One build of the sample: its folder, and what it computes.
struct RowScanBuild {
  const char *name;
  bool isSum;
  bool reverse;
};

void testRowScan(Runner &runner, const RowScanBuild &build) {
  gluonrt::Kernel kernel = runner.load(build.name, "cumsum_kernel");
  int64_t blockM = kernel.constexprInt("BLOCK_M");
  int64_t blockN = kernel.constexprInt("BLOCK_N");
  for (auto [rows, cols] :
       {std::pair<int, int>{1, 1}, {37, 100}, {64, int(blockN)},
        {5, 1000}, {33, 4099}}) {
    int stride = cols + 3;
    std::vector<float> x =
        randomFloats(size_t(rows) * stride, rows * 1009 + cols);
    gluonrt::DeviceBuffer in = upload(x);
    gluonrt::DeviceBuffer out = poisoned(x.size() * 4);
    gluonrt::Args args(kernel);
    args.ptr(in.device()).ptr(out.device()).i32(rows).i32(cols).i32(stride);
    args.launch(kernel, {uint32_t(cdiv(rows, blockM)), 1, 1});
    gluonrt::check(gluonrt_synchronize());
    std::vector<float> got = download<float>(out);

    Check check;
    for (int r = 0; r < rows; ++r) {
      double want = build.isSum ? 0.0 : -INFINITY, magnitude = 0;
      for (int k = 0; k < cols; ++k) {
        int c = build.reverse ? cols - 1 - k : k;
        size_t i = size_t(r) * stride + c;
        if (build.isSum) {
          want += x[i];
          magnitude += std::fabs(x[i]);
          // fp32 sums in any order stay within a few ulp of the sum of
          // the magnitudes per addition level.
          check.near(i, got[i], want, magnitude + 1e-30, 1e-5);
        } else {
          // A maximum is one of the inputs: bitwise.
          want = std::max(want, double(x[i]));
          float wanted = float(want);
          uint32_t gotBits, wantBits;
          std::memcpy(&gotBits, &got[i], 4);
          std::memcpy(&wantBits, &wanted, 4);
          check.exact(i, gotBits, wantBits);
        }
      }
      // The padding between rows is never written.
      for (int c = cols; c < stride; ++c) {
        size_t i = size_t(r) * stride + c;
        uint32_t bits;
        std::memcpy(&bits, &got[i], 4);
        check.exact(i, bits, 0xFFFFFFFFu);
      }
    }
    runner.report(build.name,
                  std::to_string(rows) + "x" + std::to_string(cols), check);
  }
}

//===-- tile scans --------------------------------------------------------===//

/// One build of scan_tile_kernel.
struct TileScanBuild {
  const char *name;
};

void testTileScan(Runner &runner, const TileScanBuild &build) {
  gluonrt::Kernel kernel = runner.load(build.name, "scan_tile_kernel");
  int64_t rows = kernel.constexprInt("M"), cols = kernel.constexprInt("N");
  int64_t axis = kernel.constexprInt("AXIS");
  bool reverse = constexprJson(kernel, "REVERSE") == "true";
  std::string op = constexprJson(kernel, "OP");
  op = op.substr(1, op.size() - 2);
  size_t count = size_t(rows) * cols;
  std::vector<int32_t> x = randomInts(count, count + axis * 7 + reverse,
                                      op == "cumprod" ? 3 : 1000);
  // Products of -3..3 without 0 keep changing (wrapping as int32 does).
  if (op == "cumprod")
    for (int32_t &v : x)
      v = v == 0 ? 2 : v;
  gluonrt::DeviceBuffer in = upload(x);
  gluonrt::DeviceBuffer out = poisoned(count * 4);
  gluonrt::DeviceBuffer index = poisoned(count * 4);
  gluonrt::Args args(kernel);
  args.ptr(in.device()).ptr(out.device()).ptr(index.device());
  args.launch(kernel, {1, 1, 1});
  gluonrt::check(gluonrt_synchronize());
  std::vector<int32_t> got = download<int32_t>(out);
  std::vector<int32_t> gotIndex = download<int32_t>(index);

  Check check;
  int64_t length = axis == 0 ? rows : cols;
  int64_t lines = axis == 0 ? cols : rows;
  for (int64_t line = 0; line < lines; ++line) {
    auto at = [&](int64_t p) {
      return size_t(axis == 0 ? p * cols + line : line * cols + p);
    };
    uint32_t acc = 0;
    int32_t best = 0, bestIndex = 0;
    for (int64_t k = 0; k < length; ++k) {
      int64_t p = reverse ? length - 1 - k : k;
      int32_t v = x[at(p)];
      if (k == 0) {
        acc = uint32_t(v);
      } else if (op == "cumsum") {
        acc += uint32_t(v);
      } else if (op == "cumprod") {
        acc *= uint32_t(v);
      } else if (op == "cummax" || op == "gl_cummax") {
        acc = uint32_t(std::max(int32_t(acc), v));
      }
      // The later element in scan order wins a tie.
      if (k == 0 || v >= best) {
        best = v;
        bestIndex = int32_t(p);
      }
      if (op == "argmax") {
        check.exact(at(p), got[at(p)], best);
        check.exact(at(p), gotIndex[at(p)], bestIndex);
      } else {
        check.exact(at(p), got[at(p)], int32_t(acc));
      }
    }
  }
  runner.report(build.name,
                std::to_string(rows) + "x" + std::to_string(cols) + " axis " +
                    std::to_string(axis) + (reverse ? " reverse" : ""),
                check);
}

void testRegroupedScan(Runner &runner, const char *name) {
  gluonrt::Kernel kernel = runner.load(name, "scan_regrouped_kernel");
  int64_t rows = kernel.constexprInt("M"), cols = kernel.constexprInt("N");
  int64_t groups = kernel.constexprInt("K");
  size_t count = size_t(rows) * cols;
  std::vector<int32_t> x = randomInts(count, 4242 + groups, 1000);
  gluonrt::DeviceBuffer in = upload(x);
  gluonrt::DeviceBuffer out = poisoned(count * 4);
  gluonrt::Args args(kernel);
  args.ptr(in.device()).ptr(out.device());
  args.launch(kernel, {1, 1, 1});
  gluonrt::check(gluonrt_synchronize());
  std::vector<int32_t> got = download<int32_t>(out);
  Check check;
  int64_t stride = cols / groups;
  for (int64_t r = 0; r < rows; ++r) {
    int32_t acc = 0;
    for (int64_t c = 0; c < cols; ++c) {
      acc += x[size_t(r * cols + (c % stride) * groups + c / stride)];
      check.exact(size_t(r * cols + c), got[size_t(r * cols + c)], acc);
    }
  }
  runner.report(name,
                std::to_string(rows) + "x" + std::to_string(cols) + " K " +
                    std::to_string(groups),
                check);
}

//===-- shape changes -----------------------------------------------------===//

void testShapeOps(Runner &runner, const char *name) {
  gluonrt::Kernel kernel = runner.load(name, "shape_ops_kernel");
  int64_t rows = kernel.constexprInt("M"), cols = kernel.constexprInt("N");
  size_t count = size_t(rows) * cols;
  std::vector<int32_t> x = randomInts(count, 77, 1 << 30);
  std::vector<int32_t> y = randomInts(count, 78, 1 << 30);
  gluonrt::DeviceBuffer xd = upload(x), yd = upload(y);
  gluonrt::DeviceBuffer transposed = poisoned(count * 4),
                        first = poisoned(count * 4),
                        second = poisoned(count * 4),
                        interleaved = poisoned(2 * count * 4),
                        flat = poisoned(count * 4),
                        even = poisoned(count * 2), odd = poisoned(count * 2);
  gluonrt::Args args(kernel);
  for (const gluonrt::DeviceBuffer *buffer :
       {&xd, &yd, &transposed, &first, &second, &interleaved, &flat, &even,
        &odd})
    args.ptr(buffer->device());
  args.launch(kernel, {1, 1, 1});
  gluonrt::check(gluonrt_synchronize());

  auto t = download<int32_t>(transposed), a = download<int32_t>(first),
       b = download<int32_t>(second), in = download<int32_t>(interleaved),
       f = download<int32_t>(flat), e = download<int32_t>(even),
       o = download<int32_t>(odd);
  Check check;
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = 0; c < cols; ++c) {
      size_t i = size_t(r * cols + c);
      check.exact(i, t[size_t(c * rows + r)], x[i]);
      check.exact(i, a[i], x[i]);
      check.exact(i, b[i], y[i]);
      check.exact(i, in[size_t(r * 2 * cols + 2 * c)], x[i]);
      check.exact(i, in[size_t(r * 2 * cols + 2 * c + 1)], y[i]);
      check.exact(i, f[i], x[i]);
      const std::vector<int32_t> &half = c % 2 ? o : e;
      check.exact(i, half[size_t(r * cols / 2 + c / 2)], x[i]);
    }
  runner.report(name,
                std::to_string(rows) + "x" + std::to_string(cols) +
                    " permute/join/split/reshape",
                check);
}

} // namespace

int main(int argc, char **argv) {
  return gpu_test::runGpuTests<Runner>(
      argc, argv, "gluonc-gpu-scan-test", [](Runner &runner) {
        for (const RowScanBuild &build :
             {RowScanBuild{"cumsum_rows", true, false},
              RowScanBuild{"cumsum_rows_warps", true, false},
              RowScanBuild{"cumsum_rows_reverse", true, true},
              RowScanBuild{"cummax_rows", false, false},
              RowScanBuild{"cummax_rows_reverse", false, true}})
          testRowScan(runner, build);
        for (const char *name :
             {"scan_cumsum_axis0", "scan_cumsum_axis1_reverse",
              "scan_cumsum_colmajor", "scan_cumprod_axis0_reverse",
              "scan_cummax_axis1_reverse", "scan_gl_cummax_axis0",
              "scan_argmax_axis0",
              "scan_argmax_axis1_reverse", "scan_argmax_replicated"})
          testTileScan(runner, TileScanBuild{name});
        for (const char *name : {"scan_regrouped_lanes", "scan_regrouped_warps"})
          testRegroupedScan(runner, name);
        for (const char *name : {"shape_ops", "shape_ops_colmajor"})
          testShapeOps(runner, name);
      });
}
