//===- IRGen.h - Generates gluon IR as the interpreter runs -----*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// IRGen is the interpreter (eval/Interpreter.h) with an OpBuilder: it walks
// a kernel's AST once, as Triton's code generator does. Compile-time
// expressions are computed on the spot by the interpreter; where a value is
// known only at run time, the interpreter's hooks land here and become
// gluon/arith/scf ops. It also specializes the kernel (Specialize.cpp:
// signature types, `-D` values, the kernel function), converts and
// broadcasts run-time operands (Operators.cpp), and emits run-time control
// flow (ControlFlow.cpp). The builtins that emit IR (builtins/) call it
// through the helpers below.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_FRONTEND_IRGEN_IRGEN_H
#define GLUONC_FRONTEND_IRGEN_IRGEN_H

#include "Values.h"

#include "eval/Interpreter.h"

#include "gluonc/Frontend/Diagnostics.h"
#include "gluonc/Frontend/Frontend.h"
#include "gluonc/Frontend/Signature.h"
#include "gluonc/Plan/TaskPlan.h"
#include "gluonc/Plan/WarpPipelinePlan.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace gluonc::frontend {

/// The most operations IR generation may build for one kernel, checked
/// after each iteration of a loop unrolled at compile time (the one way a
/// short source makes a huge kernel). LLVM and ptxas take time that grows
/// faster than the kernel (bench/RESULTS.md, "Figures moved out of source
/// comments"); the samples need a few hundred.
constexpr uint64_t kMaxKernelOperations = 32768;

/// A run-time parameter's type from the signature: `*fp32:16`, `i32`,
/// `tensordesc<fp16[128, 64]>`.
struct TypeEntry {
  DType dtype;
  int64_t divisibility = 1;
  /// For a tensor descriptor (dtype is its element type).
  mlir::Type tensorDescType;
  std::string layoutText;
  std::string padding;
};

class IRGen : public Interpreter {
public:
  IRGen(SourceManager &sourceManager, const Module &module,
        DiagnosticEngine &diags, mlir::MLIRContext &context,
        const KernelSpec &spec, const BuiltinTable &builtins);

  static bool classof(const Interpreter *interpreter) {
    return interpreter->getKind() == Kind::IRGen;
  }
  /// The IR generator the builtin of `args` runs in. Builtins that emit IR
  /// are only in the table IRGen is made with, so a plain Interpreter here
  /// is a bug of gluonc: it fails with an internal error at the call.
  static IRGen &of(Interpreter &interpreter, const BoundArgs &args);

  /// Specializes and emits the kernel; reports problems and returns an IR
  /// with a null module on failure.
  KernelIR run();

  /// Evaluates a layout expression in the module's scope; null (after a
  /// diagnostic) when it fails or is not a layout.
  mlir::Attribute evaluateLayout(const std::string &bufferName,
                                 const std::string &text);

  //===--------------------------------------------------------------------===//
  // Locations
  //===--------------------------------------------------------------------===//

  mlir::Location getLoc(SourceLoc loc);
  /// Where `value` was computed (its op's location in the source), or
  /// `otherwise` when that is not known (a parameter, a constant).
  SourceLoc getDefinitionLoc(const RuntimeValue &value,
                             SourceLoc otherwise) const;

  //===--------------------------------------------------------------------===//
  // Run-time values (Operators.cpp)
  //===--------------------------------------------------------------------===//

