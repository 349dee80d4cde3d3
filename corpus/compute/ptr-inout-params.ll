;
; Input signature:
;
; Name                 Index   Mask Register SysValue  Format   Used
; -------------------- ----- ------ -------- -------- ------- ------
; no parameters
;
; Output signature:
;
; Name                 Index   Mask Register SysValue  Format   Used
; -------------------- ----- ------ -------- -------- ------- ------
; no parameters
; shader hash: d8d40927f8c0137b9080e4880658f8f5
;
; Pipeline Runtime Information: 
;
;PSVRuntimeInfo:
; Compute Shader
; NumThreads=(16,1,1)
; NumBytesGroupSharedMemory: 320
; MinimumExpectedWaveLaneCount: 0
; MaximumExpectedWaveLaneCount: 4294967295
; UsesViewID: false
; SigInputElements: 0
; SigOutputElements: 0
; SigPatchConstOrPrimElements: 0
; SigInputVectors: 0
; SigOutputVectors[0]: 0
; SigOutputVectors[1]: 0
; SigOutputVectors[2]: 0
; SigOutputVectors[3]: 0
; EntryFunctionName: main
;
;
; Buffer Definitions:
;
; Resource bind info for src
; {
;
;   uint $Element;                                    ; Offset:    0 Size:     4
;
; }
;
; Resource bind info for dst
; {
;
;   uint $Element;                                    ; Offset:    0 Size:     4
;
; }
;
;
; Resource Bindings:
;
; Name                                 Type  Format         Dim      ID      HLSL Bind  Count
; ------------------------------ ---------- ------- ----------- ------- -------------- ------
; src                               texture  struct         r/o      T0             t0     1
; dst                                   UAV  struct         r/w      U0             u0     1
;
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { i8* }
%dx.types.ResRet.i32 = type { i32, i32, i32, i32, i32 }
%"class.StructuredBuffer<unsigned int>" = type { i32 }
%"class.RWStructuredBuffer<unsigned int>" = type { i32 }

@"\01?gs@@3PAUS@@A.0" = addrspace(3) global [16 x i32] undef, align 4
@"\01?gs@@3PAUS@@A.1.1dim" = addrspace(3) global [64 x i32] undef, align 4

define void @main() {
  %1 = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 0, i32 0, i1 false)  ; CreateHandle(resourceClass,rangeId,index,nonUniformIndex)
  %2 = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 0, i32 0, i32 0, i1 false)  ; CreateHandle(resourceClass,rangeId,index,nonUniformIndex)
  %3 = call i32 @dx.op.flattenedThreadIdInGroup.i32(i32 96)  ; FlattenedThreadIdInGroup()
  %4 = alloca [4 x i32], align 4
  %5 = alloca [4 x i32], align 4
  %6 = alloca [4 x i32], align 4
  %7 = alloca [4 x i32], align 4
  %8 = alloca [2 x i32], align 4
  %9 = alloca [8 x i32], align 4
  %10 = getelementptr inbounds [4 x i32], [4 x i32]* %4, i32 0, i32 0
  store i32 0, i32* %10, align 4
  %11 = getelementptr inbounds [4 x i32], [4 x i32]* %4, i32 0, i32 1
  store i32 0, i32* %11, align 4
  %12 = getelementptr inbounds [4 x i32], [4 x i32]* %4, i32 0, i32 2
  store i32 0, i32* %12, align 4
  %13 = getelementptr inbounds [4 x i32], [4 x i32]* %4, i32 0, i32 3
  store i32 0, i32* %13, align 4
  %14 = add i32 %3, 16
  %15 = call %dx.types.ResRet.i32 @dx.op.bufferLoad.i32(i32 68, %dx.types.Handle %2, i32 %14, i32 0)  ; BufferLoad(srv,index,wot)
  %16 = extractvalue %dx.types.ResRet.i32 %15, 0
  %17 = getelementptr inbounds [4 x i32], [4 x i32]* %6, i32 0, i32 0
  store i32 %16, i32* %17, align 4, !tbaa !13, !alias.scope !17
  %18 = add i32 %16, 1
  %19 = getelementptr inbounds [4 x i32], [4 x i32]* %6, i32 0, i32 1
  store i32 %18, i32* %19, align 4, !tbaa !13, !alias.scope !17
  %20 = add i32 %16, 2
  %21 = getelementptr inbounds [4 x i32], [4 x i32]* %6, i32 0, i32 2
  store i32 %20, i32* %21, align 4, !tbaa !13, !alias.scope !17
  %22 = add i32 %16, 3
  %23 = getelementptr inbounds [4 x i32], [4 x i32]* %6, i32 0, i32 3
  store i32 %22, i32* %23, align 4, !tbaa !13, !alias.scope !17
  %24 = call %dx.types.ResRet.i32 @dx.op.bufferLoad.i32(i32 68, %dx.types.Handle %2, i32 %3, i32 0)  ; BufferLoad(srv,index,wot)
  %25 = extractvalue %dx.types.ResRet.i32 %24, 0
  %26 = and i32 %3, 1
  %27 = icmp eq i32 %26, 0
  %28 = and i32 %3, 3
  br i1 %27, label %33, label %29

