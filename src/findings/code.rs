//! The catalogue of finding codes: every code a finding can carry, with its text form (SPEC §8,
//! stable across versions), its default severity and what it means.
//!
//! Code that reacts to findings matches these variants, never their text.
//!
//! ```
//! use bianpai::findings::{Code, Severity};
//! assert_eq!(Code::PersonIdInvalid.as_str(), "person.id-invalid");
//! assert_eq!(Code::parse("team.late"), Some(Code::TeamLate));
//! assert_eq!(Code::CheckNotRun.severity(), Severity::Warning);
//! ```

use std::fmt;

use super::Severity;

/// What a code is about: its text before the dot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Category {
    /// `file.*`: a file of the folder.
    File,
    /// `cell.*`: one cell of a form.
    Cell,
    /// `person.*`: one person's entry (eligibility).
    Person,
    /// `team.*`: one team's entry (eligibility).
    Team,
    /// `check.*`: a check that could not be made.
    Check,
    /// `lineup.*`: a team's line-up in a round.
    Lineup,
    /// `result.*`: a result typed in a round workbook.
    Result,
    /// `round.*`: a round workbook or an entrant's rounds.
    Round,
    /// `pair.*`: family pairs.
    Pair,
    /// `pairing.*`: the pairing engine.
    Pairing,
    /// `ruling.*`: the `[[rulings]]` of event.toml.
    Ruling,
    /// `prize.*`: prize money.
    Prize,
    /// `room.*`: room requests.
    Room,
    /// `output.*`: what the run writes.
    Output,
}

