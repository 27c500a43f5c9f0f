//! Running an exported program (`tensor-opt --lower-broadcast
//! --convert-nd-to-upstream`) in MLIR's own JIT: [`lower_to_llvm`] applies
//! upstream's passes through melior's `PassManager` (one-shot bufferization,
//! buffer deallocation, linalg to loops, then to the LLVM dialect), and [`run`]
//! calls a function of tensors (`f32`, `f64`, `i32`, `i64`, `index`, `i1`; ranked
//! or unranked) in MLIR's `ExecutionEngine`. A failing `cf.assert` (a run-time
//! shape check) prints its message and aborts the process, as MLIR's runtime does.
//!
//! The `unsafe` code is the call (memref descriptors passed by pointer to the
//! engine's packed entry point), the reads of the results it returns, and the
//! `free` of what they own: with upstream's buffer deallocation the caller owns
//! every result buffer (and the heap copy of an unranked result's descriptor).
#![allow(unsafe_code)]

use melior::Context;
use melior::ExecutionEngine;
use melior::ir::attribute::{StringAttribute, TypeAttribute};
use melior::ir::operation::OperationLike;
use melior::ir::operation::OperationMutLike;
use melior::ir::r#type::FunctionType;
use melior::ir::{Attribute, BlockLike, Module};
use melior::pass::PassManager;
use melior::utility::parse_pass_pipeline;

/// The pass pipeline from exported tensors to the LLVM dialect.
/// `convert-bufferization-to-memref` lowers the `bufferization.clone` the
/// deallocation adds for a result that aliases an argument (an `nd.assign` into
/// one, exported as `linalg.copy` into its buffer).
pub const PIPELINE: &str = "builtin.module(\
    one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map}, \
    buffer-deallocation-pipeline, convert-bufferization-to-memref, func.func(convert-linalg-to-loops), expand-strided-metadata, lower-affine, convert-scf-to-cf, \
    convert-math-to-llvm, convert-arith-to-llvm, convert-cf-to-llvm, finalize-memref-to-llvm, \
    convert-func-to-llvm, convert-index-to-llvm, reconcile-unrealized-casts)";

/// A dense row-major `f32` tensor.
#[derive(Clone, Debug, PartialEq)]
pub struct TensorF32 {
    /// The dim sizes.
    pub shape: Vec<usize>,
    /// The elements, row-major.
    pub data: Vec<f32>,
}

/// The elements of a tensor, row-major, by element type (`index` is `I64`).
#[derive(Clone, Debug, PartialEq)]
pub enum Elements {
    /// `f32`.
    F32(Vec<f32>),
    /// `f64`.
    F64(Vec<f64>),
    /// `i32`.
    I32(Vec<i32>),
    /// `i64` or `index`.
    I64(Vec<i64>),
    /// `i1`.
    I1(Vec<bool>),
}

/// A dense row-major tensor.
#[derive(Clone, Debug, PartialEq)]
pub struct Tensor {
    /// The dim sizes.
    pub shape: Vec<usize>,
    /// The elements.
    pub elements: Elements,
}

/// Lowers `module` (exported upstream MLIR on tensors) to the LLVM dialect with
/// [`PIPELINE`]. The context needs every dialect and pass registered
/// (`melior::utility::register_all_passes`).
///
/// # Errors
/// The pass manager's error, if the pipeline does not parse or a pass fails.
pub fn lower_to_llvm(context: &Context, module: &mut Module<'_>) -> Result<(), String> {
    let manager = PassManager::new(context);
    parse_pass_pipeline(manager.as_operation_pass_manager(), PIPELINE)
        .map_err(|e| format!("pass pipeline: {e}"))?;
    manager
        .run(module)
        .map_err(|e| format!("lowering to LLVM: {e}"))
}

/// The element types [`run`] takes, with their byte size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Elem {
    F32,
    F64,
    I32,
    I64,
    I1,
}

impl Elem {
    fn parse(name: &str) -> Option<Elem> {
        Some(match name {
            "f32" => Elem::F32,
            "f64" => Elem::F64,
            "i32" => Elem::I32,
            "i64" | "index" => Elem::I64,
            "i1" => Elem::I1,
            _ => return None,
        })
    }

    /// Bytes per element in a buffer (`i1` takes a byte, as LLVM stores it).
    fn size(self) -> usize {
        match self {
            Elem::F32 | Elem::I32 => 4,
            Elem::F64 | Elem::I64 => 8,
            Elem::I1 => 1,
        }
    }
}

/// A function argument or result type: a tensor of dims (`None`: unranked; -1:
/// a `?` dim) and element type.
#[derive(Clone, Debug)]
struct Sig {
    dims: Option<Vec<i64>>,
    elem: Elem,
}

