//! Buffers and the memory limit.
//!
//! Every buffer the interpreter allocates goes through a [`Memory`]: it is counted
//! against the limit *before* it is allocated (so a program that would need more
//! memory than the machine has gets a located error instead of being killed), and
//! when the last view of it dies it goes back to a pool, from which an allocation
//! of the same type and length takes it again. Repeated runs of a program
//! (`tensor-run --repeat`) thus reuse their buffers instead of asking the system
//! for fresh pages, which it would have to fault in and zero.
//!
//! Buffers of [`HUGE_MIN`] bytes and more are anonymous maps advised to use
//! transparent huge pages (`MADV_HUGEPAGE`, which NumPy asks for on its arrays of
//! that size too): on a machine whose kernel grants them only on request, a
//! 64 MiB operand read through 4 KiB pages costs a TLB miss every 4 KiB, and a
//! sum over it ran 1.3 to 2x slower than through 2 MiB pages.

use rustc_hash::FxHashMap;
use std::any::{Any, TypeId};
use std::fmt;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// The default limit: three quarters of the machine's memory (or of the cgroup's
/// limit, if lower), so that the interpreter refuses a too-large allocation before
/// the kernel's OOM killer would end the process. 8 GiB if neither can be read.
pub fn default_limit() -> usize {
    let total = mem_total().unwrap_or(8 << 30);
    let cgroup = cgroup_limit().unwrap_or(usize::MAX);
    total.min(cgroup) / 4 * 3
}

fn mem_total() -> Option<usize> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kib: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    kib.checked_mul(1024)
}

fn cgroup_limit() -> Option<usize> {
    let text = std::fs::read_to_string("/sys/fs/cgroup/memory.max").ok()?;
    text.trim().parse().ok()
}

/// Parses a size: bytes, or a number with a unit `K`, `M`, `G`, `T` (powers of
/// 1024; `KiB`, `KB`, `k` and `B` are accepted too), e.g. `512M`, `1.5G`.
pub fn parse_size(text: &str) -> Option<usize> {
    let t = text.trim();
    let split = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(t.len());
    let (number, unit) = t.split_at(split);
    let unit = unit.trim().to_ascii_lowercase();
    let unit = unit.trim_end_matches('b').trim_end_matches('i');
    let scale: f64 = match unit {
        "" => 1.0,
        "k" => 1024.0,
        "m" => 1024.0 * 1024.0,
        "g" => 1024.0 * 1024.0 * 1024.0,
        "t" => 1024.0 * 1024.0 * 1024.0 * 1024.0,
        _ => return None,
    };
    let value: f64 = number.parse().ok()?;
    let bytes = value * scale;
    (bytes.is_finite() && bytes >= 0.0 && bytes < usize::MAX as f64).then_some(bytes as usize)
}

/// A byte count for messages: `256.00 MiB`.
pub struct Bytes(pub usize);

impl fmt::Display for Bytes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let b = self.0 as f64;
        let units = [("GiB", 1u64 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)];
        for (name, size) in units {
            if b >= size as f64 {
                return write!(f, "{:.2} {name}", b / size as f64);
            }
        }
        write!(f, "{} B", self.0)
    }
}

/// An allocation the limit refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AllocError {
    /// Bytes asked for (`usize::MAX` when the size itself overflows).
    pub requested: usize,
    /// Bytes in use by live buffers at the time.
    pub in_use: usize,
    /// The limit.
    pub limit: usize,
    /// The limit allowed it, but the system refused the memory.
    pub system: bool,
}

impl fmt::Display for AllocError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.system {
            return write!(
                f,
                "the system could not allocate {} ({} in use, memory limit {})",
                Bytes(self.requested),
                Bytes(self.in_use),
                Bytes(self.limit)
            );
        }
        if self.requested == usize::MAX {
            return write!(
                f,
                "the size of the tensor overflows the address space (memory limit {})",
                Bytes(self.limit)
            );
        }
        write!(
            f,
            "allocating {} would exceed the memory limit of {} ({} in use; raise it with --max-memory)",
            Bytes(self.requested),
            Bytes(self.limit),
            Bytes(self.in_use)
        )
    }
}

/// Pooled buffers by element type and length.
type Pool = FxHashMap<(TypeId, usize), Vec<Box<dyn Any + Send>>>;

/// Buffers of this many bytes or more are mapped and advised to use huge pages.
pub const HUGE_MIN: usize = 4 << 20;