macro_rules! catalogue {
    ($( $(#[doc = $doc:literal])* $variant:ident = $text:literal, $category:ident, $severity:ident; )*) => {
        /// A finding code (SPEC §8 and the project's own, listed in docs/contract.md).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Code {
            $( $(#[doc = $doc])* $variant, )*
        }

        impl Code {
            /// Every code, in catalogue order.
            pub const ALL: &'static [Code] = &[$(Code::$variant,)*];

            /// The stable text code, e.g. `person.id-invalid`.
            pub const fn as_str(self) -> &'static str {
                match self { $(Code::$variant => $text,)* }
            }

            /// What the code is about.
            pub const fn category(self) -> Category {
                match self { $(Code::$variant => Category::$category,)* }
            }

            /// What the code means, as the catalogue's documentation says it.
            pub fn meaning(self) -> &'static str {
                match self { $(Code::$variant => concat!($($doc),*).trim_start(),)* }
            }

            /// The severity a finding of this code has unless the check that raises it says
            /// otherwise (a regulation that requires the value makes a warning an error).
            pub const fn severity(self) -> Severity {
                match self { $(Code::$variant => Severity::$severity,)* }
            }
        }
    };
}

catalogue! {
    /// A file that cannot be read: corrupt, encrypted, unsupported or too large. The run goes on
    /// with the others.
    FileUnreadable = "file.unreadable", File, Error;
    /// A file that is neither a form, a round workbook nor anything else bianpai reads.
    FileUnrecognized = "file.unrecognized", File, Warning;
    /// An older form of a team that sent a newer one: the newer is read.
    FileSuperseded = "file.superseded", File, Warning;
    /// Two forms of one team that are not versions of each other.
    FileDuplicateTeam = "file.duplicate-team", File, Warning;
    /// A .doc/.wps/.et read from a copy converted by LibreOffice; a text file read without its NUL bytes (the lines named).
    FileConverted = "file.converted", File, Warning;
    /// A form cell holding an error value (`#N/A`, `#REF!` …): never read as a value.
    CellError = "cell.error", Cell, Error;
    /// A name, unit or ID number cell of a form with invisible characters (zero-width space,
    /// word joiner, soft hyphen, byte-order mark): compared without them.
    CellInvisibleCharacters = "cell.invisible-characters", Cell, Warning;
    /// A row with no name.
    PersonNameMissing = "person.name-missing", Person, Error;
    /// An identity number of the wrong format or check character.
    PersonIdInvalid = "person.id-invalid", Person, Error;
    /// The birth date written differs from the one in the ID number.
    PersonIdBirthMismatch = "person.id-birth-mismatch", Person, Error;
    /// The sex written differs from the one in the ID number.
    PersonIdGenderMismatch = "person.id-gender-mismatch", Person, Error;
    /// No birth date (an error where the regulation bars by age; a warning when unreadable).
    PersonBirthMissing = "person.birth-missing", Person, Error;
    /// No sex (an error where boards or groups depend on it; a warning when unreadable).
    PersonGenderMissing = "person.gender-missing", Person, Error;
    /// The same person twice, in one team or two.
    PersonDuplicate = "person.duplicate", Person, Error;
    /// No FIDE ID where the regulation requires one.
    PersonFideIdMissing = "person.fide-id-missing", Person, Error;
    /// A FIDE ID that is not a number of FIDE's form (an error where one is required).
    PersonFideIdInvalid = "person.fide-id-invalid", Person, Warning;
    /// Not on the registration list (an error where the regulation requires registration).
    PersonNotRegistered = "person.not-registered", Person, Error;
    /// A player registered to another unit without a loan.
    PersonLoanMissing = "person.loan-missing", Person, Error;
    /// Younger than the regulation allows.
    PersonTooYoung = "person.too-young", Person, Error;
    /// Born outside the group's years.
    PersonBirthOutOfRange = "person.birth-out-of-range", Person, Error;
    /// A title or grade the group does not admit.
    PersonTitleIneligible = "person.title-ineligible", Person, Error;
    /// Also entered in an event the regulation excludes.
    PersonInExcludedEvent = "person.in-excluded-event", Person, Error;
    /// A rating that is not a number.
    PersonRatingInvalid = "person.rating-invalid", Person, Warning;
    /// A 台次 cell that cannot be read as a board (1, 第一台, 替补 …).
    PersonBoardInvalid = "person.board-invalid", Person, Warning;
    /// A 组别 naming no section: the player placed in the one section his birth date and sex fit.
    PersonSectionAssumed = "person.section-assumed", Person, Warning;
    /// A player no section could be chosen for: not paired until the form is corrected.
    PersonSectionUnplaced = "person.section-unplaced", Person, Error;
    /// A person a correction sent after the deadline adds to a form sent in time: late, the
    /// rest of the team is not.
    PersonLate = "person.late", Person, Error;
    /// More men than the regulation allows.
    TeamTooManyMen = "team.too-many-men", Team, Error;
    /// More women than the regulation allows.
    TeamTooManyWomen = "team.too-many-women", Team, Error;
    /// More players for the open boards (either sex) than the regulation allows (`[team] main`, `reserve`).
    TeamTooManyPlayers = "team.too-many-players", Team, Error;
    /// Fewer players than the regulation requires.
    TeamTooFewPlayers = "team.too-few-players", Team, Error;
    /// Boards not in the order the regulation requires (rating order).
    TeamBoardOrder = "team.board-order", Team, Error;
    /// A woman on a men's board rated below the regulation's bar.
    TeamWomanOnMenBoardRating = "team.woman-on-men-board-rating", Team, Error;
    /// More players in a group than the delegation's quota.
    TeamOverQuota = "team.over-quota", Team, Error;
    /// A form received after the deadline.
    TeamLate = "team.late", Team, Error;
    /// A correction sent after the deadline that removes people or changes their entries
    /// (where `[deadlines.entry] late_changes = "warning"`).
    TeamLateChange = "team.late-change", Team, Warning;
    /// A unit that also plays an event the regulation excludes.
    TeamInExcludedEvent = "team.in-excluded-event", Team, Error;
    /// A check that could not be made (no quota table, a team missing from it, an excluded
    /// event's roster that cannot be read): the entrants it concerns were not checked.
    CheckNotRun = "check.not-run", Check, Warning;
    /// A line-up not in board order.
    LineupOrder = "lineup.order", Lineup, Error;
    /// A reserve fielded on a board the regulation does not allow.
    LineupReserveBoard = "lineup.reserve-board", Lineup, Error;
    /// A player on a board of the other sex.
    LineupGenderBoard = "lineup.gender-board", Lineup, Error;
    /// A line-up naming nobody on the team's roster.
    LineupUnknownPlayer = "lineup.unknown-player", Lineup, Error;
    /// A player fielded against the regulation on that board, every round he plays.
    LineupIneligible = "lineup.ineligible", Lineup, Error;
    /// A board of a new round's default line-up left empty: the players who would play it are
    /// pending or barred from it and no legal reserve is left.
    LineupDefaultEmpty = "lineup.default-empty", Lineup, Warning;
    /// A result not typed yet (an error when the event cannot go on without it).
    ResultMissing = "result.missing", Result, Warning;
    /// A result cell bianpai cannot read as a result.
    ResultInvalid = "result.invalid", Result, Error;
    /// A pairing cell changed from what bianpai wrote.
    ResultPairingChanged = "result.pairing-changed", Result, Error;
    /// A result naming nobody on the roster.
    ResultUnknownPlayer = "result.unknown-player", Result, Error;
    /// A result in another notation, read and converted.
    ResultConverted = "result.converted", Result, Warning;
    /// Two teams paired again who met before (C.04.6 [C1]).
    ResultRematch = "result.rematch", Result, Warning;
    /// An entrant not paired in a round (a late entry, an absence): it scores nothing there.
    ResultNotPaired = "result.not-paired", Result, Warning;
    /// A withdrawal row (an error when it names no team), or a team paired after withdrawing.
    ResultWithdrawal = "result.withdrawal", Result, Warning;
    /// A result of a round changed after bianpai paired a later round from it (a warning
    /// citing the arbiter's `result-changed` ruling).
    ResultChanged = "result.changed", Result, Error;
    /// Two files for one round.
    RoundDuplicateWorkbook = "round.duplicate-workbook", Round, Error;
    /// An unused round 1 workbook whose pairing no longer follows from the entries: moved to
    /// `results/superseded/`, the round paired again.
    RoundSupersededWorkbook = "round.superseded-workbook", Round, Warning;
    /// A round workbook under another name, read.
    RoundRenamedWorkbook = "round.renamed-workbook", Round, Warning;
    /// A round workbook without bianpai's marker, compared with the computed pairing.
    RoundUnmarkedWorkbook = "round.unmarked-workbook", Round, Warning;
    /// A workbook named as one round whose marker says another: not read.
    RoundMarkerMismatch = "round.marker-mismatch", Round, Error;
    /// A workbook holding more than one sheet that reads as a round (hidden or visible): the
    /// first visible one is read; the arbiter keeps one.
    RoundExtraSheet = "round.extra-sheet", Round, Error;
    /// A round workbook whose marker names another event: not read.
    RoundForeignEvent = "round.foreign-event", Round, Error;
    /// A team or player cell in a round workbook with invisible characters (zero-width space,
    /// soft hyphen, byte-order mark): compared without them.
    RoundInvisibleCharacters = "round.invisible-characters", Round, Warning;
    /// A round workbook (by its marker) outside `results/`: not read, its round not paired
    /// again until it is moved back.
    RoundOutsideResults = "round.outside-results", Round, Error;
    /// A round missing while a later one of its stage is there: not paired again.
    RoundMissingWorkbook = "round.missing-workbook", Round, Error;
    /// An entrant marked `退赛`: not paired again, points kept.
    RoundWithdrawal = "round.withdrawal", Round, Warning;
    /// An entrant absent from earlier rounds: paired from the next one.
    RoundLateEntry = "round.late-entry", Round, Warning;
    /// A requested bye (`bye-half` / `bye-zero` ruling) over the stage's limit, or a
    /// half-point bye after `half_point_rounds_until`: not honoured, the player is paired.
    RoundByeRefused = "round.bye-refused", Round, Error;
    /// One person entered by two delegations: paired once.
    RoundDuplicateEntrant = "round.duplicate-entrant", Round, Warning;
    /// A round robin whose `rounds` differ from the rounds of its Berger schedule for the teams
    /// entered: no more rounds than the schedule has are played, and a shorter one leaves
    /// teams unmet.
    RoundCountMismatch = "round.count-mismatch", Round, Error;
    /// Family entrants the form does not pair.
    PairUnmatched = "pair.unmatched", Pair, Error;
    /// The engine cannot pair a round; the chief arbiter decides.
    PairingImpossible = "pairing.impossible", Pairing, Error;
    /// A `[[rulings]]` entry naming nobody on the roster.
    RulingUnknown = "ruling.unknown", Ruling, Error;
    /// A `[[rulings]]` entry naming someone a correction no longer enters: nothing to decide.
    RulingNotEntered = "ruling.not-entered", Ruling, Warning;
    /// The prize lists or the prizes paid differ from the stated total.
    PrizeTotalMismatch = "prize.total-mismatch", Prize, Warning;
    /// A room request naming no team.
    RoomNoTeam = "room.no-team", Room, Warning;
    /// A twin room requested for one person.
    RoomTwinAlone = "room.twin-alone", Room, Warning;
    /// A twin room for a man and a woman.
    RoomTwinMixed = "room.twin-mixed", Room, Warning;
    /// A hotel that is not in event.toml.
    RoomUnknownHotel = "room.unknown-hotel", Room, Warning;
    /// A room type the hotel does not have.
    RoomUnknownType = "room.unknown-type", Room, Warning;
    /// Arrival and departure dates that cannot be read, are in the wrong order, or lie more than
    /// 31 days from the event (a mistyped year or month: not taken, the standard stay's date is).
    RoomDatesInvalid = "room.dates-invalid", Room, Warning;
    /// A stay outside the event's dates: charged as requested.
    RoomDatesOutside = "room.dates-outside", Room, Warning;
    /// A person entered twice (two teams, two roles, two room rows): booked and billed once,
    /// where first entered; the message names both cells.
    RoomDoubleEntry = "room.double-entry", Room, Warning;
    /// A file in `out/` that bianpai did not write (or that was edited since) under an output's
    /// name: renamed `<name>（保留）…` and kept.
    OutputKept = "output.kept", Output, Warning;
    /// No CJK font on the system: the pictures of `out/web/` are not drawn.
    OutputNoCjkFont = "output.no-cjk-font", Output, Warning;
}

impl Code {
    /// The code whose text is `text`, if any.
    pub fn parse(text: &str) -> Option<Code> {
        Code::ALL.iter().copied().find(|c| c.as_str() == text)
    }

    /// Whether a finding of this code concerns an entrant's eligibility (`person.*`,
    /// `team.*`): an open one of error severity makes the entrant pending (资格待查).
    pub const fn is_eligibility(self) -> bool {
        matches!(self.category(), Category::Person | Category::Team)
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl serde::Serialize for Code {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl PartialEq<&str> for Code {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<str> for Code {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

/// The catalogue as the Markdown table of `docs/finding-codes.md`.
pub fn markdown_table() -> String {
    let mut out = String::from("| code | severity | meaning |\n|---|---|---|\n");
    for &c in Code::ALL {
        let severity = match c.severity() {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        out.push_str(&format!(
            "| `{}` | {severity} | {} |\n",
            c.as_str(),
            c.meaning()
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_has_its_own_text_and_reads_back() {
        let mut seen = std::collections::BTreeSet::new();
        for &c in Code::ALL {
            assert!(seen.insert(c.as_str()), "{c} twice");
            assert_eq!(Code::parse(c.as_str()), Some(c));
            let (head, _) = c.as_str().split_once('.').unwrap_or_default();
            assert_eq!(format!("{:?}", c.category()).to_lowercase(), head, "{c}");
        }
        assert_eq!(Code::parse("person.unknown"), None);
    }

    #[test]
    fn eligibility_codes_are_people_and_teams() {
        assert!(Code::TeamLate.is_eligibility());
        assert!(Code::PersonTooYoung.is_eligibility());
        assert!(!Code::CheckNotRun.is_eligibility());
        assert!(!Code::LineupIneligible.is_eligibility());
    }
}
