// dxc: -T gs_6_0 -E main
// A geometry shader without per-vertex inputs: the metadata leaves its
// input primitive undefined.
struct V { float4 pos : SV_Position; };
[maxvertexcount(1)]
void main(uint id : SV_PrimitiveID, inout PointStream<V> s)
{
    V v; v.pos = float4(id, 0, 0, 1); s.Append(v);
}
