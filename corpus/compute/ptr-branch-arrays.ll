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
; shader hash: bc11e4ffd46615f1d620a28c003ff3a1
;
; Pipeline Runtime Information: 
;
;PSVRuntimeInfo:
; Compute Shader
; NumThreads=(16,1,1)
; NumBytesGroupSharedMemory: 128
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

@"\01?ga@@3PAIA" = external addrspace(3) global [16 x i32], align 4
@"\01?gb@@3PAIA" = external addrspace(3) global [16 x i32], align 4
@pa = internal unnamed_addr global [8 x i32] zeroinitializer, align 4
@pb = internal unnamed_addr global [8 x i32] zeroinitializer, align 4

define void @main() {
  %1 = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 0, i32 0, i1 false)  ; CreateHandle(resourceClass,rangeId,index,nonUniformIndex)
  %2 = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 0, i32 0, i32 0, i1 false)  ; CreateHandle(resourceClass,rangeId,index,nonUniformIndex)
  %3 = call i32 @dx.op.flattenedThreadIdInGroup.i32(i32 96)  ; FlattenedThreadIdInGroup()
  %4 = alloca [8 x i32], align 4
  %5 = alloca [8 x i32], align 4
  br label %6

; <label>:6                                       ; preds = %6, %0
  %7 = phi i32 [ 0, %0 ], [ %17, %6 ]
  %8 = call %dx.types.ResRet.i32 @dx.op.bufferLoad.i32(i32 68, %dx.types.Handle %2, i32 %7, i32 0)  ; BufferLoad(srv,index,wot)
  %9 = extractvalue %dx.types.ResRet.i32 %8, 0
  %10 = mul i32 %9, %3
  %11 = getelementptr inbounds [8 x i32], [8 x i32]* %4, i32 0, i32 %7
  store i32 %10, i32* %11, align 4, !tbaa !13
  %12 = add i32 %7, %3
  %13 = getelementptr inbounds [8 x i32], [8 x i32]* %5, i32 0, i32 %7
  store i32 %12, i32* %13, align 4, !tbaa !13
  %14 = getelementptr inbounds [8 x i32], [8 x i32]* @pa, i32 0, i32 %7
  store i32 %7, i32* %14, align 4, !tbaa !13
  %15 = shl i32 %7, 1
  %16 = getelementptr inbounds [8 x i32], [8 x i32]* @pb, i32 0, i32 %7
  store i32 %15, i32* %16, align 4, !tbaa !13
  %17 = add nuw nsw i32 %7, 1
  %18 = icmp eq i32 %17, 8
  br i1 %18, label %19, label %6

; <label>:19                                      ; preds = %6
  %20 = getelementptr [16 x i32], [16 x i32] addrspace(3)* @"\01?ga@@3PAIA", i32 0, i32 %3
  store i32 %3, i32 addrspace(3)* %20, align 4, !tbaa !13
  %21 = shl i32 %3, 1
  %22 = getelementptr [16 x i32], [16 x i32] addrspace(3)* @"\01?gb@@3PAIA", i32 0, i32 %3
  store i32 %21, i32 addrspace(3)* %22, align 4, !tbaa !13
  call void @dx.op.barrier(i32 80, i32 9)  ; Barrier(barrierMode)
  %23 = add i32 %3, 8
  %24 = call %dx.types.ResRet.i32 @dx.op.bufferLoad.i32(i32 68, %dx.types.Handle %2, i32 %23, i32 0)  ; BufferLoad(srv,index,wot)
  %25 = extractvalue %dx.types.ResRet.i32 %24, 0
  %26 = and i32 %3, 1
  %27 = icmp eq i32 %26, 0
  %28 = and i32 %3, 7
  br i1 %27, label %31, label %29

; <label>:29                                      ; preds = %19
  %30 = getelementptr inbounds [8 x i32], [8 x i32]* %4, i32 0, i32 %28
  store i32 %25, i32* %30, align 4, !tbaa !13
  br label %33

