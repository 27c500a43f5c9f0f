//! Which ops carry broadcasting semantics, and how each broadcasts.

use std::collections::HashMap;

use broadcastable::{Policy, Semantics};

/// Upstream's `test.broadcastable` (`mlir/test/lib/Dialect/Test/TestOps.td`):
/// NumPy broadcasting, the op of upstream's own trait tests.
pub const TEST_BROADCASTABLE: &str = "test.broadcastable";

/// TOSA's elementwise ops whose operands broadcast (LLVM 22's `TosaOps.td`:
/// the binary and ternary `Tosa_ElementwiseOp`s, with
/// `ResultsBroadcastableShape` and `SameOperandsAndResultRank`), checked under
/// [`Policy::EqualRank`]. The unary ones require one shape for operand and
/// result, so nothing broadcasts there.
pub const TOSA_ELEMENTWISE: &[&str] = &[
    "tosa.add",
    "tosa.arithmetic_right_shift",
    "tosa.bitwise_and",
    "tosa.bitwise_or",
    "tosa.bitwise_xor",
    "tosa.equal",
    "tosa.greater",
    "tosa.greater_equal",
    "tosa.intdiv",
    "tosa.logical_and",
    "tosa.logical_left_shift",
    "tosa.logical_or",
    "tosa.logical_right_shift",
    "tosa.logical_xor",
    "tosa.maximum",
    "tosa.minimum",
    "tosa.pow",
    "tosa.select",
    "tosa.sub",
];

/// `tosa.mul` broadcasts its first two operands; the third, `shift`, is a
/// `tensor<1xi8>` that does not take part.
pub const TOSA_MUL: &str = "tosa.mul";

/// Which operands of an op broadcast.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Operands {
    /// Every operand.
    #[default]
    All,
    /// The first `n` operands (`tosa.mul`'s `input1` and `input2`, not its
    /// `shift`). Operand numbers in diagnostics stay the op's own.
    Leading(usize),
}

/// Where an op's [`Policy`] comes from.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum OpPolicy {
    /// The same policy for every op of the name.
    Fixed(Policy),
    /// XLA's explicit `broadcast_dimensions`, read from the op's
    /// `array<i64: ...>` attribute named `attr`; an op without it uses
    /// `absent` (CHLO's binary ops: NumPy broadcasting unless the attribute
    /// is given).
    FromAttribute {
        /// The attribute's name.
        attr: String,
        /// The policy of an op without the attribute.
        absent: Policy,
    },
}

impl From<Policy> for OpPolicy {
    fn from(policy: Policy) -> Self {
        OpPolicy::Fixed(policy)
    }
}

/// How one op name broadcasts.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct OpSpec {
    /// Its policy.
    pub policy: OpPolicy,
    /// Which operands broadcast.
    pub operands: Operands,
}

impl OpSpec {
    /// Every operand broadcasts under `policy`.
    pub fn new(policy: impl Into<OpPolicy>) -> Self {
        OpSpec {
            policy: policy.into(),
            operands: Operands::All,
        }
    }

    /// Only the first `n` operands broadcast.
    #[must_use]
    pub fn leading(mut self, n: usize) -> Self {
        self.operands = Operands::Leading(n);
        self
    }
}

/// What the bridge checks: the ops that carry broadcasting semantics (by
/// name) and the rules.
///
/// [`Config::default`] covers `test.broadcastable` (NumPy) and TOSA's
/// broadcasting elementwise ops (equal rank) under the spec's rules
/// ([`Semantics::Spec`]); [`Config::op`] adds the caller's own ops.
#[derive(Clone, Debug)]
pub struct Config {
    semantics: Semantics,
    obligations: bool,
    ops: HashMap<String, OpSpec>,
}

impl Default for Config {
    fn default() -> Self {
        let mut config = Config::empty().op(TEST_BROADCASTABLE, Policy::NumPy);
        for name in TOSA_ELEMENTWISE {
            config = config.op(*name, Policy::EqualRank);
        }
        config.op_spec(TOSA_MUL, OpSpec::new(Policy::EqualRank).leading(2))
    }
}

impl Config {
    /// `test.broadcastable` and TOSA (see [`Config`]).
    pub fn new() -> Self {
        Config::default()
    }

    /// No op at all: only the caller's.
    pub fn empty() -> Self {
        Config {
            semantics: Semantics::Spec,
            obligations: false,
            ops: HashMap::new(),
        }
    }

    /// Checks ops named `name` (`chlo.broadcast_add`) under `policy`, every
    /// operand broadcasting; replaces what the config said for the name.
    #[must_use]
    pub fn op(self, name: impl Into<String>, policy: impl Into<OpPolicy>) -> Self {
        self.op_spec(name, OpSpec::new(policy))
    }

    /// Checks ops named `name` as `spec` says.
    #[must_use]
    pub fn op_spec(mut self, name: impl Into<String>, spec: OpSpec) -> Self {
        self.ops.insert(name.into(), spec);
        self
    }

    /// Selects the rules: the spec's (default) or exactly upstream MLIR's
    /// trait, as `tensor-opt --broadcast-semantics`. Under
    /// [`Semantics::Mlir`], `test.broadcastable`'s diagnostics are exactly
    /// `mlir-opt`'s (no notes).
    #[must_use]
    pub fn semantics(mut self, semantics: Semantics) -> Self {
        self.semantics = semantics;
        self
    }

    /// Also reports each run-time obligation of an op that verifies on
    /// condition (a `?` that must be 1 or equal to another size) as a remark
    /// at the op, as `tensor-opt --verify-broadcast` does. Off by default.
    #[must_use]
    pub fn obligations(mut self, on: bool) -> Self {
        self.obligations = on;
        self
    }

    /// The rules in force.
    pub fn current_semantics(&self) -> Semantics {
        self.semantics
    }

    /// Whether obligations are reported.
    pub fn reports_obligations(&self) -> bool {
        self.obligations
    }

    /// How ops named `name` broadcast, if they do.
    pub fn spec(&self, name: &str) -> Option<&OpSpec> {
        self.ops.get(name)
    }
}
