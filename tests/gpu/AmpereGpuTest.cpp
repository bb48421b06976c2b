//===- AmpereGpuTest.cpp - cp.async and mma_v2 kernels on a GPU -----------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Runs the gluonc-compiled Ampere kernels (cp.async and mma.sync; built for
// sm_90a, which runs them as an A100 would) through libgluonrt:
//
//  - tests/gpu/ampere_kernels.py's async_copy_kernel, copying tiles of an
//    M x N source with 16-, 8- and 4-byte cp.async (fp16, fp32, int8) in
//    two commit groups under masks: every element of the padded
//    destination must be the source's inside it and zero outside (the
//    masked-off copies zero-fill), bit for bit. dst is poisoned (0xFF)
//    first; M is odd, N not a multiple of the tile.
//  - samples/matmul_mma_v2.py (cp.async ring, mma_v2), C = A @ B in fp16,
//    bf16, fp32 (tf32) and int8, several block shapes, compared with a
//    float64 (exact int64 for int8) reference at shapes with odd M and N,
//    K not multiples of the blocks (N, K and the row strides multiples of
//    8: cp.async's 16-byte copies). Inputs are random values in [-1, 1]
//    with 8 fraction bits (exact in fp16, bf16 and tf32; int8 in
//    [-128, 127]); C is poisoned first. A float element passes when
//
//      |C - ref| <= u * |ref| + 2^-16 * sum_k |A_ik B_kj|
//
//    with u the unit roundoff of C's type (2^-11 fp16, 2^-8 bf16, 2^-24
//    fp32); int8 must match exactly. A wrong fragment is off by the size
//    of the values themselves.
//
//   gluonc-gpu-ampere-test KERNEL_DIR     (exit 77: no GPU)
//
// KERNEL_DIR holds one folder per build (tests/gpu/CMakeLists.txt):
// ampere_copy_<variant>/async_copy_kernel.sm_90a.json and
// ampere_gemm_<variant>/matmul_kernel.sm_90a.json.
//
//===----------------------------------------------------------------------===//

#include "GpuTestSupport.h"

#include "HostParallel.h"
#include "ScalarTypes.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
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

//===----------------------------------------------------------------------===//
// Async copies
//===----------------------------------------------------------------------===//

struct CopyVariant {
  std::string folder;
  size_t elementBytes;
  /// The build's tile (BLOCK_M x BLOCK_N).
  int64_t blockM, blockN;
};

void checkCopy(Runner &runner, const CopyVariant &variant, int64_t m,
               int64_t n) {
  gluonrt::Kernel kernel = runner.load(variant.folder, "async_copy_kernel");
  size_t bytes = variant.elementBytes;
  int64_t paddedM = int64_t(roundUp(uint64_t(m), uint64_t(variant.blockM)));
  int64_t paddedN = int64_t(roundUp(uint64_t(n), uint64_t(variant.blockN)));
  // Distinct, nonzero bytes everywhere in the source.
  std::vector<uint8_t> src(size_t(m * n) * bytes);
  for (size_t i = 0; i < src.size(); ++i)
    src[i] = uint8_t(1 + gluonrt::splitMix64(0xc0ffee + i) % 255);
  gluonrt::DeviceBuffer srcDev(src.size()),
      dstDev(size_t(paddedM * paddedN) * bytes);
  srcDev.upload(src.data(), src.size());
  dstDev.fill(0xff);

  gluonrt::Args args(kernel);
  args.ptr(srcDev.device()).ptr(dstDev.device());
  args.i32(int32_t(m)).i32(int32_t(n)).i32(int32_t(n)).i32(int32_t(paddedN));
  args.launch(kernel, {uint32_t(paddedM / variant.blockM),
                       uint32_t(paddedN / variant.blockN), 1});
  gluonrt::check(gluonrt_synchronize());
  std::vector<uint8_t> dst = download<uint8_t>(dstDev);

  size_t bad = 0;
  int64_t firstRow = -1, firstCol = -1;
  for (int64_t i = 0; i < paddedM; ++i)
    for (int64_t j = 0; j < paddedN; ++j) {
      const uint8_t *got = &dst[size_t(i * paddedN + j) * bytes];
      bool inside = i < m && j < n;
      bool ok = true;
      for (size_t b = 0; b < bytes; ++b)
        ok &= got[b] == (inside ? src[size_t(i * n + j) * bytes + b] : 0);
      if (!ok && bad++ == 0) {
        firstRow = i;
        firstCol = j;
      }
    }
  char detail[256];
  std::snprintf(detail, sizeof(detail),
                "%lld elements checked, %zu wrong (first at (%lld, %lld))",
                (long long)(paddedM * paddedN), bad, (long long)firstRow,
                (long long)firstCol);
  runner.report(variant.folder + " " + std::to_string(m) + "x" +
                    std::to_string(n),
                bad == 0, detail);
}

