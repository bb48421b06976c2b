//===- PredicatedAccess.cpp - Masked accesses as predicated PTX -----------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A masked load or store becomes one predicated PTX instruction in inline
// assembly, `@p ld.global.v4.b32` / `@p st.global.v4.b32`, rather than a
// branch around a plain access. With a branch, LLVM sinks the computation
// of a stored value into the branch (it is only needed there), and ptxas
// then keeps a divergent region (BSSY/BSYNC) around it instead of
// predicating the store; the row kernels lost to that (bench/RESULTS.md,
// "Figures moved out of source comments"). Triton emits the same
// predicated instructions.
//
// The assembly has side effects, so LLVM keeps it in order with every other
// memory access; the loads are not CSE'd or hoisted, which is what a masked
// access of global memory needs anyway.
//
//===----------------------------------------------------------------------===//

#include "NVIDIATargetInfo.h"
#include "PtxAsm.h"

#include "llvm/ADT/Twine.h"

#include <optional>
#include <string>

using namespace mlir;
using namespace gluonc;
using namespace gluonc::nvidia;

namespace {

/// How an access travels through PTX: `words` registers of `wordBits` bits,
/// in a `.v2`/`.v4` vector access when there are several.
struct AccessShape {
  unsigned words;
  unsigned wordBits;
};

unsigned getBitWidth(Type type) {
  if (auto vector = dyn_cast<VectorType>(type))
    return vector.getNumElements() *
           getBitWidth(vector.getElementType());
  if (type.isIntOrFloat())
    return type.getIntOrFloatBitWidth();
  return 0;
}

/// 16-bit accesses use one `.b16` register; 32, 64 and 128 bits one, two
/// or four `.b32` registers. Anything else (bytes, pointers) keeps the
/// branch. A vector access must be aligned to its size.
std::optional<AccessShape> getAccessShape(Type type, unsigned alignment) {
  unsigned bits = getBitWidth(type);
  if (bits == 0 || alignment * 8 < bits)
    return std::nullopt;
  if (bits == 16)
    return AccessShape{1, 16};
  if (bits == 32 || bits == 64 || bits == 128)
    return AccessShape{bits / 32, 32};
  return std::nullopt;
}

/// The PTX state space of an LLVM address space, or nullopt for ones
/// these accesses do not handle.
std::optional<StringRef> getStateSpace(Value ptr) {
  switch (cast<LLVM::LLVMPointerType>(ptr.getType()).getAddressSpace()) {
  case 0:
    return StringRef("");
  case 1:
    return StringRef(".global");
  case 3:
    return StringRef(".shared");
  default:
    return std::nullopt;
  }
}

Type getWordType(OpBuilder &b, AccessShape shape) {
  return b.getIntegerType(shape.wordBits);
}

/// `value` as its registers, lowest bits first.
SmallVector<Value> toWords(OpBuilder &b, Location loc, Value value,
                           AccessShape shape) {
  Type word = getWordType(b, shape);
  if (shape.words == 1)
    return {LLVM::BitcastOp::create(b, loc, word, value)};
  auto vectorType = VectorType::get({int64_t(shape.words)}, word);
  Value vector = LLVM::BitcastOp::create(b, loc, vectorType, value);
  SmallVector<Value> words;
  for (unsigned i = 0; i < shape.words; ++i)
    words.push_back(LLVM::ExtractElementOp::create(
        b, loc, vector,
        LLVM::ConstantOp::create(b, loc, b.getI32Type(),
                                 b.getI32IntegerAttr(i))));
  return words;
}

/// The registers as a value of `type`.
Value fromWords(OpBuilder &b, Location loc, ArrayRef<Value> words,
                Type type, AccessShape shape) {
  if (shape.words == 1)
    return LLVM::BitcastOp::create(b, loc, type, words[0]);
  auto vectorType =
      VectorType::get({int64_t(shape.words)}, getWordType(b, shape));
  Value vector = LLVM::PoisonOp::create(b, loc, vectorType);
  for (auto [i, word] : llvm::enumerate(words))
    vector = LLVM::InsertElementOp::create(
        b, loc, vector, word,
        LLVM::ConstantOp::create(b, loc, b.getI32Type(),
                                 b.getI32IntegerAttr(int32_t(i))));
  return LLVM::BitcastOp::create(b, loc, type, vector);
}

/// "{ $3, $4 }" for registers first..first+count-1, or "$3" for one.
std::string formatRegisters(unsigned first, unsigned count) {
  if (count == 1)
    return "$" + std::to_string(first);
  std::string text = "{ ";
  for (unsigned i = 0; i < count; ++i)
    text += (i ? ", $" : "$") + std::to_string(first + i);
  return text + " }";
}

/// ".v4.b32", ".v2.b32", ".b32" or ".b16".
std::string formatAccessType(AccessShape shape) {
  std::string vector =
      shape.words > 1 ? ".v" + std::to_string(shape.words) : "";
  return vector + ".b" + std::to_string(shape.wordBits);
}

StringRef getConstraint(AccessShape shape) {
  return shape.wordBits == 16 ? "h" : "r";
}

} // namespace

