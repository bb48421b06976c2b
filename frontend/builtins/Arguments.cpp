//===- Arguments.cpp - Checks of builtin arguments ------------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "Arguments.h"

#include "gluonc/IR/Async.h"
#include "gluonc/Layout/LinearLayout.h"

#include <algorithm>
#include <limits>

using namespace gluonc;
using namespace gluonc::frontend;

std::vector<int64_t> gluonc::frontend::requireIntList(IRGen &gen,
                                                      const Value &value,
                                                      SourceLoc loc,
                                                      const std::string &what) {
  const std::vector<Value> *sequence = value.getSequence();
  if (!sequence)
    gen.fail(loc, what + " must be a list of integers, got " +
                      value.getTypeName() + " " + value.toString());
  std::vector<int64_t> result;
  for (const Value &element : *sequence)
    result.push_back(gen.requireInt(element, loc, what + " entries"));
  return result;
}

std::vector<std::vector<int64_t>>
gluonc::frontend::requireIntLists(IRGen &gen, const Value &value, SourceLoc loc,
                                  const std::string &what) {
  const std::vector<Value> *sequence = value.getSequence();
  if (!sequence)
    gen.fail(loc, what + " must be a list of lists of integers, got " +
                      value.getTypeName() + " " + value.toString());
  std::vector<std::vector<int64_t>> result;
  for (const Value &element : *sequence)
    result.push_back(requireIntList(gen, element, loc, what + " entries"));
  return result;
}

std::vector<int64_t> gluonc::frontend::requireShape(IRGen &gen,
                                                    const Value &value,
                                                    SourceLoc loc,
                                                    const std::string &what) {
  std::vector<int64_t> shape = requireIntList(gen, value, loc, what);
  if (shape.empty())
    gen.fail(loc, what + " needs at least one dimension");
  if (std::string problem = checkShape(shape); !problem.empty())
    gen.fail(loc, what + " " + problem);
  return shape;
}

DType gluonc::frontend::requireDType(IRGen &gen, const Value &value,
                                     SourceLoc loc) {
  if (auto *dtype = value.getIf<DType>())
    return *dtype;
  gen.fail(loc, "expected a dtype such as gl.float32, got " +
                    value.getTypeName() + " " + value.toString());
}

mlir::gluon::LayoutAttrInterface
gluonc::frontend::requireDistributedLayout(IRGen &gen, const Value &value,
                                           SourceLoc loc, bool allowAuto) {
  auto *layout = value.getIf<LayoutValue>();
  if (!layout)
    gen.fail(loc, "expected a distributed layout such as "
                  "gl.BlockedLayout(...), got " +
                      value.getTypeName() + " " + value.toString());
  // Tensors take distributed layouts; shared ones are for descriptors.
  auto distributed =
      mlir::dyn_cast<mlir::gluon::LayoutAttrInterface>(layout->attr);
  if (!distributed)
    gen.fail(loc, "expected a distributed layout such as "
                  "gl.BlockedLayout(...), got the shared layout " +
                      layout->text);
  if (!allowAuto && isAutoLayout(distributed))
    gen.fail(loc, "expected a concrete distributed layout such as "
                  "gl.BlockedLayout(...), got " +
                      describeLayout(distributed) +
                      ", which only gl.arange, gl.full and gl.zeros take");
  return distributed;
}

mlir::Attribute gluonc::frontend::requireSharedLayout(IRGen &gen,
                                                      const Value &value,
                                                      SourceLoc loc) {
  auto *layout = value.getIf<LayoutValue>();
  if (!layout || !mlir::gluon::isSharedLayout(layout->attr))
    gen.fail(loc, "expected a shared layout such as "
                  "gl.SwizzledSharedLayout(...), got " +
                      value.getTypeName() + " " + value.toString());
  return layout->attr;
}

RuntimeValue gluonc::frontend::requireTensor(IRGen &gen, const Value &value,
                                             SourceLoc loc,
                                             const std::string &function) {
  RuntimeValue tensor =
      gen.requireRuntime(value, loc, "the input of gl." + function);
  if (tensor.isScalar())
    gen.fail(loc, "gl." + function + " needs a tensor, got a scalar " +
                      tensor.dtype.getGluonName());
  return tensor;
}

