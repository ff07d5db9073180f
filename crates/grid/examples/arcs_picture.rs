//! Prints the GURPS arcs and margin-3d6 bearings around a figure facing
//! north, in doubled-height layout (each hex is one character; odd columns
//! sit half a line lower): `cargo run -p fray-grid --example arcs_picture [radius]`.

use fray_grid::{Arc, Facing, HexPos, RelativeBearing, Side, arc};

fn main() {
    let n: i32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(5)
        .clamp(1, 20);
    let o = HexPos::ORIGIN;
    for (title, pick) in [("GURPS arcs", 0), ("margin-3d6 bearings", 1)] {
        println!("{title} (facing north):");
        for line in -2 * n..=2 * n {
            let mut s = String::new();
            for q in -n..=n {
                // Doubled-height: line = 2r + q.
                let twice_r = line - q;
                if twice_r % 2 != 0 {
                    s.push_str("  ");
                    continue;
                }
                let h = HexPos::new(q, twice_r / 2);
                let c = if h.distance(o) > n as u32 {
                    ' '
                } else if h == o {
                    'X'
                } else if pick == 0 {
                    match arc::arc(o, Facing::N, h) {
                        Some(Arc::Front) => 'F',
                        Some(Arc::Side) => 's',
                        _ => 'b',
                    }
                } else {
                    match arc::bearing(o, Facing::N, h) {
                        Some(RelativeBearing::Front) => 'F',
                        Some(RelativeBearing::FrontSide(Side::Left)) => 'l',
                        Some(RelativeBearing::FrontSide(Side::Right)) => 'r',
                        Some(RelativeBearing::Side(Side::Left)) => 'L',
                        Some(RelativeBearing::Side(Side::Right)) => 'R',
                        _ => 'b',
                    }
                };
                s.push(c);
                s.push(' ');
            }
            println!("{}", s.trim_end());
        }
    }
}
