//! A small builder of IR modules by hand, through the public `ir` API: the
//! generated matrices (`op_matrix`, `sig_matrix`) build one module per
//! cell with it. Every defined function is one block ending in `ret void`.

use dxil2spirv::ir::{
    Block, Constant, FuncId, Function, Inst, InstKind, Linkage, ListRange, Module, StrRange, Type,
    TypeId, Value, ValueId, ValueKind,
};
use std::collections::BTreeMap;

/// A module being built: its functions' instructions, and the functions
/// declared so far by name.
pub struct IrBuilder {
    /// The module.
    pub m: Module,
    /// `void`.
    pub void: TypeId,
    /// The body of each defined function, by function.
    insts: BTreeMap<u32, Vec<Inst>>,
    /// Declared functions by name.
    decls: BTreeMap<String, ValueId>,
}

impl IrBuilder {
    /// An empty module.
    pub fn new() -> IrBuilder {
        let mut m = Module::default();
        let void = m.types.intern(Type::Void);
        IrBuilder {
            m,
            void,
            insts: BTreeMap::new(),
            decls: BTreeMap::new(),
        }
    }

    /// The type `t`.
    pub fn ty(&mut self, t: Type) -> TypeId {
        self.m.types.intern(t)
    }

    /// A new value.
    pub fn value(&mut self, ty: TypeId, kind: ValueKind) -> ValueId {
        let id = ValueId(self.m.values.len() as u32);
        self.m.values.push(Value {
            ty,
            kind,
            name: StrRange::EMPTY,
        });
        id
    }

    /// A constant.
    pub fn constant(&mut self, ty: TypeId, c: Constant) -> ValueId {
        self.value(ty, ValueKind::Constant(c))
    }

    /// An integer constant of `bits` bits, with its type.
    pub fn int(&mut self, bits: u32, v: u64) -> (ValueId, TypeId) {
        let t = self.ty(Type::Int(bits));
        (self.constant(t, Constant::Int(v)), t)
    }

    /// A function type.
    pub fn fn_type(&mut self, ret: TypeId, params: &[TypeId]) -> TypeId {
        let params = self.m.types.push_members(params);
        self.ty(Type::Function {
            ret,
            params,
            vararg: false,
        })
    }

    /// A function of type `ty`: a declaration, or a definition whose body
    /// [`IrBuilder::call`] fills.
    pub fn func(&mut self, name: &str, ty: TypeId, decl: bool) -> FuncId {
        let fid = FuncId(self.m.functions.len() as u32);
        let ptr = self.ty(Type::Pointer {
            pointee: ty,
            addr_space: 0,
        });
        let v = self.value(ptr, ValueKind::Function(fid));
        let n = self.m.push_str(name);
        self.m.values[v.0 as usize].name = n;
        self.m.functions.push(Function {
            value: v,
            ty,
            is_declaration: decl,
            linkage: Linkage::External,
            attrs: 0,
            first_arg: ValueId(0),
            num_args: 0,
            blocks: Vec::new(),
            insts: Vec::new(),
            metadata: ListRange::EMPTY,
        });
        if !decl {
            self.insts.insert(fid.0, Vec::new());
        }
        fid
    }

    /// Appends to function `f` a call of `name` (declared on first use)
    /// returning `ret`; its result unless `void`.
    pub fn call(
        &mut self,
        f: FuncId,
        name: &str,
        ret: TypeId,
        args: &[(ValueId, TypeId)],
    ) -> Option<ValueId> {
        let callee = match self.decls.get(name) {
            Some(&v) => v,
            None => {
                let params: Vec<TypeId> = args.iter().map(|a| a.1).collect();
                let fnty = self.fn_type(ret, &params);
                let d = self.func(name, fnty, true);
                let v = self.m.functions[d.0 as usize].value;
                self.decls.insert(name.to_string(), v);
                v
            }
        };
        let ids: Vec<u32> = args.iter().map(|a| a.0 .0).collect();
        let args = self.m.push_list(&ids);
        let idx = self.insts[&f.0].len() as u32;
        let result =
            (ret != self.void).then(|| self.value(ret, ValueKind::Inst { func: f, inst: idx }));
        self.insts.get_mut(&f.0).unwrap().push(Inst {
            kind: InstKind::Call {
                callee,
                args,
                attrs: 0,
            },
            ty: ret,
            result,
            metadata: ListRange::EMPTY,
        });
        result
    }

    /// Forgets the instructions of function `f` so far.
    pub fn clear_body(&mut self, f: FuncId) {
        self.insts.get_mut(&f.0).unwrap().clear();
    }

    /// The module, every defined function ended with `ret void`.
    pub fn finish(mut self) -> Module {
        for (f, mut insts) in std::mem::take(&mut self.insts) {
            insts.push(Inst {
                kind: InstKind::Ret { value: None },
                ty: self.void,
                result: None,
                metadata: ListRange::EMPTY,
            });
            let func = &mut self.m.functions[f as usize];
            func.blocks = vec![Block {
                start: 0,
                len: insts.len() as u32,
                name: StrRange::EMPTY,
            }];
            func.insts = insts;
        }
        self.m
    }
}
