//! The search's transposition table: fixed-size slots of 12 bytes, taken
//! from the system allocator and kept between searches, and the table a
//! player keeps from one decision to the next ([`KeptTable`]).

use std::fmt;

/// A table kept from one search to the next, for a player who thinks move
/// after move in one game at a time budget (the engine's `go movetime`):
/// what the last search stored orders and cuts the next, which then reaches
/// further in the same time. Values are stored from the position itself
/// (wins and losses counted from there), so they keep their meaning at
/// another root.
#[derive(Default)]
pub struct KeptTable(std::sync::Mutex<Option<(usize, Table)>>);

impl fmt::Debug for KeptTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("KeptTable")
    }
}

impl KeptTable {
    /// The kept table if it has `mb` MiB, else a fresh one.
    pub(super) fn take(&self, mb: usize) -> Table {
        let mut kept = self.0.lock().unwrap_or_else(|e| e.into_inner());
        match kept.take() {
            Some((m, t)) if m == mb => t,
            _ => Table::new(mb),
        }
    }

    pub(super) fn keep(&self, mb: usize, table: Table) {
        *self.0.lock().unwrap_or_else(|e| e.into_inner()) = Some((mb, table));
    }
}

#[derive(Clone, Copy, Default)]
pub(super) struct Entry {
    pub(super) key: u64,
    pub(super) value: i32,
    pub(super) depth: u8,
    /// 0 empty, 1 exact, 2 lower bound, 3 upper bound.
    pub(super) flag: u8,
    pub(super) best: u8,
    /// The value was found with every line seen to the end of the game.
    pub(super) solved: bool,
}

pub(super) const EXACT: u8 = 1;
pub(super) const LOWER: u8 = 2;
pub(super) const UPPER: u8 = 3;

/// A fixed-size transposition table (one entry per slot, replace when the
/// new entry is at least as deep or from another position).
pub(super) struct Table {
    /// Slots of 16 bytes (small tables), or none.
    wide: Slots<Entry>,
    /// The same slots in 12 bytes (tables of 2^19 slots or more), or none.
    narrow: Slots<Narrow>,
    mask: usize,
    /// Bits of a key its slot gives: `mask`'s.
    shift: u32,
}

/// An [`Entry`] in 12 bytes, the same in every field: the key's bits its
/// slot does not give (64 - `shift`, at most 45), then depth, flag, best and
/// solved in one word, and the value. The expert's 16 MiB of slots take 12.
#[derive(Clone, Copy, Default)]
#[repr(C)]
struct Narrow {
    value: i32,
    lo: u32,
    hi: u32,
}

/// The fewest key bits a slot must give for [`Narrow`]: 64 - 19 = 45 stored.
const NARROW_FROM: u32 = 19;

impl Narrow {
    fn word(self) -> u64 {
        (self.hi as u64) << 32 | self.lo as u64
    }

    fn entry(self, slot: u64, shift: u32) -> Entry {
        let w = self.word();
        Entry {
            key: (w >> 19) << shift | slot,
            value: self.value,
            depth: (w >> 11) as u8,
            flag: (w >> 9) as u8 & 3,
            best: (w >> 1) as u8,
            solved: w & 1 != 0,
        }
    }

    fn of(e: &Entry, shift: u32) -> Narrow {
        debug_assert!(e.flag <= 3);
        let w = (e.key >> shift) << 19
            | (e.depth as u64) << 11
            | (e.flag as u64) << 9
            | (e.best as u64) << 1
            | e.solved as u64;
        Narrow {
            value: e.value,
            lo: w as u32,
            hi: (w >> 32) as u32,
        }
    }
}

impl Table {
    pub(super) fn new(mb: usize) -> Table {
        let want = (mb << 20) / std::mem::size_of::<Entry>();
        if want == 0 {
            return Table {
                wide: Slots::zeroed(0),
                narrow: Slots::zeroed(0),
                mask: 0,
                shift: 0,
            };
        }
        let size = 1usize << (usize::BITS - 1 - want.leading_zeros());
        Table::sized(size, size.trailing_zeros() >= NARROW_FROM)
    }

    /// `size` slots (a power of two), narrow ones if `narrow` (which needs
    /// 2^NARROW_FROM slots or more).
    pub(super) fn sized(size: usize, narrow: bool) -> Table {
        let shift = size.trailing_zeros();
        assert!(!narrow || shift >= NARROW_FROM, "a narrow table's size");
        Table {
            wide: Slots::zeroed(if narrow { 0 } else { size }),
            narrow: Slots::zeroed(if narrow { size } else { 0 }),
            mask: size - 1,
            shift,
        }
    }

