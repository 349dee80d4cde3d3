// dxc: -T vs_6_0 -E main -Vd
// Vertex shader output struct holding an array of structs with semantics on
// the members: DXC describes ATTR and BATTR with 2 rows each but lists one
// semantic index ({0}), and its validator rejects the PSV part (hence -Vd).
struct Inner
{
    float4 a : ATTR;
    float b : BATTR;
};

struct VSOut
{
    float4 pos : SV_Position;
    Inner inner[2];
};

VSOut main(uint id : SV_VertexID)
{
    VSOut o;
    o.pos = float4((float)id, 0.0, 0.0, 1.0);
    o.inner[0].a = 1.0;
    o.inner[1].a = 2.0;
    o.inner[0].b = 3.0;
    o.inner[1].b = 4.0;
    return o;
}
