//===- GluonOps.td - Operations every target lowers --------*- tablegen -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The ops of the gluon dialect that every target lowers, through the shared
// patterns of src/Conversion or a pattern in each backend. Ops that only
// one vendor lowers are in files of their own, GluonNvidiaOps.td and
// GluonAMDOps.td: each file generates its own declarations and definitions
// (CMakeLists.txt), compiled in a translation unit of its own, so that
// editing one vendor's ops rebuilds only the code that uses them.
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

def Gluon_SetAutoLayoutOp : Gluon_Op<"set_auto_layout", [Pure]> {
  let summary = "give a tensor whose layout is left to inference a layout";
  let description = [{
    `gl.set_auto_layout(value, layout)`: the source is in `#gluon.auto`,
    the result, the same elements, in a concrete layout. The
    `gluon-resolve-auto-layouts` pass carries that layout to every tensor
    the source is computed from or with, and erases the op.

    ```mlir
    %1 = gluon.set_auto_layout %0 : tensor<32x8xi32, #gluon.auto> -> tensor<32x8xi32, #blocked>
    ```
  }];
  let arguments = (ins Gluon_ValueTensor:$src);
  let results = (outs Gluon_ValueTensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
}

def Gluon_ExpandDimsOp : Gluon_Op<"expand_dims", [Pure]> {
  let summary = "insert a size-1 dimension";
  let description = [{
    The source's layout must be `#gluon.slice<{dim = axis, parent = P}>` and
    the result's `P`: no element changes thread. Both may be `#gluon.auto`,
    until gluon-resolve-auto-layouts makes them such a pair.
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
  let summary = "one buffer of a multi-buffered allocation, or one row";
  let description = [{
    Drops the leading dimension. When it is a buffer dimension (one the
    layout does not lay out), the result is buffer `index` of the source,
    a view like any other. When the layout lays it out, the source must be
    a whole allocation and the result is its row `index`, whose elements
    the layout scatters (a swizzle moves each row's columns): the result
    type keeps the allocation's shape and layout, and only local_load and
    local_store may use it.

    ```mlir
    %buf = gluon.memdesc_index %ring[%i] : !gluon.memdesc<3x64x64xf16, #nvmma> -> !gluon.memdesc<64x64xf16, #nvmma>
    %row = gluon.memdesc_index %rows[%i] : !gluon.memdesc<4x256xi32, #nvmma_4> -> !gluon.memdesc<256xi32, #nvmma_4, 4x256>
    ```
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

def Gluon_MemDescReinterpretOp : Gluon_Op<"memdesc_reinterpret", [Pure]> {
  let summary = "the same bytes of shared memory as another type";
  let description = [{
    `gluon.memdesc_reinterpret %s : !gluon.memdesc<2048xi8, #shared> ->
    !gluon.memdesc<32x16xi32, #shared2>`: a view that starts where `src`
    starts and reads its bytes as the result's element type, shape and
    layout (Gluon's `smem._reinterpret(dtype, shape, layout)`). The result
    is a whole view (its shape is its allocation shape) and must fit in the
    bytes `src` spans.
  }];
  let arguments = (ins Gluon_MemDesc:$src);
  let results = (outs Gluon_MemDesc:$result);
  let assemblyFormat = [{
    $src attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Asynchronous copies of threads to shared memory (cp.async on NVIDIA,
// global_load_lds on AMD; AsyncOps.cpp)
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

def Gluon_ExternElementwiseOp : Gluon_Op<"extern_elementwise",
    [Pure, SameOperandsAndResultType]> {
  let summary = "a function of the target's device math library";
  let description = [{
    `function` of Triton's `libdevice` module (`fast_expf`, `pow`, `erfinv`;
    the list is gluonc/IR/MathLibrary.h) applied to each element. The
    arguments and the result share one fp32 or fp64 type (tensor or
    scalar); the `fast_*` functions take fp32 only. Each backend names the
    library function (libdevice's `__nv_fast_expf` on NVIDIA, ocml's
    `__ocml_pow_f32` on AMD) and links it.

    Example:

    ```mlir
    %y = gluon.extern_elementwise "fast_expf"(%x)
        : (tensor<128xf32, #blocked>) -> tensor<128xf32, #blocked>
    ```
  }];
  let arguments = (ins Variadic<Gluon_ValueLike>:$args, StrAttr:$function);
  let results = (outs Gluon_ValueLike:$result);
  let assemblyFormat = [{
    $function `(` $args `)` attr-dict `:` functional-type($args, $result)
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

#endif // GLUON_OPS
