//! `tensor-run`: runs a function of an nd program on tensors (see
//! `tensor_opt::tensor_run`).

fn main() {
    // `args_os`: a file name need not be UTF-8.
    std::process::exit(tensor_opt::tensor_run::main_with_args(std::env::args_os()));
}
