/* Uses the launcher gluonc writes for samples/vector_add.py (launcher.test):
   loads the kernel from the images embedded in the launcher, launches it,
   and launches it again with a misaligned pointer, which libgluonrt
   refuses. Without a driver or device it says so and exits 0, as a
   program should on a machine without a GPU. */
#include "add_kernel.launcher.h"

#include <stdio.h>

int main(void) {
  gluonrt_status status = add_kernel_load();
  if (status == GLUONRT_ERROR_NO_DRIVER || status == GLUONRT_ERROR_NO_DEVICE) {
    printf("no CUDA device: %s\n", gluonrt_last_error());
    return 0;
  }
  if (status != GLUONRT_SUCCESS) {
    printf("load: %s: %s\n", gluonrt_status_name(status), gluonrt_last_error());
    return 1;
  }
  printf("loaded %s [%s]\n", gluonrt_kernel_entry(add_kernel_kernel()),
         gluonrt_kernel_arch(add_kernel_kernel()));
  status = add_kernel_launch(NULL, 4, 1, 1, 0x1000, 0x2000, 0x3000, 1000);
  printf("launch: %s\n", gluonrt_status_name(status));
  status = add_kernel_launch(NULL, 4, 1, 1, 0x1004, 0x2000, 0x3000, 1000);
  printf("misaligned: %s: %s\n", gluonrt_status_name(status),
         gluonrt_last_error());
  add_kernel_unload();
  return 0;
}
