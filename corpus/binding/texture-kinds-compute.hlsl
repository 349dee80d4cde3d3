// dxc: -T cs_6_0 -E main
// The sampled image kinds other compute cases leave out, by register: a
// TextureCube and a TextureCubeArray sampled (point) along a direction into
// each face, a Texture1DArray sampled and loaded per layer, a Texture1D with
// four mips sampled at a LOD per thread plus GetDimensions of mip 1, and a
// Texture3D filtered (linear) midway between depth slices.
Texture1D<float4>        T1  : register(t0);
Texture1DArray<float4>   T1A : register(t1);
TextureCube<float4>      TC  : register(t2);
TextureCubeArray<float4> TCA : register(t3);
Texture3D<float>         T3  : register(t4);
SamplerState Pt  : register(s0);
SamplerState Lin : register(s1);
RWStructuredBuffer<float4> Out : register(u0);

static const float3 Dirs[6] = {
    float3( 1.0f,  0.5f, -0.5f), float3(-1.0f, -0.5f,  0.5f),
    float3( 0.5f,  1.0f,  0.5f), float3(-0.5f, -1.0f, -0.5f),
    float3( 0.5f, -0.5f,  1.0f), float3(-0.5f,  0.5f, -1.0f),
};

[numthreads(6, 1, 1)]
void main(uint3 tid : SV_DispatchThreadID)
{
    uint f = tid.x;
    float3 d = Dirs[f];
    uint w, mips;
    T1.GetDimensions(1, w, mips);
    Out[f * 6u + 0u] = TC.SampleLevel(Pt, d, 0);
    Out[f * 6u + 1u] = TCA.SampleLevel(Pt, float4(d, 1), 0);
    Out[f * 6u + 2u] = T1A.SampleLevel(Pt, float2((f + 0.5f) / 8.0f, f % 3u), 0);
    Out[f * 6u + 3u] = T1A.Load(int3(f + 2u, 2u - f % 3u, 0));
    Out[f * 6u + 4u] = T1.SampleLevel(Pt, (f + 0.5f) / 8.0f, f % 4u);
    Out[f * 6u + 5u] = float4(T3.SampleLevel(Lin, float3(0.25f, 0.75f, (f + 1u) / 8.0f), 0),
                              (float)w, (float)mips, 0.0f);
}
