//! The [`Gomoku`] position and the rules of play: the one [`Game`] implementation (play, undo,
//! outcome, hash, the fouls of the side to move).

use std::fmt;

use arbiter_core::{
    EndReason, Game, IllegalMove, NotationError, Outcome, SetupProblem, Side, picture, zobrist,
};

use crate::board::{CELLS, Colour, Move, Point};
use crate::lines::{DIRECTIONS, Lines};
use crate::opening::Stage;
use crate::renju::{self, ForbiddenKind, Quick};
use crate::setup::Setup;
use crate::variant::{BaseRule, FoulRuling, GomokuVariant, Opening};
use crate::{notation, svg};

/// What [`Game::make`] saves for [`Game::unmake`].
#[derive(Clone, Debug)]
pub struct Undo {
    stage: Stage,
    first: Colour,
    outcome: Option<Outcome>,
}

/// Zobrist keys: black stones, white stones, then white-to-move, first-player-is-white and stages.
const KEY_WHITE_TO_MOVE: usize = 2 * CELLS;
const KEY_FIRST_WHITE: usize = 2 * CELLS + 1;
const KEY_STAGE: usize = 2 * CELLS + 2;
static KEYS: [u64; 2 * CELLS + 8] = zobrist::keys(0x6f6d_6f6b_7567_6f6d);

/// A gomoku position under one variant.
#[derive(Clone, PartialEq, Eq)]
pub struct Gomoku {
    variant: GomokuVariant,
    /// 0 empty, 1 black, 2 white, by internal index.
    cells: [u8; CELLS],
    lines: Lines,
    /// The colour of the next stone.
    to_move: Colour,
    /// The colour of [`Side::First`]; the second player has the other.
    first: Colour,
    stage: Stage,
    /// Moves played from the start, decisions included (a set-up position counts its stones).
    plies: u16,
    stones: u16,
    outcome: Option<Outcome>,
    hash: u64,
}

impl fmt::Debug for Gomoku {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Gomoku {} {}", self.variant, self.format_position())?;
        f.write_str(&self.diagram())
    }
}

/// The key of a stone of cell value `value` (1 or 2) on `point`.
fn stone_key(point: Point, value: u8) -> u64 {
    KEYS[usize::from(value - 1) * CELLS + point.index()]
}

impl Gomoku {
    /// The colour `side` plays (it can change in a swap opening).
    #[must_use]
    pub fn colour_of(&self, side: Side) -> Colour {
        match side {
            Side::First => self.first,
            Side::Second => self.first.opposite(),
        }
    }

    /// The player who has `colour`.
    #[must_use]
    pub fn owner(&self, colour: Colour) -> Side {
        if colour == self.first {
            Side::First
        } else {
            Side::Second
        }
    }

    /// The colour of the next stone.
    #[must_use]
    pub fn colour_to_move(&self) -> Colour {
        self.to_move
    }

    /// The board side.
    #[must_use]
    pub fn size(&self) -> u8 {
        self.variant.size
    }

    /// Number of stones on the board.
    #[must_use]
    pub fn stone_count(&self) -> usize {
        usize::from(self.stones)
    }

    /// The stone on `point`, if any (`None` off the board too).
    #[must_use]
    pub fn stone_at(&self, point: Point) -> Option<Colour> {
        if !point.on_board(self.size()) {
            return None;
        }
        match self.cells[point.index()] {
            1 => Some(Colour::Black),
            2 => Some(Colour::White),
            _ => None,
        }
    }

    /// Every point of the board, bottom row first.
    pub fn points(&self) -> impl Iterator<Item = Point> + use<> {
        let size = self.size();
        (0..size).flat_map(move |row| (0..size).map(move |col| Point::new(col, row)))
    }

    /// Whether a black stone on `point` would be forbidden by the RIF definitions, and why; `None`
    /// for an occupied or off-board point. The answer does not depend on the variant or the side to
    /// move: the rules consult it for black under renju only.
    #[must_use]
    pub fn forbidden_kind(&self, point: Point) -> Option<ForbiddenKind> {
        if self.stone_at(point).is_some() || !point.on_board(self.size()) {
            return None;
        }
        self.foul_with_scratch(point, &mut None)
    }

