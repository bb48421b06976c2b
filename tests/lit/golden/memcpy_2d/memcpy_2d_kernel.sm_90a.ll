; ModuleID = 'gluon'
source_filename = "gluon"
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: readwrite)
define ptx_kernel void @memcpy_2d_kernel(ptr addrspace(1) readonly captures(none) %0, ptr addrspace(1) writeonly captures(none) %1, i32 %2, i32 %3, i32 %4, i32 %5) local_unnamed_addr #0 {
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
  %41 = mul i32 %4, %13
  %42 = mul i32 %4, %14
  %43 = mul i32 %4, %15
  %44 = mul i32 %4, %16
  %45 = mul i32 %4, %17
  %46 = mul i32 %4, %18
  %47 = mul i32 %4, %19
  %48 = add i32 %41, %23
  %49 = add i32 %42, %23
  %50 = add i32 %43, %23
  %51 = add i32 %44, %23
  %52 = add i32 %45, %23
  %53 = add i32 %46, %23
  %54 = add i32 %47, %23
  %55 = mul i32 %5, %12
  %56 = mul i32 %5, %13
  %57 = mul i32 %5, %14
  %58 = mul i32 %5, %15
  %59 = mul i32 %5, %16
  %60 = mul i32 %5, %17
  %61 = mul i32 %5, %18
  %62 = mul i32 %5, %19
  %63 = add i32 %55, %23
  %64 = add i32 %56, %23
  %65 = add i32 %57, %23
  %66 = add i32 %58, %23
  %67 = add i32 %59, %23
  %68 = add i32 %60, %23
  %69 = add i32 %61, %23
  %70 = add i32 %62, %23
  %71 = sext i32 %48 to i64
  %72 = getelementptr float, ptr addrspace(1) %0, i64 %71
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
  br i1 %33, label %85, label %91

85:                                               ; preds = %6
  %86 = mul i32 %4, %12
  %87 = add i32 %86, %23
  %88 = sext i32 %87 to i64
  %89 = getelementptr float, ptr addrspace(1) %0, i64 %88
  %90 = load <4 x float>, ptr addrspace(1) %89, align 16
  br label %91

91:                                               ; preds = %85, %6
  %92 = phi <4 x float> [ %90, %85 ], [ zeroinitializer, %6 ]
  br i1 %34, label %93, label %95

93:                                               ; preds = %91
  %94 = load <4 x float>, ptr addrspace(1) %72, align 16
  br label %95

95:                                               ; preds = %93, %91
  %96 = phi <4 x float> [ %94, %93 ], [ zeroinitializer, %91 ]
  br i1 %35, label %97, label %99

97:                                               ; preds = %95
  %98 = load <4 x float>, ptr addrspace(1) %74, align 16
  br label %99

99:                                               ; preds = %97, %95
  %100 = phi <4 x float> [ %98, %97 ], [ zeroinitializer, %95 ]
  br i1 %36, label %101, label %103

101:                                              ; preds = %99
  %102 = load <4 x float>, ptr addrspace(1) %76, align 16
  br label %103

103:                                              ; preds = %101, %99
  %104 = phi <4 x float> [ %102, %101 ], [ zeroinitializer, %99 ]
  br i1 %37, label %105, label %107

105:                                              ; preds = %103
  %106 = load <4 x float>, ptr addrspace(1) %78, align 16
  br label %107

107:                                              ; preds = %105, %103
  %108 = phi <4 x float> [ %106, %105 ], [ zeroinitializer, %103 ]
  br i1 %38, label %109, label %111

109:                                              ; preds = %107
  %110 = load <4 x float>, ptr addrspace(1) %80, align 16
  br label %111

111:                                              ; preds = %109, %107
  %112 = phi <4 x float> [ %110, %109 ], [ zeroinitializer, %107 ]
  br i1 %39, label %113, label %115

113:                                              ; preds = %111
  %114 = load <4 x float>, ptr addrspace(1) %82, align 16
  br label %115

115:                                              ; preds = %113, %111
  %116 = phi <4 x float> [ %114, %113 ], [ zeroinitializer, %111 ]
  br i1 %40, label %117, label %119

117:                                              ; preds = %115
  %118 = load <4 x float>, ptr addrspace(1) %84, align 16
  br label %119

119:                                              ; preds = %117, %115
  %120 = phi <4 x float> [ %118, %117 ], [ zeroinitializer, %115 ]
  %121 = sext i32 %64 to i64
  %122 = getelementptr float, ptr addrspace(1) %1, i64 %121
  %123 = sext i32 %65 to i64
  %124 = getelementptr float, ptr addrspace(1) %1, i64 %123
  %125 = sext i32 %66 to i64
  %126 = getelementptr float, ptr addrspace(1) %1, i64 %125
  %127 = sext i32 %67 to i64
  %128 = getelementptr float, ptr addrspace(1) %1, i64 %127
  %129 = sext i32 %68 to i64
  %130 = getelementptr float, ptr addrspace(1) %1, i64 %129
  %131 = sext i32 %69 to i64
  %132 = getelementptr float, ptr addrspace(1) %1, i64 %131
  %133 = sext i32 %70 to i64
  %134 = getelementptr float, ptr addrspace(1) %1, i64 %133
  br i1 %33, label %135, label %138

135:                                              ; preds = %119
  %136 = sext i32 %63 to i64
  %137 = getelementptr float, ptr addrspace(1) %1, i64 %136
  store <4 x float> %92, ptr addrspace(1) %137, align 16
  br label %138

138:                                              ; preds = %135, %119
  br i1 %34, label %139, label %140

139:                                              ; preds = %138
  store <4 x float> %96, ptr addrspace(1) %122, align 16
  br label %140

140:                                              ; preds = %139, %138
  br i1 %35, label %141, label %142

141:                                              ; preds = %140
  store <4 x float> %100, ptr addrspace(1) %124, align 16
  br label %142

142:                                              ; preds = %141, %140
  br i1 %36, label %143, label %144

143:                                              ; preds = %142
  store <4 x float> %104, ptr addrspace(1) %126, align 16
  br label %144

144:                                              ; preds = %143, %142
  br i1 %37, label %145, label %146

145:                                              ; preds = %144
  store <4 x float> %108, ptr addrspace(1) %128, align 16
  br label %146

146:                                              ; preds = %145, %144
  br i1 %38, label %147, label %148

147:                                              ; preds = %146
  store <4 x float> %112, ptr addrspace(1) %130, align 16
  br label %148

148:                                              ; preds = %147, %146
  br i1 %39, label %149, label %150

149:                                              ; preds = %148
  store <4 x float> %116, ptr addrspace(1) %132, align 16
  br label %150

150:                                              ; preds = %149, %148
  br i1 %40, label %151, label %152

151:                                              ; preds = %150
  store <4 x float> %120, ptr addrspace(1) %134, align 16
  br label %152

152:                                              ; preds = %151, %150
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 65535) i32 @llvm.nvvm.read.ptx.sreg.ctaid.y() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1

attributes #0 = { mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: readwrite) "nvvm.reqntid"="128,1,1" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!llvm.module.flags = !{!0}

!0 = !{i32 2, !"Debug Info Version", i32 3}
