// dxc: -T lib_6_10
// SM 6.10 triangle vertex positions in object space: in a closest-hit
// shader (TriangleObjectPosition) and from an inline ray query's candidate
// and committed hits (RayQuery_*TriangleObjectPosition).
struct [raypayload] Payload
{
    float3 p : read(caller) : write(closesthit);
};

RaytracingAccelerationStructure Scene : register(t0);
RWStructuredBuffer<float3> Out : register(u0);

[shader("closesthit")]
void Hit(inout Payload pl, in BuiltInTriangleIntersectionAttributes a)
{
    BuiltInTrianglePositions t = TriangleObjectPositions();
    pl.p = t.p0 + t.p1 * 2 + t.p2 * 3;
}

[shader("compute")]
[numthreads(1, 1, 1)]
void Query()
{
    RayQuery<RAY_FLAG_NONE> q;
    RayDesc ray = { float3(0, 0, -1), 0, float3(0, 0, 1), 100 };
    q.TraceRayInline(Scene, RAY_FLAG_NONE, 0xff, ray);
    float3 sum = 0;
    while (q.Proceed())
    {
        BuiltInTrianglePositions c = q.CandidateTriangleObjectPositions();
        sum += c.p0 + c.p1 + c.p2;
        q.CommitNonOpaqueTriangleHit();
    }
    if (q.CommittedStatus() == COMMITTED_TRIANGLE_HIT)
    {
        BuiltInTrianglePositions t = q.CommittedTriangleObjectPositions();
        sum += t.p0 - t.p2;
    }
    Out[0] = sum;
}
