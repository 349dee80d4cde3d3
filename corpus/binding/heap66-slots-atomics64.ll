;
; Note: shader requires additional functionality:
;       64-Bit integer
;       Resource descriptor heap indexing
;       64-bit Atomics on Heap Resources
;
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
; shader hash: 29a7e1adda53c49955d12c172df8f645
;
; Pipeline Runtime Information: 
;
;PSVRuntimeInfo:
; Compute Shader
; NumThreads=(64,1,1)
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
; cbuffer Root
; {
;
;   struct Root
;   {
;
;       uint rawIdx;                                  ; Offset:    0
;       uint sbIdx;                                   ; Offset:    4
;   
;   } Root;                                           ; Offset:    0 Size:     8
;
; }
;
;
; Resource Bindings:
;
; Name                                 Type  Format         Dim      ID      HLSL Bind  Count
; ------------------------------ ---------- ------- ----------- ------- -------------- ------
; Root                              cbuffer      NA          NA     CB0            cb0     1
;
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { i8* }
%dx.types.ResBind = type { i32, i32, i32, i8 }
%dx.types.ResourceProperties = type { i32, i32 }
%dx.types.CBufRet.i32 = type { i32, i32, i32, i32 }
%Root = type { i32, i32 }

define void @main() {
  %1 = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 2 }, i32 0, i1 false)  ; CreateHandleFromBinding(bind,index,nonUniformIndex)
  %2 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %1, %dx.types.ResourceProperties { i32 13, i32 8 })  ; AnnotateHandle(res,props)  resource: CBuffer
  %3 = call i32 @dx.op.threadId.i32(i32 93, i32 0)  ; ThreadId(component)
  %4 = call %dx.types.CBufRet.i32 @dx.op.cbufferLoadLegacy.i32(i32 59, %dx.types.Handle %2, i32 0)  ; CBufferLoadLegacy(handle,regIndex)
  %5 = extractvalue %dx.types.CBufRet.i32 %4, 0
  %6 = call %dx.types.Handle @dx.op.createHandleFromHeap(i32 218, i32 %5, i1 false, i1 false)  ; CreateHandleFromHeap(index,samplerHeap,nonUniformIndex)
  %7 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %6, %dx.types.ResourceProperties { i32 4107, i32 0 })  ; AnnotateHandle(res,props)  resource: RWByteAddressBuffer
  %8 = extractvalue %dx.types.CBufRet.i32 %4, 1
  %9 = call %dx.types.Handle @dx.op.createHandleFromHeap(i32 218, i32 %8, i1 false, i1 false)  ; CreateHandleFromHeap(index,samplerHeap,nonUniformIndex)
  %10 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %9, %dx.types.ResourceProperties { i32 4108, i32 8 })  ; AnnotateHandle(res,props)  resource: RWStructuredBuffer<stride=8>
  %11 = zext i32 %3 to i64
  %12 = shl nuw i64 %11, 32
  %13 = or i64 %12, 1
  %14 = call i64 @dx.op.atomicBinOp.i64(i32 78, %dx.types.Handle %7, i32 0, i32 0, i32 undef, i32 undef, i64 %13)  ; AtomicBinOp(handle,atomicOp,offset0,offset1,offset2,newValue)
  %15 = and i64 %11, 63
  %16 = shl i64 1, %15
  %17 = call i64 @dx.op.atomicBinOp.i64(i32 78, %dx.types.Handle %7, i32 2, i32 8, i32 undef, i32 undef, i64 %16)  ; AtomicBinOp(handle,atomicOp,offset0,offset1,offset2,newValue)
  %18 = mul nuw i64 %11, 4294967297
  %19 = call i64 @dx.op.atomicBinOp.i64(i32 78, %dx.types.Handle %7, i32 7, i32 16, i32 undef, i32 undef, i64 %18)  ; AtomicBinOp(handle,atomicOp,offset0,offset1,offset2,newValue)
  %20 = sub i32 1000, %3
  %21 = zext i32 %20 to i64
  %22 = shl nuw nsw i64 %21, 20
  %23 = call i64 @dx.op.atomicBinOp.i64(i32 78, %dx.types.Handle %7, i32 6, i32 24, i32 undef, i32 undef, i64 %22)  ; AtomicBinOp(handle,atomicOp,offset0,offset1,offset2,newValue)
  %24 = call i32 @dx.op.atomicBinOp.i32(i32 78, %dx.types.Handle %7, i32 0, i32 32, i32 undef, i32 undef, i32 %3)  ; AtomicBinOp(handle,atomicOp,offset0,offset1,offset2,newValue)
  %25 = and i32 %3, 31
  %26 = shl i32 1, %25
  %27 = call i32 @dx.op.atomicBinOp.i32(i32 78, %dx.types.Handle %7, i32 2, i32 36, i32 undef, i32 undef, i32 %26)  ; AtomicBinOp(handle,atomicOp,offset0,offset1,offset2,newValue)
  %28 = shl i64 %11, 33
  %29 = and i32 %3, 3
  %30 = call i64 @dx.op.atomicBinOp.i64(i32 78, %dx.types.Handle %10, i32 0, i32 %29, i32 0, i32 undef, i64 %28)  ; AtomicBinOp(handle,atomicOp,offset0,offset1,offset2,newValue)
  %31 = add i32 %3, 1
  %32 = zext i32 %31 to i64
  %33 = mul i64 %32, 81985529216486895
  %34 = and i32 %3, 1
  %35 = or i32 %34, 4
  %36 = call i64 @dx.op.atomicBinOp.i64(i32 78, %dx.types.Handle %10, i32 3, i32 %35, i32 0, i32 undef, i64 %33)  ; AtomicBinOp(handle,atomicOp,offset0,offset1,offset2,newValue)
  ret void
}

