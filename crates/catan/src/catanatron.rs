//! Catanatron's terms (the outside oracle, docs/catan/README.md): its board as its map lists it,
//! its actions as JSON `[seat, type, value]` with the chance outcome its log carries (3.2.1's log
//! and 3.3.0's action records alike, as `bots/catanatron/stadt_player.py` writes them), stadt's
//! moves written as its actions, and the state both engines must agree on (`snapshot`). The oracle check and `stadt serve-catanatron` (stadt's bots in
//! Catanatron's game loop) share them; Catanatron numbers intersections as stadt does, and lists
//! its tiles and ports in stadt's hex and harbour order.

use crate::board::{Board, Harbour};
use crate::ids::{DevCard, Edge, Hex, Node, Player, Resource};
use crate::moves::{Chance, Move};
use crate::state::State;
use crate::topology::{HARBOURS, HEX_COORDS, HEXES, NODES, TOPOLOGY, edge_between};
use serde_json::{Value, json};

/// A resource as Catanatron names it.
pub fn resource_name(r: Resource) -> &'static str {
    ["WOOD", "BRICK", "SHEEP", "WHEAT", "ORE"][r.index()]
}

/// A development card as Catanatron names it.
pub fn card_name(k: DevCard) -> &'static str {
    ["KNIGHT", "YEAR_OF_PLENTY", "MONOPOLY", "ROAD_BUILDING", "VICTORY_POINT"][k.index()]
}

fn resource(v: &Value) -> Result<Resource, String> {
    let name = v.as_str().ok_or_else(|| format!("`{v}` is not a resource"))?;
    Resource::parse(&name.to_lowercase()).ok_or_else(|| format!("`{name}` is not a resource"))
}

fn card(v: &Value) -> Result<DevCard, String> {
    let name = v.as_str().ok_or_else(|| format!("`{v}` is not a development card"))?;
    DevCard::ALL
        .into_iter()
        .find(|&k| card_name(k) == name)
        .ok_or_else(|| format!("`{name}` is not a development card"))
}

fn small(v: &Value, below: u64, what: &str) -> Result<u8, String> {
    v.as_u64().filter(|&n| n < below).map(|n| n as u8).ok_or_else(|| format!("`{v}` is not {what}"))
}

fn coords(v: &Value) -> Result<[i8; 3], String> {
    let c: Vec<i64> = v.as_array().map_or(vec![], |c| c.iter().filter_map(Value::as_i64).collect());
    match c[..] {
        [x, y, z] if [x, y, z].iter().all(|n| (-3..=3).contains(n)) => Ok([x as i8, y as i8, z as i8]),
        _ => Err(format!("`{v}` is not cube coordinates")),
    }
}

fn hex(v: &Value) -> Result<Hex, String> {
    let c = coords(v)?;
    HEX_COORDS
        .iter()
        .position(|h| *h == c)
        .map(|h| Hex(h as u8))
        .ok_or_else(|| format!("`{v}` is not a land hex"))
}

/// The board from Catanatron's map: `terrain` (a resource per tile in tile-id order, null for
/// the desert), `numbers` (0 on the desert), `coords` (each tile's cube coordinates, which must
/// be stadt's hex of that index) and `ports` (a resource per port in port-id order, null for 3:1).
pub fn board(map: &Value) -> Result<Board, String> {
    let list = |key: &str, len: usize| -> Result<&Vec<Value>, String> {
        map[key]
            .as_array()
            .filter(|a| a.len() == len)
            .ok_or_else(|| format!("the board's `{key}` is not a list of {len}"))
    };
    let (terrain, numbers, at, ports) =
        (list("terrain", HEXES)?, list("numbers", HEXES)?, list("coords", HEXES)?, list("ports", HARBOURS)?);
    let mut b = Board::beginners();
    for h in 0..HEXES {
        if coords(&at[h])? != HEX_COORDS[h] {
            return Err(format!(
                "Catanatron's tile {h} is at {}, stadt's hex {h} is at {:?}",
                at[h], HEX_COORDS[h]
            ));
        }
        b.terrain[h] = if terrain[h].is_null() { None } else { Some(resource(&terrain[h])?) };
        b.numbers[h] = small(&numbers[h], 13, "a number token")?;
    }
    for (i, p) in ports.iter().enumerate() {
        b.harbours[i] = if p.is_null() { Harbour::Generic } else { Harbour::Special(resource(p)?) };
    }
    b.validate().map_err(|e| format!("the board: {e}"))?;
    Ok(b)
}