std::vector<RuntimeValue>
gluonc::frontend::requireTensors(IRGen &gen, const Value &value, SourceLoc loc,
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
    RuntimeValue tensor = requireTensor(gen, item, loc, function);
    if (!tensors.empty() && (tensor.shape != tensors[0].shape ||
                             tensor.layout != tensors[0].layout))
      gen.fail(loc, "the inputs of gl." + function +
                        " must share one shape and layout: " +
                        listText(tensors[0].shape) + " in " +
                        describeLayout(tensors[0].layout) + " and " +
                        listText(tensor.shape) + " in " +
                        describeLayout(tensor.layout));
    tensors.push_back(tensor);
  }
  return tensors;
}

int64_t gluonc::frontend::requireAxis(IRGen &gen, const Value &value,
                                      SourceLoc loc,
                                      const RuntimeValue &input) {
  int64_t rank = input.shape.size();
  int64_t given = gen.requireInt(value, loc, "axis");
  int64_t axis = given < 0 ? given + rank : given;
  if (axis < 0 || axis >= rank)
    gen.fail(loc, "axis " + std::to_string(given) +
                      " is out of range for a tensor of shape " +
                      listText(input.shape) + " (expected " +
                      std::to_string(-rank) + " <= axis < " +
                      std::to_string(rank) + ")");
  return axis;
}

std::vector<int64_t>
gluonc::frontend::requireVariadicInts(IRGen &gen, const BoundArgs &args,
                                      const std::string &what) {
  std::vector<Value> items = args.rest();
  if (items.size() == 1 && items[0].getSequence())
    items = std::vector<Value>(*items[0].getSequence());
  SourceLoc loc = args.rest().empty() ? args.callLoc() : args.restLocs()[0];
  std::vector<int64_t> values;
  for (const Value &item : items)
    values.push_back(gen.requireInt(
        item, loc, args.getBuiltin().getShortName() + "'s " + what));
  return values;
}

RuntimeValue gluonc::frontend::matchShape(IRGen &gen, RuntimeValue value,
                                          const RuntimeValue &like,
                                          SourceLoc loc) {
  if (like.isScalar()) {
    if (!value.isScalar())
      gen.fail(loc, "a tensor where a scalar is expected");
    return value;
  }
  return gen.broadcastTo(value, like.shape, like.layout, loc);
}

mlir::gluon::DotOperandLayoutAttr gluonc::frontend::requireDotOperand(
    IRGen &gen, const BoundArgs &args, const std::string &function,
    unsigned index, const RuntimeValue &operand, const RuntimeValue &acc,
    const std::string &kWidths) {
  const char *name = index == 0 ? "a" : "b";
  auto layout =
      mlir::dyn_cast<mlir::gluon::DotOperandLayoutAttr>(operand.layout);
  if (!layout || layout.getOpIdx() != index ||
      layout.getParent() != acc.layout)
    gen.failWithNote(
        args.loc(name),
        function + "'s " + name +
            " needs the layout DotOperandLayout(operand_index=" +
            std::to_string(index) + ", parent=<the accumulator's layout>, " +
            "k_width=" + kWidths + "), got " + describeLayout(operand.layout),
        gen.getDefinitionLoc(acc, args.loc("acc")),
        "the accumulator's layout is " + describeLayout(acc.layout));
  return layout;
}

const SharedMemoryValue &
gluonc::frontend::requireSharedMemory(IRGen &gen, const BoundArgs &args,
                                      const char *name) {
  const Value &value = args.get(name);
  if (auto *desc = value.getIf<SharedMemoryValue>())
    return *desc;
  gen.fail(args.loc(name), std::string(name) +
                               " must be a shared memory descriptor, got " +
                               value.getTypeName() + " " + value.toString());
}

mlir::Value gluonc::frontend::requireBarrier(IRGen &gen, const BoundArgs &args,
                                             const char *name) {
  // The lowering emits Hopper's forms (mbarrier.try_wait.parity, the
  // `_` sink, .shared::cta: sm_90, PTX 7.8); the PTX gluonc writes for
  // sm_80 (7.0) has no parity wait at all.
  if (!gen.getArch().features.tma)
    gen.fail(args.callLoc(), "not supported yet: mbarriers on " +
                                 gen.getArch().name +
                                 " (gluonc emits Hopper's mbarrier "
                                 "instructions: sm_90 or newer)");
  const SharedMemoryValue &desc = requireSharedMemory(gen, args, name);
  std::string problem = mlir::gluon::checkMBarrierType(
      mlir::cast<mlir::gluon::MemDescType>(desc.value.getType()));
  if (!problem.empty())
    gen.failWithNote(args.loc(name), problem, desc.loc,
                     "the shared memory descriptor is defined here");
  return desc.value;
}

