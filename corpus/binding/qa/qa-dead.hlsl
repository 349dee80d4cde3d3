// dxc: -T cs_6_6 -E main
// Descriptor-QA fault injection, destroyed resource: lanes 0..39 read a typed
// Buffer<uint> at heap index liveIdx, lanes 40..63 the one at deadIdx (whose
// cookie the run spec marks dead). Each lane stores t[i] ^ 0x5a5a5a5a into a
// RWByteAddressBuffer from the heap.
cbuffer Root : register(b0)
{
    uint liveIdx;
    uint deadIdx;
    uint outIdx;
};

[numthreads(64, 1, 1)]
void main(uint3 tid : SV_DispatchThreadID)
{
    uint i = tid.x;
    uint idx = i < 40u ? liveIdx : deadIdx;
    Buffer<uint> t = ResourceDescriptorHeap[NonUniformResourceIndex(idx)];
    RWByteAddressBuffer o = ResourceDescriptorHeap[outIdx];
    o.Store(i * 4u, t[i] ^ 0x5a5a5a5au);
}
