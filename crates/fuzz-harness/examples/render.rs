//! Prints the program a fuzz input decodes to: `cargo run -p tensor-fuzz --example
//! render -- <verify|lower|interp> FILE` (to read a crasher).

fn main() {
    let mut args = std::env::args().skip(1);
    let (Some(target), Some(path)) = (args.next(), args.next()) else {
        eprintln!("usage: render <verify|lower|interp> FILE");
        std::process::exit(2);
    };
    let Ok(data) = std::fs::read(&path) else {
        eprintln!("render: cannot read {path}");
        std::process::exit(2);
    };
    let text = match target.as_str() {
        "interp" => tensor_fuzz::decode::<tensor_fuzz::InterpInput>(&data).map(|i| i.program()),
        _ => tensor_fuzz::decode::<tensor_fuzz::Program>(&data).map(|p| p.render()),
    };
    match text {
        Some(t) => print!("{t}"),
        None => eprintln!("render: the bytes do not decode"),
    }
}
