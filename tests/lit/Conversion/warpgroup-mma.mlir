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
// tensor dependencies tied through it. With `a` in registers (the
// accumulator's #gluon.dot_op, kWidth 32 / element bits), A is four i32
// operands instead of a descriptor ("r,r,r,r,l,r"; "{$a0, $a1, $a2, $a3}"
// in the text), each a bitcast of a vector of kWidth elements of the
// thread's A registers in the layout's order (kWidth elements, row + 8,
// K + 4 kWidth; then K steps; then tiles along M), and there is no A
// transpose immediate. codegen/wgmma.py checks the PTX these become and
// assembles it.
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
  // CHECK-NEXT: %[[UWARP:.*]] = nvvm.shfl.sync idx %{{.*}}, %[[WARP]], %[[C0]], %{{.*}} : i32 -> i32
  // CHECK-NEXT: %[[WM:.*]] = llvm.urem %[[UWARP]], %[[C8]] : i32
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

// -----

// `a` in registers: fp16 A [64, 32] in the accumulator's dot operand layout
// (kWidth 2), B [32, 64] row-major (N-major). A thread holds 16 elements of
// A: 8 per K step, packed in pairs into the four 32-bit registers of
// wgmma's A fragment (a0/a1: row l / 4, a2/a3: 8 rows down, a4/a5: 8
// columns on, a6/a7: both), the tied accumulator at $0-$31 and $32-$63,
// A at $64-$67, B's descriptor at $68 and scale-d at $69. Only B's
// transpose immediate ("1": N-major) follows "p, 1, 1". The second K step
// takes elements 8 to 15 and B 16 rows on (2048 bytes, +128 units).
#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
#acc = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#dot = #gluon.dot_op<{opIdx = 0, parent = #acc, kWidth = 2}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @fp16_a_in_registers
  // CHECK-SAME: (%[[V:[a-z0-9_]+]]: f32, %[[A:[a-z0-9_]+]]: !llvm.struct<({{(f16, ){15}f}}16)>, %[[USEACC:[a-z0-9_]+]]: i1)
  // CHECK-DAG: %[[BSTEP:.*]] = llvm.mlir.constant(128 : i64) : i64
  // CHECK-DAG: %[[UNDEF:.*]] = llvm.mlir.undef : vector<2xf16>
  // CHECK-DAG: %[[MODE:.*]] = llvm.mlir.constant(4611686293305360384 : i64) : i64
  // CHECK-DAG: %[[C1:.*]] = llvm.mlir.constant(1 : i32) : i32
  // CHECK-DAG: %[[C0:.*]] = llvm.mlir.constant(0 : i32) : i32
  // CHECK: %[[E0:.*]] = llvm.extractvalue %[[A]][0]
  // CHECK-NEXT: %[[E1:.*]] = llvm.extractvalue %[[A]][1]
  // CHECK-NEXT: %[[E2:.*]] = llvm.extractvalue %[[A]][2]
  // CHECK-NEXT: %[[E3:.*]] = llvm.extractvalue %[[A]][3]
  // CHECK-NEXT: %[[E4:.*]] = llvm.extractvalue %[[A]][4]
  // CHECK-NEXT: %[[E5:.*]] = llvm.extractvalue %[[A]][5]
  // CHECK-NEXT: %[[E6:.*]] = llvm.extractvalue %[[A]][6]
  // CHECK-NEXT: %[[E7:.*]] = llvm.extractvalue %[[A]][7]
  // CHECK-NEXT: %[[E8:.*]] = llvm.extractvalue %[[A]][8]
  // CHECK-NEXT: %[[E9:.*]] = llvm.extractvalue %[[A]][9]
  // CHECK-NEXT: %[[E10:.*]] = llvm.extractvalue %[[A]][10]
  // CHECK-NEXT: %[[E11:.*]] = llvm.extractvalue %[[A]][11]
  // CHECK-NEXT: %[[E12:.*]] = llvm.extractvalue %[[A]][12]
  // CHECK-NEXT: %[[E13:.*]] = llvm.extractvalue %[[A]][13]
  // CHECK-NEXT: %[[E14:.*]] = llvm.extractvalue %[[A]][14]
  // CHECK-NEXT: %[[E15:.*]] = llvm.extractvalue %[[A]][15]
  // Only B has a descriptor.
  // CHECK-NOT: llvm.or
  // CHECK: %[[BDESC:.*]] = llvm.or %{{.*}}, %[[MODE]] : i64
  // CHECK-NOT: llvm.or
  // CHECK: %[[USE:.*]] = llvm.zext %[[USEACC]] : i1 to i32
  // CHECK-NEXT: llvm.inline_asm has_side_effects asm_dialect = att "wgmma.fence.sync.aligned;", ""  : () -> ()
  // CHECK-NEXT: %[[V0:.*]] = llvm.insertelement %[[E0]], %[[UNDEF]][%[[C0]] : i32] : vector<2xf16>
  // CHECK-NEXT: %[[W0:.*]] = llvm.insertelement %[[E1]], %[[V0]][%[[C1]] : i32] : vector<2xf16>
  // CHECK-NEXT: %[[R0:.*]] = llvm.bitcast %[[W0]] : vector<2xf16> to i32
  // CHECK-NEXT: %[[V1:.*]] = llvm.insertelement %[[E2]], %[[UNDEF]][%[[C0]] : i32] : vector<2xf16>
  // CHECK-NEXT: %[[W1:.*]] = llvm.insertelement %[[E3]], %[[V1]][%[[C1]] : i32] : vector<2xf16>
  // CHECK-NEXT: %[[R1:.*]] = llvm.bitcast %[[W1]] : vector<2xf16> to i32
  // CHECK-NEXT: %[[V2:.*]] = llvm.insertelement %[[E4]], %[[UNDEF]][%[[C0]] : i32] : vector<2xf16>
  // CHECK-NEXT: %[[W2:.*]] = llvm.insertelement %[[E5]], %[[V2]][%[[C1]] : i32] : vector<2xf16>
  // CHECK-NEXT: %[[R2:.*]] = llvm.bitcast %[[W2]] : vector<2xf16> to i32
  // CHECK-NEXT: %[[V3:.*]] = llvm.insertelement %[[E6]], %[[UNDEF]][%[[C0]] : i32] : vector<2xf16>
  // CHECK-NEXT: %[[W3:.*]] = llvm.insertelement %[[E7]], %[[V3]][%[[C1]] : i32] : vector<2xf16>
  // CHECK-NEXT: %[[R3:.*]] = llvm.bitcast %[[W3]] : vector<2xf16> to i32
  // CHECK-NEXT: llvm.inline_asm has_side_effects asm_dialect = att "{\0A.reg .pred p;\0Asetp.ne.b32 p, $69, 0;\0Awgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{[{](\$[0-9]+, ){31}\$31}}}, {$64, $65, $66, $67}, $68, p, 1, 1, 1;\0A}", "{{(=f,){32}([0-9]+,){31}3}}1,r,r,r,r,l,r" {{(%arg0, ){32}%}}[[R0]], %[[R1]], %[[R2]], %[[R3]], %[[BDESC]], %[[USE]] : ({{(f32, ){32}i}}32, i32, i32, i32, i64, i32) -> !llvm.struct<({{(f32, ){31}f}}32)>
  // K step 1: the previous step's results.
  // CHECK: %[[D31:.*]] = llvm.extractvalue %{{.*}}[31]
  // CHECK-NEXT: %[[V4:.*]] = llvm.insertelement %[[E8]], %[[UNDEF]][%[[C0]] : i32] : vector<2xf16>
  // CHECK-NEXT: %[[W4:.*]] = llvm.insertelement %[[E9]], %[[V4]][%[[C1]] : i32] : vector<2xf16>
  // CHECK-NEXT: %[[R4:.*]] = llvm.bitcast %[[W4]] : vector<2xf16> to i32
  // CHECK-NEXT: %[[V5:.*]] = llvm.insertelement %[[E10]], %[[UNDEF]][%[[C0]] : i32] : vector<2xf16>
  // CHECK-NEXT: %[[W5:.*]] = llvm.insertelement %[[E11]], %[[V5]][%[[C1]] : i32] : vector<2xf16>
  // CHECK-NEXT: %[[R5:.*]] = llvm.bitcast %[[W5]] : vector<2xf16> to i32
  // CHECK-NEXT: %[[V6:.*]] = llvm.insertelement %[[E12]], %[[UNDEF]][%[[C0]] : i32] : vector<2xf16>
  // CHECK-NEXT: %[[W6:.*]] = llvm.insertelement %[[E13]], %[[V6]][%[[C1]] : i32] : vector<2xf16>
  // CHECK-NEXT: %[[R6:.*]] = llvm.bitcast %[[W6]] : vector<2xf16> to i32
  // CHECK-NEXT: %[[V7:.*]] = llvm.insertelement %[[E14]], %[[UNDEF]][%[[C0]] : i32] : vector<2xf16>
  // CHECK-NEXT: %[[W7:.*]] = llvm.insertelement %[[E15]], %[[V7]][%[[C1]] : i32] : vector<2xf16>
  // CHECK-NEXT: %[[R7:.*]] = llvm.bitcast %[[W7]] : vector<2xf16> to i32
  // CHECK-NEXT: %[[BD1:.*]] = llvm.add %[[BDESC]], %[[BSTEP]] : i64
  // CHECK-NEXT: %[[LAST:.*]] = llvm.inline_asm {{.*}}m64n64k16.f32.f16.f16 {{.*}}, {$64, $65, $66, $67}, $68, p, 1, 1, 1;\0A}", "{{.*}},r,r,r,r,l,r" {{(%[0-9]+, ){31}%}}[[D31]], %[[R4]], %[[R5]], %[[R6]], %[[R7]], %[[BD1]], %[[C1]] :
  // CHECK-NOT: wgmma.mma_async
  // CHECK: wgmma.commit_group.sync.aligned;
  // CHECK-NEXT: "wgmma.wait_group.sync.aligned 0;", "{{(=f,){32}0}},{{([0-9]+,){30}3}}1"
  func.func @fp16_a_in_registers(%v: f32, %a: tensor<64x32xf16, #dot>, %use: i1) {
    %acc = gluon.splat %v : f32 -> tensor<64x64xf32, #acc>
    %b = gluon.local_alloc -> !gluon.memdesc<32x64xf16, #nvmma>
    %r = gluon.warpgroup_mma %a, %b, %acc, %use : tensor<64x32xf16, #dot>, !gluon.memdesc<32x64xf16, #nvmma> -> tensor<64x64xf32, #acc>
    %w = gluon.warpgroup_mma_wait 0, %r : tensor<64x64xf32, #acc>
    return
  }
}