/// The memory of a buffer: the heap, or an anonymous map (page-aligned, so any
/// element type's alignment holds) whose first `bytes` bytes are the elements.
enum Storage<T> {
    Heap(Vec<T>),
    Mapped { map: memmap2::MmapMut, bytes: usize },
}

impl<T: bytemuck::Pod> Storage<T> {
    /// `len` zeroed elements: mapped with huge pages from [`HUGE_MIN`] bytes on
    /// (when the system maps them), else on the heap. `None` when the system
    /// refuses the memory.
    fn zeroed(len: usize, bytes: usize) -> Option<Storage<T>> {
        if bytes >= HUGE_MIN
            && let Ok(map) = memmap2::MmapMut::map_anon(bytes)
            && bytemuck::try_cast_slice::<u8, T>(&map[..bytes]).is_ok()
        {
            // Advice only: a kernel without transparent huge pages refuses it,
            // and the map works as well with small pages.
            let _ = map.advise(memmap2::Advice::HugePage);
            return Some(Storage::Mapped { map, bytes });
        }
        bytemuck::allocation::try_zeroed_vec(len)
            .ok()
            .map(Storage::Heap)
    }

    fn as_slice(&self) -> &[T] {
        match self {
            Storage::Heap(v) => v,
            // Alignment and size were checked when the map was made.
            Storage::Mapped { map, bytes } => bytemuck::cast_slice(&map[..*bytes]),
        }
    }

    fn as_mut_slice(&mut self) -> &mut [T] {
        match self {
            Storage::Heap(v) => v,
            Storage::Mapped { map, bytes } => bytemuck::cast_slice_mut(&mut map[..*bytes]),
        }
    }
}

struct Inner {
    limit: usize,
    /// Bytes of live buffers plus pooled ones.
    in_use: AtomicUsize,
    peak: AtomicUsize,
    pooled_bytes: AtomicUsize,
    pool: Mutex<Pool>,
}

/// The allocator of an interpreter: a limit, a count of the bytes in use and a
/// pool of free buffers. Cloning shares it.
#[derive(Clone)]
pub struct Memory {
    inner: Arc<Inner>,
}

impl fmt::Debug for Memory {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Memory")
            .field("limit", &self.inner.limit)
            .field("in_use", &self.in_use())
            .finish()
    }
}

impl Default for Memory {
    fn default() -> Self {
        Memory::new(default_limit())
    }
}

impl Memory {
    /// An allocator that refuses to hold more than `limit` bytes at once.
    pub fn new(limit: usize) -> Memory {
        Memory {
            inner: Arc::new(Inner {
                limit,
                in_use: AtomicUsize::new(0),
                peak: AtomicUsize::new(0),
                pooled_bytes: AtomicUsize::new(0),
                pool: Mutex::new(FxHashMap::default()),
            }),
        }
    }

    /// The limit in bytes.
    pub fn limit(&self) -> usize {
        self.inner.limit
    }

    /// Bytes held now (live and pooled buffers).
    pub fn in_use(&self) -> usize {
        self.inner.in_use.load(Ordering::Relaxed)
    }

    /// The most bytes held at once so far.
    pub fn peak(&self) -> usize {
        self.inner.peak.load(Ordering::Relaxed)
    }

    /// Drops every pooled buffer.
    pub fn clear_pool(&self) {
        let drained: Vec<_> = match self.inner.pool.lock() {
            Ok(mut pool) => pool.drain().collect(),
            Err(_) => return,
        };
        let bytes = self.inner.pooled_bytes.swap(0, Ordering::Relaxed);
        self.inner.in_use.fetch_sub(bytes, Ordering::Relaxed);
        drop(drained);
    }

    /// Counts `bytes` against the limit, emptying the pool first if that makes room.
    fn reserve(&self, bytes: usize) -> Result<(), AllocError> {
        let inner = &self.inner;
        let fits = |in_use: usize| in_use.checked_add(bytes).is_some_and(|t| t <= inner.limit);
        if !fits(self.in_use()) && inner.pooled_bytes.load(Ordering::Relaxed) > 0 {
            self.clear_pool();
        }
        let mut current = self.in_use();
        loop {
            if !fits(current) {
                return Err(AllocError {
                    requested: bytes,
                    in_use: current,
                    limit: inner.limit,
                    system: false,
                });
            }
            match inner.in_use.compare_exchange_weak(
                current,
                current + bytes,
                Ordering::Relaxed,
                Ordering::Relaxed,
            ) {
                Ok(_) => break,
                Err(now) => current = now,
            }
        }
        inner.peak.fetch_max(current + bytes, Ordering::Relaxed);
        Ok(())
    }

