//! A bot spec takes a seat in the core's runner: it builds its bot afresh for every game.

use crate::spec::BotSpec;
use die_stadt::kind::DieStadt;
use stadt_core::error::Error;
use stadt_core::seat::{Seat, SeatAgent};

impl Seat<DieStadt> for BotSpec {
    fn label(&self) -> &str {
        &self.label
    }

    fn full(&self) -> String {
        BotSpec::full(self)
    }

    fn clairvoyant(&self) -> bool {
        BotSpec::clairvoyant(self)
    }

    fn agent(&self, _: u64, _: usize) -> Result<SeatAgent<DieStadt>, Error> {
        Ok(SeatAgent::Bot(self.build()))
    }
}
