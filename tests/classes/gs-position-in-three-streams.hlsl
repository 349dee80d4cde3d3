// dxc: -T gs_6_0 -E main
// A geometry shader writing SV_Position in three streams: one built-in
// variable, which SPIR-V allows one Stream decoration.
struct A { float4 pos : SV_Position; float4 c : COLOR; };
struct B { float4 pos : SV_Position; uint k : KEY; float4 arr[2] : ARR; };
struct I { float4 pos : SV_Position; };
[maxvertexcount(3)]
void main(point I input[1], inout PointStream<A> s0, inout PointStream<B> s1, inout PointStream<B> s2)
{
    A a; a.pos = input[0].pos; a.c = 1; s0.Append(a);
    B b; b.pos = input[0].pos; b.k = 3; b.arr[0] = 1; b.arr[1] = 2; s1.Append(b); s2.Append(b);
}