/// A board as `board` reads it (tiles and ports in Catanatron's id order, the tiles' cube
/// coordinates with them).
pub fn board_json(b: &Board) -> Value {
    json!({
        "terrain": b.terrain.iter().map(|t| t.map(resource_name)).collect::<Vec<_>>(),
        "numbers": b.numbers,
        "coords": HEX_COORDS,
        "ports": b.harbours.iter().map(|h| match h {
            Harbour::Generic => None,
            Harbour::Special(r) => Some(resource_name(*r)),
        }).collect::<Vec<_>>(),
    })
}

/// The seat and the stadt move of a logged Catanatron action `[seat, type, value]`, with the
/// chance outcomes its log entry carries; 3.2.1's discard is chance in stadt (its random
/// discard), so it has no move; 3.3.0's `DISCARD_RESOURCE` is one chosen card.
pub fn translate(a: &Value) -> Result<(Player, Option<Move>, Vec<Chance>), String> {
    let fail = |why: String| format!("action {a}: {why}");
    let seat = Player(small(&a[0], 4, "a seat").map_err(fail)?);
    let kind = a[1].as_str().ok_or_else(|| fail("no action type".into()))?;
    let v = &a[2];
    let node = |v: &Value| small(v, NODES as u64, "an intersection").map(Node);
    let (mv, chances) = match kind {
        "ROLL" => {
            let dice: Vec<u8> =
                v.as_array().map_or(vec![], |d| d.iter().filter_map(|x| small(x, 7, "").ok()).collect());
            match dice[..] {
                [a, b] if a >= 1 && b >= 1 => (Some(Move::Roll), vec![Chance::Dice(a, b)]),
                _ if v.is_null() => (Some(Move::Roll), vec![]),
                _ => return Err(fail("the dice are not two numbers 1-6".into())),
            }
        }
        "END_TURN" => (Some(Move::End), vec![]),
        "BUILD_SETTLEMENT" => (Some(Move::Settle(node(v).map_err(fail)?)), vec![]),
        "BUILD_CITY" => (Some(Move::City(node(v).map_err(fail)?)), vec![]),
        "BUILD_ROAD" => {
            let (x, y) = (node(&v[0]).map_err(fail)?, node(&v[1]).map_err(fail)?);
            let e = edge_between(x.0, y.0).ok_or_else(|| fail("no path joins these intersections".into()))?;
            (Some(Move::Road(Edge(e))), vec![])
        }
        "BUY_DEVELOPMENT_CARD" => {
            let drawn = if v.is_null() { vec![] } else { vec![Chance::Draw(card(v).map_err(fail)?)] };
            (Some(Move::Buy), drawn)
        }
        "PLAY_KNIGHT_CARD" => (Some(Move::Knight), vec![]),
        "PLAY_ROAD_BUILDING" => (Some(Move::RoadBuilding), vec![]),
        "PLAY_MONOPOLY" => (Some(Move::Monopoly(resource(v).map_err(fail)?)), vec![]),
        "PLAY_YEAR_OF_PLENTY" => {
            let r: Vec<Resource> =
                v.as_array().into_iter().flatten().map(resource).collect::<Result<_, _>>().map_err(fail)?;
            match r[..] {
                [x] => (Some(Move::YearOfPlenty(x, None)), vec![]),
                [x, y] => (Some(Move::YearOfPlenty(x, Some(y))), vec![]),
                _ => return Err(fail("year of plenty takes one or two resources".into())),
            }
        }
        "MOVE_ROBBER" => {
            let to = hex(&v[0]).map_err(fail)?;
            let victim =
                if v[1].is_null() { None } else { Some(Player(small(&v[1], 4, "a seat").map_err(fail)?)) };
            let stolen =
                if v[2].is_null() { vec![] } else { vec![Chance::Steal(resource(&v[2]).map_err(fail)?)] };
            (Some(Move::Robber(to, victim)), stolen)
        }
        "MARITIME_TRADE" => {
            let t = v
                .as_array()
                .filter(|t| t.len() == 5)
                .ok_or_else(|| fail("a trade lists five cards".into()))?;
            (Some(Move::Trade(resource(&t[0]).map_err(fail)?, resource(&t[4]).map_err(fail)?)), vec![])
        }
        // Catanatron 3.3.0: one card discarded by choice (C29, `discard=choose`).
        "DISCARD_RESOURCE" => (Some(Move::Discard(resource(v).map_err(fail)?)), vec![]),
        "OFFER_TRADE" | "ACCEPT_TRADE" | "REJECT_TRADE" | "CONFIRM_TRADE" | "CANCEL_TRADE" => {
            return Err(fail(format!(
                "`{kind}`: Catanatron 3.3.0's trading between players is not followed (its players never offer one; stadt's is C37's)"
            )));
        }
        "DISCARD" => {
            let mut cards = [0u8; 5];
            for r in v.as_array().into_iter().flatten() {
                cards[resource(r).map_err(fail)?.index()] += 1;
            }
            (None, if v.is_null() { vec![] } else { vec![Chance::Discard(cards)] })
        }
        other => return Err(fail(format!("`{other}` is not an action of Catanatron's base game"))),
    };
    Ok((seat, mv, chances))
}

