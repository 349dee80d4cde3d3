; shader hash: 891a7c9e5ac190ef002e8a39519a4d66
;
; Buffer Definitions:
;
; cbuffer Consts
; {
;
;   struct Consts
;   {
;
;       uint Scale;                                   ; Offset:    0
;       uint Bias;                                    ; Offset:    4
;       uint Pick;                                    ; Offset:    8
;   
;   } Consts;                                         ; Offset:    0 Size:    12
;
; }
;
; cbuffer Params
; {
;
;   struct Params
;   {
;
;       uint4 Mix;                                    ; Offset:    0
;   
;   } Params;                                         ; Offset:    0 Size:    16
;
; }
;
; Resource bind info for Weights
; {
;
;   uint $Element;                                    ; Offset:    0 Size:     4
;
; }
;
; Resource bind info for Tables
; {
;
;   uint $Element;                                    ; Offset:    0 Size:     4
;
; }
;
; Resource bind info for Output
; {
;
;   uint4 $Element;                                   ; Offset:    0 Size:    16
;
; }
;
;
; Resource Bindings:
;
; Name                                 Type  Format         Dim      ID      HLSL Bind  Count
; ------------------------------ ---------- ------- ----------- ------- -------------- ------
; Consts                            cbuffer      NA          NA     CB0     cb0,space1     1
; Params                            cbuffer      NA          NA     CB1     cb1,space1     1
; Weights                           texture  struct         r/o      T0      t0,space1     1
; Tables                            texture  struct         r/o      T1      t1,space1     2
; Scene                             texture     i32         ras      T2             t0     1
; Output                                UAV  struct         r/w      U0             u0     1
;
;
; Subobjects:
;
;  GlobalRootSignature SceneGlobal = { <72 bytes> };
;  LocalRootSignature HitLocal = { <140 bytes> };
;  SubobjectToExportsAssociation HitAssoc = { "HitLocal", { "RecordGroup" }  };
;  HitGroup RecordGroup = { HitGroupType = Triangle, Anyhit = "", Closesthit = "RecordClosestHit", Intersection = "" };
;  RaytracingShaderConfig Cfg = { MaxPayloadSizeInBytes = 16, MaxAttributeSizeInBytes = 8 };
;  RaytracingPipelineConfig Pipe = { MaxTraceRecursionDepth = 1 };
;
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%"class.StructuredBuffer<unsigned int>" = type { i32 }
%struct.RaytracingAccelerationStructure = type { i32 }
%"class.RWStructuredBuffer<vector<unsigned int, 4> >" = type { <4 x i32> }
%Consts = type { i32, i32, i32 }
%Params = type { <4 x i32> }
%struct.Payload = type { <4 x i32> }
%dx.types.Handle = type { i8* }
%struct.BuiltInTriangleIntersectionAttributes = type { <2 x float> }
%dx.types.CBufRet.i32 = type { i32, i32, i32, i32 }
%dx.types.ResRet.i32 = type { i32, i32, i32, i32, i32 }

@"\01?Weights@@3V?$StructuredBuffer@I@@A" = external constant %"class.StructuredBuffer<unsigned int>", align 4
@"\01?Tables@@3PAV?$StructuredBuffer@I@@A" = external constant [2 x %"class.StructuredBuffer<unsigned int>"], align 4
@"\01?Scene@@3URaytracingAccelerationStructure@@A" = external constant %struct.RaytracingAccelerationStructure, align 4
@"\01?Output@@3V?$RWStructuredBuffer@V?$vector@I$03@@@@A" = external constant %"class.RWStructuredBuffer<vector<unsigned int, 4> >", align 4
@Consts = external constant %Consts
@Params = external constant %Params

