//! Catan's games written in Catanatron's terms (`stadt_catan::catanatron`), as Catanatron logs
//! them: the oracle check replays them in Catanatron, and the Catanatron seat's tests feed them to
//! `stadt serve-catanatron`.

use rand::{Rng, RngExt};
use serde_json::{Value, json};
use stadt_catan::catanatron::{action, resource_name};
use stadt_catan::ids::{Player, Resource};
use stadt_catan::moves::{Chance, Move, Phase};
use stadt_catan::state::State;

/// One logged action: who acted, the playable actions before it and the action with its chance
/// outcomes, both in Catanatron's terms (`[seat, type, value]`).
pub struct Logged {
    /// The seat that acted.
    pub actor: Player,
    /// What Catanatron lists as playable before it (a random discard: the one `DISCARD`).
    pub legal: Vec<Value>,
    /// The action as Catanatron's log has it.
    pub action: Value,
}

/// Plays `s` to its end, logging every action: moves uniformly at random, or (`weighted`) as
/// Catanatron's WeightedRandomPlayer weighs them (cities, settlements and development cards
/// 10,000, 1,000 and 100 times as likely as any other move); `after` sees the state after each.
pub fn play_logged<R: Rng>(
    s: &mut State,
    weighted: bool,
    rng: &mut R,
    mut after: impl FnMut(&Logged, &State),
) {
    let mut buf = Vec::new();
    while !s.is_over() {
        let actor = s.actor();
        // A random discard is a decision of the discarding player in Catanatron.
        let (legal, logged) = if s.phase() == Phase::RandomDiscard {
            let Some(Chance::Discard(cards)) = s.resolve_chance() else { unreachable!("a discard") };
            let list: Vec<&str> = Resource::ALL
                .iter()
                .flat_map(|&r| std::iter::repeat_n(resource_name(r), cards[r.index()] as usize))
                .collect();
            (vec![json!([actor.0, "DISCARD", Value::Null])], json!([actor.0, "DISCARD", list]))
        } else {
            s.legal_moves(&mut buf);
            let legal: Vec<Value> = buf.iter().map(|&m| action(s, m, None).unwrap()).collect();
            let weight = |m: Move| match m {
                Move::City(_) if weighted => 10_000,
                Move::Settle(_) if weighted => 1_000,
                Move::Buy if weighted => 100,
                _ => 1,
            };
            let mut pick = rng.random_range(0..buf.iter().map(|&m| weight(m)).sum::<u32>());
            let mut chosen = buf[0];
            for &m in &buf {
                if pick < weight(m) {
                    chosen = m;
                    break;
                }
                pick -= weight(m);
            }
            let before = s.clone();
            s.play(chosen).unwrap();
            let mut outcomes = Vec::new();
            // Chance that belongs to this action (not a following discard, its own step).
            while s.phase().is_chance() && s.phase() != Phase::RandomDiscard {
                outcomes.push(s.resolve_chance().unwrap());
            }
            (legal, action(&before, chosen, Some(&outcomes)).unwrap())
        };
        after(&Logged { actor, legal, action: logged }, s);
    }
}
