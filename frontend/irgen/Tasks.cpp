//===- Tasks.cpp - Async tasks: gluon.warp_specialize from both spellings -===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Gluon's gl.warp_specialize and TLX's `with tlx.async_tasks()` build the
// same op through emitWarpSpecialize:
//
//  1. the task rules of the architecture (gluonc::checkTasks, shared with
//     the op's verifier and the tasks pass) fail at the task that breaks
//     one;
//  2. the default region is generated where it is, seeing every name;
//  3. each worker's body is generated into a partition region of its own,
//     with gl.num_warps() its warp count, using outer values freely;
//  4. then every value a partition uses from outside becomes a capture: a
//     constant is cloned inside, anything else an operand of the op and a
//     block argument of every partition (in first-use order). A captured
//     tensor is an error: the worker's warps never computed it.
//
// The op is first built without results or captures (they are known only
// afterwards), then rebuilt with them, taking over the regions. Once the
// kernel is complete, results nothing reads are dropped the same way.
//
//===----------------------------------------------------------------------===//

#include "IRGen.h"

#include "gluonc/IR/Dialect.h"
#include "gluonc/Plan/TaskPlan.h"

#include "mlir/IR/Matchers.h"
#include "mlir/Transforms/RegionUtils.h"

using namespace gluonc;
using namespace gluonc::frontend;

unsigned IRGen::getNumWarps() const {
  return taskScopes.empty() ? spec.numWarps : taskScopes.back().numWarps;
}

std::string IRGen::describeWarps() const {
  unsigned warps = getNumWarps();
  if (taskScopes.empty())
    return "the kernel is compiled with " + std::to_string(warps) +
           " warps (--num-warps)";
  return "this worker task runs on " + std::to_string(warps) +
         (warps == 1 ? " warp" : " warps");
}

unsigned IRGen::getReplicaId() const {
  return taskScopes.empty() ? 0 : taskScopes.back().replica;
}

namespace {

/// Whether `def`, which computes a value a worker uses, is recomputed in the
/// worker instead of captured: a constant, or a tensor computed without
/// touching memory (arange, splat, arithmetic) from values the worker can
/// have. A tensor lives in the registers of the warps that computed it; the
/// worker's warps compute their own copy, in the same layout over its warps.
bool isRecomputedInWorker(mlir::Operation *def, mlir::Value value) {
  if (!def || def->getNumRegions() != 0)
    return false;
  if (def->getNumOperands() == 0 && mlir::matchPattern(def, mlir::m_Constant()))
    return true;
  return mlir::isa<mlir::RankedTensorType>(value.getType()) &&
         mlir::isMemoryEffectFree(def);
}

/// Clones into `region` what it uses from outside and isRecomputedInWorker
/// accepts (with what that uses, in turn) and adds every other value it
/// uses from outside to `captures`.
void collectCaptures(mlir::Region &region,
                     llvm::SetVector<mlir::Value> &captures) {
  llvm::SetVector<mlir::Value> outside;
  bool cloned = true;
  while (cloned) {
    cloned = false;
    outside.clear();
    mlir::getUsedValuesDefinedAbove(region, outside);
    for (mlir::Value value : outside) {
      mlir::Operation *def = value.getDefiningOp();
      if (!isRecomputedInWorker(def, value))
        continue;
      // Each clone goes first, before the clones that use it.
      mlir::OpBuilder builder(&region.front(), region.front().begin());
      mlir::Operation *clone = builder.clone(*def);
      for (mlir::OpResult result : def->getResults())
        mlir::replaceAllUsesInRegionWith(
            result, clone->getResult(result.getResultNumber()), region);
      cloned = true;
    }
  }
  captures.insert(outside.begin(), outside.end());
}

/// Sets a flag for the lifetime of the guard.
struct FlagGuard {
  bool &flag;
  explicit FlagGuard(bool &flag) : flag(flag) { flag = true; }
  ~FlagGuard() { flag = false; }
};

} // namespace

