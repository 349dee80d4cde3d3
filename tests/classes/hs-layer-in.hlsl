// dxc: -T hs_6_0 -E main
// A hull shader whose input control points carry the layer and viewport
// index (vs-layer-viewport-out's outputs).
struct V
{
    float4 pos : SV_Position;
    float4 color : COLOR;
    uint layer : SV_RenderTargetArrayIndex;
    uint viewport : SV_ViewportArrayIndex;
};
struct P
{
    float edges[3] : SV_TessFactor;
    float inside : SV_InsideTessFactor;
    uint layer : LAYER;
};
struct C
{
    float4 pos : POSITION;
    uint slot : SLOT;
};

P patch_constants(InputPatch<V, 3> ip)
{
    P p;
    p.edges[0] = p.edges[1] = p.edges[2] = 1;
    p.inside = 1;
    p.layer = ip[0].layer;
    return p;
}

[domain("tri")]
[partitioning("integer")]
[outputtopology("triangle_cw")]
[outputcontrolpoints(3)]
[patchconstantfunc("patch_constants")]
C main(InputPatch<V, 3> ip, uint i : SV_OutputControlPointID)
{
    C c;
    c.pos = ip[i].pos;
    c.slot = ip[i].layer * 2 + ip[i].viewport;
    return c;
}
