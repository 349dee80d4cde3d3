// dxc: -T ps_6_9 -E main
// SM 6.9 vector overloads of the derivatives (6 lanes) and of
// WaveMultiPrefixSum (5 lanes) in a pixel shader.
StructuredBuffer<float> In : register(t0);
RWStructuredBuffer<float> Out : register(u0);
float4 main(float4 pos : SV_Position) : SV_Target
{
    vector<float, 6> v;
    [unroll] for (int i = 0; i < 6; ++i) v[i] = In[i] * pos.x;
    vector<float, 6> d = ddx(v) + ddy_fine(v) + ddx_coarse(v);
    vector<uint, 5> u;
    [unroll] for (int j = 0; j < 5; ++j) u[j] = (uint)In[j];
    uint4 mask = WaveMatch(u[0]);
    vector<uint, 5> p = WaveMultiPrefixSum(u, mask);
    return float4(d[0] + d[5], p[0], p[4], 1);
}