    pub(super) fn probe(&self, key: u64) -> Option<Entry> {
        let i = key as usize & self.mask;
        let e = if !self.narrow.is_empty() {
            self.narrow[i].entry(i as u64, self.shift)
        } else if !self.wide.is_empty() {
            self.wide[i]
        } else {
            return None;
        };
        (e.flag != 0 && e.key == key).then_some(e)
    }

    pub(super) fn store(
        &mut self,
        key: u64,
        depth: u32,
        value: i32,
        flag: u8,
        best: usize,
        solved: bool,
    ) {
        let i = key as usize & self.mask;
        let slot = if !self.narrow.is_empty() {
            self.narrow[i].entry(i as u64, self.shift)
        } else if !self.wide.is_empty() {
            self.wide[i]
        } else {
            return;
        };
        if slot.key != key || depth as u8 >= slot.depth {
            let e = Entry {
                key,
                value,
                depth: depth.min(255) as u8,
                flag,
                best: best.min(255) as u8,
                solved,
            };
            if self.narrow.is_empty() {
                self.wide[i] = e;
            } else {
                self.narrow[i] = Narrow::of(&e, self.shift);
            }
        }
    }
}

/// A table's slots, all empty (zero bits: `T::default()`), taken from the
/// system allocator (`std::alloc::System`, not the program's global one), and
/// at most one table's memory kept between searches ([`spare`]). Through
/// mimalloc, a freed table waited in its arenas while the next decision's
/// thread took another (the client reached 57 MB on En Gehé 2x50, expert
/// against expert). The system's `calloc` serves a block this big by a fresh
/// mapping of zero pages, resident only as the search first stores in them,
/// and unmaps it when freed (glibc and musl alike).
struct Slots<T> {
    ptr: std::ptr::NonNull<T>,
    len: usize,
}

// SAFETY: `Slots` owns its memory alone, as a `Box<[T]>` would.
unsafe impl<T: Send> Send for Slots<T> {}
unsafe impl<T: Sync> Sync for Slots<T> {}

impl<T: Copy + Default> Slots<T> {
    /// `len` empty slots. Only for `T` whose default is all zero bits.
    fn zeroed(len: usize) -> Slots<T> {
        let Ok(layout) = std::alloc::Layout::array::<T>(len) else {
            panic!("a table of {len} slots is too big");
        };
        if layout.size() == 0 {
            return Slots {
                ptr: std::ptr::NonNull::dangling(),
                len,
            };
        }
        let p = match spare::take(layout) {
            Some(p) => {
                // SAFETY: the spare block of this layout, ours alone now;
                // zero bits are `T::default()`.
                unsafe { std::ptr::write_bytes(p, 0, layout.size()) };
                p
            }
            // SAFETY: a layout of non-zero size; all-zero bits are
            // `T::default()`.
            None => unsafe { std::alloc::GlobalAlloc::alloc_zeroed(&std::alloc::System, layout) },
        };
        let Some(ptr) = std::ptr::NonNull::new(p as *mut T) else {
            std::alloc::handle_alloc_error(layout);
        };
        Slots { ptr, len }
    }
}

impl<T> std::ops::Deref for Slots<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        // SAFETY: `len` initialised slots at `ptr`, owned by `self`.
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

impl<T> std::ops::DerefMut for Slots<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        // SAFETY: as in `deref`, and `&mut self` is the only access.
        unsafe { std::slice::from_raw_parts_mut(self.ptr.as_ptr(), self.len) }
    }
}

impl<T> Drop for Slots<T> {
    fn drop(&mut self) {
        let layout = std::alloc::Layout::array::<T>(self.len).expect("checked in `zeroed`");
        if layout.size() > 0 {
            spare::keep(self.ptr.as_ptr() as *mut u8, layout);
        }
    }
}

/// The last table's memory, kept for the next search: a fresh block costs
/// a page fault a page as the search first stores there (the hard level
/// spent as long again in the system), a kept one a clear in place. One at
/// most: the client's next decision, on another thread, takes the one its
/// last decision left.
mod spare {
    use std::alloc::{GlobalAlloc, Layout, System};
    use std::ptr::NonNull;
    use std::sync::Mutex;

    /// A kept block: its pointer (kept as a pointer, not a number, so that
    /// it stays the allocation's) and its layout.
    struct Kept(NonNull<u8>, Layout);

