//===- StepTimes.h - Seconds per step of a compile --------------*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// What --time-report adds up: each step of one compile (a pipeline stage, a
// part of codegen) appends its wall time here, in the order it ran. One
// list per compile, so threads compiling other kernels never share it.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_PIPELINE_STEPTIMES_H
#define GLUONC_PIPELINE_STEPTIMES_H

#include "gluonc/Pipeline/CompilerLog.h"

#include <chrono>
#include <string>
#include <utility>
#include <vector>

namespace gluonc {

/// (step, seconds), in the order the steps ran; a step may repeat (the
/// occupancy re-assembly) and is then added up by the report.
using StepTimes = std::vector<std::pair<std::string, double>>;

/// Appends the seconds from its construction to its destruction to
/// `times` under `step`, and logs them at debug level.
class ScopedStepTimer {
public:
  ScopedStepTimer(StepTimes &times, std::string step)
      : times(times), step(std::move(step)),
        start(std::chrono::steady_clock::now()) {}
  ~ScopedStepTimer() {
    std::chrono::duration<double> elapsed =
        std::chrono::steady_clock::now() - start;
    getCompilerLog().debug("{}: {:.1f} ms", step, elapsed.count() * 1e3);
    times.emplace_back(std::move(step), elapsed.count());
  }
  ScopedStepTimer(const ScopedStepTimer &) = delete;
  ScopedStepTimer &operator=(const ScopedStepTimer &) = delete;

private:
  StepTimes &times;
  std::string step;
  std::chrono::steady_clock::time_point start;
};

} // namespace gluonc

#endif // GLUONC_PIPELINE_STEPTIMES_H
