// dxc: -T vs_6_0 -E main
// A vertex shader writing the layer and viewport index for the next stage.
struct Out
{
    float4 pos : SV_Position;
    float4 color : COLOR;
    uint layer : SV_RenderTargetArrayIndex;
    uint viewport : SV_ViewportArrayIndex;
};

Out main(uint id : SV_VertexID, uint instance : SV_InstanceID)
{
    Out o;
    o.pos = float4(id & 1, id >> 1, 0, 1);
    o.color = float4(1, 0, 0, 1);
    o.layer = instance;
    o.viewport = instance & 1;
    return o;
}