    /// A buffer of `len` elements whose contents are unspecified (zeros, or a
    /// pooled buffer's old values): callers overwrite every element.
    ///
    /// # Errors
    /// When the limit would be exceeded, or the size overflows.
    pub(crate) fn alloc<T: bytemuck::Pod + Send + Sync>(
        &self,
        len: usize,
    ) -> Result<Owned<T>, AllocError> {
        let bytes = len
            .checked_mul(std::mem::size_of::<T>())
            .ok_or(AllocError {
                requested: usize::MAX,
                in_use: self.in_use(),
                limit: self.inner.limit,
                system: false,
            })?;
        if let Some(storage) = self.take_pooled::<T>(len) {
            return Ok(Owned {
                storage,
                memory: Some(self.clone()),
            });
        }
        self.reserve(bytes)?;
        // Fallible (zeroed pages the kernel faults in on first touch): a limit
        // above what the machine can give is an error at the op, not an abort.
        let Some(storage) = Storage::zeroed(len, bytes) else {
            self.inner.in_use.fetch_sub(bytes, Ordering::Relaxed);
            return Err(AllocError {
                requested: bytes,
                in_use: self.in_use(),
                limit: self.inner.limit,
                system: true,
            });
        };
        Ok(Owned {
            storage,
            memory: Some(self.clone()),
        })
    }

    /// Checks that `bytes` more would fit, without reserving them.
    ///
    /// # Errors
    /// When they would not.
    pub fn check(&self, bytes: usize) -> Result<(), AllocError> {
        let in_use = self.in_use();
        if in_use
            .checked_add(bytes)
            .is_some_and(|t| t <= self.inner.limit)
        {
            Ok(())
        } else {
            Err(AllocError {
                requested: bytes,
                in_use,
                limit: self.inner.limit,
                system: false,
            })
        }
    }

    fn take_pooled<T: bytemuck::Pod + Send>(&self, len: usize) -> Option<Storage<T>> {
        let mut pool = self.inner.pool.lock().ok()?;
        let list = pool.get_mut(&(TypeId::of::<T>(), len))?;
        let boxed = list.pop()?;
        let storage = *boxed.downcast::<Storage<T>>().ok()?;
        self.inner
            .pooled_bytes
            .fetch_sub(std::mem::size_of_val(storage.as_slice()), Ordering::Relaxed);
        Some(storage)
    }

    fn release<T: bytemuck::Pod + Send>(&self, storage: Storage<T>) {
        let slice = storage.as_slice();
        let (bytes, len) = (std::mem::size_of_val(slice), slice.len());
        // Small buffers are not worth a lock; large ones are what repeated runs need.
        if bytes >= 4096
            && let Ok(mut pool) = self.inner.pool.lock()
        {
            self.inner.pooled_bytes.fetch_add(bytes, Ordering::Relaxed);
            pool.entry((TypeId::of::<T>(), len))
                .or_default()
                .push(Box::new(storage));
            return;
        }
        self.inner.in_use.fetch_sub(bytes, Ordering::Relaxed);
    }
}

/// A buffer owned by the interpreter; when dropped it returns to its pool.
pub(crate) struct Owned<T: bytemuck::Pod + Send> {
    storage: Storage<T>,
    memory: Option<Memory>,
}

impl<T: bytemuck::Pod + Send> Owned<T> {
    /// A buffer outside any memory's accounting.
    pub(crate) fn unaccounted(vec: Vec<T>) -> Owned<T> {
        Owned {
            storage: Storage::Heap(vec),
            memory: None,
        }
    }

    pub(crate) fn as_slice(&self) -> &[T] {
        self.storage.as_slice()
    }

    pub(crate) fn as_mut_slice(&mut self) -> &mut [T] {
        self.storage.as_mut_slice()
    }
}

