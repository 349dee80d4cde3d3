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
; shader hash: 7e23701162e127808ee6994af187e1a6
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
@dx.nothing.a = internal constant [1 x i32] zeroinitializer

define void @main() {
  %1 = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 0, i32 0, i1 false)  ; CreateHandle(resourceClass,rangeId,index,nonUniformIndex)
  %2 = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 0, i32 0, i32 0, i1 false)  ; CreateHandle(resourceClass,rangeId,index,nonUniformIndex)
  %3 = call i32 @dx.op.flattenedThreadIdInGroup.i32(i32 96)  ; FlattenedThreadIdInGroup()
  %4 = alloca [3 x i32]
  %5 = alloca [3 x i32]
  %6 = alloca [4 x i32], align 4
  %7 = call %dx.types.ResRet.i32 @dx.op.bufferLoad.i32(i32 68, %dx.types.Handle %2, i32 %3, i32 0)  ; BufferLoad(srv,index,wot)
  %8 = extractvalue %dx.types.ResRet.i32 %7, 0
  %9 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  %10 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  br label %11

; <label>:11                                      ; preds = %0
  br label %12

; <label>:12                                      ; preds = %21, %11
  %13 = phi i32 [ 0, %11 ], [ %22, %21 ]
  %14 = add i32 %13, %3
  %15 = call %dx.types.ResRet.i32 @dx.op.bufferLoad.i32(i32 68, %dx.types.Handle %2, i32 %13, i32 0)  ; BufferLoad(srv,index,wot)
  %16 = extractvalue %dx.types.ResRet.i32 %15, 0
  %17 = mul i32 %16, %3
  %18 = getelementptr [3 x i32], [3 x i32]* %4, i32 0, i32 %13
  %19 = getelementptr [3 x i32], [3 x i32]* %5, i32 0, i32 %13
  %20 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  store i32 %14, i32* %18
  store i32 %17, i32* %19
  br label %21

; <label>:21                                      ; preds = %12
  %22 = add i32 %13, 1
  %23 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  %24 = icmp ult i32 %22, 3
  %25 = icmp ne i1 %24, false
  %26 = icmp ne i1 %25, false
  br i1 %26, label %12, label %27

; <label>:27                                      ; preds = %21
  br label %28

; <label>:28                                      ; preds = %27
  %29 = getelementptr [16 x i32], [16 x i32] addrspace(3)* @"\01?gs@@3PAUS@@A.0", i32 0, i32 %3
  %30 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  store i32 %8, i32 addrspace(3)* %29
  %31 = getelementptr [3 x i32], [3 x i32]* %4, i32 0, i32 0
  %32 = getelementptr [3 x i32], [3 x i32]* %5, i32 0, i32 0
  %33 = load i32, i32* %31
  %34 = load i32, i32* %32
  %35 = mul i32 %3, 3
  %36 = add i32 0, %35
  %37 = mul i32 %36, 2
  %38 = add i32 0, %37
  %39 = getelementptr [96 x i32], [96 x i32] addrspace(3)* @"\01?gs@@3PAUS@@A.1.v.1dim", i32 0, i32 %38
  store i32 %33, i32 addrspace(3)* %39
  %40 = mul i32 %3, 3
  %41 = add i32 0, %40
  %42 = mul i32 %41, 2
  %43 = add i32 1, %42
  %44 = getelementptr [96 x i32], [96 x i32] addrspace(3)* @"\01?gs@@3PAUS@@A.1.v.1dim", i32 0, i32 %43
  store i32 %34, i32 addrspace(3)* %44
  %45 = getelementptr [3 x i32], [3 x i32]* %4, i32 0, i32 1
  %46 = getelementptr [3 x i32], [3 x i32]* %5, i32 0, i32 1
  %47 = load i32, i32* %45
  %48 = load i32, i32* %46
  %49 = mul i32 %3, 3
  %50 = add i32 1, %49
  %51 = mul i32 %50, 2
  %52 = add i32 0, %51
  %53 = getelementptr [96 x i32], [96 x i32] addrspace(3)* @"\01?gs@@3PAUS@@A.1.v.1dim", i32 0, i32 %52
  store i32 %47, i32 addrspace(3)* %53
  %54 = mul i32 %3, 3
  %55 = add i32 1, %54
  %56 = mul i32 %55, 2
  %57 = add i32 1, %56
  %58 = getelementptr [96 x i32], [96 x i32] addrspace(3)* @"\01?gs@@3PAUS@@A.1.v.1dim", i32 0, i32 %57
  store i32 %48, i32 addrspace(3)* %58
  %59 = getelementptr [3 x i32], [3 x i32]* %4, i32 0, i32 2
  %60 = getelementptr [3 x i32], [3 x i32]* %5, i32 0, i32 2
  %61 = load i32, i32* %59
  %62 = load i32, i32* %60
  %63 = mul i32 %3, 3
  %64 = add i32 2, %63
  %65 = mul i32 %64, 2
  %66 = add i32 0, %65
  %67 = getelementptr [96 x i32], [96 x i32] addrspace(3)* @"\01?gs@@3PAUS@@A.1.v.1dim", i32 0, i32 %66
  store i32 %61, i32 addrspace(3)* %67
  %68 = mul i32 %3, 3
  %69 = add i32 2, %68
  %70 = mul i32 %69, 2
  %71 = add i32 1, %70
  %72 = getelementptr [96 x i32], [96 x i32] addrspace(3)* @"\01?gs@@3PAUS@@A.1.v.1dim", i32 0, i32 %71
  store i32 %62, i32 addrspace(3)* %72
  %73 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  br label %74

