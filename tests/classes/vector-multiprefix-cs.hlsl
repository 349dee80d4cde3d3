// dxc: -T cs_6_9 -E main
// SM 6.9 vector overload of WaveMultiPrefixSum: lane i scans the vector
// (i+1) * (1, 2, 3, 4, 5) over one partition (every lane has key 0), so its
// result is (1, 2, 3, 4, 5) * i * (i + 1) / 2. Eight lanes: one wave on
// every device.
RWStructuredBuffer<uint> Out : register(u0);

[numthreads(8, 1, 1)]
void main(uint3 tid : SV_DispatchThreadID)
{
    uint i = tid.x;
    vector<uint, 5> v;
    [unroll] for (uint j = 0; j < 5; ++j) v[j] = (i + 1) * (j + 1);
    uint4 mask = WaveMatch(0u);
    vector<uint, 5> p = WaveMultiPrefixSum(v, mask);
    [unroll] for (uint k = 0; k < 5; ++k) Out[i * 5 + k] = p[k];
}
