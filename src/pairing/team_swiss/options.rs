//! The regulations' choices for a C.04.6 event: colour preference type, primary score, PAB value,
//! forfeit reading; and the TRF-26 `192` tournament-type codes that encode some of them.

use crate::model::{Colour, Points};

/// The colour preference system (C.04.6 1.7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ColourPreferenceType {
    /// Type A, simple preferences (1.7.1): the default.
    #[default]
    A,
    /// Type B, strong and mild preferences (1.7.2).
    B,
    /// No preferences at all: only the art. 4 rules that need none apply.
    None,
}

/// Which score counts (C.04.6 1.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ScoreKind {
    /// Match points (default primary).
    #[default]
    MatchPoints,
    /// Game points.
    GamePoints,
}

/// Options of the team Swiss engine. `Default` is the plain `FIDE_TEAM` event: Type A, primary
/// MP, secondary GP used for colours, forfeited matches not counted as played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamSwissOptions {
    /// Colour preference type (1.7).
    pub colour_preference: ColourPreferenceType,
    /// The primary score (1.2): scoregroups and the first team of a pair.
    pub primary: ScoreKind,
    /// The secondary score used to choose the first team (4.2.2); `None` when the regulations
    /// do not use it.
    pub secondary: Option<ScoreKind>,
    /// Whether a forfeited match counts as played for [C1] (no rematch), the colour history,
    /// floats and 3.4.3. Default `false`: GHR 3.5 lets an unplayed pair meet again (RULES §B.3
    /// open readings; the FIDE reference engine reads it the same way).
    pub forfeit_counts_as_played: bool,
    /// [C6] graded (fewest upfloaters needed by the following scoregroup) instead of pass/fail
    /// (it reaches its parity minimum or not). Default `false`, the FIDE reference engine's
    /// reading; the 2024 text was graded (RULES §B.3 open readings).
    pub c6_graded: bool,
    /// The number of rounds of the event: [C7] and [C10] do not apply in the last two, and
    /// Type B has no mild preference at CD 0 in the last. `None`: never the last rounds.
    pub total_rounds: Option<u32>,
    /// The initial colour drawn before round 1 (4.1; TRF `152`), for team 1's board 1.
    pub initial_colour: Colour,
    /// The PAB's value (1.4). `None`: a drawn match, i.e. the match-point draw value and
    /// boards × the game-point draw value. Used by [`super::read_history`] to score past PABs.
    pub pab_value: Option<(Points, Points)>,
}

impl Default for TeamSwissOptions {
    fn default() -> Self {
        TeamSwissOptions {
            colour_preference: ColourPreferenceType::A,
            primary: ScoreKind::MatchPoints,
            secondary: Some(ScoreKind::GamePoints),
            forfeit_counts_as_played: false,
            c6_graded: false,
            total_rounds: None,
            initial_colour: Colour::White,
            pab_value: None,
        }
    }
}

impl TeamSwissOptions {
    /// Applies a TRF-26 `192` code `FIDE_TEAM[_TYPEA|_TYPEB][_MP|_GP][_GP|_MP][_BAKU]`.
    /// `FIDE_TEAM` alone is `FIDE_TEAM_TYPEA_MP_GP`; a code naming neither type has no colour
    /// preferences when it names a score (`FIDE_TEAM_MP_GP`), as the code table says. Returns
    /// `false` (and changes nothing) for any other code.
    ///
    /// ```
    /// use bianpai::pairing::team_swiss::{ColourPreferenceType, ScoreKind, TeamSwissOptions};
    /// let mut o = TeamSwissOptions::default();
    /// assert!(o.apply_192("FIDE_TEAM_TYPEB_GP"));
    /// assert_eq!(o.colour_preference, ColourPreferenceType::B);
    /// assert_eq!(o.primary, ScoreKind::GamePoints);
    /// assert_eq!(o.secondary, None);
    /// ```
    pub fn apply_192(&mut self, code: &str) -> bool {
        let code = code.trim().to_ascii_uppercase();
        let Some(rest) = code.strip_prefix("FIDE_TEAM") else {
            return false;
        };
        let parts: Vec<&str> = rest.split('_').filter(|s| !s.is_empty()).collect();
        let mut colour = None;
        let mut scores = Vec::new();
        for p in parts {
            match p {
                "TYPEA" => colour = Some(ColourPreferenceType::A),
                "TYPEB" => colour = Some(ColourPreferenceType::B),
                "MP" => scores.push(ScoreKind::MatchPoints),
                "GP" => scores.push(ScoreKind::GamePoints),
                "BAKU" => {}
                _ => return false,
            }
        }
        if scores.len() > 2 || (scores.len() == 2 && scores[0] == scores[1]) {
            return false;
        }
        if scores.is_empty() && colour.is_none() {
            *self = TeamSwissOptions {
                total_rounds: self.total_rounds,
                initial_colour: self.initial_colour,
                pab_value: self.pab_value,
                forfeit_counts_as_played: self.forfeit_counts_as_played,
                c6_graded: self.c6_graded,
                ..TeamSwissOptions::default()
            };
            return true;
        }
        self.colour_preference = colour.unwrap_or(ColourPreferenceType::None);
        self.primary = scores.first().copied().unwrap_or(ScoreKind::MatchPoints);
        self.secondary = scores.get(1).copied();
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_of_the_192_table() {
        let mut o = TeamSwissOptions::default();
        assert!(o.apply_192("FIDE_TEAM"));
        assert_eq!(o, TeamSwissOptions::default());
        assert!(o.apply_192("FIDE_TEAM_TYPEA_GP_MP"));
        assert_eq!(o.primary, ScoreKind::GamePoints);
        assert_eq!(o.secondary, Some(ScoreKind::MatchPoints));
        assert!(o.apply_192("FIDE_TEAM_MP_GP"));
        assert_eq!(o.colour_preference, ColourPreferenceType::None);
        assert_eq!(o.secondary, Some(ScoreKind::GamePoints));
        assert!(o.apply_192("fide_team_typeb_mp_gp_baku"));
        assert_eq!(o.colour_preference, ColourPreferenceType::B);
        assert!(!o.apply_192("FIDE_DUTCH_2026"));
        assert!(!o.apply_192("FIDE_TEAM_MP_MP"));
        assert!(!o.apply_192("FIDE_TEAM_TYPEC"));
    }
}
