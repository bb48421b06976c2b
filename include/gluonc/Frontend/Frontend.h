//===- Frontend.h - From kernel source to gluon IR --------------*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_FRONTEND_FRONTEND_H
#define GLUONC_FRONTEND_FRONTEND_H

#include "gluonc/Frontend/AST.h"
#include "gluonc/Frontend/Diagnostics.h"
#include "gluonc/Frontend/ModuleLoader.h"
#include "gluonc/Target/ArchInfo.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace gluonc {

/// How to specialize a kernel, in the terms of Triton's AOT compiler.
struct KernelSpec {
  std::string kernelName;
  /// `-s`: one entry per parameter, in order: `*fp32:16`, `i32`, `i32:16`,
  /// `fp32`, or a value (a DSL expression) for a constexpr parameter.
  std::string signature;
  /// `-D NAME=VALUE`, VALUE a DSL expression.
  std::vector<std::pair<std::string, std::string>> defines;
  unsigned numWarps = 4;
  /// The architecture compiled for, with its facts (Target::getArchInfo):
  /// the warp size, the shared memory a block may use, what it has. Must
  /// be set; it outlives the compile.
  const ArchInfo *arch = nullptr;
  /// Keep gl.device_assert checks (Triton's debug=True).
  bool debug = false;
  /// Finds the files the kernel's source imports; without one only
  /// Triton's namespaces can be imported.
  ModuleLoader *moduleLoader = nullptr;
};

/// What a loader needs to build a tensor descriptor parameter's CUtensorMap
/// (docs/metadata.md, kind "tensordesc").
struct TensorDescParam {
  std::string elementType;
  unsigned elementBytes = 0;
  /// The block one copy moves and the box of one TMA message, dimension 0
  /// first (gluonc::planTMA).
  std::vector<int64_t> blockShape;
  std::vector<int64_t> boxShape;
  unsigned swizzleBytes = 0;
  /// Gluon's rendering of the NVMMASharedLayout.
  std::string layout;
  /// "zero" or "nan": what reads out of bounds give.
  std::string padding = "zero";
  /// The target's encoding of the above (NVIDIA: tma_data_type,
  /// tma_swizzle), from Target::describeTensorDesc.
  std::map<std::string, int64_t> targetCodes;
};

/// A run-time parameter of the specialized kernel, in call order.
struct KernelParam {
  std::string name;
  /// Triton's spelling: "*fp32", "i32".
  std::string type;
  bool isPointer = false;
  /// For pointers, the pointee's spelling ("fp32").
  std::string elementType;
  unsigned size = 0;
  unsigned alignment = 0;
  /// Pointers: bytes; integers: value. 1 when nothing is assumed.
  int64_t divisibility = 1;
  /// Set for a tensor descriptor: the parameter is its 128-byte map, then
  /// the tensor's shape (i32 each) and strides (i64 each).
  std::optional<TensorDescParam> tensorDesc;
};

struct KernelIR {
  mlir::OwningOpRef<mlir::ModuleOp> module;
  std::string entry;
  std::vector<KernelParam> params;
  /// Each constexpr parameter and its value as JSON text, in parameter
  /// order.
  std::vector<std::pair<std::string, std::string>> constexprs;
};

/// Loads the dialects IR generation needs into `context`.
void loadFrontendDialects(mlir::MLIRContext &context);

/// Specializes kernel `spec.kernelName` of the parsed file `module` and
/// generates its gluon IR. Problems are reported to `diags`; on failure the
/// result has a null module.
KernelIR buildKernelIR(SourceManager &sourceManager, const Module &module,
                       DiagnosticEngine &diags, mlir::MLIRContext &context,
                       const KernelSpec &spec);

/// Evaluates a layout expression such as
/// `gl.BlockedLayout([4], [32], [4], [0])` (with `gl` and `gluon` bound as
/// in a kernel file) for a kernel of `spec.numWarps` warps of
/// `spec.arch`'s warp size. Problems are reported to `diags` against a buffer
/// named `bufferName`; on failure the result is null.
mlir::Attribute evaluateLayoutExpression(SourceManager &sourceManager,
                                         DiagnosticEngine &diags,
                                         mlir::MLIRContext &context,
                                         const std::string &bufferName,
                                         const std::string &text,
                                         const KernelSpec &spec);

/// One line per builtin a kernel can call, sorted:
/// "gl.arange(start, end, layout=None)".
std::vector<std::string> listBuiltins();

/// Parses `-D NAME=VALUE`; false when there is no '=' or no name.
bool splitDefine(const std::string &text, std::string &name,
                 std::string &value);

} // namespace gluonc

#endif // GLUONC_FRONTEND_FRONTEND_H
