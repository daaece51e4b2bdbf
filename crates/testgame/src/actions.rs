//! Kartenspitze's fixed action space (the harness's `ActionSpace`, what the Python package,
//! OpenSpiel and PettingZoo reach it through): a move is the value played less one (0 to 8), a
//! chance outcome the value drawn less one, with its share of the draw pile; the observation
//! vector shows a seat what T6 lets it see and nothing more.

use crate::kind::{Kartenspitze, RecordHead};
use crate::moves::{Chance, Move};
use crate::rules::{COPIES, DECK, MAX_PLAYERS, VALUES};
use crate::state::{Phase, State};
use rand_pcg::Pcg64Mcg;
use stadt_harness::actions::ActionSpace;

/// The observation's sections in order: name and length.
pub const SECTIONS: [(&str, usize); 8] = [
    ("own hand: cards of each value 1 to 9 / 2", VALUES as usize),
    ("seats, the viewer first: score / 30, cards in hand / 5", MAX_PLAYERS * 2),
    ("the pile's top card: its value 1 to 9 (none when empty)", VALUES as usize),
    ("the pile: cards on it / 18", 1),
    ("cards played: of each value 1 to 9 / 2", VALUES as usize),
    ("the draw pile: cards left / 18", 1),
    ("the seat to act, the viewer first", MAX_PLAYERS),
    ("the step: play, draw, over", 3),
];

/// The observation's length.
pub const LEN: usize = {
    let mut n = 0;
    let mut i = 0;
    while i < SECTIONS.len() {
        n += SECTIONS[i].1;
        i += 1;
    }
    n
};

/// What `viewer` sees of `s` (T6) into `out` (`LEN` numbers, overwritten).
pub fn observation(s: &State, viewer: usize, out: &mut [f32]) {
    assert_eq!(out.len(), LEN, "an observation has {LEN} numbers");
    out.fill(0.0);
    let n = s.players();
    let seat = |p: usize| (p + n - viewer) % n;
    let values = VALUES as usize;
    let copies = COPIES as f32;
    let hand = s.hand(viewer);
    for v in 1..=VALUES {
        out[v as usize - 1] = hand.count(v) as f32 / copies;
    }
    let mut at = values;
    for p in 0..n {
        out[at + seat(p) * 2] = s.score(p) as f32 / 30.0;
        out[at + seat(p) * 2 + 1] = s.hand_size(p) as f32 / 5.0;
    }
    at += MAX_PLAYERS * 2;
    if let Some(top) = s.top() {
        out[at + top as usize - 1] = 1.0;
    }
    at += values;
    out[at] = s.pile().len() as f32 / DECK as f32;
    at += 1;
    for &card in s.played() {
        out[at + card as usize - 1] += 1.0 / copies;
    }
    at += values;
    out[at] = s.draw_left() as f32 / DECK as f32;
    at += 1;
    if !s.is_over() {
        out[at + seat(s.actor())] = 1.0;
    }
    at += MAX_PLAYERS;
    out[at + phase_index(s.phase())] = 1.0;
    at += 3;
    debug_assert_eq!(at, LEN);
}

/// A step's number: play 0, draw 1, over 2.
fn phase_index(phase: Phase) -> usize {
    match phase {
        Phase::Play => 0,
        Phase::Draw => 1,
        Phase::Over => 2,
    }
}

/// The value a number 0 to 8 names.
fn value(n: usize) -> Option<u8> {
    (n < VALUES as usize).then(|| n as u8 + 1)
}

impl ActionSpace for Kartenspitze {
    fn actions(&self) -> usize {
        VALUES as usize
    }

    fn action_of(&self, _state: &State, mv: Move) -> Option<usize> {
        (mv.card() as usize).checked_sub(1)
    }

    fn move_of(&self, _state: &State, action: usize) -> Result<Move, String> {
        value(action).map(Move).ok_or_else(|| format!("action {action} is no card: 0 to 8 play 1 to 9"))
    }

    fn outcome_count(&self) -> usize {
        VALUES as usize
    }

