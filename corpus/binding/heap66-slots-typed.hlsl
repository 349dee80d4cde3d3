// dxc: -T cs_6_6 -E main
// Typed heap buffers (texel buffer views) at the heap's edge slots: a
// Buffer<float4> SRV, a RWBuffer<uint> loaded and stored, and a
// RWBuffer<float2> read-modify-write, indices from a cbuffer.
cbuffer Root : register(b0)
{
    uint srcIdx;
    uint dstIdx;
    uint velIdx;
    uint scale;
};

[numthreads(32, 1, 1)]
void main(uint3 tid : SV_DispatchThreadID)
{
    Buffer<float4>   src = ResourceDescriptorHeap[srcIdx];
    RWBuffer<uint>   dst = ResourceDescriptorHeap[dstIdx];
    RWBuffer<float2> vel = ResourceDescriptorHeap[velIdx];

    uint i = tid.x;
    float4 s = src[i];
    float2 v = vel[i];
    vel[i] = v * s.xy + s.zw;
    dst[i] = dst[i] + (uint)(s.x + s.y) * scale;
}