//===----------------------------------------------------------------------===//
// GEMM
//===----------------------------------------------------------------------===//

enum class Element { F16, BF16, F32, I8 };

struct GemmVariant {
  std::string folder;
  Element element;
  int64_t blockM, blockN;
};

struct Shape {
  int64_t m, n, k;
};

size_t elementBytes(Element element) {
  switch (element) {
  case Element::F16:
  case Element::BF16:
    return 2;
  case Element::F32:
    return 4;
  case Element::I8:
    return 1;
  }
  return 0;
}

/// rows x cols random values (in a row stride of `stride` elements) as
/// the element type's bytes, and as doubles: in [-1, 1] with 8 fraction
/// bits for floats, [-128, 127] for int8.
std::pair<std::vector<uint8_t>, std::vector<double>>
randomMatrix(int64_t rows, int64_t cols, int64_t stride, uint64_t seed,
             Element element) {
  size_t bytes = elementBytes(element);
  std::vector<uint8_t> data(size_t(rows * stride) * bytes, 0);
  std::vector<double> values(size_t(rows * cols));
  for (int64_t i = 0; i < rows; ++i)
    for (int64_t j = 0; j < cols; ++j) {
      uint64_t r = gluonrt::splitMix64(seed + uint64_t(i * cols + j));
      uint8_t *out = &data[size_t(i * stride + j) * bytes];
      double value;
      if (element == Element::I8) {
        int8_t v = int8_t(int64_t(r % 256) - 128);
        std::memcpy(out, &v, 1);
        value = v;
      } else {
        float v = float(int64_t(r % 513) - 256) / 256.0f;
        value = v;
        if (element == Element::F32) {
          std::memcpy(out, &v, 4);
        } else {
          uint16_t h = element == Element::BF16 ? gluonrt::floatToBf16Bits(v)
                                                : gluonrt::floatToHalfBits(v);
          std::memcpy(out, &h, 2);
        }
      }
      values[size_t(i * cols + j)] = value;
    }
  return {std::move(data), std::move(values)};
}

/// C's element (i, j) as a double.
double readC(const std::vector<uint8_t> &c, size_t index, Element element) {
  switch (element) {
  case Element::F16:
  case Element::BF16: {
    uint16_t h;
    std::memcpy(&h, &c[index * 2], 2);
    return element == Element::BF16 ? gluonrt::bf16BitsToFloat(h)
                                    : gluonrt::halfBitsToFloat(h);
  }
  case Element::F32: {
    float f;
    std::memcpy(&f, &c[index * 4], 4);
    return f;
  }
  case Element::I8: {
    int32_t v;
    std::memcpy(&v, &c[index * 4], 4);
    return v;
  }
  }
  return 0;
}