std::vector<mlir::Value> IRGen::emitWarpSpecialize(
    SourceLoc loc, SourceLoc defaultLoc, std::optional<unsigned> defaultRegs,
    const std::function<std::vector<RuntimeValue>()> &emitDefault,
    const std::vector<WorkerTask> &workers) {
  if (inWarpSpecialize)
    fail(loc, "warp specialization does not nest: this is inside a task of "
              "another");
  TaskSetSpec tasks;
  tasks.kernelNumWarps = getNumWarps();
  tasks.defaultRequestedRegisters = defaultRegs;
  for (const WorkerTask &worker : workers)
    tasks.workers.push_back(worker.task);
  // Every rule, the architecture's too, at the task that breaks it; the
  // tasks pass adds the register pool's arithmetic (planTasks).
  for (const TaskError &error : checkTasks(tasks, getArch()))
    fail(error.worker ? workers[*error.worker].loc : defaultLoc,
         error.message);

  mlir::Location mloc = getLoc(loc);
  mlir::OperationState placeholderState(
      mloc, mlir::gluon::WarpSpecializeOp::getOperationName());
  for (size_t i = 0; i <= workers.size(); ++i)
    placeholderState.addRegion();
  mlir::Operation *placeholder = builder.create(placeholderState);
  std::vector<RuntimeValue> yields;
  {
    mlir::OpBuilder::InsertionGuard guard(builder);
    FlagGuard nested(inWarpSpecialize);
    builder.createBlock(&placeholder->getRegion(0));
    yields = inRuntimeRegion([&] { return emitDefault(); });
    std::vector<mlir::Value> values;
    for (const RuntimeValue &value : yields)
      values.push_back(value.value);
    mlir::gluon::WarpYieldOp::create(builder, mloc, values);
    for (auto [index, worker] : llvm::enumerate(workers)) {
      builder.createBlock(&placeholder->getRegion(index + 1));
      taskScopes.push_back({worker.task.numWarps, worker.task.replica});
      inRuntimeRegion([&] { worker.emit(); });
      taskScopes.pop_back();
      mlir::gluon::WarpReturnOp::create(builder, getLoc(worker.loc));
    }
  }

  llvm::SetVector<mlir::Value> captures;
  for (auto [index, worker] : llvm::enumerate(workers)) {
    mlir::Region &region = placeholder->getRegion(index + 1);
    size_t before = captures.size();
    collectCaptures(region, captures);
    for (size_t i = before; i < captures.size(); ++i)
      if (auto tensor =
              mlir::dyn_cast<mlir::RankedTensorType>(captures[i].getType()))
        fail(worker.loc,
             "a worker task cannot use a tensor read from memory outside "
             "it (shape " +
                 listText(tensor.getShape().vec()) +
                 "): its warps did not load it; pass it through shared "
                 "memory, or load it inside the task");
  }
  for (size_t index = 1; index <= workers.size(); ++index) {
    mlir::Region &region = placeholder->getRegion(index);
    for (mlir::Value capture : captures) {
      mlir::Value argument =
          region.front().addArgument(capture.getType(), capture.getLoc());
      mlir::replaceAllUsesInRegionWith(capture, argument, region);
    }
  }

  using mlir::gluon::WarpSpecializeOp;
  mlir::OperationState state(mloc, WarpSpecializeOp::getOperationName());
  state.addOperands(captures.getArrayRef());
  for (const RuntimeValue &value : yields)
    state.addTypes(value.value.getType());
  std::vector<int32_t> numWarps, startWarps, numRegs, replicas;
  std::vector<mlir::Attribute> names;
  bool explicitPlacement = false;
  for (const TaskSpec &task : tasks.workers) {
    numWarps.push_back(task.numWarps);
    startWarps.push_back(task.startWarp.value_or(0));
    explicitPlacement |= task.startWarp.has_value();
    numRegs.push_back(task.requestedRegisters.value_or(0));
    replicas.push_back(task.replica);
    names.push_back(builder.getStringAttr(task.name));
  }
  mlir::OperationName name = state.name;
  state.addAttribute(WarpSpecializeOp::getPartitionNumWarpsAttrName(name),
                     builder.getDenseI32ArrayAttr(numWarps));
  if (explicitPlacement)
    state.addAttribute(WarpSpecializeOp::getPartitionStartWarpsAttrName(name),
                       builder.getDenseI32ArrayAttr(startWarps));
  state.addAttribute(
      WarpSpecializeOp::getPartitionRequestedRegistersAttrName(name),
      builder.getDenseI32ArrayAttr(numRegs));
  if (defaultRegs)
    state.addAttribute(
        WarpSpecializeOp::getDefaultRequestedRegistersAttrName(name),
        builder.getI32IntegerAttr(*defaultRegs));
  state.addAttribute(WarpSpecializeOp::getPartitionNamesAttrName(name),
                     builder.getArrayAttr(names));
  state.addAttribute(WarpSpecializeOp::getPartitionReplicasAttrName(name),
                     builder.getDenseI32ArrayAttr(replicas));
  for (mlir::Region &region : placeholder->getRegions())
    state.addRegion()->takeBody(region);
  builder.setInsertionPoint(placeholder);
  mlir::Operation *op = builder.create(state);
  placeholder->erase();
  builder.setInsertionPointAfter(op);
  return std::vector<mlir::Value>(op->result_begin(), op->result_end());
}

