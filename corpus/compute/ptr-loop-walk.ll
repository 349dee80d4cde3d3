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
; shader hash: 27e2c60cd2fdc62e3a80169cd9c2f378
;
; Pipeline Runtime Information: 
;
;PSVRuntimeInfo:
; Compute Shader
; NumThreads=(16,1,1)
; NumBytesGroupSharedMemory: 704
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

@lut = internal unnamed_addr constant [4 x i32] [i32 3, i32 1, i32 4, i32 1], align 4
@"\01?gs@@3PAUS@@A.0" = addrspace(3) global [16 x i32] undef, align 4
@cs.0 = internal unnamed_addr constant [2 x i32] [i32 1, i32 2], align 4
@"\01?g2@@3PAY03$$CAIA.1dim" = addrspace(3) global [64 x i32] undef, align 4
@"\01?gs@@3PAUS@@A.1.v.1dim" = addrspace(3) global [96 x i32] undef, align 4
@cs.1.v.1dim = internal constant [12 x i32] [i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12], align 4

define void @main() {
  %1 = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 0, i32 0, i1 false)  ; CreateHandle(resourceClass,rangeId,index,nonUniformIndex)
  %2 = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 0, i32 0, i32 0, i1 false)  ; CreateHandle(resourceClass,rangeId,index,nonUniformIndex)
  %3 = call i32 @dx.op.flattenedThreadIdInGroup.i32(i32 96)  ; FlattenedThreadIdInGroup()
  %4 = alloca [4 x i32], align 4
  %5 = call %dx.types.ResRet.i32 @dx.op.bufferLoad.i32(i32 68, %dx.types.Handle %2, i32 %3, i32 0)  ; BufferLoad(srv,index,wot)
  %6 = extractvalue %dx.types.ResRet.i32 %5, 0
  %7 = call %dx.types.ResRet.i32 @dx.op.bufferLoad.i32(i32 68, %dx.types.Handle %2, i32 0, i32 0)  ; BufferLoad(srv,index,wot)
  %8 = extractvalue %dx.types.ResRet.i32 %7, 0
  %9 = mul i32 %8, %3
  %10 = add i32 %3, 1
  %11 = call %dx.types.ResRet.i32 @dx.op.bufferLoad.i32(i32 68, %dx.types.Handle %2, i32 1, i32 0)  ; BufferLoad(srv,index,wot)
  %12 = extractvalue %dx.types.ResRet.i32 %11, 0
  %13 = mul i32 %12, %3
  %14 = add i32 %3, 2
  %15 = call %dx.types.ResRet.i32 @dx.op.bufferLoad.i32(i32 68, %dx.types.Handle %2, i32 2, i32 0)  ; BufferLoad(srv,index,wot)
  %16 = extractvalue %dx.types.ResRet.i32 %15, 0
  %17 = mul i32 %16, %3
  %18 = getelementptr [16 x i32], [16 x i32] addrspace(3)* @"\01?gs@@3PAUS@@A.0", i32 0, i32 %3
  store i32 %6, i32 addrspace(3)* %18, align 4
  %19 = mul i32 %3, 3
  %20 = add i32 0, %19
  %21 = mul i32 %20, 2
  %22 = add i32 0, %21
  %23 = getelementptr [96 x i32], [96 x i32] addrspace(3)* @"\01?gs@@3PAUS@@A.1.v.1dim", i32 0, i32 %22
  store i32 %3, i32 addrspace(3)* %23, align 4
  %24 = mul i32 %3, 3
  %25 = add i32 0, %24
  %26 = mul i32 %25, 2
  %27 = add i32 1, %26
  %28 = getelementptr [96 x i32], [96 x i32] addrspace(3)* @"\01?gs@@3PAUS@@A.1.v.1dim", i32 0, i32 %27
  store i32 %9, i32 addrspace(3)* %28, align 4
  %29 = mul i32 %3, 3
  %30 = add i32 1, %29
  %31 = mul i32 %30, 2
  %32 = add i32 0, %31
  %33 = getelementptr [96 x i32], [96 x i32] addrspace(3)* @"\01?gs@@3PAUS@@A.1.v.1dim", i32 0, i32 %32
  store i32 %10, i32 addrspace(3)* %33, align 4
  %34 = mul i32 %3, 3
  %35 = add i32 1, %34
  %36 = mul i32 %35, 2
  %37 = add i32 1, %36
  %38 = getelementptr [96 x i32], [96 x i32] addrspace(3)* @"\01?gs@@3PAUS@@A.1.v.1dim", i32 0, i32 %37
  store i32 %13, i32 addrspace(3)* %38, align 4
  %39 = mul i32 %3, 3
  %40 = add i32 2, %39
  %41 = mul i32 %40, 2
  %42 = add i32 0, %41
  %43 = getelementptr [96 x i32], [96 x i32] addrspace(3)* @"\01?gs@@3PAUS@@A.1.v.1dim", i32 0, i32 %42
  store i32 %14, i32 addrspace(3)* %43, align 4
  %44 = mul i32 %3, 3
  %45 = add i32 2, %44
  %46 = mul i32 %45, 2
  %47 = add i32 1, %46
  %48 = getelementptr [96 x i32], [96 x i32] addrspace(3)* @"\01?gs@@3PAUS@@A.1.v.1dim", i32 0, i32 %47
  store i32 %17, i32 addrspace(3)* %48, align 4
  %49 = shl i32 %3, 2
  %50 = mul i32 %3, 4
  %51 = add i32 0, %50
  %52 = getelementptr [64 x i32], [64 x i32] addrspace(3)* @"\01?g2@@3PAY03$$CAIA.1dim", i32 0, i32 %51
  store i32 %49, i32 addrspace(3)* %52, align 4, !tbaa !13
  %53 = or i32 %49, 1
  %54 = mul i32 %3, 4
  %55 = add i32 1, %54
  %56 = getelementptr [64 x i32], [64 x i32] addrspace(3)* @"\01?g2@@3PAY03$$CAIA.1dim", i32 0, i32 %55
  store i32 %53, i32 addrspace(3)* %56, align 4, !tbaa !13
  %57 = or i32 %49, 2
  %58 = mul i32 %3, 4
  %59 = add i32 2, %58
  %60 = getelementptr [64 x i32], [64 x i32] addrspace(3)* @"\01?g2@@3PAY03$$CAIA.1dim", i32 0, i32 %59
  store i32 %57, i32 addrspace(3)* %60, align 4, !tbaa !13
  %61 = or i32 %49, 3
  %62 = mul i32 %3, 4
  %63 = add i32 3, %62
  %64 = getelementptr [64 x i32], [64 x i32] addrspace(3)* @"\01?g2@@3PAY03$$CAIA.1dim", i32 0, i32 %63
  store i32 %61, i32 addrspace(3)* %64, align 4, !tbaa !13
  %65 = add i32 %3, 3
  %66 = getelementptr inbounds [4 x i32], [4 x i32]* %4, i32 0, i32 0
  store i32 %3, i32* %66, align 4
  %67 = getelementptr inbounds [4 x i32], [4 x i32]* %4, i32 0, i32 1
  store i32 %10, i32* %67, align 4
  %68 = getelementptr inbounds [4 x i32], [4 x i32]* %4, i32 0, i32 2
  store i32 %14, i32* %68, align 4
  %69 = getelementptr inbounds [4 x i32], [4 x i32]* %4, i32 0, i32 3
  store i32 %65, i32* %69, align 4
  %70 = call %dx.types.ResRet.i32 @dx.op.bufferLoad.i32(i32 68, %dx.types.Handle %2, i32 %3, i32 0)  ; BufferLoad(srv,index,wot)
  %71 = extractvalue %dx.types.ResRet.i32 %70, 0
  %72 = and i32 %71, 3
  %73 = getelementptr [4 x i32], [4 x i32]* %4, i32 0, i32 %72
  store i32 7, i32* %73, align 4, !tbaa !13
  call void @dx.op.barrier(i32 80, i32 9)  ; Barrier(barrierMode)
  %74 = urem i32 %3, 3
  %75 = and i32 %10, 15
  %76 = mul i32 %75, 3
  %77 = add i32 %74, %76
  %78 = mul i32 %77, 2
  %79 = add i32 0, %78
  %80 = getelementptr [96 x i32], [96 x i32] addrspace(3)* @"\01?gs@@3PAUS@@A.1.v.1dim", i32 0, i32 %79
  %81 = atomicrmw add i32 addrspace(3)* %80, i32 5 seq_cst
  %82 = and i32 %3, 3
  %83 = and i32 %65, 15
  %84 = mul i32 %83, 4
  %85 = add i32 %82, %84
  %86 = getelementptr [64 x i32], [64 x i32] addrspace(3)* @"\01?g2@@3PAY03$$CAIA.1dim", i32 0, i32 %85
  %87 = atomicrmw add i32 addrspace(3)* %86, i32 %3 seq_cst
  call void @dx.op.barrier(i32 80, i32 9)  ; Barrier(barrierMode)
  %88 = call %dx.types.ResRet.i32 @dx.op.bufferLoad.i32(i32 68, %dx.types.Handle %2, i32 %3, i32 0)  ; BufferLoad(srv,index,wot)
  %89 = extractvalue %dx.types.ResRet.i32 %88, 0
  %90 = urem i32 %89, 5
  %91 = icmp eq i32 %90, 0
  br i1 %91, label %121, label %92

