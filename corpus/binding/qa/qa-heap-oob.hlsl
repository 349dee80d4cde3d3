// dxc: -T cs_6_6 -E main
// Descriptor-QA fault injection, index past the heap: every fourth lane
// fetches its ByteAddressBuffer from ResourceDescriptorHeap[badIdx], a
// cbuffer word at or past the heap size; the other lanes use goodIdx. Each
// lane stores Load(i * 4) + 1 into a RWStructuredBuffer from the heap.
cbuffer Root : register(b0)
{
    uint goodIdx;
    uint badIdx;
    uint outIdx;
};

[numthreads(64, 1, 1)]
void main(uint3 tid : SV_DispatchThreadID)
{
    uint i = tid.x;
    uint idx = (i % 4u == 3u) ? badIdx : goodIdx;
    ByteAddressBuffer src = ResourceDescriptorHeap[NonUniformResourceIndex(idx)];
    RWStructuredBuffer<uint> o = ResourceDescriptorHeap[outIdx];
    o[i] = src.Load(i * 4u) + 1u;
}
