; ModuleID = 'gluon'
source_filename = "gluon"
target datalayout = "e-p3:32:32-p4:32:32-p5:32:32-p6:32:32-p7:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Function Attrs: nounwind
define ptx_kernel void @add_kernel(ptr addrspace(1) %0, ptr addrspace(1) %1, ptr addrspace(1) %2, i32 %3) local_unnamed_addr #0 {
  %5 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %6 = shl i32 %5, 10
  %7 = tail call range(i32 0, 128) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %8 = shl nuw nsw i32 %7, 2
  %9 = or disjoint i32 %6, %8
  %10 = or disjoint i32 %9, 512
  %11 = icmp slt i32 %9, %3
  %12 = icmp slt i32 %10, %3
  %13 = sext i32 %9 to i64
  %14 = getelementptr float, ptr addrspace(1) %0, i64 %13
  %15 = sext i32 %10 to i64
  %16 = getelementptr float, ptr addrspace(1) %0, i64 %15
  %17 = tail call { i32, i32, i32, i32 } asm sideeffect "mov.b32 $0, $6;\0A\09mov.b32 $1, $7;\0A\09mov.b32 $2, $8;\0A\09mov.b32 $3, $9;\0A\09@$5 ld.global.v4.b32 { $0, $1, $2, $3 }, [ $4 + 0 ];", "=r,=r,=r,=r,l,b,r,r,r,r"(ptr addrspace(1) %14, i1 %11, i32 0, i32 0, i32 0, i32 0) #2
  %18 = extractvalue { i32, i32, i32, i32 } %17, 0
  %19 = extractvalue { i32, i32, i32, i32 } %17, 1
  %20 = extractvalue { i32, i32, i32, i32 } %17, 2
  %21 = extractvalue { i32, i32, i32, i32 } %17, 3
  %22 = bitcast i32 %18 to float
  %23 = bitcast i32 %19 to float
  %24 = bitcast i32 %20 to float
  %25 = bitcast i32 %21 to float
  %26 = tail call { i32, i32, i32, i32 } asm sideeffect "mov.b32 $0, $6;\0A\09mov.b32 $1, $7;\0A\09mov.b32 $2, $8;\0A\09mov.b32 $3, $9;\0A\09@$5 ld.global.v4.b32 { $0, $1, $2, $3 }, [ $4 + 0 ];", "=r,=r,=r,=r,l,b,r,r,r,r"(ptr addrspace(1) %16, i1 %12, i32 0, i32 0, i32 0, i32 0) #2
  %27 = extractvalue { i32, i32, i32, i32 } %26, 0
  %28 = extractvalue { i32, i32, i32, i32 } %26, 1
  %29 = extractvalue { i32, i32, i32, i32 } %26, 2
  %30 = extractvalue { i32, i32, i32, i32 } %26, 3
  %31 = bitcast i32 %27 to float
  %32 = bitcast i32 %28 to float
  %33 = bitcast i32 %29 to float
  %34 = bitcast i32 %30 to float
  %35 = getelementptr float, ptr addrspace(1) %1, i64 %13
  %36 = getelementptr float, ptr addrspace(1) %1, i64 %15
  %37 = tail call { i32, i32, i32, i32 } asm sideeffect "mov.b32 $0, $6;\0A\09mov.b32 $1, $7;\0A\09mov.b32 $2, $8;\0A\09mov.b32 $3, $9;\0A\09@$5 ld.global.v4.b32 { $0, $1, $2, $3 }, [ $4 + 0 ];", "=r,=r,=r,=r,l,b,r,r,r,r"(ptr addrspace(1) %35, i1 %11, i32 0, i32 0, i32 0, i32 0) #2
  %38 = extractvalue { i32, i32, i32, i32 } %37, 0
  %39 = extractvalue { i32, i32, i32, i32 } %37, 1
  %40 = extractvalue { i32, i32, i32, i32 } %37, 2
  %41 = extractvalue { i32, i32, i32, i32 } %37, 3
  %42 = bitcast i32 %38 to float
  %43 = bitcast i32 %39 to float
  %44 = bitcast i32 %40 to float
  %45 = bitcast i32 %41 to float
  %46 = tail call { i32, i32, i32, i32 } asm sideeffect "mov.b32 $0, $6;\0A\09mov.b32 $1, $7;\0A\09mov.b32 $2, $8;\0A\09mov.b32 $3, $9;\0A\09@$5 ld.global.v4.b32 { $0, $1, $2, $3 }, [ $4 + 0 ];", "=r,=r,=r,=r,l,b,r,r,r,r"(ptr addrspace(1) %36, i1 %12, i32 0, i32 0, i32 0, i32 0) #2
  %47 = extractvalue { i32, i32, i32, i32 } %46, 0
  %48 = extractvalue { i32, i32, i32, i32 } %46, 1
  %49 = extractvalue { i32, i32, i32, i32 } %46, 2
  %50 = extractvalue { i32, i32, i32, i32 } %46, 3
  %51 = bitcast i32 %47 to float
  %52 = bitcast i32 %48 to float
  %53 = bitcast i32 %49 to float
  %54 = bitcast i32 %50 to float
  %55 = getelementptr float, ptr addrspace(1) %2, i64 %13
  %56 = getelementptr float, ptr addrspace(1) %2, i64 %15
  %57 = fadd float %22, %42
  %58 = fadd float %23, %43
  %59 = fadd float %24, %44
  %60 = fadd float %25, %45
  %61 = fadd float %31, %51
  %62 = fadd float %32, %52
  %63 = fadd float %33, %53
  %64 = fadd float %34, %54
  %65 = bitcast float %57 to i32
  %66 = bitcast float %58 to i32
  %67 = bitcast float %59 to i32
  %68 = bitcast float %60 to i32
  tail call void asm sideeffect "@$1 st.global.v4.b32 [ $0 + 0 ], { $2, $3, $4, $5 };", "l,b,r,r,r,r"(ptr addrspace(1) %55, i1 %11, i32 %65, i32 %66, i32 %67, i32 %68) #2
  %69 = bitcast float %61 to i32
  %70 = bitcast float %62 to i32
  %71 = bitcast float %63 to i32
  %72 = bitcast float %64 to i32
  tail call void asm sideeffect "@$1 st.global.v4.b32 [ $0 + 0 ], { $2, $3, $4, $5 };", "l,b,r,r,r,r"(ptr addrspace(1) %56, i1 %12, i32 %69, i32 %70, i32 %71, i32 %72) #2
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1

attributes #0 = { nounwind "nvvm.reqntid"="128,1,1" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { nounwind }

!llvm.module.flags = !{!0}

!0 = !{i32 2, !"Debug Info Version", i32 3}
