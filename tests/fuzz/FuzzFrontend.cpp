//===- FuzzFrontend.cpp - libFuzzer target: lex, parse, evaluate ----------===//
//
// Treats arbitrary bytes as a kernel file and runs what gluonc runs before
// IR generation: the lexer and parser (frontend/syntax), then the
// compile-time interpreter (frontend/eval) the way gluonc drives it, without
// MLIR:
//   1. a fresh interpreter loads the module and evaluates its module-level
//      names in order, as their first uses would (gluonc stops at the first
//      error, so does this);
//   2. another loads it again and calls its first @gluon.jit function (else
//      its first @gluon.constexpr_function), every parameter without a
//      default bound to 16, as a constexpr would be.
// Then every diagnostic is rendered, as the driver prints them. A crash, a
// sanitizer report or a hang is a bug; a diagnostic is the expected outcome
// of most inputs.
//
// The builtin table is Python's builtins plus the compile-time part of
// Gluon's language that needs no IR (decorators, gl.constexpr, static_assert,
// static_range, static_print, cdiv), written here as stand-ins because the
// real ones live with the IR generator (frontend/builtins). Everything else
// under `gl.` is reported as unsupported, which is a diagnostic too.
// Evaluation gets kFuzzSteps steps instead of kMaxEvaluationSteps, so that
// one input costs milliseconds, not seconds; the other limits are gluonc's.
//
//===----------------------------------------------------------------------===//

#include "eval/Interpreter.h"

#include "gluonc/Frontend/Parser.h"

#include <memory>
#include <sstream>
#include <string>
#include <vector>

using namespace gluonc;
using namespace gluonc::frontend;

namespace {

/// Steps per interpreter: enough for every sample's compile-time code (the
/// largest needs a few hundred), small enough that the slowest input takes
/// milliseconds.
constexpr uint64_t kFuzzSteps = 20000;
/// Module-level names evaluated per input.
constexpr size_t kMaxGlobals = 32;

Value decorator(Interpreter &, const BoundArgs &args) {
  return Value(BuiltinValue{&args.getBuiltin(), nullptr});
}

const BuiltinTable &getTable() {
  static const std::unique_ptr<BuiltinTable> table = [] {
    auto table = std::make_unique<BuiltinTable>();
    registerPythonBuiltins(*table);
    table->addFunction({"gluon.jit", "triton.jit"}, "*args, **kwargs",
                       decorator);
    table->addFunction({"gluon.constexpr_function"}, "*args, **kwargs",
                       decorator);
    table->addClass(
        {"gl.constexpr"}, "value",
        [](Interpreter &, const BoundArgs &args) { return args.get("value"); },
        [](const Value &value) {
          return value.isNone() || isNumeric(value) || value.is<std::string>();
        });
    table->addFunction({"gl.static_assert"}, "cond, msg=None",
                       [](Interpreter &gen, const BoundArgs &args) {
                         if (!gen.isTruthy(args.get("cond"), args.loc("cond")))
                           gen.fail(args.callLoc(), "static assertion failed");
                         return Value();
                       });
    table->addFunction({"gl.static_range"}, "*bounds, **kwargs", makeRange);
    table->addFunction({"gl.static_print"},
                       "*values, sep=' ', end=None, flush=None",
                       [](Interpreter &gen, const BoundArgs &args) {
                         for (size_t i = 0; i < args.rest().size(); ++i)
                           gen.toStr(args.rest()[i], args.restLocs()[i]);
                         return Value();
                       });
    table->addFunction(
        {"gl.cdiv", "triton.cdiv"}, "x, div",
        [](Interpreter &gen, const BoundArgs &args) {
          int64_t x = gen.requireInt(args.get("x"), args.loc("x"), "x");
          int64_t div = gen.requireInt(args.get("div"), args.loc("div"), "div");
          if (div <= 0)
            gen.fail(args.loc("div"), "cdiv by " + std::to_string(div));
          return Value(x / div + (x % div > 0));
        });
    return table;
  }();
  return *table;
}

/// The names module-level assignments bind, in order.
std::vector<std::string> globalNames(const Module &module) {
  std::vector<std::string> names;
  auto add = [&](const Expr *target) {
    if (auto *name = gluonc::dyn_cast<NameExpr>(target))
      if (names.size() < kMaxGlobals)
        names.push_back(name->id);
  };
  for (const StmtPtr &stmt : module.body) {
    if (auto *assign = gluonc::dyn_cast<AssignStmt>(stmt.get()))
      for (const ExprPtr &target : assign->targets)
        add(target.get());
    else if (auto *annotated = gluonc::dyn_cast<AnnAssignStmt>(stmt.get()))
      if (annotated->value)
        add(annotated->target.get());
  }
  return names;
}

/// Runs `body` on a fresh interpreter that has loaded `module`, as one
/// gluonc run would: the first error ends it.
template <typename Body>
void withInterpreter(SourceManager &sm, DiagnosticEngine &diags,
                     const Module &module, Body &&body) {
  Interpreter interpreter(sm, diags, getTable());
  interpreter.setMaxEvaluationSteps(kFuzzSteps);
  try {
    interpreter.loadModule(module);
    body(interpreter);
  } catch (CompileError &) {
  }
}

void evaluateGlobals(Interpreter &interpreter, const Module &module) {
  for (const std::string &name : globalNames(module))
    interpreter.evaluateSource("<global " + name + ">", name);
}

void callKernel(Interpreter &interpreter) {
  std::optional<FunctionValue> chosen;
  for (auto &[name, function] : interpreter.getModuleFunctions())
    if (function.kind == FunctionKind::Jit ||
        (!chosen && function.kind == FunctionKind::ConstexprFunction))
      if (!chosen || chosen->kind != FunctionKind::Jit)
        chosen = function;
  if (!chosen)
    return;
  CallArgs args;
  args.callLoc = chosen->def->loc;
  for (const Param &param : chosen->def->params.params) {
    if (param.defaultValue)
      break;
    args.positional.push_back(Value(int64_t(16)));
    args.positionalLocs.push_back(param.loc);
  }
  interpreter.call(Value(*chosen), args, args.callLoc);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  SourceManager sm;
  DiagnosticEngine diags(sm);
  uint32_t fileId = sm.addBuffer(
      "fuzz.py", std::string(reinterpret_cast<const char *>(data), size));
  if (std::unique_ptr<Module> module = parseModule(sm, fileId, diags)) {
    withInterpreter(sm, diags, *module, [&](Interpreter &interpreter) {
      evaluateGlobals(interpreter, *module);
    });
    withInterpreter(sm, diags, *module, callKernel);
  }
  std::ostringstream rendered;
  diags.renderAll(rendered);
  return 0;
}
