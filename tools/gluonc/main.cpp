//===- main.cpp - gluonc --------------------------------------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "Cache.h"
#include "Driver.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/InitLLVM.h"

#include <chrono>
#include <iostream>

int main(int argc, char **argv) {
  using namespace gluonc::driver;
  // A crash is a bug: print a stack trace that can be reported.
  llvm::InitLLVM init(argc, argv);
  registerTargets();
  // A subcommand comes first; a kernel file named "layout" is ./layout.
  if (argc > 1 && llvm::StringRef(argv[1]) == "layout")
    return runLayoutCommand(argc - 1, argv + 1);
  if (argc > 1 && llvm::StringRef(argv[1]) == "build")
    return runBuildCommand(argc - 1, argv + 1);
  if (argc > 1 && llvm::StringRef(argv[1]) == "cache")
    return runCacheCommand(argc - 1, argv + 1);
  if (argc > 1 && llvm::StringRef(argv[1]) == "golden")
    return runGoldenCommand(argc - 1, argv + 1);
  DriverOptions options;
  bool exitEarly = false;
  int status = parseCommandLine(argc, argv, options, exitEarly);
  if (exitEarly)
    return status;
  if (!options.timeReport)
    return compile(options);
  gluonc::StepTimes times;
  CompileIO io{std::cerr, &times};
  auto start = std::chrono::steady_clock::now();
  status = compile(options, io);
  std::chrono::duration<double> wall = std::chrono::steady_clock::now() - start;
  std::cerr << formatTimeReport(times, wall.count(), 1, 1);
  return status;
}
