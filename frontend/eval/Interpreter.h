//===- Interpreter.h - The compile-time evaluator of Python ------*- C++
//-*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The Interpreter runs kernel code as Python: it walks statements and
// expressions once, binds names in frames, calls @gluon.jit helpers inline
// and @gluon.constexpr_functions as plain Python, and computes with
// compile-time values (arbitrary-precision ints, strings, containers).
// Builtins come from a BuiltinTable. Where a value is known only at run time
// (Object::isRuntime), it hands the construct to a hook: operators on
// tensors, indexing them, and `if`/`for`/`while` on run-time conditions. The
// IR generator (irgen/IRGen.h) implements the hooks by emitting IR; the
// defaults here refuse, so that the interpreter alone evaluates plain Python.
//
// Evaluation is bounded (steps, container elements, string and integer
// sizes, nesting) so that untrusted input ends in a diagnostic, never a hang
// or an exhausted memory. Errors are reported to the DiagnosticEngine and
// then unwind the walk with a CompileError.
//
// Statements.cpp: statements, names, calls, module scope.
// Aggregates.cpp: @aggregate classes, their instances and methods.
// Expressions.cpp: expressions and operators on compile-time values.
// Objects.cpp: equality, ordering, hashing, containers, indexing.
// Strings.cpp: str(), repr(), formatting, f-strings, str methods.
// PythonBuiltins.cpp: Python's builtin functions and container methods.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_FRONTEND_EVAL_INTERPRETER_H
#define GLUONC_FRONTEND_EVAL_INTERPRETER_H

#include "Builtins.h"
#include "Value.h"

