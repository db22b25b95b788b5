//! The generic adapter from a [`Game`] implementation to the text-level engine handle.

use std::marker::PhantomData;

use arbiter_core::{Game, PerftConvention, Side, Variant};
use arbiter_search::{Algorithm, Budget, Report, SearchError, SearchRequest, Searchable};

use super::{
    Answered, Capabilities, DataFile, OutcomeView, ParamsFile, Position, PositionError,
    PositionRequest, Refusal, RulesEngine, SearchFailure, SearchReport, TreeCounts,
};

/// A game's search entry point ([`Searchable::search`]) as a plain function, so that a game
/// without search can still be an engine with rules only.
type SearchFn<G> = fn(&G, SearchRequest, &str) -> Result<Report<<G as Game>::Move>, SearchError>;

/// What an embedded engine can search with: its entry point and its shipped parameters.
struct SearchHook<G: Game> {
    search: SearchFn<G>,
    params: ParamsFile,
    data_files: &'static [DataFile],
    plays_with: Algorithm,
}

impl<G: Game> Clone for SearchHook<G> {
    fn clone(&self) -> Self {
        SearchHook {
            search: self.search,
            params: self.params.clone(),
            data_files: self.data_files,
            plays_with: self.plays_with,
        }
    }
}

/// An embedded engine: the rules of `G`, named after its game, and its search when the game
/// has one.
pub(crate) struct Embedded<G: Game> {
    search: Option<SearchHook<G>>,
    _game: PhantomData<fn() -> G>,
}

impl<G: Game> Default for Embedded<G> {
    /// The rules alone.
    fn default() -> Self {
        Embedded {
            search: None,
            _game: PhantomData,
        }
    }
}

impl<G: Searchable> Embedded<G> {
    /// The rules and the game's searchers.
    #[must_use]
    pub(crate) fn searching() -> Self {
        Embedded {
            search: Some(SearchHook {
                search: <G as Searchable>::search,
                params: ParamsFile {
                    path: G::params_path(),
                    yaml: G::PARAMS_YAML,
                },
                data_files: G::DATA_FILES,
                plays_with: G::PLAYS_WITH,
            }),
            _game: PhantomData,
        }
    }
}

impl<G: Game> Embedded<G> {
    fn parse_variant(variant: &str) -> Result<G::Variant, PositionError> {
        variant
            .parse::<G::Variant>()
            .map_err(|_| PositionError::UnknownVariant {
                variant: variant.to_owned(),
                known: G::Variant::names(),
            })
    }

    fn parse_side(side: &str) -> Result<Side, PositionError> {
        G::parse_side(side).ok_or_else(|| PositionError::UnknownSide {
            side: side.to_owned(),
            known: G::SIDE_NAMES,
        })
    }

    fn validated(variant: &G::Variant, setup: &G::Setup) -> Result<G, PositionError> {
        G::from_setup(variant, setup).map_err(PositionError::Invalid)
    }
}

impl<G: Game> RulesEngine for Embedded<G> {
    fn name(&self) -> &str {
        G::NAME
    }

    fn game(&self) -> &str {
        G::NAME
    }

    fn split_moves(&self, text: &str) -> Vec<String> {
        G::split_moves(text)
    }

    fn variants(&self) -> Vec<String> {
        G::Variant::names()
    }

    fn accepts_variant(&self, name: &str) -> bool {
        name.parse::<G::Variant>().is_ok()
    }

    fn default_variant(&self) -> String {
        G::Variant::default().to_string()
    }

    fn side_names(&self) -> [&'static str; 2] {
        G::SIDE_NAMES
    }

    fn phase_plies(&self, variant: &str) -> Option<(usize, usize)> {
        variant
            .parse::<G::Variant>()
            .ok()
            .map(|v| G::phase_plies(&v))
    }

    fn accepts_side(&self, name: &str) -> bool {
        G::parse_side(name).is_some()
    }

