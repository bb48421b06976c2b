//===- main.cpp - Launch a gluonc kernel from the command line ------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// gluon-run KERNEL.json --grid X[,Y[,Z]] --arg NAME=SPEC ... loads a kernel
// through libgluonrt, fills its buffers, launches it once and optionally
// checks or saves buffers and times repeated launches. It is a test and
// benchmark driver, so every failure names what went wrong and the exit
// status tells usage errors (2) from runtime failures and mismatches (1).
//
// This file holds the options, the launch plan (every argument resolved
// before a device is touched), the launch and the benchmark; Expressions,
// BufferSpec and HostData the rest.
//
//===----------------------------------------------------------------------===//

#include "BufferSpec.h"
#include "Errors.h"
#include "Expressions.h"
#include "HostData.h"

#include "Format.h"

#include "gluonc/runtime/gluonrt.h"
#include "gluonc/runtime/gluonrt.hpp"

#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <optional>
#include <string>
#include <vector>

using namespace gluonrun;

namespace {

constexpr const char *UsageText =
    R"(usage: gluon-run KERNEL.json --grid X[,Y[,Z]] --arg NAME=SPEC ... [options]

Loads a gluonc-compiled kernel from its metadata JSON (and the image beside
it), creates and fills its buffers, launches it once, then optionally checks
or saves buffers and times repeated launches.

options:
  --grid X[,Y[,Z]]    grid in blocks; each an integer expression that may use
                      integer scalar arguments, constexprs, --define names
                      and cdiv(a, b), e.g. --grid 'cdiv(n, BLOCK)'
  --arg NAME=SPEC     the value of runtime parameter NAME; every parameter
                      needs exactly one
  --define NAME=EXPR  an integer name usable in the expressions below
  --check NAME=FILE   after the launch, compare buffer NAME (a pointer's or a
                      tensor descriptor's) with FILE bitwise
  --save NAME=FILE    after the launch, write buffer NAME to FILE (through a
                      temporary beside it, renamed into place)
  --bench REPS        time REPS launches with events, after the warm-up
  --warmup N          launches before timing (default 10)
  --bytes N           bytes one launch moves, to report bandwidth in TB/s
  --device I          device index (default: $GLUONRT_DEVICE, else 0)
  --seed S            seed of the rand: buffers (default 0)
  --info              print the kernel's parameters (with each tensor
                      descriptor's block, box, swizzle and padding) and
                      launch shape and exit (needs no device)
  -h, --help          print this text

SPEC for a scalar parameter: a number, parsed as the parameter's type
  (n=1000, n=2^20+3, n=1<<28, scale=0.5).
SPEC for a pointer parameter (a new device buffer):
  rand:DTYPE:COUNT       uniform in [-1, 1) for floats, random bits for
                         integers; reproducible for a given --seed
  zeros:DTYPE:COUNT      zero bytes
  fill:DTYPE:COUNT:VALUE every element VALUE
  empty:DTYPE:COUNT      0xFF bytes (poison), for outputs
  file:PATH              the file's raw bytes
  DTYPE: i1 i8 i16 i32 i64 u8 u16 u32 u64 f16 bf16 f32 f64 (or fp16, fp32,
  ...); it may be left out (rand:COUNT) to use the pointer's element type.
  COUNT: an integer expression (1000, 2^28, 1<<28, N*M with --define).
SPEC for a tensor descriptor parameter (a new device buffer and its TMA
  descriptor; the block, box, swizzle and padding are the kernel's):
  rand:DTYPE:SHAPE[:strides=STRIDES]        as for pointers, with the global
  zeros:DTYPE:SHAPE[:strides=STRIDES]       tensor's SHAPE in place of the
  fill:DTYPE:SHAPE[:strides=STRIDES]:VALUE  count; DTYPE may be left out
  empty:DTYPE:SHAPE[:strides=STRIDES]
  file:[DTYPE:]SHAPE[:strides=STRIDES]:PATH the file holds the whole buffer
  SHAPE: the dimensions, outermost first, each an integer expression:
  8192x8192, 4x1024x512, or with commas (M,K); a name before an 'x' needs
  a space or parentheses (M x K, (M)x(K)).
  STRIDES: in elements, outermost first, the last 1 (default: contiguous,
  row-major); the buffer holds up to the last element. The descriptor must
  keep TMA's rules (16-byte aligned strides, at most 2^31 - 1 per
  dimension, ...); --check and --save act on the whole buffer.

Files read (file:PATH, --check) must be regular files, and --save replaces
  only a regular file or a symlink: a FIFO, a device or a folder is an error.
  No more of a file is read than the buffer it fills or is checked against
  holds: a larger one is an error, or a failed check.

Expressions: integers, names, + - * / % << >>, ^ (power), parentheses,
  cdiv(a, b), min(a, b), max(a, b); in 64-bit integers, where overflow and
  division by zero are errors; nested at most 256 levels.

GLUONRT_LOG=LEVEL prints libgluonrt's log lines on stderr ("gluonrt: debug:
  ..."): trace (adds each launch's argument bytes), debug (each load, index
  pick, module, tensor descriptor, launch and failure), info (the driver and
  the device), warn (the default), error or off.

Exit status: 0 success, 1 runtime failure or check mismatch, 2 usage error.
)";

