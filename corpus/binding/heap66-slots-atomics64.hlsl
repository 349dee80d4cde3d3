// dxc: -T cs_6_6 -E main
// SM 6.6 64-bit atomics on heap UAVs: InterlockedAdd64/Or64/Max64/Min64 on a
// RWByteAddressBuffer and 64-bit InterlockedAdd/Xor on a
// RWStructuredBuffer<uint64_t>, plus 32-bit atomics on the raw buffer.
cbuffer Root : register(b0)
{
    uint rawIdx;
    uint sbIdx;
};

[numthreads(64, 1, 1)]
void main(uint3 tid : SV_DispatchThreadID)
{
    RWByteAddressBuffer          raw = ResourceDescriptorHeap[rawIdx];
    RWStructuredBuffer<uint64_t> sb  = ResourceDescriptorHeap[sbIdx];
    uint i = tid.x;
    raw.InterlockedAdd64(0, ((uint64_t)i << 32) | 1u);
    raw.InterlockedOr64(8, 1ull << i);
    raw.InterlockedMax64(16, (uint64_t)i * 0x100000001ull);
    raw.InterlockedMin64(24, (uint64_t)(1000u - i) << 20);
    raw.InterlockedAdd(32, i);
    uint prev;
    raw.InterlockedOr(36, 1u << (i & 31u), prev);
    InterlockedAdd(sb[i & 3u], (uint64_t)i << 33);
    InterlockedXor(sb[4u + (i & 1u)], 0x0123456789abcdefull * (uint64_t)(i + 1u));
}