#include "gluonc/Frontend/AST.h"
#include "gluonc/Frontend/Diagnostics.h"
#include "gluonc/Frontend/ModuleLoader.h"

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace gluonc::frontend {

/// Thrown after an error has been reported, to abandon the kernel.
struct CompileError {};

/// Bounds that turn runaway compile-time evaluation (deep or exponential
/// inlining, huge values) into diagnostics instead of a hang or a crash.
constexpr unsigned kMaxCallDepth = 64;
constexpr uint64_t kMaxEvaluationSteps = 5'000'000;
constexpr size_t kMaxCompileTimeStringBytes = 1 << 20;
/// Elements of all the tuples, lists, dicts and sets a kernel creates at
/// compile time, live or not: bounds the memory that evaluation takes.
constexpr uint64_t kMaxCompileTimeElements = 1 << 20;
/// Bits of a compile-time integer (Python's ints are unbounded).
constexpr uint64_t kMaxCompileTimeIntBits = 8192;
/// How deep comparing or hashing may descend into nested containers.
constexpr unsigned kMaxCompileTimeNesting = 200;
/// Work on strings and large integers counts one evaluation step per this
/// many bytes.
constexpr uint64_t kBytesPerStep = 64;
/// Bytes of the strings and container elements a kernel creates at compile
/// time, live or not (so also a bound on those live at once).
constexpr uint64_t kMaxCompileTimeBytes = uint64_t(256) << 20;
/// Text gl.static_print may write in one compile.
constexpr uint64_t kMaxStaticPrintBytes = uint64_t(1) << 20;

/// Files whose imports are being bound at once (a imports b imports
/// c ...): bounds the recursion of a long chain of imports.
constexpr size_t kMaxImportDepth = 64;

/// Module-level names evaluated inside one another (X2 = X1 + 1, X1 =
/// X0 + 1, ...): bounds that recursion.
constexpr unsigned kMaxGlobalDepth = 256;

struct ModuleScope;
/// A module-level name: imports and functions are bound at once,
/// assignments are evaluated on first use, in their module.
struct GlobalBinding {
  std::optional<Value> value;
  const Expr *pendingExpr = nullptr;
  SourceLoc loc;
  bool evaluating = false;
  ModuleScope *owner = nullptr;
  /// `from m import name`: m's binding of `name`, which this one shares
  /// (std::map nodes do not move).
  GlobalBinding *target = nullptr;
  /// Why the name has no value a kernel can use (a parameter of an
  /// enclosing function that is never called): the error at a use.
  std::string unavailable;
};
/// One file's module-level names (Python's module globals), or a
/// function's names seen by the functions and classes defined in it (a
/// closure). A function runs in the scope it is defined in.
struct ModuleScope {
  uint32_t fileId = 0;
  std::map<std::string, GlobalBinding> globals;
  /// Its names are being bound: an import of it now is a cycle.
  bool loading = false;
  /// For a closure's scope: the function whose names it holds, and the
  /// scope around it, searched next.
  const FunctionDefStmt *function = nullptr;
  ModuleScope *enclosing = nullptr;
};

/// What a statement did to control flow.
enum class Flow { Normal, Return, Break, Continue };

class Interpreter {
public:
  /// The concrete class, for isa/dyn_cast (LLVM-style RTTI): a builtin
  /// that emits IR checks that it runs in the IR generator.
  enum class Kind { Plain, IRGen };

  Interpreter(SourceManager &sourceManager, DiagnosticEngine &diags,
              const BuiltinTable &builtins)
      : Interpreter(Kind::Plain, sourceManager, diags, builtins) {}
  virtual ~Interpreter();

  Kind getKind() const { return kind; }

  /// The names bound in a function (or the module).
  using Frame = std::map<std::string, Value>;

  //===--------------------------------------------------------------------===//
  // Diagnostics and bounds
  //===--------------------------------------------------------------------===//

  [[noreturn]] void fail(SourceLoc loc, const std::string &message);
  [[noreturn]] void fail(const Node &node, const std::string &message);
  /// An error followed by a note at `noteLoc`.
  [[noreturn]] void failWithNote(SourceLoc loc, const std::string &message,
                                 SourceLoc noteLoc, const std::string &note);
  /// Counts one evaluation step; fails at `loc` past the budget.
  void countStep(SourceLoc loc);
  /// The step budget: kMaxEvaluationSteps unless lowered (the fuzz target
  /// of tests/fuzz runs each input with a small one).
  void setMaxEvaluationSteps(uint64_t steps) { maxEvaluationSteps = steps; }
  /// Counts the steps of work proportional to the size of values.
  void countSteps(SourceLoc loc, uint64_t steps);
  /// Counts `count` container elements against kMaxCompileTimeElements.
  void chargeElements(uint64_t count, SourceLoc loc);
  /// Counts `bytes` of new compile-time values against
  /// kMaxCompileTimeBytes.
  void chargeMemory(uint64_t bytes, SourceLoc loc);
  /// Counts the steps of searching `haystack` bytes for a `needle`-byte
  /// string: the worst case of a plain search, haystack x needle.
  void countSearch(SourceLoc loc, uint64_t haystack, uint64_t needle);
  /// Counts `bytes` of gl.static_print output against
  /// kMaxStaticPrintBytes.
  void chargeOutput(uint64_t bytes, SourceLoc loc);
  /// Whether compile-time output (gl.static_print) is held back: inside the
  /// trial run of a run-time loop's body, which must not print twice.
  bool isQuiet() const { return quietDepth > 0; }

  //===--------------------------------------------------------------------===//
  // Module scope (Statements.cpp)
  //===--------------------------------------------------------------------===//

  /// Binds the module's imports and functions, and its assignments for
  /// evaluation on first use: the main module, whose names the kernel and
  /// -D values see. Imports of other files go through `loader` when set.
  void loadModule(const Module &module);
  void setModuleLoader(ModuleLoader *loader) { moduleLoader = loader; }
  /// The functions of the main module, by name.
  std::vector<std::pair<std::string, FunctionValue>> getModuleFunctions();
  /// `importlib.import_module(name)`: the kernel file `name` (dotted,
  /// absolute) as `import name` finds it, its names bound; an error at
  /// `loc` when no file provides it.
  Value importModule(const std::string &name, SourceLoc loc);
  /// The function `path` names inside functions of the main module
  /// ("test_fn.kernel", as upstream tests define kernels), with the
  /// enclosing functions' names bound for it (see bindClosure). Null, with
  /// `why` set, when there is none.
  std::optional<FunctionValue> findNestedFunction(const std::string &path,
                                                  std::string &why);
  /// The functions of the main module holding a function named `name`
  /// (found by reading their bodies, nothing evaluated), dotted.
  std::vector<std::string> findEnclosingPaths(const std::string &name);
  /// Parses and evaluates the expression `text` (a `-D` value, a signature
  /// entry) in the module scope, as a buffer named `bufferName`; it must be
  /// known at compile time.
  Value evaluateSource(const std::string &bufferName,
                       const std::string &text);
  /// As evaluateSource, with `names` bound in a scope inside the module's.
  Value evaluateSourceWith(const std::string &bufferName,
                           const std::string &text,
                           std::map<std::string, Value> names);
  /// Evaluates `expr` in `scope` (where a function or class was defined:
  /// a parameter's default, a class attribute), or when null in the module
  /// scope of its file.
  Value evaluateInModuleScope(const Expr &expr, ModuleScope *scope = nullptr);

  //===--------------------------------------------------------------------===//
  // Statements and names (Statements.cpp)
  //===--------------------------------------------------------------------===//

  Flow execute(const StmtList &body);
  Flow execute(const Stmt &stmt);
  /// Looks a name up in the current function, the module, then Python's
  /// builtins.
  Value lookup(const std::string &name, SourceRange range);
  void assign(const Expr &target, const Value &value);
  void bind(const std::string &name, Value value);
  /// Whether an annotation means "compile-time constant" (gl.constexpr).
  bool isConstexprAnnotation(const Expr *annotation);
  /// Resolves a name or attribute chain through bound names and known
  /// namespaces without evaluating anything or reporting errors.
  std::optional<Value> resolveQuietly(const Expr &expr);

  /// Calls `callee` with evaluated arguments.
  Value call(const Value &callee, CallArgs &args, SourceLoc loc);
  Value callFunction(const FunctionValue &function, CallArgs &args,
                     SourceLoc loc);
  /// Matches a call's arguments with the parameters of `function`
  /// (defaults evaluated where it was defined); `name` is the callee in
  /// errors, which leave out the first `implicit` arguments (a method's
  /// `self`).
  Frame bindArguments(const FunctionValue &function, const CallArgs &args,
                      SourceLoc loc, const std::string &name, size_t implicit);
  /// Fails when calling `def` from `loc` would recurse or nest too deeply.
  void checkCallDepth(const FunctionDefStmt &def, SourceLoc loc);
  /// Calls `callee` on one argument (a sort key, a combine function).
  Value callWith(const Value &callee, std::vector<Value> arguments,
                 SourceLoc loc);

  //===--------------------------------------------------------------------===//
  // Aggregates (Aggregates.cpp)
  //===--------------------------------------------------------------------===//

  /// The class `def` of the module: its fields, methods and attributes.
  Value defineClass(const ClassDefStmt &def);
  void findPlainFields(AggregateClass &cls);
  /// `Cls(args)`: a new instance, made by the class's __init__ or, without
  /// one, from the arguments field by field.
  Value construct(const ClassValue &cls, CallArgs &args, SourceLoc loc);
  /// `instance.name`: a field, a method bound to the instance, or a class
  /// attribute.
  Value getAggregateAttribute(const Value &instance, const std::string &name,
                              SourceLoc loc);
  /// `Cls.name`: a method (unbound), a class attribute or a field's default.
  Value getClassAttribute(const ClassValue &cls, const std::string &name,
                          SourceLoc loc);
  /// `instance.name = value`: only in the instance's constructor.
  void setField(const Value &instance, const std::string &name,
                const Value &value, SourceLoc loc);

  /// A value inside the names that differs between two states of a frame
  /// (the branches of an `if`, the iterations of a loop): tuples and
  /// aggregates of one shape are compared element by element, field by
  /// field, so that only the values that differ are merged.
  struct DifferingLeaf {
    LeafPath path;
    /// How the source names it: "mma.acc", "pair[1]".
    std::string label;
    /// A gl.constexpr field: its value must stay the same.
    bool isConstexpr = false;
  };
  /// Whether two values are the same, for merging the names of run-time
  /// branches and loop iterations: run-time values by identity, others by
  /// equality of one type (1 and 1.0 become different constants).
  bool isSameValue(const Value &a, const Value &b, SourceLoc loc);
  /// Appends to `out` where `a` and `b` differ; `label` names both.
  void findDifferingLeaves(const Value &a, const Value &b, SourceLoc loc,
                           const std::string &label,
                           std::vector<DifferingLeaf> &out);

  //===--------------------------------------------------------------------===//
  // Expressions and operators (Expressions.cpp)
  //===--------------------------------------------------------------------===//

  Value evaluate(const Expr &expr);
  /// `object.name`: a namespace member, a method or property of the table,
  /// or an error.
  Value getAttribute(const Value &object, const std::string &name,
                     SourceLoc loc);
  /// Reports the use of a module gluonc does not provide.
  [[noreturn]] void failUnavailableModule(const NamespaceValue &ns,
                                          SourceLoc loc);
  /// Whether `value` is the builtin named `name` ("gluon.jit").
  bool isBuiltin(const Value &value, std::string_view name) const;
  const BuiltinTable &getBuiltins() const { return builtins; }

  /// Python's operators; an operand known only at run time hands the
  /// operation to the run-time hooks.
  Value binaryOp(BinaryOp op, const Value &lhs, const Value &rhs,
                 SourceLoc opLoc, SourceLoc lhsLoc, SourceLoc rhsLoc);
  Value compareOp(CompareOp op, const Value &lhs, const Value &rhs,
                  SourceLoc opLoc, SourceLoc lhsLoc, SourceLoc rhsLoc);
  Value unaryOp(UnaryOp op, const Value &operand, SourceLoc loc);
  bool isTruthy(const Value &value, SourceLoc loc);
  int64_t requireInt(const Value &value, SourceLoc loc,
                     const std::string &what);
  /// A compile-time str; fails with `what` otherwise.
  const std::string &requireString(const Value &value, SourceLoc loc,
                                   const std::string &what);

  //===--------------------------------------------------------------------===//
  // Compile-time values (Objects.cpp)
  //===--------------------------------------------------------------------===//

  /// Values made by evaluation: checked against the limits and counted.
  Value makeString(std::string text, SourceLoc loc);
  Value makeInt(const BigInt &value, SourceLoc loc);
  Value makeTuple(std::vector<Value> elements, SourceLoc loc);
  Value makeList(std::vector<Value> elements, SourceLoc loc);
  Value makeDict(bool isSet, SourceLoc loc);
  /// Python's `==`.
  bool valuesEqual(const Value &lhs, const Value &rhs, SourceLoc loc);
  /// The order of two values for `<` (<0, 0, >0); nullopt when they are
  /// unordered (NaN); fails for values without an order.
  std::optional<int> compareValues(const Value &lhs, const Value &rhs,
                                   SourceLoc loc, const std::string &spelling);
  /// Python's `is`.
  bool isIdentical(const Value &lhs, const Value &rhs, SourceLoc loc);
  /// A text that equal keys share and unequal keys do not; fails on
  /// unhashable values.
  std::string getHashKey(const Value &key, SourceLoc loc);
  const Value *dictLookup(const Value &dict, const Value &key, SourceLoc loc);
  void dictInsert(const Value &dict, const Value &key, const Value &value,
                  SourceLoc loc);
  /// The elements of a compile-time iterable (tuple, list, str, dict, set,
  /// range), in order; `what` names the iterable in errors.
  std::vector<Value> iterate(const Value &iterable, SourceLoc loc,
                             const std::string &what);
  bool isIterable(const Value &value) const;
  /// Python's `x in container`.
  bool contains(const Value &container, const Value &item, SourceLoc loc);
  /// Fails unless code here may change `container` (see ListValue::region).
  void checkMutable(const Value &container, SourceLoc loc);
  uint64_t getCurrentRegion() const { return currentRegion; }
  /// `object[lower:upper:step]` for tuples, lists, strings and ranges.
  Value slice(const Value &object, const SliceExpr &slice, SourceLoc loc);
  /// `object[key]` on compile-time values.
  Value getItem(const Value &object, const Value &key, SourceLoc keyLoc,
                SourceLoc loc);
  void assignSubscript(const SubscriptExpr &target, const Value &value);
  Value evaluateComprehension(const Expr &expr);

  //===--------------------------------------------------------------------===//
  // Strings and formatting (Strings.cpp)
  //===--------------------------------------------------------------------===//

  /// Python's str() and repr(), within the string limit.
  std::string toStr(const Value &value, SourceLoc loc);
  std::string toRepr(const Value &value, SourceLoc loc);
  Value evaluateFString(const FStringExpr &fstring);
  /// format(value, spec), after an optional !r / !s / !a conversion.
  std::string formatValue(const Value &value, const std::string &spec,
                          char conversion, SourceLoc loc);
  /// `format % args`.
  Value percentFormat(const std::string &format, const Value &args,
                      SourceLoc loc);

  SourceManager &getSourceManager() const { return sourceManager; }
  DiagnosticEngine &getDiags() { return diags; }

protected:
  Interpreter(Kind kind, SourceManager &sourceManager, DiagnosticEngine &diags,
              const BuiltinTable &builtins);

  //===--------------------------------------------------------------------===//
  // Run-time hooks: what the IR generator does where a value is known only
  // at run time. The defaults refuse.
  //===--------------------------------------------------------------------===//

  virtual Value runtimeBinaryOp(BinaryOp op, const Value &lhs,
                                const Value &rhs, SourceLoc opLoc,
                                SourceLoc lhsLoc, SourceLoc rhsLoc);
  virtual Value runtimeCompareOp(CompareOp op, const Value &lhs,
                                 const Value &rhs, SourceLoc opLoc,
                                 SourceLoc lhsLoc, SourceLoc rhsLoc);
  virtual Value runtimeUnaryOp(UnaryOp op, const Value &operand,
                               SourceLoc loc);
  /// `object[index]` with `object` a run-time value.
  virtual Value runtimeSubscript(const Value &object, const Expr &index,
                                 SourceLoc loc);
  /// `if` on a run-time condition.
  virtual Flow executeRuntimeIf(const IfStmt &stmt, const Value &condition);
  /// `for ... in range(...)` outside a @gluon.constexpr_function: a loop
  /// of the kernel, even with constant bounds, as in Triton. By default,
  /// unrolled as Python runs it.
  virtual Flow executeRuntimeFor(const ForStmt &stmt, CallArgs &rangeArgs);
  /// A `while` whose condition is a run-time value: emits it and returns
  /// true; false when the condition is known at compile time (always, by
  /// default).
  virtual bool executeRuntimeWhile(const WhileStmt &stmt);
  /// A `with` statement: the only context managers are the IR generator's
  /// (TLX's async_tasks), so by default it is refused.
  virtual Flow executeWith(const WithStmt &stmt);
  /// After each iteration of a loop unrolled at compile time (the loop
  /// statement at `loopLoc`): where IR generation bounds what unrolling
  /// generates. Nothing by default.
  virtual void afterUnrolledIteration(SourceLoc /*loopLoc*/) {}

  //===--------------------------------------------------------------------===//
  // State the hooks share
  //===--------------------------------------------------------------------===//

  Frame &frame() { return frames.back(); }
  Value evaluateCall(const CallExpr &call, const Value &callee);
  /// Runs `function`'s body with `locals` bound, in the scope it was
  /// defined in, called from `loc`; returns what it returned.
  Value runFunction(const FunctionValue &function, Frame locals, SourceLoc loc);

  /// Runs `body` as code of a fresh run-time region (see ListValue::region).
  template <typename Body> auto inRuntimeRegion(Body &&body) {
    uint64_t saved = currentRegion;
    currentRegion = nextRegion++;
    ++runtimeControlDepth;
    struct Restore {
      Interpreter &interpreter;
      uint64_t saved;
      ~Restore() {
        interpreter.currentRegion = saved;
        --interpreter.runtimeControlDepth;
      }
    } restore{*this, saved};
    return body();
  }

  /// The loops around the statement being executed in the current
  /// function, innermost last: whether each is unrolled, and the
  /// runtimeControlDepth of its body.
  struct LoopScope {
    bool unrolled;
    unsigned runtimeDepth;
  };
  std::vector<LoopScope> loops;
  /// Statements nested in a run-time `if` or loop, where `return`, `break`
  /// and `continue` cannot be expressed.
  unsigned runtimeControlDepth = 0;
  /// Executing a @gluon.constexpr_function, where loops over range() are
  /// unrolled as the Python they are.
  bool inConstexprFunction = false;
  /// Evaluating host Python: a module-level value, a -s or -D entry, or the
  /// body of a host function called from one. Host code may call host
  /// functions (see callHostFunction); kernel code may not.
  bool inHostCode = false;
  /// Sets `slot` to `value` until it goes out of scope, a compile error
  /// unwinding included.
  template <typename T> struct ScopedSet {
    ScopedSet(T &slot, T value) : slot(slot), saved(slot) { slot = value; }
    ScopedSet(const ScopedSet &) = delete;
    ~ScopedSet() { slot = saved; }
    T &slot;
    T saved;
  };
  /// Trial runs in progress (see isQuiet).
  unsigned quietDepth = 0;
  std::vector<Frame> frames;

private:
  static const GlobalBinding &resolveAlias(const GlobalBinding &binding) {
    const GlobalBinding *resolved = &binding;
    while (resolved->target)
      resolved = resolved->target;
    return *resolved;
  }
  /// "a.py imports b.py imports a.py", for a module still being bound.
  std::string describeImportCycle(const ModuleScope &scope);
  /// Calls a host function from host code, as Python would, when its body
  /// is straight-line: imports, definitions and assignments run in order
  /// in a scope of their own (so that a class it defines sees this call's
  /// arguments, as upstream's tile-scheduler factories rely on), then the
  /// value of its final `return`. Anything else in the body is refused.
  Value callHostFunction(const FunctionValue &function, const CallArgs &args,
                         SourceLoc loc);
  /// `C.__name__ = value` in a host function: renames the class C.
  void setClassName(const AttributeExpr &target, const Expr &value);
  /// The scopes of host function calls (see callHostFunction).
  std::vector<std::unique_ptr<ModuleScope>> hostCallScopes;
  /// The scope of the names of `def`, a function of `outer` (the module's
  /// scope or another closure's): its parameters, then its body's
  /// straight-line imports, definitions and assignments, each evaluated on
  /// first use as module-level names are; control flow and calls in the
  /// body are host code and not read. Made once per function.
  ModuleScope &bindClosure(const FunctionDefStmt &def, ModuleScope &outer);
  /// The binding of `name` in the current scope or one enclosing it.
  GlobalBinding *findGlobal(const std::string &name);

  std::optional<Value> resolveImportPath(const std::string &path);
  /// Binds `bound` in the current module to what `import path` or `from
  /// ... import` names: a builtin namespace (triton.*), a module or name
  /// of the kernel's files, or else a namespace kernels cannot use.
  void bindImport(const std::string &bound, const std::string &path,
                  SourceLoc loc);
  void bindImportStatement(const ImportStmt &import);
  void bindImportFrom(const ImportFromStmt &from);
  /// The kernel file `name` (dotted, `level` as in `from ..name`) and, for
  /// an absolute name, each package above it, its names bound; null when
  /// no file provides it.
  ModuleScope *importFile(const std::string &name, unsigned level,
                          SourceLoc loc);
  /// The scope of `module`, its names bound (once).
  ModuleScope &bindModule(const Module &module, SourceLoc importLoc);
  void bindModuleStatement(const Stmt &stmt);
  ModuleScope *findModule(uint32_t fileId);
  static Value moduleValue(const ModuleScope &scope, const std::string &name);
  /// `module.name` of a kernel file's module.
  Value getModuleAttribute(const NamespaceValue &ns, const std::string &name,
                           SourceLoc loc);
  /// Runs `body` with `scope` (when not null) as the current module.
  template <typename Body> auto inModule(ModuleScope *scope, Body &&body) {
    ModuleScope *saved = currentModule;
    if (scope)
      currentModule = scope;
    struct Restore {
      Interpreter &interpreter;
      ModuleScope *saved;
      ~Restore() { interpreter.currentModule = saved; }
    } restore{*this, saved};
    return body();
  }
  FunctionKind getDecoratorKind(const Expr &decorator);
  /// Runs the __init__ of `cls` on `self`, an instance being made.
  void runInit(const AggregateClass &cls, const FunctionValue &init,
               const Value &self, const CallArgs &args, SourceLoc loc);
  /// What the decorators of `def` make it.
  FunctionKind getFunctionKind(const FunctionDefStmt &def);
  Value evaluateGlobal(const std::string &name, GlobalBinding &binding,
                       SourceLoc useLoc);

  Flow executeIf(const IfStmt &stmt);
  Flow executeFor(const ForStmt &stmt);
  /// A loop over a compile-time iterable, unrolled.
  Flow executeUnrolledFor(const ForStmt &stmt, const Value &iterable);
  Flow executeWhile(const WhileStmt &stmt);
  Flow executeLoopControl(const Stmt &stmt);
  Flow executeAugAssign(const AugAssignStmt &stmt);
  Flow executeFunctionBody(const FunctionDefStmt &def);
  Value callBuiltin(const BuiltinValue &builtin, CallArgs &args,
                    SourceLoc loc);
  Value subscript(const Value &object, const Expr &index, SourceLoc loc);
  /// Evaluates elements of a tuple, list or set display, or call
  /// arguments, expanding `*iterable`.
  std::vector<Value> evaluateElements(const ExprList &elements,
                                      std::vector<SourceLoc> *locs = nullptr);
  Value evaluateIntLiteral(const IntLiteralExpr &literal);
  Value evaluateDict(const DictExpr &dict);
  Value foldBinaryOp(BinaryOp op, const Value &lhs, const Value &rhs,
                     SourceLoc opLoc, SourceLoc lhsLoc, SourceLoc rhsLoc);
  Value foldUnaryOp(UnaryOp op, const Value &operand, SourceLoc loc);

  const Kind kind;
  SourceManager &sourceManager;
  DiagnosticEngine &diags;
  const BuiltinTable &builtins;

  ModuleLoader *moduleLoader = nullptr;
  /// Every file's scope, by file id; the main module's, and the one whose
  /// code runs now.
  std::map<uint32_t, std::unique_ptr<ModuleScope>> modules;
  /// The closures' scopes, by the function whose names they hold.
  std::map<const FunctionDefStmt *, std::unique_ptr<ModuleScope>> closures;
  ModuleScope *mainModule = nullptr;
  ModuleScope *currentModule = nullptr;
  /// Module-level names being evaluated inside one another (see
  /// kMaxGlobalDepth).
  unsigned globalDepth = 0;
  /// The modules whose names are being bound, outermost first, each with
  /// the import that loads it: an import cycle's chain.
  std::vector<std::pair<ModuleScope *, SourceLoc>> loadingModules;
  /// The functions being evaluated, innermost last, with their call sites.
  std::vector<std::pair<const FunctionDefStmt *, SourceLoc>> callStack;
  /// The value of the innermost `return` being executed.
  Value returnValue;
  /// The run-time region executing now, and the next fresh one.
  uint64_t currentRegion = 0;
  uint64_t nextRegion = 1;
  /// Container elements created so far, against kMaxCompileTimeElements.
  uint64_t elementsCreated = 0;
  /// Bytes of values created so far, against kMaxCompileTimeBytes.
  uint64_t bytesCreated = 0;
  /// gl.static_print output so far, against kMaxStaticPrintBytes.
  uint64_t bytesPrinted = 0;
  /// Expressions and statements evaluated so far, against
  /// maxEvaluationSteps.
  uint64_t evaluationSteps = 0;
  uint64_t maxEvaluationSteps = kMaxEvaluationSteps;
};

//===----------------------------------------------------------------------===//
// Helpers of the interpreter's files
//===----------------------------------------------------------------------===//

/// A Python int or bool.
inline bool isIntegral(const Value &value) {
  return value.isInt() || value.is<bool>();
}

/// A Python int, bool or float.
inline bool isNumeric(const Value &value) {
  return isIntegral(value) || value.is<double>();
}

/// The value of an int or bool.
inline BigInt toBigInt(const Value &value) {
  if (auto *big = value.getIf<BigInt>())
    return *big;
  if (auto *b = value.getIf<bool>())
    return BigInt(int64_t(*b));
  return BigInt(value.get<int64_t>());
}

} // namespace gluonc::frontend

#endif // GLUONC_FRONTEND_EVAL_INTERPRETER_H
