//===- KernelsGpuTest.cpp - Reductions and layout samples on a GPU --------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Runs the gluonc-compiled softmax, layer norm, 2-D reductions, transpose
// and FMA matmul samples on a GPU and compares them with a CPU reference on
// random data. Outputs are poisoned (0xFF) first. Reductions and
// transcendental functions are compared within a tolerance (the GPU sums
// in another order and uses the hardware's exp2 and rsqrt); moves are
// compared bitwise.
//
//   gluonc-gpu-kernels-test KERNEL_DIR     (exit 77: no GPU)
//
// KERNEL_DIR holds one folder per build: softmax/, softmax_bf16/,
// layernorm/, reduce_sum_0/, reduce_sum_1/, reduce_max_0/, reduce_max_1/,
// transpose/, matmul_fma/, matmul_fma_bf16/ (see tests/gpu/CMakeLists.txt).
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

uint16_t toBF16(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, 4);
  // Round to nearest even, as a conversion on the GPU does.
  bits += 0x7FFF + ((bits >> 16) & 1);
  return uint16_t(bits >> 16);
}

float fromBF16(uint16_t value) {
  uint32_t bits = uint32_t(value) << 16;
  float result;
  std::memcpy(&result, &bits, 4);
  return result;
}

using gpu_test::cdiv;
using gpu_test::roundUp;

/// The worst error of a comparison: |got - want| / (|want| + floor).
struct Check {
  double tolerance;
  double floor = 1.0;
  double worst = 0;
  size_t failures = 0;
  size_t firstBad = SIZE_MAX;

  void operator()(size_t index, double got, double want) {
    double error = std::fabs(got - want) / (std::fabs(want) + floor);
    if (std::isnan(got) != std::isnan(want))
      error = INFINITY;
    if (std::isnan(got) && std::isnan(want))
      error = 0;
    if (std::isinf(want) && got == want)
      error = 0;
    worst = std::max(worst, error);
    if (error > tolerance) {
      ++failures;
      firstBad = std::min(firstBad, index);
    }
  }
};

struct Runner : gpu_test::RunnerBase {
  void report(const std::string &name, const std::string &size,
              const Check &check) {
    bool ok = check.failures == 0;
    std::printf("%-16s %-28s max_rel_err=%.3g%s  %s\n", name.c_str(),
                size.c_str(), check.worst,
                ok ? ""
                   : (" failures=" + std::to_string(check.failures) +
                      " first=" + std::to_string(check.firstBad))
                         .c_str(),
                ok ? "PASS" : "FAIL");
    count(ok);
  }
};

//===-- softmax -----------------------------------------------------------===//

void testSoftmax(Runner &runner, bool bf16) {
  const char *name = bf16 ? "softmax_bf16" : "softmax";
  gluonrt::Kernel kernel = runner.load(name, "softmax_kernel");
  int64_t block = kernel.constexprInt("BLOCK");
  size_t elementBytes = bf16 ? 2 : 4;
  for (auto [rows, cols] : {std::pair<int, int>{1, 1}, {37, 100},
                            {64, 1000}, {128, int(block)}}) {
    int stride = cols + 3;
    std::vector<float> x = randomFloats(size_t(rows) * stride, rows * 131 + cols);
    std::vector<uint16_t> xHalf(x.size());
    for (size_t i = 0; i < x.size(); ++i) {
      xHalf[i] = toBF16(x[i]);
      if (bf16)
        x[i] = fromBF16(xHalf[i]);
    }
    gluonrt::DeviceBuffer in(x.size() * elementBytes),
        out(x.size() * elementBytes);
    in.upload(bf16 ? static_cast<const void *>(xHalf.data()) : x.data(),
              in.bytes());
    out.fill(0xFF);
    gluonrt::Args args(kernel);
    args.ptr(out.device()).ptr(in.device()).i32(cols).i32(stride).i32(stride);
    args.launch(kernel, {uint32_t(rows), 1, 1});
    gluonrt::check(gluonrt_synchronize());
    std::vector<uint8_t> raw(out.bytes());
    out.download(raw.data(), raw.size());

    Check check{bf16 ? 1e-2 : 2e-6};
    for (int r = 0; r < rows; ++r) {
      const float *row = x.data() + size_t(r) * stride;
      double max = -INFINITY, sum = 0;
      for (int c = 0; c < cols; ++c)
        max = std::max(max, double(row[c]));
      for (int c = 0; c < cols; ++c)
        sum += std::exp(double(row[c]) - max);
      for (int c = 0; c < cols; ++c) {
        size_t i = size_t(r) * stride + c;
        double got;
        if (bf16) {
          uint16_t h;
          std::memcpy(&h, raw.data() + i * 2, 2);
          got = fromBF16(h);
        } else {
          float f;
          std::memcpy(&f, raw.data() + i * 4, 4);
          got = f;
        }
        check(i, got, std::exp(double(row[c]) - max) / sum);
      }
    }
    runner.report(name, std::to_string(rows) + "x" + std::to_string(cols),
                  check);
  }
}

