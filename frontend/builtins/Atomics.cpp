//===- Atomics.cpp - gl.atomic_* and gl.device_assert ---------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// gl.atomic_add/max/min/and/or/xor/xchg(pointer, val, mask=None, sem=None,
// scope=None) and gl.atomic_cas(pointer, cmp, val, sem=None, scope=None)
// return the old values, as Triton's do: `val` takes the pointee type, the
// pointers' shape and layout; sem defaults to "acq_rel" and scope to "gpu".
//
// gl.device_assert(cond, msg="") checks at run time only when compiled
// with --debug (Triton's debug=True); otherwise it compiles to nothing.
//
//===----------------------------------------------------------------------===//

#include "Arguments.h"

#include "gluonc/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace gluonc;
using namespace gluonc::frontend;

namespace {

/// A string option with its allowed values, or `otherwise` when absent.
std::string getChoice(IRGen &gen, const BoundArgs &bound,
                      const std::string &function, const std::string &name,
                      std::initializer_list<const char *> choices,
                      const char *otherwise) {
  if (!bound.has(name))
    return otherwise;
  const Value &value = bound.get(name);
  auto *text = value.getIf<std::string>();
  std::string allowed;
  for (const char *choice : choices) {
    if (text && *text == choice)
      return *text;
    allowed += std::string(allowed.empty() ? "" : ", ") + "'" + choice + "'";
  }
  gen.fail(bound.loc(name), function + "'s " + name + " must be one of " +
                                allowed + ", got " + value.toString());
}

RuntimeValue requirePointers(IRGen &gen, const BoundArgs &bound,
                             const std::string &function) {
  RuntimeValue ptr = gen.requireRuntime(
      bound.get("pointer"), bound.loc("pointer"), "the pointer of " + function);
  if (!ptr.dtype.isPointer)
    gen.fail(bound.loc("pointer"),
             function + " needs pointers, got " + Value(ptr).toString());
  return ptr;
}

/// `name`'s value as the pointee type, in the pointers' shape and layout.
RuntimeValue operandLike(IRGen &gen, const BoundArgs &bound,
                         const std::string &name, const RuntimeValue &ptr,
                         DType dtype) {
  SourceLoc loc = bound.loc(name);
  RuntimeValue value =
      gen.castTo(gen.toRuntime(bound.get(name), loc, dtype), dtype, loc);
  if (ptr.isScalar()) {
    if (!value.isScalar())
      gen.fail(loc, "a tensor where a scalar is expected: the pointer is a "
                    "scalar");
    return value;
  }
  return gen.broadcastTo(value, ptr.shape, ptr.layout, loc);
}

/// The element types each atomic takes, with Triton's restrictions.
void checkElementType(IRGen &gen, const std::string &function,
                      const std::string &op, DType dtype, SourceLoc loc) {
  unsigned bits = dtype.getBitWidth();
  bool ok;
  if (op == "add")
    ok = dtype.isInt() ? bits >= 32
                       : (dtype.isFloat() && !dtype.isFloat8());
  else if (op == "max" || op == "min")
    ok = bits >= 32 && (dtype.isInt() || dtype.isFloat());
  else if (op == "and" || op == "or" || op == "xor")
    ok = dtype.isInt() && bits >= 32;
  else // xchg, cas
    ok = bits >= (op == "cas" ? 16 : 32) && !dtype.isBool();
  if (!ok)
    gen.fail(loc, "gl." + function + " does not support " +
                      dtype.getGluonName() + " elements");
}

Value atomicRMW(IRGen &gen, const BoundArgs &bound) {
  std::string function = bound.getBuiltin().getShortName();
  std::string op = function.substr(std::string("atomic_").size());
  RuntimeValue ptr = requirePointers(gen, bound, "gl." + function);
  DType element = ptr.dtype.pointee();
  checkElementType(gen, function, op, element, bound.loc("pointer"));
  RuntimeValue val = operandLike(gen, bound, "val", ptr, element);
  mlir::Value mask;
  if (bound.has("mask")) {
    RuntimeValue maskValue = operandLike(gen, bound, "mask", ptr,
                                         DType::of(ScalarKind::I1));
    mask = maskValue.value;
  }
  std::string sem = getChoice(gen, bound, "gl." + function, "sem",
                              {"acquire", "release", "acq_rel", "relaxed"},
                              "acq_rel");
  std::string scope = getChoice(gen, bound, "gl." + function, "scope",
                                {"gpu", "cta", "sys"}, "gpu");
  if ((op == "max" || op == "min") && (element.isUnsigned()))
    op = "u" + op;
  auto rmw = mlir::gluon::AtomicRMWOp::create(
      gen.getBuilder(), gen.getLoc(bound.callLoc()), val.value.getType(), op,
      ptr.value, val.value, mask, sem, scope);
  return RuntimeValue{rmw, element, ptr.shape, ptr.layout};
}

Value atomicCAS(IRGen &gen, const BoundArgs &bound) {
  RuntimeValue ptr = requirePointers(gen, bound, "gl.atomic_cas");
  DType element = ptr.dtype.pointee();
  checkElementType(gen, "atomic_cas", "cas", element, bound.loc("pointer"));
  RuntimeValue cmp = operandLike(gen, bound, "cmp", ptr, element);
  RuntimeValue val = operandLike(gen, bound, "val", ptr, element);
  std::string sem = getChoice(gen, bound, "gl.atomic_cas", "sem",
                              {"acquire", "release", "acq_rel", "relaxed"},
                              "acq_rel");
  std::string scope = getChoice(gen, bound, "gl.atomic_cas", "scope",
                                {"gpu", "cta", "sys"}, "gpu");
  auto cas = mlir::gluon::AtomicCASOp::create(
      gen.getBuilder(), gen.getLoc(bound.callLoc()), val.value.getType(),
      ptr.value, cmp.value, val.value, sem, scope);
  return RuntimeValue{cas, element, ptr.shape, ptr.layout};
}

Value deviceAssert(IRGen &gen, const BoundArgs &bound) {
  std::string message;
  if (bound.has("msg")) {
    auto *text = bound.get("msg").getIf<std::string>();
    if (!text)
      gen.fail(bound.loc("msg"), "gl.device_assert's msg must be a "
                                 "compile-time string, got " +
                                     bound.get("msg").toString());
    message = *text;
  }
  const Value &cond = bound.get("cond");
  if (!cond.isRuntime()) {
    // A compile-time condition is checked now, like Triton's.
    if (!gen.isTruthy(cond, bound.loc("cond")))
      gen.fail(bound.loc("cond"), "device assertion failed" +
                                      (message.empty() ? "" : ": " + message));
    return Value();
  }
  RuntimeValue condition = gen.castTo(cond.get<RuntimeValue>(),
                                      DType::of(ScalarKind::I1),
                                      bound.loc("cond"));
  if (bound.has("mask")) {
    RuntimeValue mask = gen.castTo(
        gen.requireRuntime(bound.get("mask"), bound.loc("mask"),
                           "the mask of gl.device_assert"),
        DType::of(ScalarKind::I1), bound.loc("mask"));
    gen.broadcastPair(condition, mask, bound.callLoc(), bound.loc("cond"),
                      bound.loc("mask"));
    // Checked only where the mask holds: cond || !mask.
    mlir::Location loc = gen.getLoc(bound.callLoc());
    mlir::Value one =
        gen.broadcastTo(gen.toRuntime(Value(true), bound.callLoc(),
                                      DType::of(ScalarKind::I1)),
                        mask.shape, mask.layout, bound.callLoc())
            .value;
    mlir::Value unmasked =
        mlir::arith::XOrIOp::create(gen.getBuilder(), loc, mask.value, one);
    condition.value = mlir::arith::OrIOp::create(gen.getBuilder(), loc,
                                                 condition.value, unmasked);
  }
  if (!gen.getSpec().debug)
    return Value();
  SourceLoc where = bound.callLoc();
  mlir::gluon::AssertOp::create(
      gen.getBuilder(), gen.getLoc(where), condition.value, message,
      gen.getSourceManager().getRecordedName(where.fileId),
      int32_t(where.line), gen.getSpec().kernelName);
  return Value();
}

} // namespace

void gluonc::frontend::registerAtomicBuiltins(BuiltinTable &table) {
  for (const char *op : {"add", "max", "min", "and", "or", "xor", "xchg"})
    table.addFunction({std::string("gl.atomic_") + op},
                      "pointer, val, mask=None, sem=None, scope=None",
                      withIRGen(atomicRMW));
  table.addFunction({"gl.atomic_cas"},
                    "pointer, cmp, val, sem=None, scope=None",
                    withIRGen(atomicCAS));
  table.addFunction({"gl.device_assert"}, "cond, msg=None, mask=None",
                    withIRGen(deviceAssert));
}
