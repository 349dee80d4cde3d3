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
; shader hash: 79ba2a49d7c3310e77a91a0aee43d7ef
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
@dx.nothing.a = internal constant [1 x i32] zeroinitializer

define void @main() {
  %1 = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 0, i32 0, i1 false)  ; CreateHandle(resourceClass,rangeId,index,nonUniformIndex)
  %2 = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 0, i32 0, i32 0, i1 false)  ; CreateHandle(resourceClass,rangeId,index,nonUniformIndex)
  %3 = alloca i32
  store i32 0, i32* %3
  %4 = alloca i32
  store i32 0, i32* %4
  %5 = alloca i32
  store i32 0, i32* %5
  %6 = alloca i32
  store i32 0, i32* %6
  %7 = alloca i32
  store i32 0, i32* %7
  %8 = alloca i32
  store i32 0, i32* %8
  %9 = alloca i32
  store i32 0, i32* %9
  %10 = alloca i32
  store i32 0, i32* %10
  %11 = alloca i32
  store i32 0, i32* %11
  %12 = alloca i32
  store i32 0, i32* %12
  %13 = call i32 @dx.op.flattenedThreadIdInGroup.i32(i32 96)  ; FlattenedThreadIdInGroup()
  %14 = alloca [4 x i32]
  %15 = alloca [4 x i32]
  %16 = alloca [4 x i32]
  %17 = alloca [4 x i32]
  %18 = alloca [2 x i32]
  %19 = alloca [8 x i32]
  %20 = alloca [2 x i32]
  %21 = alloca [8 x i32]
  %22 = alloca [2 x i32]
  %23 = alloca [8 x i32]
  %24 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  %25 = getelementptr inbounds [4 x i32], [4 x i32]* %16, i32 0, i32 0
  %26 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  store i32 0, i32* %25
  %27 = getelementptr inbounds [4 x i32], [4 x i32]* %16, i32 0, i32 1
  %28 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  store i32 0, i32* %27
  %29 = getelementptr inbounds [4 x i32], [4 x i32]* %16, i32 0, i32 2
  %30 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  store i32 0, i32* %29
  %31 = getelementptr inbounds [4 x i32], [4 x i32]* %16, i32 0, i32 3
  %32 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  store i32 0, i32* %31
  %33 = add i32 %13, 16
  %34 = call %dx.types.ResRet.i32 @dx.op.bufferLoad.i32(i32 68, %dx.types.Handle %2, i32 %33, i32 0)  ; BufferLoad(srv,index,wot)
  %35 = extractvalue %dx.types.ResRet.i32 %34, 0
  %36 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  %37 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  %38 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  br label %39

; <label>:39                                      ; preds = %0
  br label %40

; <label>:40                                      ; preds = %40, %39
  %41 = phi i32 [ 0, %39 ], [ %45, %40 ]
  %42 = add i32 %35, %41
  %43 = getelementptr inbounds [4 x i32], [4 x i32]* %14, i32 0, i32 %41
  %44 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  store i32 %42, i32* %43, align 4, !alias.scope !13
  %45 = add i32 %41, 1
  %46 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  %47 = icmp ult i32 %45, 4
  br i1 %47, label %40, label %48

; <label>:48                                      ; preds = %40
  br label %49

; <label>:49                                      ; preds = %48
  %50 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  %51 = call %dx.types.ResRet.i32 @dx.op.bufferLoad.i32(i32 68, %dx.types.Handle %2, i32 %13, i32 0)  ; BufferLoad(srv,index,wot)
  %52 = extractvalue %dx.types.ResRet.i32 %51, 0
  %53 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  %54 = and i32 %13, 1
  %55 = icmp ne i32 %54, 0
  %56 = icmp ne i1 %55, false
  %57 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  %58 = zext i1 %56 to i32
  %59 = icmp ne i32 %58, 0
  br i1 %59, label %60, label %66

; <label>:60                                      ; preds = %49
  %61 = and i32 %13, 3
  %62 = getelementptr inbounds [4 x i32], [4 x i32]* %16, i32 0, i32 %61
  %63 = load i32, i32* %62, align 4, !alias.scope !16, !noalias !19
  %64 = add i32 %63, %13
  %65 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  store i32 %64, i32* %62, align 4, !alias.scope !16, !noalias !19
  br label %73

