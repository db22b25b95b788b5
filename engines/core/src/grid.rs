//! The text forms of a rectangular board, written once for every grid game: the one-line
//! position (rows joined by `/`, runs of empty cells as numbers), the board diagram (one text
//! row per board row, with optional coordinate labels), side names, and the eight symmetries
//! of a square board.
//!
//! A game describes its board with a [`Grid`] (size, and whether row 1 is at the bottom, as in
//! chess and go notation, or at the top, as in Othello) and its cells with two small functions:
//! a reader from a character (`None` for a character the game does not know) and a writer to
//! one. Cells travel as a slice in *a1 order*: row 1 first, each row from column `a`; index
//! `(row - 1) * width + column`, whatever the row order on paper. The games then only map their
//! own cell contents, not the text layout.
//!
//! Errors are [`NotationError`]s that name the row and what was expected, with the game's word
//! for a cell (`squares`, `points`, `cells`) and the characters it reads (`W, B, x or .`).

use crate::{NotationError, Side};

/// Which board row the text writes first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RowOrder {
    /// Row 1 is the bottom row, written last (chess, go, Amazons, Connect6, Surakarta).
    BottomIsOne,
    /// Row 1 is the top row, written first (Othello, tic-tac-toe).
    TopIsOne,
}

/// The coordinate labels of a diagram.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Labels {
    /// Cells only: rows of cells separated by single spaces.
    None,
    /// A line of column letters on top, each row's number on its left.
    Left,
    /// Column letters above and below, row numbers on both sides.
    Around,
}

/// A rectangular board as text: its size and row order, and the word and legend its messages
/// use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    pub width: usize,
    pub height: usize,
    pub rows: RowOrder,
    /// The game's word for its cells in messages: `squares`, `points`, `cells`.
    pub unit: &'static str,
    /// The cell characters a message lists as expected: `W, B, x or .`.
    pub legend: &'static str,
}

impl Grid {
    /// A `size` x `size` board with `rows` in that order, `unit` the game's word for its
    /// cells and `legend` the cell characters its messages list.
    #[must_use]
    pub const fn square(
        size: usize,
        rows: RowOrder,
        unit: &'static str,
        legend: &'static str,
    ) -> Grid {
        Grid {
            width: size,
            height: size,
            rows,
            unit,
            legend,
        }
    }

    /// The number (from 1) of the board row written `k`-th (from 0) in the text.
    #[must_use]
    pub const fn row_number(&self, k: usize) -> usize {
        match self.rows {
            RowOrder::BottomIsOne => self.height - k,
            RowOrder::TopIsOne => k + 1,
        }
    }

    /// The a1-order index of the cell in the text row `k` (from 0), column `column`.
    #[must_use]
    pub const fn index(&self, k: usize, column: usize) -> usize {
        (self.row_number(k) - 1) * self.width + column
    }

    /// Checks that a text `form` (`position` or `diagram`) has `rows` rows, the grid's height.
    ///
    /// # Errors
    /// A [`NotationError`] saying how many rows the form has and how many it should have.
    fn check_row_count(&self, form: &str, rows: usize) -> Result<(), NotationError> {
        if rows == self.height {
            Ok(())
        } else {
            Err(NotationError::new(format!(
                "the {form} has {rows} rows: expected {}",
                self.height
            )))
        }
    }

    /// Reads the rows part of a one-line position: `height` rows joined by `/`, written in the
    /// grid's row order, each a run of cell characters in which a decimal number stands for
    /// that many `empty` cells. Returns the cells in a1 order.
    ///
    /// # Errors
    /// A [`NotationError`] for a wrong number of rows, a row of the wrong length, or a
    /// character `read` does not know.
    pub fn parse_rows<C: Copy>(
        &self,
        text: &str,
        empty: C,
        read: impl Fn(char) -> Option<C>,
    ) -> Result<Vec<C>, NotationError> {
        let rows: Vec<&str> = text.split('/').collect();
        self.check_row_count("position", rows.len())?;
        let mut cells = vec![empty; self.width * self.height];
        for (k, row) in rows.iter().enumerate() {
            let too_long = || {
                NotationError::new(format!(
                    "row `{row}` is longer than {} {}",
                    self.width, self.unit
                ))
            };
            let mut column = 0usize;
            let mut run = 0usize;
            for c in row.chars() {
                if let Some(digit) = c.to_digit(10) {
                    // A number (of any length) is a run of empty cells.
                    run = run * 10 + digit as usize;
                    if column + run > self.width {
                        return Err(too_long());
                    }
                    continue;
                }
                column += std::mem::take(&mut run);
                let cell = read(c).ok_or_else(|| {
                    NotationError::new(format!(
                        "unknown character `{c}` in row `{row}`: expected {} or a number",
                        self.legend
                    ))
                })?;
                if column >= self.width {
                    return Err(too_long());
                }
                cells[self.index(k, column)] = cell;
                column += 1;
            }
            column += run;
            if column != self.width {
                return Err(NotationError::new(format!(
                    "row `{row}` has {column} {}: expected {}",
                    self.unit, self.width
                )));
            }
        }
        Ok(cells)
    }

