//===- ReduceScan.cpp - Reductions and scans ------------------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// gl.reduce(input, axis, combine_fn, keep_dims=False) and the reductions of
// Triton's standard library (sum, max, min, xor_sum, reduce_or), and
// gl.associative_scan(input, axis, combine_fn, reverse=False) with the
// scans cumsum(input, axis=0, reverse=False, dtype=None) and
// cumprod(input, axis=0, reverse=False). Gluon re-exports reduce and
// associative_scan; gluonc also provides the standard library's under gl
// (Triton 3.6's tensors have cumsum and cumprod as methods), and
// gl.cummax(input, axis=0, reverse=False), which Triton lacks.
//
// Both build a gluon.reduce / gluon.scan whose combine region is the
// combine function: a @gluon.jit function called once on block arguments
// (the running values, then the new ones), or the scalar op of a standard
// reduction or scan.
//
//===----------------------------------------------------------------------===//

#include "Arguments.h"

#include "irgen/Arith.h"

#include "gluonc/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

#include <functional>

using namespace gluonc;
using namespace gluonc::frontend;

namespace {

/// Combines the earlier values (first) with the later ones, one per input.
using Combiner = std::function<std::vector<RuntimeValue>(
    const std::vector<RuntimeValue> &, const std::vector<RuntimeValue> &)>;

/// Fills `region` (of a gluon.reduce or gluon.scan over `inputs`) with one
/// block taking two scalars per input, whose body is `combine` and whose
/// terminator, a `Terminator`, returns its values in the inputs' dtypes.
template <typename Terminator>
void buildCombineRegion(IRGen &gen, mlir::Region &region,
                        const std::vector<RuntimeValue> &inputs, SourceLoc loc,
                        const Combiner &combine) {
  mlir::OpBuilder &builder = gen.getBuilder();
  mlir::Location mloc = gen.getLoc(loc);
  mlir::Block *body = new mlir::Block();
  region.push_back(body);
  std::vector<RuntimeValue> earlier, later;
  for (int side = 0; side < 2; ++side)
    for (const RuntimeValue &input : inputs) {
      mlir::Value arg =
          body->addArgument(input.dtype.toMLIR(&gen.getContext()), mloc);
      (side == 0 ? earlier : later)
          .push_back(RuntimeValue{arg, input.dtype, {}, {}});
    }
  mlir::OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(body);
  std::vector<RuntimeValue> combined = combine(earlier, later);
  std::vector<mlir::Value> yields;
  for (size_t i = 0; i < combined.size(); ++i)
    yields.push_back(gen.castTo(combined[i], inputs[i].dtype, loc).value);
  Terminator::create(builder, mloc, yields);
}

std::vector<mlir::Value> getValues(const std::vector<RuntimeValue> &inputs) {
  std::vector<mlir::Value> values;
  for (const RuntimeValue &input : inputs)
    values.push_back(input.value);
  return values;
}

/// The reduction of `inputs` along `axis`; gluon.reduce infers the result
/// types.
std::vector<RuntimeValue> emitReduce(IRGen &gen,
                                     const std::vector<RuntimeValue> &inputs,
                                     int64_t axis, SourceLoc loc,
                                     const Combiner &combine) {
  auto reduce = mlir::gluon::ReduceOp::create(
      gen.getBuilder(), gen.getLoc(loc), getValues(inputs), axis);
  buildCombineRegion<mlir::gluon::ReduceReturnOp>(gen, reduce.getCombine(),
                                                  inputs, loc, combine);
  std::vector<RuntimeValue> results;
  for (size_t i = 0; i < inputs.size(); ++i)
    results.push_back(
        RuntimeValue::ofType(reduce.getResult(i), inputs[i].dtype));
  return results;
}

/// The scan of `inputs` along `axis`; gluon.scan infers the result types.
std::vector<RuntimeValue> emitScan(IRGen &gen,
                                   const std::vector<RuntimeValue> &inputs,
                                   int64_t axis, bool reverse, SourceLoc loc,
                                   const Combiner &combine) {
  auto scan = mlir::gluon::ScanOp::create(gen.getBuilder(), gen.getLoc(loc),
                                          getValues(inputs), axis, reverse);
  buildCombineRegion<mlir::gluon::ScanReturnOp>(gen, scan.getCombine(), inputs,
                                                loc, combine);
  std::vector<RuntimeValue> results;
  for (size_t i = 0; i < inputs.size(); ++i)
    results.push_back(RuntimeValue::ofType(scan.getResult(i), inputs[i].dtype));
  return results;
}

/// Calls a reduce's or scan's @gluon.jit combine function on (lhs, rhs),
/// one scalar per input each, and returns its scalars as the inputs'
/// dtypes; a wrong count or a tensor is an error at `fnLoc`.
std::vector<RuntimeValue>
callCombineFunction(IRGen &gen, const FunctionValue &function, SourceLoc fnLoc,
                    const std::vector<RuntimeValue> &lhs,
                    const std::vector<RuntimeValue> &rhs,
                    const std::vector<RuntimeValue> &inputs) {
  std::vector<Value> arguments(lhs.begin(), lhs.end());
  arguments.insert(arguments.end(), rhs.begin(), rhs.end());
  CallArgs callArgs;
  callArgs.callLoc = fnLoc;
  callArgs.positionalLocs.assign(arguments.size(), fnLoc);
  callArgs.positional = std::move(arguments);
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
                          listText(value.shape));
    combined.push_back(value);
  }
  return combined;
}

