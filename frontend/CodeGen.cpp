//===- CodeGen.cpp - Statements and control flow --------------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "CodeGen.h"

#include "gluonc/IR/Dialect.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

#include <set>

using namespace gluonc;
using namespace gluonc::frontend;

//===----------------------------------------------------------------------===//
// Diagnostics
//===----------------------------------------------------------------------===//

void CodeGen::fail(SourceLoc loc, const std::string &message) {
  diags.error(loc, message);
  throw CompileError();
}

void CodeGen::fail(const Node &node, const std::string &message) {
  diags.error(node.getRange(), message);
  throw CompileError();
}

void CodeGen::failWithNote(SourceLoc loc, const std::string &message,
                           SourceLoc noteLoc, const std::string &note) {
  diags.error(loc, message);
  diags.note(noteLoc, note);
  throw CompileError();
}

SourceLoc CodeGen::getDefinitionLoc(const RuntimeValue &value,
                                    SourceLoc otherwise) const {
  mlir::Operation *op = value.value.getDefiningOp();
  auto fileLoc = op ? mlir::dyn_cast<mlir::FileLineColLoc>(op->getLoc())
                    : mlir::FileLineColLoc();
  if (!fileLoc)
    return otherwise;
  for (uint32_t id = 1; const SourceFile *file = sourceManager.getFile(id);
       ++id)
    if (file->getName() == fileLoc.getFilename().getValue())
      return SourceLoc{id, fileLoc.getLine(), fileLoc.getColumn()};
  return otherwise;
}

mlir::Location CodeGen::getLoc(SourceLoc loc) {
  const SourceFile *file = sourceManager.getFile(loc.fileId);
  if (!file)
    return mlir::UnknownLoc::get(&context);
  return mlir::FileLineColLoc::get(&context, file->getName(), loc.line,
                                   loc.col);
}

//===----------------------------------------------------------------------===//
// Names
//===----------------------------------------------------------------------===//

void CodeGen::bind(const std::string &name, Value value) {
  frame()[name] = std::move(value);
}

Value CodeGen::lookup(const std::string &name, SourceRange range) {
  auto local = frame().find(name);
  if (local != frame().end())
    return local->second;
  auto global = globals.find(name);
  if (global != globals.end())
    return evaluateGlobal(name, global->second, range.begin);
  if (std::optional<Value> builtin = lookupPythonBuiltin(name))
    return *builtin;
  diags.error(range, "unknown name '" + name + "'");
  throw CompileError();
}

void CodeGen::assign(const Expr &target, const Value &value) {
  if (auto *name = gluonc::dyn_cast<NameExpr>(&target)) {
    bind(name->id, value);
    return;
  }
  if (auto *subscriptTarget = gluonc::dyn_cast<SubscriptExpr>(&target)) {
    assignSubscript(*subscriptTarget, value);
    return;
  }
  const ExprList *elements = nullptr;
  if (auto *tuple = gluonc::dyn_cast<TupleExpr>(&target))
    elements = &tuple->elts;
  else if (auto *list = gluonc::dyn_cast<ListExpr>(&target))
    elements = &list->elts;
  if (!elements)
    fail(target, "not supported yet: assignment to this kind of target");
  if (!isIterable(value))
    fail(target, "cannot unpack a " +
                     (value.isRuntime() ? "run-time " + value.getTypeName()
                                        : "value of type '" +
                                              value.getTypeName() + "'"));
  std::vector<Value> values = iterate(value, target.loc, "the value");
  // `first, *rest = values`: the starred target takes what is left.
  size_t starred = elements->size();
  for (size_t i = 0; i < elements->size(); ++i) {
    if (!gluonc::isa<StarredExpr>((*elements)[i].get()))
      continue;
    if (starred != elements->size())
      fail(*(*elements)[i], "multiple starred targets in an assignment");
    starred = i;
  }
  size_t fixed = elements->size() - (starred < elements->size() ? 1 : 0);
  bool sizeMatches = starred < elements->size() ? values.size() >= fixed
                                                : values.size() == fixed;
  if (!sizeMatches)
    fail(target, "cannot unpack " + std::to_string(values.size()) +
                     " values into " + std::to_string(fixed) +
                     (starred < elements->size() ? " or more" : "") +
                     " targets");
  size_t rest = values.size() - fixed;
  for (size_t i = 0, next = 0; i < elements->size(); ++i) {
    if (i == starred) {
      std::vector<Value> taken(values.begin() + next,
                               values.begin() + next + rest);
      assign(*gluonc::cast<StarredExpr>((*elements)[i].get())->value,
             makeList(std::move(taken), target.loc));
      next += rest;
      continue;
    }
    assign(*(*elements)[i], values[next++]);
  }
}

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