; <label>:29                                      ; preds = %0
  %30 = getelementptr inbounds [4 x i32], [4 x i32]* %4, i32 0, i32 %28
  %31 = load i32, i32* %30, align 4, !tbaa !13, !alias.scope !20, !noalias !23
  %32 = add i32 %31, %3
  store i32 %32, i32* %30, align 4, !tbaa !13, !alias.scope !20, !noalias !23
  br label %38

; <label>:33                                      ; preds = %0
  %34 = shl i32 %3, 1
  %35 = getelementptr inbounds [4 x i32], [4 x i32]* %6, i32 0, i32 %28
  %36 = load i32, i32* %35, align 4, !tbaa !13, !alias.scope !23, !noalias !20
  %37 = add i32 %36, %34
  store i32 %37, i32* %35, align 4, !tbaa !13, !alias.scope !23, !noalias !20
  br label %38

; <label>:38                                      ; preds = %33, %29
  %39 = add i32 %3, 5
  %40 = and i32 %3, 2
  %41 = icmp eq i32 %40, 0
  %42 = and i32 %39, 3
  br i1 %41, label %47, label %43

; <label>:43                                      ; preds = %38
  %44 = getelementptr inbounds [4 x i32], [4 x i32]* %4, i32 0, i32 %42
  %45 = load i32, i32* %44, align 4, !tbaa !13, !alias.scope !25, !noalias !28
  %46 = add i32 %45, %39
  store i32 %46, i32* %44, align 4, !tbaa !13, !alias.scope !25, !noalias !28
  br label %52

; <label>:47                                      ; preds = %38
  %48 = shl i32 %39, 1
  %49 = getelementptr inbounds [4 x i32], [4 x i32]* %6, i32 0, i32 %42
  %50 = load i32, i32* %49, align 4, !tbaa !13, !alias.scope !28, !noalias !25
  %51 = add i32 %50, %48
  store i32 %51, i32* %49, align 4, !tbaa !13, !alias.scope !28, !noalias !25
  br label %52

