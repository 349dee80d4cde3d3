// dxc: -T cs_6_0 -E main
// Multisampled textures in a compute shader: Texture2DMS<float4, 4> and
// Texture2DMS<uint2, 4> loaded per sample and at an offset, with
// GetDimensions (width, height, sample count).
Texture2DMS<float4, 4> Color : register(t0);
Texture2DMS<uint2, 4>  Ids   : register(t1);
RWStructuredBuffer<float4> Out : register(u0);
RWStructuredBuffer<uint4>  Info : register(u1);

[numthreads(8, 1, 1)]
void main(uint3 tid : SV_DispatchThreadID)
{
    uint i = tid.x;
    Out[i] = Color.Load(int2(i, i & 3u), i & 3u) + Color.Load(int2(1, 1), 0, int2(1, 0));
    uint w, h, n, w2, h2, n2;
    Color.GetDimensions(w, h, n);
    Ids.GetDimensions(w2, h2, n2);
    uint2 id = Ids.Load(int2(i & 1u, 0), 3u - (i & 3u));
    Info[i] = uint4(id, w * 100u + h * 10u + n, w2 * 100u + h2 * 10u + n2);
}
