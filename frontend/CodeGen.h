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
  Flow executeFunctionBody(const FunctionDefStmt &def);

  using Frame = std::map<std::string, Value>;
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
  /// Expressions and statements evaluated so far, against
  /// kMaxEvaluationSteps.
  uint64_t evaluationSteps = 0;
};

/// JSON text of a compile-time value, for the metadata's constexprs.
std::string toJSON(const Value &value);

} // namespace gluonc::frontend

#endif // GLUONC_FRONTEND_CODEGEN_H