    /// Writes cells (a1 order) as the rows part of a one-line position: rows in the grid's
    /// order joined by `/`; `write` gives a cell's character, or `None` for an empty cell,
    /// and runs of empty cells are written as numbers when `runs` (else as `empty`).
    #[must_use]
    pub fn format_rows<C: Copy>(
        &self,
        cells: &[C],
        runs: bool,
        empty: char,
        write: impl Fn(C) -> Option<char>,
    ) -> String {
        let mut out = String::new();
        for k in 0..self.height {
            if k > 0 {
                out.push('/');
            }
            let mut run = 0;
            for column in 0..self.width {
                match write(cells[self.index(k, column)]) {
                    None if runs => run += 1,
                    None => out.push(empty),
                    Some(c) => {
                        if run > 0 {
                            out.push_str(&run.to_string());
                            run = 0;
                        }
                        out.push(c);
                    }
                }
            }
            if run > 0 {
                out.push_str(&run.to_string());
            }
        }
        out
    }

    /// Reads a one-line position of the common form, the rows (as [`Grid::parse_rows`]), a
    /// space and the side to move (one of `sides`, as [`parse_side`]), e.g. `3B2B3/10/…/3W2W3
    /// white`. Returns the cells in a1 order and the side to move.
    ///
    /// # Errors
    /// A [`NotationError`] for text of another form, naming the form, or the error of the
    /// rows or the side.
    pub fn parse_line<C: Copy>(
        &self,
        text: &str,
        empty: C,
        read: impl Fn(char) -> Option<C>,
        sides: [&[&str]; 2],
    ) -> Result<(Vec<C>, Side), NotationError> {
        let Some((rows, side)) = board_and_side(text) else {
            return Err(NotationError::new(format!(
                "`{text}` is not a position: expected `<rows separated by /> <{}|{}>`",
                sides[0].first().copied().unwrap_or("first"),
                sides[1].first().copied().unwrap_or("second")
            )));
        };
        let to_move = parse_side(side, sides)?;
        Ok((self.parse_rows(rows, empty, read)?, to_move))
    }

    /// Writes the one-line position that [`Grid::parse_line`] reads: the rows (as
    /// [`Grid::format_rows`]), a space and `side`, the side to move's name.
    #[must_use]
    pub fn format_line<C: Copy>(
        &self,
        cells: &[C],
        runs: bool,
        empty: char,
        write: impl Fn(C) -> Option<char>,
        side: &str,
    ) -> String {
        format!("{} {side}", self.format_rows(cells, runs, empty, write))
    }

