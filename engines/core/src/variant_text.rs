//! The text forms of the variant types whose names follow from a table, written once.
//!
//! Rust wants `Display` and `FromStr` implemented for each variant type (a blanket impl of a
//! foreign trait is not allowed), and those impls are the same few lines in every game whose
//! variants are a fixed list of names or a rule and a board size. The two macros here write
//! them from the game's table, so that a game states only its names.

/// Implements `Display`, `FromStr` and [`Variant`](crate::Variant) for a variant type whose
/// variants are a fixed list, each with its name: `Display` writes the name, `FromStr` reads it
/// ignoring surrounding white space ([`parse_variant`](crate::parse_variant), which names the
/// game and the variants in its error), `Variant::names` lists the names in table order and
/// `Variant::GAME` is `game`. `in_messages` names the game in the error instead of `game`
/// where the two differ.
///
/// ```
/// #[derive(Clone, Copy, Debug, Default, PartialEq)]
/// enum Board {
///     #[default]
///     Small,
///     Large,
/// }
///
/// arbiter_core::named_variants! {
///     type: Board,
///     game: "toy",
///     names: { Board::Small => "small", Board::Large => "large" },
/// }
///
/// assert_eq!(" large ".parse::<Board>(), Ok(Board::Large));
/// assert_eq!(Board::Small.to_string(), "small");
/// assert_eq!(<Board as arbiter_core::Variant>::names(), ["small", "large"]);
/// assert_eq!(
///     "huge".parse::<Board>(),
///     Err("unknown toy variant `huge`: expected `small` or `large`".to_owned())
/// );
/// ```
#[macro_export]
macro_rules! named_variants {
    (
        type: $variant:ty,
        game: $game:literal,
        names: { $($value:path => $name:literal),+ $(,)? } $(,)?
    ) => {
        $crate::named_variants! {
            type: $variant,
            game: $game,
            in_messages: $game,
            names: { $($value => $name),+ },
        }
    };
    (
        type: $variant:ty,
        game: $game:literal,
        in_messages: $message_game:literal,
        names: { $($value:path => $name:literal),+ $(,)? } $(,)?
    ) => {
        impl ::std::fmt::Display for $variant {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(match self {
                    $($value => $name,)+
                })
            }
        }

        impl ::std::str::FromStr for $variant {
            type Err = ::std::string::String;

            fn from_str(text: &str) -> ::std::result::Result<Self, Self::Err> {
                $crate::parse_variant($message_game, text, &[$($value),+])
            }
        }

        impl $crate::Variant for $variant {
            const GAME: &'static str = $game;

            fn names() -> ::std::vec::Vec<::std::string::String> {
                ::std::vec![$(::std::string::String::from($name)),+]
            }
        }
    };
}

/// Implements `Display`, `FromStr` and [`Variant`](crate::Variant) for a variant type that is a
/// rule and a board size (fields `$rule` and `$size`), through the game's
/// [`SizedVariants`](crate::SizedVariants) grammar `$grammar`: `Display` is
/// [`SizedVariants::write`](crate::SizedVariants::write), `FromStr`
/// [`SizedVariants::parse`](crate::SizedVariants::parse) with its errors, `Variant::GAME` the
/// grammar's game and `Variant::names` [`SizedVariants::names`](crate::SizedVariants::names).
///
/// ```
/// use arbiter_core::SizedVariants;
///
/// #[derive(Clone, Copy, Debug, PartialEq)]
/// enum Rule {
///     Plain,
///     Swap,
/// }
///
/// #[derive(Clone, Debug, PartialEq)]
/// struct Toy {
///     rule: Rule,
///     size: u8,
/// }
///
/// impl Default for Toy {
///     fn default() -> Toy {
///         Toy { rule: Rule::Plain, size: 5 }
///     }
/// }
///
/// const VARIANTS: SizedVariants<Rule> = SizedVariants::new(
///     "toy",
///     &[("plain", Rule::Plain), ("swap", Rule::Swap)],
///     3,
///     9,
///     5,
///     &[5, 3],
/// );
///
/// arbiter_core::sized_variant_text!(Toy { rule, size } by VARIANTS);
///
/// assert_eq!("swap@7".parse::<Toy>(), Ok(Toy { rule: Rule::Swap, size: 7 }));
/// assert_eq!(Toy { rule: Rule::Plain, size: 5 }.to_string(), "plain");
/// assert!("plain@10".parse::<Toy>().is_err());
/// assert_eq!(<Toy as arbiter_core::Variant>::GAME, "toy");
/// assert_eq!(
///     <Toy as arbiter_core::Variant>::names(),
///     ["plain", "plain@3", "swap", "swap@3"]
/// );
/// ```
#[macro_export]
macro_rules! sized_variant_text {
    ($variant:ident { $rule:ident, $size:ident } by $grammar:path) => {
        impl ::std::fmt::Display for $variant {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                $grammar.write(f, self.$rule, self.$size)
            }
        }

        impl ::std::str::FromStr for $variant {
            type Err = ::std::string::String;

            fn from_str(text: &str) -> ::std::result::Result<$variant, ::std::string::String> {
                let ($rule, $size) = $grammar.parse(text)?;
                ::std::result::Result::Ok($variant { $rule, $size })
            }
        }

        impl $crate::Variant for $variant {
            const GAME: &'static str = $grammar.game;

            fn names() -> ::std::vec::Vec<::std::string::String> {
                $grammar.names()
            }
        }
    };
}
