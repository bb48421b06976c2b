// Warpgroup MMAs in the LLVM dialect (gluon-to-nvvm,
// backends/nvidia/WarpgroupMmaOpToLLVM.cpp): gluon.warpgroup_mma is
// wgmma.fence, one wgmma.mma_async per 64-row tile, instruction-wide column
// tile and K step, then wgmma.commit_group. Each mma_async is inline PTX
// with the tile's accumulator registers tied to its results ("=f", "0"),
// two 64-bit matrix descriptors and the scale-d flag (use_acc on the first
// K step, 1 after it) turned into a predicate. A descriptor is the mode's
// constant bits (LBO at bit 16, SBO at bit 32, swizzle at bit 62, all in
// 16-byte units) or'ed with (address >> 4) & 0x3fff of the warpgroup's
// operand; each tile adds its offset in 16-byte units. The transpose
// immediates follow the operand's major-ness, for 16-bit operands only.
// gluon.warpgroup_mma_wait is wgmma.wait_group with every register of its
// tensor dependencies tied through it. codegen/wgmma.py checks the PTX
// these become and assembles it.
// RUN: %gluonc-opt %s -split-input-file --gluon-allocate-shared-memory --gluon-to-nvvm | FileCheck %s

// fp16, A [M, K] and B [K, N] both row-major in a 128-byte swizzle: A is
// K-major (LBO 16, SBO 1024: 0x4000004000010000), B is N-major (its 64
// columns fit one 128-byte row, so LBO is unused (16) and SBO is 8 rows of
// K, 1024 bytes): the same bits, and the transpose immediates "0, 1". A K
// step is 16 elements: 32 bytes of an A row (+2 units), 16 rows of B
// (2048 bytes, +128 units).
#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
#shared = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#acc = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // CHECK: llvm.mlir.global external @global_smem() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<0 x i8>
  // CHECK-LABEL: llvm.func @fp16
  // CHECK-SAME: (%[[V:[a-z0-9_]+]]: f32, %[[USEACC:[a-z0-9_]+]]: i1)
  // CHECK-DAG: %[[MODE:.*]] = llvm.mlir.constant(4611686293305360384 : i64) : i64
  // CHECK-DAG: %[[MASK:.*]] = llvm.mlir.constant(16383 : i32) : i32
  // CHECK-DAG: %[[C4:.*]] = llvm.mlir.constant(4 : i32) : i32
  // CHECK-DAG: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
  // CHECK-DAG: %[[A1:.*]] = llvm.mlir.constant(2 : i64) : i64
  // CHECK-DAG: %[[A2:.*]] = llvm.mlir.constant(4 : i64) : i64
  // CHECK-DAG: %[[A3:.*]] = llvm.mlir.constant(6 : i64) : i64
  // CHECK-DAG: %[[B1:.*]] = llvm.mlir.constant(128 : i64) : i64
  // CHECK-DAG: %[[B2:.*]] = llvm.mlir.constant(256 : i64) : i64
  // CHECK-DAG: %[[B3:.*]] = llvm.mlir.constant(384 : i64) : i64
  // CHECK-DAG: %[[SMEM:.*]] = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
  // CHECK: %[[BPTR:.*]] = llvm.getelementptr %[[SMEM]][8192] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
  // CHECK: %[[AINT:.*]] = llvm.ptrtoint %[[SMEM]] : !llvm.ptr<3> to i32
  // CHECK: %[[AADDR:.*]] = llvm.add %[[AINT]], %{{.*}} : i32
  // CHECK-NEXT: %[[AUNITS:.*]] = llvm.lshr %[[AADDR]], %[[C4]] : i32
  // CHECK-NEXT: %[[AFIELD:.*]] = llvm.and %[[AUNITS]], %[[MASK]] : i32
  // CHECK-NEXT: %[[AWIDE:.*]] = llvm.zext %[[AFIELD]] : i32 to i64
  // CHECK-NEXT: %[[ADESC:.*]] = llvm.or %[[AWIDE]], %[[MODE]] : i64
  // CHECK-NEXT: %[[BINT:.*]] = llvm.ptrtoint %[[BPTR]] : !llvm.ptr<3> to i32
  // CHECK-NEXT: %[[BADDR:.*]] = llvm.add %[[BINT]], %{{.*}} : i32
  // CHECK-NEXT: %[[BUNITS:.*]] = llvm.lshr %[[BADDR]], %[[C4]] : i32
  // CHECK-NEXT: %[[BFIELD:.*]] = llvm.and %[[BUNITS]], %[[MASK]] : i32
  // CHECK-NEXT: %[[BWIDE:.*]] = llvm.zext %[[BFIELD]] : i32 to i64
  // CHECK-NEXT: %[[BDESC:.*]] = llvm.or %[[BWIDE]], %[[MODE]] : i64
  // CHECK-NEXT: %[[USE:.*]] = llvm.zext %[[USEACC]] : i1 to i32
  // CHECK-NEXT: llvm.inline_asm has_side_effects asm_dialect = att "wgmma.fence.sync.aligned;", ""  : () -> ()
  // K step 0: the 32 registers of the accumulator (the splat), both base
  // descriptors and use_acc.
  // CHECK-NEXT: llvm.inline_asm has_side_effects asm_dialect = att "{\0A.reg .pred p;\0Asetp.ne.b32 p, $66, 0;\0Awgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {$0, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26, $27, $28, $29, $30, $31}, $64, $65, p, 1, 1, 0, 1;\0A}", "=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,l,l,r" {{(%arg0, ){32}%}}[[ADESC]], %[[BDESC]], %[[USE]] : ({{(f32, ){32}i}}64, i64, i32) -> !llvm.struct<({{(f32, ){31}f}}32)>
  // K steps 1 to 3: the previous step's results, the descriptors moved on,
  // scale-d 1.
  // CHECK: %[[AD1:.*]] = llvm.add %[[ADESC]], %[[A1]] : i64
  // CHECK-NEXT: %[[BD1:.*]] = llvm.add %[[BDESC]], %[[B1]] : i64
  // CHECK-NEXT: llvm.inline_asm {{.*}}m64n64k16.f32.f16.f16 {{.*}} {{(%[0-9]+, ){32}%}}[[AD1]], %[[BD1]], %[[ONE]] :
  // CHECK: %[[AD2:.*]] = llvm.add %[[ADESC]], %[[A2]] : i64
  // CHECK-NEXT: %[[BD2:.*]] = llvm.add %[[BDESC]], %[[B2]] : i64
  // CHECK-NEXT: llvm.inline_asm {{.*}}m64n64k16.f32.f16.f16 {{.*}} {{(%[0-9]+, ){32}%}}[[AD2]], %[[BD2]], %[[ONE]] :
  // CHECK: %[[AD3:.*]] = llvm.add %[[ADESC]], %[[A3]] : i64
  // CHECK-NEXT: %[[BD3:.*]] = llvm.add %[[BDESC]], %[[B3]] : i64
  // CHECK-NEXT: %[[LAST:.*]] = llvm.inline_asm {{.*}}m64n64k16.f32.f16.f16 {{.*}} {{(%[0-9]+, ){32}%}}[[AD3]], %[[BD3]], %[[ONE]] :
  // CHECK-NOT: wgmma.mma_async
  // CHECK: %[[R31:.*]] = llvm.extractvalue %[[LAST]][31]
  // CHECK-NEXT: llvm.inline_asm has_side_effects asm_dialect = att "wgmma.commit_group.sync.aligned;", ""  : () -> ()
  // The wait: the buffer dependency has no registers, the accumulator's 32
  // are tied through, and the store below reads what the wait returns.
  // CHECK-NEXT: %[[WAITED:.*]] = llvm.inline_asm has_side_effects asm_dialect = att "wgmma.wait_group.sync.aligned 1;", "=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31" {{(%[0-9]+, ){31}%}}[[R31]] : ({{(f32, ){31}f}}32) -> !llvm.struct<({{(f32, ){31}f}}32)>
  // CHECK-NEXT: %[[W0:.*]] = llvm.extractvalue %[[WAITED]][0]
  // CHECK: llvm.insertelement %[[W0]], %{{.*}} : vector<2xf32>
  // CHECK: llvm.store
  // A wait without dependencies.
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "wgmma.wait_group.sync.aligned 0;", ""  : () -> ()
  // CHECK-NEXT: llvm.return
  func.func @fp16(%v: f32, %use: i1) {
    %acc = gluon.splat %v : f32 -> tensor<64x64xf32, #acc>
    %a = gluon.local_alloc -> !gluon.memdesc<64x64xf16, #nvmma>
    %b = gluon.local_alloc -> !gluon.memdesc<64x64xf16, #nvmma>
    %c = gluon.local_alloc -> !gluon.memdesc<64x64xf32, #shared>
    %r = gluon.warpgroup_mma %a, %b, %acc, %use : !gluon.memdesc<64x64xf16, #nvmma>, !gluon.memdesc<64x64xf16, #nvmma> -> tensor<64x64xf32, #acc>
    %w:2 = gluon.warpgroup_mma_wait 1, %a, %r : !gluon.memdesc<64x64xf16, #nvmma>, tensor<64x64xf32, #acc>
    gluon.local_store %w#1, %c : tensor<64x64xf32, #acc> -> !gluon.memdesc<64x64xf32, #shared>
    gluon.warpgroup_mma_wait 0
    return
  }
}

