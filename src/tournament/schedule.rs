//! The fair schedule: every combination of `players` bots, every deck, every seat rotation.
//! A deck is shared by all rotations (duplicate decks), so the luck of the draw is shared.

use crate::seeds::derive;

/// One game to play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scheduled {
    /// Position in the schedule (the game id).
    pub index: usize,
    /// Which combination of bots.
    pub combination: usize,
    /// Which deck (the duplicate group).
    pub deck: usize,
    /// Which seat rotation of the combination.
    pub rotation: usize,
    /// The bot (index into the tournament's bots) in each seat.
    pub seats: Vec<usize>,
    /// Seed of the deck, shared by every rotation.
    pub deck_seed: u64,
    /// Seed of the agents' randomness in this game.
    pub agent_seed: u64,
}

/// All `k`-element subsets of `0..n`, in lexicographic order.
pub fn combinations(n: usize, k: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut cur = Vec::with_capacity(k);
    fn rec(start: usize, n: usize, k: usize, cur: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if cur.len() == k {
            out.push(cur.clone());
            return;
        }
        for i in start..n {
            cur.push(i);
            rec(i + 1, n, k, cur, out);
            cur.pop();
        }
    }
    rec(0, n, k, &mut cur, &mut out);
    out
}

/// Decks per combination for `games` games of `players` players: games rounded up to whole
/// rotations.
pub fn decks_for(games: usize, players: usize) -> usize {
    games.div_ceil(players)
}

/// The schedule: deck by deck, so a stopped run has played every combination about equally.
pub fn schedule(bots: usize, players: usize, games: usize, seed: u64) -> Vec<Scheduled> {
    let combos = combinations(bots, players);
    let decks = decks_for(games, players);
    let mut out = Vec::with_capacity(decks * combos.len() * players);
    for deck in 0..decks {
        let deck_seed = derive(seed, &[1, deck as u64]);
        for (c, combo) in combos.iter().enumerate() {
            for rotation in 0..players {
                let index = out.len();
                out.push(Scheduled {
                    index,
                    combination: c,
                    deck,
                    rotation,
                    seats: (0..players).map(|i| combo[(i + rotation) % players]).collect(),
                    deck_seed,
                    agent_seed: derive(seed, &[2, index as u64]),
                });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_combination_plays_every_deck_in_every_rotation() {
        let s = schedule(4, 2, 10, 7);
        assert_eq!(s.len(), 6 * 10); // C(4,2) combinations x 5 decks x 2 rotations
        let first: Vec<_> = s.iter().filter(|g| g.deck == 0 && g.combination == 0).collect();
        assert_eq!(first.len(), 2);
        assert_eq!(first[0].seats, vec![0, 1]);
        assert_eq!(first[1].seats, vec![1, 0]);
        assert_eq!(first[0].deck_seed, first[1].deck_seed, "the rotations share the deck");
        assert_ne!(first[0].agent_seed, first[1].agent_seed);
        assert_ne!(s[0].deck_seed, s.iter().find(|g| g.deck == 1).unwrap().deck_seed);
        assert_eq!(schedule(4, 2, 10, 7), s, "deterministic");
    }

    #[test]
    fn games_round_up_to_whole_rotations() {
        assert_eq!(decks_for(10, 3), 4);
        assert_eq!(schedule(3, 3, 10, 1).len(), 12);
        assert_eq!(combinations(4, 4), vec![vec![0, 1, 2, 3]]);
        assert_eq!(combinations(4, 3).len(), 4);
    }
}
