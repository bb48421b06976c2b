//===- main.cpp - gluonc --------------------------------------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/InitLLVM.h"

int main(int argc, char **argv) {
  using namespace gluonc::driver;
  // A crash is a bug: print a stack trace that can be reported.
  llvm::InitLLVM init(argc, argv);
  registerTargets();
  // A subcommand comes first; a kernel file named "layout" is ./layout.
  if (argc > 1 && llvm::StringRef(argv[1]) == "layout")
    return runLayoutCommand(argc - 1, argv + 1);
  DriverOptions options;
  bool exitEarly = false;
  int status = parseCommandLine(argc, argv, options, exitEarly);
  if (exitEarly)
    return status;
  return compile(options);
}
