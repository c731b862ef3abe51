//! Plain-text tables: columns padded to their widest cell.

/// Rows of cells; numbers in `right`-aligned columns line up by their units.
#[derive(Default)]
pub struct Table {
    rows: Vec<Vec<String>>,
    right: Vec<bool>,
}

impl Table {
    /// A table whose header names the columns; a name starting with '>'
    /// marks a right-aligned column (the '>' is not shown).
    pub fn new(header: &[&str]) -> Table {
        let right = header.iter().map(|h| h.starts_with('>')).collect();
        let head = header.iter().map(|h| h.trim_start_matches('>').to_string()).collect();
        Table { rows: vec![head], right }
    }

    pub fn row(&mut self, cells: Vec<String>) {
        self.rows.push(cells);
    }

    pub fn render(&self) -> String {
        let cols = self.rows.iter().map(Vec::len).max().unwrap_or(0);
        let width = |c: usize| self.rows.iter().filter_map(|r| r.get(c)).map(|s| s.chars().count()).max().unwrap_or(0);
        let widths: Vec<usize> = (0..cols).map(width).collect();
        let mut out = String::new();
        for row in &self.rows {
            let mut line = String::new();
            for (c, w) in widths.iter().enumerate() {
                let cell = row.get(c).map(String::as_str).unwrap_or("");
                let pad = w - cell.chars().count();
                if c > 0 {
                    line.push_str("  ");
                }
                if self.right.get(c).copied().unwrap_or(false) {
                    line.push_str(&" ".repeat(pad));
                    line.push_str(cell);
                } else {
                    line.push_str(cell);
                    line.push_str(&" ".repeat(pad));
                }
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out.pop();
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_line_up_with_non_ascii_names() {
        let mut t = Table::new(&["id", ">cash"]);
        t.row(vec!["Società".into(), "5".into()]);
        t.row(vec!["RCS".into(), "1200".into()]);
        assert_eq!(t.render(), "id       cash\nSocietà     5\nRCS      1200");
    }
}
