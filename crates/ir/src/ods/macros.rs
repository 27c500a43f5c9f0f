//! The `op!` macro: one declarative definition per op.

/// Defines an op once: its [`OpDef`](crate::OpDef) (`Name::DEF`), a typed handle with
/// accessors, and builders.
///
/// ```
/// use tensor_ir::ods::attr_types::I64Array;
/// use tensor_ir::ods::constraints::ANY_TENSOR;
/// use tensor_ir::registry::{OpTrait, Syntax};
///
/// tensor_ir::op! {
///     /// Reverses `input` along `dims`.
///     pub struct ReverseOp = "demo.reverse" {
///         summary: "reverse a tensor along some dims",
///         traits: [OpTrait::Pure],
///         operands: { input: ANY_TENSOR },
///         results: { result: ANY_TENSOR },
///         attributes: { dims: I64Array },
///         syntax: Syntax::Format("$input `dims` $dims attr-dict `:` functional-type(operands, results)", &[]),
///     }
/// }
/// assert_eq!(ReverseOp::DEF.name, "demo.reverse");
/// assert_eq!(ReverseOp::DEF.attributes[0].name, "dims");
/// assert!(ReverseOp::DEF.description.contains("Reverses"));
/// ```
///
/// Operand and result groups are `name: CONSTRAINT` (one value), `name?: CONSTRAINT`
/// (optional) or `name*: CONSTRAINT` (variadic); at most one group may be optional or
/// variadic. Attributes are `name: Kind` or `name?: Kind` (optional) with `Kind` an
/// [`AttrType`](crate::ods::attr_types::AttrType). The sections after `results` are
/// optional but must come in this order: `attributes`, `regions` (default 0),
/// `syntax` (default generic only), `verify`, `verify_symbol_uses`, `infer`, `style`.
///
/// The handle `Name` is made by `Name::cast` (which checks the op's name, operand
/// and result counts and required attributes) or by the builders `Name::build` and,
/// with `infer`, `Name::build_inferred`.
#[macro_export]
macro_rules! op {
    (
        $(#[doc = $doc:expr])*
        $vis:vis struct $ty:ident = $name:literal {
            summary: $summary:literal,
            $(adaptor: $adaptor:ident,)?
            $(traits: [$($tr:expr),* $(,)?],)?
            operands: { $($ops:tt)* },
            results: { $($res:tt)* },
            $(attributes: { $($attrs:tt)* },)?
            $(regions: $regions:expr,)?
            $(syntax: $syntax:expr,)?
            $(verify: $verify:expr,)?
            $(verify_symbol_uses: $verify_uses:expr,)?
            $(infer: $infer:expr,)?
            $(style: $style:expr,)?
        }
    ) => {
        $(#[doc = $doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        $vis struct $ty($crate::module::OpId);

        #[allow(dead_code)]
        impl $ty {
            /// The op's full name.
            pub const NAME: &'static str = $name;
            /// Operand groups.
            pub const OPERANDS: &'static [$crate::ods::GroupDef] = &$crate::op!(@groups [] $($ops)*);
            /// Result groups.
            pub const RESULTS: &'static [$crate::ods::GroupDef] = &$crate::op!(@groups [] $($res)*);
            /// Inherent attributes.
            pub const ATTRIBUTES: &'static [$crate::ods::AttrDef] =
                &$crate::op!(@attrs [] $($($attrs)*)?);
            /// The definition to register.
            pub const DEF: $crate::registry::OpDef = $crate::registry::OpDef {
                name: $name,
                summary: $summary,
                description: concat!($($doc, "\n"),*),
                traits: &[$($($tr),*)?],
                operands: Some(Self::OPERANDS),
                results: Some(Self::RESULTS),
                attributes: Self::ATTRIBUTES,
                regions: $crate::op!(@or [$(Some($regions))?] [Some(0)]),
                syntax: $crate::op!(@or [$($syntax)?] [$crate::registry::Syntax::Generic]),
                verify: $crate::op!(@or [$(Some($verify))?] [None]),
                verify_symbol_uses: $crate::op!(@or [$(Some($verify_uses))?] [None]),
                infer: $crate::op!(@or [$(Some($infer))?] [None]),
                style: $crate::op!(@or [$($style)?] [$crate::ods::DiagStyle::Descriptive]),
            };

            /// The op as this handle, if it is one and its operands, results and
            /// required attributes fit the definition.
            pub fn cast(
                ctx: &$crate::Context,
                module: &$crate::Module,
                op: $crate::module::OpId,
            ) -> Option<Self> {
                $crate::ods::fits(ctx, module, op, &Self::DEF).then_some($ty(op))
            }

            /// The op.
            pub fn op(self) -> $crate::module::OpId {
                self.0
            }

            $crate::op!(@operand_accessors 0usize; $($ops)*);
            $crate::op!(@result_accessors 0usize; $($res)*);
            $crate::op!(@attr_accessors 0usize; $($($attrs)*)?);

            $crate::op!(@builder $ty [$($ops)*] [$($($attrs)*)?] [$($res)*]);
            $crate::op!(@maybe_inferred $ty [$($infer)?] [$($ops)*] [$($($attrs)*)?]);
        }

        $crate::op!(@adaptor $vis $ty [$($adaptor)?] [$($($attrs)*)?]);
    };

    // The adaptor: typed reads of properties before the op exists (in result-type
    // inference, custom parsers), so no use site spells an attribute name.
    (@adaptor $vis:vis $ty:ident [] [$($attrs:tt)*]) => {};
    (@adaptor $vis:vis $ty:ident [$adaptor:ident] [$($attrs:tt)*]) => {
        #[doc = concat!("Typed reads of `", stringify!($ty), "`'s properties from a list \
            of named attributes, as inference and parsers see them.")]
        #[derive(Clone, Copy)]
        $vis struct $adaptor<'a> {
            ctx: &'a $crate::Context,
            props: &'a [$crate::NamedAttr],
        }

        #[allow(dead_code)]
        impl<'a> $adaptor<'a> {
            /// A view of `props`.
            pub fn new(ctx: &'a $crate::Context, props: &'a [$crate::NamedAttr]) -> Self {
                Self { ctx, props }
            }

            $crate::op!(@adaptor_accessors $($attrs)*);
        }
    };
    (@adaptor_accessors) => {};
    (@adaptor_accessors $n:ident ? : $k:ty $(, $($rest:tt)*)?) => {
        $crate::op!(@adaptor_accessors $n: $k $(, $($rest)*)?);
    };
    (@adaptor_accessors $n:ident : $k:ty $(, $($rest:tt)*)?) => {
        #[doc = concat!("Property `", stringify!($n), "`, if present and of its kind.")]
        pub fn $n(&self) -> Option<<$k as $crate::ods::attr_types::AttrType>::Value<'a>> {
            let key = self.ctx.lookup_sym(stringify!($n))?;
            let a = self.props.iter().find(|p| p.name == key)?.value;
            <$k as $crate::ods::attr_types::AttrType>::get(self.ctx, a)
        }
        $crate::op!(@adaptor_accessors $($($rest)*)?);
    };

    // `@or [given] [default]`: the first if present.
    (@or [$($given:tt)+] [$($default:tt)*]) => { $($given)+ };
    (@or [] [$($default:tt)*]) => { $($default)* };

    // Groups: `name: C`, `name?: C`, `name*: C`.
    (@groups [$($acc:tt)*]) => { [$($acc)*] };
    (@groups [$($acc:tt)*] $n:ident ? : $c:path $(, $($rest:tt)*)?) => {
        $crate::op!(@groups [$($acc)* $crate::op!(@group $n Optional $c),] $($($rest)*)?)
    };
    (@groups [$($acc:tt)*] $n:ident * : $c:path $(, $($rest:tt)*)?) => {
        $crate::op!(@groups [$($acc)* $crate::op!(@group $n Variadic $c),] $($($rest)*)?)
    };
    (@groups [$($acc:tt)*] $n:ident : $c:path $(, $($rest:tt)*)?) => {
        $crate::op!(@groups [$($acc)* $crate::op!(@group $n Single $c),] $($($rest)*)?)
    };
    (@group $n:ident $kind:ident $c:path) => {
        $crate::ods::GroupDef {
            name: stringify!($n),
            kind: $crate::ods::GroupKind::$kind,
            constraint: &$c,
        }
    };

    // Attributes: `name: Kind`, `name?: Kind`.
    (@attrs [$($acc:tt)*]) => { [$($acc)*] };
    (@attrs [$($acc:tt)*] $n:ident ? : $k:ty $(, $($rest:tt)*)?) => {
        $crate::op!(@attrs [$($acc)* $crate::op!(@attr $n true $k),] $($($rest)*)?)
    };
    (@attrs [$($acc:tt)*] $n:ident : $k:ty $(, $($rest:tt)*)?) => {
        $crate::op!(@attrs [$($acc)* $crate::op!(@attr $n false $k),] $($($rest)*)?)
    };
    (@attr $n:ident $optional:literal $k:ty) => {
        $crate::ods::AttrDef {
            name: stringify!($n),
            optional: $optional,
            constraint: &<$k as $crate::ods::attr_types::AttrType>::CONSTRAINT,
        }
    };

    // Operand accessors.
    (@operand_accessors $i:expr;) => {};
    (@operand_accessors $i:expr; $n:ident ? : $c:path $(, $($rest:tt)*)?) => {
        #[doc = concat!("Operand `", stringify!($n), "`, if present.")]
        pub fn $n(self, module: &$crate::Module) -> Option<$crate::module::Value> {
            $crate::ods::operand_group(module, self.0, Self::OPERANDS, $i).first().copied()
        }
        $crate::op!(@operand_accessors $i + 1; $($($rest)*)?);
    };
    (@operand_accessors $i:expr; $n:ident * : $c:path $(, $($rest:tt)*)?) => {
        #[doc = concat!("Operands `", stringify!($n), "`.")]
        pub fn $n(self, module: &$crate::Module) -> &[$crate::module::Value] {
            $crate::ods::operand_group(module, self.0, Self::OPERANDS, $i)
        }
        $crate::op!(@operand_accessors $i + 1; $($($rest)*)?);
    };
    (@operand_accessors $i:expr; $n:ident : $c:path $(, $($rest:tt)*)?) => {
        #[doc = concat!("Operand `", stringify!($n), "`.")]
        pub fn $n(self, module: &$crate::Module) -> $crate::module::Value {
            $crate::ods::operand_group(module, self.0, Self::OPERANDS, $i)[0]
        }
        $crate::op!(@operand_accessors $i + 1; $($($rest)*)?);
    };

    // Result accessors.
    (@result_accessors $i:expr;) => {};
    (@result_accessors $i:expr; $n:ident ? : $c:path $(, $($rest:tt)*)?) => {
        #[doc = concat!("Result `", stringify!($n), "`, if present.")]
        pub fn $n(self, module: &$crate::Module) -> Option<$crate::module::Value> {
            $crate::ods::result_at(module, self.0, Self::RESULTS, $i)
        }
        $crate::op!(@result_accessors $i + 1; $($($rest)*)?);
    };
    (@result_accessors $i:expr; $n:ident * : $c:path $(, $($rest:tt)*)?) => {
        #[doc = concat!("Results `", stringify!($n), "`.")]
        pub fn $n(self, module: &$crate::Module) -> Vec<$crate::module::Value> {
            $crate::ods::result_group(module, self.0, Self::RESULTS, $i)
        }
        $crate::op!(@result_accessors $i + 1; $($($rest)*)?);
    };
    (@result_accessors $i:expr; $n:ident : $c:path $(, $($rest:tt)*)?) => {
        #[doc = concat!("Result `", stringify!($n), "`.")]
        pub fn $n(self, module: &$crate::Module) -> $crate::module::Value {
            $crate::ods::result_at(module, self.0, Self::RESULTS, $i)
                .expect("results were checked when the handle was made")
        }
        $crate::op!(@result_accessors $i + 1; $($($rest)*)?);
    };

    // Attribute accessors.
    (@attr_accessors $i:expr;) => {};
    (@attr_accessors $i:expr; $n:ident ? : $k:ty $(, $($rest:tt)*)?) => {
        #[doc = concat!("Attribute `", stringify!($n), "`, if present.")]
        pub fn $n<'c>(
            self,
            ctx: &'c $crate::Context,
            module: &$crate::Module,
        ) -> Option<<$k as $crate::ods::attr_types::AttrType>::Value<'c>> {
            let a = $crate::ods::attr_at(ctx, module, self.0, $i, stringify!($n))?;
            <$k as $crate::ods::attr_types::AttrType>::get(ctx, a)
        }
        $crate::op!(@attr_accessors $i + 1; $($($rest)*)?);
    };
    (@attr_accessors $i:expr; $n:ident : $k:ty $(, $($rest:tt)*)?) => {
        #[doc = concat!("Attribute `", stringify!($n), "`.")]
        pub fn $n<'c>(
            self,
            ctx: &'c $crate::Context,
            module: &$crate::Module,
        ) -> <$k as $crate::ods::attr_types::AttrType>::Value<'c> {
            $crate::ods::attr_at(ctx, module, self.0, $i, stringify!($n))
                .and_then(|a| <$k as $crate::ods::attr_types::AttrType>::get(ctx, a))
                .expect("required attributes were checked when the handle was made")
        }
        $crate::op!(@attr_accessors $i + 1; $($($rest)*)?);
    };

    // The builders. Locals of the generated fn (`state`, the builder, the location)
    // are named once, at the first expansion, and passed down: macro hygiene would
    // otherwise keep tokens of different expansions apart.
    (@builder $ty:ident [$($ops:tt)*] [$($attrs:tt)*] [$($res:tt)*]) => {
        $crate::op!(@build_fn ($ty, state, builder, location, [/* no infer */])
            [] [$crate::op!(@reserve_props state $($attrs)*);]
            [$($ops)*] [$($attrs)*] [$($res)*]);
    };
    (@maybe_inferred $ty:ident [] [$($ops:tt)*] [$($attrs:tt)*]) => {};
    (@maybe_inferred $ty:ident [$infer:expr] [$($ops:tt)*] [$($attrs:tt)*]) => {
        $crate::op!(@build_fn ($ty, state, builder, location, [$infer])
            [] [$crate::op!(@reserve_props state $($attrs)*);]
            [$($ops)*] [$($attrs)*] []);
    };

    // The properties get exactly the room they take: the op keeps them as a boxed
    // slice, which a `Vec` with spare room would be reallocated to make.
    (@reserve_props $st:ident) => {};
    (@reserve_props $st:ident $($attrs:tt)+) => {
        $st.props.reserve_exact($crate::op!(@count_props $($attrs)+))
    };
    (@count_props) => { 0usize };
    (@count_props $n:ident ? : $k:ty $(, $($rest:tt)*)?) => {
        usize::from($n.is_some()) + $crate::op!(@count_props $($($rest)*)?)
    };
    (@count_props $n:ident : $k:ty $(, $($rest:tt)*)?) => {
        1usize + $crate::op!(@count_props $($($rest)*)?)
    };

    // All parameters munched: the plain builder...
    (@build_fn ($ty:ident, $st:ident, $b:ident, $loc:ident, [])
        [$($params:tt)*] [$($body:tt)*] [] [] []) => {
        /// Creates the op at the builder's insertion point.
        ///
        /// # Errors
        /// If it cannot be inserted there.
        #[allow(clippy::too_many_arguments)]
        pub fn build(
            $b: &mut $crate::builder::Builder<'_>,
            $loc: $crate::Location,
            $($params)*
        ) -> Result<Self, $crate::module::EditError> {
            static NAME: $crate::context::SymCache = $crate::context::SymCache::new();
            let name = $b.ctx.cached_sym(&NAME, Self::NAME);
            let mut $st = $crate::module::OperationState::new(name, $loc);
            $($body)*
            if $st.props.len() > 1 {
                $crate::parse::sort_props($b.ctx, &mut $st.props);
            }
            $b.create($st).map($ty)
        }
    };
    // ...and the one that infers result types.
    (@build_fn ($ty:ident, $st:ident, $b:ident, $loc:ident, [$infer:expr])
        [$($params:tt)*] [$($body:tt)*] [] [] []) => {
        /// Creates the op at the builder's insertion point, its result types inferred
        /// from the operands and attributes.
        ///
        /// # Errors
        /// If the result types cannot be inferred, or the op cannot be inserted.
        #[allow(clippy::too_many_arguments)]
        pub fn build_inferred(
            $b: &mut $crate::builder::Builder<'_>,
            $loc: $crate::Location,
            $($params)*
        ) -> Result<Self, $crate::ods::BuildError> {
            static NAME: $crate::context::SymCache = $crate::context::SymCache::new();
            let name = $b.ctx.cached_sym(&NAME, Self::NAME);
            let mut $st = $crate::module::OperationState::new(name, $loc);
            $($body)*
            if $st.props.len() > 1 {
                $crate::parse::sort_props($b.ctx, &mut $st.props);
            }
            let operand_types: Vec<$crate::Type> =
                $st.operands.iter().map(|&v| $b.module.value_type(v)).collect();
            let infer: $crate::registry::InferFn = $infer;
            let results = infer($b.ctx, &operand_types, &$st.props)
                .ok_or($crate::ods::BuildError::Infer(Self::NAME))?;
            $st.result_types.extend(results);
            Ok($b.create($st).map($ty)?)
        }
    };
    // Operands.
    (@build_fn $env:tt [$($p:tt)*] [$($bd:tt)*]
        [$n:ident ? : $c:path $(, $($rest:tt)*)?] [$($attrs:tt)*] [$($res:tt)*]) => {
        $crate::op!(@build_fn $env [$($p)* $n: Option<$crate::module::Value>,]
            [$($bd)* $crate::op!(@push_operand $env $n optional);]
            [$($($rest)*)?] [$($attrs)*] [$($res)*]);
    };
    (@build_fn $env:tt [$($p:tt)*] [$($bd:tt)*]
        [$n:ident * : $c:path $(, $($rest:tt)*)?] [$($attrs:tt)*] [$($res:tt)*]) => {
        $crate::op!(@build_fn $env [$($p)* $n: &[$crate::module::Value],]
            [$($bd)* $crate::op!(@push_operand $env $n variadic);]
            [$($($rest)*)?] [$($attrs)*] [$($res)*]);
    };
    (@build_fn $env:tt [$($p:tt)*] [$($bd:tt)*]
        [$n:ident : $c:path $(, $($rest:tt)*)?] [$($attrs:tt)*] [$($res:tt)*]) => {
        $crate::op!(@build_fn $env [$($p)* $n: $crate::module::Value,]
            [$($bd)* $crate::op!(@push_operand $env $n single);]
            [$($($rest)*)?] [$($attrs)*] [$($res)*]);
    };
    // Attributes.
    (@build_fn $env:tt [$($p:tt)*] [$($bd:tt)*]
        [] [$n:ident ? : $k:ty $(, $($rest:tt)*)?] [$($res:tt)*]) => {
        $crate::op!(@build_fn $env
            [$($p)* $n: Option<<$k as $crate::ods::attr_types::AttrType>::Input<'_>>,]
            [$($bd)* $crate::op!(@push_attr $env $n optional $k);]
            [] [$($($rest)*)?] [$($res)*]);
    };
    (@build_fn $env:tt [$($p:tt)*] [$($bd:tt)*]
        [] [$n:ident : $k:ty $(, $($rest:tt)*)?] [$($res:tt)*]) => {
        $crate::op!(@build_fn $env
            [$($p)* $n: <$k as $crate::ods::attr_types::AttrType>::Input<'_>,]
            [$($bd)* $crate::op!(@push_attr $env $n required $k);]
            [] [$($($rest)*)?] [$($res)*]);
    };
    // Result types.
    (@build_fn $env:tt [$($p:tt)*] [$($bd:tt)*]
        [] [] [$n:ident ? : $c:path $(, $($rest:tt)*)?]) => {
        $crate::op!(@build_fn $env [$($p)* $n: Option<$crate::Type>,]
            [$($bd)* $crate::op!(@push_result $env $n optional);] [] [] [$($($rest)*)?]);
    };
    (@build_fn $env:tt [$($p:tt)*] [$($bd:tt)*]
        [] [] [$n:ident * : $c:path $(, $($rest:tt)*)?]) => {
        $crate::op!(@build_fn $env [$($p)* $n: &[$crate::Type],]
            [$($bd)* $crate::op!(@push_result $env $n variadic);] [] [] [$($($rest)*)?]);
    };
    (@build_fn $env:tt [$($p:tt)*] [$($bd:tt)*]
        [] [] [$n:ident : $c:path $(, $($rest:tt)*)?]) => {
        $crate::op!(@build_fn $env [$($p)* $n: $crate::Type,]
            [$($bd)* $crate::op!(@push_result $env $n single);] [] [] [$($($rest)*)?]);
    };

    (@push_operand ($ty:ident, $st:ident, $b:ident, $loc:ident, $i:tt) $n:ident single) => {
        $st.operands.push($n)
    };
    (@push_operand ($ty:ident, $st:ident, $b:ident, $loc:ident, $i:tt) $n:ident optional) => {
        $st.operands.extend($n)
    };
    (@push_operand ($ty:ident, $st:ident, $b:ident, $loc:ident, $i:tt) $n:ident variadic) => {
        $st.operands.extend($n.iter().copied())
    };
    (@push_result ($ty:ident, $st:ident, $b:ident, $loc:ident, $i:tt) $n:ident single) => {
        $st.result_types.push($n)
    };
    (@push_result ($ty:ident, $st:ident, $b:ident, $loc:ident, $i:tt) $n:ident optional) => {
        $st.result_types.extend($n)
    };
    (@push_result ($ty:ident, $st:ident, $b:ident, $loc:ident, $i:tt) $n:ident variadic) => {
        $st.result_types.extend($n.iter().copied())
    };
    (@push_attr ($ty:ident, $st:ident, $b:ident, $loc:ident, $i:tt) $n:ident required $k:ty) => {{
        let value = <$k as $crate::ods::attr_types::AttrType>::make($b.ctx, $n);
        static NAME: $crate::context::SymCache = $crate::context::SymCache::new();
        let name = $b.ctx.cached_sym(&NAME, stringify!($n));
        $st.props.push($crate::NamedAttr { name, value });
    }};
    (@push_attr ($ty:ident, $st:ident, $b:ident, $loc:ident, $i:tt) $n:ident optional $k:ty) => {
        if let Some(input) = $n {
            let value = <$k as $crate::ods::attr_types::AttrType>::make($b.ctx, input);
            static NAME: $crate::context::SymCache = $crate::context::SymCache::new();
            let name = $b.ctx.cached_sym(&NAME, stringify!($n));
            $st.props.push($crate::NamedAttr { name, value });
        }
    };
}
