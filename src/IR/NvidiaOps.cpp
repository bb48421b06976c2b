//===- NvidiaOps.cpp - The gluon ops only NVIDIA lowers -------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The definitions ODS generates for GluonNvidiaOps.td, their registration,
// and the verifiers of the mbarrier and TMA ops, from the checks the
// frontend shares (Async.h). The verifiers of gluon.mma_v2 and
// gluon.warpgroup_mma are in MmaV2Ops.cpp and WarpgroupMmaOps.cpp, beside
// the plans their lowerings follow.
//
//===----------------------------------------------------------------------===//

#include "gluonc/IR/NvidiaOps.h"

#include "gluonc/IR/Async.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::gluon;

GLUONC_BEGIN_GENERATED_CODE
#define GET_OP_CLASSES
#include "gluonc/IR/GluonNvidiaOps.cpp.inc"
GLUONC_END_GENERATED_CODE

void GluonDialect::registerNvidiaOps() {
  addOperations<
#define GET_OP_LIST
#include "gluonc/IR/GluonNvidiaOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// mbarriers and TMA copies
//===----------------------------------------------------------------------===//

template <typename OpTy> static LogicalResult verifyBarrierOperand(OpTy op) {
  std::string problem = checkMBarrierType(op.getBarrier().getType());
  if (!problem.empty())
    return op.emitOpError() << problem;
  return success();
}

LogicalResult InitBarrierOp::verify() { return verifyBarrierOperand(*this); }
LogicalResult InvalidateBarrierOp::verify() {
  return verifyBarrierOperand(*this);
}
LogicalResult BarrierExpectOp::verify() { return verifyBarrierOperand(*this); }
LogicalResult ArriveBarrierOp::verify() { return verifyBarrierOperand(*this); }
LogicalResult WaitBarrierOp::verify() { return verifyBarrierOperand(*this); }
LogicalResult AsyncCopyMBarrierArriveOp::verify() {
  return verifyBarrierOperand(*this);
}

template <typename OpTy>
static LogicalResult verifyTMACopy(OpTy op, Value buffer) {
  TensorDescType desc = op.getDesc().getType();
  if (op.getCoords().size() != desc.getRank())
    return op.emitOpError()
           << "takes " << desc.getRank() << " coordinates for a block of rank "
           << desc.getRank() << ", got " << op.getCoords().size();
  std::string problem = checkTMABuffer(desc, buffer);
  if (!problem.empty())
    return op.emitOpError() << problem;
  return success();
}

LogicalResult AsyncTMALoadOp::verify() {
  if (failed(verifyTMACopy(*this, getDst())))
    return failure();
  std::string problem = checkMBarrierType(getBarrier().getType());
  if (!problem.empty())
    return emitOpError() << problem;
  return success();
}

LogicalResult AsyncTMAStoreOp::verify() {
  return verifyTMACopy(*this, getSrc());
}