//===-- Command line ------------------------------------------------------===//

struct NamedValue {
  std::string name;
  std::string value;
};

struct Options {
  std::string jsonPath;
  std::string grid;
  std::vector<NamedValue> args;
  std::vector<NamedValue> defines;
  std::vector<NamedValue> checks;
  std::vector<NamedValue> saves;
  int benchReps = 0;
  int warmup = 10;
  std::string bytes;
  std::optional<int> device;
  uint64_t seed = 0;
  bool info = false;
};

NamedValue splitNameValue(const std::string &option, const std::string &text) {
  size_t equals = text.find('=');
  if (equals == std::string::npos || equals == 0)
    throw UsageError(option + " expects NAME=VALUE, got '" + text + "'");
  return {text.substr(0, equals), text.substr(equals + 1)};
}

int64_t parseCount(const std::string &option, const std::string &text,
                   int64_t minimum, int64_t maximum = INT32_MAX) {
  int64_t value = evaluate(text, {}, option);
  if (value < minimum)
    throw UsageError(option + " must be at least " + std::to_string(minimum) +
                     ", got " + text);
  if (value > maximum)
    throw UsageError(option + " must be at most " + std::to_string(maximum) +
                     ", got " + text);
  return value;
}

/// Returns nullopt if --help was asked for.
std::optional<Options> parseCommandLine(int argc, char **argv) {
  Options options;
  for (int i = 1; i < argc; ++i) {
    std::string argument = argv[i];
    if (argument == "-h" || argument == "--help")
      return std::nullopt;
    if (argument == "--info") {
      options.info = true;
      continue;
    }
    if (argument.size() < 2 || argument.compare(0, 2, "--") != 0) {
      if (!options.jsonPath.empty())
        throw UsageError("unexpected argument '" + argument +
                         "' (the kernel is " + options.jsonPath + ")");
      options.jsonPath = argument;
      continue;
    }
    // Options take a value, as the next argument or after '='.
    std::string value;
    size_t equals = argument.find('=');
    if (equals != std::string::npos) {
      value = argument.substr(equals + 1);
      argument = argument.substr(0, equals);
    } else if (i + 1 < argc) {
      value = argv[++i];
    } else {
      throw UsageError(argument + " needs a value");
    }
    if (argument == "--grid")
      options.grid = value;
    else if (argument == "--arg")
      options.args.push_back(splitNameValue(argument, value));
    else if (argument == "--define")
      options.defines.push_back(splitNameValue(argument, value));
    else if (argument == "--check")
      options.checks.push_back(splitNameValue(argument, value));
    else if (argument == "--save")
      options.saves.push_back(splitNameValue(argument, value));
    else if (argument == "--bench")
      options.benchReps = int(parseCount(argument, value, 1));
    else if (argument == "--warmup")
      options.warmup = int(parseCount(argument, value, 0));
    else if (argument == "--bytes")
      options.bytes = value;
    else if (argument == "--device")
      options.device = int(parseCount(argument, value, 0));
    else if (argument == "--seed")
      options.seed = uint64_t(parseCount(argument, value, 0, INT64_MAX));
    else
      throw UsageError("unknown option '" + argument + "'");
  }
  if (options.jsonPath.empty())
    throw UsageError("no kernel JSON given");
  if (!options.info && options.grid.empty())
    throw UsageError("--grid is required");
  return options;
}

