// dxc: -T cs_6_0 -E main
// The NVAPI pattern (nvHLSLExtns.h, trimmed): intrinsics are stores to a
// "magic" UAV that the NVIDIA D3D12 driver recognises.
struct NvShaderExtnStruct
{
    uint opcode;
    uint rid;
    uint sid;
    uint4 dst1u;
    uint4 src3u;
    uint4 src4u;
    uint4 src5u;
    uint4 src0u;
    uint4 src1u;
    uint4 src2u;
    uint4 dst0u;
    uint markUavRef;
    uint numOutputsForIncCounter;
    float padding1[27];
};
RWStructuredBuffer<NvShaderExtnStruct> g_NvidiaExt : register(u7, space99);
RWStructuredBuffer<uint> Out : register(u0);

uint NvGetSpecial(uint subOpCode)
{
    uint index = g_NvidiaExt.IncrementCounter();
    g_NvidiaExt[index].src0u.x = subOpCode;
    g_NvidiaExt[index].opcode = 19; // NV_EXTN_OP_GET_SPECIAL
    return g_NvidiaExt.IncrementCounter();
}

[numthreads(1, 1, 1)]
void main()
{
    Out[0] = NvGetSpecial(0);
}
