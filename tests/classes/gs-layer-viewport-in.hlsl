// dxc: -T gs_6_0 -E main
// A geometry shader reading the layer and viewport index per input vertex
// (vs-layer-viewport-out's outputs) and passing them on.
struct V
{
    float4 pos : SV_Position;
    float4 color : COLOR;
    uint layer : SV_RenderTargetArrayIndex;
    uint viewport : SV_ViewportArrayIndex;
};

[maxvertexcount(3)]
void main(triangle V input[3], inout TriangleStream<V> stream)
{
    for (uint i = 0; i < 3; ++i)
    {
        V v = input[i];
        v.layer = input[0].layer + input[2].layer;
        v.viewport = input[1].viewport;
        stream.Append(v);
    }
}