/// The combine_fn argument: a @gluon.jit function.
const FunctionValue &requireCombineFunction(IRGen &gen, const BoundArgs &args) {
  auto *function = args.get("combine_fn").getIf<FunctionValue>();
  if (!function)
    gen.fail(args.loc("combine_fn"),
             args.getBuiltin().getName() +
                 "'s combine_fn must be a @gluon.jit function, got " +
                 args.get("combine_fn").getTypeName());
  return *function;
}

/// A combiner calling the combine_fn argument.
Combiner combineFunctionOf(IRGen &gen, const BoundArgs &args,
                           const std::vector<RuntimeValue> &inputs) {
  const FunctionValue &function = requireCombineFunction(gen, args);
  SourceLoc fnLoc = args.loc("combine_fn");
  return [&gen, function, fnLoc, inputs](const std::vector<RuntimeValue> &lhs,
                                         const std::vector<RuntimeValue> &rhs) {
    return callCombineFunction(gen, function, fnLoc, lhs, rhs, inputs);
  };
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

std::vector<RuntimeValue> keepDims(IRGen &gen, std::vector<RuntimeValue> values,
                                   int64_t axis, SourceLoc loc) {
  for (RuntimeValue &value : values) {
    // A 1-D reduction kept as shape [1] needs a layout to hold it: not
    // available for a scalar.
    if (value.isScalar())
      gen.fail(loc, "not supported yet: keep_dims on a 1-D reduction");
    value = gen.expandDims(value, axis, loc);
  }
  return values;
}

/// gl.reduce(input, axis, combine_fn, keep_dims=False)
Value reduce(IRGen &gen, const BoundArgs &args) {
  std::vector<RuntimeValue> inputs =
      requireTensors(gen, args.get("input"), args.loc("input"), "reduce");
  int64_t axis =
      requireAxis(gen, args.get("axis"), args.loc("axis"), inputs[0]);
  auto results = emitReduce(gen, inputs, axis, args.callLoc(),
                            combineFunctionOf(gen, args, inputs));
  if (gen.isTruthy(args.get("keep_dims"), args.loc("keep_dims")))
    results = keepDims(gen, results, axis, args.callLoc());
  return toResult(results, results.size() > 1);
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

mlir::Value combineScalars(IRGen &gen, ReduceKind kind, DType dtype,
                           mlir::Value a, mlir::Value b, mlir::Location loc) {
  namespace arith = mlir::arith;
  mlir::OpBuilder &builder = gen.getBuilder();
  switch (kind) {
  case ReduceKind::Sum:
    return createArithOp<arith::AddFOp, arith::AddIOp, arith::AddIOp>(
        builder, loc, dtype, a, b);
  case ReduceKind::Max:
  case ReduceKind::Min:
    return createMinMax(builder, loc, kind == ReduceKind::Max, dtype, a, b);
  case ReduceKind::XorSum:
    return arith::XOrIOp::create(builder, loc, a, b);
  case ReduceKind::Or:
    return arith::OrIOp::create(builder, loc, a, b);
  }
  return a;
}

/// gl.sum / max / min / xor_sum / reduce_or (input, axis=None,
/// keep_dims=False): with no axis, over every axis in turn.
Value builtinReduction(IRGen &gen, const BoundArgs &args, ReduceKind kind) {
  std::string name = args.getBuiltin().getName();
  RuntimeValue input = gen.requireRuntime(args.get("input"), args.loc("input"),
                                          "the input of " + name);
  if (input.isScalar())
    return input;
  bool integerOnly = kind == ReduceKind::XorSum || kind == ReduceKind::Or;
  if (input.dtype.isPointer || input.dtype.isFloat8() ||
      (integerOnly && !input.dtype.isInt()))
    gen.fail(args.loc("input"), name + " cannot reduce " +
                                    input.dtype.getGluonName() + " values");
  DType accumulator = accumulatorType(kind, input.dtype);
  input = gen.castTo(input, accumulator, args.callLoc());
  bool keep = gen.isTruthy(args.get("keep_dims"), args.loc("keep_dims"));
  mlir::Location loc = gen.getLoc(args.callLoc());
  Combiner combine = [&](const std::vector<RuntimeValue> &lhs,
                         const std::vector<RuntimeValue> &rhs) {
    return std::vector<RuntimeValue>{RuntimeValue{
        combineScalars(gen, kind, accumulator, lhs[0].value, rhs[0].value, loc),
        accumulator,
        {},
        {}}};
  };
  if (args.has("axis")) {
    int64_t axis = requireAxis(gen, args.get("axis"), args.loc("axis"), input);
    auto results = emitReduce(gen, {input}, axis, args.callLoc(), combine);
    if (keep)
      results = keepDims(gen, results, axis, args.callLoc());
    return results[0];
  }
  if (keep)
    gen.fail(args.loc("keep_dims"),
             "not supported yet: keep_dims without an axis");
  RuntimeValue value = input;
  while (!value.isScalar())
    value = emitReduce(gen, {value}, value.shape.size() - 1, args.callLoc(),
                       combine)[0];
  return value;
}

//===----------------------------------------------------------------------===//
// Scans
//===----------------------------------------------------------------------===//

/// gl.associative_scan(input, axis, combine_fn, reverse=False)
Value associativeScan(IRGen &gen, const BoundArgs &args) {
  const Value &input = args.get("input");
  std::vector<RuntimeValue> inputs =
      requireTensors(gen, input, args.loc("input"), "associative_scan");
  int64_t axis =
      requireAxis(gen, args.get("axis"), args.loc("axis"), inputs[0]);
  auto results = emitScan(
      gen, inputs, axis, gen.isTruthy(args.get("reverse"), args.loc("reverse")),
      args.callLoc(), combineFunctionOf(gen, args, inputs));
  return toResult(results, input.getSequence() != nullptr);
}

/// The dtype Triton's cumsum accumulates in: bf16 in fp32, integers
/// narrower than 32 bits in 32 bits of the same signedness (bool as
/// unsigned), unless `dtype=` says otherwise.
DType cumsumType(DType dtype) {
  if (dtype.scalar == ScalarKind::BF16)
    return DType::of(ScalarKind::F32);
  if (dtype.isInt() && dtype.getBitWidth() < 32)
    return DType::of(getSignedness(dtype) == Signedness::Unsigned
                         ? ScalarKind::U32
                         : ScalarKind::I32);
  return dtype;
}

/// gl.cumsum(input, axis=0, reverse=False, dtype=None) and
/// gl.cumprod(input, axis=0, reverse=False).
Value cumulative(IRGen &gen, const BoundArgs &args, bool isSum) {
  std::string name = args.getBuiltin().getName();
  RuntimeValue input = requireTensors(gen, args.get("input"), args.loc("input"),
                                      args.getBuiltin().getShortName())[0];
  if (input.dtype.isPointer || input.dtype.isFloat8())
    gen.fail(args.loc("input"), name + " cannot accumulate " +
                                    input.dtype.getGluonName() + " values");
  int64_t axis = requireAxis(gen, args.get("axis"), args.loc("axis"), input);
  DType accumulator = input.dtype.scalar == ScalarKind::BF16
                          ? DType::of(ScalarKind::F32)
                          : input.dtype;
  if (isSum) {
    accumulator = cumsumType(input.dtype);
    if (args.has("dtype")) {
      auto *requested = args.get("dtype").getIf<DType>();
      if (!requested || requested->isPointer || requested->isFloat8())
        gen.fail(args.loc("dtype"), "gl.cumsum's dtype must be a numeric "
                                    "dtype such as gl.float32");
      accumulator = *requested;
    }
  }
  input = gen.castTo(input, accumulator, args.callLoc());
  mlir::Location loc = gen.getLoc(args.callLoc());
  auto results = emitScan(
      gen, {input}, axis,
      gen.isTruthy(args.get("reverse"), args.loc("reverse")), args.callLoc(),
      [&](const std::vector<RuntimeValue> &earlier,
          const std::vector<RuntimeValue> &later) {
        namespace arith = mlir::arith;
        mlir::OpBuilder &b = gen.getBuilder();
        mlir::Value x = earlier[0].value, y = later[0].value;
        mlir::Value combined =
            isSum ? createArithOp<arith::AddFOp, arith::AddIOp,
                                  arith::AddIOp>(b, loc, accumulator, x, y)
                  : createArithOp<arith::MulFOp, arith::MulIOp,
                                  arith::MulIOp>(b, loc, accumulator, x, y);
        return std::vector<RuntimeValue>{
            RuntimeValue{combined, accumulator, {}, {}}};
      });
  return results[0];
}

/// gl.cummax(input, axis=0, reverse=False): the running maximum, NaN-
/// ignoring for floats as gl.maximum is.
Value cummax(IRGen &gen, const BoundArgs &args) {
  RuntimeValue input =
      requireTensors(gen, args.get("input"), args.loc("input"), "cummax")[0];
  if (input.dtype.isPointer || input.dtype.isFloat8())
    gen.fail(args.loc("input"), "gl.cummax cannot compare " +
                                    input.dtype.getGluonName() + " values");
  int64_t axis = requireAxis(gen, args.get("axis"), args.loc("axis"), input);
  mlir::Location loc = gen.getLoc(args.callLoc());
  auto results = emitScan(
      gen, {input}, axis,
      gen.isTruthy(args.get("reverse"), args.loc("reverse")), args.callLoc(),
      [&](const std::vector<RuntimeValue> &earlier,
          const std::vector<RuntimeValue> &later) {
        mlir::Value max =
            createMinMax(gen.getBuilder(), loc, /*isMax=*/true, input.dtype,
                         earlier[0].value, later[0].value);
        return std::vector<RuntimeValue>{
            RuntimeValue{max, input.dtype, {}, {}}};
      });
  return results[0];
}

} // namespace

void gluonc::frontend::registerReduceScanBuiltins(BuiltinTable &table) {
  table.addFunction({"gl.reduce"}, "input, axis, combine_fn, keep_dims=False",
                    withIRGenOnAutoLayouts(reduce));
  for (auto [name, kind] :
       {std::pair<const char *, ReduceKind>{"sum", ReduceKind::Sum},
        {"max", ReduceKind::Max},
        {"min", ReduceKind::Min},
        {"xor_sum", ReduceKind::XorSum},
        {"reduce_or", ReduceKind::Or}}) {
    ReduceKind reduceKind = kind;
    table.addFunction(
        {std::string("gl.") + name}, "input, axis=None, keep_dims=False",
        withIRGenOnAutoLayouts([reduceKind](IRGen &gen, const BoundArgs &args) {
          return builtinReduction(gen, args, reduceKind);
        }));
  }

  table.addFunction({"gl.associative_scan"},
                    "input, axis, combine_fn, reverse=False",
                    withIRGenOnAutoLayouts(associativeScan));
  table.addFunction(
      {"gl.cumsum"}, "input, axis=0, reverse=False, dtype=None",
      withIRGenOnAutoLayouts([](IRGen &gen, const BoundArgs &args) {
        return cumulative(gen, args, /*isSum=*/true);
      }));
  table.addFunction(
      {"gl.cumprod"}, "input, axis=0, reverse=False",
      withIRGenOnAutoLayouts([](IRGen &gen, const BoundArgs &args) {
        return cumulative(gen, args, /*isSum=*/false);
      }));
  table.addFunction({"gl.cummax"}, "input, axis=0, reverse=False",
                    withIRGenOnAutoLayouts(cummax));
  for (const char *method : {"associative_scan", "cumsum", "cumprod"})
    table.addMethodCalling({std::string("tensor.") + method},
                           std::string("gl.") + method);
}
