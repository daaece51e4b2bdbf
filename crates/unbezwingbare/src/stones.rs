//! Stones between the players and the bank (U9): every payment to the bank, every income from
//! it; under `bank=160` the bank pays only what it holds (S11, N3).

use crate::state::State;

impl State {
    /// `p` pays `n` stones to the bank; the caller checked he holds them (a purchase, U9).
    pub fn pay(&mut self, p: u8, n: u16) {
        let s = &mut self.stones[usize::from(p)];
        let n = n.min(*s);
        *s -= n;
        self.bank += i32::from(n);
    }

    /// `p` pays `n` stones, or all he holds if fewer (an event or influence card, N3).
    pub fn lose(&mut self, p: u8, n: u16) {
        self.pay(p, n);
    }

    /// `p` receives `n` stones from the bank, or what it holds under `bank=160` (N3).
    pub fn receive(&mut self, p: u8, n: u16) {
        let n = if self.opts.bank_cap { n.min(self.bank.max(0) as u16) } else { n };
        self.stones[usize::from(p)] += n;
        self.bank -= i32::from(n);
    }

    /// `from` gives `n` stones (all he holds, if fewer) to `to` (`steal`).
    pub fn transfer(&mut self, from: u8, to: u8, n: u16) {
        let n = n.min(self.stones[usize::from(from)]);
        self.stones[usize::from(from)] -= n;
        self.stones[usize::from(to)] += n;
    }

    /// Every player holding more than `limit` stones gives the rest to the bank (U34, `tax_to`).
    pub fn tax_to(&mut self, limit: u16) {
        for p in 0..self.n {
            let s = self.stones[usize::from(p)];
            if s > limit {
                self.pay(p, s - limit);
            }
        }
    }
}