/// Reads `tensor<2x?xf32>` / `tensor<*xi1>` from its printed form.
fn parse_sig(text: &str) -> Option<Sig> {
    let inner = text.strip_prefix("tensor<")?.strip_suffix('>')?;
    // `index` has an `x` of its own: it is not split off at the last `x`.
    let elem_text = if inner.ends_with("index") {
        "index"
    } else {
        inner.rsplit('x').next()?
    };
    let elem = Elem::parse(elem_text)?;
    let dims_text = inner[..inner.len() - elem_text.len()].trim_end_matches('x');
    let parts: Vec<&str> = if dims_text.is_empty() {
        Vec::new()
    } else {
        dims_text.split('x').collect()
    };
    if parts == ["*"] {
        return Some(Sig { dims: None, elem });
    }
    let dims = parts
        .iter()
        .map(|p| if *p == "?" { Some(-1) } else { p.parse().ok() })
        .collect::<Option<Vec<i64>>>()?;
    Some(Sig {
        dims: Some(dims),
        elem,
    })
}

/// The argument and result types of function `entry` in `module` (before
/// lowering), marking it `llvm.emit_c_interface` so that the engine can call it
/// with memref descriptors by pointer.
fn prepare_entry(
    context: &Context,
    module: &Module<'_>,
    entry: &str,
) -> Result<(Vec<Sig>, Vec<Sig>), String> {
    let mut op = module.body().first_operation_mut();
    while let Some(mut o) = op {
        let is_entry = o.name().as_string_ref().as_str() == Ok("func.func")
            && o.attribute("sym_name")
                .ok()
                .and_then(|a| StringAttribute::try_from(a).ok())
                .is_some_and(|s| s.value() == entry);
        if is_entry {
            let ty = o
                .attribute("function_type")
                .ok()
                .and_then(|a| TypeAttribute::try_from(a).ok())
                .and_then(|a| FunctionType::try_from(a.value()).ok())
                .ok_or("@entry has no function type")?;
            let sig = |t: Option<melior::ir::Type<'_>>, what: String| {
                let text = t.map(|t| t.to_string()).unwrap_or_default();
                parse_sig(&text).ok_or_else(|| {
                    format!(
                        "{what} of @{entry} is '{text}', not a tensor of f32, f64, i32, i64, \
                         index or i1"
                    )
                })
            };
            let inputs = (0..ty.input_count())
                .map(|i| sig(ty.input(i).ok(), format!("argument #{i}")))
                .collect::<Result<Vec<_>, _>>()?;
            let results = (0..ty.result_count())
                .map(|i| sig(ty.result(i).ok(), format!("result #{i}")))
                .collect::<Result<Vec<_>, _>>()?;
            o.set_attribute("llvm.emit_c_interface", Attribute::unit(context));
            return Ok((inputs, results));
        }
        op = o.next_in_block_mut();
    }
    Err(format!("no function @{entry}"))
}

/// `t`'s elements as little-endian bytes in 8-byte words (aligned for any
/// element type), and its element type.
fn to_words(t: &Tensor) -> (Vec<u64>, Elem) {
    let (bytes, elem): (Vec<u8>, Elem) = match &t.elements {
        Elements::F32(v) => (v.iter().flat_map(|x| x.to_le_bytes()).collect(), Elem::F32),
        Elements::F64(v) => (v.iter().flat_map(|x| x.to_le_bytes()).collect(), Elem::F64),
        Elements::I32(v) => (v.iter().flat_map(|x| x.to_le_bytes()).collect(), Elem::I32),
        Elements::I64(v) => (v.iter().flat_map(|x| x.to_le_bytes()).collect(), Elem::I64),
        Elements::I1(v) => (v.iter().map(|&b| u8::from(b)).collect(), Elem::I1),
    };
    let mut words = vec![0u64; bytes.len().div_ceil(8).max(1)];
    for (i, chunk) in bytes.chunks(8).enumerate() {
        let mut w = [0u8; 8];
        w[..chunk.len()].copy_from_slice(chunk);
        words[i] = u64::from_le_bytes(w);
    }
    (words, elem)
}

fn element_count(t: &Tensor) -> usize {
    match &t.elements {
        Elements::F32(v) => v.len(),
        Elements::F64(v) => v.len(),
        Elements::I32(v) => v.len(),
        Elements::I64(v) => v.len(),
        Elements::I1(v) => v.len(),
    }
}

