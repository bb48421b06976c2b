//===- Dialect.h - The gluon dialect ----------------------------*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_IR_DIALECT_H
#define GLUONC_IR_DIALECT_H

#include "gluonc/IR/GeneratedCode.h"
#include "gluonc/IR/Traits.h"
#include "gluonc/Layout/LinearLayout.h"
#include "gluonc/Layout/SharedLayout.h"
#include "gluonc/Layout/TensorDescriptor.h"

#include <array>

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace gluonc {
struct ArchInfo;
/// Lets a linear layout be a parameter of #gluon.linear (LinearLayoutAttr.cpp).
llvm::hash_code hash_value(const LinearLayout &layout);
} // namespace gluonc

GLUONC_BEGIN_GENERATED_CODE
#include "gluonc/IR/GluonDialect.h.inc"

#include "gluonc/IR/GluonAttrInterfaces.h.inc"

#define GET_ATTRDEF_CLASSES
#include "gluonc/IR/GluonAttrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "gluonc/IR/GluonTypes.h.inc"

// The ops every target lowers; those of one vendor are declared in
// NvidiaOps.h and AMDOps.h.
#define GET_OP_CLASSES
#include "gluonc/IR/GluonOps.h.inc"
GLUONC_END_GENERATED_CODE

namespace mlir::gluon {

/// Module attribute: the registers per thread the kernel may use (the
/// driver's --maxnreg), when capped.
constexpr llvm::StringLiteral kMaxRegistersAttrName = "gluon.maxnreg";

/// The facts of the architecture `op`'s module is compiled for (the
/// module's `gluon.target`), as its target registered them (ArchInfo.h);
/// null when the module names none, or one no registered target describes.
/// How verifiers, which have no Target, check what depends on it.
const gluonc::ArchInfo *getTargetArchInfo(Operation *op);

/// The layout of a tensor type, or null for anything else.
LayoutAttrInterface getLayout(Type type);

/// Whether `type` is a tensor whose layout is left to inference
/// (#gluon.auto), which gluon-resolve-auto-layouts replaces.
bool hasAutoLayout(Type type);

/// The linear layout of a ranked tensor type with a gluon layout.
gluonc::LinearLayout getLinearLayout(RankedTensorType type);

/// For a pointer, its pointee type; for a tensor of pointers, the tensor of
/// pointees with the same shape and layout. Null for anything else.
Type getPointeeType(Type ptrLike);

/// `type` with its scalar element type replaced by `elementType` (a tensor
/// keeps its shape and layout).
Type withElementType(Type type, Type elementType);

/// Layouts as their IR text, for diagnostics that name both sides.
std::string layoutToString(Attribute layout);
/// A type as its IR text, for diagnostics.
std::string typeToString(Type type);
/// The source position `loc` names: its first file location (for a call
/// site, the callee's); null when it has none.
FileLineColLoc findFileLoc(Location loc);

/// Why `bases` (register, lane, warp, block) cannot be the bases of a
/// #gluon.linear layout of `shape`; empty when they can.
std::string
checkLinearLayoutBases(const std::vector<int32_t> &shape,
                       const std::array<std::vector<gluonc::Coord>, 4> &bases);
/// The linear layout of bases that checkLinearLayoutBases accepts.
gluonc::LinearLayout
buildLinearLayout(const std::vector<int32_t> &shape,
                  const std::array<std::vector<gluonc::Coord>, 4> &bases);

} // namespace mlir::gluon

#endif // GLUONC_IR_DIALECT_H
