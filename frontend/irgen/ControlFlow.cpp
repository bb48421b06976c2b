//===- ControlFlow.cpp - if, for and while on run-time values -------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Run-time control flow becomes scf ops. A run-time `if` executes both
// branches into an scf.if and merges the names they change into its
// results. A run-time loop (`for` over range(), `while` on a run-time
// condition) first runs its body once into a detached block (a dry run) to
// learn which names live across iterations and their types; those become
// the loop's carried values, and the body is executed again into the loop.
// A tuple or an aggregate is merged value by value (findDifferingLeaves):
// only the run-time values in it that differ become results or carried
// values, the rest stays as it is.
//
//===----------------------------------------------------------------------===//

#include "IRGen.h"

#include "gluonc/IR/Dialect.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

#include <set>

using namespace gluonc;
using namespace gluonc::frontend;

//===----------------------------------------------------------------------===//
// Locations
//===----------------------------------------------------------------------===//

SourceLoc IRGen::getDefinitionLoc(const RuntimeValue &value,
                                    SourceLoc otherwise) const {
  mlir::Operation *op = value.value.getDefiningOp();
  auto fileLoc = op ? mlir::dyn_cast<mlir::FileLineColLoc>(op->getLoc())
                    : mlir::FileLineColLoc();
  if (!fileLoc)
    return otherwise;
  uint32_t id = getSourceManager().findFile(fileLoc.getFilename().getValue());
  if (!id)
    return otherwise;
  return SourceLoc{id, fileLoc.getLine(), fileLoc.getColumn()};
}

mlir::Location IRGen::getLoc(SourceLoc loc) {
  const SourceFile *file = getSourceManager().getFile(loc.fileId);
  if (!file)
    return mlir::UnknownLoc::get(&context);
  return mlir::FileLineColLoc::get(&context, file->getName(), loc.line,
                                   loc.col);
}

//===----------------------------------------------------------------------===//
// if
//===----------------------------------------------------------------------===//

static bool haveSameType(const RuntimeValue &a, const RuntimeValue &b) {
  return a.dtype == b.dtype && a.shape == b.shape && a.layout == b.layout;
}

/// A tuple or an aggregate: merged value by value when both sides have its
/// shape (findDifferingLeaves), an error otherwise.
static bool isStructured(const Value &value) {
  return value.isTuple() || value.isAggregate();
}

