//===- CodeGen.h - Evaluates kernel code, emitting gluon IR -----*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// CodeGen walks a kernel's AST once, as Triton's code generator does:
// compile-time expressions are computed on the spot, run-time ones become
// gluon/arith/scf ops. Errors are reported to the DiagnosticEngine and then
// unwind the walk with a CompileError.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_FRONTEND_CODEGEN_H
#define GLUONC_FRONTEND_CODEGEN_H

#include "Value.h"

#include "gluonc/Frontend/Diagnostics.h"
#include "gluonc/Frontend/Frontend.h"
#include "gluonc/Frontend/Signature.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

#include <map>
#include <set>
#include <optional>
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

/// A keyword argument of a call, evaluated.
struct KeywordArg {
  std::string name;
  Value value;
  SourceLoc loc;
};

/// The evaluated arguments of a call, with the locations of each.
struct CallArgs {
  std::vector<Value> positional;
  std::vector<SourceLoc> positionalLocs;
  std::vector<KeywordArg> keywords;
  SourceLoc callLoc;
};

/// A run-time parameter's type from the signature: `*fp32:16`, `i32`.
struct TypeEntry {
  DType dtype;
  int64_t divisibility = 1;
};

/// What a statement did to control flow.
enum class Flow { Normal, Return, Break, Continue };

/// A parsed format spec: `[[fill]align][sign][#][0][width][,|_][.precision]
/// [type]`, as in Python's format() mini-language.
struct FormatSpec {
  char fill = ' ';
  /// '<', '>', '^', '=' or 0 for the default of the value's type.
  char align = 0;
  /// '+', '-', ' ' or 0.
  char sign = 0;
  bool alternate = false;
  int64_t width = 0;
  /// ',', '_' or 0.
  char grouping = 0;
  int64_t precision = -1;
  char type = 0;
};

class CodeGen {
public:
  CodeGen(SourceManager &sourceManager, const Module &module,
          DiagnosticEngine &diags, mlir::MLIRContext &context,
          const KernelSpec &spec);

  /// Specializes and emits the kernel; reports problems and returns an IR
  /// with a null module on failure.
  KernelIR run();

  /// Evaluates a layout expression in the module's scope; null (after a
  /// diagnostic) when it fails or is not a layout.
  mlir::Attribute evaluateLayout(const std::string &bufferName,
                                 const std::string &text);

  //===--------------------------------------------------------------------===//
  // Diagnostics
  //===--------------------------------------------------------------------===//

  [[noreturn]] void fail(SourceLoc loc, const std::string &message);
  [[noreturn]] void fail(const Node &node, const std::string &message);
  /// Where `value` was computed (its op's location in the source), or
  /// `otherwise` when that is not known (a parameter, a constant).
  SourceLoc getDefinitionLoc(const RuntimeValue &value,
                             SourceLoc otherwise) const;
  /// An error followed by a note at `noteLoc`.
  [[noreturn]] void failWithNote(SourceLoc loc, const std::string &message,
                                 SourceLoc noteLoc, const std::string &note);
  mlir::Location getLoc(SourceLoc loc);

  //===--------------------------------------------------------------------===//
  // Evaluation (CodeGen.cpp: statements, Expressions.cpp: expressions)
  //===--------------------------------------------------------------------===//

  Value evaluate(const Expr &expr);
  /// Counts one evaluation step; fails at `loc` past the budget.
  void countStep(SourceLoc loc);
  /// Counts the steps of work proportional to the size of values.
  void countSteps(SourceLoc loc, uint64_t steps);
  Flow execute(const StmtList &body);
  Flow execute(const Stmt &stmt);

  /// Looks a name up in the current function, the module, then Python's
  /// builtins.
  Value lookup(const std::string &name, SourceRange range);
  void assign(const Expr &target, const Value &value);
  /// Whether an annotation means "compile-time constant" (gl.constexpr).
  bool isConstexprAnnotation(const Expr *annotation);
  /// Resolves a name or attribute chain through bound names and known
  /// namespaces without evaluating anything or reporting errors.
  std::optional<Value> resolveQuietly(const Expr &expr);
  void bind(const std::string &name, Value value);

  /// Calls `callee` with evaluated arguments.
  Value call(const Value &callee, CallArgs &args, SourceLoc loc);
  Value callFunction(const FunctionValue &function, CallArgs &args,
                     SourceLoc loc);
  Value getAttribute(const Value &object, const std::string &name,
                     SourceLoc loc);
  /// Reports the use of a module gluonc does not provide.
  [[noreturn]] void failUnavailableModule(const NamespaceValue &ns,
                                          SourceLoc loc);

