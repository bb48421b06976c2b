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
include "mlir/Interfaces/ControlFlowInterfaces.td"
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
// Reductions and layout conversions
//===----------------------------------------------------------------------===//

def Gluon_ReduceOp : Gluon_Op<"reduce", [Pure]> {
  let summary = "combine the elements of tensors along an axis";
  let description = [{
    Reduces each source along `axis` with the combine region, which takes
    two values per source (the running result first) and yields one per
    source. The results have the sources' layout sliced along `axis`; a 1-D
    source reduces to a scalar that every thread holds.

    ```mlir
    %sum = gluon.reduce %x {axis = 1 : i32} : tensor<8x128xf32, #blocked>
        -> tensor<8xf32, #gluon.slice<{dim = 1, parent = #blocked}>> {
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      gluon.reduce.return %s : f32
    }
    ```
  }];
  let arguments = (ins Variadic<Gluon_ValueTensor>:$srcs, I32Attr:$axis);
  let results = (outs Variadic<Gluon_ValueLike>:$results);
  let regions = (region SizedRegion<1>:$combine);
  let assemblyFormat = [{
    $srcs attr-dict `:` type($srcs) `->` type($results) $combine
  }];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def Gluon_ReduceReturnOp : Gluon_Op<"reduce.return",
    [HasParent<"ReduceOp">, Pure, Terminator, ReturnLike]> {
  let summary = "the combined values of a gluon.reduce step";
  let arguments = (ins Variadic<AnyType>:$results);
  let assemblyFormat = "$results attr-dict `:` type($results)";
}

def Gluon_ConvertLayoutOp : Gluon_Op<"convert_layout", [Pure]> {
  let summary = "redistribute a tensor over the threads";
  let description = [{
    The same tensor in another layout. Free when the two layouts are the
    same linear map, a register permutation when every element stays in its
    thread, a round trip through shared memory otherwise.
  }];
  let arguments = (ins Gluon_ValueTensor:$src);
  let results = (outs Gluon_ValueTensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
}

def Gluon_BarrierOp : Gluon_Op<"barrier",
    [MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "wait until every thread of the program has arrived";
  let description = [{
    All shared memory accesses made before the barrier by any thread of the
    program are complete and visible to all of them after it.
  }];
  let assemblyFormat = "attr-dict";
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
