//! `bianpai trf generate`: [`crate::trf::generate`] written to the `-o` file (CRLF line ends,
//! as bianpai's TRF reports).

use crate::cli::GenerateArgs;
use crate::{Error, Result};

/// Writes the generated tournament and names the file on stdout.
///
/// # Errors
///
/// Options out of range, a round the engine cannot pair, or the file cannot be written.
pub fn run(a: &GenerateArgs) -> Result<u8> {
    let cfg = crate::trf::generate::Config {
        players: a.players,
        rounds: a.rounds,
        seed: a.seed,
        draw_percentage: a.draw_percentage,
        forfeit_rate: a.forfeit_rate,
        retired_rate: a.retired_rate,
        half_point_bye_rate: a.half_point_bye_rate,
        withdrawal_rate: a.withdrawal_rate,
        late_entry_rate: a.late_entry_rate,
        highest_rating: a.highest_rating,
        lowest_rating: a.lowest_rating,
        teams: a.teams,
        boards: a.boards,
    };
    let trf = crate::trf::generate::generate(&cfg).map_err(Error::Usage)?;
    let text = crate::trf::write(&trf).replace('\n', "\r\n");
    std::fs::write(&a.output, text).map_err(|e| Error::io(&a.output, e))?;
    let shown = a.output.display();
    let line = a
        .lang
        .pick(&format!("已写出 {shown}\n"), &format!("wrote {shown}\n"))
        .to_string();
    super::output::write(&line)?;
    Ok(0)
}
