//! The laws of the [`Game`] contract, checked along random playouts.

use arbiter_core::grid::Symmetry;
use arbiter_core::{Game, Variant, perft_profile_with_table};

use crate::Fixture;
use proptest::collection::vec;
use proptest::prelude::any;
use proptest::test_runner::{Config, TestCaseError, TestRunner};

/// A move generator for probes: from a position and a random number, a candidate move that
/// may or may not be legal there (say, any triple of squares for Amazons).
pub type Probe<G> = fn(&G, u64) -> <G as Game>::Move;

/// Every value a move can take in a position, legal or not (the 64 squares and the pass of
/// Othello), for games small enough to try them all.
pub type EveryMove<G> = fn(&G) -> Vec<<G as Game>::Move>;

/// The image of a position under a symmetry of the board.
pub type Image<G> = fn(&G, Symmetry) -> G;

/// The image of a move of a position under a symmetry of the board.
pub type ImageMove<G> = fn(&G, Symmetry, <G as Game>::Move) -> <G as Game>::Move;

/// A property of positions: which no text form can hold ([`GameLaws::unwritable`]), or the
/// game's own invariant ([`GameLaws::invariant`]).
pub type Property<G> = fn(&G) -> bool;

/// The [`Game`] laws for one engine: which variants, how many playouts, how long.
///
/// ```ignore
/// #[test]
/// fn game_laws() {
///     GameLaws::<Amazons>::new(&[AmazonsVariant::Standard, AmazonsVariant::Botzone8]).check();
/// }
/// ```
#[derive(Clone, Debug)]
pub struct GameLaws<G: Game> {
    variants: Vec<G::Variant>,
    cases: u32,
    plies: usize,
    probe: Option<Probe<G>>,
    probes_per_position: usize,
    complete_text: bool,
    move_stride: usize,
    every_move: Option<EveryMove<G>>,
    unwritable: Option<Property<G>>,
    invariant: Option<Property<G>>,
    symmetries: Option<(Image<G>, ImageMove<G>)>,
    perft_table: Option<u32>,
}

impl<G: Game + PartialEq> GameLaws<G> {
    /// The laws under each of `variants`, with 64 playouts of up to 60 plies.
    #[must_use]
    pub fn new(variants: &[G::Variant]) -> GameLaws<G> {
        GameLaws {
            variants: variants.to_vec(),
            cases: 64,
            plies: 60,
            probe: None,
            probes_per_position: 16,
            complete_text: false,
            move_stride: 1,
            every_move: None,
            unwritable: None,
            invariant: None,
            symmetries: None,
            perft_table: None,
        }
    }

    /// [`GameLaws::new`] under the variants named `names`.
    ///
    /// # Panics
    /// When a name is refused, naming it.
    #[must_use]
    pub fn named(names: &[&str]) -> GameLaws<G> {
        let variants: Vec<G::Variant> = names.iter().map(|name| G::variant_named(name)).collect();
        GameLaws::new(&variants)
    }

    /// Runs `cases` random playouts (each variant gets its share).
    #[must_use]
    pub fn cases(mut self, cases: u32) -> GameLaws<G> {
        self.cases = cases;
        self
    }

    /// Playouts of up to `plies` plies (fewer when the game ends first).
    #[must_use]
    pub fn plies(mut self, plies: usize) -> GameLaws<G> {
        self.plies = plies;
        self
    }

    /// Also checks `check_move` on `per_position` candidates from `probe` at every position:
    /// accepted exactly when generated. Without a probe, the candidates are the moves
    /// generated earlier in the playout.
    #[must_use]
    pub fn probes(mut self, probe: Probe<G>, per_position: usize) -> GameLaws<G> {
        self.probe = Some(probe);
        self.probes_per_position = per_position;
        self
    }

    /// Also checks `check_move` on every value `every_move` lists, at every position.
    #[must_use]
    pub fn every_move(mut self, every_move: EveryMove<G>) -> GameLaws<G> {
        self.every_move = Some(every_move);
        self
    }

    /// Says that the one-line position and the diagram (with the side to move) hold the whole
    /// position (no history, no hidden state): then what they set up must equal the original,
    /// not only write the same text.
    #[must_use]
    pub fn complete_text(mut self) -> GameLaws<G> {
        self.complete_text = true;
        self
    }

    /// Says which positions no one-line position or diagram can hold, so that the text laws
    /// skip them (every other law still holds there): a NoGo game lost by a foul under
    /// `foul-loses` keeps a group without a liberty, which no setup may hold.
    #[must_use]
    pub fn unwritable(mut self, unwritable: Property<G>) -> GameLaws<G> {
        self.unwritable = Some(unwritable);
        self
    }