; <label>:92                                      ; preds = %0
  br label %93

; <label>:93                                      ; preds = %93, %92
  %94 = phi i32 [ %117, %93 ], [ 0, %92 ]
  %95 = phi i32 [ %118, %93 ], [ 0, %92 ]
  %96 = urem i32 %95, 3
  %97 = add i32 %95, %3
  %98 = and i32 %97, 15
  %99 = mul i32 %98, 3
  %100 = add i32 %96, %99
  %101 = mul i32 %100, 2
  %102 = add i32 1, %101
  %103 = getelementptr [96 x i32], [96 x i32] addrspace(3)* @"\01?gs@@3PAUS@@A.1.v.1dim", i32 0, i32 %102
  %104 = load i32, i32 addrspace(3)* %103, align 4
  %105 = and i32 %95, 3
  %106 = getelementptr inbounds [4 x i32], [4 x i32]* @lut, i32 0, i32 %105
  %107 = load i32, i32* %106, align 4, !tbaa !13
  %108 = and i32 %95, 1
  %109 = mul i32 %108, 3
  %110 = add i32 %96, %109
  %111 = mul i32 %110, 2
  %112 = add i32 0, %111
  %113 = getelementptr [12 x i32], [12 x i32]* @cs.1.v.1dim, i32 0, i32 %112
  %114 = load i32, i32* %113, align 4
  %115 = add i32 %104, %94
  %116 = add i32 %115, %107
  %117 = add i32 %116, %114
  %118 = add nuw nsw i32 %95, 1
  %119 = icmp eq i32 %118, %90
  br i1 %119, label %120, label %93

