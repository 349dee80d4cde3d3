// dxc: -T cs_6_7 -E main
// Compute twin of rs-static-sampler-uint-border (a pixel shader): SM 6.7
// integer sampling (SampleLevel on Texture2D<uint4>/<int4>) through static
// samplers with the UINT border colors (OPAQUE_WHITE_UINT with border
// addressing, OPAQUE_BLACK_UINT with border in U and wrap in V), and a float
// border sampler (OPAQUE_BLACK, linear) on a float texture. 8x8 threads sample
// the centres of texels -2..5 of 4x4 textures, so half the samples read the
// border. Textures come from an SRV table in space 2.
#define RS "DescriptorTable(SRV(t0, space=2, numDescriptors=3), UAV(u0)), " \
           "RootConstants(num32BitConstants=2, b0), " \
           "StaticSampler(s0, filter=FILTER_MIN_MAG_MIP_POINT, addressU=TEXTURE_ADDRESS_BORDER, addressV=TEXTURE_ADDRESS_BORDER, borderColor=STATIC_BORDER_COLOR_OPAQUE_WHITE_UINT), " \
           "StaticSampler(s1, filter=FILTER_MIN_MAG_MIP_POINT, addressU=TEXTURE_ADDRESS_BORDER, addressV=TEXTURE_ADDRESS_WRAP, borderColor=STATIC_BORDER_COLOR_OPAQUE_BLACK_UINT), " \
           "StaticSampler(s2, filter=FILTER_MIN_MAG_MIP_LINEAR, addressU=TEXTURE_ADDRESS_BORDER, addressV=TEXTURE_ADDRESS_BORDER, borderColor=STATIC_BORDER_COLOR_OPAQUE_BLACK)"

Texture2D<uint4>  Ids    : register(t0, space2);
Texture2D<int4>   Deltas : register(t1, space2);
Texture2D<float4> Shade  : register(t2, space2);
RWStructuredBuffer<uint4> Out : register(u0);

SamplerState WhiteUint : register(s0);
SamplerState BlackUint : register(s1);
SamplerState BlackF    : register(s2);

cbuffer Consts : register(b0)
{
    float lod;
    uint  xorMask;
};

[RootSignature(RS)]
[numthreads(8, 8, 1)]
void main(uint3 tid : SV_DispatchThreadID)
{
    float2 uv = (float2(tid.xy) - 1.5f) / 4.0f;
    uint4 id = Ids.SampleLevel(WhiteUint, uv, lod);
    int4  d  = Deltas.SampleLevel(BlackUint, uv, 0);
    float4 f = Shade.SampleLevel(BlackF, uv, lod);
    Out[tid.y * 8u + tid.x] = (id ^ xorMask) + (uint4)d + (uint4)(f * 255.0f);
}
