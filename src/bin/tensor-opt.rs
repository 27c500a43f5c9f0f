//! `tensor-opt`: the mlir-opt of tensor programs.

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    // `std::env::args` panics on an argument that is not UTF-8; tensor-opt names
    // its input in diagnostics as text, so such an argument is a usage error.
    let mut args = Vec::new();
    for (k, arg) in std::env::args_os().enumerate() {
        match arg.into_string() {
            Ok(a) => args.push(a),
            Err(raw) => {
                eprintln!(
                    "error: argument #{k} ('{}') is not valid UTF-8; tensor-opt takes UTF-8 \
                     arguments (read such a file from standard input: tensor-opt - < FILE)",
                    raw.to_string_lossy()
                );
                std::process::exit(tensor_opt::driver::USAGE_ERROR);
            }
        }
    }
    std::process::exit(tensor_opt::driver::main_with_args(args));
}