; <label>:120                                     ; preds = %93
  br label %121

; <label>:121                                     ; preds = %120, %0
  %122 = phi i32 [ 0, %0 ], [ %117, %120 ]
  %123 = and i32 %10, 3
  %124 = getelementptr [4 x i32], [4 x i32]* %4, i32 0, i32 %123
  %125 = load i32, i32* %124, align 4, !tbaa !13
  %126 = add i32 %125, %122
  %127 = mul i32 %3, 4
  %128 = add i32 %82, %127
  %129 = getelementptr [64 x i32], [64 x i32] addrspace(3)* @"\01?g2@@3PAY03$$CAIA.1dim", i32 0, i32 %128
  %130 = load i32, i32 addrspace(3)* %129, align 4, !tbaa !13
  %131 = add i32 %126, %130
  %132 = mul i32 %3, 3
  %133 = add i32 %74, %132
  %134 = mul i32 %133, 2
  %135 = add i32 0, %134
  %136 = getelementptr [96 x i32], [96 x i32] addrspace(3)* @"\01?gs@@3PAUS@@A.1.v.1dim", i32 0, i32 %135
  %137 = load i32, i32 addrspace(3)* %136, align 4
  %138 = add i32 %131, %137
  %139 = and i32 %3, 1
  %140 = getelementptr inbounds [2 x i32], [2 x i32]* @cs.0, i32 0, i32 %139
  %141 = load i32, i32* %140, align 4, !tbaa !13
  %142 = add i32 %138, %141
  call void @dx.op.bufferStore.i32(i32 69, %dx.types.Handle %1, i32 %3, i32 0, i32 %142, i32 undef, i32 undef, i32 undef, i8 1)  ; BufferStore(uav,coord0,coord1,value0,value1,value2,value3,mask)
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

