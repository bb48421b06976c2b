//===- GluonAttrs.td - Layout attributes of the gluon dialect *- tablegen -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef GLUON_ATTRS
#define GLUON_ATTRS

include "GluonDialect.td"
include "mlir/IR/AttrTypeBase.td"

def Gluon_LayoutAttrInterface : AttrInterface<"LayoutAttrInterface"> {
  let cppNamespace = "::mlir::gluon";
  let description = [{
    A distributed layout: which register of which lane of which warp holds
    each element of a tensor. Every layout converts to a linear layout, and
    everything below the frontend reasons about layouts through that.
  }];
  let methods = [
    InterfaceMethod<"The rank of the tensors this layout distributes.",
      "unsigned", "getRank">,
    InterfaceMethod<"The number of warps the layout spreads over.",
      "unsigned", "getNumWarps">,
    InterfaceMethod<"The number of lanes of a warp the layout assumes.",
      "unsigned", "getWarpSize">,
    InterfaceMethod<[{
        The linear layout of a tensor of `shape` (all powers of two).
      }],
      "::gluonc::LinearLayout", "toLinearLayout",
      (ins "::llvm::ArrayRef<int64_t>":$shape)>,
  ];
}

class Gluon_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<Gluon_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

def Gluon_BlockedLayoutAttr : Gluon_Attr<"BlockedLayout", "blocked",
    [DeclareAttrInterfaceMethods<Gluon_LayoutAttrInterface>]> {
  let summary = "each thread holds a tile, tiles tile warps, warps the block";
  let description = [{
    `#gluon.blocked<{sizePerThread = [4], threadsPerWarp = [32],
    warpsPerCTA = [4], order = [0]}>`: Gluon's `BlockedLayout`. `order` lists
    the dimensions from fastest to slowest varying. A tensor larger than the
    block the layout covers repeats it in more registers; a smaller one is
    replicated.
  }];
  let parameters = (ins
    ArrayRefParameter<"unsigned">:$sizePerThread,
    ArrayRefParameter<"unsigned">:$threadsPerWarp,
    ArrayRefParameter<"unsigned">:$warpsPerCTA,
    ArrayRefParameter<"unsigned">:$order);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    ::gluonc::BlockedLayoutSpec toSpec() const;
  }];
}

def Gluon_SliceLayoutAttr : Gluon_Attr<"SliceLayout", "slice",
    [DeclareAttrInterfaceMethods<Gluon_LayoutAttrInterface>]> {
  let summary = "the parent layout with one dimension removed";
  let description = [{
    `#gluon.slice<{dim = 1, parent = #blocked}>` distributes a tensor of rank
    r - 1 the way `parent` distributes a rank-r tensor whose dimension `dim`
    has size one: the threads that held the different positions along `dim`
    hold copies. `expand_dims` turns such a tensor back into one in `parent`.
  }];
  let parameters = (ins "unsigned":$dim, "LayoutAttrInterface":$parent);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def Gluon_AutoLayoutAttr : Gluon_Attr<"AutoLayout", "auto",
    [DeclareAttrInterfaceMethods<Gluon_LayoutAttrInterface>]> {
  let summary = "a layout left to inference: Gluon's AutoLayout and "
                "CoalescedLayout";
  let description = [{
    `#gluon.auto`: the layout of a tensor made without one (`gl.arange(0,
    32)`, `gl.full(..., layout=gl.AutoLayout())`) and of what is computed
    from it elementwise, by broadcast or by expand_dims, until
    `gluon.set_auto_layout` gives it a concrete layout.
    `#gluon.auto<coalesced>` (`gl.CoalescedLayout()`) is the same, except
    that a load or store through pointers in it also gives them a layout:
    the BlockedLayout whose accesses are widest and coalesced for what
    AxisInfo proves of the pointers. The `gluon-resolve-auto-layouts` pass,
    the first of the verify stage, replaces every one (nothing after it
    sees this attribute). It stands for any rank: `getRank()` is 0, and
    its linear layout, which nothing should ask for, is one thread holding
    only the origin.

    ```mlir
    %0 = gluon.arange 0 to 32 : tensor<32xi32, #gluon.auto>
    %1 = gluon.set_auto_layout %0 : tensor<32xi32, #gluon.auto> -> tensor<32xi32, #blocked>
    %2 = gluon.arange 0 to 32 : tensor<32xi32, #gluon.auto<coalesced>>
    ```
  }];
  let parameters = (ins "bool":$coalesced);
  let hasCustomAssemblyFormat = 1;
  let builders = [
    AttrBuilder<(ins), [{ return $_get($_ctxt, false); }]>
  ];
}

def Gluon_LinearLayoutAttr : Gluon_Attr<"LinearLayout", "linear",
    [DeclareAttrInterfaceMethods<Gluon_LayoutAttrInterface>]> {
  let summary = "a layout given by its bases: Gluon's DistributedLinearLayout";
  let description = [{
    `#gluon.linear<{register = [[0, 1], [4, 0]], lane = [[0, 2], [1, 0],
    ...], warp = [[8, 0], [16, 0]], block = [], shape = [32, 4]}>`: basis i
    of a hardware index is the coordinate its bit i moves an element by;
    an index's element is the XOR of the bases of its set bits. Zero bases
    replicate. The layout is for tensors of `shape`; the results of
    reshape, permute, join and split get one when no named layout fits.
  }];
  let parameters = (ins
    AttrParameter<"::gluonc::LinearLayout", "the bases and the shape",
                  "const ::gluonc::LinearLayout &">:$layout);
  let hasCustomAssemblyFormat = 1;
}

def Gluon_AMDMFMALayoutAttr : Gluon_Attr<"AMDMFMALayout", "amd_mfma",
    [DeclareAttrInterfaceMethods<Gluon_LayoutAttrInterface>]> {
  let summary = "the accumulator of AMD's MFMA instructions";
  let description = [{
    `#gluon.amd_mfma<{version = 3, instrShape = [32, 32, 8], transposed =
    false, warpsPerCTA = [2, 2]}>`: Gluon's `AMDMFMALayout` (version 3:
    gfx942, 4: gfx950). Each warp computes instrShape[0] x instrShape[1]
    tiles; its linear layout is gluonc::mfmaToLinearLayout.
  }];
  let parameters = (ins "unsigned":$version,
                    ArrayRefParameter<"unsigned">:$instrShape,
                    "bool":$transposed,
                    ArrayRefParameter<"unsigned">:$warpsPerCTA);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    ::gluonc::MfmaLayoutSpec toSpec() const;
  }];
}

