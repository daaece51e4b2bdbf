//! Many similar text documents (the pictures of one game, step by step) in one page: each distinct
//! line is stored once and each document is a list of runs of line numbers, then the whole payload
//! is gzipped and written as base64 inside the page, which unpacks it with the browser's own
//! `DecompressionStream` (no network, no library).

use base64::Engine as _;
use flate2::Compression;
use flate2::write::GzEncoder;
use serde::Serialize;
use std::collections::HashMap;
use std::io::Write as _;

/// Documents as a dictionary of distinct lines and, per document, runs `[first, count]` of line
/// numbers into it: document = the lines of its runs in order, joined by `\n`.
#[derive(Clone, Debug, Default, Serialize, PartialEq, Eq)]
pub struct Packed {
    /// Every distinct line, numbered by first appearance.
    pub lines: Vec<String>,
    /// Each document's runs of consecutive line numbers.
    pub docs: Vec<Vec<[u32; 2]>>,
}

impl Packed {
    /// Packs documents; `unpack` gives them back byte for byte.
    pub fn new<S: AsRef<str>>(docs: &[S]) -> Packed {
        let mut ids: HashMap<&str, u32> = HashMap::new();
        let mut lines: Vec<&str> = Vec::new();
        let mut out = Vec::with_capacity(docs.len());
        for doc in docs {
            let mut runs: Vec<[u32; 2]> = Vec::new();
            for line in doc.as_ref().split('\n') {
                let id = *ids.entry(line).or_insert_with(|| {
                    lines.push(line);
                    lines.len() as u32 - 1
                });
                match runs.last_mut() {
                    Some([first, count]) if *first + *count == id => *count += 1,
                    _ => runs.push([id, 1]),
                }
            }
            out.push(runs);
        }
        Packed { lines: lines.into_iter().map(String::from).collect(), docs: out }
    }

    /// Document `i`, as the page's script rebuilds it.
    pub fn unpack(&self, i: usize) -> String {
        let mut parts: Vec<&str> = Vec::new();
        for &[first, count] in &self.docs[i] {
            parts.extend(self.lines[first as usize..(first + count) as usize].iter().map(String::as_str));
        }
        parts.join("\n")
    }
}

/// A value as JSON, gzipped and base64-encoded: what a page embeds and `UNPACK_JS` reads.
pub fn embed<T: Serialize>(value: &T) -> String {
    let json = serde_json::to_vec(value).expect("plain data serializes");
    let mut gz = GzEncoder::new(Vec::new(), Compression::best());
    gz.write_all(&json).expect("writing to memory");
    base64::engine::general_purpose::STANDARD.encode(gz.finish().expect("writing to memory"))
}

/// The script functions that read an `embed`ded value (`unpack(base64)` resolves to the value)
/// and rebuild a `Packed` document (`packedDoc(packed, i)`).
pub const UNPACK_JS: &str = r#"
async function unpack(b64) {
  const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return JSON.parse(await new Response(stream).text());
}
function packedDoc(packed, i) {
  const parts = [];
  for (const [first, count] of packed.docs[i]) parts.push(...packed.lines.slice(first, first + count));
  return parts.join("\n");
}
"#;

#[cfg(test)]
mod tests {
    use super::*;
    use flate2::read::GzDecoder;
    use std::io::Read as _;

    #[test]
    fn documents_come_back_byte_for_byte_and_shared_lines_are_stored_once() {
        let docs = ["a\nb\nc\n", "a\nb\nx\nc\n", "", "\n\n", "b\nc"];
        let packed = Packed::new(&docs);
        for (i, d) in docs.iter().enumerate() {
            assert_eq!(packed.unpack(i), *d, "document {i}");
        }
        assert_eq!(packed.lines, ["a", "b", "c", "", "x"]);
        assert_eq!(packed.docs[0], [[0, 4]]);
    }

    #[test]
    fn embedded_values_are_gzipped_json_in_base64() {
        let b64 = embed(&Packed::new(&["one\ntwo"]));
        let gz = base64::engine::general_purpose::STANDARD.decode(b64).unwrap();
        let mut json = String::new();
        GzDecoder::new(&gz[..]).read_to_string(&mut json).unwrap();
        assert_eq!(json, r#"{"lines":["one","two"],"docs":[[[0,2]]]}"#);
    }
}
