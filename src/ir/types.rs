//! The type table: LLVM types as an arena indexed by [`TypeId`].

use super::keyed_hash::KeyedState;
use super::{ListRange, StrRange};
use std::collections::HashMap;

/// Index of a type in [`TypeTable`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TypeId(pub u32);

/// One LLVM type. Aggregates refer to their members through [`TypeId`]s
/// stored in the table's member pool.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Type {
    /// `void`.
    Void,
    /// `half` (IEEE binary16).
    Half,
    /// `float` (IEEE binary32).
    Float,
    /// `double` (IEEE binary64).
    Double,
    /// `label` (basic block operands).
    Label,
    /// `metadata`.
    Metadata,
    /// An integer of any width from 1 to 64 bits (`i1`, `i8`, `i11`, ...).
    Int(u32),
    /// A typed pointer in an address space.
    Pointer {
        /// The pointed-to type.
        pointee: TypeId,
        /// The address space (DXIL: 0 local/default, 3 groupshared, ...).
        addr_space: u32,
    },
    /// A function type.
    Function {
        /// Return type.
        ret: TypeId,
        /// Parameter types, in the member pool.
        params: ListRange,
        /// Whether the function takes variadic arguments.
        vararg: bool,
    },
    /// A literal or identified struct.
    Struct {
        /// Identified struct name (empty for literal structs).
        name: StrRange,
        /// Element types, in the member pool.
        elements: ListRange,
        /// Whether the struct is packed.
        packed: bool,
        /// Whether it is an opaque struct with no body.
        opaque: bool,
        /// Whether the struct is identified (named) rather than literal.
        identified: bool,
    },
    /// `[len x elem]`.
    Array {
        /// Number of elements.
        len: u64,
        /// Element type.
        elem: TypeId,
    },
    /// `<len x elem>`.
    Vector {
        /// Number of elements (at least one).
        len: u32,
        /// Element type.
        elem: TypeId,
    },
}

/// All types of a module, with a member pool for aggregates and function
/// parameters, and a lookup for structural types so that derived types
/// (pointers, `{T, i1}`) are shared rather than duplicated: [`Self::intern`]
/// gives the first id of a type equal to the one asked for.
///
/// The lookup comes in three parts, so that a table is not hashed in full
/// (the reader interns scalars and pointers, mostly): scalars by a slot
/// each, pointers in a map kept up to date, and every other structural type
/// in a map filled when such a type is first interned.
#[derive(Clone, Debug)]
pub struct TypeTable {
    types: Vec<Type>,
    members: Vec<TypeId>,
    /// The first id of each scalar type, by [`scalar_slot`].
    scalars: ScalarIds,
    /// The first id of each pointer type, by pointee and address space.
    /// Keyed (a multiply-shift hash with random keys, see
    /// [`super::keyed_hash`]): the keys are chosen by the input, and an
    /// unkeyed hash would let it force collisions.
    pointers: HashMap<(TypeId, u32), TypeId, KeyedState>,
    /// The first id of every other structural type (vectors, arrays,
    /// literal structs, functions, unusual integers) among
    /// `types[..indexed]` (keyed as `pointers`).
    others: HashMap<Type, TypeId, KeyedState>,
    /// How many types `others` has looked at.
    indexed: usize,
}

impl Default for TypeTable {
    /// An empty table; its two maps share one draw of hash keys.
    fn default() -> Self {
        let keys = KeyedState::default();
        TypeTable {
            types: Vec::new(),
            members: Vec::new(),
            scalars: ScalarIds::default(),
            pointers: HashMap::with_hasher(keys),
            others: HashMap::with_hasher(keys),
            indexed: 0,
        }
    }
}

/// Scalar slots: the six unit types, then `i1` to `i64`.
const SCALAR_SLOTS: usize = 70;

/// The first id of each scalar type, `u32::MAX` for none yet.
#[derive(Clone, Debug)]
struct ScalarIds([u32; SCALAR_SLOTS]);

impl Default for ScalarIds {
    fn default() -> Self {
        ScalarIds([u32::MAX; SCALAR_SLOTS])
    }
}

/// Where a type is looked up by [`TypeTable::intern`].
enum Key {
    /// A slot of [`ScalarIds`].
    Scalar(usize),
    /// A pointer: pointee and address space.
    Pointer((TypeId, u32)),
    /// Another structural type.
    Other,
    /// An identified struct: each one is its own type, never shared.
    Identified,
}

