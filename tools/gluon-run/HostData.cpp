//===- HostData.cpp - gluon-run's buffers on the host ---------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Random values are exact in the element type (a float with as many
// significant bits as the type holds), so a reference computed in double
// sees the same inputs; large buffers are filled and compared on every
// core (runtime/HostParallel.h).
//
//===----------------------------------------------------------------------===//

#include "HostData.h"

#include "Errors.h"
#include "Expressions.h"

#include "Files.h"
#include "HostParallel.h"

#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <new>
#include <stdexcept>

namespace gluonrun {
namespace {

using gluonrt::parallelFor;
using gluonrt::splitMix64;

uint64_t hashName(const std::string &name) {
  uint64_t hash = 0xcbf29ce484222325ull; // FNV-1a
  for (unsigned char c : name)
    hash = (hash ^ c) * 0x100000001b3ull;
  return hash;
}

/// A float in [-1, 1) with `precision` significant bits, so that it is exact
/// in the element type (11 for f16, 8 for bf16, 24 for f32, 53 for f64).
double uniformSigned(uint64_t bits, int precision) {
  uint64_t k = bits >> (64 - precision);
  return std::ldexp(double(k), 1 - precision) - 1.0;
}

/// Stores `value` as one element of `type` at `out`.
void storeNumber(const ScalarTypeInfo &type, double value, uint8_t *out) {
  switch (type.type) {
  case GLUONRT_TYPE_FP16: {
    uint16_t bits = gluonrt::floatToHalfBits(float(value));
    std::memcpy(out, &bits, 2);
    return;
  }
  case GLUONRT_TYPE_BF16: {
    uint16_t bits = gluonrt::floatToBf16Bits(float(value));
    std::memcpy(out, &bits, 2);
    return;
  }
  case GLUONRT_TYPE_FP32: {
    float single = float(value);
    std::memcpy(out, &single, 4);
    return;
  }
  case GLUONRT_TYPE_FP64:
    std::memcpy(out, &value, 8);
    return;
  default: {
    int64_t integer = int64_t(value);
    std::memcpy(out, &integer, type.size); // little-endian low bytes
    return;
  }
  }
}

double loadNumber(const ScalarTypeInfo &type, const uint8_t *in) {
  switch (type.type) {
  case GLUONRT_TYPE_FP16: {
    uint16_t bits;
    std::memcpy(&bits, in, 2);
    return gluonrt::halfBitsToFloat(bits);
  }
  case GLUONRT_TYPE_BF16: {
    uint16_t bits;
    std::memcpy(&bits, in, 2);
    return gluonrt::bf16BitsToFloat(bits);
  }
  case GLUONRT_TYPE_FP32: {
    float single;
    std::memcpy(&single, in, 4);
    return single;
  }
  case GLUONRT_TYPE_FP64: {
    double number;
    std::memcpy(&number, in, 8);
    return number;
  }
  default: {
    uint64_t raw = 0;
    std::memcpy(&raw, in, type.size);
    unsigned bits = type.size * 8;
    if (type.isSigned && bits < 64 && ((raw >> (bits - 1)) & 1))
      raw |= ~uint64_t(0) << bits;
    return type.isSigned ? double(int64_t(raw)) : double(raw);
  }
  }
}

int floatPrecision(const ScalarTypeInfo &type) {
  switch (type.type) {
  case GLUONRT_TYPE_FP16:
    return 11;
  case GLUONRT_TYPE_BF16:
    return 8;
  case GLUONRT_TYPE_FP64:
    return 53;
  default:
    return 24;
  }
}

void fillRandom(const ScalarTypeInfo &type, uint64_t seed, uint8_t *data,
                size_t count) {
  parallelFor(count, [&](size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) {
      uint64_t bits = splitMix64(seed + i);
      uint8_t *element = data + i * type.size;
      if (type.isFloat)
        storeNumber(type, uniformSigned(bits, floatPrecision(type)), element);
      else if (type.type == GLUONRT_TYPE_I1)
        *element = uint8_t(bits >> 63);
      else
        std::memcpy(element, &bits, type.size);
    }
  });
}

/// What a buffer the host cannot allocate reports, instead of
/// std::bad_alloc: `what` ("--arg x_ptr") and the size.
[[noreturn]] void noHostMemory(const std::string &what, uint64_t bytes) {
  throw RunFailure(what + ": cannot allocate " + std::to_string(bytes) +
                   " bytes of host memory for the buffer");
}

/// Reads a file:PATH input or a --check file into `bytes`, unless it holds
/// more than `maxBytes`: then nothing is read and the result is false.
/// Either way `fileBytes` is its size. Only a regular file is read
/// (runtime/Files.h), so that a FIFO or a device named by mistake fails
/// instead of blocking or reading without end. `option` ("--check out")
/// starts the messages.
bool readWholeFile(const std::string &option, const std::string &path,
                   uint64_t maxBytes, std::vector<uint8_t> &bytes,
                   uint64_t &fileBytes) {
  std::string error;
  fileBytes = 0;
  gluonrt_status status = GLUONRT_SUCCESS;
  try {
    status = gluonrt::readRegularFile(path, maxBytes, bytes, error, &fileBytes);
  } catch (const std::bad_alloc &) {
    noHostMemory(option, fileBytes);
  } catch (const std::length_error &) {
    noHostMemory(option, fileBytes);
  }
  if (status && fileBytes > maxBytes)
    return false;
  if (status)
    throw RunFailure(option + ": " + error);
  return true;
}

/// `bytes` bytes of `fill` for `what`'s host copy.
std::vector<uint8_t> allocateHost(const std::string &what, size_t bytes,
                                  uint8_t fill = 0) {
  try {
    return std::vector<uint8_t>(bytes, fill);
  } catch (const std::bad_alloc &) {
    noHostMemory(what, bytes);
  } catch (const std::length_error &) {
    noHostMemory(what, bytes);
  }
}

/// A file:PATH input: a descriptor's holds exactly its tensor, so no more
/// than that is read; a pointer's buffer is the file, as large as it is.
void readInputFile(BufferArgument &buffer) {
  uint64_t limit = buffer.isDescriptor ? buffer.bytes() : UINT64_MAX;
  uint64_t fileBytes;
  bool read = readWholeFile("--arg " + buffer.name, buffer.path, limit,
                            buffer.host, fileBytes);
  uint64_t size = read ? buffer.host.size() : fileBytes;
  if (buffer.isDescriptor && size != buffer.bytes())
    throw RunFailure(buffer.path + " has " + std::to_string(size) +
                     " bytes, the tensor of " + buffer.name + " " +
                     std::to_string(buffer.bytes()));
  if (buffer.host.size() % buffer.dtype->size != 0)
    throw RunFailure(
        buffer.path + " has " + std::to_string(buffer.host.size()) +
        " bytes, not a whole number of " + buffer.dtype->name + " elements");
  buffer.count = buffer.host.size() / buffer.dtype->size;
}

/// The device buffer's bytes, on the host; `what` names it if they do not
/// fit.
std::vector<uint8_t> downloadBuffer(BufferArgument &buffer,
                                    const std::string &what) {
  std::vector<uint8_t> data = allocateHost(what, buffer.bytes());
  if (!data.empty())
    buffer.device.download(data.data(), data.size());
  return data;
}

std::string formatElement(const ScalarTypeInfo &type, const uint8_t *element) {
  uint64_t raw = 0;
  std::memcpy(&raw, element, type.size);
  char text[96];
  if (type.isFloat)
    std::snprintf(text, sizeof(text), "%.9g (0x%0*" PRIx64 ")",
                  loadNumber(type, element), int(type.size * 2), raw);
  else
    std::snprintf(text, sizeof(text), "%.0f", loadNumber(type, element));
  return text;
}

struct Comparison {
  size_t mismatches = 0;
  double maxAbsError = 0;
  double maxRelError = 0;
  std::vector<size_t> firstMismatches;
};

Comparison compareBitwise(const ScalarTypeInfo &type,
                          const std::vector<uint8_t> &got,
                          const std::vector<uint8_t> &expected) {
  size_t count = got.size() / type.size;
  std::mutex mutex;
  Comparison total;
  parallelFor(count, [&](size_t begin, size_t end) {
    Comparison part;
    for (size_t i = begin; i < end; ++i) {
      const uint8_t *a = &got[i * type.size];
      const uint8_t *b = &expected[i * type.size];
      if (std::memcmp(a, b, type.size) == 0)
        continue;
      ++part.mismatches;
      if (part.firstMismatches.size() < 10)
        part.firstMismatches.push_back(i);
      if (!type.isFloat)
        continue;
      double x = loadNumber(type, a), y = loadNumber(type, b);
      double absError = std::fabs(x - y);
      if (std::isnan(absError))
        continue;
      part.maxAbsError = std::max(part.maxAbsError, absError);
      if (y != 0)
        part.maxRelError = std::max(part.maxRelError, absError / std::fabs(y));
    }
    std::lock_guard<std::mutex> lock(mutex);
    total.mismatches += part.mismatches;
    total.maxAbsError = std::max(total.maxAbsError, part.maxAbsError);
    total.maxRelError = std::max(total.maxRelError, part.maxRelError);
    total.firstMismatches.insert(total.firstMismatches.end(),
                                 part.firstMismatches.begin(),
                                 part.firstMismatches.end());
  });
  std::sort(total.firstMismatches.begin(), total.firstMismatches.end());
  if (total.firstMismatches.size() > 10)
    total.firstMismatches.resize(10);
  return total;
}

} // namespace