; <label>:52                                      ; preds = %47, %43
  %53 = getelementptr [16 x i32], [16 x i32] addrspace(3)* @"\01?gs@@3PAUS@@A.0", i32 0, i32 %3
  store i32 %25, i32 addrspace(3)* %53, align 4
  %54 = mul i32 %3, 4
  %55 = add i32 0, %54
  %56 = getelementptr [64 x i32], [64 x i32] addrspace(3)* @"\01?gs@@3PAUS@@A.1.1dim", i32 0, i32 %55
  %57 = load i32, i32* %10, align 4
  store i32 %57, i32 addrspace(3)* %56, align 4
  %58 = mul i32 %3, 4
  %59 = add i32 1, %58
  %60 = getelementptr [64 x i32], [64 x i32] addrspace(3)* @"\01?gs@@3PAUS@@A.1.1dim", i32 0, i32 %59
  %61 = load i32, i32* %11, align 4
  store i32 %61, i32 addrspace(3)* %60, align 4
  %62 = mul i32 %3, 4
  %63 = add i32 2, %62
  %64 = getelementptr [64 x i32], [64 x i32] addrspace(3)* @"\01?gs@@3PAUS@@A.1.1dim", i32 0, i32 %63
  %65 = load i32, i32* %12, align 4
  store i32 %65, i32 addrspace(3)* %64, align 4
  %66 = mul i32 %3, 4
  %67 = add i32 3, %66
  %68 = getelementptr [64 x i32], [64 x i32] addrspace(3)* @"\01?gs@@3PAUS@@A.1.1dim", i32 0, i32 %67
  %69 = load i32, i32* %13, align 4
  store i32 %69, i32 addrspace(3)* %68, align 4
  %70 = load i32, i32* %17, align 4
  %71 = load i32, i32* %19, align 4
  %72 = load i32, i32* %21, align 4
  %73 = load i32, i32* %23, align 4
  %74 = getelementptr inbounds [4 x i32], [4 x i32]* %5, i32 0, i32 0
  store i32 %57, i32* %74, align 4
  %75 = getelementptr inbounds [4 x i32], [4 x i32]* %5, i32 0, i32 1
  store i32 %61, i32* %75, align 4
  %76 = getelementptr inbounds [4 x i32], [4 x i32]* %5, i32 0, i32 2
  store i32 %65, i32* %76, align 4
  %77 = getelementptr inbounds [4 x i32], [4 x i32]* %5, i32 0, i32 3
  store i32 %69, i32* %77, align 4
  %78 = getelementptr inbounds [4 x i32], [4 x i32]* %7, i32 0, i32 0
  store i32 %70, i32* %78, align 4
  %79 = getelementptr inbounds [4 x i32], [4 x i32]* %7, i32 0, i32 1
  store i32 %71, i32* %79, align 4
  %80 = getelementptr inbounds [4 x i32], [4 x i32]* %7, i32 0, i32 2
  store i32 %72, i32* %80, align 4
  %81 = getelementptr inbounds [4 x i32], [4 x i32]* %7, i32 0, i32 3
  store i32 %73, i32* %81, align 4
  %82 = add i32 %3, 7
  %83 = and i32 %3, 4
  %84 = icmp eq i32 %83, 0
  %85 = and i32 %82, 3
  br i1 %84, label %92, label %86

; <label>:86                                      ; preds = %52
  %87 = getelementptr inbounds [4 x i32], [4 x i32]* %5, i32 0, i32 %85
  %88 = load i32, i32* %87, align 4, !tbaa !13, !alias.scope !30, !noalias !33
  %89 = add i32 %88, %82
  store i32 %89, i32* %87, align 4, !tbaa !13, !alias.scope !30, !noalias !33
  %90 = load i32, i32* %74, align 4
  %91 = load i32, i32* %76, align 4
  br label %99

; <label>:92                                      ; preds = %52
  %93 = shl i32 %82, 1
  %94 = getelementptr inbounds [4 x i32], [4 x i32]* %7, i32 0, i32 %85
  %95 = load i32, i32* %94, align 4, !tbaa !13, !alias.scope !33, !noalias !30
  %96 = add i32 %95, %93
  store i32 %96, i32* %94, align 4, !tbaa !13, !alias.scope !33, !noalias !30
  %97 = load i32, i32* %79, align 4
  %98 = load i32, i32* %81, align 4
  br label %99

