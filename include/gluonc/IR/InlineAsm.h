//===- InlineAsm.h - Operand counting for inline assembly -------*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// How gluon.inline_asm and gluon.inline_asm_elementwise number their
// assembly operands, and what their templates may contain, shared by the
// verifiers, the lowering and the frontend's diagnostics.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_IR_INLINEASM_H
#define GLUONC_IR_INLINEASM_H

#include "mlir/IR/Types.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

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

/// What is wrong with an assembly template, and where (a byte offset).
struct AsmTemplateError {
  size_t offset;
  std::string message;
};

/// The first thing in `asmString` that LLVM's AsmPrinter would abort on
/// (a `$` reference it cannot read, an operand number not below
/// `numOperands`) or that would make an assembler read a host file
/// (InlineAsmTemplate.cpp has the grammar); nullopt when there is none.
/// The frontend reports it at the string, the verifiers at the op.
std::optional<AsmTemplateError> checkAsmTemplate(llvm::StringRef asmString,
                                                 unsigned numOperands);

} // namespace mlir::gluon

#endif // GLUONC_IR_INLINEASM_H