// -----

// Tiles along M come after the K steps in A's registers: a 128 x 64 bf16
// A with 4 warps is 2 tiles of 4 K steps, 8 elements each, so the first
// MMA of tile 1 (the fifth, on the initial accumulator again) packs
// elements 32 to 39. B is K-major (a permuted [N, K] buffer): "p, 1, 1, 0".
#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = false}>
#nvmmaT = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, rank = 2, transposed = true}>
#acc = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#dot = #gluon.dot_op<{opIdx = 0, parent = #acc, kWidth = 2}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @a_in_registers_tiles
  // CHECK-SAME: (%{{[a-z0-9_]+}}: f32, %[[A:[a-z0-9_]+]]: !llvm.struct<({{(bf16, ){63}b}}f16)>, %{{[a-z0-9_]+}}: i1)
  // CHECK: %[[E0:.*]] = llvm.extractvalue %[[A]][0]
  // CHECK: %[[E32:.*]] = llvm.extractvalue %[[A]][32]
  // CHECK-NEXT: %[[E33:.*]] = llvm.extractvalue %[[A]][33]
  // CHECK: %[[BDESC:.*]] = llvm.or
  // CHECK-NEXT: %[[USE:.*]] = llvm.zext
  // CHECK-NEXT: wgmma.fence.sync.aligned;
  // CHECK-NEXT: %[[T0:.*]] = llvm.insertelement %[[E0]], {{.*}} : vector<2xbf16>
  // CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16 {{.*}}, {$64, $65, $66, $67}, $68, p, 1, 1, 0;
  // CHECK-NOT: wgmma.mma_async
  // CHECK: %[[T1:.*]] = llvm.insertelement %[[E32]], {{.*}} : vector<2xbf16>
  // CHECK-NEXT: %[[T1B:.*]] = llvm.insertelement %[[E33]], %[[T1]]{{.*}} : vector<2xbf16>
  // CHECK-NEXT: %[[T1R0:.*]] = llvm.bitcast %[[T1B]] : vector<2xbf16> to i32
  // CHECK-NOT: wgmma.mma_async
  // CHECK: wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16 {{.*}}, p, 1, 1, 0;\0A}", {{.*}} {{(%arg0, ){32}%}}[[T1R0]], %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %[[BDESC]], %[[USE]] :
  // CHECK-COUNT-3: wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16 {{.*}}, {$64, $65, $66, $67}, $68, p, 1, 1, 0;
  // CHECK-NOT: wgmma.mma_async
  // CHECK: wgmma.commit_group.sync.aligned;
  func.func @a_in_registers_tiles(%v: f32, %a: tensor<128x64xbf16, #dot>, %use: i1) {
    %acc = gluon.splat %v : f32 -> tensor<128x64xf32, #acc>
    %bt = gluon.local_alloc -> !gluon.memdesc<64x64xbf16, #nvmma>
    %b = gluon.memdesc_permute %bt {order = array<i32: 1, 0>} : !gluon.memdesc<64x64xbf16, #nvmma> -> !gluon.memdesc<64x64xbf16, #nvmmaT>
    %r = gluon.warpgroup_mma %a, %b, %acc, %use : tensor<128x64xbf16, #dot>, !gluon.memdesc<64x64xbf16, #nvmmaT> -> tensor<128x64xf32, #acc>
    return
  }
}