Flow IRGen::executeRuntimeIf(const IfStmt &stmt, const Value &test) {
  const RuntimeValue &value = test.get<RuntimeValue>();
  if (!value.isScalar())
    fail(*stmt.test, "the condition of an 'if' must be a scalar, got a "
                     "tensor; use gl.where for elementwise choices");
  RuntimeValue condition =
      castTo(value, DType::of(ScalarKind::I1), stmt.test->loc);
  mlir::Location loc = getLoc(stmt.loc);
  auto placeholder = mlir::scf::IfOp::create(builder, loc, mlir::TypeRange{},
                                             condition.value,
                                             /*withElseRegion=*/true);
  mlir::OpBuilder::InsertionGuard guard(builder);
  Frame before = frame();

  builder.setInsertionPoint(placeholder.thenBlock()->getTerminator());
  inRuntimeRegion([&] { return execute(stmt.body); });
  Frame afterThen = frame();
  frame() = before;
  builder.setInsertionPoint(placeholder.elseBlock()->getTerminator());
  inRuntimeRegion([&] { return execute(stmt.orelse); });
  Frame afterElse = frame();

  // A name changed by either branch becomes a result of the scf.if (a
  // tuple or aggregate: each run-time value in it that differs); it must
  // have one type in both.
  std::vector<MergedValue> merged;
  std::vector<mlir::Value> thenYields, elseYields;
  std::vector<mlir::Type> resultTypes;
  Frame result = before;
  std::set<std::string> names;
  for (auto &entry : afterThen)
    names.insert(entry.first);
  for (auto &entry : afterElse)
    names.insert(entry.first);
  for (const std::string &name : names) {
    auto thenIt = afterThen.find(name), elseIt = afterElse.find(name);
    if (thenIt == afterThen.end() || elseIt == afterElse.end()) {
      // Defined in one branch only: not visible after the if.
      result.erase(name);
      continue;
    }
    const Value &thenValue = thenIt->second, &elseValue = elseIt->second;
    std::vector<DifferingLeaf> leaves;
    findDifferingLeaves(thenValue, elseValue, stmt.loc, name, leaves);
    Value mergedValue = thenValue;
    for (const DifferingLeaf &leaf : leaves) {
      auto [thenRuntime, elseRuntime] = mergeBranchValues(
          stmt.loc, leaf.label, *getLeaf(thenValue, leaf.path),
          *getLeaf(elseValue, leaf.path), placeholder.thenBlock(),
          placeholder.elseBlock());
      merged.push_back({name, leaf.path, leaf.label});
      thenYields.push_back(thenRuntime.value);
      elseYields.push_back(elseRuntime.value);
      resultTypes.push_back(thenRuntime.value.getType());
      mergedValue = replaceLeaf(mergedValue, leaf.path, thenRuntime);
    }
    result[name] = mergedValue;
  }

  builder.setInsertionPoint(placeholder);
  auto ifOp = mlir::scf::IfOp::create(builder, loc, resultTypes,
                                      condition.value,
                                      /*withElseRegion=*/true);
  ifOp.getThenRegion().takeBody(placeholder.getThenRegion());
  ifOp.getElseRegion().takeBody(placeholder.getElseRegion());
  placeholder.erase();
  for (auto [block, yields] :
       {std::make_pair(ifOp.thenBlock(), &thenYields),
        std::make_pair(ifOp.elseBlock(), &elseYields)}) {
    mlir::Operation *terminator = block->getTerminator();
    builder.setInsertionPoint(terminator);
    mlir::scf::YieldOp::create(builder, loc, *yields);
    terminator->erase();
  }
  frame() = std::move(result);
  bindMerged(merged, ifOp.getResults());
  return Flow::Normal;
}

std::pair<RuntimeValue, RuntimeValue>
IRGen::mergeBranchValues(SourceLoc loc, const std::string &label,
                         const Value &thenValue, const Value &elseValue,
                         mlir::Block *thenBlock, mlir::Block *elseBlock) {
  if (isStructured(thenValue) || isStructured(elseValue))
    fail(loc, "'" + label +
                  "' must have one shape after both branches of a "
                  "run-time 'if', but it is " +
                  thenValue.toString() + " after one and " +
                  elseValue.toString() + " after the other");
  if (!thenValue.isRuntime() && !elseValue.isRuntime())
    fail(loc, "'" + label +
                  "' gets different compile-time values in the branches of "
                  "a run-time 'if' (" +
                  thenValue.toString() + " and " + elseValue.toString() + ")");
  // A compile-time value on one side becomes a constant of the other side's
  // type, in its own branch.
  const RuntimeValue &reference = thenValue.isRuntime()
                                      ? thenValue.get<RuntimeValue>()
                                      : elseValue.get<RuntimeValue>();
  auto materialize = [&](const Value &value, mlir::Block *block) {
    if (value.isRuntime())
      return value.get<RuntimeValue>();
    mlir::OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPoint(block->getTerminator());
    RuntimeValue constant = toRuntime(value, loc, reference.dtype);
    if (!reference.isScalar())
      constant = broadcastTo(constant, reference.shape, reference.layout, loc);
    return constant;
  };
  RuntimeValue thenRuntime = materialize(thenValue, thenBlock);
  RuntimeValue elseRuntime = materialize(elseValue, elseBlock);
  // A tensor in AutoLayout after one branch takes the layout the other
  // gives it, in its own branch.
  if (thenRuntime.shape == elseRuntime.shape &&
      isAutoLayout(thenRuntime.layout) != isAutoLayout(elseRuntime.layout)) {
    bool thenIsAuto = isAutoLayout(thenRuntime.layout);
    mlir::OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPoint(
        (thenIsAuto ? thenBlock : elseBlock)->getTerminator());
    if (thenIsAuto)
      thenRuntime = setAutoLayout(thenRuntime, elseRuntime.layout, loc);
    else
      elseRuntime = setAutoLayout(elseRuntime, thenRuntime.layout, loc);
  }
  if (!haveSameType(thenRuntime, elseRuntime))
    fail(loc, "'" + label +
                  "' has different types in the branches of a "
                  "run-time 'if': " +
                  Value(thenRuntime).toString() + " and " +
                  Value(elseRuntime).toString() +
                  (thenRuntime.layout != elseRuntime.layout
                       ? " (layouts " + describeLayout(thenRuntime.layout) +
                             " and " + describeLayout(elseRuntime.layout) + ")"
                       : ""));
  return {thenRuntime, elseRuntime};
}