mlir::Value gluonc::frontend::requireMask(IRGen &gen, const BoundArgs &args,
                                          const RuntimeValue &like,
                                          const std::string &function) {
  SourceLoc loc = args.loc("mask");
  RuntimeValue mask =
      gen.requireRuntime(args.get("mask"), loc, "the mask of " + function);
  if (!mask.dtype.isBool())
    gen.fail(loc, "the mask of " + function + " must be boolean, got " +
                      mask.dtype.getGluonName());
  return matchShape(gen, mask, like, loc).value;
}

void gluonc::frontend::rejectOption(IRGen &gen, const BoundArgs &args,
                                    const std::string &function,
                                    const char *option) {
  if (!args.has(option))
    return;
  const Value &value = args.get(option);
  bool isDefault = (value.is<std::string>() &&
                    value.get<std::string>().empty()) ||
                   (value.is<bool>() && !value.get<bool>()) ||
                   (value.getSequence() && value.getSequence()->empty());
  if (!isDefault)
    gen.fail(args.loc(option), "not supported yet: " + function + "(" +
                                   option + "=...)");
}

void gluonc::frontend::checkWarpsPerCTA(
    IRGen &gen, const BoundArgs &args,
    const std::vector<int32_t> &warpsPerCTA) {
  int64_t warps = 1;
  for (int32_t count : warpsPerCTA)
    warps *= count;
  if (warps != gen.getNumWarps())
    gen.fail(args.loc("warps_per_cta"),
             "warps_per_cta multiplies to " + std::to_string(warps) +
                 ", but " + gen.describeWarps());
}

void gluonc::frontend::checkSingleCTA(IRGen &gen, const BoundArgs &args) {
  const Builtin &builtin = args.getBuiltin();
  std::string function = builtin.getShortName();
  auto given = [&](const char *name) {
    return std::any_of(builtin.params.begin(), builtin.params.end(),
                       [&](const Parameter &p) { return p.name == name; }) &&
           args.has(name);
  };
  for (const char *name : {"ctas_per_cga", "cta_split_num"}) {
    if (!given(name))
      continue;
    for (int64_t value : requireIntList(gen, args.get(name), args.loc(name),
                                        name))
      if (value != 1)
        gen.fail(args.loc(name), std::string("not supported yet: ") + name +
                                     " other than 1 in " + function +
                                     " (multi-CTA layouts)");
  }
  if (given("cta_order"))
    requireIntList(gen, args.get("cta_order"), args.loc("cta_order"),
                   "cta_order");
  for (const char *name : {"cga_layout", "block_bases"})
    if (given(name)) {
      const std::vector<Value> *bases = args.get(name).getSequence();
      if (!bases)
        gen.fail(args.loc(name), std::string(name) + " must be a list");
      if (!bases->empty())
        gen.fail(args.loc(name), std::string("not supported yet: ") + name +
                                     " in " + function +
                                     " (multi-CTA layouts)");
    }
}

Value gluonc::frontend::toResult(const std::vector<RuntimeValue> &values,
                                 bool asTuple) {
  if (!asTuple)
    return values[0];
  return Value::tuple(std::vector<Value>(values.begin(), values.end()));
}

Value gluonc::frontend::shapeTuple(const std::vector<int64_t> &shape) {
  std::vector<Value> dims;
  for (int64_t size : shape)
    dims.push_back(Value(size));
  return Value::tuple(dims);
}

void gluonc::frontend::createAsyncWaitGroup(IRGen &gen, const BoundArgs &args) {
  int64_t pendings =
      gen.requireInt(args.get("num_outstanding"), args.loc("num_outstanding"),
                     "num_outstanding");
  if (pendings < 0 || pendings > std::numeric_limits<int32_t>::max())
    gen.fail(args.loc("num_outstanding"),
             "num_outstanding must be a count of copy groups (0 or more), "
             "got " +
                 std::to_string(pendings));
  mlir::gluon::AsyncWaitGroupOp::create(
      gen.getBuilder(), gen.getLoc(args.callLoc()), int32_t(pendings));
}
