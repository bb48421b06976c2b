//===- CompilerLog.cpp - gluonc's log lines -------------------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "gluonc/Pipeline/CompilerLog.h"

gluonc::log::Logger &gluonc::getCompilerLog() {
  // Never destroyed: compile threads may still log while main returns.
  static auto *logger = new log::Logger("gluonc", log::Level::Warn);
  return *logger;
}
