//! Editing an op's properties and discardable attributes. Each edit records what
//! it may invalidate (`changes.rs`), as every edit does.

use super::{Module, OpId};
use crate::attrs::NamedAttr;
use crate::{Attribute, Context, Symbol};

impl Module {
    /// Sets (or adds) the discardable attribute `name`, keeping the list sorted.
    pub fn set_attr(&mut self, ctx: &Context, op: OpId, name: Symbol, value: Attribute) {
        self.note_attrs(op);
        let list = std::mem::take(&mut self.ops[op.index()].attrs);
        self.ops[op.index()].attrs = with_entry(ctx, list, NamedAttr { name, value });
    }

    /// Sets (or adds) the property `name`, keeping the list sorted.
    pub fn set_prop(&mut self, ctx: &Context, op: OpId, name: Symbol, value: Attribute) {
        self.note_attrs(op);
        let list = std::mem::take(&mut self.ops[op.index()].props);
        self.ops[op.index()].props = with_entry(ctx, list, NamedAttr { name, value });
    }

    /// Removes the discardable attribute `name`; returns its value.
    pub fn remove_attr(&mut self, op: OpId, name: Symbol) -> Option<Attribute> {
        self.note_attrs(op);
        let o = &mut self.ops[op.index()];
        let i = o.attrs.iter().position(|a| a.name == name)?;
        let mut v = std::mem::take(&mut o.attrs).into_vec();
        let removed = v.remove(i);
        o.attrs = v.into_boxed_slice();
        Some(removed.value)
    }

    /// Removes the property `name`; returns its value.
    pub fn remove_prop(&mut self, op: OpId, name: Symbol) -> Option<Attribute> {
        self.note_attrs(op);
        let o = &mut self.ops[op.index()];
        let i = o.props.iter().position(|a| a.name == name)?;
        let mut v = std::mem::take(&mut o.props).into_vec();
        let removed = v.remove(i);
        o.props = v.into_boxed_slice();
        Some(removed.value)
    }

    /// Replaces all discardable attributes (callers keep them sorted by name).
    pub fn set_attrs(&mut self, op: OpId, attrs: Vec<NamedAttr>) {
        self.note_attrs(op);
        self.ops[op.index()].attrs = attrs.into_boxed_slice();
    }

    /// Replaces all properties (callers keep them sorted by name).
    pub fn set_props(&mut self, op: OpId, props: Vec<NamedAttr>) {
        self.note_attrs(op);
        self.ops[op.index()].props = props.into_boxed_slice();
    }
}

/// `list` with `entry` set, sorted by name text as attribute dictionaries are.
fn with_entry(ctx: &Context, list: Box<[NamedAttr]>, entry: NamedAttr) -> Box<[NamedAttr]> {
    let mut v = list.into_vec();
    match v.iter_mut().find(|a| a.name == entry.name) {
        Some(a) => a.value = entry.value,
        None => {
            let key = ctx.str(entry.name);
            let at = v.partition_point(|a| ctx.str(a.name) < key);
            v.insert(at, entry);
        }
    }
    v.into_boxed_slice()
}
