//===- HostParallel.h - Host-side helpers for large buffers -----*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// gluon-run and the GPU tests fill and compare buffers of up to 2^28
// elements on the host; these spread that work over the cores and make the
// random data reproducible from a seed.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONRT_HOSTPARALLEL_H
#define GLUONRT_HOSTPARALLEL_H

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <thread>
#include <vector>

namespace gluonrt {

/// Runs body(begin, end) over [0, count), split over all cores when the
/// count is large enough to pay for the threads.
template <typename Body> void parallelFor(size_t count, Body body) {
  size_t threads = std::max(1u, std::thread::hardware_concurrency());
  if (count < (size_t(1) << 16) || threads == 1) {
    body(size_t(0), count);
    return;
  }
  std::vector<std::thread> workers;
  size_t chunk = (count + threads - 1) / threads;
  for (size_t begin = 0; begin < count; begin += chunk)
    workers.emplace_back(body, begin, std::min(count, begin + chunk));
  for (std::thread &worker : workers)
    worker.join();
}

/// SplitMix64: element i of a seeded buffer is splitMix64(seed + i), so any
/// slice can be generated independently.
inline uint64_t splitMix64(uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

} // namespace gluonrt

#endif // GLUONRT_HOSTPARALLEL_H
