// Masked accesses come out of the conversion as single ops and are expanded
// into branches afterwards, last first.
// RUN: %gluonc-opt %s --gluon-expand-predicated-accesses | FileCheck %s

// CHECK-LABEL: llvm.func @two_accesses
llvm.func @two_accesses(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>, %m: i1, %n: i1) {
  %zero = llvm.mlir.zero : vector<4xf32>
  // CHECK: llvm.cond_br %{{.*}}, ^[[LOAD:bb[0-9]+]], ^[[AFTER:bb[0-9]+]](%{{.*}} : vector<4xf32>)
  // CHECK: ^[[LOAD]]:
  // CHECK-NEXT: %[[V:.*]] = llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
  // CHECK-NEXT: llvm.br ^[[AFTER]](%[[V]] : vector<4xf32>)
  // CHECK: ^[[AFTER]](%[[R:.*]]: vector<4xf32>):
  %v = gluon.predicated_load %p, %m, %zero {alignment = 16 : i64} : !llvm.ptr<1>, vector<4xf32>
  // CHECK-NEXT: llvm.cond_br %{{.*}}, ^[[STORE:bb[0-9]+]], ^[[END:bb[0-9]+]]
  // CHECK: ^[[STORE]]:
  // CHECK-NEXT: llvm.store %[[R]], %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
  // CHECK-NEXT: llvm.br ^[[END]]
  // CHECK: ^[[END]]:
  // CHECK-NEXT: llvm.return
  gluon.predicated_store %q, %v, %n {alignment = 16 : i64} : !llvm.ptr<1>, vector<4xf32>
  llvm.return
}

// A gluon.predicated body (an atomic on AMD) becomes the branch's block;
// where the predicate is false the result is the fallback.
// CHECK-LABEL: llvm.func @guarded_atomic
llvm.func @guarded_atomic(%p: !llvm.ptr<1>, %v: i32, %m: i1) -> i32 {
  %zero = llvm.mlir.zero : i32
  // CHECK: llvm.cond_br %{{.*}}, ^[[BODY:bb[0-9]+]], ^[[AFTER:bb[0-9]+]](%{{.*}} : i32)
  // CHECK: ^[[BODY]]:
  // CHECK-NEXT: %[[OLD:.*]] = llvm.atomicrmw add %{{.*}}, %{{.*}} syncscope("agent") acq_rel : !llvm.ptr<1>, i32
  // CHECK-NEXT: llvm.br ^[[AFTER]](%[[OLD]] : i32)
  // CHECK: ^[[AFTER]](%[[R:.*]]: i32):
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %old = gluon.predicated %m else %zero : (i32) -> i32 {
    %o = llvm.atomicrmw add %p, %v syncscope("agent") acq_rel : !llvm.ptr<1>, i32
    gluon.predicated.yield %o : i32
  }
  llvm.return %old : i32
}
