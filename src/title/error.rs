//! Errors in title data, written for the designer who has to fix them:
//! file, line, key path, what is wrong and, for typos, what was meant.

use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataError {
    /// Path shown to the user ("titles/1849/map.toml").
    pub file: String,
    pub line: Option<usize>,
    pub column: Option<usize>,
    /// Key path inside the file ("hex[3].stops[0].kind"); empty if unknown.
    pub key: String,
    pub message: String,
    /// "did you mean `city`?"
    pub hint: Option<String>,
}

impl DataError {
    pub fn new(file: &str, key: &str, message: impl Into<String>) -> Self {
        DataError {
            file: file.to_string(),
            line: None,
            column: None,
            key: key.to_string(),
            message: message.into(),
            hint: None,
        }
    }

    pub fn at_line(mut self, line: Option<usize>) -> Self {
        self.line = line;
        self
    }

    pub fn with_hint(mut self, hint: Option<String>) -> Self {
        self.hint = hint;
        self
    }
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file)?;
        if let Some(l) = self.line {
            write!(f, ":{l}")?;
            if let Some(c) = self.column {
                write!(f, ":{c}")?;
            }
        }
        write!(f, ": ")?;
        if !self.key.is_empty() {
            write!(f, "{}: ", self.key)?;
        }
        write!(f, "{}", self.message)?;
        if let Some(h) = &self.hint {
            write!(f, " ({h})")?;
        }
        Ok(())
    }
}

impl std::error::Error for DataError {}

/// Every problem found in a title, in file order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DataErrors(pub Vec<DataError>);

impl fmt::Display for DataErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

impl std::error::Error for DataErrors {}

/// The candidate closest to `word`, if close enough to be a likely typo.
/// Jaro-Winkler sees no match between swapped letters of a short word
/// (`byu`, `buy`), so one edit or swap of a word of 3 letters or more
/// counts as close too.
pub fn closest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let mut best: Option<(&str, f64)> = None;
    let word = word.to_lowercase();
    for c in candidates {
        let lower = c.to_lowercase();
        let mut score = strsim::jaro_winkler(&word, &lower);
        if word.chars().count() >= 3 && strsim::osa_distance(&word, &lower) == 1 {
            score = score.max(0.9);
        }
        if score >= 0.8 && best.is_none_or(|(_, s)| score > s) {
            best = Some((c, score));
        }
    }
    best.map(|(c, _)| c)
}

/// "did you mean `x`?" for serde's "unknown field/variant `w`, expected ..." messages.
pub fn serde_hint(message: &str) -> Option<String> {
    let unknown = message.strip_prefix("unknown field `").or_else(|| message.strip_prefix("unknown variant `"))?;
    let word = unknown.split('`').next()?;
    let expected = message.split("expected").nth(1)?;
    let candidates: Vec<&str> = expected.split('`').skip(1).step_by(2).collect();
    closest(word, candidates.iter().copied()).map(|c| format!("did you mean `{c}`?"))
}

/// 1-based line and column of a byte offset.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let upto = &text[..offset.min(text.len())];
    let line = upto.matches('\n').count() + 1;
    let col = upto.len() - upto.rfind('\n').map_or(0, |i| i + 1) + 1;
    (line, col)
}

/// Line of the first quoted occurrence of `value` (for errors found after
/// parsing, when spans are gone), falling back to a bare occurrence.
/// Occurrences in comments (after a `#` on their line) are passed over.
pub fn line_of(text: &str, value: &str) -> Option<usize> {
    let quoted = format!("\"{value}\"");
    let outside_comment = |needle: &str| {
        text.match_indices(needle).map(|(at, _)| at).find(|&at| {
            let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
            !text[line_start..at].contains('#')
        })
    };
    let at = outside_comment(&quoted).or_else(|| outside_comment(value)).or_else(|| text.find(value))?;
    Some(line_col(text, at).0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hints_name_the_closest_expected_word() {
        let m = "unknown field `revenu`, expected one of `kind`, `revenue`, `slots`";
        assert_eq!(serde_hint(m).as_deref(), Some("did you mean `revenue`?"));
        let m = "unknown variant `cty`, expected one of `city`, `town`";
        assert_eq!(serde_hint(m).as_deref(), Some("did you mean `city`?"));
        assert_eq!(serde_hint("unknown field `zzzzzz`, expected `a` or `b`"), None);
        // Swapped letters of a short word (issue 16).
        assert_eq!(closest("byu", ["bid", "buy", "bonds"]), Some("buy"));
        assert_eq!(closest("xy", ["buy"]), None);
    }

    #[test]
    fn lines_and_columns_are_one_based() {
        let t = "a = 1\nbb = 2\n";
        assert_eq!(line_col(t, 0), (1, 1));
        assert_eq!(line_col(t, 7), (2, 2));
        assert_eq!(line_of(t, "bb"), Some(2));
    }
}