void IRGen::bindMerged(const std::vector<MergedValue> &merged,
                       mlir::ValueRange values) {
  for (size_t i = 0; i < merged.size(); ++i) {
    Value &named = frame()[merged[i].name];
    RuntimeValue value = getLeaf(named, merged[i].path)->get<RuntimeValue>();
    value.value = values[i];
    named = replaceLeaf(named, merged[i].path, value);
  }
}

//===----------------------------------------------------------------------===//
// Loops
//===----------------------------------------------------------------------===//

/// Names a statement list may assign, syntactically.
static void collectAssignedNames(const StmtList &body,
                                 std::set<std::string> &names);

static void collectTargetNames(const Expr &target,
                               std::set<std::string> &names) {
  if (auto *name = gluonc::dyn_cast<NameExpr>(&target))
    names.insert(name->id);
  else if (auto *tuple = gluonc::dyn_cast<TupleExpr>(&target))
    for (const ExprPtr &element : tuple->elts)
      collectTargetNames(*element, names);
  else if (auto *list = gluonc::dyn_cast<ListExpr>(&target))
    for (const ExprPtr &element : list->elts)
      collectTargetNames(*element, names);
}

static void collectAssignedNames(const StmtList &body,
                                 std::set<std::string> &names) {
  for (const StmtPtr &stmt : body) {
    if (auto *assign = gluonc::dyn_cast<AssignStmt>(stmt.get()))
      for (const ExprPtr &target : assign->targets)
        collectTargetNames(*target, names);
    else if (auto *ann = gluonc::dyn_cast<AnnAssignStmt>(stmt.get()))
      collectTargetNames(*ann->target, names);
    else if (auto *aug = gluonc::dyn_cast<AugAssignStmt>(stmt.get()))
      collectTargetNames(*aug->target, names);
    else if (auto *ifStmt = gluonc::dyn_cast<IfStmt>(stmt.get())) {
      collectAssignedNames(ifStmt->body, names);
      collectAssignedNames(ifStmt->orelse, names);
    } else if (auto *forStmt = gluonc::dyn_cast<ForStmt>(stmt.get())) {
      collectTargetNames(*forStmt->target, names);
      collectAssignedNames(forStmt->body, names);
      collectAssignedNames(forStmt->orelse, names);
    } else if (auto *whileStmt = gluonc::dyn_cast<WhileStmt>(stmt.get())) {
      collectAssignedNames(whileStmt->body, names);
      collectAssignedNames(whileStmt->orelse, names);
    } else if (auto *with = gluonc::dyn_cast<WithStmt>(stmt.get())) {
      // A `with` block (a warp pipeline stage in a loop) runs in place.
      for (const WithItem &item : with->items)
        if (item.optionalVars)
          collectTargetNames(*item.optionalVars, names);
      collectAssignedNames(with->body, names);
    }
  }
}

/// Runs `body` once into a detached block to learn what a loop body
/// leaves in each name that lives across iterations, then throws the block
/// away and restores the names. Returns the names as the body left them.
template <typename Body> IRGen::Frame IRGen::dryRunLoopBody(Body &&body) {
  Frame before = frame();
  Frame afterDryRun;
  mlir::OpBuilder::InsertionGuard guard(builder);
  auto *dryBlock = new mlir::Block();
  builder.setInsertionPointToStart(dryBlock);
  ++quietDepth;
  loops.push_back({/*unrolled=*/false, runtimeControlDepth + 1});
  try {
    inRuntimeRegion([&] {
      body(dryBlock);
      return Flow::Normal;
    });
  } catch (CompileError &) {
    loopStages.erase(dryBlock);
    dryBlock->dropAllDefinedValueUses();
    delete dryBlock;
    throw;
  }
  loops.pop_back();
  --quietDepth;
  afterDryRun = frame();
  frame() = before;
  // The stages the dry run wrote are not the loop's (and the block's
  // address may come back for the real body).
  loopStages.erase(dryBlock);
  dryBlock->dropAllDefinedValueUses();
  delete dryBlock;
  return afterDryRun;
}

