; ModuleID = 'gluon'
source_filename = "gluon"
target datalayout = "e-p3:32:32-p4:32:32-p5:32:32-p6:32:32-p7:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Function Attrs: nounwind
define ptx_kernel void @memcpy_2d_kernel(ptr addrspace(1) %0, ptr addrspace(1) %1, i32 %2, i32 %3, i32 %4, i32 %5) local_unnamed_addr #0 {
  %7 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %8 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  %9 = shl i32 %7, 5
  %10 = tail call range(i32 0, 128) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %11 = lshr i32 %10, 5
  %12 = or disjoint i32 %9, %11
  %13 = or disjoint i32 %12, 4
  %14 = or disjoint i32 %12, 8
  %15 = or disjoint i32 %12, 12
  %16 = or disjoint i32 %12, 16
  %17 = or disjoint i32 %12, 20
  %18 = or disjoint i32 %12, 24
  %19 = or disjoint i32 %12, 28
  %20 = shl nuw nsw i32 %8, 7
  %21 = shl nuw nsw i32 %10, 2
  %22 = and i32 %21, 124
  %23 = or disjoint i32 %22, %20
  %24 = icmp slt i32 %12, %2
  %25 = icmp slt i32 %13, %2
  %26 = icmp slt i32 %14, %2
  %27 = icmp slt i32 %15, %2
  %28 = icmp slt i32 %16, %2
  %29 = icmp slt i32 %17, %2
  %30 = icmp slt i32 %18, %2
  %31 = icmp slt i32 %19, %2
  %32 = icmp slt i32 %23, %3
  %33 = and i1 %24, %32
  %34 = and i1 %25, %32
  %35 = and i1 %26, %32
  %36 = and i1 %27, %32
  %37 = and i1 %28, %32
  %38 = and i1 %29, %32
  %39 = and i1 %30, %32
  %40 = and i1 %31, %32
  %41 = mul i32 %4, %12
  %42 = mul i32 %4, %13
  %43 = mul i32 %4, %14
  %44 = mul i32 %4, %15
  %45 = mul i32 %4, %16
  %46 = mul i32 %4, %17
  %47 = mul i32 %4, %18
  %48 = mul i32 %4, %19
  %49 = add i32 %41, %23
  %50 = add i32 %42, %23
  %51 = add i32 %43, %23
  %52 = add i32 %44, %23
  %53 = add i32 %45, %23
  %54 = add i32 %46, %23
  %55 = add i32 %47, %23
  %56 = add i32 %48, %23
  %57 = mul i32 %5, %12
  %58 = mul i32 %5, %13
  %59 = mul i32 %5, %14
  %60 = mul i32 %5, %15
  %61 = mul i32 %5, %16
  %62 = mul i32 %5, %17
  %63 = mul i32 %5, %18
  %64 = mul i32 %5, %19
  %65 = add i32 %57, %23
  %66 = add i32 %58, %23
  %67 = add i32 %59, %23
  %68 = add i32 %60, %23
  %69 = add i32 %61, %23
  %70 = add i32 %62, %23
  %71 = add i32 %63, %23
  %72 = add i32 %64, %23
  %73 = sext i32 %49 to i64
  %74 = getelementptr float, ptr addrspace(1) %0, i64 %73
  %75 = sext i32 %50 to i64
  %76 = getelementptr float, ptr addrspace(1) %0, i64 %75
  %77 = sext i32 %51 to i64
  %78 = getelementptr float, ptr addrspace(1) %0, i64 %77
  %79 = sext i32 %52 to i64
  %80 = getelementptr float, ptr addrspace(1) %0, i64 %79
  %81 = sext i32 %53 to i64
  %82 = getelementptr float, ptr addrspace(1) %0, i64 %81
  %83 = sext i32 %54 to i64
  %84 = getelementptr float, ptr addrspace(1) %0, i64 %83
  %85 = sext i32 %55 to i64
  %86 = getelementptr float, ptr addrspace(1) %0, i64 %85
  %87 = sext i32 %56 to i64
  %88 = getelementptr float, ptr addrspace(1) %0, i64 %87
  %89 = tail call { i32, i32, i32, i32 } asm sideeffect "mov.b32 $0, $6;\0A\09mov.b32 $1, $7;\0A\09mov.b32 $2, $8;\0A\09mov.b32 $3, $9;\0A\09@$5 ld.global.v4.b32 { $0, $1, $2, $3 }, [ $4 + 0 ];", "=r,=r,=r,=r,l,b,r,r,r,r"(ptr addrspace(1) %74, i1 %33, i32 0, i32 0, i32 0, i32 0) #2
  %90 = extractvalue { i32, i32, i32, i32 } %89, 0
  %91 = extractvalue { i32, i32, i32, i32 } %89, 1
  %92 = extractvalue { i32, i32, i32, i32 } %89, 2
  %93 = extractvalue { i32, i32, i32, i32 } %89, 3
  %94 = tail call { i32, i32, i32, i32 } asm sideeffect "mov.b32 $0, $6;\0A\09mov.b32 $1, $7;\0A\09mov.b32 $2, $8;\0A\09mov.b32 $3, $9;\0A\09@$5 ld.global.v4.b32 { $0, $1, $2, $3 }, [ $4 + 0 ];", "=r,=r,=r,=r,l,b,r,r,r,r"(ptr addrspace(1) %76, i1 %34, i32 0, i32 0, i32 0, i32 0) #2
  %95 = extractvalue { i32, i32, i32, i32 } %94, 0
  %96 = extractvalue { i32, i32, i32, i32 } %94, 1
  %97 = extractvalue { i32, i32, i32, i32 } %94, 2
  %98 = extractvalue { i32, i32, i32, i32 } %94, 3
  %99 = tail call { i32, i32, i32, i32 } asm sideeffect "mov.b32 $0, $6;\0A\09mov.b32 $1, $7;\0A\09mov.b32 $2, $8;\0A\09mov.b32 $3, $9;\0A\09@$5 ld.global.v4.b32 { $0, $1, $2, $3 }, [ $4 + 0 ];", "=r,=r,=r,=r,l,b,r,r,r,r"(ptr addrspace(1) %78, i1 %35, i32 0, i32 0, i32 0, i32 0) #2
  %100 = extractvalue { i32, i32, i32, i32 } %99, 0
  %101 = extractvalue { i32, i32, i32, i32 } %99, 1
  %102 = extractvalue { i32, i32, i32, i32 } %99, 2
  %103 = extractvalue { i32, i32, i32, i32 } %99, 3
  %104 = tail call { i32, i32, i32, i32 } asm sideeffect "mov.b32 $0, $6;\0A\09mov.b32 $1, $7;\0A\09mov.b32 $2, $8;\0A\09mov.b32 $3, $9;\0A\09@$5 ld.global.v4.b32 { $0, $1, $2, $3 }, [ $4 + 0 ];", "=r,=r,=r,=r,l,b,r,r,r,r"(ptr addrspace(1) %80, i1 %36, i32 0, i32 0, i32 0, i32 0) #2
  %105 = extractvalue { i32, i32, i32, i32 } %104, 0
  %106 = extractvalue { i32, i32, i32, i32 } %104, 1
  %107 = extractvalue { i32, i32, i32, i32 } %104, 2
  %108 = extractvalue { i32, i32, i32, i32 } %104, 3
  %109 = tail call { i32, i32, i32, i32 } asm sideeffect "mov.b32 $0, $6;\0A\09mov.b32 $1, $7;\0A\09mov.b32 $2, $8;\0A\09mov.b32 $3, $9;\0A\09@$5 ld.global.v4.b32 { $0, $1, $2, $3 }, [ $4 + 0 ];", "=r,=r,=r,=r,l,b,r,r,r,r"(ptr addrspace(1) %82, i1 %37, i32 0, i32 0, i32 0, i32 0) #2
  %110 = extractvalue { i32, i32, i32, i32 } %109, 0
  %111 = extractvalue { i32, i32, i32, i32 } %109, 1
  %112 = extractvalue { i32, i32, i32, i32 } %109, 2
  %113 = extractvalue { i32, i32, i32, i32 } %109, 3
  %114 = tail call { i32, i32, i32, i32 } asm sideeffect "mov.b32 $0, $6;\0A\09mov.b32 $1, $7;\0A\09mov.b32 $2, $8;\0A\09mov.b32 $3, $9;\0A\09@$5 ld.global.v4.b32 { $0, $1, $2, $3 }, [ $4 + 0 ];", "=r,=r,=r,=r,l,b,r,r,r,r"(ptr addrspace(1) %84, i1 %38, i32 0, i32 0, i32 0, i32 0) #2
  %115 = extractvalue { i32, i32, i32, i32 } %114, 0
  %116 = extractvalue { i32, i32, i32, i32 } %114, 1
  %117 = extractvalue { i32, i32, i32, i32 } %114, 2
  %118 = extractvalue { i32, i32, i32, i32 } %114, 3
  %119 = tail call { i32, i32, i32, i32 } asm sideeffect "mov.b32 $0, $6;\0A\09mov.b32 $1, $7;\0A\09mov.b32 $2, $8;\0A\09mov.b32 $3, $9;\0A\09@$5 ld.global.v4.b32 { $0, $1, $2, $3 }, [ $4 + 0 ];", "=r,=r,=r,=r,l,b,r,r,r,r"(ptr addrspace(1) %86, i1 %39, i32 0, i32 0, i32 0, i32 0) #2
  %120 = extractvalue { i32, i32, i32, i32 } %119, 0
  %121 = extractvalue { i32, i32, i32, i32 } %119, 1
  %122 = extractvalue { i32, i32, i32, i32 } %119, 2
  %123 = extractvalue { i32, i32, i32, i32 } %119, 3
  %124 = tail call { i32, i32, i32, i32 } asm sideeffect "mov.b32 $0, $6;\0A\09mov.b32 $1, $7;\0A\09mov.b32 $2, $8;\0A\09mov.b32 $3, $9;\0A\09@$5 ld.global.v4.b32 { $0, $1, $2, $3 }, [ $4 + 0 ];", "=r,=r,=r,=r,l,b,r,r,r,r"(ptr addrspace(1) %88, i1 %40, i32 0, i32 0, i32 0, i32 0) #2
  %125 = extractvalue { i32, i32, i32, i32 } %124, 0
  %126 = extractvalue { i32, i32, i32, i32 } %124, 1
  %127 = extractvalue { i32, i32, i32, i32 } %124, 2
  %128 = extractvalue { i32, i32, i32, i32 } %124, 3
  %129 = sext i32 %65 to i64
  %130 = getelementptr float, ptr addrspace(1) %1, i64 %129
  %131 = sext i32 %66 to i64
  %132 = getelementptr float, ptr addrspace(1) %1, i64 %131
  %133 = sext i32 %67 to i64
  %134 = getelementptr float, ptr addrspace(1) %1, i64 %133
  %135 = sext i32 %68 to i64
  %136 = getelementptr float, ptr addrspace(1) %1, i64 %135
  %137 = sext i32 %69 to i64
  %138 = getelementptr float, ptr addrspace(1) %1, i64 %137
  %139 = sext i32 %70 to i64
  %140 = getelementptr float, ptr addrspace(1) %1, i64 %139
  %141 = sext i32 %71 to i64
  %142 = getelementptr float, ptr addrspace(1) %1, i64 %141
  %143 = sext i32 %72 to i64
  %144 = getelementptr float, ptr addrspace(1) %1, i64 %143
  tail call void asm sideeffect "@$1 st.global.v4.b32 [ $0 + 0 ], { $2, $3, $4, $5 };", "l,b,r,r,r,r"(ptr addrspace(1) %130, i1 %33, i32 %90, i32 %91, i32 %92, i32 %93) #2
  tail call void asm sideeffect "@$1 st.global.v4.b32 [ $0 + 0 ], { $2, $3, $4, $5 };", "l,b,r,r,r,r"(ptr addrspace(1) %132, i1 %34, i32 %95, i32 %96, i32 %97, i32 %98) #2
  tail call void asm sideeffect "@$1 st.global.v4.b32 [ $0 + 0 ], { $2, $3, $4, $5 };", "l,b,r,r,r,r"(ptr addrspace(1) %134, i1 %35, i32 %100, i32 %101, i32 %102, i32 %103) #2
  tail call void asm sideeffect "@$1 st.global.v4.b32 [ $0 + 0 ], { $2, $3, $4, $5 };", "l,b,r,r,r,r"(ptr addrspace(1) %136, i1 %36, i32 %105, i32 %106, i32 %107, i32 %108) #2
  tail call void asm sideeffect "@$1 st.global.v4.b32 [ $0 + 0 ], { $2, $3, $4, $5 };", "l,b,r,r,r,r"(ptr addrspace(1) %138, i1 %37, i32 %110, i32 %111, i32 %112, i32 %113) #2
  tail call void asm sideeffect "@$1 st.global.v4.b32 [ $0 + 0 ], { $2, $3, $4, $5 };", "l,b,r,r,r,r"(ptr addrspace(1) %140, i1 %38, i32 %115, i32 %116, i32 %117, i32 %118) #2
  tail call void asm sideeffect "@$1 st.global.v4.b32 [ $0 + 0 ], { $2, $3, $4, $5 };", "l,b,r,r,r,r"(ptr addrspace(1) %142, i1 %39, i32 %120, i32 %121, i32 %122, i32 %123) #2
  tail call void asm sideeffect "@$1 st.global.v4.b32 [ $0 + 0 ], { $2, $3, $4, $5 };", "l,b,r,r,r,r"(ptr addrspace(1) %144, i1 %40, i32 %125, i32 %126, i32 %127, i32 %128) #2
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 65535) i32 @llvm.nvvm.read.ptx.sreg.ctaid.y() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1

attributes #0 = { nounwind "nvvm.reqntid"="128,1,1" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { nounwind }

!llvm.module.flags = !{!0}

!0 = !{i32 2, !"Debug Info Version", i32 3}
