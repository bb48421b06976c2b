// Loads and stores become vector accesses as wide as the layout, the
// AxisInfo facts and 16 bytes allow. Masked ones are predicated PTX
// instructions (inline assembly): the fallback is copied into the result
// registers, then the load runs under the mask bit.
// RUN: %gluonc-opt %s -split-input-file --gluon-to-nvvm | FileCheck %s

#blocked = #gluon.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @aligned
  // CHECK-SAME: attributes {nvvm.kernel, nvvm.reqntid = array<i32: 128, 1, 1>}
  func.func @aligned(%x: !gluon.ptr<f32> {gluon.divisibility = 16 : i64}, %n: i32 {gluon.divisibility = 16 : i64}) {
    %pid = gluon.program_id 0 : i32
    %c = arith.constant 1024 : i32
    %start = arith.muli %pid, %c : i32
    %r = gluon.arange 0 to 1024 : tensor<1024xi32, #blocked>
    %s = gluon.splat %start : i32 -> tensor<1024xi32, #blocked>
    %offs = arith.addi %s, %r : tensor<1024xi32, #blocked>
    %ns = gluon.splat %n : i32 -> tensor<1024xi32, #blocked>
    %mask = arith.cmpi slt, %offs, %ns : tensor<1024xi32, #blocked>
    %xs = gluon.splat %x : !gluon.ptr<f32> -> tensor<1024x!gluon.ptr<f32>, #blocked>
    %p = gluon.addptr %xs, %offs : tensor<1024x!gluon.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %v = gluon.load %p mask %mask : (tensor<1024x!gluon.ptr<f32>, #blocked>, tensor<1024xi1, #blocked>) -> tensor<1024xf32, #blocked>
    gluon.store %p, %v mask %mask : (tensor<1024x!gluon.ptr<f32>, #blocked>, tensor<1024xf32, #blocked>, tensor<1024xi1, #blocked>) -> ()
    return
  }
  // Thread coordinates: lane * 4 | warp * 128, registers 0-3 and 512-515.
  // CHECK: nvvm.read.ptx.sreg.tid.x range <i32, 0, 128>
  // CHECK: %[[M0:.*]] = llvm.icmp "slt"
  // CHECK: %[[M1:.*]] = llvm.icmp "slt"
  // CHECK-NOT: llvm.cond_br
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "mov.b32 $0, $6;\0A\09mov.b32 $1, $7;\0A\09mov.b32 $2, $8;\0A\09mov.b32 $3, $9;\0A\09@$5 ld.global.v4.b32 { $0, $1, $2, $3 }, [ $4 + 0 ];", "=r,=r,=r,=r,l,b,r,r,r,r" %{{.*}}, %[[M0]], {{.*}} -> !llvm.struct<(i32, i32, i32, i32)>
  // CHECK: llvm.inline_asm {{.*}}ld.global.v4.b32{{.*}} %{{.*}}, %[[M1]],
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "@$1 st.global.v4.b32 [ $0 + 0 ], { $2, $3, $4, $5 };", "l,b,r,r,r,r" %{{.*}}, %[[M0]],
  // CHECK: llvm.inline_asm {{.*}}st.global.v4.b32{{.*}} %{{.*}}, %[[M1]],
  // CHECK-NOT: llvm.store
  // CHECK-NOT: llvm.cond_br
  // CHECK: llvm.return
}

// -----

// n has no divisibility: the mask may change at every element.
#blocked = #gluon.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @unaligned_mask
  func.func @unaligned_mask(%x: !gluon.ptr<f32> {gluon.divisibility = 16 : i64}, %n: i32) {
    %r = gluon.arange 0 to 512 : tensor<512xi32, #blocked>
    %ns = gluon.splat %n : i32 -> tensor<512xi32, #blocked>
    %mask = arith.cmpi slt, %r, %ns : tensor<512xi32, #blocked>
    %xs = gluon.splat %x : !gluon.ptr<f32> -> tensor<512x!gluon.ptr<f32>, #blocked>
    %p = gluon.addptr %xs, %r : tensor<512x!gluon.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
    %v = gluon.load %p mask %mask : (tensor<512x!gluon.ptr<f32>, #blocked>, tensor<512xi1, #blocked>) -> tensor<512xf32, #blocked>
    gluon.store %p, %v : (tensor<512x!gluon.ptr<f32>, #blocked>, tensor<512xf32, #blocked>) -> ()
    return
  }
  // CHECK-COUNT-4: llvm.inline_asm has_side_effects asm_dialect = att "mov.b32 $0, $3;\0A\09@$2 ld.global.b32 $0, [ $1 + 0 ];", "=r,l,b,r"
  // Without a mask the store is one unconditional 16-byte access.
  // CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
}

// -----

// An unaligned base pointer: 4-byte accesses even without a mask.
#blocked = #gluon.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @unaligned_pointer
  func.func @unaligned_pointer(%x: !gluon.ptr<f32>) {
    %r = gluon.arange 0 to 512 : tensor<512xi32, #blocked>
    %xs = gluon.splat %x : !gluon.ptr<f32> -> tensor<512x!gluon.ptr<f32>, #blocked>
    %p = gluon.addptr %xs, %r : tensor<512x!gluon.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
    %v = gluon.load %p : (tensor<512x!gluon.ptr<f32>, #blocked>) -> tensor<512xf32, #blocked>
    gluon.store %p, %v : (tensor<512x!gluon.ptr<f32>, #blocked>, tensor<512xf32, #blocked>) -> ()
    return
  }
  // CHECK-COUNT-4: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<1> -> f32
  // CHECK-COUNT-4: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr<1>
  // CHECK-NOT: vector
}

// -----

// A 64-element tensor in a 512-element layout is replicated across warps:
// only warp 0 stores. A scalar store is done by thread 0 alone.
#blocked = #gluon.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @single_writer
  func.func @single_writer(%x: !gluon.ptr<i32> {gluon.divisibility = 16 : i64}, %y: !gluon.ptr<i32>) {
    %r = gluon.arange 0 to 64 : tensor<64xi32, #blocked>
    %xs = gluon.splat %x : !gluon.ptr<i32> -> tensor<64x!gluon.ptr<i32>, #blocked>
    %p = gluon.addptr %xs, %r : tensor<64x!gluon.ptr<i32>, #blocked>, tensor<64xi32, #blocked>
    gluon.store %p, %r : (tensor<64x!gluon.ptr<i32>, #blocked>, tensor<64xi32, #blocked>) -> ()
    %c = arith.constant 7 : i32
    gluon.store %y, %c : (!gluon.ptr<i32>, i32) -> ()
    return
  }
  // Warp bits of tid are 5 and 6: 0x60 = 96.
  // CHECK: %[[MASK:.*]] = llvm.mlir.constant(96 : i32) : i32
  // CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x
  // CHECK: %[[BITS:.*]] = llvm.and %[[TID]], %[[MASK]]
  // CHECK: %[[FIRST:.*]] = llvm.icmp "eq" %[[BITS]]
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "@$1 st.global.v2.b32 [ $0 + 0 ], { $2, $3 };", "l,b,r,r" %{{.*}}, %[[FIRST]],
  // CHECK: %[[THREAD0:.*]] = llvm.icmp "eq" %{{.*}}, %{{.*}} : i32
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "@$1 st.global.b32 [ $0 + 0 ], $2;", "l,b,r" %arg1, %[[THREAD0]],
}
