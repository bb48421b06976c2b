//===- Tasks.cpp - gl.warp_specialize and TLX's async task builtins -------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// gl.warp_specialize(functions_and_args, worker_num_warps, worker_num_regs)
// is Triton 3.6's form: functions_and_args[0] is (default_fn, args), the
// rest are the workers; worker_num_regs may be left out (Triton main). The
// default function's return value (None, a value or a tuple) is the call's.
//
// tlx.async_tasks() and tlx.async_task(...) only describe tasks; the `with`
// statement that uses them is IRGen::executeWith (irgen/Tasks.cpp). Both
// end in IRGen::emitWarpSpecialize.
//
//===----------------------------------------------------------------------===//

#include "Arguments.h"

#include "irgen/IRGen.h"

using namespace gluonc;
using namespace gluonc::frontend;

namespace {

/// The elements of a list or tuple argument; fails otherwise.
const std::vector<Value> &requireSequence(IRGen &gen, const Value &value,
                                          SourceLoc loc,
                                          const std::string &what) {
  const std::vector<Value> *sequence = value.getSequence();
  if (!sequence)
    gen.fail(loc, what + " must be a list or tuple, got " +
                      value.getTypeName());
  return *sequence;
}

/// A non-negative count of a list argument.
unsigned requireCount(IRGen &gen, const Value &value, SourceLoc loc,
                      const std::string &what) {
  if (!value.is<int64_t>() || value.get<int64_t>() < 0 ||
      value.get<int64_t>() > 1024)
    gen.fail(loc, what + " must be a non-negative int, got " +
                      value.toString());
  return unsigned(value.get<int64_t>());
}

/// Fails at `loc` where `value` holds a tensor: a worker's warps did not
/// compute anything before the op.
void rejectTensors(IRGen &gen, const Value &value, SourceLoc loc,
                   const std::string &worker) {
  if (const std::vector<Value> *sequence = value.getSequence()) {
    for (const Value &element : *sequence)
      rejectTensors(gen, element, loc, worker);
    return;
  }
  if (value.is<RuntimeValue>() && !value.get<RuntimeValue>().isScalar())
    gen.fail(loc, "worker '" + worker +
                      "' takes a tensor; workers take scalars, pointers, "
                      "tensor descriptors and shared memory (only the "
                      "default partition takes tensors)");
}

/// A (function, args) entry of functions_and_args.
std::pair<const FunctionValue *, std::vector<Value>>
requireTask(IRGen &gen, const Value &entry, SourceLoc loc, size_t index) {
  std::string what = "functions_and_args[" + std::to_string(index) + "]";
  const std::vector<Value> &pair = requireSequence(gen, entry, loc, what);
  if (pair.size() != 2)
    gen.fail(loc, what + " must be a (function, args) pair, got " +
                      std::to_string(pair.size()) + " elements");
  auto *function = pair[0].getIf<FunctionValue>();
  if (!function)
    gen.fail(loc, what + "'s function must be a @gluon.jit function, got " +
                      pair[0].getTypeName());
  if (!pair[1].is<std::shared_ptr<TupleValue>>())
    gen.fail(loc, what + "'s arguments must be a tuple, got " +
                      pair[1].getTypeName());
  return {function, requireSequence(gen, pair[1], loc, what)};
}

/// Calls `function` on `arguments` (all from `loc`).
Value callTask(IRGen &gen, const FunctionValue &function,
               const std::vector<Value> &arguments, SourceLoc loc) {
  CallArgs call;
  call.callLoc = loc;
  call.positional = arguments;
  call.positionalLocs.assign(arguments.size(), loc);
  return gen.callFunction(function, call, loc);
}

/// The run-time values of the default function's return value, in order;
/// fails on one that cannot leave the default region.
void collectResults(IRGen &gen, const Value &value, SourceLoc loc,
                    std::vector<RuntimeValue> &out) {
  if (const std::vector<Value> *sequence = value.getSequence()) {
    for (const Value &element : *sequence)
      collectResults(gen, element, loc, out);
    return;
  }
  if (value.is<RuntimeValue>()) {
    out.push_back(value.get<RuntimeValue>());
    return;
  }
  if (value.isRuntime() || value.is<SharedMemoryValue>() ||
      value.is<TensorDescValue>() ||
      value.is<std::shared_ptr<AggregateValue>>())
    gen.fail(loc, "not supported yet: returning a " + value.getTypeName() +
                      " from the default partition");
}

/// The default function's return value with its run-time values replaced
/// by the op's results, in collectResults' order.
Value rebuildResults(const Value &value, const std::vector<mlir::Value> &ops,
                     size_t &next) {
  if (const std::vector<Value> *sequence = value.getSequence()) {
    std::vector<Value> elements;
    for (const Value &element : *sequence)
      elements.push_back(rebuildResults(element, ops, next));
    return Value::tuple(std::move(elements));
  }
  if (value.is<RuntimeValue>())
    return Value(RuntimeValue::ofType(ops[next++],
                                      value.get<RuntimeValue>().dtype));
  return value;
}

Value warpSpecialize(IRGen &gen, const BoundArgs &bound) {
  SourceLoc tasksLoc = bound.loc("functions_and_args");
  const std::vector<Value> &entries = requireSequence(
      gen, bound.get("functions_and_args"), tasksLoc, "functions_and_args");
  if (entries.empty())
    gen.fail(tasksLoc, "functions_and_args needs the default partition's "
                       "(function, args) first");
  size_t numWorkers = entries.size() - 1;
  const std::vector<Value> &warps =
      requireSequence(gen, bound.get("worker_num_warps"),
                      bound.loc("worker_num_warps"), "worker_num_warps");
  if (warps.size() != numWorkers)
    gen.fail(bound.loc("worker_num_warps"),
             "warp_specialize has " + std::to_string(numWorkers) +
                 " workers but " + std::to_string(warps.size()) +
                 " warp counts");
  const std::vector<Value> *regs = nullptr;
  if (bound.has("worker_num_regs")) {
    regs = &requireSequence(gen, bound.get("worker_num_regs"),
                            bound.loc("worker_num_regs"), "worker_num_regs");
    if (regs->size() != numWorkers)
      gen.fail(bound.loc("worker_num_regs"),
               "warp_specialize has " + std::to_string(numWorkers) +
                   " workers but " + std::to_string(regs->size()) +
                   " register counts");
  }

  auto [defaultFn, defaultArgs] = requireTask(gen, entries[0], tasksLoc, 0);
  std::vector<IRGen::WorkerTask> workers;
  for (size_t i = 0; i < numWorkers; ++i) {
    auto [function, arguments] =
        requireTask(gen, entries[i + 1], tasksLoc, i + 1);
    IRGen::WorkerTask worker;
    worker.task.name = function->def->name;
    rejectTensors(gen, Value::tuple(arguments), tasksLoc, worker.task.name);
    worker.task.numWarps = requireCount(gen, warps[i], bound.loc("worker_num_warps"),
                                   "worker_num_warps[" + std::to_string(i) +
                                       "]");
    if (regs)
      worker.task.requestedRegisters = requireCount(gen, (*regs)[i],
                                    bound.loc("worker_num_regs"),
                                    "worker_num_regs[" + std::to_string(i) +
                                        "]");
    worker.loc = tasksLoc;
    worker.emit = [&gen, function = function, arguments = arguments,
                   tasksLoc] { callTask(gen, *function, arguments, tasksLoc); };
    workers.push_back(std::move(worker));
  }

  Value returned;
  std::vector<mlir::Value> results = gen.emitWarpSpecialize(
      bound.callLoc(), tasksLoc, std::nullopt,
      [&]() {
        returned = callTask(gen, *defaultFn, defaultArgs, tasksLoc);
        std::vector<RuntimeValue> yields;
        collectResults(gen, returned, tasksLoc, yields);
        return yields;
      },
      workers);
  size_t next = 0;
  return rebuildResults(returned, results, next);
}

//===----------------------------------------------------------------------===//
// TLX
//===----------------------------------------------------------------------===//

/// An optional count argument of tlx.async_task.
std::optional<unsigned> optionalCount(IRGen &gen, const BoundArgs &bound,
                                      std::string_view name) {
  if (!bound.has(name))
    return std::nullopt;
  return requireCount(gen, bound.get(name), bound.loc(name),
                      "tlx.async_task's " + std::string(name));
}

Value asyncTask(IRGen &gen, const BoundArgs &bound) {
  AsyncTaskValue task;
  task.loc = bound.callLoc();
  if (bound.has("name")) {
    if (!bound.get("name").is<StringValue>() ||
        bound.getString("name") != "default")
      gen.fail(bound.loc("name"),
               "tlx.async_task's first argument is \"default\" (the default "
               "task); other tasks take num_warps=...");
    task.isDefault = true;
  }
  std::optional<unsigned> numWarps = optionalCount(gen, bound, "num_warps");
  if (task.isDefault && numWarps)
    gen.fail(bound.loc("num_warps"),
             "the default task runs on the kernel's num_warps; it takes no "
             "num_warps");
  if (!task.isDefault && !numWarps)
    gen.fail(bound.callLoc(),
             "tlx.async_task needs num_warps=... (or \"default\")");
  task.numWarps = numWarps.value_or(0);
  task.numRegs = optionalCount(gen, bound, "num_regs");
  if (std::optional<unsigned> registers =
          optionalCount(gen, bound, "registers")) {
    if (task.numRegs)
      gen.fail(bound.loc("registers"),
               "give num_regs or registers, not both");
    task.numRegs = registers;
  }
  std::optional<unsigned> replicate = optionalCount(gen, bound, "replicate");
  if (replicate && *replicate < 1)
    gen.fail(bound.loc("replicate"), "replicate must be at least 1, got " +
                                         std::to_string(*replicate));
  task.replicate = replicate.value_or(1);
  // Bounded like the other counts: a start past a block's warps fails the
  // warp checks, and no value wraps around unsigned.
  task.startWarp = optionalCount(gen, bound, "warp_group_start_id");
  return Value(task);
}

} // namespace

void gluonc::frontend::registerTaskBuiltins(BuiltinTable &table) {
  table.addFunction({"gl.warp_specialize"},
                    "functions_and_args, worker_num_warps, "
                    "worker_num_regs=None",
                    withIRGen(warpSpecialize));
  const std::string tlx = "triton.language.extra.tlx.";
  table.addFunction({tlx + "async_tasks"}, "",
                    withIRGen([](IRGen &, const BoundArgs &bound) {
                      return Value(AsyncTasksValue{bound.callLoc()});
                    }));
  table.addFunction({tlx + "async_task"},
                    "name=None, *, num_warps=None, num_regs=None, "
                    "registers=None, replicate=None, "
                    "warp_group_start_id=None",
                    withIRGen(asyncTask));
  table.addFunction({tlx + "async_task_replica_id"}, "",
                    withIRGen([](IRGen &gen, const BoundArgs &) {
                      return Value(int64_t(gen.getReplicaId()));
                    }));
}
