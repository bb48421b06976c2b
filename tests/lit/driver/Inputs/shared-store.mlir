// One shared memory store, for the plugin tests (driver/plugins.test).
#shared = #gluon.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#blocked = #gluon.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {gluon.num_warps = 4 : i32, gluon.threads_per_warp = 32 : i32} {
  func.func @k(%x: tensor<128xf32, #blocked>) {
    %a = gluon.local_alloc -> !gluon.memdesc<128xf32, #shared>
    gluon.local_store %x, %a : tensor<128xf32, #blocked> -> !gluon.memdesc<128xf32, #shared>
    return
  }
}
