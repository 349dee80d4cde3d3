//! The Vulkan sampler state (`VkSamplerCreateInfo`) a D3D12 static sampler
//! needs, so that an embedder can create it as an immutable sampler from
//! reflection alone.

use crate::rootsig::{
    ComparisonFunc, SamplerFlags, StaticBorderColor, StaticSampler, TextureAddressMode,
};

/// `VkSamplerCreateInfo` fields of a static sampler (Vulkan enumerator
/// names without their prefix).
#[derive(Clone, Debug, PartialEq)]
pub struct VkSampler {
    /// `magFilter`: `NEAREST` or `LINEAR`.
    pub mag_filter: &'static str,
    /// `minFilter`.
    pub min_filter: &'static str,
    /// `mipmapMode`: `NEAREST` or `LINEAR`.
    pub mipmap_mode: &'static str,
    /// `addressModeU`, `V`, `W`: `REPEAT`, `MIRRORED_REPEAT`,
    /// `CLAMP_TO_EDGE`, `CLAMP_TO_BORDER`, `MIRROR_CLAMP_TO_EDGE`.
    pub address_modes: [&'static str; 3],
    /// `mipLodBias`.
    pub mip_lod_bias: f32,
    /// `anisotropyEnable`.
    pub anisotropy_enable: bool,
    /// `maxAnisotropy`.
    pub max_anisotropy: f32,
    /// `compareEnable`.
    pub compare_enable: bool,
    /// `compareOp`: `NEVER` … `ALWAYS`.
    pub compare_op: &'static str,
    /// `minLod`.
    pub min_lod: f32,
    /// `maxLod`.
    pub max_lod: f32,
    /// `borderColor`: `FLOAT_TRANSPARENT_BLACK`, `FLOAT_OPAQUE_BLACK`,
    /// `FLOAT_OPAQUE_WHITE`, `INT_OPAQUE_BLACK`, `INT_OPAQUE_WHITE`
    /// (`INT_*` for uint borders and the 1.2 `UINT_BORDER_COLOR` flag).
    pub border_color: &'static str,
    /// `unnormalizedCoordinates` (1.2 `NON_NORMALIZED_COORDINATES`).
    pub unnormalized_coordinates: bool,
    /// `VkSamplerReductionModeCreateInfo::reductionMode`:
    /// `WEIGHTED_AVERAGE`, `MIN` or `MAX` (D3D12 minimum/maximum filters).
    pub reduction_mode: &'static str,
}

fn filter(bits: u32) -> &'static str {
    if bits & 1 != 0 {
        "LINEAR"
    } else {
        "NEAREST"
    }
}

fn address(mode: TextureAddressMode) -> &'static str {
    match mode {
        TextureAddressMode::Wrap => "REPEAT",
        TextureAddressMode::Mirror => "MIRRORED_REPEAT",
        TextureAddressMode::Clamp => "CLAMP_TO_EDGE",
        TextureAddressMode::Border => "CLAMP_TO_BORDER",
        TextureAddressMode::MirrorOnce => "MIRROR_CLAMP_TO_EDGE",
    }
}

fn compare(func: ComparisonFunc) -> &'static str {
    match func {
        ComparisonFunc::None | ComparisonFunc::Never => "NEVER",
        ComparisonFunc::Less => "LESS",
        ComparisonFunc::Equal => "EQUAL",
        ComparisonFunc::LessEqual => "LESS_OR_EQUAL",
        ComparisonFunc::Greater => "GREATER",
        ComparisonFunc::NotEqual => "NOT_EQUAL",
        ComparisonFunc::GreaterEqual => "GREATER_OR_EQUAL",
        ComparisonFunc::Always => "ALWAYS",
    }
}

impl VkSampler {
    /// The Vulkan state of a static sampler (D3D12's filter encoding:
    /// mip bit 0, mag bit 2, min bit 4, anisotropic `0x40`, reduction
    /// bits 7–8: comparison, minimum, maximum).
    pub fn of(s: &StaticSampler) -> VkSampler {
        let f = s.filter.0;
        let reduction = (f >> 7) & 3;
        let anisotropic = f & 0x40 != 0;
        let flags = s.flags.unwrap_or(SamplerFlags::NONE);
        let uint_border = flags.contains(SamplerFlags::UINT_BORDER_COLOR);
        let border_color = match s.border_color {
            StaticBorderColor::TransparentBlack if uint_border => "INT_TRANSPARENT_BLACK",
            StaticBorderColor::TransparentBlack => "FLOAT_TRANSPARENT_BLACK",
            StaticBorderColor::OpaqueBlack if uint_border => "INT_OPAQUE_BLACK",
            StaticBorderColor::OpaqueBlack => "FLOAT_OPAQUE_BLACK",
            StaticBorderColor::OpaqueWhite if uint_border => "INT_OPAQUE_WHITE",
            StaticBorderColor::OpaqueWhite => "FLOAT_OPAQUE_WHITE",
            StaticBorderColor::OpaqueBlackUint => "INT_OPAQUE_BLACK",
            StaticBorderColor::OpaqueWhiteUint => "INT_OPAQUE_WHITE",
        };
        VkSampler {
            mag_filter: if anisotropic {
                "LINEAR"
            } else {
                filter(f >> 2)
            },
            min_filter: if anisotropic {
                "LINEAR"
            } else {
                filter(f >> 4)
            },
            mipmap_mode: if anisotropic { "LINEAR" } else { filter(f) },
            address_modes: [
                address(s.address_u),
                address(s.address_v),
                address(s.address_w),
            ],
            mip_lod_bias: s.mip_lod_bias,
            anisotropy_enable: anisotropic,
            max_anisotropy: if anisotropic {
                s.max_anisotropy as f32
            } else {
                1.0
            },
            compare_enable: reduction == 1,
            compare_op: compare(s.comparison_func),
            min_lod: s.min_lod,
            max_lod: s.max_lod,
            border_color,
            unnormalized_coordinates: flags.contains(SamplerFlags::NON_NORMALIZED_COORDINATES),
            reduction_mode: match reduction {
                2 => "MIN",
                3 => "MAX",
                _ => "WEIGHTED_AVERAGE",
            },
        }
    }
}
