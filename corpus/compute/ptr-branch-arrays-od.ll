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
; shader hash: d01ca5ef4cfac14f7237b9468fe5acff
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
@dx.nothing.a = internal constant [1 x i32] zeroinitializer

define void @main() {
  %1 = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 0, i32 0, i1 false)  ; CreateHandle(resourceClass,rangeId,index,nonUniformIndex)
  %2 = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 0, i32 0, i32 0, i1 false)  ; CreateHandle(resourceClass,rangeId,index,nonUniformIndex)
  %3 = call i32 @dx.op.flattenedThreadIdInGroup.i32(i32 96)  ; FlattenedThreadIdInGroup()
  %4 = alloca [8 x i32], align 4
  %5 = alloca [8 x i32], align 4
  %6 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  br label %7

; <label>:7                                       ; preds = %0
  br label %8

; <label>:8                                       ; preds = %23, %7
  %9 = phi i32 [ 0, %7 ], [ %24, %23 ]
  %10 = call %dx.types.ResRet.i32 @dx.op.bufferLoad.i32(i32 68, %dx.types.Handle %2, i32 %9, i32 0)  ; BufferLoad(srv,index,wot)
  %11 = extractvalue %dx.types.ResRet.i32 %10, 0
  %12 = mul i32 %11, %3
  %13 = getelementptr inbounds [8 x i32], [8 x i32]* %4, i32 0, i32 %9
  %14 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  store i32 %12, i32* %13, align 4
  %15 = add i32 %9, %3
  %16 = getelementptr inbounds [8 x i32], [8 x i32]* %5, i32 0, i32 %9
  %17 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  store i32 %15, i32* %16, align 4
  %18 = getelementptr inbounds [8 x i32], [8 x i32]* @pa, i32 0, i32 %9
  %19 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  store i32 %9, i32* %18, align 4
  %20 = mul i32 2, %9
  %21 = getelementptr inbounds [8 x i32], [8 x i32]* @pb, i32 0, i32 %9
  %22 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  store i32 %20, i32* %21, align 4
  br label %23

; <label>:23                                      ; preds = %8
  %24 = add i32 %9, 1
  %25 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  %26 = icmp ult i32 %24, 8
  %27 = icmp ne i1 %26, false
  %28 = icmp ne i1 %27, false
  br i1 %28, label %8, label %29

; <label>:29                                      ; preds = %23
  br label %30

; <label>:30                                      ; preds = %29
  %31 = getelementptr [16 x i32], [16 x i32] addrspace(3)* @"\01?ga@@3PAIA", i32 0, i32 %3
  store i32 %3, i32 addrspace(3)* %31, align 4
  %32 = mul i32 2, %3
  %33 = getelementptr [16 x i32], [16 x i32] addrspace(3)* @"\01?gb@@3PAIA", i32 0, i32 %3
  store i32 %32, i32 addrspace(3)* %33, align 4
  call void @dx.op.barrier(i32 80, i32 9)  ; Barrier(barrierMode)
  %34 = add i32 %3, 8
  %35 = call %dx.types.ResRet.i32 @dx.op.bufferLoad.i32(i32 68, %dx.types.Handle %2, i32 %34, i32 0)  ; BufferLoad(srv,index,wot)
  %36 = extractvalue %dx.types.ResRet.i32 %35, 0
  %37 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  %38 = and i32 %3, 1
  %39 = icmp ne i32 %38, 0
  br i1 %39, label %40, label %44

; <label>:40                                      ; preds = %30
  %41 = and i32 %3, 7
  %42 = getelementptr inbounds [8 x i32], [8 x i32]* %4, i32 0, i32 %41
  %43 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  store i32 %36, i32* %42, align 4
  br label %48

; <label>:44                                      ; preds = %30
  %45 = and i32 %3, 7
  %46 = getelementptr inbounds [8 x i32], [8 x i32]* %5, i32 0, i32 %45
  %47 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  store i32 %36, i32* %46, align 4
  br label %48

; <label>:48                                      ; preds = %44, %40
  %49 = and i32 %3, 2
  %50 = icmp ne i32 %49, 0
  br i1 %50, label %51, label %55

