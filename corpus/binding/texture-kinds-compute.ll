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
; shader hash: 52bfbef7fc023b9a79df729f20e852a2
;
; Pipeline Runtime Information: 
;
;PSVRuntimeInfo:
; Compute Shader
; NumThreads=(6,1,1)
; NumBytesGroupSharedMemory: 0
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
; Resource bind info for Out
; {
;
;   float4 $Element;                                  ; Offset:    0 Size:    16
;
; }
;
;
; Resource Bindings:
;
; Name                                 Type  Format         Dim      ID      HLSL Bind  Count
; ------------------------------ ---------- ------- ----------- ------- -------------- ------
; Pt                                sampler      NA          NA      S0             s0     1
; Lin                               sampler      NA          NA      S1             s1     1
; T1                                texture     f32          1d      T0             t0     1
; T1A                               texture     f32     1darray      T1             t1     1
; TC                                texture     f32        cube      T2             t2     1
; TCA                               texture     f32   cubearray      T3             t3     1
; T3                                texture     f32          3d      T4             t4     1
; Out                                   UAV  struct         r/w      U0             u0     1
;
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { i8* }
%dx.types.Dimensions = type { i32, i32, i32, i32 }
%dx.types.ResRet.f32 = type { float, float, float, float, i32 }
%"class.Texture1D<vector<float, 4> >" = type { <4 x float>, %"class.Texture1D<vector<float, 4> >::mips_type" }
%"class.Texture1D<vector<float, 4> >::mips_type" = type { i32 }
%"class.Texture1DArray<vector<float, 4> >" = type { <4 x float>, %"class.Texture1DArray<vector<float, 4> >::mips_type" }
%"class.Texture1DArray<vector<float, 4> >::mips_type" = type { i32 }
%"class.TextureCube<vector<float, 4> >" = type { <4 x float> }
%"class.TextureCubeArray<vector<float, 4> >" = type { <4 x float> }
%"class.Texture3D<float>" = type { float, %"class.Texture3D<float>::mips_type" }
%"class.Texture3D<float>::mips_type" = type { i32 }
%"class.RWStructuredBuffer<vector<float, 4> >" = type { <4 x float> }
%struct.SamplerState = type { i32 }

@Dirs.v.1dim = internal constant [18 x float] [float 1.000000e+00, float 5.000000e-01, float -5.000000e-01, float -1.000000e+00, float -5.000000e-01, float 5.000000e-01, float 5.000000e-01, float 1.000000e+00, float 5.000000e-01, float -5.000000e-01, float -1.000000e+00, float -5.000000e-01, float 5.000000e-01, float -5.000000e-01, float 1.000000e+00, float -5.000000e-01, float 5.000000e-01, float -1.000000e+00], align 4

