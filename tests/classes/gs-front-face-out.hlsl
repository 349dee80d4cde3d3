// dxc: -T gs_6_0 -E main
// A geometry shader writing SV_IsFrontFace (the rasterizer decides what a
// pixel shader reads; the value keeps its location).
struct V { float4 pos : SV_Position; bool ff : SV_IsFrontFace; float4 c : COLOR; };
struct I { float4 pos : SV_Position; };
[maxvertexcount(3)]
void main(triangle I input[3], inout TriangleStream<V> s)
{
    for (uint i = 0; i < 3; ++i) { V v; v.pos = input[i].pos; v.ff = i == 0; v.c = 1; s.Append(v); }
}