//===-- Running -----------------------------------------------------------===//

/// "add_kernel takes: x_ptr (*fp32), n (i32)", for messages: the names
/// come from the metadata, so they are cut and listed as libgluonrt's
/// messages do (runtime/Format.h).
std::string paramList(const gluonrt::Kernel &kernel) {
  std::vector<int> params;
  for (int i = 0; i < kernel.numParams(); ++i)
    params.push_back(i);
  std::string list = gluonrt::boundedJoin(params, [&](int i) {
    gluonrt_param_info param = kernel.param(i);
    return gluonrt::shortText(param.name) + " (" +
           gluonrt::shortText(param.type) + ")";
  });
  return gluonrt::shortText(kernel.entry()) +
         " takes: " + (list.empty() ? "nothing" : list);
}

void printDescriptorInfo(const gluonrt_tensordesc_info &info) {
  std::vector<int64_t> block(info.block_shape, info.block_shape + info.rank);
  std::vector<int64_t> box(info.box_shape, info.box_shape + info.rank);
  std::printf("    tensor descriptor: rank %d, block %s, box %s, %s (%u bytes, "
              "CUtensorMapDataType %u), swizzle %u B, padding %s\n",
              info.rank, listText(block).c_str(), listText(box).c_str(),
              info.element_type, info.element_bytes, info.tma_data_type,
              info.swizzle_bytes,
              info.padding == GLUONRT_TENSORDESC_PADDING_NAN ? "nan" : "zero");
  std::printf("    map at byte %u, shape (i32 x %d) at %u, strides (i64 x %d) "
              "at %u\n",
              info.map_offset, info.rank, info.shape_offset, info.rank,
              info.strides_offset);
  if (*info.layout)
    std::printf("    layout: %s\n", info.layout);
}

void printInfo(const gluonrt::Kernel &kernel) {
  gluonrt_launch_info launch = kernel.launchInfo();
  std::printf("kernel %s for %s\n", kernel.entry().c_str(),
              kernel.arch().c_str());
  std::printf("  image: %s\n", gluonrt_kernel_image_path(kernel.get()));
  std::printf("  launch: %u warps, block (%u, %u, %u), cluster (%u, %u, %u), "
              "%u B dynamic shared memory\n",
              launch.num_warps, launch.block_dims[0], launch.block_dims[1],
              launch.block_dims[2], launch.cluster_dims[0],
              launch.cluster_dims[1], launch.cluster_dims[2],
              launch.shared_bytes);
  for (int i = 0; i < kernel.numParams(); ++i) {
    gluonrt_param_info param = kernel.param(i);
    std::printf("  param %d: %s %s at byte %u, divisibility %" PRIu64 "\n", i,
                param.name, param.type, param.offset, param.divisibility);
    if (param.kind == GLUONRT_PARAM_TENSORDESC)
      printDescriptorInfo(kernel.tensorDescInfo(i));
  }
  int hidden = gluonrt_kernel_num_hidden_params(kernel.get());
  std::printf("  arguments: %u bytes%s\n",
              gluonrt_kernel_argument_bytes(kernel.get()),
              hidden ? ", with the hidden ones:" : "");
  for (int i = 0; i < hidden; ++i) {
    gluonrt_hidden_param_info param;
    gluonrt::check(gluonrt_kernel_hidden_param(kernel.get(), i, &param));
    std::printf("    %s at byte %u (%u bytes)\n", param.kind, param.offset,
                param.size);
  }
  for (int i = 0; i < gluonrt_kernel_num_constexprs(kernel.get()); ++i) {
    const char *name = gluonrt_kernel_constexpr_name(kernel.get(), i);
    std::printf("  constexpr %s = %s\n", name,
                gluonrt_kernel_constexpr_json(kernel.get(), name));
  }
}

