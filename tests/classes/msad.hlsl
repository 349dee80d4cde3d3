// dxc: -T cs_6_0 -E main
// Msad: masked byte SADs (zero reference bytes skipped) plus the
// accumulator, one thread per input row.
StructuredBuffer<uint4> In : register(t0);
RWStructuredBuffer<uint4> Out : register(u0);

[numthreads(4, 1, 1)]
void main(uint3 tid : SV_DispatchThreadID)
{
    uint4 v = In[tid.x];
    Out[tid.x] = msad4(v.x, v.yz, uint4(v.w, 1, 2, 3));
}
