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
