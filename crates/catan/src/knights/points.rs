//! A player's points under Städte und Ritter (K2, K84).

/// A player's points (K84): settlements (a city laid on its side counts as one), cities,
/// metropolises, the longest trade route, the merchant, Defender of Catan cards and the
/// victory-point progress cards.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Points {
    /// Settlements, cities on their side included.
    pub settlements: u8,
    /// Cities, those carrying a metropolis included.
    pub cities: u8,
    /// Metropolises.
    pub metropolises: u8,
    /// Holds the longest trade route.
    pub longest_route: bool,
    /// Controls the merchant.
    pub merchant: bool,
    /// Defender of Catan cards.
    pub defenders: u8,
    /// Printer and Constitution cards.
    pub progress: u8,
}

impl Points {
    /// The total.
    pub fn total(&self) -> u32 {
        self.settlements as u32
            + 2 * self.cities as u32
            + 2 * self.metropolises as u32
            + 2 * self.longest_route as u32
            + self.merchant as u32
            + self.defenders as u32
            + self.progress as u32
    }
}

/// Points a player needs to win (K2).
pub const TO_WIN: u32 = 13;
