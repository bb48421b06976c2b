//===- GluonToLLVMPass.cpp - The gluon-to-LLVM conversion pass ------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// One partial conversion of the whole module to the LLVM dialect: the
// shared patterns, the target's own (Target::populateLoweringPatterns,
// for the pass's arch or the module's gluon.target), and the upstream
// ones for scalars and branches. gluon.predicated_* stay legal here: their
// expansion needs the target's predicated instructions and runs next.
//
//===----------------------------------------------------------------------===//

#include "PatternsImpl.h"

#include "gluonc/Conversion/Utility.h"
#include "gluonc/Pipeline/Target.h"
#include "gluonc/Transforms/SharedMemory.h"

#include "gluonc/IR/Dialect.h"
#include "gluonc/IR/WarpSpecialize.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/UB/IR/UBOps.h"

namespace gluonc {
#define GEN_PASS_REGISTRATION
#define GEN_PASS_DECL_GLUONCONVERTTOLLVM
#define GEN_PASS_DEF_GLUONCONVERTTOLLVM
#include "Passes.h.inc"
} // namespace gluonc

using namespace mlir;
using namespace gluonc;

void gluonc::populateGluonToLLVMPatterns(GluonLLVMTypeConverter &converter,
                                         RewritePatternSet &patterns,
                                         const LoweringContext &context) {
  populateFuncOpToLLVMPatterns(converter, patterns, context);
  populateTensorOpToLLVMPatterns(converter, patterns, context);
  populateMemoryOpToLLVMPatterns(converter, patterns, context);
  populateReduceOpToLLVMPatterns(converter, patterns, context);
  populateScanOpToLLVMPatterns(converter, patterns, context);
  populateShapeOpToLLVMPatterns(converter, patterns);
  populateDotOpToLLVMPatterns(converter, patterns);
  populateInlineAsmOpToLLVMPatterns(converter, patterns);
  populateConvertLayoutOpToLLVMPatterns(converter, patterns, context);
  populateSharedMemoryOpToLLVMPatterns(converter, patterns, context);
  populateElementwiseOpToLLVMPatterns(converter, patterns);
  populateMathOpToLLVMPatterns(converter, patterns, context);
  populateAtomicOpToLLVMPatterns(converter, patterns, context);
  populateAssertOpToLLVMPatterns(converter, patterns, context);
  populateFloat8OpToLLVMPatterns(converter, patterns, context);
  // Scalars and branches (after scf-to-cf) go through the upstream patterns;
  // the tensor patterns above have a higher benefit, so these see scalars.
  arith::populateArithToLLVMConversionPatterns(converter, patterns);
  populateMathToLLVMConversionPatterns(converter, patterns);
  cf::populateControlFlowToLLVMConversionPatterns(converter, patterns);
  index::populateIndexToLLVMConversionPatterns(converter, patterns);
  ub::populateUBToLLVMConversionPatterns(converter, patterns);
}

