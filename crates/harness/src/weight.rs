//! What `stadt tune` may change in a bot: one real-valued weight and its bounds. It sits apart from
//! tune/ because every game's hosting (`Hosted::weights`) names it, and tune/ reaches the runs that
//! host the games: kept in tune/, it tied the games to the tuner in an import circle.

/// A tunable weight of a bot, as `Hosted::weights` offers it to `stadt tune`: its key, starting
/// value, scale (the size of a step) and range.
#[derive(Clone, Debug)]
pub struct Weight {
    /// Parameter key.
    pub key: &'static str,
    /// Starting value.
    pub value: f64,
    /// Step scale: the default's size, at least 0.25.
    pub scale: f64,
    /// Smallest and largest valid value.
    pub range: (f64, f64),
}
