//! SHA-256 in hex: how manifests and bot files record the contents of a file or a set-up.

use sha2::{Digest, Sha256};

/// SHA-256 of bytes, in hex (`sha256sum FILE` gives the same).
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}
