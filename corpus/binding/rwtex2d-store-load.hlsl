// dxc: -T cs_6_0 -E main
// RWTexture2D stores and loads in a compute shader: each thread reads its
// texel of an r32ui storage image, stores a new value and loads it back (an
// invocation sees its own store), writes an rgba32f image it never reads
// (with GetDimensions) and a float4 view of an rgba8 unorm image (a typed UAV
// of that format) at a mirrored position.
RWTexture2D<uint>         Counts : register(u0);
RWTexture2D<float4>       Color  : register(u1);
RWTexture2D<float4>       Packed : register(u2);

[numthreads(8, 4, 1)]
void main(uint3 tid : SV_DispatchThreadID)
{
    uint v = Counts[tid.xy];
    Counts[tid.xy] = v * 3u + 1u;
    uint w = Counts[tid.xy];
    uint width, height;
    Color.GetDimensions(width, height);
    Color[tid.xy] = float4((float)w, (float)width, (float)height, tid.x + tid.y * 0.5f);
    Packed[uint2(7u - tid.x, tid.y)] = float4(tid.x * 17u, tid.y * 51u, 255u, 0u) / 255.0f;
}
