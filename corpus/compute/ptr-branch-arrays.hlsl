// dxc: -T cs_6_0 -E main
// Array elements that a branch or a ternary chooses between two arrays of
// the same kind: local arrays, groupshared arrays and static arrays, each
// written through one and read through the other. DXC keeps the branches
// (it emits no phi or select of pointers for them: see the module doc of
// src/emit/memory.rs), so each store and load has one base.
StructuredBuffer<uint> src : register(t0);
RWStructuredBuffer<uint> dst : register(u0);
groupshared uint ga[16];
groupshared uint gb[16];
static uint pa[8];
static uint pb[8];

[numthreads(16, 1, 1)]
void main(uint t : SV_GroupIndex)
{
    uint la[8];
    uint lb[8];
    for (uint i = 0; i < 8; i++) {
        la[i] = src[i] * t;
        lb[i] = i + t;
        pa[i] = i;
        pb[i] = 2 * i;
    }
    ga[t] = t;
    gb[t] = 2 * t;
    GroupMemoryBarrierWithGroupSync();
    uint v = src[t + 8];
    if (t & 1) la[t & 7] = v; else lb[t & 7] = v;
    if (t & 2) ga[(t + 1) & 15] = v; else gb[(t + 1) & 15] = v;
    if (t & 4) pa[t & 7] = v; else pb[t & 7] = v;
    uint r = (t & 8) ? la[(t + 1) & 7] : lb[(t + 1) & 7];
    GroupMemoryBarrierWithGroupSync();
    dst[t] = r + la[t & 7] + lb[(t + 3) & 7] + ga[t] + gb[t] + pa[t & 7] + pb[(t + 5) & 7];
}
