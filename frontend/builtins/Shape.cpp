//===- Shape.cpp - gl.expand_dims, reshape, permute, join, split ----------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Triton's shape changes as Gluon has them: the result layout is inferred
// from the input's (gluonc/IR/LayoutInference.h), so that every element
// stays in its thread.
//
//===----------------------------------------------------------------------===//

#include "Arguments.h"

#include "gluonc/IR/LayoutInference.h"

using namespace gluonc;
using namespace gluonc::frontend;

namespace {

mlir::gluon::LayoutAttrInterface getLayout(const RuntimeValue &value) {
  return mlir::cast<mlir::gluon::LayoutAttrInterface>(value.layout);
}

std::string formatInts(const std::vector<int64_t> &values) {
  std::string text = "(";
  for (size_t i = 0; i < values.size(); ++i)
    text += (i ? ", " : "") + std::to_string(values[i]);
  return text + (values.size() == 1 ? ",)" : ")");
}

RuntimeValue withLayout(const RuntimeValue &like,
                        mlir::Value value, std::vector<int64_t> shape,
                        mlir::Attribute layout) {
  return RuntimeValue{value, like.dtype, std::move(shape), layout};
}

/// gl.expand_dims(input, axis): a size-1 dimension inserted at `axis`
/// (negative counting from the end of the result).
Value expandDims(IRGen &gen, const BoundArgs &args) {
  RuntimeValue input = gen.requireRuntime(args.get("input"), args.loc("input"),
                                          "the input of expand_dims");
  int64_t axis = gen.requireInt(args.get("axis"), args.loc("axis"), "axis");
  int64_t rank = static_cast<int64_t>(input.shape.size()) + 1;
  if (axis < 0)
    axis += rank;
  if (axis < 0 || axis >= rank)
    gen.fail(args.loc("axis"), "axis out of range for a result of rank " +
                                   std::to_string(rank));
  return gen.expandDims(input, axis, args.callLoc());
}

//===----------------------------------------------------------------------===//
// reshape
//===----------------------------------------------------------------------===//

/// gl.reshape(input, *shape, can_reorder=False)
Value reshape(IRGen &gen, const BoundArgs &args) {
  if (gen.isTruthy(args.get("can_reorder"), args.loc("can_reorder")))
    gen.fail(args.loc("can_reorder"), "can_reorder is not supported in gluon");
  RuntimeValue input =
      requireTensor(gen, args.get("input"), args.loc("input"), "reshape");
  std::vector<int64_t> values = requireVariadicInts(gen, args, "shape");
  SourceLoc valuesLoc =
      args.rest().empty() ? args.callLoc() : args.restLocs()[0];
  if (values.empty())
    gen.fail(valuesLoc,
             "not supported yet: gl.reshape to a scalar (an empty shape)");
  if (std::string problem = checkShape(values); !problem.empty())
    gen.fail(valuesLoc, "tensor shape " + problem);
  int64_t elements = 1, inputElements = 1;
  for (int64_t size : values)
    elements *= size;
  for (int64_t size : input.shape)
    inputElements *= size;
  if (elements != inputElements)
    gen.fail(valuesLoc,
             "gl.reshape cannot change the number of elements: shape " +
                 listText(input.shape) + " has " +
                 std::to_string(inputElements) + ", shape " + listText(values) +
                 " has " + std::to_string(elements));
  if (values == input.shape)
    return input;
  mlir::Attribute layout =
      mlir::gluon::inferReshapeLayout(getLayout(input), input.shape, values);
  auto op = mlir::gluon::ReshapeOp::create(
      gen.getBuilder(), gen.getLoc(args.callLoc()),
      gen.getMLIRType(input.dtype, values, layout), input.value);
  return withLayout(input, op, values, layout);
}

//===----------------------------------------------------------------------===//
// permute
//===----------------------------------------------------------------------===//

/// gl.permute(input, *dims) and tensor.trans(*dims), which swaps the two
/// dimensions of a 2-D tensor when no dims are given.
Value permute(IRGen &gen, const BoundArgs &args, const RuntimeValue &input,
              const std::string &name) {
  std::vector<int64_t> dims = requireVariadicInts(gen, args, "dims");
  SourceLoc valuesLoc =
      args.rest().empty() ? args.callLoc() : args.restLocs()[0];
  if (dims.empty() && name == "trans")
    dims = {1, 0};
  std::vector<int32_t> order(dims.begin(), dims.end());
  std::string problem = checkPermutation(order, input.shape.size());
  for (int64_t dim : dims)
    if (dim < INT32_MIN || dim > INT32_MAX)
      problem = "is not a permutation";
  if (!problem.empty())
    gen.fail(valuesLoc, "gl." + name + " of a tensor of shape " +
                            listText(input.shape) + ": dims " +
                            formatInts(dims) + " " + problem);
  bool identity = true;
  std::vector<int64_t> shape;
  for (size_t d = 0; d < order.size(); ++d) {
    identity &= order[d] == int32_t(d);
    shape.push_back(input.shape[order[d]]);
  }
  if (identity)
    return input;
  mlir::Attribute layout =
      mlir::gluon::inferPermuteLayout(getLayout(input), input.shape, order);
  auto op = mlir::gluon::PermuteOp::create(
      gen.getBuilder(), gen.getLoc(args.callLoc()),
      gen.getMLIRType(input.dtype, shape, layout), input.value, order);
  return withLayout(input, op, shape, layout);
}

//===----------------------------------------------------------------------===//
// join and split
//===----------------------------------------------------------------------===//

/// gl.join(a, b): the two broadcast to one shape, stacked along a new last
/// dimension.
Value join(IRGen &gen, const BoundArgs &bound) {
  const Value &aValue = bound.get("a"), &bValue = bound.get("b");
  if (!aValue.isRuntime() && !bValue.isRuntime())
    gen.fail(bound.callLoc(), "Cannot join scalars in gluon");
  auto [a, b] =
      gen.toRuntimePair(aValue, bValue, bound.loc("a"), bound.loc("b"));
  if (a.isScalar() && b.isScalar())
    gen.fail(bound.callLoc(), "Cannot join scalars in gluon");
  if (a.dtype != b.dtype)
    gen.fail(bound.callLoc(), "gl.join needs two tensors of one dtype, got " +
                                  a.dtype.getGluonName() + " and " +
                                  b.dtype.getGluonName());
  gen.broadcastPair(a, b, bound.callLoc(), bound.loc("a"), bound.loc("b"));
  std::vector<int64_t> shape = a.shape;
  shape.push_back(2);
  mlir::Attribute layout = mlir::gluon::inferJoinLayout(getLayout(a), a.shape);
  auto op = mlir::gluon::JoinOp::create(
      gen.getBuilder(), gen.getLoc(bound.callLoc()),
      gen.getMLIRType(a.dtype, shape, layout), a.value, b.value);
  return withLayout(a, op, shape, layout);
}

/// gl.split(a): the two halves along the last dimension, which must be 2.
Value split(IRGen &gen, const BoundArgs &bound) {
  RuntimeValue input =
      requireTensor(gen, bound.get("a"), bound.loc("a"), "split");
  if (input.shape.back() != 2)
    gen.fail(bound.loc("a"),
             "gl.split needs a last dimension of size 2, got shape " +
                 listText(input.shape));
  if (input.shape.size() == 1)
    gen.fail(bound.loc("a"), "not supported yet: gl.split of a 1-D tensor "
                             "(its halves would be scalars)");
  std::string why;
  mlir::Attribute layout =
      mlir::gluon::inferSplitLayout(getLayout(input), input.shape, why);
  if (!layout)
    gen.fail(bound.loc("a"),
             "gl.split of a tensor of shape " + listText(input.shape) + " in " +
                 describeLayout(input.layout) + ": " + why +
                 "; convert it to a layout whose threads hold both halves");
  std::vector<int64_t> shape(input.shape.begin(), input.shape.end() - 1);
  mlir::Type type = gen.getMLIRType(input.dtype, shape, layout);
  auto op = mlir::gluon::SplitOp::create(
      gen.getBuilder(), gen.getLoc(bound.callLoc()), type, type, input.value);
  return Value::tuple({withLayout(input, op.getLhs(), shape, layout),
                       withLayout(input, op.getRhs(), shape, layout)});
}

} // namespace

void gluonc::frontend::registerShapeBuiltins(BuiltinTable &table) {
  table.addFunction({"gl.expand_dims"}, "input, axis",
                    withIRGenOnAutoLayouts(expandDims));
  table.addFunction({"gl.reshape"}, "input, *shape, can_reorder=False",
                    withIRGen(reshape));
  table.addFunction({"gl.permute"}, "input, *dims",
                    withIRGen([](IRGen &gen, const BoundArgs &args) {
                      RuntimeValue input = requireTensor(
                          gen, args.get("input"), args.loc("input"), "permute");
                      return permute(gen, args, input, "permute");
                    }));
  table.addMethod({"tensor.trans"}, "*dims",
                  withIRGen([](IRGen &gen, const BoundArgs &args) {
                    return permute(gen, args, args.self().get<RuntimeValue>(),
                                   "trans");
                  }));
  table.addFunction({"gl.join"}, "a, b", withIRGen(join));
  table.addFunction({"gl.split"}, "a", withIRGen(split));
  for (const char *method : {"reshape", "permute", "split"})
    table.addMethodCalling({std::string("tensor.") + method},
                           std::string("gl.") + method);
}
