//===- Values.h - The values IR generation adds to Python -------*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// What kernel code computes besides Python values: run-time tensors and
// scalars (MLIR values with a dtype, a shape and a layout), shared memory
// descriptors, dtypes, layouts, and the types of tensors and descriptors.
// Each is a plain struct that the interpreter holds as an Object
// (eval/Value.h); its ObjectTraits say how it is named, printed and
// compared.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_FRONTEND_IRGEN_VALUES_H
#define GLUONC_FRONTEND_IRGEN_VALUES_H

#include "DType.h"

#include "eval/Value.h"

#include "mlir/IR/Attributes.h"
#include "mlir/IR/Value.h"

#include <optional>
#include <string>
#include <vector>

namespace gluonc::frontend {

/// A value computed on the GPU: a scalar (empty shape) or a distributed
/// tensor (shape and layout).
struct RuntimeValue {
  mlir::Value value;
  DType dtype;
  std::vector<int64_t> shape;
  mlir::Attribute layout;

  bool isScalar() const { return shape.empty(); }

  /// `value` as a `dtype` value, with the shape and layout of its type (the
  /// type an op inferred); dtype carries the signedness the type lacks.
  static RuntimeValue ofType(mlir::Value value, DType dtype);
};

/// A shared memory descriptor: a view of an allocation
/// (gl.allocate_shared_memory and the descriptor's index, slice, permute
/// and reshape), a run-time value of type !gluon.memdesc.
struct SharedMemoryValue {
  mlir::Value value;
  DType dtype;
  std::vector<int64_t> shape;
  std::vector<int64_t> allocShape;
  mlir::Attribute layout;
  /// Gluon's rendering of the layout.
  std::string layoutText;
  /// Where the descriptor was made, for notes in diagnostics.
  SourceLoc loc;
};

/// A tensor descriptor parameter (`tensordesc<fp16[128, 64]>` in the
/// signature): the !gluon.tensordesc value, the block it moves and the
/// global tensor's shape (i32) and strides (i64), parameters of their own.
struct TensorDescValue {
  mlir::Value value;
  DType dtype;
  std::vector<int64_t> blockShape;
  mlir::Attribute layout;
  std::string layoutText;
  std::vector<mlir::Value> shape;
  std::vector<mlir::Value> strides;
};

/// A type as a compile-time value: gl.distributed_type (a tensor's .type),
/// gl.shared_memory_descriptor_type (a descriptor's .type) or a tensor
/// descriptor's block_type (a shape and dtype without a layout).
struct TypeValue {
  bool isSharedMemory = false;
  bool isBlock = false;
  /// A tensor descriptor's type (`desc.type`): its block (dtype, shape)
  /// and its shared layout.
  bool isTensorDesc = false;
  DType dtype;
  std::vector<int64_t> shape;
  /// For descriptors.
  std::vector<int64_t> allocShape;
  mlir::Attribute layout;
  std::string layoutText;

