//! Perft walks shared between the cases of one run.
//!
//! Two cases that count perft from the same position (Othello's start under both
//! conventions; Dots and Boxes 2×2 to depth 10 and to 11) need one walk between them: a
//! walk to the deeper depth counts every shallower one under both conventions
//! ([`arbiter_core::PerftProfile`]). The engine still counts every figure checked; the run
//! keeps its walk so that the same question is not asked twice.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use arbiter_core::PerftProfile;

/// The position a spec case counts from, as text: `engine` (a name or an index), the
/// variant, the file and the position as the file describes it. The same text means the same
/// position, history included, so the cases that give it can share one walk.
pub(crate) fn position_text(
    engine: impl std::fmt::Display,
    variant: &str,
    file: &std::path::Path,
    position: &crate::spec::model::PositionSpec,
) -> String {
    format!(
        "{engine}\n{variant}\n{}\n{:?}",
        file.display(),
        super::position_request(position)
    )
}

/// Which walk a case needs: the engine, the variant, the case's position as its spec file
/// describes it (the same description sets up the same position, history included) and the
/// walk's budget.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct WalkKey(pub(crate) String);

/// The perft walks of a run, by [`WalkKey`]: the deepest complete walk made so far.
#[derive(Debug, Default)]
pub(crate) struct PerftWalks {
    walks: Mutex<HashMap<WalkKey, Arc<Mutex<Option<PerftProfile>>>>>,
}

impl PerftWalks {
    /// The counts of a walk to at least `depth` for `key`: a stored walk deep enough, else
    /// `walk()` (its complete profile is kept if deeper than the stored one). A case asking
    /// for a walk another case is making waits for it, rather than making it again.
    pub(crate) fn walk<E>(
        &self,
        key: WalkKey,
        depth: u32,
        walk: impl FnOnce() -> Result<Option<PerftProfile>, E>,
    ) -> Result<Option<PerftProfile>, E> {
        let slot = Arc::clone(
            self.walks
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .entry(key)
                .or_default(),
        );
        let mut stored = slot.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(profile) = stored.as_ref().filter(|profile| profile.depth() >= depth) {
            return Ok(Some(profile.clone()));
        }
        let walked = walk()?;
        if let Some(profile) = &walked
            && stored
                .as_ref()
                .is_none_or(|kept| kept.depth() < profile.depth())
        {
            *stored = Some(profile.clone());
        }
        Ok(walked)
    }
}