//===-- layer norm --------------------------------------------------------===//

void testLayerNorm(Runner &runner) {
  gluonrt::Kernel kernel = runner.load("layernorm", "layernorm_kernel");
  int64_t block = kernel.constexprInt("BLOCK");
  const float eps = 1e-5f;
  for (auto [rows, cols] : {std::pair<int, int>{1, 1}, {37, 100},
                            {64, 1000}, {16, int(block)}}) {
    int stride = int(roundUp(cols, 16));
    std::vector<float> x = randomFloats(size_t(rows) * stride, cols * 7 + rows);
    std::vector<float> w = randomFloats(cols, 99), b = randomFloats(cols, 77);
    gluonrt::DeviceBuffer xd(x.size() * 4), yd(x.size() * 4), wd(cols * 4),
        bd(cols * 4), meand(rows * 4), rstdd(rows * 4);
    xd.upload(x.data(), xd.bytes());
    wd.upload(w.data(), wd.bytes());
    bd.upload(b.data(), bd.bytes());
    for (auto *buffer : {&yd, &meand, &rstdd})
      buffer->fill(0xFF);
    gluonrt::Args args(kernel);
    args.ptr(xd.device()).ptr(yd.device()).ptr(wd.device()).ptr(bd.device());
    args.ptr(meand.device()).ptr(rstdd.device()).i32(cols).i32(stride).f32(eps);
    args.launch(kernel, {uint32_t(rows), 1, 1});
    gluonrt::check(gluonrt_synchronize());
    std::vector<float> y(x.size()), mean(rows), rstd(rows);
    yd.download(y.data(), yd.bytes());
    meand.download(mean.data(), meand.bytes());
    rstdd.download(rstd.data(), rstdd.bytes());

    Check check{2e-5, 1.0};
    for (int r = 0; r < rows; ++r) {
      const float *row = x.data() + size_t(r) * stride;
      double m = 0, v = 0;
      for (int c = 0; c < cols; ++c)
        m += row[c];
      m /= cols;
      for (int c = 0; c < cols; ++c)
        v += (row[c] - m) * (row[c] - m);
      v /= cols;
      double s = 1.0 / std::sqrt(v + eps);
      check(size_t(r), mean[r], m);
      check(size_t(r), rstd[r], s);
      for (int c = 0; c < cols; ++c)
        check(size_t(r) * stride + c, y[size_t(r) * stride + c],
              (row[c] - m) * s * w[c] + b[c]);
    }
    runner.report("layernorm", std::to_string(rows) + "x" + std::to_string(cols),
                  check);
  }
}

//===-- 2-D reductions ----------------------------------------------------===//