/// Loop-carried: the values in names live before the loop that the body
/// changes (in a tuple or aggregate, each element or field that differs).
/// Binds each to its initial run-time value and returns them with those
/// values.
void IRGen::findLoopCarried(SourceLoc loc,
                            const std::set<std::string> &assigned,
                            const Frame &before, const Frame &afterDryRun,
                            std::vector<MergedValue> &carried,
                            std::vector<mlir::Value> &inits) {
  for (const std::string &name : assigned) {
    auto beforeIt = before.find(name);
    auto afterIt = afterDryRun.find(name);
    if (beforeIt == before.end() || afterIt == afterDryRun.end())
      continue;
    std::vector<DifferingLeaf> leaves;
    findDifferingLeaves(beforeIt->second, afterIt->second, loc, name, leaves);
    for (const DifferingLeaf &leaf : leaves) {
      const Value &initial = *getLeaf(beforeIt->second, leaf.path);
      const Value &updated = *getLeaf(afterIt->second, leaf.path);
      if (leaf.isConstexpr)
        fail(loc, "'" + leaf.label +
                      "' is a gl.constexpr field, but it gets a new value in "
                      "each iteration of a run-time loop (" +
                      initial.toString() + " before, " + updated.toString() +
                      " after)");
      RuntimeValue init = getLoopInit(loc, leaf.label, initial, updated);
      carried.push_back({name, leaf.path, leaf.label});
      inits.push_back(init.value);
      frame()[name] = replaceLeaf(frame()[name], leaf.path, init);
    }
  }
}

RuntimeValue IRGen::getLoopInit(SourceLoc loc, const std::string &label,
                                const Value &initial, const Value &updated) {
  auto isNumber = [](const Value &v) {
    return v.isInt() || v.is<double>() || v.is<bool>();
  };
  if (isStructured(initial) || isStructured(updated))
    fail(loc, "loop-carried variable '" + label + "' is " + initial.toString() +
                  " before the loop but " + updated.toString() +
                  " after an iteration");
  // `count = 0 ... count += 1`: a Python number updated by the loop is a
  // run-time value (i32, or fp32 for floats) carried through it.
  if (!updated.isRuntime() && isNumber(initial) && isNumber(updated))
    return toRuntime(initial, loc);
  if (!updated.isRuntime())
    fail(loc, "'" + label +
                  "' gets a new compile-time value in each "
                  "iteration of a run-time loop (" +
                  updated.toString() + ")");
  const RuntimeValue &updatedRuntime = updated.get<RuntimeValue>();
  if (!initial.isRuntime() && !isNumber(initial))
    fail(loc, "loop-carried variable '" + label + "' is " + initial.toString() +
                  " before the loop but " + updated.toString() +
                  " after an iteration");
  RuntimeValue init = initial.isRuntime()
                          ? initial.get<RuntimeValue>()
                          : toRuntime(initial, loc, updatedRuntime.dtype);
  if (!initial.isRuntime() && !updatedRuntime.isScalar())
    init = broadcastTo(init, updatedRuntime.shape, updatedRuntime.layout, loc);
  // `acc = gl.zeros(...)` in AutoLayout, updated with a tensor in a
  // concrete layout: the loop carries that layout from the start.
  if (!init.isScalar() && init.shape == updatedRuntime.shape &&
      isAutoLayout(init.layout) && !isAutoLayout(updatedRuntime.layout))
    init = setAutoLayout(init, updatedRuntime.layout, loc);
  if (!haveSameType(init, updatedRuntime))
    fail(loc,
         "loop-carried variable '" + label + "' is " + Value(init).toString() +
             " before the loop but " + updated.toString() +
             " after an iteration" +
             (init.layout != updatedRuntime.layout
                  ? " (its layout changes from " + describeLayout(init.layout) +
                        " to " + describeLayout(updatedRuntime.layout) + ")"
                  : ""));
  return init;
}

