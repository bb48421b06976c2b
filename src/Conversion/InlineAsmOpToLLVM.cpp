//===- InlineAsmOpToLLVM.cpp - Inline assembly, per thread ----------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Both ops become llvm.inline_asm. Its results (a struct when there are
// several) are the assembly's output operands, numbered first; its
// operands follow.
//
//  - gluon.inline_asm: one call per thread. A tensor contributes each of
//    its registers, in register order; a scalar itself; a shared memory
//    descriptor the i32 shared address of its origin.
//  - gluon.inline_asm_elementwise: one call per `packed_element`
//    registers, elements narrower than 32 bits travelling as 32-bit
//    vectors, as Triton lowers it; registers past the last full group are
//    padded with zeros and their results dropped.
//
// Pointers travel as 64-bit integers (the "l" constraint).
//
//===----------------------------------------------------------------------===//

#include "PatternsImpl.h"

#include "gluonc/Conversion/Utility.h"

#include "gluonc/IR/Dialect.h"
#include "gluonc/IR/InlineAsm.h"

using namespace mlir;
using namespace gluonc;

namespace {

Value toAsmOperand(OpBuilder &b, Location loc, Value value) {
  if (isa<LLVM::LLVMPointerType>(value.getType()))
    return LLVM::PtrToIntOp::create(b, loc, b.getI64Type(), value);
  return value;
}

Type toAsmType(Type type) {
  if (isa<LLVM::LLVMPointerType>(type))
    return IntegerType::get(type.getContext(), 64);
  return type;
}

Value fromAsmResult(OpBuilder &b, Location loc, Value value, Type type) {
  if (isa<LLVM::LLVMPointerType>(type))
    return LLVM::IntToPtrOp::create(b, loc, type, value);
  return value;
}

/// Emits the assembly and returns its output operands, in order.
SmallVector<Value> emitAsm(OpBuilder &b, Location loc, ArrayRef<Type> outputs,
                           ValueRange operands, StringRef asmString,
                           StringRef constraints, bool pure) {
  Type resultType;
  if (outputs.size() == 1)
    resultType = outputs[0];
  else if (outputs.size() > 1)
    resultType = LLVM::LLVMStructType::getLiteral(b.getContext(), outputs);
  auto asmOp = LLVM::InlineAsmOp::create(
      b, loc, resultType, operands, asmString, constraints,
      /*has_side_effects=*/!pure, /*is_align_stack=*/false,
      LLVM::tailcallkind::TailCallKind::None,
      LLVM::AsmDialectAttr::get(b.getContext(), LLVM::AsmDialect::AD_ATT),
      ArrayAttr());
  SmallVector<Value> results;
  if (outputs.size() == 1)
    results.push_back(asmOp.getResult(0));
  else
    for (unsigned i = 0; i < outputs.size(); ++i)
      results.push_back(
          LLVM::ExtractValueOp::create(b, loc, asmOp.getResult(0), i));
  return results;
}

struct InlineAsmOpConversion
    : public ConvertOpToLLVMPattern<gluon::InlineAsmOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(gluon::InlineAsmOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<Value> operands;
    for (auto [arg, lowered] : llvm::zip(op.getArgs(), adaptor.getArgs())) {
      if (isa<gluon::MemDescType>(arg.getType())) {
        operands.push_back(LLVM::PtrToIntOp::create(
            rewriter, loc, rewriter.getI32Type(), lowered));
      } else if (isa<RankedTensorType>(arg.getType())) {
        for (Value reg : unpackRegisters(rewriter, loc, lowered))
          operands.push_back(toAsmOperand(rewriter, loc, reg));
      } else {
        operands.push_back(toAsmOperand(rewriter, loc, lowered));
      }
    }
    // Each result's registers, in order, as the assembly's outputs.
    SmallVector<Type> outputs;
    SmallVector<Type> resultTypes;
    for (Type type : op.getResultTypes()) {
      Type lowered = getTypeConverter()->convertType(type);
      resultTypes.push_back(lowered);
      Type element = getTypeConverter()->convertType(getElementTypeOrSelf(type));
      for (unsigned i = 0, e = gluon::countAsmRegisters(type); i < e; ++i)
        outputs.push_back(toAsmType(element));
    }
    SmallVector<Value> registers =
        emitAsm(rewriter, loc, outputs, operands, op.getAsmString(),
                op.getConstraints(), op.getPure());
    SmallVector<Value> results;
    unsigned next = 0;
    for (auto [type, lowered] : llvm::zip(op.getResultTypes(), resultTypes)) {
      Type element = getTypeConverter()->convertType(getElementTypeOrSelf(type));
      SmallVector<Value> regs;
      for (unsigned i = 0, e = gluon::countAsmRegisters(type); i < e; ++i)
        regs.push_back(fromAsmResult(rewriter, loc, registers[next++], element));
      results.push_back(isa<RankedTensorType>(type)
                            ? packRegisters(rewriter, loc, lowered, regs)
                            : regs[0]);
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

struct InlineAsmElementwiseOpConversion
    : public ConvertOpToLLVMPattern<gluon::InlineAsmElementwiseOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(gluon::InlineAsmElementwiseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    unsigned pack = op.getPackedElement();
    SmallVector<SmallVector<Value>> args;
    SmallVector<Type> argElements;
    for (auto [arg, lowered] : llvm::zip(op.getArgs(), adaptor.getArgs())) {
      args.push_back(unpackRegisters(rewriter, loc, lowered));
      argElements.push_back(getTypeConverter()->convertType(
          getElementTypeOrSelf(arg.getType())));
    }
    size_t numRegisters = args[0].size();
    // Pad every argument to a whole number of groups.
    size_t padded = (numRegisters + pack - 1) / pack * pack;
    for (auto [regs, element] : llvm::zip(args, argElements))
      while (regs.size() < padded)
        regs.push_back(LLVM::ZeroOp::create(rewriter, loc, element));

    SmallVector<Type> resultElements;
    for (Type type : op.getResultTypes())
      resultElements.push_back(
          getTypeConverter()->convertType(getElementTypeOrSelf(type)));
    SmallVector<SmallVector<Value>> results(op.getNumResults());
    for (size_t first = 0; first < padded; first += pack) {
      SmallVector<Value> operands;
      for (auto [regs, arg, element] :
           llvm::zip(args, op.getArgs(), argElements)) {
        unsigned perRegister = gluon::getElementsPerAsmRegister(
            getElementTypeOrSelf(arg.getType()), pack);
        for (unsigned j = 0; j < pack; j += perRegister)
          operands.push_back(
              packGroup(rewriter, loc,
                        ArrayRef<Value>(regs).slice(first + j, perRegister),
                        element));
      }
      SmallVector<Type> outputs;
      for (auto [type, element] :
           llvm::zip(op.getResultTypes(), resultElements)) {
        unsigned perRegister = gluon::getElementsPerAsmRegister(
            getElementTypeOrSelf(type), pack);
        Type output = perRegister > 1
                          ? VectorType::get({perRegister}, element)
                          : toAsmType(element);
        outputs.append(pack / perRegister, output);
      }
      SmallVector<Value> outs =
          emitAsm(rewriter, loc, outputs, operands, op.getAsmString(),
                  op.getConstraints(), op.getPure());
      unsigned next = 0;
      for (auto [result, type, element] :
           llvm::zip(results, op.getResultTypes(), resultElements)) {
        unsigned perRegister = gluon::getElementsPerAsmRegister(
            getElementTypeOrSelf(type), pack);
        for (unsigned j = 0; j < pack; j += perRegister)
          unpackGroup(rewriter, loc, outs[next++], perRegister, element,
                      result);
      }
    }
    SmallVector<Value> packed;
    for (auto [regs, type] : llvm::zip(results, op.getResultTypes())) {
      regs.resize(numRegisters);
      packed.push_back(packRegisters(
          rewriter, loc, getTypeConverter()->convertType(type), regs));
    }
    rewriter.replaceOp(op, packed);
    return success();
  }

  /// One assembly operand from `group` (one element, or a 32-bit vector of
  /// narrow ones).
  static Value packGroup(OpBuilder &b, Location loc, ArrayRef<Value> group,
                         Type element) {
    if (group.size() == 1)
      return toAsmOperand(b, loc, group[0]);
    auto vectorType = VectorType::get({int64_t(group.size())}, element);
    Value vector = LLVM::UndefOp::create(b, loc, vectorType);
    for (auto [i, value] : llvm::enumerate(group))
      vector = LLVM::InsertElementOp::create(
          b, loc, vector, value, createI32Constant(b, loc, int64_t(i)));
    return vector;
  }

  /// Appends the elements of one assembly output to `result`.
  static void unpackGroup(OpBuilder &b, Location loc, Value output,
                          unsigned perRegister, Type element,
                          SmallVector<Value> &result) {
    if (perRegister == 1) {
      result.push_back(fromAsmResult(b, loc, output, element));
      return;
    }
    for (unsigned i = 0; i < perRegister; ++i)
      result.push_back(LLVM::ExtractElementOp::create(
          b, loc, output, createI32Constant(b, loc, i)));
  }
};

} // namespace

void gluonc::populateInlineAsmOpToLLVMPatterns(
    GluonLLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<InlineAsmOpConversion, InlineAsmElementwiseOpConversion>(
      converter);
}