  //===--------------------------------------------------------------------===//
  // Run-time values (Expressions.cpp)
  //===--------------------------------------------------------------------===//

  bool isTruthy(const Value &value, SourceLoc loc);
  int64_t requireInt(const Value &value, SourceLoc loc,
                     const std::string &what);
  RuntimeValue requireRuntime(const Value &value, SourceLoc loc,
                              const std::string &what);
  /// A Python number or bool as a run-time scalar; `like` (if any) picks the
  /// dtype a literal takes next to a run-time operand.
  RuntimeValue toRuntime(const Value &value, SourceLoc loc,
                         std::optional<DType> like = std::nullopt);
  RuntimeValue castTo(const RuntimeValue &value, DType dtype, SourceLoc loc);
  RuntimeValue castFloat8(const RuntimeValue &value, DType dtype,
                          SourceLoc loc);
  RuntimeValue bitcastTo(const RuntimeValue &value, DType dtype,
                         SourceLoc loc);
  /// Splats a scalar or broadcasts size-1 dimensions to `shape`.
  RuntimeValue broadcastTo(const RuntimeValue &value,
                           const std::vector<int64_t> &shape,
                           mlir::Attribute layout, SourceLoc loc);
  /// Both operands as run-time values; a literal takes its peer's dtype.
  std::pair<RuntimeValue, RuntimeValue> toRuntimePair(const Value &lhs,
                                                      const Value &rhs,
                                                      SourceLoc lhsLoc,
                                                      SourceLoc rhsLoc);
  /// Casts both operands to `dtype` and broadcasts them to one shape.
  void castAndBroadcast(RuntimeValue &lhs, RuntimeValue &rhs, DType dtype,
                        SourceLoc opLoc, SourceLoc lhsLoc, SourceLoc rhsLoc);
  /// Brings two run-time operands to one shape and layout, numpy-style.
  void broadcastPair(RuntimeValue &lhs, RuntimeValue &rhs, SourceLoc opLoc,
                     SourceLoc lhsLoc, SourceLoc rhsLoc);
  mlir::Type getMLIRType(const RuntimeValue &value);
  mlir::Type getMLIRType(DType dtype, const std::vector<int64_t> &shape,
                         mlir::Attribute layout);
  RuntimeValue makeConstant(DType dtype, double floatValue, int64_t intValue,
                            SourceLoc loc);

  Value binaryOp(BinaryOp op, const Value &lhs, const Value &rhs,
                 SourceLoc opLoc, SourceLoc lhsLoc, SourceLoc rhsLoc);
  /// Rejects integer ops that a compile-time right operand makes undefined.
  void checkDefinedIntegerOp(BinaryOp op, const Value &rhs, DType type,
                             SourceLoc rhsLoc);
  Value compareOp(CompareOp op, const Value &lhs, const Value &rhs,
                  SourceLoc opLoc, SourceLoc lhsLoc, SourceLoc rhsLoc);
  Value unaryOp(UnaryOp op, const Value &operand, SourceLoc loc);
  Value subscript(const Value &object, const Expr &index, SourceLoc loc);
  RuntimeValue expandDims(const RuntimeValue &value, int64_t axis,
                          SourceLoc loc);

  //===--------------------------------------------------------------------===//
  // Compile-time values (Interpreter.cpp)
  //===--------------------------------------------------------------------===//

  /// Counts `count` container elements against kMaxCompileTimeElements.
  void chargeElements(uint64_t count, SourceLoc loc);
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
  /// Python's str() and repr(), within the string limit.
  std::string toStr(const Value &value, SourceLoc loc);
  std::string toRepr(const Value &value, SourceLoc loc);
  /// Fails unless code here may change `container` (see ListValue::region).
  void checkMutable(const Value &container, SourceLoc loc);
  uint64_t getCurrentRegion() const { return currentRegion; }
  Value evaluateComprehension(const Expr &expr);
  /// `object[lower:upper:step]` for tuples, lists, strings and ranges.
  Value slice(const Value &object, const SliceExpr &slice, SourceLoc loc);
  /// `object[key]` on compile-time values.
  Value getItem(const Value &object, const Value &key, SourceLoc keyLoc,
                SourceLoc loc);
  void assignSubscript(const SubscriptExpr &target, const Value &value);
  /// A bound method of a compile-time value (`"".join`, `xs.append`), or
  /// `int.bit_length`; nullopt when the value has no such method.
  std::optional<Value> getMethod(const Value &object, const std::string &name);

