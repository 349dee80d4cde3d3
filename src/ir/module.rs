//! The module: values, constants, globals, functions, metadata.

use super::inst::{BinOp, CastOp, Inst, Predicate};
use super::metadata::{MdId, MetadataTable};
use super::types::{Type, TypeId, TypeTable};
use super::{BlockId, ListRange, StrRange};

/// Index of a value (global, function, constant, argument or instruction
/// result) in [`Module::values`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ValueId(pub u32);

/// Index of a function in [`Module::functions`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FuncId(pub u32);

/// Index of a global variable in [`Module::globals`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GlobalId(pub u32);

/// A constant. Integers are stored as their bit pattern, truncated to the
/// type's width; [`Module::const_int`] sign-extends on request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Constant {
    /// `undef`.
    Undef,
    /// `null` / `zeroinitializer`.
    Null,
    /// An integer bit pattern (zero-extended to 64 bits).
    Int(u64),
    /// A floating-point bit pattern (`half` in the low 16 bits, `float` in the
    /// low 32 bits, `double` in all 64).
    Float(u64),
    /// Struct, array or vector of constants (value ids in the list pool).
    Aggregate(ListRange),
    /// Array or vector of integer or float bit patterns (in the data pool).
    Data(ListRange),
    /// A byte string (`c"..."`), in the data pool one byte per entry.
    String {
        /// The bytes.
        bytes: ListRange,
        /// Whether a terminating NUL was implied (`CSTRING`).
        nul_terminated: bool,
    },
    /// A constant binary expression.
    BinOp {
        /// Operator.
        op: BinOp,
        /// Left operand.
        lhs: ValueId,
        /// Right operand.
        rhs: ValueId,
        /// Flags.
        flags: u8,
    },
    /// A constant cast.
    Cast {
        /// Operator.
        op: CastOp,
        /// Operand.
        value: ValueId,
    },
    /// A constant `getelementptr`: base pointer then indices.
    Gep {
        /// `inbounds`.
        inbounds: bool,
        /// The type the base points to.
        source: TypeId,
        /// Base and indices (value ids in the list pool).
        operands: ListRange,
    },
    /// A constant comparison.
    Cmp {
        /// Predicate.
        pred: Predicate,
        /// Left operand.
        lhs: ValueId,
        /// Right operand.
        rhs: ValueId,
    },
    /// A constant `select`.
    Select {
        /// Condition.
        cond: ValueId,
        /// Value when true.
        if_true: ValueId,
        /// Value when false.
        if_false: ValueId,
    },
    /// A constant `extractelement`.
    ExtractElement {
        /// Vector.
        vector: ValueId,
        /// Index.
        index: ValueId,
    },
}

/// What a value is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueKind {
    /// A global variable (its value is its address).
    Global(GlobalId),
    /// A function (its value is its address).
    Function(FuncId),
    /// A constant.
    Constant(Constant),
    /// A function argument.
    Argument {
        /// The function.
        func: FuncId,
        /// Position in the parameter list.
        index: u32,
    },
    /// The result of an instruction.
    Inst {
        /// The function.
        func: FuncId,
        /// Index into that function's instructions.
        inst: u32,
    },
}

/// One value: its type, what it is, and its name (empty when unnamed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Value {
    /// The type.
    pub ty: TypeId,
    /// What it is.
    pub kind: ValueKind,
    /// The name from the value symbol table.
    pub name: StrRange,
}

/// Linkage of a global value (the subset with meaning for shaders; other
/// bitcode linkages are kept as [`Linkage::Other`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Linkage {
    /// `external`.
    External,
    /// `internal`.
    Internal,
    /// `private`.
    Private,
    /// Any other linkage, with its bitcode code.
    Other(u8),
}

impl Linkage {
    /// Decodes a bitcode linkage code.
    pub fn decode(code: u64) -> Linkage {
        match code {
            0 | 5 | 6 | 15 => Linkage::External,
            3 => Linkage::Internal,
            9 | 13 | 14 => Linkage::Private,
            other => Linkage::Other(other.min(255) as u8),
        }
    }
}

/// A global variable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Global {
    /// The variable's own value (its address).
    pub value: ValueId,
    /// The type of the stored data (the value's type is a pointer to it).
    pub value_type: TypeId,
    /// Address space (DXIL: 3 = groupshared).
    pub addr_space: u32,
    /// `constant`.
    pub is_constant: bool,
    /// The initializer, if any.
    pub initializer: Option<ValueId>,
    /// Linkage.
    pub linkage: Linkage,
    /// Alignment in bytes (0 = default).
    pub align: u32,
}

/// A basic block: a contiguous run of its function's instructions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Block {
    /// First instruction index in [`Function::insts`].
    pub start: u32,
    /// Number of instructions.
    pub len: u32,
    /// Name from the value symbol table (empty when unnamed).
    pub name: StrRange,
}

