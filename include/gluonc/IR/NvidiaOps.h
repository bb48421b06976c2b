//===- NvidiaOps.h - The gluon ops only NVIDIA lowers -----------*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The declarations of the ops of GluonNvidiaOps.td: mbarriers, TMA copies,
// the async-proxy fence, mma.sync and warpgroup MMA. Only the code that
// builds, verifies, lowers or plans around them includes this header; the
// rest of the compiler sees the dialect and its common ops (Dialect.h)
// and does not parse these declarations.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_IR_NVIDIAOPS_H
#define GLUONC_IR_NVIDIAOPS_H

#include "gluonc/IR/Dialect.h"

GLUONC_BEGIN_GENERATED_CODE
#define GET_OP_CLASSES
#include "gluonc/IR/GluonNvidiaOps.h.inc"
GLUONC_END_GENERATED_CODE

#endif // GLUONC_IR_NVIDIAOPS_H
