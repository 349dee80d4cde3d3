//! Instructions and their opcodes.

use super::{BlockId, ListRange, Type, TypeId, TypeTable, ValueId};

/// Binary operators (integer and floating point).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)] // the LLVM opcode names say it all
pub enum BinOp {
    Add,
    FAdd,
    Sub,
    FSub,
    Mul,
    FMul,
    UDiv,
    SDiv,
    FDiv,
    URem,
    SRem,
    FRem,
    Shl,
    LShr,
    AShr,
    And,
    Or,
    Xor,
}

impl BinOp {
    /// Decodes a bitcode binop code for integer (`fp == false`) or floating
    /// point operands.
    pub fn decode(code: u64, fp: bool) -> Option<BinOp> {
        use BinOp::*;
        Some(match (code, fp) {
            (0, false) => Add,
            (0, true) => FAdd,
            (1, false) => Sub,
            (1, true) => FSub,
            (2, false) => Mul,
            (2, true) => FMul,
            (3, false) => UDiv,
            (4, false) => SDiv,
            (4, true) => FDiv,
            (5, false) => URem,
            (6, false) => SRem,
            (6, true) => FRem,
            (7, false) => Shl,
            (8, false) => LShr,
            (9, false) => AShr,
            (10, false) => And,
            (11, false) => Or,
            (12, false) => Xor,
            _ => return None,
        })
    }

    /// The LLVM assembly keyword.
    pub fn name(self) -> &'static str {
        use BinOp::*;
        match self {
            Add => "add",
            FAdd => "fadd",
            Sub => "sub",
            FSub => "fsub",
            Mul => "mul",
            FMul => "fmul",
            UDiv => "udiv",
            SDiv => "sdiv",
            FDiv => "fdiv",
            URem => "urem",
            SRem => "srem",
            FRem => "frem",
            Shl => "shl",
            LShr => "lshr",
            AShr => "ashr",
            And => "and",
            Or => "or",
            Xor => "xor",
        }
    }

    /// Whether the `nuw`/`nsw` flags apply.
    pub fn has_wrap_flags(self) -> bool {
        matches!(self, BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Shl)
    }

    /// Whether the `exact` flag applies.
    pub fn has_exact_flag(self) -> bool {
        matches!(self, BinOp::UDiv | BinOp::SDiv | BinOp::LShr | BinOp::AShr)
    }
}

/// Flag bits on a binary operator, comparison or call, as in the bitcode:
/// `nuw` = 1, `nsw` = 2 on wrapping ops; `exact` = 1 on divisions and right
/// shifts; fast-math flags on floating-point ops.
pub mod flags {
    /// No unsigned wrap.
    pub const NUW: u8 = 1;
    /// No signed wrap.
    pub const NSW: u8 = 2;
    /// Exact division or shift.
    pub const EXACT: u8 = 1;
    /// Fast math: unsafe algebra (`fast`).
    pub const FAST: u8 = 1;
    /// Fast math: no NaNs.
    pub const NNAN: u8 = 2;
    /// Fast math: no infinities.
    pub const NINF: u8 = 4;
    /// Fast math: no signed zeros.
    pub const NSZ: u8 = 8;
    /// Fast math: allow reciprocal.
    pub const ARCP: u8 = 16;
}

/// Cast operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum CastOp {
    Trunc,
    ZExt,
    SExt,
    FpToUi,
    FpToSi,
    UiToFp,
    SiToFp,
    FpTrunc,
    FpExt,
    PtrToInt,
    IntToPtr,
    BitCast,
    AddrSpaceCast,
}

/// The scalar kind of a cast operand: what `CastOp::is_valid` compares.
#[derive(Clone, Copy, PartialEq, Eq)]
enum CastScalar {
    Int(u32),
    Float(u32),
    Pointer(u32),
}

