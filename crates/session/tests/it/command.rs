//! GM commands read against the fight's names.

use crate::game::start;
use fray_core::Override;
use fray_gurps::Gurps;
use fray_session::command::parse;
use fray_session::{Command, CommandError, DiceMode, DiceRule, Roller};

#[test]
fn names_with_spaces_sides_and_numbers() {
    let s = start("knight-vs-orcs-table.toml");
    let p = |t: &str| parse::<Gurps>(&s, t);
    assert_eq!(
        p("dice Orc chief hand"),
        Some(Ok(Command::Dice(DiceRule {
            who: Roller::Figure("Orc chief".into()),
            mode: DiceMode::Hand
        })))
    );
    assert_eq!(
        p("dice orcs auto"),
        Some(Ok(Command::Dice(DiceRule {
            who: Roller::Side("Orcs".into()),
            mode: DiceMode::Auto
        })))
    );
    assert_eq!(
        p("damage orc chief 3"),
        Some(Ok(Command::Override(Override::Damage {
            who: "Orc chief".into(),
            amount: 3
        })))
    );
    assert_eq!(
        p("set Sir Ector FP 8"),
        Some(Ok(Command::Override(Override::SetPool {
            who: "Sir Ector".into(),
            pool: "FP".into(),
            value: 8
        })))
    );
    assert_eq!(
        p("join Orc archer orc Orcs 5 0"),
        Some(Ok(Command::Override(Override::AddCombatant {
            name: "Orc archer".into(),
            template: "orc".into(),
            side: "Orcs".into(),
            cell: [5, 0]
        })))
    );
    assert_eq!(
        p("end"),
        Some(Ok(Command::Override(Override::EndFight { winner: None })))
    );
    assert_eq!(p("1"), None);
    assert_eq!(p("attack gawain neck"), None);
    assert_eq!(
        p("damage Orc lots"),
        Some(Err(CommandError::NotANumber("lots".into())))
    );
    assert_eq!(
        p("dice Elves hand"),
        Some(Err(CommandError::UnknownName("Elves".into())))
    );
    assert!(matches!(p("dice Orcs"), Some(Err(CommandError::Usage(_)))));
}