// -----

// bf16 with B transposed: B is the memdesc_permute of an [N, K] buffer, so
// it is K-major like A (the same 0x4000004000010000) and a K step moves
// both by 32 bytes; no transpose ("0, 0"). A transposed the same way is
// M-major: "1, 0".
#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
#nvmmaT = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = true}>
#acc = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @bf16_transposed_b
  // CHECK-DAG: %[[MODE:.*]] = llvm.mlir.constant(4611686293305360384 : i64) : i64
  // CHECK-DAG: %[[STEP:.*]] = llvm.mlir.constant(2 : i64) : i64
  // CHECK: %[[ADESC:.*]] = llvm.or %{{.*}}, %[[MODE]] : i64
  // CHECK: %[[BDESC:.*]] = llvm.or %{{.*}}, %[[MODE]] : i64
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "wgmma.fence.sync.aligned;"
  // CHECK-NEXT: llvm.inline_asm has_side_effects asm_dialect = att "{\0A.reg .pred p;\0Asetp.ne.b32 p, $130, 0;\0Awgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 {{[{](\$[0-9]+, ){63}\$63}}}, $128, $129, p, 1, 1, 0, 0;\0A}", "{{(=f,){64}([0-9]+,){64}l}},l,r" {{(%[a-z0-9]+, ){64}%}}[[ADESC]], %[[BDESC]], %{{.*}} : ({{(f32, ){64}i}}64, i64, i32)
  // CHECK: %[[AD1:.*]] = llvm.add %[[ADESC]], %[[STEP]] : i64
  // CHECK-NEXT: %[[BD1:.*]] = llvm.add %[[BDESC]], %[[STEP]] : i64
  // CHECK-NEXT: llvm.inline_asm {{.*}}m64n128k16.f32.bf16.bf16 {{.*}}p, 1, 1, 0, 0;{{.*}} {{(%[0-9]+, ){64}%}}[[AD1]], %[[BD1]], %{{.*}} :
  // CHECK-COUNT-2: wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 {{.*}}p, 1, 1, 0, 0;
  // CHECK-NOT: wgmma.mma_async
  // CHECK: wgmma.commit_group.sync.aligned;
  // CHECK: "wgmma.wait_group.sync.aligned 0;", "{{(=f,){64}0}},1,2,{{([0-9]+,){60}6}}3"
  func.func @bf16_transposed_b(%v: f32, %use: i1) {
    %acc = gluon.splat %v : f32 -> tensor<64x128xf32, #acc>
    %a = gluon.local_alloc -> !gluon.memdesc<64x64xbf16, #nvmma>
    %bt = gluon.local_alloc -> !gluon.memdesc<128x64xbf16, #nvmma>
    %b = gluon.memdesc_permute %bt {order = array<i32: 1, 0>} : !gluon.memdesc<128x64xbf16, #nvmma> -> !gluon.memdesc<64x128xbf16, #nvmmaT>
    %r = gluon.warpgroup_mma %a, %b, %acc, %use : !gluon.memdesc<64x64xbf16, #nvmma>, !gluon.memdesc<64x128xbf16, #nvmmaT> -> tensor<64x128xf32, #acc>
    %w = gluon.warpgroup_mma_wait 0, %r : tensor<64x128xf32, #acc>
    return
  }

  // CHECK-LABEL: llvm.func @m_major_a
  // CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 {{.*}}p, 1, 1, 1, 0;
  // CHECK-NOT: wgmma.mma_async
  func.func @m_major_a(%v: f32, %use: i1) {
    %acc = gluon.splat %v : f32 -> tensor<64x128xf32, #acc>
    %at = gluon.local_alloc -> !gluon.memdesc<64x64xbf16, #nvmma>
    %a = gluon.memdesc_permute %at {order = array<i32: 1, 0>} : !gluon.memdesc<64x64xbf16, #nvmma> -> !gluon.memdesc<64x64xbf16, #nvmmaT>
    %bt = gluon.local_alloc -> !gluon.memdesc<128x64xbf16, #nvmma>
    %b = gluon.memdesc_permute %bt {order = array<i32: 1, 0>} : !gluon.memdesc<128x64xbf16, #nvmma> -> !gluon.memdesc<64x128xbf16, #nvmmaT>
    %r = gluon.warpgroup_mma %a, %b, %acc, %use : !gluon.memdesc<64x64xbf16, #nvmmaT>, !gluon.memdesc<64x128xbf16, #nvmmaT> -> tensor<64x128xf32, #acc>
    return
  }
}