/// The [`Key`] of a type.
#[inline]
fn key(ty: Type) -> Key {
    match ty {
        Type::Void => Key::Scalar(0),
        Type::Half => Key::Scalar(1),
        Type::Float => Key::Scalar(2),
        Type::Double => Key::Scalar(3),
        Type::Label => Key::Scalar(4),
        Type::Metadata => Key::Scalar(5),
        // `w <= 64`: the slot is below `SCALAR_SLOTS`.
        Type::Int(w @ 1..=64) => Key::Scalar((w as usize).wrapping_add(5)),
        Type::Pointer {
            pointee,
            addr_space,
        } => Key::Pointer((pointee, addr_space)),
        Type::Struct {
            identified: true, ..
        } => Key::Identified,
        _ => Key::Other,
    }
}

/// The deepest type nesting the reader accepts (a pointer, array, vector,
/// struct member or function signature is one level). DXIL's types nest a
/// handful of levels; the cap lets every recursive walk over types (emission,
/// layout, printing) rely on a small stack depth whatever the input says.
pub const MAX_TYPE_DEPTH: u32 = 64;

/// Why a type table is rejected by [`TypeTable::check_nesting`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NestingError {
    /// The type contains itself through its members, elements, pointee or
    /// signature (possible through a named struct's forward reference).
    Recursive(TypeId),
    /// The type nests deeper than the given limit.
    TooDeep(TypeId),
}

impl TypeTable {
    /// Empties the table for another module, keeping its buffers; the
    /// lookup starts over with fresh hash keys, drawn for the new module
    /// as for a new table (see [`super::keyed_hash`]).
    pub(crate) fn clear_for_reuse(&mut self) {
        self.types.clear();
        self.members.clear();
        self.scalars = ScalarIds::default();
        let keys = KeyedState::default();
        self.pointers = HashMap::with_capacity_and_hasher(self.pointers.capacity(), keys);
        self.others = HashMap::with_capacity_and_hasher(self.others.capacity(), keys);
        self.indexed = 0;
    }

    /// Bytes held by the table's buffers (by capacity; the lookup's
    /// control bytes not counted).
    pub(crate) fn retained_bytes(&self) -> usize {
        let pointer = std::mem::size_of::<((TypeId, u32), TypeId)>();
        let other = std::mem::size_of::<(Type, TypeId)>();
        self.types
            .capacity()
            .saturating_mul(std::mem::size_of::<Type>())
            .saturating_add(self.members.capacity().saturating_mul(4))
            .saturating_add(self.pointers.capacity().saturating_mul(pointer))
            .saturating_add(self.others.capacity().saturating_mul(other))
    }

    /// The number of types.
    pub fn len(&self) -> usize {
        self.types.len()
    }

    /// Whether there are no types.
    pub fn is_empty(&self) -> bool {
        self.types.is_empty()
    }

    /// The type with this id, if it exists.
    #[inline]
    pub fn get(&self, id: TypeId) -> Option<&Type> {
        self.types.get(id.0 as usize)
    }

    /// The type with this id; [`Type::Void`] for an invalid id (ids handed
    /// out by the reader are always valid).
    #[inline]
    pub fn ty(&self, id: TypeId) -> Type {
        self.types.get(id.0 as usize).copied().unwrap_or(Type::Void)
    }

    /// The members of an aggregate or the parameters of a function type.
    pub fn members(&self, range: ListRange) -> &[TypeId] {
        self.members.get(range.as_range()).unwrap_or(&[])
    }

    /// The `i`-th type directly inside `t`: pointee, element, struct member,
    /// or (for functions) the return type followed by the parameters.
    fn inner(&self, t: Type, i: usize) -> Option<TypeId> {
        match t {
            Type::Pointer { pointee: x, .. }
            | Type::Array { elem: x, .. }
            | Type::Vector { elem: x, .. } => (i == 0).then_some(x),
            Type::Function { ret, params, .. } => match i.checked_sub(1) {
                None => Some(ret),
                Some(p) => self.members(params).get(p).copied(),
            },
            Type::Struct { elements, .. } => self.members(elements).get(i).copied(),
            _ => None,
        }
    }