    /// Every point where a black stone would be forbidden, with its kind, bottom row first.
    #[must_use]
    pub fn forbidden_points(&self) -> Vec<(Point, ForbiddenKind)> {
        let mut out = Vec::new();
        self.forbidden_points_into(&mut out);
        out
    }

    /// [`Gomoku::forbidden_points`] into a reusable buffer (cleared first).
    pub fn forbidden_points_into(&self, out: &mut Vec<(Point, ForbiddenKind)>) {
        out.clear();
        let mut scratch = None;
        for point in self.points() {
            if self.cells[point.index()] == 0
                && let Some(kind) = self.foul_with_scratch(point, &mut scratch)
            {
                out.push((point, kind));
            }
        }
    }

    /// The foul test of the empty `point`; the recursive part runs on a copy of the line windows,
    /// made on first need and reused through `scratch`.
    fn foul_with_scratch(
        &self,
        point: Point,
        scratch: &mut Option<Lines>,
    ) -> Option<ForbiddenKind> {
        match renju::quick(&self.lines, point) {
            Quick::Free => None,
            Quick::Foul(kind) => Some(kind),
            Quick::Threes => renju::foul(scratch.get_or_insert_with(|| self.lines.clone()), point),
        }
    }

    /// Whether the opening is over (no decision on offer, no fixed placer): ordinary alternation.
    pub(crate) fn in_ordinary_play(&self) -> bool {
        self.stage == Stage::Play
    }

    /// Whether a black stone on the empty `point` makes a four or a five (black's exact-five sense,
    /// as in renju and standard), by the line tables: four lookups.
    pub(crate) fn black_makes_four(&self, point: Point) -> bool {
        self.lines
            .patterns(point)
            .iter()
            .any(|p| p.line() == crate::lines::Pattern::FIVE || p.fours() > 0)
    }

    /// Whether `point` is on the board and empty.
    pub(crate) fn is_empty(&self, point: Point) -> bool {
        point.on_board(self.size()) && self.cells[point.index()] == 0
    }

    /// Whether a stone on the empty `point` is a legal move now (fouls under the illegal ruling).
    fn stone_allowed(&self, point: Point, scratch: &mut Option<Lines>) -> bool {
        !(self.variant.fouls_illegal()
            && self.to_move == Colour::Black
            && self.foul_with_scratch(point, scratch).is_some())
    }

    /// Length of the `value` run through `point` along direction `d` (the point counted as `value`).
    fn run(&self, point: Point, d: usize, value: u8) -> usize {
        let (dc, dr) = DIRECTIONS[d];
        let size = self.size();
        let count = |sign: i8| {
            (1..)
                .map_while(|k| point.step(dc, dr, sign * k, size))
                .take_while(|q| self.cells[q.index()] == value)
                .count()
        };
        count(1) + count(-1) + 1
    }

    /// Whether a stone of `colour` on `point` completes a winning line under the variant. The point
    /// itself is not read, so this also answers "would it win here" for an empty point.
    pub(crate) fn wins(&self, point: Point, colour: Colour) -> bool {
        let (mut exact, mut long) = (false, false);
        for d in 0..4 {
            let len = self.run(point, d, crate::board::cell(colour));
            exact |= len == 5;
            long |= len > 5;
        }
        match self.variant.rule {
            BaseRule::Freestyle => exact || long,
            BaseRule::Standard => exact,
            BaseRule::Renju => exact || (long && colour == Colour::White),
        }
    }

    /// Under the illegal-foul ruling, black to move with empty points that are all forbidden.
    fn black_blocked(&self) -> bool {
        if !(self.variant.fouls_illegal() && self.to_move == Colour::Black)
            || self.stage.offers_swap()
        {
            return false;
        }
        let mut scratch = None;
        !self
            .points()
            .any(|p| self.cells[p.index()] == 0 && self.stone_allowed(p, &mut scratch))
    }

    /// The result after the stone of `colour` on `point` (already placed), `foul` being its kind
    /// when black played a foul under the losing ruling.
    fn judge(&self, point: Point, colour: Colour, foul: Option<ForbiddenKind>) -> Option<Outcome> {
        if self.wins(point, colour) {
            Some(Outcome::win(self.owner(colour), EndReason::Line))
        } else if foul.is_some() {
            Some(Outcome::win(
                self.owner(Colour::White),
                EndReason::Forbidden,
            ))
        } else if usize::from(self.stones) == self.variant.points() || self.black_blocked() {
            // A full board, or (illegal ruling) only forbidden points left for black: a draw.
            Some(Outcome::draw(EndReason::BoardFull))
        } else {
            None
        }
    }

