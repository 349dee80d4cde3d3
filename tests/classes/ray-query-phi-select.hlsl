// dxc: -T cs_6_5 -E main -O3
// Two ray queries merged by a select (the optimized form of the phi of
// ray-query-phi-two-queries): one array of ray queries, indexed by the select.
RaytracingAccelerationStructure Scene : register(t0);
RWStructuredBuffer<uint> Out : register(u0);

[numthreads(1, 1, 1)]
void main(uint3 tid : SV_DispatchThreadID)
{
    RayQuery<RAY_FLAG_NONE> a;
    RayQuery<RAY_FLAG_NONE> b;
    RayQuery<RAY_FLAG_NONE> q = a;
    if (tid.x > 3)
        q = b;
    RayDesc r;
    r.Origin = float3(0, 0, 0);
    r.Direction = float3(0, 0, 1);
    r.TMin = 0;
    r.TMax = 100;
    q.TraceRayInline(Scene, 0, 0xff, r);
    q.Proceed();
    Out[tid.x] = q.CommittedStatus();
}