  //===--------------------------------------------------------------------===//
  // Strings and formatting (InterpreterStrings.cpp)
  //===--------------------------------------------------------------------===//

  Value evaluateFString(const FStringExpr &fstring);
  /// format(value, spec), after an optional !r / !s / !a conversion.
  std::string formatValue(const Value &value, const std::string &spec,
                          char conversion, SourceLoc loc);
  /// `format % args`.
  Value percentFormat(const std::string &format, const Value &args,
                      SourceLoc loc);
  /// One `%` conversion of percentFormat: flags, width, precision (-1 when
  /// absent) and type.
  std::string formatPercentConversion(const std::string &flags, int64_t width,
                                      int64_t precision, char type,
                                      const Value &argument, SourceLoc loc);
  /// `self.format(*args, **kwargs)`.
  Value formatMethod(const std::string &self, CallArgs &args, SourceLoc loc);
  Value callStringMethod(const std::string &method, const std::string &self,
                         CallArgs &args, SourceLoc loc);

  //===--------------------------------------------------------------------===//
  // Python builtins and methods (InterpreterBuiltins.cpp)
  //===--------------------------------------------------------------------===//

  /// A `builtins.*` function or a method of a compile-time value.
  Value callPythonBuiltin(const BuiltinValue &builtin, CallArgs &args,
                          SourceLoc loc);
  /// gl.static_range(...): a compile-time range.
  Value staticRange(CallArgs &args, SourceLoc loc);
  /// gl.static_print(...): a note with the values, at compile time.
  Value staticPrint(CallArgs &args, SourceLoc loc);
  /// gl.cast(input, dtype, fp_downcast_rounding=None, bitcast=False).
  Value castBuiltin(CallArgs &args, SourceLoc loc);

  //===--------------------------------------------------------------------===//
  // Builtins (Builtins.cpp)
  //===--------------------------------------------------------------------===//

  /// The attribute `name` of namespace `path`, or nullopt.
  std::optional<Value> lookupNamespaceMember(const NamespaceValue &ns,
                                             const std::string &name);
  std::optional<Value> lookupPythonBuiltin(const std::string &name);
  Value callBuiltin(const BuiltinValue &builtin, CallArgs &args,
                    SourceLoc loc);
  /// `tensor.attr` / `dtype.attr`.
  std::optional<Value> getValueAttribute(const Value &object,
                                         const std::string &name);
  /// Gluon's rendering of a layout attribute.
  static std::string describeLayout(mlir::Attribute layout);
  /// "[64, 16]".
  static std::string describeShape(const std::vector<int64_t> &shape);

  mlir::OpBuilder &getBuilder() { return builder; }
  mlir::MLIRContext &getContext() { return context; }
  const KernelSpec &getSpec() const { return spec; }
  SourceManager &getSourceManager() { return sourceManager; }
  DiagnosticEngine &getDiags() { return diags; }

private:
  //===--------------------------------------------------------------------===//
  // Module scope and specialization (Specialize.cpp)
  //===--------------------------------------------------------------------===//

  /// A module-level name: imports and functions are bound at once,
  /// assignments are evaluated on first use.
  struct GlobalBinding {
    std::optional<Value> value;
    const Expr *pendingExpr = nullptr;
    SourceLoc loc;
    bool evaluating = false;
  };

  void collectGlobals();
  std::optional<Value> resolveImportPath(const std::string &path);
  void bindImport(const std::string &bound, const std::string &path,
                  SourceLoc loc);
  Value evaluateGlobal(const std::string &name, GlobalBinding &binding,
                       SourceLoc useLoc);
  const FunctionDefStmt *findKernel();
  Value evaluateStandalone(const std::string &bufferName,
                           const std::string &text);
  /// A kernel parameter after specialization: a run-time argument of a
  /// type, or a compile-time value.
  struct ParamBinding {
    std::optional<TypeEntry> type;
    Value value;
  };
  /// Matches the kernel's parameters with -s entries, -D values and
  /// defaults.
  std::vector<ParamBinding> bindParameters(const FunctionDefStmt &kernel);
  std::optional<TypeEntry> parseSignatureType(const SignatureEntry &entry,
                                             const SourceFile &source,
                                             const std::string &paramName);
  void emitKernel(const FunctionDefStmt &kernel, KernelIR &result);

