//! `bianpai run <dir> [--json] [--lang en] [--out <dir>]`.

use crate::cli::RunArgs;
use crate::pipeline::{self, Options};
use crate::{Error, Result};

/// Runs the pipeline and prints the summary: JSON on stdout with `--json`, else the terminal
/// report on stdout. Returns 1 when there are blocking findings.
///
/// # Errors
///
/// When the run cannot happen (exit status 2).
pub fn run(args: RunArgs) -> Result<u8> {
    // A folder that is not an event yet: say how to make one, with the templates to start from.
    if !args.dir.join(crate::event::EVENT_FILE).exists() {
        let dir = args.dir.display();
        return Err(Error::Usage(format!(
            "{dir} 中没有 event.toml，还不是赛事文件夹 (no event.toml in {dir}: not an event folder yet).\n\
             先用模板创建 (create it from a template): bianpai init {dir} --template <模板名>\n\
             可用模板 (templates):\n{}",
            super::templates::listing()?.trim_end()
        )));
    }
    let out = pipeline::out_dir(&args.dir, args.out.as_deref());
    let opts = Options {
        dir: args.dir.clone(),
        out,
        lang: args.lang,
    };
    if !args.json {
        eprintln!("{}", args.lang.pick("正在读取……", "reading ..."));
    }
    let outcome = pipeline::run(&opts)?;
    if args.json {
        let text = serde_json::to_string_pretty(&outcome.summary)?;
        super::output::write(&format!("{text}\n"))?;
    } else {
        super::output::write(&pipeline::print::render(&outcome.summary, args.lang))?;
    }
    Ok(u8::from(outcome.blocking))
}
