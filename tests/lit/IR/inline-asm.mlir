// gluon.inline_asm and gluon.inline_asm_elementwise print back as parsed;
// their verifiers count the operands the constraints name against the
// registers, and refuse a pure op reading a shared memory descriptor.
// RUN: %gluonc-opt %s -split-input-file -verify-diagnostics | FileCheck %s

#blocked = #gluon.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: func.func @ops
  // CHECK: gluon.inline_asm "mov.b32 $0, $4;", "=r,=r,=r,=r,r,r,r,r,~{memory}"(%{{.*}}) : (tensor<512xi32, #blocked>) -> tensor<512xi32, #blocked>
  // CHECK: gluon.inline_asm_elementwise "prmt.b32 $0, $1, 0, 0x0123;", "=r,r"(%{{.*}}) {packed_element = 4 : i32, pure} : (tensor<512xi8, #blocked>) -> tensor<512xi8, #blocked>
  func.func @ops(%x: tensor<512xi32, #blocked>, %b: tensor<512xi8, #blocked>) {
    %0 = gluon.inline_asm "mov.b32 $0, $4;", "=r,=r,=r,=r,r,r,r,r,~{memory}"(%x) : (tensor<512xi32, #blocked>) -> tensor<512xi32, #blocked>
    %1 = gluon.inline_asm_elementwise "prmt.b32 $0, $1, 0, 0x0123;", "=r,r"(%b) {packed_element = 4 : i32, pure} : (tensor<512xi8, #blocked>) -> tensor<512xi8, #blocked>
    return
  }
}

// -----

#blocked = #gluon.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  func.func @count(%x: tensor<512xi32, #blocked>) {
    // expected-error @+1 {{the constraints name 2 operands, the assembly has 5}}
    %0 = gluon.inline_asm "", "=r,r"(%x) : (tensor<512xi32, #blocked>) -> i32
    return
  }
}

// -----

#shared = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  func.func @pure_descriptor(%m: !gluon.memdesc<512xi32, #shared>) {
    // expected-error @+1 {{a shared memory descriptor operand needs an impure op}}
    %0 = gluon.inline_asm "ld.shared.b32 $0, [$1];", "=r,r"(%m) {pure} : (!gluon.memdesc<512xi32, #shared>) -> i32
    return
  }
}

// -----

#blocked = #gluon.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  func.func @elementwise_count(%b: tensor<512xi8, #blocked>) {
    // expected-error @+1 {{the constraints name 3 operands, the assembly has 2}}
    %0 = gluon.inline_asm_elementwise "", "=r,r,r"(%b) {packed_element = 4 : i32} : (tensor<512xi8, #blocked>) -> tensor<512xi8, #blocked>
    return
  }
}

// -----

// The templates the AsmPrinter would abort on, and directives that read
// host files, are verifier errors (checkAsmTemplate, shared with the
// frontend).
#blocked = #gluon.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  func.func @operand_range(%x: tensor<512xi32, #blocked>) {
    // expected-error @+1 {{assembly template, at byte 12: '$8' names no operand: the assembly has 8 ($0 to $7, outputs first)}}
    %0 = gluon.inline_asm "mov.b32 $0, $8;", "=r,=r,=r,=r,r,r,r,r"(%x) : (tensor<512xi32, #blocked>) -> tensor<512xi32, #blocked>
    return
  }
}

// -----

#blocked = #gluon.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  func.func @incbin(%b: tensor<512xi8, #blocked>) {
    // expected-error @+1 {{assembly template, at byte 0: the directive '.incbin' is not allowed in inline assembly}}
    %1 = gluon.inline_asm_elementwise ".incbin \"/etc/passwd\"", "=r,r"(%b) {packed_element = 4 : i32, pure} : (tensor<512xi8, #blocked>) -> tensor<512xi8, #blocked>
    return
  }
}