NameTable constexprNames(const gluonrt::Kernel &kernel) {
  NameTable names;
  for (int i = 0; i < gluonrt_kernel_num_constexprs(kernel.get()); ++i) {
    const char *name = gluonrt_kernel_constexpr_name(kernel.get(), i);
    int64_t value;
    if (gluonrt_kernel_constexpr_int(kernel.get(), name, &value) ==
        GLUONRT_SUCCESS)
      names[name] = value;
  }
  return names;
}

/// Everything the launch needs, resolved from the options before any device
/// is touched, so that usage errors are reported without a GPU.
struct LaunchPlan {
  std::vector<BufferArgument> buffers;
  gluonrt_args *args = nullptr;
  gluonrt::Grid grid{{1, 1, 1}};
  std::optional<double> bytesPerLaunch;
  NameTable names;

  ~LaunchPlan() { gluonrt_args_destroy(args); }
  BufferArgument *findBuffer(const std::string &name) {
    for (BufferArgument &buffer : buffers)
      if (buffer.name == name)
        return &buffer;
    return nullptr;
  }
};

void setScalar(LaunchPlan &plan, int index, const gluonrt_param_info &param,
               const std::string &text) {
  const ScalarTypeInfo *type = gluonrt::scalarTypeInfo(param.value_type);
  std::string context =
      std::string("--arg ") + param.name + "=" + text + " (" + param.type + ")";
  gluonrt_status status;
  try {
    if (type->isFloat) {
      double value = parseFloatValue(text, plan.names);
      status = gluonrt_args_set(plan.args, index, GLUONRT_VALUE_F64, &value);
    } else {
      int64_t value = evaluate(text, plan.names);
      status = gluonrt_args_set(plan.args, index, GLUONRT_VALUE_I64, &value);
      if (status == GLUONRT_SUCCESS)
        plan.names[param.name] = value;
    }
  } catch (const UsageError &error) {
    throw UsageError(context + ": " + error.what());
  }
  if (status != GLUONRT_SUCCESS)
    throw UsageError(context + ": " + gluonrt_last_error());
}

/// Checks the scalars' divisibility before any device is touched: buffers
/// stand in as address 0, which is divisible by anything, and descriptors
/// as an unencoded one of the right rank.
void checkScalarsEarly(const gluonrt::Kernel &kernel, LaunchPlan &plan) {
  for (const BufferArgument &buffer : plan.buffers) {
    if (buffer.isDescriptor) {
      gluonrt_tensordesc placeholder{};
      placeholder.rank = int32_t(buffer.shape.size());
      gluonrt::check(gluonrt_args_set(plan.args, buffer.paramIndex,
                                      GLUONRT_VALUE_TENSORDESC, &placeholder));
      continue;
    }
    uint64_t placeholder = 0;
    gluonrt::check(gluonrt_args_set(plan.args, buffer.paramIndex,
                                    GLUONRT_VALUE_PTR, &placeholder));
  }
  void *const *pointers = gluonrt_args_pointers(plan.args);
  if (!pointers ||
      gluonrt_check_args(kernel.get(), pointers,
                         gluonrt_args_count(plan.args)) != GLUONRT_SUCCESS)
    throw UsageError(gluonrt_last_error());
}

/// The buffer's elements are the descriptor's: the map spans the tensor in
/// the descriptor's element size, so a buffer of smaller elements (an fp8
/// descriptor, which gluon-run fills as bytes, given f16 values) would be
/// the wrong data, and of larger ones the wrong size.
void checkDescriptorElements(const gluonrt_tensordesc_info &info,
                             const std::string &spec,
                             const BufferArgument &buffer) {
  if (buffer.dtype->size == info.element_bytes)
    return;
  throw UsageError(
      "--arg " + buffer.name + "=" + spec + ": " + buffer.dtype->name +
      " elements have " + std::to_string(buffer.dtype->size) +
      " bytes, the descriptor's " + gluonrt::shortText(info.element_type) +
      " elements " + std::to_string(info.element_bytes));
}

