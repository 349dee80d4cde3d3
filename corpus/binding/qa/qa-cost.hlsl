// dxc: -T cs_6_6 -E main
// Descriptor-QA cost kernel: every lane runs `iterations` heap accesses,
// each a ByteAddressBuffer fetched from ResourceDescriptorHeap with a
// non-uniform index among 8 slots from srcBase, then adds its hash into
// element i % 64 of a RWStructuredBuffer from the heap (InterlockedAdd, so
// the sums do not depend on lane order). Timed with and without QA.
cbuffer Root : register(b0)
{
    uint srcBase;
    uint outIdx;
    uint iterations;
};

[numthreads(64, 1, 1)]
void main(uint3 tid : SV_DispatchThreadID)
{
    uint i = tid.x;
    uint acc = 0u;
    for (uint j = 0u; j < iterations; ++j)
    {
        ByteAddressBuffer src = ResourceDescriptorHeap[NonUniformResourceIndex(srcBase + ((i + j) & 7u))];
        acc = acc * 31u + src.Load(((i * 7u + j) & 63u) * 4u);
    }
    RWStructuredBuffer<uint> o = ResourceDescriptorHeap[outIdx];
    InterlockedAdd(o[i & 63u], acc);
}