    /// Also checks the game's own invariant at every position, on the way down the playout
    /// and after every unmake on the way back: the incremental state that the laws cannot see
    /// (groups and liberties, line occupancies, box owners) equals a rebuild from scratch.
    #[must_use]
    pub fn invariant(mut self, invariant: Property<G>) -> GameLaws<G> {
        self.invariant = Some(invariant);
        self
    }

    /// Also checks that the rules look the same under the eight symmetries of the board, at
    /// the end of every playout: the image of the position (`image`) has exactly the images
    /// of its moves (`image_move`) as moves, the same outcome, and the images of its fouls as
    /// fouls. (Positions [`GameLaws::unwritable`] says no text holds are skipped.)
    #[must_use]
    pub fn symmetries(mut self, image: Image<G>, image_move: ImageMove<G>) -> GameLaws<G> {
        self.symmetries = Some((image, image_move));
        self
    }

    /// Also checks that the perft walk's transposition table ([`Game::perft_key`]) changes no
    /// count: halfway through every playout (or where it ended, if sooner), the profile of
    /// the walk to `depth` plies is the same without a table, with a table of two slots (every
    /// key replacing another) and with one of 4,096.
    #[must_use]
    pub fn perft_table(mut self, depth: u32) -> GameLaws<G> {
        self.perft_table = Some(depth);
        self
    }

    /// Checks `check_move` and the notation on every `stride`-th generated move only, for
    /// games with tens of thousands of moves per position (Connect6's pairs).
    #[must_use]
    pub fn move_stride(mut self, stride: usize) -> GameLaws<G> {
        self.move_stride = stride.max(1);
        self
    }

    /// Checks every law.
    ///
    /// # Panics
    /// When a law is broken: the message names the variant, the moves from the start and the
    /// law.
    pub fn check(&self) {
        variant_names_read_back::<G::Variant>(G::NAME);
        let mut runner = TestRunner::new(Config {
            cases: self.cases,
            failure_persistence: None,
            ..Config::default()
        });
        let variants = self.variants.len().max(1);
        let strategy = (0..variants, vec(any::<u16>(), 0..=self.plies), any::<u64>());
        let result = runner.run(&strategy, |(which, picks, seed)| {
            let variant = &self.variants[which % self.variants.len()];
            self.walk(variant, &picks, seed)
                .map_err(|law| TestCaseError::fail(format!("{} variant {variant}: {law}", G::NAME)))
        });
        if let Err(error) = result {
            panic!("{error}");
        }
    }

    /// One playout: every law at every position on the way down and back up.
    fn walk(&self, variant: &G::Variant, picks: &[u16], seed: u64) -> Result<(), String> {
        let mut game = G::start(variant);
        let mut line: Vec<String> = Vec::new();
        let mut history: Vec<(G, G::Move, G::Undo)> = Vec::new();
        let mut seen: Vec<G::Move> = Vec::new();
        let mut moves = Vec::new();
        let mut random = seed;
        let at = |line: &[String]| format!("after `{}`", line.join(" "));
        let halfway = picks.len() / 2;
        for (index, &pick) in picks.iter().enumerate() {
            self.position_laws(&game, &mut moves, &seen, &mut random)
                .and_then(|()| self.table_law(&game, index == halfway))
                .map_err(|law| format!("{} {law}", at(&line)))?;
            if moves.is_empty() {
                break;
            }
            // Moves legal here are candidates later, when most of them are not.
            for &mv in moves.iter().take(32) {
                if seen.len() < 256 && !seen.contains(&mv) {
                    seen.push(mv);
                }
            }
            let mv = moves[usize::from(pick) % moves.len()];
            line.push(game.format_move(mv));
            let before = game.clone();
            let undo = game.make(mv);
            history.push((before, mv, undo));
        }
        self.position_laws(&game, &mut moves, &seen, &mut random)
            .and_then(|()| self.symmetry_laws(&game))
            .and_then(|()| self.table_law(&game, line.len() < halfway || picks.is_empty()))
            .map_err(|law| format!("{} {law}", at(&line)))?;
        while let Some((before, mv, undo)) = history.pop() {
            game.unmake(mv, undo);
            line.pop();
            if game != before {
                return Err(format!(
                    "{}: unmake of `{}` does not restore the position:\n{game:?}\nwas\n{before:?}",
                    at(&line),
                    before.format_move(mv)
                ));
            }
            law(
                game.hash() == before.hash(),
                "unmake does not restore the hash",
            )
            .and_then(|()| {
                law(
                    self.invariant.is_none_or(|invariant| invariant(&game)),
                    "after unmake the game's invariant does not hold",
                )
            })
            .map_err(|law| format!("{} {law}", at(&line)))?;
        }
        Ok(())
    }