/// A function declaration or definition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Function {
    /// The function's own value (its address).
    pub value: ValueId,
    /// The function type.
    pub ty: TypeId,
    /// Whether it is a declaration only (no body).
    pub is_declaration: bool,
    /// Linkage.
    pub linkage: Linkage,
    /// Attribute set index (0 = none) into [`Module::attribute_sets`].
    pub attrs: u32,
    /// Value ids of the arguments (contiguous).
    pub first_arg: ValueId,
    /// Number of arguments.
    pub num_args: u32,
    /// Basic blocks, in bitcode order (block 0 is the entry).
    pub blocks: Vec<Block>,
    /// All instructions, block after block.
    pub insts: Vec<Inst>,
    /// Function-level metadata attachments: (kind, node) pairs.
    pub metadata: ListRange,
}

impl Function {
    /// The instructions of one block.
    pub fn block_insts(&self, block: BlockId) -> &[Inst] {
        self.blocks
            .get(block.0 as usize)
            .and_then(|b| {
                let end = (b.start as usize).saturating_add(b.len as usize);
                self.insts.get(b.start as usize..end)
            })
            .unwrap_or(&[])
    }

    /// The argument value ids.
    pub fn args(&self) -> impl Iterator<Item = ValueId> + '_ {
        // The arguments are values the reader numbered: no saturation.
        (0..self.num_args).map(move |i| ValueId(self.first_arg.0.saturating_add(i)))
    }
}

/// One attribute of a function, return value or parameter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Attribute {
    /// A well-known attribute by its bitcode kind number (e.g. 18 `nounwind`,
    /// 20 `readnone`, 21 `readonly`).
    Enum(u32),
    /// A well-known attribute with an integer (alignment, dereferenceable).
    Int(u32, u64),
    /// A string attribute such as `"fp32-denorm-mode"="ftz"`.
    String(StrRange, StrRange),
}

/// A group of attributes that applies to one position of a function.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AttributeGroup {
    /// The group id the bitcode uses.
    pub id: u32,
    /// Position: `u32::MAX` = the function, 0 = return value, n = parameter n-1.
    pub index: u32,
    /// The attributes, in [`Module::attributes`].
    pub attrs: ListRange,
}

/// A parsed LLVM module.
///
/// Everything lives in arenas owned here; handles ([`TypeId`], [`ValueId`],
/// [`FuncId`], [`super::MdId`]) index them. The module is plain data: `Send`
/// and `Sync`.
#[derive(Clone, Debug, Default)]
pub struct Module {
    /// All types.
    pub types: TypeTable,
    /// All values: module-level values first (in bitcode numbering), then
    /// each function's arguments, constants and instruction results.
    pub values: Vec<Value>,
    /// Global variables.
    pub globals: Vec<Global>,
    /// Functions (declarations and definitions), in declaration order.
    pub functions: Vec<Function>,
    /// Metadata nodes, named metadata and kinds.
    pub metadata: MetadataTable,
    /// Attribute groups.
    pub attribute_groups: Vec<AttributeGroup>,
    /// The attributes of every group, one group after the other.
    pub attributes: Vec<Attribute>,
    /// Attribute sets: lists of attribute group ids in the list pool (index
    /// 0 is unused, as 0 means "no attributes").
    pub attribute_sets: Vec<ListRange>,
    /// Target triple.
    pub triple: StrRange,
    /// Data layout string.
    pub datalayout: StrRange,
    /// Pool of variable-length operand lists (value ids, block ids, indices).
    pub(crate) lists: Vec<u32>,
    /// Pool of constant data elements and string bytes.
    pub(crate) data: Vec<u64>,
    /// String arena for names.
    pub(crate) strings: String,
}

impl Module {
    /// Appends `s` to the string arena and returns its range (for modules
    /// built by hand rather than read).
    pub fn push_str(&mut self, s: &str) -> StrRange {
        let range = StrRange::new(self.strings.len(), s.len());
        self.strings.push_str(s);
        range
    }

    /// Appends an operand list to the pool and returns its range (for
    /// modules built by hand rather than read).
    pub fn push_list(&mut self, items: &[u32]) -> ListRange {
        let range = ListRange::new(self.lists.len(), items.len());
        self.lists.extend_from_slice(items);
        range
    }

    /// A string from the string arena.
    pub fn str(&self, s: StrRange) -> &str {
        self.strings.get(s.as_range()).unwrap_or("")
    }

    /// A list from the operand pool.
    pub fn list(&self, r: ListRange) -> &[u32] {
        self.lists.get(r.as_range()).unwrap_or(&[])
    }

