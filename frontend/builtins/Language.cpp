//===- Language.cpp - The core of Gluon's language ------------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The decorators (gluon.jit, gluon.constexpr_function, Triton's
// _aggregate for classes), gl.constexpr, the
// compile-time builtins (static_assert, static_range, static_print), the
// program's place in the grid (program_id, num_programs), cdiv, the dtypes
// and the classes isinstance() knows (gl.tensor, gl.dtype, gl.constexpr),
// and the properties of tensors and dtypes.
//
//===----------------------------------------------------------------------===//

#include "Arguments.h"

#include "gluonc/IR/Dialect.h"

using namespace gluonc;
using namespace gluonc::frontend;

//===----------------------------------------------------------------------===//
// Compile time
//===----------------------------------------------------------------------===//

static Value constexprBuiltin(Interpreter &interpreter, const BoundArgs &args) {
  if (args.get("value").isRuntime())
    interpreter.fail(args.loc("value"),
                     "gl.constexpr needs a compile-time value");
  return args.get("value");
}

/// `@gluon.jit(...)` and `@gluon.constexpr_function(...)` called with
/// options: the decorator itself (getDecoratorKind sees through the call).
static Value decorator(Interpreter &, const BoundArgs &args) {
  return Value(BuiltinValue{&args.getBuiltin(), nullptr});
}

static Value staticAssert(Interpreter &interpreter, const BoundArgs &args) {
  const Value &condition = args.get("cond");
  if (condition.isRuntime())
    interpreter.fail(args.loc("cond"), "gl.static_assert needs a compile-time "
                                       "condition");
  if (interpreter.isTruthy(condition, args.loc("cond")))
    return Value();
  std::string message = "static assertion failed";
  if (args.has("msg")) {
    const Value &text = args.get("msg");
    auto *str = text.getIf<std::string>();
    message += ": " + (str ? *str : text.toString());
  }
  interpreter.fail(args.callLoc(), message);
}

/// gl.static_print(*values, sep=' ', end=..., flush=...): a note with the
/// values, at compile time.
static Value staticPrint(Interpreter &interpreter, const BoundArgs &args) {
  const std::string &separator = args.getString("sep");
  std::string text;
  for (size_t i = 0; i < args.rest().size(); ++i) {
    if (i)
      text += separator;
    text += interpreter.toStr(args.rest()[i], args.restLocs()[i]);
    if (text.size() > kMaxCompileTimeStringBytes)
      interpreter.fail(args.callLoc(),
                       "gl.static_print's text would exceed " +
                           std::to_string(kMaxCompileTimeStringBytes) +
                           " bytes");
  }
  // The trial run of a run-time loop's body must not print twice.
  if (!interpreter.isQuiet()) {
    interpreter.chargeOutput(text.size(), args.callLoc());
    interpreter.getDiags().note(args.callLoc(), "static_print: " + text);
  }
  return Value();
}

//===----------------------------------------------------------------------===//
// The grid
//===----------------------------------------------------------------------===//

static Value programIndex(IRGen &gen, const BoundArgs &bound, bool count) {
  const char *name = count ? "num_programs" : "program_id";
  int64_t axis = gen.requireInt(bound.get("axis"), bound.loc("axis"), "axis");
  if (axis < 0 || axis > 2)
    gen.fail(bound.loc("axis"), std::string(name) +
                                    " axis must be 0, 1 or 2, got " +
                                    std::to_string(axis));
  mlir::OpBuilder &builder = gen.getBuilder();
  mlir::Location loc = gen.getLoc(bound.callLoc());
  mlir::Value value = count ? mlir::Value(mlir::gluon::NumProgramsOp::create(
                                  builder, loc, builder.getI32Type(), axis))
                            : mlir::Value(mlir::gluon::ProgramIdOp::create(
                                  builder, loc, builder.getI32Type(), axis));
  return RuntimeValue{value, DType::of(ScalarKind::I32), {}, {}};
}

static Value cdiv(IRGen &gen, const BoundArgs &bound) {
  const Value &x = bound.get("x"), &div = bound.get("div");
  if (!x.isRuntime() && !div.isRuntime()) {
    int64_t a = gen.requireInt(x, bound.loc("x"), "cdiv's x");
    int64_t b = gen.requireInt(div, bound.loc("div"), "cdiv's div");
    if (b == 0)
      gen.fail(bound.loc("div"), "cdiv by zero");
    return Value((a + b - 1) / b);
  }
  Value sum = gen.binaryOp(BinaryOp::Add, x, div, bound.callLoc(),
                           bound.loc("x"), bound.loc("div"));
  Value minusOne =
      gen.binaryOp(BinaryOp::Sub, sum, Value(int64_t(1)), bound.callLoc(),
                   bound.callLoc(), bound.callLoc());
  return gen.binaryOp(BinaryOp::FloorDiv, minusOne, div, bound.callLoc(),
                      bound.callLoc(), bound.loc("div"));
}

//===----------------------------------------------------------------------===//
// Properties of tensors and dtypes
//===----------------------------------------------------------------------===//

static Value tensorDType(Interpreter &, const BoundArgs &args) {
  return Value(args.self().get<RuntimeValue>().dtype);
}

