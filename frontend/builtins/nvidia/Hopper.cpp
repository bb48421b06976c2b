//===- Hopper.cpp - TMA copies, mbarriers and tensor descriptors ----------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Gluon's nvidia.hopper surface for asynchronous copies: the tensor
// descriptor a `tensordesc<...>` parameter binds (its block_type,
// block_shape, dtype, layout, shape and strides), tma.async_copy_*
// (Triton main's async_load / async_store), tma.store_wait, the mbarrier
// module (hopper's, and ampere's without expect), and fence_async_shared.
// Each checks its operands with the verifiers' own functions
// (gluonc/IR/Async.h) and reports at the argument.
//
//===----------------------------------------------------------------------===//

#include "../Arguments.h"

#include "gluonc/IR/Async.h"
#include "gluonc/IR/NvidiaOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

#include <algorithm>

using namespace gluonc;
using namespace gluonc::frontend;

namespace {

const TensorDescValue &requireTensorDesc(IRGen &gen, const BoundArgs &bound,
                                         const char *name) {
  const Value &value = bound.get(name);
  if (auto *desc = value.getIf<TensorDescValue>())
    return *desc;
  gen.fail(bound.loc(name),
           std::string(name) +
               " must be a tensor descriptor (a tensordesc<...> kernel "
               "parameter), got " +
               value.getTypeName() + " " + value.toString());
}

/// A predicate: a Python bool or a run-time i1 scalar.
mlir::Value requirePredicate(IRGen &gen, const BoundArgs &bound,
                             const char *name) {
  SourceLoc loc = bound.loc(name);
  RuntimeValue pred = gen.toRuntime(bound.get(name), loc);
  if (!pred.isScalar() || pred.dtype != DType::of(ScalarKind::I1))
    gen.fail(loc, std::string(name) + " must be a boolean scalar, got " +
                      bound.get(name).toString());
  return pred.value;
}

/// An int32 scalar: a Python int or a run-time integer scalar.
mlir::Value requireI32(IRGen &gen, const Value &value, SourceLoc loc,
                       const std::string &what) {
  RuntimeValue scalar =
      gen.toRuntime(value, loc, DType::of(ScalarKind::I32));
  if (!scalar.isScalar() || !scalar.dtype.isInt())
    gen.fail(loc, what + " must be an integer scalar, got " +
                      value.toString());
  return gen.castTo(scalar, DType::of(ScalarKind::I32), loc).value;
}

/// The coordinates of a block: one int32 per dimension of `desc`'s block.
std::vector<mlir::Value> requireCoords(IRGen &gen, const BoundArgs &bound,
                                       const TensorDescValue &desc) {
  SourceLoc loc = bound.loc("coord");
  const std::vector<Value> *items = bound.get("coord").getSequence();
  if (!items || items->size() != desc.blockShape.size())
    gen.fail(loc, "coord must list " + std::to_string(desc.blockShape.size()) +
                      " coordinates, one per dimension of the block " +
                      listText(desc.blockShape) + ", got " +
                      bound.get("coord").toString());
  std::vector<mlir::Value> coords;
  for (size_t d = 0; d < items->size(); ++d)
    coords.push_back(requireI32(gen, (*items)[d], loc,
                                "coordinate " + std::to_string(d)));
  return coords;
}

/// The buffer a copy of `desc`'s block reads or writes.
mlir::Value requireBlockBuffer(IRGen &gen, const BoundArgs &bound,
                               const char *name, const TensorDescValue &desc) {
  const SharedMemoryValue &buffer = requireSharedMemory(gen, bound, name);
  std::string problem = mlir::gluon::checkTMABuffer(
      mlir::cast<mlir::gluon::TensorDescType>(desc.value.getType()),
      buffer.value);
  if (!problem.empty())
    gen.failWithNote(bound.loc(name), problem, buffer.loc,
                     "the shared memory descriptor is defined here");
  return buffer.value;
}

void requireTMA(IRGen &gen, const BoundArgs &bound) {
  if (!gen.getArch().features.tma)
    gen.fail(bound.callLoc(), bound.getBuiltin().getShortName() +
                                  " needs TMA and mbarrier transaction "
                                  "counts, which " +
                                  gen.getArch().name +
                                  " does not have (sm_90 or newer)");
}

//===----------------------------------------------------------------------===//
// Tensor descriptors
//===----------------------------------------------------------------------===//

const TensorDescValue &tensorDescOf(const BoundArgs &args) {
  return args.self().get<TensorDescValue>();
}

Value scalarTuple(const std::vector<mlir::Value> &values, ScalarKind kind) {
  std::vector<Value> items;
  for (mlir::Value value : values)
    items.push_back(Value(RuntimeValue{value, DType::of(kind), {}, {}}));
  return Value::tuple(std::move(items));
}

TypeValue blockTypeOf(const TensorDescValue &desc) {
  TypeValue type;
  type.isBlock = true;
  type.dtype = desc.dtype;
  type.shape = desc.blockShape;
  return type;
}

//===----------------------------------------------------------------------===//
// TMA copies
//===----------------------------------------------------------------------===//

/// tma.async_copy_global_to_shared(tensor_desc, coord, barrier, result,
/// pred=True, multicast=False)
Value asyncCopyGlobalToShared(IRGen &gen, const BoundArgs &bound) {
  requireTMA(gen, bound);
  rejectOption(gen, bound, bound.getBuiltin().getShortName(), "multicast");
  const TensorDescValue &desc = requireTensorDesc(gen, bound, "tensor_desc");
  std::vector<mlir::Value> coords = requireCoords(gen, bound, desc);
  mlir::Value barrier = requireBarrier(gen, bound, "barrier");
  mlir::Value result = requireBlockBuffer(gen, bound, "result", desc);
  mlir::Value pred = requirePredicate(gen, bound, "pred");
  mlir::gluon::AsyncTMALoadOp::create(gen.getBuilder(),
                                      gen.getLoc(bound.callLoc()), desc.value,
                                      coords, result, barrier, pred);
  return Value();
}

/// tma.async_copy_shared_to_global(tensor_desc, coord, src)
Value asyncCopySharedToGlobal(IRGen &gen, const BoundArgs &bound) {
  requireTMA(gen, bound);
  const TensorDescValue &desc = requireTensorDesc(gen, bound, "tensor_desc");
  std::vector<mlir::Value> coords = requireCoords(gen, bound, desc);
  mlir::Value src = requireBlockBuffer(gen, bound, "src", desc);
  mlir::gluon::AsyncTMAStoreOp::create(
      gen.getBuilder(), gen.getLoc(bound.callLoc()), desc.value, coords, src);
  return Value();
}

/// tma.store_wait(pendings, read_only=True)
Value storeWait(IRGen &gen, const BoundArgs &bound) {
  requireTMA(gen, bound);
  int64_t pendings =
      gen.requireInt(bound.get("pendings"), bound.loc("pendings"), "pendings");
  if (pendings < 0 || pendings > 63)
    gen.fail(bound.loc("pendings"),
             "pendings must be between 0 and 63, got " +
                 std::to_string(pendings));
  if (!gen.isTruthy(bound.get("read_only"), bound.loc("read_only")))
    gen.fail(bound.loc("read_only"),
             "not supported yet: store_wait(read_only=False)");
  mlir::gluon::TMAStoreWaitOp::create(
      gen.getBuilder(), gen.getLoc(bound.callLoc()), pendings);
  return Value();
}

//===----------------------------------------------------------------------===//
// mbarriers
//===----------------------------------------------------------------------===//

Value mbarrierLayout(IRGen &gen, const BoundArgs &bound) {
  checkSingleCTA(gen, bound);
  return makeLayoutValue(mlir::gluon::SwizzledSharedLayoutAttr::get(
      &gen.getContext(), 1, 1, 1, llvm::ArrayRef<unsigned>{0}));
}

/// Whether the builtin's signature has parameter `name`: Hopper's and
/// Ampere's mbarrier functions share handlers but not every parameter.
bool hasParameter(const BoundArgs &bound, const char *name) {
  const std::vector<Parameter> &params = bound.getBuiltin().params;
  return std::any_of(params.begin(), params.end(),
                     [&](const Parameter &param) { return param.name == name; });
}

/// Reports an argument for the multi-CTA forms gluonc does not have.
void rejectFromCTA(IRGen &gen, const BoundArgs &bound) {
  for (const char *name : {"from_cta", "fallback_count"})
    if (hasParameter(bound, name) && bound.has(name))
      gen.fail(bound.loc(name),
               std::string("not supported yet: ") + name +
                   " (mbarriers shared across the CTAs of a cluster)");
}

/// mbarrier.init(mbarrier, count)
Value mbarrierInit(IRGen &gen, const BoundArgs &bound) {
  rejectFromCTA(gen, bound);
  mlir::Value barrier = requireBarrier(gen, bound, "mbarrier");
  int64_t count = gen.requireInt(bound.get("count"), bound.loc("count"),
                                 "count");
  if (count < 1 || count >= (1 << 20))
    gen.fail(bound.loc("count"),
             "count must be between 1 and 2^20 - 1, got " +
                 std::to_string(count));
  mlir::gluon::InitBarrierOp::create(gen.getBuilder(),
                                     gen.getLoc(bound.callLoc()), barrier,
                                     count);
  return Value();
}

/// mbarrier.expect(mbarrier, bytes, pred=True); Triton main calls `bytes`
/// bytes_per_cta.
Value mbarrierExpect(IRGen &gen, const BoundArgs &bound) {
  requireTMA(gen, bound);
  rejectFromCTA(gen, bound);
  mlir::Value barrier = requireBarrier(gen, bound, "mbarrier");
  const char *name = bound.has("bytes_per_cta") ? "bytes_per_cta" : "bytes";
  if (bound.has("bytes") == bound.has("bytes_per_cta"))
    gen.fail(bound.callLoc(),
             "mbarrier.expect takes the byte count once, as bytes or "
             "bytes_per_cta");
  int64_t bytes = gen.requireInt(bound.get(name), bound.loc(name), name);
  if (bytes < 0 || bytes >= (int64_t(1) << 20))
    gen.fail(bound.loc(name), std::string(name) +
                                  " must be between 0 and 2^20 - 1, got " +
                                  std::to_string(bytes));
  mlir::Value pred = requirePredicate(gen, bound, "pred");
  mlir::gluon::BarrierExpectOp::create(gen.getBuilder(),
                                       gen.getLoc(bound.callLoc()), barrier,
                                       bytes, pred);
  return Value();
}

/// mbarrier.arrive(mbarrier, *, count=1, pred=True); Ampere's has no count.
Value mbarrierArrive(IRGen &gen, const BoundArgs &bound) {
  rejectFromCTA(gen, bound);
  mlir::Value barrier = requireBarrier(gen, bound, "mbarrier");
  // Ampere's arrive has no count: one arrival.
  int64_t count = hasParameter(bound, "count") ? bound.getInt("count", 1) : 1;
  if (count < 1 || count >= (1 << 20))
    gen.fail(bound.loc("count"),
             "count must be between 1 and 2^20 - 1, got " +
                 std::to_string(count));
  mlir::Value pred = requirePredicate(gen, bound, "pred");
  mlir::gluon::ArriveBarrierOp::create(gen.getBuilder(),
                                       gen.getLoc(bound.callLoc()), barrier,
                                       count, pred);
  return Value();
}

/// mbarrier.wait(mbarrier, phase, pred=True, deps=())
Value mbarrierWait(IRGen &gen, const BoundArgs &bound) {
  mlir::Value barrier = requireBarrier(gen, bound, "mbarrier");
  mlir::Value phase =
      requireI32(gen, bound.get("phase"), bound.loc("phase"), "phase");
  mlir::Value pred = requirePredicate(gen, bound, "pred");
  mlir::gluon::WaitBarrierOp::create(gen.getBuilder(),
                                     gen.getLoc(bound.callLoc()), barrier,
                                     phase, pred);
  return Value();
}

/// mbarrier.invalidate(mbarrier)
Value mbarrierInvalidate(IRGen &gen, const BoundArgs &bound) {
  mlir::Value barrier = requireBarrier(gen, bound, "mbarrier");
  mlir::gluon::InvalidateBarrierOp::create(
      gen.getBuilder(), gen.getLoc(bound.callLoc()), barrier);
  return Value();
}

/// fence_async_shared(cluster=False)
Value fenceAsyncShared(IRGen &gen, const BoundArgs &bound) {
  bool cluster = gen.isTruthy(bound.get("cluster"), bound.loc("cluster"));
  mlir::gluon::FenceAsyncSharedOp::create(gen.getBuilder(),
                                          gen.getLoc(bound.callLoc()),
                                          cluster);
  return Value();
}

} // namespace