/// Checks `t` against the argument type `sig`: element type, rank and static
/// sizes (what the compiled code assumes without checking).
fn check_input(t: &Tensor, sig: &Sig, i: usize) -> Result<(), String> {
    let count = t
        .shape
        .iter()
        .try_fold(1usize, |acc, &n| acc.checked_mul(n))
        .ok_or_else(|| format!("input #{i}: too many elements"))?;
    if count != element_count(t) {
        return Err(format!(
            "input #{i}: {} elements for shape {:?}",
            element_count(t),
            t.shape
        ));
    }
    if to_words(t).1 != sig.elem {
        return Err(format!(
            "input #{i}: element type {:?} where the function takes {:?}",
            to_words(t).1,
            sig.elem
        ));
    }
    if let Some(dims) = &sig.dims {
        let fits = dims.len() == t.shape.len()
            && dims
                .iter()
                .zip(&t.shape)
                .all(|(&d, &n)| d < 0 || usize::try_from(d) == Ok(n));
        if !fits {
            return Err(format!(
                "input #{i}: shape {:?} does not fit the argument's {dims:?} (-1 is ?)",
                t.shape
            ));
        }
    }
    Ok(())
}

/// A ranked memref descriptor (allocated, aligned, offset, sizes..., strides...)
/// over `data` of `shape`, contiguous.
fn descriptor(data: *mut u64, shape: &[usize]) -> Vec<i64> {
    let ptr = data as i64;
    let mut d = vec![ptr, ptr, 0];
    d.extend(shape.iter().map(|&n| n as i64));
    let mut stride = 1i64;
    let mut strides = vec![0i64; shape.len()];
    for (k, &n) in shape.iter().enumerate().rev() {
        strides[k] = stride;
        stride *= n as i64;
    }
    d.extend(strides);
    d
}

unsafe extern "C" {
    /// The C library's `free`: the lowered code allocates with `malloc`.
    fn free(ptr: *mut std::ffi::c_void);
}

/// What `free` must not be given: the allocated pointer of a `memref.get_global`
/// (MLIR's lowering sets it to this marker).
const GLOBAL_MARKER: i64 = 0xdead_beef;

/// Runs function `entry` of `module` (exported upstream MLIR on tensors, not yet
/// lowered) on `inputs` in MLIR's `ExecutionEngine`, returning its results and
/// freeing the buffers they owned. The module is lowered in place first.
///
/// # Errors
/// If lowering fails, `entry` is not a function of tensors of the element types
/// above, an input does not fit its argument, or the engine cannot call it.
pub fn run(
    context: &Context,
    module: &mut Module<'_>,
    entry: &str,
    inputs: &[Tensor],
) -> Result<Vec<Tensor>, String> {
    let (args, results) = prepare_entry(context, module, entry)?;
    if args.len() != inputs.len() {
        return Err(format!(
            "@{entry} takes {} arguments, given {}",
            args.len(),
            inputs.len()
        ));
    }
    for (i, (t, sig)) in inputs.iter().zip(&args).enumerate() {
        check_input(t, sig, i)?;
    }
    lower_to_llvm(context, module)?;
    let engine = ExecutionEngine::new(module, 2, &[], false, false);
    // Each input: its data, its descriptor and (unranked) the pair (rank,
    // pointer to the descriptor); the C interface takes a pointer to the last.
    let mut data: Vec<Vec<u64>> = inputs.iter().map(|t| to_words(t).0).collect();
    let mut slots: Vec<Vec<i64>> = data
        .iter_mut()
        .zip(inputs)
        .map(|(d, t)| descriptor(d.as_mut_ptr(), &t.shape))
        .collect();
    let mut pairs: Vec<Vec<i64>> = slots
        .iter_mut()
        .zip(inputs)
        .map(|(s, t)| vec![t.shape.len() as i64, s.as_mut_ptr() as i64])
        .collect();
    let input_pointers: Vec<i64> = data.iter().map(|d| d.as_ptr() as i64).collect();
    // The results: one descriptor each (a pair for an unranked one), consecutive,
    // written through the first pointer of the C interface.
    let width = |sig: &Sig| sig.dims.as_ref().map_or(2, |d| 3 + 2 * d.len());
    let result_len: usize = results.iter().map(width).sum();
    let mut out_slots = vec![0i64; result_len.max(1)];
    let mut pointers: Vec<*mut i64> = Vec::with_capacity(inputs.len() + 1);
    if !results.is_empty() {
        pointers.push(out_slots.as_mut_ptr());
    }
    for (k, sig) in args.iter().enumerate() {
        pointers.push(match sig.dims {
            Some(_) => slots[k].as_mut_ptr(),
            None => pairs[k].as_mut_ptr(),
        });
    }
    let mut packed: Vec<*mut ()> = pointers
        .iter_mut()
        .map(|p| p as *mut *mut i64 as *mut ())
        .collect();
    // SAFETY: every pointer in `packed` points into `pointers`, whose pointers
    // point into `out_slots`, `slots` or `pairs`, all of which outlive the call;
    // the descriptors are the ones convert-func-to-llvm's C interface expects for
    // the argument types checked above (over `data`, alive), and `out_slots` has
    // room for every result descriptor.
    unsafe { engine.invoke_packed(entry, &mut packed) }
        .map_err(|e| format!("invoking @{entry}: {e}"))?;
    let mut out = Vec::with_capacity(results.len());
    let mut owned: Vec<i64> = Vec::new();
    let mut at = 0;
    for sig in &results {
        let slot = &out_slots[at..at + width(sig)];
        at += width(sig);
        let tensor = match sig.dims {
            Some(ref dims) => read_ranked(slot, dims.len(), sig.elem),
            None => {
                let rank = usize::try_from(slot[0]).map_err(|_| "a negative rank")?;
                let heap = slot[1] as *const i64;
                // SAFETY: an unranked result's pair points to a descriptor of its
                // rank (3 + 2 * rank words), which the callee copied to the heap.
                let d = unsafe { std::slice::from_raw_parts(heap, 3 + 2 * rank) }.to_vec();
                // SAFETY: that copy was made with `malloc` for the caller to free,
                // and nothing else points to it.
                unsafe { free(heap as *mut std::ffi::c_void) };
                read_ranked(&d, rank, sig.elem)
            }
        };
        let (tensor, allocated) = tensor;
        if allocated != GLOBAL_MARKER
            && !input_pointers.contains(&allocated)
            && !owned.contains(&allocated)
        {
            owned.push(allocated);
        }
        out.push(tensor);
    }
    for p in owned {
        // SAFETY: buffer deallocation leaves each result buffer to the caller; it
        // was allocated with `malloc`, is neither an input nor a global, and is
        // freed once (results sharing it were deduplicated) after every read.
        unsafe { free(p as *mut std::ffi::c_void) };
    }
    Ok(out)
}