    /// Reads a board diagram: `height` rows of `width` cells in the grid's row order, spaces
    /// between cells optional. Blank lines and lines of column letters (`a b c …`) are skipped;
    /// a row may carry its number at either end, which must then be the right one. Returns the
    /// cells in a1 order. Every cell is written, so no empty value is needed (unlike
    /// [`Grid::parse_rows`], whose numbers stand for runs of empty cells).
    ///
    /// # Errors
    /// A [`NotationError`] for a wrong number of rows, a row of the wrong length or with the
    /// wrong number, or a character `read` does not know.
    pub fn parse_diagram<C>(
        &self,
        diagram: &str,
        read: impl Fn(char) -> Option<C>,
    ) -> Result<Vec<C>, NotationError> {
        let rows: Vec<&str> = diagram
            .lines()
            .map(str::trim)
            .filter(|line| !line.is_empty() && !self.is_letter_line(line))
            .collect();
        self.check_row_count("diagram", rows.len())?;
        // The rows in the text's order, each read from column `a`.
        let mut text_rows = Vec::with_capacity(self.height);
        for (k, line) in rows.iter().enumerate() {
            let number = self.row_number(k);
            let body = strip_row_number(line, number)?;
            let row_cells: Vec<char> = body.chars().filter(|c| !c.is_whitespace()).collect();
            if row_cells.len() != self.width {
                return Err(NotationError::new(format!(
                    "diagram row {number} (`{line}`) has {} cells: expected {}",
                    row_cells.len(),
                    self.width
                )));
            }
            let row = row_cells
                .into_iter()
                .map(|c| {
                    read(c).ok_or_else(|| {
                        NotationError::new(format!(
                            "unknown diagram character `{c}` in row {number}: expected {}",
                            self.legend
                        ))
                    })
                })
                .collect::<Result<Vec<C>, NotationError>>()?;
            text_rows.push(row);
        }
        // a1 order: row 1 first, which the text writes last when row 1 is at the bottom.
        if self.rows == RowOrder::BottomIsOne {
            text_rows.reverse();
        }
        Ok(text_rows.into_iter().flatten().collect())
    }

    /// Writes cells (a1 order) as a diagram: rows in the grid's order, cells separated by
    /// spaces, with `labels`; row numbers are right-aligned in `number_width` characters and
    /// every line but the last ends in a newline (with labels, every line does).
    #[must_use]
    pub fn format_diagram<C: Copy>(
        &self,
        cells: &[C],
        labels: Labels,
        number_width: usize,
        write: impl Fn(C) -> char,
    ) -> String {
        let letters: Vec<String> = (0..self.width)
            .map(|c| column_letter(c).to_string())
            .collect();
        let header = format!(
            "{:width$} {}\n",
            "",
            letters.join(" "),
            width = number_width
        );
        let mut out = String::new();
        if labels != Labels::None {
            out.push_str(&header);
        }
        for k in 0..self.height {
            let number = self.row_number(k);
            let row: Vec<String> = (0..self.width)
                .map(|column| write(cells[self.index(k, column)]).to_string())
                .collect();
            match labels {
                Labels::None => {
                    if k > 0 {
                        out.push('\n');
                    }
                    out.push_str(&row.join(" "));
                }
                Labels::Left => {
                    out.push_str(&format!("{number:>number_width$} {}\n", row.join(" ")));
                }
                Labels::Around => out.push_str(&format!(
                    "{number:>number_width$} {} {number}\n",
                    row.join(" ")
                )),
            }
        }
        if labels == Labels::Around {
            out.push_str(&header);
        }
        out
    }

    /// Whether `line` is this board's line of column letters (`a b c …`, spaces optional).
    fn is_letter_line(&self, line: &str) -> bool {
        let letters: String = line.chars().filter(|c| !c.is_whitespace()).collect();
        letters.len() == self.width
            && letters
                .chars()
                .enumerate()
                .all(|(i, c)| c.to_ascii_lowercase() == column_letter(i))
    }
}

/// The cell characters of a board with one kind of stone per side: each side's letter, read
/// in either case, and the characters that stand for an empty cell, the first of which is
/// written. The `read` and `write` of [`Grid`]'s readers and writers for such games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stones {
    /// The letter of [`Side::First`]'s stones, as written.
    pub first: char,
    /// The letter of [`Side::Second`]'s stones, as written.
    pub second: char,
    /// The characters of an empty cell; the first is written.
    pub empty: &'static str,
}

impl Stones {
    /// The letters `first` and `second` of the two sides' stones and the characters `empty`
    /// of an empty cell (the first written).
    #[must_use]
    pub const fn new(first: char, second: char, empty: &'static str) -> Stones {
        Stones {
            first,
            second,
            empty,
        }
    }

    /// The cell `c` stands for: `Some(Some(side))` for a stone, `Some(None)` for an empty
    /// cell, `None` for any other character.
    #[must_use]
    pub fn read(&self, c: char) -> Option<Option<Side>> {
        if c.eq_ignore_ascii_case(&self.first) {
            Some(Some(Side::First))
        } else if c.eq_ignore_ascii_case(&self.second) {
            Some(Some(Side::Second))
        } else if self.empty.contains(c) {
            Some(None)
        } else {
            None
        }
    }

