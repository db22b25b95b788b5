//! Self-play under every swap rule, checked ply by ply against an independent model of the opening
//! protocols (written from the crate docs, the Botzone wiki and the Piskvork protocol document
//! plastovicka/Piskvork `source/doc/protocl2en.htm`, not from the engine's state
//! machine): a decision (`swap`, `put-two`) is offered exactly at its ply, players own the right
//! colours afterwards, the right player moves next, and the stones have the right colours.
//!
//! Random games (decisions taken about half the time, so every branch is played) and a few games
//! between alpha-beta searchers at a small node budget.

use std::collections::HashMap;

use crate::{Colour, Gomoku, GomokuVariant, Move, Opening, Point};
use arbiter_core::{Game, Side};
use arbiter_laws::search;
use arbiter_search::{Algorithm, Budget};

/// Where the model stands in the opening.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Ordinary alternation; `swap` is offered when the ply count reaches the rule's ply.
    Play,
    /// Swap2: the first player places stones 1-3.
    Opening,
    /// Swap2 after three stones: the second player chooses.
    Choice,
    /// Swap2 after `put-two`: the second player places stones 4 and 5.
    PutTwo,
    /// Swap2 after five stones: the first player chooses.
    FinalChoice,
}

/// The model: who owns black, which colour comes next, who places it, the board.
#[derive(Clone, Debug)]
struct Model {
    opening: Opening,
    phase: Phase,
    /// Moves played, decisions included.
    plies: u16,
    first_colour: Colour,
    colour_to_move: Colour,
    stones: HashMap<Point, Colour>,
    /// The swap/exchange ply has been passed (it is offered once).
    decided: bool,
}

impl Model {
    fn new(opening: Opening) -> Model {
        Model {
            opening,
            phase: if opening == Opening::Swap2 {
                Phase::Opening
            } else {
                Phase::Play
            },
            plies: 0,
            first_colour: Colour::Black,
            colour_to_move: Colour::Black,
            stones: HashMap::new(),
            decided: false,
        }
    }

    fn owner(&self, colour: Colour) -> Side {
        if colour == self.first_colour {
            Side::First
        } else {
            Side::Second
        }
    }

    /// The player to move.
    fn mover(&self) -> Side {
        match self.phase {
            Phase::Opening | Phase::FinalChoice => Side::First,
            Phase::Choice | Phase::PutTwo => Side::Second,
            Phase::Play => self.owner(self.colour_to_move),
        }
    }

    fn offers_swap(&self) -> bool {
        match self.phase {
            Phase::Choice | Phase::FinalChoice => true,
            Phase::Play => match self.opening {
                Opening::SwapAt { ply } | Opening::ExchangeAt { ply } => {
                    !self.decided && self.plies == ply
                }
                Opening::Plain | Opening::Swap2 => false,
            },
            Phase::Opening | Phase::PutTwo => false,
        }
    }

    fn offers_put_two(&self) -> bool {
        self.phase == Phase::Choice
    }

    /// Gives `player` the colour `colour`.
    fn give(&mut self, player: Side, colour: Colour) {
        self.first_colour = match player {
            Side::First => colour,
            Side::Second => colour.opposite(),
        };
    }

    fn play(&mut self, mv: Move) {
        let mover = self.mover();
        let at_decision = self.offers_swap();
        match mv {
            Move::Stone(point) => {
                // A stone at a colour choice: the chooser keeps (takes) the colour to move.
                if at_decision && !matches!(self.opening, Opening::ExchangeAt { .. }) {
                    self.give(mover, self.colour_to_move);
                }
                self.stones.insert(point, self.colour_to_move);
                self.colour_to_move = self.colour_to_move.opposite();
            }
            Move::Swap => match self.opening {
                // Botzone: every stone changes colour, players keep theirs, the other moves.
                Opening::ExchangeAt { .. } => {
                    for colour in self.stones.values_mut() {
                        *colour = colour.opposite();
                    }
                    self.colour_to_move = self.colour_to_move.opposite();
                }
                // Piskvork SWAP: the chooser takes the colour that is not to move.
                _ => self.give(mover, self.colour_to_move.opposite()),
            },
            Move::PutTwo => {}
        }
        if at_decision {
            self.decided = true;
        }
        self.plies += 1;
        let stones = self.stones.len();
        self.phase = match (self.phase, mv) {
            (Phase::Opening, _) if stones == 3 => Phase::Choice,
            (Phase::Choice, Move::PutTwo) => Phase::PutTwo,
            (Phase::PutTwo, _) if stones == 5 => Phase::FinalChoice,
            (Phase::Choice | Phase::FinalChoice, _) => Phase::Play,
            (phase, _) => phase,
        };
    }

