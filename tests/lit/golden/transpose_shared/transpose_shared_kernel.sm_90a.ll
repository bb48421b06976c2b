; ModuleID = 'gluon'
source_filename = "gluon"
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@global_smem = external local_unnamed_addr addrspace(3) global [0 x i8], align 16

; Function Attrs: nounwind
define ptx_kernel void @transpose_shared_kernel(ptr addrspace(1) %0, ptr addrspace(1) %1, i32 %2, i32 %3, i32 %4, i32 %5) local_unnamed_addr #0 {
  %7 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %8 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  %9 = shl i32 %7, 6
  %10 = tail call range(i32 0, 128) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %11 = lshr i32 %10, 5
  %12 = and i32 %10, 24
  %13 = lshr exact i32 %12, 3
  %14 = shl nuw nsw i32 %11, 2
  %15 = or disjoint i32 %13, %14
  %16 = or disjoint i32 %15, 16
  %17 = or disjoint i32 %15, 32
  %18 = or disjoint i32 %15, 48
  %19 = or disjoint i32 %15, %9
  %20 = or disjoint i32 %16, %9
  %21 = or disjoint i32 %17, %9
  %22 = or disjoint i32 %18, %9
  %23 = shl nuw nsw i32 %8, 6
  %24 = shl nuw nsw i32 %10, 2
  %25 = and i32 %24, 28
  %26 = or disjoint i32 %25, 1
  %27 = or disjoint i32 %25, 2
  %28 = or disjoint i32 %25, 3
  %29 = or disjoint i32 %25, 32
  %30 = or disjoint i32 %25, 33
  %31 = or disjoint i32 %25, 34
  %32 = or disjoint i32 %25, 35
  %33 = or disjoint i32 %25, %23
  %34 = or disjoint i32 %26, %23
  %35 = or disjoint i32 %27, %23
  %36 = or disjoint i32 %28, %23
  %37 = or disjoint i32 %29, %23
  %38 = or disjoint i32 %30, %23
  %39 = or disjoint i32 %31, %23
  %40 = or disjoint i32 %32, %23
  %41 = icmp slt i32 %19, %2
  %42 = icmp slt i32 %20, %2
  %43 = icmp slt i32 %21, %2
  %44 = icmp slt i32 %22, %2
  %45 = icmp slt i32 %33, %3
  %46 = icmp slt i32 %34, %3
  %47 = icmp slt i32 %35, %3
  %48 = icmp slt i32 %36, %3
  %49 = icmp slt i32 %37, %3
  %50 = icmp slt i32 %38, %3
  %51 = icmp slt i32 %39, %3
  %52 = icmp slt i32 %40, %3
  %53 = and i1 %41, %45
  %54 = and i1 %41, %46
  %55 = and i1 %41, %47
  %56 = and i1 %41, %48
  %57 = and i1 %41, %49
  %58 = and i1 %41, %50
  %59 = and i1 %41, %51
  %60 = and i1 %41, %52
  %61 = and i1 %42, %45
  %62 = and i1 %42, %46
  %63 = and i1 %42, %47
  %64 = and i1 %42, %48
  %65 = and i1 %42, %49
  %66 = and i1 %42, %50
  %67 = and i1 %42, %51
  %68 = and i1 %42, %52
  %69 = and i1 %43, %45
  %70 = and i1 %43, %46
  %71 = and i1 %43, %47
  %72 = and i1 %43, %48
  %73 = and i1 %43, %49
  %74 = and i1 %43, %50
  %75 = and i1 %43, %51
  %76 = and i1 %43, %52
  %77 = and i1 %44, %45
  %78 = and i1 %44, %46
  %79 = and i1 %44, %47
  %80 = and i1 %44, %48
  %81 = and i1 %44, %49
  %82 = and i1 %44, %50
  %83 = and i1 %44, %51
  %84 = and i1 %44, %52
  %85 = mul i32 %4, %19
  %86 = mul i32 %4, %20
  %87 = mul i32 %4, %21
  %88 = mul i32 %4, %22
  %89 = sext i32 %85 to i64
  %90 = getelementptr float, ptr addrspace(1) %0, i64 %89
  %91 = sext i32 %86 to i64
  %92 = getelementptr float, ptr addrspace(1) %0, i64 %91
  %93 = sext i32 %87 to i64
  %94 = getelementptr float, ptr addrspace(1) %0, i64 %93
  %95 = sext i32 %88 to i64
  %96 = getelementptr float, ptr addrspace(1) %0, i64 %95
  %97 = zext nneg i32 %33 to i64
  %98 = getelementptr float, ptr addrspace(1) %90, i64 %97
  %99 = zext nneg i32 %34 to i64
  %100 = getelementptr float, ptr addrspace(1) %90, i64 %99
  %101 = zext nneg i32 %35 to i64
  %102 = getelementptr float, ptr addrspace(1) %90, i64 %101
  %103 = zext nneg i32 %36 to i64
  %104 = getelementptr float, ptr addrspace(1) %90, i64 %103
  %105 = zext nneg i32 %37 to i64
  %106 = getelementptr float, ptr addrspace(1) %90, i64 %105
  %107 = zext nneg i32 %38 to i64
  %108 = getelementptr float, ptr addrspace(1) %90, i64 %107
  %109 = zext nneg i32 %39 to i64
  %110 = getelementptr float, ptr addrspace(1) %90, i64 %109
  %111 = zext nneg i32 %40 to i64
  %112 = getelementptr float, ptr addrspace(1) %90, i64 %111
  %113 = getelementptr float, ptr addrspace(1) %92, i64 %97
  %114 = getelementptr float, ptr addrspace(1) %92, i64 %99
  %115 = getelementptr float, ptr addrspace(1) %92, i64 %101
  %116 = getelementptr float, ptr addrspace(1) %92, i64 %103
  %117 = getelementptr float, ptr addrspace(1) %92, i64 %105
  %118 = getelementptr float, ptr addrspace(1) %92, i64 %107
  %119 = getelementptr float, ptr addrspace(1) %92, i64 %109
  %120 = getelementptr float, ptr addrspace(1) %92, i64 %111
  %121 = getelementptr float, ptr addrspace(1) %94, i64 %97
  %122 = getelementptr float, ptr addrspace(1) %94, i64 %99
  %123 = getelementptr float, ptr addrspace(1) %94, i64 %101
  %124 = getelementptr float, ptr addrspace(1) %94, i64 %103
  %125 = getelementptr float, ptr addrspace(1) %94, i64 %105
  %126 = getelementptr float, ptr addrspace(1) %94, i64 %107
  %127 = getelementptr float, ptr addrspace(1) %94, i64 %109
  %128 = getelementptr float, ptr addrspace(1) %94, i64 %111
  %129 = getelementptr float, ptr addrspace(1) %96, i64 %97
  %130 = getelementptr float, ptr addrspace(1) %96, i64 %99
  %131 = getelementptr float, ptr addrspace(1) %96, i64 %101
  %132 = getelementptr float, ptr addrspace(1) %96, i64 %103
  %133 = getelementptr float, ptr addrspace(1) %96, i64 %105
  %134 = getelementptr float, ptr addrspace(1) %96, i64 %107
  %135 = getelementptr float, ptr addrspace(1) %96, i64 %109
  %136 = getelementptr float, ptr addrspace(1) %96, i64 %111
  %137 = tail call i32 asm sideeffect "mov.b32 $0, $3;\0A\09@$2 ld.global.b32 $0, [ $1 + 0 ];", "=r,l,b,r"(ptr addrspace(1) %98, i1 %53, i32 0) #3
  %138 = tail call i32 asm sideeffect "mov.b32 $0, $3;\0A\09@$2 ld.global.b32 $0, [ $1 + 0 ];", "=r,l,b,r"(ptr addrspace(1) %100, i1 %54, i32 0) #3
  %139 = tail call i32 asm sideeffect "mov.b32 $0, $3;\0A\09@$2 ld.global.b32 $0, [ $1 + 0 ];", "=r,l,b,r"(ptr addrspace(1) %102, i1 %55, i32 0) #3
  %140 = tail call i32 asm sideeffect "mov.b32 $0, $3;\0A\09@$2 ld.global.b32 $0, [ $1 + 0 ];", "=r,l,b,r"(ptr addrspace(1) %104, i1 %56, i32 0) #3
  %141 = tail call i32 asm sideeffect "mov.b32 $0, $3;\0A\09@$2 ld.global.b32 $0, [ $1 + 0 ];", "=r,l,b,r"(ptr addrspace(1) %106, i1 %57, i32 0) #3
  %142 = tail call i32 asm sideeffect "mov.b32 $0, $3;\0A\09@$2 ld.global.b32 $0, [ $1 + 0 ];", "=r,l,b,r"(ptr addrspace(1) %108, i1 %58, i32 0) #3
  %143 = tail call i32 asm sideeffect "mov.b32 $0, $3;\0A\09@$2 ld.global.b32 $0, [ $1 + 0 ];", "=r,l,b,r"(ptr addrspace(1) %110, i1 %59, i32 0) #3
  %144 = tail call i32 asm sideeffect "mov.b32 $0, $3;\0A\09@$2 ld.global.b32 $0, [ $1 + 0 ];", "=r,l,b,r"(ptr addrspace(1) %112, i1 %60, i32 0) #3
  %145 = tail call i32 asm sideeffect "mov.b32 $0, $3;\0A\09@$2 ld.global.b32 $0, [ $1 + 0 ];", "=r,l,b,r"(ptr addrspace(1) %113, i1 %61, i32 0) #3
  %146 = tail call i32 asm sideeffect "mov.b32 $0, $3;\0A\09@$2 ld.global.b32 $0, [ $1 + 0 ];", "=r,l,b,r"(ptr addrspace(1) %114, i1 %62, i32 0) #3
  %147 = tail call i32 asm sideeffect "mov.b32 $0, $3;\0A\09@$2 ld.global.b32 $0, [ $1 + 0 ];", "=r,l,b,r"(ptr addrspace(1) %115, i1 %63, i32 0) #3
  %148 = tail call i32 asm sideeffect "mov.b32 $0, $3;\0A\09@$2 ld.global.b32 $0, [ $1 + 0 ];", "=r,l,b,r"(ptr addrspace(1) %116, i1 %64, i32 0) #3
  %149 = tail call i32 asm sideeffect "mov.b32 $0, $3;\0A\09@$2 ld.global.b32 $0, [ $1 + 0 ];", "=r,l,b,r"(ptr addrspace(1) %117, i1 %65, i32 0) #3
  %150 = tail call i32 asm sideeffect "mov.b32 $0, $3;\0A\09@$2 ld.global.b32 $0, [ $1 + 0 ];", "=r,l,b,r"(ptr addrspace(1) %118, i1 %66, i32 0) #3
  %151 = tail call i32 asm sideeffect "mov.b32 $0, $3;\0A\09@$2 ld.global.b32 $0, [ $1 + 0 ];", "=r,l,b,r"(ptr addrspace(1) %119, i1 %67, i32 0) #3
  %152 = tail call i32 asm sideeffect "mov.b32 $0, $3;\0A\09@$2 ld.global.b32 $0, [ $1 + 0 ];", "=r,l,b,r"(ptr addrspace(1) %120, i1 %68, i32 0) #3
  %153 = tail call i32 asm sideeffect "mov.b32 $0, $3;\0A\09@$2 ld.global.b32 $0, [ $1 + 0 ];", "=r,l,b,r"(ptr addrspace(1) %121, i1 %69, i32 0) #3
  %154 = tail call i32 asm sideeffect "mov.b32 $0, $3;\0A\09@$2 ld.global.b32 $0, [ $1 + 0 ];", "=r,l,b,r"(ptr addrspace(1) %122, i1 %70, i32 0) #3
  %155 = tail call i32 asm sideeffect "mov.b32 $0, $3;\0A\09@$2 ld.global.b32 $0, [ $1 + 0 ];", "=r,l,b,r"(ptr addrspace(1) %123, i1 %71, i32 0) #3
  %156 = tail call i32 asm sideeffect "mov.b32 $0, $3;\0A\09@$2 ld.global.b32 $0, [ $1 + 0 ];", "=r,l,b,r"(ptr addrspace(1) %124, i1 %72, i32 0) #3
  %157 = tail call i32 asm sideeffect "mov.b32 $0, $3;\0A\09@$2 ld.global.b32 $0, [ $1 + 0 ];", "=r,l,b,r"(ptr addrspace(1) %125, i1 %73, i32 0) #3
  %158 = tail call i32 asm sideeffect "mov.b32 $0, $3;\0A\09@$2 ld.global.b32 $0, [ $1 + 0 ];", "=r,l,b,r"(ptr addrspace(1) %126, i1 %74, i32 0) #3
  %159 = tail call i32 asm sideeffect "mov.b32 $0, $3;\0A\09@$2 ld.global.b32 $0, [ $1 + 0 ];", "=r,l,b,r"(ptr addrspace(1) %127, i1 %75, i32 0) #3
  %160 = tail call i32 asm sideeffect "mov.b32 $0, $3;\0A\09@$2 ld.global.b32 $0, [ $1 + 0 ];", "=r,l,b,r"(ptr addrspace(1) %128, i1 %76, i32 0) #3
  %161 = tail call i32 asm sideeffect "mov.b32 $0, $3;\0A\09@$2 ld.global.b32 $0, [ $1 + 0 ];", "=r,l,b,r"(ptr addrspace(1) %129, i1 %77, i32 0) #3
  %162 = tail call i32 asm sideeffect "mov.b32 $0, $3;\0A\09@$2 ld.global.b32 $0, [ $1 + 0 ];", "=r,l,b,r"(ptr addrspace(1) %130, i1 %78, i32 0) #3
  %163 = tail call i32 asm sideeffect "mov.b32 $0, $3;\0A\09@$2 ld.global.b32 $0, [ $1 + 0 ];", "=r,l,b,r"(ptr addrspace(1) %131, i1 %79, i32 0) #3
  %164 = tail call i32 asm sideeffect "mov.b32 $0, $3;\0A\09@$2 ld.global.b32 $0, [ $1 + 0 ];", "=r,l,b,r"(ptr addrspace(1) %132, i1 %80, i32 0) #3
  %165 = tail call i32 asm sideeffect "mov.b32 $0, $3;\0A\09@$2 ld.global.b32 $0, [ $1 + 0 ];", "=r,l,b,r"(ptr addrspace(1) %133, i1 %81, i32 0) #3
  %166 = tail call i32 asm sideeffect "mov.b32 $0, $3;\0A\09@$2 ld.global.b32 $0, [ $1 + 0 ];", "=r,l,b,r"(ptr addrspace(1) %134, i1 %82, i32 0) #3
  %167 = tail call i32 asm sideeffect "mov.b32 $0, $3;\0A\09@$2 ld.global.b32 $0, [ $1 + 0 ];", "=r,l,b,r"(ptr addrspace(1) %135, i1 %83, i32 0) #3
  %168 = tail call i32 asm sideeffect "mov.b32 $0, $3;\0A\09@$2 ld.global.b32 $0, [ $1 + 0 ];", "=r,l,b,r"(ptr addrspace(1) %136, i1 %84, i32 0) #3
  %169 = shl nuw nsw i32 %12, 3
  %170 = or disjoint i32 %25, %169
  %171 = trunc i32 %11 to i1
  %172 = select i1 %171, i32 260, i32 0
  %173 = lshr i32 %10, 6
  %174 = mul nuw nsw i32 %173, 520
  %175 = add nuw nsw i32 %172, %174
  %176 = xor i32 %175, %170
  %177 = xor i32 %176, 1040
  %178 = xor i32 %176, 1072
  %179 = xor i32 %176, 3088
  %180 = xor i32 %176, 3120
  %181 = zext nneg i32 %176 to i64
  %182 = getelementptr float, ptr addrspace(3) @global_smem, i64 %181
  %183 = getelementptr i8, ptr addrspace(3) %182, i64 128
  %184 = zext nneg i32 %177 to i64
  %185 = getelementptr float, ptr addrspace(3) @global_smem, i64 %184
  %186 = zext nneg i32 %178 to i64
  %187 = getelementptr float, ptr addrspace(3) @global_smem, i64 %186
  %188 = getelementptr i8, ptr addrspace(3) %182, i64 8192
  %189 = getelementptr i8, ptr addrspace(3) %182, i64 8320
  %190 = zext nneg i32 %179 to i64
  %191 = getelementptr float, ptr addrspace(3) @global_smem, i64 %190
  %192 = zext nneg i32 %180 to i64
  %193 = getelementptr float, ptr addrspace(3) @global_smem, i64 %192
  %194 = insertelement <4 x i32> poison, i32 %137, i64 0
  %195 = insertelement <4 x i32> %194, i32 %138, i64 1
  %196 = insertelement <4 x i32> %195, i32 %139, i64 2
  %197 = insertelement <4 x i32> %196, i32 %140, i64 3
  store <4 x i32> %197, ptr addrspace(3) %182, align 16
  %198 = insertelement <4 x i32> poison, i32 %141, i64 0
  %199 = insertelement <4 x i32> %198, i32 %142, i64 1
  %200 = insertelement <4 x i32> %199, i32 %143, i64 2
  %201 = insertelement <4 x i32> %200, i32 %144, i64 3
  store <4 x i32> %201, ptr addrspace(3) %183, align 16
  %202 = insertelement <4 x i32> poison, i32 %145, i64 0
  %203 = insertelement <4 x i32> %202, i32 %146, i64 1
  %204 = insertelement <4 x i32> %203, i32 %147, i64 2
  %205 = insertelement <4 x i32> %204, i32 %148, i64 3
  store <4 x i32> %205, ptr addrspace(3) %185, align 16
  %206 = insertelement <4 x i32> poison, i32 %149, i64 0
  %207 = insertelement <4 x i32> %206, i32 %150, i64 1
  %208 = insertelement <4 x i32> %207, i32 %151, i64 2
  %209 = insertelement <4 x i32> %208, i32 %152, i64 3
  store <4 x i32> %209, ptr addrspace(3) %187, align 16
  %210 = insertelement <4 x i32> poison, i32 %153, i64 0
  %211 = insertelement <4 x i32> %210, i32 %154, i64 1
  %212 = insertelement <4 x i32> %211, i32 %155, i64 2
  %213 = insertelement <4 x i32> %212, i32 %156, i64 3
  store <4 x i32> %213, ptr addrspace(3) %188, align 16
  %214 = insertelement <4 x i32> poison, i32 %157, i64 0
  %215 = insertelement <4 x i32> %214, i32 %158, i64 1
  %216 = insertelement <4 x i32> %215, i32 %159, i64 2
  %217 = insertelement <4 x i32> %216, i32 %160, i64 3
  store <4 x i32> %217, ptr addrspace(3) %189, align 16
  %218 = insertelement <4 x i32> poison, i32 %161, i64 0
  %219 = insertelement <4 x i32> %218, i32 %162, i64 1
  %220 = insertelement <4 x i32> %219, i32 %163, i64 2
  %221 = insertelement <4 x i32> %220, i32 %164, i64 3
  store <4 x i32> %221, ptr addrspace(3) %191, align 16
  %222 = insertelement <4 x i32> poison, i32 %165, i64 0
  %223 = insertelement <4 x i32> %222, i32 %166, i64 1
  %224 = insertelement <4 x i32> %223, i32 %167, i64 2
  %225 = insertelement <4 x i32> %224, i32 %168, i64 3
  store <4 x i32> %225, ptr addrspace(3) %193, align 16
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %226 = and i32 %10, 7
  %227 = mul nuw nsw i32 %226, 260
  %228 = or disjoint i32 %227, %13
  %229 = xor i32 %228, %14
  %230 = xor i32 %229, 16
  %231 = xor i32 %229, 80
  %232 = xor i32 %229, 144
  %233 = xor i32 %229, 208
  %234 = xor i32 %229, 2064
  %235 = xor i32 %229, 2128
  %236 = xor i32 %229, 2192
  %237 = xor i32 %229, 2256
  %238 = xor i32 %229, 48
  %239 = xor i32 %229, 112
  %240 = xor i32 %229, 176
  %241 = xor i32 %229, 240
  %242 = xor i32 %229, 2096
  %243 = xor i32 %229, 2160
  %244 = xor i32 %229, 2224
  %245 = xor i32 %229, 2288
  %246 = zext nneg i32 %229 to i64
  %247 = getelementptr float, ptr addrspace(3) @global_smem, i64 %246
  %248 = getelementptr i8, ptr addrspace(3) %247, i64 256
  %249 = getelementptr i8, ptr addrspace(3) %247, i64 512
  %250 = getelementptr i8, ptr addrspace(3) %247, i64 768
  %251 = getelementptr i8, ptr addrspace(3) %247, i64 8192
  %252 = getelementptr i8, ptr addrspace(3) %247, i64 8448
  %253 = getelementptr i8, ptr addrspace(3) %247, i64 8704
  %254 = getelementptr i8, ptr addrspace(3) %247, i64 8960
  %255 = zext nneg i32 %230 to i64
  %256 = getelementptr float, ptr addrspace(3) @global_smem, i64 %255
  %257 = zext nneg i32 %231 to i64
  %258 = getelementptr float, ptr addrspace(3) @global_smem, i64 %257
  %259 = zext nneg i32 %232 to i64
  %260 = getelementptr float, ptr addrspace(3) @global_smem, i64 %259
  %261 = zext nneg i32 %233 to i64
  %262 = getelementptr float, ptr addrspace(3) @global_smem, i64 %261
  %263 = zext nneg i32 %234 to i64
  %264 = getelementptr float, ptr addrspace(3) @global_smem, i64 %263
  %265 = zext nneg i32 %235 to i64
  %266 = getelementptr float, ptr addrspace(3) @global_smem, i64 %265
  %267 = zext nneg i32 %236 to i64
  %268 = getelementptr float, ptr addrspace(3) @global_smem, i64 %267
  %269 = zext nneg i32 %237 to i64
  %270 = getelementptr float, ptr addrspace(3) @global_smem, i64 %269
  %271 = getelementptr i8, ptr addrspace(3) %247, i64 128
  %272 = getelementptr i8, ptr addrspace(3) %247, i64 384
  %273 = getelementptr i8, ptr addrspace(3) %247, i64 640
  %274 = getelementptr i8, ptr addrspace(3) %247, i64 896
  %275 = getelementptr i8, ptr addrspace(3) %247, i64 8320
  %276 = getelementptr i8, ptr addrspace(3) %247, i64 8576
  %277 = getelementptr i8, ptr addrspace(3) %247, i64 8832
  %278 = getelementptr i8, ptr addrspace(3) %247, i64 9088
  %279 = zext nneg i32 %238 to i64
  %280 = getelementptr float, ptr addrspace(3) @global_smem, i64 %279
  %281 = zext nneg i32 %239 to i64
  %282 = getelementptr float, ptr addrspace(3) @global_smem, i64 %281
  %283 = zext nneg i32 %240 to i64
  %284 = getelementptr float, ptr addrspace(3) @global_smem, i64 %283
  %285 = zext nneg i32 %241 to i64
  %286 = getelementptr float, ptr addrspace(3) @global_smem, i64 %285
  %287 = zext nneg i32 %242 to i64
  %288 = getelementptr float, ptr addrspace(3) @global_smem, i64 %287
  %289 = zext nneg i32 %243 to i64
  %290 = getelementptr float, ptr addrspace(3) @global_smem, i64 %289
  %291 = zext nneg i32 %244 to i64
  %292 = getelementptr float, ptr addrspace(3) @global_smem, i64 %291
  %293 = zext nneg i32 %245 to i64
  %294 = getelementptr float, ptr addrspace(3) @global_smem, i64 %293
  %295 = load i32, ptr addrspace(3) %247, align 4
  %296 = load i32, ptr addrspace(3) %248, align 4
  %297 = load i32, ptr addrspace(3) %249, align 4
  %298 = load i32, ptr addrspace(3) %250, align 4
  %299 = load i32, ptr addrspace(3) %251, align 4
  %300 = load i32, ptr addrspace(3) %252, align 4
  %301 = load i32, ptr addrspace(3) %253, align 4
  %302 = load i32, ptr addrspace(3) %254, align 4
  %303 = load i32, ptr addrspace(3) %256, align 4
  %304 = load i32, ptr addrspace(3) %258, align 4
  %305 = load i32, ptr addrspace(3) %260, align 4
  %306 = load i32, ptr addrspace(3) %262, align 4
  %307 = load i32, ptr addrspace(3) %264, align 4
  %308 = load i32, ptr addrspace(3) %266, align 4
  %309 = load i32, ptr addrspace(3) %268, align 4
  %310 = load i32, ptr addrspace(3) %270, align 4
  %311 = load i32, ptr addrspace(3) %271, align 4
  %312 = load i32, ptr addrspace(3) %272, align 4
  %313 = load i32, ptr addrspace(3) %273, align 4
  %314 = load i32, ptr addrspace(3) %274, align 4
  %315 = load i32, ptr addrspace(3) %275, align 4
  %316 = load i32, ptr addrspace(3) %276, align 4
  %317 = load i32, ptr addrspace(3) %277, align 4
  %318 = load i32, ptr addrspace(3) %278, align 4
  %319 = load i32, ptr addrspace(3) %280, align 4
  %320 = load i32, ptr addrspace(3) %282, align 4
  %321 = load i32, ptr addrspace(3) %284, align 4
  %322 = load i32, ptr addrspace(3) %286, align 4
  %323 = load i32, ptr addrspace(3) %288, align 4
  %324 = load i32, ptr addrspace(3) %290, align 4
  %325 = load i32, ptr addrspace(3) %292, align 4
  %326 = load i32, ptr addrspace(3) %294, align 4
  %327 = or disjoint i32 %25, %9
  %328 = or disjoint i32 %26, %9
  %329 = or disjoint i32 %27, %9
  %330 = or disjoint i32 %28, %9
  %331 = or disjoint i32 %29, %9
  %332 = or disjoint i32 %30, %9
  %333 = or disjoint i32 %31, %9
  %334 = or disjoint i32 %32, %9
  %335 = or disjoint i32 %15, %23
  %336 = or disjoint i32 %16, %23
  %337 = or disjoint i32 %17, %23
  %338 = or disjoint i32 %18, %23
  %339 = icmp slt i32 %327, %2
  %340 = icmp slt i32 %328, %2
  %341 = icmp slt i32 %329, %2
  %342 = icmp slt i32 %330, %2
  %343 = icmp slt i32 %331, %2
  %344 = icmp slt i32 %332, %2
  %345 = icmp slt i32 %333, %2
  %346 = icmp slt i32 %334, %2
  %347 = icmp slt i32 %335, %3
  %348 = icmp slt i32 %336, %3
  %349 = icmp slt i32 %337, %3
  %350 = icmp slt i32 %338, %3
  %351 = and i1 %339, %347
  %352 = and i1 %340, %347
  %353 = and i1 %341, %347
  %354 = and i1 %342, %347
  %355 = and i1 %343, %347
  %356 = and i1 %344, %347
  %357 = and i1 %345, %347
  %358 = and i1 %346, %347
  %359 = and i1 %339, %348
  %360 = and i1 %340, %348
  %361 = and i1 %341, %348
  %362 = and i1 %342, %348
  %363 = and i1 %343, %348
  %364 = and i1 %344, %348
  %365 = and i1 %345, %348
  %366 = and i1 %346, %348
  %367 = and i1 %339, %349
  %368 = and i1 %340, %349
  %369 = and i1 %341, %349
  %370 = and i1 %342, %349
  %371 = and i1 %343, %349
  %372 = and i1 %344, %349
  %373 = and i1 %345, %349
  %374 = and i1 %346, %349
  %375 = and i1 %339, %350
  %376 = and i1 %340, %350
  %377 = and i1 %341, %350
  %378 = and i1 %342, %350
  %379 = and i1 %343, %350
  %380 = and i1 %344, %350
  %381 = and i1 %345, %350
  %382 = and i1 %346, %350
  %383 = mul i32 %5, %335
  %384 = mul i32 %5, %336
  %385 = mul i32 %5, %337
  %386 = mul i32 %5, %338
  %387 = sext i32 %383 to i64
  %388 = getelementptr float, ptr addrspace(1) %1, i64 %387
  %389 = sext i32 %384 to i64
  %390 = getelementptr float, ptr addrspace(1) %1, i64 %389
  %391 = sext i32 %385 to i64
  %392 = getelementptr float, ptr addrspace(1) %1, i64 %391
  %393 = sext i32 %386 to i64
  %394 = getelementptr float, ptr addrspace(1) %1, i64 %393
  %395 = sext i32 %327 to i64
  %396 = getelementptr float, ptr addrspace(1) %388, i64 %395
  %397 = sext i32 %328 to i64
  %398 = getelementptr float, ptr addrspace(1) %388, i64 %397
  %399 = sext i32 %329 to i64
  %400 = getelementptr float, ptr addrspace(1) %388, i64 %399
  %401 = sext i32 %330 to i64
  %402 = getelementptr float, ptr addrspace(1) %388, i64 %401
  %403 = sext i32 %331 to i64
  %404 = getelementptr float, ptr addrspace(1) %388, i64 %403
  %405 = sext i32 %332 to i64
  %406 = getelementptr float, ptr addrspace(1) %388, i64 %405
  %407 = sext i32 %333 to i64
  %408 = getelementptr float, ptr addrspace(1) %388, i64 %407
  %409 = sext i32 %334 to i64
  %410 = getelementptr float, ptr addrspace(1) %388, i64 %409
  %411 = getelementptr float, ptr addrspace(1) %390, i64 %395
  %412 = getelementptr float, ptr addrspace(1) %390, i64 %397
  %413 = getelementptr float, ptr addrspace(1) %390, i64 %399
  %414 = getelementptr float, ptr addrspace(1) %390, i64 %401
  %415 = getelementptr float, ptr addrspace(1) %390, i64 %403
  %416 = getelementptr float, ptr addrspace(1) %390, i64 %405
  %417 = getelementptr float, ptr addrspace(1) %390, i64 %407
  %418 = getelementptr float, ptr addrspace(1) %390, i64 %409
  %419 = getelementptr float, ptr addrspace(1) %392, i64 %395
  %420 = getelementptr float, ptr addrspace(1) %392, i64 %397
  %421 = getelementptr float, ptr addrspace(1) %392, i64 %399
  %422 = getelementptr float, ptr addrspace(1) %392, i64 %401
  %423 = getelementptr float, ptr addrspace(1) %392, i64 %403
  %424 = getelementptr float, ptr addrspace(1) %392, i64 %405
  %425 = getelementptr float, ptr addrspace(1) %392, i64 %407
  %426 = getelementptr float, ptr addrspace(1) %392, i64 %409
  %427 = getelementptr float, ptr addrspace(1) %394, i64 %395
  %428 = getelementptr float, ptr addrspace(1) %394, i64 %397
  %429 = getelementptr float, ptr addrspace(1) %394, i64 %399
  %430 = getelementptr float, ptr addrspace(1) %394, i64 %401
  %431 = getelementptr float, ptr addrspace(1) %394, i64 %403
  %432 = getelementptr float, ptr addrspace(1) %394, i64 %405
  %433 = getelementptr float, ptr addrspace(1) %394, i64 %407
  %434 = getelementptr float, ptr addrspace(1) %394, i64 %409
  tail call void asm sideeffect "@$1 st.global.b32 [ $0 + 0 ], $2;", "l,b,r"(ptr addrspace(1) %396, i1 %351, i32 %295) #3
  tail call void asm sideeffect "@$1 st.global.b32 [ $0 + 0 ], $2;", "l,b,r"(ptr addrspace(1) %398, i1 %352, i32 %296) #3
  tail call void asm sideeffect "@$1 st.global.b32 [ $0 + 0 ], $2;", "l,b,r"(ptr addrspace(1) %400, i1 %353, i32 %297) #3
  tail call void asm sideeffect "@$1 st.global.b32 [ $0 + 0 ], $2;", "l,b,r"(ptr addrspace(1) %402, i1 %354, i32 %298) #3
  tail call void asm sideeffect "@$1 st.global.b32 [ $0 + 0 ], $2;", "l,b,r"(ptr addrspace(1) %404, i1 %355, i32 %299) #3
  tail call void asm sideeffect "@$1 st.global.b32 [ $0 + 0 ], $2;", "l,b,r"(ptr addrspace(1) %406, i1 %356, i32 %300) #3
  tail call void asm sideeffect "@$1 st.global.b32 [ $0 + 0 ], $2;", "l,b,r"(ptr addrspace(1) %408, i1 %357, i32 %301) #3
  tail call void asm sideeffect "@$1 st.global.b32 [ $0 + 0 ], $2;", "l,b,r"(ptr addrspace(1) %410, i1 %358, i32 %302) #3
  tail call void asm sideeffect "@$1 st.global.b32 [ $0 + 0 ], $2;", "l,b,r"(ptr addrspace(1) %411, i1 %359, i32 %303) #3
  tail call void asm sideeffect "@$1 st.global.b32 [ $0 + 0 ], $2;", "l,b,r"(ptr addrspace(1) %412, i1 %360, i32 %304) #3
  tail call void asm sideeffect "@$1 st.global.b32 [ $0 + 0 ], $2;", "l,b,r"(ptr addrspace(1) %413, i1 %361, i32 %305) #3
  tail call void asm sideeffect "@$1 st.global.b32 [ $0 + 0 ], $2;", "l,b,r"(ptr addrspace(1) %414, i1 %362, i32 %306) #3
  tail call void asm sideeffect "@$1 st.global.b32 [ $0 + 0 ], $2;", "l,b,r"(ptr addrspace(1) %415, i1 %363, i32 %307) #3
  tail call void asm sideeffect "@$1 st.global.b32 [ $0 + 0 ], $2;", "l,b,r"(ptr addrspace(1) %416, i1 %364, i32 %308) #3
  tail call void asm sideeffect "@$1 st.global.b32 [ $0 + 0 ], $2;", "l,b,r"(ptr addrspace(1) %417, i1 %365, i32 %309) #3
  tail call void asm sideeffect "@$1 st.global.b32 [ $0 + 0 ], $2;", "l,b,r"(ptr addrspace(1) %418, i1 %366, i32 %310) #3
  tail call void asm sideeffect "@$1 st.global.b32 [ $0 + 0 ], $2;", "l,b,r"(ptr addrspace(1) %419, i1 %367, i32 %311) #3
  tail call void asm sideeffect "@$1 st.global.b32 [ $0 + 0 ], $2;", "l,b,r"(ptr addrspace(1) %420, i1 %368, i32 %312) #3
  tail call void asm sideeffect "@$1 st.global.b32 [ $0 + 0 ], $2;", "l,b,r"(ptr addrspace(1) %421, i1 %369, i32 %313) #3
  tail call void asm sideeffect "@$1 st.global.b32 [ $0 + 0 ], $2;", "l,b,r"(ptr addrspace(1) %422, i1 %370, i32 %314) #3
  tail call void asm sideeffect "@$1 st.global.b32 [ $0 + 0 ], $2;", "l,b,r"(ptr addrspace(1) %423, i1 %371, i32 %315) #3
  tail call void asm sideeffect "@$1 st.global.b32 [ $0 + 0 ], $2;", "l,b,r"(ptr addrspace(1) %424, i1 %372, i32 %316) #3
  tail call void asm sideeffect "@$1 st.global.b32 [ $0 + 0 ], $2;", "l,b,r"(ptr addrspace(1) %425, i1 %373, i32 %317) #3
  tail call void asm sideeffect "@$1 st.global.b32 [ $0 + 0 ], $2;", "l,b,r"(ptr addrspace(1) %426, i1 %374, i32 %318) #3
  tail call void asm sideeffect "@$1 st.global.b32 [ $0 + 0 ], $2;", "l,b,r"(ptr addrspace(1) %427, i1 %375, i32 %319) #3
  tail call void asm sideeffect "@$1 st.global.b32 [ $0 + 0 ], $2;", "l,b,r"(ptr addrspace(1) %428, i1 %376, i32 %320) #3
  tail call void asm sideeffect "@$1 st.global.b32 [ $0 + 0 ], $2;", "l,b,r"(ptr addrspace(1) %429, i1 %377, i32 %321) #3
  tail call void asm sideeffect "@$1 st.global.b32 [ $0 + 0 ], $2;", "l,b,r"(ptr addrspace(1) %430, i1 %378, i32 %322) #3
  tail call void asm sideeffect "@$1 st.global.b32 [ $0 + 0 ], $2;", "l,b,r"(ptr addrspace(1) %431, i1 %379, i32 %323) #3
  tail call void asm sideeffect "@$1 st.global.b32 [ $0 + 0 ], $2;", "l,b,r"(ptr addrspace(1) %432, i1 %380, i32 %324) #3
  tail call void asm sideeffect "@$1 st.global.b32 [ $0 + 0 ], $2;", "l,b,r"(ptr addrspace(1) %433, i1 %381, i32 %325) #3
  tail call void asm sideeffect "@$1 st.global.b32 [ $0 + 0 ], $2;", "l,b,r"(ptr addrspace(1) %434, i1 %382, i32 %326) #3
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 65535) i32 @llvm.nvvm.read.ptx.sreg.ctaid.y() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32) #2

attributes #0 = { nounwind "nvvm.reqntid"="128,1,1" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { convergent nocallback nounwind }
attributes #3 = { nounwind }

!llvm.module.flags = !{!0}

!0 = !{i32 2, !"Debug Info Version", i32 3}
