// dxc: -T cs_6_6 -E main
// SM 6.6 SamplerDescriptorHeap next to ResourceDescriptorHeap: a Texture2D,
// a Texture2DArray and an RWTexture2D from the resource heap and two samplers
// from the sampler heap, all at indices held in a cbuffer. A linear sampler
// samples midway between texels (the mean of four, clamped at the edge), a
// point sampler the centre of a texel of layer 1.
cbuffer Idx : register(b0)
{
    uint texIndex;
    uint arrIndex;
    uint outIndex;
    uint samplerIndex;
};

[numthreads(4, 4, 1)]
void main(uint3 tid : SV_DispatchThreadID)
{
    Texture2D<float4>      tex = ResourceDescriptorHeap[texIndex];
    Texture2DArray<float4> arr = ResourceDescriptorHeap[arrIndex];
    RWTexture2D<float4>    dst = ResourceDescriptorHeap[outIndex];
    SamplerState lin = SamplerDescriptorHeap[samplerIndex];
    SamplerState pt  = SamplerDescriptorHeap[samplerIndex + 1u];
    float2 mid = (tid.xy + 1.0f) / 4.0f;
    float2 centre = (tid.xy + 0.5f) / 4.0f;
    dst[tid.xy] = tex.SampleLevel(lin, mid, 0) + arr.SampleLevel(pt, float3(centre, 1), 0);
}