void saveBuffer(BufferArgument &buffer, const std::string &path) {
  std::string option = "--save " + buffer.name;
  std::vector<uint8_t> data = downloadBuffer(buffer, option);
  std::string error;
  if (gluonrt::writeFileReplacing(path, data.data(), data.size(), error))
    throw RunFailure(option + ": " + error);
}

void fillHost(BufferArgument &buffer, uint64_t seed) {
  if (buffer.source == "file")
    return readInputFile(buffer);
  buffer.host = allocateHost("--arg " + buffer.name, buffer.bytes(),
                             buffer.source == "empty" ? 0xff : 0);
  if (buffer.source == "rand") {
    fillRandom(*buffer.dtype, splitMix64(seed ^ hashName(buffer.name)),
               buffer.host.data(), buffer.count);
  } else if (buffer.source == "fill") {
    uint8_t element[8] = {};
    if (buffer.dtype->isFloat) {
      storeNumber(*buffer.dtype,
                  parseFloatValue(buffer.fillValue, {}, "--arg " + buffer.name),
                  element);
    } else {
      int64_t value = evaluate(buffer.fillValue, {}, "--arg " + buffer.name);
      std::memcpy(element, &value, buffer.dtype->size); // low bytes
    }
    for (size_t i = 0; i < buffer.count; ++i)
      std::memcpy(&buffer.host[i * buffer.dtype->size], element,
                  buffer.dtype->size);
  }
}