  RuntimeValue requireRuntime(const Value &value, SourceLoc loc,
                              const std::string &what);
  /// Fails at the first argument of `args` (or the value a method is
  /// called on) that is a tensor in AutoLayout: a builtin that needs its
  /// operands' layouts cannot take one.
  void refuseAutoLayouts(const BoundArgs &args);
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
  /// A tensor in AutoLayout in the concrete `layout` (gl.set_auto_layout;
  /// also where an operator meets a tensor in AutoLayout with one in a
  /// concrete layout, as in Gluon).
  RuntimeValue setAutoLayout(const RuntimeValue &value, mlir::Attribute layout,
                             SourceLoc loc);
  /// Where one of two tensors is in AutoLayout and the other is not, gives
  /// the first the second's layout (setAutoLayout), as Gluon does for the
  /// operands of an operator.
  void unifyAutoLayouts(RuntimeValue &lhs, SourceLoc lhsLoc, RuntimeValue &rhs,
                        SourceLoc rhsLoc);
  /// Inserts a size-1 dimension at `axis` of a tensor whose layout is a
  /// SliceLayout along it (or AutoLayout).
  RuntimeValue expandDims(const RuntimeValue &value, int64_t axis,
                          SourceLoc loc);

  //===--------------------------------------------------------------------===//
  // Async tasks (Tasks.cpp)
  //===--------------------------------------------------------------------===//

  /// The warps that run the code being generated: a worker partition's
  /// inside one, else the kernel's num_warps (gl.num_warps, layouts).
  unsigned getNumWarps() const;
  /// Says where getNumWarps comes from, for diagnostics: "the kernel is
  /// compiled with 4 warps (--num-warps)" or "this worker task runs on 1
  /// warp".
  std::string describeWarps() const;
  /// Whether the code being generated is a worker task's.
  bool inWorkerTask() const { return !taskScopes.empty(); }
  /// The replica index of the task being generated (TLX's
  /// async_task_replica_id); 0 outside tasks.
  unsigned getReplicaId() const;

  /// One worker partition of a warp_specialize (a replica of its own): the
  /// task as gluonc::checkTasks takes it, where it is and its body.
  struct WorkerTask {
    TaskSpec task;
    /// The task in the source (its call or `with`), for diagnostics.
    SourceLoc loc;
    /// Generates the partition's body.
    std::function<void()> emit;
  };
  /// Emits a gluon.warp_specialize: `emitDefault` generates the default
  /// region and returns the run-time values it yields, each worker's body
  /// goes into a partition that captures what it uses from outside. The
  /// task rules (gluonc::checkTasks) fail at the offending task; returns
  /// the op's results.
  std::vector<mlir::Value>
  emitWarpSpecialize(SourceLoc loc, SourceLoc defaultLoc,
                     std::optional<unsigned> defaultRegs,
                     const std::function<std::vector<RuntimeValue>()> &emitDefault,
                     const std::vector<WorkerTask> &workers);
  /// Drops the results of `func`'s gluon.warp_specialize ops that nothing
  /// reads (TLX's default task yields every name it assigns, used after the
  /// block or not), so that both spellings build the same op.
  void dropUnusedTaskResults(mlir::Operation *func);

  mlir::OpBuilder &getBuilder() { return builder; }
  mlir::MLIRContext &getContext() { return context; }
  const KernelSpec &getSpec() const { return spec; }
  /// The architecture compiled for (KernelSpec::arch).
  const ArchInfo &getArch() const { return *spec.arch; }

protected:
  //===--------------------------------------------------------------------===//
  // The interpreter's run-time hooks
  //===--------------------------------------------------------------------===//

  Value runtimeBinaryOp(BinaryOp op, const Value &lhs, const Value &rhs,
                        SourceLoc opLoc, SourceLoc lhsLoc,
                        SourceLoc rhsLoc) override;
  Value runtimeCompareOp(CompareOp op, const Value &lhs, const Value &rhs,
                         SourceLoc opLoc, SourceLoc lhsLoc,
                         SourceLoc rhsLoc) override;
  Value runtimeUnaryOp(UnaryOp op, const Value &operand,
                       SourceLoc loc) override;
  Value runtimeSubscript(const Value &object, const Expr &index,
                         SourceLoc loc) override;
  Flow executeRuntimeIf(const IfStmt &stmt, const Value &condition) override;
  Flow executeRuntimeFor(const ForStmt &stmt, CallArgs &rangeArgs) override;
  bool executeRuntimeWhile(const WhileStmt &stmt) override;

private:
  //===--------------------------------------------------------------------===//
  // Specialization (Specialize.cpp)
  //===--------------------------------------------------------------------===//

