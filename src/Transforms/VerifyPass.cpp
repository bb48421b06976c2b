//===- VerifyPass.cpp - Whole-kernel layout checks ------------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "gluonc/Transforms/Passes.h"
#include "gluonc/Transforms/SharedMemory.h"

#include "gluonc/IR/WarpSpecialize.h"

namespace gluonc {
#define GEN_PASS_DEF_GLUONVERIFYLAYOUTS
#include "gluonc/Transforms/Passes.h.inc"
} // namespace gluonc

using namespace mlir;
using namespace gluonc;

namespace {

class VerifyLayoutsPass
    : public gluonc::impl::GluonVerifyLayoutsBase<VerifyLayoutsPass> {
public:
  void runOnOperation() override {
    ModuleOp module = getOperation();
    auto numWarps = module->getAttrOfType<IntegerAttr>(
        gluon::GluonDialect::kNumWarpsAttrName);
    auto warpSize = module->getAttrOfType<IntegerAttr>(
        gluon::GluonDialect::kThreadsPerWarpAttrName);
    if (!numWarps || !warpSize) {
      module.emitError() << "a gluon module needs the '"
                         << gluon::GluonDialect::kNumWarpsAttrName << "' and '"
                         << gluon::GluonDialect::kThreadsPerWarpAttrName
                         << "' attributes";
      return signalPassFailure();
    }
    WalkResult result = module.walk([&](Operation *op) {
      // A worker partition's tensors spread over its own warps.
      int64_t warps = gluon::getWarpScope(op).numWarps;
      for (Type type : op->getResultTypes())
        if (failed(checkTensorType(op, type, warps, warpSize.getInt())))
          return WalkResult::interrupt();
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }

private:
  static LogicalResult checkTensorType(Operation *op, Type type,
                                       int64_t numWarps, int64_t warpSize) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (!tensor)
      return success();
    gluon::LayoutAttrInterface layout = gluon::getLayout(tensor);
    if (!layout)
      return op->emitError() << "tensor " << type
                             << " has no distributed layout";
    if (isa<gluon::AutoLayoutAttr>(layout))
      return op->emitError() << "tensor " << type
                             << " has a layout left to inference; "
                                "gluon-resolve-auto-layouts resolves it";
    if (layout.getRank() != tensor.getRank())
      return op->emitError()
             << "layout " << gluon::layoutToString(layout) << " has rank "
             << layout.getRank() << " but the tensor " << type << " has rank "
             << tensor.getRank();
    if (std::string problem = checkShape(tensor.getShape().vec());
        !problem.empty())
      return op->emitError() << "tensor " << type << ": shape " << problem;
    // A thread's elements travel as one LLVM struct, and LLVM's O3 passes
    // take time that grows much faster than linearly with its size when it
    // is carried around a loop (256: 1 s, 512: 18 s, 1024: 150 s). Few
    // more fit in the 255 registers a thread has anyway.
    constexpr int64_t kMaxElementsPerThread = 256;
    int64_t perThread = gluon::getLinearLayout(tensor).getNumRegisters();
    if (perThread > kMaxElementsPerThread)
      return op->emitError()
             << "tensor " << type << " puts " << perThread
             << " elements in each thread; at most "
             << kMaxElementsPerThread << " are supported";
    if (layout.getNumWarps() != numWarps)
      return op->emitError()
             << "layout " << gluon::layoutToString(layout) << " spreads over "
             << layout.getNumWarps() << " warps, but "
             << (gluon::getWarpScope(op).partition ? "its task runs on "
                                                   : "the kernel runs with ")
             << numWarps << " (num_warps)";
    if (layout.getWarpSize() != warpSize)
      return op->emitError()
             << "layout " << gluon::layoutToString(layout) << " assumes "
             << layout.getWarpSize()
             << " threads per warp, but the target has " << warpSize;
    return success();
  }
};

} // namespace
