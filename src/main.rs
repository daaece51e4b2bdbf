use clap::Parser;

fn main() {
    let cli = stadt::cli::Cli::parse();
    if let Err(f) = stadt::cli::run(cli) {
        eprintln!("stadt: {}", f.message);
        std::process::exit(f.code);
    }
}
