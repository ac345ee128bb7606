//! The tie-break code grammar (RULES §A.6, TRF-26 records 202/212):
//! `ACRONYM[:MP|:GP|:MM|:MG|:GM|:GG][/Cn|/Mn|/Ln|/Kn|/Un][/P][/F][/R][/S][/V2024|/V2026]`.
//!
//! Every code of the C.07 art. 5 table (2026 edition) is known. Not supported (rejected as
//! unknown): self-defined `OTHER_` codes and TieBreakServer's own helpers that are not C.07
//! tie-breaks (RANK, RIP, VUR, NUM, COD, CSQ, RSES, ABH, AFB, ACC, FLT, RFP, TOP, RND).
//!
//! The code text is kept as written: it is the column header of `trf standings`.

use std::fmt;

use super::tournament::{Edition, ScoreKind};

/// Which tie-break.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Points (individuals) or the primary score.
    Pts,
    /// Match points.
    Mpts,
    /// Game points.
    Gpts,
    /// The non-primary score (13.1).
    MpVGp,
    /// Direct encounter (6).
    De,
    /// Extended direct encounter (13.3) and its art. 12 combinations.
    Ede(EdeVariant),
    /// Buchholz (8.1).
    Bh,
    /// Average of opponents' Buchholz (8.2; their Fore Buchholz with `/F`).
    Aob,
    /// Fore Buchholz (8.3): Buchholz as if every paired final-round game had been drawn.
    Fb,
    /// Sonneborn-Berger (9.1), also the extended team forms (13.2) when the score pair is set.
    Sb,
    /// Koya (9.2).
    Ks,
    /// Progressive score (7.5).
    Ps,
    /// Rounds with a win's points (7.1).
    Win,
    /// Games won over the board (7.2).
    Won,
    /// Games played with Black (7.3).
    Bpg,
    /// Games won with Black (7.4).
    Bwg,
    /// Rounds one elected to play (7.6).
    Rep,
    /// Standard points (7.7): a win's, a draw's, a loss's worth as 1, ½, 0, whatever the
    /// scoring system.
    Std,
    /// Average rating of opponents (10.1).
    Aro,
    /// Tournament performance rating (10.2).
    Tpr,
    /// Perfect tournament performance (10.3).
    Ptp,
    /// Average of the opponents' tournament performance ratings (10.4).
    Apro,
    /// Average of the opponents' perfect tournament performances (10.5).
    Appo,
    /// The competitor's own rating (10.6).
    Rtng,
    /// Pairing number, ascending (7.8).
    Tpn,
    /// Board count (12.1), lower is better.
    Bc,
    /// Top-board result (12.2).
    Tbr,
    /// Board elimination (12.3).
    Bbe,
    /// Scores and schedule strength combination (13.4, teams): the secondary score plus the
    /// Buchholz on the primary score divided by a normalising factor.
    Sssc,
}

/// The art. 12 knock-out tie-breaks appended to EDE (13.3.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EdeVariant {
    /// EDE alone.
    Plain,
    /// EDE + BC.
    C,
    /// EDE + TBR.
    T,
    /// EDE + BBE.
    B,
    /// EDE + BC + TBR.
    Bt,
    /// EDE + BC + BBE.
    Bb,
}