Flow CodeGen::execute(const StmtList &body) {
  for (const StmtPtr &stmt : body) {
    Flow flow = execute(*stmt);
    if (flow != Flow::Normal)
      return flow;
  }
  return Flow::Normal;
}

bool CodeGen::isConstexprAnnotation(const Expr *annotation) {
  // Other annotations (gl.tensor, int) carry no meaning for gluonc and are
  // not evaluated.
  std::optional<Value> value =
      annotation ? resolveQuietly(*annotation) : std::nullopt;
  auto *builtin = value ? value->getIf<BuiltinValue>() : nullptr;
  return builtin && builtin->name == "constexpr";
}

void CodeGen::countStep(SourceLoc loc) {
  if (++evaluationSteps > kMaxEvaluationSteps)
    fail(loc, "compile-time evaluation took more than " +
                  std::to_string(kMaxEvaluationSteps) +
                  " steps: the kernel inlines or repeats too much");
}

Flow CodeGen::execute(const Stmt &stmt) {
  countStep(stmt.loc);
  switch (stmt.getKind()) {
  case NodeKind::ExprStmt: {
    auto &exprStmt = *gluonc::cast<ExprStmt>(&stmt);
    // A docstring or other bare constant is a no-op.
    evaluate(*exprStmt.value);
    return Flow::Normal;
  }
  case NodeKind::Assign: {
    auto &assignStmt = *gluonc::cast<AssignStmt>(&stmt);
    Value value = evaluate(*assignStmt.value);
    for (const ExprPtr &target : assignStmt.targets)
      assign(*target, value);
    return Flow::Normal;
  }
  case NodeKind::AnnAssign: {
    auto &annAssign = *gluonc::cast<AnnAssignStmt>(&stmt);
    if (!annAssign.value)
      return Flow::Normal;
    Value value = evaluate(*annAssign.value);
    if (isConstexprAnnotation(annAssign.annotation.get()) &&
        value.isRuntime())
      fail(*annAssign.value,
           "a gl.constexpr variable needs a compile-time value, got a "
           "run-time " + value.getTypeName());
    assign(*annAssign.target, value);
    return Flow::Normal;
  }
  case NodeKind::AugAssign:
    return executeAugAssign(*gluonc::cast<AugAssignStmt>(&stmt));
  case NodeKind::If:
    return executeIf(*gluonc::cast<IfStmt>(&stmt));
  case NodeKind::For:
    return executeFor(*gluonc::cast<ForStmt>(&stmt));
  case NodeKind::Pass:
    return Flow::Normal;
  case NodeKind::Return: {
    auto &ret = *gluonc::cast<ReturnStmt>(&stmt);
    if (runtimeControlDepth > 0)
      fail(stmt, "not supported yet: 'return' inside a run-time 'if' or "
                 "loop");
    returnValue = ret.value ? evaluate(*ret.value) : Value();
    return Flow::Return;
  }
  case NodeKind::Break:
  case NodeKind::Continue:
    return executeLoopControl(stmt);
  case NodeKind::Assert: {
    auto &assertStmt = *gluonc::cast<AssertStmt>(&stmt);
    Value test = evaluate(*assertStmt.test);
    if (test.isRuntime())
      fail(*assertStmt.test,
           "not supported yet: 'assert' on a run-time value");
    if (!isTruthy(test, assertStmt.test->loc)) {
      std::string message = "assertion failed";
      if (assertStmt.msg)
        message += ": " + toStr(evaluate(*assertStmt.msg), assertStmt.msg->loc);
      fail(stmt, message);
    }
    return Flow::Normal;
  }
  case NodeKind::Import:
  case NodeKind::ImportFrom:
    fail(stmt, "not supported yet: imports inside a function");
  case NodeKind::FunctionDef:
    fail(stmt, "not supported yet: functions defined inside a function");
  case NodeKind::While:
    return executeWhile(*gluonc::cast<WhileStmt>(&stmt));
  case NodeKind::With:
    fail(stmt, "not supported yet: 'with' statements");
  default:
    fail(stmt, "not supported yet: this statement in a kernel");
  }
}

