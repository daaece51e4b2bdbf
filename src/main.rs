//! `stadt`: the command line of the Die Stadt research harness (`stadt --help`).

mod args;
mod cli;
mod commands;
mod failure;

use clap::Parser;

#[global_allocator]
static ALLOC: stadt_core::alloc_count::CountingAlloc = stadt_core::alloc_count::CountingAlloc;

fn main() {
    let cli = cli::Cli::parse();
    // Ctrl-C asks a running tournament or tuning run to stop cleanly; a second one ends the
    // process at once.
    let stop = stadt_core::stop::Stop::new();
    let handler = stop.clone();
    let _ = ctrlc::set_handler(move || {
        if handler.requested() {
            stadt_core::child::shutdown();
            std::process::exit(130);
        }
        handler.request();
    });
    let result = cli::run(cli, stop);
    // Bots in other programs end with the command, whatever threads they were kept on.
    stadt_core::child::shutdown();
    if let Err(f) = result {
        eprintln!("stadt: {f}");
        std::process::exit(f.code());
    }
}
