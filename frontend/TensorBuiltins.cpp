//===- TensorBuiltins.cpp - gl.* operations on tensors --------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "TensorBuiltins.h"

#include "BoundArgs.h"
#include "SharedMemoryBuiltins.h"

#include "gluonc/IR/Dialect.h"
#include "gluonc/Layout/Plans.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

#include <functional>
#include <map>

using namespace gluonc;
using namespace gluonc::frontend;

namespace {

//===----------------------------------------------------------------------===//
// Math
//===----------------------------------------------------------------------===//

using UnaryBuilder =
    std::function<mlir::Value(mlir::OpBuilder &, mlir::Location, mlir::Value)>;

template <typename OpTy> UnaryBuilder unary() {
  return [](mlir::OpBuilder &b, mlir::Location loc, mlir::Value x) {
    return OpTy::create(b, loc, x).getResult();
  };
}

/// Float functions of one argument. fp16 and bf16 are computed in fp32, as
/// Triton does: the hardware and libdevice work in fp32.
const std::map<std::string, UnaryBuilder> &floatFunctions() {
  static const std::map<std::string, UnaryBuilder> functions = {
      {"exp", unary<mlir::math::ExpOp>()},
      {"exp2", unary<mlir::math::Exp2Op>()},
      {"log", unary<mlir::math::LogOp>()},
      {"log2", unary<mlir::math::Log2Op>()},
      {"sqrt", unary<mlir::math::SqrtOp>()},
      {"sqrt_rn", unary<mlir::math::SqrtOp>()},
      {"rsqrt", unary<mlir::math::RsqrtOp>()},
      {"sin", unary<mlir::math::SinOp>()},
      {"cos", unary<mlir::math::CosOp>()},
      {"floor", unary<mlir::math::FloorOp>()},
      {"ceil", unary<mlir::math::CeilOp>()},
      {"erf", unary<mlir::math::ErfOp>()},
  };
  return functions;
}

RuntimeValue requireFloat(CodeGen &gen, const Value &value, SourceLoc loc,
                          const std::string &function) {
  RuntimeValue x = gen.requireRuntime(value, loc, "the argument of gl." +
                                                      function);
  if (!x.dtype.isFloat() || x.dtype.isFloat8())
    gen.fail(loc, "gl." + function + " needs floating-point values, got " +
                      x.dtype.getGluonName());
  return x;
}

/// Runs `compute` on `x` in fp32 when `x` is narrower, and converts back.
RuntimeValue inFloat32(CodeGen &gen, RuntimeValue x, SourceLoc loc,
                       const std::function<mlir::Value(mlir::Value)> &compute) {
  DType original = x.dtype;
  bool widen = original.getBitWidth() < 32;
  if (widen)
    x = gen.castTo(x, DType::of(ScalarKind::F32), loc);
  RuntimeValue result{compute(x.value), x.dtype, x.shape, x.layout};
  return widen ? gen.castTo(result, original, loc) : result;
}

Value floatFunction(CodeGen &gen, const std::string &name, CallArgs &args) {
  BuiltinArgs bound(gen, name, args, {"x"}, 1);
  RuntimeValue x = requireFloat(gen, bound.get("x"), bound.loc("x"), name);
  mlir::Location loc = gen.getLoc(args.callLoc);
  const UnaryBuilder &build = floatFunctions().at(name);
  return inFloat32(gen, x, args.callLoc, [&](mlir::Value v) {
    return build(gen.getBuilder(), loc, v);
  });
}

Value absFunction(CodeGen &gen, CallArgs &args) {
  BuiltinArgs bound(gen, "abs", args, {"x"}, 1);
  RuntimeValue x =
      gen.requireRuntime(bound.get("x"), bound.loc("x"), "gl.abs's argument");
  mlir::OpBuilder &b = gen.getBuilder();
  mlir::Location loc = gen.getLoc(args.callLoc);
  if (x.dtype.isPointer || x.dtype.isFloat8())
    gen.fail(bound.loc("x"), "gl.abs needs numbers, got " +
                                 x.dtype.getGluonName());
  if (x.dtype.isUnsigned() || x.dtype.isBool())
    return x;
  if (x.dtype.isInt())
    return RuntimeValue{mlir::math::AbsIOp::create(b, loc, x.value), x.dtype,
                        x.shape, x.layout};
  return RuntimeValue{mlir::math::AbsFOp::create(b, loc, x.value), x.dtype,
                      x.shape, x.layout};
}

/// Brings all of `values` to one dtype (promoted) and shape.
std::vector<RuntimeValue> unify(CodeGen &gen, const BuiltinArgs &bound,
                                const std::vector<std::string> &names,
                                SourceLoc callLoc) {
  std::vector<RuntimeValue> values;
  for (const std::string &name : names)
    values.push_back(
        gen.requireRuntime(bound.get(name), bound.loc(name), name));
  DType dtype = values[0].dtype;
  for (const RuntimeValue &value : values)
    dtype = promote(dtype, value.dtype);
  for (size_t i = 1; i < values.size(); ++i)
    gen.castAndBroadcast(values[0], values[i], dtype, callLoc,
                         bound.loc(names[0]), bound.loc(names[i]));
  for (size_t i = 1; i < values.size(); ++i)
    gen.broadcastPair(values[0], values[i], callLoc, bound.loc(names[0]),
                      bound.loc(names[i]));
  return values;
}

Value fma(CodeGen &gen, CallArgs &args) {
  BuiltinArgs bound(gen, "fma", args, {"x", "y", "z"}, 3);
  std::vector<RuntimeValue> xyz =
      unify(gen, bound, {"x", "y", "z"}, args.callLoc);
  if (!xyz[0].dtype.isFloat() || xyz[0].dtype.isFloat8())
    gen.fail(args.callLoc, "gl.fma needs floating-point values, got " +
                               xyz[0].dtype.getGluonName());
  auto op = mlir::math::FmaOp::create(gen.getBuilder(),
                                      gen.getLoc(args.callLoc), xyz[0].value,
                                      xyz[1].value, xyz[2].value);
  return RuntimeValue{op, xyz[0].dtype, xyz[0].shape, xyz[0].layout};
}

Value umulhi(CodeGen &gen, CallArgs &args) {
  BuiltinArgs bound(gen, "umulhi", args, {"x", "y"}, 2);
  std::vector<RuntimeValue> xy = unify(gen, bound, {"x", "y"}, args.callLoc);
  if (!xy[0].dtype.isInt() || xy[0].dtype.isBool())
    gen.fail(args.callLoc, "gl.umulhi needs integers, got " +
                               xy[0].dtype.getGluonName());
  auto op = mlir::arith::MulUIExtendedOp::create(
      gen.getBuilder(), gen.getLoc(args.callLoc), xy[0].value, xy[1].value);
  return RuntimeValue{op.getHigh(), xy[0].dtype, xy[0].shape, xy[0].layout};
}

/// gl.div_rn (IEEE round-to-nearest) and gl.fdiv (approximate unless
/// ieee_rounding=True).
Value divide(CodeGen &gen, CallArgs &args, bool exact) {
  const char *name = exact ? "div_rn" : "fdiv";
  BuiltinArgs bound = exact ? BuiltinArgs(gen, name, args, {"x", "y"}, 2)
                            : BuiltinArgs(gen, name, args,
                                          {"x", "y", "ieee_rounding"}, 2);
  std::vector<RuntimeValue> xy = unify(gen, bound, {"x", "y"}, args.callLoc);
  if (!xy[0].dtype.isFloat() || xy[0].dtype.isFloat8())
    gen.fail(args.callLoc, std::string("gl.") + name +
                               " needs floating-point values, got " +
                               xy[0].dtype.getGluonName());
  if (!exact && bound.has("ieee_rounding"))
    exact = gen.isTruthy(bound.get("ieee_rounding"),
                         bound.loc("ieee_rounding"));
  auto flags = exact ? mlir::arith::FastMathFlags::none
                     : mlir::arith::FastMathFlags::afn |
                           mlir::arith::FastMathFlags::arcp;
  auto op = mlir::arith::DivFOp::create(
      gen.getBuilder(), gen.getLoc(args.callLoc), xy[0].value, xy[1].value,
      mlir::arith::FastMathFlagsAttr::get(&gen.getContext(), flags));
  return RuntimeValue{op, xy[0].dtype, xy[0].shape, xy[0].layout};
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

/// The reduction of `inputs` along `axis`, combined by `combine`, which
/// receives the running values then the new ones and returns one value per
/// input.
using Combiner = std::function<std::vector<RuntimeValue>(
    const std::vector<RuntimeValue> &, const std::vector<RuntimeValue> &)>;

std::vector<RuntimeValue> emitReduce(CodeGen &gen,
                                     const std::vector<RuntimeValue> &inputs,
                                     int64_t axis, SourceLoc loc,
                                     const Combiner &combine) {
  mlir::OpBuilder &b = gen.getBuilder();
  mlir::Location mloc = gen.getLoc(loc);
  std::vector<mlir::Value> srcs;
  std::vector<mlir::Type> resultTypes;
  std::vector<int64_t> shape = inputs[0].shape;
  shape.erase(shape.begin() + axis);
  mlir::Attribute layout;
  if (!shape.empty())
    layout = mlir::gluon::SliceLayoutAttr::get(
        &gen.getContext(), axis,
        mlir::cast<mlir::gluon::LayoutAttrInterface>(inputs[0].layout));
  for (const RuntimeValue &input : inputs) {
    srcs.push_back(input.value);
    resultTypes.push_back(gen.getMLIRType(input.dtype, shape, layout));
  }
  auto reduce = mlir::gluon::ReduceOp::create(b, mloc, resultTypes, srcs,
                                              b.getI32IntegerAttr(axis));
  mlir::Block *body = new mlir::Block();
  reduce.getCombine().push_back(body);
  std::vector<RuntimeValue> lhs, rhs;
  for (int side = 0; side < 2; ++side)
    for (const RuntimeValue &input : inputs) {
      mlir::Value arg =
          body->addArgument(input.dtype.toMLIR(&gen.getContext()), mloc);
      (side == 0 ? lhs : rhs).push_back(RuntimeValue{arg, input.dtype, {}, {}});
    }
  {
    mlir::OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(body);
    std::vector<RuntimeValue> combined = combine(lhs, rhs);
    std::vector<mlir::Value> yields;
    for (size_t i = 0; i < combined.size(); ++i)
      yields.push_back(gen.castTo(combined[i], inputs[i].dtype, loc).value);
    mlir::gluon::ReduceReturnOp::create(b, mloc, yields);
  }
  std::vector<RuntimeValue> results;
  for (size_t i = 0; i < inputs.size(); ++i)
    results.push_back(
        RuntimeValue{reduce.getResult(i), inputs[i].dtype, shape, layout});
  return results;
}

} // namespace

std::vector<RuntimeValue> gluonc::frontend::callCombineFunction(
    CodeGen &gen, const FunctionValue &function, SourceLoc fnLoc,
    const std::vector<RuntimeValue> &lhs,
    const std::vector<RuntimeValue> &rhs,
    const std::vector<RuntimeValue> &inputs) {
  CallArgs callArgs;
  callArgs.callLoc = fnLoc;
  for (const auto *side : {&lhs, &rhs})
    for (const RuntimeValue &value : *side) {
      callArgs.positional.push_back(value);
      callArgs.positionalLocs.push_back(fnLoc);
    }
  Value returned = gen.callFunction(function, callArgs, fnLoc);
  std::vector<Value> items;
  if (const std::vector<Value> *sequence = returned.getSequence())
    items = *sequence;
  else
    items.push_back(returned);
  if (items.size() != inputs.size())
    gen.fail(fnLoc, "the combine function returns " +
                        std::to_string(items.size()) + " values for " +
                        std::to_string(inputs.size()) + " inputs");
  std::vector<RuntimeValue> combined;
  for (size_t i = 0; i < items.size(); ++i) {
    RuntimeValue value = gen.toRuntime(items[i], fnLoc, inputs[i].dtype);
    if (!value.isScalar())
      gen.fail(fnLoc, "the combine function must return scalars, got a "
                      "tensor of shape " +
                          CodeGen::describeShape(value.shape));
    combined.push_back(value);
  }
  return combined;
}

namespace {

/// The axis argument, negative counting from the end, checked.
int64_t requireAxis(CodeGen &gen, const Value &value, SourceLoc loc,
                    const RuntimeValue &input) {
  int64_t rank = input.shape.size();
  int64_t axis = gen.requireInt(value, loc, "axis");
  if (axis < 0)
    axis += rank;
  if (axis < 0 || axis >= rank)
    gen.fail(loc, "axis " + std::to_string(gen.requireInt(value, loc, "")) +
                      " is out of range for a tensor of shape " +
                      CodeGen::describeShape(input.shape));
  return axis;
}

std::vector<RuntimeValue> requireTensors(CodeGen &gen, const Value &value,
                                         SourceLoc loc,
                                         const std::string &function) {
  std::vector<Value> items;
  if (const std::vector<Value> *sequence = value.getSequence())
    items = *sequence;
  else
    items.push_back(value);
  std::vector<RuntimeValue> tensors;
  for (const Value &item : items) {
    RuntimeValue tensor =
        gen.requireRuntime(item, loc, "the input of gl." + function);
    if (tensor.isScalar())
      gen.fail(loc, "gl." + function + " reduces tensors, got a scalar");
    if (!tensors.empty() && (tensor.shape != tensors[0].shape ||
                             tensor.layout != tensors[0].layout))
      gen.fail(loc, "the inputs of gl." + function +
                        " must share one shape and layout");
    tensors.push_back(tensor);
  }
  return tensors;
}

std::vector<RuntimeValue> keepDims(CodeGen &gen, std::vector<RuntimeValue> values,
                                   int64_t axis, SourceLoc loc) {
  for (RuntimeValue &value : values) {
    if (value.isScalar()) {
      // A 1-D reduction kept as shape [1] needs a layout to hold it: not
      // available for a scalar.
      gen.fail(loc, "not supported yet: keep_dims on a 1-D reduction");
    }
    value = gen.expandDims(value, axis, loc);
  }
  return values;
}

Value toResult(std::vector<RuntimeValue> values) {
  if (values.size() == 1)
    return values[0];
  std::vector<Value> items(values.begin(), values.end());
  return Value::tuple(items);
}

/// gl.reduce(input, axis, combine_fn, keep_dims=False)
Value reduce(CodeGen &gen, CallArgs &args) {
  BuiltinArgs bound(gen, "reduce", args,
                    {"input", "axis", "combine_fn", "keep_dims"}, 3);
  std::vector<RuntimeValue> inputs =
      requireTensors(gen, bound.get("input"), bound.loc("input"), "reduce");
  auto *function = bound.get("combine_fn").getIf<FunctionValue>();
  if (!function)
    gen.fail(bound.loc("combine_fn"),
             "gl.reduce's combine_fn must be a @gluon.jit function");
  int64_t axis =
      requireAxis(gen, bound.get("axis"), bound.loc("axis"), inputs[0]);
  SourceLoc fnLoc = bound.loc("combine_fn");
  auto results = emitReduce(
      gen, inputs, axis, args.callLoc,
      [&](const std::vector<RuntimeValue> &lhs,
          const std::vector<RuntimeValue> &rhs) {
        return callCombineFunction(gen, *function, fnLoc, lhs, rhs, inputs);
      });
  if (bound.has("keep_dims") &&
      gen.isTruthy(bound.get("keep_dims"), bound.loc("keep_dims")))
    results = keepDims(gen, results, axis, args.callLoc);
  return toResult(results);
}

enum class ReduceKind { Sum, Max, Min, XorSum, Or };

/// The dtype a reduction accumulates in: narrow integers widen to i32 and
/// fp16/bf16 sums to fp32, as in Triton.
DType accumulatorType(ReduceKind kind, DType dtype) {
  if (kind == ReduceKind::Sum && dtype.isFloat() && dtype.getBitWidth() < 32)
    return DType::of(ScalarKind::F32);
  if ((kind == ReduceKind::Sum || kind == ReduceKind::XorSum) &&
      dtype.isInt() && dtype.getBitWidth() < 32)
    return DType::of(dtype.isUnsigned() ? ScalarKind::U32 : ScalarKind::I32);
  return dtype;
}

mlir::Value combineScalars(CodeGen &gen, ReduceKind kind, DType dtype,
                           mlir::Value a, mlir::Value b, mlir::Location loc) {
  mlir::OpBuilder &builder = gen.getBuilder();
  bool isFloat = dtype.isFloat();
  bool isUnsigned = dtype.isUnsigned() || dtype.isBool();
  switch (kind) {
  case ReduceKind::Sum:
    return isFloat ? mlir::Value(mlir::arith::AddFOp::create(builder, loc, a, b))
                   : mlir::Value(mlir::arith::AddIOp::create(builder, loc, a, b));
  case ReduceKind::Max:
    if (isFloat)
      return mlir::arith::MaxNumFOp::create(builder, loc, a, b);
    return isUnsigned
               ? mlir::Value(mlir::arith::MaxUIOp::create(builder, loc, a, b))
               : mlir::Value(mlir::arith::MaxSIOp::create(builder, loc, a, b));
  case ReduceKind::Min:
    if (isFloat)
      return mlir::arith::MinNumFOp::create(builder, loc, a, b);
    return isUnsigned
               ? mlir::Value(mlir::arith::MinUIOp::create(builder, loc, a, b))
               : mlir::Value(mlir::arith::MinSIOp::create(builder, loc, a, b));
  case ReduceKind::XorSum:
    return mlir::arith::XOrIOp::create(builder, loc, a, b);
  case ReduceKind::Or:
    return mlir::arith::OrIOp::create(builder, loc, a, b);
  }
  return a;
}

/// gl.sum / max / min / xor_sum / reduce_or (input, axis=None,
/// keep_dims=False): with no axis, over every axis in turn.
Value builtinReduction(CodeGen &gen, CallArgs &args, const std::string &name,
                       ReduceKind kind) {
  BuiltinArgs bound(gen, name, args, {"input", "axis", "keep_dims"}, 1);
  RuntimeValue input = gen.requireRuntime(bound.get("input"),
                                          bound.loc("input"),
                                          "the input of gl." + name);
  if (input.isScalar())
    return input;
  bool integerOnly = kind == ReduceKind::XorSum || kind == ReduceKind::Or;
  if (input.dtype.isPointer || input.dtype.isFloat8() ||
      (integerOnly && !input.dtype.isInt()))
    gen.fail(bound.loc("input"), "gl." + name + " cannot reduce " +
                                     input.dtype.getGluonName() + " values");
  DType accumulator = accumulatorType(kind, input.dtype);
  input = gen.castTo(input, accumulator, args.callLoc);
  bool keep = bound.has("keep_dims") &&
              gen.isTruthy(bound.get("keep_dims"), bound.loc("keep_dims"));
  mlir::Location loc = gen.getLoc(args.callLoc);
  Combiner combine = [&](const std::vector<RuntimeValue> &lhs,
                         const std::vector<RuntimeValue> &rhs) {
    return std::vector<RuntimeValue>{RuntimeValue{
        combineScalars(gen, kind, accumulator, lhs[0].value, rhs[0].value,
                       loc),
        accumulator,
        {},
        {}}};
  };
  if (bound.has("axis")) {
    int64_t axis =
        requireAxis(gen, bound.get("axis"), bound.loc("axis"), input);
    auto results = emitReduce(gen, {input}, axis, args.callLoc, combine);
    if (keep)
      results = keepDims(gen, results, axis, args.callLoc);
    return results[0];
  }
  if (keep)
    gen.fail(bound.loc("keep_dims"),
             "not supported yet: keep_dims without an axis");
  RuntimeValue value = input;
  while (!value.isScalar())
    value = emitReduce(gen, {value}, value.shape.size() - 1, args.callLoc,
                       combine)[0];
  return value;
}

//===----------------------------------------------------------------------===//
// The FMA dot
//===----------------------------------------------------------------------===//

/// Whether a product of `operand`s may accumulate in `acc`: a float into a
/// float at least as wide (fp16 and bf16 only into fp32 or wider once they
/// differ), an integer into an integer at least as wide.
bool canAccumulateIn(DType operand, DType acc) {
  if (operand == acc)
    return !acc.isFloat8() && !acc.isBool();
  if (operand.isFloat() && acc.isFloat())
    return !operand.isFloat8() && !acc.isFloat8() &&
           operand.getBitWidth() < acc.getBitWidth();
  if (operand.isInt() && acc.isInt())
    return !operand.isBool() && !acc.isBool() &&
           operand.getBitWidth() <= acc.getBitWidth();
  return false;
}

/// gl.dot_fma(a, b, acc): acc + a @ b with the operands in the
/// DotOperandLayouts of acc's BlockedLayout.
Value dotFma(CodeGen &gen, CallArgs &args) {
  BuiltinArgs bound(gen, "dot_fma", args, {"a", "b", "acc"}, 3);
  RuntimeValue a = gen.requireRuntime(bound.get("a"), bound.loc("a"),
                                      "gl.dot_fma's a");
  RuntimeValue b = gen.requireRuntime(bound.get("b"), bound.loc("b"),
                                      "gl.dot_fma's b");
  RuntimeValue acc = gen.requireRuntime(bound.get("acc"), bound.loc("acc"),
                                        "gl.dot_fma's acc");
  for (auto [name, value] : {std::pair<const char *, RuntimeValue *>{"a", &a},
                              {"b", &b}, {"acc", &acc}})
    if (value->shape.size() != 2)
      gen.fail(bound.loc(name), std::string("gl.dot_fma's ") + name +
                                    " must be a 2-D tensor, got shape " +
                                    CodeGen::describeShape(value->shape));
  if (!mlir::isa<mlir::gluon::BlockedLayoutAttr>(acc.layout))
    gen.fail(bound.loc("acc"), "gl.dot_fma needs an accumulator in a "
                               "BlockedLayout, got " +
                                   CodeGen::describeLayout(acc.layout));
  for (unsigned index : {0u, 1u}) {
    const char *name = index == 0 ? "a" : "b";
    const RuntimeValue &operand = index == 0 ? a : b;
    auto layout =
        mlir::dyn_cast<mlir::gluon::DotOperandLayoutAttr>(operand.layout);
    if (!layout || layout.getOpIdx() != index || layout.getParent() != acc.layout)
      gen.failWithNote(
          bound.loc(name),
          std::string("gl.dot_fma's ") + name + " needs the layout "
              "DotOperandLayout(operand_index=" + std::to_string(index) +
              ", parent=<the accumulator's layout>, k_width=0), got " +
              CodeGen::describeLayout(operand.layout),
          gen.getDefinitionLoc(acc, bound.loc("acc")),
          "the accumulator's layout is " +
              CodeGen::describeLayout(acc.layout));
  }
  if (a.shape[0] != acc.shape[0] || b.shape[1] != acc.shape[1] ||
      a.shape[1] != b.shape[0])
    gen.fail(args.callLoc, "gl.dot_fma shapes do not multiply: " +
                               CodeGen::describeShape(a.shape) + " @ " +
                               CodeGen::describeShape(b.shape) + " into " +
                               CodeGen::describeShape(acc.shape));
  if (a.dtype != b.dtype)
    gen.fail(args.callLoc, "gl.dot_fma needs a and b of one dtype, got " +
                               a.dtype.getGluonName() + " and " +
                               b.dtype.getGluonName());
  if (!canAccumulateIn(a.dtype, acc.dtype))
    gen.fail(args.callLoc, "gl.dot_fma cannot accumulate " +
                               a.dtype.getGluonName() + " products in " +
                               acc.dtype.getGluonName());
  a = gen.castTo(a, acc.dtype, bound.loc("a"));
  b = gen.castTo(b, acc.dtype, bound.loc("b"));
  auto op = mlir::gluon::DotFmaOp::create(
      gen.getBuilder(), gen.getLoc(args.callLoc), acc.value.getType(), a.value,
      b.value, acc.value);
  return RuntimeValue{op, acc.dtype, acc.shape, acc.layout};
}

Value mfmaBuiltin(CodeGen &gen, CallArgs &args, unsigned version) {
  std::string name = "gl.amd.cdna" + std::to_string(version) + ".mfma";
  BuiltinArgs bound(gen, name.substr(3), args, {"a", "b", "acc"}, 3);
  RuntimeValue a = gen.requireRuntime(bound.get("a"), bound.loc("a"),
                                      name + "'s a");
  RuntimeValue b = gen.requireRuntime(bound.get("b"), bound.loc("b"),
                                      name + "'s b");
  RuntimeValue acc = gen.requireRuntime(bound.get("acc"), bound.loc("acc"),
                                        name + "'s acc");
  auto layout = mlir::dyn_cast<mlir::gluon::AMDMFMALayoutAttr>(acc.layout);
  if (!layout || layout.getVersion() != version)
    gen.fail(bound.loc("acc"),
             name + " needs an accumulator in an AMDMFMALayout of version " +
                 std::to_string(version) + ", got " +
                 CodeGen::describeLayout(acc.layout));
  unsigned kWidth = 0;
  for (unsigned index : {0u, 1u}) {
    const char *operandName = index == 0 ? "a" : "b";
    const RuntimeValue &operand = index == 0 ? a : b;
    auto dot =
        mlir::dyn_cast<mlir::gluon::DotOperandLayoutAttr>(operand.layout);
    if (!dot || dot.getOpIdx() != index || dot.getParent() != acc.layout)
      gen.failWithNote(
          bound.loc(operandName),
          name + "'s " + operandName +
              " needs the layout DotOperandLayout(operand_index=" +
              std::to_string(index) +
              ", parent=<the accumulator's layout>, k_width=4 or 8), got " +
              CodeGen::describeLayout(operand.layout),
          gen.getDefinitionLoc(acc, bound.loc("acc")),
          "the accumulator's layout is " +
              CodeGen::describeLayout(acc.layout));
    if (index == 1 && dot.getKWidth() != kWidth)
      gen.fail(bound.loc(operandName),
               name + "'s operands need one k_width, got " +
                   std::to_string(kWidth) + " and " +
                   std::to_string(dot.getKWidth()));
    kWidth = dot.getKWidth();
    if (kWidth != 4 && kWidth != 8)
      gen.fail(bound.loc(operandName),
               "not supported yet: " + name + " with k_width " +
                   std::to_string(kWidth) +
                   " (the 16-bit MFMA instructions take 4, or 8 on gfx950)");
  }
  // k_width 8: CDNA4's v_mfma_f32_32x32x16 / 16x16x32.
  if (kWidth == 8 && (version != 4 || gen.getSpec().arch != "gfx950"))
    gen.fail(args.callLoc,
             name + " with k_width 8 needs the CDNA4 instructions: "
                    "gl.amd.cdna4.mfma and --arch gfx950 (this is " +
                 gen.getSpec().arch + ")");
  if (a.dtype != b.dtype ||
      !(a.dtype == DType::of(ScalarKind::F16) ||
        a.dtype == DType::of(ScalarKind::BF16)) ||
      acc.dtype != DType::of(ScalarKind::F32))
    gen.fail(args.callLoc, "not supported yet: " + name + " of " +
                               a.dtype.getGluonName() + " x " +
                               b.dtype.getGluonName() + " into " +
                               acc.dtype.getGluonName() +
                               " (fp16 or bf16 operands, fp32 accumulator)");
  if (a.shape.size() != 2 || b.shape.size() != 2 || acc.shape.size() != 2 ||
      a.shape[0] != acc.shape[0] || b.shape[1] != acc.shape[1] ||
      a.shape[1] != b.shape[0])
    gen.fail(args.callLoc, name + " shapes do not multiply: " +
                               CodeGen::describeShape(a.shape) + " @ " +
                               CodeGen::describeShape(b.shape) + " into " +
                               CodeGen::describeShape(acc.shape));
  gluonc::MfmaLayoutSpec spec = layout.toSpec();
  int64_t instrK = int64_t(kWidth) * (64 / spec.instrShape[0]);
  if (spec.instrShape[2] != instrK)
    gen.failWithNote(
        bound.loc("a"),
        name + ": k_width " + std::to_string(kWidth) + " makes " +
            std::to_string(instrK) + " of K per instruction, but the "
            "accumulator's instr_shape says " +
            std::to_string(spec.instrShape[2]),
        gen.getDefinitionLoc(acc, bound.loc("acc")),
        "the accumulator's layout is " + CodeGen::describeLayout(acc.layout));
  std::string tooSmall = spec.checkShape(std::vector<int32_t>(
      acc.shape.begin(), acc.shape.end()));
  if (!tooSmall.empty() || a.shape[1] % instrK != 0)
    gen.fail(args.callLoc,
             "not supported yet: " + name + " on " +
                 CodeGen::describeShape(a.shape) + " @ " +
                 CodeGen::describeShape(b.shape) +
                 ": M and N must cover the warps' tiles and K be a "
                 "multiple of " + std::to_string(instrK));
  auto op = mlir::gluon::MfmaOp::create(
      gen.getBuilder(), gen.getLoc(args.callLoc), acc.value.getType(), a.value,
      b.value, acc.value);
  return RuntimeValue{op, acc.dtype, acc.shape, acc.layout};
}

//===----------------------------------------------------------------------===//
// Layouts and synchronization
//===----------------------------------------------------------------------===//

Value convertLayout(CodeGen &gen, CallArgs &args) {
  BuiltinArgs bound(gen, "convert_layout", args,
                    {"value", "layout", "assert_trivial"}, 2);
  RuntimeValue value = gen.requireRuntime(
      bound.get("value"), bound.loc("value"), "gl.convert_layout's value");
  if (value.isScalar())
    gen.fail(bound.loc("value"), "gl.convert_layout needs a tensor");
  auto *layoutValue = bound.get("layout").getIf<LayoutValue>();
  if (!layoutValue ||
      !mlir::isa<mlir::gluon::LayoutAttrInterface>(layoutValue->attr))
    gen.fail(bound.loc("layout"), "expected a distributed layout, got " +
                                      bound.get("layout").getTypeName() +
                                      " " + bound.get("layout").toString());
  mlir::Attribute layout = layoutValue->attr;
  auto layoutRank =
      mlir::cast<mlir::gluon::LayoutAttrInterface>(layout).getRank();
  if (layoutRank != value.shape.size())
    gen.fail(bound.loc("layout"),
             "a tensor of rank " + std::to_string(value.shape.size()) +
                 " cannot take the rank-" + std::to_string(layoutRank) +
                 " layout " + CodeGen::describeLayout(layout));
  mlir::Type type = gen.getMLIRType(value.dtype, value.shape, layout);
  if (bound.has("assert_trivial") &&
      gen.isTruthy(bound.get("assert_trivial"), bound.loc("assert_trivial"))) {
    ConversionKind kind = planConversion(
        mlir::gluon::getLinearLayout(
            mlir::cast<mlir::RankedTensorType>(value.value.getType())),
        mlir::gluon::getLinearLayout(mlir::cast<mlir::RankedTensorType>(type)));
    if (kind != ConversionKind::Free)
      gen.fail(args.callLoc, std::string("the conversion from ") +
                                 CodeGen::describeLayout(value.layout) +
                                 " is not trivial: it needs a " +
                                 getConversionKindName(kind));
  }
  if (value.layout == layout)
    return value;
  auto op = mlir::gluon::ConvertLayoutOp::create(
      gen.getBuilder(), gen.getLoc(args.callLoc), type, value.value);
  return RuntimeValue{op, value.dtype, value.shape, layout};
}

Value fullLike(CodeGen &gen, CallArgs &args, bool zeros) {
  const char *name = zeros ? "zeros_like" : "full_like";
  BuiltinArgs bound =
      zeros ? BuiltinArgs(gen, name, args, {"input", "dtype"}, 1)
            : BuiltinArgs(gen, name, args, {"input", "value", "dtype"}, 2);
  RuntimeValue like = gen.requireRuntime(bound.get("input"),
                                         bound.loc("input"),
                                         std::string("gl.") + name + "'s input");
  DType dtype = like.dtype;
  if (bound.has("dtype")) {
    auto *requested = bound.get("dtype").getIf<DType>();
    if (!requested)
      gen.fail(bound.loc("dtype"), "expected a dtype");
    dtype = *requested;
  }
  Value fill = zeros ? Value(int64_t(0)) : bound.get("value");
  SourceLoc fillLoc = zeros ? args.callLoc : bound.loc("value");
  if (auto *runtime = fill.getIf<RuntimeValue>();
      runtime && !runtime->isScalar())
    gen.fail(fillLoc, std::string("gl.") + name +
                          " fills with a scalar, got a tensor");
  RuntimeValue scalar =
      gen.castTo(gen.toRuntime(fill, fillLoc, dtype), dtype, fillLoc);
  if (like.isScalar())
    return scalar;
  return gen.broadcastTo(scalar, like.shape, like.layout, args.callLoc);
}

Value barrier(CodeGen &gen, CallArgs &args, const std::string &name) {
  BuiltinArgs bound(gen, name, args, {}, 0);
  mlir::gluon::BarrierOp::create(gen.getBuilder(), gen.getLoc(args.callLoc));
  return Value();
}

const std::map<std::string, ReduceKind> &reductionKinds() {
  static const std::map<std::string, ReduceKind> kinds = {
      {"sum", ReduceKind::Sum},       {"max", ReduceKind::Max},
      {"min", ReduceKind::Min},       {"xor_sum", ReduceKind::XorSum},
      {"reduce_or", ReduceKind::Or}};
  return kinds;
}

const char *const kOtherBuiltins[] = {
    "abs",  "fma",          "umulhi",         "div_rn",    "fdiv",
    "reduce", "convert_layout", "zeros_like", "full_like", "num_warps",
    "barrier", "thread_barrier", "dot_fma"};

} // namespace

bool gluonc::frontend::isTensorBuiltin(const std::string &name) {
  if (floatFunctions().count(name) || reductionKinds().count(name) ||
      isSharedMemoryBuiltin(name))
    return true;
  for (const char *other : kOtherBuiltins)
    if (name == other)
      return true;
  return false;
}

std::optional<Value>
gluonc::frontend::callTensorBuiltin(CodeGen &gen, const BuiltinValue &builtin,
                                    CallArgs &args) {
  const std::string &name = builtin.name;
  // Shared layouts, allocations and descriptor methods.
  if (std::optional<Value> result = callSharedMemoryBuiltin(gen, builtin, args))
    return result;
  if (!isTensorBuiltin(name))
    return std::nullopt;
  if (floatFunctions().count(name))
    return floatFunction(gen, name, args);
  auto kind = reductionKinds().find(name);
  if (kind != reductionKinds().end())
    return builtinReduction(gen, args, name, kind->second);
  if (name == "abs")
    return absFunction(gen, args);
  if (name == "fma")
    return fma(gen, args);
  if (name == "umulhi")
    return umulhi(gen, args);
  if (name == "div_rn" || name == "fdiv")
    return divide(gen, args, name == "div_rn");
  if (name == "reduce")
    return reduce(gen, args);
  if (name == "convert_layout")
    return convertLayout(gen, args);
  if (name == "zeros_like" || name == "full_like")
    return fullLike(gen, args, name == "zeros_like");
  if (name == "barrier" || name == "thread_barrier")
    return barrier(gen, args, name);
  if (name == "dot_fma")
    return dotFma(gen, args);
  // num_warps
  BuiltinArgs bound(gen, name, args, {}, 0);
  return Value(int64_t(gen.getSpec().numWarps));
}

Value gluonc::frontend::mfma(CodeGen &gen, CallArgs &args, unsigned version) {
  return mfmaBuiltin(gen, args, version);
}
