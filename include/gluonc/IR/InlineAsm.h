//===- InlineAsm.h - Operand counting for inline assembly -------*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// How gluon.inline_asm and gluon.inline_asm_elementwise number their
// assembly operands, shared by the verifiers, the lowering and the
// frontend's diagnostics.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_IR_INLINEASM_H
#define GLUONC_IR_INLINEASM_H

#include "mlir/IR/Types.h"
#include "llvm/ADT/StringRef.h"

namespace mlir::gluon {

/// The operands an LLVM constraint string names: its comma-separated
/// entries that are not clobbers (`~{memory}`).
unsigned countConstraintOperands(llvm::StringRef constraints);

/// The assembly operands a value of `type` is to gluon.inline_asm: one per
/// register of a tensor's layout, one for a scalar or a descriptor.
unsigned countAsmRegisters(Type type);

/// How many elements of `elementType` one operand of
/// gluon.inline_asm_elementwise carries: elements narrower than 32 bits
/// share a 32-bit register, at most `packedElement` of them.
unsigned getElementsPerAsmRegister(Type elementType, unsigned packedElement);

} // namespace mlir::gluon

#endif // GLUONC_IR_INLINEASM_H
