// A CDNA pass run alone takes its architecture from its arch option, else
// from the module's gluon.target (getPassArch, src/Pipeline/Target.cpp),
// and refuses a module where neither names an architecture gluonc compiles
// for, naming which of the two it read.
// RUN: %gluonc-opt %s --split-input-file --verify-diagnostics --gluon-amd-plan-lds-copies
// RUN: %gluonc-opt %s --split-input-file --verify-diagnostics --gluon-amd-lower-warp-pipeline
// RUN: %gluonc-opt %s --split-input-file --gluon-amd-plan-lds-copies=arch=gfx942 | FileCheck %s --check-prefix=OPTION
// RUN: %expect-exit 1 %gluonc-opt %s --split-input-file --gluon-amd-plan-lds-copies=arch=gfx9999 2>&1 | FileCheck %s --check-prefix=BOGUS

// The option wins over the module's attribute, so every module below plans.
// OPTION-COUNT-3: module
// BOGUS-COUNT-3: error: the pass's arch option names no architecture gluonc compiles for: 'gfx9999'

// expected-error @below {{the module has no 'gluon.target' and the pass was given no arch option}}
module attributes {gluon.num_warps = 4 : i32} {
  func.func @no_target() {
    return
  }
}

// -----

// expected-error @below {{the module's 'gluon.target' names no architecture gluonc compiles for: 'gfx9999'}}
module attributes {gluon.num_warps = 4 : i32, gluon.target = "gfx9999"} {
  func.func @unknown_target() {
    return
  }
}

// -----

module attributes {gluon.num_warps = 4 : i32, gluon.target = "gfx942"} {
  func.func @known_target() {
    return
  }
}
