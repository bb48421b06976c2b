// Adds two vectors with the launcher gluonc wrote for samples/vector_add.py
// (CMakeLists.txt) and checks every element. Exit status: 0 correct or no
// CUDA device, 1 a wrong element or a failed call.
#include "add_kernel.launcher.h"

#include <cstdio>
#include <vector>

namespace {

bool check(gluonrt_status status, const char *what) {
  if (status == GLUONRT_SUCCESS)
    return true;
  std::printf("%s: %s: %s\n", what, gluonrt_status_name(status),
              gluonrt_last_error());
  return false;
}

} // namespace

int main() {
  gluonrt_status status = add_kernel_load();
  if (status == GLUONRT_ERROR_NO_DRIVER || status == GLUONRT_ERROR_NO_DEVICE) {
    std::printf("no CUDA device: %s\n", gluonrt_last_error());
    return 0;
  }
  if (!check(status, "add_kernel_load"))
    return 1;
  const int n = 1000003;
  std::vector<float> x(n), y(n), out(n, -1.0f);
  for (int i = 0; i < n; ++i) {
    x[i] = float(i % 1000) * 0.5f;
    y[i] = float(i % 7) - 3.0f;
  }
  size_t bytes = sizeof(float) * size_t(n);
  uint64_t dx = 0, dy = 0, dout = 0;
  if (!check(gluonrt_mem_alloc(bytes, &dx), "alloc") ||
      !check(gluonrt_mem_alloc(bytes, &dy), "alloc") ||
      !check(gluonrt_mem_alloc(bytes, &dout), "alloc") ||
      !check(gluonrt_memcpy_htod(dx, x.data(), bytes), "copy") ||
      !check(gluonrt_memcpy_htod(dy, y.data(), bytes), "copy") ||
      !check(gluonrt_memset_d8(dout, 0xff, bytes), "poison"))
    return 1;
  uint32_t blocks = uint32_t((n + 1023) / 1024);
  if (!check(add_kernel_launch(nullptr, blocks, 1, 1, dx, dy, dout, n),
             "add_kernel_launch") ||
      !check(gluonrt_synchronize(), "synchronize") ||
      !check(gluonrt_memcpy_dtoh(out.data(), dout, bytes), "copy back"))
    return 1;
  int wrong = 0;
  for (int i = 0; i < n; ++i)
    wrong += out[i] != x[i] + y[i];
  std::printf("add_kernel [%s]: %d of %d elements wrong\n",
              gluonrt_kernel_arch(add_kernel_kernel()), wrong, n);
  gluonrt_mem_free(dx);
  gluonrt_mem_free(dy);
  gluonrt_mem_free(dout);
  add_kernel_unload();
  return wrong == 0 ? 0 : 1;
}
