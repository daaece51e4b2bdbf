//! The run's secret for bots in other programs: the seed such a bot is told is a keyed hash of the
//! secret and its own generator's seed, so it reveals nothing of the run seed (from which every
//! deal comes), while a run repeated with the same secret tells every bot the same seeds. Bots in
//! the process keep their generators seeded from the run seed alone.

use sha2::{Digest, Sha256};
use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

/// Bytes of a secret: 128 bits, too many to search.
const BYTES: usize = 16;

/// A run's secret.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BotSecret([u8; BYTES]);

impl BotSecret {
    /// A new secret from the operating system's random source.
    pub fn random() -> Result<BotSecret, String> {
        let mut bytes = [0; BYTES];
        getrandom::fill(&mut bytes)
            .map_err(|e| format!("cannot get random bytes for the bot secret: {e}"))?;
        Ok(BotSecret(bytes))
    }

    /// The seed told to a bot whose own generator's seed is `seed`: the first 8 bytes of
    /// SHA-256(label, secret, seed). A hash, not SplitMix: SplitMix can be inverted, and then a
    /// bot that guesses the run seed could check its guess against the seeds it is told.
    pub fn bot_seed(&self, seed: u64) -> u64 {
        let mut hash = Sha256::new();
        hash.update(b"stadt bot seed 1");
        hash.update(self.0);
        hash.update(seed.to_le_bytes());
        let digest = hash.finalize();
        u64::from_le_bytes(digest[..8].try_into().expect("8 bytes"))
    }
}

impl fmt::Display for BotSecret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.iter().try_for_each(|b| write!(f, "{b:02x}"))
    }
}

impl FromStr for BotSecret {
    type Err = String;

    fn from_str(s: &str) -> Result<BotSecret, String> {
        let bad = || format!("a bot secret is {} hexadecimal digits, not `{s}`", 2 * BYTES);
        if s.len() != 2 * BYTES || !s.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(bad());
        }
        let mut bytes = [0; BYTES];
        for (i, b) in bytes.iter_mut().enumerate() {
            *b = u8::from_str_radix(&s[2 * i..2 * i + 2], 16).map_err(|_| bad())?;
        }
        Ok(BotSecret(bytes))
    }
}

/// The secret of this process's run: the one adopted, or else a random one drawn at first use.
static RUN: OnceLock<BotSecret> = OnceLock::new();

/// The run's secret (a random one unless one was adopted before).
pub fn run_secret() -> Result<BotSecret, String> {
    if let Some(s) = RUN.get() {
        return Ok(*s);
    }
    let fresh = BotSecret::random()?;
    Ok(*RUN.get_or_init(|| fresh))
}

/// Makes `secret` the run's (`--bot-secret`, or a resumed folder's); an error if the run already
/// uses another one.
pub fn adopt(secret: BotSecret) -> Result<(), String> {
    let used = *RUN.get_or_init(|| secret);
    if used == secret {
        Ok(())
    } else {
        Err(format!("this run already tells its bots seeds from the bot secret {used}, not {secret}"))
    }
}

/// The secret of a run with bots in other programs, as its manifest records it: the one a run
/// resumed in its folder recorded (`recorded`), so that the resumed games tell the bots the seeds
/// the whole run would have, or else this run's.
pub fn for_manifest(recorded: Option<&str>) -> Result<String, String> {
    if let Some(text) = recorded {
        let secret = text.parse::<BotSecret>().map_err(|e| format!("the folder's manifest: {e}"))?;
        adopt(secret).map_err(|e| format!("resuming the run in the folder: {e} (the folder's)"))?;
    }
    Ok(run_secret()?.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_secret_reads_back_and_keys_the_seed() {
        let a: BotSecret = "00112233445566778899aabbccddeeff".parse().unwrap();
        assert_eq!(a.to_string(), "00112233445566778899aabbccddeeff");
        let b: BotSecret = "00112233445566778899aabbccddeefe".parse().unwrap();
        assert_eq!(a.bot_seed(9), a.bot_seed(9));
        assert_ne!(a.bot_seed(9), b.bot_seed(9));
        assert_ne!(a.bot_seed(9), a.bot_seed(10));
        assert_ne!(a.bot_seed(9), 9);
        for bad in ["", "0011", "00112233445566778899aabbccddeefg", "00112233445566778899aabbccddeeff00"] {
            assert!(bad.parse::<BotSecret>().unwrap_err().contains("32 hexadecimal digits"), "{bad}");
        }
        assert_ne!(BotSecret::random().unwrap(), BotSecret::random().unwrap());
    }
}
