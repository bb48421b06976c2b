# Hopper warpgroup MMAs as PTX (backends/nvidia/WarpgroupMmaOpToLLVM.cpp):
# a warpgroup_mma is wgmma.fence, one wgmma.mma_async per 64-row tile and
# K step (m64nNkK, the accumulator's registers the same in every step: the
# accumulation happens in place), then wgmma.commit_group; a synchronous
# MMA and warpgroup_mma_wait end with wgmma.wait_group. The matrix
# descriptors (mode bits | address >> 4) are computed once, out of the K
# loop, each K step adding its constant offset. The scale-d predicate is
# set from use_acc for the first K step and from 1 after it. 16-bit
# operands carry the transpose immediates (B [K, N] row-major is N-major:
# "0, 1"; a permuted [N, K] buffer is K-major: "0, 0"), 8-bit ones none.
# With A loaded into registers (the accumulator's DotOperandLayout, operand
# 0, k_width 32 / bits) an mma_async takes four 32-bit registers for A,
# "{%r, %r, %r, %r}", where the descriptor was, and only B's transpose
# immediate. Every PTX file assembles for sm_90a.
# RUN: rm -rf %t
#
# One buffer of A [64, 64] and B [64, 128], fp16, 4 warps.
# RUN: %gluonc %s -k gemm -s "tensordesc<fp16[64, 64]>, tensordesc<fp16[64, 128]>, tensordesc<fp16[64, 128]>" --emit ptx -o %t/fp16
# RUN: FileCheck %s --check-prefix=FP16 --input-file %t/fp16/gemm.sm_90a.ptx
# bf16 with two warpgroups (8 warps along M) for a 128-row tile.
# RUN: %gluonc %s -k gemm -w 8 -s "tensordesc<bf16[128, 64]>, tensordesc<bf16[64, 128]>, tensordesc<bf16[128, 128]>" --emit ptx -o %t/bf16
# RUN: FileCheck %s --check-prefix=BF16 --input-file %t/bf16/gemm.sm_90a.ptx
# B from an [N, K] descriptor, permuted: K-major; use_acc and the wait at
# run time. bf16, then fp8 (k = 32).
# RUN: %gluonc %s -k gemm_bt -s "tensordesc<bf16[64, 64]>, tensordesc<bf16[128, 64]>, tensordesc<bf16[64, 128]>" --emit ptx -o %t/bt
# RUN: FileCheck %s --check-prefix=BT --input-file %t/bt/gemm_bt.sm_90a.ptx
# RUN: %gluonc %s -k gemm_bt -s "tensordesc<fp8e4nv[64, 128]>, tensordesc<fp8e4nv[128, 128]>, tensordesc<fp16[64, 128]>" --emit ptx -o %t/fp8
# RUN: FileCheck %s --check-prefix=FP8 --input-file %t/fp8/gemm_bt.sm_90a.ptx
# The sample (a pipelined GEMM through a ring of buffers) as its docstring
# compiles it, and in bf16 with 4 warps and 4 buffers.
# RUN: %gluonc %samples/matmul_wgmma.py -k matmul_kernel -w 8 -s "tensordesc<fp16[128, 64]>, tensordesc<fp16[64, 256]>, tensordesc<fp16[128, 256]>, 3, 8" --emit ptx -o %t/sample
# RUN: FileCheck %s --check-prefix=SAMPLE --input-file %t/sample/matmul_kernel.sm_90a.ptx
# RUN: %gluonc %samples/matmul_wgmma.py -k matmul_kernel -w 4 -s "tensordesc<bf16[64, 64]>, tensordesc<bf16[64, 128]>, tensordesc<bf16[64, 128]>, 4, 8" --emit ptx -o %t/sample_bf16
# RUN: FileCheck %s --check-prefix=SAMPLEBF16 --input-file %t/sample_bf16/matmul_kernel.sm_90a.ptx
# A in registers: fp16 with an N-major B (no A descriptor anywhere), fp8
# and tf32 with a K-major B, bf16 with two warpgroups.
# RUN: %gluonc %s -k gemm_a_registers -s "tensordesc<fp16[64, 64]>, tensordesc<fp16[64, 128]>, tensordesc<fp16[64, 128]>, 0" --emit ptx -o %t/areg
# RUN: FileCheck %s --check-prefix=AREG --implicit-check-not=4611686293305360384 --input-file %t/areg/gemm_a_registers.sm_90a.ptx
# RUN: %gluonc %s -k gemm_a_registers -s "tensordesc<fp8e4nv[64, 128]>, tensordesc<fp8e4nv[128, 128]>, tensordesc<fp16[64, 128]>, 1" --emit ptx -o %t/areg_fp8
# RUN: FileCheck %s --check-prefix=AREGFP8 --input-file %t/areg_fp8/gemm_a_registers.sm_90a.ptx
# RUN: %gluonc %s -k gemm_a_registers -s "tensordesc<fp32[64, 32]>, tensordesc<fp32[64, 32]>, tensordesc<fp32[64, 64]>, 1" --emit ptx -o %t/areg_tf32
# RUN: FileCheck %s --check-prefix=AREGTF32 --input-file %t/areg_tf32/gemm_a_registers.sm_90a.ptx
# RUN: %gluonc %s -k gemm_a_registers -w 8 -s "tensordesc<bf16[128, 64]>, tensordesc<bf16[128, 64]>, tensordesc<bf16[128, 128]>, 1" --emit ptx -o %t/areg_bf16
# RUN: FileCheck %s --check-prefix=AREGBF16 --input-file %t/areg_bf16/gemm_a_registers.sm_90a.ptx
# An fp16 accumulator (test_core's warpgroup_mma_kernel): the d registers
# are f16x2 pairs, half as many as fp32's.
# RUN: %gluonc %s -k gemm_f16_acc -s "tensordesc<fp16[64, 64]>, tensordesc<fp16[64, 128]>, tensordesc<fp16[64, 128]>" --emit ptx -o %t/f16acc
# RUN: FileCheck %s --check-prefix=F16ACC --input-file %t/f16acc/gemm_f16_acc.sm_90a.ptx
# RUN: %if ptxas %{ for f in fp16/gemm bf16/gemm bt/gemm_bt fp8/gemm_bt sample/matmul_kernel sample_bf16/matmul_kernel areg/gemm_a_registers areg_fp8/gemm_a_registers areg_tf32/gemm_a_registers areg_bf16/gemm_a_registers f16acc/gemm_f16_acc; do %ptxas -arch=sm_90a %t/$f.sm_90a.ptx -o %t/$f.cubin || exit 1; done %}
#
# A is K-major in a 128-byte swizzle (LBO 16, SBO 1024:
# 0x4000004000010000); B's 128 columns are two 64-column boxes 8192 bytes
# apart (LBO 8192: 0x4000004002000000). A K step moves A 32 bytes on (+2)
# and B 16 rows (+128). All before the loop.
# FP16: .reqntid 128, 1, 1
# FP16-DAG: or.b64 %[[A0:rd[0-9]+]], %[[ABASE:rd[0-9]+]], 4611686293305360384;
# FP16-DAG: or.b64 %[[B0:rd[0-9]+]], %[[BBASE:rd[0-9]+]], 4611686293338849280;
# FP16-DAG: {{or|add}}.{{b|s}}64 %[[A1:rd[0-9]+]], %[[ABASE]], 4611686293305360386;
# FP16-DAG: {{or|add}}.{{b|s}}64 %[[B1:rd[0-9]+]], %[[BBASE]], 4611686293338849408;
# FP16-DAG: {{or|add}}.{{b|s}}64 %[[A2:rd[0-9]+]], %[[ABASE]], 4611686293305360388;
# FP16-DAG: {{or|add}}.{{b|s}}64 %[[B2:rd[0-9]+]], %[[BBASE]], 4611686293338849536;
# FP16-DAG: {{or|add}}.{{b|s}}64 %[[A3:rd[0-9]+]], %[[ABASE]], 4611686293305360390;
# FP16-DAG: {{or|add}}.{{b|s}}64 %[[B3:rd[0-9]+]], %[[BBASE]], 4611686293338849664;
# The K loop: the loads (after a barrier: the previous MMA read the
# buffers), the mbarrier wait, then the MMA.
# FP16: bar.sync 0;
# FP16: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes
# FP16: mbarrier.try_wait.parity.shared::cta.b64
# FP16: wgmma.fence.sync.aligned;
# FP16: mov.b32 %[[USE:r[0-9]+]], 1;
# FP16: setp.ne.b32 p, %[[USE]], 0;
# FP16-NEXT: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {%[[D0:r[0-9]+]], {{(%r[0-9]+, ){62}%r[0-9]+}}}, %[[A0]], %[[B0]], p, 1, 1, 0, 1;
# FP16: setp.ne.b32 p, %[[USE]], 0;
# FP16-NEXT: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {%[[D0]], {{(%r[0-9]+, ){62}%r[0-9]+}}}, %[[A1]], %[[B1]], p, 1, 1, 0, 1;
# FP16: setp.ne.b32 p, %[[USE]], 0;
# FP16-NEXT: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {%[[D0]], {{(%r[0-9]+, ){62}%r[0-9]+}}}, %[[A2]], %[[B2]], p, 1, 1, 0, 1;
# FP16: setp.ne.b32 p, %[[USE]], 0;
# FP16-NEXT: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {%[[D0]], {{(%r[0-9]+, ){62}%r[0-9]+}}}, %[[A3]], %[[B3]], p, 1, 1, 0, 1;
# FP16-NOT: wgmma.mma_async
# FP16: wgmma.commit_group.sync.aligned;
# FP16-NEXT: // end inline asm
# FP16-NEXT: // begin inline asm
# FP16-NEXT: wgmma.wait_group.sync.aligned 0;
# FP16-NOT: wgmma
# The epilogue: fp16 pairs to shared memory, fenced, one TMA store.
# FP16: cvt.rn.f16x2.f32
# FP16: st.shared.b32
# FP16: fence.proxy.async.shared::cta;
# FP16: cp.async.bulk.tensor.2d.global.shared::cta.bulk_group
#
# Warpgroup 1 (warps 4 to 7) reads A from row 64 on, 8192 bytes further:
# bit 2 of the warp id (as lane 0 holds it, so that ptxas keeps the
# descriptors uniform) times 8192.
# BF16: .reqntid 256, 1, 1
# BF16: mov.u32 %[[TID:r[0-9]+]], %tid.x;
# BF16: shr.u32 %[[WARP:r[0-9]+]], %[[TID]], 5;
# B's descriptor does not depend on the warpgroup (one along N): computed
# before the loop.
# BF16: or.b64 %[[B0:rd[0-9]+]], %{{rd[0-9]+}}, 4611686293338849280;
# BF16-NOT: %tid.x
# BF16: shfl.sync.idx.b32 %[[UWARP:r[0-9]+]], %[[WARP]], 0, 31, -1;
# BF16-NOT: %tid.x
# BF16: shl.b32 %[[SHIFTED:r[0-9]+]], %{{r[0-9]+}}, 11;
# BF16-NEXT: and.b32 %[[WGOFF:r[0-9]+]], %[[SHIFTED]], 8192;
# BF16-NEXT: add.s32 %[[AADDR:r[0-9]+]], %[[WGOFF]], %{{r[0-9]+}};
# BF16-NEXT: shr.u32 %[[AUNITS:r[0-9]+]], %[[AADDR]], 4;
# BF16-NEXT: and.b32 %[[AFIELD:r[0-9]+]], %[[AUNITS]], 16320;
# BF16-NEXT: cvt.u64.u32 %[[ABASE:rd[0-9]+]], %[[AFIELD]];
# BF16-NEXT: or.b64 %[[A0:rd[0-9]+]], %[[ABASE]], 4611686293305360384;
# BF16: wgmma.fence.sync.aligned;
# BF16: wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 {{[{](%r[0-9]+, ){63}%r[0-9]+[}]}}, %[[A0]], %[[B0]], p, 1, 1, 0, 1;
# BF16-COUNT-3: wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 {{.*}}, p, 1, 1, 0, 1;
# BF16-NOT: wgmma.mma_async
# BF16: wgmma.commit_group.sync.aligned;
# BF16: wgmma.wait_group.sync.aligned 0;
# BF16: cvt.rn.bf16x2.f32
#
# K-major B: the same descriptor bits as A and the same step (+2), no
# transpose. use_acc = k > 0 is the first step's flag; later steps take 1.
# The wait after the MMA keeps the accumulator's registers.
# BT-DAG: or.b64 %[[A0:rd[0-9]+]], %[[ABASE:rd[0-9]+]], 4611686293305360384;
# BT-DAG: or.b64 %[[B0:rd[0-9]+]], %[[BBASE:rd[0-9]+]], 4611686293305360384;
# BT-DAG: or.b64 %[[A1:rd[0-9]+]], %[[ABASE]], 4611686293305360386;
# BT-DAG: or.b64 %[[B1:rd[0-9]+]], %[[BBASE]], 4611686293305360386;
# BT: mbarrier.try_wait.parity.shared::cta.b64
# BT: setp.gt.s32 %[[FIRST:p[0-9]+]], %[[K:r[0-9]+]], 0;
# BT: selp.b32 %[[USE:r[0-9]+]], 1, 0, %[[FIRST]];
# BT: wgmma.fence.sync.aligned;
# BT: setp.ne.b32 p, %[[USE]], 0;
# BT-NEXT: wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 {%[[D0:r[0-9]+]], {{(%r[0-9]+, ){62}%r[0-9]+}}}, %[[A0]], %[[B0]], p, 1, 1, 0, 0;
# BT: mov.b32 %[[ONE:r[0-9]+]], 1;
# BT: setp.ne.b32 p, %[[ONE]], 0;
# BT-NEXT: wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 {%[[D0]], {{(%r[0-9]+, ){62}%r[0-9]+}}}, %[[A1]], %[[B1]], p, 1, 1, 0, 0;
# BT-COUNT-2: wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 {%[[D0]], {{.*}}, p, 1, 1, 0, 0;
# BT-NOT: wgmma.mma_async
# BT: wgmma.commit_group.sync.aligned;
# BT: wgmma.wait_group.sync.aligned 0;
# BT-NOT: wgmma
#
# fp8: k = 32 (32 bytes, +2 for both operands), no transpose immediates.
# FP8-DAG: or.b64 %[[A0:rd[0-9]+]], %[[ABASE:rd[0-9]+]], 4611686293305360384;
# FP8-DAG: or.b64 %[[B0:rd[0-9]+]], %[[BBASE:rd[0-9]+]], 4611686293305360384;
# FP8: wgmma.fence.sync.aligned;
# FP8: wgmma.mma_async.sync.aligned.m64n128k32.f32.e4m3.e4m3 {{[{](%r[0-9]+, ){63}%r[0-9]+[}]}}, %[[A0]], %[[B0]], p, 1, 1;
# FP8-COUNT-3: wgmma.mma_async.sync.aligned.m64n128k32.f32.e4m3.e4m3 {{.*}}, p, 1, 1;
# FP8-NOT: wgmma.mma_async
# FP8: wgmma.commit_group.sync.aligned;
# FP8: wgmma.wait_group.sync.aligned 0;
#
# The sample: two warpgroups, one m64n256k16 per K step (4 per tile). In
# the loop: the mbarrier wait, the MMA, a wait that leaves it in flight,
# then a barrier (every warpgroup's wait done: the previous MMA has read
# the buffer) before the next TMA load into the buffer; after the loop, a
# wait for the last MMA.
# SAMPLE: .reqntid 256, 1, 1
# SAMPLE: mbarrier.try_wait.parity.shared::cta.b64
# SAMPLE: wgmma.fence.sync.aligned;
# SAMPLE-COUNT-4: wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16 {{[{](%r[0-9]+, ){127}%r[0-9]+[}]}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}, p, 1, 1, 0, 1;
# SAMPLE-NOT: wgmma.mma_async
# SAMPLE: wgmma.commit_group.sync.aligned;
# SAMPLE: wgmma.wait_group.sync.aligned 1;
# SAMPLE-NOT: cp.async.bulk.tensor
# SAMPLE: bar.sync 0;
# SAMPLE-NOT: {{wgmma|bar.sync}}
# SAMPLE: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes
# SAMPLE: wgmma.wait_group.sync.aligned 0;
# SAMPLE: cvt.rn.f16x2.f32
# SAMPLE: cp.async.bulk.tensor.2d.global.shared::cta.bulk_group
#
# SAMPLEBF16: .reqntid 128, 1, 1
# SAMPLEBF16: wgmma.fence.sync.aligned;
# SAMPLEBF16-COUNT-4: wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 {{.*}}, p, 1, 1, 0, 1;
# SAMPLEBF16-NOT: wgmma.mma_async
# SAMPLEBF16: wgmma.commit_group.sync.aligned;
# SAMPLEBF16: wgmma.wait_group.sync.aligned 1;
# SAMPLEBF16: bar.sync 0;
# SAMPLEBF16: wgmma.wait_group.sync.aligned 0;
# SAMPLEBF16: cvt.rn.bf16x2.f32
#
# A in registers, fp16: only B's descriptors (the same as FP16's B) are
# computed before the loop. In the loop, after the mbarrier wait, each
# warp loads its A fragments from the 128-byte swizzled buffer with one
# ldmatrix.x4 per K step (the 8 x 8 matrices of rows and K, rows + 8, K + 8,
# both: a0/a1, a2/a3, a4/a5, a6/a7). The mma_async takes those four
# registers as "{a0, a1, a2, a3}", then B's descriptor, and only B's
# transpose immediate (N-major: 1).
# AREG: .reqntid 128, 1, 1
# AREG-DAG: or.b64 %[[B0:rd[0-9]+]], %[[BBASE:rd[0-9]+]], 4611686293338849280;
# AREG-DAG: {{or|add}}.{{b|s}}64 %[[B1:rd[0-9]+]], %[[BBASE]], 4611686293338849408;
# AREG-DAG: {{or|add}}.{{b|s}}64 %[[B2:rd[0-9]+]], %[[BBASE]], 4611686293338849536;
# AREG-DAG: {{or|add}}.{{b|s}}64 %[[B3:rd[0-9]+]], %[[BBASE]], 4611686293338849664;
# AREG: mbarrier.try_wait.parity.shared::cta.b64
# AREG: ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%[[A0:r[0-9]+]], %[[A1:r[0-9]+]], %[[A2:r[0-9]+]], %[[A3:r[0-9]+]]}, [%r{{[0-9]+}}];
# AREG-NEXT: ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%[[A4:r[0-9]+]], %[[A5:r[0-9]+]], %[[A6:r[0-9]+]], %[[A7:r[0-9]+]]}, [%r{{[0-9]+}}];
# AREG-COUNT-2: ldmatrix.sync.aligned.m8n8.x4.shared.b16
# AREG-NOT: ld.shared
# AREG-NOT: ldmatrix
# AREG: wgmma.fence.sync.aligned;
# AREG: setp.ne.b32 p, %[[USE:r[0-9]+]], 0;
# AREG-NEXT: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {%[[D0:r[0-9]+]], {{(%r[0-9]+, ){62}%r[0-9]+}}}, {%[[A0]], %[[A1]], %[[A2]], %[[A3]]}, %[[B0]], p, 1, 1, 1;
# AREG: setp.ne.b32 p, %[[ONE:r[0-9]+]], 0;
# AREG-NEXT: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {%[[D0]], {{(%r[0-9]+, ){62}%r[0-9]+}}}, {%[[A4]], %[[A5]], %[[A6]], %[[A7]]}, %[[B1]], p, 1, 1, 1;
# AREG: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {%[[D0]], {{(%r[0-9]+, ){62}%r[0-9]+}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, %[[B2]], p, 1, 1, 1;
# AREG: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {%[[D0]], {{(%r[0-9]+, ){62}%r[0-9]+}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, %[[B3]], p, 1, 1, 1;
# AREG-NOT: wgmma.mma_async
# AREG: wgmma.commit_group.sync.aligned;
# AREG: wgmma.wait_group.sync.aligned 0;
#
# fp8: four elements per A register (a row is 128 bytes here too), K-major
# B, no transpose immediates at all.
# AREGFP8-DAG: or.b64 %[[B0:rd[0-9]+]], %[[BBASE:rd[0-9]+]], 4611686293305360384;
# AREGFP8-DAG: or.b64 %[[B1:rd[0-9]+]], %[[BBASE]], 4611686293305360386;
# AREGFP8: ld.shared.b32 %[[A0:r[0-9]+]], [%[[ROW:r[0-9]+]]];
# AREGFP8-NEXT: ld.shared.b32 %[[A1:r[0-9]+]], [%[[ROW]]+1024];
# AREGFP8-NEXT: ld.shared.b32 %[[A2:r[0-9]+]], [%r{{[0-9]+}}];
# AREGFP8-NEXT: ld.shared.b32 %[[A3:r[0-9]+]], [%r{{[0-9]+}}];
# AREGFP8: wgmma.fence.sync.aligned;
# AREGFP8: wgmma.mma_async.sync.aligned.m64n128k32.f32.e4m3.e4m3 {{[{](%r[0-9]+, ){63}%r[0-9]+[}]}}, {%[[A0]], %[[A1]], %[[A2]], %[[A3]]}, %[[B0]], p, 1, 1;
# AREGFP8-NEXT: }
# AREGFP8: wgmma.mma_async.sync.aligned.m64n128k32.f32.e4m3.e4m3 {{[{](%r[0-9]+, ){63}%r[0-9]+[}]}}, {{[{](%r[0-9]+, ){3}%r[0-9]+[}]}}, %[[B1]], p, 1, 1;
# AREGFP8-COUNT-2: wgmma.mma_async.sync.aligned.m64n128k32.f32.e4m3.e4m3 {{.*}}, {{[{](%r[0-9]+, ){3}%r[0-9]+[}]}}, %rd{{[0-9]+}}, p, 1, 1;
# AREGFP8-NOT: wgmma.mma_async
# AREGFP8: wgmma.commit_group.sync.aligned;
#
# tf32: one element per register; K-major B, no transpose immediates.
# AREGTF32: ld.shared.b32 %[[A0:r[0-9]+]], [%[[ROW:r[0-9]+]]];
# AREGTF32-NEXT: ld.shared.b32 %[[A1:r[0-9]+]], [%[[ROW]]+1024];
# AREGTF32: wgmma.fence.sync.aligned;
# AREGTF32: wgmma.mma_async.sync.aligned.m64n64k8.f32.tf32.tf32 {{[{](%r[0-9]+, ){31}%r[0-9]+[}]}}, {%[[A0]], %[[A1]], %r{{[0-9]+}}, %r{{[0-9]+}}}, %rd{{[0-9]+}}, p, 1, 1;
# AREGTF32-COUNT-3: wgmma.mma_async.sync.aligned.m64n64k8.f32.tf32.tf32 {{.*}}, {{[{](%r[0-9]+, ){3}%r[0-9]+[}]}}, %rd{{[0-9]+}}, p, 1, 1;
# AREGTF32-NOT: wgmma.mma_async
#
# Two warpgroups: each warp loads its own 16 rows of A, so there is no
# per-warpgroup A offset; B is K-major ("1, 1, 0").
# AREGBF16: .reqntid 256, 1, 1
# AREGBF16-DAG: or.b64 %[[B0:rd[0-9]+]], %[[BBASE:rd[0-9]+]], 4611686293305360384;
# AREGBF16-DAG: or.b64 %[[B1:rd[0-9]+]], %[[BBASE]], 4611686293305360386;
# AREGBF16: wgmma.fence.sync.aligned;
# AREGBF16: wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 {{[{](%r[0-9]+, ){63}%r[0-9]+[}]}}, {{[{](%r[0-9]+, ){3}%r[0-9]+[}]}}, %[[B0]], p, 1, 1, 0;
# AREGBF16-NEXT: }
# AREGBF16: wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 {{[{](%r[0-9]+, ){63}%r[0-9]+[}]}}, {{[{](%r[0-9]+, ){3}%r[0-9]+[}]}}, %[[B1]], p, 1, 1, 0;
# AREGBF16-COUNT-2: wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 {{.*}}, {{[{](%r[0-9]+, ){3}%r[0-9]+[}]}}, %rd{{[0-9]+}}, p, 1, 1, 0;
# AREGBF16-NOT: wgmma.mma_async
# AREGBF16: wgmma.commit_group.sync.aligned;
# AREGBF16: wgmma.wait_group.sync.aligned 0;
# AREGBF16: cvt.rn.bf16x2.f32
from triton.experimental import gluon
from triton.experimental.gluon import language as gl
from triton.experimental.gluon.language.nvidia.hopper import (
    fence_async_shared, mbarrier, tma, warpgroup_mma, warpgroup_mma_init,
    warpgroup_mma_wait)


