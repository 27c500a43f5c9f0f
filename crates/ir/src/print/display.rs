//! The MLIR text of single types, attributes and locations, as inherent
//! methods of `Context`: they live here, above the data model, so that
//! `types`, `attrs` and `location` never import the printer (issue 25).

use std::fmt;

use crate::attrs::{Attribute, NamedAttr};
use crate::context::Context;
use crate::location::Location;
use crate::print::asm::AsmWriter;
use crate::types::Type;

impl Context {
    /// Writes a type in MLIR syntax (without aliases).
    pub fn write_type(&self, t: Type, out: &mut dyn fmt::Write) -> fmt::Result {
        AsmWriter::plain(self, out).write_type(t)
    }

    /// Writes `t1, t2, ...`.
    pub fn write_type_list(&self, types: &[Type], out: &mut dyn fmt::Write) -> fmt::Result {
        let mut w = AsmWriter::plain(self, out);
        w.write_type_list(types)
    }

    /// Writes a result type list the way function types print it: a lone
    /// non-function type bare, anything else parenthesized.
    pub fn write_result_types(&self, results: &[Type], out: &mut dyn fmt::Write) -> fmt::Result {
        AsmWriter::plain(self, out).write_result_types(results)
    }

    /// Writes an attribute in MLIR syntax (without aliases), with its type where
    /// upstream prints one.
    pub fn write_attr(&self, a: Attribute, out: &mut dyn fmt::Write) -> fmt::Result {
        AsmWriter::plain(self, out).write_attr(a)
    }

    /// Writes `a = 1 : i32, b` (a unit attribute prints as its name alone).
    pub fn write_named_attrs(
        &self,
        entries: &[NamedAttr],
        out: &mut dyn fmt::Write,
    ) -> fmt::Result {
        AsmWriter::plain(self, out).write_named_attrs(entries)
    }

    /// Writes a location in `loc(...)` syntax, turning source offsets into `"file":line:col`.
    pub fn write_loc(&self, loc: Location, out: &mut dyn fmt::Write) -> fmt::Result {
        AsmWriter::plain(self, out).write_loc(loc)
    }
}
