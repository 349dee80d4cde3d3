//! The plain binding model: every resource a descriptor of its own, at
//! `set = space`, `binding = register + offset(class)`, with the offsets of
//! [`BindingOffsets`] chosen so that the register classes never collide:
//!
//! | class                      | default offset |
//! |----------------------------|---------------:|
//! | `b` (constant buffers)     | 0              |
//! | `t` (SRVs)                 | 1000           |
//! | `u` (UAVs)                 | 2000           |
//! | `s` (samplers)             | 3000           |
//! | UAV hidden counters        | 4000 (+ the UAV's register) |
//!
//! A [`BindingRemap`] overrides the mapping of one register range.
//!
//! [`SetPolicy::Compact`] replaces `set = space` by the rank of the space
//! among the spaces the shader declares (spaces 0, 12, 999 → sets 0, 1, 2),
//! for shaders whose spaces exceed the device's `maxBoundDescriptorSets`.
//!
//! SM 6.6 heap views are at the heap set ([`PlainOptions::heap_set`]), one
//! binding per descriptor type ([`super::heap_binding`]).

use super::{DescriptorType, Resource, ResourceClass, Via};
use smallvec::SmallVec;

/// Binding number offsets per register class (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BindingOffsets {
    /// Offset of `b` registers.
    pub cbv: u32,
    /// Offset of `t` registers.
    pub srv: u32,
    /// Offset of `u` registers.
    pub uav: u32,
    /// Offset of `s` registers.
    pub sampler: u32,
    /// Offset of the hidden counter buffers of UAVs (added to the UAV's
    /// register).
    pub counter: u32,
}

impl Default for BindingOffsets {
    fn default() -> Self {
        BindingOffsets {
            cbv: 0,
            srv: 1000,
            uav: 2000,
            sampler: 3000,
            counter: 4000,
        }
    }
}

impl BindingOffsets {
    /// The offset of a class.
    pub fn of(&self, class: ResourceClass) -> u32 {
        match class {
            ResourceClass::Cbv => self.cbv,
            ResourceClass::Srv => self.srv,
            ResourceClass::Uav => self.uav,
            ResourceClass::Sampler => self.sampler,
        }
    }
}

/// Maps one D3D register range to a Vulkan set and binding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BindingRemap {
    /// Register class.
    pub class: ResourceClass,
    /// Register space.
    pub space: u32,
    /// First register of the range (the resource's lower bound).
    pub register: u32,
    /// Vulkan descriptor set.
    pub set: u32,
    /// Vulkan binding.
    pub binding: u32,
    /// Binding of the hidden counter buffer (UAVs with a counter), in the
    /// same set; default: the counter offset plus the register.
    pub counter_binding: Option<u32>,
}

/// How register spaces become descriptor sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum SetPolicy {
    /// `set = space` (default).
    #[default]
    Space,
    /// `set` = rank of the space among the shader's declared spaces.
    Compact,
}

/// The options of the plain model.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlainOptions {
    /// Default binding numbers per register class.
    pub offsets: BindingOffsets,
    /// Explicit binding remaps; the first match wins.
    pub remaps: Vec<BindingRemap>,
    /// How spaces map to descriptor sets (when no remap applies).
    pub sets: SetPolicy,
    /// The descriptor set of the SM 6.6 descriptor heaps.
    pub heap_set: u32,
}

/// The access path of every resource in the plain model.
pub(super) fn resolve(resources: &[Resource], o: &PlainOptions) -> super::Vias {
    // The sorted spaces number the compact sets; other policies need none.
    let mut spaces: SmallVec<[u32; 8]> = SmallVec::new();
    if o.sets == SetPolicy::Compact {
        spaces.extend(resources.iter().map(|d| d.space));
        spaces.sort_unstable();
        spaces.dedup();
    }
    resources.iter().map(|r| Ok(via(r, o, &spaces))).collect()
}

fn via(r: &Resource, o: &PlainOptions, spaces: &[u32]) -> Via {
    if r.heap {
        return Via::Heap {
            set: o.heap_set,
            binding: DescriptorType::of(r.class, r.kind).heap_binding(),
            counter_binding: super::heap_binding::COUNTER,
        };
    }
    let offsets = &o.offsets;
    if let Some(m) = o
        .remaps
        .iter()
        .find(|m| m.class == r.class && m.space == r.space && m.register == r.lower_bound)
    {
        return Via::Plain {
            set: m.set,
            binding: m.binding,
            counter_binding: m
                .counter_binding
                .unwrap_or(offsets.counter.wrapping_add(r.lower_bound)),
        };
    }
    let set = match o.sets {
        SetPolicy::Space => r.space,
        SetPolicy::Compact => spaces.binary_search(&r.space).unwrap_or(0) as u32,
    };
    Via::Plain {
        set,
        binding: offsets.of(r.class).wrapping_add(r.lower_bound),
        counter_binding: offsets.counter.wrapping_add(r.lower_bound),
    }
}
