// dxc: -T lib_6_3
// Shader-record data through a local root signature, buffers only: root
// constants, a root CBV, a root SRV and a descriptor table of two
// structured buffers (space 1), associated with the hit group by a
// SubobjectToExportsAssociation. The global root signature holds the scene
// (a root SRV) and the output (a root UAV). Rays 0-3 hit the triangle and
// write what the closest-hit shader reads from its record; rays 4-7 miss.
GlobalRootSignature SceneGlobal = { "SRV(t0), UAV(u0)" };

LocalRootSignature HitLocal = {
    "RootConstants(num32BitConstants = 3, b0, space = 1),"
    "CBV(b1, space = 1),"
    "SRV(t0, space = 1),"
    "DescriptorTable(SRV(t1, space = 1, numDescriptors = 2))"
};

SubobjectToExportsAssociation HitAssoc = { "HitLocal", "RecordGroup" };
TriangleHitGroup RecordGroup = { "", "RecordClosestHit" };
RaytracingShaderConfig Cfg = { 16, 8 };
RaytracingPipelineConfig Pipe = { 1 };

struct Payload { uint4 v; };

cbuffer Consts : register(b0, space1) { uint Scale; uint Bias; uint Pick; };
cbuffer Params : register(b1, space1) { uint4 Mix; };
StructuredBuffer<uint> Weights : register(t0, space1);
StructuredBuffer<uint> Tables[2] : register(t1, space1);

RaytracingAccelerationStructure Scene : register(t0);
RWStructuredBuffer<uint4> Output : register(u0);

[shader("raygeneration")]
void RecordRayGen()
{
    uint i = DispatchRaysIndex().x;
    RayDesc r;
    r.Origin = float3(i < 4 ? 0.25 : 50.0, 0.25, -1.0);
    r.Direction = float3(0, 0, 1);
    r.TMin = 0;
    r.TMax = 10;
    Payload p;
    p.v = uint4(0xdead, 0, 0, 0);
    TraceRay(Scene, RAY_FLAG_FORCE_OPAQUE, 0xFF, 0, 0, 0, r, p);
    Output[i] = p.v;
}

[shader("miss")]
void RecordMiss(inout Payload p)
{
    p.v = uint4(7, 7, 7, 7);
}

[shader("closesthit")]
void RecordClosestHit(inout Payload p, in BuiltInTriangleIntersectionAttributes a)
{
    uint k = DispatchRaysIndex().x;
    p.v = uint4(Scale * k + Bias,
                Mix.y + Weights[k],
                Tables[Pick][k],
                Tables[NonUniformResourceIndex(k & 1)][0] + Mix.w);
}