; <label>:66                                      ; preds = %49
  %67 = mul i32 2, %13
  %68 = and i32 %13, 3
  %69 = getelementptr inbounds [4 x i32], [4 x i32]* %14, i32 0, i32 %68
  %70 = load i32, i32* %69, align 4, !alias.scope !19, !noalias !16
  %71 = add i32 %70, %67
  %72 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  store i32 %71, i32* %69, align 4, !alias.scope !19, !noalias !16
  br label %73

; <label>:73                                      ; preds = %66, %60
  %74 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  %75 = add i32 %13, 5
  %76 = and i32 %13, 2
  %77 = icmp ne i32 %76, 0
  %78 = icmp ne i1 %77, false
  %79 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  %80 = zext i1 %78 to i32
  %81 = icmp ne i32 %80, 0
  br i1 %81, label %82, label %88

; <label>:82                                      ; preds = %73
  %83 = and i32 %75, 3
  %84 = getelementptr inbounds [4 x i32], [4 x i32]* %16, i32 0, i32 %83
  %85 = load i32, i32* %84, align 4, !alias.scope !21, !noalias !24
  %86 = add i32 %85, %75
  %87 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  store i32 %86, i32* %84, align 4, !alias.scope !21, !noalias !24
  br label %95

; <label>:88                                      ; preds = %73
  %89 = mul i32 2, %75
  %90 = and i32 %75, 3
  %91 = getelementptr inbounds [4 x i32], [4 x i32]* %14, i32 0, i32 %90
  %92 = load i32, i32* %91, align 4, !alias.scope !24, !noalias !21
  %93 = add i32 %92, %89
  %94 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  store i32 %93, i32* %91, align 4, !alias.scope !24, !noalias !21
  br label %95

