// dxc: -T cs_6_0 -E main
// The AMD AGS pattern (ags_shader_intrinsics_dx12.hlsl, trimmed):
// intrinsics are stores to a UAV in a reserved register space.
RWByteAddressBuffer AmdExtD3DShaderIntrinsicsUAV : register(u0, space2147420894);
RWStructuredBuffer<uint> Out : register(u0);

uint AmdExtD3DShaderIntrinsics_ReadfirstlaneU(uint src)
{
    uint instruction = (0x5u << 28) | (0x01u << 14); // magic | opcode
    uint retVal;
    AmdExtD3DShaderIntrinsicsUAV.InterlockedCompareExchange(instruction, src, 0, retVal);
    return retVal;
}

[numthreads(64, 1, 1)]
void main(uint3 tid : SV_DispatchThreadID)
{
    Out[tid.x] = AmdExtD3DShaderIntrinsics_ReadfirstlaneU(tid.x);
}