void planArguments(const Options &options, const gluonrt::Kernel &kernel,
                   LaunchPlan &plan) {
  std::map<std::string, std::string> specs;
  for (const NamedValue &arg : options.args) {
    if (gluonrt_kernel_param_index(kernel.get(), arg.name.c_str()) < 0)
      throw UsageError("--arg " + arg.name + ": no such parameter; " +
                       paramList(kernel));
    if (!specs.emplace(arg.name, arg.value).second)
      throw UsageError("--arg " + arg.name + " is given twice");
  }
  gluonrt::check(gluonrt_args_create(kernel.get(), &plan.args));
  // Scalars first, so that buffer counts may use their values.
  for (int i = 0; i < kernel.numParams(); ++i) {
    gluonrt_param_info param = kernel.param(i);
    auto spec = specs.find(param.name);
    if (spec == specs.end())
      throw UsageError("missing --arg for parameter '" +
                       gluonrt::shortText(param.name) + "'; " +
                       paramList(kernel));
    if (param.kind == GLUONRT_PARAM_SCALAR)
      setScalar(plan, i, param, spec->second);
  }
  for (int i = 0; i < kernel.numParams(); ++i) {
    gluonrt_param_info param = kernel.param(i);
    if (param.kind == GLUONRT_PARAM_SCALAR)
      continue;
    const std::string &spec = specs[param.name];
    int rank = param.kind == GLUONRT_PARAM_TENSORDESC
                   ? kernel.tensorDescInfo(i).rank
                   : 0;
    plan.buffers.push_back(parseBufferSpec(param, spec, rank, plan.names));
    BufferArgument &buffer = plan.buffers.back();
    buffer.paramIndex = i;
    // The descriptor's rules, before any device: at address 0, which is as
    // aligned as any.
    if (!buffer.isDescriptor)
      continue;
    checkDescriptorElements(kernel.tensorDescInfo(i), spec, buffer);
    if (gluonrt_tensordesc_check(kernel.get(), i, 0, buffer.shape.data(),
                                 buffer.strides.empty() ? nullptr
                                                        : buffer.strides.data(),
                                 rank) != GLUONRT_SUCCESS)
      throw UsageError("--arg " + buffer.name + "=" + spec + ": " +
                       gluonrt_last_error());
    buffer.count = tensorElements(buffer);
  }
  checkScalarsEarly(kernel, plan);
}

void planLaunch(const Options &options, const gluonrt::Kernel &kernel,
                LaunchPlan &plan) {
  plan.names = constexprNames(kernel);
  for (const NamedValue &define : options.defines)
    plan.names[define.name] =
        evaluate(define.value, plan.names, "--define " + define.name);
  planArguments(options, kernel, plan);

  std::vector<std::string> dims = splitTopLevel(options.grid);
  if (dims.size() > 3)
    throw UsageError("--grid takes at most 3 dimensions, got '" + options.grid +
                     "'");
  for (size_t i = 0; i < dims.size(); ++i) {
    int64_t value = evaluate(dims[i], plan.names, "--grid");
    if (value < 1 || value > int64_t(UINT32_MAX))
      throw UsageError("--grid dimension " + std::to_string(i) + " = " +
                       std::to_string(value) + " is out of range");
    plan.grid[i] = uint32_t(value);
  }
  if (!options.bytes.empty())
    plan.bytesPerLaunch =
        double(evaluate(options.bytes, plan.names, "--bytes"));

  for (const auto *list : {&options.checks, &options.saves})
    for (const NamedValue &entry : *list)
      if (!plan.findBuffer(entry.name))
        throw UsageError("'" + entry.name +
                         "' is not a pointer or tensor descriptor "
                         "parameter; " +
                         paramList(kernel));
}

std::string describeBytes(double bytes) {
  char text[32];
  if (bytes >= 1e9)
    std::snprintf(text, sizeof(text), "%.2f GB", bytes / 1e9);
  else if (bytes >= 1e6)
    std::snprintf(text, sizeof(text), "%.2f MB", bytes / 1e6);
  else
    std::snprintf(text, sizeof(text), "%.0f B", bytes);
  return text;
}