define void @main() {
  %1 = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 0, i32 0, i1 false)  ; CreateHandle(resourceClass,rangeId,index,nonUniformIndex)
  %2 = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 0, i32 4, i32 4, i1 false)  ; CreateHandle(resourceClass,rangeId,index,nonUniformIndex)
  %3 = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 0, i32 3, i32 3, i1 false)  ; CreateHandle(resourceClass,rangeId,index,nonUniformIndex)
  %4 = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 0, i32 2, i32 2, i1 false)  ; CreateHandle(resourceClass,rangeId,index,nonUniformIndex)
  %5 = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 0, i32 1, i32 1, i1 false)  ; CreateHandle(resourceClass,rangeId,index,nonUniformIndex)
  %6 = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 0, i32 0, i32 0, i1 false)  ; CreateHandle(resourceClass,rangeId,index,nonUniformIndex)
  %7 = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 3, i32 1, i32 1, i1 false)  ; CreateHandle(resourceClass,rangeId,index,nonUniformIndex)
  %8 = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 3, i32 0, i32 0, i1 false)  ; CreateHandle(resourceClass,rangeId,index,nonUniformIndex)
  %9 = call i32 @dx.op.threadId.i32(i32 93, i32 0)  ; ThreadId(component)
  %10 = mul i32 %9, 3
  %11 = add i32 0, %10
  %12 = getelementptr [18 x float], [18 x float]* @Dirs.v.1dim, i32 0, i32 %11
  %13 = load float, float* %12, align 4
  %14 = mul i32 %9, 3
  %15 = add i32 1, %14
  %16 = getelementptr [18 x float], [18 x float]* @Dirs.v.1dim, i32 0, i32 %15
  %17 = load float, float* %16, align 4
  %18 = mul i32 %9, 3
  %19 = add i32 2, %18
  %20 = getelementptr [18 x float], [18 x float]* @Dirs.v.1dim, i32 0, i32 %19
  %21 = load float, float* %20, align 4
  %22 = call %dx.types.Dimensions @dx.op.getDimensions(i32 72, %dx.types.Handle %6, i32 1)  ; GetDimensions(handle,mipLevel)
  %23 = extractvalue %dx.types.Dimensions %22, 0
  %24 = extractvalue %dx.types.Dimensions %22, 3
  %25 = call %dx.types.ResRet.f32 @dx.op.sampleLevel.f32(i32 62, %dx.types.Handle %4, %dx.types.Handle %8, float %13, float %17, float %21, float undef, i32 undef, i32 undef, i32 undef, float 0.000000e+00)  ; SampleLevel(srv,sampler,coord0,coord1,coord2,coord3,offset0,offset1,offset2,LOD)
  %26 = extractvalue %dx.types.ResRet.f32 %25, 0
  %27 = extractvalue %dx.types.ResRet.f32 %25, 1
  %28 = extractvalue %dx.types.ResRet.f32 %25, 2
  %29 = extractvalue %dx.types.ResRet.f32 %25, 3
  %30 = mul i32 %9, 6
  call void @dx.op.bufferStore.f32(i32 69, %dx.types.Handle %1, i32 %30, i32 0, float %26, float %27, float %28, float %29, i8 15)  ; BufferStore(uav,coord0,coord1,value0,value1,value2,value3,mask)
  %31 = call %dx.types.ResRet.f32 @dx.op.sampleLevel.f32(i32 62, %dx.types.Handle %3, %dx.types.Handle %8, float %13, float %17, float %21, float 1.000000e+00, i32 undef, i32 undef, i32 undef, float 0.000000e+00)  ; SampleLevel(srv,sampler,coord0,coord1,coord2,coord3,offset0,offset1,offset2,LOD)
  %32 = extractvalue %dx.types.ResRet.f32 %31, 0
  %33 = extractvalue %dx.types.ResRet.f32 %31, 1
  %34 = extractvalue %dx.types.ResRet.f32 %31, 2
  %35 = extractvalue %dx.types.ResRet.f32 %31, 3
  %36 = or i32 %30, 1
  call void @dx.op.bufferStore.f32(i32 69, %dx.types.Handle %1, i32 %36, i32 0, float %32, float %33, float %34, float %35, i8 15)  ; BufferStore(uav,coord0,coord1,value0,value1,value2,value3,mask)
  %37 = uitofp i32 %9 to float
  %38 = fadd fast float %37, 5.000000e-01
  %39 = fmul fast float %38, 1.250000e-01
  %40 = urem i32 %9, 3
  %41 = uitofp i32 %40 to float
  %42 = call %dx.types.ResRet.f32 @dx.op.sampleLevel.f32(i32 62, %dx.types.Handle %5, %dx.types.Handle %8, float %39, float %41, float undef, float undef, i32 0, i32 undef, i32 undef, float 0.000000e+00)  ; SampleLevel(srv,sampler,coord0,coord1,coord2,coord3,offset0,offset1,offset2,LOD)
  %43 = extractvalue %dx.types.ResRet.f32 %42, 0
  %44 = extractvalue %dx.types.ResRet.f32 %42, 1
  %45 = extractvalue %dx.types.ResRet.f32 %42, 2
  %46 = extractvalue %dx.types.ResRet.f32 %42, 3
  %47 = add i32 %30, 2
  call void @dx.op.bufferStore.f32(i32 69, %dx.types.Handle %1, i32 %47, i32 0, float %43, float %44, float %45, float %46, i8 15)  ; BufferStore(uav,coord0,coord1,value0,value1,value2,value3,mask)
  %48 = add i32 %9, 2
  %49 = sub nsw i32 2, %40
  %50 = call %dx.types.ResRet.f32 @dx.op.textureLoad.f32(i32 66, %dx.types.Handle %5, i32 0, i32 %48, i32 %49, i32 undef, i32 undef, i32 undef, i32 undef)  ; TextureLoad(srv,mipLevelOrSampleCount,coord0,coord1,coord2,offset0,offset1,offset2)
  %51 = extractvalue %dx.types.ResRet.f32 %50, 0
  %52 = extractvalue %dx.types.ResRet.f32 %50, 1
  %53 = extractvalue %dx.types.ResRet.f32 %50, 2
  %54 = extractvalue %dx.types.ResRet.f32 %50, 3
  %55 = add i32 %30, 3
  call void @dx.op.bufferStore.f32(i32 69, %dx.types.Handle %1, i32 %55, i32 0, float %51, float %52, float %53, float %54, i8 15)  ; BufferStore(uav,coord0,coord1,value0,value1,value2,value3,mask)
  %56 = and i32 %9, 3
  %57 = uitofp i32 %56 to float
  %58 = call %dx.types.ResRet.f32 @dx.op.sampleLevel.f32(i32 62, %dx.types.Handle %6, %dx.types.Handle %8, float %39, float undef, float undef, float undef, i32 0, i32 undef, i32 undef, float %57)  ; SampleLevel(srv,sampler,coord0,coord1,coord2,coord3,offset0,offset1,offset2,LOD)
  %59 = extractvalue %dx.types.ResRet.f32 %58, 0
  %60 = extractvalue %dx.types.ResRet.f32 %58, 1
  %61 = extractvalue %dx.types.ResRet.f32 %58, 2
  %62 = extractvalue %dx.types.ResRet.f32 %58, 3
  %63 = add i32 %30, 4
  call void @dx.op.bufferStore.f32(i32 69, %dx.types.Handle %1, i32 %63, i32 0, float %59, float %60, float %61, float %62, i8 15)  ; BufferStore(uav,coord0,coord1,value0,value1,value2,value3,mask)
  %64 = add i32 %9, 1
  %65 = uitofp i32 %64 to float
  %66 = fmul fast float %65, 1.250000e-01
  %67 = call %dx.types.ResRet.f32 @dx.op.sampleLevel.f32(i32 62, %dx.types.Handle %2, %dx.types.Handle %7, float 2.500000e-01, float 7.500000e-01, float %66, float undef, i32 0, i32 0, i32 0, float 0.000000e+00)  ; SampleLevel(srv,sampler,coord0,coord1,coord2,coord3,offset0,offset1,offset2,LOD)
  %68 = extractvalue %dx.types.ResRet.f32 %67, 0
  %69 = uitofp i32 %23 to float
  %70 = uitofp i32 %24 to float
  %71 = add i32 %30, 5
  call void @dx.op.bufferStore.f32(i32 69, %dx.types.Handle %1, i32 %71, i32 0, float %68, float %69, float %70, float 0.000000e+00, i8 15)  ; BufferStore(uav,coord0,coord1,value0,value1,value2,value3,mask)
  ret void
}

