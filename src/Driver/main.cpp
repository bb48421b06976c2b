//===- main.cpp - gluonc --------------------------------------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"

#include "llvm/Support/InitLLVM.h"

int main(int argc, char **argv) {
  using namespace gluonc::driver;
  // A crash is a bug: print a stack trace that can be reported.
  llvm::InitLLVM init(argc, argv);
  registerTargets();
  DriverOptions options;
  bool exitEarly = false;
  int status = parseCommandLine(argc, argv, options, exitEarly);
  if (exitEarly)
    return status;
  return compile(options);
}