/// A parsed tie-break code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TieBreak {
    /// The code as written (the column header).
    pub text: String,
    /// Which tie-break.
    pub kind: Kind,
    /// The opponent-side score (`BH:MP`, first letter of `ESB:MG`); `None` = primary.
    pub score: Option<ScoreKind>,
    /// The own-side score of an extended SB (second letter of `ESB:MG`).
    pub own_score: Option<ScoreKind>,
    /// Cut the lowest `n` values (`/Cn`, 14.1-14.2).
    pub cut_low: usize,
    /// Cut the highest `n` values (with `/Mn`, 14.3-14.4).
    pub cut_high: usize,
    /// `/P`: forfeits count as played.
    pub forfeits_played: bool,
    /// `/F`: Fore Buchholz in place of Buchholz (AOB, 8.2).
    pub fore: bool,
    /// `/S`: Swiss rules even in a round robin.
    pub force_swiss: bool,
    /// `/R`: reverse order.
    pub reverse: bool,
    /// `/Ln`: Koya limit shift in half-points.
    pub limit_shift: i32,
    /// `/Kn`: the SSSC normalising factor the competition rules state (13.4.2).
    pub factor: Option<u32>,
    /// `/Un`: the rating the rating tie-breaks give unrated players (10 preamble).
    pub unrated: Option<u16>,
    /// `/V2024` or `/V2026`: edition override for this tie-break.
    pub edition: Option<Edition>,
}

/// A code that is not in the grammar.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown tie-break code {0:?} / 无法识别的破同分规则代码 {0:?}")]
pub struct UnknownCode(pub String);

fn score_letter(c: char) -> Option<ScoreKind> {
    match c {
        'M' => Some(ScoreKind::Match),
        'G' => Some(ScoreKind::Game),
        _ => None,
    }
}

impl TieBreak {
    /// Parses one code (case-insensitive).
    ///
    /// # Errors
    ///
    /// [`UnknownCode`] when the acronym or an option is not recognised.
    pub fn parse(text: &str) -> Result<TieBreak, UnknownCode> {
        let err = || UnknownCode(text.to_string());
        let up = text.trim().to_ascii_uppercase();
        let mut parts = up.split('/');
        let head = parts.next().ok_or_else(err)?;
        let (name, suffix) = match head.split_once(':') {
            Some((n, s)) => (n, Some(s)),
            None => (head, None),
        };
        let mut tb = TieBreak {
            text: text.trim().to_string(),
            kind: Kind::Pts,
            score: None,
            own_score: None,
            cut_low: 0,
            cut_high: 0,
            forfeits_played: false,
            fore: false,
            force_swiss: false,
            reverse: false,
            limit_shift: 0,
            factor: None,
            unrated: None,
            edition: None,
        };
        tb.kind = match name {
            "PTS" => Kind::Pts,
            "MPTS" | "MP" => Kind::Mpts,
            "GPTS" | "GP" => Kind::Gpts,
            "MPVGP" => Kind::MpVGp,
            "DE" => Kind::De,
            "EDE" => Kind::Ede(EdeVariant::Plain),
            "EDEC" => Kind::Ede(EdeVariant::C),
            "EDET" => Kind::Ede(EdeVariant::T),
            "EDEB" => Kind::Ede(EdeVariant::B),
            "EDEBT" => Kind::Ede(EdeVariant::Bt),
            "EDEBB" => Kind::Ede(EdeVariant::Bb),
            "BH" => Kind::Bh,
            "AOB" => Kind::Aob,
            "FB" => Kind::Fb,
            "SB" => Kind::Sb,
            "ESB" => Kind::Sb,
            "KS" => Kind::Ks,
            "PS" => Kind::Ps,
            "WIN" => Kind::Win,
            "WON" => Kind::Won,
            "BPG" => Kind::Bpg,
            "BWG" => Kind::Bwg,
            "REP" | "GE" => Kind::Rep,
            "STD" => Kind::Std,
            "ARO" => Kind::Aro,
            "TPR" => Kind::Tpr,
            "PTP" => Kind::Ptp,
            "APRO" => Kind::Apro,
            "APPO" => Kind::Appo,
            "RTNG" | "RTG" => Kind::Rtng,
            "TPN" | "SNO" => Kind::Tpn,
            "BC" => Kind::Bc,
            "TBR" => Kind::Tbr,
            "BBE" => Kind::Bbe,
            "SSSC" => Kind::Sssc,
            n if n.len() == 5 && n.starts_with('E') && n.ends_with("SB") => {
                let mut cs = n.chars().skip(1);
                tb.score = cs.next().and_then(score_letter);
                tb.own_score = cs.next().and_then(score_letter);
                if tb.score.is_none() || tb.own_score.is_none() {
                    return Err(err());
                }
                Kind::Sb
            }
            _ => return Err(err()),
        };
        if let Some(s) = suffix {
            let letters: Vec<char> = s.trim_end_matches('P').chars().collect();
            match letters.as_slice() {
                [a] => tb.score = Some(score_letter(*a).ok_or_else(err)?),
                [a, b] => {
                    tb.score = Some(score_letter(*a).ok_or_else(err)?);
                    tb.own_score = Some(score_letter(*b).ok_or_else(err)?);
                }
                _ => return Err(err()),
            }
            // `BH:MP` names one score; `ESB:MG` two. `SB:MP` uses MP on both sides.
        }
        if name == "ESB" && tb.own_score.is_none() {
            return Err(err());
        }
        for opt in parts {
            // The option's letter is its first character, whatever its width (`/中` is an
            // unknown option, not a cut in the middle of a character).
            let mut chars = opt.chars();
            let letter = chars.next();
            let rest = chars.as_str();
            let num = || rest.parse::<usize>().map_err(|_| err());
            match letter {
                Some('C') => tb.cut_low = num()?,
                Some('M') => {
                    let n = num()?;
                    tb.cut_low = n;
                    tb.cut_high = n;
                }
                Some('L') => {
                    let (neg, digits) = match rest.strip_prefix('-') {
                        Some(d) => (true, d),
                        None => (false, rest.strip_prefix('+').unwrap_or(rest)),
                    };
                    let n: i32 = digits.parse().map_err(|_| err())?;
                    tb.limit_shift = if neg { -n } else { n };
                }
                Some('K') => {
                    let n = rest.parse::<u32>().map_err(|_| err())?;
                    tb.factor = Some(n).filter(|&n| n > 0);
                    if tb.factor.is_none() {
                        return Err(err());
                    }
                }
                Some('U') => tb.unrated = Some(rest.parse::<u16>().map_err(|_| err())?),
                Some('P') if rest.is_empty() => tb.forfeits_played = true,
                Some('F') if rest.is_empty() => tb.fore = true,
                Some('S') if rest.is_empty() => tb.force_swiss = true,
                Some('R') if rest.is_empty() => tb.reverse = true,
                Some('V') => {
                    tb.edition = Some(match rest {
                        "2024" | "1" => Edition::E2024,
                        "2026" | "2" | "" => Edition::E2026,
                        _ => return Err(err()),
                    })
                }
                _ => return Err(err()),
            }
        }
        Ok(tb)
    }