void checkGemm(Runner &runner, const GemmVariant &variant, const Shape &shape) {
  gluonrt::Kernel kernel = runner.load(variant.folder, "matmul_kernel");
  Element element = variant.element;
  // C is fp16 / bf16 as the operands, fp32 for tf32, int32 for int8.
  size_t cBytes = element == Element::F16 || element == Element::BF16 ? 2 : 4;
  // Row strides: multiples of 16 bytes' worth of elements, as the kernel
  // declares them (i32:8), and a little more than needed.
  int64_t lda = int64_t(roundUp(uint64_t(shape.k), 16)) + 16;
  int64_t ldb = int64_t(roundUp(uint64_t(shape.n), 16)) + 16;
  int64_t ldc = shape.n + 3;
  auto [aData, a] =
      randomMatrix(shape.m, shape.k, lda, 1000 + uint64_t(shape.k), element);
  auto [bData, b] =
      randomMatrix(shape.k, shape.n, ldb, 2000 + uint64_t(shape.n), element);
  gluonrt::DeviceBuffer aDev(aData.size()), bDev(bData.size()),
      cDev(size_t(shape.m * ldc) * cBytes);
  aDev.upload(aData.data(), aData.size());
  bDev.upload(bData.data(), bData.size());
  cDev.fill(0xff);

  gluonrt::Args args(kernel);
  args.ptr(aDev.device()).ptr(bDev.device()).ptr(cDev.device());
  args.i32(int32_t(shape.m)).i32(int32_t(shape.n)).i32(int32_t(shape.k));
  args.i32(int32_t(lda)).i32(int32_t(ldb)).i32(int32_t(ldc));
  uint32_t grid = uint32_t(cdiv(uint64_t(shape.m), uint64_t(variant.blockM)) *
                           cdiv(uint64_t(shape.n), uint64_t(variant.blockN)));
  args.launch(kernel, {grid, 1, 1});
  gluonrt::check(gluonrt_synchronize());
  std::vector<uint8_t> c = download<uint8_t>(cDev);

  double roundoff = element == Element::F16    ? std::ldexp(1.0, -11)
                    : element == Element::BF16 ? std::ldexp(1.0, -8)
                                               : std::ldexp(1.0, -24);
  size_t bad = 0, checked = 0;
  double worstRatio = 0, worstError = 0;
  int64_t worstI = 0, worstJ = 0;
  for (int64_t i = 0; i < shape.m; ++i)
    for (int64_t j = 0; j < shape.n; ++j) {
      double sum = 0, sumAbs = 0;
      for (int64_t k = 0; k < shape.k; ++k) {
        double product =
            a[size_t(i * shape.k + k)] * b[size_t(k * shape.n + j)];
        sum += product;
        sumAbs += std::fabs(product);
      }
      double got = readC(c, size_t(i * ldc + j), element);
      double error = std::isfinite(got) ? std::fabs(got - sum) : INFINITY;
      double allowed = element == Element::I8 ? 0.0
                                              : roundoff * std::fabs(sum) +
                                                    std::ldexp(sumAbs, -16);
      ++checked;
      bool ok = error <= allowed;
      bad += !ok;
      double ratio = allowed > 0 ? error / allowed : (ok ? 0 : INFINITY);
      if (ratio > worstRatio) {
        worstRatio = ratio;
        worstError = error;
        worstI = i;
        worstJ = j;
      }
    }
  // Nothing written past the last column of each row.
  size_t stray = 0;
  for (int64_t i = 0; i < shape.m; ++i)
    for (int64_t j = shape.n; j < ldc; ++j)
      for (size_t byte = 0; byte < cBytes; ++byte)
        stray += c[size_t(i * ldc + j) * cBytes + byte] != 0xff;
  char detail[256];
  std::snprintf(detail, sizeof(detail),
                "%zu elements checked, %zu outside tolerance, %zu stray bytes; "
                "worst at (%lld, %lld): error %.3g, %.2f of the tolerance",
                checked, bad, stray, (long long)worstI, (long long)worstJ,
                worstError, worstRatio);
  runner.report(variant.folder + " " + std::to_string(shape.m) + "x" +
                    std::to_string(shape.n) + "x" + std::to_string(shape.k) +
                    ", grid " + std::to_string(grid),
                bad == 0 && stray == 0, detail);
}

} // namespace

int main(int argc, char **argv) {
  return runGpuTests<Runner>(
      argc, argv, "gluonc-gpu-ampere-test", [](Runner &runner) {
        const CopyVariant copies[] = {
            {"ampere_copy_fp16", 2, 64, 64},
            {"ampere_copy_fp32", 4, 64, 64},
            {"ampere_copy_i8", 1, 64, 64},
        };
        // M odd; N a multiple of the copy's elements, not of the tile.
        for (const CopyVariant &variant : copies) {
          checkCopy(runner, variant, 77, 200);
          checkCopy(runner, variant, 1, 16);
        }
        const GemmVariant gemms[] = {
            {"ampere_gemm_fp16", Element::F16, 128, 128},
            {"ampere_gemm_bf16", Element::BF16, 128, 128},
            {"ampere_gemm_fp16_8warps", Element::F16, 128, 128},
            {"ampere_gemm_fp16_64x64", Element::F16, 64, 64},
            {"ampere_gemm_tf32", Element::F32, 128, 128},
            {"ampere_gemm_i8", Element::I8, 128, 128},
        };
        for (const GemmVariant &variant : gemms) {
          checkGemm(runner, variant, {512, 512, 512});
          checkGemm(runner, variant, {999, 1000, 1000});
          checkGemm(runner, variant, {33, 40, 8 * 33});
          checkGemm(runner, variant, {1, 8, 16});
        }
      });
}
