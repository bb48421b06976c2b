/* An LD_PRELOAD shim that makes `gluonc cache clear`'s race with another
 * process happen at one chosen moment: on the first removal of a file
 * named f0, before it is removed, the folder $SWAP_FOLDER is renamed to
 * $SWAP_FOLDER.moved and a symlink to $SWAP_VICTIM is put in its place,
 * as a process sharing the cache could do at any time. A clear that walks
 * by path then removes the victim's files; one that walks by descriptor
 * keeps removing inside the folder it opened. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int swapped;

static void swapIfFirst(const char *path) {
  const char *slash = strrchr(path, '/');
  const char *name = slash ? slash + 1 : path;
  const char *folder = getenv("SWAP_FOLDER"), *victim = getenv("SWAP_VICTIM");
  if (swapped || strcmp(name, "f0") != 0 || !folder || !victim)
    return;
  swapped = 1;
  char moved[4096];
  snprintf(moved, sizeof moved, "%s.moved", folder);
  if (rename(folder, moved) != 0 || symlink(victim, folder) != 0)
    abort();
}

int unlink(const char *path) {
  swapIfFirst(path);
  int (*real)(const char *) = (int (*)(const char *))dlsym(RTLD_NEXT, "unlink");
  return real(path);
}

int remove(const char *path) {
  swapIfFirst(path);
  int (*real)(const char *) = (int (*)(const char *))dlsym(RTLD_NEXT, "remove");
  return real(path);
}

int unlinkat(int folder, const char *path, int flags) {
  swapIfFirst(path);
  int (*real)(int, const char *, int) =
      (int (*)(int, const char *, int))dlsym(RTLD_NEXT, "unlinkat");
  return real(folder, path, flags);
}