    /// Asserts that `game` agrees with the model.
    fn check(&self, game: &Gomoku, moves: &[Move], history: &str) {
        if game.outcome().is_some() {
            return;
        }
        assert_eq!(
            moves.contains(&Move::Swap),
            self.offers_swap(),
            "swap offered? after {history}"
        );
        assert_eq!(
            moves.contains(&Move::PutTwo),
            self.offers_put_two(),
            "put-two offered? after {history}"
        );
        assert_eq!(game.side_to_move(), self.mover(), "mover after {history}");
        assert_eq!(
            game.colour_to_move(),
            self.colour_to_move,
            "colour after {history}"
        );
        assert_eq!(
            game.colour_of(Side::First),
            self.first_colour,
            "first player's colour after {history}"
        );
        assert_eq!(game.stone_count(), self.stones.len(), "after {history}");
        for (&point, &colour) in &self.stones {
            assert_eq!(
                game.stone_at(point),
                Some(colour),
                "{point} after {history}"
            );
        }
    }
}

const VARIANTS: [&str; 8] = [
    "freestyle+swap1@9",
    "renju+swap1@9",
    "standard+swap-at-4@9",
    "freestyle+botzone-exchange@9",
    "renju+botzone-exchange@9",
    "freestyle+exchange-at-6@9",
    "freestyle+swap2@9",
    "renju+swap2",
];

/// SplitMix64 for picking moves.
fn next(state: &mut u64) -> u64 {
    let (s, z) = arbiter_core::zobrist::splitmix64(*state);
    *state = s;
    z
}

/// Plays one game with `choose` picking each move, checking the model after every ply.
fn play_game(name: &str, mut choose: impl FnMut(&Gomoku, &[Move]) -> Move) -> usize {
    let variant: GomokuVariant = name.parse().unwrap();
    let mut game = Gomoku::start(&variant);
    let mut model = Model::new(variant.opening);
    let mut moves = Vec::new();
    let mut history = format!("{name}:");
    loop {
        game.generate_moves(&mut moves);
        model.check(&game, &moves, &history);
        if moves.is_empty() {
            return model.plies.into();
        }
        let mv = choose(&game, &moves);
        history.push(' ');
        history.push_str(&game.format_move(mv));
        game.play(mv).unwrap();
        model.play(mv);
    }
}

#[test]
fn random_self_play_follows_every_swap_rule() {
    let mut seed = 0x5a4d_u64;
    let mut decisions = 0;
    for name in VARIANTS {
        for _ in 0..60 {
            play_game(name, |_, moves| {
                let decision = moves
                    .iter()
                    .copied()
                    .filter(|m| !matches!(m, Move::Stone(_)))
                    .collect::<Vec<_>>();
                if !decision.is_empty() && next(&mut seed).is_multiple_of(2) {
                    decisions += 1;
                    decision[(next(&mut seed) % decision.len() as u64) as usize]
                } else {
                    moves[(next(&mut seed) % moves.len() as u64) as usize]
                }
            });
        }
    }
    assert!(decisions > 100, "decisions were taken ({decisions})");
}

#[test]
fn search_self_play_follows_every_swap_rule() {
    for name in VARIANTS {
        let plies = play_game(name, |game, _| {
            let report = search(game, Algorithm::AlphaBeta, Budget::Nodes(300)).unwrap();
            report.result.best.expect("a move in an unfinished game")
        });
        assert!(plies > 0);
    }
}