; Function Attrs: nounwind readnone
declare i32 @dx.op.threadId.i32(i32, i32) #0

; Function Attrs: nounwind readonly
declare %dx.types.Dimensions @dx.op.getDimensions(i32, %dx.types.Handle, i32) #1

; Function Attrs: nounwind readonly
declare %dx.types.ResRet.f32 @dx.op.sampleLevel.f32(i32, %dx.types.Handle, %dx.types.Handle, float, float, float, float, i32, i32, i32, float) #1

; Function Attrs: nounwind readonly
declare %dx.types.ResRet.f32 @dx.op.textureLoad.f32(i32, %dx.types.Handle, i32, i32, i32, i32, i32, i32, i32) #1

; Function Attrs: nounwind readonly
declare %dx.types.Handle @dx.op.createHandle(i32, i8, i32, i32, i1) #1

; Function Attrs: nounwind
declare void @dx.op.bufferStore.f32(i32, %dx.types.Handle, i32, i32, float, float, float, float, i8) #2

attributes #0 = { nounwind readnone }
attributes #1 = { nounwind readonly }
attributes #2 = { nounwind }

!llvm.ident = !{!0}
!dx.version = !{!1}
!dx.valver = !{!2}
!dx.shaderModel = !{!3}
!dx.resources = !{!4}
!dx.entryPoints = !{!18}

!0 = !{!"dxc(private) 1.9.0.15466 (main, 9a3e225d)"}
!1 = !{i32 1, i32 0}
!2 = !{i32 1, i32 10}
!3 = !{!"cs", i32 6, i32 0}
!4 = !{!5, !12, null, !15}
!5 = !{!6, !8, !9, !10, !11}
!6 = !{i32 0, %"class.Texture1D<vector<float, 4> >"* undef, !"", i32 0, i32 0, i32 1, i32 1, i32 0, !7}
!7 = !{i32 0, i32 9}
!8 = !{i32 1, %"class.Texture1DArray<vector<float, 4> >"* undef, !"", i32 0, i32 1, i32 1, i32 6, i32 0, !7}
!9 = !{i32 2, %"class.TextureCube<vector<float, 4> >"* undef, !"", i32 0, i32 2, i32 1, i32 5, i32 0, !7}
!10 = !{i32 3, %"class.TextureCubeArray<vector<float, 4> >"* undef, !"", i32 0, i32 3, i32 1, i32 9, i32 0, !7}
!11 = !{i32 4, %"class.Texture3D<float>"* undef, !"", i32 0, i32 4, i32 1, i32 4, i32 0, !7}
!12 = !{!13}
!13 = !{i32 0, %"class.RWStructuredBuffer<vector<float, 4> >"* undef, !"", i32 0, i32 0, i32 1, i32 12, i1 false, i1 false, i1 false, !14}
!14 = !{i32 1, i32 16}
!15 = !{!16, !17}
!16 = !{i32 0, %struct.SamplerState* undef, !"", i32 0, i32 0, i32 1, i32 0, null}
!17 = !{i32 1, %struct.SamplerState* undef, !"", i32 0, i32 1, i32 1, i32 0, null}
!18 = !{void ()* @main, !"main", null, !4, !19}
!19 = !{i32 0, i64 16, i32 4, !20}
!20 = !{i32 6, i32 1, i32 1}

