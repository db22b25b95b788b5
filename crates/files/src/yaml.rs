//! What the YAML reader's own errors mean, in words, and where they are; and [`OneOf`], the
//! one visitor of the values a file may write in more than one form.

use std::fmt;
use std::marker::PhantomData;
use std::path::Path;

use serde::Deserializer;
use serde::de::{self, MapAccess, SeqAccess, Unexpected, Visitor};

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

/// A value a file may write in more than one form (a boolean, a number, a string, a list or a
/// map), read through [`deserialize_one_of`] by one shared visitor: a type gives a hook for
/// each form it takes, and every other form is refused as serde refuses it ("invalid type:
/// …, expected [`OneOf::EXPECTING`]").
pub trait OneOf<'de>: Sized {
    /// What a value looks like, in the refusals.
    const EXPECTING: &'static str;

    /// The value written as `true` or `false`.
    ///
    /// # Errors
    /// Refused unless the type takes a boolean.
    fn from_bool<E: de::Error>(value: bool) -> Result<Self, E> {
        Err(E::invalid_type(Unexpected::Bool(value), &Self::EXPECTING))
    }

    /// The value written as a negative (or any signed) integer.
    ///
    /// # Errors
    /// Refused unless the type takes an integer.
    fn from_i64<E: de::Error>(value: i64) -> Result<Self, E> {
        Err(E::invalid_type(Unexpected::Signed(value), &Self::EXPECTING))
    }

    /// The value written as a non-negative integer.
    ///
    /// # Errors
    /// Refused unless the type takes an integer.
    fn from_u64<E: de::Error>(value: u64) -> Result<Self, E> {
        Err(E::invalid_type(
            Unexpected::Unsigned(value),
            &Self::EXPECTING,
        ))
    }

    /// The value written as a string.
    ///
    /// # Errors
    /// Refused unless the type takes a string.
    fn from_str<E: de::Error>(text: &str) -> Result<Self, E> {
        Err(E::invalid_type(Unexpected::Str(text), &Self::EXPECTING))
    }

    /// The value written as a list.
    ///
    /// # Errors
    /// Refused unless the type takes a list.
    fn from_seq<A: SeqAccess<'de>>(seq: A) -> Result<Self, A::Error> {
        let _ = seq;
        Err(de::Error::invalid_type(Unexpected::Seq, &Self::EXPECTING))
    }

    /// The value written as a map.
    ///
    /// # Errors
    /// Refused unless the type takes a map.
    fn from_map<A: MapAccess<'de>>(map: A) -> Result<Self, A::Error> {
        let _ = map;
        Err(de::Error::invalid_type(Unexpected::Map, &Self::EXPECTING))
    }
}

/// Reads a [`OneOf`] value in whichever form it is written.
///
/// # Errors
/// The type's refusal of the form, or the reader's error.
pub fn deserialize_one_of<'de, T: OneOf<'de>, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<T, D::Error> {
    deserializer.deserialize_any(OneOfVisitor(PhantomData))
}

/// Implements `Deserialize` for each [`OneOf`] type named, through [`deserialize_one_of`] (the
/// caller depends on serde).
#[macro_export]
macro_rules! one_of_deserialize {
    ($($ty:ty),* $(,)?) => {
        $(
            impl<'de> serde::Deserialize<'de> for $ty {
                fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                    $crate::yaml::deserialize_one_of(deserializer)
                }
            }
        )*
    };
}

/// The one visitor of every [`OneOf`] type: each form to its hook.
struct OneOfVisitor<T>(PhantomData<T>);

impl<'de, T: OneOf<'de>> Visitor<'de> for OneOfVisitor<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(T::EXPECTING)
    }

    fn visit_bool<E: de::Error>(self, value: bool) -> Result<T, E> {
        T::from_bool(value)
    }

    fn visit_i64<E: de::Error>(self, value: i64) -> Result<T, E> {
        T::from_i64(value)
    }

    fn visit_u64<E: de::Error>(self, value: u64) -> Result<T, E> {
        T::from_u64(value)
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<T, E> {
        T::from_str(text)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<T, A::Error> {
        T::from_seq(seq)
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<T, A::Error> {
        T::from_map(map)
    }
}