/// A move of `s`'s player to act as a Catanatron action `[seat, type, value]`, its chance
/// outcomes filled in from `outcomes` (None: the intent, as Catanatron lists playable actions).
/// Trading between players has no Catanatron action.
pub fn action(s: &State, mv: Move, outcomes: Option<&[Chance]>) -> Result<Value, String> {
    let res = |r: Resource| json!(resource_name(r));
    let outcome = |pick: fn(&Chance) -> Option<Value>| outcomes.and_then(|o| o.iter().find_map(pick));
    let (kind, value) = match mv {
        Move::Settle(n) => ("BUILD_SETTLEMENT", json!(n.0)),
        Move::City(n) => ("BUILD_CITY", json!(n.0)),
        Move::Road(e) => ("BUILD_ROAD", json!(TOPOLOGY.edge_nodes[e.index()])),
        Move::Buy => (
            "BUY_DEVELOPMENT_CARD",
            outcome(|c| match c {
                Chance::Draw(k) => Some(json!(card_name(*k))),
                _ => None,
            })
            .unwrap_or(Value::Null),
        ),
        Move::Roll => (
            "ROLL",
            outcome(|c| match c {
                Chance::Dice(a, b) => Some(json!([a, b])),
                _ => None,
            })
            .unwrap_or(Value::Null),
        ),
        Move::End => ("END_TURN", Value::Null),
        Move::Discard(r) => ("DISCARD_RESOURCE", res(r)),
        Move::Knight => ("PLAY_KNIGHT_CARD", Value::Null),
        Move::RoadBuilding => ("PLAY_ROAD_BUILDING", Value::Null),
        Move::YearOfPlenty(a, b) => (
            "PLAY_YEAR_OF_PLENTY",
            json!([Some(a), b].into_iter().flatten().map(resource_name).collect::<Vec<_>>()),
        ),
        Move::Monopoly(r) => ("PLAY_MONOPOLY", res(r)),
        Move::Robber(h, v) => {
            let stolen = outcome(|c| match c {
                Chance::Steal(r) => Some(json!(resource_name(*r))),
                _ => None,
            });
            ("MOVE_ROBBER", json!([HEX_COORDS[h.index()], v.map(|v| v.0), stolen]))
        }
        Move::Trade(give, get) => {
            let rate = s.rate(s.actor(), give) as usize;
            let mut offer: Vec<Value> = vec![res(give); rate];
            offer.resize(4, Value::Null);
            offer.push(res(get));
            ("MARITIME_TRADE", Value::Array(offer))
        }
        other => return Err(format!("Catanatron has no action for {other:?}")),
    };
    Ok(json!([s.actor().0, kind, value]))
}

