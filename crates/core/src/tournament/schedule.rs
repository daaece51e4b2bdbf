//! The fair schedule: every combination of `players` bots, every deck, every seat rotation. A deck
//! is shared by all rotations of all combinations (duplicate decks), so the luck of the draw is
//! shared. Games are numbered deck by deck, so a stopped run has played every combination about
//! equally; a game is computed from its number, so no schedule is ever held in memory.

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

/// A part of a schedule that one process plays (a task of a cluster job array): shard `k` of `n`
/// plays the games whose index leaves remainder `k` when divided by `n`, in index order. Every
/// game keeps its index, and so its seeds: how a run is split never changes a game's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// Which shard, 0 to n - 1.
    pub k: usize,
    /// How many shards.
    pub n: usize,
}

impl Shard {
    /// The whole schedule.
    pub const WHOLE: Shard = Shard { k: 0, n: 1 };

    /// Reads `K/N` (0 <= K < N, 1 <= N <= `max`).
    pub fn parse(text: &str, max: usize) -> Result<Shard, String> {
        let bad = || {
            format!(
                "--shard {text}: expected K/N with 0 <= K < N and 1 <= N <= {max} (shard K of N, K from 0)"
            )
        };
        let (k, n) = text.split_once('/').ok_or_else(bad)?;
        let (k, n): (usize, usize) =
            (k.trim().parse().map_err(|_| bad())?, n.trim().parse().map_err(|_| bad())?);
        if n == 0 || n > max || k >= n {
            return Err(bad());
        }
        Ok(Shard { k, n })
    }

    /// Whether this is the whole schedule.
    pub fn is_whole(&self) -> bool {
        self.n == 1
    }

    /// How many of `total` games this shard plays.
    pub fn len(&self, total: usize) -> usize {
        if self.k >= total { 0 } else { (total - self.k).div_ceil(self.n) }
    }

    /// The schedule index of this shard's `j`-th game.
    pub fn game(&self, j: usize) -> usize {
        self.k + j * self.n
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.k, self.n)
    }
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
pub fn decks_for(games: u64, players: usize) -> u64 {
    games.div_ceil(players as u64)
}

/// Number of games a tournament schedules (which may exceed what memory or disk could hold: the
/// caller checks it against its limit).
pub fn schedule_len(bots: usize, players: usize, games: u64) -> u64 {
    (combinations(bots, players).len() as u64)
        .saturating_mul(decks_for(games, players))
        .saturating_mul(players as u64)
}

/// A tournament's schedule.
#[derive(Clone, Debug)]
pub struct Schedule {
    combos: Vec<Vec<usize>>,
    players: usize,
    decks: usize,
    seed: u64,
}

impl Schedule {
    /// The schedule of `bots` bots in `players`-player games, `games` games per combination.
    pub fn new(bots: usize, players: usize, games: u64, seed: u64) -> Schedule {
        Schedule {
            combos: combinations(bots, players),
            players,
            decks: decks_for(games, players) as usize,
            seed,
        }
    }

    /// Games in the schedule.
    pub fn len(&self) -> usize {
        self.decks * self.combos.len() * self.players
    }

    /// Whether the schedule is empty (it never is for a valid tournament).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Game number `index`.
    pub fn get(&self, index: usize) -> Scheduled {
        let per_deck = self.combos.len() * self.players;
        let (deck, rest) = (index / per_deck, index % per_deck);
        let (combination, rotation) = (rest / self.players, rest % self.players);
        let combo = &self.combos[combination];
        Scheduled {
            index,
            combination,
            deck,
            rotation,
            seats: (0..self.players).map(|i| combo[(i + rotation) % self.players]).collect(),
            deck_seed: derive(self.seed, &[1, deck as u64]),
            agent_seed: derive(self.seed, &[2, index as u64]),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(bots: usize, players: usize, games: u64, seed: u64) -> Vec<Scheduled> {
        let s = Schedule::new(bots, players, games, seed);
        (0..s.len()).map(|i| s.get(i)).collect()
    }

    #[test]
    fn every_combination_plays_every_deck_in_every_rotation() {
        let s = all(4, 2, 10, 7);
        assert_eq!(s.len(), 6 * 10); // C(4,2) combinations x 5 decks x 2 rotations
        assert_eq!(schedule_len(4, 2, 10), 60);
        let first: Vec<_> = s.iter().filter(|g| g.deck == 0 && g.combination == 0).collect();
        assert_eq!(first.len(), 2);
        assert_eq!(first[0].seats, vec![0, 1]);
        assert_eq!(first[1].seats, vec![1, 0]);
        assert_eq!(first[0].deck_seed, first[1].deck_seed, "the rotations share the deck");
        assert_ne!(first[0].agent_seed, first[1].agent_seed);
        assert_ne!(s[0].deck_seed, s.iter().find(|g| g.deck == 1).unwrap().deck_seed);
        assert_eq!(all(4, 2, 10, 7), s, "deterministic");
        for (i, g) in s.iter().enumerate() {
            assert_eq!(g.index, i);
        }
    }

    #[test]
    fn shards_split_the_schedule_into_disjoint_parts_that_cover_it() {
        for total in [1, 7, 12, 60, 61] {
            for n in 1..=8 {
                let mut seen = vec![0; total];
                for k in 0..n {
                    let s = Shard { k, n };
                    for j in 0..s.len(total) {
                        seen[s.game(j)] += 1;
                    }
                }
                assert!(seen.iter().all(|&c| c == 1), "total {total}, {n} shards");
            }
        }
        assert_eq!(Shard::parse("2/7", 100), Ok(Shard { k: 2, n: 7 }));
        for bad in ["7/7", "1/0", "-1/3", "1", "a/b", "1/101"] {
            assert!(Shard::parse(bad, 100).is_err(), "{bad}");
        }
        assert_eq!(Shard { k: 3, n: 4 }.to_string(), "3/4");
    }

    #[test]
    fn games_round_up_to_whole_rotations() {
        assert_eq!(decks_for(10, 3), 4);
        assert_eq!(all(3, 3, 10, 1).len(), 12);
        assert_eq!(combinations(4, 4), vec![vec![0, 1, 2, 3]]);
        assert_eq!(combinations(4, 3).len(), 4);
        assert_eq!(schedule_len(12, 2, 1_000_000), 66_000_000, "counted, never built");
    }
}
