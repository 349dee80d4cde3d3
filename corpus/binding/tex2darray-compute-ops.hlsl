// dxc: -T cs_6_0 -E main
// Texture2DArray in a compute shader: SampleLevel through a point sampler at
// texel centres of mip 0 and mip 1 of a chosen layer, GatherRed and
// GatherGreen (the bilinear footprint of a texel centre, clamped at the
// edge), Load with an explicit layer and mip, and GetDimensions of mip 1
// (width, height, layers, mip count). One thread per texel of mip 0.
Texture2DArray<float4> Arr : register(t0);
SamplerState Pt : register(s0);
RWStructuredBuffer<float4> Out : register(u0);
RWStructuredBuffer<uint4> Dims : register(u1);

[numthreads(4, 4, 3)]
void main(uint3 tid : SV_DispatchThreadID)
{
    float3 uvw = float3((tid.xy + 0.5f) / 4.0f, (float)tid.z);
    uint i = (tid.z * 4u + tid.y) * 4u + tid.x;
    Out[i * 4u + 0u] = Arr.SampleLevel(Pt, uvw, 0);
    Out[i * 4u + 1u] = Arr.SampleLevel(Pt, uvw, 1);
    Out[i * 4u + 2u] = Arr.GatherRed(Pt, uvw);
    Out[i * 4u + 3u] = Arr.GatherGreen(Pt, uvw) + Arr.Load(int4(tid.xy >> 1, tid.z, 1));
    uint w, h, layers, mips;
    Arr.GetDimensions(1, w, h, layers, mips);
    Dims[i] = uint4(w, h, layers, mips);
}