/// The carried values at the end of a loop body, checked against the types
/// the dry run predicted.
std::vector<mlir::Value>
IRGen::collectLoopYields(SourceLoc loc, const std::vector<MergedValue> &carried,
                         mlir::ValueRange expected) {
  std::vector<mlir::Value> yields;
  for (size_t i = 0; i < carried.size(); ++i) {
    // The dry run predicted the type; a body whose types depend on the
    // carried values' identity could still differ.
    const Value *updated = getLeaf(frame()[carried[i].name], carried[i].path);
    if (!updated || !updated->isRuntime() ||
        updated->get<RuntimeValue>().value.getType() != expected[i].getType())
      fail(loc,
           "loop-carried variable '" + carried[i].label +
               "' changes type within the loop: " +
               (updated ? updated->toString()
                        : frame()[carried[i].name].toString()) +
               (updated && updated->isRuntime()
                    ? " in " +
                          describeLayout(updated->get<RuntimeValue>().layout) +
                          " after an iteration, " +
                          mlir::gluon::typeToString(expected[i].getType()) +
                          " before"
                    : ""));
    yields.push_back(updated->get<RuntimeValue>().value);
  }
  return yields;
}

void IRGen::afterUnrolledIteration(SourceLoc loopLoc) {
  if (operations.count > kMaxKernelOperations)
    fail(loopLoc, "unrolling this loop made the kernel more than " +
                      std::to_string(kMaxKernelOperations) +
                      " operations, too many to compile in reasonable "
                      "time; loop with range(...) to make a run-time loop");
}

Flow IRGen::executeRuntimeFor(const ForStmt &stmt, CallArgs &rangeArgs) {
  mlir::Location loc = getLoc(stmt.loc);
  // range(stop) / range(start, stop) / range(start, stop, step)
  std::vector<Value> bounds = rangeArgs.positional;
  std::vector<SourceLoc> boundLocs = rangeArgs.positionalLocs;
  if (bounds.size() == 1) {
    bounds.insert(bounds.begin(), Value(int64_t(0)));
    boundLocs.insert(boundLocs.begin(), rangeArgs.callLoc);
  }
  if (bounds.size() == 2) {
    bounds.push_back(Value(int64_t(1)));
    boundLocs.push_back(rangeArgs.callLoc);
  }
  if (auto *step = bounds[2].getIf<int64_t>(); step && *step <= 0)
    fail(boundLocs[2], "not supported yet: range() with a step that is not "
                       "positive");
  // The induction variable is i64 if any bound is, else i32.
  DType ivType = DType::of(ScalarKind::I32);
  for (size_t i = 0; i < 3; ++i) {
    if (auto *runtime = bounds[i].getIf<RuntimeValue>()) {
      if (!runtime->isScalar() || !runtime->dtype.isInt())
        fail(boundLocs[i], "range() bounds must be integer scalars, got " +
                               bounds[i].toString());
      if (runtime->dtype.getBitWidth() == 64)
        ivType = DType::of(ScalarKind::I64);
    } else {
      requireInt(bounds[i], boundLocs[i], "a range() bound");
    }
  }
  std::vector<mlir::Value> boundValues;
  for (size_t i = 0; i < 3; ++i)
    boundValues.push_back(
        castTo(toRuntime(bounds[i], boundLocs[i], ivType), ivType,
               boundLocs[i])
            .value);

  std::set<std::string> assigned;
  collectAssignedNames(stmt.body, assigned);
  collectTargetNames(*stmt.target, assigned);
  Frame before = frame();
  Frame afterDryRun = dryRunLoopBody([&](mlir::Block *dryBlock) {
    mlir::Value iv = dryBlock->addArgument(ivType.toMLIR(&context), loc);
    assign(*stmt.target, RuntimeValue{iv, ivType, {}, {}});
    execute(stmt.body);
  });
  std::vector<MergedValue> carried;
  std::vector<mlir::Value> inits;
  findLoopCarried(stmt.loc, assigned, before, afterDryRun, carried, inits);
  Frame entry = frame();

  auto forOp = mlir::scf::ForOp::create(builder, loc, boundValues[0],
                                        boundValues[1], boundValues[2],
                                        inits);
  {
    mlir::OpBuilder::InsertionGuard guard(builder);
    mlir::Block *body = forOp.getBody();
    builder.setInsertionPointToStart(body);
    bindMerged(carried, forOp.getRegionIterArgs());
    assign(*stmt.target,
           RuntimeValue{forOp.getInductionVar(), ivType, {}, {}});
    loops.push_back({/*unrolled=*/false, runtimeControlDepth + 1});
    inRuntimeRegion([&] { return execute(stmt.body); });
    loops.pop_back();
    std::vector<mlir::Value> yields =
        collectLoopYields(stmt.loc, carried, forOp.getRegionIterArgs());
    if (body->mightHaveTerminator())
      body->getTerminator()->erase();
    builder.setInsertionPointToEnd(body);
    mlir::scf::YieldOp::create(builder, loc, yields);
  }

  // After the loop: the names as before, the carried values as results.
  frame() = std::move(entry);
  bindMerged(carried, forOp.getResults());
  return Flow::Normal;
}

