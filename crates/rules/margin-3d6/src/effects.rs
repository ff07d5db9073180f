//! What one action amounts to, for exact odds (`fray odds`): named integer
//! features from the difference of the states before and after.

use crate::Margin;
use crate::model::action::Action;
use crate::model::state::{Life, State};
use fray_core::CombatantId;
use fray_core::odds::ActionEffects;

impl ActionEffects for Margin {
    /// `hit` (attacks that landed), `injury` (HP the others lost),
    /// `critical`, `fumble`, and on the others `stunned`, `knocked_out`,
    /// `dead`, `crippled`.
    fn effects(
        before: &State,
        after: &State,
        actor: CombatantId,
        _action: &Action,
        _events: &[crate::model::event::Event],
    ) -> Vec<(&'static str, i64)> {
        let (a0, a1) = (before.fighter(actor), after.fighter(actor));
        let mut out = vec![
            ("hit", i64::from(a1.record.hits - a0.record.hits)),
            (
                "critical",
                i64::from(a1.record.criticals - a0.record.criticals),
            ),
            ("fumble", i64::from(a1.record.fumbles - a0.record.fumbles)),
        ];
        let (mut injury, mut stunned, mut out_cold, mut dead, mut crippled) = (0, 0, 0, 0, 0);
        for (b, f) in before.fighters.iter().zip(&after.fighters) {
            if std::ptr::eq(b, a0) {
                continue;
            }
            injury += i64::from(b.hp - f.hp);
            stunned += i64::from(f.record.stuns - b.record.stuns);
            out_cold += i64::from(b.life == Life::Conscious && f.life == Life::Unconscious);
            dead += i64::from(b.life != Life::Dead && f.life == Life::Dead);
            crippled += i64::from(f.record.crippled - b.record.crippled);
        }
        out.extend([
            ("injury", injury),
            ("stunned", stunned),
            ("knocked_out", out_cold),
            ("dead", dead),
            ("crippled", crippled),
        ]);
        out.retain(|(_, v)| *v != 0);
        out
    }

    /// Only what differs from the start state (`odds_key`): a key no
    /// longer holds every figure on the field.
    fn write_key(start: &State, state: &State, out: &mut Vec<u8>) -> bool {
        crate::odds_key::write(start, state, out)
    }
}
