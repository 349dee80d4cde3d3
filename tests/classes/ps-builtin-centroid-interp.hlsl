// dxc: -T ps_6_1 -E main
// Pixel shader built-in inputs with centroid interpolation (and SV_Position
// without: DXC marks it noperspective, which FragCoord is).
float4 main(float4 pos : SV_Position,
            centroid noperspective float3 bary : SV_Barycentrics,
            centroid float clip : SV_ClipDistance0,
            noperspective float cull : SV_CullDistance0) : SV_Target
{
    return pos + float4(bary, clip + cull);
}
