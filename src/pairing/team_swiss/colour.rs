//! Team colours (C.04.6 art. 4) and board colours inside a match (TRF-26 `352`, RULES §B.4).

use std::cmp::Ordering;

use super::options::ColourPreferenceType;
use super::state::TeamState;
use crate::model::Colour;

/// Which art. 4.3 rule decided a pair's colours (reported for the arbiter and tested one by one).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ColourRule {
    /// 4.3.1: neither team has played; the initial colour by the first team's TPN parity.
    Initial,
    /// 4.3.2: only one team has a preference.
    OnlyPreference,
    /// 4.3.3: opposite preferences.
    Opposite,
    /// 4.3.4: (Type B) only one preference is strong.
    OnlyStrong,
    /// 4.3.5: the lower colour difference gets White.
    LowerDifference,
    /// 4.3.6: alternate from the most recent round in which the colours differed.
    LastDifference,
    /// 4.3.7: the first team's preference.
    FirstPreference,
    /// 4.3.8: alternate the first team's last colour.
    FirstAlternates,
    /// 4.3.9: alternate the other team's last colour.
    OtherAlternates,
}

/// 4.2: `Less` when `a` is the first team of the pair (higher primary, then higher secondary,
/// then smaller TPN); the scores with the `299` adjustments, without `250` virtual points.
pub(crate) fn first_team_order(a: &TeamState, b: &TeamState) -> Ordering {
    b.standing
        .cmp(&a.standing)
        .then(b.secondary.cmp(&a.secondary))
        .then(a.tpn.cmp(&b.tpn))
}

/// Art. 4.3: the colour (board-1 colour) of the pair's first team `f` against `o`, and the rule
/// that decided it.
pub(crate) fn allocate(
    f: &TeamState,
    o: &TeamState,
    kind: ColourPreferenceType,
    initial: Colour,
) -> (Colour, ColourRule) {
    if f.colours.is_empty() && o.colours.is_empty() {
        let c = if f.tpn % 2 == 1 { initial } else { !initial };
        return (c, ColourRule::Initial);
    }
    match (f.preference, o.preference) {
        (Some(p), None) => return (p.colour, ColourRule::OnlyPreference),
        (None, Some(q)) => return (!q.colour, ColourRule::OnlyPreference),
        (Some(p), Some(q)) if p.colour != q.colour => return (p.colour, ColourRule::Opposite),
        (Some(p), Some(q)) if kind == ColourPreferenceType::B && p.strong != q.strong => {
            let c = if p.strong { p.colour } else { !q.colour };
            return (c, ColourRule::OnlyStrong);
        }
        _ => {}
    }
    let (cf, co) = (f.colour_difference(), o.colour_difference());
    if cf != co {
        let c = if cf < co {
            Colour::White
        } else {
            Colour::Black
        };
        return (c, ColourRule::LowerDifference);
    }
    // 4.3.6 with GHR 3.4: histories hold played matches only, compared from the end.
    for (a, b) in f.colours.iter().rev().zip(o.colours.iter().rev()) {
        if a != b {
            return (!*a, ColourRule::LastDifference);
        }
    }
    if let Some(p) = f.preference {
        return (p.colour, ColourRule::FirstPreference);
    }
    if let Some(&last) = f.colours.last() {
        return (!last, ColourRule::FirstAlternates);
    }
    let last = o.colours.last().copied().unwrap_or(!initial);
    (last, ColourRule::OtherAlternates)
}