    /// Checks that no type contains itself and none nests deeper than `max`
    /// levels. Iterative, so a hostile table cannot overflow the call stack;
    /// linear in the table.
    pub fn check_nesting(&self, max: u32) -> Result<(), NestingError> {
        // Common case: every type refers only to earlier ones, so one pass
        // in table order knows each member's depth already.
        let mut depth = vec![0u32; self.types.len()];
        for (t, &ty) in self.types.iter().enumerate() {
            // The depth of an inner type, `None` for a forward reference.
            let known = |c: TypeId| match depth.get(c.0 as usize) {
                Some(&d) if (c.0 as usize) < t => Some(d),
                _ => None,
            };
            let deepest = |list: &[TypeId]| {
                list.iter()
                    .try_fold(0, |acc: u32, &c| Some(acc.max(known(c)?)))
            };
            let inner = match ty {
                Type::Pointer { pointee: x, .. }
                | Type::Array { elem: x, .. }
                | Type::Vector { elem: x, .. } => known(x),
                Type::Function { ret, params, .. } => {
                    known(ret).and_then(|r| Some(r.max(deepest(self.members(params))?)))
                }
                Type::Struct { elements, .. } => deepest(self.members(elements)),
                _ => Some(0),
            };
            // A forward reference (named structs): walk the graph.
            let Some(inner) = inner else {
                return self.check_nesting_dfs(max);
            };
            let d = inner.saturating_add(1);
            if d > max {
                return Err(NestingError::TooDeep(TypeId(t as u32)));
            }
            if let Some(slot) = depth.get_mut(t) {
                *slot = d;
            }
        }
        Ok(())
    }

    /// [`Self::check_nesting`] for tables with forward references: a
    /// depth-first walk with an explicit stack no deeper than `max + 1`.
    fn check_nesting_dfs(&self, max: u32) -> Result<(), NestingError> {
        const OPEN: u32 = u32::MAX;
        // 0: not visited, OPEN: on the stack, else the nesting depth.
        let mut depth = vec![0u32; self.types.len()];
        let mut stack: Vec<(TypeId, usize)> = Vec::new();
        for root in 0..self.types.len() {
            let root = TypeId(u32::try_from(root).map_err(|_| NestingError::TooDeep(TypeId(0)))?);
            if depth.get(root.0 as usize) != Some(&0) {
                continue;
            }
            stack.push((root, 0));
            if let Some(d) = depth.get_mut(root.0 as usize) {
                *d = OPEN;
            }
            while let Some((t, next)) = stack.last_mut() {
                let (t, ty) = (*t, self.ty(*t));
                if let Some(c) = self.inner(ty, *next) {
                    *next = next.saturating_add(1);
                    match depth.get_mut(c.0 as usize) {
                        Some(d) if *d == OPEN => return Err(NestingError::Recursive(c)),
                        Some(d) if *d == 0 => {
                            *d = OPEN;
                            stack.push((c, 0));
                            if stack.len() > max as usize {
                                return Err(NestingError::TooDeep(root));
                            }
                        }
                        _ => {}
                    }
                    continue;
                }
                let deepest = (0..)
                    .map_while(|i| self.inner(ty, i))
                    .filter_map(|c| depth.get(c.0 as usize).copied())
                    .max()
                    .unwrap_or(0);
                let d = deepest.saturating_add(1);
                if d > max {
                    return Err(NestingError::TooDeep(t));
                }
                if let Some(slot) = depth.get_mut(t.0 as usize) {
                    *slot = d;
                }
                stack.pop();
            }
        }
        Ok(())
    }

    /// Makes room for `n` more types and `members` more members.
    pub(crate) fn reserve(&mut self, n: usize, members: usize) {
        self.types.reserve(n);
        self.members.reserve(members);
        // DXIL's type tables are about one pointer in three.
        self.pointers.reserve(n / 3);
    }

    /// Notes `ty`, now at `id`, in the lookup (unless an equal type with a
    /// lower id is there already).
    #[inline]
    fn note(&mut self, id: TypeId, ty: Type) {
        match key(ty) {
            Key::Scalar(slot) => {
                if let Some(first) = self.scalars.0.get_mut(slot) {
                    *first = (*first).min(id.0);
                }
            }
            Key::Pointer(k) => {
                let first = self.pointers.entry(k).or_insert(id);
                *first = (*first).min(id);
            }
            // Types past `indexed` are noted when `others` catches up.
            Key::Other if (id.0 as usize) < self.indexed => {
                let first = self.others.entry(ty).or_insert(id);
                *first = (*first).min(id);
            }
            Key::Other | Key::Identified => {}
        }
    }

    /// Appends a type read from the bitcode type table (no de-duplication,
    /// so that the table's numbering is kept).
    pub(crate) fn push(&mut self, ty: Type) -> TypeId {
        let id = TypeId(self.types.len() as u32);
        self.types.push(ty);
        self.note(id, ty);
        id
    }

    /// Appends `n` copies of an identified struct (placeholders that the
    /// type table's records replace): like `n` calls of [`Self::push`],
    /// which adds no identified struct to the lookup.
    pub(crate) fn push_copies(&mut self, ty: Type, n: usize) {
        debug_assert!(matches!(
            ty,
            Type::Struct {
                identified: true,
                ..
            }
        ));
        self.types.resize(self.types.len().saturating_add(n), ty);
    }