/// The state after an action in the terms `bots/catanatron/stadt_player.py`'s `snapshot` reads
/// from Catanatron: per seat the resource cards, the development cards in hand and played (by
/// kind), the points (hidden ones included), the longest road and largest army cards, the road
/// length, the settlements, cities and roads, the pieces left; then the bank's resources and
/// development cards (by kind), the robber, whose turn it is and who decides.
pub fn snapshot(s: &State) -> Value {
    use crate::state::Building;
    use crate::topology::EDGES;
    let players: Vec<Value> = (0..s.players() as u8)
        .map(|p| {
            let p = Player(p);
            let at = |b: Building| {
                (0..NODES as u8).filter(|&n| s.building(Node(n)) == Some(b)).collect::<Vec<_>>()
            };
            let mut roads: Vec<[u8; 2]> = (0..EDGES)
                .filter(|&e| s.road(Edge(e as u8)) == Some(p))
                .map(|e| TOPOLOGY.edge_nodes[e])
                .collect();
            roads.sort();
            let (settlements, cities, on_board) = s.pieces(p);
            json!({"hand": s.hand(p), "dev": s.dev_cards(p), "played": s.played(p), "vp": s.points(p),
                   "road": s.longest_road() == Some(p), "army": s.largest_army() == Some(p),
                   "length": s.road_length(p), "settlements": at(Building::Settlement(p)),
                   "cities": at(Building::City(p)), "roads": roads,
                   "left": [15 - on_board, 5 - settlements, 4 - cities]})
        })
        .collect();
    let mut deck = [0u8; 5];
    for k in s.deck() {
        deck[k.index()] += 1;
    }
    json!({"players": players, "bank": s.bank(), "deck": deck, "robber": HEX_COORDS[s.robber().index()],
           "turn": s.current().0, "current": s.actor().0})
}

/// The fields two snapshots differ in, as `field` or `players[i].field` (as `stadt_player.py`'s
/// `diff` names them); a field only one side has differs too.
pub fn snapshot_diff(ours: &Value, theirs: &Value) -> Vec<String> {
    let empty = serde_json::Map::new();
    let fields = |a: &Value, b: &Value| -> Vec<String> {
        let (a, b) = (a.as_object().unwrap_or(&empty), b.as_object().unwrap_or(&empty));
        let mut keys: Vec<&String> = a.keys().chain(b.keys().filter(|k| !a.contains_key(*k))).collect();
        keys.retain(|k| a.get(*k) != b.get(*k));
        keys.into_iter().cloned().collect()
    };
    let mut out: Vec<String> = fields(ours, theirs).into_iter().filter(|k| k != "players").collect();
    let no_players = Vec::new();
    let (a, b) = (
        ours["players"].as_array().unwrap_or(&no_players),
        theirs["players"].as_array().unwrap_or(&no_players),
    );
    if a.len() != b.len() {
        out.push("players".into());
    }
    for (i, (p, q)) in a.iter().zip(b).enumerate() {
        out.extend(fields(p, q).into_iter().map(|k| format!("players[{i}].{k}")));
    }
    out
}

/// Up to four actions only stadt lists, and up to four only Catanatron lists.
pub type LegalDifference = (Vec<String>, Vec<String>);

/// Stadt's legal moves in `s` against Catanatron's `playable` actions, both in Catanatron's
/// terms (trade rates, robber victims and the order of a year of plenty's pair included): the
/// actions one side lists alone, or `None` when the two agree.
pub fn legal_difference(s: &State, playable: &[Value]) -> Result<Option<LegalDifference>, String> {
    let mut buf = Vec::new();
    s.legal_moves(&mut buf);
    let mut ours: Vec<String> =
        buf.iter().map(|&m| action(s, m, None).map(|a| a.to_string())).collect::<Result<_, _>>()?;
    let mut theirs: Vec<String> = playable.iter().map(Value::to_string).collect();
    ours.sort();
    theirs.sort();
    if ours == theirs {
        return Ok(None);
    }
    let extra = ours.iter().filter(|m| !theirs.contains(m)).take(4).cloned().collect();
    let missing = theirs.iter().filter(|m| !ours.contains(m)).take(4).cloned().collect();
    Ok(Some((extra, missing)))
}