    /// The laws of one position; leaves its legal moves in `moves`.
    fn position_laws(
        &self,
        game: &G,
        moves: &mut Vec<G::Move>,
        seen: &[G::Move],
        random: &mut u64,
    ) -> Result<(), String> {
        law(
            game.hash() == game.hash_from_scratch(),
            "the incremental hash differs from the hash from scratch",
        )?;
        law(
            self.invariant.is_none_or(|invariant| invariant(game)),
            "the game's invariant does not hold",
        )?;
        game.generate_moves(moves);
        let chance = game.is_chance();
        move_list_laws(game, moves, chance)?;
        for &mv in moves.iter().step_by(self.move_stride) {
            generated_move_laws(game, mv, chance)?;
        }
        let mut sorted = moves.clone();
        sorted.sort_unstable();
        if let Some(twice) = sorted.windows(2).find(|pair| pair[0] == pair[1]) {
            return Err(format!("{:?} is generated twice", twice[0]));
        }
        self.candidate_laws(game, &sorted, seen, random)?;
        self.text_laws(game)
    }

    /// Every candidate (the moves `seen` earlier in the playout, the probes', every move
    /// listed) is accepted exactly when it is among the `sorted` generated moves, and `play`
    /// of a refused one leaves the position alone.
    fn candidate_laws(
        &self,
        game: &G,
        sorted: &[G::Move],
        seen: &[G::Move],
        random: &mut u64,
    ) -> Result<(), String> {
        let probes = (0..self.probes_per_position).filter_map(|_| {
            self.probe.map(|probe| {
                let (state, value) = arbiter_core::zobrist::splitmix64(*random);
                *random = state;
                probe(game, value)
            })
        });
        let every = self.every_move.map(|every| every(game)).unwrap_or_default();
        // `play` of a refused move must leave the position alone: tried on the first few
        // refused candidates of each position (a clone each).
        let mut refused_plays = 8;
        for candidate in seen.iter().copied().chain(probes).chain(every) {
            let generated = sorted.binary_search(&candidate).is_ok();
            match (game.check_move(candidate), generated) {
                (Ok(()), false) => {
                    return Err(format!("{candidate:?} is accepted but not generated"));
                }
                (Err(error), true) => {
                    return Err(format!("generated {candidate:?} is refused: {error}"));
                }
                (Err(_), false) if refused_plays > 0 => {
                    refused_plays -= 1;
                    let mut after = game.clone();
                    if after.play(candidate).is_ok() || after != *game {
                        return Err(format!(
                            "refused {candidate:?} is played anyway or changes the position"
                        ));
                    }
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// The one-line position and the diagram read back (into the position itself, with
    /// [`GameLaws::complete_text`]), unless [`GameLaws::unwritable`] says no text holds it.
    fn text_laws(&self, game: &G) -> Result<(), String> {
        if self.unwritable.is_some_and(|unwritable| unwritable(game)) {
            return Ok(());
        }
        let back = text_round_trip(game)?;
        if self.complete_text && back != *game {
            return Err(format!(
                "`{}` sets up another position:\n{back:?}",
                game.format_position()
            ));
        }
        let back = diagram_round_trip(game)?;
        if self.complete_text && back.as_ref() != Some(game) {
            return Err(format!("its diagram sets up another position: {back:?}"));
        }
        Ok(())
    }
}

/// The generated `moves` agree with the rest of the position: empty exactly when the game is
/// over, as many as `count_moves` says, and no chance node (`chance`) once the game is over.
fn move_list_laws<G: Game>(game: &G, moves: &[G::Move], chance: bool) -> Result<(), String> {
    law(
        moves.is_empty() == game.outcome().is_some(),
        &format!(
            "the move list is {} but the outcome is {:?}",
            if moves.is_empty() {
                "empty"
            } else {
                "not empty"
            },
            game.outcome()
        ),
    )?;
    let mut scratch = Vec::new();
    let counted = game.count_moves(&mut scratch);
    law(
        counted == moves.len() as u64,
        &format!(
            "count_moves says {counted} but {} moves are generated",
            moves.len()
        ),
    )?;
    law(
        !(chance && game.outcome().is_some()),
        "a finished game is a chance node",
    )
}

/// The laws of one generated move `mv` (a chance event when `chance`): accepted, made and
/// unmade cleanly with its hash kept up, and written in a notation that reads back.
fn generated_move_laws<G: Game + PartialEq>(
    game: &G,
    mv: G::Move,
    chance: bool,
) -> Result<(), String> {
    if let Err(error) = game.check_move(mv) {
        return Err(format!("generated move {mv:?} is refused: {error}"));
    }
    if chance {
        law(
            game.chance_weight(mv) > 0,
            &format!("the chance event {mv:?} has weight 0"),
        )?;
    }
    let mut child = game.clone();
    let undo = child.make(mv);
    if chance {
        law(
            child.side_to_move() == game.side_to_move(),
            &format!("the chance event {mv:?} changes the side to move"),
        )?;
    }
    law(
        child.hash() == child.hash_from_scratch(),
        &format!("after {mv:?} the incremental hash differs from the hash from scratch"),
    )?;
    child.unmake(mv, undo);
    law(
        child == *game && child.hash() == game.hash(),
        &format!("make and unmake of {mv:?} do not restore the position"),
    )?;
    let text = game.format_move(mv);
    match game.parse_move(&text) {
        Ok(back) if back == mv => {}
        other => {
            return Err(format!(
                "move {mv:?} writes `{text}`, which reads {other:?}"
            ));
        }
    }
    Ok(())
}

impl<G: Game + PartialEq> GameLaws<G> {
    /// The law of [`GameLaws::perft_table`] at `game`, when `here` and it was asked for.
    fn table_law(&self, game: &G, here: bool) -> Result<(), String> {
        let Some(depth) = self.perft_table.filter(|_| here) else {
            return Ok(());
        };
        let walk = |slots| {
            let mut walked = game.clone();
            let profile = perft_profile_with_table(&mut walked, depth, slots);
            (walked == *game)
                .then_some(profile)
                .ok_or_else(|| format!("the perft walk to depth {depth} does not restore it"))
        };
        let plain = walk(None)?;
        for slots in [2, 4096] {
            let with_table = walk(Some(slots))?;
            law(
                with_table == plain,
                &format!(
                    "with a perft table of {slots} slots the walk to depth {depth} counts \
                     {with_table:?}, without one {plain:?}"
                ),
            )?;
        }
        Ok(())
    }

    /// The laws of [`GameLaws::symmetries`] at `game`.
    fn symmetry_laws(&self, game: &G) -> Result<(), String> {
        let Some((image, image_move)) = self.symmetries else {
            return Ok(());
        };
        if self.unwritable.is_some_and(|unwritable| unwritable(game)) {
            return Ok(());
        }
        let sorted = |game: &G| {
            let mut moves = Vec::new();
            game.generate_moves(&mut moves);
            moves.sort_unstable();
            moves
        };
        let fouls = |game: &G| {
            let mut fouls = game.forbidden_moves();
            if let Some(fouls) = &mut fouls {
                fouls.sort_unstable();
            }
            fouls
        };
        let moves = sorted(game);
        for symmetry in Symmetry::ALL {
            let mirrored = image(game, symmetry);
            let mut expected: Vec<G::Move> = moves
                .iter()
                .map(|&mv| image_move(game, symmetry, mv))
                .collect();
            expected.sort_unstable();
            law(
                sorted(&mirrored) == expected,
                &format!("under {symmetry:?} the moves are not the images of the moves"),
            )?;
            law(
                mirrored.outcome() == game.outcome(),
                &format!("under {symmetry:?} the outcome changes"),
            )?;
            let mut expected = game.forbidden_moves().map(|fouls| {
                fouls
                    .into_iter()
                    .map(|(mv, kind)| (image_move(game, symmetry, mv), kind))
                    .collect::<Vec<_>>()
            });
            if let Some(expected) = &mut expected {
                expected.sort_unstable();
            }
            law(
                fouls(&mirrored) == expected,
                &format!("under {symmetry:?} the fouls are not the images of the fouls"),
            )?;
        }
        Ok(())
    }
}

/// The one-line position reads back into a position that writes the same line, returned.
fn text_round_trip<G: Game>(game: &G) -> Result<G, String> {
    let text = game.format_position();
    let setup = G::parse_position(game.variant(), &text)
        .map_err(|error| format!("its own line `{text}` does not read: {error}"))?;
    let back = G::from_setup(game.variant(), &setup)
        .map_err(|problems| format!("its own line `{text}` is refused: {problems:?}"))?;
    law(
        back.format_position() == text,
        &format!("`{text}` reads back as `{}`", back.format_position()),
    )?;
    Ok(back)
}

/// The diagram reads back; the position it sets up (when the diagram says enough for the
/// validation: it shows no history, no swap taken) draws the same diagram, and is returned.
fn diagram_round_trip<G: Game>(game: &G) -> Result<Option<G>, String> {
    let diagram = game.diagram();
    let setup = G::parse_diagram(game.variant(), &diagram, game.side_to_move())
        .map_err(|error| format!("its own diagram does not read: {error}\n{diagram}"))?;
    match G::from_setup(game.variant(), &setup) {
        Ok(back) => {
            law(
                back.diagram() == diagram,
                &format!("the diagram\n{diagram}\nreads back as\n{}", back.diagram()),
            )?;
            Ok(Some(back))
        }
        Err(_) => Ok(None),
    }
}

/// `name` with each `-N` setting of a pattern given the value 3 (`repetition-N+limit-N` is read
/// as `repetition-3+limit-3`); a name without one is itself.
fn with_n(name: &str) -> String {
    name.split('+')
        .map(|setting| match setting.strip_suffix("-N") {
            Some(stem) => format!("{stem}-3"),
            None => setting.to_owned(),
        })
        .collect::<Vec<_>>()
        .join("+")
}

fn law(holds: bool, broken: &str) -> Result<(), String> {
    if holds {
        Ok(())
    } else {
        Err(broken.to_owned())
    }
}

/// Every name of [`Variant::names`] reads back as a variant that is written as that name, or as
/// another listed name that reads back as the same variant (an alias: Connect6's `size-19` is
/// `standard`). A listed pattern (`repetition-N`, `limit-N`: the help text's form of a family
/// of settings) is read with N = 3, a value every such setting takes.
///
/// # Panics
/// When a name is refused or written otherwise, naming it.
fn variant_names_read_back<V: Variant>(game: &str) {
    let listed = V::names();
    let names: Vec<String> = listed.iter().map(|name| with_n(name)).collect();
    for (name, pattern) in names.iter().zip(&listed) {
        let variant: V = name.parse().unwrap_or_else(|error| {
            panic!("{game}: the variant name `{name}` is refused: {error}")
        });
        let written = variant.to_string();
        let alias = names.contains(&written) && written.parse::<V>() == Ok(variant.clone());
        // A pattern's value may be written in the variant's own shorter form (a setting at its
        // default left out): that form must read back as the same variant.
        let canonical = name != pattern && written.parse::<V>() == Ok(variant);
        assert!(
            written == *name || alias || canonical,
            "{game}: the variant named `{name}` is written `{written}`"
        );
    }
}

#[cfg(test)]
mod tests {
    use std::fmt;
    use std::str::FromStr;

    use super::*;

    /// A variant read from `a`, `c` (another name of `a`), `d` and `e`, and written as read but
    /// for `d`, written `e`; `LIST` picks the names it lists.
    #[derive(Clone, Debug, Default, PartialEq)]
    struct Listed<const LIST: u8>(char);

    impl<const LIST: u8> fmt::Display for Listed<LIST> {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "{}", if self.0 == 'd' { 'e' } else { self.0 })
        }
    }

    impl<const LIST: u8> FromStr for Listed<LIST> {
        type Err = String;
        fn from_str(text: &str) -> Result<Self, String> {
            match text {
                "a" | "c" => Ok(Listed('a')),
                "d" => Ok(Listed('d')),
                "e" => Ok(Listed('e')),
                _ => Err(format!("no variant {text}")),
            }
        }
    }

    impl<const LIST: u8> Variant for Listed<LIST> {
        const GAME: &'static str = "listed";

        fn names() -> Vec<String> {
            let names: &[&str] = match LIST {
                0 => &["a", "c"],
                1 => &["a", "b"],
                _ => &["d", "e"],
            };
            names.iter().map(|&name| name.to_owned()).collect()
        }
    }

    fn panic_message(check: fn()) -> String {
        let payload = std::panic::catch_unwind(check).expect_err("the law holds");
        payload
            .downcast_ref::<String>()
            .cloned()
            .unwrap_or_default()
    }

    #[test]
    fn names_that_read_back_keep_the_law_and_others_break_it() {
        variant_names_read_back::<Listed<0>>("toy");
        let refused = panic_message(|| variant_names_read_back::<Listed<1>>("toy"));
        assert!(refused.contains("`b` is refused"), "{refused}");
        // `d` is written `e`, a listed name, but `e` is another variant.
        let written = panic_message(|| variant_names_read_back::<Listed<2>>("toy"));
        assert!(written.contains("`d` is written `e`"), "{written}");
    }
}
