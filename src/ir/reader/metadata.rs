//! The METADATA and METADATA_ATTACHMENT blocks.

use super::Reader;
use crate::bitstream::Entry;
use crate::error::Result;
use crate::ir::metadata::{MdId, Metadata, NamedMetadata};
use crate::ir::types::Type;
use crate::ir::{FuncId, ListRange};
use smallvec::SmallVec;

mod code {
    pub const STRING: u32 = 1;
    pub const VALUE: u32 = 2;
    pub const NODE: u32 = 3;
    pub const NAME: u32 = 4;
    pub const DISTINCT_NODE: u32 = 5;
    pub const KIND: u32 = 6;
    pub const OLD_NODE: u32 = 8;
    pub const OLD_FN_NODE: u32 = 9;
    pub const NAMED_NODE: u32 = 10;
    pub const ATTACHMENT: u32 = 11;
}

impl Reader<'_> {
    /// Maps a metadata number of the bitcode to its arena id.
    fn map_md(&self, id: u64) -> Result<MdId> {
        let id = u32::try_from(id).map_err(|_| self.err("metadata id out of range"))?;
        let mapped = match id.checked_sub(self.module_mds) {
            Some(local) if self.in_function => local.checked_add(self.local_md_base),
            _ => Some(id),
        };
        mapped
            .map(MdId)
            .ok_or_else(|| self.err("metadata id out of range"))
    }

    /// The operands of a NODE record (each a metadata number plus one, 0
    /// for null) as arena ids plus one, appended to the list pool.
    fn push_node_operands(&mut self) -> Result<ListRange> {
        let start = self.module.lists.len();
        if !self.in_function {
            // Module-level metadata numbers are arena ids: stored as they are.
            if self.ops.iter().any(|&op| op > u64::from(u32::MAX)) {
                return Err(self.err("metadata id out of range"));
            }
            let ops = self.ops.iter().map(|&op| op as u32);
            self.module.lists.extend(ops);
        } else {
            for i in 0..self.ops.len() {
                let operand = match self.op(i)?.checked_sub(1) {
                    None => 0,
                    Some(raw) => self
                        .map_md(raw)?
                        .0
                        .checked_add(1)
                        .ok_or_else(|| self.err("metadata id out of range"))?,
                };
                self.module.lists.push(operand);
            }
        }
        Ok(ListRange::new(
            start,
            self.module.lists.len().saturating_sub(start),
        ))
    }

    pub(super) fn read_metadata_block(&mut self) -> Result<()> {
        let first_node = self.module.metadata.nodes.len();
        let first_named = self.module.metadata.named.len();
        let mut pending_name = None;
        loop {
            let abbrev = match self.next_entry()? {
                Entry::EndBlock => break,
                Entry::SubBlock(_) => {
                    self.bs.skip_block()?;
                    continue;
                }
                Entry::Record(a) => a,
            };
            let code = self.read_record_text(abbrev, |code| match code {
                code::STRING | code::NAME => Some(0),
                code::KIND => Some(1),
                _ => None,
            })?;
            if pending_name.is_some() && code != code::NAMED_NODE {
                return Err(self.err("metadata name not followed by a named node"));
            }
            let md = match code {
                code::STRING => Metadata::String(self.text_string()),
                code::VALUE => {
                    if self.ops.len() != 2 {
                        return Err(self.err("metadata value record must have 2 operands"));
                    }
                    let ty = self.type_at(0)?;
                    if matches!(self.module.types.ty(ty), Type::Void | Type::Metadata) {
                        return Err(self.err("metadata value of void or metadata type"));
                    }
                    let value = self.value_ref(self.op(1)?, Some(ty))?;
                    Metadata::Value { ty, value }
                }
                code::NODE | code::DISTINCT_NODE => Metadata::Node {
                    operands: self.push_node_operands()?,
                    distinct: code == code::DISTINCT_NODE,
                },
                code::NAME => {
                    pending_name = Some(self.text_string());
                    continue;
                }
                code::NAMED_NODE => {
                    let Some(name) = pending_name.take() else {
                        return Err(self.err("named metadata node without a name"));
                    };
                    let mut operands: SmallVec<[u32; 16]> = SmallVec::new();
                    for i in 0..self.ops.len() {
                        operands.push(self.map_md(self.op(i)?)?.0);
                    }
                    let operands = self.push_list(&operands);
                    self.module
                        .metadata
                        .named
                        .push(NamedMetadata { name, operands });
                    continue;
                }
                code::KIND => {
                    let kind = self.op32(0)?;
                    let name = self.text_string();
                    self.module.metadata.kinds.push((kind, name));
                    continue;
                }
                code::OLD_NODE | code::OLD_FN_NODE => {
                    return Err(self.unsupported(format!("pre-3.6 metadata record code {code}")));
                }
                // LOCATION and the debug-info records: numbered, not decoded.
                7 | 12..=32 => Metadata::DebugInfo(code),
                _ => continue,
            };
            self.module.metadata.nodes.push(md);
        }
        if pending_name.is_some() {
            return Err(self.err("metadata name at the end of its block"));
        }
        self.check_metadata_refs(first_node, first_named)
    }

    /// Every node operand and named-node operand read since `first_node` /
    /// `first_named` must name an existing entry.
    fn check_metadata_refs(&self, first_node: usize, first_named: usize) -> Result<()> {
        let table = &self.module.metadata;
        let count = table.nodes.len() as u32;
        for md in table.nodes.get(first_node..).unwrap_or(&[]) {
            if let Metadata::Node { operands, .. } = md {
                if self.module.list(*operands).iter().any(|&op| op > count) {
                    return Err(self.err("metadata node refers to an entry that does not exist"));
                }
            }
        }
        for named in table.named.get(first_named..).unwrap_or(&[]) {
            if self
                .module
                .list(named.operands)
                .iter()
                .any(|&op| op >= count)
            {
                return Err(self.err("named metadata refers to an entry that does not exist"));
            }
        }
        Ok(())
    }

    /// METADATA_ATTACHMENT: [inst, (kind, node)*] or function-level
    /// [(kind, node)*].
    pub(super) fn read_metadata_attachments(&mut self, func: FuncId) -> Result<()> {
        loop {
            let abbrev = match self.next_entry()? {
                Entry::EndBlock => return Ok(()),
                Entry::SubBlock(_) => {
                    self.bs.skip_block()?;
                    continue;
                }
                Entry::Record(a) => a,
            };
            if self.read_record(abbrev)? != code::ATTACHMENT {
                continue;
            }
            let (inst, start) = if self.ops.len() % 2 == 1 {
                (Some(self.op32(0)?), 1)
            } else {
                (None, 0)
            };
            let mut pairs: SmallVec<[u32; 8]> = SmallVec::new();
            let count = self.module.metadata.nodes.len() as u32;
            let mut i: usize = start;
            // `i < len`: the additions cannot overflow.
            while i.saturating_add(1) < self.ops.len() {
                let kind = self.op32(i)?;
                if !self.module.metadata.kinds.iter().any(|(k, _)| *k == kind) {
                    return Err(self.err(format!("metadata attachment of unknown kind {kind}")));
                }
                let node = self.map_md(self.op(i.saturating_add(1))?)?;
                if node.0 >= count {
                    return Err(
                        self.err("metadata attachment refers to an entry that does not exist")
                    );
                }
                pairs.push(kind);
                pairs.push(node.0);
                i = i.saturating_add(2);
            }
            let range = self.push_list(&pairs);
            let Some(f) = self.module.functions.get_mut(func.0 as usize) else {
                return Err(self.err("attachment outside a function"));
            };
            match inst {
                None => f.metadata = range,
                Some(index) => match f.insts.get_mut(index as usize) {
                    Some(inst) => inst.metadata = range,
                    None => {
                        return Err(self.err(format!(
                            "metadata attached to instruction {index}, which does not exist"
                        )))
                    }
                },
            }
        }
    }
}