    fn set_to_move(&mut self, colour: Colour) {
        if colour != self.to_move {
            self.hash ^= KEYS[KEY_WHITE_TO_MOVE];
            self.to_move = colour;
        }
    }

    fn set_first(&mut self, colour: Colour) {
        if colour != self.first {
            self.hash ^= KEYS[KEY_FIRST_WHITE];
            self.first = colour;
        }
    }

    fn set_stage(&mut self, stage: Stage) {
        self.hash ^= KEYS[KEY_STAGE + self.stage.index()] ^ KEYS[KEY_STAGE + stage.index()];
        self.stage = stage;
    }

    /// Counts a ply made and moves the opening on to the stage after it (`put_two`: the move
    /// was `put-two`).
    fn count_ply(&mut self, put_two: bool) {
        self.plies += 1;
        let stage = self
            .stage
            .after(self.variant.opening, put_two, self.plies, self.stones);
        self.set_stage(stage);
    }

    fn put(&mut self, point: Point, value: u8) {
        debug_assert_eq!(self.cells[point.index()], 0, "{point} is occupied");
        self.cells[point.index()] = value;
        self.lines.place(point, value);
        self.hash ^= stone_key(point, value);
        self.stones += 1;
    }

    fn take(&mut self, point: Point) {
        let value = self.cells[point.index()];
        debug_assert_ne!(value, 0, "{point} is empty");
        self.cells[point.index()] = 0;
        self.lines.remove(point, value);
        self.hash ^= stone_key(point, value);
        self.stones -= 1;
    }

    /// The line windows with black as the own colour (the rules' view).
    pub(crate) fn lines(&self) -> &Lines {
        &self.lines
    }

    /// The cells by internal index: 0 empty, 1 black, 2 white.
    pub(crate) fn cells(&self) -> &[u8; CELLS] {
        &self.cells
    }

    /// The Botzone exchange: every stone on the board changes colour (its own inverse).
    fn invert_stones(&mut self) {
        for point in self.points().collect::<Vec<_>>() {
            let value = self.cells[point.index()];
            if value != 0 {
                self.take(point);
                self.put(point, 3 - value);
            }
        }
    }

    /// Gives the deciding player `colour` (and the other player the other one).
    fn assign(&mut self, decider: Side, colour: Colour) {
        self.set_first(match decider {
            Side::First => colour,
            Side::Second => colour.opposite(),
        });
    }

    /// The position of a setup whose stones [`crate::setup`] has checked; refuses a board
    /// where both colours have a line.
    pub(crate) fn from_checked_setup(
        variant: &GomokuVariant,
        setup: &Setup,
    ) -> Result<Gomoku, Vec<SetupProblem>> {
        let mut game = Gomoku::start(variant);
        for (list, colour) in [(&setup.black, Colour::Black), (&setup.white, Colour::White)] {
            for &point in list {
                game.put(point, crate::board::cell(colour));
            }
        }
        game.plies = game.stones;
        game.set_to_move(setup.to_move);
        game.set_first(setup.first);
        game.set_stage(crate::setup::inferred_stage(variant, setup));
        // A line already on the board ends the game; both colours having one is impossible.
        let winners: Vec<Colour> = [Colour::Black, Colour::White]
            .into_iter()
            .filter(|&c| {
                game.points()
                    .any(|p| game.cells[p.index()] == crate::board::cell(c) && game.wins(p, c))
            })
            .collect();
        game.outcome = match winners.as_slice() {
            [] if usize::from(game.stones) == variant.points() || game.black_blocked() => {
                Some(Outcome::draw(EndReason::BoardFull))
            }
            [] => None,
            [colour] => Some(Outcome::win(game.owner(*colour), EndReason::Line)),
            _ => {
                return Err(vec![SetupProblem::new(
                    "both-won",
                    "both colours have a winning line",
                )]);
            }
        };
        Ok(game)
    }

