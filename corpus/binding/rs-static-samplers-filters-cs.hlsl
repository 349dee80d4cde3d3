// dxc: -T cs_6_0 -E main
// Compute twin of rs-static-samplers-filters (a pixel shader): every D3D12
// filter kind as a static sampler (clamp addressing), sampled with explicit
// LODs so that each part of the filter shows in an exact result: the
// magnification filter at LOD 0 and the minification filter at LOD 1 of a
// 3-mip ramp, the mip filter at LOD 0.25 of a texture whose levels are
// constants (the anisotropic filter, whose blend of levels under an explicit
// LOD is up to the implementation, at LOD 1 only); comparison filters (LESS
// point, GREATER_EQUAL linear) with SampleCmpLevelZero on a depth texture;
// MINIMUM_ and MAXIMUM_ reductions.
#define CLAMP ", addressU=TEXTURE_ADDRESS_CLAMP, addressV=TEXTURE_ADDRESS_CLAMP, addressW=TEXTURE_ADDRESS_CLAMP)"
#define RS "DescriptorTable(SRV(t0, numDescriptors=3), UAV(u0)), " \
    "StaticSampler(s0, filter=FILTER_MIN_MAG_MIP_POINT" CLAMP ", " \
    "StaticSampler(s1, filter=FILTER_MIN_MAG_POINT_MIP_LINEAR" CLAMP ", " \
    "StaticSampler(s2, filter=FILTER_MIN_POINT_MAG_LINEAR_MIP_POINT" CLAMP ", " \
    "StaticSampler(s3, filter=FILTER_MIN_POINT_MAG_MIP_LINEAR" CLAMP ", " \
    "StaticSampler(s4, filter=FILTER_MIN_LINEAR_MAG_MIP_POINT" CLAMP ", " \
    "StaticSampler(s5, filter=FILTER_MIN_LINEAR_MAG_POINT_MIP_LINEAR" CLAMP ", " \
    "StaticSampler(s6, filter=FILTER_MIN_MAG_LINEAR_MIP_POINT" CLAMP ", " \
    "StaticSampler(s7, filter=FILTER_MIN_MAG_MIP_LINEAR" CLAMP ", " \
    "StaticSampler(s8, filter=FILTER_ANISOTROPIC, maxAnisotropy=4" CLAMP ", " \
    "StaticSampler(s9, filter=FILTER_COMPARISON_MIN_MAG_MIP_POINT, comparisonFunc=COMPARISON_LESS" CLAMP ", " \
    "StaticSampler(s10, filter=FILTER_COMPARISON_MIN_MAG_LINEAR_MIP_POINT, comparisonFunc=COMPARISON_GREATER_EQUAL" CLAMP ", " \
    "StaticSampler(s11, filter=FILTER_MINIMUM_MIN_MAG_MIP_LINEAR" CLAMP ", " \
    "StaticSampler(s12, filter=FILTER_MAXIMUM_MIN_MAG_MIP_LINEAR" CLAMP

Texture2D<float> Ramp   : register(t0);
Texture2D<float> Levels : register(t1);
Texture2D<float> Depth  : register(t2);
RWStructuredBuffer<float> Out : register(u0);

SamplerState S0 : register(s0);
SamplerState S1 : register(s1);
SamplerState S2 : register(s2);
SamplerState S3 : register(s3);
SamplerState S4 : register(s4);
SamplerState S5 : register(s5);
SamplerState S6 : register(s6);
SamplerState S7 : register(s7);
SamplerState S8 : register(s8);
SamplerComparisonState C9  : register(s9);
SamplerComparisonState C10 : register(s10);
SamplerState Min11 : register(s11);
SamplerState Max12 : register(s12);

static const float2 UV = float2(0.4375, 0.4375);

void probe(uint at, SamplerState s)
{
    Out[at + 0] = Ramp.SampleLevel(s, UV, 0);
    Out[at + 1] = Ramp.SampleLevel(s, UV, 1);
    Out[at + 2] = Levels.SampleLevel(s, UV, 0.25);
}

[RootSignature(RS)]
[numthreads(1, 1, 1)]
void main()
{
    probe(0, S0);
    probe(3, S1);
    probe(6, S2);
    probe(9, S3);
    probe(12, S4);
    probe(15, S5);
    probe(18, S6);
    probe(21, S7);
    Out[24] = Levels.SampleLevel(S8, UV, 1);
    Out[25] = Depth.SampleCmpLevelZero(C9, UV, 0.5);
    Out[26] = Depth.SampleCmpLevelZero(C10, UV, 0.5);
    Out[27] = Ramp.SampleLevel(Min11, UV, 0);
    Out[28] = Ramp.SampleLevel(Max12, UV, 0);
}
