//! SSA and block naming as upstream's `SSANameState`: `%argN` for entry block
//! arguments, `%N` for results and other block arguments, `^bbN` per region;
//! nested regions continue after their parent region.

use crate::Context;
use crate::module::{BlockId, Module, OpId, RegionId, Value};

/// A printed value name.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) enum ValueName {
    #[default]
    Unnamed,
    /// `%argN`.
    Arg(u32),
    /// `%N`, or `%N#i` for result `i` of a multi-result op.
    Num { id: u32, sub: Option<u32> },
}

/// Names indexed by arena index: dense vectors beat hash maps at 100k+ values.
#[derive(Default)]
pub(crate) struct NameState {
    values: Vec<ValueName>,
    blocks: Vec<Option<u32>>,
}

impl NameState {
    /// Names the values and blocks under `root` as upstream's `SSANameState`:
    /// regions are numbered from a worklist (pushed in order, taken from the back),
    /// each starting from the counters its parent region reached. With `unique`
    /// (upstream's generic form), the counters are never restored, so every value
    /// has its own number.
    pub(crate) fn new(_ctx: &Context, module: &Module, root: OpId, unique: bool) -> Self {
        let mut s = NameState {
            values: vec![ValueName::Unnamed; module.num_values()],
            blocks: vec![None; module.num_blocks()],
        };
        // (region, next value id, next argument id)
        let mut work: Vec<(RegionId, u32, u32)> = Vec::new();
        let (mut next_value, mut next_arg) = (0u32, 0u32);
        for &r in module.op(root).regions() {
            work.push((r, 0, 0));
        }
        s.name_results(module, root, &mut next_value);
        while let Some((region, v, a)) = work.pop() {
            if !unique {
                next_value = v;
                next_arg = a;
            }
            s.number_region(module, region, &mut next_value, &mut next_arg);
            for &b in module.region(region).blocks() {
                for op in module.block_ops(b) {
                    for &r in module.op(op).regions() {
                        work.push((r, next_value, next_arg));
                    }
                }
            }
        }
        s
    }

    fn number_region(
        &mut self,
        module: &Module,
        region: RegionId,
        next_value: &mut u32,
        next_arg: &mut u32,
    ) {
        for (i, &b) in module.region(region).blocks().iter().enumerate() {
            self.blocks[b.index()] = Some(u32::try_from(i).unwrap_or(u32::MAX));
            for &arg in module.block(b).args() {
                let name = if i == 0 {
                    *next_arg += 1;
                    ValueName::Arg(*next_arg - 1)
                } else {
                    *next_value += 1;
                    ValueName::Num {
                        id: *next_value - 1,
                        sub: None,
                    }
                };
                self.values[arg.index()] = name;
            }
            for op in module.block_ops(b) {
                self.name_results(module, op, next_value);
            }
        }
    }

    fn name_results(&mut self, module: &Module, op: OpId, next_value: &mut u32) {
        let n = module.num_results(op);
        if n == 0 {
            return;
        }
        let id = *next_value;
        *next_value += 1;
        for (i, v) in module.results(op).enumerate() {
            let sub = (n > 1).then(|| u32::try_from(i).unwrap_or(u32::MAX));
            self.values[v.index()] = ValueName::Num { id, sub };
        }
    }

    pub(crate) fn value(&self, v: Value) -> ValueName {
        self.values.get(v.index()).copied().unwrap_or_default()
    }

    pub(crate) fn block(&self, b: BlockId) -> Option<u32> {
        self.blocks.get(b.index()).copied().flatten()
    }
}

/// The names the printer gives values (`%arg0`, `%0`, `%0#1`), for tools that show
/// values outside a printout of the module (`--view-op-graph`).
pub struct ValueNames(NameState);

impl ValueNames {
    /// Names every value under `root`, as printing `root` would.
    pub fn new(ctx: &Context, module: &Module, root: OpId) -> Self {
        ValueNames(NameState::new(ctx, module, root, false))
    }

    /// Appends `v`'s name (`<<UNKNOWN SSA VALUE>>` for one outside `root`).
    pub fn write(&self, v: Value, out: &mut String) {
        match self.0.value(v) {
            ValueName::Arg(n) => {
                out.push_str("%arg");
                out.push_str(itoa::Buffer::new().format(n));
            }
            ValueName::Num { id, sub } => {
                out.push('%');
                out.push_str(itoa::Buffer::new().format(id));
                if let Some(s) = sub {
                    out.push('#');
                    out.push_str(itoa::Buffer::new().format(s));
                }
            }
            ValueName::Unnamed => out.push_str("<<UNKNOWN SSA VALUE>>"),
        }
    }
}