; Function Attrs: nounwind
define void @"\01?RecordRayGen@@YAXXZ"() #0 {
  %1 = load %struct.RaytracingAccelerationStructure, %struct.RaytracingAccelerationStructure* @"\01?Scene@@3URaytracingAccelerationStructure@@A", align 4
  %2 = load %"class.RWStructuredBuffer<vector<unsigned int, 4> >", %"class.RWStructuredBuffer<vector<unsigned int, 4> >"* @"\01?Output@@3V?$RWStructuredBuffer@V?$vector@I$03@@@@A", align 4
  %3 = alloca %struct.Payload, align 8
  %4 = call i32 @dx.op.dispatchRaysIndex.i32(i32 145, i8 0)  ; DispatchRaysIndex(col)
  %5 = icmp ult i32 %4, 4
  %6 = select i1 %5, float 2.500000e-01, float 5.000000e+01
  %7 = call %dx.types.Handle @dx.op.createHandleForLib.struct.RaytracingAccelerationStructure(i32 160, %struct.RaytracingAccelerationStructure %1)  ; CreateHandleForLib(Resource)
  %8 = getelementptr inbounds %struct.Payload, %struct.Payload* %3, i32 0, i32 0
  store <4 x i32> <i32 57005, i32 0, i32 0, i32 0>, <4 x i32>* %8, align 8
  call void @dx.op.traceRay.struct.Payload(i32 157, %dx.types.Handle %7, i32 1, i32 255, i32 0, i32 0, i32 0, float %6, float 2.500000e-01, float -1.000000e+00, float 0.000000e+00, float 0.000000e+00, float 0.000000e+00, float 1.000000e+00, float 1.000000e+01, %struct.Payload* nonnull %3)  ; TraceRay(AccelerationStructure,RayFlags,InstanceInclusionMask,RayContributionToHitGroupIndex,MultiplierForGeometryContributionToShaderIndex,MissShaderIndex,Origin_X,Origin_Y,Origin_Z,TMin,Direction_X,Direction_Y,Direction_Z,TMax,payload)
  %9 = load <4 x i32>, <4 x i32>* %8, align 8
  %10 = call %dx.types.Handle @"dx.op.createHandleForLib.class.RWStructuredBuffer<vector<unsigned int, 4> >"(i32 160, %"class.RWStructuredBuffer<vector<unsigned int, 4> >" %2)  ; CreateHandleForLib(Resource)
  %11 = extractelement <4 x i32> %9, i64 0
  %12 = extractelement <4 x i32> %9, i64 1
  %13 = extractelement <4 x i32> %9, i64 2
  %14 = extractelement <4 x i32> %9, i64 3
  call void @dx.op.rawBufferStore.i32(i32 140, %dx.types.Handle %10, i32 %4, i32 0, i32 %11, i32 %12, i32 %13, i32 %14, i8 15, i32 4)  ; RawBufferStore(uav,index,elementOffset,value0,value1,value2,value3,mask,alignment)
  ret void
}

; Function Attrs: nounwind
define void @"\01?RecordMiss@@YAXUPayload@@@Z"(%struct.Payload* noalias nocapture %p) #0 {
  %1 = getelementptr inbounds %struct.Payload, %struct.Payload* %p, i32 0, i32 0
  store <4 x i32> <i32 7, i32 7, i32 7, i32 7>, <4 x i32>* %1, align 4
  ret void
}

