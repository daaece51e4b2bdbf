use clap::Parser;

#[global_allocator]
static ALLOC: stadt::alloc_count::CountingAlloc = stadt::alloc_count::CountingAlloc;

fn main() {
    let cli = stadt::cli::Cli::parse();
    if let Err(f) = stadt::cli::run(cli) {
        eprintln!("stadt: {}", f.message);
        std::process::exit(f.code);
    }
}