//===----------------------------------------------------------------------===//
// if
//===----------------------------------------------------------------------===//

Flow CodeGen::executeIf(const IfStmt &stmt) {
  Value test = evaluate(*stmt.test);
  if (!test.isRuntime()) {
    // A compile-time condition: only the taken branch is ever looked at.
    return execute(isTruthy(test, stmt.test->loc) ? stmt.body : stmt.orelse);
  }
  RuntimeValue condition = test.get<RuntimeValue>();
  if (!condition.isScalar())
    fail(*stmt.test, "the condition of an 'if' must be a scalar, got a "
                     "tensor; use gl.where for elementwise choices");
  return executeRuntimeIf(stmt, castTo(condition, DType::of(ScalarKind::I1),
                                       stmt.test->loc));
}

bool CodeGen::isSameValue(const Value &a, const Value &b, SourceLoc loc) {
  // Run-time values by identity, others by equality (of one type: 1 and
  // 1.0 become different constants).
  if (a.isRuntime() != b.isRuntime())
    return false;
  if (a.isRuntime())
    return a.get<RuntimeValue>().value == b.get<RuntimeValue>().value;
  return a.getTypeName() == b.getTypeName() && valuesEqual(a, b, loc);
}

static bool haveSameType(const RuntimeValue &a, const RuntimeValue &b) {
  return a.dtype == b.dtype && a.shape == b.shape && a.layout == b.layout;
}

Flow CodeGen::executeRuntimeIf(const IfStmt &stmt,
                               const RuntimeValue &condition) {
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

  // A name changed by either branch becomes a result of the scf.if; it must
  // have one type in both.
  std::vector<std::string> merged;
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
    if (isSameValue(thenValue, elseValue, stmt.loc)) {
      result[name] = thenValue;
      continue;
    }
    if (!thenValue.isRuntime() && !elseValue.isRuntime())
      fail(stmt.loc, "'" + name +
                         "' gets different compile-time values in the "
                         "branches of a run-time 'if' (" +
                         thenValue.toString() + " and " +
                         elseValue.toString() + ")");
    // A compile-time value on one side becomes a constant of the other
    // side's type, in its own branch.
    const RuntimeValue &reference = thenValue.isRuntime()
                                        ? thenValue.get<RuntimeValue>()
                                        : elseValue.get<RuntimeValue>();
    auto materialize = [&](const Value &value, mlir::Block *block) {
      if (value.isRuntime())
        return value.get<RuntimeValue>();
      builder.setInsertionPoint(block->getTerminator());
      RuntimeValue constant = toRuntime(value, stmt.loc, reference.dtype);
      if (!reference.isScalar())
        constant = broadcastTo(constant, reference.shape, reference.layout,
                               stmt.loc);
      return constant;
    };
    RuntimeValue thenRuntime = materialize(thenValue, placeholder.thenBlock());
    RuntimeValue elseRuntime = materialize(elseValue, placeholder.elseBlock());
    if (!haveSameType(thenRuntime, elseRuntime))
      fail(stmt.loc, "'" + name + "' has different types in the branches "
                                  "of a run-time 'if': " +
                         Value(thenRuntime).toString() + " and " +
                         Value(elseRuntime).toString());
    merged.push_back(name);
    thenYields.push_back(thenRuntime.value);
    elseYields.push_back(elseRuntime.value);
    resultTypes.push_back(thenRuntime.value.getType());
    result[name] = thenRuntime;
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
  for (size_t i = 0; i < merged.size(); ++i) {
    RuntimeValue value = result[merged[i]].get<RuntimeValue>();
    value.value = ifOp.getResult(i);
    result[merged[i]] = value;
  }
  frame() = std::move(result);
  return Flow::Normal;
}

//===----------------------------------------------------------------------===//
// for
//===----------------------------------------------------------------------===//