// -----

// fp8 (e4m3) in registers: kWidth 4, four elements (i8 in LLVM) per 32-bit
// register, 16 per K step of 32; no transpose immediates at all (8-bit
// operands have none, and A in registers never has one). The second K
// step packs elements 16 to 31 and moves K-major B 32 bytes on (+2).
#nvmma8 = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 8, rank = 2, transposed = false}>
#nvmma8T = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 8, rank = 2, transposed = true}>
#acc = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 64, 32]}>
#dot = #gluon.dot_op<{opIdx = 0, parent = #acc, kWidth = 4}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @fp8_a_in_registers
  // CHECK-SAME: (%{{[a-z0-9_]+}}: f32, %[[A:[a-z0-9_]+]]: !llvm.struct<({{(i8, ){63}i}}8)>, %{{[a-z0-9_]+}}: i1)
  // CHECK-DAG: %[[STEP:.*]] = llvm.mlir.constant(2 : i64) : i64
  // CHECK-DAG: %[[C3:.*]] = llvm.mlir.constant(3 : i32) : i32
  // CHECK-DAG: %[[C2:.*]] = llvm.mlir.constant(2 : i32) : i32
  // CHECK-DAG: %[[UNDEF:.*]] = llvm.mlir.undef : vector<4xi8>
  // CHECK-DAG: %[[C1:.*]] = llvm.mlir.constant(1 : i32) : i32
  // CHECK-DAG: %[[C0:.*]] = llvm.mlir.constant(0 : i32) : i32
  // CHECK: %[[E0:.*]] = llvm.extractvalue %[[A]][0]
  // CHECK-NEXT: %[[E1:.*]] = llvm.extractvalue %[[A]][1]
  // CHECK-NEXT: %[[E2:.*]] = llvm.extractvalue %[[A]][2]
  // CHECK-NEXT: %[[E3:.*]] = llvm.extractvalue %[[A]][3]
  // CHECK-NEXT: %[[E4:.*]] = llvm.extractvalue %[[A]][4]
  // CHECK-NEXT: %[[E5:.*]] = llvm.extractvalue %[[A]][5]
  // CHECK-NEXT: %[[E6:.*]] = llvm.extractvalue %[[A]][6]
  // CHECK-NEXT: %[[E7:.*]] = llvm.extractvalue %[[A]][7]
  // CHECK-NEXT: %[[E8:.*]] = llvm.extractvalue %[[A]][8]
  // CHECK-NEXT: %[[E9:.*]] = llvm.extractvalue %[[A]][9]
  // CHECK-NEXT: %[[E10:.*]] = llvm.extractvalue %[[A]][10]
  // CHECK-NEXT: %[[E11:.*]] = llvm.extractvalue %[[A]][11]
  // CHECK-NEXT: %[[E12:.*]] = llvm.extractvalue %[[A]][12]
  // CHECK-NEXT: %[[E13:.*]] = llvm.extractvalue %[[A]][13]
  // CHECK-NEXT: %[[E14:.*]] = llvm.extractvalue %[[A]][14]
  // CHECK-NEXT: %[[E15:.*]] = llvm.extractvalue %[[A]][15]
  // CHECK: %[[E16:.*]] = llvm.extractvalue %[[A]][16]
  // CHECK: %[[BDESC:.*]] = llvm.or
  // CHECK-NEXT: %[[USE:.*]] = llvm.zext
  // CHECK-NEXT: wgmma.fence.sync.aligned;
  // CHECK-NEXT: %[[V0_0:.*]] = llvm.insertelement %[[E0]], %[[UNDEF]][%[[C0]] : i32] : vector<4xi8>
  // CHECK-NEXT: %[[V0_1:.*]] = llvm.insertelement %[[E1]], %[[V0_0]][%[[C1]] : i32] : vector<4xi8>
  // CHECK-NEXT: %[[V0_2:.*]] = llvm.insertelement %[[E2]], %[[V0_1]][%[[C2]] : i32] : vector<4xi8>
  // CHECK-NEXT: %[[V0_3:.*]] = llvm.insertelement %[[E3]], %[[V0_2]][%[[C3]] : i32] : vector<4xi8>
  // CHECK-NEXT: %[[R0:.*]] = llvm.bitcast %[[V0_3]] : vector<4xi8> to i32
  // CHECK-NEXT: %[[V1_0:.*]] = llvm.insertelement %[[E4]], %[[UNDEF]][%[[C0]] : i32] : vector<4xi8>
  // CHECK-NEXT: %[[V1_1:.*]] = llvm.insertelement %[[E5]], %[[V1_0]][%[[C1]] : i32] : vector<4xi8>
  // CHECK-NEXT: %[[V1_2:.*]] = llvm.insertelement %[[E6]], %[[V1_1]][%[[C2]] : i32] : vector<4xi8>
  // CHECK-NEXT: %[[V1_3:.*]] = llvm.insertelement %[[E7]], %[[V1_2]][%[[C3]] : i32] : vector<4xi8>
  // CHECK-NEXT: %[[R1:.*]] = llvm.bitcast %[[V1_3]] : vector<4xi8> to i32
  // CHECK-NEXT: %[[V2_0:.*]] = llvm.insertelement %[[E8]], %[[UNDEF]][%[[C0]] : i32] : vector<4xi8>
  // CHECK-NEXT: %[[V2_1:.*]] = llvm.insertelement %[[E9]], %[[V2_0]][%[[C1]] : i32] : vector<4xi8>
  // CHECK-NEXT: %[[V2_2:.*]] = llvm.insertelement %[[E10]], %[[V2_1]][%[[C2]] : i32] : vector<4xi8>
  // CHECK-NEXT: %[[V2_3:.*]] = llvm.insertelement %[[E11]], %[[V2_2]][%[[C3]] : i32] : vector<4xi8>
  // CHECK-NEXT: %[[R2:.*]] = llvm.bitcast %[[V2_3]] : vector<4xi8> to i32
  // CHECK-NEXT: %[[V3_0:.*]] = llvm.insertelement %[[E12]], %[[UNDEF]][%[[C0]] : i32] : vector<4xi8>
  // CHECK-NEXT: %[[V3_1:.*]] = llvm.insertelement %[[E13]], %[[V3_0]][%[[C1]] : i32] : vector<4xi8>
  // CHECK-NEXT: %[[V3_2:.*]] = llvm.insertelement %[[E14]], %[[V3_1]][%[[C2]] : i32] : vector<4xi8>
  // CHECK-NEXT: %[[V3_3:.*]] = llvm.insertelement %[[E15]], %[[V3_2]][%[[C3]] : i32] : vector<4xi8>
  // CHECK-NEXT: %[[R3:.*]] = llvm.bitcast %[[V3_3]] : vector<4xi8> to i32
  // CHECK-NEXT: llvm.inline_asm has_side_effects asm_dialect = att "{\0A.reg .pred p;\0Asetp.ne.b32 p, $69, 0;\0Awgmma.mma_async.sync.aligned.m64n64k32.f32.e4m3.e4m3 {{[{](\$[0-9]+, ){31}\$31}}}, {$64, $65, $66, $67}, $68, p, 1, 1;\0A}", "{{(=f,){32}([0-9]+,){31}3}}1,r,r,r,r,l,r" {{(%[a-z0-9]+, ){32}%}}[[R0]], %[[R1]], %[[R2]], %[[R3]], %[[BDESC]], %[[USE]] : ({{(f32, ){32}i}}32, i32, i32, i32, i64, i32)
  // CHECK: %[[S1:.*]] = llvm.insertelement %[[E16]], %[[UNDEF]][%[[C0]] : i32] : vector<4xi8>
  // CHECK: %[[BD1:.*]] = llvm.add %[[BDESC]], %[[STEP]] : i64
  // CHECK-NEXT: llvm.inline_asm {{.*}}m64n64k32.f32.e4m3.e4m3 {{.*}}, {$64, $65, $66, $67}, $68, p, 1, 1;\0A}", {{.*}}, %[[BD1]], %[[C1]] :
  // CHECK-COUNT-2: wgmma.mma_async.sync.aligned.m64n64k32.f32.e4m3.e4m3 {{.*}}, {$64, $65, $66, $67}, $68, p, 1, 1;\0A}"
  // CHECK-NOT: wgmma.mma_async
  // CHECK: wgmma.commit_group.sync.aligned;
  func.func @fp8_a_in_registers(%v: f32, %a: tensor<64x128xf8E4M3FN, #dot>, %use: i1) {
    %acc = gluon.splat %v : f32 -> tensor<64x64xf32, #acc>
    %bt = gluon.local_alloc -> !gluon.memdesc<64x128xf8E4M3FN, #nvmma8>
    %b = gluon.memdesc_permute %bt {order = array<i32: 1, 0>} : !gluon.memdesc<64x128xf8E4M3FN, #nvmma8> -> !gluon.memdesc<128x64xf8E4M3FN, #nvmma8T>
    %r = gluon.warpgroup_mma %a, %b, %acc, %use : tensor<64x128xf8E4M3FN, #dot>, !gluon.memdesc<128x64xf8E4M3FN, #nvmma8T> -> tensor<64x64xf32, #acc>
    return
  }
}