; <label>:95                                      ; preds = %88, %82
  %96 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  %97 = getelementptr [16 x i32], [16 x i32] addrspace(3)* @"\01?gs@@3PAUS@@A.0", i32 0, i32 %13
  %98 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  store i32 %52, i32 addrspace(3)* %97
  %99 = mul i32 %13, 4
  %100 = add i32 0, %99
  %101 = getelementptr [64 x i32], [64 x i32] addrspace(3)* @"\01?gs@@3PAUS@@A.1.1dim", i32 0, i32 %100
  %102 = getelementptr inbounds [4 x i32], [4 x i32]* %16, i32 0, i32 0
  %103 = load i32, i32* %102
  store i32 %103, i32 addrspace(3)* %101
  %104 = mul i32 %13, 4
  %105 = add i32 1, %104
  %106 = getelementptr [64 x i32], [64 x i32] addrspace(3)* @"\01?gs@@3PAUS@@A.1.1dim", i32 0, i32 %105
  %107 = getelementptr inbounds [4 x i32], [4 x i32]* %16, i32 0, i32 1
  %108 = load i32, i32* %107
  store i32 %108, i32 addrspace(3)* %106
  %109 = mul i32 %13, 4
  %110 = add i32 2, %109
  %111 = getelementptr [64 x i32], [64 x i32] addrspace(3)* @"\01?gs@@3PAUS@@A.1.1dim", i32 0, i32 %110
  %112 = getelementptr inbounds [4 x i32], [4 x i32]* %16, i32 0, i32 2
  %113 = load i32, i32* %112
  store i32 %113, i32 addrspace(3)* %111
  %114 = mul i32 %13, 4
  %115 = add i32 3, %114
  %116 = getelementptr [64 x i32], [64 x i32] addrspace(3)* @"\01?gs@@3PAUS@@A.1.1dim", i32 0, i32 %115
  %117 = getelementptr inbounds [4 x i32], [4 x i32]* %16, i32 0, i32 3
  %118 = load i32, i32* %117
  store i32 %118, i32 addrspace(3)* %116
  %119 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  store i32 %52, i32* %12
  %120 = getelementptr inbounds [4 x i32], [4 x i32]* %16, i32 0, i32 0
  %121 = load i32, i32* %120
  store i32 %121, i32* %10
  %122 = getelementptr inbounds [4 x i32], [4 x i32]* %16, i32 0, i32 1
  %123 = load i32, i32* %122
  store i32 %123, i32* %9
  %124 = getelementptr inbounds [4 x i32], [4 x i32]* %16, i32 0, i32 2
  %125 = load i32, i32* %124
  store i32 %125, i32* %8
  %126 = getelementptr inbounds [4 x i32], [4 x i32]* %16, i32 0, i32 3
  %127 = load i32, i32* %126
  store i32 %127, i32* %7
  %128 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  store i32 %35, i32* %11
  %129 = getelementptr inbounds [4 x i32], [4 x i32]* %14, i32 0, i32 0
  %130 = load i32, i32* %129
  store i32 %130, i32* %6
  %131 = getelementptr inbounds [4 x i32], [4 x i32]* %14, i32 0, i32 1
  %132 = load i32, i32* %131
  store i32 %132, i32* %5
  %133 = getelementptr inbounds [4 x i32], [4 x i32]* %14, i32 0, i32 2
  %134 = load i32, i32* %133
  store i32 %134, i32* %4
  %135 = getelementptr inbounds [4 x i32], [4 x i32]* %14, i32 0, i32 3
  %136 = load i32, i32* %135
  store i32 %136, i32* %3
  %137 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  %138 = load i32, i32* %12
  %139 = getelementptr inbounds [4 x i32], [4 x i32]* %15, i32 0, i32 0
  %140 = load i32, i32* %10
  store i32 %140, i32* %139
  %141 = getelementptr inbounds [4 x i32], [4 x i32]* %15, i32 0, i32 1
  %142 = load i32, i32* %9
  store i32 %142, i32* %141
  %143 = getelementptr inbounds [4 x i32], [4 x i32]* %15, i32 0, i32 2
  %144 = load i32, i32* %8
  store i32 %144, i32* %143
  %145 = getelementptr inbounds [4 x i32], [4 x i32]* %15, i32 0, i32 3
  %146 = load i32, i32* %7
  store i32 %146, i32* %145
  %147 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  %148 = load i32, i32* %11
  %149 = getelementptr inbounds [4 x i32], [4 x i32]* %17, i32 0, i32 0
  %150 = load i32, i32* %6
  store i32 %150, i32* %149
  %151 = getelementptr inbounds [4 x i32], [4 x i32]* %17, i32 0, i32 1
  %152 = load i32, i32* %5
  store i32 %152, i32* %151
  %153 = getelementptr inbounds [4 x i32], [4 x i32]* %17, i32 0, i32 2
  %154 = load i32, i32* %4
  store i32 %154, i32* %153
  %155 = getelementptr inbounds [4 x i32], [4 x i32]* %17, i32 0, i32 3
  %156 = load i32, i32* %3
  store i32 %156, i32* %155
  %157 = add i32 %13, 7
  %158 = and i32 %13, 4
  %159 = icmp ne i32 %158, 0
  %160 = icmp ne i1 %159, false
  %161 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  %162 = zext i1 %160 to i32
  %163 = icmp ne i32 %162, 0
  br i1 %163, label %164, label %170

; <label>:164                                     ; preds = %95
  %165 = and i32 %157, 3
  %166 = getelementptr inbounds [4 x i32], [4 x i32]* %15, i32 0, i32 %165
  %167 = load i32, i32* %166, align 4, !alias.scope !26, !noalias !29
  %168 = add i32 %167, %157
  %169 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  store i32 %168, i32* %166, align 4, !alias.scope !26, !noalias !29
  br label %177

; <label>:170                                     ; preds = %95
  %171 = mul i32 2, %157
  %172 = and i32 %157, 3
  %173 = getelementptr inbounds [4 x i32], [4 x i32]* %17, i32 0, i32 %172
  %174 = load i32, i32* %173, align 4, !alias.scope !29, !noalias !26
  %175 = add i32 %174, %171
  %176 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  store i32 %175, i32* %173, align 4, !alias.scope !29, !noalias !26
  br label %177

