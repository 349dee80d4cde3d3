// dxc: -T cs_6_6 -E main
// Descriptor-QA fault injection, sampler-heap overflow: lanes 48..63 fetch
// their SamplerState from SamplerDescriptorHeap[badSampler], past the
// sampler heap; the others from goodSampler. Every lane samples the 4x4
// texture at ResourceDescriptorHeap[texIdx] at a texel centre (lod 0) and
// stores the value plus its lane index.
cbuffer Root : register(b0)
{
    uint texIdx;
    uint goodSampler;
    uint badSampler;
    uint outIdx;
};

[numthreads(64, 1, 1)]
void main(uint3 tid : SV_DispatchThreadID)
{
    uint i = tid.x;
    Texture2D<float> tex = ResourceDescriptorHeap[texIdx];
    uint s = i >= 48u ? badSampler : goodSampler;
    SamplerState smp = SamplerDescriptorHeap[NonUniformResourceIndex(s)];
    float2 uv = (float2(i % 4u, (i / 4u) % 4u) + 0.5f) / 4.0f;
    RWStructuredBuffer<float> o = ResourceDescriptorHeap[outIdx];
    o[i] = tex.SampleLevel(smp, uv, 0.0f) + (float)i;
}
