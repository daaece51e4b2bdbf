//! The search tree's flat arena: nodes, their rewards, chance outcomes below a node, and
//! re-rooting at a subtree (tree reuse) without allocating once the buffers have grown.

/// No node (an empty link).
pub(crate) const NONE: u32 = u32::MAX;

/// A tree node: a position reached by `mv` (or, below a chance node, by outcome `outcome`).
#[derive(Clone, Copy)]
pub(crate) struct Node<M> {
    /// First child: the decision children are `first..first + count`; for a node whose position
    /// is a chance node, the head of the list of outcome nodes (linked by `next`).
    pub first: u32,
    pub count: u32,
    /// Next outcome of the same chance node.
    pub next: u32,
    /// The move that led here (None for the root and for outcome nodes).
    pub mv: Option<M>,
    /// For an outcome node: the outcome.
    pub outcome: u64,
    /// The player who moves in this node's position's parent (whose reward it is judged by).
    pub actor: u8,
    pub visits: u32,
    /// The prior weight of `mv` among its siblings (1 when no prior is used).
    pub prior: f32,
}

impl<M> Node<M> {
    pub fn new(mv: Option<M>, actor: u8) -> Node<M> {
        Node { first: NONE, count: 0, next: NONE, mv, outcome: 0, actor, visits: 0, prior: 1.0 }
    }
}

/// Nodes with `players` rewards each, stored side by side; node 0 is the root.
pub(crate) struct Arena<M> {
    pub nodes: Vec<Node<M>>,
    pub rewards: Vec<f32>,
    pub players: usize,
    /// Scratch for re-rooting: the copy being built and the (old, new) queue.
    spare_nodes: Vec<Node<M>>,
    spare_rewards: Vec<f32>,
    queue: Vec<(u32, u32)>,
}

impl<M: Copy> Arena<M> {
    pub fn new() -> Arena<M> {
        Arena {
            nodes: Vec::new(),
            rewards: Vec::new(),
            players: 0,
            spare_nodes: Vec::new(),
            spare_rewards: Vec::new(),
            queue: Vec::new(),
        }
    }

    /// Empties the tree and plants a fresh root for `actor`.
    pub fn reset(&mut self, players: usize, actor: u8) {
        self.players = players;
        self.nodes.clear();
        self.rewards.clear();
        self.push(Node::new(None, actor));
    }

    pub fn push(&mut self, node: Node<M>) -> u32 {
        self.nodes.push(node);
        self.rewards.extend(std::iter::repeat_n(0.0, self.players));
        self.nodes.len() as u32 - 1
    }

    /// The rewards of node `i`, one per player.
    pub fn rewards_of(&mut self, i: u32) -> &mut [f32] {
        &mut self.rewards[i as usize * self.players..][..self.players]
    }

    /// The mean reward of node `i` for `player` (`None` before its first visit).
    pub fn mean(&self, i: u32, player: u8) -> Option<f64> {
        let n = &self.nodes[i as usize];
        (n.visits > 0)
            .then(|| self.rewards[i as usize * self.players + player as usize] as f64 / n.visits as f64)
    }

    /// The node of chance outcome `outcome` below `node`, created if new.
    pub fn outcome(&mut self, node: u32, outcome: u64, actor: u8) -> u32 {
        if let Some(i) = self.outcomes(node).find(|&i| self.nodes[i as usize].outcome == outcome) {
            return i;
        }
        let mut n = Node::new(None, actor);
        n.outcome = outcome;
        n.next = self.nodes[node as usize].first;
        let new = self.push(n);
        self.nodes[node as usize].first = new;
        new
    }

    /// The outcome nodes below node `node`, newest first (none unless its position is a chance
    /// node that has been visited on).
    pub fn outcomes(&self, node: u32) -> impl Iterator<Item = u32> + '_ {
        let first = if self.has_outcomes(node) { self.nodes[node as usize].first } else { NONE };
        std::iter::successors((first != NONE).then_some(first), |&i| {
            let next = self.nodes[i as usize].next;
            (next != NONE).then_some(next)
        })
    }

    /// Whether node `i`'s children are outcome nodes (its position is a chance node).
    pub fn has_outcomes(&self, i: u32) -> bool {
        let n = &self.nodes[i as usize];
        n.first != NONE && n.count == 0
    }

    /// Makes node `new_root` the root, keeping its subtree (statistics and all) and dropping the
    /// rest; children stay side by side, so the arena's invariants hold for the copy.
    pub fn reroot(&mut self, new_root: u32) {
        let mut nodes = std::mem::take(&mut self.spare_nodes);
        let mut rewards = std::mem::take(&mut self.spare_rewards);
        nodes.clear();
        rewards.clear();
        self.queue.clear();
        let p = self.players;
        let copy = |nodes: &mut Vec<Node<M>>, rewards: &mut Vec<f32>, from: &Self, i: u32| {
            nodes.push(from.nodes[i as usize]);
            rewards.extend_from_slice(&from.rewards[i as usize * p..][..p]);
            nodes.len() as u32 - 1
        };
        let root = copy(&mut nodes, &mut rewards, self, new_root);
        nodes[root as usize].mv = None;
        nodes[root as usize].next = NONE;
        self.queue.push((new_root, root));
        let mut q = 0;
        while q < self.queue.len() {
            let (old, new) = self.queue[q];
            q += 1;
            let n = self.nodes[old as usize];
            if self.has_outcomes(old) {
                // Outcome lists are rebuilt in the same order.
                let mut prev = NONE;
                let mut i = n.first;
                while i != NONE {
                    let c = copy(&mut nodes, &mut rewards, self, i);
                    if prev == NONE {
                        nodes[new as usize].first = c;
                    } else {
                        nodes[prev as usize].next = c;
                    }
                    nodes[c as usize].next = NONE;
                    self.queue.push((i, c));
                    prev = c;
                    i = self.nodes[i as usize].next;
                }
            } else if n.count > 0 {
                let first = nodes.len() as u32;
                for k in 0..n.count {
                    let c = copy(&mut nodes, &mut rewards, self, n.first + k);
                    self.queue.push((n.first + k, c));
                }
                nodes[new as usize].first = first;
            }
        }
        self.spare_nodes = std::mem::replace(&mut self.nodes, nodes);
        self.spare_rewards = std::mem::replace(&mut self.rewards, rewards);
    }
}
