// dxc: -T ps_6_0 -E main
// A centroid SV_Position (DXC requires one with conservative depth
// outputs): Vulkan ignores Centroid on FragCoord, so it translates with a
// warning that it is the pixel center's.
float4 main(centroid float4 pos : SV_Position) : SV_Target
{
    return pos;
}
