//! docs/catan/board-numbering.md lists the board's numbering (C6, C7) as tables: each hex's cube
//! coordinates and corners, each path's two intersections, each intersection's hexes, each
//! harbour's intersections. This test writes the tables from the engine's topology and checks
//! the document holds them, so that a record can be read without stadt and the document cannot
//! go stale. `STADT_WRITE_NUMBERING=1` prints them instead.

use stadt_catan::topology::{EDGES, HEX_COORDS, NODES, NONE, TOPOLOGY};

const DOC: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/catan/board-numbering.md"));

/// The ids of a list that ends at `NONE`, joined by commas.
fn ids(list: &[u8]) -> String {
    list.iter().filter(|&&v| v != NONE).map(|v| v.to_string()).collect::<Vec<_>>().join(", ")
}

/// The tables, as the document holds them.
fn tables() -> String {
    let mut out = String::from(
        "| hex | cube (x, y, z) | corners N, NE, SE, S, SW, NW | paths E, SE, SW, W, NW, NE sides | neighbours E, SE, SW, W, NW, NE |\n|---|---|---|---|---|\n",
    );
    for (h, &[x, y, z]) in HEX_COORDS.iter().enumerate() {
        let c = TOPOLOGY.hex_nodes[h];
        // Side k lies between corners k + 1 and k + 2 (mod 6).
        let sides: Vec<String> = (0..6)
            .map(|k| {
                let (a, b) = (c[(k + 1) % 6], c[(k + 2) % 6]);
                let pair = [a.min(b), a.max(b)];
                (0..EDGES).find(|&e| TOPOLOGY.edge_nodes[e] == pair).unwrap().to_string()
            })
            .collect();
        let nb: Vec<String> = TOPOLOGY.hex_neighbours[h]
            .iter()
            .map(|&n| if n == NONE { "-".into() } else { n.to_string() })
            .collect();
        out.push_str(&format!(
            "| {h} | ({x}, {y}, {z}) | {} | {} | {} |\n",
            ids(&c),
            sides.join(", "),
            nb.join(", ")
        ));
    }
    out.push_str("\n| path | intersections |\n|---|---|\n");
    for e in 0..EDGES {
        out.push_str(&format!("| {e} | {} |\n", ids(&TOPOLOGY.edge_nodes[e])));
    }
    out.push_str("\n| intersection | hexes | paths | neighbours |\n|---|---|---|---|\n");
    for n in 0..NODES {
        out.push_str(&format!(
            "| {n} | {} | {} | {} |\n",
            ids(&TOPOLOGY.node_hexes[n]),
            ids(&TOPOLOGY.node_edges[n]),
            ids(&TOPOLOGY.node_neighbours[n])
        ));
    }
    out.push_str("\n| harbour | intersections |\n|---|---|\n");
    for (k, pair) in TOPOLOGY.harbour_nodes.iter().enumerate() {
        out.push_str(&format!("| {k} | {} |\n", ids(pair)));
    }
    out
}

#[test]
fn c6_c7_the_numbering_in_docs_catan_board_numbering_md_is_the_engines() {
    let want = tables();
    if std::env::var_os("STADT_WRITE_NUMBERING").is_some() {
        print!("{want}");
        return;
    }
    assert!(
        DOC.contains(&want),
        "docs/catan/board-numbering.md differs from the topology: run with STADT_WRITE_NUMBERING=1"
    );
}