    fn move_codes(&self) -> &'static [&'static str] {
        G::MOVE_CODES
    }

    fn foul_kinds(&self) -> &'static [&'static str] {
        G::FOUL_KINDS
    }

    fn capabilities(&self) -> Capabilities {
        Capabilities {
            rules: true,
            search: self.search.is_some(),
            player: self.search.is_some(),
        }
    }

    fn plays_with(&self) -> Algorithm {
        self.search
            .as_ref()
            .map_or(Algorithm::AlphaBeta, |hook| hook.plays_with)
    }

    fn params(&self) -> Option<ParamsFile> {
        self.search.as_ref().map(|hook| hook.params.clone())
    }

    fn data_files(&self) -> &'static [DataFile] {
        self.search.as_ref().map_or(&[], |hook| hook.data_files)
    }

    fn reproducible(&self) -> bool {
        true
    }

    fn position(
        &self,
        variant: &str,
        request: &PositionRequest,
    ) -> Result<Box<dyn Position>, PositionError> {
        let variant = Self::parse_variant(variant)?;
        let mut game = if let Some(text) = &request.text {
            let setup = G::parse_position(&variant, text)
                .map_err(|e| PositionError::Notation(e.message))?;
            Self::validated(&variant, &setup)?
        } else if let Some((diagram, side)) = &request.board {
            let side = Self::parse_side(side)?;
            let setup = G::parse_diagram(&variant, diagram, side)
                .map_err(|e| PositionError::Notation(e.message))?;
            Self::validated(&variant, &setup)?
        } else {
            G::start(&variant)
        };
        let mut moves = request.moves.clone();
        if let Some(text) = &request.move_text {
            moves.extend(G::split_moves(text));
        }
        for (index, text) in moves.iter().enumerate() {
            let refusal = |reason| PositionError::IllegalMove {
                index: index + 1,
                text: text.clone(),
                reason,
            };
            let mv = game
                .parse_move(text)
                .map_err(|e| refusal(notation_refusal(&e.message)))?;
            game.play(mv).map_err(|e| {
                refusal(Refusal {
                    code: e.code.to_owned(),
                    detail: e.detail,
                })
            })?;
        }
        Ok(Box::new(EmbeddedPosition {
            game,
            search: self.search.clone(),
        }))
    }
}

fn notation_refusal(message: &str) -> Refusal {
    Refusal {
        code: "notation".to_owned(),
        detail: message.to_owned(),
    }
}

/// A position of an embedded engine.
struct EmbeddedPosition<G: Game> {
    game: G,
    search: Option<SearchHook<G>>,
}

impl<G: Game> EmbeddedPosition<G> {
    /// A search report in text: moves of the principal variation are formatted in the
    /// positions they are played from.
    fn describe(&self, report: Report<G::Move>) -> SearchReport {
        let result = report.result;
        let mut game = self.game.clone();
        let mut pv = Vec::with_capacity(result.pv.len());
        for &mv in &result.pv {
            pv.push(game.format_move(mv));
            if game.play(mv).is_err() {
                break;
            }
        }
        SearchReport {
            best: result.best.map(|mv| self.game.format_move(mv)),
            score: result.score,
            depth: result.depth,
            nodes: result.nodes,
            pv,
            proven: report.proven,
        }
    }

    /// An outcome as text, with the rules' final score.
    fn view(&self, outcome: arbiter_core::Outcome) -> OutcomeView {
        OutcomeView {
            winner: outcome.winner.map(|side| G::side_name(side).to_owned()),
            reason: outcome.reason.name().to_owned(),
            score: self
                .game
                .final_score()
                .map(|score| (score.raw, score.empties_to_winner)),
        }
    }

    fn parse(&self, text: &str) -> Result<G::Move, Refusal> {
        self.game
            .parse_move(text)
            .map_err(|e| notation_refusal(&e.message))
    }
}

impl<G: Game> Position for EmbeddedPosition<G> {
    fn to_move(&self) -> String {
        G::side_name(self.game.side_to_move()).to_owned()
    }

    fn is_to_move(&self, name: &str) -> bool {
        G::parse_side(name) == Some(self.game.side_to_move())
    }

    fn is_winner(&self, name: &str) -> Answered<bool> {
        Ok(match self.game.outcome() {
            Some(outcome) if name.eq_ignore_ascii_case("draw") => outcome.winner.is_none(),
            Some(outcome) => outcome.winner.is_some() && G::parse_side(name) == outcome.winner,
            None => false,
        })
    }

    fn legal_moves(&self) -> Answered<Vec<String>> {
        let mut moves = Vec::new();
        self.game.generate_moves(&mut moves);
        Ok(moves
            .into_iter()
            .map(|mv| self.game.format_move(mv))
            .collect())
    }

    fn canonical(&self, text: &str) -> Result<String, Refusal> {
        self.parse(text).map(|mv| self.game.format_move(mv))
    }

    fn chance_events(&self) -> Option<Vec<(String, u32)>> {
        if !self.game.is_chance() {
            return None;
        }
        let mut events = Vec::new();
        self.game.generate_moves(&mut events);
        Some(
            events
                .into_iter()
                .map(|event| (self.game.format_move(event), self.game.chance_weight(event)))
                .collect(),
        )
    }

    fn check(&self, text: &str) -> Answered<Result<(), Refusal>> {
        Ok(self.parse(text).and_then(|mv| {
            self.game.check_move(mv).map_err(|e| Refusal {
                code: e.code.to_owned(),
                detail: e.detail,
            })
        }))
    }

    fn play(&mut self, text: &str) -> Result<(), Refusal> {
        let mv = self.parse(text)?;
        self.game.play(mv).map(|_| ()).map_err(|e| Refusal {
            code: e.code.to_owned(),
            detail: e.detail,
        })
    }