/// Builds the descriptor of a tensordesc buffer, now that it has an address.
void encodeDescriptor(const gluonrt::Kernel &kernel, LaunchPlan &plan,
                      BufferArgument &buffer) {
  gluonrt_tensordesc_info info = kernel.tensorDescInfo(buffer.paramIndex);
  std::vector<int64_t> box(info.box_shape, info.box_shape + info.rank);
  std::printf("%s: %s %s %s%s (%s), descriptor box %s, swizzle %u B\n",
              buffer.name.c_str(), buffer.source.c_str(), buffer.dtype->alias,
              listText(buffer.shape).c_str(),
              buffer.strides.empty()
                  ? ""
                  : (" strides " + listText(buffer.strides)).c_str(),
              describeBytes(double(buffer.bytes())).c_str(),
              listText(box).c_str(), info.swizzle_bytes);
  if (gluonrt_tensordesc_encode(
          kernel.get(), buffer.paramIndex, buffer.device.device(),
          buffer.shape.data(),
          buffer.strides.empty() ? nullptr : buffer.strides.data(),
          int(buffer.shape.size()), &buffer.descriptor) != GLUONRT_SUCCESS ||
      gluonrt_args_set(plan.args, buffer.paramIndex, GLUONRT_VALUE_TENSORDESC,
                       &buffer.descriptor) != GLUONRT_SUCCESS)
    throw RunFailure(gluonrt_last_error());
}

/// The buffer's device memory; a failure names the buffer and its size.
void allocateDevice(BufferArgument &buffer) {
  // cuMemAlloc refuses 0 bytes; an empty buffer still needs an address.
  size_t bytes = std::max<size_t>(buffer.bytes(), 1);
  try {
    buffer.device = gluonrt::DeviceBuffer(bytes);
  } catch (const gluonrt::Error &error) {
    throw RunFailure("--arg " + buffer.name + ": cannot allocate " +
                     std::to_string(bytes) + " bytes of device memory for " +
                     "the buffer: " + error.what());
  }
}

void createBuffers(const gluonrt::Kernel &kernel, LaunchPlan &plan,
                   uint64_t seed) {
  for (BufferArgument &buffer : plan.buffers) {
    fillHost(buffer, seed);
    allocateDevice(buffer);
    if (buffer.bytes() > 0)
      buffer.device.upload(buffer.host.data(), buffer.bytes());
    buffer.host = {}; // only needed on the device from here on
    if (buffer.isDescriptor) {
      encodeDescriptor(kernel, plan, buffer);
      continue;
    }
    std::printf("%s: %s %s x %zu (%s)\n", buffer.name.c_str(),
                buffer.source.c_str(), buffer.dtype->alias, buffer.count,
                describeBytes(double(buffer.bytes())).c_str());
    uint64_t address = buffer.device.device();
    if (gluonrt_args_set(plan.args, buffer.paramIndex, GLUONRT_VALUE_PTR,
                         &address) != GLUONRT_SUCCESS)
      throw RunFailure(gluonrt_last_error());
  }
}

/// Selects the device; a missing driver or device gets its own message.
int selectDevice(const Options &options, const gluonrt::Kernel &kernel) {
  int device = 0;
  if (options.device) {
    device = *options.device;
  } else if (const char *text = std::getenv("GLUONRT_DEVICE")) {
    device = std::atoi(text);
  }
  gluonrt_backend backend = gluonrt_kernel_backend(kernel.get());
  gluonrt_status status = gluonrt_select_device(backend, device);
  if (status == GLUONRT_ERROR_NO_DRIVER || status == GLUONRT_ERROR_NO_DEVICE)
    throw RunFailure(std::string("no ") +
                     (backend == GLUONRT_BACKEND_AMD ? "HIP" : "CUDA") +
                     " device available: " + gluonrt_last_error());
  gluonrt::check(status);
  return device;
}

void printDevice(const gluonrt::Kernel &kernel, int device,
                 const LaunchPlan &plan) {
  gluonrt_device_info info;
  gluonrt::check(gluonrt_device_get_info(gluonrt_kernel_backend(kernel.get()),
                                         device, &info));
  gluonrt_launch_info launch = kernel.launchInfo();
  std::printf("%s [%s] on %s (%s, device %d): grid (%u, %u, %u) x block "
              "(%u, %u, %u), %u B dynamic shared memory\n",
              kernel.entry().c_str(), kernel.arch().c_str(), info.name,
              info.arch, device, plan.grid[0], plan.grid[1], plan.grid[2],
              launch.block_dims[0], launch.block_dims[1], launch.block_dims[2],
              launch.shared_bytes);
}