def Gluon_NVMMADistributedLayoutAttr : Gluon_Attr<"NVMMADistributedLayout",
    "nvidia_mma", [DeclareAttrInterfaceMethods<Gluon_LayoutAttrInterface>]> {
  let summary = "the accumulator of NVIDIA's mma.sync and wgmma";
  let description = [{
    `#gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape
    = [16, 64, 16]}>`: Gluon's `NVMMADistributedLayout` (version [2, 0]:
    Ampere's mma.sync, instrShape [16, 8]; [3, 0]: Hopper's wgmma,
    instrShape [16, N, K]). Its linear layout is
    gluonc::nvidiaMmaToLinearLayout.
  }];
  let parameters = (ins ArrayRefParameter<"unsigned">:$version,
                    ArrayRefParameter<"unsigned">:$warpsPerCTA,
                    ArrayRefParameter<"unsigned">:$instrShape);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    ::gluonc::NvidiaMmaLayoutSpec toSpec() const;
  }];
}

def Gluon_DotOperandLayoutAttr : Gluon_Attr<"DotOperandLayout", "dot_op",
    [DeclareAttrInterfaceMethods<Gluon_LayoutAttrInterface>]> {
  let summary = "an operand of a dot product in its accumulator's layout";
  let description = [{
    `#gluon.dot_op<{opIdx = 0, parent = #blocked, kWidth = 0}>`: Gluon's
    `DotOperandLayout`. With a blocked parent (the FMA dot) each thread
    holds, for the rows (opIdx 0) or columns (opIdx 1) of the accumulator
    it owns, the whole K dimension in registers; the lanes and warps that
    split K in the parent hold copies. `kWidth` must be 0 then.
  }];
  let parameters = (ins "unsigned":$opIdx, "LayoutAttrInterface":$parent,
                    "unsigned":$kWidth);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

//===----------------------------------------------------------------------===//
// Shared memory layouts
//===----------------------------------------------------------------------===//

def Gluon_SharedLayoutAttrInterface : AttrInterface<"SharedLayoutAttrInterface"> {
  let cppNamespace = "::mlir::gluon";
  let description = [{
    A shared memory layout: at which offset of an allocation each element
    lives. Every shared layout converts to a gluonc::SharedLayout (an
    F2-linear map from offsets to coordinates, plus padding); accesses are
    lowered through it. A layout lays out the trailing getRank() dimensions
    of an allocation; leading dimensions are buffers one after another.
  }];
  let methods = [
    InterfaceMethod<"The number of trailing dimensions the layout lays out.",
      "unsigned", "getRank">,
    InterfaceMethod<[{
        Why the layout cannot lay out an allocation of `shape`; empty when
        it can.
      }],
      "std::string", "checkAllocationShape",
      (ins "::llvm::ArrayRef<int64_t>":$shape)>,
    InterfaceMethod<[{
        The layout of an allocation of `shape`, which checkAllocationShape
        accepts.
      }],
      "::gluonc::SharedLayout", "toSharedLayout",
      (ins "::llvm::ArrayRef<int64_t>":$shape)>,
  ];
}

def Gluon_SwizzledSharedLayoutAttr : Gluon_Attr<"SwizzledSharedLayout",
    "swizzled_shared",
    [DeclareAttrInterfaceMethods<Gluon_SharedLayoutAttrInterface>]> {
  let summary = "rows whose columns are XORed with the row's phase";
  let description = [{
    `#gluon.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order =
    [1, 0]}>`: Gluon's SwizzledSharedLayout. `order` lists dimensions from
    fastest to slowest; in the two fastest, row r stores column c at
    c ^ (vec * ((r / perPhase) % maxPhase)).
  }];
  let parameters = (ins "unsigned":$vec, "unsigned":$perPhase,
                        "unsigned":$maxPhase,
                        ArrayRefParameter<"unsigned">:$order);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    ::gluonc::SwizzledSharedSpec toSpec() const;
  }];
}