// -----

// fp8 (e4m3): k = 32 (32 bytes per K step, +2 units for both K-major
// operands), no transpose immediates.
#nvmma8 = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 8, rank = 2, transposed = false}>
#nvmma8T = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 8, rank = 2, transposed = true}>
#acc = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 64, 32]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @fp8
  // CHECK-DAG: %[[MODE:.*]] = llvm.mlir.constant(4611686293305360384 : i64) : i64
  // CHECK-DAG: %[[STEP:.*]] = llvm.mlir.constant(2 : i64) : i64
  // CHECK: %[[ADESC:.*]] = llvm.or %{{.*}}, %[[MODE]] : i64
  // CHECK: %[[BDESC:.*]] = llvm.or %{{.*}}, %[[MODE]] : i64
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "wgmma.fence.sync.aligned;"
  // CHECK-NEXT: llvm.inline_asm has_side_effects asm_dialect = att "{\0A.reg .pred p;\0Asetp.ne.b32 p, $66, 0;\0Awgmma.mma_async.sync.aligned.m64n64k32.f32.e4m3.e4m3 {{[{](\$[0-9]+, ){31}\$31}}}, $64, $65, p, 1, 1;\0A}", "{{(=f,){32}([0-9]+,){32}l}},l,r" {{(%[a-z0-9]+, ){32}%}}[[ADESC]], %[[BDESC]], %{{.*}} :
  // CHECK: %[[AD1:.*]] = llvm.add %[[ADESC]], %[[STEP]] : i64
  // CHECK-NEXT: %[[BD1:.*]] = llvm.add %[[BDESC]], %[[STEP]] : i64
  // CHECK-NEXT: llvm.inline_asm {{.*}}m64n64k32.f32.e4m3.e4m3 {{.*}}, p, 1, 1;\0A}", {{.*}} {{(%[0-9]+, ){32}%}}[[AD1]], %[[BD1]], %{{.*}} :
  // CHECK-COUNT-2: wgmma.mma_async.sync.aligned.m64n64k32.f32.e4m3.e4m3 {{.*}}, p, 1, 1;\0A}"
  // CHECK-NOT: wgmma.mma_async
  // CHECK: wgmma.commit_group.sync.aligned;
  func.func @fp8(%v: f32, %use: i1) {
    %acc = gluon.splat %v : f32 -> tensor<64x64xf32, #acc>
    %a = gluon.local_alloc -> !gluon.memdesc<64x128xf8E4M3FN, #nvmma8>
    %bt = gluon.local_alloc -> !gluon.memdesc<64x128xf8E4M3FN, #nvmma8>
    %b = gluon.memdesc_permute %bt {order = array<i32: 1, 0>} : !gluon.memdesc<64x128xf8E4M3FN, #nvmma8> -> !gluon.memdesc<128x64xf8E4M3FN, #nvmma8T>
    %r = gluon.warpgroup_mma %a, %b, %acc, %use : !gluon.memdesc<64x128xf8E4M3FN, #nvmma8>, !gluon.memdesc<128x64xf8E4M3FN, #nvmma8T> -> tensor<64x64xf32, #acc>
    return
  }
}

