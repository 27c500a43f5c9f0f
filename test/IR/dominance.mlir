// Values defined earlier in a block, or in an enclosing region, may be used;
// uses before the definition in the same block are rejected.
// RUN: tensor-opt --allow-unregistered-dialect %s -split-input-file -verify-diagnostics

func.func @ok(%a: i32) {
  %0 = "t.def"(%a) : (i32) -> i32
  "t.region"() ({
    "t.use"(%0, %a) : (i32, i32) -> ()
  }) : () -> ()
  return
}

// -----

func.func @use_before_def() {
  // expected-error@+1 {{operand #0 does not dominate this use}}
  "t.use"(%late) : (i32) -> ()
  // expected-note@+1 {{operand defined here (op in the same block)}}
  %late = "t.def"() : () -> i32
  return
}

// -----

func.func @nested_use_before_def() {
  "t.region"() ({
    // expected-error@+1 {{operand #0 does not dominate this use}}
    "t.use"(%late) : (i32) -> ()
  }) : () -> ()
  // expected-note@+1 {{operand defined here (op in a parent region)}}
  %late = "t.def"() : () -> i32
  return
}

// -----

// Across blocks: a definition must dominate the block of its use.
func.func @later_block() {
  "t.br"()[^bb1] : () -> ()
^bb1:
  // expected-error@+1 {{operand #0 does not dominate this use}}
  "t.use"(%y) : (i32) -> ()
  "t.br"()[^bb2] : () -> ()
^bb2:
  // expected-note@+1 {{operand defined here (op in the same region)}}
  %y = "t.def"() : () -> i32
  return
}

// -----

// Defined on one path of a diamond only.
func.func @one_path(%c: i1) {
  "t.cond_br"(%c)[^bb1, ^bb2] : (i1) -> ()
^bb1:
  // expected-note@+1 {{operand defined here (op in the same region)}}
  %y = "t.def"() : () -> i32
  "t.br"()[^bb3] : () -> ()
^bb2:
  "t.br"()[^bb3] : () -> ()
^bb3:
  // expected-error@+1 {{operand #0 does not dominate this use}}
  "t.use"(%y) : (i32) -> ()
  return
}

// -----

// The entry block dominates every block, including regions nested in them;
// unreachable blocks are dominated by everything.
func.func @dominated(%c: i1) {
  %y = "t.def"() : () -> i32
  "t.cond_br"(%c)[^bb1, ^bb2] : (i1) -> ()
^bb1:
  "t.use"(%y) : (i32) -> ()
  return
^bb2:
  "t.region"() ({
    "t.use"(%y) : (i32) -> ()
  }) : () -> ()
  return
^unreachable:
  "t.use"(%z) : (i32) -> ()
  return
^also_unreachable:
  %z = "t.def"() : () -> i32
  "t.br"()[^unreachable] : () -> ()
}

// -----

// A block argument is usable only where its block dominates the use; the note
// points at the op holding the block, as upstream's does.
// expected-note@+1 {{operand defined as a block argument (block #2 in the same region)}}
func.func @block_arg_same_region() {
  "t.br"()[^bb1] : () -> ()
^bb1:
  "t.cond_br"()[^bb2, ^bb3] : () -> ()
^bb2(%x: i32):
  "t.br"()[^bb3] : () -> ()
^bb3:
  // expected-error@+1 {{operand #0 does not dominate this use}}
  "t.use"(%x) : (i32) -> ()
  return
}

// -----

func.func @block_arg_parent_region() {
  // expected-note@+1 {{operand defined as a block argument (block #2 in a parent region)}}
  "t.region"() ({
    "t.br"()[^bb1] : () -> ()
  ^bb1:
    "t.cond_br"()[^bb2, ^bb3] : () -> ()
  ^bb2(%x: i32):
    "t.br"()[^bb3] : () -> ()
  ^bb3:
    "t.region"() ({
      // expected-error@+1 {{operand #0 does not dominate this use}}
      "t.use"(%x) : (i32) -> ()
    }) : () -> ()
    "t.term"() : () -> ()
  }) : () -> ()
  return
}

// -----

// The argument of a dominating block is fine, also in nested regions.
func.func @block_arg_dominates() {
  "t.br"()[^bb1] : () -> ()
^bb1(%x: i32):
  "t.region"() ({
    "t.use"(%x) : (i32) -> ()
  }) : () -> ()
  "t.use"(%x) : (i32) -> ()
  return
}

// -----

// The note places the definition relative to the user itself: the user is nested
// in a block the definition does not dominate, so it is in a parent region.
func.func @nested_user_in_other_block() {
  "t.br"()[^bb2] : () -> ()
^bb1:
  // expected-note@+1 {{operand defined here (op in a parent region)}}
  %y = "t.def"() : () -> i32
  "t.br"()[^bb2] : () -> ()
^bb2:
  "t.region"() ({
    // expected-error@+1 {{operand #0 does not dominate this use}}
    "t.use"(%y) : (i32) -> ()
  }) : () -> ()
  return
}

// -----

// As upstream, ops directly in an unreachable block are not checked for
// dominance, not even against later ops of their own block.
func.func @unreachable_block() {
  return
^bb1:
  "t.use"(%y) : (i32) -> ()
  %y = "t.def"() : () -> i32
  return
}

// -----

// Ops nested in an unreachable block are checked.
func.func @nested_in_unreachable_block() {
  return
^bb1:
  "t.region"() ({
    // expected-error@+1 {{operand #0 does not dominate this use}}
    "t.use"(%y) : (i32) -> ()
  }) : () -> ()
  // expected-note@+1 {{operand defined here (op in a parent region)}}
  %y = "t.def"() : () -> i32
  return
}

// -----

// The only block of an unregistered op's region is a graph region, as upstream
// treats it: its ops may use values defined after them, also from nested regions.
func.func @graph_region() {
  "t.region"() ({
    %0 = "t.use"(%1, %0) : (i32, i32) -> i32
    "t.region"() ({
      "t.use"(%1) : (i32) -> ()
    }) : () -> ()
    %1 = "t.def"() : () -> i32
  }) : () -> ()
  return
}

// -----

// A region of several blocks follows SSA dominance.
func.func @cfg_region() {
  "t.region"() ({
    // expected-error@+1 {{operand #0 does not dominate this use}}
    "t.use"(%1) : (i32) -> ()
    // expected-note@+1 {{operand defined here (op in the same block)}}
    %1 = "t.def"() : () -> i32
    "t.br"()[^bb1] : () -> ()
  ^bb1:
    "t.ret"() : () -> ()
  }) : () -> ()
  return
}

// -----

// The module's body is a graph region too.
"t.use"(%late) : (i32) -> ()
%late = "t.def"() : () -> i32
