// dxc: -T lib_6_3 -Od
// Pointer views (-Od): a float3x4 and a float2x2 payload member are
// written through `<12 x float>*` / `<4 x float>*` bitcasts of the
// matrix struct pointers, and read back the same way.
struct Payload
{
    uint tag;
    float3x4 m;
    float2x2 n;
};

[shader("miss")]
void Miss(inout Payload p)
{
    float3x4 old = p.m;
    p.m = old * 2;
    p.n = float2x2(p.n[1], p.n[0]);
    p.tag = 3;
}