; <label>:177                                     ; preds = %170, %164
  %178 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  %179 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  store i32 %138, i32* %12
  %180 = getelementptr inbounds [4 x i32], [4 x i32]* %15, i32 0, i32 0
  %181 = load i32, i32* %180
  store i32 %181, i32* %10
  %182 = getelementptr inbounds [4 x i32], [4 x i32]* %15, i32 0, i32 1
  %183 = load i32, i32* %182
  store i32 %183, i32* %9
  %184 = getelementptr inbounds [4 x i32], [4 x i32]* %15, i32 0, i32 2
  %185 = load i32, i32* %184
  store i32 %185, i32* %8
  %186 = getelementptr inbounds [4 x i32], [4 x i32]* %15, i32 0, i32 3
  %187 = load i32, i32* %186
  store i32 %187, i32* %7
  %188 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  store i32 %148, i32* %11
  %189 = getelementptr inbounds [4 x i32], [4 x i32]* %17, i32 0, i32 0
  %190 = load i32, i32* %189
  store i32 %190, i32* %6
  %191 = getelementptr inbounds [4 x i32], [4 x i32]* %17, i32 0, i32 1
  %192 = load i32, i32* %191
  store i32 %192, i32* %5
  %193 = getelementptr inbounds [4 x i32], [4 x i32]* %17, i32 0, i32 2
  %194 = load i32, i32* %193
  store i32 %194, i32* %4
  %195 = getelementptr inbounds [4 x i32], [4 x i32]* %17, i32 0, i32 3
  %196 = load i32, i32* %195
  store i32 %196, i32* %3
  %197 = and i32 %13, 8
  %198 = icmp ne i32 %197, 0
  br i1 %198, label %199, label %208

; <label>:199                                     ; preds = %177
  %200 = and i32 %13, 3
  %201 = getelementptr inbounds [4 x i32], [4 x i32]* %16, i32 0, i32 %200
  %202 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  %203 = load i32, i32* %201, align 4, !alias.scope !31
  %204 = mul i32 %203, 3
  %205 = add i32 %204, %13
  %206 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  store i32 %205, i32* %201, align 4, !alias.scope !31
  %207 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  br label %218

; <label>:208                                     ; preds = %177
  %209 = add i32 %13, 1
  %210 = and i32 %209, 3
  %211 = getelementptr inbounds [4 x i32], [4 x i32]* %14, i32 0, i32 %210
  %212 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  %213 = load i32, i32* %211, align 4, !alias.scope !34
  %214 = mul i32 %213, 3
  %215 = add i32 %214, %13
  %216 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  store i32 %215, i32* %211, align 4, !alias.scope !34
  %217 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  br label %218

