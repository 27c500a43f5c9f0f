// Structural errors of blocks and regions, with upstream's messages (the same file
// runs under mlir-opt: invalid-regions-mlir-opt.mlir).
// RUN: tensor-opt --allow-unregistered-dialect %s -split-input-file -verify-diagnostics

func.func @successors_in_the_middle() {
  "t.region"() ({
    // expected-error@+1 {{operation with block successors must terminate its parent block}}
    "t.br"()[^bb1] : () -> ()
    "t.op"() : () -> ()
  ^bb1:
    "t.ret"() : () -> ()
  }) : () -> ()
  return
}

// -----

// Control flow leaves a block through its terminator only: the misplaced branch
// does not make ^bb1 reachable, so ^bb1 is not checked for dominance.
func.func @only_terminators_branch() {
  "t.region"() ({
    // expected-error@+1 {{operation with block successors must terminate its parent block}}
    "t.br"()[^bb1] : () -> ()
    "t.ret"() : () -> ()
  ^bb1:
    "t.use"(%y) : (i32) -> ()
    %y = "t.def"() : () -> i32
    "t.ret"() : () -> ()
  }) : () -> ()
  return
}

// -----

// An unregistered op's region of several blocks needs a terminator in each.
func.func @empty_block_of_several() {
  // expected-error@+1 {{empty block: expect at least a terminator}}
  "t.region"() ({
    "t.br"()[^bb1] : () -> ()
  ^bb1:
  }) : () -> ()
  return
}

// -----

// A single empty block is fine there.
func.func @single_empty_block() {
  "t.region"() ({
  ^bb0:
  }) : () -> ()
  return
}

// -----

func.func @branch_to_the_entry_block() {
  // expected-error@+1 {{entry block of region may not have predecessors}}
  "t.region"() ({
  ^bb0:
    "t.br"()[^bb1] : () -> ()
  ^bb1:
    "t.br"()[^bb0] : () -> ()
  }) : () -> ()
  return
}

// -----

// Structure is checked before dominance: the op is reported for its empty block,
// not for its operand.
func.func @structure_before_dominance() {
  // expected-error@+1 {{empty block: expect at least a terminator}}
  %0 = "t.region"(%1) ({
    "t.br"()[^bb1] : () -> ()
  ^bb1:
  }) : (i32) -> i32
  %1 = "t.def"() : () -> i32
  return
}
