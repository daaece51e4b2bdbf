//! A bot spec takes a seat in the core's runner: it builds its bot afresh for every game.

use crate::bots::def::BotSpec;
use crate::bots::process;
use crate::error::Error;
use crate::kind::GameKind;
use crate::seat::{Seat, SeatAgent};

impl<K: GameKind> Seat<K> for BotSpec<K> {
    fn label(&self) -> &str {
        &self.label
    }

    fn full(&self) -> String {
        BotSpec::full(self)
    }

    fn clairvoyant(&self) -> bool {
        BotSpec::clairvoyant(self)
    }

    fn agent(&self, _: u64, _: usize) -> Result<SeatAgent<K>, Error> {
        Ok(SeatAgent::Bot(self.build()))
    }

    fn can_forfeit(&self) -> bool {
        // Only a bot in another program can fail.
        self.def.name == process::NAME
    }
}
