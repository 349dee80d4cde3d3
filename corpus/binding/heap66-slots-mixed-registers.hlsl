// dxc: -T cs_6_6 -E main
// Register-bound resources beside heap views in one shader: a t0 raw
// buffer and a u1 structured buffer bound by register, a heap
// StructuredBuffer at a cbuffer index and a heap RWByteAddressBuffer at a
// NonUniformResourceIndex that only some threads use.
ByteAddressBuffer        In  : register(t0);
RWStructuredBuffer<uint> Out : register(u1);

cbuffer Root : register(b0)
{
    uint tableIdx;
    uint sideIdx;
};

[numthreads(32, 1, 1)]
void main(uint3 tid : SV_DispatchThreadID)
{
    StructuredBuffer<uint> table = ResourceDescriptorHeap[tableIdx];
    uint i = tid.x;
    uint v = In.Load(i * 4u) + table[i];
    Out[i] = v;
    if ((i & 3u) == 1u)
    {
        RWByteAddressBuffer side = ResourceDescriptorHeap[NonUniformResourceIndex(sideIdx + (i >> 4))];
        side.Store((i >> 2) * 4u, v * 2u);
    }
}
