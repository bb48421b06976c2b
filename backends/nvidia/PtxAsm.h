//===- PtxAsm.h - Inline PTX statements ---------------------------*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The NVIDIA lowerings write the instructions LLVM's NVPTX backend has no
// intrinsic for (TMA, mbarriers, wgmma, predicated accesses, atomics with
// a predicate) as inline PTX; every one is an llvm.inline_asm with side
// effects in AT&T dialect, made here.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_BACKENDS_NVIDIA_PTXASM_H
#define GLUONC_BACKENDS_NVIDIA_PTXASM_H

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

namespace gluonc::nvidia {

/// `text` with `constraints` over `operands`, kept where it stands (side
/// effects); `resultType` null for a statement without outputs.
inline mlir::LLVM::InlineAsmOp
emitPtxAsm(mlir::OpBuilder &b, mlir::Location loc, mlir::Type resultType,
           llvm::StringRef text, llvm::StringRef constraints,
           mlir::ValueRange operands) {
  return mlir::LLVM::InlineAsmOp::create(
      b, loc, resultType, operands, text, constraints,
      /*has_side_effects=*/true, /*is_align_stack=*/false,
      mlir::LLVM::tailcallkind::TailCallKind::None,
      mlir::LLVM::AsmDialectAttr::get(b.getContext(),
                                      mlir::LLVM::AsmDialect::AD_ATT),
      mlir::ArrayAttr());
}

/// A shared memory address (an LLVM pointer in address space 3) as the
/// 32-bit operand PTX's shared state space takes.
inline mlir::Value toSharedAddress(mlir::OpBuilder &b, mlir::Location loc,
                                   mlir::Value ptr) {
  return mlir::LLVM::PtrToIntOp::create(b, loc, b.getI32Type(), ptr);
}

} // namespace gluonc::nvidia

#endif // GLUONC_BACKENDS_NVIDIA_PTXASM_H