  bool operator==(const TypeValue &other) const {
    return isSharedMemory == other.isSharedMemory && isBlock == other.isBlock &&
           isTensorDesc == other.isTensorDesc && dtype == other.dtype &&
           shape == other.shape && allocShape == other.allocShape &&
           layout == other.layout;
  }
};

/// A distributed or shared layout.
struct LayoutValue {
  mlir::Attribute attr;
  /// How Gluon would print it, e.g. "BlockedLayout(size_per_thread=[4], ...)".
  std::string text;
};

/// What host code's `triton.runtime.driver.active.get_current_target()`
/// returns: Triton's GPUTarget, here the target the kernel is compiled for.
struct GPUTargetValue {
  /// "cuda" or "hip".
  std::string backend;
  /// The architecture as Triton gives it: a number on CUDA (90 for
  /// sm_90a), a name on HIP ("gfx942").
  std::string arch;
  unsigned warpSize = 0;
};

/// TLX's `tlx.async_tasks()`: the context manager of a block of tasks.
struct AsyncTasksValue {
  SourceLoc loc;
};

/// TLX's `tlx.async_task(...)`: one task of an async_tasks block.
struct AsyncTaskValue {
  bool isDefault = false;
  unsigned numWarps = 0;
  std::optional<unsigned> numRegs;
  unsigned replicate = 1;
  std::optional<unsigned> startWarp;
  SourceLoc loc;
};

/// `gl.amd.warp_pipeline_stage(...)` or TLX's `tlx.warp_pipeline_stage(...)`:
/// a `with` block that is one stage of a warp pipeline.
struct WarpPipelineStageValue {
  std::string label;
  bool intraWave = false;
  std::optional<int64_t> priority;
  std::optional<int64_t> pair;
  SourceLoc loc;
};

/// Gluon's rendering of a layout attribute, distributed or shared.
std::string describeLayout(mlir::Attribute layout);

/// Whether `layout` is AutoLayout, left to inference.
bool isAutoLayout(mlir::Attribute layout);

/// A LayoutValue of `attr`, with Gluon's rendering.
inline LayoutValue makeLayoutValue(mlir::Attribute attr) {
  return LayoutValue{attr, describeLayout(attr)};
}

/// The isinstance() check of a layout class: a layout whose attribute is
/// an `AttrT` (`isinstance(x, gl.NVMMASharedLayout)`).
template <typename AttrT> bool isLayoutOf(const Value &value) {
  auto *layout = value.getIf<LayoutValue>();
  return layout && mlir::isa<AttrT>(layout->attr);
}

} // namespace gluonc::frontend

//===----------------------------------------------------------------------===//
// How the interpreter sees them
//===----------------------------------------------------------------------===//

