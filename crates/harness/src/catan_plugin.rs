//! Die Siedler von Catan as a plug-in (`Plugin`), Städte und Ritter its alias: its records
//! (`stadt-catan-record 2`, every chance outcome in them), its states for `replay --states`
//! (docs/catan/states.md), the points it prints and its benchmark figures.

use crate::catan::{Catan, points_text};
use crate::plugin::{Alias, PlayHead, Plugin, Replayed, Visit};
use stadt_catan::kind::RecordHead;
use stadt_catan::state::State;
use stadt_core::error::Error;
use std::path::Path;

impl Plugin for Catan {
    const ABOUT: &'static str = "Die Siedler von Catan, the base game, rules C1-C41 of docs/catan/rules.md (options with --options or `options` in experiment files; bots: random, mcts, greedy, lookahead, and bot files of bots in other programs)";

    const ALIASES: &'static [Alias] = &[Alias {
        name: "staedte-und-ritter",
        options: "game=knights",
        about: "Die Siedler von Catan with Städte und Ritter and the club's house rules, rules K1-K85 and H1-H14 of docs/catan/rules.md: catan with game=knights",
    }];

    fn is_record(first_line: &str) -> bool {
        stadt_catan::record::is_header(Some(first_line))
    }

    fn replay_record(
        text: &str,
        file: &Path,
        setup: Option<&str>,
        partial: bool,
        visit: &mut Visit<'_, Self>,
    ) -> Result<Replayed<Self>, Error> {
        let name = file.display();
        no_tile_set(file, setup)?;
        // The game's options are the record's, known once its header is read.
        let mut kind: Option<Catan> = None;
        let out = stadt_catan::record::replay_each(text, &mut |game, done, next| {
            let kind = kind.get_or_insert_with(|| Catan::new(*game.options()));
            visit(kind, game, done, next);
        })
        .map_err(|e| Error::Setting(format!("{name}: {e}")))?;
        if !out.game.is_over() && !partial {
            return Err(Error::Setting(format!(
                "{name}: the record stops after {} moves, before the game is over (give --partial to accept that)",
                out.moves
            )));
        }
        Ok(Replayed { kind: Catan::new(*out.game.options()), game: out.game, moves: out.moves })
    }

    fn move_text(&self, _state: &State, mv: stadt_catan::moves::Move) -> String {
        stadt_catan::record::move_text(mv)
    }

    fn parse_move(&self, _state: &State, text: &str) -> Result<stadt_catan::moves::Move, String> {
        stadt_catan::record::parse_move(text)
    }

    fn twin(&self, state: &State, rng: &mut rand_pcg::Pcg64Mcg) -> State {
        use stadt_core::game::Determinize;
        use stadt_core::kind::GameKind;
        self.observe(state, false, None).determinize(rng)
    }

    fn chance_wanted(&self, state: &State) -> String {
        stadt_catan::record::outcome_wanted(state).to_string()
    }

    fn states(text: &str, file: &Path, setup: Option<&str>) -> Result<String, Error> {
        no_tile_set(file, setup)?;
        stadt_catan::state_json::replay_states(text)
            .map_err(|e| Error::Setting(format!("{}: {e}", file.display())))
    }

    fn result_text(&self, state: &State, moves: usize) -> String {
        points_text(self, state, moves)
    }

    fn play_head(&self, _record: &Path, _setup: &str, _seed: u64) -> Result<PlayHead<Self>, Error> {
        Ok(PlayHead { head: RecordHead, beside: Vec::new() })
    }

    fn bench(seconds: f64, seed: u64, _me: &Path) -> Vec<crate::bench::Figure> {
        crate::catan_bench::run(seconds, seed)
    }
}

/// A Catan record is read as it is: `--tiles` names a tile set, which Catan has none of.
fn no_tile_set(file: &Path, setup: Option<&str>) -> Result<(), Error> {
    match setup {
        Some(_) => Err(Error::Setting(format!(
            "--tiles: {} is a record of catan, which has no tile set",
            file.display()
        ))),
        None => Ok(()),
    }
}
