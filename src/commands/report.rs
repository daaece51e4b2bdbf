//! `stadt report DIR`: the finished tournament's, test's or tuning run's results as one self-contained
//! HTML page of tables and plots, `DIR/report.html`.

use crate::args::command_line;
use crate::failure::Failure;
use clap::Args;
use stadt_harness::any_report;
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct ReportArgs {
    /// A tournament folder (also a merged or a shard one), an sprt folder or a tuning folder whose
    /// run has finished.
    #[arg(value_name = "DIR")]
    pub dir: PathBuf,
}

pub fn report(a: ReportArgs) -> Result<(), Failure> {
    let path = any_report::write(&a.dir, &command_line())?;
    println!("{}", path.display());
    Ok(())
}
