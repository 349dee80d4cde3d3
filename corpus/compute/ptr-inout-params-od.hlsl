// dxc: -T cs_6_0 -E main -Od
// inout and out parameters bound to array elements and struct members
// that a branch chooses (local structs, a groupshared struct array, a
// static struct array), and arrays of structs passed by value and walked
// in a loop. At -Od DXC copies each argument in and out around the
// inlined body.
StructuredBuffer<uint> src : register(t0);
RWStructuredBuffer<uint> dst : register(u0);
struct S {
    uint x;
    uint z[4];
};
groupshared S gs[16];
static S ss[2];

void pick(inout S a, inout S b, bool c, uint v)
{
    if (c) {
        a.z[v & 3] += v;
        return;
    }
    b.z[v & 3] += 2 * v;
}

void bump(inout uint x, uint k) { x = x * 3 + k; }

void fill(out S s, uint x)
{
    s.x = x;
    for (uint i = 0; i < 4; i++) s.z[i] = x + i;
}

uint walk(S s[2], uint n)
{
    uint r = 0;
    for (uint i = 0; i < n; i++) r += s[i & 1].z[i & 3] + s[i & 1].x;
    return r;
}

[numthreads(16, 1, 1)]
void main(uint t : SV_GroupIndex)
{
    S a = (S)0;
    S b;
    fill(b, src[t + 16]);
    a.x = src[t];
    pick(a, b, (t & 1) != 0, t);
    pick(a, b, (t & 2) != 0, t + 5);
    gs[t] = a;
    ss[0] = a;
    ss[1] = b;
    pick(ss[0], ss[1], (t & 4) != 0, t + 7);
    if (t & 8) bump(a.z[t & 3], t); else bump(b.z[(t + 1) & 3], t);
    bump(gs[t].z[(t + 2) & 3], 1);
    GroupMemoryBarrierWithGroupSync();
    S arr[2] = { a, b };
    S g2[2] = { gs[t], gs[(t + 1) & 15] };
    dst[t] = walk(arr, src[t] & 7) + walk(ss, 5) + walk(g2, 6);
}
