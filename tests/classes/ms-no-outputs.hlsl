// dxc: -T ms_6_5 -E main
// A mesh shader that declares no outputs at all (Vulkan requires
// OutputVertices and OutputPrimitivesEXT of at least 1).
[outputtopology("triangle")]
[numthreads(1, 1, 1)]
void main()
{
    SetMeshOutputCounts(0, 0);
}