bool IRGen::executeRuntimeWhile(const WhileStmt &stmt) {
  // The condition is tried in a detached block so that nothing of it stays
  // behind.
  bool isRuntime = false;
  dryRunLoopBody([&](mlir::Block *) {
    isRuntime = evaluate(*stmt.test).isRuntime();
  });
  if (isRuntime)
    emitRuntimeWhile(stmt);
  return isRuntime;
}

void IRGen::emitRuntimeWhile(const WhileStmt &stmt) {
  if (!stmt.orelse.empty())
    fail(stmt.loc, "not supported yet: 'while ... else' on a run-time loop");
  mlir::Location loc = getLoc(stmt.loc);
  std::set<std::string> assigned;
  collectAssignedNames(stmt.body, assigned);
  Frame before = frame();
  Frame afterDryRun = dryRunLoopBody([&](mlir::Block *) {
    evaluate(*stmt.test);
    execute(stmt.body);
  });
  std::vector<MergedValue> carried;
  std::vector<mlir::Value> inits;
  findLoopCarried(stmt.loc, assigned, before, afterDryRun, carried, inits);

  std::vector<mlir::Type> types;
  std::vector<mlir::Location> locs(inits.size(), loc);
  for (mlir::Value init : inits)
    types.push_back(init.getType());
  auto whileOp = mlir::scf::WhileOp::create(builder, loc, types, inits);
  Frame entry = frame();
  {
    // before: the condition, on the carried values.
    mlir::OpBuilder::InsertionGuard guard(builder);
    mlir::Block *test = builder.createBlock(&whileOp.getBefore(), {}, types,
                                            locs);
    bindMerged(carried, test->getArguments());
    RuntimeValue condition = inRuntimeRegion([&] {
      return requireRuntime(evaluate(*stmt.test), stmt.test->loc,
                            "the condition of a run-time 'while' loop");
    });
    if (!condition.isScalar())
      fail(*stmt.test, "the condition of a 'while' loop must be a scalar, "
                       "got " + Value(condition).toString());
    condition = castTo(condition, DType::of(ScalarKind::I1), stmt.test->loc);
    mlir::scf::ConditionOp::create(builder, loc, condition.value,
                                   test->getArguments());
  }
  frame() = entry;
  {
    // after: the body, yielding the carried values.
    mlir::OpBuilder::InsertionGuard guard(builder);
    mlir::Block *body = builder.createBlock(&whileOp.getAfter(), {}, types,
                                            locs);
    bindMerged(carried, body->getArguments());
    loops.push_back({/*unrolled=*/false, runtimeControlDepth + 1});
    inRuntimeRegion([&] { return execute(stmt.body); });
    loops.pop_back();
    std::vector<mlir::Value> yields =
        collectLoopYields(stmt.loc, carried, body->getArguments());
    mlir::scf::YieldOp::create(builder, loc, yields);
  }
  frame() = std::move(entry);
  bindMerged(carried, whileOp.getResults());
}

