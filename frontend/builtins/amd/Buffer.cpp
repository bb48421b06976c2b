//===- Buffer.cpp - AMD's buffer loads and stores -------------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// gl.amd.cdna3/cdna4.buffer_load and buffer_store: a scalar base pointer
// and int32 element offsets, accessed through a buffer resource (out of
// range reads give zero, writes are dropped, per the CDNA ISA).
//
//===----------------------------------------------------------------------===//

#include "builtins/Arguments.h"

#include "gluonc/IR/AMDOps.h"

using namespace gluonc;
using namespace gluonc::frontend;

std::pair<RuntimeValue, RuntimeValue>
gluonc::frontend::requireBufferAddress(IRGen &gen, const BoundArgs &bound,
                                       const std::string &function) {
  if (!gen.getArch().features.bufferOps)
    gen.fail(bound.loc("ptr"),
             function + " needs an AMD CDNA --arch, not " + gen.getArch().name);
  RuntimeValue ptr = gen.requireRuntime(bound.get("ptr"), bound.loc("ptr"),
                                        "the base pointer of " + function);
  if (!ptr.dtype.isPointer || !ptr.isScalar())
    gen.fail(bound.loc("ptr"), function + " needs one base pointer (a "
                                          "scalar), got " +
                                   Value(ptr).toString());
  RuntimeValue offsets = gen.requireRuntime(
      bound.get("offsets"), bound.loc("offsets"), "the offsets of " + function);
  if (offsets.isScalar() || offsets.dtype != DType::of(ScalarKind::I32))
    gen.fail(bound.loc("offsets"),
             function + " needs a tensor of int32 element offsets, got " +
                 Value(offsets).toString());
  return {ptr, offsets};
}

/// gl.amd.cdna3.buffer_load(ptr, offsets, mask=None, other=None,
/// cache=None): ptr[offsets] through a buffer resource.
static Value bufferLoad(IRGen &gen, const BoundArgs &bound) {
  std::string function = bound.getBuiltin().getName();
  rejectOption(gen, bound, function, "cache");
  auto [ptr, offsets] = requireBufferAddress(gen, bound, function);
  DType element = ptr.dtype.pointee();
  mlir::Value mask, other;
  if (bound.has("mask"))
    mask = requireMask(gen, bound, offsets, function);
  if (bound.has("other")) {
    if (!mask)
      gen.fail(bound.loc("other"), function + "'s 'other' needs a mask");
    RuntimeValue otherValue =
        gen.toRuntime(bound.get("other"), bound.loc("other"), element);
    otherValue = gen.castTo(otherValue, element, bound.loc("other"));
    other = matchShape(gen, otherValue, offsets, bound.loc("other")).value;
  }
  mlir::Type resultType =
      gen.getMLIRType(element, offsets.shape, offsets.layout);
  auto op = mlir::gluon::BufferLoadOp::create(
      gen.getBuilder(), gen.getLoc(bound.callLoc()), resultType, ptr.value,
      offsets.value, mask, other);
  return RuntimeValue{op, element, offsets.shape, offsets.layout};
}

/// gl.amd.cdna3.buffer_store(stored_value, ptr, offsets, mask=None,
/// cache=None).
static Value bufferStore(IRGen &gen, const BoundArgs &bound) {
  std::string function = bound.getBuiltin().getName();
  rejectOption(gen, bound, function, "cache");
  auto [ptr, offsets] = requireBufferAddress(gen, bound, function);
  DType element = ptr.dtype.pointee();
  RuntimeValue value = gen.toRuntime(bound.get("stored_value"),
                                     bound.loc("stored_value"), element);
  if (!value.isScalar() && value.layout != offsets.layout)
    gen.failWithNote(
        bound.loc("stored_value"),
        "layout mismatch: " + function + "'s offsets have layout " +
            describeLayout(offsets.layout) + ", the value has layout " +
            describeLayout(value.layout),
        gen.getDefinitionLoc(value, bound.loc("stored_value")),
        "the value is defined here");
  value = gen.castTo(value, element, bound.loc("stored_value"));
  value = matchShape(gen, value, offsets, bound.loc("stored_value"));
  mlir::Value mask;
  if (bound.has("mask"))
    mask = requireMask(gen, bound, offsets, function);
  mlir::gluon::BufferStoreOp::create(gen.getBuilder(),
                                     gen.getLoc(bound.callLoc()), value.value,
                                     ptr.value, offsets.value, mask);
  return Value();
}

void gluonc::frontend::registerAMDBufferBuiltins(BuiltinTable &table) {
  for (const char *set : {"gl.amd.cdna3.", "gl.amd.cdna4."}) {
    table.addFunction({std::string(set) + "buffer_load"},
                      "ptr, offsets, mask=None, other=None, cache=None",
                      withIRGen(bufferLoad));
    table.addFunction({std::string(set) + "buffer_store"},
                      "stored_value, ptr, offsets, mask=None, cache=None",
                      withIRGen(bufferStore));
  }
}