def Gluon_NVMMASharedLayoutAttr : Gluon_Attr<"NVMMASharedLayout",
    "nvmma_shared",
    [DeclareAttrInterfaceMethods<Gluon_SharedLayoutAttrInterface>]> {
  let summary = "the layout wgmma and TMA read";
  let description = [{
    `#gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16,
    rank = 2, transposed = false}>`: Gluon's NVMMASharedLayout. Rows of
    swizzlingByteWidth bytes, 16-byte chunks XORed within 8-row groups.
  }];
  let parameters = (ins "unsigned":$swizzlingByteWidth,
                        "unsigned":$elementBitWidth, "unsigned":$rank,
                        "bool":$transposed);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    ::gluonc::NVMMASharedSpec toSpec() const;
  }];
}

def Gluon_PaddedSharedLayoutAttr : Gluon_Attr<"PaddedSharedLayout",
    "padded_shared",
    [DeclareAttrInterfaceMethods<Gluon_SharedLayoutAttrInterface>]> {
  let summary = "a linear order with padding after every interval";
  let description = [{
    `#gluon.padded_shared<{intervalPaddings = [[32, 4]], order = [1, 0]}>`
    or, with an explicit linear component over a fixed shape,
    `#gluon.padded_shared<{intervalPaddings = [[32, 4]], offsetBases =
    [[0, 1], ...], shape = [64, 32]}>`: Gluon's PaddedSharedLayout. After
    every `interval` elements, `padding` unused elements follow.
  }];
  let parameters = (ins ArrayRefParameter<"unsigned">:$intervals,
                        ArrayRefParameter<"unsigned">:$paddings,
                        ArrayRefParameter<"unsigned">:$order,
                        ArrayRefParameter<"int32_t">:$offsetBases,
                        ArrayRefParameter<"unsigned">:$shape);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    ::gluonc::PaddedSharedSpec toSpec() const;
  }];
}

def Gluon_SharedLinearLayoutAttr : Gluon_Attr<"SharedLinearLayout",
    "shared_linear",
    [DeclareAttrInterfaceMethods<Gluon_SharedLayoutAttrInterface>]> {
  let summary = "a shared layout given by its offset bases";
  let description = [{
    `#gluon.shared_linear<{offsetBases = [[0, 1], [0, 2], [1, 2]],
    alignment = 16}>`: Gluon's SharedLinearLayout. Offset basis i is the
    coordinate of offset 1 << i; the bases span the shape twice their
    largest entries. `gl.to_linear_layout` of a shared layout gives one,
    and descriptor views get one when no named layout describes them.
  }];
  let parameters = (ins ArrayRefParameter<"int32_t">:$offsetBases,
                        "unsigned":$rank, "unsigned":$alignment);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    std::vector<::gluonc::Coord> getBases() const;
  }];
}

#endif // GLUON_ATTRS
