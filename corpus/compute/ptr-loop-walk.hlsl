// dxc: -T cs_6_0 -E main
// Loops walking arrays: a groupshared array of structs with an array
// member, a 2D groupshared array, static const tables of scalars and of
// structs, a vector written at a dynamic component; groupshared atomics on
// elements chosen by the thread.
StructuredBuffer<uint> src : register(t0);
RWStructuredBuffer<uint> dst : register(u0);
struct S {
    uint x;
    uint2 y[3];
};
groupshared S gs[16];
groupshared uint g2[16][4];
static const uint lut[4] = { 3, 1, 4, 1 };
static const S cs[2] = {
    { 1, { uint2(1, 2), uint2(3, 4), uint2(5, 6) } },
    { 2, { uint2(7, 8), uint2(9, 10), uint2(11, 12) } }
};

[numthreads(16, 1, 1)]
void main(uint t : SV_GroupIndex)
{
    S l;
    l.x = src[t];
    for (uint i = 0; i < 3; i++) l.y[i] = uint2(i + t, src[i] * t);
    gs[t] = l;
    for (uint j = 0; j < 4; j++) g2[t][j] = t * 4 + j;
    uint4 v = uint4(t, t + 1, t + 2, t + 3);
    v[src[t] & 3] = 7;
    GroupMemoryBarrierWithGroupSync();
    InterlockedAdd(gs[(t + 1) & 15].y[t % 3].x, 5);
    InterlockedAdd(g2[(t + 3) & 15][t & 3], t);
    GroupMemoryBarrierWithGroupSync();
    uint acc = 0;
    uint n = src[t] % 5;
    for (uint k = 0; k < n; k++)
        acc += gs[(t + k) & 15].y[k % 3].y + lut[k & 3] + cs[k & 1].y[k % 3].x;
    dst[t] = acc + v[(t + 1) & 3] + g2[t][t & 3] + gs[t].y[t % 3].x + cs[t & 1].x;
}