; <label>:99                                      ; preds = %92, %86
  %100 = phi i32 [ %73, %86 ], [ %98, %92 ]
  %101 = phi i32 [ %71, %86 ], [ %97, %92 ]
  %102 = phi i32 [ %91, %86 ], [ %65, %92 ]
  %103 = phi i32 [ %90, %86 ], [ %57, %92 ]
  %104 = and i32 %3, 8
  %105 = icmp eq i32 %104, 0
  %106 = add i32 %3, 1
  br i1 %105, label %116, label %107

; <label>:107                                     ; preds = %99
  %108 = getelementptr inbounds [4 x i32], [4 x i32]* %4, i32 0, i32 %28
  %109 = load i32, i32* %108, align 4, !tbaa !13, !alias.scope !35
  %110 = mul i32 %109, 3
  %111 = add i32 %110, %3
  store i32 %111, i32* %108, align 4, !tbaa !13, !alias.scope !35
  %112 = load i32, i32* %10, align 4
  %113 = load i32, i32* %11, align 4
  %114 = load i32, i32* %12, align 4
  %115 = load i32, i32* %13, align 4
  br label %126

; <label>:116                                     ; preds = %99
  %117 = and i32 %106, 3
  %118 = getelementptr inbounds [4 x i32], [4 x i32]* %6, i32 0, i32 %117
  %119 = load i32, i32* %118, align 4, !tbaa !13, !alias.scope !38
  %120 = mul i32 %119, 3
  %121 = add i32 %120, %3
  store i32 %121, i32* %118, align 4, !tbaa !13, !alias.scope !38
  %122 = load i32, i32* %17, align 4
  %123 = load i32, i32* %19, align 4
  %124 = load i32, i32* %21, align 4
  %125 = load i32, i32* %23, align 4
  br label %126

; <label>:126                                     ; preds = %116, %107
  %127 = phi i32 [ %125, %116 ], [ %73, %107 ]
  %128 = phi i32 [ %124, %116 ], [ %72, %107 ]
  %129 = phi i32 [ %123, %116 ], [ %71, %107 ]
  %130 = phi i32 [ %122, %116 ], [ %70, %107 ]
  %131 = phi i32 [ %69, %116 ], [ %115, %107 ]
  %132 = phi i32 [ %65, %116 ], [ %114, %107 ]
  %133 = phi i32 [ %61, %116 ], [ %113, %107 ]
  %134 = phi i32 [ %57, %116 ], [ %112, %107 ]
  %135 = add i32 %3, 2
  %136 = and i32 %135, 3
  %137 = mul i32 %3, 4
  %138 = add i32 %136, %137
  %139 = getelementptr [64 x i32], [64 x i32] addrspace(3)* @"\01?gs@@3PAUS@@A.1.1dim", i32 0, i32 %138
  %140 = load i32, i32 addrspace(3)* %139, align 4, !tbaa !13
  %141 = mul i32 %140, 3
  %142 = add i32 %141, 1
  store i32 %142, i32 addrspace(3)* %139, align 4, !tbaa !13
  call void @dx.op.barrier(i32 80, i32 9)  ; Barrier(barrierMode)
  %143 = getelementptr [2 x i32], [2 x i32]* %8, i32 0, i32 0
  store i32 %25, i32* %143, align 4
  %144 = getelementptr [8 x i32], [8 x i32]* %9, i32 0, i32 0
  store i32 %134, i32* %144, align 4
  %145 = getelementptr [8 x i32], [8 x i32]* %9, i32 0, i32 1
  store i32 %133, i32* %145, align 4
  %146 = getelementptr [8 x i32], [8 x i32]* %9, i32 0, i32 2
  store i32 %132, i32* %146, align 4
  %147 = getelementptr [8 x i32], [8 x i32]* %9, i32 0, i32 3
  store i32 %131, i32* %147, align 4
  %148 = getelementptr [2 x i32], [2 x i32]* %8, i32 0, i32 1
  store i32 %16, i32* %148, align 4
  %149 = getelementptr [8 x i32], [8 x i32]* %9, i32 0, i32 4
  store i32 %130, i32* %149, align 4
  %150 = getelementptr [8 x i32], [8 x i32]* %9, i32 0, i32 5
  store i32 %129, i32* %150, align 4
  %151 = getelementptr [8 x i32], [8 x i32]* %9, i32 0, i32 6
  store i32 %128, i32* %151, align 4
  %152 = getelementptr [8 x i32], [8 x i32]* %9, i32 0, i32 7
  store i32 %127, i32* %152, align 4
  %153 = load i32, i32 addrspace(3)* %53, align 4
  %154 = load i32, i32 addrspace(3)* %56, align 4
  %155 = load i32, i32 addrspace(3)* %64, align 4
  %156 = and i32 %106, 15
  %157 = getelementptr [16 x i32], [16 x i32] addrspace(3)* @"\01?gs@@3PAUS@@A.0", i32 0, i32 %156
  %158 = load i32, i32 addrspace(3)* %157, align 4
  %159 = mul i32 %156, 4
  %160 = add i32 1, %159
  %161 = getelementptr [64 x i32], [64 x i32] addrspace(3)* @"\01?gs@@3PAUS@@A.1.1dim", i32 0, i32 %160
  %162 = load i32, i32 addrspace(3)* %161, align 4
  %163 = mul i32 %156, 4
  %164 = add i32 3, %163
  %165 = getelementptr [64 x i32], [64 x i32] addrspace(3)* @"\01?gs@@3PAUS@@A.1.1dim", i32 0, i32 %164
  %166 = load i32, i32 addrspace(3)* %165, align 4
  %167 = call %dx.types.ResRet.i32 @dx.op.bufferLoad.i32(i32 68, %dx.types.Handle %2, i32 %3, i32 0)  ; BufferLoad(srv,index,wot)
  %168 = extractvalue %dx.types.ResRet.i32 %167, 0
  %169 = and i32 %168, 7
  %170 = icmp eq i32 %169, 0
  br i1 %170, label %189, label %171