    fn outcome(&self) -> Answered<Option<OutcomeView>> {
        Ok(self.game.outcome().map(|outcome| self.view(outcome)))
    }

    fn outcome_with_dead(&self, dead: &[String]) -> Option<Result<OutcomeView, Refusal>> {
        // A game without dead stones (or a position that is no such end) answers `None`
        // whatever the list says.
        let _ = self.game.outcome_with_dead(&[])?;
        let points: Vec<G::Move> = match dead.iter().map(|point| self.parse(point)).collect() {
            Ok(points) => points,
            Err(refusal) => return Some(Err(refusal)),
        };
        Some(
            self.game
                .outcome_with_dead(&points)?
                .map(|(outcome, score)| OutcomeView {
                    score: Some((score.raw, score.empties_to_winner)),
                    ..self.view(outcome)
                })
                .map_err(|e| Refusal {
                    code: e.code.to_owned(),
                    detail: e.detail,
                }),
        )
    }

    fn play_out(&self) -> Option<Box<dyn Position>> {
        let game = self.game.play_out()?;
        Some(Box::new(EmbeddedPosition {
            game,
            search: self.search.clone(),
        }))
    }

    fn perft(&mut self, depth: u32, convention: PerftConvention) -> Answered<u64> {
        Ok(self.game.perft(depth, convention))
    }

    fn perft_within(
        &mut self,
        depth: u32,
        convention: PerftConvention,
        max_nodes: u64,
    ) -> Answered<Option<u64>> {
        Ok(self.game.perft_within(depth, convention, max_nodes))
    }

    fn perft_profile_within(
        &mut self,
        depth: u32,
        max_nodes: u64,
    ) -> Option<Option<arbiter_core::PerftProfile>> {
        Some(self.game.perft_profile_within(depth, max_nodes))
    }

    fn longest_game(&self) -> Option<u32> {
        self.game.longest_game()
    }

    fn diagram(&self) -> String {
        self.game.diagram()
    }

    fn text(&self) -> String {
        self.game.format_position()
    }

    fn same_board(&self, diagram: &str) -> Answered<Result<bool, String>> {
        // Parse the diagram with our own side to move, so only the cells are compared.
        let variant = self.game.variant();
        let compare = || {
            let setup = G::parse_diagram(variant, diagram, self.game.side_to_move())
                .map_err(|e| e.message)?;
            let expected = G::from_setup(variant, &setup).map_err(|problems| {
                let problems: Vec<String> = problems.into_iter().map(|p| p.message).collect();
                format!("impossible board: {}", problems.join("; "))
            })?;
            Ok(board_part(&expected.format_position()) == board_part(&self.game.format_position()))
        };
        Ok(compare())
    }

    fn picture(&self, marks: &[super::Mark<String>]) -> Option<String> {
        let marks: Vec<super::Mark<G::Move>> = marks
            .iter()
            .filter_map(|mark| {
                let mv = self.game.parse_move(&mark.mv).ok()?;
                Some(super::Mark {
                    mv,
                    role: mark.role,
                    note: mark.note.clone(),
                })
            })
            .collect();
        self.game.picture(&marks)
    }

    fn forbidden(&self) -> Answered<Option<Vec<(String, String)>>> {
        Ok(self.game.forbidden_moves().map(|points| {
            points
                .into_iter()
                .map(|(mv, reason)| (self.game.format_move(mv), reason.to_owned()))
                .collect()
        }))
    }

    fn search(
        &self,
        algorithm: Algorithm,
        budget: Budget,
        params_yaml: Option<&str>,
    ) -> Result<SearchReport, SearchFailure> {
        let Some(hook) = &self.search else {
            return Err(SearchFailure::unsupported(format!(
                "the embedded {} engine has no search",
                G::NAME
            )));
        };
        let request = SearchRequest { algorithm, budget };
        let yaml = params_yaml.unwrap_or(hook.params.yaml);
        let report = (hook.search)(&self.game, request, yaml)?;
        Ok(self.describe(report))
    }

    fn tree_counts(&self, max_nodes: u64) -> Option<TreeCounts> {
        let max_positions = usize::try_from(max_nodes / 8)
            .unwrap_or(usize::MAX)
            .min(MAX_TREE_POSITIONS);
        arbiter_core::tree_counts(&self.game, max_nodes, max_positions)
    }
}

/// The one-line form without its side-to-move suffix (everything before the last space).
fn board_part(text: &str) -> &str {
    text.rsplit_once(' ').map_or(text, |(board, _)| board)
}

/// The most distinct positions a tree walk keeps (their one-line forms, about 100 bytes each):
/// a walk that would hold more stops, so that its memory is bounded as well as its time.
const MAX_TREE_POSITIONS: usize = 1 << 20;
