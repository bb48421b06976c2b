//===- PatternsImpl.h - The pattern groups of the gluon lowering -*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_CONVERSION_PATTERNSIMPL_H
#define GLUONC_CONVERSION_PATTERNSIMPL_H

#include "gluonc/Conversion/GluonToLLVM.h"
#include "gluonc/Transforms/AxisInfo.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"

namespace gluonc {

/// What every gluon op pattern needs beyond the type converter.
struct LoweringContext {
  const TargetInfo &target;
  const AxisInfoAnalysis &axisInfo;
  unsigned numThreads;
};

void populateElementwiseOpToLLVMPatterns(GluonLLVMTypeConverter &converter,
                                         mlir::RewritePatternSet &patterns);
void populateTensorOpToLLVMPatterns(GluonLLVMTypeConverter &converter,
                                    mlir::RewritePatternSet &patterns,
                                    const LoweringContext &context);
void populateMemoryOpToLLVMPatterns(GluonLLVMTypeConverter &converter,
                                    mlir::RewritePatternSet &patterns,
                                    const LoweringContext &context);
void populateReduceOpToLLVMPatterns(GluonLLVMTypeConverter &converter,
                                    mlir::RewritePatternSet &patterns,
                                    const LoweringContext &context);
void populateScanOpToLLVMPatterns(GluonLLVMTypeConverter &converter,
                                  mlir::RewritePatternSet &patterns,
                                  const LoweringContext &context);
void populateShapeOpToLLVMPatterns(GluonLLVMTypeConverter &converter,
                                   mlir::RewritePatternSet &patterns);
/// AMD's buffer loads and stores (gluon.buffer_load, gluon.buffer_store).
void populateBufferOpToLLVMPatterns(GluonLLVMTypeConverter &converter,
                                    mlir::RewritePatternSet &patterns,
                                    const LoweringContext &context);
/// gluon.inline_asm and gluon.inline_asm_elementwise.
void populateInlineAsmOpToLLVMPatterns(GluonLLVMTypeConverter &converter,
                                       mlir::RewritePatternSet &patterns);
/// The FMA dot (gluon.dot_fma) and AMD's matrix cores (gluon.mfma).
void populateDotOpToLLVMPatterns(GluonLLVMTypeConverter &converter,
                                 mlir::RewritePatternSet &patterns,
                                 const LoweringContext &context);
void populateConvertLayoutOpToLLVMPatterns(GluonLLVMTypeConverter &converter,
                                           mlir::RewritePatternSet &patterns,
                                           const LoweringContext &context);
/// Also teaches `converter` that a descriptor is an !llvm.ptr<3>.
void populateSharedMemoryOpToLLVMPatterns(GluonLLVMTypeConverter &converter,
                                          mlir::RewritePatternSet &patterns,
                                          const LoweringContext &context);
void populateAtomicOpToLLVMPatterns(GluonLLVMTypeConverter &converter,
                                    mlir::RewritePatternSet &patterns,
                                    const LoweringContext &context);
void populateAssertOpToLLVMPatterns(GluonLLVMTypeConverter &converter,
                                    mlir::RewritePatternSet &patterns,
                                    const LoweringContext &context);
void populateFloat8OpToLLVMPatterns(GluonLLVMTypeConverter &converter,
                                    mlir::RewritePatternSet &patterns,
                                    const LoweringContext &context);
void populateMathOpToLLVMPatterns(GluonLLVMTypeConverter &converter,
                                  mlir::RewritePatternSet &patterns,
                                  const LoweringContext &context);
void populateFuncOpToLLVMPatterns(GluonLLVMTypeConverter &converter,
                                  mlir::RewritePatternSet &patterns,
                                  const LoweringContext &context);

} // namespace gluonc

#endif // GLUONC_CONVERSION_PATTERNSIMPL_H