/// The vector length (0 for a scalar) and scalar kind of a first-class,
/// non-aggregate type.
fn cast_shape(types: &TypeTable, ty: TypeId) -> Option<(u32, CastScalar)> {
    let (len, scalar) = match types.ty(ty) {
        Type::Vector { len, elem } => (len, types.ty(elem)),
        other => (0, other),
    };
    let scalar = match scalar {
        Type::Int(w) => CastScalar::Int(w),
        Type::Half => CastScalar::Float(16),
        Type::Float => CastScalar::Float(32),
        Type::Double => CastScalar::Float(64),
        Type::Pointer { addr_space, .. } => CastScalar::Pointer(addr_space),
        _ => return None,
    };
    Some((len, scalar))
}

impl CastOp {
    /// Whether LLVM's verifier accepts this cast from `from` to `to`
    /// (`CastInst::castIsValid`): the operand and result kinds the operator
    /// names, equal vector lengths, narrowing or widening as the operator
    /// says, equal sizes for a bitcast.
    pub fn is_valid(self, types: &TypeTable, from: TypeId, to: TypeId) -> bool {
        use CastOp::*;
        use CastScalar::{Float, Int, Pointer};
        let (Some((from_len, a)), Some((to_len, b))) =
            (cast_shape(types, from), cast_shape(types, to))
        else {
            return false;
        };
        if self == BitCast {
            return match (a, b) {
                (Pointer(x), Pointer(y)) => from_len == to_len && x == y,
                (Pointer(_), _) | (_, Pointer(_)) => false,
                _ => {
                    let bits = |len: u32, s: CastScalar| match s {
                        Int(w) | Float(w) => u64::from(len.max(1)).saturating_mul(u64::from(w)),
                        Pointer(_) => 0,
                    };
                    bits(from_len, a) == bits(to_len, b)
                }
            };
        }
        if from_len != to_len {
            return false;
        }
        match (self, a, b) {
            (Trunc, Int(x), Int(y)) | (FpTrunc, Float(x), Float(y)) => x > y,
            (ZExt | SExt, Int(x), Int(y)) | (FpExt, Float(x), Float(y)) => x < y,
            (FpToUi | FpToSi, Float(_), Int(_))
            | (UiToFp | SiToFp, Int(_), Float(_))
            | (PtrToInt, Pointer(_), Int(_))
            | (IntToPtr, Int(_), Pointer(_)) => true,
            (AddrSpaceCast, Pointer(x), Pointer(y)) => x != y,
            _ => false,
        }
    }

    /// Decodes a bitcode cast code.
    pub fn decode(code: u64) -> Option<CastOp> {
        use CastOp::*;
        Some(match code {
            0 => Trunc,
            1 => ZExt,
            2 => SExt,
            3 => FpToUi,
            4 => FpToSi,
            5 => UiToFp,
            6 => SiToFp,
            7 => FpTrunc,
            8 => FpExt,
            9 => PtrToInt,
            10 => IntToPtr,
            11 => BitCast,
            12 => AddrSpaceCast,
            _ => return None,
        })
    }

    /// The LLVM assembly keyword.
    pub fn name(self) -> &'static str {
        use CastOp::*;
        match self {
            Trunc => "trunc",
            ZExt => "zext",
            SExt => "sext",
            FpToUi => "fptoui",
            FpToSi => "fptosi",
            UiToFp => "uitofp",
            SiToFp => "sitofp",
            FpTrunc => "fptrunc",
            FpExt => "fpext",
            PtrToInt => "ptrtoint",
            IntToPtr => "inttoptr",
            BitCast => "bitcast",
            AddrSpaceCast => "addrspacecast",
        }
    }
}

/// Comparison predicates, with LLVM's numbering (0..=15 floating point,
/// 32..=41 integer).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Predicate(pub u8);

impl Predicate {
    /// Decodes a predicate, rejecting numbers LLVM does not define.
    pub fn decode(code: u64) -> Option<Predicate> {
        match code {
            0..=15 | 32..=41 => Some(Predicate(code as u8)),
            _ => None,
        }
    }

    /// Whether this is a floating-point predicate.
    pub fn is_fp(self) -> bool {
        self.0 < 16
    }

