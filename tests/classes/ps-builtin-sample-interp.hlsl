// dxc: -T ps_6_1 -E main
// Pixel shader built-in inputs with per-sample interpolation: FragCoord at
// the sample (the shader runs per sample), barycentrics and the clip and
// cull distances interpolated at the sample.
float4 main(sample float4 pos : SV_Position,
            sample float3 bary : SV_Barycentrics,
            sample float2 clip : SV_ClipDistance0,
            sample float clip1 : SV_ClipDistance1,
            sample float cull : SV_CullDistance0) : SV_Target
{
    return pos + float4(bary, clip.x + clip.y + clip1 + cull);
}