/// The tensor a ranked descriptor `d` of `rank` describes, and its allocated
/// pointer.
fn read_ranked(d: &[i64], rank: usize, elem: Elem) -> (Tensor, i64) {
    let shape: Vec<usize> = d[3..3 + rank].iter().map(|&n| n as usize).collect();
    let strides = &d[3 + rank..3 + 2 * rank];
    let base = d[1] as *const u8;
    let count: usize = shape.iter().product();
    let mut index = vec![0usize; rank];
    let mut bytes: Vec<[u8; 8]> = Vec::with_capacity(count);
    let size = elem.size();
    for _ in 0..count {
        let offset = d[2]
            + index
                .iter()
                .zip(strides)
                .map(|(&i, &s)| i as i64 * s)
                .sum::<i64>();
        let mut b = [0u8; 8];
        for (k, byte) in b.iter_mut().enumerate().take(size) {
            // SAFETY: the engine returned a descriptor of `shape` and `strides`
            // over a live allocation (freed only after every read), and `index`
            // stays within `shape`.
            *byte = unsafe { *base.offset(offset as isize * size as isize + k as isize) };
        }
        bytes.push(b);
        for dim in (0..rank).rev() {
            index[dim] += 1;
            if index[dim] < shape[dim] {
                break;
            }
            index[dim] = 0;
        }
    }
    let elements = match elem {
        Elem::F32 => Elements::F32(
            bytes
                .iter()
                .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
                .collect(),
        ),
        Elem::F64 => Elements::F64(bytes.iter().map(|b| f64::from_le_bytes(*b)).collect()),
        Elem::I32 => Elements::I32(
            bytes
                .iter()
                .map(|b| i32::from_le_bytes([b[0], b[1], b[2], b[3]]))
                .collect(),
        ),
        Elem::I64 => Elements::I64(bytes.iter().map(|b| i64::from_le_bytes(*b)).collect()),
        Elem::I1 => Elements::I1(bytes.iter().map(|b| b[0] & 1 != 0).collect()),
    };
    (Tensor { shape, elements }, d[0])
}

/// [`run`] for a function of `f32` tensors.
///
/// # Errors
/// As [`run`]'s, and if a result is not of `f32`.
pub fn run_f32(
    context: &Context,
    module: &mut Module<'_>,
    entry: &str,
    inputs: &[TensorF32],
) -> Result<Vec<TensorF32>, String> {
    let inputs: Vec<Tensor> = inputs
        .iter()
        .map(|t| Tensor {
            shape: t.shape.clone(),
            elements: Elements::F32(t.data.clone()),
        })
        .collect();
    run(context, module, entry, &inputs)?
        .into_iter()
        .map(|t| match t.elements {
            Elements::F32(data) => Ok(TensorF32 {
                shape: t.shape,
                data,
            }),
            other => Err(format!("@{entry} returns {other:?}, not f32")),
        })
        .collect()
}