@gluon.jit
def store_tile(c_desc, acc, off_m, off_n):
    c_smem = gl.allocate_shared_memory(c_desc.dtype, c_desc.block_type.shape, c_desc.layout)
    c_smem.store(acc.to(c_desc.dtype))
    fence_async_shared()
    tma.async_copy_shared_to_global(c_desc, [off_m, off_n], c_smem)
    tma.store_wait(0)


# One K tile at a time: load A and B, wait, multiply (synchronously).
@gluon.jit
def gemm(a_desc, b_desc, c_desc, num_warps: gl.constexpr):
    BLOCK_M: gl.constexpr = c_desc.block_type.shape[0]
    BLOCK_N: gl.constexpr = c_desc.block_type.shape[1]
    BLOCK_K: gl.constexpr = a_desc.block_type.shape[1]
    off_m = gl.program_id(0) * BLOCK_M
    off_n = gl.program_id(1) * BLOCK_N
    a_smem = gl.allocate_shared_memory(a_desc.dtype, a_desc.block_type.shape, a_desc.layout)
    b_smem = gl.allocate_shared_memory(b_desc.dtype, b_desc.block_type.shape, b_desc.layout)
    bar = gl.allocate_shared_memory(gl.int64, [1], mbarrier.MBarrierLayout())
    mbarrier.init(bar, count=1)
    layout: gl.constexpr = gl.NVMMADistributedLayout(version=[3, 0], warps_per_cta=[num_warps, 1], instr_shape=[16, BLOCK_N, 256 // a_desc.dtype.primitive_bitwidth])
    acc = warpgroup_mma_init(gl.zeros([BLOCK_M, BLOCK_N], gl.float32, layout))
    phase = 0
    for k in range(0, a_desc.shape[1], BLOCK_K):
        mbarrier.expect(bar, a_desc.block_type.nbytes + b_desc.block_type.nbytes)
        tma.async_copy_global_to_shared(a_desc, [off_m, k], bar, a_smem)
        tma.async_copy_global_to_shared(b_desc, [k, off_n], bar, b_smem)
        mbarrier.wait(bar, phase)
        phase ^= 1
        acc = warpgroup_mma(a_smem, b_smem, acc)
    mbarrier.invalidate(bar)
    store_tile(c_desc, acc, off_m, off_n)


# One K tile into an fp16 accumulator, synchronously.
@gluon.jit
def gemm_f16_acc(a_desc, b_desc, c_desc):
    a_smem = gl.allocate_shared_memory(a_desc.dtype, a_desc.block_type.shape, a_desc.layout)
    b_smem = gl.allocate_shared_memory(b_desc.dtype, b_desc.block_type.shape, b_desc.layout)
    bar = gl.allocate_shared_memory(gl.int64, [1], mbarrier.MBarrierLayout())
    mbarrier.init(bar, count=1)
    mbarrier.expect(bar, a_desc.block_type.nbytes + b_desc.block_type.nbytes)
    tma.async_copy_global_to_shared(a_desc, [0, 0], bar, a_smem)
    tma.async_copy_global_to_shared(b_desc, [0, 0], bar, b_smem)
    mbarrier.wait(bar, 0)
    layout: gl.constexpr = gl.NVMMADistributedLayout(version=[3, 0], warps_per_cta=[4, 1], instr_shape=[16, 128, 16])
    acc = warpgroup_mma(a_smem, b_smem, gl.zeros([64, 128], gl.float16, layout))
    # F16ACC: wgmma.mma_async.sync.aligned.m64n128k16.f16.f16.f16 {{[{]}}{{(%r[0-9]+, ){31}%r[0-9]+}}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}, p, 1, 1, 0, 1;
    # F16ACC-COUNT-3: wgmma.mma_async.sync.aligned.m64n128k16.f16.f16.f16
    # F16ACC-NOT: wgmma.mma_async
    mbarrier.invalidate(bar)
    store_tile(c_desc, acc, 0, 0)


# B^T from an [N, K] descriptor: the MMA reads its permuted view.
@gluon.jit
def gemm_bt(a_desc, bt_desc, c_desc, num_warps: gl.constexpr):
    BLOCK_M: gl.constexpr = c_desc.block_type.shape[0]
    BLOCK_N: gl.constexpr = c_desc.block_type.shape[1]
    BLOCK_K: gl.constexpr = a_desc.block_type.shape[1]
    off_m = gl.program_id(0) * BLOCK_M
    off_n = gl.program_id(1) * BLOCK_N
    a_smem = gl.allocate_shared_memory(a_desc.dtype, a_desc.block_type.shape, a_desc.layout)
    bt_smem = gl.allocate_shared_memory(bt_desc.dtype, bt_desc.block_type.shape, bt_desc.layout)
    bar = gl.allocate_shared_memory(gl.int64, [1], mbarrier.MBarrierLayout())
    mbarrier.init(bar, count=1)
    layout: gl.constexpr = gl.NVMMADistributedLayout(version=[3, 0], warps_per_cta=[num_warps, 1], instr_shape=[16, BLOCK_N, 256 // a_desc.dtype.primitive_bitwidth])
    acc = gl.zeros([BLOCK_M, BLOCK_N], gl.float32, layout)
    phase = 0
    for k in range(0, a_desc.shape[1], BLOCK_K):
        mbarrier.expect(bar, a_desc.block_type.nbytes + bt_desc.block_type.nbytes)
        tma.async_copy_global_to_shared(a_desc, [off_m, k], bar, a_smem)
        tma.async_copy_global_to_shared(bt_desc, [off_n, k], bar, bt_smem)
        mbarrier.wait(bar, phase)
        phase ^= 1
        acc = warpgroup_mma(a_smem, bt_smem.permute((1, 0)), acc, use_acc=k > 0, is_async=True)
        acc, a_read, b_read = warpgroup_mma_wait(0, deps=[acc, a_smem, bt_smem])
    mbarrier.invalidate(bar)
    store_tile(c_desc, acc, off_m, off_n)


# A loaded from shared memory into the accumulator's dot operand layout,
# B from a [K, N] or (B_KMAJOR) an [N, K] descriptor.
@gluon.jit
def gemm_a_registers(a_desc, b_desc, c_desc, B_KMAJOR: gl.constexpr, num_warps: gl.constexpr):
    BLOCK_M: gl.constexpr = c_desc.block_type.shape[0]
    BLOCK_N: gl.constexpr = c_desc.block_type.shape[1]
    BLOCK_K: gl.constexpr = a_desc.block_type.shape[1]
    off_m = gl.program_id(0) * BLOCK_M
    off_n = gl.program_id(1) * BLOCK_N
    a_smem = gl.allocate_shared_memory(a_desc.dtype, a_desc.block_type.shape, a_desc.layout)
    b_smem = gl.allocate_shared_memory(b_desc.dtype, b_desc.block_type.shape, b_desc.layout)
    bar = gl.allocate_shared_memory(gl.int64, [1], mbarrier.MBarrierLayout())
    mbarrier.init(bar, count=1)
    layout: gl.constexpr = gl.NVMMADistributedLayout(version=[3, 0], warps_per_cta=[num_warps, 1], instr_shape=[16, BLOCK_N, 256 // a_desc.dtype.primitive_bitwidth])
    a_layout: gl.constexpr = gl.DotOperandLayout(operand_index=0, parent=layout, k_width=32 // a_desc.dtype.primitive_bitwidth)
    acc = gl.zeros([BLOCK_M, BLOCK_N], gl.float32, layout)
    phase = 0
    for k in range(0, a_desc.shape[1], BLOCK_K):
        mbarrier.expect(bar, a_desc.block_type.nbytes + b_desc.block_type.nbytes)
        tma.async_copy_global_to_shared(a_desc, [off_m, k], bar, a_smem)
        if B_KMAJOR:
            tma.async_copy_global_to_shared(b_desc, [off_n, k], bar, b_smem)
        else:
            tma.async_copy_global_to_shared(b_desc, [k, off_n], bar, b_smem)
        mbarrier.wait(bar, phase)
        phase ^= 1
        a = a_smem.load(a_layout)
        if B_KMAJOR:
            acc = warpgroup_mma(a, b_smem.permute((1, 0)), acc, use_acc=k > 0, is_async=True)
        else:
            acc = warpgroup_mma(a, b_smem, acc, use_acc=k > 0, is_async=True)
        acc = warpgroup_mma_wait(0, deps=[acc, b_smem])[0]
    mbarrier.invalidate(bar)
    store_tile(c_desc, acc, off_m, off_n)