namespace {

class ConvertGluonToLLVMPass
    : public gluonc::impl::GluonConvertToLLVMBase<ConvertGluonToLLVMPass> {
public:
  using GluonConvertToLLVMBase::GluonConvertToLLVMBase;

  /// The LLVM dialect (Passes.td) and the dialects of the target's
  /// primitives (NVVM, ROCDL).
  void getDependentDialects(DialectRegistry &registry) const override {
    GluonConvertToLLVMBase::getDependentDialects(registry);
    addTargetDialects(registry, arch);
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();
    std::string archName = getPassArch(module, arch);
    if (archName.empty())
      return signalPassFailure();
    const Target &backend = *lookupTargetForArch(archName);
    std::shared_ptr<const TargetInfo> target = backend.getTargetInfo(archName);
    auto numWarps = module->getAttrOfType<IntegerAttr>(
        gluon::GluonDialect::kNumWarpsAttrName);
    if (!numWarps) {
      module.emitError() << "missing '" << gluon::GluonDialect::kNumWarpsAttrName
                         << "' module attribute";
      return signalPassFailure();
    }
    // A warp-specialized kernel's block has every task's warps.
    auto totalWarps = module->getAttrOfType<IntegerAttr>(
        gluon::kTotalNumWarpsAttrName);
    unsigned numThreads =
        (totalWarps ? totalWarps.getInt() : numWarps.getInt()) *
        target->getWarpSize();

    declareSharedMemory(module);
    // Facts are computed on the gluon IR, before any op is rewritten.
    AxisInfoAnalysis axisInfo(module);
    GluonLLVMTypeConverter converter(context);
    RewritePatternSet patterns(context);
    LoweringContext lowering{*target, axisInfo, numThreads};
    populateGluonToLLVMPatterns(converter, patterns, lowering);
    backend.populateLoweringPatterns(archName, converter, patterns, lowering);

    ConversionTarget conversionTarget(*context);
    populateWarpSpecializeOpToLLVMPatterns(converter, patterns,
                                           conversionTarget);
    conversionTarget.addLegalDialect<LLVM::LLVMDialect>();
    target->addLegalDialects(conversionTarget);
    conversionTarget.addIllegalDialect<
        gluon::GluonDialect, arith::ArithDialect, math::MathDialect,
        cf::ControlFlowDialect, func::FuncDialect, index::IndexDialect,
        ub::UBDialect>();
    conversionTarget.addLegalOp<ModuleOp, gluon::PredicatedLoadOp,
                                gluon::PredicatedStoreOp, gluon::PredicatedOp,
                                gluon::PredicatedYieldOp>();
    // A pattern that cannot lower its op says why, at the op; the
    // conversion's own "failed to legalize" that follows would only repeat
    // that it failed.
    bool patternReported = false;
    ScopedDiagnosticHandler quiet(context, [&](Diagnostic &diagnostic) {
      if (diagnostic.getSeverity() != DiagnosticSeverity::Error)
        return failure();
      if (patternReported &&
          StringRef(diagnostic.str()).starts_with("failed to legalize"))
        return success();
      patternReported = true;
      return failure();
    });
    if (failed(applyPartialConversion(module, conversionTarget,
                                      std::move(patterns))))
      return signalPassFailure();
  }

private:
  /// The program's dynamic shared memory, `extern __shared__` in CUDA
  /// terms: sized at launch from the metadata.
  static void declareSharedMemory(ModuleOp module) {
    auto bytes = module->getAttrOfType<IntegerAttr>(kSharedBytesAttrName);
    if (!bytes || bytes.getInt() == 0 ||
        module.lookupSymbol(kSharedMemoryGlobalName))
      return;
    // Aligned as the most demanding allocation (an NVMMA buffer's 1024).
    int64_t alignment = kSharedMemoryAlignment;
    module.walk([&](gluon::LocalAllocOp alloc) {
      alignment = std::max(alignment, getAllocationAlignment(alloc));
    });
    OpBuilder builder(module.getBodyRegion());
    auto type = LLVM::LLVMArrayType::get(builder.getI8Type(), 0);
    LLVM::GlobalOp::create(builder, module.getLoc(), type,
                           /*isConstant=*/false, LLVM::Linkage::External,
                           kSharedMemoryGlobalName, Attribute(), alignment,
                           /*addrSpace=*/3);
  }
};

} // namespace

std::unique_ptr<Pass> gluonc::createConvertGluonToLLVMPass(std::string arch) {
  return std::make_unique<ConvertGluonToLLVMPass>(
      GluonConvertToLLVMOptions{std::move(arch)});
}

void gluonc::buildGluonLoweringPasses(OpPassManager &pm, StringRef arch) {
  // Structured control flow becomes branches first: the lowering's tensor
  // types then only flow through block arguments.
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(createConvertGluonToLLVMPass(arch.str()));
  pm.addPass(createLowerWarpSpecializePass(arch.str()));
  pm.addPass(createExpandPredicatedAccessesPass(arch.str()));
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
}

void gluonc::registerGluonLoweringPasses() {
  registerGluonConversionPasses();
  registerPass([] { return createSCFToControlFlowPass(); });
  registerPass([] { return createReconcileUnrealizedCastsPass(); });
  registerPass([] { return createCanonicalizerPass(); });
  registerPass([] { return createCSEPass(); });
}