//===----------------------------------------------------------------------===//
// TLX: with tlx.async_tasks(): with tlx.async_task(...): ...
//===----------------------------------------------------------------------===//

void IRGen::collectAsyncTasks(const StmtList &body,
                              std::vector<const WithStmt *> &tasks) {
  for (const StmtPtr &stmt : body) {
    if (auto *with = gluonc::dyn_cast<WithStmt>(stmt.get())) {
      tasks.push_back(with);
      continue;
    }
    if (auto *branch = gluonc::dyn_cast<IfStmt>(stmt.get())) {
      Value test = evaluate(*branch->test);
      if (test.isRuntime())
        fail(*branch->test,
             "an 'if' inside tlx.async_tasks() must be known at compile "
             "time: it chooses which tasks exist");
      collectAsyncTasks(isTruthy(test, branch->test->loc) ? branch->body
                                                          : branch->orelse,
                        tasks);
      continue;
    }
    fail(*stmt, "only 'with tlx.async_task(...)' blocks (or compile-time "
                "'if's around them) may be inside tlx.async_tasks()");
  }
}

Flow IRGen::executeWith(const WithStmt &stmt) {
  if (stmt.items.size() != 1)
    fail(stmt, "not supported yet: 'with' over several context managers");
  const WithItem &item = stmt.items.front();
  Value manager = evaluate(*item.contextExpr);
  if (manager.is<WarpPipelineStageValue>())
    return executeWarpPipelineStage(stmt,
                                    manager.get<WarpPipelineStageValue>());
  if (manager.is<AsyncTaskValue>())
    fail(*item.contextExpr, "tlx.async_task(...) must be directly inside "
                            "'with tlx.async_tasks():'");
  if (!manager.is<AsyncTasksValue>())
    fail(*item.contextExpr,
         "not supported yet: 'with' over " + manager.getTypeName() +
             "; the context managers are tlx.async_tasks() and "
             "warp_pipeline_stage(...)");
  if (item.optionalVars)
    fail(*item.optionalVars, "tlx.async_tasks() binds no value ('as')");
  executeAsyncTasks(stmt);
  return Flow::Normal;
}

IRGen::WrittenTask IRGen::evaluateAsyncTask(const WithStmt &taskStmt) {
  if (taskStmt.items.size() != 1 || taskStmt.items[0].optionalVars)
    fail(taskStmt, "a task is 'with tlx.async_task(...):'");
  const Expr &contextExpr = *taskStmt.items[0].contextExpr;
  Value task = evaluate(contextExpr);
  if (!task.is<AsyncTaskValue>())
    fail(contextExpr, "only 'with tlx.async_task(...)' blocks may be inside "
                      "tlx.async_tasks(), got " +
                          task.getTypeName());
  return {&taskStmt, task.get<AsyncTaskValue>()};
}