  /// The @gluon.jit function -k names (a dotted path inside functions).
  FunctionValue findKernel();
  /// A kernel parameter after specialization: a run-time argument of a
  /// type, or a compile-time value.
  struct ParamBinding {
    std::optional<TypeEntry> type;
    Value value;
  };
  /// Matches the kernel's parameters with -s entries, -D values and
  /// defaults.
  std::vector<ParamBinding> bindParameters(const FunctionValue &kernel);
  std::optional<TypeEntry> parseSignatureType(const SignatureEntry &entry,
                                             const SourceFile &source,
                                             const std::string &paramName);
  /// The type of a `tensordesc<...>` entry (parsed as `parsed`).
  TypeEntry makeTensorDescEntry(const SignatureType &parsed,
                                const SignatureEntry &entry,
                                const SourceFile &source,
                                const std::string &paramName);
  /// Binds a tensor descriptor parameter: its map, shape and strides are
  /// arguments from `argIndex` on; returns the next argument's index.
  unsigned bindTensorDesc(const TypeEntry &type, const std::string &name,
                          mlir::Block *entry, unsigned argIndex,
                          Frame &frame, KernelParam &meta);
  void emitKernel(const FunctionValue &kernel, KernelIR &result);

  //===--------------------------------------------------------------------===//
  // Run-time operators (Operators.cpp) and control flow (ControlFlow.cpp)
  //===--------------------------------------------------------------------===//

  RuntimeValue castFloat8(const RuntimeValue &value, DType dtype,
                          SourceLoc loc);
  /// Rejects integer ops that a compile-time right operand makes undefined.
  void checkDefinedIntegerOp(BinaryOp op, const Value &rhs, DType type,
                             SourceLoc rhsLoc);
  Value emitPointerArithmetic(BinaryOp op, RuntimeValue a, RuntimeValue b,
                              SourceLoc opLoc, SourceLoc lhsLoc,
                              SourceLoc rhsLoc);

  /// A run-time value that an `if` yields or a loop carries: in the name
  /// `name`, at `path` (the name's value itself, or an element or field of
  /// it); `label` is how the source names it ("mma.acc").
  struct MergedValue {
    std::string name;
    LeafPath path;
    std::string label;
  };
  /// The values that `label` has at the end of the branches of an `if`, as
  /// run-time values of one type (a compile-time one made a constant at the
  /// end of its branch's block).
  std::pair<RuntimeValue, RuntimeValue>
  mergeBranchValues(SourceLoc loc, const std::string &label,
                    const Value &thenValue, const Value &elseValue,
                    mlir::Block *thenBlock, mlir::Block *elseBlock);
  /// Rebinds each merged value to `values` (block arguments or results),
  /// keeping its dtype, shape and layout.
  void bindMerged(const std::vector<MergedValue> &merged,
                  mlir::ValueRange values);

  /// Runs `body` once into a detached block to learn what a loop body
  /// leaves in each name that lives across iterations.
  template <typename Body> Frame dryRunLoopBody(Body &&body);
  void findLoopCarried(SourceLoc loc, const std::set<std::string> &assigned,
                       const Frame &before, const Frame &afterDryRun,
                       std::vector<MergedValue> &carried,
                       std::vector<mlir::Value> &inits);
  /// The run-time value a loop-carried `label` starts from, given its value
  /// before the loop and after one iteration.
  RuntimeValue getLoopInit(SourceLoc loc, const std::string &label,
                           const Value &initial, const Value &updated);
  std::vector<mlir::Value>
  collectLoopYields(SourceLoc loc, const std::vector<MergedValue> &carried,
                    mlir::ValueRange expected);
  void emitRuntimeWhile(const WhileStmt &stmt);