    /// The setup of this position (for the text forms).
    pub(crate) fn to_setup(&self) -> Setup {
        let mut setup = Setup {
            size: self.size(),
            black: Vec::new(),
            white: Vec::new(),
            to_move: self.to_move,
            first: self.first,
        };
        for point in self.points() {
            match self.stone_at(point) {
                Some(Colour::Black) => setup.black.push(point),
                Some(Colour::White) => setup.white.push(point),
                None => {}
            }
        }
        setup
    }
}

impl Game for Gomoku {
    type Move = Move;
    type Variant = GomokuVariant;
    type Undo = Undo;
    type Setup = Setup;

    // The default side names (black, white). The colours of the players when no swap has been
    // taken; see [`Gomoku::colour_of`].
    const MOVE_CODES: &'static [&'static str] = &[
        "game-over",
        "off-board",
        "occupied",
        "swap-not-offered",
        "put-two-not-offered",
        "double-three",
        "double-four",
        "overline",
    ];
    const FOUL_KINDS: &'static [&'static str] = &["double-three", "double-four", "overline"];

    /// 10 stones of opening, 40 to the end of the middle game.
    fn phase_plies(_: &GomokuVariant) -> (usize, usize) {
        (10, 40)
    }

    fn start(variant: &GomokuVariant) -> Gomoku {
        let mut game = Gomoku {
            variant: *variant,
            cells: [0; CELLS],
            lines: Lines::new(variant.size),
            to_move: Colour::Black,
            first: Colour::Black,
            stage: Stage::Play,
            plies: 0,
            stones: 0,
            outcome: None,
            hash: 0,
        };
        game.hash = game.hash_from_scratch();
        game.set_stage(Stage::start(variant.opening));
        game
    }

    fn variant(&self) -> &GomokuVariant {
        &self.variant
    }

    fn side_to_move(&self) -> Side {
        match self.stage {
            Stage::Swap2Opening | Stage::Swap2FinalChoice => Side::First,
            Stage::Swap2Choice | Stage::Swap2PutTwo => Side::Second,
            Stage::Play | Stage::Decision => self.owner(self.to_move),
        }
    }

    fn generate_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        if self.outcome.is_some() {
            return;
        }
        if self.stage.offers_swap() {
            moves.push(Move::Swap);
        }
        if self.stage.offers_put_two() {
            moves.push(Move::PutTwo);
        }
        let mut scratch = None;
        for point in self.points() {
            if self.cells[point.index()] == 0 && self.stone_allowed(point, &mut scratch) {
                moves.push(Move::Stone(point));
            }
        }
    }

    fn check_move(&self, mv: Move) -> Result<(), IllegalMove> {
        if self.outcome.is_some() {
            return Err(IllegalMove::new("game-over", "the game is over"));
        }
        match mv {
            Move::Stone(point) => {
                if !point.on_board(self.size()) {
                    return Err(IllegalMove::new(
                        "off-board",
                        format!("{point} is off the board"),
                    ));
                }
                if self.cells[point.index()] != 0 {
                    return Err(IllegalMove::new("occupied", format!("{point} is occupied")));
                }
                if self.variant.fouls_illegal()
                    && self.to_move == Colour::Black
                    && let Some(kind) = self.forbidden_kind(point)
                {
                    return Err(IllegalMove::new(
                        kind.code(),
                        format!("{point} is forbidden for black ({kind})"),
                    ));
                }
                Ok(())
            }
            Move::Swap if self.stage.offers_swap() => Ok(()),
            Move::Swap => Err(IllegalMove::new(
                "swap-not-offered",
                "no swap is offered now",
            )),
            Move::PutTwo if self.stage.offers_put_two() => Ok(()),
            Move::PutTwo => Err(IllegalMove::new(
                "put-two-not-offered",
                "put-two is offered only at swap2's first choice",
            )),
        }
    }

    fn make(&mut self, mv: Move) -> Undo {
        let undo = Undo {
            stage: self.stage,
            first: self.first,
            outcome: self.outcome,
        };
        let mover = self.side_to_move();
        let colour = self.to_move;
        match mv {
            Move::Stone(point) => {
                let foul = if colour == Colour::Black
                    && self.variant.is_renju()
                    && self.variant.foul == FoulRuling::Loses
                {
                    renju::foul(&mut self.lines, point)
                } else {
                    None
                };
                // A stone placed at a colour choice means "I play the colour to move".
                if matches!(self.stage, Stage::Swap2Choice | Stage::Swap2FinalChoice)
                    || (self.stage == Stage::Decision
                        && matches!(self.variant.opening, Opening::SwapAt { .. }))
                {
                    self.assign(mover, colour);
                }
                self.put(point, crate::board::cell(colour));
                self.set_to_move(colour.opposite());
                self.count_ply(false);
                self.outcome = self.judge(point, colour, foul);
            }
            Move::Swap => {
                if matches!(self.variant.opening, Opening::ExchangeAt { .. }) {
                    // Botzone: stones change colour, players keep theirs, the other player moves.
                    self.invert_stones();
                    self.set_to_move(colour.opposite());
                } else {
                    // The decider takes the colour that just moved; the opponent moves next.
                    self.assign(mover, colour.opposite());
                }
                self.count_ply(false);
            }
            Move::PutTwo => {
                self.count_ply(true);
            }
        }
        undo
    }

    fn unmake(&mut self, mv: Move, undo: Undo) {
        match mv {
            Move::Stone(point) => {
                self.take(point);
                self.set_to_move(self.to_move.opposite());
            }
            Move::Swap => {
                if matches!(self.variant.opening, Opening::ExchangeAt { .. }) {
                    self.invert_stones();
                    self.set_to_move(self.to_move.opposite());
                }
            }
            Move::PutTwo => {}
        }
        self.plies -= 1;
        self.set_first(undo.first);
        self.set_stage(undo.stage);
        self.outcome = undo.outcome;
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        let mut hash = KEYS[KEY_STAGE + self.stage.index()];
        for point in self.points() {
            let value = self.cells[point.index()];
            if value != 0 {
                hash ^= stone_key(point, value);
            }
        }
        if self.to_move == Colour::White {
            hash ^= KEYS[KEY_WHITE_TO_MOVE];
        }
        if self.first == Colour::White {
            hash ^= KEYS[KEY_FIRST_WHITE];
        }
        hash
    }

    fn parse_move(&self, text: &str) -> Result<Move, NotationError> {
        notation::parse_move(text)
    }

    fn format_move(&self, mv: Move) -> String {
        notation::format_move(mv)
    }

    fn picture(&self, marks: &[picture::Mark<Move>]) -> Option<String> {
        Some(svg::picture(self, marks))
    }

    /// Number of legal moves, without building the list (perft's last ply).
    fn count_moves(&self, _: &mut Vec<Move>) -> u64 {
        if self.outcome.is_some() {
            return 0;
        }
        let decisions =
            u64::from(self.stage.offers_swap()) + u64::from(self.stage.offers_put_two());
        let mut scratch = None;
        let stones = self
            .points()
            .filter(|&p| self.cells[p.index()] == 0 && self.stone_allowed(p, &mut scratch))
            .count();
        decisions + stones as u64
    }

    fn longest_game(&self) -> Option<u32> {
        // A stone per empty point, and the opening rules' decisions (swap, put-two, a second
        // swap) on top: at most four.
        let empty = self.points().filter(|p| self.cells[p.index()] == 0).count();
        u32::try_from(empty).ok().map(|empty| empty + 4)
    }

    /// Reads `black`/`white` (the players' colours when no swap was taken) and `first`/`second`.
    /// Under renju, the fouls of the side to move, as the contract asks: black's forbidden
    /// points when black is to move, none when white is (white has no fouls; a white stone on
    /// a point that would be a foul for black is an ordinary move). `None` under the variants
    /// without fouls. [`Gomoku::forbidden_points`] gives black's points whoever is to move.
    fn forbidden_moves(&self) -> Option<Vec<(Move, &'static str)>> {
        self.variant.is_renju().then(|| {
            if self.colour_to_move() != Colour::Black {
                return Vec::new();
            }
            self.forbidden_points()
                .into_iter()
                .map(|(point, kind)| (Move::Stone(point), kind.code()))
                .collect()
        })
    }

    fn parse_side(text: &str) -> Option<Side> {
        match text.trim().to_ascii_lowercase().as_str() {
            "black" | "first" => Some(Side::First),
            "white" | "second" => Some(Side::Second),
            _ => None,
        }
    }
}