// -----

// Two warpgroups (8 warps along M): warpgroup (warp % 8) / 4 reads A from
// row 64 on, 4096 elements (8192 bytes) further, chosen at run time. B is
// [64, 128] row-major: its 128 columns are two 64-column swizzle boxes,
// 8192 bytes apart, so its LBO is 8192 (0x4000004002000000).
#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
#acc = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [8, 1], instrShape = [16, 128, 16]}>
module attributes {gluon.num_warps = 8 : i32, gluon.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @two_warpgroups
  // CHECK-DAG: %[[BMODE:.*]] = llvm.mlir.constant(4611686293338849280 : i64) : i64
  // CHECK-DAG: %[[AMODE:.*]] = llvm.mlir.constant(4611686293305360384 : i64) : i64
  // CHECK-DAG: %[[C4096:.*]] = llvm.mlir.constant(4096 : i32) : i32
  // CHECK-DAG: %[[C2:.*]] = llvm.mlir.constant(2 : i32) : i32
  // CHECK-DAG: %[[C1:.*]] = llvm.mlir.constant(1 : i32) : i32
  // CHECK-DAG: %[[C4:.*]] = llvm.mlir.constant(4 : i32) : i32
  // CHECK-DAG: %[[C8:.*]] = llvm.mlir.constant(8 : i32) : i32
  // CHECK-DAG: %[[C5:.*]] = llvm.mlir.constant(5 : i32) : i32
  // CHECK-DAG: %[[C0:.*]] = llvm.mlir.constant(0 : i32) : i32
  // CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x range <i32, 0, 256> : i32
  // CHECK-NEXT: %[[WARP:.*]] = llvm.lshr %[[TID]], %[[C5]] : i32
  // CHECK-NEXT: %[[WM:.*]] = llvm.urem %[[WARP]], %[[C8]] : i32
  // CHECK-NEXT: %[[GROUP:.*]] = llvm.udiv %[[WM]], %[[C4]] : i32
  // CHECK-NEXT: %[[IS1:.*]] = llvm.icmp "eq" %[[GROUP]], %[[C1]] : i32
  // CHECK-NEXT: %[[OFFSET:.*]] = llvm.select %[[IS1]], %[[C4096]], %[[C0]] : i1, i32
  // CHECK-NEXT: %[[AINT:.*]] = llvm.ptrtoint %{{.*}} : !llvm.ptr<3> to i32
  // CHECK-NEXT: %[[ABYTES:.*]] = llvm.mul %[[OFFSET]], %[[C2]] : i32
  // CHECK-NEXT: %[[AADDR:.*]] = llvm.add %[[AINT]], %[[ABYTES]] : i32
  // CHECK: %[[ADESC:.*]] = llvm.or %{{.*}}, %[[AMODE]] : i64
  // CHECK: %[[BDESC:.*]] = llvm.or %{{.*}}, %[[BMODE]] : i64
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "wgmma.fence.sync.aligned;"
  // CHECK-NEXT: llvm.inline_asm {{.*}}setp.ne.b32 p, $130, 0;\0Awgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {{.*}}, $128, $129, p, 1, 1, 0, 1;\0A}", {{.*}} {{(%[a-z0-9]+, ){64}%}}[[ADESC]], %[[BDESC]], %{{.*}} :
  // CHECK-COUNT-3: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
  // CHECK-NOT: wgmma.mma_async
  // CHECK: wgmma.commit_group.sync.aligned;
  // CHECK-NEXT: "wgmma.wait_group.sync.aligned 0;", "{{(=f,){64}0}},{{([0-9]+,){62}6}}3"
  func.func @two_warpgroups(%v: f32, %use: i1) {
    %acc = gluon.splat %v : f32 -> tensor<128x128xf32, #acc>
    %a = gluon.local_alloc -> !gluon.memdesc<128x64xf16, #nvmma>
    %b = gluon.local_alloc -> !gluon.memdesc<64x128xf16, #nvmma>
    %r = gluon.warpgroup_mma %a, %b, %acc, %use : !gluon.memdesc<128x64xf16, #nvmma>, !gluon.memdesc<64x128xf16, #nvmma> -> tensor<128x128xf32, #acc>
    %w = gluon.warpgroup_mma_wait 0, %r : tensor<128x128xf32, #acc>
    return
  }
}

