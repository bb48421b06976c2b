; ModuleID = 'gluon'
source_filename = "gluon"
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: readwrite)
define ptx_kernel void @add_kernel(ptr addrspace(1) readonly captures(none) %0, ptr addrspace(1) readonly captures(none) %1, ptr addrspace(1) writeonly captures(none) %2, i32 %3) local_unnamed_addr #0 {
  %5 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %6 = shl i32 %5, 10
  %7 = tail call range(i32 0, 128) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %8 = shl nuw nsw i32 %7, 2
  %9 = or disjoint i32 %6, %8
  %10 = or disjoint i32 %9, 512
  %11 = icmp slt i32 %9, %3
  %12 = icmp slt i32 %10, %3
  %13 = sext i32 %10 to i64
  %14 = getelementptr float, ptr addrspace(1) %0, i64 %13
  br i1 %11, label %15, label %19

15:                                               ; preds = %4
  %16 = sext i32 %9 to i64
  %17 = getelementptr float, ptr addrspace(1) %0, i64 %16
  %18 = load <4 x float>, ptr addrspace(1) %17, align 16
  br label %19

19:                                               ; preds = %15, %4
  %20 = phi <4 x float> [ %18, %15 ], [ zeroinitializer, %4 ]
  %21 = extractelement <4 x float> %20, i64 0
  %22 = extractelement <4 x float> %20, i64 1
  %23 = extractelement <4 x float> %20, i64 2
  %24 = extractelement <4 x float> %20, i64 3
  br i1 %12, label %25, label %27

25:                                               ; preds = %19
  %26 = load <4 x float>, ptr addrspace(1) %14, align 16
  br label %27

27:                                               ; preds = %25, %19
  %28 = phi <4 x float> [ %26, %25 ], [ zeroinitializer, %19 ]
  %29 = extractelement <4 x float> %28, i64 0
  %30 = extractelement <4 x float> %28, i64 1
  %31 = extractelement <4 x float> %28, i64 2
  %32 = extractelement <4 x float> %28, i64 3
  %33 = getelementptr float, ptr addrspace(1) %1, i64 %13
  br i1 %11, label %34, label %38

34:                                               ; preds = %27
  %35 = sext i32 %9 to i64
  %36 = getelementptr float, ptr addrspace(1) %1, i64 %35
  %37 = load <4 x float>, ptr addrspace(1) %36, align 16
  br label %38

38:                                               ; preds = %34, %27
  %39 = phi <4 x float> [ %37, %34 ], [ zeroinitializer, %27 ]
  %40 = extractelement <4 x float> %39, i64 0
  %41 = extractelement <4 x float> %39, i64 1
  %42 = extractelement <4 x float> %39, i64 2
  %43 = extractelement <4 x float> %39, i64 3
  br i1 %12, label %44, label %46

44:                                               ; preds = %38
  %45 = load <4 x float>, ptr addrspace(1) %33, align 16
  br label %46

46:                                               ; preds = %44, %38
  %47 = phi <4 x float> [ %45, %44 ], [ zeroinitializer, %38 ]
  %48 = extractelement <4 x float> %47, i64 0
  %49 = extractelement <4 x float> %47, i64 1
  %50 = extractelement <4 x float> %47, i64 2
  %51 = extractelement <4 x float> %47, i64 3
  %52 = getelementptr float, ptr addrspace(1) %2, i64 %13
  %53 = fadd float %29, %48
  %54 = fadd float %30, %49
  %55 = fadd float %31, %50
  %56 = fadd float %32, %51
  br i1 %11, label %57, label %68

57:                                               ; preds = %46
  %58 = fadd float %21, %40
  %59 = insertelement <4 x float> poison, float %58, i64 0
  %60 = fadd float %22, %41
  %61 = insertelement <4 x float> %59, float %60, i64 1
  %62 = fadd float %23, %42
  %63 = insertelement <4 x float> %61, float %62, i64 2
  %64 = fadd float %24, %43
  %65 = insertelement <4 x float> %63, float %64, i64 3
  %66 = sext i32 %9 to i64
  %67 = getelementptr float, ptr addrspace(1) %2, i64 %66
  store <4 x float> %65, ptr addrspace(1) %67, align 16
  br label %68

68:                                               ; preds = %57, %46
  br i1 %12, label %69, label %74

69:                                               ; preds = %68
  %70 = insertelement <4 x float> poison, float %53, i64 0
  %71 = insertelement <4 x float> %70, float %54, i64 1
  %72 = insertelement <4 x float> %71, float %55, i64 2
  %73 = insertelement <4 x float> %72, float %56, i64 3
  store <4 x float> %73, ptr addrspace(1) %52, align 16
  br label %74

74:                                               ; preds = %69, %68
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1

attributes #0 = { mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: readwrite) "nvvm.reqntid"="128,1,1" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!llvm.module.flags = !{!0}

!0 = !{i32 2, !"Debug Info Version", i32 3}
