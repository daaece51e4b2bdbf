//! The game whose manifests leave out `game` (`Hosted::UNNAMED_IN_MANIFESTS`), as the registry
//! noted it: how a manifest without `game` is named when two are compared.

use std::sync::OnceLock;

static UNNAMED: OnceLock<&'static str> = OnceLock::new();

/// Notes `name` as the game whose manifests name none.
pub fn note(name: &'static str) {
    let _ = UNNAMED.set(name);
}

/// The name of the game whose manifests leave out `game`.
pub fn name() -> &'static str {
    UNNAMED.get().copied().unwrap_or("(a manifest without `game`)")
}
