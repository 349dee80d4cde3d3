//! `dxil2spirv info`: the decoded facts of a blob as one JSON document,
//! written as JSON or as indented text.

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
        doc = doc.with("dxil", self.dxil.to_json(&self.module));
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
            doc = doc.with("root_signature", rs.to_json());
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
