//! The seeded generator of the arena's random decisions.

/// The draws of `SeededRng::seed_from_u64(seed)` (xoshiro256++ seeded by
/// SplitMix64), seeded lazily: a random decision mostly draws once, and the
/// first draw needs only two of the four state words.
pub(super) struct DecisionRng {
    seed: u64,
    /// Draws so far, up to 2; the state once past the first.
    drawn: u8,
    state: [u64; 4],
}

impl DecisionRng {
    const PHI: u64 = 0x9e37_79b9_7f4a_7c15;

    #[inline]
    pub(super) fn new(seed: u64) -> DecisionRng {
        DecisionRng {
            seed,
            drawn: 0,
            state: [0; 4],
        }
    }

    /// SplitMix64's `k`th output (from 1) for this seed.
    /// The draws of `SeededRng::seed_from_u64(seed)` from here on, in the
    /// same memory: the four state words are left as they are (they are
    /// set before they are read), where a new generator wrote them all at
    /// every decision.
    #[inline]
    pub(super) fn reseed(&mut self, seed: u64) {
        self.seed = seed;
        self.drawn = 0;
    }

    #[inline]
    fn word(&self, k: u64) -> u64 {
        let mut z = self.seed.wrapping_add(Self::PHI.wrapping_mul(k));
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    #[inline]
    fn step(s: &mut [u64; 4]) -> u64 {
        let out = s[0].wrapping_add(s[3]).rotate_left(23).wrapping_add(s[0]);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        out
    }

    /// The draws after the first, out of line: inlined, the compiler
    /// computed the whole seeded state and the second draw before every
    /// random pick (some 90 instructions a decision), though most picks
    /// draw once.
    #[cold]
    #[inline(never)]
    fn next_later(&mut self) -> u64 {
        if self.drawn == 1 {
            self.drawn = 2;
            self.state = [self.word(1), self.word(2), self.word(3), self.word(4)];
            Self::step(&mut self.state);
        }
        Self::step(&mut self.state)
    }
}

impl rand::RngCore for DecisionRng {
    #[inline(always)]
    fn next_u32(&mut self) -> u32 {
        (self.next_u64() >> 32) as u32
    }

    #[inline(always)]
    fn next_u64(&mut self) -> u64 {
        if self.drawn == 0 {
            self.drawn = 1;
            let (s0, s3) = (self.word(1), self.word(4));
            s0.wrapping_add(s3).rotate_left(23).wrapping_add(s0)
        } else {
            self.next_later()
        }
    }

    fn fill_bytes(&mut self, dst: &mut [u8]) {
        rand::rand_core::impls::fill_bytes_via_next(self, dst)
    }
}