; <label>:74                                      ; preds = %28
  br label %75

; <label>:75                                      ; preds = %82, %74
  %76 = phi i32 [ 0, %74 ], [ %83, %82 ]
  %77 = mul i32 %3, 4
  %78 = add i32 %77, %76
  %79 = mul i32 %3, 4
  %80 = add i32 %76, %79
  %81 = getelementptr [64 x i32], [64 x i32] addrspace(3)* @"\01?g2@@3PAY03$$CAIA.1dim", i32 0, i32 %80
  store i32 %78, i32 addrspace(3)* %81, align 4
  br label %82

; <label>:82                                      ; preds = %75
  %83 = add i32 %76, 1
  %84 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  %85 = icmp ult i32 %83, 4
  %86 = icmp ne i1 %85, false
  %87 = icmp ne i1 %86, false
  br i1 %87, label %75, label %88

; <label>:88                                      ; preds = %82
  br label %89

; <label>:89                                      ; preds = %88
  %90 = add i32 %3, 1
  %91 = add i32 %3, 2
  %92 = add i32 %3, 3
  %93 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  %94 = getelementptr inbounds [4 x i32], [4 x i32]* %6, i32 0, i32 0
  store i32 %3, i32* %94, align 4
  %95 = getelementptr inbounds [4 x i32], [4 x i32]* %6, i32 0, i32 1
  store i32 %90, i32* %95, align 4
  %96 = getelementptr inbounds [4 x i32], [4 x i32]* %6, i32 0, i32 2
  store i32 %91, i32* %96, align 4
  %97 = getelementptr inbounds [4 x i32], [4 x i32]* %6, i32 0, i32 3
  store i32 %92, i32* %97, align 4
  %98 = call %dx.types.ResRet.i32 @dx.op.bufferLoad.i32(i32 68, %dx.types.Handle %2, i32 %3, i32 0)  ; BufferLoad(srv,index,wot)
  %99 = extractvalue %dx.types.ResRet.i32 %98, 0
  %100 = and i32 %99, 3
  %101 = getelementptr [4 x i32], [4 x i32]* %6, i32 0, i32 %100
  %102 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  store i32 7, i32* %101
  call void @dx.op.barrier(i32 80, i32 9)  ; Barrier(barrierMode)
  %103 = urem i32 %3, 3
  %104 = add i32 %3, 1
  %105 = and i32 %104, 15
  %106 = mul i32 %105, 3
  %107 = add i32 %103, %106
  %108 = mul i32 %107, 2
  %109 = add i32 0, %108
  %110 = getelementptr [96 x i32], [96 x i32] addrspace(3)* @"\01?gs@@3PAUS@@A.1.v.1dim", i32 0, i32 %109
  %111 = atomicrmw add i32 addrspace(3)* %110, i32 5 seq_cst
  %112 = and i32 %3, 3
  %113 = add i32 %3, 3
  %114 = and i32 %113, 15
  %115 = mul i32 %114, 4
  %116 = add i32 %112, %115
  %117 = getelementptr [64 x i32], [64 x i32] addrspace(3)* @"\01?g2@@3PAY03$$CAIA.1dim", i32 0, i32 %116
  %118 = atomicrmw add i32 addrspace(3)* %117, i32 %3 seq_cst
  call void @dx.op.barrier(i32 80, i32 9)  ; Barrier(barrierMode)
  %119 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  %120 = call %dx.types.ResRet.i32 @dx.op.bufferLoad.i32(i32 68, %dx.types.Handle %2, i32 %3, i32 0)  ; BufferLoad(srv,index,wot)
  %121 = extractvalue %dx.types.ResRet.i32 %120, 0
  %122 = urem i32 %121, 5
  %123 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  %124 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  %125 = icmp ult i32 0, %122
  br i1 %125, label %126, label %161