; Function Attrs: nounwind
define void @"\01?RecordClosestHit@@YAXUPayload@@UBuiltInTriangleIntersectionAttributes@@@Z"(%struct.Payload* noalias nocapture %p, %struct.BuiltInTriangleIntersectionAttributes* nocapture readnone %a) #0 {
  %1 = load %"class.StructuredBuffer<unsigned int>", %"class.StructuredBuffer<unsigned int>"* @"\01?Weights@@3V?$StructuredBuffer@I@@A", align 4
  %2 = load %Params, %Params* @Params, align 4
  %3 = load %Consts, %Consts* @Consts, align 4
  %4 = call %dx.types.Handle @dx.op.createHandleForLib.Params(i32 160, %Params %2)  ; CreateHandleForLib(Resource)
  %5 = call %dx.types.Handle @dx.op.createHandleForLib.Consts(i32 160, %Consts %3)  ; CreateHandleForLib(Resource)
  %6 = call i32 @dx.op.dispatchRaysIndex.i32(i32 145, i8 0)  ; DispatchRaysIndex(col)
  %7 = call %dx.types.CBufRet.i32 @dx.op.cbufferLoadLegacy.i32(i32 59, %dx.types.Handle %5, i32 0)  ; CBufferLoadLegacy(handle,regIndex)
  %8 = extractvalue %dx.types.CBufRet.i32 %7, 0
  %9 = mul i32 %8, %6
  %10 = extractvalue %dx.types.CBufRet.i32 %7, 1
  %11 = add i32 %9, %10
  %12 = call %dx.types.CBufRet.i32 @dx.op.cbufferLoadLegacy.i32(i32 59, %dx.types.Handle %4, i32 0)  ; CBufferLoadLegacy(handle,regIndex)
  %13 = extractvalue %dx.types.CBufRet.i32 %12, 1
  %14 = call %dx.types.Handle @"dx.op.createHandleForLib.class.StructuredBuffer<unsigned int>"(i32 160, %"class.StructuredBuffer<unsigned int>" %1)  ; CreateHandleForLib(Resource)
  %15 = call %dx.types.ResRet.i32 @dx.op.rawBufferLoad.i32(i32 139, %dx.types.Handle %14, i32 %6, i32 0, i8 1, i32 4)  ; RawBufferLoad(srv,index,elementOffset,mask,alignment)
  %16 = extractvalue %dx.types.ResRet.i32 %15, 0
  %17 = add i32 %16, %13
  %18 = extractvalue %dx.types.CBufRet.i32 %7, 2
  %19 = getelementptr inbounds [2 x %"class.StructuredBuffer<unsigned int>"], [2 x %"class.StructuredBuffer<unsigned int>"]* @"\01?Tables@@3PAV?$StructuredBuffer@I@@A", i32 0, i32 %18
  %20 = load %"class.StructuredBuffer<unsigned int>", %"class.StructuredBuffer<unsigned int>"* %19, align 4
  %21 = call %dx.types.Handle @"dx.op.createHandleForLib.class.StructuredBuffer<unsigned int>"(i32 160, %"class.StructuredBuffer<unsigned int>" %20)  ; CreateHandleForLib(Resource)
  %22 = call %dx.types.ResRet.i32 @dx.op.rawBufferLoad.i32(i32 139, %dx.types.Handle %21, i32 %6, i32 0, i8 1, i32 4)  ; RawBufferLoad(srv,index,elementOffset,mask,alignment)
  %23 = extractvalue %dx.types.ResRet.i32 %22, 0
  %24 = and i32 %6, 1
  %25 = getelementptr inbounds [2 x %"class.StructuredBuffer<unsigned int>"], [2 x %"class.StructuredBuffer<unsigned int>"]* @"\01?Tables@@3PAV?$StructuredBuffer@I@@A", i32 0, i32 %24, !dx.nonuniform !34
  %26 = load %"class.StructuredBuffer<unsigned int>", %"class.StructuredBuffer<unsigned int>"* %25, align 4
  %27 = call %dx.types.Handle @"dx.op.createHandleForLib.class.StructuredBuffer<unsigned int>"(i32 160, %"class.StructuredBuffer<unsigned int>" %26)  ; CreateHandleForLib(Resource)
  %28 = call %dx.types.ResRet.i32 @dx.op.rawBufferLoad.i32(i32 139, %dx.types.Handle %27, i32 0, i32 0, i8 1, i32 4)  ; RawBufferLoad(srv,index,elementOffset,mask,alignment)
  %29 = extractvalue %dx.types.ResRet.i32 %28, 0
  %30 = call %dx.types.CBufRet.i32 @dx.op.cbufferLoadLegacy.i32(i32 59, %dx.types.Handle %4, i32 0)  ; CBufferLoadLegacy(handle,regIndex)
  %31 = extractvalue %dx.types.CBufRet.i32 %30, 3
  %32 = add i32 %31, %29
  %33 = insertelement <4 x i32> undef, i32 %11, i64 0
  %34 = insertelement <4 x i32> %33, i32 %17, i64 1
  %35 = insertelement <4 x i32> %34, i32 %23, i64 2
  %36 = insertelement <4 x i32> %35, i32 %32, i64 3
  %37 = getelementptr inbounds %struct.Payload, %struct.Payload* %p, i32 0, i32 0
  store <4 x i32> %36, <4 x i32>* %37, align 4
  ret void
}

; Function Attrs: nounwind readnone
declare i32 @dx.op.dispatchRaysIndex.i32(i32, i8) #1

; Function Attrs: nounwind
declare void @dx.op.rawBufferStore.i32(i32, %dx.types.Handle, i32, i32, i32, i32, i32, i32, i8, i32) #0

; Function Attrs: nounwind readonly
declare %dx.types.ResRet.i32 @dx.op.rawBufferLoad.i32(i32, %dx.types.Handle, i32, i32, i8, i32) #2

; Function Attrs: nounwind readonly
declare %dx.types.CBufRet.i32 @dx.op.cbufferLoadLegacy.i32(i32, %dx.types.Handle, i32) #2

; Function Attrs: nounwind
declare void @dx.op.traceRay.struct.Payload(i32, %dx.types.Handle, i32, i32, i32, i32, i32, float, float, float, float, float, float, float, float, %struct.Payload*) #0

; Function Attrs: nounwind readonly
declare %dx.types.Handle @dx.op.createHandleForLib.Consts(i32, %Consts) #2

; Function Attrs: nounwind readonly
declare %dx.types.Handle @dx.op.createHandleForLib.Params(i32, %Params) #2

; Function Attrs: nounwind readonly
declare %dx.types.Handle @dx.op.createHandleForLib.struct.RaytracingAccelerationStructure(i32, %struct.RaytracingAccelerationStructure) #2