Value NVIDIATargetInfo::lowerPredicatedLoad(OpBuilder &b, Location loc,
                                            Type type, Value ptr,
                                            Value predicate, Value fallback,
                                            unsigned alignment) const {
  std::optional<AccessShape> shape = getAccessShape(type, alignment);
  std::optional<StringRef> space = getStateSpace(ptr);
  if (!shape || !space)
    return {};
  unsigned n = shape->words;
  StringRef reg = getConstraint(*shape);
  // Outputs $0..$n-1, then the address $n, the predicate $n+1 and the
  // fallback registers $n+2..$2n+1, copied into the outputs first.
  std::string asmText;
  for (unsigned i = 0; i < n; ++i)
    asmText += "mov.b" + std::to_string(shape->wordBits) + " $" +
               std::to_string(i) + ", $" + std::to_string(n + 2 + i) + ";\n\t";
  asmText += "@$" + std::to_string(n + 1) + " ld" + space->str() +
             formatAccessType(*shape) + " " + formatRegisters(0, n) +
             ", [ $" + std::to_string(n) + " + 0 ];";
  std::string constraints;
  for (unsigned i = 0; i < n; ++i)
    constraints += ("=" + reg + ",").str();
  constraints += "l,b";
  for (unsigned i = 0; i < n; ++i)
    constraints += ("," + reg).str();

  SmallVector<Value> operands = {ptr, predicate};
  llvm::append_range(operands, toWords(b, loc, fallback, *shape));
  Type word = getWordType(b, *shape);
  Type resultType =
      n == 1 ? word
             : LLVM::LLVMStructType::getLiteral(
                   b.getContext(), SmallVector<Type>(n, word));
  auto asmOp =
      emitPtxAsm(b, loc, resultType, asmText, constraints, operands);
  SmallVector<Value> words;
  if (n == 1)
    words.push_back(asmOp.getResult(0));
  else
    for (unsigned i = 0; i < n; ++i)
      words.push_back(
          LLVM::ExtractValueOp::create(b, loc, asmOp.getResult(0), i));
  return fromWords(b, loc, words, type, *shape);
}

bool NVIDIATargetInfo::lowerPredicatedStore(OpBuilder &b, Location loc,
                                            Value ptr, Value value,
                                            Value predicate,
                                            unsigned alignment) const {
  std::optional<AccessShape> shape =
      getAccessShape(value.getType(), alignment);
  std::optional<StringRef> space = getStateSpace(ptr);
  if (!shape || !space)
    return false;
  unsigned n = shape->words;
  // The address $0, the predicate $1, the registers $2..$n+1.
  std::string asmText = "@$1 st" + space->str() + formatAccessType(*shape) +
                        " [ $0 + 0 ], " + formatRegisters(2, n) + ";";
  std::string constraints = "l,b";
  for (unsigned i = 0; i < n; ++i)
    constraints += ("," + getConstraint(*shape)).str();
  SmallVector<Value> operands = {ptr, predicate};
  llvm::append_range(operands, toWords(b, loc, value, *shape));
  emitPtxAsm(b, loc, Type(), asmText, constraints, operands);
  return true;
}