; <label>:171                                     ; preds = %126
  %172 = and i32 %168, 7
  br label %173

; <label>:173                                     ; preds = %173, %171
  %174 = phi i32 [ %185, %173 ], [ 0, %171 ]
  %175 = phi i32 [ %186, %173 ], [ 0, %171 ]
  %176 = and i32 %175, 3
  %177 = and i32 %175, 1
  %178 = mul i32 %177, 4
  %179 = add i32 %176, %178
  %180 = getelementptr [8 x i32], [8 x i32]* %9, i32 0, i32 %179
  %181 = load i32, i32* %180, align 4, !tbaa !13
  %182 = getelementptr inbounds [2 x i32], [2 x i32]* %8, i32 0, i32 %177
  %183 = load i32, i32* %182, align 4, !tbaa !13
  %184 = add i32 %181, %174
  %185 = add i32 %184, %183
  %186 = add nuw nsw i32 %175, 1
  %187 = icmp eq i32 %186, %172
  br i1 %187, label %188, label %173

; <label>:188                                     ; preds = %173
  br label %189

; <label>:189                                     ; preds = %188, %126
  %190 = phi i32 [ 0, %126 ], [ %185, %188 ]
  %191 = add i32 %103, %16
  %192 = add i32 %191, %154
  %193 = add i32 %192, %162
  %194 = shl i32 %193, 1
  %195 = add i32 %153, %25
  %196 = add i32 %195, %158
  %197 = mul i32 %196, 3
  %198 = add i32 %101, %100
  %199 = add i32 %198, %102
  %200 = add i32 %199, %155
  %201 = add i32 %200, %166
  %202 = add i32 %201, %190
  %203 = add i32 %202, %194
  %204 = add i32 %203, %197
  call void @dx.op.bufferStore.i32(i32 69, %dx.types.Handle %1, i32 %3, i32 0, i32 %204, i32 undef, i32 undef, i32 undef, i8 1)  ; BufferStore(uav,coord0,coord1,value0,value1,value2,value3,mask)
  ret void
}