Flow CodeGen::executeFor(const ForStmt &stmt) {
  // `for ... in range(...)` in a kernel is a run-time loop, as in Triton,
  // even with constant bounds; any other compile-time iterable
  // (gl.static_range, a tuple, ...) is unrolled, and so is everything in a
  // @gluon.constexpr_function, which is plain Python.
  auto *call = gluonc::dyn_cast<CallExpr>(stmt.iter.get());
  Value callee = call ? evaluate(*call->func) : Value();
  auto *builtin = callee.getIf<BuiltinValue>();
  if (!builtin || builtin->name != "builtins.range" || inConstexprFunction) {
    Value iterable = call ? evaluateCall(*call, callee) : evaluate(*stmt.iter);
    if (iterable.isRuntime())
      fail(*stmt.iter, "not supported yet: iterating over a run-time " +
                           iterable.getTypeName() +
                           "; loop with range(...) or gl.static_range(...)");
    return executeUnrolledFor(stmt, iterable);
  }
  if (!stmt.orelse.empty())
    fail(stmt.loc, "not supported yet: 'for ... else' on a run-time loop");
  if (!call->keywords.empty())
    fail(call->keywords[0].loc, "range() takes no keyword arguments");
  CallArgs args;
  args.callLoc = call->loc;
  for (const ExprPtr &arg : call->args) {
    args.positional.push_back(evaluate(*arg));
    args.positionalLocs.push_back(arg->loc);
  }
  if (args.positional.empty() || args.positional.size() > 3)
    fail(call->loc, "range() takes 1 to 3 arguments, got " +
                        std::to_string(args.positional.size()));
  executeRuntimeFor(stmt, args);
  return Flow::Normal;
}

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
    }
  }
}

/// Runs `body` once into a detached block to learn what a loop body
/// leaves in each name that lives across iterations, then throws the block
/// away and restores the names. Returns the names as the body left them.
template <typename Body>
CodeGen::Frame CodeGen::dryRunLoopBody(SourceLoc loc, Body &&body) {
  Frame before = frame();
  Frame afterDryRun;
  mlir::OpBuilder::InsertionGuard guard(builder);
  auto *dryBlock = new mlir::Block();
  builder.setInsertionPointToStart(dryBlock);
  ++dryRunDepth;
  loops.push_back({/*unrolled=*/false, runtimeControlDepth + 1});
  try {
    inRuntimeRegion([&] {
      body(dryBlock);
      return Flow::Normal;
    });
  } catch (CompileError &) {
    dryBlock->dropAllDefinedValueUses();
    delete dryBlock;
    throw;
  }
  loops.pop_back();
  --dryRunDepth;
  afterDryRun = frame();
  frame() = before;
  dryBlock->dropAllDefinedValueUses();
  delete dryBlock;
  return afterDryRun;
}

/// Loop-carried: names live before the loop that the body changes. Binds
/// each to its initial run-time value and returns them with those values.
void CodeGen::findLoopCarried(SourceLoc loc,
                              const std::set<std::string> &assigned,
                              const Frame &before, const Frame &afterDryRun,
                              std::vector<std::string> &carried,
                              std::vector<mlir::Value> &inits) {
  for (const std::string &name : assigned) {
    auto beforeIt = before.find(name);
    auto afterIt = afterDryRun.find(name);
    if (beforeIt == before.end() || afterIt == afterDryRun.end())
      continue;
    const Value &initial = beforeIt->second, &updated = afterIt->second;
    if (isSameValue(initial, updated, loc))
      continue;
    auto isNumber = [](const Value &v) {
      return v.isInt() || v.is<double>() || v.is<bool>();
    };
    if (!updated.isRuntime() && isNumber(initial) && isNumber(updated)) {
      // `count = 0 ... count += 1`: a Python number updated by the loop is
      // a run-time value (i32, or fp32 for floats) carried through it.
      RuntimeValue init = toRuntime(initial, loc);
      carried.push_back(name);
      inits.push_back(init.value);
      frame()[name] = init;
      continue;
    }
    if (!updated.isRuntime())
      fail(loc, "'" + name + "' gets a new compile-time value in each "
                             "iteration of a run-time loop (" +
                    updated.toString() + ")");
    const RuntimeValue &updatedRuntime = updated.get<RuntimeValue>();
    RuntimeValue init = initial.isRuntime()
                            ? initial.get<RuntimeValue>()
                            : toRuntime(initial, loc, updatedRuntime.dtype);
    if (!initial.isRuntime() && !updatedRuntime.isScalar())
      init = broadcastTo(init, updatedRuntime.shape, updatedRuntime.layout,
                         loc);
    if (!haveSameType(init, updatedRuntime))
      fail(loc, "loop-carried variable '" + name + "' is " +
                    Value(init).toString() + " before the loop but " +
                    updated.toString() + " after an iteration");
    carried.push_back(name);
    inits.push_back(init.value);
    frame()[name] = init;
  }
}

