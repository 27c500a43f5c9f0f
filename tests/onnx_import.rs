//! The ONNX import on the checked-in models (test/ONNX/Inputs, written by
//! scripts/onnx-models.py), without Python: recognition by content, named
//! dims, located refusals, and corrupt or hostile bytes never panicking.

use std::path::PathBuf;

fn model(name: &str) -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("test/ONNX/Inputs")
        .join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn models_are_recognised_by_content_and_text_is_not() {
    assert!(tensor_onnx::is_model(&model("named_same.onnx")));
    assert!(!tensor_onnx::is_model(
        b"func.func @main() {\n  return\n}\n"
    ));
    assert!(!tensor_onnx::is_model(b""));
    assert!(!tensor_onnx::is_model(&model("corrupt.onnx")));
}

#[test]
fn dim_params_become_dim_names() {
    let text = tensor_onnx::import(&model("named_different.onnx"), "m.onnx").expect("imports");
    assert!(text.contains(r#"%arg0: tensor<?x?xf32> {nd.dim_names = ["batch", "seq"]}"#));
    assert!(text.contains(r#"%arg1: tensor<?x?xf32> {nd.dim_names = ["batch", "heads"]}"#));
    assert!(
        text.contains(r#"loc("m.onnx: node 'scale' (Mul)":1:0)"#),
        "{text}"
    );
}

#[test]
fn refusals_name_the_node_and_the_op() {
    let e = tensor_onnx::import(&model("unsupported.onnx"), "m.onnx").expect_err("refused");
    assert_eq!(e.location, "m.onnx: node 'conv1' (Conv)");
    assert_eq!(e.message, "op 'Conv' is not supported");
    let e = tensor_onnx::import(&model("bad_attr.onnx"), "m.onnx").expect_err("refused");
    assert_eq!(e.message, "attribute 'beta' of LeakyRelu is not supported");
}

#[test]
fn truncated_models_fail_without_panicking() {
    let bytes = model("prelu_where.onnx");
    for len in 0..bytes.len() {
        let _ = tensor_onnx::import(&bytes[..len], "m.onnx");
    }
}

#[test]
fn a_huge_claimed_initializer_is_refused_without_allocating_it() {
    use prost::Message as _;
    use tensor_onnx::proto::{GraphProto, ModelProto, OperatorSetIdProto, TensorProto};
    let model = ModelProto {
        ir_version: Some(8),
        opset_import: vec![OperatorSetIdProto {
            domain: Some(String::new()),
            version: Some(17),
        }],
        graph: Some(GraphProto {
            initializer: vec![TensorProto {
                name: Some("w".into()),
                dims: vec![1_000_000, 1_000_000],
                data_type: Some(1),
                ..Default::default()
            }],
            ..Default::default()
        }),
        ..Default::default()
    };
    let e = tensor_onnx::import(&model.encode_to_vec(), "m.onnx").expect_err("refused");
    assert_eq!(e.location, "m.onnx: initializer 'w'");
    assert!(
        e.message.contains("need 1000000000000 elements"),
        "{}",
        e.message
    );
}
