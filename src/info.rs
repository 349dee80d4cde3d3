//! `dxil2spirv info`: the decoded facts of a blob as one JSON document,
//! written as JSON or as indented text.

use crate::container::{RootParameterKind, RootSignature};
use crate::json::Json;
use crate::Shader;
use std::fmt::{self, Write};

impl Shader<'_> {
    /// The decoded facts: container parts, program, features, root
    /// signature, pipeline state and the DXIL metadata.
    pub fn info(&self) -> Json {
        let c = &self.container;
        let mut doc = Json::object();
        if let Some(h) = c.header() {
            doc = doc.with(
                "container",
                Json::object()
                    .with(
                        "version",
                        format!("{}.{}", h.version_major, h.version_minor),
                    )
                    .with("size", h.container_size)
                    .with(
                        "parts",
                        Json::Array(
                            c.parts()
                                .iter()
                                .map(|p| {
                                    Json::object()
                                        .with("name", p.fourcc.to_string())
                                        .with("size", p.data.len())
                                })
                                .collect(),
                        ),
                    ),
            );
        }
        if let Ok(p) = c.program() {
            doc = doc.with(
                "program",
                Json::object()
                    .with("kind", p.kind.to_string())
                    .with("shader_model", format!("{}.{}", p.major, p.minor))
                    .with(
                        "dxil_version",
                        format!("{}.{}", p.dxil_major(), p.dxil_minor()),
                    )
                    .with("bitcode_bytes", p.bitcode.len()),
            );
        }
        if let Ok(Some(hash)) = c.hash() {
            doc = doc.with("hash", hash.to_string());
        }
        if let Ok(Some(features)) = c.feature_info() {
            doc = doc.with(
                "features",
                Json::Array(features.names().map(Json::from).collect()),
            );
        }
        if let Ok(Some(psv)) = c.psv() {
            doc = doc.with(
                "pipeline_state",
                Json::object()
                    .with("entry", psv.entry_function_name)
                    .with("num_threads", psv.num_threads.map(|n| n.to_vec()))
                    .with(
                        "wave_lanes",
                        vec![psv.min_wave_lane_count, psv.max_wave_lane_count],
                    )
                    .with("uses_view_id", psv.uses_view_id)
                    .with("groupshared_bytes", psv.num_bytes_group_shared_memory)
                    .with("stage_info", format!("{:?}", psv.stage_info)),
            );
        }
        if let Ok(Some(rs)) = c.root_signature() {
            doc = doc.with("root_signature", root_signature_json(&rs));
        }
        doc
    }

    /// Writes [`Shader::info`] as pretty-printed JSON.
    pub fn write_info_json(&self, out: &mut impl Write) -> fmt::Result {
        self.info().write_pretty(out)?;
        out.write_char('\n')
    }

    /// Writes [`Shader::info`] as indented text.
    pub fn write_info_text(&self, out: &mut impl Write) -> fmt::Result {
        self.info().write_text(out)
    }
}

/// A root signature as JSON.
pub fn root_signature_json(rs: &RootSignature) -> Json {
    let parameters = rs
        .parameters
        .iter()
        .map(|p| {
            let param = Json::object().with("visibility", format!("{:?}", p.visibility));
            match &p.kind {
                RootParameterKind::DescriptorTable(ranges) => param.with("kind", "table").with(
                    "ranges",
                    Json::Array(
                        ranges
                            .iter()
                            .map(|r| {
                                Json::object()
                                    .with("type", format!("{:?}", r.range_type))
                                    .with(
                                        "count",
                                        if r.is_unbounded() {
                                            Json::from("unbounded")
                                        } else {
                                            r.num_descriptors.into()
                                        },
                                    )
                                    .with("base_register", r.base_register)
                                    .with("space", r.space)
                                    .with(
                                        "offset",
                                        if r.is_append() {
                                            Json::from("append")
                                        } else {
                                            r.offset.into()
                                        },
                                    )
                                    .with(
                                        "flags",
                                        r.flags
                                            .map(|f| f.names().map(Json::from).collect::<Vec<_>>()),
                                    )
                            })
                            .collect(),
                    ),
                ),
                RootParameterKind::Constants(k) => param
                    .with("kind", "constants")
                    .with("register", k.register)
                    .with("space", k.space)
                    .with("count", k.num_32bit_values),
                RootParameterKind::Cbv(d)
                | RootParameterKind::Srv(d)
                | RootParameterKind::Uav(d) => {
                    let kind = match &p.kind {
                        RootParameterKind::Cbv(_) => "cbv",
                        RootParameterKind::Srv(_) => "srv",
                        _ => "uav",
                    };
                    param
                        .with("kind", kind)
                        .with("register", d.register)
                        .with("space", d.space)
                        .with(
                            "flags",
                            d.flags
                                .map(|f| f.names().map(Json::from).collect::<Vec<_>>()),
                        )
                }
            }
        })
        .collect();
    let samplers = rs
        .static_samplers
        .iter()
        .map(|s| {
            Json::object()
                .with("register", s.register)
                .with("space", s.space)
                .with(
                    "filter",
                    s.filter
                        .name()
                        .map_or_else(|| format!("{:#x}", s.filter.0), str::to_string),
                )
                .with(
                    "address",
                    vec![
                        format!("{:?}", s.address_u),
                        format!("{:?}", s.address_v),
                        format!("{:?}", s.address_w),
                    ],
                )
                .with("mip_lod_bias", s.mip_lod_bias)
                .with("max_anisotropy", s.max_anisotropy)
                .with("comparison", format!("{:?}", s.comparison_func))
                .with("border_color", format!("{:?}", s.border_color))
                .with("lod_range", vec![s.min_lod, s.max_lod])
                .with("visibility", format!("{:?}", s.visibility))
        })
        .collect();
    Json::object()
        .with("version", format!("{:?}", rs.version))
        .with(
            "flags",
            rs.flags.names().map(Json::from).collect::<Vec<_>>(),
        )
        .with("parameters", Json::Array(parameters))
        .with("static_samplers", Json::Array(samplers))
}
