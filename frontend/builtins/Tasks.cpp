//===- Tasks.cpp - gl.warp_specialize and TLX's async task builtins -------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// gl.warp_specialize(functions_and_args, worker_num_warps, worker_num_regs)
// is Triton 3.6's form: functions_and_args[0] is (default_fn, args), the
// rest are the workers; worker_num_regs may be left out (Triton main). The
// older keyword and five-argument spellings are read into it
// (readTaskArguments). The default function's return value (None, a value
// or a tuple) is the call's.
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
  if (const AggregateValue *aggregate = value.getAggregate()) {
    for (const Value &field : aggregate->fields)
      collectResults(gen, field, loc, out);
    return;
  }
  if (value.is<RuntimeValue>()) {
    out.push_back(value.get<RuntimeValue>());
    return;
  }
  if (value.isRuntime() || value.is<SharedMemoryValue>() ||
      value.is<TensorDescValue>())
    gen.fail(loc, "not supported yet: returning a " + value.getTypeName() +
                      " from the default partition");
}

/// The default function's return value with its run-time values replaced
/// by the op's results, in collectResults' order (aggregates rebuilt with
/// their fields').
Value rebuildResults(const Value &value, const std::vector<mlir::Value> &ops,
                     size_t &next) {
  if (const std::vector<Value> *sequence = value.getSequence()) {
    std::vector<Value> elements;
    for (const Value &element : *sequence)
      elements.push_back(rebuildResults(element, ops, next));
    return Value::tuple(std::move(elements));
  }
  if (const AggregateValue *aggregate = value.getAggregate()) {
    std::vector<Value> fields;
    for (const Value &field : aggregate->fields)
      fields.push_back(rebuildResults(field, ops, next));
    return Value(
        std::make_shared<AggregateValue>(aggregate->cls, std::move(fields)));
  }
  if (value.is<RuntimeValue>())
    return Value(RuntimeValue::ofType(ops[next++],
                                      value.get<RuntimeValue>().dtype));
  return value;
}

/// gl.warp_specialize's arguments in Triton 3.6's form, whichever spelling
/// the call used.
struct TaskArguments {
  /// (function, args) pairs, the default partition's first.
  std::vector<Value> entries;
  SourceLoc tasksLoc;
  Value warps, regs;
  SourceLoc warpsLoc, regsLoc;
};

/// Reads the three spellings of gl.warp_specialize:
///  - 3.6 and main: (functions_and_args, worker_num_warps[,
///    worker_num_regs]), functions_and_args = [(default_fn, args),
///    (worker, args), ...];
///  - keywords (default_args=, default_partition=, worker_args=,
///    worker_partitions=, worker_num_warps=, worker_num_regs=), the
///    workers sharing worker_args (tutorial 08 at its commit);
///  - five positional (args, default_fn, [workers], warps, regs), every
///    partition taking args (Triton 3.4).
TaskArguments readTaskArguments(IRGen &gen, const BoundArgs &bound) {
  const std::vector<Value> &positional = bound.rest();
  SourceLoc restLoc =
      positional.empty() ? bound.callLoc() : bound.restLocs().front();
  TaskArguments task;
  auto entry = [](const Value &function, const Value &args) {
    return Value::tuple({function, args});
  };
  auto workersOf = [&](const Value &list, SourceLoc loc, const Value &args) {
    for (const Value &worker :
         requireSequence(gen, list, loc, "worker_partitions"))
      task.entries.push_back(entry(worker, args));
  };
  if (bound.given("default_partition")) {
    if (!positional.empty() || bound.given("functions_and_args"))
      gen.fail(bound.callLoc(),
               "warp_specialize takes default_partition= with keywords "
               "only, not beside functions_and_args");
    task.tasksLoc = bound.loc("default_partition");
    task.entries.push_back(
        entry(bound.get("default_partition"), bound.get("default_args")));
    if (bound.given("worker_partitions"))
      workersOf(bound.get("worker_partitions"), bound.loc("worker_partitions"),
                bound.get("worker_args"));
  } else if (positional.size() == 5) {
    task.tasksLoc = restLoc;
    task.entries.push_back(entry(positional[1], positional[0]));
    workersOf(positional[2], task.tasksLoc, positional[0]);
    task.warps = positional[3];
    task.regs = positional[4];
    task.warpsLoc = bound.restLocs()[3];
    task.regsLoc = bound.restLocs()[4];
    return task;
  } else {
    if (positional.size() > 3)
      gen.fail(restLoc,
               "warp_specialize takes (functions_and_args, worker_num_warps, "
               "worker_num_regs) or 5 arguments (args, default_partition, "
               "worker_partitions, worker_num_warps, worker_num_regs), got " +
                   std::to_string(positional.size()));
    auto argument = [&](size_t index, const char *name, Value &value,
                        SourceLoc &loc) {
      if (index < positional.size() && bound.given(name))
        gen.fail(bound.loc(name),
                 std::string("warp_specialize got ") + name + " twice");
      value = index < positional.size() ? positional[index] : bound.get(name);
      loc =
          index < positional.size() ? bound.restLocs()[index] : bound.loc(name);
    };
    Value tasks;
    argument(0, "functions_and_args", tasks, task.tasksLoc);
    if (tasks.isNone())
      gen.fail(bound.callLoc(), "warp_specialize needs functions_and_args");
    task.entries =
        requireSequence(gen, tasks, task.tasksLoc, "functions_and_args");
    argument(1, "worker_num_warps", task.warps, task.warpsLoc);
    argument(2, "worker_num_regs", task.regs, task.regsLoc);
    return task;
  }
  task.warps = bound.get("worker_num_warps");
  task.warpsLoc = bound.loc("worker_num_warps");
  task.regs = bound.get("worker_num_regs");
  task.regsLoc = bound.loc("worker_num_regs");
  return task;
}

