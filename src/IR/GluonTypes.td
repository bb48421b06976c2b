//===- GluonTypes.td - Types of the gluon dialect ----------*- tablegen -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef GLUON_TYPES
#define GLUON_TYPES

include "GluonDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinTypes.td"

class Gluon_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<Gluon_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def Gluon_PointerType : Gluon_Type<"Pointer", "ptr"> {
  let summary = "a pointer to elements of a type in an address space";
  let description = [{
    `!gluon.ptr<f32>` points at `f32` values in global memory (address space
    1). Tensors of pointers (`tensor<1024x!gluon.ptr<f32>, #blocked>`) are
    what `gluon.load` and `gluon.store` access.
  }];
  let parameters = (ins "::mlir::Type":$pointeeType,
                        DefaultValuedParameter<"int", "1">:$addressSpace);
  let assemblyFormat = "`<` $pointeeType (`,` $addressSpace^)? `>`";
  let builders = [
    TypeBuilderWithInferredContext<(ins "::mlir::Type":$pointeeType,
                                        CArg<"int", "1">:$addressSpace), [{
      return $_get(pointeeType.getContext(), pointeeType, addressSpace);
    }]>
  ];
}

def Gluon_MemDescType : Gluon_Type<"MemDesc", "memdesc"> {
  let summary = "a view of a shared memory allocation";
  let description = [{
    `!gluon.memdesc<64x64xf16, #shared>` describes a view of `shape`
    elements of `elementType` in shared memory, laid out by `layout` over
    an allocation of `allocShape` (printed after the layout when it differs
    from the shape, as for views made by `memdesc_subslice`). Lowered, a
    descriptor is the address of the view's first element; the layout over
    the allocation shape gives the offset of every other element from it.
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        "::mlir::Type":$elementType,
                        "SharedLayoutAttrInterface":$layout,
                        ArrayRefParameter<"int64_t">:$allocShape);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    unsigned getRank() const { return getShape().size(); }
    /// The layout of the allocation (see gluonc::SharedLayout).
    ::gluonc::SharedLayout getSharedLayout() const;
  }];
}

def Gluon_TensorDescType : Gluon_Type<"TensorDesc", "tensordesc"> {
  let summary = "a TMA descriptor: a global tensor and the block it moves";
  let description = [{
    `!gluon.tensordesc<128x64xf16, #gluon.nvmma_shared<{swizzlingByteWidth =
    128, elementBitWidth = 16, rank = 2, transposed = false}>>` is a kernel
    parameter naming a global tensor (its address, shape and strides live
    in a 128-byte CUtensorMap the host builds) and the block of it one TMA
    load or store moves, laid out in shared memory by the NVMMA layout. The
    kernel receives the map by value; its shape and strides follow as i32
    and i64 parameters (Triton's ABI). gluonc::planTMA says how the block
    splits into TMA messages.
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$blockShape,
                        "::mlir::Type":$elementType,
                        "SharedLayoutAttrInterface":$layout);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    unsigned getRank() const { return getBlockShape().size(); }
    /// The messages that move the block (gluonc/Layout/TensorDescriptor.h).
    ::gluonc::TMAPlan getTMAPlan() const;
    /// The shared memory descriptor type of one block.
    MemDescType getBlockType() const;
  }];
}

//===----------------------------------------------------------------------===//
// Type constraints
//===----------------------------------------------------------------------===//

def Gluon_Int : AnyTypeOf<[I1, I8, I16, I32, I64]>;
def Gluon_Float : AnyTypeOf<[F16, BF16, F32, F64, F8E4M3FN, F8E5M2]>;
def Gluon_Scalar : AnyTypeOf<[Gluon_Int, Gluon_Float, Gluon_PointerType]>;

def Gluon_LayoutTensor : Type<
    // IsRankedTensorTypePred, not AnyRankedTensor.predicate: the latter also
    // checks the element type against AnyType through a lambda whose
    // parameter is unused (-Wunused-parameter in the generated code).
    And<[IsRankedTensorTypePred,
         CPred<"::llvm::isa_and_nonnull<::mlir::gluon::LayoutAttrInterface>("
               "::llvm::cast<::mlir::RankedTensorType>($_self).getEncoding())">]>,
    "ranked tensor with a gluon layout", "::mlir::RankedTensorType">;

class Gluon_TensorOf<list<Type> elements> : Type<
    And<[Gluon_LayoutTensor.predicate,
         SubstLeaves<"$_self",
                     "::llvm::cast<::mlir::RankedTensorType>($_self)"
                     ".getElementType()",
                     AnyTypeOf<elements>.predicate>]>,
    "tensor of " # AnyTypeOf<elements>.summary # " with a gluon layout",
    "::mlir::RankedTensorType">;

def Gluon_IntTensor : Gluon_TensorOf<[Gluon_Int]>;
def Gluon_BoolTensor : Gluon_TensorOf<[I1]>;
def Gluon_PtrTensor : Gluon_TensorOf<[Gluon_PointerType]>;
def Gluon_ValueTensor : Gluon_TensorOf<[Gluon_Int, Gluon_Float, Gluon_PointerType]>;

def Gluon_PtrLike : AnyTypeOf<[Gluon_PointerType, Gluon_PtrTensor]>;
def Gluon_IntLike : AnyTypeOf<[Gluon_Int, Gluon_IntTensor]>;
def Gluon_BoolLike : AnyTypeOf<[I1, Gluon_BoolTensor]>;
def Gluon_ValueLike : AnyTypeOf<[Gluon_Scalar, Gluon_ValueTensor]>;

// Shared memory and tensor descriptors, for the ops of every ODS file.
def Gluon_MemDesc : Type<
    CPred<"::llvm::isa<::mlir::gluon::MemDescType>($_self)">,
    "shared memory descriptor", "::mlir::gluon::MemDescType">;
def Gluon_TensorDesc : Type<
    CPred<"::llvm::isa<::mlir::gluon::TensorDescType>($_self)">,
    "tensor descriptor", "::mlir::gluon::TensorDescType">;

#endif // GLUON_TYPES