// -----

// tf32 in registers: kWidth 1, one element per register (a one-element
// vector bitcast to i32), no transpose immediates.
#nvmma32 = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 32, rank = 2, transposed = false}>
#nvmma32T = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 32, rank = 2, transposed = true}>
#acc = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 64, 8]}>
#dot = #gluon.dot_op<{opIdx = 0, parent = #acc, kWidth = 1}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @tf32_a_in_registers
  // CHECK-SAME: (%{{[a-z0-9_]+}}: f32, %[[A:[a-z0-9_]+]]: !llvm.struct<({{(f32, ){15}f}}32)>, %{{[a-z0-9_]+}}: i1)
  // CHECK: %[[E0:.*]] = llvm.extractvalue %[[A]][0]
  // CHECK-NEXT: %[[E1:.*]] = llvm.extractvalue %[[A]][1]
  // CHECK: wgmma.fence.sync.aligned;
  // CHECK-NEXT: %[[V0:.*]] = llvm.insertelement %[[E0]], %{{.*}} : vector<1xf32>
  // CHECK-NEXT: %[[R0:.*]] = llvm.bitcast %[[V0]] : vector<1xf32> to i32
  // CHECK-NEXT: %[[V1:.*]] = llvm.insertelement %[[E1]], %{{.*}} : vector<1xf32>
  // CHECK-NEXT: %[[R1:.*]] = llvm.bitcast %[[V1]] : vector<1xf32> to i32
  // CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k8.f32.tf32.tf32 {{.*}}, {$64, $65, $66, $67}, $68, p, 1, 1;\0A}", "{{.*}},r,r,r,r,l,r"
  // CHECK-NOT: wgmma.mma_async
  func.func @tf32_a_in_registers(%v: f32, %a: tensor<64x32xf32, #dot>, %use: i1) {
    %acc = gluon.splat %v : f32 -> tensor<64x64xf32, #acc>
    %bt = gluon.local_alloc -> !gluon.memdesc<64x32xf32, #nvmma32>
    %b = gluon.memdesc_permute %bt {order = array<i32: 1, 0>} : !gluon.memdesc<64x32xf32, #nvmma32> -> !gluon.memdesc<32x64xf32, #nvmma32T>
    %r = gluon.warpgroup_mma %a, %b, %acc, %use : tensor<64x32xf32, #dot>, !gluon.memdesc<32x64xf32, #nvmma32T> -> tensor<64x64xf32, #acc>
    return
  }
}