    /// The LLVM assembly name (`oeq`, `slt`, ...).
    pub fn name(self) -> &'static str {
        const FP: [&str; 16] = [
            "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "uno", "ueq", "ugt", "uge",
            "ult", "ule", "une", "true",
        ];
        const INT: [&str; 10] = [
            "eq", "ne", "ugt", "uge", "ult", "ule", "sgt", "sge", "slt", "sle",
        ];
        if self.0 < 16 {
            FP.get(self.0 as usize).copied().unwrap_or("?")
        } else {
            INT.get(self.0.wrapping_sub(32) as usize)
                .copied()
                .unwrap_or("?")
        }
    }
}

/// Atomic read-modify-write operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum RmwOp {
    Xchg,
    Add,
    Sub,
    And,
    Nand,
    Or,
    Xor,
    Max,
    Min,
    UMax,
    UMin,
}

impl RmwOp {
    /// Decodes a bitcode RMW code.
    pub fn decode(code: u64) -> Option<RmwOp> {
        use RmwOp::*;
        Some(match code {
            0 => Xchg,
            1 => Add,
            2 => Sub,
            3 => And,
            4 => Nand,
            5 => Or,
            6 => Xor,
            7 => Max,
            8 => Min,
            9 => UMax,
            10 => UMin,
            _ => return None,
        })
    }

    /// The LLVM assembly keyword.
    pub fn name(self) -> &'static str {
        use RmwOp::*;
        match self {
            Xchg => "xchg",
            Add => "add",
            Sub => "sub",
            And => "and",
            Nand => "nand",
            Or => "or",
            Xor => "xor",
            Max => "max",
            Min => "min",
            UMax => "umax",
            UMin => "umin",
        }
    }
}

/// Memory ordering of atomics, as numbered in the bitcode (0 not atomic ..
/// 6 sequentially consistent).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ordering(pub u8);

impl Ordering {
    /// Decodes an ordering; unknown values mean sequentially consistent, as
    /// in LLVM.
    pub fn decode(code: u64) -> Ordering {
        Ordering(if code <= 6 { code as u8 } else { 6 })
    }

    /// The LLVM assembly name.
    pub fn name(self) -> &'static str {
        [
            "notatomic",
            "unordered",
            "monotonic",
            "acquire",
            "release",
            "acq_rel",
            "seq_cst",
        ]
        .get(self.0 as usize)
        .copied()
        .unwrap_or("seq_cst")
    }
}

