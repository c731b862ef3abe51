//! Fitting a view's text into the session's width: the last step of every
//! view, so no line of a view is wider than the terminal (issue 16).
//!
//! Views that are tables or grids lay themselves out for the width first
//! (`corps`, `market`); this wraps what is still too long, prose and lists
//! alike, at spaces. A wrapped line continues under its own second column
//! when it has one (`help`: the usage, then its explanation; `trains`:
//! the phase name, then what it does), else two columns in from where it
//! starts. A word longer than the room left is cut.

/// `text` with no line wider than `width` characters.
pub fn fit(text: &str, width: usize) -> String {
    let width = width.max(20);
    let mut out: Vec<String> = Vec::new();
    for line in text.split('\n') {
        if line.chars().count() <= width {
            out.push(line.to_string());
        } else {
            out.extend(wrap_line(line, width));
        }
    }
    out.join("\n")
}

/// Where a line's continuation starts: its second column (text after a run
/// of two or more spaces) when that is in the left half, else its own
/// indent (plus two when it is less than four: prose and list lines that
/// start at the margin).
fn hanging_indent(line: &str, width: usize) -> usize {
    let chars: Vec<char> = line.chars().collect();
    let lead = chars.iter().take_while(|c| **c == ' ').count();
    let mut i = lead;
    while i + 1 < chars.len() {
        if chars[i] == ' ' && chars[i + 1] == ' ' {
            let mut j = i;
            while j < chars.len() && chars[j] == ' ' {
                j += 1;
            }
            if j < chars.len() && j <= width / 2 {
                return j;
            }
            break;
        }
        i += 1;
    }
    (if lead < 4 { lead + 2 } else { lead }).min(width / 2)
}

/// Puts one word on the line being built, starting a new line (at
/// `indent`) when it does not fit, and cutting a word longer than a line.
fn place(lines: &mut Vec<String>, cur: &mut String, cur_len: &mut usize, fresh: &mut bool, word: String, indent: usize, width: usize) {
    // A word that opens a continuation line drops padding kept from the first line.
    let word = if *fresh && !lines.is_empty() { word.trim_start().to_string() } else { word };
    let wlen = word.chars().count();
    let need = if *fresh { wlen } else { wlen + 1 };
    if *cur_len + need <= width {
        if !*fresh {
            cur.push(' ');
        }
        cur.push_str(&word);
        *cur_len += need;
        *fresh = false;
        return;
    }
    if !*fresh {
        lines.push(std::mem::take(cur));
        *cur = " ".repeat(indent);
        *cur_len = indent;
    }
    // On a fresh line: padding kept from the first line is dropped.
    let mut word: String = word.trim_start().to_string();
    while *cur_len + word.chars().count() > width {
        let room = width - *cur_len;
        let head: String = word.chars().take(room).collect();
        word = word.chars().skip(room).collect();
        cur.push_str(&head);
        lines.push(std::mem::take(cur));
        *cur = " ".repeat(indent);
        *cur_len = indent;
    }
    *cur_len += word.chars().count();
    cur.push_str(&word);
    *fresh = false;
}

fn wrap_line(line: &str, width: usize) -> Vec<String> {
    let indent = hanging_indent(line, width);
    let lead: String = line.chars().take_while(|c| *c == ' ').collect();
    // The first line keeps its own spacing up to the first break; words are
    // taken from the rest.
    let mut lines = Vec::new();
    let mut cur = lead.clone();
    let mut cur_len = cur.chars().count();
    let mut fresh = true; // nothing but the indent on `cur` yet
    let mut rest = line[lead.len()..].to_string();
    // Keep the columns of the first line: split at single spaces but keep
    // runs of spaces inside the first line's text as they are.
    let mut words: Vec<String> = Vec::new();
    {
        let mut w = String::new();
        let mut spaces = 0;
        for ch in rest.drain(..) {
            if ch == ' ' {
                spaces += 1;
            } else {
                if spaces > 0 && !w.is_empty() {
                    words.push(std::mem::take(&mut w));
                    // A run of spaces inside the line is kept as padding on the next word.
                    if spaces > 1 {
                        w.push_str(&" ".repeat(spaces - 1));
                    }
                }
                spaces = 0;
                w.push(ch);
            }
        }
        if !w.is_empty() {
            words.push(w);
        }
    }
    // Items of a list ("3 standard (rot 3 4), 58 standard (rot 3)") stay
    // whole when they can: words up to one ending in a comma go together
    // onto the next line rather than be split.
    let mut segments: Vec<Vec<String>> = vec![Vec::new()];
    for word in words {
        let ends = word.ends_with(',');
        segments.last_mut().expect("one segment").push(word);
        if ends {
            segments.push(Vec::new());
        }
    }
    for seg in segments.into_iter().filter(|s| !s.is_empty()) {
        let seg_len: usize = seg.iter().map(|w| w.trim_start().chars().count()).sum::<usize>() + seg.len() - 1;
        if !fresh && cur_len + 1 + seg_len > width && indent + seg_len <= width {
            lines.push(std::mem::take(&mut cur));
            cur = " ".repeat(indent);
            cur_len = indent;
            fresh = true;
        }
        for word in seg {
            place(&mut lines, &mut cur, &mut cur_len, &mut fresh, word, indent, width);
        }
    }
    if !cur.trim().is_empty() {
        lines.push(cur);
    }
    lines.iter().map(|l| l.trim_end().to_string()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_help_line_continues_under_its_explanation() {
        let line = format!("  par CORP PRICE{}start a corporation: price, extra 10 % shares (+N), home city where there is a choice", " ".repeat(18));
        let out = fit(&line, 80);
        let lines: Vec<&str> = out.lines().collect();
        // Items between commas stay whole when they fit on the next line.
        assert_eq!(lines[0], "  par CORP PRICE                  start a corporation: price,");
        assert_eq!(lines[1], "                                  extra 10 % shares (+N),");
        assert_eq!(lines[2], "                                  home city where there is a choice");
    }

    #[test]
    fn prose_wraps_two_in_and_long_words_are_cut() {
        let out = fit(&format!("P1: {} end", "x".repeat(50)), 30);
        assert!(out.lines().all(|l| l.chars().count() <= 30), "{out}");
        assert!(out.lines().nth(1).unwrap().starts_with("  x"), "{out}");
        assert_eq!(out.replace(['\n', ' '], ""), format!("P1:{}end", "x".repeat(50)));
        assert_eq!(fit("short\nlines", 30), "short\nlines");
        assert_eq!(fit("Società ferroviaria é", 21), "Società ferroviaria é");
    }
}
