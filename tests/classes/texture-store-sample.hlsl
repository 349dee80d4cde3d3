// dxc: -T cs_6_7 -E main
// TextureStoreSample: stores to one sample of an RWTexture2DMS and of an
// RWTexture2DMSArray.
RWTexture2DMS<float4, 4> Ms : register(u0);
RWTexture2DMSArray<uint, 4> MsArray : register(u1);

[numthreads(4, 4, 1)]
void main(uint3 tid : SV_DispatchThreadID)
{
    for (uint s = 0; s < 4; ++s)
    {
        Ms.sample[s][tid.xy] = float4(tid.x, tid.y, s, 1);
        MsArray.sample[s][tid] = tid.x + s;
    }
}