/// The carried names' values at the end of a loop body, checked against
/// the types the dry run predicted.
std::vector<mlir::Value>
CodeGen::collectLoopYields(SourceLoc loc,
                           const std::vector<std::string> &carried,
                           mlir::ValueRange expected) {
  std::vector<mlir::Value> yields;
  for (size_t i = 0; i < carried.size(); ++i) {
    // The dry run predicted the type; a body whose types depend on the
    // carried values' identity could still differ.
    const Value &updated = frame()[carried[i]];
    if (!updated.isRuntime() ||
        updated.get<RuntimeValue>().value.getType() != expected[i].getType())
      fail(loc, "loop-carried variable '" + carried[i] +
                    "' changes type within the loop: " + updated.toString());
    yields.push_back(updated.get<RuntimeValue>().value);
  }
  return yields;
}

/// Binds each carried name to `values` (block arguments or loop results),
/// keeping its dtype, shape and layout.
void CodeGen::bindCarried(const std::vector<std::string> &carried,
                          mlir::ValueRange values) {
  for (size_t i = 0; i < carried.size(); ++i) {
    RuntimeValue value = frame()[carried[i]].get<RuntimeValue>();
    value.value = values[i];
    bind(carried[i], value);
  }
}

void CodeGen::executeRuntimeFor(const ForStmt &stmt,
                                const CallArgs &rangeArgs) {
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
  Frame afterDryRun = dryRunLoopBody(stmt.loc, [&](mlir::Block *dryBlock) {
    mlir::Value iv = dryBlock->addArgument(ivType.toMLIR(&context), loc);
    assign(*stmt.target, RuntimeValue{iv, ivType, {}, {}});
    execute(stmt.body);
  });
  std::vector<std::string> carried;
  std::vector<mlir::Value> inits;
  findLoopCarried(stmt.loc, assigned, before, afterDryRun, carried, inits);

  auto forOp = mlir::scf::ForOp::create(builder, loc, boundValues[0],
                                        boundValues[1], boundValues[2],
                                        inits);
  {
    mlir::OpBuilder::InsertionGuard guard(builder);
    mlir::Block *body = forOp.getBody();
    builder.setInsertionPointToStart(body);
    bindCarried(carried, forOp.getRegionIterArgs());
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

  // After the loop: the names as before, the carried ones as results.
  Frame after = before;
  for (size_t i = 0; i < carried.size(); ++i) {
    RuntimeValue value = frame()[carried[i]].get<RuntimeValue>();
    value.value = forOp.getResult(i);
    after[carried[i]] = value;
  }
  frame() = std::move(after);
}

//===----------------------------------------------------------------------===//
// Loops unrolled at compile time
//===----------------------------------------------------------------------===//

Flow CodeGen::executeUnrolledFor(const ForStmt &stmt, const Value &iterable) {
  loops.push_back({/*unrolled=*/true, runtimeControlDepth});
  // One iteration; true when the loop ends here.
  std::optional<Flow> exit;
  auto runIteration = [&](const Value &item) {
    countStep(stmt.loc);
    assign(*stmt.target, item);
    Flow flow = execute(stmt.body);
    if (flow == Flow::Break || flow == Flow::Return)
      exit = flow;
    return exit.has_value();
  };
  // A range is walked without creating its elements.
  if (auto *range = iterable.getIf<RangeValue>()) {
    RangeValue walk = *range;
    for (uint64_t i = 0; i < walk.size(); ++i)
      if (runIteration(Value(walk.at(i))))
        break;
  } else {
    for (const Value &item :
         iterate(iterable, stmt.iter->loc, "the iterable of a 'for' loop"))
      if (runIteration(item))
        break;
  }
  loops.pop_back();
  if (exit == Flow::Return)
    return Flow::Return;
  if (exit == Flow::Break)
    return Flow::Normal;
  return execute(stmt.orelse);
}

Flow CodeGen::executeWhile(const WhileStmt &stmt) {
  // A condition that is a run-time value makes a run-time loop (scf.while);
  // it is tried in a detached block so that nothing of it stays behind.
  if (!inConstexprFunction) {
    bool isRuntime = false;
    dryRunLoopBody(stmt.loc, [&](mlir::Block *) {
      isRuntime = evaluate(*stmt.test).isRuntime();
    });
    if (isRuntime) {
      executeRuntimeWhile(stmt);
      return Flow::Normal;
    }
  }
  loops.push_back({/*unrolled=*/true, runtimeControlDepth});
  for (uint64_t iteration = 0;; ++iteration) {
    Value test = evaluate(*stmt.test);
    if (test.isRuntime()) {
      loops.pop_back();
      fail(*stmt.test, "the condition of this 'while' loop became a "
                       "run-time value after " +
                           std::to_string(iteration) +
                           " iterations at compile time");
    }
    if (!isTruthy(test, stmt.test->loc))
      break;
    Flow flow = execute(stmt.body);
    if (flow == Flow::Return) {
      loops.pop_back();
      return flow;
    }
    if (flow == Flow::Break) {
      loops.pop_back();
      return Flow::Normal;
    }
  }
  loops.pop_back();
  return execute(stmt.orelse);
}

void CodeGen::executeRuntimeWhile(const WhileStmt &stmt) {
  if (!stmt.orelse.empty())
    fail(stmt.loc, "not supported yet: 'while ... else' on a run-time loop");
  mlir::Location loc = getLoc(stmt.loc);
  std::set<std::string> assigned;
  collectAssignedNames(stmt.body, assigned);
  Frame before = frame();
  Frame afterDryRun = dryRunLoopBody(stmt.loc, [&](mlir::Block *) {
    evaluate(*stmt.test);
    execute(stmt.body);
  });
  std::vector<std::string> carried;
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
    bindCarried(carried, test->getArguments());
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
    bindCarried(carried, body->getArguments());
    loops.push_back({/*unrolled=*/false, runtimeControlDepth + 1});
    inRuntimeRegion([&] { return execute(stmt.body); });
    loops.pop_back();
    std::vector<mlir::Value> yields =
        collectLoopYields(stmt.loc, carried, body->getArguments());
    mlir::scf::YieldOp::create(builder, loc, yields);
  }
  frame() = entry;
  Frame after = before;
  for (size_t i = 0; i < carried.size(); ++i) {
    RuntimeValue value = frame()[carried[i]].get<RuntimeValue>();
    value.value = whileOp.getResult(i);
    after[carried[i]] = value;
  }
  frame() = std::move(after);
}

