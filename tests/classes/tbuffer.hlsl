// dxc: -T cs_6_0 -E main
// A tbuffer read in compute: BufferLoad counts 16-byte registers.
tbuffer Params : register(t0)
{
    uint4 A;
    uint B;
    uint C[3];
};
RWStructuredBuffer<uint> Out : register(u0);

[numthreads(4, 1, 1)]
void main(uint3 tid : SV_DispatchThreadID)
{
    uint i = tid.x;
    Out[i] = A[i] + B * 1000 + (i < 3 ? C[i] * 100000 : 0);
}
