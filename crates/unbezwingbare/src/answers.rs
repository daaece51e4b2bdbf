//! Influence cards played outside their owner's turn (U56, S9): when a card names him
//! (`when_targeted`), when an event is turned (`on_event`), when a violet card's tax comes
//! (`on_tax`), and `anytime` at each of these moments. The players who may answer are asked in
//! turn order from the player to act (N6); one `cancel` voids what is answered.

use crate::errors::{Check, Illegal, need};
use crate::moves::{Move, NOBODY};
use crate::state::{Frame, Source, State, TARGETED, bits32};

impl State {
    /// Whether an influence card may answer at this moment.
    #[inline]
    fn answers(&self, card: u8, moment: u8) -> bool {
        card < 32 && self.mat.answering(moment) & (1u32 << card) != 0
    }

    /// Whether `p` holds a card answering at this moment.
    #[inline]
    fn can_answer(&self, p: u8, moment: u8) -> bool {
        self.influence[usize::from(p)] & self.mat.answering(moment) != 0
    }

    /// The players who may be asked at this moment: the one targeted, or every other player.
    fn askable(&self, moment: u8, p: u8) -> bool {
        if moment == TARGETED {
            let below = self.depth.checked_sub(1).map(|d| self.frames[usize::from(d)]);
            matches!(below, Some(Frame::Effect { src: Source::Influence { target, .. }, .. }) if target == p)
        } else {
            p != self.actor
        }
    }

    /// Whether anyone may answer at this moment (`ON_EVENT` or `ON_TAX`: every player but the
    /// player to act is asked).
    pub(crate) fn anyone_answers(&self, moment: u8) -> bool {
        (0..self.n).any(|p| p != self.actor && self.can_answer(p, moment))
    }

    /// Opens a round of answers on what was just pushed, if anyone can answer.
    pub(crate) fn open_answers(&mut self, moment: u8) {
        if (0..self.n).any(|p| self.askable(moment, p) && self.can_answer(p, moment)) {
            self.push(Frame::Answer { moment, off: 0, cancelled: false });
        }
    }

    /// Goes on with the answers on top: the next player who can answer decides; at the end, a
    /// cancelled card, event or tax is voided.
    pub(crate) fn answer_step(&mut self) -> Option<u8> {
        let Some(Frame::Answer { moment, off, cancelled }) = self.top() else { return None };
        if !cancelled {
            for o in off..self.n {
                let p = self.after_actor(o);
                self.pop();
                let ok = self.askable(moment, p) && self.can_answer(p, moment);
                self.push(Frame::Answer { moment, off: o, cancelled });
                if ok {
                    return Some(p);
                }
            }
        }
        self.pop();
        if cancelled {
            match self.top() {
                Some(Frame::Effect { src, .. }) => {
                    self.pop();
                    if let Source::Event(c) = src {
                        self.discard |= 1u128 << c;
                    }
                }
                Some(Frame::Income { card, next, .. }) => {
                    self.set_top(Frame::Income { card, next, tax: false })
                }
                _ => {}
            }
        }
        None
    }

    /// The player asked and the moment.
    fn asked(&self) -> Option<(u8, u8)> {
        match self.top() {
            Some(Frame::Answer { moment, off, .. }) => Some((self.after_actor(off), moment)),
            _ => None,
        }
    }

    /// The answers the player asked may give: pass, or a card of the moment (against the player
    /// to act where it names an opponent).
    pub(crate) fn answer_moves(&self, out: &mut Vec<Move>) {
        let Some((p, moment)) = self.asked() else { return };
        out.push(Move::Pass);
        for c in bits32(self.influence[usize::from(p)]) {
            if self.answers(c, moment) {
                let target = if self.mat.needs_target(c) { self.actor } else { NOBODY };
                out.push(Move::Play { card: c, target });
            }
        }
    }

    /// Checks an answer (S9).
    pub fn check_answer(&self, mv: Move) -> Check {
        let Some((p, moment)) = self.asked() else {
            return Err(Illegal::new("S9", "nothing is being answered"));
        };
        match mv {
            Move::Pass => Ok(()),
            Move::Play { card, target } => {
                need(
                    card < 30 && self.influence[usize::from(p)] & (1u32 << card) != 0,
                    "U56",
                    "the card is not in the hand",
                )?;
                need(self.answers(card, moment), "S9", "the card may not be played at this moment")?;
                let want = if self.mat.needs_target(card) { self.actor } else { NOBODY };
                need(target == want, "S9", "an answer names the player to act, if anyone")
            }
            _ => Err(Illegal::new("S9", "answer with an influence card or pass")),
        }
    }

    /// Carries out an answer: the next player is asked after it; a card played is carried out.
    pub(crate) fn apply_answer(&mut self, mv: Move) {
        let Some(Frame::Answer { moment, off, cancelled }) = self.top() else { return };
        let p = self.after_actor(off);
        self.set_top(Frame::Answer { moment, off: off + 1, cancelled });
        if let Move::Play { card, target } = mv {
            self.influence[usize::from(p)] &= !(1u32 << card);
            self.influence_discard |= 1u32 << card;
            self.played_influence |= 1u32 << card;
            self.push(Frame::Effect {
                src: Source::Influence { card, by: p, target },
                clause: 0,
                off: 0,
                left: 0,
            });
        }
    }

    /// `cancel`: the nearest answer round below marks what it answers as cancelled.
    pub(crate) fn cancel_answered(&mut self) {
        for d in (0..usize::from(self.depth)).rev() {
            if let Frame::Answer { moment, off, .. } = self.frames[d] {
                self.frames[d] = Frame::Answer { moment, off, cancelled: true };
                return;
            }
        }
    }
}
