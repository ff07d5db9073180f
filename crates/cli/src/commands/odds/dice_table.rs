//! The table of `fray odds EXPR`, written straight into one string.
//!
//! It prints exactly what comfy-table prints with the `UTF8_FULL_CONDENSED`
//! preset (the tests compare the two), but comfy-table builds several
//! strings per cell to measure, wrap and pad it, which took a third of the
//! command for the 691 rows of `10d10!kh5`. This table never wraps, so one
//! pass to measure the columns and one to write them is all it needs.

/// How a column's cells sit in its width.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    /// Padded on the right (the header).
    Left,
    /// Padded on the left (numbers).
    Right,
}

/// Renders `header` (left-aligned) over `rows` (aligned per column) with
/// the `UTF8_FULL_CONDENSED` borders: one space of padding either side of
/// each cell, columns as wide as their widest cell (at least 1), no
/// trailing newline.
pub fn render<const N: usize>(
    header: [&str; N],
    rows: &[[String; N]],
    align: [Align; N],
) -> String {
    let mut widths = header.map(|h| width(h).max(1));
    for row in rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(width(cell));
        }
    }
    let line_len: usize = widths.iter().map(|w| w + 3).sum::<usize>() * 3 + 8;
    let mut out = String::with_capacity((rows.len() + 4) * line_len);
    border(&mut out, &widths, ['┌', '─', '┬', '┐']);
    out.push('\n');
    cells(&mut out, &widths, header.iter().map(|h| (*h, Align::Left)));
    out.push('\n');
    border(&mut out, &widths, ['╞', '═', '╪', '╡']);
    for row in rows {
        out.push('\n');
        cells(&mut out, &widths, row.iter().map(String::as_str).zip(align));
    }
    out.push('\n');
    border(&mut out, &widths, ['└', '─', '┴', '┘']);
    out
}

/// Display width: every character printed here (ASCII and `█`) is one
/// column wide.
fn width(s: &str) -> usize {
    s.chars().count()
}

fn border(out: &mut String, widths: &[usize], [left, line, cross, right]: [char; 4]) {
    out.push(left);
    for (i, &w) in widths.iter().enumerate() {
        if i > 0 {
            out.push(cross);
        }
        out.extend(std::iter::repeat_n(line, w + 2));
    }
    out.push(right);
}

fn cells<'a>(out: &mut String, widths: &[usize], cells: impl Iterator<Item = (&'a str, Align)>) {
    out.push('│');
    for (i, ((cell, align), &w)) in cells.zip(widths).enumerate() {
        if i > 0 {
            out.push('┆');
        }
        let pad = w - width(cell);
        out.push(' ');
        if align == Align::Right {
            out.extend(std::iter::repeat_n(' ', pad));
        }
        out.push_str(cell);
        if align == Align::Left {
            out.extend(std::iter::repeat_n(' ', pad));
        }
        out.push(' ');
    }
    out.push('│');
}

#[cfg(test)]
mod tests {
    use super::*;
    use comfy_table::{Cell, CellAlignment, Table, presets::UTF8_FULL_CONDENSED};

    fn comfy<const N: usize>(header: [&str; N], rows: &[[String; N]], align: [Align; N]) -> String {
        let mut t = Table::new();
        t.load_preset(UTF8_FULL_CONDENSED)
            .set_header(header.to_vec());
        for row in rows {
            t.add_row(row.iter().zip(align).map(|(c, a)| {
                Cell::new(c).set_alignment(match a {
                    Align::Left => CellAlignment::Left,
                    Align::Right => CellAlignment::Right,
                })
            }));
        }
        t.to_string()
    }

    #[test]
    fn prints_what_comfy_table_prints() {
        let header = ["value", "P(=) exact", ""];
        let align = [Align::Right, Align::Right, Align::Left];
        let row = |v: &str, p: &str, bar: usize| [v.to_string(), p.to_string(), "█".repeat(bar)];
        for rows in [
            vec![],
            vec![row("3", "1/216", 0)],
            vec![row("3", "1/216", 0), row("4", "1/72", 0)],
            vec![
                row("-12", "1/3", 40),
                row("7", "1234567890123/99999999999999999999", 3),
                row("100000", "1", 12),
            ],
        ] {
            assert_eq!(render(header, &rows, align), comfy(header, &rows, align));
        }
    }
}