; <label>:218                                     ; preds = %208, %199
  %219 = add i32 %13, 2
  %220 = and i32 %219, 3
  %221 = mul i32 %13, 4
  %222 = add i32 %220, %221
  %223 = getelementptr [64 x i32], [64 x i32] addrspace(3)* @"\01?gs@@3PAUS@@A.1.1dim", i32 0, i32 %222
  %224 = load i32, i32 addrspace(3)* %223, align 4
  %225 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  %226 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  %227 = mul i32 %224, 3
  %228 = add i32 %227, 1
  %229 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  %230 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  store i32 %228, i32 addrspace(3)* %223, align 4
  call void @dx.op.barrier(i32 80, i32 9)  ; Barrier(barrierMode)
  %231 = getelementptr [2 x i32], [2 x i32]* %20, i32 0, i32 0
  %232 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  store i32 %52, i32* %231
  %233 = getelementptr [8 x i32], [8 x i32]* %21, i32 0, i32 0
  %234 = getelementptr inbounds [4 x i32], [4 x i32]* %16, i32 0, i32 0
  %235 = load i32, i32* %234
  store i32 %235, i32* %233
  %236 = getelementptr [8 x i32], [8 x i32]* %21, i32 0, i32 1
  %237 = getelementptr inbounds [4 x i32], [4 x i32]* %16, i32 0, i32 1
  %238 = load i32, i32* %237
  store i32 %238, i32* %236
  %239 = getelementptr [8 x i32], [8 x i32]* %21, i32 0, i32 2
  %240 = getelementptr inbounds [4 x i32], [4 x i32]* %16, i32 0, i32 2
  %241 = load i32, i32* %240
  store i32 %241, i32* %239
  %242 = getelementptr [8 x i32], [8 x i32]* %21, i32 0, i32 3
  %243 = getelementptr inbounds [4 x i32], [4 x i32]* %16, i32 0, i32 3
  %244 = load i32, i32* %243
  store i32 %244, i32* %242
  %245 = getelementptr [2 x i32], [2 x i32]* %20, i32 0, i32 1
  %246 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  store i32 %35, i32* %245
  %247 = getelementptr [8 x i32], [8 x i32]* %21, i32 0, i32 4
  %248 = getelementptr inbounds [4 x i32], [4 x i32]* %14, i32 0, i32 0
  %249 = load i32, i32* %248
  store i32 %249, i32* %247
  %250 = getelementptr [8 x i32], [8 x i32]* %21, i32 0, i32 5
  %251 = getelementptr inbounds [4 x i32], [4 x i32]* %14, i32 0, i32 1
  %252 = load i32, i32* %251
  store i32 %252, i32* %250
  %253 = getelementptr [8 x i32], [8 x i32]* %21, i32 0, i32 6
  %254 = getelementptr inbounds [4 x i32], [4 x i32]* %14, i32 0, i32 2
  %255 = load i32, i32* %254
  store i32 %255, i32* %253
  %256 = getelementptr [8 x i32], [8 x i32]* %21, i32 0, i32 7
  %257 = getelementptr inbounds [4 x i32], [4 x i32]* %14, i32 0, i32 3
  %258 = load i32, i32* %257
  store i32 %258, i32* %256
  %259 = getelementptr [2 x i32], [2 x i32]* %18, i32 0, i32 0
  %260 = getelementptr [16 x i32], [16 x i32] addrspace(3)* @"\01?gs@@3PAUS@@A.0", i32 0, i32 %13
  %261 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  %262 = load i32, i32 addrspace(3)* %260
  store i32 %262, i32* %259
  %263 = getelementptr [8 x i32], [8 x i32]* %19, i32 0, i32 0
  %264 = mul i32 %13, 4
  %265 = add i32 0, %264
  %266 = getelementptr [64 x i32], [64 x i32] addrspace(3)* @"\01?gs@@3PAUS@@A.1.1dim", i32 0, i32 %265
  %267 = load i32, i32 addrspace(3)* %266
  store i32 %267, i32* %263
  %268 = getelementptr [8 x i32], [8 x i32]* %19, i32 0, i32 1
  %269 = mul i32 %13, 4
  %270 = add i32 1, %269
  %271 = getelementptr [64 x i32], [64 x i32] addrspace(3)* @"\01?gs@@3PAUS@@A.1.1dim", i32 0, i32 %270
  %272 = load i32, i32 addrspace(3)* %271
  store i32 %272, i32* %268
  %273 = getelementptr [8 x i32], [8 x i32]* %19, i32 0, i32 2
  %274 = mul i32 %13, 4
  %275 = add i32 2, %274
  %276 = getelementptr [64 x i32], [64 x i32] addrspace(3)* @"\01?gs@@3PAUS@@A.1.1dim", i32 0, i32 %275
  %277 = load i32, i32 addrspace(3)* %276
  store i32 %277, i32* %273
  %278 = getelementptr [8 x i32], [8 x i32]* %19, i32 0, i32 3
  %279 = mul i32 %13, 4
  %280 = add i32 3, %279
  %281 = getelementptr [64 x i32], [64 x i32] addrspace(3)* @"\01?gs@@3PAUS@@A.1.1dim", i32 0, i32 %280
  %282 = load i32, i32 addrspace(3)* %281
  store i32 %282, i32* %278
  %283 = getelementptr [2 x i32], [2 x i32]* %18, i32 0, i32 1
  %284 = add i32 %13, 1
  %285 = and i32 %284, 15
  %286 = getelementptr [16 x i32], [16 x i32] addrspace(3)* @"\01?gs@@3PAUS@@A.0", i32 0, i32 %285
  %287 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  %288 = load i32, i32 addrspace(3)* %286
  store i32 %288, i32* %283
  %289 = getelementptr [8 x i32], [8 x i32]* %19, i32 0, i32 4
  %290 = mul i32 %285, 4
  %291 = add i32 0, %290
  %292 = getelementptr [64 x i32], [64 x i32] addrspace(3)* @"\01?gs@@3PAUS@@A.1.1dim", i32 0, i32 %291
  %293 = load i32, i32 addrspace(3)* %292
  store i32 %293, i32* %289
  %294 = getelementptr [8 x i32], [8 x i32]* %19, i32 0, i32 5
  %295 = mul i32 %285, 4
  %296 = add i32 1, %295
  %297 = getelementptr [64 x i32], [64 x i32] addrspace(3)* @"\01?gs@@3PAUS@@A.1.1dim", i32 0, i32 %296
  %298 = load i32, i32 addrspace(3)* %297
  store i32 %298, i32* %294
  %299 = getelementptr [8 x i32], [8 x i32]* %19, i32 0, i32 6
  %300 = mul i32 %285, 4
  %301 = add i32 2, %300
  %302 = getelementptr [64 x i32], [64 x i32] addrspace(3)* @"\01?gs@@3PAUS@@A.1.1dim", i32 0, i32 %301
  %303 = load i32, i32 addrspace(3)* %302
  store i32 %303, i32* %299
  %304 = getelementptr [8 x i32], [8 x i32]* %19, i32 0, i32 7
  %305 = mul i32 %285, 4
  %306 = add i32 3, %305
  %307 = getelementptr [64 x i32], [64 x i32] addrspace(3)* @"\01?gs@@3PAUS@@A.1.1dim", i32 0, i32 %306
  %308 = load i32, i32 addrspace(3)* %307
  store i32 %308, i32* %304
  %309 = call %dx.types.ResRet.i32 @dx.op.bufferLoad.i32(i32 68, %dx.types.Handle %2, i32 %13, i32 0)  ; BufferLoad(srv,index,wot)
  %310 = extractvalue %dx.types.ResRet.i32 %309, 0
  %311 = and i32 %310, 7
  %312 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  %313 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  %314 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  %315 = icmp ult i32 0, %311
  br i1 %315, label %316, label %336

