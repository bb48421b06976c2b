//===- GluonOps.td - Operations of the gluon dialect -------*- tablegen -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef GLUON_OPS
#define GLUON_OPS

include "GluonDialect.td"
include "GluonTypes.td"
include "GluonAttrs.td"
include "mlir/IR/OpBase.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Gluon_AxisAttr : ConfinedAttr<I32Attr, [IntMinValue<0>, IntMaxValue<2>]>;

//===----------------------------------------------------------------------===//
// Program indices
//===----------------------------------------------------------------------===//

def Gluon_ProgramIdOp : Gluon_Op<"program_id", [Pure]> {
  let summary = "the index of this program along a grid axis";
  let arguments = (ins Gluon_AxisAttr:$axis);
  let results = (outs I32:$result);
  let assemblyFormat = "$axis attr-dict `:` type($result)";
}

def Gluon_NumProgramsOp : Gluon_Op<"num_programs", [Pure]> {
  let summary = "the number of programs along a grid axis";
  let arguments = (ins Gluon_AxisAttr:$axis);
  let results = (outs I32:$result);
  let assemblyFormat = "$axis attr-dict `:` type($result)";
}

//===----------------------------------------------------------------------===//
// Tensor creation and shape changes that keep every element in its thread
//===----------------------------------------------------------------------===//

def Gluon_ArangeOp : Gluon_Op<"arange", [Pure]> {
  let summary = "the integers [start, end) in a 1-D tensor";
  let arguments = (ins I32Attr:$start, I32Attr:$end);
  let results = (outs Gluon_IntTensor:$result);
  let assemblyFormat = "$start `to` $end attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def Gluon_SplatOp : Gluon_Op<"splat", [Pure]> {
  let summary = "a tensor with every element equal to a scalar";
  let arguments = (ins Gluon_Scalar:$src);
  let results = (outs Gluon_ValueTensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
}

def Gluon_BroadcastOp : Gluon_Op<"broadcast", [Pure]> {
  let summary = "repeat size-1 dimensions to a larger shape";
  let arguments = (ins Gluon_ValueTensor:$src);
  let results = (outs Gluon_ValueTensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
}

def Gluon_ExpandDimsOp : Gluon_Op<"expand_dims", [Pure]> {
  let summary = "insert a size-1 dimension";
  let description = [{
    The source's layout must be `#gluon.slice<{dim = axis, parent = P}>` and
    the result's `P`: no element changes thread.
  }];
  let arguments = (ins Gluon_ValueTensor:$src, I32Attr:$axis);
  let results = (outs Gluon_ValueTensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Pointers and memory
//===----------------------------------------------------------------------===//

def Gluon_AddPtrOp : Gluon_Op<"addptr",
    [Pure, AllTypesMatch<["ptr", "result"]>]> {
  let summary = "advance pointers by element offsets";
  let arguments = (ins Gluon_PtrLike:$ptr, Gluon_IntLike:$offset);
  let results = (outs Gluon_PtrLike:$result);
  let assemblyFormat =
      "$ptr `,` $offset attr-dict `:` type($ptr) `,` type($offset)";
  let hasVerifier = 1;
}

def Gluon_LoadOp : Gluon_Op<"load", [AttrSizedOperandSegments,
    MemoryEffects<[MemRead<DefaultResource>]>]> {
  let summary = "load from global memory, optionally masked";
  let description = [{
    Loads the element each pointer points at. Where `mask` is false nothing
    is read and the result is `other` (undefined without `other`).
  }];
  let arguments = (ins Gluon_PtrLike:$ptr, Optional<Gluon_BoolLike>:$mask,
                       Optional<Gluon_ValueLike>:$other);
  let results = (outs Gluon_ValueLike:$result);
  let assemblyFormat = [{
    $ptr (`mask` $mask^)? (`other` $other^)? attr-dict `:`
    functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Gluon_StoreOp : Gluon_Op<"store",
    [MemoryEffects<[MemWrite<DefaultResource>]>]> {
  let summary = "store to global memory, optionally masked";
  let arguments = (ins Gluon_PtrLike:$ptr, Gluon_ValueLike:$value,
                       Optional<Gluon_BoolLike>:$mask);
  let assemblyFormat = [{
    $ptr `,` $value (`mask` $mask^)? attr-dict `:`
    functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Lowering-internal accesses
//===----------------------------------------------------------------------===//

def Gluon_LLVMPointer : Type<
    CPred<"::llvm::isa<::mlir::LLVM::LLVMPointerType>($_self)">,
    "LLVM pointer", "::mlir::LLVM::LLVMPointerType">;

def Gluon_PredicatedLoadOp : Gluon_Op<"predicated_load",
    [MemoryEffects<[MemRead<DefaultResource>]>,
     AllTypesMatch<["fallback", "result"]>]> {
  let summary = "an LLVM load that reads memory only where a predicate holds";
  let description = [{
    Made by the lowering of `gluon.load` (one per vector access) and expanded
    into a branch around an `llvm.load` by `gluon-expand-predicated-accesses`
    in the same stage. Keeping the access in one block until then lets the
    expansion split each block once, from the last access backwards, rather
    than once per access over the whole rest of the block.
  }];
  let arguments = (ins Gluon_LLVMPointer:$ptr, I1:$predicate,
                       AnyType:$fallback, I64Attr:$alignment);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $ptr `,` $predicate `,` $fallback attr-dict `:` qualified(type($ptr)) `,`
    type($result)
  }];
}

def Gluon_PredicatedStoreOp : Gluon_Op<"predicated_store",
    [MemoryEffects<[MemWrite<DefaultResource>]>]> {
  let summary = "an LLVM store that writes only where a predicate holds";
  let description = [{
    The store counterpart of `gluon.predicated_load`.
  }];
  let arguments = (ins Gluon_LLVMPointer:$ptr, AnyType:$value, I1:$predicate,
                       I64Attr:$alignment);
  let assemblyFormat = [{
    $ptr `,` $value `,` $predicate attr-dict `:` qualified(type($ptr)) `,`
    type($value)
  }];
}

#endif // GLUON_OPS
