use clap::Parser;

#[global_allocator]
static ALLOC: stadt::alloc_count::CountingAlloc = stadt::alloc_count::CountingAlloc;

fn main() {
    let cli = stadt::cli::Cli::parse();
    // Ctrl-C asks a running tournament or tuning run to stop cleanly; a second one ends the
    // process at once.
    let stop = stadt::stop::Stop::new();
    let handler = stop.clone();
    let _ = ctrlc::set_handler(move || {
        if handler.requested() {
            std::process::exit(130);
        }
        handler.request();
    });
    if let Err(f) = stadt::cli::run(cli, stop) {
        eprintln!("stadt: {}", f.message);
        std::process::exit(f.code);
    }
}