/// What an instruction does, with its operands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InstKind {
    /// `lhs op rhs`.
    BinOp {
        /// The operator.
        op: BinOp,
        /// Left operand.
        lhs: ValueId,
        /// Right operand.
        rhs: ValueId,
        /// Wrap/exact/fast-math flags (see [`flags`]).
        flags: u8,
    },
    /// A conversion to the instruction's type.
    Cast {
        /// The operator.
        op: CastOp,
        /// The converted value.
        value: ValueId,
    },
    /// `getelementptr`: operands are the base pointer then the indices.
    Gep {
        /// `inbounds`.
        inbounds: bool,
        /// The type the base pointer points to.
        source: TypeId,
        /// Base pointer and indices (value ids in the list pool).
        operands: ListRange,
    },
    /// `select cond, a, b`.
    Select {
        /// Condition (`i1` or vector of `i1`).
        cond: ValueId,
        /// Value when true.
        if_true: ValueId,
        /// Value when false.
        if_false: ValueId,
    },
    /// `extractelement`.
    ExtractElement {
        /// The vector.
        vector: ValueId,
        /// The index.
        index: ValueId,
    },
    /// `insertelement`.
    InsertElement {
        /// The vector.
        vector: ValueId,
        /// The inserted element.
        element: ValueId,
        /// The index.
        index: ValueId,
    },
    /// `shufflevector`.
    ShuffleVector {
        /// First vector.
        a: ValueId,
        /// Second vector.
        b: ValueId,
        /// The constant mask.
        mask: ValueId,
    },
    /// `extractvalue`: constant indices in the list pool.
    ExtractValue {
        /// The aggregate.
        aggregate: ValueId,
        /// Member indices.
        indices: ListRange,
    },
    /// `insertvalue`: constant indices in the list pool.
    InsertValue {
        /// The aggregate.
        aggregate: ValueId,
        /// The inserted member.
        value: ValueId,
        /// Member indices.
        indices: ListRange,
    },
    /// `icmp`/`fcmp`.
    Cmp {
        /// The predicate (integer or floating point).
        pred: Predicate,
        /// Left operand.
        lhs: ValueId,
        /// Right operand.
        rhs: ValueId,
        /// Fast-math flags.
        flags: u8,
    },
    /// `phi`: (value, block) pairs in the list pool.
    Phi {
        /// Incoming pairs: value id, block index, value id, block index, ...
        incoming: ListRange,
    },
    /// `alloca`.
    Alloca {
        /// The allocated type.
        allocated: TypeId,
        /// The element count operand.
        size: ValueId,
        /// Alignment in bytes (0 = default).
        align: u32,
    },
    /// `load`.
    Load {
        /// Address.
        ptr: ValueId,
        /// Alignment in bytes (0 = default).
        align: u32,
        /// `volatile`.
        volatile: bool,
    },
    /// `store`.
    Store {
        /// Address.
        ptr: ValueId,
        /// Stored value.
        value: ValueId,
        /// Alignment in bytes (0 = default).
        align: u32,
        /// `volatile`.
        volatile: bool,
    },
    /// `call`: arguments in the list pool.
    Call {
        /// The called value (a function for all DXIL calls).
        callee: ValueId,
        /// Arguments.
        args: ListRange,
        /// Parameter attribute set index (0 = none).
        attrs: u32,
    },
    /// `atomicrmw`.
    AtomicRmw {
        /// The operator.
        op: RmwOp,
        /// Address.
        ptr: ValueId,
        /// Operand.
        value: ValueId,
        /// Memory ordering.
        ordering: Ordering,
        /// `volatile`.
        volatile: bool,
        /// Single-thread synchronisation scope.
        single_thread: bool,
    },
    /// `cmpxchg`; its result is `{ T, i1 }`.
    CmpXchg {
        /// Address.
        ptr: ValueId,
        /// Expected value.
        cmp: ValueId,
        /// Replacement value.
        new: ValueId,
        /// Success ordering.
        success: Ordering,
        /// Failure ordering.
        failure: Ordering,
        /// `volatile`.
        volatile: bool,
        /// `weak`.
        weak: bool,
    },
    /// `fence`.
    Fence {
        /// Memory ordering.
        ordering: Ordering,
        /// Single-thread synchronisation scope.
        single_thread: bool,
    },
    /// Unconditional `br`.
    Br {
        /// Target block.
        target: BlockId,
    },
    /// Conditional `br`.
    CondBr {
        /// Condition.
        cond: ValueId,
        /// Target when true.
        if_true: BlockId,
        /// Target when false.
        if_false: BlockId,
    },
    /// `switch`: (case constant, block) pairs in the list pool.
    Switch {
        /// The selector.
        value: ValueId,
        /// Default target.
        default: BlockId,
        /// Case pairs: constant value id, block index, ...
        cases: ListRange,
    },
    /// `ret`, with or without a value.
    Ret {
        /// Returned value.
        value: Option<ValueId>,
    },
    /// `unreachable`.
    Unreachable,
}