// -----

// More tiles than warps: 4 warps, a 128 x 128 accumulator and n = 64 make
// 2 x 2 tiles, issued N first, each at its own offset (row 64 of A and
// column 64 of B are both 2048 bytes on, +128 units). A has a 32-byte
// swizzle: mode 3 at bit 62, SBO 256 (0xc000001000010000). One K step:
// every instruction takes use_acc.
#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
#nvmma32 = #gluon.nvmma_shared<{swizzlingByteWidth = 32, elementBitWidth = 16, rank = 2, transposed = false}>
#acc = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @tiles
  // CHECK-SAME: (%{{[a-z0-9_]+}}: f32, %[[USEACC:[a-z0-9_]+]]: i1)
  // CHECK-DAG: %[[TILE:.*]] = llvm.mlir.constant(128 : i64) : i64
  // CHECK-DAG: %[[BMODE:.*]] = llvm.mlir.constant(4611686293305360384 : i64) : i64
  // CHECK-DAG: %[[AMODE:.*]] = llvm.mlir.constant(-4611685949707845632 : i64) : i64
  // CHECK: %[[ADESC:.*]] = llvm.or %{{.*}}, %[[AMODE]] : i64
  // CHECK: %[[BDESC:.*]] = llvm.or %{{.*}}, %[[BMODE]] : i64
  // CHECK-NEXT: %[[USE:.*]] = llvm.zext %[[USEACC]] : i1 to i32
  // CHECK: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}} %[[ADESC]], %[[BDESC]], %[[USE]] :
  // CHECK: %[[BN1:.*]] = llvm.add %[[BDESC]], %[[TILE]] : i64
  // CHECK-NEXT: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}} %[[ADESC]], %[[BN1]], %[[USE]] :
  // CHECK: %[[AM1:.*]] = llvm.add %[[ADESC]], %[[TILE]] : i64
  // CHECK-NEXT: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}} %[[AM1]], %[[BDESC]], %[[USE]] :
  // CHECK: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}} %[[AM1]], %[[BN1]], %[[USE]] :
  // CHECK-NOT: wgmma.mma_async
  // CHECK: wgmma.commit_group.sync.aligned;
  func.func @tiles(%v: f32, %use: i1) {
    %acc = gluon.splat %v : f32 -> tensor<128x128xf32, #acc>
    %a = gluon.local_alloc -> !gluon.memdesc<128x16xf16, #nvmma32>
    %b = gluon.local_alloc -> !gluon.memdesc<16x128xf16, #nvmma>
    %r = gluon.warpgroup_mma %a, %b, %acc, %use : !gluon.memdesc<128x16xf16, #nvmma32>, !gluon.memdesc<16x128xf16, #nvmma> -> tensor<128x128xf32, #acc>
    return
  }
}