IRGen::WrittenTask
IRGen::collectWrittenTasks(const WithStmt &stmt,
                           std::vector<WrittenTask> &workers) {
  std::vector<const WithStmt *> taskStmts;
  collectAsyncTasks(stmt.body, taskStmts);
  std::optional<WrittenTask> defaultTask;
  for (const WithStmt *taskStmt : taskStmts) {
    WrittenTask task = evaluateAsyncTask(*taskStmt);
    if (!task.spec.isDefault) {
      workers.push_back(task);
      continue;
    }
    if (defaultTask)
      failWithNote(taskStmt->loc,
                   "tlx.async_tasks() has more than one default task",
                   defaultTask->stmt->loc, "the first default task is here");
    defaultTask = task;
  }
  if (!defaultTask)
    fail(stmt, "tlx.async_tasks() needs exactly one "
               "tlx.async_task(\"default\")");
  return *defaultTask;
}

namespace {

/// Appends replicas `first` to spec.replicate - 1 of a TLX task to
/// `workers`: copies of `base` that differ in their replica index and, when
/// the task names its start warp, in their warps, each replica's right
/// after the previous one's.
void appendReplicas(const IRGen::WorkerTask &base, const AsyncTaskValue &spec,
                    unsigned first, std::vector<IRGen::WorkerTask> &workers) {
  for (unsigned replica = first; replica < spec.replicate; ++replica) {
    IRGen::WorkerTask worker = base;
    worker.task.replica = replica;
    if (spec.startWarp)
      worker.task.startWarp = *spec.startWarp + replica * base.task.numWarps;
    workers.push_back(std::move(worker));
  }
}

} // namespace

IRGen::WorkerTask IRGen::makeTaskWorker(const WrittenTask &task,
                                        std::string name, unsigned numWarps,
                                        const Frame &before) {
  WorkerTask worker;
  worker.task.name = std::move(name);
  worker.task.numWarps = numWarps;
  worker.task.requestedRegisters = task.spec.numRegs;
  worker.loc = task.stmt->loc;
  // Every task sees the names as they were before the block; only the
  // default task's assignments outlive it.
  worker.emit = [this, &before, body = &task.stmt->body] {
    frame() = before;
    execute(*body);
    frame() = before;
  };
  return worker;
}

std::vector<IRGen::WorkerTask>
IRGen::makeTaskWorkers(const WrittenTask &defaultTask,
                       const std::vector<WrittenTask> &tasks,
                       const Frame &before) {
  std::vector<WorkerTask> workers;
  // Replica 0 of the default task is the default region; the others are
  // partitions with the kernel's warps.
  WorkerTask defaultReplica =
      makeTaskWorker(defaultTask, "default", getNumWarps(), before);
  defaultReplica.task.replicaOfDefault = true;
  appendReplicas(defaultReplica, defaultTask.spec, 1, workers);
  for (auto [index, task] : llvm::enumerate(tasks))
    appendReplicas(makeTaskWorker(task, "task" + std::to_string(index + 1),
                                  task.spec.numWarps, before),
                   task.spec, 0, workers);
  return workers;
}

std::vector<RuntimeValue>
IRGen::collectDefaultYields(const Frame &before, const Frame &after,
                            SourceLoc loc, std::vector<TaskResult> &results) {
  std::vector<RuntimeValue> yields;
  for (auto &[name, value] : after) {
    auto previous = before.find(name);
    if (previous == before.end()) {
      if (value.is<RuntimeValue>()) {
        results.push_back({name, {}});
        yields.push_back(value.get<RuntimeValue>());
      }
      continue;
    }
    std::vector<DifferingLeaf> leaves;
    findDifferingLeaves(previous->second, value, loc, name, leaves);
    for (const DifferingLeaf &leaf : leaves)
      if (const Value *changed = getLeaf(value, leaf.path);
          changed && changed->is<RuntimeValue>()) {
        results.push_back({name, leaf.path});
        yields.push_back(changed->get<RuntimeValue>());
      }
  }
  return yields;
}

