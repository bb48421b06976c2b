//===- InlineAsm.cpp - gl.inline_asm, gl.inline_asm_elementwise ---===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// gl.inline_asm(asm, constraints='', args=(), result_types=(),
//               is_pure=False)
//   one block of assembly per thread (gluon.inline_asm). The operands are
//   numbered outputs first: every register of every result, then every
//   register of every argument. `asm` may be a @gluon.constexpr_function,
//   called here with those operand names, ("$0", "$1", ...) grouped per
//   logical operand; `constraints` may be a tuple with one entry per
//   logical output and input, repeated here for each of its registers.
//
// gl.inline_asm_elementwise(asm, constraints, args, dtype, is_pure, pack)
//   Triton's elementwise assembly (gluon.inline_asm_elementwise): the
//   arguments are broadcast to one shape and layout, each call of the
//   assembly takes `pack` elements of each.
//
//===----------------------------------------------------------------------===//

#include "Arguments.h"

#include "gluonc/IR/Dialect.h"
#include "gluonc/IR/InlineAsm.h"

#include <numeric>

using namespace gluonc;
using namespace gluonc::frontend;

namespace {

/// One logical assembly operand: its value and how many registers it is.
struct AsmOperand {
  mlir::Value value;
  unsigned registers = 1;
  bool isDescriptor = false;
};

/// What gl.inline_asm returns: a dtype (a uniform scalar) or a distributed
/// type, with its registers.
struct AsmResultType {
  DType dtype;
  std::vector<int64_t> shape;
  mlir::Attribute layout;
  mlir::Type type;
  unsigned registers = 1;
};

/// The elements of a tuple or list argument; a single value stands for
/// itself.
std::vector<Value> asSequence(const Value &value) {
  if (const std::vector<Value> *elements = value.getSequence())
    return *elements;
  return {value};
}

AsmOperand requireAsmArgument(IRGen &gen, const Value &value, SourceLoc loc) {
  if (auto *shared = value.getIf<SharedMemoryValue>())
    return AsmOperand{shared->value, 1, true};
  if (value.isInt() || value.is<double>() || value.is<bool>()) {
    RuntimeValue scalar = gen.toRuntime(value, loc);
    return AsmOperand{scalar.value, 1, false};
  }
  auto *runtime = value.getIf<RuntimeValue>();
  if (!runtime)
    gen.fail(loc, "gl.inline_asm arguments are tensors, scalars and shared "
                  "memory descriptors, got " +
                      value.getTypeName() + " " + value.toString());
  if (!runtime->isScalar() && !runtime->layout)
    gen.fail(loc, "gl.inline_asm needs tensors with an explicit distributed "
                  "layout");
  return AsmOperand{runtime->value,
                    mlir::gluon::countAsmRegisters(runtime->value.getType()),
                    false};
}

AsmResultType requireResultType(IRGen &gen, const Value &value, SourceLoc loc) {
  AsmResultType result;
  if (auto *dtype = value.getIf<DType>()) {
    result.dtype = *dtype;
    result.type = gen.getMLIRType(*dtype, {}, {});
    return result;
  }
  auto *type = value.getIf<TypeValue>();
  if (!type || type->isSharedMemory)
    gen.fail(loc, "a gl.inline_asm result type is a dtype or a distributed "
                  "type (a tensor's .type or gl.distributed_type(...)), "
                  "got " + value.getTypeName() + " " + value.toString());
  if (!type->layout)
    gen.fail(loc, "gl.inline_asm result tensors need an explicit "
                  "distributed layout");
  result.dtype = type->dtype;
  result.shape = type->shape;
  result.layout = type->layout;
  result.type = gen.getMLIRType(type->dtype, type->shape, type->layout);
  result.registers = mlir::gluon::countAsmRegisters(result.type);
  return result;
}

/// ("$first", "$first+1", ...) for `count` registers.
Value operandNames(unsigned &next, unsigned count) {
  std::vector<Value> names;
  for (unsigned i = 0; i < count; ++i)
    names.push_back(Value("$" + std::to_string(next++)));
  return Value::tuple(names);
}

/// Fails at `loc` (the `asm` argument) unless the template refers only to
/// its `operands` and reads no file (mlir::gluon::checkAsmTemplate).
void checkTemplate(IRGen &gen, const std::string &asmText, unsigned operands,
                   SourceLoc loc, const std::string &function) {
  if (std::optional<mlir::gluon::AsmTemplateError> error =
          mlir::gluon::checkAsmTemplate(asmText, operands))
    gen.fail(loc, function + "'s asm: " + error->message);
}

/// The assembly text: `asm` itself, or what a constexpr generator makes of
/// the operand names.
std::string resolveAsm(IRGen &gen, const Value &asmValue, SourceLoc loc,
                       const std::vector<unsigned> &outputRegisters,
                       const std::vector<unsigned> &inputRegisters) {
  if (auto *text = asmValue.getIf<std::string>())
    return *text;
  auto *function = asmValue.getIf<FunctionValue>();
  if (!function)
    gen.fail(loc, "gl.inline_asm's asm is a string or a "
                  "@gluon.constexpr_function, got " +
                      asmValue.getTypeName());
  if (function->kind != FunctionKind::ConstexprFunction)
    gen.fail(loc, "gl.inline_asm's asm generator must be a "
                  "@gluon.constexpr_function: it runs at compile time");
  unsigned next = 0;
  std::vector<Value> outputs, inputs;
  for (unsigned count : outputRegisters)
    outputs.push_back(operandNames(next, count));
  for (unsigned count : inputRegisters)
    inputs.push_back(operandNames(next, count));
  CallArgs call;
  call.positional = {Value::tuple(outputs), Value::tuple(inputs)};
  call.positionalLocs = {loc, loc};
  call.callLoc = loc;
  Value result = gen.callFunction(*function, call, loc);
  auto *text = result.getIf<std::string>();
  if (!text)
    gen.fail(loc, "gl.inline_asm's asm generator must return a string, "
                  "returned " + result.getTypeName() + " " +
                      result.toString());
  return *text;
}

/// The constraint string: as written, or a tuple's entries repeated for
/// each register of their operand. `total` is the registers of all groups.
std::string resolveConstraints(IRGen &gen, const Value &value, SourceLoc loc,
                               const std::vector<unsigned> &groupRegisters,
                               unsigned total) {
  if (auto *text = value.getIf<std::string>()) {
    unsigned named = mlir::gluon::countConstraintOperands(*text);
    if (named != total)
      gen.fail(loc, "the constraints name " + std::to_string(named) +
                        " operands, but the assembly has " +
                        std::to_string(total) +
                        " (outputs first, one per register)");
    return *text;
  }
  const std::vector<Value> *entries = value.getSequence();
  if (!entries)
    gen.fail(loc, "constraints are a string or a tuple of strings, got " +
                      value.getTypeName());
  if (entries->size() != groupRegisters.size())
    gen.fail(loc, "the constraint tuple has " +
                      std::to_string(entries->size()) +
                      " entries, one per logical output and input needs " +
                      std::to_string(groupRegisters.size()));
  std::string result;
  for (size_t i = 0; i < entries->size(); ++i) {
    auto *entry = (*entries)[i].getIf<std::string>();
    if (!entry)
      gen.fail(loc, "constraint entries are strings, got " +
                        (*entries)[i].getTypeName());
    for (unsigned r = 0; r < groupRegisters[i]; ++r)
      result += (result.empty() ? "" : ",") + *entry;
  }
  return result;
}

Value inlineAsm(IRGen &gen, const BoundArgs &bound) {
  std::vector<AsmOperand> inputs;
  std::vector<mlir::Value> inputValues;
  bool hasDescriptor = false;
  if (bound.has("args"))
    for (const Value &arg : asSequence(bound.get("args"))) {
      inputs.push_back(requireAsmArgument(gen, arg, bound.loc("args")));
      inputValues.push_back(inputs.back().value);
      hasDescriptor |= inputs.back().isDescriptor;
    }
  std::vector<AsmResultType> results;
  bool single = false;
  if (bound.has("result_types")) {
    const Value &types = bound.get("result_types");
    single = !types.getSequence();
    for (const Value &type : asSequence(types))
      results.push_back(requireResultType(gen, type,
                                          bound.loc("result_types")));
  }
  bool pure = bound.has("is_pure") &&
              gen.isTruthy(bound.get("is_pure"), bound.loc("is_pure"));
  if (pure && hasDescriptor)
    gen.fail(bound.loc("is_pure"),
             "gl.inline_asm with a shared memory descriptor argument must "
             "not be is_pure=True: the assembly may write through it");

  std::vector<unsigned> outputRegisters, inputRegisters;
  for (const AsmResultType &result : results)
    outputRegisters.push_back(result.registers);
  for (const AsmOperand &input : inputs)
    inputRegisters.push_back(input.registers);
  std::string asmText = resolveAsm(gen, bound.get("asm"), bound.loc("asm"),
                                   outputRegisters, inputRegisters);
  std::vector<unsigned> groups = outputRegisters;
  groups.insert(groups.end(), inputRegisters.begin(), inputRegisters.end());
  unsigned operands = std::accumulate(groups.begin(), groups.end(), 0u);
  std::string constraints =
      bound.has("constraints")
          ? resolveConstraints(gen, bound.get("constraints"),
                               bound.loc("constraints"), groups, operands)
          : resolveConstraints(gen, Value(std::string()), bound.callLoc(),
                               groups, operands);
  checkTemplate(gen, asmText, operands, bound.loc("asm"), "gl.inline_asm");

  std::vector<mlir::Type> resultTypes;
  for (const AsmResultType &result : results)
    resultTypes.push_back(result.type);
  auto op = mlir::gluon::InlineAsmOp::create(
      gen.getBuilder(), gen.getLoc(bound.callLoc()), resultTypes, inputValues,
      asmText, constraints, pure);
  std::vector<Value> values;
  for (auto [result, value] : llvm::zip(results, op.getResults()))
    values.push_back(
        RuntimeValue{value, result.dtype, result.shape, result.layout});
  if (values.empty())
    return Value();
  if (single)
    return values[0];
  return Value::tuple(values);
}

Value inlineAsmElementwise(IRGen &gen, const BoundArgs &bound) {
  auto *asmText = bound.get("asm").getIf<std::string>();
  if (!asmText)
    gen.fail(bound.loc("asm"), "gl.inline_asm_elementwise's asm is a string, "
                               "got " +
                                   bound.get("asm").getTypeName());
  auto *constraints = bound.get("constraints").getIf<std::string>();
  if (!constraints)
    gen.fail(bound.loc("constraints"),
             "gl.inline_asm_elementwise's constraints are a string, got " +
                 bound.get("constraints").getTypeName());
  int64_t pack = gen.requireInt(bound.get("pack"), bound.loc("pack"), "pack");
  if (pack < 1 || pack > 32)
    gen.fail(bound.loc("pack"), "pack must be between 1 and 32, got " +
                                    std::to_string(pack));
  bool pure = gen.isTruthy(bound.get("is_pure"), bound.loc("is_pure"));

  // Arguments broadcast to one shape and layout, as a binary op would.
  std::vector<RuntimeValue> values;
  for (const Value &arg : asSequence(bound.get("args"))) {
    if (arg.is<SharedMemoryValue>())
      gen.fail(bound.loc("args"), "gl.inline_asm_elementwise takes tensors "
                                  "and scalars; use gl.inline_asm for a "
                                  "shared memory descriptor");
    values.push_back(arg.isRuntime() ? arg.get<RuntimeValue>()
                                     : gen.toRuntime(arg, bound.loc("args")));
  }
  // The common shape: every argument broadcast against a running target,
  // then every argument broadcast to it.
  std::optional<RuntimeValue> target;
  for (const RuntimeValue &value : values)
    if (!value.isScalar()) {
      if (!target) {
        target = value;
        continue;
      }
      RuntimeValue other = value;
      gen.broadcastPair(*target, other, bound.callLoc(), bound.loc("args"),
                        bound.loc("args"));
    }
  if (!target)
    gen.fail(bound.loc("args"), "gl.inline_asm_elementwise needs at least "
                                "one tensor argument");
  for (RuntimeValue &value : values)
    if (value.shape != target->shape || value.layout != target->layout)
      value = gen.broadcastTo(value, target->shape, target->layout,
                              bound.loc("args"));

  std::vector<DType> dtypes;
  const Value &dtypeValue = bound.get("dtype");
  bool single = !dtypeValue.getSequence();
  for (const Value &dtype : asSequence(dtypeValue)) {
    auto *type = dtype.getIf<DType>();
    if (!type)
      gen.fail(bound.loc("dtype"), "gl.inline_asm_elementwise's dtype is a "
                                   "dtype or a tuple of dtypes, got " +
                                       dtype.getTypeName());
    dtypes.push_back(*type);
  }

  // The operand count the constraints must name, per call of the assembly.
  unsigned operands = 0;
  auto count = [&](DType dtype) {
    mlir::Type element = gen.getMLIRType(dtype, {}, {});
    unsigned perRegister =
        mlir::gluon::getElementsPerAsmRegister(element, unsigned(pack));
    if (pack % perRegister != 0)
      gen.fail(bound.loc("pack"),
               "pack " + std::to_string(pack) + " does not fill whole 32-bit "
               "registers of " + dtype.getGluonName());
    operands += unsigned(pack) / perRegister;
  };
  for (DType dtype : dtypes)
    count(dtype);
  for (const RuntimeValue &value : values)
    count(value.dtype);
  unsigned named = mlir::gluon::countConstraintOperands(*constraints);
  if (named != operands)
    gen.fail(bound.loc("constraints"),
             "the constraints name " + std::to_string(named) +
                 " operands, but each call of the assembly has " +
                 std::to_string(operands) +
                 " (outputs first; elements narrower than 32 bits share a "
                 "register)");
  checkTemplate(gen, *asmText, operands, bound.loc("asm"),
                "gl.inline_asm_elementwise");

  std::vector<mlir::Type> resultTypes;
  for (DType dtype : dtypes)
    resultTypes.push_back(
        gen.getMLIRType(dtype, target->shape, target->layout));
  std::vector<mlir::Value> operandValues;
  for (const RuntimeValue &value : values)
    operandValues.push_back(value.value);
  auto op = mlir::gluon::InlineAsmElementwiseOp::create(
      gen.getBuilder(), gen.getLoc(bound.callLoc()), resultTypes, operandValues,
      *asmText, *constraints, pure, uint32_t(pack));
  std::vector<Value> results;
  for (auto [dtype, value] : llvm::zip(dtypes, op.getResults()))
    results.push_back(
        RuntimeValue{value, dtype, target->shape, target->layout});
  return single ? results[0] : Value::tuple(results);
}

} // namespace

void gluonc::frontend::registerInlineAsmBuiltins(BuiltinTable &table) {
  table.addFunction({"gl.inline_asm"},
                    "asm, constraints=None, args=None, result_types=None, "
                    "is_pure=False",
                    withIRGen(inlineAsm));
  table.addFunction({"gl.inline_asm_elementwise"},
                    "asm, constraints, args, dtype, is_pure, pack",
                    withIRGen(inlineAsmElementwise));
}
