//! `tensor-run`: runs a function of an nd program on tensors (see
//! `tensor_opt::tensor_run`).

fn main() {
    std::process::exit(tensor_opt::tensor_run::main_with_args(
        std::env::args().collect(),
    ));
}
