// dxc: -T cs_6_10 -E main
// GetGroupWaveIndex / GetGroupWaveCount (self-checking: the count covers
// the group, every lane of a wave has the wave's index) and
// IsDebuggingEnabled / DebugBreak (no debugger: false, nothing happens).
RWStructuredBuffer<uint> Out : register(u0);

[numthreads(64, 1, 1)]
void main(uint3 tid : SV_DispatchThreadID)
{
    if (dx::IsDebuggingEnabled())
    {
        DebugBreak();
    }
    uint index = GetGroupWaveIndex();
    uint count = GetGroupWaveCount();
    uint lanes = WaveGetLaneCount();
    bool ok = count == (64 + lanes - 1) / lanes && index < count &&
              index == WaveReadLaneFirst(index);
    Out[tid.x] = (ok ? 1 : 0) + (dx::IsDebuggingEnabled() ? 10 : 0);
}
