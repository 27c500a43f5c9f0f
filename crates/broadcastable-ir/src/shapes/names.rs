//! Named dims: the argument attribute (`nd.dim_names`) of a function, a contract that
//! dims with the same name have the same size. The analysis gives them one symbol
//! (or the constant a static dim with that name has); the verifier, the interpreter
//! and the export read the same table ([`named_dims`]).

use rustc_hash::FxHashMap;
use tensor_ir::attrs::AttrKind;
use tensor_ir::module::{Module, OpId};
use tensor_ir::types::TypeKind;
use tensor_ir::{Attribute, Context, DYNAMIC, Value, ValueDef};

use super::{Origin, ShapeAnalysis};
use broadcastable::OperandDim;
use broadcastable::symbolic::{SizeExpr, SizeId};

/// The name of the argument attribute that names a function argument's dims: the
/// dialect that defines it (`nd`, whose `DIM_NAMES` spells it) sets it in the
/// context ([`set_dim_names_attr`]); without it, no dim has a name.
#[derive(Clone, Copy, Debug)]
struct DimNamesAttr(&'static str);

/// Makes `name` the argument attribute that names dims (see [`named_dims`]).
pub fn set_dim_names_attr(ctx: &mut Context, name: &'static str) {
    ctx.set_extension(DimNamesAttr(name));
}

/// One named dim of a function argument.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NamedDim {
    /// The argument's number.
    pub arg: usize,
    /// The dim's number.
    pub dim: usize,
    /// Its name (never empty).
    pub name: String,
    /// Its static size, if the type fixes it.
    pub size: Option<i64>,
}

/// The `nd.dim_names` attribute of argument `index` of the function-like `func`
/// (any op with an `arg_attrs` array of dictionaries), if it has one.
#[must_use]
pub fn arg_dim_names(
    ctx: &Context,
    module: &Module,
    func: OpId,
    index: usize,
) -> Option<Attribute> {
    let attr = ctx.extension::<DimNamesAttr>()?.0;
    let arrays = module.get_attr_named(ctx, func, "arg_attrs")?;
    let AttrKind::Array(dicts) = ctx.attr_kind(arrays) else {
        return None;
    };
    let AttrKind::Dictionary(entries) = ctx.attr_kind(*dicts.get(index)?) else {
        return None;
    };
    entries
        .iter()
        .find(|e| ctx.str(e.name) == attr)
        .map(|e| e.value)
}

/// The names of `attr` if it is an array of strings: `None` for an anonymous dim
/// (`""`), and `Err` with the position of the first entry that is no string.
pub fn names_of(ctx: &Context, attr: Attribute) -> Result<Vec<Option<String>>, Option<usize>> {
    let AttrKind::Array(items) = ctx.attr_kind(attr) else {
        return Err(None);
    };
    items
        .iter()
        .enumerate()
        .map(|(i, &a)| match ctx.attr_kind(a) {
            AttrKind::String(bytes) if bytes.is_empty() => Ok(None),
            AttrKind::String(bytes) => Ok(Some(String::from_utf8_lossy(bytes).into_owned())),
            _ => Err(Some(i)),
        })
        .collect()
}

/// Every named dim of the entry arguments of `func`, in order of arguments and
/// dims. Malformed attributes (which the verifier reports) name nothing.
#[must_use]
pub fn named_dims(ctx: &Context, module: &Module, func: OpId) -> Vec<NamedDim> {
    let mut out = Vec::new();
    let Some(args) = entry_args(module, func) else {
        return out;
    };
    for (arg, &v) in args.iter().enumerate() {
        let Some(attr) = arg_dim_names(ctx, module, func, arg) else {
            continue;
        };
        let TypeKind::Tensor { dims, .. } = ctx.type_kind(module.value_type(v)) else {
            continue;
        };
        let Ok(names) = names_of(ctx, attr) else {
            continue;
        };
        if names.len() != dims.len() {
            continue;
        }
        for (dim, (name, &size)) in names.into_iter().zip(dims.iter()).enumerate() {
            if let Some(name) = name {
                out.push(NamedDim {
                    arg,
                    dim,
                    name,
                    size: (size != DYNAMIC).then_some(size),
                });
            }
        }
    }
    out
}

