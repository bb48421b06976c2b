# Parameters named as C and C++ keywords, <stdint.h> types, the launcher's
# own locals and globals (launcher-names.test).
from triton.experimental import gluon
from triton.experimental.gluon import language as gl


@gluon.jit
def k(double, default, case, register, true, uint32_t, k_loaded, stream,
      stream_, grid, args, status, out_ptr):
    gl.store(out_ptr + gl.program_id(0),
             double + default + case + register + true + uint32_t + k_loaded
             + stream + stream_ + grid + args + status)
