//===- main.cpp - gluonc --------------------------------------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"

int main(int argc, char **argv) {
  using namespace gluonc::driver;
  registerTargets();
  DriverOptions options;
  bool exitEarly = false;
  int status = parseCommandLine(argc, argv, options, exitEarly);
  if (exitEarly)
    return status;
  return compile(options);
}
