// dxc: -T ps_6_0 -E main
// Pixel shader whose only per-sample inputs are user attributes and a clip
// distance (SV_Position is interpolated at the pixel center): D3D runs it
// per sample all the same, so the SPIR-V takes one SampleId input, which
// enables sample shading (the Sample decoration alone only may).
float4 main(float4 pos : SV_Position,
            sample float4 color : COLOR,
            sample noperspective float2 uv : TEXCOORD0,
            nointerpolation uint id : ID,
            sample float clip : SV_ClipDistance0) : SV_Target
{
    return color + float4(uv, clip, (float)id) + pos.x;
}