Flow CodeGen::executeLoopControl(const Stmt &stmt) {
  const char *keyword = stmt.getKind() == NodeKind::Break ? "break"
                                                          : "continue";
  if (loops.empty())
    fail(stmt, std::string("'") + keyword + "' outside a loop");
  const LoopScope &loop = loops.back();
  if (!loop.unrolled)
    fail(stmt, std::string("not supported yet: '") + keyword +
                   "' in a run-time loop");
  if (runtimeControlDepth != loop.runtimeDepth)
    fail(stmt, std::string("not supported yet: '") + keyword +
                   "' inside a run-time 'if' in a loop unrolled at compile "
                   "time");
  return stmt.getKind() == NodeKind::Break ? Flow::Break : Flow::Continue;
}

Flow CodeGen::executeAugAssign(const AugAssignStmt &stmt) {
  Value current = evaluate(*stmt.target);
  Value rhs = evaluate(*stmt.value);
  // `xs += ys` extends the list in place, as in Python.
  if (current.isList() && stmt.op == BinaryOp::Add) {
    if (!isIterable(rhs))
      fail(*stmt.value, "can only extend a list with an iterable, got " +
                            rhs.getTypeName());
    checkMutable(current, stmt.opLoc);
    std::vector<Value> added = iterate(rhs, stmt.value->loc, "the operand");
    chargeElements(added.size(), stmt.opLoc);
    std::vector<Value> &elements =
        current.get<std::shared_ptr<ListValue>>()->elements;
    elements.insert(elements.end(), added.begin(), added.end());
    assign(*stmt.target, current);
    return Flow::Normal;
  }
  assign(*stmt.target, binaryOp(stmt.op, current, rhs, stmt.opLoc,
                                stmt.target->loc, stmt.value->loc));
  return Flow::Normal;
}

//===----------------------------------------------------------------------===//
// Functions
//===----------------------------------------------------------------------===//