; <label>:316                                     ; preds = %218
  br label %317

; <label>:317                                     ; preds = %317, %316
  %318 = phi i32 [ 0, %316 ], [ %330, %317 ]
  %319 = phi i32 [ 0, %316 ], [ %332, %317 ]
  %320 = and i32 %319, 3
  %321 = and i32 %319, 1
  %322 = mul i32 %321, 4
  %323 = add i32 %320, %322
  %324 = getelementptr [8 x i32], [8 x i32]* %21, i32 0, i32 %323
  %325 = load i32, i32* %324, align 4
  %326 = and i32 %319, 1
  %327 = getelementptr inbounds [2 x i32], [2 x i32]* %20, i32 0, i32 %326
  %328 = load i32, i32* %327, align 4
  %329 = add i32 %325, %328
  %330 = add i32 %318, %329
  %331 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  %332 = add i32 %319, 1
  %333 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  %334 = icmp ult i32 %332, %311
  br i1 %334, label %317, label %335

; <label>:335                                     ; preds = %317
  br label %336

; <label>:336                                     ; preds = %335, %218
  %337 = phi i32 [ %330, %335 ], [ 0, %218 ]
  %338 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  %339 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  %340 = getelementptr [2 x i32], [2 x i32]* %22, i32 0, i32 0
  %341 = load i32, i32* %12
  store i32 %341, i32* %340
  %342 = getelementptr [8 x i32], [8 x i32]* %23, i32 0, i32 0
  %343 = load i32, i32* %10
  store i32 %343, i32* %342
  %344 = getelementptr [8 x i32], [8 x i32]* %23, i32 0, i32 1
  %345 = load i32, i32* %9
  store i32 %345, i32* %344
  %346 = getelementptr [8 x i32], [8 x i32]* %23, i32 0, i32 2
  %347 = load i32, i32* %8
  store i32 %347, i32* %346
  %348 = getelementptr [8 x i32], [8 x i32]* %23, i32 0, i32 3
  %349 = load i32, i32* %7
  store i32 %349, i32* %348
  %350 = getelementptr [2 x i32], [2 x i32]* %22, i32 0, i32 1
  %351 = load i32, i32* %11
  store i32 %351, i32* %350
  %352 = getelementptr [8 x i32], [8 x i32]* %23, i32 0, i32 4
  %353 = load i32, i32* %6
  store i32 %353, i32* %352
  %354 = getelementptr [8 x i32], [8 x i32]* %23, i32 0, i32 5
  %355 = load i32, i32* %5
  store i32 %355, i32* %354
  %356 = getelementptr [8 x i32], [8 x i32]* %23, i32 0, i32 6
  %357 = load i32, i32* %4
  store i32 %357, i32* %356
  %358 = getelementptr [8 x i32], [8 x i32]* %23, i32 0, i32 7
  %359 = load i32, i32* %3
  store i32 %359, i32* %358
  %360 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  %361 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  %362 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  br label %363

; <label>:363                                     ; preds = %336
  br label %364

