//===- Statements.cpp - Statements, names, calls, module scope ------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Python's statements on compile-time values: assignment (with unpacking),
// `if` on a known condition (only the taken branch is looked at), loops
// over compile-time iterables (unrolled), `while` on known conditions,
// calls of @gluon.jit helpers (inlined into the caller's IR) and of
// @gluon.constexpr_functions, and the module scope: imports bound to the
// builtin table's namespaces, module-level assignments evaluated on first
// use. Run-time conditions and `range` loops go to the run-time hooks.
//
//===----------------------------------------------------------------------===//

#include "Interpreter.h"

#include "gluonc/Frontend/Parser.h"

#include <algorithm>
#include <functional>
#include <set>

using namespace gluonc;
using namespace gluonc::frontend;

Interpreter::Interpreter(Kind kind, SourceManager &sourceManager,
                         DiagnosticEngine &diags, const BuiltinTable &builtins)
    : kind(kind), sourceManager(sourceManager), diags(diags),
      builtins(builtins) {
  frames.emplace_back();
}

Interpreter::~Interpreter() = default;

//===----------------------------------------------------------------------===//
// Diagnostics
//===----------------------------------------------------------------------===//

void Interpreter::fail(SourceLoc loc, const std::string &message) {
  diags.error(loc, message);
  throw CompileError();
}

void Interpreter::fail(const Node &node, const std::string &message) {
  diags.error(node.getRange(), message);
  throw CompileError();
}

void Interpreter::failWithNote(SourceLoc loc, const std::string &message,
                           SourceLoc noteLoc, const std::string &note) {
  diags.error(loc, message);
  diags.note(noteLoc, note);
  throw CompileError();
}

//===----------------------------------------------------------------------===//
// Names
//===----------------------------------------------------------------------===//

void Interpreter::bind(const std::string &name, Value value) {
  frame()[name] = std::move(value);
}

GlobalBinding *Interpreter::findGlobal(const std::string &name) {
  // The names of enclosing functions (a closure), then the module's.
  for (ModuleScope *scope = currentModule; scope; scope = scope->enclosing) {
    auto global = scope->globals.find(name);
    if (global != scope->globals.end())
      return &global->second;
  }
  return nullptr;
}

Value Interpreter::lookup(const std::string &name, SourceRange range) {
  auto local = frame().find(name);
  if (local != frame().end())
    return local->second;
  if (GlobalBinding *global = findGlobal(name))
    return evaluateGlobal(name, *global, range.begin);
  if (const Builtin *builtin = builtins.find("builtins." + name))
    return Value(BuiltinValue{builtin, nullptr});
  diags.error(range, "unknown name '" + name + "'");
  throw CompileError();
}