Flow CodeGen::executeFunctionBody(const FunctionDefStmt &def) {
  // `break` in a helper cannot leave the caller's loop.
  unsigned savedDepth = runtimeControlDepth;
  std::vector<LoopScope> savedLoops;
  savedLoops.swap(loops);
  runtimeControlDepth = 0;
  Flow flow = execute(def.body);
  runtimeControlDepth = savedDepth;
  loops.swap(savedLoops);
  return flow;
}

Value CodeGen::callFunction(const FunctionValue &function, CallArgs &args,
                            SourceLoc loc) {
  const FunctionDefStmt &def = *function.def;
  if (function.kind.empty())
    failWithNote(loc, "'" + def.name + "' is not a @gluon.jit function",
                 def.loc, "'" + def.name + "' is defined here");
  if (callStack.size() >= kMaxCallDepth)
    fail(loc, "calls nested more than " + std::to_string(kMaxCallDepth) +
                  " deep");
  for (auto &[active, callLoc] : callStack)
    if (active == &def)
      failWithNote(loc, "recursion is not supported: '" + def.name +
                            "' calls itself",
                   callLoc, "the first call is here");

  const Parameters &params = def.params;
  if (!params.posOnlyParams.empty() || params.varArg || params.kwArg ||
      !params.kwOnlyParams.empty())
    fail(def.loc, "not supported yet: '*', '**' and '/' parameters");
  if (args.positional.size() > params.params.size())
    failWithNote(loc, "'" + def.name + "' takes " +
                          std::to_string(params.params.size()) +
                          " arguments but " +
                          std::to_string(args.positional.size()) +
                          " were given",
                 def.loc, "'" + def.name + "' is defined here");

  Frame callee;
  std::vector<bool> given(params.params.size(), false);
  for (size_t i = 0; i < args.positional.size(); ++i) {
    callee[params.params[i].name] = args.positional[i];
    given[i] = true;
  }
  for (KeywordArg &keyword : args.keywords) {
    auto it = std::find_if(params.params.begin(), params.params.end(),
                           [&](const Param &p) { return p.name == keyword.name; });
    if (it == params.params.end())
      failWithNote(keyword.loc, "'" + def.name +
                                    "' has no parameter named '" +
                                    keyword.name + "'",
                   def.loc, "'" + def.name + "' is defined here");
    size_t index = it - params.params.begin();
    if (given[index])
      fail(keyword.loc, "parameter '" + keyword.name + "' given twice");
    callee[keyword.name] = keyword.value;
    given[index] = true;
  }
  // Defaults are evaluated in the module scope, as Python does at `def`.
  for (size_t i = 0; i < params.params.size(); ++i) {
    if (given[i])
      continue;
    const Param &param = params.params[i];
    if (!param.defaultValue)
      failWithNote(loc, "missing argument '" + param.name + "' in call to '" +
                            def.name + "'",
                   param.loc, "'" + param.name + "' is declared here");
    frames.emplace_back();
    Value value = evaluate(*param.defaultValue);
    frames.pop_back();
    callee[param.name] = value;
  }
  for (size_t i = 0; i < params.params.size(); ++i) {
    const Param &param = params.params[i];
    if (isConstexprAnnotation(param.annotation.get()) &&
        callee[param.name].isRuntime())
      failWithNote(loc, "parameter '" + param.name + "' of '" + def.name +
                            "' is a gl.constexpr, but the argument is a "
                            "run-time " + callee[param.name].getTypeName(),
                   param.loc, "'" + param.name + "' is declared here");
    if (function.kind == "constexpr_function" && callee[param.name].isRuntime())
      fail(loc, "'" + def.name + "' is a @gluon.constexpr_function; its "
                                 "arguments must be compile-time values");
  }

  callStack.emplace_back(&def, loc);
  frames.push_back(std::move(callee));
  returnValue = Value();
  bool savedInConstexprFunction = inConstexprFunction;
  inConstexprFunction = function.kind == "constexpr_function";
  executeFunctionBody(def);
  inConstexprFunction = savedInConstexprFunction;
  Value result = returnValue;
  returnValue = Value();
  frames.pop_back();
  callStack.pop_back();
  if (function.kind == "constexpr_function" && result.isRuntime())
    fail(loc, "@gluon.constexpr_function '" + def.name +
                  "' returned a run-time value");
  return result;
}
