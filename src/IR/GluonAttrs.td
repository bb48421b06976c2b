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

#endif // GLUON_ATTRS