; <label>:126                                     ; preds = %89
  br label %127

; <label>:127                                     ; preds = %154, %126
  %128 = phi i32 [ 0, %126 ], [ %152, %154 ]
  %129 = phi i32 [ 0, %126 ], [ %155, %154 ]
  %130 = urem i32 %129, 3
  %131 = add i32 %3, %129
  %132 = and i32 %131, 15
  %133 = mul i32 %132, 3
  %134 = add i32 %130, %133
  %135 = mul i32 %134, 2
  %136 = add i32 1, %135
  %137 = getelementptr [96 x i32], [96 x i32] addrspace(3)* @"\01?gs@@3PAUS@@A.1.v.1dim", i32 0, i32 %136
  %138 = load i32, i32 addrspace(3)* %137, align 4
  %139 = and i32 %129, 3
  %140 = getelementptr inbounds [4 x i32], [4 x i32]* @lut, i32 0, i32 %139
  %141 = load i32, i32* %140, align 4
  %142 = add i32 %138, %141
  %143 = urem i32 %129, 3
  %144 = and i32 %129, 1
  %145 = mul i32 %144, 3
  %146 = add i32 %143, %145
  %147 = mul i32 %146, 2
  %148 = add i32 0, %147
  %149 = getelementptr [12 x i32], [12 x i32]* @cs.1.v.1dim, i32 0, i32 %148
  %150 = load i32, i32* %149, align 4
  %151 = add i32 %142, %150
  %152 = add i32 %128, %151
  %153 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  br label %154

; <label>:154                                     ; preds = %127
  %155 = add i32 %129, 1
  %156 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  %157 = icmp ult i32 %155, %122
  %158 = icmp ne i1 %157, false
  %159 = icmp ne i1 %158, false
  br i1 %159, label %127, label %160

; <label>:160                                     ; preds = %154
  br label %161

; <label>:161                                     ; preds = %160, %89
  %162 = phi i32 [ %152, %160 ], [ 0, %89 ]
  %163 = add i32 %3, 1
  %164 = and i32 %163, 3
  %165 = getelementptr [4 x i32], [4 x i32]* %6, i32 0, i32 %164
  %166 = load i32, i32* %165
  %167 = add i32 %162, %166
  %168 = and i32 %3, 3
  %169 = mul i32 %3, 4
  %170 = add i32 %168, %169
  %171 = getelementptr [64 x i32], [64 x i32] addrspace(3)* @"\01?g2@@3PAY03$$CAIA.1dim", i32 0, i32 %170
  %172 = load i32, i32 addrspace(3)* %171, align 4
  %173 = add i32 %167, %172
  %174 = urem i32 %3, 3
  %175 = mul i32 %3, 3
  %176 = add i32 %174, %175
  %177 = mul i32 %176, 2
  %178 = add i32 0, %177
  %179 = getelementptr [96 x i32], [96 x i32] addrspace(3)* @"\01?gs@@3PAUS@@A.1.v.1dim", i32 0, i32 %178
  %180 = load i32, i32 addrspace(3)* %179, align 4
  %181 = add i32 %173, %180
  %182 = and i32 %3, 1
  %183 = getelementptr inbounds [2 x i32], [2 x i32]* @cs.0, i32 0, i32 %182
  %184 = load i32, i32* %183, align 4
  %185 = add i32 %181, %184
  call void @dx.op.bufferStore.i32(i32 69, %dx.types.Handle %1, i32 %3, i32 0, i32 %185, i32 undef, i32 undef, i32 undef, i8 1)  ; BufferStore(uav,coord0,coord1,value0,value1,value2,value3,mask)
  %186 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
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

