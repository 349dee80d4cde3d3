// dxc: -T cs_6_6 -E main
// Descriptor-QA fault injection, wrong descriptor type: even lanes store
// into the RWStructuredBuffer at heap index outA, odd lanes into the one at
// outB (which the run spec's heap info marks as a texture, so those stores
// fault and are dropped). Values come from a StructuredBuffer at srcIdx.
cbuffer Root : register(b0)
{
    uint srcIdx;
    uint outA;
    uint outB;
};

[numthreads(64, 1, 1)]
void main(uint3 tid : SV_DispatchThreadID)
{
    uint i = tid.x;
    StructuredBuffer<uint> src = ResourceDescriptorHeap[srcIdx];
    uint v = src[i] * 3u + i;
    uint target = (i & 1u) != 0u ? outB : outA;
    RWStructuredBuffer<uint> o = ResourceDescriptorHeap[NonUniformResourceIndex(target)];
    o[i] = v;
}
