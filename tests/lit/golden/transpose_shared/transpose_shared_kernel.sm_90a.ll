; ModuleID = 'gluon'
source_filename = "gluon"
target datalayout = "e-p3:32:32-p4:32:32-p5:32:32-p6:32:32-p7:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
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
  %181 = getelementptr float, ptr addrspace(3) @global_smem, i32 %176
  %182 = getelementptr i8, ptr addrspace(3) %181, i32 128
  %183 = getelementptr float, ptr addrspace(3) @global_smem, i32 %177
  %184 = getelementptr float, ptr addrspace(3) @global_smem, i32 %178
  %185 = getelementptr i8, ptr addrspace(3) %181, i32 8192
  %186 = getelementptr i8, ptr addrspace(3) %181, i32 8320
  %187 = getelementptr float, ptr addrspace(3) @global_smem, i32 %179
  %188 = getelementptr float, ptr addrspace(3) @global_smem, i32 %180
  %189 = insertelement <4 x i32> poison, i32 %137, i64 0
  %190 = insertelement <4 x i32> %189, i32 %138, i64 1
  %191 = insertelement <4 x i32> %190, i32 %139, i64 2
  %192 = insertelement <4 x i32> %191, i32 %140, i64 3
  store <4 x i32> %192, ptr addrspace(3) %181, align 16
  %193 = insertelement <4 x i32> poison, i32 %141, i64 0
  %194 = insertelement <4 x i32> %193, i32 %142, i64 1
  %195 = insertelement <4 x i32> %194, i32 %143, i64 2
  %196 = insertelement <4 x i32> %195, i32 %144, i64 3
  store <4 x i32> %196, ptr addrspace(3) %182, align 16
  %197 = insertelement <4 x i32> poison, i32 %145, i64 0
  %198 = insertelement <4 x i32> %197, i32 %146, i64 1
  %199 = insertelement <4 x i32> %198, i32 %147, i64 2
  %200 = insertelement <4 x i32> %199, i32 %148, i64 3
  store <4 x i32> %200, ptr addrspace(3) %183, align 16
  %201 = insertelement <4 x i32> poison, i32 %149, i64 0
  %202 = insertelement <4 x i32> %201, i32 %150, i64 1
  %203 = insertelement <4 x i32> %202, i32 %151, i64 2
  %204 = insertelement <4 x i32> %203, i32 %152, i64 3
  store <4 x i32> %204, ptr addrspace(3) %184, align 16
  %205 = insertelement <4 x i32> poison, i32 %153, i64 0
  %206 = insertelement <4 x i32> %205, i32 %154, i64 1
  %207 = insertelement <4 x i32> %206, i32 %155, i64 2
  %208 = insertelement <4 x i32> %207, i32 %156, i64 3
  store <4 x i32> %208, ptr addrspace(3) %185, align 16
  %209 = insertelement <4 x i32> poison, i32 %157, i64 0
  %210 = insertelement <4 x i32> %209, i32 %158, i64 1
  %211 = insertelement <4 x i32> %210, i32 %159, i64 2
  %212 = insertelement <4 x i32> %211, i32 %160, i64 3
  store <4 x i32> %212, ptr addrspace(3) %186, align 16
  %213 = insertelement <4 x i32> poison, i32 %161, i64 0
  %214 = insertelement <4 x i32> %213, i32 %162, i64 1
  %215 = insertelement <4 x i32> %214, i32 %163, i64 2
  %216 = insertelement <4 x i32> %215, i32 %164, i64 3
  store <4 x i32> %216, ptr addrspace(3) %187, align 16
  %217 = insertelement <4 x i32> poison, i32 %165, i64 0
  %218 = insertelement <4 x i32> %217, i32 %166, i64 1
  %219 = insertelement <4 x i32> %218, i32 %167, i64 2
  %220 = insertelement <4 x i32> %219, i32 %168, i64 3
  store <4 x i32> %220, ptr addrspace(3) %188, align 16
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %221 = and i32 %10, 7
  %222 = mul nuw nsw i32 %221, 260
  %223 = or disjoint i32 %222, %13
  %224 = xor i32 %223, %14
  %225 = xor i32 %224, 16
  %226 = xor i32 %224, 80
  %227 = xor i32 %224, 144
  %228 = xor i32 %224, 208
  %229 = xor i32 %224, 2064
  %230 = xor i32 %224, 2128
  %231 = xor i32 %224, 2192
  %232 = xor i32 %224, 2256
  %233 = xor i32 %224, 48
  %234 = xor i32 %224, 112
  %235 = xor i32 %224, 176
  %236 = xor i32 %224, 240
  %237 = xor i32 %224, 2096
  %238 = xor i32 %224, 2160
  %239 = xor i32 %224, 2224
  %240 = xor i32 %224, 2288
  %241 = getelementptr float, ptr addrspace(3) @global_smem, i32 %224
  %242 = getelementptr i8, ptr addrspace(3) %241, i32 256
  %243 = getelementptr i8, ptr addrspace(3) %241, i32 512
  %244 = getelementptr i8, ptr addrspace(3) %241, i32 768
  %245 = getelementptr i8, ptr addrspace(3) %241, i32 8192
  %246 = getelementptr i8, ptr addrspace(3) %241, i32 8448
  %247 = getelementptr i8, ptr addrspace(3) %241, i32 8704
  %248 = getelementptr i8, ptr addrspace(3) %241, i32 8960
  %249 = getelementptr float, ptr addrspace(3) @global_smem, i32 %225
  %250 = getelementptr float, ptr addrspace(3) @global_smem, i32 %226
  %251 = getelementptr float, ptr addrspace(3) @global_smem, i32 %227
  %252 = getelementptr float, ptr addrspace(3) @global_smem, i32 %228
  %253 = getelementptr float, ptr addrspace(3) @global_smem, i32 %229
  %254 = getelementptr float, ptr addrspace(3) @global_smem, i32 %230
  %255 = getelementptr float, ptr addrspace(3) @global_smem, i32 %231
  %256 = getelementptr float, ptr addrspace(3) @global_smem, i32 %232
  %257 = getelementptr i8, ptr addrspace(3) %241, i32 128
  %258 = getelementptr i8, ptr addrspace(3) %241, i32 384
  %259 = getelementptr i8, ptr addrspace(3) %241, i32 640
  %260 = getelementptr i8, ptr addrspace(3) %241, i32 896
  %261 = getelementptr i8, ptr addrspace(3) %241, i32 8320
  %262 = getelementptr i8, ptr addrspace(3) %241, i32 8576
  %263 = getelementptr i8, ptr addrspace(3) %241, i32 8832
  %264 = getelementptr i8, ptr addrspace(3) %241, i32 9088
  %265 = getelementptr float, ptr addrspace(3) @global_smem, i32 %233
  %266 = getelementptr float, ptr addrspace(3) @global_smem, i32 %234
  %267 = getelementptr float, ptr addrspace(3) @global_smem, i32 %235
  %268 = getelementptr float, ptr addrspace(3) @global_smem, i32 %236
  %269 = getelementptr float, ptr addrspace(3) @global_smem, i32 %237
  %270 = getelementptr float, ptr addrspace(3) @global_smem, i32 %238
  %271 = getelementptr float, ptr addrspace(3) @global_smem, i32 %239
  %272 = getelementptr float, ptr addrspace(3) @global_smem, i32 %240
  %273 = load i32, ptr addrspace(3) %241, align 4
  %274 = load i32, ptr addrspace(3) %242, align 4
  %275 = load i32, ptr addrspace(3) %243, align 4
  %276 = load i32, ptr addrspace(3) %244, align 4
  %277 = load i32, ptr addrspace(3) %245, align 4
  %278 = load i32, ptr addrspace(3) %246, align 4
  %279 = load i32, ptr addrspace(3) %247, align 4
  %280 = load i32, ptr addrspace(3) %248, align 4
  %281 = load i32, ptr addrspace(3) %249, align 4
  %282 = load i32, ptr addrspace(3) %250, align 4
  %283 = load i32, ptr addrspace(3) %251, align 4
  %284 = load i32, ptr addrspace(3) %252, align 4
  %285 = load i32, ptr addrspace(3) %253, align 4
  %286 = load i32, ptr addrspace(3) %254, align 4
  %287 = load i32, ptr addrspace(3) %255, align 4
  %288 = load i32, ptr addrspace(3) %256, align 4
  %289 = load i32, ptr addrspace(3) %257, align 4
  %290 = load i32, ptr addrspace(3) %258, align 4
  %291 = load i32, ptr addrspace(3) %259, align 4
  %292 = load i32, ptr addrspace(3) %260, align 4
  %293 = load i32, ptr addrspace(3) %261, align 4
  %294 = load i32, ptr addrspace(3) %262, align 4
  %295 = load i32, ptr addrspace(3) %263, align 4
  %296 = load i32, ptr addrspace(3) %264, align 4
  %297 = load i32, ptr addrspace(3) %265, align 4
  %298 = load i32, ptr addrspace(3) %266, align 4
  %299 = load i32, ptr addrspace(3) %267, align 4
  %300 = load i32, ptr addrspace(3) %268, align 4
  %301 = load i32, ptr addrspace(3) %269, align 4
  %302 = load i32, ptr addrspace(3) %270, align 4
  %303 = load i32, ptr addrspace(3) %271, align 4
  %304 = load i32, ptr addrspace(3) %272, align 4
  %305 = or disjoint i32 %25, %9
  %306 = or disjoint i32 %26, %9
  %307 = or disjoint i32 %27, %9
  %308 = or disjoint i32 %28, %9
  %309 = or disjoint i32 %29, %9
  %310 = or disjoint i32 %30, %9
  %311 = or disjoint i32 %31, %9
  %312 = or disjoint i32 %32, %9
  %313 = or disjoint i32 %15, %23
  %314 = or disjoint i32 %16, %23
  %315 = or disjoint i32 %17, %23
  %316 = or disjoint i32 %18, %23
  %317 = icmp slt i32 %305, %2
  %318 = icmp slt i32 %306, %2
  %319 = icmp slt i32 %307, %2
  %320 = icmp slt i32 %308, %2
  %321 = icmp slt i32 %309, %2
  %322 = icmp slt i32 %310, %2
  %323 = icmp slt i32 %311, %2
  %324 = icmp slt i32 %312, %2
  %325 = icmp slt i32 %313, %3
  %326 = icmp slt i32 %314, %3
  %327 = icmp slt i32 %315, %3
  %328 = icmp slt i32 %316, %3
  %329 = and i1 %317, %325
  %330 = and i1 %318, %325
  %331 = and i1 %319, %325
  %332 = and i1 %320, %325
  %333 = and i1 %321, %325
  %334 = and i1 %322, %325
  %335 = and i1 %323, %325
  %336 = and i1 %324, %325
  %337 = and i1 %317, %326
  %338 = and i1 %318, %326
  %339 = and i1 %319, %326
  %340 = and i1 %320, %326
  %341 = and i1 %321, %326
  %342 = and i1 %322, %326
  %343 = and i1 %323, %326
  %344 = and i1 %324, %326
  %345 = and i1 %317, %327
  %346 = and i1 %318, %327
  %347 = and i1 %319, %327
  %348 = and i1 %320, %327
  %349 = and i1 %321, %327
  %350 = and i1 %322, %327
  %351 = and i1 %323, %327
  %352 = and i1 %324, %327
  %353 = and i1 %317, %328
  %354 = and i1 %318, %328
  %355 = and i1 %319, %328
  %356 = and i1 %320, %328
  %357 = and i1 %321, %328
  %358 = and i1 %322, %328
  %359 = and i1 %323, %328
  %360 = and i1 %324, %328
  %361 = mul i32 %5, %313
  %362 = mul i32 %5, %314
  %363 = mul i32 %5, %315
  %364 = mul i32 %5, %316
  %365 = sext i32 %361 to i64
  %366 = getelementptr float, ptr addrspace(1) %1, i64 %365
  %367 = sext i32 %362 to i64
  %368 = getelementptr float, ptr addrspace(1) %1, i64 %367
  %369 = sext i32 %363 to i64
  %370 = getelementptr float, ptr addrspace(1) %1, i64 %369
  %371 = sext i32 %364 to i64
  %372 = getelementptr float, ptr addrspace(1) %1, i64 %371
  %373 = sext i32 %305 to i64
  %374 = getelementptr float, ptr addrspace(1) %366, i64 %373
  %375 = sext i32 %306 to i64
  %376 = getelementptr float, ptr addrspace(1) %366, i64 %375
  %377 = sext i32 %307 to i64
  %378 = getelementptr float, ptr addrspace(1) %366, i64 %377
  %379 = sext i32 %308 to i64
  %380 = getelementptr float, ptr addrspace(1) %366, i64 %379
  %381 = sext i32 %309 to i64
  %382 = getelementptr float, ptr addrspace(1) %366, i64 %381
  %383 = sext i32 %310 to i64
  %384 = getelementptr float, ptr addrspace(1) %366, i64 %383
  %385 = sext i32 %311 to i64
  %386 = getelementptr float, ptr addrspace(1) %366, i64 %385
  %387 = sext i32 %312 to i64
  %388 = getelementptr float, ptr addrspace(1) %366, i64 %387
  %389 = getelementptr float, ptr addrspace(1) %368, i64 %373
  %390 = getelementptr float, ptr addrspace(1) %368, i64 %375
  %391 = getelementptr float, ptr addrspace(1) %368, i64 %377
  %392 = getelementptr float, ptr addrspace(1) %368, i64 %379
  %393 = getelementptr float, ptr addrspace(1) %368, i64 %381
  %394 = getelementptr float, ptr addrspace(1) %368, i64 %383
  %395 = getelementptr float, ptr addrspace(1) %368, i64 %385
  %396 = getelementptr float, ptr addrspace(1) %368, i64 %387
  %397 = getelementptr float, ptr addrspace(1) %370, i64 %373
  %398 = getelementptr float, ptr addrspace(1) %370, i64 %375
  %399 = getelementptr float, ptr addrspace(1) %370, i64 %377
  %400 = getelementptr float, ptr addrspace(1) %370, i64 %379
  %401 = getelementptr float, ptr addrspace(1) %370, i64 %381
  %402 = getelementptr float, ptr addrspace(1) %370, i64 %383
  %403 = getelementptr float, ptr addrspace(1) %370, i64 %385
  %404 = getelementptr float, ptr addrspace(1) %370, i64 %387
  %405 = getelementptr float, ptr addrspace(1) %372, i64 %373
  %406 = getelementptr float, ptr addrspace(1) %372, i64 %375
  %407 = getelementptr float, ptr addrspace(1) %372, i64 %377
  %408 = getelementptr float, ptr addrspace(1) %372, i64 %379
  %409 = getelementptr float, ptr addrspace(1) %372, i64 %381
  %410 = getelementptr float, ptr addrspace(1) %372, i64 %383
  %411 = getelementptr float, ptr addrspace(1) %372, i64 %385
  %412 = getelementptr float, ptr addrspace(1) %372, i64 %387
  tail call void asm sideeffect "@$1 st.global.b32 [ $0 + 0 ], $2;", "l,b,r"(ptr addrspace(1) %374, i1 %329, i32 %273) #3
  tail call void asm sideeffect "@$1 st.global.b32 [ $0 + 0 ], $2;", "l,b,r"(ptr addrspace(1) %376, i1 %330, i32 %274) #3
  tail call void asm sideeffect "@$1 st.global.b32 [ $0 + 0 ], $2;", "l,b,r"(ptr addrspace(1) %378, i1 %331, i32 %275) #3
  tail call void asm sideeffect "@$1 st.global.b32 [ $0 + 0 ], $2;", "l,b,r"(ptr addrspace(1) %380, i1 %332, i32 %276) #3
  tail call void asm sideeffect "@$1 st.global.b32 [ $0 + 0 ], $2;", "l,b,r"(ptr addrspace(1) %382, i1 %333, i32 %277) #3
  tail call void asm sideeffect "@$1 st.global.b32 [ $0 + 0 ], $2;", "l,b,r"(ptr addrspace(1) %384, i1 %334, i32 %278) #3
  tail call void asm sideeffect "@$1 st.global.b32 [ $0 + 0 ], $2;", "l,b,r"(ptr addrspace(1) %386, i1 %335, i32 %279) #3
  tail call void asm sideeffect "@$1 st.global.b32 [ $0 + 0 ], $2;", "l,b,r"(ptr addrspace(1) %388, i1 %336, i32 %280) #3
  tail call void asm sideeffect "@$1 st.global.b32 [ $0 + 0 ], $2;", "l,b,r"(ptr addrspace(1) %389, i1 %337, i32 %281) #3
  tail call void asm sideeffect "@$1 st.global.b32 [ $0 + 0 ], $2;", "l,b,r"(ptr addrspace(1) %390, i1 %338, i32 %282) #3
  tail call void asm sideeffect "@$1 st.global.b32 [ $0 + 0 ], $2;", "l,b,r"(ptr addrspace(1) %391, i1 %339, i32 %283) #3
  tail call void asm sideeffect "@$1 st.global.b32 [ $0 + 0 ], $2;", "l,b,r"(ptr addrspace(1) %392, i1 %340, i32 %284) #3
  tail call void asm sideeffect "@$1 st.global.b32 [ $0 + 0 ], $2;", "l,b,r"(ptr addrspace(1) %393, i1 %341, i32 %285) #3
  tail call void asm sideeffect "@$1 st.global.b32 [ $0 + 0 ], $2;", "l,b,r"(ptr addrspace(1) %394, i1 %342, i32 %286) #3
  tail call void asm sideeffect "@$1 st.global.b32 [ $0 + 0 ], $2;", "l,b,r"(ptr addrspace(1) %395, i1 %343, i32 %287) #3
  tail call void asm sideeffect "@$1 st.global.b32 [ $0 + 0 ], $2;", "l,b,r"(ptr addrspace(1) %396, i1 %344, i32 %288) #3
  tail call void asm sideeffect "@$1 st.global.b32 [ $0 + 0 ], $2;", "l,b,r"(ptr addrspace(1) %397, i1 %345, i32 %289) #3
  tail call void asm sideeffect "@$1 st.global.b32 [ $0 + 0 ], $2;", "l,b,r"(ptr addrspace(1) %398, i1 %346, i32 %290) #3
  tail call void asm sideeffect "@$1 st.global.b32 [ $0 + 0 ], $2;", "l,b,r"(ptr addrspace(1) %399, i1 %347, i32 %291) #3
  tail call void asm sideeffect "@$1 st.global.b32 [ $0 + 0 ], $2;", "l,b,r"(ptr addrspace(1) %400, i1 %348, i32 %292) #3
  tail call void asm sideeffect "@$1 st.global.b32 [ $0 + 0 ], $2;", "l,b,r"(ptr addrspace(1) %401, i1 %349, i32 %293) #3
  tail call void asm sideeffect "@$1 st.global.b32 [ $0 + 0 ], $2;", "l,b,r"(ptr addrspace(1) %402, i1 %350, i32 %294) #3
  tail call void asm sideeffect "@$1 st.global.b32 [ $0 + 0 ], $2;", "l,b,r"(ptr addrspace(1) %403, i1 %351, i32 %295) #3
  tail call void asm sideeffect "@$1 st.global.b32 [ $0 + 0 ], $2;", "l,b,r"(ptr addrspace(1) %404, i1 %352, i32 %296) #3
  tail call void asm sideeffect "@$1 st.global.b32 [ $0 + 0 ], $2;", "l,b,r"(ptr addrspace(1) %405, i1 %353, i32 %297) #3
  tail call void asm sideeffect "@$1 st.global.b32 [ $0 + 0 ], $2;", "l,b,r"(ptr addrspace(1) %406, i1 %354, i32 %298) #3
  tail call void asm sideeffect "@$1 st.global.b32 [ $0 + 0 ], $2;", "l,b,r"(ptr addrspace(1) %407, i1 %355, i32 %299) #3
  tail call void asm sideeffect "@$1 st.global.b32 [ $0 + 0 ], $2;", "l,b,r"(ptr addrspace(1) %408, i1 %356, i32 %300) #3
  tail call void asm sideeffect "@$1 st.global.b32 [ $0 + 0 ], $2;", "l,b,r"(ptr addrspace(1) %409, i1 %357, i32 %301) #3
  tail call void asm sideeffect "@$1 st.global.b32 [ $0 + 0 ], $2;", "l,b,r"(ptr addrspace(1) %410, i1 %358, i32 %302) #3
  tail call void asm sideeffect "@$1 st.global.b32 [ $0 + 0 ], $2;", "l,b,r"(ptr addrspace(1) %411, i1 %359, i32 %303) #3
  tail call void asm sideeffect "@$1 st.global.b32 [ $0 + 0 ], $2;", "l,b,r"(ptr addrspace(1) %412, i1 %360, i32 %304) #3
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
