// dxc: -T cs_6_0 -E main
// FirstbitSHi / FirstbitHi / FirstbitLo / Countbits on 64-bit integers.
StructuredBuffer<uint2> In : register(t0);
RWStructuredBuffer<uint4> Out : register(u0);

[numthreads(8, 1, 1)]
void main(uint3 tid : SV_DispatchThreadID)
{
    uint2 w = In[tid.x];
    uint64_t u = (uint64_t(w.y) << 32) | w.x;
    int64_t s = int64_t(u);
    Out[tid.x] = uint4(firstbithigh(s), firstbithigh(u), firstbitlow(u), countbits(u));
}
