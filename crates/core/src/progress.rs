//! The progress bar of long runs (tournaments, tuning) on stderr: done of all, the rate, time
//! passed and left, and a message such as the latest score.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

/// A bar over `total` steps called `unit` (`games`, `iterations`), `done` of them already done by
/// an earlier run; hidden unless `show`.
pub fn bar(show: bool, total: usize, done: usize, unit: &'static str) -> ProgressBar {
    if !show {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(total as u64);
    bar.set_draw_target(ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template(&format!(
            "{{bar:32.cyan/blue}} {{pos}}/{{len}} {unit}  {{rate}}  elapsed {{elapsed_precise}}  left {{eta_precise}}  {{msg}}"
        ))
        .expect("a valid template")
        .with_key("rate", move |s: &ProgressState, w: &mut dyn std::fmt::Write| {
            let _ = write!(w, "{:.1} {unit}/s", s.per_sec());
        }),
    );
    // The rate and time left count this run's steps only.
    bar.set_position(done as u64);
    bar.reset_eta();
    bar
}