void testReduce2D(Runner &runner, bool isSum, int axis) {
  std::string name = std::string("reduce_") + (isSum ? "sum_" : "max_") +
                     std::to_string(axis);
  gluonrt::Kernel kernel = runner.load(name, "reduce_2d_kernel");
  int64_t blockM = kernel.constexprInt("BLOCK_M");
  int64_t blockN = kernel.constexprInt("BLOCK_N");
  // The tile spans the reduced axis: M <= BLOCK_M for axis 0, N <= BLOCK_N
  // for axis 1; the other axis takes several programs.
  for (auto [rows, cols] : axis == 0
                               ? std::vector<std::pair<int, int>>{{1, 1},
                                                                  {50, 300},
                                                                  {int(blockM), 1000}}
                               : std::vector<std::pair<int, int>>{{1, 1},
                                                                  {200, 100},
                                                                  {1000, int(blockN)}}) {
    int stride = int(roundUp(cols, 16));
    std::vector<float> x = randomFloats(size_t(rows) * stride, rows + cols * 3);
    int outCount = axis == 0 ? cols : rows;
    gluonrt::DeviceBuffer in(x.size() * 4), out(outCount * 4);
    in.upload(x.data(), in.bytes());
    out.fill(0xFF);
    gluonrt::Args args(kernel);
    args.ptr(in.device()).ptr(out.device()).i32(rows).i32(cols).i32(stride);
    uint32_t programs =
        uint32_t(axis == 0 ? cdiv(cols, blockN) : cdiv(rows, blockM));
    args.launch(kernel, {programs, 1, 1});
    gluonrt::check(gluonrt_synchronize());
    std::vector<float> got(outCount);
    out.download(got.data(), out.bytes());
    Check check{isSum ? 1e-5 : 0.0, 1.0};
    for (int i = 0; i < outCount; ++i) {
      double want = isSum ? 0.0 : -INFINITY;
      int count = axis == 0 ? rows : cols;
      for (int k = 0; k < count; ++k) {
        float v = axis == 0 ? x[size_t(k) * stride + i]
                            : x[size_t(i) * stride + k];
        want = isSum ? want + v : std::max(want, double(v));
      }
      check(i, got[i], want);
    }
    runner.report(name, std::to_string(rows) + "x" + std::to_string(cols),
                  check);
  }
}

//===-- transpose ---------------------------------------------------------===//

void testTranspose(Runner &runner) {
  gluonrt::Kernel kernel = runner.load("transpose", "transpose_kernel");
  int64_t tile = kernel.constexprInt("TILE");
  for (auto [rows, cols] : {std::pair<int, int>{1, 1}, {100, 70},
                            {1024, 512}, {2000, 3000}}) {
    int inStride = int(roundUp(cols, 16)), outStride = int(roundUp(rows, 16));
    std::vector<float> x = randomFloats(size_t(rows) * inStride, rows ^ cols);
    gluonrt::DeviceBuffer in(x.size() * 4),
        out(size_t(cols) * outStride * 4);
    in.upload(x.data(), in.bytes());
    out.fill(0xFF);
    gluonrt::Args args(kernel);
    args.ptr(in.device()).ptr(out.device()).i32(rows).i32(cols);
    args.i32(inStride).i32(outStride);
    args.launch(kernel, {uint32_t(cdiv(rows, tile)), uint32_t(cdiv(cols, tile)),
                         1});
    gluonrt::check(gluonrt_synchronize());
    std::vector<float> got(size_t(cols) * outStride);
    out.download(got.data(), out.bytes());
    Check check{0.0, 1.0};
    for (int i = 0; i < rows; ++i)
      for (int j = 0; j < cols; ++j)
        check(size_t(j) * outStride + i, got[size_t(j) * outStride + i],
              x[size_t(i) * inStride + j]);
    runner.report("transpose", std::to_string(rows) + "x" + std::to_string(cols),
                  check);
  }
}

//===-- matmul on the CUDA cores (gl.dot_fma) -----------------------------===//

