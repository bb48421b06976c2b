//===- ScanBuiltins.cpp - gl.associative_scan, gl.cumsum, gl.cumprod ------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Triton's associative_scan(input, axis, combine_fn, reverse=False) and its
// standard library's cumsum(input, axis=0, reverse=False, dtype=None) and
// cumprod(input, axis=0, reverse=False). Gluon re-exports the first;
// gluonc also provides the other two under gl (Triton 3.6's Gluon does not
// export them, its tensors have them as methods).
//
//===----------------------------------------------------------------------===//

#include "ScanShapeBuiltins.h"

#include "BoundArgs.h"
#include "TensorBuiltins.h"

#include "gluonc/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

#include <functional>

using namespace gluonc;
using namespace gluonc::frontend;

namespace {

/// Combines the earlier values (first) with the later ones, one per input.
using Combiner = std::function<std::vector<RuntimeValue>(
    const std::vector<RuntimeValue> &, const std::vector<RuntimeValue> &)>;

std::vector<RuntimeValue> emitScan(CodeGen &gen,
                                   const std::vector<RuntimeValue> &inputs,
                                   int64_t axis, bool reverse, SourceLoc loc,
                                   const Combiner &combine) {
  mlir::OpBuilder &b = gen.getBuilder();
  mlir::Location mloc = gen.getLoc(loc);
  std::vector<mlir::Value> srcs;
  std::vector<mlir::Type> types;
  for (const RuntimeValue &input : inputs) {
    srcs.push_back(input.value);
    types.push_back(input.value.getType());
  }
  auto scan = mlir::gluon::ScanOp::create(b, mloc, types, srcs,
                                          b.getI32IntegerAttr(axis),
                                          reverse ? b.getUnitAttr()
                                                  : mlir::UnitAttr());
  mlir::Block *body = new mlir::Block();
  scan.getCombine().push_back(body);
  std::vector<RuntimeValue> earlier, later;
  for (int side = 0; side < 2; ++side)
    for (const RuntimeValue &input : inputs) {
      mlir::Value arg =
          body->addArgument(input.dtype.toMLIR(&gen.getContext()), mloc);
      (side == 0 ? earlier : later)
          .push_back(RuntimeValue{arg, input.dtype, {}, {}});
    }
  {
    mlir::OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(body);
    std::vector<RuntimeValue> combined = combine(earlier, later);
    std::vector<mlir::Value> yields;
    for (size_t i = 0; i < combined.size(); ++i)
      yields.push_back(gen.castTo(combined[i], inputs[i].dtype, loc).value);
    mlir::gluon::ScanReturnOp::create(b, mloc, yields);
  }
  std::vector<RuntimeValue> results;
  for (size_t i = 0; i < inputs.size(); ++i)
    results.push_back(RuntimeValue{scan.getResult(i), inputs[i].dtype,
                                   inputs[i].shape, inputs[i].layout});
  return results;
}

/// The tensors to scan: one, or a tuple of tensors of one shape and layout.
std::vector<RuntimeValue> requireScanInputs(CodeGen &gen, const Value &value,
                                            SourceLoc loc,
                                            const std::string &function) {
  std::vector<Value> items;
  if (const std::vector<Value> *sequence = value.getSequence())
    items = *sequence;
  else
    items.push_back(value);
  if (items.empty())
    gen.fail(loc, "gl." + function + " needs at least one tensor");
  std::vector<RuntimeValue> tensors;
  for (const Value &item : items) {
    RuntimeValue tensor =
        gen.requireRuntime(item, loc, "the input of gl." + function);
    if (tensor.isScalar())
      gen.fail(loc, "gl." + function + " scans tensors, got a scalar " +
                        tensor.dtype.getGluonName());
    if (!tensors.empty() && (tensor.shape != tensors[0].shape ||
                             tensor.layout != tensors[0].layout))
      gen.fail(loc, "the inputs of gl." + function +
                        " must share one shape and layout: " +
                        CodeGen::describeShape(tensors[0].shape) + " in " +
                        CodeGen::describeLayout(tensors[0].layout) + " and " +
                        CodeGen::describeShape(tensor.shape) + " in " +
                        CodeGen::describeLayout(tensor.layout));
    tensors.push_back(tensor);
  }
  return tensors;
}

/// The scan axis, negative counting from the end, checked against the
/// input's shape.
int64_t requireScanAxis(CodeGen &gen, const Value &value, SourceLoc loc,
                        const RuntimeValue &input) {
  int64_t rank = input.shape.size();
  int64_t given = gen.requireInt(value, loc, "axis");
  int64_t axis = given < 0 ? given + rank : given;
  if (axis < 0 || axis >= rank)
    gen.fail(loc, "axis " + std::to_string(given) +
                      " is out of range for a tensor of shape " +
                      CodeGen::describeShape(input.shape) + " (expected " +
                      std::to_string(-rank) + " <= axis < " +
                      std::to_string(rank) + ")");
  return axis;
}

bool isReverse(CodeGen &gen, const BuiltinArgs &bound) {
  return bound.has("reverse") &&
         gen.isTruthy(bound.get("reverse"), bound.loc("reverse"));
}

Value toResult(const std::vector<RuntimeValue> &values, bool asTuple) {
  if (!asTuple)
    return values[0];
  return Value::tuple(std::vector<Value>(values.begin(), values.end()));
}

/// gl.associative_scan(input, axis, combine_fn, reverse=False)
Value associativeScan(CodeGen &gen, CallArgs &args) {
  BuiltinArgs bound(gen, "associative_scan", args,
                    {"input", "axis", "combine_fn", "reverse"}, 3);
  const Value &input = bound.get("input");
  std::vector<RuntimeValue> inputs = requireScanInputs(
      gen, input, bound.loc("input"), "associative_scan");
  auto *function = bound.get("combine_fn").getIf<FunctionValue>();
  if (!function)
    gen.fail(bound.loc("combine_fn"),
             "gl.associative_scan's combine_fn must be a @gluon.jit "
             "function, got " +
                 bound.get("combine_fn").getTypeName());
  int64_t axis =
      requireScanAxis(gen, bound.get("axis"), bound.loc("axis"), inputs[0]);
  SourceLoc fnLoc = bound.loc("combine_fn");
  auto results = emitScan(
      gen, inputs, axis, isReverse(gen, bound), args.callLoc,
      [&](const std::vector<RuntimeValue> &earlier,
          const std::vector<RuntimeValue> &later) {
        return callCombineFunction(gen, *function, fnLoc, earlier, later,
                                   inputs);
      });
  return toResult(results, input.getSequence() != nullptr);
}

/// The dtype Triton's cumsum accumulates in: bf16 in fp32, integers
/// narrower than 32 bits in 32 bits of the same signedness (bool as
/// unsigned), unless `dtype=` says otherwise.
DType cumsumType(DType dtype) {
  if (dtype.scalar == ScalarKind::BF16)
    return DType::of(ScalarKind::F32);
  if (dtype.isInt() && dtype.getBitWidth() < 32)
    return DType::of(dtype.isUnsigned() || dtype.isBool() ? ScalarKind::U32
                                                          : ScalarKind::I32);
  return dtype;
}

/// gl.cumsum(input, axis=0, reverse=False, dtype=None) and
/// gl.cumprod(input, axis=0, reverse=False).
Value cumulative(CodeGen &gen, CallArgs &args, bool isSum) {
  const char *name = isSum ? "cumsum" : "cumprod";
  BuiltinArgs bound =
      isSum ? BuiltinArgs(gen, name, args,
                          {"input", "axis", "reverse", "dtype"}, 1)
            : BuiltinArgs(gen, name, args, {"input", "axis", "reverse"}, 1);
  RuntimeValue input = requireScanInputs(gen, bound.get("input"),
                                         bound.loc("input"), name)[0];
  if (input.dtype.isPointer || input.dtype.isFloat8())
    gen.fail(bound.loc("input"), std::string("gl.") + name +
                                     " cannot accumulate " +
                                     input.dtype.getGluonName() + " values");
  int64_t axis =
      bound.has("axis")
          ? requireScanAxis(gen, bound.get("axis"), bound.loc("axis"), input)
          : 0;
  DType accumulator = input.dtype.scalar == ScalarKind::BF16
                          ? DType::of(ScalarKind::F32)
                          : input.dtype;
  if (isSum) {
    accumulator = cumsumType(input.dtype);
    if (bound.has("dtype")) {
      auto *requested = bound.get("dtype").getIf<DType>();
      if (!requested || requested->isPointer || requested->isFloat8())
        gen.fail(bound.loc("dtype"), "gl.cumsum's dtype must be a numeric "
                                     "dtype such as gl.float32");
      accumulator = *requested;
    }
  }
  input = gen.castTo(input, accumulator, args.callLoc);
  mlir::Location loc = gen.getLoc(args.callLoc);
  auto results = emitScan(
      gen, {input}, axis, isReverse(gen, bound), args.callLoc,
      [&](const std::vector<RuntimeValue> &earlier,
          const std::vector<RuntimeValue> &later) {
        mlir::OpBuilder &b = gen.getBuilder();
        mlir::Value x = earlier[0].value, y = later[0].value;
        mlir::Value combined;
        if (accumulator.isFloat())
          combined = isSum ? mlir::Value(mlir::arith::AddFOp::create(b, loc, x, y))
                           : mlir::Value(mlir::arith::MulFOp::create(b, loc, x, y));
        else
          combined = isSum ? mlir::Value(mlir::arith::AddIOp::create(b, loc, x, y))
                           : mlir::Value(mlir::arith::MulIOp::create(b, loc, x, y));
        return std::vector<RuntimeValue>{
            RuntimeValue{combined, accumulator, {}, {}}};
      });
  return results[0];
}

} // namespace

