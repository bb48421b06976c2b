//===- WarpgroupMma.cpp - Hopper's warpgroup MMA (wgmma) ------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// nvidia.hopper.warpgroup_mma(a, b, acc, *, use_acc, precision,
// max_num_imprecise_acc, is_async), warpgroup_mma_init and
// warpgroup_mma_wait(num_outstanding, deps), as Gluon spells them. The
// operands are checked by the verifier's own plan (gluonc/IR/WarpgroupMma.h)
// and reported at the call. A synchronous MMA (is_async=False, the default)
// is the MMA and a wait for it.
//
//===----------------------------------------------------------------------===//

#include "../Arguments.h"

#include "gluonc/IR/NvidiaOps.h"
#include "gluonc/IR/WarpgroupMma.h"

using namespace gluonc;
using namespace gluonc::frontend;

namespace {

void requireWgmma(IRGen &gen, const BoundArgs &bound) {
  if (!gen.getArch().features.wgmma)
    gen.fail(bound.callLoc(), bound.getBuiltin().getShortName() +
                                  " needs wgmma, which only sm_90a has (not " +
                                  gen.getArch().name +
                                  ": wgmma is an architecture-specific "
                                  "feature of Hopper)");
}

/// An operand that may be in shared memory (a descriptor) or in registers.
mlir::Value requireOperand(IRGen &gen, const BoundArgs &bound,
                           const char *name) {
  const Value &value = bound.get(name);
  if (auto *shared = value.getIf<SharedMemoryValue>())
    return shared->value;
  return gen
      .requireRuntime(value, bound.loc(name),
                      std::string("warpgroup_mma's `") + name + "`")
      .value;
}

/// warpgroup_mma_wait's result for one dependency: the same value, now
/// ready, as the kind of value it was.
Value rebind(const Value &dep, mlir::Value waited) {
  if (auto *shared = dep.getIf<SharedMemoryValue>()) {
    SharedMemoryValue result = *shared;
    result.value = waited;
    return Value(result);
  }
  RuntimeValue result = dep.get<RuntimeValue>();
  result.value = waited;
  return Value(result);
}

/// warpgroup_mma_wait(num_outstanding=0, deps=None)
Value warpgroupMmaWait(IRGen &gen, const BoundArgs &bound) {
  requireWgmma(gen, bound);
  int64_t pendings = gen.requireInt(bound.get("num_outstanding"),
                                    bound.loc("num_outstanding"),
                                    "num_outstanding");
  if (pendings < 0 || pendings > 7)
    gen.fail(bound.loc("num_outstanding"),
             "num_outstanding must be between 0 and 7 (wgmma.wait_group), "
             "got " +
                 std::to_string(pendings));
  std::vector<Value> deps;
  if (!bound.get("deps").isNone()) {
    const std::vector<Value> *items = bound.get("deps").getSequence();
    if (!items)
      gen.fail(bound.loc("deps"), "deps must be a tuple or list of tensors "
                                  "and shared memory descriptors, got " +
                                      bound.get("deps").toString());
    deps = *items;
  }
  std::vector<mlir::Value> operands;
  for (const Value &dep : deps) {
    if (auto *shared = dep.getIf<SharedMemoryValue>()) {
      operands.push_back(shared->value);
      continue;
    }
    const RuntimeValue *tensor = dep.getIf<RuntimeValue>();
    if (!tensor || tensor->isScalar())
      gen.fail(bound.loc("deps"),
               "warpgroup_mma_wait's deps are tensors and shared memory "
               "descriptors, got " +
                   dep.getTypeName() + " " + dep.toString());
    operands.push_back(tensor->value);
  }
  auto wait = mlir::gluon::WarpgroupMmaWaitOp::create(
      gen.getBuilder(), gen.getLoc(bound.callLoc()), operands,
      static_cast<int32_t>(pendings));
  std::vector<Value> results;
  for (size_t i = 0; i < deps.size(); ++i)
    results.push_back(rebind(deps[i], wait.getResult(i)));
  if (results.size() == 1)
    return results.front();
  return Value::tuple(std::move(results));
}

/// warpgroup_mma(a, b, acc, *, use_acc=True, precision=None,
/// max_num_imprecise_acc=None, is_async=False)
Value warpgroupMma(IRGen &gen, const BoundArgs &bound) {
  requireWgmma(gen, bound);
  mlir::Value a = requireOperand(gen, bound, "a");
  const Value &bValue = bound.get("b");
  const SharedMemoryValue *b = bValue.getIf<SharedMemoryValue>();
  if (!b)
    gen.fail(bound.loc("b"),
             "warpgroup_mma's `b` must be a shared memory descriptor, got " +
                 bValue.getTypeName() + " " + bValue.toString());
  RuntimeValue acc = gen.requireRuntime(bound.get("acc"), bound.loc("acc"),
                                        "warpgroup_mma's `acc`");
  if (!bound.get("max_num_imprecise_acc").isNone())
    gen.fail(bound.loc("max_num_imprecise_acc"),
             "not supported yet: warpgroup_mma's max_num_imprecise_acc");
  const Value &precision = bound.get("precision");
  if (!precision.isNone() &&
      gen.requireString(precision, bound.loc("precision"), "precision") !=
          "tf32")
    gen.fail(bound.loc("precision"),
             "wgmma multiplies fp32 operands as tf32: precision must be None "
             "or \"tf32\", got " +
                 precision.toString());
  std::string problem;
  if (!mlir::gluon::planWarpgroupMma(a.getType(), b->value.getType(),
                                     acc.value.getType(), problem))
    gen.fail(bound.callLoc(), problem);
  RuntimeValue useAcc = gen.toRuntime(bound.get("use_acc"), bound.loc("use_acc"));
  if (!useAcc.isScalar() || useAcc.dtype != DType::of(ScalarKind::I1))
    gen.fail(bound.loc("use_acc"), "use_acc must be a boolean, got " +
                                       bound.get("use_acc").toString());
  mlir::Location loc = gen.getLoc(bound.callLoc());
  mlir::Value result = mlir::gluon::WarpgroupMmaOp::create(
      gen.getBuilder(), loc, a, b->value, acc.value, useAcc.value);
  if (!gen.isTruthy(bound.get("is_async"), bound.loc("is_async")))
    result = mlir::gluon::WarpgroupMmaWaitOp::create(gen.getBuilder(), loc,
                                                     mlir::ValueRange{result},
                                                     0)
                 .getResult(0);
  return RuntimeValue{result, acc.dtype, acc.shape, acc.layout};
}

/// warpgroup_mma_init(value): the accumulator as the MMA takes it; the
/// same value here (gluonc passes accumulators in place already).
Value warpgroupMmaInit(IRGen &gen, const BoundArgs &bound) {
  return Value(gen.requireRuntime(bound.get("value"), bound.loc("value"),
                                  "warpgroup_mma_init's value"));
}

} // namespace

void gluonc::frontend::registerWarpgroupMmaBuiltins(BuiltinTable &table) {
  const std::string hopper = "gl.nvidia.hopper.";
  table.addFunction({hopper + "warpgroup_mma"},
                    "a, b, acc, *, use_acc=True, precision=None, "
                    "max_num_imprecise_acc=None, is_async=False",
                    withIRGen(warpgroupMma));
  table.addFunction({hopper + "warpgroup_mma_wait"},
                    "num_outstanding=0, deps=None",
                    withIRGen(warpgroupMmaWait));
  table.addFunction({hopper + "warpgroup_mma_init"}, "value",
                    withIRGen(warpgroupMmaInit));
}