    // SAFETY: a kept block is plain memory that no table uses; whoever
    // takes it out of `SPARE` owns it alone.
    unsafe impl Send for Kept {}

    static SPARE: Mutex<Option<Kept>> = Mutex::new(None);

    /// The kept block if it has `layout` (a block of another layout is
    /// freed).
    pub(super) fn take(layout: Layout) -> Option<*mut u8> {
        let kept = SPARE.lock().unwrap_or_else(|e| e.into_inner()).take()?;
        if kept.1 == layout {
            return Some(kept.0.as_ptr());
        }
        free(kept);
        None
    }

    /// Keeps the block `p` of `layout`, freeing the one kept before.
    pub(super) fn keep(p: *mut u8, layout: Layout) {
        let Some(p) = NonNull::new(p) else {
            return;
        };
        let old = SPARE
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .replace(Kept(p, layout));
        if let Some(old) = old {
            free(old);
        }
    }

    fn free(Kept(p, layout): Kept) {
        // SAFETY: a block from `System.alloc_zeroed` in `Slots::zeroed`
        // with this layout, no longer used by any table, freed once.
        unsafe { System.dealloc(p.as_ptr(), layout) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::search::{INF, WIN};
    use crate::engine::SeededRng;
    use rand::SeedableRng;

    /// A table of 12-byte slots answers every probe as one of 16-byte slots
    /// of the same number, over stores that collide, replace and refuse, with
    /// every field at its extremes (depths past 255, keys of all 64 bits).
    #[test]
    fn narrow_slots_answer_as_wide_ones() {
        use rand::Rng;
        let size = 1 << NARROW_FROM;
        let (mut wide, mut narrow) = (Table::sized(size, false), Table::sized(size, true));
        assert!(narrow.wide.is_empty() && wide.narrow.is_empty());
        let mut rng = SeededRng::seed_from_u64(23);
        // Few slots and few high parts: the same slot and the same key recur.
        let key = |rng: &mut SeededRng| {
            let high = [0u64, 1, u64::MAX >> NARROW_FROM, rng.random()][rng.random_range(0..4)];
            high << NARROW_FROM | rng.random_range(0..64u64)
        };
        // Miri checks the table's memory on fewer stores.
        let stores = if cfg!(miri) { 2_000 } else { 200_000 };
        for _ in 0..stores {
            let k = key(&mut rng);
            let depth = [0, 1, 64, 200, 255, 256, 300][rng.random_range(0..7)];
            let value =
                [i32::MIN, -WIN - 5, -1, 0, 7, WIN + 3, INF, i32::MAX][rng.random_range(0..8)];
            let flag = rng.random_range(1..=3);
            let best = [0, 5, 127, 255, 300][rng.random_range(0..5)];
            let solved = rng.random();
            wide.store(k, depth, value, flag, best, solved);
            narrow.store(k, depth, value, flag, best, solved);
            let p = key(&mut rng);
            let (a, b) = (wide.probe(p), narrow.probe(p));
            assert_eq!(a.is_some(), b.is_some(), "{p:x}");
            if let (Some(a), Some(b)) = (a, b) {
                let fields = |e: Entry| (e.key, e.value, e.depth, e.flag, e.best, e.solved);
                assert_eq!(fields(a), fields(b), "{p:x}");
            }
        }
        // The expert's 16 MiB take 2^20 slots of 12 bytes; 4 MiB stay wide.
        let expert = Table::new(16);
        assert_eq!((expert.narrow.len(), expert.wide.len()), (1 << 20, 0));
        let hard = Table::new(4);
        assert_eq!((hard.narrow.len(), hard.wide.len()), (0, 1 << 18));
        assert_eq!(std::mem::size_of::<Narrow>(), 12);
    }

    /// A table whose memory is the last table's (kept between searches)
    /// starts empty all the same, and a table of another size works too.
    #[test]
    fn a_table_on_kept_memory_starts_empty() {
        for (mb, key) in [(4, 0x1234_5678_9abc_def0u64), (4, 7), (1, 9), (4, 11)] {
            let mut t = Table::new(mb);
            for k in [0x1234_5678_9abc_def0u64, 7, 9, 11] {
                assert!(t.probe(k).is_none(), "{mb} MiB: {k:x} found in a new table");
            }
            t.store(key, 3, 5, EXACT, 1, false);
            assert_eq!(t.probe(key).map(|e| e.value), Some(5));
        }
    }
}