std::optional<Value>
gluonc::frontend::callScanBuiltin(CodeGen &gen, const std::string &name,
                                  CallArgs &args) {
  if (name == "associative_scan")
    return associativeScan(gen, args);
  if (name == "cumsum" || name == "cumprod")
    return cumulative(gen, args, name == "cumsum");
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Dispatch
//===----------------------------------------------------------------------===//

namespace {
const char *const kBuiltins[] = {"associative_scan", "cumsum", "cumprod",
                                 "reshape", "permute", "join", "split"};
/// Triton's tensor member functions among these (join is not one).
const char *const kMethods[] = {"associative_scan", "cumsum", "cumprod",
                                "reshape", "permute", "trans", "split"};

bool contains(const char *const *begin, const char *const *end,
              const std::string &name) {
  return std::find(begin, end, name) != end;
}
} // namespace

bool gluonc::frontend::isScanOrShapeBuiltin(const std::string &name) {
  return contains(std::begin(kBuiltins), std::end(kBuiltins), name);
}

bool gluonc::frontend::isScanOrShapeMethod(const std::string &name) {
  return contains(std::begin(kMethods), std::end(kMethods), name);
}

std::optional<Value>
gluonc::frontend::callScanOrShapeBuiltin(CodeGen &gen,
                                         const BuiltinValue &builtin,
                                         CallArgs &args) {
  std::string name = builtin.name;
  const std::string prefix = "tensor.";
  if (name.rfind(prefix, 0) == 0) {
    name = name.substr(prefix.size());
    if (!isScanOrShapeMethod(name) || !builtin.self)
      return std::nullopt;
    // A method call passes its tensor as the first argument.
    args.positional.insert(args.positional.begin(), *builtin.self);
    args.positionalLocs.insert(args.positionalLocs.begin(), args.callLoc);
  } else if (!isScanOrShapeBuiltin(name)) {
    return std::nullopt;
  }
  if (std::optional<Value> result = callScanBuiltin(gen, name, args))
    return result;
  return callShapeBuiltin(gen, name, args);
}