    /// The character of `cell`: its side's letter, or the first empty character.
    #[must_use]
    pub fn write(&self, cell: Option<Side>) -> char {
        match cell {
            Some(Side::First) => self.first,
            Some(Side::Second) => self.second,
            None => self.empty.chars().next().unwrap_or('.'),
        }
    }
}

/// How a game letters its columns in a square's name (`c4`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Letters {
    /// `a`, `b`, `c`, … with no letter skipped (chess, Othello, Hex, renju).
    Consecutive,
    /// `a` … `h`, `j`, … with no `i` (Go, as GTP writes vertices: `A1`–`T19`).
    SkipI,
}

impl Letters {
    /// The letter of column `column` (from 0), lower case.
    #[must_use]
    pub fn letter(self, column: usize) -> char {
        match self {
            Letters::Consecutive => column_letter(column),
            Letters::SkipI if column >= 8 => column_letter(column + 1),
            Letters::SkipI => column_letter(column),
        }
    }

    /// The column (from 0) of `letter` in either case, or `None` for a character that is no
    /// column letter (`i` under [`Letters::SkipI`]).
    #[must_use]
    pub fn column(self, letter: char) -> Option<usize> {
        let lower = letter.to_ascii_lowercase();
        if !lower.is_ascii_lowercase() {
            return None;
        }
        let index = usize::from(lower as u8 - b'a');
        match self {
            Letters::Consecutive => Some(index),
            Letters::SkipI if lower == 'i' => None,
            Letters::SkipI if index > 8 => Some(index - 1),
            Letters::SkipI => Some(index),
        }
    }
}

/// The name of the square in `column` and `row` (both from 0): a column letter and a row
/// number from 1, as `c4` (row 0 is row 1, wherever the grid writes it on paper).
#[must_use]
pub fn format_square(letters: Letters, column: usize, row: usize) -> String {
    format!("{}{}", letters.letter(column), row + 1)
}

/// Reads a square's name, a column letter (either case) and a row number from 1 with no
/// leading zero, on a board `width` columns by `height` rows; returns `(column, row)` from 0.
/// `unit` is the game's word for its cells in the message (`square`, `point`, `cell`).
///
/// # Errors
/// A [`NotationError`] naming the board's range of letters and numbers.
pub fn parse_square(
    text: &str,
    letters: Letters,
    width: usize,
    height: usize,
    unit: &str,
) -> Result<(usize, usize), NotationError> {
    let bad = || {
        NotationError::new(format!(
            "`{text}` is not a {unit}: expected a file a-{} and a rank 1-{height}",
            letters.letter(width.saturating_sub(1)),
        ))
    };
    let mut chars = text.chars();
    let column = chars
        .next()
        .and_then(|letter| letters.column(letter))
        .ok_or_else(bad)?;
    let digits = chars.as_str();
    if digits.is_empty()
        || digits.len() > 2
        || !digits.bytes().all(|b| b.is_ascii_digit())
        || digits.starts_with('0')
    {
        return Err(bad());
    }
    let row = digits.parse::<usize>().map_err(|_| bad())? - 1;
    if column < width && row < height {
        Ok((column, row))
    } else {
        Err(bad())
    }
}

/// The `(column, row)` (both from 0) of the cell `index` of a board `size` cells wide whose
/// cells are numbered row by row from a1 (`row * size + column`), in any index width.
#[must_use]
#[inline]
pub fn coords_of(size: impl Into<usize>, index: impl Into<usize>) -> (usize, usize) {
    let (size, index) = (size.into(), index.into());
    (index % size, index / size)
}

/// The name ([`format_square`]) of the cell `index` of a board `size` cells wide numbered row
/// by row ([`coords_of`]).
#[must_use]
pub fn format_index(letters: Letters, size: impl Into<usize>, index: impl Into<usize>) -> String {
    let (column, row) = coords_of(size, index);
    format_square(letters, column, row)
}

/// Reads a square's name ([`parse_square`]) on a `size` x `size` board whose cells are
/// numbered row by row: the cell's index `row * size + column`, in the game's own index type.
///
/// # Errors
/// The [`NotationError`] of [`parse_square`], or one saying the cell is off the board when
/// its index does not fit the index type (never on a board the type was chosen for).
pub fn parse_index<T: TryFrom<usize>>(
    text: &str,
    letters: Letters,
    size: impl Into<usize>,
    unit: &str,
) -> Result<T, NotationError> {
    let size = size.into();
    let (column, row) = parse_square(text, letters, size, size, unit)?;
    T::try_from(row * size + column)
        .map_err(|_| NotationError::new(format!("`{text}` is off the board")))
}

