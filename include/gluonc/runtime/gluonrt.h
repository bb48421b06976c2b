/*===- gluonrt.h - Load and launch gluonc-compiled kernels --------*- C -*-===*\
 *
 * libgluonrt reads the metadata JSON that gluonc writes beside every kernel
 * image (docs/metadata.md, schema "gluonc.kernel/1"), checks it, loads the
 * image through the CUDA driver (NVIDIA) or HIP (AMD), both opened at run time
 * with dlopen, and launches the kernel after checking the arguments against
 * what the compiler assumed about them.
 *
 * Conventions:
 *  - Every fallible call returns a gluonrt_status; GLUONRT_SUCCESS is 0.
 *  - On failure, gluonrt_last_error() holds a human-readable message for the
 *    calling thread. The library never prints and never exits.
 *  - Device addresses are passed as uint64_t (CUdeviceptr / hipDeviceptr_t).
 *  - Streams and events are opaque `void *` (CUstream / hipStream_t; NULL is
 *    the default stream).
 *
\*===----------------------------------------------------------------------===*/

#ifndef GLUONC_RUNTIME_GLUONRT_H
#define GLUONC_RUNTIME_GLUONRT_H

#include <stddef.h>
#include <stdint.h>

#if defined(_WIN32)
#define GLUONRT_API __declspec(dllexport)
#else
#define GLUONRT_API __attribute__((visibility("default")))
#endif