impl InstKind {
    /// The LLVM assembly keyword of the instruction.
    pub fn opcode_name(&self) -> &'static str {
        match self {
            InstKind::BinOp { op, .. } => op.name(),
            InstKind::Cast { op, .. } => op.name(),
            InstKind::Gep { .. } => "getelementptr",
            InstKind::Select { .. } => "select",
            InstKind::ExtractElement { .. } => "extractelement",
            InstKind::InsertElement { .. } => "insertelement",
            InstKind::ShuffleVector { .. } => "shufflevector",
            InstKind::ExtractValue { .. } => "extractvalue",
            InstKind::InsertValue { .. } => "insertvalue",
            InstKind::Cmp { pred, .. } if pred.is_fp() => "fcmp",
            InstKind::Cmp { .. } => "icmp",
            InstKind::Phi { .. } => "phi",
            InstKind::Alloca { .. } => "alloca",
            InstKind::Load { .. } => "load",
            InstKind::Store { .. } => "store",
            InstKind::Call { .. } => "call",
            InstKind::AtomicRmw { .. } => "atomicrmw",
            InstKind::CmpXchg { .. } => "cmpxchg",
            InstKind::Fence { .. } => "fence",
            InstKind::Br { .. } | InstKind::CondBr { .. } => "br",
            InstKind::Switch { .. } => "switch",
            InstKind::Ret { .. } => "ret",
            InstKind::Unreachable => "unreachable",
        }
    }

    /// Whether the instruction ends a basic block.
    pub fn is_terminator(&self) -> bool {
        matches!(
            self,
            InstKind::Br { .. }
                | InstKind::CondBr { .. }
                | InstKind::Switch { .. }
                | InstKind::Ret { .. }
                | InstKind::Unreachable
        )
    }
}

/// One instruction: what it does, its result type (`void` if none) and the
/// value it defines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Inst {
    /// Opcode and operands.
    pub kind: InstKind,
    /// Result type ([`super::Type::Void`] for instructions without a result).
    pub ty: TypeId,
    /// The value this instruction defines, if its type is not void.
    pub result: Option<ValueId>,
    /// Metadata attachments: (kind, node) pairs in the list pool.
    pub metadata: ListRange,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn casts_follow_llvm_validity_rules() {
        use CastOp::*;
        let mut t = TypeTable::default();
        let i1 = t.intern(Type::Int(1));
        let i16 = t.intern(Type::Int(16));
        let i32 = t.intern(Type::Int(32));
        let i64 = t.intern(Type::Int(64));
        let f16 = t.intern(Type::Half);
        let f32 = t.intern(Type::Float);
        let f64 = t.intern(Type::Double);
        let v2i32 = t.intern(Type::Vector { len: 2, elem: i32 });
        let v2f32 = t.intern(Type::Vector { len: 2, elem: f32 });
        let v4i16 = t.intern(Type::Vector { len: 4, elem: i16 });
        let p0 = t.pointer_to(i32, 0);
        let p3 = t.pointer_to(i32, 3);
        let p3f = t.pointer_to(f32, 3);
        let arr = t.intern(Type::Array { len: 2, elem: i32 });
        let valid = [
            (Trunc, i32, i1),
            (ZExt, i1, i32),
            (SExt, i16, i64),
            (FpTrunc, f64, f32),
            (FpExt, f16, f32),
            (FpToSi, f32, i32),
            (FpToUi, v2f32, v2i32),
            (SiToFp, i64, f16),
            (UiToFp, i1, f32),
            (PtrToInt, p0, i64),
            (IntToPtr, i64, p3),
            (BitCast, f32, i32),
            (BitCast, v2i32, i64),
            (BitCast, v4i16, v2f32),
            (BitCast, p3, p3f),
            (AddrSpaceCast, p0, p3),
        ];
        for (op, from, to) in valid {
            assert!(
                op.is_valid(&t, from, to),
                "{} {from:?} -> {to:?}",
                op.name()
            );
        }
        let invalid = [
            (FpToSi, i32, i32),
            (SiToFp, f32, f32),
            (Trunc, i32, i64),
            (ZExt, i32, i32),
            (FpExt, f64, f32),
            (FpTrunc, f32, i32),
            (ZExt, v2i32, i64),
            (BitCast, i32, i64),
            (BitCast, p0, i64),
            (BitCast, p0, p3),
            (BitCast, arr, i64),
            (AddrSpaceCast, p3, p3f),
            (PtrToInt, i64, i32),
            (IntToPtr, f32, p0),
        ];
        for (op, from, to) in invalid {
            assert!(
                !op.is_valid(&t, from, to),
                "{} {from:?} -> {to:?}",
                op.name()
            );
        }
    }
}
