// dxc: -T cs_6_6 -E main
// Raw and structured heap buffers at the heap's edge slots: a
// ByteAddressBuffer at a cbuffer-given index, a StructuredBuffer of a struct,
// a RWStructuredBuffer<uint2> output, and a RWByteAddressBuffer fetched with
// the constant index 1 (the run spec puts them at 0, 4095, 1000 and 1).
struct Pair
{
    uint  a;
    float b;
};

cbuffer Root : register(b0)
{
    uint rawIdx;
    uint pairIdx;
    uint outIdx;
};

[numthreads(64, 1, 1)]
void main(uint3 tid : SV_DispatchThreadID)
{
    ByteAddressBuffer        raw   = ResourceDescriptorHeap[rawIdx];
    StructuredBuffer<Pair>   pairs = ResourceDescriptorHeap[pairIdx];
    RWStructuredBuffer<uint2> o    = ResourceDescriptorHeap[outIdx];
    RWByteAddressBuffer      log   = ResourceDescriptorHeap[1];

    uint i = tid.x;
    Pair p = pairs[i];
    uint r = raw.Load(i * 4u);
    o[i] = uint2(r * 3u + p.a, asuint(p.b * 2.0f));
    log.Store(i * 4u, r ^ (i << 8));
}