namespace gluonc::frontend {

template <> struct ObjectTraits<RuntimeValue> {
  static std::string getTypeName(const RuntimeValue &value) {
    return value.isScalar() ? "scalar" : "tensor";
  }
  static std::string getClassName(const RuntimeValue &) { return "tensor"; }
  static std::string render(const RuntimeValue &value, Style style);
  /// A run-time value is only itself.
  static bool equals(const RuntimeValue &a, const RuntimeValue &b) {
    return a.value == b.value;
  }
  static constexpr bool kHashable = false;
  static constexpr bool kRuntime = true;
};

template <> struct ObjectTraits<SharedMemoryValue> {
  static std::string getTypeName(const SharedMemoryValue &) {
    return "shared_memory_descriptor";
  }
  static std::string getClassName(const SharedMemoryValue &value) {
    return getTypeName(value);
  }
  static std::string render(const SharedMemoryValue &value, Style style);
  static bool equals(const SharedMemoryValue &a, const SharedMemoryValue &b) {
    return a.value == b.value;
  }
  static constexpr bool kHashable = false;
  static constexpr bool kRuntime = false;
};

template <> struct ObjectTraits<TensorDescValue> {
  static std::string getTypeName(const TensorDescValue &) {
    return "tensor_descriptor";
  }
  static std::string getClassName(const TensorDescValue &value) {
    return getTypeName(value);
  }
  static std::string render(const TensorDescValue &value, Style style);
  static bool equals(const TensorDescValue &a, const TensorDescValue &b) {
    return a.value == b.value;
  }
  static constexpr bool kHashable = false;
  static constexpr bool kRuntime = false;
};

template <> struct ObjectTraits<TypeValue> {
  static std::string getTypeName(const TypeValue &type) {
    return type.isBlock          ? "block_type"
           : type.isTensorDesc   ? "tensor_descriptor_type"
           : type.isSharedMemory ? "shared_memory_descriptor_type"
                                 : "distributed_type";
  }
  static std::string getClassName(const TypeValue &type) {
    return getTypeName(type);
  }
  static std::string render(const TypeValue &type, Style style);
  static bool equals(const TypeValue &a, const TypeValue &b) { return a == b; }
  static constexpr bool kHashable = false;
  static constexpr bool kRuntime = false;
};

template <> struct ObjectTraits<LayoutValue> {
  static std::string getTypeName(const LayoutValue &) { return "layout"; }
  static std::string getClassName(const LayoutValue &) { return "layout"; }
  static std::string render(const LayoutValue &layout, Style) {
    return layout.text;
  }
  static bool equals(const LayoutValue &a, const LayoutValue &b) {
    return a.attr == b.attr;
  }
  static constexpr bool kHashable = true;
  static constexpr bool kRuntime = false;
};

template <> struct ObjectTraits<GPUTargetValue> {
  static std::string getTypeName(const GPUTargetValue &) { return "GPUTarget"; }
  static std::string getClassName(const GPUTargetValue &) {
    return "GPUTarget";
  }
  static std::string render(const GPUTargetValue &target, Style) {
    bool cuda = target.backend == "cuda";
    return "GPUTarget(backend='" + target.backend +
           "', arch=" + (cuda ? target.arch : "'" + target.arch + "'") +
           ", warp_size=" + std::to_string(target.warpSize) + ")";
  }
  static bool equals(const GPUTargetValue &a, const GPUTargetValue &b) {
    return a.backend == b.backend && a.arch == b.arch &&
           a.warpSize == b.warpSize;
  }
  static constexpr bool kHashable = true;
  static constexpr bool kRuntime = false;
};

template <> struct ObjectTraits<AsyncTasksValue> {
  static std::string getTypeName(const AsyncTasksValue &) {
    return "async_tasks";
  }
  static std::string getClassName(const AsyncTasksValue &) {
    return "async_tasks";
  }
  static std::string render(const AsyncTasksValue &, Style) {
    return "tlx.async_tasks()";
  }
  static bool equals(const AsyncTasksValue &, const AsyncTasksValue &) {
    return false;
  }
  static constexpr bool kHashable = false;
  static constexpr bool kRuntime = false;
};

template <> struct ObjectTraits<AsyncTaskValue> {
  static std::string getTypeName(const AsyncTaskValue &) {
    return "async_task";
  }
  static std::string getClassName(const AsyncTaskValue &) {
    return "async_task";
  }
  static std::string render(const AsyncTaskValue &task, Style) {
    return task.isDefault ? "tlx.async_task(\"default\")"
                          : "tlx.async_task(num_warps=" +
                                std::to_string(task.numWarps) + ")";
  }
  static bool equals(const AsyncTaskValue &, const AsyncTaskValue &) {
    return false;
  }
  static constexpr bool kHashable = false;
  static constexpr bool kRuntime = false;
};

template <> struct ObjectTraits<WarpPipelineStageValue> {
  static std::string getTypeName(const WarpPipelineStageValue &) {
    return "warp_pipeline_stage";
  }
  static std::string getClassName(const WarpPipelineStageValue &) {
    return "warp_pipeline_stage";
  }
  static std::string render(const WarpPipelineStageValue &stage, Style) {
    return "warp_pipeline_stage(\"" + stage.label + "\")";
  }
  static bool equals(const WarpPipelineStageValue &,
                     const WarpPipelineStageValue &) {
    return false;
  }
  static constexpr bool kHashable = false;
  static constexpr bool kRuntime = false;
};

template <> struct ObjectTraits<DType> {
  static std::string getTypeName(const DType &) { return "dtype"; }
  static std::string getClassName(const DType &) { return "dtype"; }
  /// str() is Triton's name ("fp32"), repr() gluonc's ("gl.float32").
  static std::string render(const DType &dtype, Style style);
  static bool equals(const DType &a, const DType &b) { return a == b; }
  static constexpr bool kHashable = true;
  static constexpr bool kRuntime = false;
};

} // namespace gluonc::frontend

#endif // GLUONC_FRONTEND_IRGEN_VALUES_H
