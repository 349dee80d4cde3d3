// dxc: -T cs_6_6 -E main
// UAV counters of heap buffers: Append on an AppendStructuredBuffer,
// IncrementCounter on a RWStructuredBuffer, with the counter values summed
// into a register-bound UAV so the result does not depend on thread order.
cbuffer Root : register(b0)
{
    uint appIdx;
    uint poolIdx;
};

RWStructuredBuffer<uint> Sums : register(u0);

[numthreads(64, 1, 1)]
void main(uint3 tid : SV_DispatchThreadID)
{
    AppendStructuredBuffer<uint> app  = ResourceDescriptorHeap[appIdx];
    RWStructuredBuffer<uint>     pool = ResourceDescriptorHeap[poolIdx];
    uint i = tid.x;
    if (i % 3u == 0u)
    {
        app.Append(0xabcdu);
    }
    uint s = pool.IncrementCounter();
    pool[s] = 0x1234u;
    InterlockedAdd(Sums[0], s);
    InterlockedMax(Sums[1], s);
}
