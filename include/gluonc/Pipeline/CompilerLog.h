//===- CompilerLog.h - gluonc's log lines (-v, --log-level) -----*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The one logger of the compiler: the driver sets its level (-v is info,
// --log-level any), every part of the compiler writes to it. info: what a
// compile decided and wrote (plans, register budgets, occupancy, files);
// debug: each step's time and the assembler's choices; trace: more.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_PIPELINE_COMPILERLOG_H
#define GLUONC_PIPELINE_COMPILERLOG_H

#include "gluonc/Support/Log.h"

namespace gluonc {

/// Lines read "gluonc: info: ...", on stderr or the thread's stream.
log::Logger &getCompilerLog();

} // namespace gluonc

#endif // GLUONC_PIPELINE_COMPILERLOG_H