bool checkBuffer(BufferArgument &buffer, const std::string &path) {
  // No byte past the buffer's size is read: a larger file differs anyway.
  std::string option = "--check " + buffer.name;
  std::vector<uint8_t> expected;
  uint64_t fileBytes;
  bool read = readWholeFile(option, path, buffer.bytes(), expected, fileBytes);
  uint64_t size = read ? expected.size() : fileBytes;
  if (size != buffer.bytes()) {
    std::printf("check %s: %s has %" PRIu64 " bytes, the buffer %zu: FAIL\n",
                buffer.name.c_str(), path.c_str(), size, buffer.bytes());
    return false;
  }
  std::vector<uint8_t> got = downloadBuffer(buffer, option);
  const ScalarTypeInfo &type = *buffer.dtype;
  Comparison result = compareBitwise(type, got, expected);
  std::printf("check %s against %s: %zu of %zu elements differ",
              buffer.name.c_str(), path.c_str(), result.mismatches,
              buffer.count);
  if (result.mismatches && type.isFloat)
    std::printf(" (max abs error %.3g, max rel error %.3g)", result.maxAbsError,
                result.maxRelError);
  std::printf(": %s\n", result.mismatches ? "FAIL" : "OK");
  for (size_t index : result.firstMismatches)
    std::printf("  [%zu] got %s, expected %s\n", index,
                formatElement(type, &got[index * type.size]).c_str(),
                formatElement(type, &expected[index * type.size]).c_str());
  return result.mismatches == 0;
}

} // namespace gluonrun