IRGen::Frame IRGen::mergeDefaultFrame(const Frame &before, const Frame &after,
                                      SourceLoc loc,
                                      const std::vector<TaskResult> &results,
                                      const std::vector<mlir::Value> &values) {
  Frame merged = before;
  for (auto &[name, value] : after) {
    auto previous = before.find(name);
    if (previous != before.end() && isSameValue(previous->second, value, loc))
      continue;
    if (value.is<bool>() || value.is<int64_t>() || value.is<BigInt>() ||
        value.is<double>() || value.is<StringValue>() || value.is<NoneValue>())
      merged[name] = value;
  }
  for (auto [result, value] : llvm::zip(results, values)) {
    const Value *leaf = getLeaf(after.at(result.name), result.path);
    RuntimeValue replaced =
        RuntimeValue::ofType(value, leaf->get<RuntimeValue>().dtype);
    Value base = merged.count(result.name) ? merged[result.name]
                                           : after.at(result.name);
    merged[result.name] =
        result.path.empty() ? Value(replaced)
                            : replaceLeaf(base, result.path, replaced);
  }
  return merged;
}

void IRGen::executeAsyncTasks(const WithStmt &stmt) {
  std::vector<WrittenTask> tasks;
  WrittenTask defaultTask = collectWrittenTasks(stmt, tasks);
  SourceLoc defaultLoc = defaultTask.stmt->loc;
  Frame before = frame();
  std::vector<WorkerTask> workers = makeTaskWorkers(defaultTask, tasks, before);

  // The default task yields every name it assigns that holds a run-time
  // value afterwards (dropUnusedTaskResults drops those nothing reads).
  std::vector<TaskResult> results;
  Frame after;
  auto emitDefault = [&]() -> std::vector<RuntimeValue> {
    execute(defaultTask.stmt->body);
    after = frame();
    frame() = before;
    return collectDefaultYields(before, after, defaultLoc, results);
  };
  std::vector<mlir::Value> values = emitWarpSpecialize(
      stmt.loc, defaultLoc, defaultTask.spec.numRegs, emitDefault, workers);
  frame() = mergeDefaultFrame(before, after, defaultLoc, results, values);
}

void IRGen::dropUnusedTaskResults(mlir::Operation *func) {
  using mlir::gluon::WarpSpecializeOp;
  llvm::SmallVector<WarpSpecializeOp> ops;
  func->walk([&](WarpSpecializeOp op) { ops.push_back(op); });
  for (WarpSpecializeOp op : ops) {
    llvm::SmallVector<mlir::OpResult> kept;
    for (mlir::OpResult result : op->getResults())
      if (!result.use_empty())
        kept.push_back(result);
    if (kept.size() == op->getNumResults())
      continue;
    for (mlir::Block &block : op.getDefaultRegion()) {
      auto yield =
          mlir::cast<mlir::gluon::WarpYieldOp>(block.getTerminator());
      llvm::SmallVector<mlir::Value> values;
      for (mlir::OpResult result : kept)
        values.push_back(yield.getValues()[result.getResultNumber()]);
      yield.getValuesMutable().assign(values);
    }
    mlir::OperationState state(op.getLoc(), op->getName());
    state.addOperands(op->getOperands());
    state.addAttributes(op->getAttrs());
    for (mlir::OpResult result : kept)
      state.addTypes(result.getType());
    for (mlir::Region &region : op->getRegions())
      state.addRegion()->takeBody(region);
    mlir::OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPoint(op);
    mlir::Operation *rebuilt = builder.create(state);
    for (auto [index, result] : llvm::enumerate(kept))
      result.replaceAllUsesWith(rebuilt->getResult(index));
    op->erase();
  }
}