    /// A list of value ids from the operand pool.
    pub fn value_list(&self, r: ListRange) -> impl ExactSizeIterator<Item = ValueId> + '_ {
        self.list(r).iter().map(|&v| ValueId(v))
    }

    /// Pairs from the operand pool (phi incoming, switch cases, metadata
    /// attachments).
    pub fn pairs(&self, r: ListRange) -> impl Iterator<Item = (u32, u32)> + '_ {
        self.list(r).chunks_exact(2).filter_map(|c| match *c {
            [a, b] => Some((a, b)),
            _ => None,
        })
    }

    /// Elements of a [`Constant::Data`] or [`Constant::String`].
    pub fn data(&self, r: ListRange) -> &[u64] {
        self.data.get(r.as_range()).unwrap_or(&[])
    }

    /// A value.
    #[inline]
    pub fn value(&self, id: ValueId) -> Option<&Value> {
        self.values.get(id.0 as usize)
    }

    /// The type of a value ([`Type::Void`]'s id is not implied: an invalid
    /// id yields `None`).
    #[inline]
    pub fn value_type(&self, id: ValueId) -> Option<TypeId> {
        self.values.get(id.0 as usize).map(|v| v.ty)
    }

    /// The name of a value (empty when unnamed).
    pub fn value_name(&self, id: ValueId) -> &str {
        self.value(id).map(|v| self.str(v.name)).unwrap_or("")
    }

    /// The constant a value is, if it is one.
    pub fn constant(&self, id: ValueId) -> Option<&Constant> {
        match &self.value(id)?.kind {
            ValueKind::Constant(c) => Some(c),
            _ => None,
        }
    }

    /// An integer constant, sign-extended from its type's width.
    pub fn const_int(&self, id: ValueId) -> Option<i64> {
        let v = self.value(id)?;
        let bits = match v.kind {
            ValueKind::Constant(Constant::Int(bits)) => bits,
            ValueKind::Constant(Constant::Null) => 0,
            _ => return None,
        };
        let width = match self.types.ty(v.ty) {
            Type::Int(w) => w,
            _ => return None,
        };
        Some(sign_extend(bits, width))
    }

    /// An integer constant, zero-extended (`null` of an integer type is 0).
    pub fn const_uint(&self, id: ValueId) -> Option<u64> {
        let v = self.value(id)?;
        // The type is looked at only for a null constant.
        match v.kind {
            ValueKind::Constant(Constant::Int(bits)) => Some(bits),
            ValueKind::Constant(Constant::Null) => {
                matches!(self.types.ty(v.ty), Type::Int(_)).then_some(0)
            }
            _ => None,
        }
    }

    /// The function with this id.
    pub fn function(&self, id: FuncId) -> Option<&Function> {
        self.functions.get(id.0 as usize)
    }

    /// The node attached to an instruction under the metadata kind `name`
    /// (`dx.controlflow.hints`, `llvm.loop`, `dx.nonuniform`, ...).
    pub fn attachment(&self, inst: &Inst, name: &str) -> Option<MdId> {
        // Most instructions have no attachment: nothing to look up.
        if inst.metadata.is_empty() {
            return None;
        }
        self.pairs(inst.metadata).find_map(|(kind, node)| {
            let kname = self
                .metadata
                .kinds
                .iter()
                .find(|(k, _)| *k == kind)
                .map(|(_, s)| self.str(*s))?;
            (kname == name).then_some(MdId(node))
        })
    }

    /// The function's name.
    pub fn function_name(&self, id: FuncId) -> &str {
        self.function(id)
            .map(|f| self.value_name(f.value))
            .unwrap_or("")
    }

    /// The function a call's callee value refers to.
    pub fn callee_function(&self, callee: ValueId) -> Option<FuncId> {
        match self.value(callee)?.kind {
            ValueKind::Function(f) => Some(f),
            _ => None,
        }
    }

    /// Finds a function by name.
    pub fn function_by_name(&self, name: &str) -> Option<FuncId> {
        self.functions
            .iter()
            .position(|f| self.value_name(f.value) == name)
            .map(|i| FuncId(i as u32))
    }

    /// Iterates over the string attributes of an attribute set at a position
    /// (`u32::MAX` = function).
    pub fn string_attributes(
        &self,
        set: u32,
        index: u32,
    ) -> impl Iterator<Item = (&str, &str)> + '_ {
        let groups = self.attribute_sets.get(set as usize).copied();
        self.list(groups.unwrap_or(ListRange::EMPTY))
            .iter()
            .filter_map(move |gid| {
                self.attribute_groups
                    .iter()
                    .find(|g| g.id == *gid && g.index == index)
            })
            .flat_map(|g| self.attributes.get(g.attrs.as_range()).unwrap_or(&[]))
            .filter_map(move |a| match a {
                Attribute::String(k, v) => Some((self.str(*k), self.str(*v))),
                _ => None,
            })
    }
}

/// Sign-extends the low `width` bits of `bits`.
pub fn sign_extend(bits: u64, width: u32) -> i64 {
    if width == 0 || width >= 64 {
        return bits as i64;
    }
    // `width` is in 1..64 here.
    let shift = 64u32.saturating_sub(width);
    ((bits << shift) as i64) >> shift
}
