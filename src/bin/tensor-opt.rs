//! `tensor-opt`: the mlir-opt of tensor programs.

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    std::process::exit(tensor_opt::driver::main_with_args(
        std::env::args().collect(),
    ));
}