  //===--------------------------------------------------------------------===//
  // Control flow (CodeGen.cpp)
  //===--------------------------------------------------------------------===//

  Flow executeIf(const IfStmt &stmt);
  Flow executeRuntimeIf(const IfStmt &stmt, const RuntimeValue &condition);
  Flow executeFor(const ForStmt &stmt);
  void executeRuntimeFor(const ForStmt &stmt, const CallArgs &rangeArgs);
  void executeRuntimeWhile(const WhileStmt &stmt);
  /// A loop over a compile-time iterable, unrolled.
  Flow executeUnrolledFor(const ForStmt &stmt, const Value &iterable);
  Flow executeWhile(const WhileStmt &stmt);
  Flow executeLoopControl(const Stmt &stmt);
  Flow executeAugAssign(const AugAssignStmt &stmt);
  Flow executeFunctionBody(const FunctionDefStmt &def);
  /// Whether two values are the same, for merging the names of run-time
  /// branches and loop iterations.
  bool isSameValue(const Value &a, const Value &b, SourceLoc loc);
  Value evaluateCall(const CallExpr &call, const Value &callee);
  /// Evaluates elements of a tuple, list or set display, or call
  /// arguments, expanding `*iterable`.
  std::vector<Value> evaluateElements(const ExprList &elements,
                                      std::vector<SourceLoc> *locs = nullptr);
  Value evaluateIntLiteral(const IntLiteralExpr &literal);
  Value evaluateDict(const DictExpr &dict);
  /// Runs `body` as code of a fresh run-time region (see ListValue::region).
  template <typename Body> auto inRuntimeRegion(Body &&body) {
    uint64_t saved = currentRegion;
    currentRegion = nextRegion++;
    ++runtimeControlDepth;
    struct Restore {
      CodeGen &gen;
      uint64_t saved;
      ~Restore() {
        gen.currentRegion = saved;
        --gen.runtimeControlDepth;
      }
    } restore{*this, saved};
    return body();
  }

  using Frame = std::map<std::string, Value>;
  // Loop-carried values of run-time loops.
  template <typename Body> Frame dryRunLoopBody(SourceLoc loc, Body &&body);
  void findLoopCarried(SourceLoc loc, const std::set<std::string> &assigned,
                       const Frame &before, const Frame &afterDryRun,
                       std::vector<std::string> &carried,
                       std::vector<mlir::Value> &inits);
  std::vector<mlir::Value>
  collectLoopYields(SourceLoc loc, const std::vector<std::string> &carried,
                    mlir::ValueRange expected);
  void bindCarried(const std::vector<std::string> &carried,
                   mlir::ValueRange values);
  Frame &frame() { return frames.back(); }

  SourceManager &sourceManager;
  const Module &module;
  DiagnosticEngine &diags;
  mlir::MLIRContext &context;
  const KernelSpec &spec;
  mlir::OpBuilder builder;

  std::map<std::string, GlobalBinding> globals;
  std::vector<Frame> frames;
  /// The functions being evaluated, innermost last, with their call sites.
  std::vector<std::pair<const FunctionDefStmt *, SourceLoc>> callStack;
  /// The value of the innermost `return` being executed.
  Value returnValue;
  /// Statements nested in a run-time `if` or loop, where `return`, `break`
  /// and `continue` cannot be expressed.
  unsigned runtimeControlDepth = 0;
  /// The loops around the statement being executed in the current
  /// function, innermost last: whether each is unrolled, and the
  /// runtimeControlDepth of its body.
  struct LoopScope {
    bool unrolled;
    unsigned runtimeDepth;
  };
  std::vector<LoopScope> loops;
  /// The run-time region executing now, and the next fresh one.
  uint64_t currentRegion = 0;
  uint64_t nextRegion = 1;
  /// Executing a @gluon.constexpr_function, where loops over range() are
  /// unrolled as the Python they are.
  bool inConstexprFunction = false;
  /// Inside the trial run of a run-time loop's body, whose compile-time
  /// effects (gl.static_print) must not show twice.
  unsigned dryRunDepth = 0;
  /// Container elements created so far, against kMaxCompileTimeElements.
  uint64_t elementsCreated = 0;
  /// Expressions and statements evaluated so far, against
  /// kMaxEvaluationSteps.
  uint64_t evaluationSteps = 0;
};

/// JSON text of a compile-time value, for the metadata's constexprs.
std::string toJSON(const Value &value);

} // namespace gluonc::frontend

#endif // GLUONC_FRONTEND_CODEGEN_H