; <label>:51                                      ; preds = %48
  %52 = add i32 %3, 1
  %53 = and i32 %52, 15
  %54 = getelementptr [16 x i32], [16 x i32] addrspace(3)* @"\01?ga@@3PAIA", i32 0, i32 %53
  store i32 %36, i32 addrspace(3)* %54, align 4
  br label %59

; <label>:55                                      ; preds = %48
  %56 = add i32 %3, 1
  %57 = and i32 %56, 15
  %58 = getelementptr [16 x i32], [16 x i32] addrspace(3)* @"\01?gb@@3PAIA", i32 0, i32 %57
  store i32 %36, i32 addrspace(3)* %58, align 4
  br label %59

; <label>:59                                      ; preds = %55, %51
  %60 = and i32 %3, 4
  %61 = icmp ne i32 %60, 0
  br i1 %61, label %62, label %66

; <label>:62                                      ; preds = %59
  %63 = and i32 %3, 7
  %64 = getelementptr inbounds [8 x i32], [8 x i32]* @pa, i32 0, i32 %63
  %65 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  store i32 %36, i32* %64, align 4
  br label %70

; <label>:66                                      ; preds = %59
  %67 = and i32 %3, 7
  %68 = getelementptr inbounds [8 x i32], [8 x i32]* @pb, i32 0, i32 %67
  %69 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  store i32 %36, i32* %68, align 4
  br label %70

; <label>:70                                      ; preds = %66, %62
  %71 = and i32 %3, 8
  %72 = icmp ne i32 %71, 0
  br i1 %72, label %73, label %78

; <label>:73                                      ; preds = %70
  %74 = add i32 %3, 1
  %75 = and i32 %74, 7
  %76 = getelementptr inbounds [8 x i32], [8 x i32]* %4, i32 0, i32 %75
  %77 = load i32, i32* %76, align 4
  br label %83

; <label>:78                                      ; preds = %70
  %79 = add i32 %3, 1
  %80 = and i32 %79, 7
  %81 = getelementptr inbounds [8 x i32], [8 x i32]* %5, i32 0, i32 %80
  %82 = load i32, i32* %81, align 4
  br label %83

; <label>:83                                      ; preds = %78, %73
  %84 = phi i32 [ %77, %73 ], [ %82, %78 ]
  %85 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  call void @dx.op.barrier(i32 80, i32 9)  ; Barrier(barrierMode)
  %86 = and i32 %3, 7
  %87 = getelementptr inbounds [8 x i32], [8 x i32]* %4, i32 0, i32 %86
  %88 = load i32, i32* %87, align 4
  %89 = add i32 %84, %88
  %90 = add i32 %3, 3
  %91 = and i32 %90, 7
  %92 = getelementptr inbounds [8 x i32], [8 x i32]* %5, i32 0, i32 %91
  %93 = load i32, i32* %92, align 4
  %94 = add i32 %89, %93
  %95 = getelementptr [16 x i32], [16 x i32] addrspace(3)* @"\01?ga@@3PAIA", i32 0, i32 %3
  %96 = load i32, i32 addrspace(3)* %95, align 4
  %97 = add i32 %94, %96
  %98 = getelementptr [16 x i32], [16 x i32] addrspace(3)* @"\01?gb@@3PAIA", i32 0, i32 %3
  %99 = load i32, i32 addrspace(3)* %98, align 4
  %100 = add i32 %97, %99
  %101 = and i32 %3, 7
  %102 = getelementptr inbounds [8 x i32], [8 x i32]* @pa, i32 0, i32 %101
  %103 = load i32, i32* %102, align 4
  %104 = add i32 %100, %103
  %105 = add i32 %3, 5
  %106 = and i32 %105, 7
  %107 = getelementptr inbounds [8 x i32], [8 x i32]* @pb, i32 0, i32 %106
  %108 = load i32, i32* %107, align 4
  %109 = add i32 %104, %108
  call void @dx.op.bufferStore.i32(i32 69, %dx.types.Handle %1, i32 %3, i32 0, i32 %109, i32 undef, i32 undef, i32 undef, i8 1)  ; BufferStore(uav,coord0,coord1,value0,value1,value2,value3,mask)
  %110 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
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
!11 = !{i32 0, i64 17, i32 4, !12}
!12 = !{i32 16, i32 1, i32 1}

