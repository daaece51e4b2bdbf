//! Tree reuse past the other players' moves and the draws (`follow`): the node of a kept subtree
//! that holds the player's next decision, found by replaying the subtree's visited moves and
//! chance outcomes on the public position the player's own move led to. Only public positions
//! and the view are read, so the search stays as honest as without it.

use crate::game::{Determinize, Game, Turn};
use crate::search::tree::Arena;

/// The walk's scratch: a stack of public positions and their nodes, kept between decisions so
/// that their memory is reused.
pub(crate) struct Walk<P> {
    positions: Vec<P>,
    nodes: Vec<u32>,
    current: Option<P>,
}

impl<P: Game> Walk<P> {
    /// An empty walk.
    pub fn new() -> Walk<P> {
        Walk { positions: Vec::new(), nodes: Vec::new(), current: None }
    }

    /// Pushes node `node` with its position: `from` with `step` applied, kept if `step` succeeds
    /// and `view` says the position may lead to it.
    fn push<D: Determinize<Public = P>>(
        &mut self,
        node: u32,
        from: &P,
        view: &D,
        step: impl FnOnce(&mut P) -> bool,
    ) {
        let top = self.nodes.len();
        if top < self.positions.len() {
            self.positions[top].clone_from(from);
        } else {
            self.positions.push(from.clone());
        }
        if step(&mut self.positions[top]) && view.may_lead_here(&self.positions[top]) {
            self.nodes.push(node);
        }
    }

    /// The node below `from` (whose position is `start`) that holds `view`'s position, if the
    /// subtree has visited it. The walk follows the visited moves of other players and the
    /// visited chance outcomes, and stops at the view's player's own decisions.
    pub fn find<D: Determinize<Public = P>>(
        &mut self,
        arena: &Arena<P::Move>,
        from: u32,
        start: &P,
        view: &D,
    ) -> Option<u32> {
        let me = view.actor();
        self.nodes.clear();
        self.push(from, start, view, |_| true);
        let mut current = self.current.take().unwrap_or_else(|| start.clone());
        let mut found = None;
        while let Some(node) = self.nodes.pop() {
            std::mem::swap(&mut current, &mut self.positions[self.nodes.len()]);
            let n = arena.nodes[node as usize];
            match current.turn() {
                Turn::Over => {}
                Turn::Player(p) if p == me => {
                    if view.is_public(&current) {
                        found = Some(node);
                        break;
                    }
                }
                Turn::Player(_) => {
                    for c in n.first..n.first + n.count {
                        let child = &arena.nodes[c as usize];
                        match child.mv {
                            Some(mv) if child.visits > 0 && current.is_legal(mv) => {
                                self.push(c, &current, view, |p| {
                                    p.apply(mv);
                                    true
                                });
                            }
                            _ => {}
                        }
                    }
                }
                Turn::Chance => {
                    for o in arena.outcomes(node) {
                        let outcome = &arena.nodes[o as usize];
                        if outcome.visits > 0 {
                            let id = outcome.outcome;
                            self.push(o, &current, view, |p| p.force_chance(id));
                        }
                    }
                }
            }
        }
        self.current = Some(current);
        found
    }
}