; Function Attrs: nounwind readnone
declare i32 @dx.op.threadId.i32(i32, i32) #0

; Function Attrs: nounwind readnone
declare %dx.types.Handle @dx.op.createHandleFromHeap(i32, i32, i1, i1) #0

; Function Attrs: nounwind
declare i64 @dx.op.atomicBinOp.i64(i32, %dx.types.Handle, i32, i32, i32, i32, i64) #1

; Function Attrs: nounwind
declare i32 @dx.op.atomicBinOp.i32(i32, %dx.types.Handle, i32, i32, i32, i32, i32) #1

; Function Attrs: nounwind readonly
declare %dx.types.CBufRet.i32 @dx.op.cbufferLoadLegacy.i32(i32, %dx.types.Handle, i32) #2

; Function Attrs: nounwind readnone
declare %dx.types.Handle @dx.op.annotateHandle(i32, %dx.types.Handle, %dx.types.ResourceProperties) #0

; Function Attrs: nounwind readnone
declare %dx.types.Handle @dx.op.createHandleFromBinding(i32, %dx.types.ResBind, i32, i1) #0

attributes #0 = { nounwind readnone }
attributes #1 = { nounwind }
attributes #2 = { nounwind readonly }

!llvm.ident = !{!0}
!dx.version = !{!1}
!dx.valver = !{!2}
!dx.shaderModel = !{!3}
!dx.resources = !{!4}
!dx.entryPoints = !{!7}

!0 = !{!"dxc(private) 1.9.0.15466 (main, 9a3e225d)"}
!1 = !{i32 1, i32 6}
!2 = !{i32 1, i32 10}
!3 = !{!"cs", i32 6, i32 6}
!4 = !{null, null, !5, null}
!5 = !{!6}
!6 = !{i32 0, %Root* undef, !"", i32 0, i32 0, i32 1, i32 8, null}
!7 = !{void ()* @main, !"main", null, !4, !8}
!8 = !{i32 0, i64 5369757696, i32 4, !9}
!9 = !{i32 64, i32 1, i32 1}