void launchOnce(gluonrt::Kernel &kernel, LaunchPlan &plan) {
  auto start = std::chrono::steady_clock::now();
  gluonrt::check(
      gluonrt_launch_args(kernel.get(), plan.grid.data(), plan.args, nullptr));
  gluonrt::check(gluonrt_synchronize());
  double ms = std::chrono::duration<double, std::milli>(
                  std::chrono::steady_clock::now() - start)
                  .count();
  std::printf("launch: ok (%.3f ms with synchronization)\n", ms);
}

void bench(const Options &options, gluonrt::Kernel &kernel, LaunchPlan &plan) {
  void *const *pointers = gluonrt_args_pointers(plan.args);
  if (!pointers)
    throw RunFailure(gluonrt_last_error());
  float medianMs = 0, minMs = 0;
  gluonrt::check(gluonrt_time_launches(
      kernel.get(), plan.grid.data(), pointers, gluonrt_args_count(plan.args),
      nullptr, options.warmup, options.benchReps, &medianMs, &minMs, nullptr));
  std::printf("bench: %d launches after %d warm-up: median %.2f us, min "
              "%.2f us\n",
              options.benchReps, options.warmup, medianMs * 1e3, minMs * 1e3);
  if (plan.bytesPerLaunch)
    std::printf("bandwidth: %.3f TB/s (%s per launch / median time)\n",
                *plan.bytesPerLaunch / (medianMs * 1e-3) / 1e12,
                describeBytes(*plan.bytesPerLaunch).c_str());
}

int run(const Options &options) {
  // An index names one metadata file per arch: the device's is run.
  std::string jsonPath = options.jsonPath;
  if (!options.info) {
    const char *picked = nullptr;
    gluonrt_status status = gluonrt_index_resolve(
        jsonPath.c_str(), options.device ? *options.device : -1, &picked);
    if (status == GLUONRT_ERROR_NO_DRIVER || status == GLUONRT_ERROR_NO_DEVICE)
      throw RunFailure(std::string("no device available to pick the index's "
                                   "arch for: ") +
                       gluonrt_last_error());
    gluonrt::check(status);
    jsonPath = picked;
  }
  gluonrt::Kernel kernel = gluonrt::Kernel::loadMetadata(jsonPath);
  if (options.info) {
    printInfo(kernel);
    return 0;
  }
  LaunchPlan plan;
  planLaunch(options, kernel, plan);

  int device = selectDevice(options, kernel);
  kernel.bind(device);
  printDevice(kernel, device, plan);
  // Refuse a grid the device cannot launch before allocating buffers.
  gluonrt::check(gluonrt_check_grid(kernel.get(), plan.grid.data()));
  createBuffers(kernel, plan, options.seed);
  launchOnce(kernel, plan);

  for (const NamedValue &save : options.saves) {
    BufferArgument &buffer = *plan.findBuffer(save.name);
    saveBuffer(buffer, save.value);
    std::printf("saved %s to %s (%s)\n", save.name.c_str(), save.value.c_str(),
                describeBytes(double(buffer.bytes())).c_str());
  }
  bool allMatch = true;
  for (const NamedValue &check : options.checks)
    allMatch &= checkBuffer(*plan.findBuffer(check.name), check.value);
  if (options.benchReps > 0)
    bench(options, kernel, plan);
  return allMatch ? 0 : 1;
}

/// Prints an error after flushing what stdout holds, so that messages
/// appear in order when both streams go to one file.
void printError(const char *message) {
  std::fflush(stdout);
  std::fprintf(stderr, "gluon-run: %s\n", message);
}

} // namespace

int main(int argc, char **argv) {
  try {
    std::optional<Options> options = parseCommandLine(argc, argv);
    if (!options) {
      std::fputs(UsageText, stdout);
      return 0;
    }
    return run(*options);
  } catch (const UsageError &error) {
    printError(error.what());
    std::fputs("run 'gluon-run --help' for usage\n", stderr);
    return 2;
  } catch (const std::exception &error) {
    // RunFailure, gluonrt::Error (a failed runtime call) and the rest.
    printError(error.what());
    return 1;
  }
}
