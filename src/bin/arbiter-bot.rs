//! `arbiter-bot`: an embedded engine as a process speaking a tournament protocol on stdin and
//! stdout (see `docs/protocols.md`). Its command line is [`arbiter_bot::cli`]; the binary is a
//! target of the root package so that the workspace's integration tests find it.

fn main() -> std::process::ExitCode {
    arbiter_bot::cli::main()
}
