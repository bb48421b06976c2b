//===- Tensor.cpp - Tensors: creation, memory, math, casts ----------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The gl builtins that make and compute tensors elementwise: arange, full,
// zeros(_like), to_tensor, load, store, where, maximum/minimum, casts (gl.cast
// and tensor.to), the math functions (fp16/bf16 computed in fp32, as Triton
// does), gl.extra.libdevice's (gluonc/IR/MathLibrary.h), fma, umulhi, the
// divisions, convert_layout, barriers and the FMA dot.
//
//===----------------------------------------------------------------------===//

#include "Arguments.h"

#include "irgen/Arith.h"

#include "gluonc/IR/Dialect.h"
#include "gluonc/IR/MathLibrary.h"
#include "gluonc/Plan/LayoutPlans.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "llvm/ADT/StringExtras.h"

#include <functional>
#include <map>

using namespace gluonc;
using namespace gluonc::frontend;

namespace {

/// The `layout` argument of gl.arange, gl.full and gl.zeros: AutoLayout,
/// left to inference, when it is None (Gluon's default).
mlir::Attribute requireLayoutOrAuto(IRGen &gen, const BoundArgs &bound) {
  if (!bound.has("layout"))
    return mlir::gluon::AutoLayoutAttr::get(&gen.getContext());
  return requireDistributedLayout(gen, bound.get("layout"), bound.loc("layout"),
                                  /*allowAuto=*/true);
}

/// gl.set_auto_layout(value, layout): a tensor in AutoLayout gets `layout`,
/// which gluon-resolve-auto-layouts carries to what it is computed from.
Value setAutoLayout(IRGen &gen, const BoundArgs &bound) {
  RuntimeValue value =
      gen.requireRuntime(bound.get("value"), bound.loc("value"),
                         "the value of gl.set_auto_layout");
  if (value.isScalar() || !isAutoLayout(value.layout))
    gen.fail(bound.loc("value"),
             "gl.set_auto_layout needs a tensor in AutoLayout, got " +
                 (value.isScalar() ? std::string("a scalar")
                                   : "one in " + describeLayout(value.layout)) +
                 "; gl.convert_layout changes a layout");
  mlir::Attribute layout =
      requireDistributedLayout(gen, bound.get("layout"), bound.loc("layout"));
  if (isAutoLayout(layout))
    gen.fail(bound.loc("layout"),
             "gl.set_auto_layout needs a concrete layout, got AutoLayout()");
  return gen.setAutoLayout(value, layout, bound.callLoc());
}

Value arange(IRGen &gen, const BoundArgs &bound) {
  int64_t start =
      gen.requireInt(bound.get("start"), bound.loc("start"), "start");
  int64_t end = gen.requireInt(bound.get("end"), bound.loc("end"), "end");
  mlir::Attribute layout = requireLayoutOrAuto(gen, bound);
  if (!isAutoLayout(layout) &&
      mlir::cast<mlir::gluon::LayoutAttrInterface>(layout).getRank() != 1)
    gen.fail(bound.loc("layout"),
             "gl.arange needs a 1-D layout, got " + describeLayout(layout));
  if (end <= start || !isPowerOf2(end - start) || start < INT32_MIN ||
      end > INT32_MAX)
    gen.fail(bound.callLoc(), "the length of gl.arange(" +
                                  std::to_string(start) + ", " +
                                  std::to_string(end) +
                                  ") must be a positive power of two, got " +
                                  std::to_string(end - start));
  std::vector<int64_t> shape = {end - start};
  DType dtype = DType::of(ScalarKind::I32);
  auto op = mlir::gluon::ArangeOp::create(
      gen.getBuilder(), gen.getLoc(bound.callLoc()),
      gen.getMLIRType(dtype, shape, layout), start, end);
  return RuntimeValue{op, dtype, shape, layout};
}

Value full(IRGen &gen, const BoundArgs &bound, bool zeros) {
  std::vector<int64_t> shape =
      requireIntList(gen, bound.get("shape"), bound.loc("shape"), "shape");
  DType dtype = requireDType(gen, bound.get("dtype"), bound.loc("dtype"));
  mlir::Attribute layout = requireLayoutOrAuto(gen, bound);
  if (shape.empty() && isAutoLayout(layout)) {
    // A 0-D tensor is a scalar: no layout to infer.
    Value value = zeros ? Value(int64_t(0)) : bound.get("value");
    SourceLoc loc = zeros ? bound.callLoc() : bound.loc("value");
    if (auto *runtime = value.getIf<RuntimeValue>();
        runtime && !runtime->isScalar())
      gen.fail(loc, "gl.full fills with a scalar, got a tensor");
    return gen.castTo(gen.toRuntime(value, loc, dtype), dtype, loc);
  }
  if (std::string problem = checkShape(shape); !problem.empty())
    gen.fail(bound.loc("shape"), "tensor shape " + problem);
  unsigned rank =
      mlir::cast<mlir::gluon::LayoutAttrInterface>(layout).getRank();
  if (!isAutoLayout(layout) && rank != shape.size())
    gen.fail(bound.loc("layout"), "a " + std::to_string(shape.size()) +
                                      "-D shape needs a layout of that rank, "
                                      "got " +
                                      describeLayout(layout));
  Value value = zeros ? Value(int64_t(0)) : bound.get("value");
  SourceLoc valueLoc = zeros ? bound.callLoc() : bound.loc("value");
  if (auto *runtime = value.getIf<RuntimeValue>();
      runtime && !runtime->isScalar())
    gen.fail(valueLoc, "gl.full fills with a scalar, got a tensor");
  if (value.isRuntime())
    return gen.broadcastTo(gen.castTo(value.get<RuntimeValue>(), dtype,
                                      valueLoc),
                           shape, layout, valueLoc);
  RuntimeValue scalar = gen.castTo(gen.toRuntime(value, valueLoc, dtype),
                                   dtype, valueLoc);
  return gen.broadcastTo(scalar, shape, layout, bound.callLoc());
}

/// Pointers in AutoLayout take the layout of the argument `name` (a mask,
/// `other`) when it has a concrete one, as Gluon broadcasts them together.
void adoptLayoutOf(IRGen &gen, RuntimeValue &ptr, const BoundArgs &bound,
                   const char *name) {
  auto *peer = bound.get(name).getIf<RuntimeValue>();
  if (!peer || peer->shape.size() != ptr.shape.size())
    return;
  RuntimeValue copy = *peer;
  gen.unifyAutoLayouts(ptr, bound.loc("pointer"), copy, bound.loc(name));
}

Value load(IRGen &gen, const BoundArgs &bound) {
  for (const char *option : {"boundary_check", "padding_option",
                             "cache_modifier", "eviction_policy", "volatile"})
    rejectOption(gen, bound, "gl.load", option);
  RuntimeValue ptr = gen.requireRuntime(
      bound.get("pointer"), bound.loc("pointer"), "the pointer of gl.load");
  if (!ptr.dtype.isPointer)
    gen.fail(bound.loc("pointer"), "gl.load needs pointers, got " +
                                       Value(ptr).toString());
  DType element = ptr.dtype.pointee();
  adoptLayoutOf(gen, ptr, bound, "mask");
  adoptLayoutOf(gen, ptr, bound, "other");
  mlir::Value mask, other;
  if (bound.has("mask")) {
    mask = requireMask(gen, bound, ptr, "gl.load");
  }
  if (bound.has("other")) {
    if (!mask)
      gen.fail(bound.loc("other"), "gl.load's 'other' needs a mask");
    RuntimeValue otherValue =
        gen.toRuntime(bound.get("other"), bound.loc("other"), element);
    otherValue = gen.castTo(otherValue, element, bound.loc("other"));
    other = matchShape(gen, otherValue, ptr, bound.loc("other")).value;
  }
  mlir::Type resultType = gen.getMLIRType(element, ptr.shape, ptr.layout);
  auto op =
      mlir::gluon::LoadOp::create(gen.getBuilder(), gen.getLoc(bound.callLoc()),
                                  resultType, ptr.value, mask, other);
  return RuntimeValue{op, element, ptr.shape, ptr.layout};
}

Value store(IRGen &gen, const BoundArgs &bound) {
  for (const char *option :
       {"boundary_check", "cache_modifier", "eviction_policy"})
    rejectOption(gen, bound, "gl.store", option);
  RuntimeValue ptr = gen.requireRuntime(
      bound.get("pointer"), bound.loc("pointer"), "the pointer of gl.store");
  if (!ptr.dtype.isPointer)
    gen.fail(bound.loc("pointer"), "gl.store needs pointers, got " +
                                       Value(ptr).toString());
  DType element = ptr.dtype.pointee();
  adoptLayoutOf(gen, ptr, bound, "mask");
  RuntimeValue value =
      gen.toRuntime(bound.get("value"), bound.loc("value"), element);
  gen.unifyAutoLayouts(ptr, bound.loc("pointer"), value, bound.loc("value"));
  if (!value.isScalar() && !ptr.isScalar() && value.layout != ptr.layout)
    gen.failWithNote(
        bound.loc("value"),
        "layout mismatch: gl.store's pointers have layout " +
            describeLayout(ptr.layout) + ", the value has layout " +
            describeLayout(value.layout),
        gen.getDefinitionLoc(value, bound.loc("value")),
        "the value is defined here; gl.convert_layout(value, layout) moves "
        "it to the pointers' layout");
  value = gen.castTo(value, element, bound.loc("value"));
  value = matchShape(gen, value, ptr, bound.loc("value"));
  mlir::Value mask;
  if (bound.has("mask")) {
    mask = requireMask(gen, bound, ptr, "gl.store");
  }
  mlir::gluon::StoreOp::create(gen.getBuilder(), gen.getLoc(bound.callLoc()),
                               ptr.value, value.value, mask);
  return Value();
}

Value where(IRGen &gen, const BoundArgs &bound) {
  RuntimeValue condition =
      gen.requireRuntime(bound.get("condition"), bound.loc("condition"),
                         "the condition of gl.where");
  condition =
      gen.castTo(condition, DType::of(ScalarKind::I1), bound.loc("condition"));
  auto [x, y] = gen.toRuntimePair(bound.get("x"), bound.get("y"),
                                  bound.loc("x"), bound.loc("y"));
  if ((x.dtype.isPointer || y.dtype.isPointer) && x.dtype != y.dtype)
    gen.fail(bound.callLoc(), "gl.where between " + x.dtype.getGluonName() +
                                  " and " + y.dtype.getGluonName() +
                                  ": pointers choose only between pointers of "
                                  "one type");
  DType dtype = x.dtype.isPointer ? x.dtype : promote(x.dtype, y.dtype);
  gen.castAndBroadcast(x, y, dtype, bound.callLoc(), bound.loc("x"),
                       bound.loc("y"));
  gen.broadcastPair(condition, x, bound.callLoc(), bound.loc("condition"),
                    bound.loc("x"));
  gen.broadcastPair(condition, y, bound.callLoc(), bound.loc("condition"),
                    bound.loc("y"));
  auto select = mlir::arith::SelectOp::create(
      gen.getBuilder(), gen.getLoc(bound.callLoc()), condition.value, x.value,
      y.value);
  return RuntimeValue{select, dtype, x.shape, x.layout};
}

Value minMax(IRGen &gen, const BoundArgs &bound, bool isMax) {
  const char *name = isMax ? "maximum" : "minimum";
  if (bound.has("propagate_nan"))
    gen.fail(bound.loc("propagate_nan"), std::string("not supported yet: gl.") +
                                             name + "(propagate_nan=...)");
  const Value &xValue = bound.get("x"), &yValue = bound.get("y");
  if (!xValue.isRuntime() && !yValue.isRuntime())
    gen.fail(bound.callLoc(), std::string("gl.") + name +
                                  " needs a run-time operand; use Python's " +
                                  (isMax ? "max" : "min") + " on constants");
  auto [x, y] =
      gen.toRuntimePair(xValue, yValue, bound.loc("x"), bound.loc("y"));
  DType dtype = promote(x.dtype, y.dtype);
  if (x.dtype.isPointer || y.dtype.isPointer || dtype.isFloat8())
    gen.fail(bound.callLoc(),
             std::string("gl.") + name + " needs numbers, got " +
                 x.dtype.getGluonName() + " and " + y.dtype.getGluonName());
  gen.castAndBroadcast(x, y, dtype, bound.callLoc(), bound.loc("x"),
                       bound.loc("y"));
  mlir::Location loc = gen.getLoc(bound.callLoc());
  return RuntimeValue{
      createMinMax(gen.getBuilder(), loc, isMax, dtype, x.value, y.value),
      dtype, x.shape, x.layout};
}

/// tensor.to(dtype, fp_downcast_rounding=None, bitcast=False) and
/// gl.cast(input, dtype, ...).
Value castBuiltin(IRGen &gen, const BoundArgs &bound) {
  RuntimeValue self = gen.requireRuntime(bound.get("input"), bound.loc("input"),
                                         "the input of gl.cast");
  if (bound.has("fp_downcast_rounding"))
    gen.fail(bound.loc("fp_downcast_rounding"),
             "not supported yet: gl.cast(fp_downcast_rounding=...)");
  DType dtype = requireDType(gen, bound.get("dtype"), bound.loc("dtype"));
  bool bitcast = bound.has("bitcast") &&
                 gen.isTruthy(bound.get("bitcast"), bound.loc("bitcast"));
  return bitcast ? gen.bitcastTo(self, dtype, bound.callLoc())
                 : gen.castTo(self, dtype, bound.callLoc());
}

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

RuntimeValue requireFloat(IRGen &gen, const Value &value, SourceLoc loc,
                          const std::string &function) {
  RuntimeValue x =
      gen.requireRuntime(value, loc, "the argument of gl." + function);
  if (!x.dtype.isFloat() || x.dtype.isFloat8())
    gen.fail(loc, "gl." + function + " needs floating-point values, got " +
                      x.dtype.getGluonName());
  return x;
}

/// Runs `compute` on `x` in fp32 when `x` is narrower, and converts back.
RuntimeValue inFloat32(IRGen &gen, RuntimeValue x, SourceLoc loc,
                       const std::function<mlir::Value(mlir::Value)> &compute) {
  DType original = x.dtype;
  bool widen = original.getBitWidth() < 32;
  if (widen)
    x = gen.castTo(x, DType::of(ScalarKind::F32), loc);
  RuntimeValue result{compute(x.value), x.dtype, x.shape, x.layout};
  return widen ? gen.castTo(result, original, loc) : result;
}

Value floatFunction(IRGen &gen, const std::string &name,
                    const BoundArgs &bound) {
  RuntimeValue x = requireFloat(gen, bound.get("x"), bound.loc("x"), name);
  mlir::Location loc = gen.getLoc(bound.callLoc());
  const UnaryBuilder &build = floatFunctions().at(name);
  return inFloat32(gen, x, bound.callLoc(), [&](mlir::Value v) {
    return build(gen.getBuilder(), loc, v);
  });
}

Value absFunction(IRGen &gen, const BoundArgs &bound) {
  RuntimeValue x =
      gen.requireRuntime(bound.get("x"), bound.loc("x"), "gl.abs's argument");
  mlir::OpBuilder &b = gen.getBuilder();
  mlir::Location loc = gen.getLoc(bound.callLoc());
  if (x.dtype.isPointer || x.dtype.isFloat8())
    gen.fail(bound.loc("x"),
             "gl.abs needs numbers, got " + x.dtype.getGluonName());
  if (getSignedness(x.dtype) == Signedness::Unsigned)
    return x;
  if (x.dtype.isInt())
    return RuntimeValue{mlir::math::AbsIOp::create(b, loc, x.value), x.dtype,
                        x.shape, x.layout};
  return RuntimeValue{mlir::math::AbsFOp::create(b, loc, x.value), x.dtype,
                      x.shape, x.layout};
}

/// Brings all of `values` to one dtype (promoted) and shape.
std::vector<RuntimeValue> unify(IRGen &gen, const BoundArgs &bound,
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

Value fmaBuiltin(IRGen &gen, const BoundArgs &bound) {
  std::vector<RuntimeValue> xyz =
      unify(gen, bound, {"x", "y", "z"}, bound.callLoc());
  if (!xyz[0].dtype.isFloat() || xyz[0].dtype.isFloat8())
    gen.fail(bound.callLoc(), "gl.fma needs floating-point values, got " +
                                  xyz[0].dtype.getGluonName());
  auto op =
      mlir::math::FmaOp::create(gen.getBuilder(), gen.getLoc(bound.callLoc()),
                                xyz[0].value, xyz[1].value, xyz[2].value);
  return RuntimeValue{op, xyz[0].dtype, xyz[0].shape, xyz[0].layout};
}

/// The parameters of a libdevice function of `arity` arguments, as Triton's
/// module names them: arg0, arg1, ...
std::vector<std::string> libdeviceParameters(unsigned arity) {
  std::vector<std::string> names;
  for (unsigned i = 0; i < arity; ++i)
    names.push_back("arg" + std::to_string(i));
  return names;
}

/// gl.extra.libdevice.NAME(arg0, ...): the arguments promoted to one dtype
/// and shape, which must be one the function takes (no implicit widening
/// of fp16: Triton's module has no fp16 versions either).
Value libdeviceFunction(IRGen &gen,
                        const mlir::gluon::MathLibraryFunction &function,
                        const BoundArgs &bound) {
  std::vector<RuntimeValue> args =
      unify(gen, bound, libdeviceParameters(function.arity), bound.callLoc());
  std::string qualified = "libdevice." + function.name.str();
  if (!mlir::gluon::acceptsElementType(
          function, mlir::getElementTypeOrSelf(args[0].value.getType())))
    gen.fail(bound.callLoc(),
             qualified + " takes " +
                 (function.float32Only ? "fp32" : "fp32 or fp64") + ", got " +
                 args[0].dtype.getGluonName() +
                 "; convert the arguments with .to(gl.float32)");
  std::vector<mlir::Value> operands;
  for (const RuntimeValue &arg : args)
    operands.push_back(arg.value);
  auto op = mlir::gluon::ExternElementwiseOp::create(
      gen.getBuilder(), gen.getLoc(bound.callLoc()), args[0].value.getType(),
      operands, function.name);
  return RuntimeValue{op, args[0].dtype, args[0].shape, args[0].layout};
}

Value umulhi(IRGen &gen, const BoundArgs &bound) {
  std::vector<RuntimeValue> xy = unify(gen, bound, {"x", "y"}, bound.callLoc());
  if (!xy[0].dtype.isInt() || xy[0].dtype.isBool())
    gen.fail(bound.callLoc(),
             "gl.umulhi needs integers, got " + xy[0].dtype.getGluonName());
  auto op = mlir::arith::MulUIExtendedOp::create(
      gen.getBuilder(), gen.getLoc(bound.callLoc()), xy[0].value, xy[1].value);
  return RuntimeValue{op.getHigh(), xy[0].dtype, xy[0].shape, xy[0].layout};
}

/// gl.div_rn (IEEE round-to-nearest) and gl.fdiv (approximate unless
/// ieee_rounding=True).
Value divide(IRGen &gen, const BoundArgs &bound, bool exact) {
  const char *name = exact ? "div_rn" : "fdiv";
  std::vector<RuntimeValue> xy = unify(gen, bound, {"x", "y"}, bound.callLoc());
  if (!xy[0].dtype.isFloat() || xy[0].dtype.isFloat8())
    gen.fail(bound.callLoc(), std::string("gl.") + name +
                                  " needs floating-point values, got " +
                                  xy[0].dtype.getGluonName());
  if (!exact && bound.has("ieee_rounding"))
    exact =
        gen.isTruthy(bound.get("ieee_rounding"), bound.loc("ieee_rounding"));
  auto flags = exact ? mlir::arith::FastMathFlags::none
                     : mlir::arith::FastMathFlags::afn |
                           mlir::arith::FastMathFlags::arcp;
  auto op = mlir::arith::DivFOp::create(
      gen.getBuilder(), gen.getLoc(bound.callLoc()), xy[0].value, xy[1].value,
      mlir::arith::FastMathFlagsAttr::get(&gen.getContext(), flags));
  return RuntimeValue{op, xy[0].dtype, xy[0].shape, xy[0].layout};
}

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
Value dotFma(IRGen &gen, const BoundArgs &bound) {
  RuntimeValue a =
      gen.requireRuntime(bound.get("a"), bound.loc("a"), "gl.dot_fma's a");
  RuntimeValue b =
      gen.requireRuntime(bound.get("b"), bound.loc("b"), "gl.dot_fma's b");
  RuntimeValue acc = gen.requireRuntime(bound.get("acc"), bound.loc("acc"),
                                        "gl.dot_fma's acc");
  for (auto [name, value] : {std::pair<const char *, RuntimeValue *>{"a", &a},
                              {"b", &b}, {"acc", &acc}})
    if (value->shape.size() != 2)
      gen.fail(bound.loc(name), std::string("gl.dot_fma's ") + name +
                                    " must be a 2-D tensor, got shape " +
                                    listText(value->shape));
  if (!mlir::isa<mlir::gluon::BlockedLayoutAttr>(acc.layout))
    gen.fail(bound.loc("acc"), "gl.dot_fma needs an accumulator in a "
                               "BlockedLayout, got " +
                                   describeLayout(acc.layout));
  requireDotOperand(gen, bound, "gl.dot_fma", 0, a, acc, "0");
  requireDotOperand(gen, bound, "gl.dot_fma", 1, b, acc, "0");
  if (a.shape[0] != acc.shape[0] || b.shape[1] != acc.shape[1] ||
      a.shape[1] != b.shape[0])
    gen.fail(bound.callLoc(),
             "gl.dot_fma shapes do not multiply: " + listText(a.shape) + " @ " +
                 listText(b.shape) + " into " + listText(acc.shape));
  if (a.dtype != b.dtype)
    gen.fail(bound.callLoc(), "gl.dot_fma needs a and b of one dtype, got " +
                                  a.dtype.getGluonName() + " and " +
                                  b.dtype.getGluonName());
  if (!canAccumulateIn(a.dtype, acc.dtype))
    gen.fail(bound.callLoc(), "gl.dot_fma cannot accumulate " +
                                  a.dtype.getGluonName() + " products in " +
                                  acc.dtype.getGluonName());
  a = gen.castTo(a, acc.dtype, bound.loc("a"));
  b = gen.castTo(b, acc.dtype, bound.loc("b"));
  auto op = mlir::gluon::DotFmaOp::create(
      gen.getBuilder(), gen.getLoc(bound.callLoc()), acc.value.getType(),
      a.value, b.value, acc.value);
  return RuntimeValue{op, acc.dtype, acc.shape, acc.layout};
}

Value convertLayout(IRGen &gen, const BoundArgs &bound) {
  RuntimeValue value = gen.requireRuntime(
      bound.get("value"), bound.loc("value"), "gl.convert_layout's value");
  if (value.isScalar())
    gen.fail(bound.loc("value"), "gl.convert_layout needs a tensor");
  mlir::gluon::LayoutAttrInterface layout =
      requireDistributedLayout(gen, bound.get("layout"), bound.loc("layout"));
  unsigned layoutRank = layout.getRank();
  if (layoutRank != value.shape.size())
    gen.fail(bound.loc("layout"),
             "a tensor of rank " + std::to_string(value.shape.size()) +
                 " cannot take the rank-" + std::to_string(layoutRank) +
                 " layout " + describeLayout(layout));
  mlir::Type type = gen.getMLIRType(value.dtype, value.shape, layout);
  if (bound.has("assert_trivial") &&
      gen.isTruthy(bound.get("assert_trivial"), bound.loc("assert_trivial"))) {
    ConversionKind kind = planConversion(
        mlir::gluon::getLinearLayout(
            mlir::cast<mlir::RankedTensorType>(value.value.getType())),
        mlir::gluon::getLinearLayout(mlir::cast<mlir::RankedTensorType>(type)));
    if (kind != ConversionKind::Free)
      gen.fail(bound.callLoc(), std::string("the conversion from ") +
                                    describeLayout(value.layout) +
                                    " is not trivial: it needs a " +
                                    getConversionKindName(kind));
  }
  if (value.layout == layout)
    return value;
  auto op = mlir::gluon::ConvertLayoutOp::create(
      gen.getBuilder(), gen.getLoc(bound.callLoc()), type, value.value);
  return RuntimeValue{op, value.dtype, value.shape, layout};
}

Value fullLike(IRGen &gen, const BoundArgs &bound, bool zeros) {
  const char *name = zeros ? "zeros_like" : "full_like";
  RuntimeValue like =
      gen.requireRuntime(bound.get("input"), bound.loc("input"),
                         std::string("gl.") + name + "'s input");
  DType dtype = like.dtype;
  if (bound.has("dtype")) {
    auto *requested = bound.get("dtype").getIf<DType>();
    if (!requested)
      gen.fail(bound.loc("dtype"), "expected a dtype");
    dtype = *requested;
  }
  Value fill = zeros ? Value(int64_t(0)) : bound.get("value");
  SourceLoc fillLoc = zeros ? bound.callLoc() : bound.loc("value");
  if (auto *runtime = fill.getIf<RuntimeValue>();
      runtime && !runtime->isScalar())
    gen.fail(fillLoc,
             std::string("gl.") + name + " fills with a scalar, got a tensor");
  RuntimeValue scalar =
      gen.castTo(gen.toRuntime(fill, fillLoc, dtype), dtype, fillLoc);
  // shape= and layout= replace the input's (the current API).
  std::vector<int64_t> shape = like.shape;
  if (bound.has("shape"))
    shape = requireShape(gen, bound.get("shape"), bound.loc("shape"), "shape");
  mlir::Attribute layout = like.layout;
  if (bound.has("layout"))
    layout =
        requireDistributedLayout(gen, bound.get("layout"), bound.loc("layout"));
  if (shape.empty())
    return scalar;
  if (!layout ||
      (!isAutoLayout(layout) &&
       mlir::cast<mlir::gluon::LayoutAttrInterface>(layout).getRank() !=
           shape.size()))
    gen.fail(bound.has("layout") ? bound.loc("layout") : bound.loc("shape"),
             "a " + std::to_string(shape.size()) +
                 "-D shape needs a layout of that rank, got " +
                 (layout ? describeLayout(layout) : "none") +
                 (bound.has("layout") ? "" : " (the input's; give layout=)"));
  return gen.broadcastTo(scalar, shape, layout, bound.callLoc());
}

/// gl.to_tensor(x): a Python number or bool as a run-time scalar (bool is
/// i1, int i32 or i64, float fp32); a tensor as it is.
Value toTensor(IRGen &gen, const BoundArgs &bound) {
  const Value &value = bound.get("x");
  if (!value.isRuntime() && !isNumeric(value))
    gen.fail(bound.loc("x"), "gl.to_tensor needs a number, a bool or a "
                             "tensor, got " +
                                 value.getTypeName());
  return gen.toRuntime(value, bound.loc("x"));
}

Value barrier(IRGen &gen, const BoundArgs &bound) {
  mlir::gluon::BarrierOp::create(gen.getBuilder(), gen.getLoc(bound.callLoc()));
  return Value();
}

Value numWarps(IRGen &gen, const BoundArgs &) {
  return Value(int64_t(gen.getNumWarps()));
}

} // namespace

void gluonc::frontend::registerTensorBuiltins(BuiltinTable &table) {
  table.addFunction({"gl.arange"}, "start, end, layout=None",
                    withIRGenOnAutoLayouts(arange));
  table.addFunction(
      {"gl.full"}, "shape, value, dtype, layout=None",
      withIRGenOnAutoLayouts([](IRGen &gen, const BoundArgs &args) {
        return full(gen, args, /*zeros=*/false);
      }));
  table.addFunction(
      {"gl.zeros"}, "shape, dtype, layout=None",
      withIRGenOnAutoLayouts([](IRGen &gen, const BoundArgs &args) {
        return full(gen, args, /*zeros=*/true);
      }));
  table.addFunction(
      {"gl.full_like"}, "input, value, shape=None, dtype=None, *, layout=None",
      withIRGenOnAutoLayouts([](IRGen &gen, const BoundArgs &args) {
        return fullLike(gen, args, /*zeros=*/false);
      }));
  table.addFunction(
      {"gl.zeros_like"}, "input, shape=None, dtype=None, *, layout=None",
      withIRGenOnAutoLayouts([](IRGen &gen, const BoundArgs &args) {
        return fullLike(gen, args, /*zeros=*/true);
      }));
  table.addFunction({"gl.load"},
                    "pointer, mask=None, other=None, boundary_check=None, "
                    "padding_option=None, cache_modifier=None, "
                    "eviction_policy=None, volatile=None",
                    withIRGenOnAutoLayouts(load));
  table.addFunction({"gl.store"},
                    "pointer, value, mask=None, boundary_check=None, "
                    "cache_modifier=None, eviction_policy=None",
                    withIRGenOnAutoLayouts(store));
  table.addFunction({"gl.where"}, "condition, x, y",
                    withIRGenOnAutoLayouts(where));
  table.addFunction({"gl.to_tensor"}, "x", withIRGenOnAutoLayouts(toTensor));
  table.addFunction(
      {"gl.maximum"}, "x, y, propagate_nan=None",
      withIRGenOnAutoLayouts([](IRGen &gen, const BoundArgs &args) {
        return minMax(gen, args, /*isMax=*/true);
      }));
  table.addFunction(
      {"gl.minimum"}, "x, y, propagate_nan=None",
      withIRGenOnAutoLayouts([](IRGen &gen, const BoundArgs &args) {
        return minMax(gen, args, /*isMax=*/false);
      }));
  table.addFunction({"gl.cast"},
                    "input, dtype, fp_downcast_rounding=None, bitcast=False",
                    withIRGenOnAutoLayouts(castBuiltin));
  table.addMethodCalling({"tensor.to"}, "gl.cast");

  for (const auto &entry : floatFunctions()) {
    std::string name = entry.first;
    table.addFunction(
        {"gl." + name}, "x",
        withIRGenOnAutoLayouts([name](IRGen &gen, const BoundArgs &args) {
          return floatFunction(gen, name, args);
        }));
  }
  for (const mlir::gluon::MathLibraryFunction &function :
       mlir::gluon::getMathLibraryFunctions()) {
    std::string name = function.name.str();
    table.addFunction(
        {"gl.extra.libdevice." + name, "tl.extra.libdevice." + name},
        llvm::join(libdeviceParameters(function.arity), ", "),
        withIRGenOnAutoLayouts([&function](IRGen &gen, const BoundArgs &args) {
          return libdeviceFunction(gen, function, args);
        }));
  }
  table.addFunction({"gl.abs"}, "x", withIRGenOnAutoLayouts(absFunction));
  table.addFunction({"gl.fma"}, "x, y, z", withIRGenOnAutoLayouts(fmaBuiltin));
  table.addFunction({"gl.umulhi"}, "x, y", withIRGenOnAutoLayouts(umulhi));
  table.addFunction(
      {"gl.div_rn"}, "x, y",
      withIRGenOnAutoLayouts([](IRGen &gen, const BoundArgs &args) {
        return divide(gen, args, /*exact=*/true);
      }));
  table.addFunction(
      {"gl.fdiv"}, "x, y, ieee_rounding=False",
      withIRGenOnAutoLayouts([](IRGen &gen, const BoundArgs &args) {
        return divide(gen, args, /*exact=*/false);
      }));

  table.addFunction({"gl.set_auto_layout"}, "value, layout",
                    withIRGenOnAutoLayouts(setAutoLayout));
  table.addFunction({"gl.convert_layout"},
                    "value, layout, assert_trivial=False",
                    withIRGen(convertLayout));
  // cluster=True syncs the cluster, which is the CTA: gluonc compiles
  // one CTA per cluster.
  table.addFunction({"gl.barrier", "gl.thread_barrier"}, "*, cluster=False",
                    withIRGen(barrier));
  table.addFunction({"gl.num_warps"}, "", withIRGen(numWarps));
  // gluonc compiles for one CTA per cluster (cga_layout beyond one CTA is
  // not supported), so the count is 1.
  table.addFunction({"gl.num_ctas"}, "", [](Interpreter &, const BoundArgs &) {
    return Value(int64_t(1));
  });
  // A hint that `cond` holds; gluonc uses none, and dropping a hint keeps
  // the program's meaning. The condition is still evaluated (and checked).
  table.addFunction(
      {"gl.assume"}, "cond", withIRGen([](IRGen &gen, const BoundArgs &bound) {
        const Value &cond = bound.get("cond");
        if (!cond.isRuntime() && !cond.is<bool>() && !isNumeric(cond))
          gen.fail(bound.loc("cond"),
                   "gl.assume needs a condition, got " + cond.getTypeName());
        return Value();
      }));
  table.addFunction({"gl.dot_fma"}, "a, b, acc", withIRGen(dotFma));
}
