//! Turning cards from the draw pile: in phase 1 until a building card (U32, U33) and by a
//! purchase or a `draw` (U42); an empty pile reshuffles the discards once (U38, S10, N8).

use crate::data::Category;
use crate::state::{Frame, ON_EVENT, ON_TAX, Source, State};

impl State {
    /// Whether a card can be turned for the turning on top; reshuffles the discards when the pile
    /// is empty (once a turning, N8) and pops the turning when it stops (U38, N9).
    pub(crate) fn ready_to_turn(&mut self) -> bool {
        let (reshuffled, done) = match self.top() {
            Some(Frame::Turning { reshuffled }) => (reshuffled, false),
            Some(Frame::Drawing { reshuffled, left, .. }) => (reshuffled, left == 0),
            _ => return false,
        };
        if done {
            self.pop();
            return false;
        }
        if self.top_part() != 0 {
            return true;
        }
        if !reshuffled && self.discard != 0 {
            // U38, S10: the discarded building and event cards become a new draw pile. Drawing
            // each card uniformly when turned makes the shuffle itself no separate outcome (U77).
            self.pile[0] = self.discard;
            self.discard = 0;
            self.mixed = true;
            let f = match self.top() {
                Some(Frame::Turning { .. }) => Frame::Turning { reshuffled: true },
                Some(Frame::Drawing { p, left, .. }) => Frame::Drawing { p, left, reshuffled: true },
                Some(f) => f,
                None => return false,
            };
            self.set_top(f);
            return true;
        }
        // U38, N8: nothing to turn: the turning stops without a card (no tax, no income). Each
        // card of a `draw N` is a turning of its own ("as by a purchase", data.md): the next one
        // begins afresh and may reshuffle once.
        if let Some(Frame::Drawing { p, left, .. }) = self.top()
            && left > 1
        {
            self.set_top(Frame::Drawing { p, left: left - 1, reshuffled: false });
            return self.ready_to_turn();
        }
        self.pop();
        false
    }

    /// A card is turned (a chance outcome) for the turning on top.
    pub(crate) fn turned(&mut self, card: u8) {
        let bit = 1u128 << card;
        for part in &mut self.pile {
            *part &= !bit;
        }
        let event = self.card(card).event;
        if event {
            // U33, U42: an event is carried out at once, before the next card; it goes to the
            // discard pile when done (S10). Nested too deep, it is discarded without effect.
            if usize::from(self.depth) < crate::state::MAX_FRAMES
                && self.mat.is_plain_event(card)
                && !self.anyone_answers(ON_EVENT)
            {
                // An event whose clauses ask nothing, which nobody can answer: carried out here,
                // as its frame would be, player after player (effects.rs).
                self.plain_event(card);
                self.discard |= bit;
                return;
            }
            let f = Frame::Effect { src: Source::Event(card), clause: 0, off: 0, left: 0 };
            if !self.push(f) {
                self.discard |= bit;
                return;
            }
            // S9: players holding an `on_event` card may answer it first.
            self.open_answers(ON_EVENT);
            return;
        }
        match self.top() {
            Some(Frame::Turning { .. }) => {
                self.pop();
                // U34: a violet card taxes every player down to 5 before any income (levied by
                // the income frame, after any `on_tax` answer, S9).
                let tax = self.card(card).category == Category::Staedtisch;
                self.push(Frame::Income { card, next: 0, tax });
                if tax {
                    self.open_answers(ON_TAX);
                }
            }
            Some(Frame::Drawing { p, left, .. }) => {
                // U42, N7: drawn unseen, no tax, no income. Each card of a `draw N` is drawn "as
                // by a purchase" (data.md), a turning of its own: it may reshuffle once (N8).
                self.hand[usize::from(p)] |= bit;
                self.set_top(Frame::Drawing { p, left: left.saturating_sub(1), reshuffled: false });
            }
            _ => {}
        }
    }
}