Value warpSpecialize(IRGen &gen, const BoundArgs &bound) {
  TaskArguments task = readTaskArguments(gen, bound);
  SourceLoc tasksLoc = task.tasksLoc;
  const std::vector<Value> &entries = task.entries;
  if (entries.empty())
    gen.fail(tasksLoc, "functions_and_args needs the default partition's "
                       "(function, args) first");
  size_t numWorkers = entries.size() - 1;
  if (task.warps.isNone())
    gen.fail(bound.callLoc(), "warp_specialize needs worker_num_warps");
  const std::vector<Value> &warps =
      requireSequence(gen, task.warps, task.warpsLoc, "worker_num_warps");
  if (warps.size() != numWorkers)
    gen.fail(task.warpsLoc, "warp_specialize has " +
                                std::to_string(numWorkers) + " workers but " +
                                std::to_string(warps.size()) + " warp counts");
  const std::vector<Value> *regs = nullptr;
  if (!task.regs.isNone()) {
    regs = &requireSequence(gen, task.regs, task.regsLoc, "worker_num_regs");
    if (regs->size() != numWorkers)
      gen.fail(task.regsLoc, "warp_specialize has " +
                                 std::to_string(numWorkers) + " workers but " +
                                 std::to_string(regs->size()) +
                                 " register counts");
  }

  auto [defaultFn, defaultArgs] = requireTask(gen, entries[0], tasksLoc, 0);
  std::vector<IRGen::WorkerTask> workers;
  for (size_t i = 0; i < numWorkers; ++i) {
    auto [function, arguments] =
        requireTask(gen, entries[i + 1], tasksLoc, i + 1);
    IRGen::WorkerTask worker;
    worker.task.name = function->def->name;
    worker.task.numWarps =
        requireCount(gen, warps[i], task.warpsLoc,
                     "worker_num_warps[" + std::to_string(i) + "]");
    if (regs)
      worker.task.requestedRegisters =
          requireCount(gen, (*regs)[i], task.regsLoc,
                       "worker_num_regs[" + std::to_string(i) + "]");
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
  // Positional arguments are sorted out by readTaskArguments: Triton 3.4
  // took five.
  table.addFunction({"gl.warp_specialize"},
                    "*args, functions_and_args=None, worker_num_warps=None, "
                    "worker_num_regs=None, default_args=(), "
                    "default_partition=None, worker_args=(), "
                    "worker_partitions=None",
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