; Function Attrs: nounwind readonly
declare %dx.types.Handle @"dx.op.createHandleForLib.class.RWStructuredBuffer<vector<unsigned int, 4> >"(i32, %"class.RWStructuredBuffer<vector<unsigned int, 4> >") #2

; Function Attrs: nounwind readonly
declare %dx.types.Handle @"dx.op.createHandleForLib.class.StructuredBuffer<unsigned int>"(i32, %"class.StructuredBuffer<unsigned int>") #2

attributes #0 = { nounwind }
attributes #1 = { nounwind readnone }
attributes #2 = { nounwind readonly }

!llvm.ident = !{!0}
!dx.version = !{!1}
!dx.valver = !{!2}
!dx.shaderModel = !{!3}
!dx.resources = !{!4}
!dx.typeAnnotations = !{!17}
!dx.entryPoints = !{!25, !27, !30, !32}

!0 = !{!"dxc(private) 1.9.0.15466 (main, 9a3e225d)"}
!1 = !{i32 1, i32 3}
!2 = !{i32 1, i32 10}
!3 = !{!"lib", i32 6, i32 3}
!4 = !{!5, !11, !14, null}
!5 = !{!6, !8, !9}
!6 = !{i32 0, %"class.StructuredBuffer<unsigned int>"* @"\01?Weights@@3V?$StructuredBuffer@I@@A", !"Weights", i32 1, i32 0, i32 1, i32 12, i32 0, !7}
!7 = !{i32 1, i32 4}
!8 = !{i32 1, [2 x %"class.StructuredBuffer<unsigned int>"]* @"\01?Tables@@3PAV?$StructuredBuffer@I@@A", !"Tables", i32 1, i32 1, i32 2, i32 12, i32 0, !7}
!9 = !{i32 2, %struct.RaytracingAccelerationStructure* @"\01?Scene@@3URaytracingAccelerationStructure@@A", !"Scene", i32 0, i32 0, i32 1, i32 16, i32 0, !10}
!10 = !{i32 0, i32 4}
!11 = !{!12}
!12 = !{i32 0, %"class.RWStructuredBuffer<vector<unsigned int, 4> >"* @"\01?Output@@3V?$RWStructuredBuffer@V?$vector@I$03@@@@A", !"Output", i32 0, i32 0, i32 1, i32 12, i1 false, i1 false, i1 false, !13}
!13 = !{i32 1, i32 16}
!14 = !{!15, !16}
!15 = !{i32 0, %Consts* @Consts, !"Consts", i32 1, i32 0, i32 1, i32 12, null}
!16 = !{i32 1, %Params* @Params, !"Params", i32 1, i32 1, i32 1, i32 16, null}
!17 = !{i32 1, void ()* @"\01?RecordRayGen@@YAXXZ", !18, void (%struct.Payload*)* @"\01?RecordMiss@@YAXUPayload@@@Z", !21, void (%struct.Payload*, %struct.BuiltInTriangleIntersectionAttributes*)* @"\01?RecordClosestHit@@YAXUPayload@@UBuiltInTriangleIntersectionAttributes@@@Z", !23}
!18 = !{!19}
!19 = !{i32 1, !20, !20}
!20 = !{}
!21 = !{!19, !22}
!22 = !{i32 2, !20, !20}
!23 = !{!19, !22, !24}
!24 = !{i32 0, !20, !20}
!25 = !{null, !"", null, !4, !26}
!26 = !{i32 0, i64 16}
!27 = !{void (%struct.Payload*, %struct.BuiltInTriangleIntersectionAttributes*)* @"\01?RecordClosestHit@@YAXUPayload@@UBuiltInTriangleIntersectionAttributes@@@Z", !"\01?RecordClosestHit@@YAXUPayload@@UBuiltInTriangleIntersectionAttributes@@@Z", null, null, !28}
!28 = !{i32 8, i32 10, i32 6, i32 16, i32 7, i32 8, i32 5, !29}
!29 = !{i32 0}
!30 = !{void (%struct.Payload*)* @"\01?RecordMiss@@YAXUPayload@@@Z", !"\01?RecordMiss@@YAXUPayload@@@Z", null, null, !31}
!31 = !{i32 8, i32 11, i32 6, i32 16, i32 5, !29}
!32 = !{void ()* @"\01?RecordRayGen@@YAXXZ", !"\01?RecordRayGen@@YAXXZ", null, null, !33}
!33 = !{i32 8, i32 7, i32 5, !29}
!34 = !{i32 1}