  void afterUnrolledIteration(SourceLoc loopLoc) override;
  /// `with tlx.async_tasks():` and `with warp_pipeline_stage(...):`
  /// (Tasks.cpp).
  Flow executeWith(const WithStmt &stmt) override;
  /// The body of `with tlx.async_tasks():` as one gluon.warp_specialize.
  void executeAsyncTasks(const WithStmt &stmt);
  /// Collects the `with tlx.async_task(...)` blocks of an async_tasks body,
  /// through compile-time `if`s.
  void collectAsyncTasks(const StmtList &body,
                         std::vector<const WithStmt *> &tasks);
  /// A TLX task as written: its `with` and its tlx.async_task(...).
  struct WrittenTask {
    const WithStmt *stmt;
    AsyncTaskValue spec;
  };
  /// The task a `with tlx.async_task(...):` block describes.
  WrittenTask evaluateAsyncTask(const WithStmt &taskStmt);
  /// The tasks of an async_tasks block: returns the default one (there
  /// must be exactly one) and appends the others to `workers`, in source
  /// order.
  WrittenTask collectWrittenTasks(const WithStmt &stmt,
                                  std::vector<WrittenTask> &workers);
  /// The worker partitions of an async_tasks block: the default task's
  /// replicas beyond the first, then each other task's replicas. Their
  /// bodies start from the names in `before`, which must outlive them.
  std::vector<WorkerTask> makeTaskWorkers(const WrittenTask &defaultTask,
                                          const std::vector<WrittenTask> &tasks,
                                          const Frame &before);
  /// Replica 0 of `task`'s partitions, named `name`, on `numWarps` warps.
  WorkerTask makeTaskWorker(const WrittenTask &task, std::string name,
                            unsigned numWarps, const Frame &before);
  /// A run-time value the default task yields: the name it is in and
  /// where in that name's value (empty: the value itself).
  struct TaskResult {
    std::string name;
    LeafPath path;
  };
  /// The run-time values the default task leaves in names (`after`) that
  /// it assigned or changed since `before`, in order; records in `results`
  /// where each is.
  std::vector<RuntimeValue>
  collectDefaultYields(const Frame &before, const Frame &after, SourceLoc loc,
                       std::vector<TaskResult> &results);
  /// The names after an async_tasks block: as the default task left them,
  /// its run-time `results` replaced by the op's `values`. What it made
  /// that only lives inside it (a shared memory descriptor, a tuple of
  /// tensors) is not visible.
  Frame mergeDefaultFrame(const Frame &before, const Frame &after,
                          SourceLoc loc, const std::vector<TaskResult> &results,
                          const std::vector<mlir::Value> &values);

  /// The warps and replica of each worker partition being generated,
  /// innermost last.
  struct TaskScope {
    unsigned numWarps;
    unsigned replica;
  };
  std::vector<TaskScope> taskScopes;
  /// Whether a warp_specialize's regions are being generated (they do not
  /// nest).
  bool inWarpSpecialize = false;
  /// The scope of the warp_pipeline_stage block being generated, if any:
  /// an intra-wave stage may be inside an inter-wave one, nothing else
  /// nests.
  std::optional<PipelineScope> currentStageScope;
  /// The stages written directly in each pipelined loop body so far, for
  /// the rules of a loop's stages (checkLoopStages) at the stage that
  /// breaks one.
  std::map<mlir::Block *, std::vector<PipelineStageSpec>> loopStages;
  /// One stage of a warp pipeline: its body, then the border that ends it.
  Flow executeWarpPipelineStage(const WithStmt &stmt,
                                const WarpPipelineStageValue &stage);

  /// Counts the operations the builder inserts.
  struct OperationCounter : mlir::OpBuilder::Listener {
    void notifyOperationInserted(mlir::Operation *,
                                 mlir::OpBuilder::InsertPoint) override {
      ++count;
    }
    uint64_t count = 0;
  };

  const Module &module;
  mlir::MLIRContext &context;
  const KernelSpec &spec;
  OperationCounter operations;
  mlir::OpBuilder builder;
};

/// JSON text of a compile-time value, for the metadata's constexprs.
std::string toJSON(const Value &value);

} // namespace gluonc::frontend

#endif // GLUONC_FRONTEND_IRGEN_IRGEN_H
