//===- GluonDialect.td - The gluon dialect -----------------*- tablegen -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef GLUON_DIALECT
#define GLUON_DIALECT

include "mlir/IR/OpBase.td"

def Gluon_Dialect : Dialect {
  let name = "gluon";
  let cppNamespace = "::mlir::gluon";
  let summary = "Block-level GPU kernels with explicit distributed layouts";
  let description = [{
    The `gluon` dialect describes one program (a thread block) of a GPU
    kernel. Tensors are builtin ranked tensors whose encoding is a layout
    attribute saying which register of which lane of which warp holds each
    element. Arithmetic on such tensors is expressed with `arith` ops, control
    flow with `scf`; this dialect adds what neither has: program indices,
    index ranges, shape changes that keep data in place, pointers and memory
    accesses.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::func::FuncDialect"
  ];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  let extraClassDeclaration = [{
    void registerTypes();
    void registerAttributes();
    /// The ops of each ODS file, registered by the file that defines them:
    /// GluonOps.td's (Ops.cpp), GluonNvidiaOps.td's (NvidiaOps.cpp) and
    /// GluonAMDOps.td's (AMDOps.cpp).
    void registerCommonOps();
    void registerNvidiaOps();
    void registerAMDOps();

    /// Module attributes set by the frontend, read by verification and
    /// lowering.
    static constexpr ::llvm::StringLiteral kNumWarpsAttrName =
        "gluon.num_warps";
    static constexpr ::llvm::StringLiteral kThreadsPerWarpAttrName =
        "gluon.threads_per_warp";
    static constexpr ::llvm::StringLiteral kTargetAttrName = "gluon.target";
    /// Function argument attribute: the argument (an address or an integer)
    /// is a multiple of this value.
    static constexpr ::llvm::StringLiteral kDivisibilityAttrName =
        "gluon.divisibility";
  }];
}

class Gluon_Op<string mnemonic, list<Trait> traits = []>
    : Op<Gluon_Dialect, mnemonic, traits>;

#endif // GLUON_DIALECT
