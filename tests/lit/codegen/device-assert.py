# gl.device_assert checks at run time only with --debug (Triton's
# debug=True): a thread with a false element calls CUDA's __assertfail with
# the message, the file, the line and the kernel's name.
# RUN: rm -rf %t
# RUN: %gluonc %s -k check -s "*i32:16, i32" --debug --emit gluon-ir,ptx -o %t
# RUN: FileCheck %s --check-prefix=IR --input-file %t/check.sm_90a.gluon.mlir
# RUN: FileCheck %s --check-prefix=PTX --input-file %t/check.sm_90a.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t/check.sm_90a.ptx -o %t/a.cubin %}
# RUN: %gluonc %s -k check -s "*i32:16, i32" --emit gluon-ir,ptx -o %t/off
# RUN: FileCheck %s --check-prefix=OFF --input-file %t/off/check.sm_90a.ptx
from triton.experimental import gluon
from triton.experimental.gluon import language as gl

L: gl.constexpr = gl.BlockedLayout([2], [32], [4], [0])


@gluon.jit
def check(p, n):
    offs = gl.arange(0, 256, layout=L)
    x = gl.load(p + offs)
    gl.device_assert(x < n, "x must be below n", mask=offs < 200)
    gl.store(p + offs, x + 1)
    # IR: gluon.assert %{{.*}}, "x must be below n" {file = "{{.*}}device-assert.py", function = "check", line = 21 : i32} : tensor<256xi1
    # PTX: .extern .func __assertfail
    # PTX: assert_message_{{[0-9]+}}[18] = {120, 32, 109, 117, 115, 116
    # PTX: call.uni __assertfail,
    # OFF-NOT: __assertfail
