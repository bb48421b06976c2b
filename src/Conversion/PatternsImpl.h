//===- PatternsImpl.h - The pattern groups of the gluon lowering -*- C++
//-*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The groups of shared patterns populateGluonToLLVMPatterns adds, one per
// file of src/Conversion. A backend's own patterns are declared in its
// folder and added through Target::populateLoweringPatterns (Target.h).
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_CONVERSION_PATTERNSIMPL_H
#define GLUONC_CONVERSION_PATTERNSIMPL_H

#include "gluonc/Conversion/GluonToLLVM.h"
#include "gluonc/Transforms/AxisInfo.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"

namespace gluonc {

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
/// gluon.inline_asm and gluon.inline_asm_elementwise.
void populateInlineAsmOpToLLVMPatterns(GluonLLVMTypeConverter &converter,
                                       mlir::RewritePatternSet &patterns);
/// The FMA dot (gluon.dot_fma).
void populateDotOpToLLVMPatterns(GluonLLVMTypeConverter &converter,
                                 mlir::RewritePatternSet &patterns);
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
/// gluon.warp_specialize keeps its place through the conversion, its types
/// converted; createLowerWarpSpecializePass lowers it afterwards.
void populateWarpSpecializeOpToLLVMPatterns(GluonLLVMTypeConverter &converter,
                                            mlir::RewritePatternSet &patterns,
                                            mlir::ConversionTarget &target);
void populateFuncOpToLLVMPatterns(GluonLLVMTypeConverter &converter,
                                  mlir::RewritePatternSet &patterns,
                                  const LoweringContext &context);

} // namespace gluonc

#endif // GLUONC_CONVERSION_PATTERNSIMPL_H
