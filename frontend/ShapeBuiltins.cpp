//===- ShapeBuiltins.cpp - gl.reshape, gl.permute, gl.join, gl.split ------===//
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

#include "ScanShapeBuiltins.h"

#include "BoundArgs.h"

#include "gluonc/IR/LayoutInference.h"

using namespace gluonc;
using namespace gluonc::frontend;

namespace {

mlir::gluon::LayoutAttrInterface getLayout(const RuntimeValue &value) {
  return mlir::cast<mlir::gluon::LayoutAttrInterface>(value.layout);
}

RuntimeValue requireTensor(CodeGen &gen, const Value &value, SourceLoc loc,
                           const std::string &function) {
  RuntimeValue tensor =
      gen.requireRuntime(value, loc, "the input of gl." + function);
  if (tensor.isScalar())
    gen.fail(loc, "gl." + function + " needs a tensor, got a scalar " +
                      tensor.dtype.getGluonName());
  return tensor;
}

/// The input and the integers of a `(input, *values)` call, where the
/// values may also come as one tuple or list; keywords in `keywordNames`
/// are returned in `keywords`.
struct VariadicArgs {
  RuntimeValue input;
  std::vector<int64_t> values;
  SourceLoc valuesLoc;
  std::map<std::string, KeywordArg> keywords;
};

VariadicArgs bindVariadic(CodeGen &gen, CallArgs &args,
                          const std::string &function,
                          const std::string &valuesName,
                          const std::vector<std::string> &keywordNames) {
  VariadicArgs bound;
  for (KeywordArg &keyword : args.keywords) {
    if (std::find(keywordNames.begin(), keywordNames.end(), keyword.name) ==
        keywordNames.end())
      gen.fail(keyword.loc, function +
                                "() got an unexpected keyword argument '" +
                                keyword.name + "'");
    bound.keywords[keyword.name] = keyword;
  }
  if (args.positional.empty())
    gen.fail(args.callLoc, function + "() missing required argument 'input'");
  bound.input =
      requireTensor(gen, args.positional[0], args.positionalLocs[0], function);
  bound.valuesLoc = args.callLoc;
  std::vector<Value> items(args.positional.begin() + 1,
                           args.positional.end());
  if (items.size() == 1 && items[0].getSequence())
    items = std::vector<Value>(*items[0].getSequence());
  if (args.positional.size() > 1)
    bound.valuesLoc = args.positionalLocs[1];
  for (const Value &item : items)
    bound.values.push_back(
        gen.requireInt(item, bound.valuesLoc, function + "'s " + valuesName));
  return bound;
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

//===----------------------------------------------------------------------===//
// reshape
//===----------------------------------------------------------------------===//

/// gl.reshape(input, *shape, can_reorder=False)
Value reshape(CodeGen &gen, CallArgs &args) {
  VariadicArgs bound =
      bindVariadic(gen, args, "reshape", "shape", {"can_reorder"});
  auto canReorder = bound.keywords.find("can_reorder");
  if (canReorder != bound.keywords.end() &&
      gen.isTruthy(canReorder->second.value, canReorder->second.loc))
    gen.fail(canReorder->second.loc, "can_reorder is not supported in gluon");
  const RuntimeValue &input = bound.input;
  if (bound.values.empty())
    gen.fail(bound.valuesLoc,
             "not supported yet: gl.reshape to a scalar (an empty shape)");
  int64_t elements = 1, inputElements = 1;
  for (int64_t size : bound.values) {
    if (!isPowerOf2(size) || size > (int64_t(1) << 30))
      gen.fail(bound.valuesLoc, "tensor dimensions must be powers of two up "
                                "to 2^30, got " +
                                    std::to_string(size) + " in shape " +
                                    CodeGen::describeShape(bound.values));
    elements *= size;
  }
  for (int64_t size : input.shape)
    inputElements *= size;
  if (elements != inputElements)
    gen.fail(bound.valuesLoc,
             "gl.reshape cannot change the number of elements: shape " +
                 CodeGen::describeShape(input.shape) + " has " +
                 std::to_string(inputElements) + ", shape " +
                 CodeGen::describeShape(bound.values) + " has " +
                 std::to_string(elements));
  if (bound.values == input.shape)
    return input;
  mlir::Attribute layout = mlir::gluon::inferReshapeLayout(
      getLayout(input), input.shape, bound.values);
  auto op = mlir::gluon::ReshapeOp::create(
      gen.getBuilder(), gen.getLoc(args.callLoc),
      gen.getMLIRType(input.dtype, bound.values, layout), input.value);
  return withLayout(input, op, bound.values, layout);
}

//===----------------------------------------------------------------------===//
// permute
//===----------------------------------------------------------------------===//

/// gl.permute(input, *dims) and tensor.trans(*dims), which swaps the two
/// dimensions of a 2-D tensor when no dims are given.
Value permute(CodeGen &gen, CallArgs &args, const std::string &name) {
  VariadicArgs bound = bindVariadic(gen, args, name, "dims", {});
  const RuntimeValue &input = bound.input;
  std::vector<int64_t> dims = bound.values;
  if (dims.empty() && name == "trans")
    dims = {1, 0};
  std::vector<int32_t> order(dims.begin(), dims.end());
  std::string problem = checkPermutation(order, input.shape.size());
  for (int64_t dim : dims)
    if (dim < INT32_MIN || dim > INT32_MAX)
      problem = "is not a permutation";
  if (!problem.empty())
    gen.fail(bound.valuesLoc, "gl." + name + " of a tensor of shape " +
                                  CodeGen::describeShape(input.shape) + ": dims " +
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
      gen.getBuilder(), gen.getLoc(args.callLoc),
      gen.getMLIRType(input.dtype, shape, layout), input.value, order);
  return withLayout(input, op, shape, layout);
}

//===----------------------------------------------------------------------===//
// join and split
//===----------------------------------------------------------------------===//

/// gl.join(a, b): the two broadcast to one shape, stacked along a new last
/// dimension.
Value join(CodeGen &gen, CallArgs &args) {
  BuiltinArgs bound(gen, "join", args, {"a", "b"}, 2);
  const Value &aValue = bound.get("a"), &bValue = bound.get("b");
  if (!aValue.isRuntime() && !bValue.isRuntime())
    gen.fail(args.callLoc, "Cannot join scalars in gluon");
  auto [a, b] = gen.toRuntimePair(aValue, bValue, bound.loc("a"),
                                  bound.loc("b"));
  if (a.isScalar() && b.isScalar())
    gen.fail(args.callLoc, "Cannot join scalars in gluon");
  if (a.dtype != b.dtype)
    gen.fail(args.callLoc, "gl.join needs two tensors of one dtype, got " +
                               a.dtype.getGluonName() + " and " +
                               b.dtype.getGluonName());
  gen.broadcastPair(a, b, args.callLoc, bound.loc("a"), bound.loc("b"));
  std::vector<int64_t> shape = a.shape;
  shape.push_back(2);
  mlir::Attribute layout =
      mlir::gluon::inferJoinLayout(getLayout(a), a.shape);
  auto op = mlir::gluon::JoinOp::create(
      gen.getBuilder(), gen.getLoc(args.callLoc),
      gen.getMLIRType(a.dtype, shape, layout), a.value, b.value);
  return withLayout(a, op, shape, layout);
}

/// gl.split(a): the two halves along the last dimension, which must be 2.
Value split(CodeGen &gen, CallArgs &args) {
  BuiltinArgs bound(gen, "split", args, {"a"}, 1);
  RuntimeValue input =
      requireTensor(gen, bound.get("a"), bound.loc("a"), "split");
  if (input.shape.back() != 2)
    gen.fail(bound.loc("a"),
             "gl.split needs a last dimension of size 2, got shape " +
                 CodeGen::describeShape(input.shape));
  if (input.shape.size() == 1)
    gen.fail(bound.loc("a"), "not supported yet: gl.split of a 1-D tensor "
                             "(its halves would be scalars)");
  std::string why;
  mlir::Attribute layout =
      mlir::gluon::inferSplitLayout(getLayout(input), input.shape, why);
  if (!layout)
    gen.fail(bound.loc("a"),
             "gl.split of a tensor of shape " + CodeGen::describeShape(input.shape) +
                 " in " + CodeGen::describeLayout(input.layout) + ": " + why +
                 "; convert it to a layout whose threads hold both halves");
  std::vector<int64_t> shape(input.shape.begin(), input.shape.end() - 1);
  mlir::Type type = gen.getMLIRType(input.dtype, shape, layout);
  auto op = mlir::gluon::SplitOp::create(gen.getBuilder(),
                                         gen.getLoc(args.callLoc), type, type,
                                         input.value);
  return Value::tuple(
      {withLayout(input, op.getLhs(), shape, layout),
       withLayout(input, op.getRhs(), shape, layout)});
}

} // namespace

std::optional<Value>
gluonc::frontend::callShapeBuiltin(CodeGen &gen, const std::string &name,
                                   CallArgs &args) {
  if (name == "reshape")
    return reshape(gen, args);
  if (name == "permute" || name == "trans")
    return permute(gen, args, name);
  if (name == "join")
    return join(gen, args);
  if (name == "split")
    return split(gen, args);
  return std::nullopt;
}
