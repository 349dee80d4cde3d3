// dxc: -T ms_6_5 -E main -Vd
// Mesh shader whose vertex and primitive structs hold arrays of structs with
// semantics on the inner members: DXC flattens Inner inner[2] into one
// element per member spanning 2 rows (ATTR: float4 x 2, BATTR: float x 2),
// Clip clip[2] into SV_ClipDistance with 2 rows of 1 column, and
// PrimInner prim[2] into a per-primitive MATERIAL with 2 rows, but lists only
// the first semantic index ({0}) for each of these elements. DXIL.rst gives
// one semantic index per row, consecutive in flattening order (inner[0].a is
// ATTR0, inner[1].a is ATTR1), and DXC's own validator rejects the container
// ("PSV0 part 'SemanticIndex' is not well-formed"), hence -Vd: this is the
// blob DXC emits with validation off. Element shapes (from the .ll):
//   SV_Position  rows 1, cols 4, indices {0}
//   ATTR         rows 2, cols 4, indices {0}
//   BATTR        rows 2, cols 1, indices {0}
//   SV_ClipDistance rows 2, cols 1, indices {0}
//   MATERIAL (per primitive) rows 2, cols 1, indices {0}
struct Inner
{
    float4 a : ATTR;
    float b : BATTR;
};

struct Clip
{
    float d : SV_ClipDistance;
};

struct Vertex
{
    float4 pos : SV_Position;
    Inner inner[2];
    Clip clip[2];
};

struct PrimInner
{
    uint material : MATERIAL;
};

struct Prim
{
    PrimInner prim[2];
};

[outputtopology("triangle")]
[numthreads(3, 1, 1)]
void main(uint tid : SV_GroupThreadID,
          out vertices Vertex verts[3],
          out indices uint3 tris[1],
          out primitives Prim prims[1])
{
    SetMeshOutputCounts(3, 1);
    float x = (float)tid - 1.0;
    verts[tid].pos = float4(x, (tid == 1) ? 1.0 : -1.0, 0.5, 1.0);
    [unroll]
    for (uint j = 0; j < 2; ++j)
    {
        verts[tid].inner[j].a = float4(x, (float)j, 0.25, 1.0);
        verts[tid].inner[j].b = (float)(tid + j);
        verts[tid].clip[j].d = 1.0 - (float)j;
    }
    if (tid == 0)
    {
        tris[0] = uint3(0, 1, 2);
        prims[0].prim[0].material = 7;
        prims[0].prim[1].material = 9;
    }
}
