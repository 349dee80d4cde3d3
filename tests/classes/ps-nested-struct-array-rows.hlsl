// dxc: -T ps_6_0 -E main -Vd
// Pixel shader input struct holding an array of structs with semantics on
// the members (the inputs vs-nested-struct-array-rows writes): ATTR and
// BATTR with 2 rows each and one listed semantic index.
struct Inner
{
    float4 a : ATTR;
    float b : BATTR;
};

struct PSIn
{
    float4 pos : SV_Position;
    Inner inner[2];
};

float4 main(PSIn i) : SV_Target
{
    return i.inner[0].a + i.inner[1].a + i.inner[0].b + i.inner[1].b;
}