    fn outcomes(&self, state: &State) -> Result<Vec<(usize, f64)>, String> {
        let mut counts = [0u32; VALUES as usize];
        for &card in &state.draw[state.drawn as usize..state.draw_len as usize] {
            counts[card as usize - 1] += 1;
        }
        let all: u32 = counts.iter().sum();
        Ok(counts
            .iter()
            .enumerate()
            .filter(|(_, c)| **c > 0)
            .map(|(n, &c)| (n, c as f64 / all as f64))
            .collect())
    }

    fn outcome_text(&self, _state: &State, outcome: usize) -> Result<String, String> {
        value(outcome)
            .map(|v| Chance::Draw(v).to_string())
            .ok_or_else(|| format!("chance outcome {outcome} is no card: 0 to 8 draw 1 to 9"))
    }

    fn apply_outcome(&self, state: &mut State, outcome: usize) -> Result<(), String> {
        let v = value(outcome).ok_or_else(|| format!("{outcome} is no card"))?;
        state.draw_card(v).map_err(|e| e.to_string())
    }

    fn resolve_one(&self, state: &mut State, _rng: &mut Pcg64Mcg) -> Option<usize> {
        state.draw_top().ok().map(|v| v as usize - 1)
    }

    /// A card drawn is seen by its drawer only (T6).
    fn witnesses(&self, state: &State) -> Vec<usize> {
        vec![state.actor()]
    }

    fn perfect_information(&self) -> bool {
        false
    }

    fn tensor_shape(&self) -> Vec<usize> {
        vec![LEN]
    }

    fn tensor_range(&self) -> (f32, f32) {
        // Scores reach 90 points (all 18 cards), 3 once divided.
        (0.0, 3.0)
    }

    fn tensor(&self, state: &State, seat: usize, out: &mut [f32]) {
        observation(state, seat, out);
    }

    fn seat_of(&self, state: &State) -> usize {
        if state.is_over() { 0 } else { state.actor() }
    }

    fn step_name(&self, state: &State) -> String {
        ["play", "draw", "over"][phase_index(state.phase())].to_string()
    }

    fn sample(&self, state: &State, seat: usize, rng: &mut Pcg64Mcg) -> State {
        state.sample(seat, rng)
    }

    fn max_game_length(&self, _players: usize) -> usize {
        // Every card is played once and drawn at most once.
        2 * DECK
    }

    fn record_head_for(&self, seed: Option<u64>) -> RecordHead {
        RecordHead { seed }
    }

    fn record_head_of(&self, record: &str) -> RecordHead {
        RecordHead { seed: crate::record::replay_steps(record, &mut |_, _| {}).ok().and_then(|r| r.seed) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::Options;
    use rand::{RngExt, SeedableRng};

    /// T6: every seat's observation is the same in a game and in its samples for that seat, at
    /// every step of random games; every move and outcome number names its move and back.
    #[test]
    fn t6_the_observation_shows_a_seat_only_what_it_sees() {
        let kind = Kartenspitze::new(Options::default());
        let (mut a, mut b) = ([0f32; LEN], [0f32; LEN]);
        let mut moves = Vec::new();
        for game in 0..30u64 {
            let players = 2 + game as usize % 3;
            let mut s = State::deal(players, Options::default(), game).unwrap();
            let mut rng = Pcg64Mcg::seed_from_u64(game);
            while !s.is_over() {
                for v in 0..players {
                    observation(&s, v, &mut a);
                    observation(&kind.sample(&s, v, &mut rng), v, &mut b);
                    assert_eq!(a, b, "game {game} seat {v}");
                }
                if s.phase() == Phase::Draw {
                    let listed = kind.outcomes(&s).unwrap();
                    assert!((listed.iter().map(|o| o.1).sum::<f64>() - 1.0).abs() < 1e-9);
                    let n = kind.resolve_one(&mut s, &mut rng).unwrap();
                    assert!(listed.iter().any(|o| o.0 == n));
                    continue;
                }
                s.legal_moves(&mut moves);
                for &mv in &moves {
                    let n = kind.action_of(&s, mv).unwrap();
                    assert_eq!(kind.move_of(&s, n), Ok(mv));
                }
                s.apply(moves[rng.random_range(0..moves.len())]);
            }
        }
    }
}