    /// Replaces a type in place (used to fill in forward-declared structs).
    pub(crate) fn set(&mut self, id: TypeId, ty: Type) {
        if let Some(slot) = self.types.get_mut(id.0 as usize) {
            *slot = ty;
            self.note(id, ty);
        }
    }

    /// Stores a member list and returns its range.
    pub fn push_members(&mut self, members: &[TypeId]) -> ListRange {
        self.push_members_from(members.iter().copied())
    }

    /// Stores a member list given one by one and returns its range.
    pub(crate) fn push_members_from(&mut self, members: impl Iterator<Item = TypeId>) -> ListRange {
        let start = self.members.len();
        self.members.extend(members);
        ListRange::new(start, self.members.len().saturating_sub(start))
    }

    /// Returns the id of a structural type, adding it if it does not exist.
    pub fn intern(&mut self, ty: Type) -> TypeId {
        let found = match key(ty) {
            Key::Scalar(slot) => self.scalars.0.get(slot).map(|&id| TypeId(id)),
            Key::Pointer(k) => self.pointers.get(&k).copied(),
            Key::Other => {
                self.index_others();
                self.others.get(&ty).copied()
            }
            Key::Identified => None,
        };
        match found {
            Some(id) if id.0 != u32::MAX => id,
            _ => self.push(ty),
        }
    }

    /// Brings `others` up to date with the whole table.
    fn index_others(&mut self) {
        let start = self.indexed;
        self.indexed = self.types.len();
        for (i, &ty) in self.types.iter().enumerate().skip(start) {
            if matches!(key(ty), Key::Other) {
                self.others.entry(ty).or_insert(TypeId(i as u32));
            }
        }
    }

    /// The pointer type to `pointee` in `addr_space`.
    pub(crate) fn pointer_to(&mut self, pointee: TypeId, addr_space: u32) -> TypeId {
        self.intern(Type::Pointer {
            pointee,
            addr_space,
        })
    }

    /// The literal struct `{ a, b }` (as produced by `cmpxchg`).
    pub(crate) fn pair(&mut self, a: TypeId, b: TypeId) -> TypeId {
        let found = self.types.iter().position(|t| match *t {
            Type::Struct {
                elements,
                identified: false,
                packed: false,
                ..
            } => self.members(elements) == [a, b],
            _ => false,
        });
        match found {
            Some(i) => TypeId(i as u32),
            None => {
                let elements = self.push_members(&[a, b]);
                self.push(Type::Struct {
                    name: StrRange::EMPTY,
                    elements,
                    packed: false,
                    opaque: false,
                    identified: false,
                })
            }
        }
    }

    /// The integer width of an integer type, or of the elements of an
    /// integer vector.
    pub fn int_width(&self, id: TypeId) -> Option<u32> {
        match self.ty(id) {
            Type::Int(w) => Some(w),
            Type::Vector { elem, .. } => match self.ty(elem) {
                Type::Int(w) => Some(w),
                _ => None,
            },
            _ => None,
        }
    }

    /// Whether the type is a float type or a vector of them.
    pub fn is_fp(&self, id: TypeId) -> bool {
        let scalar = match self.ty(id) {
            Type::Vector { elem, .. } => self.ty(elem),
            t => t,
        };
        matches!(scalar, Type::Half | Type::Float | Type::Double)
    }

    /// The element count if the type is a vector.
    pub fn vector_len(&self, id: TypeId) -> Option<u32> {
        match self.ty(id) {
            Type::Vector { len, .. } => Some(len),
            _ => None,
        }
    }

    /// The pointee and address space if the type is a pointer.
    pub fn pointee(&self, id: TypeId) -> Option<(TypeId, u32)> {
        match self.ty(id) {
            Type::Pointer {
                pointee,
                addr_space,
            } => Some((pointee, addr_space)),
            _ => None,
        }
    }

    /// The type of member `index` of a struct, array or vector.
    pub fn member(&self, id: TypeId, index: u64) -> Option<TypeId> {
        match self.ty(id) {
            Type::Struct { elements, .. } => self
                .members(elements)
                .get(usize::try_from(index).ok()?)
                .copied(),
            Type::Array { len, elem } if index < len => Some(elem),
            Type::Vector { len, elem } if index < u64::from(len) => Some(elem),
            _ => None,
        }
    }

    /// The element type of an array or vector, whatever the index.
    pub fn element(&self, id: TypeId) -> Option<TypeId> {
        match self.ty(id) {
            Type::Array { elem, .. } | Type::Vector { elem, .. } => Some(elem),
            _ => None,
        }
    }
}