void Interpreter::assign(const Expr &target, const Value &value) {
  if (auto *name = gluonc::dyn_cast<NameExpr>(&target)) {
    bind(name->id, value);
    return;
  }
  if (auto *subscriptTarget = gluonc::dyn_cast<SubscriptExpr>(&target)) {
    assignSubscript(*subscriptTarget, value);
    return;
  }
  if (auto *attribute = gluonc::dyn_cast<AttributeExpr>(&target)) {
    Value object = evaluate(*attribute->value);
    if (!object.isAggregate())
      fail(target, "not supported yet: assigning an attribute of a '" +
                       object.getTypeName() + "'");
    setField(object, attribute->attr, value, attribute->attrLoc);
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

Flow Interpreter::execute(const StmtList &body) {
  for (const StmtPtr &stmt : body) {
    Flow flow = execute(*stmt);
    if (flow != Flow::Normal)
      return flow;
  }
  return Flow::Normal;
}

bool Interpreter::isConstexprAnnotation(const Expr *annotation) {
  // Other annotations (gl.tensor, int) carry no meaning for gluonc and are
  // not evaluated.
  std::optional<Value> value =
      annotation ? resolveQuietly(*annotation) : std::nullopt;
  return value && isBuiltin(*value, "gl.constexpr");
}

void Interpreter::countStep(SourceLoc loc) {
  if (++evaluationSteps > maxEvaluationSteps)
    fail(loc, "compile-time evaluation took more than " +
                  std::to_string(maxEvaluationSteps) +
                  " steps: the kernel inlines or repeats too much");
}

Flow Interpreter::execute(const Stmt &stmt) {
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
  case NodeKind::ClassDef:
    fail(stmt, "not supported yet: classes defined inside a function; "
               "define the @aggregate class at module level");
  case NodeKind::While:
    return executeWhile(*gluonc::cast<WhileStmt>(&stmt));
  case NodeKind::With:
    return executeWith(*gluonc::cast<WithStmt>(&stmt));
  default:
    fail(stmt, "not supported yet: this statement in a kernel");
  }
}

//===----------------------------------------------------------------------===//
// if
//===----------------------------------------------------------------------===//

Flow Interpreter::executeIf(const IfStmt &stmt) {
  Value test = evaluate(*stmt.test);
  if (test.isRuntime())
    return executeRuntimeIf(stmt, test);
  // A compile-time condition: only the taken branch is ever looked at.
  return execute(isTruthy(test, stmt.test->loc) ? stmt.body : stmt.orelse);
}

bool Interpreter::isSameValue(const Value &a, const Value &b, SourceLoc loc) {
  if (a.isRuntime() != b.isRuntime())
    return false;
  if (a.isRuntime())
    return a.getObject()->equals(*b.getObject());
  return a.getTypeName() == b.getTypeName() && valuesEqual(a, b, loc);
}

//===----------------------------------------------------------------------===//
// Loops
//===----------------------------------------------------------------------===//

Flow Interpreter::executeFor(const ForStmt &stmt) {
  // `for ... in range(...)` in a kernel is a run-time loop, as in Triton,
  // even with constant bounds; any other compile-time iterable
  // (gl.static_range, a tuple, ...) is unrolled, and so is everything in a
  // @gluon.constexpr_function, which is plain Python.
  auto *call = gluonc::dyn_cast<CallExpr>(stmt.iter.get());
  Value callee = call ? evaluate(*call->func) : Value();
  if (!isBuiltin(callee, "builtins.range") || inConstexprFunction) {
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
  return executeRuntimeFor(stmt, args);
}

Flow Interpreter::executeUnrolledFor(const ForStmt &stmt,
                                     const Value &iterable) {
  loops.push_back({/*unrolled=*/true, runtimeControlDepth});
  // One iteration; true when the loop ends here.
  std::optional<Flow> exit;
  auto runIteration = [&](const Value &item) {
    countStep(stmt.loc);
    assign(*stmt.target, item);
    Flow flow = execute(stmt.body);
    afterUnrolledIteration(stmt.loc);
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

Flow Interpreter::executeWhile(const WhileStmt &stmt) {
  // A condition that is a run-time value makes a run-time loop.
  if (!inConstexprFunction && executeRuntimeWhile(stmt))
    return Flow::Normal;
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
    afterUnrolledIteration(stmt.loc);
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

Flow Interpreter::executeLoopControl(const Stmt &stmt) {
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

Flow Interpreter::executeAugAssign(const AugAssignStmt &stmt) {
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

Flow Interpreter::executeFunctionBody(const FunctionDefStmt &def) {
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

Value Interpreter::runFunction(const FunctionValue &function, Frame locals,
                               SourceLoc loc) {
  // A function sees the names of the function around it, if any, and of
  // the file it is defined in.
  const FunctionDefStmt &def = *function.def;
  ModuleScope *scope =
      function.scope ? function.scope : findModule(def.loc.fileId);
  return inModule(scope, [&] {
    callStack.emplace_back(&def, loc);
    frames.push_back(std::move(locals));
    returnValue = Value();
    executeFunctionBody(def);
    Value result = std::move(returnValue);
    returnValue = Value();
    frames.pop_back();
    callStack.pop_back();
    return result;
  });
}

Value Interpreter::evaluateInModuleScope(const Expr &expr, ModuleScope *scope) {
  return inModule(scope ? scope : findModule(expr.loc.fileId), [&] {
    frames.emplace_back();
    Value value = evaluate(expr);
    frames.pop_back();
    return value;
  });
}

Value Interpreter::evaluateSource(const std::string &bufferName,
                                  const std::string &text) {
  return evaluateSourceWith(bufferName, text, {});
}

Value Interpreter::evaluateSourceWith(const std::string &bufferName,
                                      const std::string &text,
                                      std::map<std::string, Value> names) {
  uint32_t fileId = sourceManager.addBuffer(bufferName, text);
  std::unique_ptr<Expr> expr = parseExpression(sourceManager, fileId, diags);
  if (!expr)
    throw CompileError();
  ScopedSet<bool> hostCode(inHostCode, true);
  frames.push_back(std::move(names));
  // Pops the scope on the way out, a compile error included.
  struct PopFrame {
    std::vector<Frame> &frames;
    ~PopFrame() { frames.pop_back(); }
  } pop{frames};
  Value value = evaluate(*expr);
  if (value.isRuntime())
    fail(*expr, "a constexpr value must be known at compile time");
  return value;
}

Value Interpreter::call(const Value &callee, CallArgs &args, SourceLoc loc) {
  if (auto *builtin = callee.getIf<BuiltinValue>())
    return callBuiltin(*builtin, args, loc);
  if (auto *function = callee.getIf<FunctionValue>())
    return callFunction(*function, args, loc);
  if (auto *cls = callee.getIf<ClassValue>())
    return construct(*cls, args, loc);
  if (auto *ns = callee.getIf<NamespaceValue>(); ns && !ns->isKnown)
    failUnavailableModule(*ns, loc);
  fail(loc, "'" + callee.getTypeName() + "' object is not callable");
}

Value Interpreter::callWith(const Value &callee, std::vector<Value> arguments,
                            SourceLoc loc) {
  CallArgs args;
  args.callLoc = loc;
  args.positionalLocs.assign(arguments.size(), loc);
  args.positional = std::move(arguments);
  return call(callee, args, loc);
}

Value Interpreter::callBuiltin(const BuiltinValue &value, CallArgs &args,
                               SourceLoc loc) {
  const Builtin &builtin = *value.builtin;
  if (!builtin.handler || builtin.kind == Builtin::Kind::Property)
    fail(loc, "not supported yet: calling '" + builtin.getName() + "'");
  BoundArgs bound(*this, builtin, args, value.self.get());
  return builtin.handler(*this, bound);
}

bool Interpreter::isBuiltin(const Value &value, std::string_view name) const {
  auto *builtin = value.getIf<BuiltinValue>();
  return builtin && !builtin->self && builtin->builtin == builtins.find(name);
}

void Interpreter::checkCallDepth(const FunctionDefStmt &def, SourceLoc loc) {
  if (callStack.size() >= kMaxCallDepth)
    fail(loc, "calls nested more than " + std::to_string(kMaxCallDepth) +
                  " deep");
  for (auto &[active, callLoc] : callStack)
    if (active == &def)
      failWithNote(loc, "recursion is not supported: '" + def.name +
                            "' calls itself",
                   callLoc, "the first call is here");
}

Interpreter::Frame Interpreter::bindArguments(const FunctionValue &function,
                                              const CallArgs &args,
                                              SourceLoc loc,
                                              const std::string &name,
                                              size_t implicit) {
  const FunctionDefStmt &def = *function.def;
  const Parameters &params = def.params;
  if (!params.posOnlyParams.empty() || params.varArg || params.kwArg ||
      !params.kwOnlyParams.empty())
    fail(def.loc, "not supported yet: '*', '**' and '/' parameters");
  if (args.positional.size() > params.params.size())
    failWithNote(loc,
                 "'" + name + "' takes " +
                     std::to_string(params.params.size() - implicit) +
                     " arguments but " +
                     std::to_string(args.positional.size() - implicit) +
                     " were given",
                 def.loc, "'" + name + "' is defined here");

  Frame callee;
  std::vector<bool> given(params.params.size(), false);
  for (size_t i = 0; i < args.positional.size(); ++i) {
    callee[params.params[i].name] = args.positional[i];
    given[i] = true;
  }
  for (const KeywordArg &keyword : args.keywords) {
    auto it =
        std::find_if(params.params.begin(), params.params.end(),
                     [&](const Param &p) { return p.name == keyword.name; });
    if (it == params.params.end() ||
        size_t(it - params.params.begin()) < implicit)
      failWithNote(keyword.loc,
                   "'" + name + "' has no parameter named '" + keyword.name +
                       "'",
                   def.loc, "'" + name + "' is defined here");
    size_t index = it - params.params.begin();
    if (given[index])
      fail(keyword.loc, "parameter '" + keyword.name + "' given twice");
    callee[keyword.name] = keyword.value;
    given[index] = true;
  }
  // Defaults are evaluated where the function is defined, as Python does
  // at `def`.
  for (size_t i = 0; i < params.params.size(); ++i) {
    if (given[i])
      continue;
    const Param &param = params.params[i];
    if (!param.defaultValue)
      failWithNote(loc,
                   "missing argument '" + param.name + "' in call to '" + name +
                       "'",
                   param.loc, "'" + param.name + "' is declared here");
    callee[param.name] =
        evaluateInModuleScope(*param.defaultValue, function.scope);
  }
  for (const Param &param : params.params)
    if (isConstexprAnnotation(param.annotation.get()) &&
        callee[param.name].isRuntime())
      failWithNote(loc,
                   "parameter '" + param.name + "' of '" + name +
                       "' is a gl.constexpr, but the argument is a "
                       "run-time " +
                       callee[param.name].getTypeName(),
                   param.loc, "'" + param.name + "' is declared here");
  return callee;
}

Value Interpreter::callFunction(const FunctionValue &function, CallArgs &args,
                                SourceLoc loc) {
  const FunctionDefStmt &def = *function.def;
  if (function.kind == FunctionKind::Host &&
      (inHostCode || inConstexprFunction))
    return callHostFunction(function, args, loc);
  if (function.kind == FunctionKind::Host)
    failWithNote(loc, "'" + def.name + "' is not a @gluon.jit function",
                 def.loc, "'" + def.name + "' is defined here");
  checkCallDepth(def, loc);
  // A method looked up on an aggregate takes it as its first argument.
  const CallArgs *bound = &args;
  CallArgs withSelf;
  if (function.self) {
    withSelf = args;
    withSelf.positional.insert(withSelf.positional.begin(), *function.self);
    withSelf.positionalLocs.insert(withSelf.positionalLocs.begin(), loc);
    bound = &withSelf;
  }
  Frame callee =
      bindArguments(function, *bound, loc, def.name, function.self ? 1 : 0);
  if (function.kind == FunctionKind::ConstexprFunction)
    for (const Param &param : def.params.params)
      if (callee[param.name].isRuntime())
        fail(loc, "'" + def.name +
                      "' is a @gluon.constexpr_function; its "
                      "arguments must be compile-time values");

  bool savedInConstexprFunction = inConstexprFunction;
  inConstexprFunction = function.kind == FunctionKind::ConstexprFunction;
  ScopedSet<bool> kernelCode(inHostCode, inHostCode && inConstexprFunction);
  Value result = runFunction(function, std::move(callee), loc);
  inConstexprFunction = savedInConstexprFunction;
  if (function.kind == FunctionKind::ConstexprFunction && result.isRuntime())
    fail(loc, "@gluon.constexpr_function '" + def.name +
                  "' returned a run-time value");
  return result;
}

/// `C.__name__ = value`: the one attribute a host function may set.
static const AttributeExpr *getClassNameTarget(const AssignStmt &assign) {
  auto *target = assign.targets.size() == 1
                     ? gluonc::dyn_cast<AttributeExpr>(assign.targets[0].get())
                     : nullptr;
  return target && target->attr == "__name__" ? target : nullptr;
}

/// The statement of a host function's body that gluonc does not evaluate,
/// or null: only a docstring, `pass`, imports, definitions, assignments to
/// names or to a class's `__name__`, then one `return`, at the end.
static const Stmt *findNonStraightLine(const FunctionDefStmt &def) {
  for (size_t i = 0; i < def.body.size(); ++i) {
    const Stmt *stmt = def.body[i].get();
    bool last = i + 1 == def.body.size();
    if (gluonc::isa<ReturnStmt>(stmt)) {
      if (!last)
        return stmt;
      continue;
    }
    if (auto *expr = gluonc::dyn_cast<ExprStmt>(stmt)) {
      if (!gluonc::isa<StringLiteralExpr>(expr->value.get()))
        return stmt;
      continue;
    }
    if (auto *assign = gluonc::dyn_cast<AssignStmt>(stmt)) {
      if (getClassNameTarget(*assign))
        continue;
      for (const ExprPtr &target : assign->targets)
        if (!gluonc::isa<NameExpr>(target.get()))
          return stmt;
      continue;
    }
    if (auto *ann = gluonc::dyn_cast<AnnAssignStmt>(stmt)) {
      if (!ann->value || !gluonc::isa<NameExpr>(ann->target.get()))
        return stmt;
      continue;
    }
    if (!gluonc::isa<PassStmt>(stmt) && !gluonc::isa<ImportStmt>(stmt) &&
        !gluonc::isa<ImportFromStmt>(stmt) &&
        !gluonc::isa<FunctionDefStmt>(stmt) && !gluonc::isa<ClassDefStmt>(stmt))
      return stmt;
  }
  return nullptr;
}

void Interpreter::setClassName(const AttributeExpr &target,
                               const Expr &valueExpr) {
  Value object = evaluate(*target.value);
  auto *cls = object.getIf<ClassValue>();
  if (!cls)
    fail(*target.value, "not supported yet: setting '__name__' of a " +
                            object.getTypeName() +
                            "; a host function may rename a class only");
  Value name = evaluate(valueExpr);
  const std::string *text = name.getIf<std::string>();
  if (!text)
    fail(valueExpr,
         "a class's __name__ must be a str, not " + name.getTypeName());
  cls->cls->name = *text;
}

Value Interpreter::callHostFunction(const FunctionValue &function,
                                    const CallArgs &args, SourceLoc loc) {
  const FunctionDefStmt &def = *function.def;
  if (const Stmt *stmt = findNonStraightLine(def))
    failWithNote(loc,
                 "not supported yet: calling host function '" + def.name +
                     "': gluonc evaluates a host function's imports, "
                     "definitions and assignments, then its return, and "
                     "nothing else",
                 stmt->loc, "this statement is not one of them");
  checkCallDepth(def, loc);
  CallArgs withSelf = args;
  if (function.self) {
    withSelf.positional.insert(withSelf.positional.begin(), *function.self);
    withSelf.positionalLocs.insert(withSelf.positionalLocs.begin(), loc);
  }
  Frame arguments =
      bindArguments(function, withSelf, loc, def.name, function.self ? 1 : 0);

  // A scope per call: what the body defines sees this call's arguments.
  // Its names count against the compile-time memory bound, so that a loop
  // of calls cannot grow scopes without end.
  chargeElements(arguments.size() + def.body.size() + 1, loc);
  auto &scope = *hostCallScopes.emplace_back(std::make_unique<ModuleScope>());
  scope.fileId = def.loc.fileId;
  scope.function = &def;
  scope.enclosing =
      function.scope ? function.scope : findModule(def.loc.fileId);
  for (auto &[name, value] : arguments) {
    GlobalBinding &binding = scope.globals[name];
    binding.value = value;
    binding.owner = &scope;
  }
  ScopedSet<bool> hostCode(inHostCode, true);
  callStack.emplace_back(&def, loc);
  frames.emplace_back();
  struct Leave {
    Interpreter &interpreter;
    ~Leave() {
      interpreter.frames.pop_back();
      interpreter.callStack.pop_back();
    }
  } leave{*this};
  return inModule(&scope, [&]() -> Value {
    // In order, each assignment evaluated at once: `N = gl.constexpr(N)`
    // reads the parameter it then rebinds.
    for (const StmtPtr &stmt : def.body) {
      const Expr *value = nullptr;
      std::vector<const NameExpr *> targets;
      if (auto *ret = gluonc::dyn_cast<ReturnStmt>(stmt.get()))
        return ret->value ? evaluate(*ret->value) : Value();
      if (auto *assign = gluonc::dyn_cast<AssignStmt>(stmt.get());
          assign && getClassNameTarget(*assign)) {
        setClassName(*getClassNameTarget(*assign), *assign->value);
        continue;
      }
      if (auto *assign = gluonc::dyn_cast<AssignStmt>(stmt.get())) {
        value = assign->value.get();
        for (const ExprPtr &target : assign->targets)
          targets.push_back(gluonc::cast<NameExpr>(target.get()));
      } else if (auto *ann = gluonc::dyn_cast<AnnAssignStmt>(stmt.get())) {
        value = ann->value.get();
        targets.push_back(gluonc::cast<NameExpr>(ann->target.get()));
      } else {
        bindModuleStatement(*stmt);
        continue;
      }
      Value result = evaluate(*value);
      if (result.isRuntime())
        fail(*value, "a host function's values must be known at compile "
                     "time");
      for (const NameExpr *target : targets) {
        GlobalBinding &binding = scope.globals[target->id];
        binding = GlobalBinding();
        binding.value = result;
        binding.loc = target->loc;
        binding.owner = &scope;
      }
    }
    return Value();
  });
}

//===----------------------------------------------------------------------===//
// Module scope
//===----------------------------------------------------------------------===//

/// Triton's namespaces are gluonc's builtins, whatever files there are.
/// Triton's modules, and the Python module whose functions gluonc
/// evaluates (importlib's import_module, which upstream tutorials use to
/// load a sibling file whose name is no identifier: "05-wgmma").
static bool isBuiltinNamespace(const std::string &path) {
  return path == "triton" || path.rfind("triton.", 0) == 0 ||
         path == "importlib";
}

std::optional<Value> Interpreter::resolveImportPath(const std::string &path) {
  if (!isBuiltinNamespace(path))
    return std::nullopt;
  Value current(NamespaceValue{path.substr(0, path.find('.')), true});
  size_t start = path.find('.');
  while (start != std::string::npos) {
    size_t end = path.find('.', start + 1);
    std::string part = path.substr(start + 1, end == std::string::npos
                                                  ? std::string::npos
                                                  : end - start - 1);
    auto *ns = current.getIf<NamespaceValue>();
    std::optional<Value> member =
        ns ? builtins.lookupMember(ns->path, part) : std::nullopt;
    if (!member)
      return std::nullopt;
    current = *member;
    start = end;
  }
  return current;
}

Value Interpreter::importModule(const std::string &name, SourceLoc loc) {
  if (name.empty() || name.front() == '.' || name.back() == '.' ||
      name.find("..") != std::string::npos)
    fail(loc, "not supported yet: importlib.import_module of '" + name +
                  "' (a relative or empty name)");
  ModuleScope *file = importFile(name, 0, loc);
  if (!file)
    fail(loc, "no module named '" + name +
                  "': importlib.import_module loads kernel files found as "
                  "`import` finds them (the source's folder, then -I)");
  return moduleValue(*file, name);
}

ModuleScope *Interpreter::findModule(uint32_t fileId) {
  auto it = modules.find(fileId);
  return it == modules.end() ? nullptr : it->second.get();
}

Value Interpreter::moduleValue(const ModuleScope &scope,
                               const std::string &name) {
  return Value(NamespaceValue{name, true, scope.fileId});
}

ModuleScope &Interpreter::bindModule(const Module &module,
                                     SourceLoc importLoc) {
  // A module still being bound (an import cycle, or a package's
  // __init__.py importing its own modules) is returned as far as it is
  // bound, as Python returns a partly initialized module; a name it does
  // not have yet is an error at the from-import (bindImportFrom).
  if (ModuleScope *scope = findModule(module.fileId))
    return *scope;
  if (loadingModules.size() >= kMaxImportDepth)
    fail(importLoc, "imports nest more than " +
                        std::to_string(kMaxImportDepth) +
                        " files deep (a file importing one that imports "
                        "another ...)");
  auto owned = std::make_unique<ModuleScope>();
  ModuleScope &scope = *owned;
  scope.fileId = module.fileId;
  modules[module.fileId] = std::move(owned);
  scope.loading = true;
  loadingModules.emplace_back(&scope, importLoc);
  inModule(&scope, [&] {
    for (const StmtPtr &stmt : module.body)
      bindModuleStatement(*stmt);
  });
  loadingModules.pop_back();
  scope.loading = false;
  return scope;
}

std::string Interpreter::describeImportCycle(const ModuleScope &scope) {
  // From the module first imported to the one importing it again.
  std::string chain;
  bool inCycle = false;
  for (auto &[loading, loc] : loadingModules) {
    inCycle |= loading == &scope;
    if (inCycle)
      chain += sourceManager.getFile(loading->fileId)->getName() + " imports ";
  }
  return chain + sourceManager.getFile(scope.fileId)->getName();
}

ModuleScope *Interpreter::importFile(const std::string &name, unsigned level,
                                     SourceLoc loc) {
  if (!moduleLoader)
    return nullptr;
  bool failed = false;
  // An absolute name's packages first, each bound in the one above it, as
  // Python's import system does.
  ModuleScope *parent = nullptr;
  size_t dot = level ? std::string::npos : name.find('.');
  for (;;) {
    std::string prefix = name.substr(0, dot);
    const Module *module = moduleLoader->load(prefix, level, loc, failed);
    if (failed)
      throw CompileError();
    if (!module) {
      // `import torch` and the like: host modules, not the kernel's files.
      if (!parent)
        return nullptr;
      fail(loc, "no module named '" + prefix + "' (the package '" +
                    name.substr(0, name.rfind('.', dot - 1)) +
                    "' has no such file)");
    }
    ModuleScope &scope = bindModule(*module, loc);
    if (parent) {
      std::string child = prefix.substr(prefix.rfind('.') + 1);
      GlobalBinding &binding = parent->globals[child];
      if (!binding.value && !binding.pendingExpr) {
        binding.loc = loc;
        binding.owner = parent;
        binding.value = moduleValue(scope, prefix);
      }
    }
    if (dot == std::string::npos)
      return &scope;
    parent = &scope;
    dot = name.find('.', dot + 1);
  }
}

void Interpreter::bindImport(const std::string &bound, const std::string &path,
                             SourceLoc loc) {
  GlobalBinding binding;
  binding.loc = loc;
  binding.owner = currentModule;
  // Modules gluonc does not provide (torch, host helpers) stay bound, so
  // that a kernel using them gets a clear diagnostic.
  binding.value = resolveImportPath(path).value_or(
      Value(NamespaceValue{path, false}));
  currentModule->globals[bound] = binding;
}

void Interpreter::bindImportStatement(const ImportStmt &import) {
  for (const Alias &alias : import.names) {
    std::string top = alias.name.substr(0, alias.name.find('.'));
    ModuleScope *file = isBuiltinNamespace(alias.name)
                            ? nullptr
                            : importFile(alias.name, 0, alias.loc);
    if (!file) {
      if (!alias.asName.empty())
        bindImport(alias.asName, alias.name, alias.loc);
      else
        bindImport(top, top, alias.loc);
      continue;
    }
    // `import a.b` binds `a`; `import a.b as m` binds the module a.b.
    GlobalBinding binding;
    binding.loc = alias.loc;
    binding.owner = currentModule;
    if (!alias.asName.empty()) {
      binding.value = moduleValue(*file, alias.name);
      currentModule->globals[alias.asName] = binding;
    } else {
      bool failed = false;
      const Module *package = moduleLoader->load(top, 0, alias.loc, failed);
      binding.value = moduleValue(*findModule(package->fileId), top);
      currentModule->globals[top] = binding;
    }
  }
}

void Interpreter::bindImportFrom(const ImportFromStmt &from) {
  std::string path = std::string(from.level, '.') + from.module;
  ModuleScope *file = nullptr;
  if (from.level || !isBuiltinNamespace(from.module))
    file = importFile(from.module, from.level, from.loc);
  if (!file) {
    if (from.level)
      fail(from.loc, "no module named '" + path + "'");
    for (const Alias &alias : from.names)
      bindImport(alias.asName.empty() ? alias.name : alias.asName,
                 path + "." + alias.name, alias.loc);
    return;
  }
  for (const Alias &alias : from.names) {
    if (alias.name == "*")
      fail(alias.loc, "not supported yet: 'from " + path +
                          " import *'; import the names the kernel uses");
    GlobalBinding binding;
    binding.loc = alias.loc;
    binding.owner = currentModule;
    auto name = file->globals.find(alias.name);
    if (name != file->globals.end()) {
      // The other module's binding itself, evaluated there on first use.
      binding.target = &name->second;
    } else {
      // `from pkg import mod`: a module of the package.
      std::string submodule =
          from.module.empty() ? alias.name : from.module + "." + alias.name;
      bool failed = false;
      if (!moduleLoader->load(submodule, from.level, alias.loc, failed)) {
        if (failed)
          throw CompileError();
        if (file->loading)
          fail(alias.loc, "cannot import '" + alias.name + "' from '" + path +
                              "', which is still being loaded: import "
                              "cycle: " +
                              describeImportCycle(*file));
        fail(alias.loc, "module '" + path + "' (" +
                            sourceManager.getFile(file->fileId)->getName() +
                            ") has no name '" + alias.name + "'");
      }
      ModuleScope *child = importFile(submodule, from.level, alias.loc);
      binding.value = moduleValue(*child, submodule);
    }
    currentModule->globals[alias.asName.empty() ? alias.name : alias.asName] =
        binding;
  }
}

Value Interpreter::getModuleAttribute(const NamespaceValue &ns,
                                      const std::string &name, SourceLoc loc) {
  ModuleScope *scope = findModule(ns.moduleFile);
  auto it = scope->globals.find(name);
  if (it == scope->globals.end())
    fail(loc, "module '" + ns.path + "' (" +
                  sourceManager.getFile(scope->fileId)->getName() +
                  ") has no name '" + name + "'");
  return evaluateGlobal(name, it->second, loc);
}

std::optional<Value> Interpreter::resolveQuietly(const Expr &expr) {
  if (auto *name = gluonc::dyn_cast<NameExpr>(&expr)) {
    auto local = frame().find(name->id);
    if (local != frame().end())
      return local->second;
    if (GlobalBinding *global = findGlobal(name->id))
      return resolveAlias(*global).value;
    if (const Builtin *builtin = builtins.find("builtins." + name->id))
      return Value(BuiltinValue{builtin, nullptr});
    return std::nullopt;
  }
  if (auto *attribute = gluonc::dyn_cast<AttributeExpr>(&expr)) {
    std::optional<Value> object = resolveQuietly(*attribute->value);
    auto *ns = object ? object->getIf<NamespaceValue>() : nullptr;
    if (!ns || !ns->isKnown)
      return std::nullopt;
    if (ns->moduleFile) {
      ModuleScope *scope = findModule(ns->moduleFile);
      auto global = scope->globals.find(attribute->attr);
      if (global == scope->globals.end())
        return std::nullopt;
      return resolveAlias(global->second).value;
    }
    return builtins.lookupMember(ns->path, attribute->attr);
  }
  return std::nullopt;
}

/// The kind gluonc's decorators give (also when called, as in
/// `@gluon.jit(do_not_specialize=...)`); Host for others: host code may use
/// decorators gluonc knows nothing of.
FunctionKind Interpreter::getDecoratorKind(const Expr &decorator) {
  const Expr *expr = &decorator;
  if (auto *call = gluonc::dyn_cast<CallExpr>(expr))
    expr = call->func.get();
  std::optional<Value> value = resolveQuietly(*expr);
  if (value && isBuiltin(*value, "gluon.jit"))
    return FunctionKind::Jit;
  if (value && isBuiltin(*value, "gluon.constexpr_function"))
    return FunctionKind::ConstexprFunction;
  return FunctionKind::Host;
}

FunctionKind Interpreter::getFunctionKind(const FunctionDefStmt &def) {
  FunctionKind kind = FunctionKind::Host;
  for (const ExprPtr &decorator : def.decorators) {
    FunctionKind found = getDecoratorKind(*decorator);
    if (found != FunctionKind::Host)
      kind = found;
  }
  return kind;
}

void Interpreter::loadModule(const Module &module) {
  mainModule = &bindModule(module, SourceLoc{});
  currentModule = mainModule;
}

void Interpreter::bindModuleStatement(const Stmt &stmt) {
  auto bindName = [&](const std::string &name, GlobalBinding binding) {
    binding.owner = currentModule;
    currentModule->globals[name] = std::move(binding);
  };
  if (auto *import = gluonc::dyn_cast<ImportStmt>(&stmt)) {
    bindImportStatement(*import);
  } else if (auto *from = gluonc::dyn_cast<ImportFromStmt>(&stmt)) {
    bindImportFrom(*from);
  } else if (auto *def = gluonc::dyn_cast<FunctionDefStmt>(&stmt)) {
    GlobalBinding binding;
    binding.loc = def->loc;
    binding.value =
        Value(FunctionValue{def, getFunctionKind(*def), {}, currentModule});
    bindName(def->name, binding);
  } else if (auto *def = gluonc::dyn_cast<ClassDefStmt>(&stmt)) {
    GlobalBinding binding;
    binding.loc = def->loc;
    binding.value = defineClass(*def);
    bindName(def->name, binding);
  } else if (auto *assign = gluonc::dyn_cast<AssignStmt>(&stmt)) {
    // `X = Y = value` binds each name to the value; each evaluates it on
    // first use (module-level values are compile-time constants, so that
    // reads the same as Python's one evaluation).
    for (const ExprPtr &target : assign->targets)
      if (auto *name = gluonc::dyn_cast<NameExpr>(target.get())) {
        GlobalBinding binding;
        binding.loc = name->loc;
        binding.pendingExpr = assign->value.get();
        bindName(name->id, binding);
      }
  } else if (auto *ann = gluonc::dyn_cast<AnnAssignStmt>(&stmt)) {
    auto *name = gluonc::dyn_cast<NameExpr>(ann->target.get());
    if (name && ann->value) {
      GlobalBinding binding;
      binding.loc = name->loc;
      binding.pendingExpr = ann->value.get();
      bindName(name->id, binding);
    }
  }
  // Anything else at module level is host code (`if __name__ == ...`),
  // which a kernel cannot see.
}

Value Interpreter::evaluateGlobal(const std::string &name,
                                  GlobalBinding &binding, SourceLoc useLoc) {
  if (binding.target)
    return evaluateGlobal(name, *binding.target, useLoc);
  if (binding.value)
    return *binding.value;
  if (!binding.unavailable.empty())
    failWithNote(useLoc, "'" + name + "' " + binding.unavailable, binding.loc,
                 "'" + name + "' is declared here");
  // X2 = X1 + 1 where X1 = X0 + 1 ...: each is evaluated inside the next.
  if (globalDepth >= kMaxGlobalDepth)
    fail(useLoc, "module-level names depend on each other more than " +
                     std::to_string(kMaxGlobalDepth) +
                     " deep (a name whose value uses a name whose value "
                     "uses ...)");
  ++globalDepth;
  struct Leave {
    unsigned &depth;
    ~Leave() { --depth; }
  } leave{globalDepth};
  if (binding.evaluating)
    failWithNote(useLoc, "module-level name '" + name +
                             "' depends on its own value",
                 binding.loc, "'" + name + "' is assigned here");
  binding.evaluating = true;
  ScopedSet<bool> hostCode(inHostCode, true);
  frames.emplace_back();
  // A module-level list belongs to no run-time region of the kernel.
  uint64_t savedRegion = currentRegion;
  currentRegion = 0;
  try {
    Value value =
        inModule(binding.owner, [&] { return evaluate(*binding.pendingExpr); });
    if (value.isRuntime())
      fail(*binding.pendingExpr, "a module-level value must be known at "
                                 "compile time");
    binding.value = value;
  } catch (CompileError &) {
    frames.pop_back();
    binding.evaluating = false;
    diags.note(useLoc, "'" + name + "' is used here");
    throw;
  }
  frames.pop_back();
  currentRegion = savedRegion;
  binding.evaluating = false;
  return *binding.value;
}

std::vector<std::pair<std::string, FunctionValue>>
Interpreter::getModuleFunctions() {
  std::vector<std::pair<std::string, FunctionValue>> functions;
  for (auto &[name, alias] : mainModule->globals)
    if (const GlobalBinding &binding = resolveAlias(alias);
        binding.value && binding.value->is<FunctionValue>())
      functions.emplace_back(name, binding.value->get<FunctionValue>());
  return functions;
}

ModuleScope &Interpreter::bindClosure(const FunctionDefStmt &def,
                                      ModuleScope &outer) {
  std::unique_ptr<ModuleScope> &slot = closures[&def];
  if (slot)
    return *slot;
  slot = std::make_unique<ModuleScope>();
  ModuleScope &scope = *slot;
  scope.fileId = def.loc.fileId;
  scope.function = &def;
  scope.enclosing = &outer;
  // Parameters first, as the body may rebind them. A default is evaluated
  // where the function is defined; without one, the value would come from
  // a call gluonc does not make (pytest's parameters).
  auto bindParam = [&](const Param &param) {
    GlobalBinding binding;
    binding.loc = param.loc;
    binding.owner = &outer;
    binding.pendingExpr = param.defaultValue.get();
    if (!param.defaultValue)
      binding.unavailable =
          "is a parameter of '" + def.name +
          "', which gluonc does not call: only the straight-line "
          "assignments of an enclosing function are read";
    scope.globals[param.name] = std::move(binding);
  };
  for (const auto *params : {&def.params.posOnlyParams, &def.params.params,
                             &def.params.kwOnlyParams})
    for (const Param &param : *params)
      bindParam(param);
  for (const std::optional<Param> *param :
       {&def.params.varArg, &def.params.kwArg})
    if (*param)
      bindParam(**param);
  inModule(&scope, [&] {
    for (const StmtPtr &stmt : def.body)
      bindModuleStatement(*stmt);
  });
  return scope;
}

std::optional<FunctionValue>
Interpreter::findNestedFunction(const std::string &path, std::string &why) {
  ModuleScope *scope = mainModule;
  std::optional<FunctionValue> found;
  std::string reached;
  for (size_t start = 0; start <= path.size();) {
    size_t dot = std::min(path.find('.', start), path.size());
    std::string name = path.substr(start, dot - start);
    if (found)
      scope = &bindClosure(*found->def, *scope);
    auto binding = scope->globals.find(name);
    const GlobalBinding *resolved = binding == scope->globals.end()
                                        ? nullptr
                                        : &resolveAlias(binding->second);
    if (!resolved || !resolved->value ||
        !resolved->value->is<FunctionValue>()) {
      why = reached.empty()
                ? "the file has no function '" + name + "'"
                : "'" + reached + "' defines no function '" + name + "'";
      return std::nullopt;
    }
    found = resolved->value->get<FunctionValue>();
    reached += (reached.empty() ? "" : ".") + name;
    start = dot + 1;
  }
  return found;
}

std::vector<std::string>
Interpreter::findEnclosingPaths(const std::string &name) {
  std::vector<std::string> paths;
  std::function<void(const StmtList &, const std::string &)> search =
      [&](const StmtList &body, const std::string &prefix) {
        for (const StmtPtr &stmt : body)
          if (auto *def = gluonc::dyn_cast<FunctionDefStmt>(stmt.get())) {
            if (!prefix.empty() && def->name == name)
              paths.push_back(prefix + "." + name);
            search(def->body,
                   prefix.empty() ? def->name : prefix + "." + def->name);
          }
      };
  for (auto &[bound, alias] : mainModule->globals)
    if (const GlobalBinding &binding = resolveAlias(alias);
        binding.owner == mainModule && binding.value &&
        binding.value->is<FunctionValue>() &&
        binding.value->get<FunctionValue>().def)
      search(binding.value->get<FunctionValue>().def->body, bound);
  return paths;
}

//===----------------------------------------------------------------------===//
// Run-time control flow: without IR generation there is none
//===----------------------------------------------------------------------===//

Flow Interpreter::executeRuntimeIf(const IfStmt &stmt, const Value &) {
  fail(*stmt.test, "a run-time condition needs IR generation");
}

Flow Interpreter::executeWith(const WithStmt &stmt) {
  fail(stmt, "not supported yet: 'with' statements");
}

Flow Interpreter::executeRuntimeFor(const ForStmt &stmt, CallArgs &rangeArgs) {
  Value range = call(Value(BuiltinValue{&builtins.get("builtins.range"), {}}),
                     rangeArgs, rangeArgs.callLoc);
  return executeUnrolledFor(stmt, range);
}

bool Interpreter::executeRuntimeWhile(const WhileStmt &) { return false; }
