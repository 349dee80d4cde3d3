// dxc: -T cs_6_0 -E main
// Compute twin of rs-sampler-tables (a pixel shader): samplers from a sampler
// descriptor table (a two-sampler range and a range in space1 at an explicit
// offset) kept apart from the SRV/UAV table, the sampler array indexed by a
// constant and by a uniform root constant. Point and linear samplers sample
// midway between two texels, so each result shows which sampler was used.
#define RS "DescriptorTable(SRV(t0, numDescriptors=2), UAV(u0)), " \
           "DescriptorTable(Sampler(s0, numDescriptors=2), Sampler(s4, space=1, offset=5)), " \
           "RootConstants(num32BitConstants=1, b0)"

Texture2D<float4> Tex[2]    : register(t0);
SamplerState      Pair[2]   : register(s0);
SamplerState      Far       : register(s4, space1);
RWStructuredBuffer<float4> Out : register(u0);

cbuffer Sel : register(b0)
{
    uint pick;
};

[RootSignature(RS)]
[numthreads(4, 1, 1)]
void main(uint3 tid : SV_DispatchThreadID)
{
    float2 uv = float2((tid.x + 1.0f) / 4.0f, 0.5f);
    Out[tid.x * 3u + 0u] = Tex[0].SampleLevel(Pair[0], uv, 0);
    Out[tid.x * 3u + 1u] = Tex[1].SampleLevel(Pair[pick & 1u], uv, 0);
    Out[tid.x * 3u + 2u] = Tex[1].SampleLevel(Far, uv, 0);
}