/// Splits `text` after its leading square name, a letter and the digits that follow it, for
/// notations that write squares back to back (`j10k11`, `a1b1`): `Some(("j10", "k11"))`;
/// `None` when `text` does not start with a letter and a digit. The name is not checked:
/// [`parse_square`] reads it.
#[must_use]
pub fn split_square(text: &str) -> Option<(&str, &str)> {
    let mut chars = text.chars();
    if !chars.next()?.is_ascii_alphabetic() {
        return None;
    }
    // The letter is ASCII: one byte, and so is every digit.
    let digits = text[1..].bytes().take_while(u8::is_ascii_digit).count();
    (digits > 0).then(|| text.split_at(1 + digits))
}

/// The letter of column `column` (from 0): `a`, `b`, … with no letter skipped.
#[must_use]
pub fn column_letter(column: usize) -> char {
    // Boards have at most 26 columns; larger indices wrap rather than panic.
    char::from(b'a' + (column % 26) as u8)
}

/// `line` without the row number written at its start and/or its end.
///
/// # Errors
/// A [`NotationError`] when a number there is not `number`.
fn strip_row_number(line: &str, number: usize) -> Result<&str, NotationError> {
    let mut body = line;
    for _ in 0..2 {
        // Digits are ASCII, one byte each, so these counts are byte offsets on char boundaries.
        let leading = body.chars().take_while(char::is_ascii_digit).count();
        let trailing = body.chars().rev().take_while(char::is_ascii_digit).count();
        let (digits, rest) = if leading > 0 {
            (&body[..leading], &body[leading..])
        } else if trailing > 0 {
            let start = body.len() - trailing;
            (&body[start..], &body[..start])
        } else {
            break;
        };
        if digits.parse::<usize>().ok() != Some(number) {
            return Err(NotationError::new(format!(
                "diagram row {number} is labelled {digits}"
            )));
        }
        body = rest.trim();
    }
    Ok(body)
}

/// Splits a one-line position `<board> <side>` into its two words, or `None` when the text
/// has another number of words (the caller's error says which form it expected).
#[must_use]
pub fn board_and_side(text: &str) -> Option<(&str, &str)> {
    let mut words = text.split_whitespace();
    match (words.next(), words.next(), words.next()) {
        (Some(board), Some(side), None) => Some((board, side)),
        _ => None,
    }
}

/// Reads a side name: one of `names[0]` for [`Side::First`], one of `names[1]` for
/// [`Side::Second`], case-insensitively.
///
/// # Errors
/// A [`NotationError`] naming the two sides' first names.
pub fn parse_side(text: &str, names: [&[&str]; 2]) -> Result<Side, NotationError> {
    let text = text.trim();
    [Side::First, Side::Second]
        .into_iter()
        .find(|side| {
            names[side.index()]
                .iter()
                .any(|name| name.eq_ignore_ascii_case(text))
        })
        .ok_or_else(|| {
            NotationError::new(format!(
                "`{text}` is not a side: expected {} or {}",
                names[0].first().copied().unwrap_or("first"),
                names[1].first().copied().unwrap_or("second")
            ))
        })
}

/// One of the eight symmetries of a square board (the dihedral group of order 8), acting on
/// (row, column) pairs; row 0 and column 0 are one corner, whichever the notation calls it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Symmetry {
    Identity,
    Rotate90,
    Rotate180,
    Rotate270,
    /// Mirror left-right.
    FlipColumns,
    /// Mirror top-bottom.
    FlipRows,
    /// Mirror in the diagonal through (0, 0).
    Transpose,
    /// Mirror in the other diagonal.
    AntiTranspose,
}