; Function Attrs: nounwind readnone
declare i32 @dx.op.flattenedThreadIdInGroup.i32(i32) #0

; Function Attrs: noduplicate nounwind
declare void @dx.op.barrier(i32, i32) #1

; Function Attrs: nounwind readonly
declare %dx.types.Handle @dx.op.createHandle(i32, i8, i32, i32, i1) #2

; Function Attrs: nounwind
declare void @dx.op.bufferStore.i32(i32, %dx.types.Handle, i32, i32, i32, i32, i32, i32, i8) #3

; Function Attrs: nounwind readonly
declare %dx.types.ResRet.i32 @dx.op.bufferLoad.i32(i32, %dx.types.Handle, i32, i32) #2

attributes #0 = { nounwind readnone }
attributes #1 = { noduplicate nounwind }
attributes #2 = { nounwind readonly }
attributes #3 = { nounwind }

!llvm.ident = !{!0}
!dx.version = !{!1}
!dx.valver = !{!2}
!dx.shaderModel = !{!3}
!dx.resources = !{!4}
!dx.entryPoints = !{!10}

!0 = !{!"dxc(private) 1.9.0.15466 (main, 9a3e225d)"}
!1 = !{i32 1, i32 0}
!2 = !{i32 1, i32 10}
!3 = !{!"cs", i32 6, i32 0}
!4 = !{!5, !8, null, null}
!5 = !{!6}
!6 = !{i32 0, %"class.StructuredBuffer<unsigned int>"* undef, !"", i32 0, i32 0, i32 1, i32 12, i32 0, !7}
!7 = !{i32 1, i32 4}
!8 = !{!9}
!9 = !{i32 0, %"class.RWStructuredBuffer<unsigned int>"* undef, !"", i32 0, i32 0, i32 1, i32 12, i1 false, i1 false, i1 false, !7}
!10 = !{void ()* @main, !"main", null, !4, !11}
!11 = !{i32 0, i64 16, i32 4, !12}
!12 = !{i32 16, i32 1, i32 1}
!13 = !{!14, !14, i64 0}
!14 = !{!"int", !15, i64 0}
!15 = !{!"omnipotent char", !16, i64 0}
!16 = !{!"Simple C/C++ TBAA"}
!17 = !{!18}
!18 = distinct !{!18, !19, !"\01?fill@@YAXUS@@I@Z: %s"}
!19 = distinct !{!19, !"\01?fill@@YAXUS@@I@Z"}
!20 = !{!21}
!21 = distinct !{!21, !22, !"\01?pick@@YAXUS@@0_NI@Z: %a"}
!22 = distinct !{!22, !"\01?pick@@YAXUS@@0_NI@Z"}
!23 = !{!24}
!24 = distinct !{!24, !22, !"\01?pick@@YAXUS@@0_NI@Z: %b"}
!25 = !{!26}
!26 = distinct !{!26, !27, !"\01?pick@@YAXUS@@0_NI@Z: %a"}
!27 = distinct !{!27, !"\01?pick@@YAXUS@@0_NI@Z"}
!28 = !{!29}
!29 = distinct !{!29, !27, !"\01?pick@@YAXUS@@0_NI@Z: %b"}
!30 = !{!31}
!31 = distinct !{!31, !32, !"\01?pick@@YAXUS@@0_NI@Z: %a"}
!32 = distinct !{!32, !"\01?pick@@YAXUS@@0_NI@Z"}
!33 = !{!34}
!34 = distinct !{!34, !32, !"\01?pick@@YAXUS@@0_NI@Z: %b"}
!35 = !{!36}
!36 = distinct !{!36, !37, !"\01?bump@@YAXAIAII@Z: %x"}
!37 = distinct !{!37, !"\01?bump@@YAXAIAII@Z"}
!38 = !{!39}
!39 = distinct !{!39, !40, !"\01?bump@@YAXAIAII@Z: %x"}
!40 = distinct !{!40, !"\01?bump@@YAXAIAII@Z"}

