//===- AMDOps.h - The gluon ops only AMD lowers -----------------*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The declarations of the ops of GluonAMDOps.td: MFMA, buffer loads and
// stores (to registers and to LDS) and the markers of warp pipelines. Only
// the code that builds, verifies, lowers or plans around them includes
// this header; the rest of the compiler sees the dialect and its common
// ops (Dialect.h) and does not parse these declarations.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_IR_AMDOPS_H
#define GLUONC_IR_AMDOPS_H

#include "gluonc/IR/Dialect.h"

GLUONC_BEGIN_GENERATED_CODE
#define GET_OP_CLASSES
#include "gluonc/IR/GluonAMDOps.h.inc"
GLUONC_END_GENERATED_CODE

#endif // GLUONC_IR_AMDOPS_H