// -----

// An fp16 accumulator (fp16 operands): each d register is a 32-bit f16x2
// pair ("=r"), two consecutive registers of the layout (adjacent columns)
// packed before the first K step and unpacked after the last; the 16 f16
// registers of an m64n32 tile travel as 8.
#nvmma = #gluon.nvmma_shared<{swizzlingByteWidth = 64, elementBitWidth = 16, rank = 2, transposed = false}>
#shared = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#acc = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 32, 16]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @f16_accumulator
  // CHECK-SAME: (%[[ACC:[a-z0-9_]+]]: !llvm.struct<({{(f16, ){15}f}}16)>, %{{[a-z0-9_]+}}: i1)
  // CHECK: %[[E0:.*]] = llvm.extractvalue %[[ACC]][0]
  // CHECK-NEXT: %[[E1:.*]] = llvm.extractvalue %[[ACC]][1]
  // CHECK: wgmma.fence.sync.aligned;
  // CHECK-NEXT: %[[P0:.*]] = llvm.insertelement %[[E0]], %{{.*}} : vector<2xf16>
  // CHECK-NEXT: %[[P1:.*]] = llvm.insertelement %[[E1]], %[[P0]][%{{.*}} : i32] : vector<2xf16>
  // CHECK-NEXT: %[[R0:.*]] = llvm.bitcast %[[P1]] : vector<2xf16> to i32
  // CHECK-COUNT-7: llvm.bitcast %{{.*}} : vector<2xf16> to i32
  // CHECK: llvm.inline_asm {{.*}}wgmma.mma_async.sync.aligned.m64n32k16.f16.f16.f16 {$0, $1, $2, $3, $4, $5, $6, $7}, $16, $17, p, 1, 1, 0, 1;\0A}", "{{(=r,){8}([0-9]+,){8}l}},l,r" %[[R0]], {{.*}} -> !llvm.struct<({{(i32, ){7}i}}32)>
  // CHECK: %[[LAST:.*]] = llvm.inline_asm {{.*}}m64n32k16.f16.f16.f16
  // CHECK-NOT: wgmma.mma_async
  // CHECK: %[[D0:.*]] = llvm.extractvalue %[[LAST]][0]
  // CHECK: llvm.bitcast %[[D0]] : i32 to vector<2xf16>
  // CHECK-COUNT-7: llvm.bitcast %{{.*}} : i32 to vector<2xf16>
  // CHECK: wgmma.commit_group.sync.aligned;
  func.func @f16_accumulator(%acc: tensor<64x32xf16, #acc>, %use: i1) {
    %a = gluon.local_alloc -> !gluon.memdesc<64x32xf16, #nvmma>
    %b = gluon.local_alloc -> !gluon.memdesc<32x32xf16, #nvmma>
    %c = gluon.local_alloc -> !gluon.memdesc<64x32xf16, #shared>
    %r = gluon.warpgroup_mma %a, %b, %acc, %use : !gluon.memdesc<64x32xf16, #nvmma>, !gluon.memdesc<32x32xf16, #nvmma> -> tensor<64x32xf16, #acc>
    gluon.local_store %r, %c : tensor<64x32xf16, #acc> -> !gluon.memdesc<64x32xf16, #shared>
    return
  }
}