#ifdef __cplusplus
extern "C" {
#endif

/*===-- Status codes ------------------------------------------------------===*/

typedef int gluonrt_status;

enum {
  GLUONRT_SUCCESS = 0,
  /* A NULL pointer, a bad index or an out-of-range value was passed. */
  GLUONRT_ERROR_INVALID_ARGUMENT = 1,
  /* A file could not be opened, read or written. */
  GLUONRT_ERROR_IO = 2,
  /* The metadata JSON is malformed, has an unknown schema or is
     inconsistent. */
  GLUONRT_ERROR_INVALID_METADATA = 3,
  /* The image file's size or SHA-256 differs from the metadata. */
  GLUONRT_ERROR_IMAGE_MISMATCH = 4,
  /* libcuda.so.1 (NVIDIA) or libamdhip64.so (AMD) could not be opened. */
  GLUONRT_ERROR_NO_DRIVER = 5,
  /* The driver was found but reports no usable device (or the index is out
     of range). */
  GLUONRT_ERROR_NO_DEVICE = 6,
  /* The kernel was compiled for another architecture than the device's. */
  GLUONRT_ERROR_ARCH_MISMATCH = 7,
  /* A driver call failed; the message names the call and the driver error. */
  GLUONRT_ERROR_DRIVER = 8,
  /* Wrong number of arguments, a value of the wrong kind or type, or a value
     that breaks the divisibility the kernel was compiled to assume. */
  GLUONRT_ERROR_BAD_ARGUMENTS = 9,
  /* The grid or cluster shape cannot be launched on the device. */
  GLUONRT_ERROR_LAUNCH_CONFIG = 10,
  /* The kernel was loaded with gluonrt_metadata_load and has no device
     function yet (see gluonrt_kernel_bind). */
  GLUONRT_ERROR_NOT_BOUND = 11,
  /* A name (parameter, constexpr) does not exist in the metadata. */
  GLUONRT_ERROR_NOT_FOUND = 12,
  /* A device or host allocation failed. */
  GLUONRT_ERROR_OUT_OF_MEMORY = 13
};

/* The symbolic name of a status ("GLUONRT_ERROR_NO_DRIVER"); never NULL. */
GLUONRT_API const char *gluonrt_status_name(gluonrt_status status);

/* The message of the calling thread's last failure ("" if none). The pointer
   stays valid until the next failing gluonrt call on the same thread. */
GLUONRT_API const char *gluonrt_last_error(void);

/* The library version, "MAJOR.MINOR.PATCH". */
GLUONRT_API const char *gluonrt_version(void);

/*===-- Kernels -----------------------------------------------------------===*/

typedef struct gluonrt_kernel gluonrt_kernel;

/* Backends, as in the metadata's target.backend. */
typedef enum gluonrt_backend {
  GLUONRT_BACKEND_NVIDIA = 0,
  GLUONRT_BACKEND_AMD = 1
} gluonrt_backend;

/* Reads and validates `json_path` and its image (size and SHA-256), then binds
   the kernel to the default device. `json_path` may also be an index
   (gluonc.index/1, written by a compile for several archs): the metadata of
   the arch for the device is loaded, see gluonrt_index_resolve. The default
   device is the device selected with
   gluonrt_select_device, else the index in the GLUONRT_DEVICE environment
   variable, else 0. On failure *out is set to NULL. */
GLUONRT_API gluonrt_status gluonrt_kernel_load(const char *json_path,
                                               gluonrt_kernel **out);

/* As gluonrt_kernel_load, on an explicit device index. */
GLUONRT_API gluonrt_status gluonrt_kernel_load_on_device(const char *json_path,
                                                         int device,
                                                         gluonrt_kernel **out);

/* The metadata file to load on `device` (-1: the default device) when `path`
   is an index of several archs: the arch whose cubin runs on the device (an
   "a" arch of its exact capability first, then the newest), else the arch
   whose PTX the index's fatbin holds, if the driver can compile it for the
   device; for AMD the device's processor. For any other file, `path`
   itself. *metadata_path stays valid until the next gluonrt_index_resolve
   on the thread (the loads do not call it).
   GLUONRT_ERROR_ARCH_MISMATCH when no arch fits the device. */
GLUONRT_API gluonrt_status gluonrt_index_resolve(const char *path, int device,
                                                 const char **metadata_path);

/* One architecture of a kernel held in memory (what `gluonc --emit launcher`
   embeds): the metadata JSON gluonc wrote for it, and the bytes of the file
   its image.file names (a cubin, hsaco, fatbin or hipfb; archs packed in
   one container share it). */
typedef struct gluonrt_embedded_arch {
  const char *metadata;
  size_t metadata_size;
  const void *image;
  size_t image_size;
} gluonrt_embedded_arch;

/* Loads a kernel from memory on `device` (-1: the default device): the arch
   for the device is picked among `archs` as gluonrt_index_resolve picks from
   an index, its metadata parsed and its image checked against the
   metadata's size and SHA-256, then the kernel is bound as
   gluonrt_kernel_load binds it. The bytes are copied: they need not outlive
   the call. GLUONRT_ERROR_ARCH_MISMATCH when no arch fits the device. */
GLUONRT_API gluonrt_status
gluonrt_kernel_load_embedded(const gluonrt_embedded_arch *archs, int num_archs,
                             int device, gluonrt_kernel **out);

/* Reads and validates the metadata and the image without touching any driver
   or device: for tools and tests. Launching needs gluonrt_kernel_bind first. */
GLUONRT_API gluonrt_status gluonrt_metadata_load(const char *json_path,
                                                 gluonrt_kernel **out);

/* Binds a kernel loaded with gluonrt_metadata_load to `device` (-1: the
   default device): initializes the driver, retains the device's primary
   context, checks the device's architecture against target.arch, loads the
   image and looks up the entry. Fails if the kernel is already bound. */
GLUONRT_API gluonrt_status gluonrt_kernel_bind(gluonrt_kernel *kernel,
                                               int device);

/* 1 if the kernel has a device function (bound), else 0. */
GLUONRT_API int gluonrt_kernel_is_bound(const gluonrt_kernel *kernel);

/* Unloads the module (if bound) and frees the kernel. NULL is allowed. */
GLUONRT_API void gluonrt_kernel_unload(gluonrt_kernel *kernel);

/*===-- Introspection -----------------------------------------------------===*/
/* Strings returned here live as long as the kernel. */

GLUONRT_API const char *gluonrt_kernel_entry(const gluonrt_kernel *kernel);
GLUONRT_API const char *gluonrt_kernel_arch(const gluonrt_kernel *kernel);
GLUONRT_API gluonrt_backend
gluonrt_kernel_backend(const gluonrt_kernel *kernel);
/* The absolute path of the image file the metadata names. */
GLUONRT_API const char *gluonrt_kernel_image_path(const gluonrt_kernel *kernel);
/* The device index the kernel is bound to, or -1. */
GLUONRT_API int gluonrt_kernel_device(const gluonrt_kernel *kernel);

typedef enum gluonrt_param_kind {
  GLUONRT_PARAM_POINTER = 0,
  GLUONRT_PARAM_SCALAR = 1,
  /* A TMA tensor descriptor (NVIDIA, sm_90 and later): the argument is a
     gluonrt_tensordesc built with gluonrt_tensordesc_encode. */
  GLUONRT_PARAM_TENSORDESC = 2
} gluonrt_param_kind;

/* Scalar (and pointee) types, as spelled in the metadata. */
typedef enum gluonrt_type {
  GLUONRT_TYPE_I1 = 0,
  GLUONRT_TYPE_I8,
  GLUONRT_TYPE_I16,
  GLUONRT_TYPE_I32,
  GLUONRT_TYPE_I64,
  GLUONRT_TYPE_U8,
  GLUONRT_TYPE_U16,
  GLUONRT_TYPE_U32,
  GLUONRT_TYPE_U64,
  GLUONRT_TYPE_FP16,
  GLUONRT_TYPE_BF16,
  GLUONRT_TYPE_FP32,
  GLUONRT_TYPE_FP64,
  /* A pointee type gluonrt does not know (e.g. "*fp8e4nv"): such pointers
     can still be passed, only host-side typed helpers refuse them. */
  GLUONRT_TYPE_OTHER
} gluonrt_type;

typedef struct gluonrt_param_info {
  const char *name;        /* "x_ptr" */
  const char *type;        /* "*fp32", "i32", "tensordesc<fp16[128, 64]>" */
  gluonrt_param_kind kind; /* pointer, scalar or tensor descriptor */
  /* For scalars, the scalar's type; for pointers, the pointee's type; for
     tensor descriptors, the element type. */
  gluonrt_type value_type;
  uint32_t size; /* bytes in the argument buffer */
  uint32_t alignment;
  uint32_t offset; /* offset in the packed argument buffer */
  /* bytes for pointers and for a tensor descriptor's base address, value for
     integers */
  uint64_t divisibility;
} gluonrt_param_info;

GLUONRT_API int gluonrt_kernel_num_params(const gluonrt_kernel *kernel);
GLUONRT_API gluonrt_status gluonrt_kernel_param(const gluonrt_kernel *kernel,
                                                int index,
                                                gluonrt_param_info *out);
/* The index of the parameter called `name`, or -1. */
GLUONRT_API int gluonrt_kernel_param_index(const gluonrt_kernel *kernel,
                                           const char *name);

/* AMD: an argument the code object declares beyond the kernel's own
   (metadata hidden_params), which libgluonrt lays out at launch. */
typedef struct gluonrt_hidden_param_info {
  const char *kind; /* "hidden_block_count_x", ... */
  uint32_t offset;  /* in the kernarg segment */
  uint32_t size;
} gluonrt_hidden_param_info;

/* The bytes of the argument buffer a launch passes: AMD's whole kernarg
   segment (hidden arguments included); for NVIDIA, where the end of the
   last parameter. */
GLUONRT_API uint32_t gluonrt_kernel_argument_bytes(const gluonrt_kernel *kernel);
GLUONRT_API int gluonrt_kernel_num_hidden_params(const gluonrt_kernel *kernel);
GLUONRT_API gluonrt_status gluonrt_kernel_hidden_param(
    const gluonrt_kernel *kernel, int index, gluonrt_hidden_param_info *out);

typedef struct gluonrt_launch_info {
  uint32_t num_warps;
  uint32_t num_ctas;
  uint32_t warp_size; /* target.warp_size, 32 if absent */
  uint32_t block_dims[3];
  uint32_t cluster_dims[3];
  uint32_t shared_bytes; /* dynamic shared memory passed at launch */
  uint32_t shared_static_bytes;
} gluonrt_launch_info;

GLUONRT_API gluonrt_status gluonrt_kernel_launch_info(
    const gluonrt_kernel *kernel, gluonrt_launch_info *out);

/* Compile-time values the kernel was specialized with (metadata constexprs). */
GLUONRT_API int gluonrt_kernel_num_constexprs(const gluonrt_kernel *kernel);
/* The name of the index-th constexpr (in the JSON's sorted order), or NULL. */
GLUONRT_API const char *
gluonrt_kernel_constexpr_name(const gluonrt_kernel *kernel, int index);
/* The value as an integer; booleans give 0/1. GLUONRT_ERROR_NOT_FOUND if no
   such constexpr, GLUONRT_ERROR_INVALID_ARGUMENT if it is not an integer. */
GLUONRT_API gluonrt_status gluonrt_kernel_constexpr_int(
    const gluonrt_kernel *kernel, const char *name, int64_t *value);
/* The value as compact JSON text ("1024", "\"gl.BlockedLayout(...)\""), or
   NULL if there is no such constexpr. */
GLUONRT_API const char *
gluonrt_kernel_constexpr_json(const gluonrt_kernel *kernel, const char *name);

/*===-- TMA tensor descriptors --------------------------------------------===*/
/* A tensordesc parameter (docs/metadata.md) receives, as Triton's kernels do,
   the 128-byte CUtensorMap that the TMA unit reads, then the global tensor's
   shape (rank x i32) and strides (rank x i64, in elements), outermost
   dimension first. The block a kernel moves, its swizzle and padding are
   fixed at compile time and come from the metadata; the tensor's base,
   shape and strides are the caller's, given to gluonrt_tensordesc_encode. */

#define GLUONRT_TENSORDESC_MAX_RANK 5

#if defined(__cplusplus)
#define GLUONRT_ALIGNAS(n) alignas(n)
#elif defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
#define GLUONRT_ALIGNAS(n) _Alignas(n)
#elif defined(_MSC_VER)
#define GLUONRT_ALIGNAS(n) __declspec(align(n))
#else
#define GLUONRT_ALIGNAS(n) __attribute__((aligned(n)))
#endif

/* The value of one tensordesc argument: args[i] points at one of these, and
   the launch passes map, shape[0..rank) and strides[0..rank) as the kernel's
   1 + 2 * rank parameters. Fill it with gluonrt_tensordesc_encode; it holds
   no pointer to host memory, so it may be copied. */
typedef struct gluonrt_tensordesc {
  GLUONRT_ALIGNAS(64) uint8_t map[128];         /* the CUtensorMap */
  int32_t shape[GLUONRT_TENSORDESC_MAX_RANK];   /* elements, outermost first */
  int64_t strides[GLUONRT_TENSORDESC_MAX_RANK]; /* elements, outermost first */
  int32_t rank;                                 /* 0 until encoded */
} gluonrt_tensordesc;

typedef enum gluonrt_tensordesc_padding {
  /* Out-of-bounds elements read as zero. */
  GLUONRT_TENSORDESC_PADDING_ZERO = 0,
  /* Out-of-bounds elements read as NaN (floating-point types only). */
  GLUONRT_TENSORDESC_PADDING_NAN = 1
} gluonrt_tensordesc_padding;

/* What the metadata says of a tensordesc parameter. Shapes are outermost
   dimension first (Python order); entries past `rank` are 0. */
typedef struct gluonrt_tensordesc_info {
  int rank;                                          /* 1..5 */
  uint32_t block_shape[GLUONRT_TENSORDESC_MAX_RANK]; /* one load or store */
  uint32_t box_shape[GLUONRT_TENSORDESC_MAX_RANK];   /* one TMA message */
  const char *element_type; /* "fp16", "bf16", "fp8e4nv", ... */
  gluonrt_type value_type;  /* GLUONRT_TYPE_OTHER for types such as fp8 */
  uint32_t element_bytes;
  uint32_t tma_data_type; /* the CUtensorMapDataType value */
  uint32_t swizzle_bytes; /* 0, 32, 64 or 128 */
  uint32_t tma_swizzle;   /* the CUtensorMapSwizzle value */
  gluonrt_tensordesc_padding padding;
  const char *layout; /* the shared layout's source text, or "" */
  /* Offsets of the map, the shape and the strides in the packed argument
     buffer. */
  uint32_t map_offset, shape_offset, strides_offset;
} gluonrt_tensordesc_info;

/* The metadata of tensordesc parameter `param_index`; strings live as long
   as the kernel. GLUONRT_ERROR_INVALID_ARGUMENT if the parameter is not a
   tensor descriptor. */
GLUONRT_API gluonrt_status
gluonrt_kernel_tensordesc_info(const gluonrt_kernel *kernel, int param_index,
                               gluonrt_tensordesc_info *out);

/* Checks a global tensor against tensordesc parameter `param_index` without
   touching a driver: everything gluonrt_tensordesc_encode checks before it
   calls cuTensorMapEncodeTiled. `shape` and `strides` have `rank` entries,
   outermost dimension first; strides are in elements and NULL means
   contiguous (row-major). The rules, Triton's and the driver's, each with
   its own message (GLUONRT_ERROR_BAD_ARGUMENTS): the rank is the
   metadata's (1 to 5); `base` is a multiple of 16 bytes (and of the
   parameter's divisibility); every shape entry is in [1, 2^31 - 1] (the
   kernel receives it as an i32); the last stride is 1; every other stride
   is positive, a multiple of 16 bytes and below 2^40 bytes; and the box is
   what TMA can move (at most 256 elements per dimension, an innermost
   extent of at least 16 bytes). */
GLUONRT_API gluonrt_status gluonrt_tensordesc_check(
    const gluonrt_kernel *kernel, int param_index, uint64_t base,
    const int64_t *shape, const int64_t *strides, int rank);

/* Builds the descriptor of the global tensor at device address `base` for
   tensordesc parameter `param_index`: the checks of gluonrt_tensordesc_check,
   then cuTensorMapEncodeTiled (opened from the driver at run time) with the
   metadata's box, element type, swizzle and padding. On the kernel's device
   if it is bound, else on the selected device. On failure *out is zeroed
   (rank 0), which a launch refuses. */
GLUONRT_API gluonrt_status gluonrt_tensordesc_encode(
    const gluonrt_kernel *kernel, int param_index, uint64_t base,
    const int64_t *shape, const int64_t *strides, int rank,
    gluonrt_tensordesc *out);

/*===-- Argument checking and launching ----------------------------------===*/

/* Checks runtime arguments against the metadata without launching:
   `args[i]` points at the value of the i-th runtime parameter (as for
   cuLaunchKernel's kernelParams; for a tensordesc parameter, at a
   gluonrt_tensordesc). It checks the count and, per parameter, the
   divisibility the kernel was compiled to assume, and that each descriptor
   has the parameter's rank. Needs no device. */
GLUONRT_API gluonrt_status gluonrt_check_args(const gluonrt_kernel *kernel,
                                              void *const *args, int num_args);

/* Checks the grid against the bound device's limits and the cluster shape. */
GLUONRT_API gluonrt_status gluonrt_check_grid(const gluonrt_kernel *kernel,
                                              const uint32_t grid[3]);

/* Checks arguments and grid, then launches on `stream` (NULL: the default
   stream) with the metadata's block dims, cluster dims and dynamic shared
   memory. A tensordesc argument becomes the kernel's 1 + 2 * rank
   parameters (the map, the shape, the strides). Asynchronous: a kernel
   fault shows at the next synchronization. */
GLUONRT_API gluonrt_status gluonrt_launch(gluonrt_kernel *kernel,
                                          const uint32_t grid[3],
                                          void *const *args, int num_args,
                                          void *stream);

/*===-- Typed argument builder -------------------------------------------===*/
/* Collects values by kind and checks each against the parameter's type:
   pointers only for pointer parameters; integers for integer parameters (any
   integer width, if the value fits); f32/f64 for floating-point parameters
   (rounded to fp16/bf16/fp32 as needed); raw f16/bf16 bits only for exactly
   that type; descriptors of the parameter's rank only for tensordesc
   parameters. A mismatch is an error naming the parameter. */

typedef struct gluonrt_args gluonrt_args;

/* A builder refers to its kernel: destroy it before unloading the kernel. */
GLUONRT_API gluonrt_status gluonrt_args_create(const gluonrt_kernel *kernel,
                                               gluonrt_args **out);
GLUONRT_API void gluonrt_args_destroy(gluonrt_args *args);
/* Forgets all values; the next add_* call sets parameter 0 again. */
GLUONRT_API void gluonrt_args_reset(gluonrt_args *args);

/* Each add_* sets the next parameter in call order. */
GLUONRT_API gluonrt_status gluonrt_args_add_ptr(gluonrt_args *args,
                                                uint64_t device_ptr);
GLUONRT_API gluonrt_status gluonrt_args_add_i32(gluonrt_args *args,
                                                int32_t value);
GLUONRT_API gluonrt_status gluonrt_args_add_i64(gluonrt_args *args,
                                                int64_t value);
GLUONRT_API gluonrt_status gluonrt_args_add_u32(gluonrt_args *args,
                                                uint32_t value);
GLUONRT_API gluonrt_status gluonrt_args_add_u64(gluonrt_args *args,
                                                uint64_t value);
GLUONRT_API gluonrt_status gluonrt_args_add_f32(gluonrt_args *args,
                                                float value);
GLUONRT_API gluonrt_status gluonrt_args_add_f64(gluonrt_args *args,
                                                double value);
GLUONRT_API gluonrt_status gluonrt_args_add_f16_bits(gluonrt_args *args,
                                                     uint16_t bits);
GLUONRT_API gluonrt_status gluonrt_args_add_bf16_bits(gluonrt_args *args,
                                                      uint16_t bits);
/* Copies `*desc` (encoded by gluonrt_tensordesc_encode) into the builder. */
GLUONRT_API gluonrt_status
gluonrt_args_add_tensordesc(gluonrt_args *args, const gluonrt_tensordesc *desc);

/* Value kinds for gluonrt_args_set. */
typedef enum gluonrt_value_kind {
  GLUONRT_VALUE_PTR = 0,   /* uint64_t */
  GLUONRT_VALUE_I64,       /* int64_t  */
  GLUONRT_VALUE_U64,       /* uint64_t */
  GLUONRT_VALUE_F64,       /* double   */
  GLUONRT_VALUE_F32,       /* float    */
  GLUONRT_VALUE_F16_BITS,  /* uint16_t */
  GLUONRT_VALUE_BF16_BITS, /* uint16_t */
  GLUONRT_VALUE_TENSORDESC /* gluonrt_tensordesc, copied */
} gluonrt_value_kind;

/* Sets parameter `index` from the value at `value`, read as `kind`. */
GLUONRT_API gluonrt_status gluonrt_args_set(gluonrt_args *args, int index,
                                            gluonrt_value_kind kind,
                                            const void *value);
/* As gluonrt_args_set, by parameter name. */
GLUONRT_API gluonrt_status gluonrt_args_set_by_name(gluonrt_args *args,
                                                    const char *name,
                                                    gluonrt_value_kind kind,
                                                    const void *value);

/* The array gluonrt_launch takes (one pointer per parameter; a tensordesc
   parameter's points at its gluonrt_tensordesc), or NULL with an error
   naming the first parameter that has no value. Valid until the builder
   changes or is destroyed. */
GLUONRT_API void *const *gluonrt_args_pointers(const gluonrt_args *args);
GLUONRT_API int gluonrt_args_count(const gluonrt_args *args);

/* gluonrt_launch with the builder's values (all must be set). */
GLUONRT_API gluonrt_status gluonrt_launch_args(gluonrt_kernel *kernel,
                                               const uint32_t grid[3],
                                               const gluonrt_args *args,
                                               void *stream);

/*===-- Devices -----------------------------------------------------------===*/
/* The memory, synchronization and event helpers below act on the selected
   device: by default the NVIDIA device GLUONRT_DEVICE (or 0). Each call makes
   that device's context current on the calling thread. */

/* Selects the backend and device index the helpers below act on, and the
   default device of gluonrt_kernel_load. Initializes the driver. */
GLUONRT_API gluonrt_status gluonrt_select_device(gluonrt_backend backend,
                                                 int device);

/* Number of devices of `backend`; fails with GLUONRT_ERROR_NO_DRIVER if the
   driver library is missing and GLUONRT_ERROR_NO_DEVICE if it has none. */
GLUONRT_API gluonrt_status gluonrt_device_count(gluonrt_backend backend,
                                                int *count);

typedef struct gluonrt_device_info {
  char name[256];   /* "NVIDIA H200" */
  char arch[64];    /* "sm_90" / "gfx942" */
  int major, minor; /* compute capability (NVIDIA) */
  int multiprocessors;
  uint64_t total_memory; /* bytes */
  uint32_t max_grid[3];
  int driver_version; /* cuDriverGetVersion / hipDriverGetVersion */
} gluonrt_device_info;

GLUONRT_API gluonrt_status gluonrt_device_get_info(gluonrt_backend backend,
                                                   int device,
                                                   gluonrt_device_info *out);

GLUONRT_API gluonrt_status gluonrt_mem_alloc(size_t bytes, uint64_t *out);
GLUONRT_API gluonrt_status gluonrt_mem_free(uint64_t device_ptr);
GLUONRT_API gluonrt_status gluonrt_memset_d8(uint64_t device_ptr, uint8_t value,
                                             size_t bytes);
GLUONRT_API gluonrt_status gluonrt_memcpy_htod(uint64_t dst, const void *src,
                                               size_t bytes);
GLUONRT_API gluonrt_status gluonrt_memcpy_dtoh(void *dst, uint64_t src,
                                               size_t bytes);
GLUONRT_API gluonrt_status gluonrt_memcpy_dtod(uint64_t dst, uint64_t src,
                                               size_t bytes);
/* Waits for all work on the selected device (reports kernel faults). */
GLUONRT_API gluonrt_status gluonrt_synchronize(void);
GLUONRT_API gluonrt_status gluonrt_stream_synchronize(void *stream);

GLUONRT_API gluonrt_status gluonrt_event_create(void **event);
GLUONRT_API gluonrt_status gluonrt_event_destroy(void *event);
GLUONRT_API gluonrt_status gluonrt_event_record(void *event, void *stream);
GLUONRT_API gluonrt_status gluonrt_event_synchronize(void *event);
GLUONRT_API gluonrt_status gluonrt_event_elapsed_ms(void *start, void *end,
                                                    float *ms);

/* Launches `n_warmup` times, then times `n_reps` launches one by one with
   events on `stream` and reports the median and minimum in milliseconds.
   `per_launch_ms`, if not NULL, receives the n_reps timings. The kernel must
   be bound to the selected device. */
GLUONRT_API gluonrt_status gluonrt_time_launches(
    gluonrt_kernel *kernel, const uint32_t grid[3], void *const *args,
    int num_args, void *stream, int n_warmup, int n_reps, float *median_ms,
    float *min_ms, float *per_launch_ms);

/*===-- Utilities ---------------------------------------------------------===*/

/* SHA-256 of `bytes`, written as 64 lowercase hex digits plus NUL into
   `hex_out` (65 bytes). */
GLUONRT_API void gluonrt_sha256_hex(const void *data, size_t bytes,
                                    char hex_out[65]);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* GLUONC_RUNTIME_GLUONRT_H */
