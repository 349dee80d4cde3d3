// dxc: -T ps_6_0 -E main
// Two clip distances interpolated differently: Vulkan has one ClipDistance
// array with one interpolation mode, so this is a named unsupported error.
float4 main(sample float clip0 : SV_ClipDistance0,
            centroid float clip1 : SV_ClipDistance1) : SV_Target
{
    return clip0 + clip1;
}
