//! What the YAML reader's own errors mean, in words, and where they are.

use std::path::Path;

use crate::SpecError;

/// A [`SpecError`] at serde-saphyr's `location` in `text` (its 1-based line and column), or on
/// the whole file when the reader gave none.
#[must_use]
pub fn error_at(
    path: &Path,
    text: &str,
    location: Option<serde_saphyr::Location>,
    message: impl Into<String>,
) -> SpecError {
    match location {
        Some(location) => SpecError::at(
            path,
            text,
            location.line() as usize,
            location.column() as usize,
            message,
        ),
        None => SpecError::file(path, message),
    }
}

/// A breach of serde-saphyr's budget (which guards against alias bombs and huge documents)
/// said in words with the default limit, instead of its debug form.
#[must_use]
pub fn budget_words(error: &serde_saphyr::Error) -> Option<String> {
    use serde_saphyr::budget::BudgetBreach as B;
    let mut inner = error.without_snippet();
    while let serde_saphyr::Error::AliasError { error, .. } = inner {
        inner = error.without_snippet();
    }
    let serde_saphyr::Error::Budget { breach, .. } = inner else {
        return None;
    };
    let limits = serde_saphyr::Budget::default();
    let over = |what: &str, seen: usize, limit: usize| {
        format!("the YAML is too large: {seen} {what}, above the limit of {limit}")
    };
    Some(match breach {
        B::Events { events } => over("parser events", *events, limits.max_events),
        B::Aliases { aliases } => over("aliases (`*name`)", *aliases, limits.max_aliases),
        B::Anchors { anchors } => over("anchors (`&name`)", *anchors, limits.max_anchors),
        B::Depth { depth } => over("levels of nesting", *depth, limits.max_depth),
        B::Documents { documents } => over("documents", *documents, limits.max_documents),
        B::Nodes { nodes } => over("nodes", *nodes, limits.max_nodes),
        B::ScalarBytes { total_scalar_bytes } => over(
            "bytes of values",
            *total_scalar_bytes,
            limits.max_total_scalar_bytes,
        ),
        B::AliasAnchorRatio { aliases, anchors } => format!(
            "the YAML expands too much: {aliases} aliases (`*name`) for {anchors} anchors \
             (`&name`), more than {} per anchor",
            limits.alias_anchor_ratio_multiplier
        ),
        other => format!("the YAML exceeds a size limit of the reader ({other:?})"),
    })
}