; <label>:364                                     ; preds = %364, %363
  %365 = phi i32 [ 0, %363 ], [ %377, %364 ]
  %366 = phi i32 [ 0, %363 ], [ %379, %364 ]
  %367 = and i32 %366, 3
  %368 = and i32 %366, 1
  %369 = mul i32 %368, 4
  %370 = add i32 %367, %369
  %371 = getelementptr [8 x i32], [8 x i32]* %23, i32 0, i32 %370
  %372 = load i32, i32* %371, align 4
  %373 = and i32 %366, 1
  %374 = getelementptr inbounds [2 x i32], [2 x i32]* %22, i32 0, i32 %373
  %375 = load i32, i32* %374, align 4
  %376 = add i32 %372, %375
  %377 = add i32 %365, %376
  %378 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  %379 = add i32 %366, 1
  %380 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  %381 = icmp ult i32 %379, 5
  br i1 %381, label %364, label %382

; <label>:382                                     ; preds = %364
  br label %383

; <label>:383                                     ; preds = %382
  %384 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  %385 = add i32 %337, %377
  %386 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  %387 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  %388 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  br label %389

; <label>:389                                     ; preds = %383
  br label %390

; <label>:390                                     ; preds = %390, %389
  %391 = phi i32 [ 0, %389 ], [ %405, %390 ]
  %392 = phi i32 [ 0, %389 ], [ %403, %390 ]
  %393 = and i32 %391, 3
  %394 = and i32 %391, 1
  %395 = mul i32 %394, 4
  %396 = add i32 %393, %395
  %397 = getelementptr [8 x i32], [8 x i32]* %19, i32 0, i32 %396
  %398 = load i32, i32* %397, align 4
  %399 = and i32 %391, 1
  %400 = getelementptr inbounds [2 x i32], [2 x i32]* %18, i32 0, i32 %399
  %401 = load i32, i32* %400, align 4
  %402 = add i32 %398, %401
  %403 = add i32 %392, %402
  %404 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  %405 = add i32 %391, 1
  %406 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  %407 = icmp ult i32 %405, 6
  br i1 %407, label %390, label %408

; <label>:408                                     ; preds = %390
  br label %409

; <label>:409                                     ; preds = %408
  %410 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
  %411 = add i32 %385, %403
  call void @dx.op.bufferStore.i32(i32 69, %dx.types.Handle %1, i32 %13, i32 0, i32 %411, i32 undef, i32 undef, i32 undef, i8 1)  ; BufferStore(uav,coord0,coord1,value0,value1,value2,value3,mask)
  %412 = load i32, i32* getelementptr inbounds ([1 x i32], [1 x i32]* @dx.nothing.a, i32 0, i32 0)
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
!13 = !{!14}
!14 = distinct !{!14, !15, !"\01?fill@@YAXUS@@I@Z: %s"}
!15 = distinct !{!15, !"\01?fill@@YAXUS@@I@Z"}
!16 = !{!17}
!17 = distinct !{!17, !18, !"\01?pick@@YAXUS@@0_NI@Z: %a"}
!18 = distinct !{!18, !"\01?pick@@YAXUS@@0_NI@Z"}
!19 = !{!20}
!20 = distinct !{!20, !18, !"\01?pick@@YAXUS@@0_NI@Z: %b"}
!21 = !{!22}
!22 = distinct !{!22, !23, !"\01?pick@@YAXUS@@0_NI@Z: %a"}
!23 = distinct !{!23, !"\01?pick@@YAXUS@@0_NI@Z"}
!24 = !{!25}
!25 = distinct !{!25, !23, !"\01?pick@@YAXUS@@0_NI@Z: %b"}
!26 = !{!27}
!27 = distinct !{!27, !28, !"\01?pick@@YAXUS@@0_NI@Z: %a"}
!28 = distinct !{!28, !"\01?pick@@YAXUS@@0_NI@Z"}
!29 = !{!30}
!30 = distinct !{!30, !28, !"\01?pick@@YAXUS@@0_NI@Z: %b"}
!31 = !{!32}
!32 = distinct !{!32, !33, !"\01?bump@@YAXAIAII@Z: %x"}
!33 = distinct !{!33, !"\01?bump@@YAXAIAII@Z"}
!34 = !{!35}
!35 = distinct !{!35, !36, !"\01?bump@@YAXAIAII@Z: %x"}
!36 = distinct !{!36, !"\01?bump@@YAXAIAII@Z"}