; <label>:31                                      ; preds = %19
  %32 = getelementptr inbounds [8 x i32], [8 x i32]* %5, i32 0, i32 %28
  store i32 %25, i32* %32, align 4, !tbaa !13
  br label %33

; <label>:33                                      ; preds = %31, %29
  %34 = and i32 %3, 2
  %35 = icmp eq i32 %34, 0
  %36 = add i32 %3, 1
  %37 = and i32 %36, 15
  br i1 %35, label %40, label %38

; <label>:38                                      ; preds = %33
  %39 = getelementptr [16 x i32], [16 x i32] addrspace(3)* @"\01?ga@@3PAIA", i32 0, i32 %37
  store i32 %25, i32 addrspace(3)* %39, align 4, !tbaa !13
  br label %42

; <label>:40                                      ; preds = %33
  %41 = getelementptr [16 x i32], [16 x i32] addrspace(3)* @"\01?gb@@3PAIA", i32 0, i32 %37
  store i32 %25, i32 addrspace(3)* %41, align 4, !tbaa !13
  br label %42

; <label>:42                                      ; preds = %40, %38
  %43 = and i32 %3, 4
  %44 = icmp eq i32 %43, 0
  br i1 %44, label %47, label %45

; <label>:45                                      ; preds = %42
  %46 = getelementptr inbounds [8 x i32], [8 x i32]* @pa, i32 0, i32 %28
  store i32 %25, i32* %46, align 4, !tbaa !13
  br label %49

; <label>:47                                      ; preds = %42
  %48 = getelementptr inbounds [8 x i32], [8 x i32]* @pb, i32 0, i32 %28
  store i32 %25, i32* %48, align 4, !tbaa !13
  br label %49

; <label>:49                                      ; preds = %47, %45
  %50 = and i32 %3, 8
  %51 = icmp eq i32 %50, 0
  %52 = and i32 %36, 7
  br i1 %51, label %56, label %53

; <label>:53                                      ; preds = %49
  %54 = getelementptr inbounds [8 x i32], [8 x i32]* %4, i32 0, i32 %52
  %55 = load i32, i32* %54, align 4, !tbaa !13
  br label %59

; <label>:56                                      ; preds = %49
  %57 = getelementptr inbounds [8 x i32], [8 x i32]* %5, i32 0, i32 %52
  %58 = load i32, i32* %57, align 4, !tbaa !13
  br label %59

; <label>:59                                      ; preds = %56, %53
  %60 = phi i32 [ %55, %53 ], [ %58, %56 ]
  call void @dx.op.barrier(i32 80, i32 9)  ; Barrier(barrierMode)
  %61 = getelementptr inbounds [8 x i32], [8 x i32]* %4, i32 0, i32 %28
  %62 = load i32, i32* %61, align 4, !tbaa !13
  %63 = add i32 %62, %60
  %64 = add i32 %3, 3
  %65 = and i32 %64, 7
  %66 = getelementptr inbounds [8 x i32], [8 x i32]* %5, i32 0, i32 %65
  %67 = load i32, i32* %66, align 4, !tbaa !13
  %68 = add i32 %63, %67
  %69 = load i32, i32 addrspace(3)* %20, align 4, !tbaa !13
  %70 = add i32 %68, %69
  %71 = load i32, i32 addrspace(3)* %22, align 4, !tbaa !13
  %72 = add i32 %70, %71
  %73 = getelementptr inbounds [8 x i32], [8 x i32]* @pa, i32 0, i32 %28
  %74 = load i32, i32* %73, align 4, !tbaa !13
  %75 = add i32 %72, %74
  %76 = add i32 %3, 5
  %77 = and i32 %76, 7
  %78 = getelementptr inbounds [8 x i32], [8 x i32]* @pb, i32 0, i32 %77
  %79 = load i32, i32* %78, align 4, !tbaa !13
  %80 = add i32 %75, %79
  call void @dx.op.bufferStore.i32(i32 69, %dx.types.Handle %1, i32 %3, i32 0, i32 %80, i32 undef, i32 undef, i32 undef, i8 1)  ; BufferStore(uav,coord0,coord1,value0,value1,value2,value3,mask)
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