impl<T: bytemuck::Pod + Send> Drop for Owned<T> {
    fn drop(&mut self) {
        if let Some(memory) = self.memory.take() {
            let storage = std::mem::replace(&mut self.storage, Storage::Heap(Vec::new()));
            memory.release(storage);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_parse_with_binary_units() {
        assert_eq!(parse_size("1024"), Some(1024));
        assert_eq!(parse_size("4K"), Some(4096));
        assert_eq!(parse_size("512M"), Some(512 << 20));
        assert_eq!(parse_size("1.5G"), Some(3 << 29));
        assert_eq!(parse_size("2GiB"), Some(2 << 30));
        assert_eq!(parse_size("2gb"), Some(2 << 30));
        assert_eq!(parse_size("12 X"), None);
        assert_eq!(parse_size(""), None);
        assert_eq!(parse_size("-1"), None);
    }

    #[test]
    fn the_limit_is_checked_before_allocating() {
        let m = Memory::new(1000);
        let a = m.alloc::<f32>(200).unwrap();
        assert_eq!(m.in_use(), 800);
        let err = m.alloc::<f32>(100).err().unwrap();
        assert_eq!(err.requested, 400);
        assert_eq!(err.in_use, 800);
        drop(a);
        // Small buffers are freed, not pooled.
        let b = m.alloc::<f32>(100).unwrap();
        assert_eq!(m.in_use(), 400);
        drop(b);
        assert!(m.alloc::<u8>(usize::MAX).is_err());
    }

    #[test]
    fn an_allocation_the_system_refuses_is_an_error() {
        // Within the limit, beyond any machine's address space.
        let m = Memory::new(usize::MAX / 2);
        let err = m.alloc::<u8>(usize::MAX / 4).err().unwrap();
        assert!(err.system, "{err}");
        assert!(err.to_string().contains("the system could not allocate"));
        assert_eq!(m.in_use(), 0, "the refused bytes are not counted");
        assert!(m.alloc::<u8>(16).is_ok());
    }

    /// The `VmFlags` of the map that holds `addr`, from `/proc/self/smaps`.
    #[cfg(target_os = "linux")]
    fn vm_flags(addr: usize) -> Option<String> {
        let smaps = std::fs::read_to_string("/proc/self/smaps").ok()?;
        let mut inside = false;
        for line in smaps.lines() {
            let range = line.split_whitespace().next().unwrap_or("");
            if let Some((lo, hi)) = range.split_once('-')
                && let (Ok(lo), Ok(hi)) =
                    (usize::from_str_radix(lo, 16), usize::from_str_radix(hi, 16))
            {
                inside = lo <= addr && addr < hi;
            } else if inside && let Some(flags) = line.strip_prefix("VmFlags:") {
                return Some(flags.trim().to_owned());
            }
        }
        None
    }

    #[test]
    #[cfg(target_os = "linux")]
    fn large_buffers_are_advised_to_use_huge_pages() {
        let m = Memory::new(1 << 30);
        let mut big = m.alloc::<f32>(HUGE_MIN / 4).unwrap();
        assert!(matches!(big.storage, Storage::Mapped { .. }));
        assert!(
            big.as_slice().iter().all(|&x| x == 0.0),
            "fresh maps are zeroed"
        );
        assert_eq!(big.as_slice().len(), HUGE_MIN / 4);
        big.as_mut_slice()[HUGE_MIN / 4 - 1] = 3.0;
        if std::path::Path::new("/sys/kernel/mm/transparent_hugepage/enabled").exists() {
            let flags = vm_flags(big.as_slice().as_ptr() as usize).unwrap();
            assert!(flags.split(' ').any(|f| f == "hg"), "VmFlags: {flags}");
        }
        // Mapped buffers are pooled and come back like heap ones.
        let addr = big.as_slice().as_ptr();
        drop(big);
        assert_eq!(m.in_use(), HUGE_MIN);
        let again = m.alloc::<f32>(HUGE_MIN / 4).unwrap();
        assert_eq!(again.as_slice().as_ptr(), addr);
        assert_eq!(again.as_slice()[HUGE_MIN / 4 - 1], 3.0);
        // One element fewer stays on the heap.
        let small = m.alloc::<u8>(HUGE_MIN - 1).unwrap();
        assert!(matches!(small.storage, Storage::Heap(_)));
    }

    #[test]
    fn buffers_are_reused_from_the_pool() {
        let m = Memory::new(1 << 20);
        let mut a = m.alloc::<f64>(1024).unwrap();
        a.as_mut_slice()[0] = 7.0;
        drop(a);
        assert_eq!(m.in_use(), 8192);
        let b = m.alloc::<f64>(1024).unwrap();
        assert_eq!(b.as_slice()[0], 7.0, "the pooled buffer came back");
        assert_eq!(m.in_use(), 8192);
        assert_eq!(m.peak(), 8192);
    }
}