impl Symmetry {
    /// All eight symmetries, the identity first.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Rotate90,
        Symmetry::Rotate180,
        Symmetry::Rotate270,
        Symmetry::FlipColumns,
        Symmetry::FlipRows,
        Symmetry::Transpose,
        Symmetry::AntiTranspose,
    ];

    /// The image of (`row`, `column`) on a `size` x `size` board (both below `size`).
    #[must_use]
    pub const fn apply(self, row: usize, column: usize, size: usize) -> (usize, usize) {
        let (r, c, m) = (row, column, size - 1);
        match self {
            Symmetry::Identity => (r, c),
            Symmetry::Rotate90 => (c, m - r),
            Symmetry::Rotate180 => (m - r, m - c),
            Symmetry::Rotate270 => (m - c, r),
            Symmetry::FlipColumns => (r, m - c),
            Symmetry::FlipRows => (m - r, c),
            Symmetry::Transpose => (c, r),
            Symmetry::AntiTranspose => (m - c, m - r),
        }
    }

    /// The image of the cell `index` (`row * size + column`) on a `size` x `size` board
    /// whose cells are numbered row by row.
    #[must_use]
    pub const fn apply_index(self, index: usize, size: usize) -> usize {
        let (row, column) = self.apply(index / size, index % size, size);
        row * size + column
    }

    /// The cells of a `size` x `size` board numbered row by row, moved by this symmetry: the
    /// image holds `cells[index]` at [`Symmetry::apply_index`]`(index)`.
    #[must_use]
    pub fn image_cells<T: Clone>(self, cells: &[T], size: usize) -> Vec<T> {
        let mut image = cells.to_vec();
        for (index, cell) in cells.iter().enumerate() {
            image[self.apply_index(index, size)] = cell.clone();
        }
        image
    }

    /// The symmetry that undoes this one.
    #[must_use]
    pub const fn inverse(self) -> Symmetry {
        match self {
            Symmetry::Rotate90 => Symmetry::Rotate270,
            Symmetry::Rotate270 => Symmetry::Rotate90,
            other => other,
        }
    }
}