/// c = a @ b with a [M, K], b [K, N] and c [M, N] row-major, a and b fp32
/// or bf16. dot_fma accumulates each element over k in increasing order by
/// fused multiply-adds, and the masked tail adds exact zeros, so the
/// result must equal a sequential fmaf loop bitwise.
void testMatmulFma(Runner &runner, bool bf16) {
  const char *name = bf16 ? "matmul_fma_bf16" : "matmul_fma";
  gluonrt::Kernel kernel = runner.load(name, "matmul_fma_kernel");
  int64_t blockM = kernel.constexprInt("BLOCK_M");
  int64_t blockN = kernel.constexprInt("BLOCK_N");
  size_t elementBytes = bf16 ? 2 : 4;
  struct Shape { int m, n, k; };
  for (Shape shape : {Shape{1, 1, 1}, Shape{100, 70, 45}, Shape{256, 192, 512},
                      Shape{129, 65, 1000}}) {
    int strideA = int(roundUp(shape.k, 8)), strideB = int(roundUp(shape.n, 8));
    int strideC = int(roundUp(shape.n, 4));
    std::vector<float> a = randomFloats(size_t(shape.m) * strideA, shape.m);
    std::vector<float> b = randomFloats(size_t(shape.k) * strideB, shape.k + 7);
    std::vector<uint16_t> aHalf(a.size()), bHalf(b.size());
    for (auto [values, halves] : {std::pair{&a, &aHalf}, std::pair{&b, &bHalf}})
      for (size_t i = 0; i < values->size(); ++i) {
        (*halves)[i] = toBF16((*values)[i]);
        if (bf16)
          (*values)[i] = fromBF16((*halves)[i]);
      }
    gluonrt::DeviceBuffer aDev(a.size() * elementBytes),
        bDev(b.size() * elementBytes), cDev(size_t(shape.m) * strideC * 4);
    aDev.upload(bf16 ? static_cast<const void *>(aHalf.data()) : a.data(),
                aDev.bytes());
    bDev.upload(bf16 ? static_cast<const void *>(bHalf.data()) : b.data(),
                bDev.bytes());
    cDev.fill(0xFF);
    gluonrt::Args args(kernel);
    args.ptr(aDev.device()).ptr(bDev.device()).ptr(cDev.device());
    args.i32(shape.m).i32(shape.n).i32(shape.k);
    args.i32(strideA).i32(strideB).i32(strideC);
    args.launch(kernel, {uint32_t(cdiv(shape.m, blockM)),
                         uint32_t(cdiv(shape.n, blockN)), 1});
    gluonrt::check(gluonrt_synchronize());
    std::vector<float> got(size_t(shape.m) * strideC);
    cDev.download(got.data(), cDev.bytes());
    Check check{0.0, 1.0};
    for (int i = 0; i < shape.m; ++i)
      for (int j = 0; j < shape.n; ++j) {
        float want = 0.0f;
        for (int k = 0; k < shape.k; ++k)
          want = std::fma(a[size_t(i) * strideA + k], b[size_t(k) * strideB + j],
                          want);
        check(size_t(i) * strideC + j, got[size_t(i) * strideC + j], want);
      }
    runner.report(name,
                  std::to_string(shape.m) + "x" + std::to_string(shape.n) +
                      "x" + std::to_string(shape.k),
                  check);
  }
}

} // namespace

int main(int argc, char **argv) {
  return gpu_test::runGpuTests<Runner>(
      argc, argv, "gluonc-gpu-kernels-test", [](Runner &runner) {
        testSoftmax(runner, false);
        testSoftmax(runner, true);
        testLayerNorm(runner);
        for (bool isSum : {true, false})
          for (int axis : {0, 1})
            testReduce2D(runner, isSum, axis);
        testTranspose(runner);
        testMatmulFma(runner, false);
        testMatmulFma(runner, true);
      });
}
