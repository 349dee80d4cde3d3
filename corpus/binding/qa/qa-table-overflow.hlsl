// dxc: -T cs_6_0 -E main
// Descriptor-QA fault injection, table-range overflow: a descriptor table
// with a bounded range of 4 SRVs (t0..t3), indexed per lane with i & 3, except
// lanes 56..63, which use the root constant `bump` (5 in the run spec): past
// the range, inside the heap. Each lane stores bufs[k][i] + 100 into u0.
#define RS "RootConstants(num32BitConstants=1, b0), DescriptorTable(SRV(t0, numDescriptors=4)), DescriptorTable(UAV(u0))"

cbuffer Root : register(b0)
{
    uint bump;
};

StructuredBuffer<uint> bufs[4] : register(t0);
RWStructuredBuffer<uint> Out : register(u0);

[RootSignature(RS)]
[numthreads(64, 1, 1)]
void main(uint3 tid : SV_DispatchThreadID)
{
    uint i = tid.x;
    uint k = i >= 56u ? bump : (i & 3u);
    Out[i] = bufs[NonUniformResourceIndex(k)][i] + 100u;
}
