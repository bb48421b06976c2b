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
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Gluon_AxisAttr : ConfinedAttr<I32Attr, [IntMinValue<0>, IntMaxValue<2>]>;

// Every tensor operand has the same layout (gluonc/IR/Traits.h).
def Gluon_SameOperandsEncoding : NativeOpTrait<"SameOperandsEncoding"> {
  let cppNamespace = "::mlir::gluon::OpTrait";
}

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
// Shape changes that rename registers: the result layout is inferred from
// the source's so that every element stays in its thread
//===----------------------------------------------------------------------===//

def Gluon_ReshapeOp : Gluon_Op<"reshape", [Pure]> {
  let summary = "the same elements, in row-major order, in another shape";
  let description = [{
    The result's layout must hold each element in the thread that held it
    in the source (Gluon infers it so; see gluonc/Layout/ShapeLayouts.h).
  }];
  let arguments = (ins Gluon_ValueTensor:$src);
  let results = (outs Gluon_ValueTensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
}

def Gluon_PermuteOp : Gluon_Op<"permute", [Pure]> {
  let summary = "reorder the dimensions of a tensor";
  let description = [{
    Result dimension d is source dimension `order[d]`; each element stays
    in its thread.
  }];
  let arguments = (ins Gluon_ValueTensor:$src, DenseI32ArrayAttr:$order);
  let results = (outs Gluon_ValueTensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
}

def Gluon_JoinOp : Gluon_Op<"join", [Pure, AllTypesMatch<["lhs", "rhs"]>]> {
  let summary = "stack two tensors along a new last dimension of size 2";
  let description = [{
    `result[..., 0]` is `lhs`, `result[..., 1]` is `rhs`; the two values of
    a pair are held by one thread.
  }];
  let arguments = (ins Gluon_ValueTensor:$lhs, Gluon_ValueTensor:$rhs);
  let results = (outs Gluon_ValueTensor:$result);
  let assemblyFormat =
      "$lhs `,` $rhs attr-dict `:` type($lhs) `->` type($result)";
  let hasVerifier = 1;
}

def Gluon_SplitOp : Gluon_Op<"split", [Pure, AllTypesMatch<["lhs", "rhs"]>]> {
  let summary = "the two halves of a tensor whose last dimension is 2";
  let description = [{
    The inverse of `gluon.join`: the source's last dimension must be held
    by one register bit, so both halves stay in their threads.
  }];
  let arguments = (ins Gluon_ValueTensor:$src);
  let results = (outs Gluon_ValueTensor:$lhs, Gluon_ValueTensor:$rhs);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($lhs)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Reductions and layout conversions
//===----------------------------------------------------------------------===//

def Gluon_ReduceOp : Gluon_Op<"reduce", [Pure, SameOperandsShape,
    Gluon_SameOperandsEncoding, InferTypeOpAdaptor]> {
  let summary = "combine the elements of tensors along an axis";
  let description = [{
    Reduces each source along `axis` with the combine region, which takes
    two values per source (the running result first) and yields one per
    source. The sources share one shape and layout. The result types follow
    from them (inferReturnTypes): each source's shape without `axis`, in
    its layout sliced along `axis`; a 1-D source reduces to a scalar that
    every thread holds.

    ```mlir
    %sum = gluon.reduce %x {axis = 1 : i32} : tensor<8x128xf32, #blocked>
        -> tensor<8xf32, #gluon.slice<{dim = 1, parent = #blocked}>> {
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      gluon.reduce.return %s : f32
    }
    ```

    Built with `ReduceOp::create(builder, loc, srcs, axis)`, which infers
    the result types; the caller then adds the combine block.
  }];
  let arguments = (ins Variadic<Gluon_ValueTensor>:$srcs, I32Attr:$axis);
  let results = (outs Variadic<Gluon_ValueLike>:$results);
  let regions = (region SizedRegion<1>:$combine);
  let assemblyFormat = [{
    $srcs attr-dict `:` type($srcs) `->` type($results) $combine
  }];
  // The default builders would add an inferring builder that aborts on
  // sources it cannot reduce, and overloads that make a call with an
  // int64_t axis ambiguous.
  let skipDefaultBuilders = 1;
  let builders = [
    OpBuilder<(ins "ValueRange":$srcs, "int":$axis)>,
    // Explicit result types, which must be the inferred ones.
    OpBuilder<(ins "TypeRange":$results, "ValueRange":$srcs,
                   "IntegerAttr":$axis)>
  ];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def Gluon_ReduceReturnOp : Gluon_Op<"reduce.return",
    [HasParent<"ReduceOp">, Pure, Terminator, ReturnLike]> {
  let summary = "the combined values of a gluon.reduce step";
  let arguments = (ins Variadic<AnyType>:$results);
  let assemblyFormat = "$results attr-dict `:` type($results)";
}

def Gluon_ScanOp : Gluon_Op<"scan", [Pure, SameOperandsShape,
    Gluon_SameOperandsEncoding, InferTypeOpAdaptor]> {
  let summary = "inclusive scan of tensors along an axis";
  let description = [{
    Each result element combines, in order, the source elements up to it
    along `axis` (from the end with `reverse`). The combine region takes
    two values per source, the earlier elements' first, and yields one per
    source; it must be associative but need not be commutative. The
    sources share one shape and layout; the results have the sources'
    types (inferReturnTypes).

    ```mlir
    %c = gluon.scan %x {axis = 1 : i32} : tensor<8x128xf32, #blocked>
        -> tensor<8x128xf32, #blocked> {
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      gluon.scan.return %s : f32
    }
    ```

    Built with `ScanOp::create(builder, loc, srcs, axis, reverse)`, which
    infers the result types; the caller then adds the combine block.
  }];
  let arguments = (ins Variadic<Gluon_ValueTensor>:$srcs, I32Attr:$axis,
                       UnitAttr:$reverse);
  let results = (outs Variadic<Gluon_ValueTensor>:$results);
  let regions = (region SizedRegion<1>:$combine);
  let assemblyFormat = [{
    $srcs attr-dict `:` type($srcs) `->` type($results) $combine
  }];
  // As for gluon.reduce: one inferring builder that never aborts.
  let skipDefaultBuilders = 1;
  let builders = [
    OpBuilder<(ins "ValueRange":$srcs, "int":$axis,
                   CArg<"bool", "false">:$reverse)>,
    // Explicit result types, which must be the inferred ones.
    OpBuilder<(ins "TypeRange":$results, "ValueRange":$srcs,
                   "IntegerAttr":$axis, CArg<"UnitAttr", "{}">:$reverse)>
  ];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def Gluon_ScanReturnOp : Gluon_Op<"scan.return",
    [HasParent<"ScanOp">, Pure, Terminator, ReturnLike]> {
  let summary = "the combined values of a gluon.scan step";
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

def Gluon_DotFmaOp : Gluon_Op<"dot_fma",
    [Pure, AllTypesMatch<["acc", "result"]>]> {
  let summary = "acc + a @ b, one fused multiply-add at a time";
  let description = [{
    `a` is [M, K] in `#gluon.dot_op<{opIdx = 0, parent = P}>`, `b` is
    [K, N] in `#gluon.dot_op<{opIdx = 1, parent = P}>`, and `acc` and the
    result are [M, N] in the blocked layout `P`. Every thread holds the
    rows of `a` and the columns of `b` its accumulator elements need, so the
    product needs no communication: each element is accumulated over k in
    increasing order, one fused multiply-add (a multiply and an add for
    integers) per step. All three have one element type (the frontend
    widens narrower operands first).
  }];
  let arguments = (ins Gluon_ValueTensor:$a, Gluon_ValueTensor:$b,
                       Gluon_ValueTensor:$acc);
  let results = (outs Gluon_ValueTensor:$result);
  let assemblyFormat = [{
    $a `,` $b `,` $acc attr-dict `:` type($a) `,` type($b) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Gluon_MfmaOp : Gluon_Op<"mfma",
    [Pure, AllTypesMatch<["acc", "result"]>]> {
  let summary = "acc + a @ b on AMD's matrix cores";
  let description = [{
    `acc` and the result are [M, N] fp32 in a `#gluon.amd_mfma` layout; `a`
    ([M, K]) and `b` ([K, N]) are fp16 or bf16 in its dot operand layouts
    (kWidth 4). Each warp issues one MFMA instruction per tile and K step.
  }];
  let arguments = (ins Gluon_ValueTensor:$a, Gluon_ValueTensor:$b,
                       Gluon_ValueTensor:$acc);
  let results = (outs Gluon_ValueTensor:$result);
  let assemblyFormat = [{
    $a `,` $b `,` $acc attr-dict `:` type($a) `,` type($b) `->` type($result)
  }];
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

def Gluon_BufferLoadOp : Gluon_Op<"buffer_load", [AttrSizedOperandSegments,
    MemoryEffects<[MemRead<DefaultResource>]>]> {
  let summary = "load through an AMD buffer resource: base plus offsets";
  let description = [{
    The element at `ptr + offsets` (element offsets, i32) for every element
    of `offsets`; where `mask` is false nothing is read and the result is
    `other` (zero without it). The pointer is one base for the whole
    program; the offsets must stay below 2^31 bytes.
  }];
  let arguments = (ins Gluon_PointerType:$ptr, Gluon_IntTensor:$offsets,
                       Optional<Gluon_BoolTensor>:$mask,
                       Optional<Gluon_ValueTensor>:$other);
  let results = (outs Gluon_ValueTensor:$result);
  let assemblyFormat = [{
    $ptr `[` $offsets `]` (`mask` $mask^)? (`other` $other^)? attr-dict `:`
    functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Gluon_BufferStoreOp : Gluon_Op<"buffer_store", [
    MemoryEffects<[MemWrite<DefaultResource>]>]> {
  let summary = "store through an AMD buffer resource: base plus offsets";
  let arguments = (ins Gluon_ValueTensor:$value, Gluon_PointerType:$ptr,
                       Gluon_IntTensor:$offsets,
                       Optional<Gluon_BoolTensor>:$mask);
  let assemblyFormat = [{
    $value `,` $ptr `[` $offsets `]` (`mask` $mask^)? attr-dict `:`
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

def Gluon_PredicatedOp : Gluon_Op<"predicated",
    [RecursiveMemoryEffects, SingleBlock, NoRegionArguments]> {
  let summary = "LLVM ops that run only where a predicate holds";
  let description = [{
    The lowering's way to guard an access that has side effects, such as an
    atomic on AMD, without splitting blocks in a conversion pattern: the
    body runs where `predicate` holds and its `gluon.predicated.yield`
    values are the results; elsewhere the results are the `fallback`
    values. `gluon-expand-predicated-accesses` turns it into a branch
    around the body, as it does `gluon.predicated_load`.
  }];
  let arguments = (ins I1:$predicate, Variadic<AnyType>:$fallback);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    $predicate (`else` $fallback^)? attr-dict-with-keyword `:`
    functional-type($fallback, $results) $body
  }];
  let hasVerifier = 1;
}

def Gluon_PredicatedYieldOp : Gluon_Op<"predicated.yield",
    [HasParent<"PredicatedOp">, Pure, Terminator, ReturnLike]> {
  let summary = "the results of a gluon.predicated body";
  let arguments = (ins Variadic<AnyType>:$results);
  let assemblyFormat = "($results^ `:` type($results))? attr-dict";
}

//===----------------------------------------------------------------------===//
// Shared memory (SharedMemoryOps.cpp)
//===----------------------------------------------------------------------===//

def Gluon_MemDesc : Type<
    CPred<"::llvm::isa<::mlir::gluon::MemDescType>($_self)">,
    "shared memory descriptor", "::mlir::gluon::MemDescType">;

def Gluon_LocalAllocOp : Gluon_Op<"local_alloc",
    [MemoryEffects<[MemAlloc<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "allocate shared memory, optionally storing a tensor in it";
  let description = [{
    A fresh allocation of the result's allocation shape, live for the rest
    of the program. With `src`, every element of it is stored first (as by
    `gluon.local_store`). The allocation pass gives it its place
    (`gluon.allocation_offset`, in bytes from the start of the program's
    shared memory).
  }];
  let arguments = (ins Optional<Gluon_ValueTensor>:$src);
  let results = (outs Gluon_MemDesc:$result);
  let assemblyFormat = [{
    ($src^ `:` type($src))? attr-dict `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def Gluon_LocalLoadOp : Gluon_Op<"local_load",
    [MemoryEffects<[MemRead<DefaultResource>]>]> {
  let summary = "load a tensor from shared memory in a distributed layout";
  let arguments = (ins Gluon_MemDesc:$src);
  let results = (outs Gluon_ValueTensor:$result);
  let assemblyFormat = [{
    $src attr-dict `:` qualified(type($src)) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Gluon_LocalStoreOp : Gluon_Op<"local_store",
    [MemoryEffects<[MemWrite<DefaultResource>]>]> {
  let summary = "store a tensor into shared memory";
  let arguments = (ins Gluon_ValueTensor:$src, Gluon_MemDesc:$dst);
  let assemblyFormat = [{
    $src `,` $dst attr-dict `:` type($src) `->` qualified(type($dst))
  }];
  let hasVerifier = 1;
}

def Gluon_MemDescIndexOp : Gluon_Op<"memdesc_index", [Pure]> {
  let summary = "the view of one buffer of a multi-buffered allocation";
  let description = [{
    Drops the leading dimension, which must be a buffer dimension (one the
    layout does not lay out): the result is buffer `index` of the source.
  }];
  let arguments = (ins Gluon_MemDesc:$src, I32:$index);
  let results = (outs Gluon_MemDesc:$result);
  let assemblyFormat = [{
    $src `[` $index `]` attr-dict `:` qualified(type($src)) `->`
    qualified(type($result))
  }];
  let hasVerifier = 1;
}

def Gluon_MemDescSubsliceOp : Gluon_Op<"memdesc_subslice", [Pure]> {
  let summary = "a view of a block of a descriptor";
  let description = [{
    The elements from `offsets` on, in the result's shape. Each size is a
    power of two, each offset a multiple of the size along its dimension,
    and the block's first element must be a fixed distance from every
    element of the block (the layout's offsets of the block's start and of
    positions within the block share no bit): then the view is an address
    and the same layout.
  }];
  let arguments = (ins Gluon_MemDesc:$src, DenseI32ArrayAttr:$offsets);
  let results = (outs Gluon_MemDesc:$result);
  let assemblyFormat = [{
    $src $offsets attr-dict `:` qualified(type($src)) `->`
    qualified(type($result))
  }];
  let hasVerifier = 1;
}

def Gluon_MemDescPermuteOp : Gluon_Op<"memdesc_permute", [Pure]> {
  let summary = "the same shared memory with its dimensions reordered";
  let description = [{
    Result dimension d is source dimension `order[d]`. The result's layout
    must put every element where the source's does.
  }];
  let arguments = (ins Gluon_MemDesc:$src, DenseI32ArrayAttr:$order);
  let results = (outs Gluon_MemDesc:$result);
  let assemblyFormat = [{
    $src attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def Gluon_MemDescReshapeOp : Gluon_Op<"memdesc_reshape", [Pure]> {
  let summary = "the same shared memory in another shape";
  let description = [{
    The elements in row-major order, in the result's shape. The result's
    layout must put every element where the source's does.
  }];
  let arguments = (ins Gluon_MemDesc:$src);
  let results = (outs Gluon_MemDesc:$result);
  let assemblyFormat = [{
    $src attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Asynchronous copies and mbarriers (NVIDIA Hopper; AsyncOps.cpp)
//===----------------------------------------------------------------------===//

def Gluon_TensorDesc : Type<
    CPred<"::llvm::isa<::mlir::gluon::TensorDescType>($_self)">,
    "tensor descriptor", "::mlir::gluon::TensorDescType">;

class Gluon_MBarrierOp<string mnemonic, list<Trait> traits = []>
    : Gluon_Op<mnemonic, traits> {
  let hasVerifier = 1;
}

def Gluon_InitBarrierOp : Gluon_MBarrierOp<"init_barrier",
    [MemoryEffects<[MemWrite<DefaultResource>]>]> {
  let summary = "initialize an mbarrier";
  let description = [{
    `gluon.init_barrier %bar, 1 : !gluon.memdesc<1xi64, #shared>`: one
    thread sets the mbarrier (one i64 of shared memory) to phase 0,
    expecting `count` arrivals per phase. Other threads use it only after a
    barrier (the barrier pass inserts it).
  }];
  let arguments = (ins Gluon_MemDesc:$barrier,
                       ConfinedAttr<I32Attr, [IntMinValue<1>]>:$count);
  let assemblyFormat = [{
    $barrier `,` $count attr-dict `:` qualified(type($barrier))
  }];
}

def Gluon_InvalidateBarrierOp : Gluon_MBarrierOp<"inval_barrier",
    [MemoryEffects<[MemWrite<DefaultResource>]>]> {
  let summary = "end an mbarrier's life, so its memory can be reused";
  let arguments = (ins Gluon_MemDesc:$barrier);
  let assemblyFormat = "$barrier attr-dict `:` qualified(type($barrier))";
}

def Gluon_BarrierExpectOp : Gluon_MBarrierOp<"barrier_expect",
    [MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "arrive on an mbarrier, expecting bytes of async copies";
  let description = [{
    `gluon.barrier_expect %bar, 16384, %true : !gluon.memdesc<1xi64,
    #shared>`: where `pred` holds, one thread arrives on the mbarrier and
    raises the bytes its current phase waits for by `bytes` (mbarrier's
    arrive.expect_tx). TMA loads that name the barrier count their bytes
    down; the phase completes when all arrivals and bytes are in.
  }];
  let arguments = (ins Gluon_MemDesc:$barrier,
                       ConfinedAttr<I32Attr, [IntMinValue<0>]>:$bytes,
                       I1:$pred);
  let assemblyFormat = [{
    $barrier `,` $bytes `,` $pred attr-dict `:` qualified(type($barrier))
  }];
}

def Gluon_ArriveBarrierOp : Gluon_MBarrierOp<"arrive_barrier",
    [MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "arrive on an mbarrier";
  let description = [{
    `gluon.arrive_barrier %bar, 1, %true : !gluon.memdesc<1xi64, #shared>`:
    where `pred` holds, one thread arrives `count` times.
  }];
  let arguments = (ins Gluon_MemDesc:$barrier,
                       ConfinedAttr<I32Attr, [IntMinValue<1>]>:$count,
                       I1:$pred);
  let assemblyFormat = [{
    $barrier `,` $count `,` $pred attr-dict `:` qualified(type($barrier))
  }];
}

def Gluon_WaitBarrierOp : Gluon_MBarrierOp<"wait_barrier",
    [MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "wait until an mbarrier's phase of the given parity ends";
  let description = [{
    `gluon.wait_barrier %bar, %phase, %true : !gluon.memdesc<1xi64,
    #shared>`: every thread where `pred` holds waits until the phase whose
    parity is `phase & 1` has completed. What the async copies of that
    phase wrote to shared memory is then visible to the thread.
  }];
  let arguments = (ins Gluon_MemDesc:$barrier, I32:$phase, I1:$pred);
  let assemblyFormat = [{
    $barrier `,` $phase `,` $pred attr-dict `:` qualified(type($barrier))
  }];
}

def Gluon_FenceAsyncSharedOp : Gluon_Op<"fence_async_shared",
    [MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "order this thread's shared memory accesses with async ones";
  let description = [{
    Shared memory this thread wrote before the fence is visible to the
    async proxy (TMA stores, wgmma) after it. `cluster` extends the fence
    to the cluster's shared memory.
  }];
  let arguments = (ins UnitAttr:$cluster);
  let assemblyFormat = "(`cluster` $cluster^)? attr-dict";
}

def Gluon_AsyncTMALoadOp : Gluon_Op<"async_tma_load",
    [MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "copy a block of a global tensor to shared memory with TMA";
  let description = [{
    `gluon.async_tma_load %desc[%x, %y], %smem, %bar, %true :
    !gluon.tensordesc<...>, !gluon.memdesc<...>, !gluon.memdesc<1xi64,
    ...>`: where `pred` holds, starts copying the block at coordinates
    `coords` (elements, dimension 0 first; out of bounds reads zero) into
    `dst`, which has the descriptor's block shape and layout. The copy
    counts its bytes down on `barrier`; wait on the barrier before reading.
  }];
  let arguments = (ins Gluon_TensorDesc:$desc, Variadic<I32>:$coords,
                       Gluon_MemDesc:$dst, Gluon_MemDesc:$barrier,
                       I1:$pred);
  let assemblyFormat = [{
    $desc `[` $coords `]` `,` $dst `,` $barrier `,` $pred attr-dict `:`
    qualified(type($desc)) `,` qualified(type($dst)) `,`
    qualified(type($barrier))
  }];
  let hasVerifier = 1;
}

def Gluon_AsyncTMAStoreOp : Gluon_Op<"async_tma_store",
    [MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "copy a block of shared memory to a global tensor with TMA";
  let description = [{
    `gluon.async_tma_store %desc[%x, %y], %smem : !gluon.tensordesc<...>,
    !gluon.memdesc<...>`: starts copying `src` (the descriptor's block shape
    and layout) to the block at `coords`; elements out of bounds are not
    written. `src` must not change until gluon.tma_store_wait says the copy
    has read it; what threads wrote to `src` must be fenced
    (gluon.fence_async_shared) before.
  }];
  let arguments = (ins Gluon_TensorDesc:$desc, Variadic<I32>:$coords,
                       Gluon_MemDesc:$src);
  let assemblyFormat = [{
    $desc `[` $coords `]` `,` $src attr-dict `:` qualified(type($desc)) `,`
    qualified(type($src))
  }];
  let hasVerifier = 1;
}

def Gluon_TMAStoreWaitOp : Gluon_Op<"tma_store_wait",
    [MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "wait until at most N TMA stores still read shared memory";
  let arguments = (ins ConfinedAttr<I32Attr, [IntMinValue<0>]>:$pendings);
  let assemblyFormat = "$pendings attr-dict";
}

//===----------------------------------------------------------------------===//
// Asynchronous copies and mma.sync (NVIDIA Ampere; AsyncOps.cpp,
// MmaV2Ops.cpp)
//===----------------------------------------------------------------------===//

def Gluon_AsyncCopyGlobalToLocalOp : Gluon_Op<"async_copy_global_to_local",
    [MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "start copying global memory to shared memory (cp.async)";
  let description = [{
    `gluon.async_copy_global_to_local %ptrs, %smem mask %m : tensor<64x32x
    !gluon.ptr<f16>, #blocked> -> !gluon.memdesc<64x32xf16, #shared>`: each
    thread starts copying the elements its pointers point at into `dst`
    (the pointers' shape; element (i, j) of the tensor to element (i, j) of
    the buffer), as many consecutive elements per copy as both the
    pointers (their layout and what is known of their values) and the
    shared layout keep together, 4, 8 or 16 bytes. Where `mask` is false
    nothing is read and zeros are written. The copies join the thread's
    current group (gluon.async_commit_group closes it); the buffer's
    contents are defined only after a gluon.async_wait_group that covers
    the group, and seen by other threads after a barrier as well (the
    barrier pass inserts it). `cache` is "ca" (cache at all levels) or "cg"
    (L2 only, for 16-byte copies); without it 16-byte copies use cg and
    smaller ones ca.
  }];
  let arguments = (ins Gluon_PtrTensor:$src, Gluon_MemDesc:$dst,
                       Optional<Gluon_BoolTensor>:$mask,
                       OptionalAttr<StrAttr>:$cache);
  let assemblyFormat = [{
    $src `,` $dst (`mask` $mask^)? attr-dict `:` type($src) (`,` type($mask)^)?
    `->` qualified(type($dst))
  }];
  let hasVerifier = 1;
}

def Gluon_BufferLoadToLocalOp : Gluon_Op<"buffer_load_to_local",
    [MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "start copying global memory to shared memory through an AMD "
                "buffer resource";
  let description = [{
    `gluon.buffer_load_to_local %base[%offsets], %smem mask %m :
    !gluon.ptr<f16>, tensor<64x32xi32, #blocked>, tensor<64x32xi1, #blocked>
    -> !gluon.memdesc<64x32xf16, #shared>`: the asynchronous copy of
    gluon.async_copy_global_to_local, addressed like gluon.buffer_load
    (one base for the program, i32 element offsets below 2^31 bytes):
    element `base + offsets[i, j]` goes to element (i, j) of `dst`. Where
    `mask` is false nothing is read and zeros are written. The copies join
    the thread's current group (gluon.async_commit_group), and
    gluon.async_wait_group waits for them. On CDNA each copy is a
    `buffer_load_dword* ... lds`, which writes the LDS words of a wave's
    lanes consecutively, so `dst`'s layout must place them so.
  }];
  let arguments = (ins Gluon_PointerType:$ptr, Gluon_IntTensor:$offsets,
                       Gluon_MemDesc:$dst, Optional<Gluon_BoolTensor>:$mask);
  let assemblyFormat = [{
    $ptr `[` $offsets `]` `,` $dst (`mask` $mask^)? attr-dict `:`
    qualified(type($ptr)) `,` type($offsets) (`,` type($mask)^)? `->`
    qualified(type($dst))
  }];
  let hasVerifier = 1;
}

def Gluon_AsyncCommitGroupOp : Gluon_Op<"async_commit_group",
    [MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "close the thread's current group of async copies";
  let description = [{
    `gluon.async_commit_group`: the gluon.async_copy_global_to_local ops
    this thread started since the last commit form one group
    (cp.async.commit_group), which gluon.async_wait_group counts.
  }];
  let assemblyFormat = "attr-dict";
}

def Gluon_AsyncWaitGroupOp : Gluon_Op<"async_wait_group",
    [MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "wait until at most N groups of async copies are in flight";
  let description = [{
    `gluon.async_wait_group 1`: this thread waits until at most `pendings`
    of its committed groups are still running (cp.async.wait_group): the
    older ones have written shared memory, visibly to this thread; other
    threads see it after a barrier.
  }];
  let arguments = (ins ConfinedAttr<I32Attr, [IntMinValue<0>]>:$pendings);
  let assemblyFormat = "$pendings attr-dict";
}

def Gluon_MmaV2Op : Gluon_Op<"mma_v2",
    [Pure, DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "acc + a @ b on Ampere's tensor cores (mma.sync)";
  let description = [{
    `%r = gluon.mma_v2 %a, %b, %acc : tensor<64x32xf16, #dot_a>,
    tensor<32x64xf16, #dot_b> -> tensor<64x64xf32, #mma>`: the accumulator
    and the result are [M, N] in a `#gluon.nvidia_mma` layout of version
    [2, 0]; `a` ([M, K]) and `b` ([K, N]) are in its dot operand layouts
    (opIdx 0 and 1, kWidth 32 / element bits). Each warp issues one
    mma.sync.aligned.m16n8k(8 kWidth) per 16 x 8 tile of the accumulator it
    holds and per K step, its registers taken where the layouts put them.
    Operands and accumulator: f16 x f16 into f32 or f16, bf16 x bf16 into
    f32, f32 x f32 (multiplied as tf32) into f32, i8 x i8 (signed) into i32.
    The result has the accumulator's type.
  }];
  let arguments = (ins Gluon_ValueTensor:$a, Gluon_ValueTensor:$b,
                       Gluon_ValueTensor:$acc);
  let results = (outs Gluon_ValueTensor:$result);
  let assemblyFormat = [{
    $a `,` $b `,` $acc attr-dict `:` type($a) `,` type($b) `->` type($acc)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Warpgroup MMA (NVIDIA Hopper; WarpgroupMmaOps.cpp)
//===----------------------------------------------------------------------===//

def Gluon_WarpgroupMmaOp : Gluon_Op<"warpgroup_mma",
    [MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>,
     AllTypesMatch<["acc", "result"]>]> {
  let summary = "start acc + a @ b on Hopper's tensor cores (wgmma)";
  let description = [{
    `gluon.warpgroup_mma %a, %b, %acc, %use_acc : !gluon.memdesc<128x64xf16,
    #nvmma>, !gluon.memdesc<64x128xf16, #nvmma> -> tensor<128x128xf32,
    #gluon.nvidia_mma<{version = [3, 0], ...}>>`: each warpgroup (4 warps)
    issues one wgmma.mma_async per 64-row tile, instruction-wide column
    tile and K step of the accumulator's #gluon.nvidia_mma layout (version
    3), reading `b` ([K, N]) and `a` ([M, K]) from shared memory through
    matrix descriptors, or `a` from registers in the accumulator's dot
    operand layout (opIdx 0, kWidth 32 / element bits). Where `use_acc` is false the accumulator starts at
    zero. The result is not ready, and the operands must not change, until
    a gluon.warpgroup_mma_wait that passes the result says the group has
    completed. Operands: f16 or bf16 (f32 accumulators), f32 (as tf32) or
    f8E4M3FN / f8E5M2 (K-major only).
  }];
  let arguments = (ins AnyTypeOf<[Gluon_MemDesc, Gluon_ValueTensor]>:$a,
                       Gluon_MemDesc:$b, Gluon_ValueTensor:$acc, I1:$useAcc);
  let results = (outs Gluon_ValueTensor:$result);
  let assemblyFormat = [{
    $a `,` $b `,` $acc `,` $useAcc attr-dict `:` qualified(type($a)) `,`
    qualified(type($b)) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Gluon_WarpgroupMmaWaitOp : Gluon_Op<"warpgroup_mma_wait",
    [MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>,
     DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "wait until at most N warpgroup MMA groups are in flight";
  let description = [{
    `%r = gluon.warpgroup_mma_wait 1, %acc : tensor<...>`:
    each warpgroup waits until at most `pendings` of its gluon.warpgroup_mma
    ops are still running. The results are the operands (`deps`), ready to
    use: pass the results of the MMAs waited for, and the buffers they read
    when later code overwrites them.
  }];
  let arguments = (ins Variadic<AnyType>:$deps,
                       ConfinedAttr<I32Attr, [IntMinValue<0>]>:$pendings);
  let results = (outs Variadic<AnyType>:$results);
  let assemblyFormat = [{
    $pendings (`,` $deps^ `:` qualified(type($deps)))? attr-dict
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Atomics and device assertions
//===----------------------------------------------------------------------===//

def Gluon_AtomicRMWOp : Gluon_Op<"atomic_rmw",
    [MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "atomic read-modify-write of global memory";
  let description = [{
    For each element: atomically replaces `*ptr` by `kind(*ptr, val)` and
    yields the old value. `kind` is add, max, min (signed integers or
    floats), umax, umin (unsigned integers), and, or, xor or xchg.
    Where `mask` is false nothing happens and the result is undefined.
    `sem` orders the access (relaxed, acquire, release, acq_rel) and
    `scope` says who the ordering is for (cta, gpu, sys), as in PTX.
  }];
  let arguments = (ins StrAttr:$kind, Gluon_PtrLike:$ptr,
                       Gluon_ValueLike:$val, Optional<Gluon_BoolLike>:$mask,
                       StrAttr:$sem, StrAttr:$scope);
  let results = (outs Gluon_ValueLike:$result);
  let assemblyFormat = [{
    $kind $ptr `,` $val (`mask` $mask^)? attr-dict `:`
    functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Gluon_AtomicCASOp : Gluon_Op<"atomic_cas",
    [MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "atomic compare-and-swap of global memory";
  let description = [{
    For each element: atomically, if `*ptr == cmp` (bitwise) then
    `*ptr = val`; yields the old value. `sem` and `scope` as for
    gluon.atomic_rmw.
  }];
  let arguments = (ins Gluon_PtrLike:$ptr, Gluon_ValueLike:$cmp,
                       Gluon_ValueLike:$val, StrAttr:$sem, StrAttr:$scope);
  let results = (outs Gluon_ValueLike:$result);
  let assemblyFormat = [{
    $ptr `,` $cmp `,` $val attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Gluon_FpToFpOp : Gluon_Op<"fp_to_fp", [Pure]> {
  let summary = "conversion between fp32 and a float8 type";
  let description = [{
    fp32 to float8 rounds to nearest (ties to even) and saturates to the
    largest finite value; NaN stays NaN. float8 to fp32 is exact. A separate
    op from arith.truncf / arith.extf, whose folds assume types the lowering
    of registers no longer has.
  }];
  let arguments = (ins Gluon_ValueLike:$src);
  let results = (outs Gluon_ValueLike:$result);
  let assemblyFormat = [{
    $src attr-dict `:` type($src) `->` type($result)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Inline assembly
//===----------------------------------------------------------------------===//

def Gluon_InlineAsmOp : Gluon_Op<"inline_asm",
    [DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "one block of assembly per thread";
  let description = [{
    Each thread runs `asm_string` once. Its operands, numbered from $0, are
    first the results' registers, then the arguments': a tensor gives one
    operand per register of its layout in register order (replicated
    positions included), a scalar one operand, a shared memory descriptor
    one i32 shared address of its origin. `constraints` is an LLVM
    constraint string with one entry per operand (plus clobbers). Without
    `pure` the op reads and writes memory; the compiler does not model what
    the assembly touches.
  }];
  let arguments = (ins Variadic<AnyType>:$args, StrAttr:$asm_string,
                       StrAttr:$constraints, UnitAttr:$pure);
  let results = (outs Variadic<AnyType>:$results);
  let assemblyFormat = [{
    $asm_string `,` $constraints (`(` $args^ `)`)? attr-dict `:`
    functional-type($args, $results)
  }];
  let hasVerifier = 1;
}

def Gluon_InlineAsmElementwiseOp : Gluon_Op<"inline_asm_elementwise",
    [DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "assembly applied to `packed_element` elements at a time";
  let description = [{
    Triton's elementwise inline assembly: the arguments and results share
    one shape and layout; each invocation takes `packed_element`
    consecutive registers of every argument and produces as many of every
    result. Elements narrower than 32 bits travel packed into 32-bit
    vectors (min(32 / bits, packed_element) per operand); operands are
    numbered results first. Registers beyond a multiple of
    `packed_element` are padded with zeros and the padding is dropped.
  }];
  let arguments = (ins Variadic<Gluon_ValueTensor>:$args,
                       StrAttr:$asm_string, StrAttr:$constraints,
                       UnitAttr:$pure, I32Attr:$packed_element);
  let results = (outs Variadic<Gluon_ValueTensor>:$results);
  let assemblyFormat = [{
    $asm_string `,` $constraints (`(` $args^ `)`)? attr-dict `:`
    functional-type($args, $results)
  }];
  let hasVerifier = 1;
}

def Gluon_AssertOp : Gluon_Op<"assert",
    [MemoryEffects<[MemWrite<DefaultResource>]>]> {
  let summary = "stop the kernel where a condition is false";
  let description = [{
    Where an element of `condition` is false, the thread reports `message`
    with its source position (the CUDA device assert) and the launch fails.
  }];
  let arguments = (ins Gluon_BoolLike:$condition, StrAttr:$message,
                       StrAttr:$file, I32Attr:$line, StrAttr:$function);
  let assemblyFormat = [{
    $condition `,` $message attr-dict `:` type($condition)
  }];
}

//===----------------------------------------------------------------------===//
// Warp specialization (WarpSpecializeOps.cpp)
//===----------------------------------------------------------------------===//

def Gluon_WarpSpecializeOp : Gluon_Op<"warp_specialize",
    [RecursiveMemoryEffects]> {
  let summary = "run partitions of the program on their own warps at once";
  let description = [{
    The async tasks of the program. The `default` region runs on the
    kernel's `num_warps` warps (warps [0, num_warps)); each `partition`
    region runs at the same time on `partitionNumWarps[i]` warps of its
    own, from warp `partitionStartWarps[i]`. The op ends when every region
    has ended; its results are the values the default region yields.

    The default region sees every value defined above. A partition sees
    only its block arguments, one per `captures` operand in order
    (scalars, pointers, shared memory and tensor descriptors, never
    tensors): its warps did not run the code before the op.

    `partitionRequestedRegisters[i]` is partition i's per-thread register
    request (0 where it asked for none) and `defaultRequestedRegisters` the
    default task's; the tasks pass (`gluon-plan-tasks`) places partitions
    without a start warp, pads the warps to whole warp groups and writes
    the register plan into `grantedRegisters` (the default first).
    `partitionNames` and `partitionReplicas` name the tasks for metadata.

    Example (a loader warp beside the 4 default warps):

    ```mlir
    %r = gluon.warp_specialize(%desc, %bufs) attributes {
        partitionNumWarps = array<i32: 1>,
        partitionRequestedRegisters = array<i32: 24>,
        partitionNames = ["loader"], partitionReplicas = array<i32: 0>}
      default {
        %x = arith.constant 1 : i32
        gluon.warp_yield %x : i32
      }
      partition0(%d: !gluon.tensordesc<...>, %b: !gluon.memdesc<...>) {
        gluon.warp_return
      } : (!gluon.tensordesc<...>, !gluon.memdesc<...>) -> i32
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$captures,
                       DenseI32ArrayAttr:$partitionNumWarps,
                       OptionalAttr<DenseI32ArrayAttr>:$partitionStartWarps,
                       DenseI32ArrayAttr:$partitionRequestedRegisters,
                       OptionalAttr<I32Attr>:$defaultRequestedRegisters,
                       StrArrayAttr:$partitionNames,
                       DenseI32ArrayAttr:$partitionReplicas,
                       OptionalAttr<DenseI32ArrayAttr>:$grantedRegisters);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region MinSizedRegion<1>:$defaultRegion,
                        VariadicRegion<MinSizedRegion<1>>:$partitionRegions);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let extraClassDeclaration = [{
    /// The number of partitions (regions beside the default).
    unsigned getNumPartitions() { return getPartitionRegions().size(); }
    /// The partition whose region holds `region` (directly), if any.
    std::optional<unsigned> getPartitionIndex(::mlir::Region *region);
  }];
}

def Gluon_WarpYieldOp : Gluon_Op<"warp_yield",
    [HasParent<"WarpSpecializeOp">, Pure, Terminator, ReturnLike]> {
  let summary = "the results of a warp_specialize's default region";
  let arguments = (ins Variadic<AnyType>:$values);
  let assemblyFormat = "($values^ `:` type($values))? attr-dict";
  let hasVerifier = 1;
}

def Gluon_WarpReturnOp : Gluon_Op<"warp_return",
    [HasParent<"WarpSpecializeOp">, Pure, Terminator, ReturnLike]> {
  let summary = "the end of a warp_specialize partition";
  let assemblyFormat = "attr-dict";
}

//===----------------------------------------------------------------------===//
// AMD warp pipelines
//===----------------------------------------------------------------------===//

def Gluon_WarpPipelineBorderOp : Gluon_Op<"warp_pipeline_border",
    [MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "the end of one stage of an AMD warp pipeline";
  let description = [{
    Ends a stage of an inter-wave warp pipeline (`with
    warp_pipeline_stage(label, priority=...)` in Gluon and TLX). A stage is
    the ops of a loop body from the previous border (or the body's start)
    to its border; ops after the last border run at the start of the next
    iteration, with stage 0. The block's waves run in two groups one stage
    apart (gluonc/IR/WarpPipelinePlan.h): every border lowers to an
    s_barrier both groups reach, with s_setprio and sched_barrier fences
    around it, and the barrier pass decides which borders also order LDS.

    `priority` (0-3) is the stage's wave priority; a stage without one runs
    at 0 when another stage of the loop has one.

    Example:

    ```mlir
    scf.for %i = %c0 to %n step %c1 {
      %a = gluon.load %ptrs : tensor<256x!gluon.ptr<f16>, #blocked>
      gluon.local_store %a, %buf : ...
      gluon.warp_pipeline_border "load" priority 1
      %x = gluon.local_load %buf : ...
      gluon.warp_pipeline_border "compute"
    }
    ```
  }];
  let arguments = (ins StrAttr:$label, OptionalAttr<I32Attr>:$priority);
  let assemblyFormat = "$label (`priority` $priority^)? attr-dict";
  let hasVerifier = 1;
}

def Gluon_IntraWaveBeginOp : Gluon_Op<"intra_wave_begin",
    [MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "the start of an AMD intra-wave interleaving region";
  let description = [{
    The ops from this op to the next gluon.intra_wave_end of the same block
    form one region of `with warp_pipeline_stage(label,
    scope="intra_wave", pair=...)` (TLX). Without `pair` the region holds
    both streams, memory reads and MFMAs, which must not depend on each
    other; two adjacent regions with the same `pair` are one memory-only
    and one MFMA-only region. The scheduling pass counts each stream's
    machine instructions and asks the AMDGPU scheduler (through
    sched_group_barrier) to interleave them.

    Example:

    ```mlir
    gluon.intra_wave_begin "prefetch"
    %a = gluon.local_load %next : ...
    %acc2 = gluon.mfma %x, %y, %acc : ...
    gluon.intra_wave_end
    ```
  }];
  let arguments = (ins StrAttr:$label, OptionalAttr<I32Attr>:$pair);
  let assemblyFormat = "$label (`pair` $pair^)? attr-dict";
  let hasVerifier = 1;
}

def Gluon_IntraWaveEndOp : Gluon_Op<"intra_wave_end",
    [MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "the end of an AMD intra-wave interleaving region";
  let description = [{
    Closes the region the previous gluon.intra_wave_begin of the block
    opened.
  }];
  let assemblyFormat = "attr-dict";
  let hasVerifier = 1;
}

#endif // GLUON_OPS