/// Gives a square type of a fixed `width` x `width` board its coordinates: `$name` is a
/// newtype over an unsigned integer `$repr` that holds the row-major index `row * width +
/// column`, and the macro writes its `const` constructors and accessors (`$at(row, column)`,
/// `from_index`, `index`, `row`, `column`). Which edge row 0 is, and how squares are written,
/// stay the game's (its module documentation says).
///
/// A macro rather than a trait or a generic type: the games need these methods `const` (their
/// step and start tables are built at compile time), which a trait method cannot be, and each
/// keeps its own index width (`u8` for 25 squares, `u16` for 361 points) so that its moves stay
/// as small as they are.
///
/// ```
/// #[derive(Clone, Copy, Debug, PartialEq, Eq)]
/// pub struct Cell(u8);
/// arbiter_core::grid_square!(Cell(u8), width: 3, at);
///
/// let b3 = Cell::at(2, 1).unwrap();
/// assert_eq!((b3.index(), b3.row(), b3.column()), (7, 2, 1));
/// assert_eq!(Cell::from_index(7), Some(b3));
/// assert_eq!((Cell::at(3, 0), Cell::from_index(9)), (None, None));
/// ```
#[macro_export]
macro_rules! grid_square {
    ($name:ident($repr:ty), width: $width:expr, $at:ident) => {
        impl $name {
            /// The square at `row` and `column` (both from 0), if both are on the board.
            #[must_use]
            pub const fn $at(row: usize, column: usize) -> Option<$name> {
                if row < $width && column < $width {
                    // Below width * width, which the index type holds.
                    Some($name((row * $width + column) as $repr))
                } else {
                    None
                }
            }

            /// The square of index `row * width + column`, if on the board.
            #[must_use]
            pub const fn from_index(index: usize) -> Option<$name> {
                if index < $width * $width {
                    Some($name(index as $repr))
                } else {
                    None
                }
            }

            /// The index `row * width + column`.
            #[must_use]
            pub const fn index(self) -> usize {
                self.0 as usize
            }

            /// The row, from 0.
            #[must_use]
            pub const fn row(self) -> usize {
                self.0 as usize / $width
            }

            /// The column, from 0 (the left column, `a`).
            #[must_use]
            pub const fn column(self) -> usize {
                self.0 as usize % $width
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An Amazons-like 4x3 grid: `W`, `B`, `x`, `.`; row 1 at the bottom.
    const GRID: Grid = Grid {
        width: 4,
        height: 3,
        rows: RowOrder::BottomIsOne,
        unit: "squares",
        legend: "W, B, x or .",
    };

    fn read(c: char) -> Option<char> {
        "WBx.".contains(c).then_some(c)
    }

    fn write(c: char) -> Option<char> {
        (c != '.').then_some(c)
    }

    #[test]
    fn rows_read_and_write_in_a1_order() {
        let cells = GRID.parse_rows("B3/4/W1x1", '.', read).unwrap();
        assert_eq!(cells.iter().collect::<String>(), "W.x.....B...");
        assert_eq!(GRID.format_rows(&cells, true, '.', write), "B3/4/W1x1");
        assert_eq!(
            GRID.format_rows(&cells, false, '.', write),
            "B.../..../W.x."
        );
        let top = Grid {
            rows: RowOrder::TopIsOne,
            ..GRID
        };
        let cells = top.parse_rows("B3/4/W1x1", '.', read).unwrap();
        assert_eq!(cells.iter().collect::<String>(), "B.......W.x.");
    }

    #[test]
    fn bad_rows_say_what_is_wrong() {
        let error = |text| GRID.parse_rows(text, '.', read).unwrap_err().message;
        assert_eq!(error("4/4"), "the position has 2 rows: expected 3");
        assert_eq!(error("4/5/4"), "row `5` is longer than 4 squares");
        assert_eq!(error("4/WWWWW/4"), "row `WWWWW` is longer than 4 squares");
        assert_eq!(error("4/3/4"), "row `3` has 3 squares: expected 4");
        assert_eq!(
            error("4/Q3/4"),
            "unknown character `Q` in row `Q3`: expected W, B, x or . or a number"
        );
        assert!(GRID.parse_rows("99999999999999/4/4", '.', read).is_err());
    }

    #[test]
    fn lines_carry_the_side_to_move() {
        let sides: [&[&str]; 2] = [&["white", "w"], &["black", "b"]];
        let (cells, side) = GRID.parse_line("B3/4/W1x1 w", '.', read, sides).unwrap();
        assert_eq!(side, Side::First);
        assert_eq!(
            GRID.format_line(&cells, true, '.', write, "white"),
            "B3/4/W1x1 white"
        );
        for bad in ["B3/4/W1x1", "B3/4/W1x1 white more", ""] {
            assert_eq!(
                GRID.parse_line(bad, '.', read, sides).unwrap_err().message,
                format!(
                    "`{bad}` is not a position: expected `<rows separated by /> <white|black>`"
                )
            );
        }
        assert!(GRID.parse_line("B3/4/W1x1 red", '.', read, sides).is_err());
        assert!(GRID.parse_line("B3/4/W1x9 w", '.', read, sides).is_err());
    }

    #[test]
    fn diagrams_round_trip_with_every_label_style() {
        let cells = GRID.parse_rows("B3/4/W1x1", '.', read).unwrap();
        for labels in [Labels::None, Labels::Left, Labels::Around] {
            let diagram = GRID.format_diagram(&cells, labels, 2, |c| c);
            assert_eq!(
                GRID.parse_diagram(&diagram, read).unwrap(),
                cells,
                "{diagram}"
            );
        }
        assert_eq!(
            GRID.format_diagram(&cells, Labels::Around, 2, |c| c),
            "   a b c d\n 3 B . . . 3\n 2 . . . . 2\n 1 W . x . 1\n   a b c d\n"
        );
        assert_eq!(
            GRID.format_diagram(&cells, Labels::None, 1, |c| c),
            "B . . .\n. . . .\nW . x ."
        );
        let compact = "B...\n....\nW.x.";
        assert_eq!(GRID.parse_diagram(compact, read).unwrap(), cells);
    }

    #[test]
    fn cells_numbered_row_by_row_are_named() {
        assert_eq!(coords_of(9u8, 13u8), (4, 1));
        assert_eq!(format_index(Letters::SkipI, 19u8, 8u16), "j1");
        assert_eq!(format_index(Letters::Consecutive, 3u8, 5u8), "c2");
        assert_eq!(
            parse_index::<u16>("J1", Letters::SkipI, 19u8, "point"),
            Ok(8)
        );
        assert_eq!(
            parse_index::<u8>("c2", Letters::Consecutive, 3u8, "cell"),
            Ok(5)
        );
        let error = |text, size: u8| {
            parse_index::<u8>(text, Letters::Consecutive, size, "cell")
                .unwrap_err()
                .message
        };
        assert_eq!(
            error("d1", 3),
            "`d1` is not a cell: expected a file a-c and a rank 1-3"
        );
        // Index 15 * 17 + 15 = 270 does not fit a u8.
        assert_eq!(error("p16", 17), "`p16` is off the board");
    }

    #[test]
    fn bad_diagrams_say_what_is_wrong() {
        let error = |text| GRID.parse_diagram(text, read).unwrap_err().message;
        assert_eq!(error("....\n...."), "the diagram has 2 rows: expected 3");
        assert_eq!(
            error("....\n...\n...."),
            "diagram row 2 (`...`) has 3 cells: expected 4"
        );
        assert_eq!(
            error("....\n..Q.\n...."),
            "unknown diagram character `Q` in row 2: expected W, B, x or ."
        );
        assert_eq!(
            error("3 ....\n1 ....\n1 ...."),
            "diagram row 2 is labelled 1"
        );
    }

    #[test]
    fn sides_are_read_by_any_of_their_names() {
        let names: [&[&str]; 2] = [&["white", "w"], &["black", "b"]];
        assert_eq!(parse_side("W", names), Ok(Side::First));
        assert_eq!(parse_side(" Black ", names), Ok(Side::Second));
        assert_eq!(
            parse_side("red", names).unwrap_err().message,
            "`red` is not a side: expected white or black"
        );
    }

    #[test]
    fn symmetries_form_the_dihedral_group() {
        for s in Symmetry::ALL {
            for (r, c) in [(0, 0), (0, 3), (2, 1), (4, 4)] {
                let (r2, c2) = s.apply(r, c, 5);
                assert!(r2 < 5 && c2 < 5);
                assert_eq!(s.inverse().apply(r2, c2, 5), (r, c), "{s:?}");
            }
        }
        // Eight distinct images of an asymmetric point.
        let mut images: Vec<_> = Symmetry::ALL.iter().map(|s| s.apply(0, 1, 5)).collect();
        images.sort_unstable();
        images.dedup();
        assert_eq!(images.len(), 8);
    }

    #[test]
    fn cell_indices_move_as_their_row_and_column() {
        // Cell 1 of a 3x3 board is row 0, column 1; a quarter turn takes it to row 1, column 2.
        assert_eq!(Symmetry::Rotate90.apply_index(1, 3), 5);
        for s in Symmetry::ALL {
            for index in 0..16 {
                let (row, column) = s.apply(index / 4, index % 4, 4);
                assert_eq!(s.apply_index(index, 4), row * 4 + column, "{s:?} {index}");
            }
        }
        let cells: Vec<usize> = (0..9).collect();
        assert_eq!(
            Symmetry::Rotate90.image_cells(&cells, 3),
            [6, 3, 0, 7, 4, 1, 8, 5, 2]
        );
    }

    #[test]
    fn squares_read_back_under_both_letterings() {
        for letters in [Letters::Consecutive, Letters::SkipI] {
            for column in 0..19 {
                for row in 0..19 {
                    let name = format_square(letters, column, row);
                    assert_eq!(
                        parse_square(&name, letters, 19, 19, "point"),
                        Ok((column, row))
                    );
                }
            }
        }
        assert_eq!(format_square(Letters::SkipI, 8, 0), "j1");
        assert_eq!(
            parse_square("T19", Letters::SkipI, 19, 19, "point"),
            Ok((18, 18))
        );
    }

    #[test]
    fn squares_written_back_to_back_split() {
        assert_eq!(split_square("j10k11"), Some(("j10", "k11")));
        assert_eq!(split_square("a1"), Some(("a1", "")));
        assert_eq!(split_square("a1-b1"), Some(("a1", "-b1")));
        for text in ["", "a", "1a", "é1", "-a1"] {
            assert_eq!(split_square(text), None, "{text}");
        }
    }

    #[test]
    fn squares_off_the_board_or_misspelt_are_refused() {
        for text in [
            "i1", "a0", "a01", "a20", "u1", "", "a", "1a", "aa1", "a1x", "é1",
        ] {
            let error = parse_square(text, Letters::SkipI, 19, 19, "point").unwrap_err();
            assert!(
                error
                    .to_string()
                    .contains("expected a file a-t and a rank 1-19"),
                "{text}: {error}"
            );
        }
        assert!(parse_square("i9", Letters::Consecutive, 9, 9, "square").is_ok());
        assert!(parse_square("j9", Letters::Consecutive, 9, 9, "square").is_err());
    }
}