/// Pairs of named dims the contract ties, each with the first dim of its name:
/// `(first, other)` for every later dim with the same name.
#[must_use]
pub fn tied(named: &[NamedDim]) -> Vec<(&NamedDim, &NamedDim)> {
    let mut first: FxHashMap<&str, &NamedDim> = FxHashMap::default();
    let mut out = Vec::new();
    for d in named {
        match first.get(d.name.as_str()) {
            Some(&f) => out.push((f, d)),
            None => {
                first.insert(&d.name, d);
            }
        }
    }
    out
}

/// Static sizes the contract cannot meet: a later dim whose static size differs
/// from an earlier static dim of the same name, with that earlier dim.
#[must_use]
pub fn static_conflict(named: &[NamedDim]) -> Option<(&NamedDim, &NamedDim)> {
    let mut fixed: FxHashMap<&str, &NamedDim> = FxHashMap::default();
    for d in named {
        let Some(size) = d.size else {
            continue;
        };
        match fixed.get(d.name.as_str()) {
            Some(&f) if f.size != Some(size) => return Some((f, d)),
            Some(_) => {}
            None => {
                fixed.insert(&d.name, d);
            }
        }
    }
    None
}

/// The arguments of the entry block of `func`'s first region (none for a
/// declaration).
#[must_use]
pub fn entry_args(module: &Module, func: OpId) -> Option<&[Value]> {
    let region = *module.op(func).regions().first()?;
    let block = *module.region(region).blocks().first()?;
    Some(module.block(block).args())
}

impl ShapeAnalysis {
    /// The size of dynamic dim `i` of `v`: the size its name stands for when `v` is
    /// an entry argument of a function that names it, else a symbol of its own.
    pub(super) fn dynamic_dim(
        &mut self,
        ctx: &Context,
        module: &Module,
        v: Value,
        i: usize,
    ) -> SizeId {
        if let Some(size) = self.tied_size(ctx, module, v, i) {
            return size;
        }
        self.named_size(ctx, module, v, i)
            .unwrap_or_else(|| self.symbol(Origin::Dim(v, i)))
    }

    /// The size of the earlier argument dim an entry contract ties dim `i` of
    /// `v` to, if `v` is an entry argument and one does.
    fn tied_size(&mut self, ctx: &Context, module: &Module, v: Value, i: usize) -> Option<SizeId> {
        let ValueDef::BlockArg { block, index } = module.value(v).def() else {
            return None;
        };
        if module.block_index(block) != Some(0) {
            return None;
        }
        let func = module.block_parent_op(block)?;
        let &(arg, dim) = self
            .tied_functions
            .entry(func)
            .or_insert_with(|| super::contracts::representatives(ctx, module, func))
            .get(&(index as usize, i))?;
        let rep = *entry_args(module, func)?.get(arg)?;
        // The representative maps to itself, so this goes one level deep.
        self.known(ctx, module, rep)
            .dims
            .as_ref()?
            .get(dim)
            .copied()
    }

    fn named_size(&mut self, ctx: &Context, module: &Module, v: Value, i: usize) -> Option<SizeId> {
        let ValueDef::BlockArg { block, index } = module.value(v).def() else {
            return None;
        };
        if module.block_index(block) != Some(0) {
            return None;
        }
        let func = module.block_parent_op(block)?;
        let attr = arg_dim_names(ctx, module, func, index as usize)?;
        let name = names_of(ctx, attr).ok()?.into_iter().nth(i)??;
        if !self.named_functions.contains_key(&func) {
            let table = self.name_table(ctx, module, func);
            self.named_functions.insert(func, table);
        }
        self.named_functions.get(&func)?.get(&name).copied()
    }

