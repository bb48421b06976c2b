//===- TimeReport.cpp - --time-report's table -----------------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Adds up each step's seconds over every compile (a step repeated within
// one, such as the occupancy re-assembly, counts once per run) and prints
// them in the pipeline's order (codegen's steps where codegen runs, each
// target's in the order they first ran), like clang's -ftime-report.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"

#include "gluonc/Pipeline/Pipeline.h"

#include <algorithm>
#include <cstdio>
#include <map>

using namespace gluonc;

/// Where `step` comes in a compile: the cache lookup, parse and irgen,
/// the stages, then packing and writing the files.
static int rankOf(llvm::StringRef step) {
  if (step == "cache")
    return -3;
  if (step == "parse")
    return -2;
  if (step == "irgen")
    return -1;
  const std::vector<std::string> &stages = Pipeline::getStageNames();
  auto stage = std::find(stages.begin(), stages.end(),
                         step.split(':').first.str());
  if (stage != stages.end())
    return int(stage - stages.begin());
  return int(stages.size()) + (step == "write");
}

std::string gluonc::driver::formatTimeReport(const StepTimes &times,
                                             double wallSeconds,
                                             unsigned compiles,
                                             unsigned threads) {
  std::vector<std::string> order;
  std::map<std::string, double> sums;
  double total = 0;
  for (const auto &[step, seconds] : times) {
    if (!sums.count(step))
      order.push_back(step);
    sums[step] += seconds;
    // The steps do not nest: codegen is timed by its parts only.
    total += seconds;
  }
  std::stable_sort(order.begin(), order.end(),
                   [](const std::string &a, const std::string &b) {
                     return rankOf(a) < rankOf(b);
                   });
  std::string rule(72, '=');
  char line[160];
  std::string text = rule + "\n  gluonc time report\n" + rule + "\n";
  std::snprintf(line, sizeof line,
                "  %u compile%s on %u thread%s: %.4f s wall, %.4f s in the "
                "steps below\n\n",
                compiles, compiles == 1 ? "" : "s", threads,
                threads == 1 ? "" : "s", wallSeconds, total);
  text += line;
  text += "   Seconds    Share  Step\n";
  for (const std::string &step : order) {
    std::snprintf(line, sizeof line, "  %8.4f  %6.1f%%  %s\n", sums[step],
                  total > 0 ? 100 * sums[step] / total : 0.0, step.c_str());
    text += line;
  }
  std::snprintf(line, sizeof line, "  %8.4f  %6.1f%%  total\n", total, 100.0);
  return text + line;
}
