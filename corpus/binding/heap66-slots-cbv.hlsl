// dxc: -T cs_6_6 -E main
// ConstantBuffer<T> views at heap slots: one at a uniform index from the
// register cbuffer, four more reached with NonUniformResourceIndex from a
// per-thread index, and a RWStructuredBuffer<float4> output from the heap.
struct Params
{
    float4 scale;
    uint4  offs;
};

cbuffer Root : register(b0)
{
    uint paramsIdx;
    uint tableBase;
    uint outIdx;
};

[numthreads(16, 1, 1)]
void main(uint3 tid : SV_DispatchThreadID)
{
    ConstantBuffer<Params> p = ResourceDescriptorHeap[paramsIdx];
    ConstantBuffer<Params> q = ResourceDescriptorHeap[NonUniformResourceIndex(tableBase + (tid.x & 3u))];
    RWStructuredBuffer<float4> o = ResourceDescriptorHeap[outIdx];
    uint i = tid.x;
    o[i] = p.scale * (float)i + q.scale + (float)(p.offs.x + q.offs.y);
}
