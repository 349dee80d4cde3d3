// dxc: -T cs_6_6 -E main
// Descriptor-QA fault injection, stale address map: lanes 48..63 read a
// ConstantBuffer from heap index staleIdx (whose info entry the run spec
// dates after the global va_map_timestamp), the others from freshIdx. Each
// lane stores k[i & 3] + i into a RWStructuredBuffer from the heap.
struct Params
{
    uint4 k;
};

cbuffer Root : register(b0)
{
    uint freshIdx;
    uint staleIdx;
    uint outIdx;
};

[numthreads(64, 1, 1)]
void main(uint3 tid : SV_DispatchThreadID)
{
    uint i = tid.x;
    uint idx = i >= 48u ? staleIdx : freshIdx;
    ConstantBuffer<Params> c = ResourceDescriptorHeap[NonUniformResourceIndex(idx)];
    RWStructuredBuffer<uint> o = ResourceDescriptorHeap[outIdx];
    o[i] = c.k[i & 3u] + i;
}