    /// Whether a higher value ranks higher (BC, TPN and the place-valued ones rank low first).
    pub fn higher_is_better(&self) -> bool {
        let base = !matches!(
            self.kind,
            Kind::Bc | Kind::Tpn | Kind::De | Kind::Ede(_) | Kind::Tbr | Kind::Bbe
        );
        base != self.reverse
    }

    /// Decimals printed (as the reference calculator prints them).
    pub fn decimals(&self) -> usize {
        match self.kind {
            Kind::Pts | Kind::Mpts | Kind::Gpts | Kind::MpVGp | Kind::Bh | Kind::Fb | Kind::Ps => 1,
            Kind::Aob => 2,
            Kind::Bc | Kind::Ks | Kind::Std => 1,
            Kind::Sb | Kind::Sssc => 2,
            _ => 0,
        }
    }
}

impl fmt::Display for TieBreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// Parses a list separated by spaces or commas (`"PTS BH/C1 SB"`, `"EDET/P,EMGSB/C1/P"`).
///
/// # Errors
///
/// [`UnknownCode`] for the first unknown code.
pub fn parse_list(text: &str) -> Result<Vec<TieBreak>, UnknownCode> {
    text.split(|c: char| c.is_whitespace() || c == ',' || c == ';')
        .filter(|s| !s.is_empty())
        .map(TieBreak::parse)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fore_buchholz_and_its_average() {
        let t = TieBreak::parse("FB/C1").unwrap();
        assert_eq!((t.kind, t.cut_low, t.decimals()), (Kind::Fb, 1, 1));
        let t = TieBreak::parse("aob/f").unwrap();
        assert_eq!(
            (t.kind, t.fore, t.text.as_str()),
            (Kind::Aob, true, "aob/f")
        );
        assert!(!TieBreak::parse("AOB").unwrap().fore);
        assert!(TieBreak::parse("AOB/F2").is_err());
        assert_eq!(TieBreak::parse("APRO").unwrap().kind, Kind::Apro);
    }

    /// An option is read by its first character, not its first byte (found by fuzzing: `/中`
    /// was cut inside the character and panicked).
    #[test]
    fn an_option_that_is_not_ascii_is_an_unknown_code() {
        for text in ["BH/中", "BH:MP/中C1", "BH/Ｃ1", "BH/é", "BH/"] {
            assert_eq!(TieBreak::parse(text), Err(UnknownCode(text.to_string())));
        }
        assert_eq!(TieBreak::parse("BH/c1").map(|t| t.cut_low), Ok(1));
    }

    #[test]
    fn the_last_c07_codes_and_their_modifiers() {
        let t = TieBreak::parse("PTP/U1400").unwrap();
        assert_eq!(
            (t.kind, t.unrated, t.decimals()),
            (Kind::Ptp, Some(1400), 0)
        );
        assert_eq!(TieBreak::parse("appo").unwrap().kind, Kind::Appo);
        let t = TieBreak::parse("STD:GP").unwrap();
        assert_eq!(
            (t.kind, t.score, t.decimals()),
            (Kind::Std, Some(ScoreKind::Game), 1)
        );
        let t = TieBreak::parse("SSSC/K4/F/P").unwrap();
        assert_eq!(
            (t.kind, t.factor, t.fore, t.forfeits_played, t.decimals()),
            (Kind::Sssc, Some(4), true, true, 2)
        );
        assert!(TieBreak::parse("SSSC/K0").is_err());
        assert!(TieBreak::parse("SSSC/K").is_err());
        assert!(TieBreak::parse("PTP/U").is_err());
        assert!(TieBreak::parse("PTP/U70000").is_err());
    }

    #[test]
    fn parses_the_grammar() {
        let t = TieBreak::parse("BH:MP/C1").unwrap();
        assert_eq!(
            (t.kind, t.score, t.cut_low),
            (Kind::Bh, Some(ScoreKind::Match), 1)
        );
        let t = TieBreak::parse("ESB:MG/C1").unwrap();
        assert_eq!(
            (t.kind, t.score, t.own_score, t.cut_low),
            (Kind::Sb, Some(ScoreKind::Match), Some(ScoreKind::Game), 1)
        );
        let t = TieBreak::parse("EMGSB/C1/P").unwrap();
        assert_eq!(
            (t.score, t.own_score, t.forfeits_played),
            (Some(ScoreKind::Match), Some(ScoreKind::Game), true)
        );
        let t = TieBreak::parse("BH/M1").unwrap();
        assert_eq!((t.cut_low, t.cut_high), (1, 1));
        assert_eq!(
            TieBreak::parse("EDET/P").unwrap().kind,
            Kind::Ede(EdeVariant::T)
        );
        assert!(!TieBreak::parse("bc").unwrap().higher_is_better());
        assert_eq!(TieBreak::parse("BH/C1").unwrap().text, "BH/C1");
        assert!(TieBreak::parse("XYZ").is_err());
        assert!(TieBreak::parse("BH/Q").is_err());
        assert!(TieBreak::parse("ESB").is_err());
        assert_eq!(
            parse_list("EDET/P,EMGSB/C1/P, BH:MP/C1/P,MPvGP")
                .unwrap()
                .len(),
            4
        );
    }
}