void gluonc::frontend::registerHopperBuiltins(BuiltinTable &table) {
  const std::string hopper = "gl.nvidia.hopper.";
  const std::string ampere = "gl.nvidia.ampere.";
  table.addFunction({hopper + "fence_async_shared"}, "cluster=False",
                    withIRGen(fenceAsyncShared));

  const std::string tma = hopper + "tma.";
  const char *loadSignature =
      "tensor_desc, coord, barrier, result, pred=True, multicast=False";
  table.addFunction({tma + "async_copy_global_to_shared"}, loadSignature,
                    withIRGen(asyncCopyGlobalToShared));
  table.addFunction({tma + "async_load"}, loadSignature,
                    withIRGen(asyncCopyGlobalToShared));
  table.addFunction({tma + "async_copy_shared_to_global"},
                    "tensor_desc, coord, src",
                    withIRGen(asyncCopySharedToGlobal));
  table.addFunction({tma + "async_store"}, "tensor_desc, coord, src",
                    withIRGen(asyncCopySharedToGlobal));
  table.addFunction({tma + "store_wait"}, "pendings, read_only=True",
                    withIRGen(storeWait));

  // Hopper's mbarrier module is Ampere's plus expect and arrive's count.
  for (const std::string &set : {hopper + "mbarrier.", ampere + "mbarrier."}) {
    table.addClass({set + "MBarrierLayout"}, "cga_layout=None",
                   withIRGen(mbarrierLayout));
    table.addFunction({set + "init"}, "mbarrier, count, *, fallback_count=None",
                      withIRGen(mbarrierInit));
    table.addFunction({set + "wait"}, "mbarrier, phase, pred=True, deps=()",
                      withIRGen(mbarrierWait));
    table.addFunction({set + "invalidate"}, "mbarrier",
                      withIRGen(mbarrierInvalidate));
  }
  table.addFunction({hopper + "mbarrier.expect"},
                    "mbarrier, bytes=None, pred=True, *, bytes_per_cta=None, "
                    "from_cta=None",
                    withIRGen(mbarrierExpect));
  table.addFunction({hopper + "mbarrier.arrive"},
                    "mbarrier, count=1, pred=True, *, from_cta=None",
                    withIRGen(mbarrierArrive));
  table.addFunction({ampere + "mbarrier.arrive"}, "mbarrier, *, pred=True",
                    withIRGen(mbarrierArrive));

  // Blackwell's module re-exports Hopper's mbarrier, fence and TMA copies
  // (upstream nvidia/blackwell/__init__.py); kernels for sm_90a use them
  // through it.
  const std::string blackwell = "gl.nvidia.blackwell.";
  for (const char *name : {"mbarrier", "fence_async_shared", "tma"})
    table.addReexport(blackwell + name, hopper + name);

  // The tensor descriptor a tensordesc<...> parameter binds.
  const std::string desc = "tensor_descriptor.";
  table.addProperty({desc + "block_type"},
                    [](Interpreter &, const BoundArgs &args) {
                      return Value(blockTypeOf(tensorDescOf(args)));
                    });
  // desc.type: the descriptor's type, whose block_type and layout are the
  // descriptor's (04-tma writes `a_desc.type.block_type.element_ty`).
  table.addProperty({desc + "type"}, [](Interpreter &, const BoundArgs &args) {
    const TensorDescValue &d = tensorDescOf(args);
    TypeValue type = blockTypeOf(d);
    type.isBlock = false;
    type.isTensorDesc = true;
    type.layout = d.layout;
    type.layoutText = d.layoutText;
    return Value(type);
  });
  const std::string descType = "tensor_descriptor_type.";
  table.addProperty({descType + "block_type"},
                    [](Interpreter &, const BoundArgs &args) {
                      TypeValue block = args.self().get<TypeValue>();
                      block.isTensorDesc = false;
                      block.isBlock = true;
                      block.layout = {};
                      block.layoutText.clear();
                      return Value(block);
                    });
  table.addProperty({descType + "layout"},
                    [](Interpreter &, const BoundArgs &args) {
                      const TypeValue &type = args.self().get<TypeValue>();
                      return Value(LayoutValue{type.layout, type.layoutText});
                    });
  table.addProperty({desc + "block_shape"},
                    [](Interpreter &, const BoundArgs &args) {
                      return shapeTuple(tensorDescOf(args).blockShape);
                    });
  table.addProperty({desc + "dtype"}, [](Interpreter &, const BoundArgs &args) {
    return Value(tensorDescOf(args).dtype);
  });
  table.addProperty({desc + "layout"},
                    [](Interpreter &, const BoundArgs &args) {
                      const TensorDescValue &d = tensorDescOf(args);
                      return Value(LayoutValue{d.layout, d.layoutText});
                    });
  table.addProperty({desc + "shape"}, [](Interpreter &, const BoundArgs &args) {
    return scalarTuple(tensorDescOf(args).shape, ScalarKind::I32);
  });
  table.addProperty({desc + "strides"},
                    [](Interpreter &, const BoundArgs &args) {
                      return scalarTuple(tensorDescOf(args).strides,
                                         ScalarKind::I64);
                    });

  // block_type: a shape and a dtype.
  const std::string block = "block_type.";
  auto typeOf = [](const BoundArgs &args) -> const TypeValue & {
    return args.self().get<TypeValue>();
  };
  // A list, as in Triton: tutorials write `[NUM_BUFFERS] + block.shape`.
  table.addProperty({block + "shape"}, [typeOf](Interpreter &interpreter,
                                                const BoundArgs &args) {
    return interpreter.makeList(*shapeTuple(typeOf(args).shape).getSequence(),
                                args.callLoc());
  });
  for (const char *name : {"element_ty", "scalar"})
    table.addProperty({block + name}, [typeOf](Interpreter &,
                                               const BoundArgs &args) {
      return Value(typeOf(args).dtype);
    });
  auto numel = [](const TypeValue &type) {
    int64_t elements = 1;
    for (int64_t size : type.shape)
      elements *= size;
    return elements;
  };
  table.addProperty({block + "numel"}, [typeOf, numel](Interpreter &,
                                                       const BoundArgs &args) {
    return Value(numel(typeOf(args)));
  });
  table.addProperty({block + "nbytes"}, [typeOf, numel](Interpreter &,
                                                        const BoundArgs &args) {
    const TypeValue &type = typeOf(args);
    return Value(numel(type) *
                 int64_t(std::max(1u, type.dtype.getBitWidth() / 8)));
  });
}