static Value tensorShape(Interpreter &, const BoundArgs &args) {
  return shapeTuple(args.self().get<RuntimeValue>().shape);
}

static Value elementType(Interpreter &interpreter, const BoundArgs &args) {
  const DType &dtype = args.self().get<DType>();
  if (!dtype.isPointer)
    interpreter.fail(args.callLoc(),
                     "'dtype' object has no attribute 'element_ty' "
                     "(only pointer dtypes have one)");
  return Value(dtype.pointee());
}

static Value primitiveBitwidth(Interpreter &, const BoundArgs &args) {
  return Value(int64_t(args.self().get<DType>().getBitWidth()));
}

//===----------------------------------------------------------------------===//
// The target, as host code asks Triton's driver for it
//===----------------------------------------------------------------------===//

/// `triton.runtime.driver.active.get_current_target()`, which module-level
/// code of upstream tests evaluates (`THREADS_PER_WARP = ...warp_size`):
/// ahead of time, the current target is the one compiled for.
static Value currentTarget(IRGen &gen, const BoundArgs &) {
  const std::string &name = gen.getArch().name;
  GPUTargetValue target;
  target.warpSize = gen.getArch().warpSize;
  if (name.rfind("sm_", 0) == 0) {
    target.backend = "cuda";
    // sm_90a -> 90, sm_100a -> 100.
    size_t end = name.find_first_not_of("0123456789", 3);
    target.arch = name.substr(3, end == std::string::npos ? end : end - 3);
  } else {
    target.backend = "hip";
    target.arch = name;
  }
  return Value(std::move(target));
}

static Value targetArch(Interpreter &, const BoundArgs &args) {
  const auto &target = args.self().get<GPUTargetValue>();
  if (target.backend == "cuda")
    return Value(int64_t(std::stoll(target.arch)));
  return Value(target.arch);
}

//===----------------------------------------------------------------------===//
// The table
//===----------------------------------------------------------------------===//

void gluonc::frontend::registerLanguageBuiltins(BuiltinTable &table) {
  table.addFunction({"gluon.jit", "triton.jit"}, "*args, **kwargs",
                    decorator);
  table.addFunction({"gluon.constexpr_function"}, "*args, **kwargs",
                    decorator);
  // Marks a class as an aggregate (eval/Aggregates.cpp reads the class);
  // only ever a decorator.
  table.addFunction({"tl.core._aggregate", "gluon.aggregate"}, "cls", nullptr);
  // Triton wraps compile-time scalars, dtypes and layouts in constexpr;
  // its tuples are tl.tuple, not constexpr.
  table.addClass({"gl.constexpr"}, "value", constexprBuiltin,
                 [](const Value &value) {
                   return value.isNone() || isNumeric(value) ||
                          value.is<std::string>() || value.is<DType>() ||
                          value.is<LayoutValue>();
                 });
  table.addClass({"gl.tensor"}, "*args, **kwargs", nullptr,
                 [](const Value &value) { return value.isRuntime(); });
  table.addClass({"gl.dtype"}, "*args, **kwargs", nullptr,
                 [](const Value &value) { return value.is<DType>(); });
  for (ScalarKind kind : getScalarKinds())
    table.addConstant({DType::of(kind).getGluonName()},
                      Value(DType::of(kind)));

  table.addFunction({"gl.static_assert"}, "cond, msg=None", staticAssert);
  table.addFunction({"gl.static_range"}, "*bounds, **kwargs", makeRange);
  table.addFunction({"gl.static_print"},
                    "*values, sep=' ', end=None, flush=None", staticPrint);
  table.addFunction({"gl.program_id"}, "axis",
                    withIRGen([](IRGen &gen, const BoundArgs &args) {
                      return programIndex(gen, args, /*count=*/false);
                    }));
  table.addFunction({"gl.num_programs"}, "axis",
                    withIRGen([](IRGen &gen, const BoundArgs &args) {
                      return programIndex(gen, args, /*count=*/true);
                    }));
  table.addFunction({"gl.cdiv", "triton.cdiv"}, "x, div", withIRGen(cdiv));

  table.addProperty({"tensor.dtype"}, tensorDType);
  table.addProperty({"tensor.shape"}, tensorShape);
  table.addProperty({"dtype.element_ty"}, elementType);
  table.addProperty({"dtype.primitive_bitwidth"}, primitiveBitwidth);

  table.addFunction({"triton.runtime.driver.active.get_current_target"}, "",
                    withIRGen(currentTarget));
  table.addProperty({"GPUTarget.backend"},
                    [](Interpreter &, const BoundArgs &args) {
                      return Value(args.self().get<GPUTargetValue>().backend);
                    });
  table.addProperty({"GPUTarget.arch"}, targetArch);
  table.addProperty(
      {"GPUTarget.warp_size"}, [](Interpreter &, const BoundArgs &args) {
        return Value(int64_t(args.self().get<GPUTargetValue>().warpSize));
      });

  // Triton's language, whose top level finds Gluon's (see lookupMember).
  table.addNamespace("tl");
  // Modules of Gluon with nothing gluonc implements yet.
  table.addNamespace("gl.nvidia");
}