    /// The size of each name of `func`: the static size of its first static dim,
    /// else a symbol of its own.
    fn name_table(
        &mut self,
        ctx: &Context,
        module: &Module,
        func: OpId,
    ) -> FxHashMap<String, SizeId> {
        let named = named_dims(ctx, module, func);
        let mut table: FxHashMap<String, SizeId> = FxHashMap::default();
        for d in &named {
            if let Some(size) = d.size
                && !table.contains_key(&d.name)
            {
                let size = self.sizes.constant(size);
                table.insert(d.name.clone(), size);
            }
        }
        for d in named {
            if let std::collections::hash_map::Entry::Vacant(slot) = table.entry(d.name) {
                let n = u32::try_from(self.names.len()).unwrap_or(u32::MAX);
                self.names.push(slot.key().clone().into_boxed_str());
                slot.insert(self.symbol(Origin::Named(n)));
            }
        }
        table
    }

    /// The name of named-dim symbol origin `Origin::Named(n)`.
    #[must_use]
    pub fn dim_name(&self, n: u32) -> Option<&str> {
        self.names.get(n as usize).map(|s| &**s)
    }
}

impl ShapeAnalysis {
    /// What a reader calls symbol `s`: its dim name, or `%argK[i]` for a dim (or
    /// shape entry) of block argument `K`; `None` for a symbol the program text
    /// has no name for.
    #[must_use]
    pub fn symbol_name(&self, module: &Module, s: u32) -> Option<String> {
        match self.origin(s) {
            Origin::Named(n) => self.dim_name(n).map(str::to_owned),
            Origin::Dim(v, i) | Origin::Entry(v, i) => match module.value(v).def() {
                ValueDef::BlockArg { index, .. } => Some(format!("%arg{index}[{i}]")),
                _ => None,
            },
            Origin::Whole(_) | Origin::Algebra => None,
        }
    }

    /// Size `id` written out (`n`, `4`, `bcast(%arg0[0], n)`), a symbol with no
    /// name as `unnamed` gives it.
    #[must_use]
    pub fn render(&self, module: &Module, id: SizeId, unnamed: &dyn Fn(u32) -> String) -> String {
        self.sizes.render(id, &|s| {
            self.symbol_name(module, s).unwrap_or_else(|| unnamed(s))
        })
    }

    /// The sizes of `v`'s dims written out (`[batch, seq]`), if the analysis
    /// reached it as a ranked tensor; an unnamed symbol is `?`.
    #[must_use]
    pub fn render_dims(&self, module: &Module, v: Value) -> Option<String> {
        let dims = self.dims(v)?;
        let words: Vec<String> = dims
            .iter()
            .map(|&d| self.render(module, d, &|_| "?".to_owned()))
            .collect();
        Some(format!("[{}]", words.join(", ")))
    }
}

impl ShapeAnalysis {
    /// What a remark calls the size of `d` of `op`'s operands: its dim name,
    /// `%argK[i]`, or an expression of those (`bcast(n, m)`); `None` when the
    /// analysis has no name for any part of it, or did not reach it.
    #[must_use]
    pub fn operand_size_name(&self, module: &Module, op: OpId, d: OperandDim) -> Option<String> {
        self.operand_size_name_reading(module, op, d, None)
    }

    /// [`ShapeAnalysis::operand_size_name`], with the "dims" of operand
    /// `entries_of` read as the entries of the shape it holds.
    #[must_use]
    pub fn operand_size_name_reading(
        &self,
        module: &Module,
        op: OpId,
        d: OperandDim,
        entries_of: Option<usize>,
    ) -> Option<String> {
        let v = *module.operands(op).get(d.operand)?;
        let size = if entries_of == Some(d.operand) {
            *self.facts(v)?.entries.as_ref()?.get(d.dim)?
        } else {
            *self.dims(v)?.get(d.dim)?
        };
        if let SizeExpr::Symbol(s) = self.sizes.expr(size) {
            return self.symbol_name(module, *s);
        }
        Some(self.render(module, size, &|_| "?".to_owned()))
    }
}
