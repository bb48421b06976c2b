//===- Assembler.cpp - PTX to cubin with nvJitLink or ptxas ---------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// nvJitLink is opened at run time rather than linked, so that gluonc starts
// (and emits PTX) on machines without the CUDA toolkit, and the toolkit can
// be upgraded without rebuilding gluonc.
//
//===----------------------------------------------------------------------===//

#include "Assembler.h"

#include "CudaToolkit.h"
#include "gluonc/Pipeline/CompilerLog.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <map>
#include <mutex>

#include <dlfcn.h>

using namespace llvm;
using namespace gluonc;
using namespace gluonc::nvidia;

//===----------------------------------------------------------------------===//
// Resource parsing
//===----------------------------------------------------------------------===//

static unsigned matchNumber(StringRef log, StringRef pattern) {
  SmallVector<StringRef, 2> groups;
  if (Regex(pattern).match(log, &groups) && groups.size() > 1) {
    unsigned value = 0;
    if (!groups[1].getAsInteger(10, value))
      return value;
  }
  return 0;
}

KernelResources gluonc::nvidia::parsePtxasInfo(StringRef log) {
  KernelResources resources;
  resources.registers = matchNumber(log, "Used ([0-9]+) registers");
  resources.barriers = matchNumber(log, "used ([0-9]+) barriers");
  resources.localBytes = matchNumber(log, "([0-9]+) bytes stack frame");
  resources.spillStores = matchNumber(log, "([0-9]+) bytes spill stores");
  resources.spillLoads = matchNumber(log, "([0-9]+) bytes spill loads");
  resources.sharedStaticBytes = matchNumber(log, "([0-9]+) bytes smem");
  return resources;
}

static std::string getEnv(const char *name) {
  const char *value = std::getenv(name);
  return value ? value : "";
}


//===----------------------------------------------------------------------===//
// nvJitLink, opened at run time
//===----------------------------------------------------------------------===//

namespace {
using NvJitLinkHandle = void *;
using CreateFn = int (*)(NvJitLinkHandle *, uint32_t, const char **);
using DestroyFn = int (*)(NvJitLinkHandle *);
using AddDataFn = int (*)(NvJitLinkHandle, int, const void *, size_t,
                          const char *);
using CompleteFn = int (*)(NvJitLinkHandle);
using GetSizeFn = int (*)(NvJitLinkHandle, size_t *);
using GetDataFn = int (*)(NvJitLinkHandle, char *);
using VersionFn = int (*)(unsigned *, unsigned *);
constexpr int kNvJitLinkInputPTX = 2; // NVJITLINK_INPUT_PTX

struct NvJitLink {
  CreateFn create = nullptr;
  DestroyFn destroy = nullptr;
  AddDataFn addData = nullptr;
  CompleteFn complete = nullptr;
  GetSizeFn cubinSize = nullptr, errorLogSize = nullptr, infoLogSize = nullptr;
  GetDataFn cubin = nullptr, errorLog = nullptr, infoLog = nullptr;
  unsigned major = 0, minor = 0;

  bool isLoaded() const { return create != nullptr; }
};

/// Opens libnvJitLink once; an unloaded result means "use ptxas".
const NvJitLink &getNvJitLink() {
  static NvJitLink api;
  static std::once_flag once;
  std::call_once(once, [] {
    SmallVector<std::string> candidates;
    if (!getEnv("GLUONC_NVJITLINK").empty())
      candidates.push_back(getEnv("GLUONC_NVJITLINK"));
    for (const std::string &root : getCudaRoots())
      candidates.push_back(root + "/lib64/libnvJitLink.so.13");
    candidates.push_back("libnvJitLink.so.13");
    for (const std::string &path : candidates) {
      // RTLD_NODELETE: the library stays mapped until the process ends.
      // LLVM's DynamicLibrary closes its handles at exit, after which the
      // allocations nvJitLink's own static libstdc++ made (its 72,704-byte
      // exception pool) were reachable from nowhere, and LeakSanitizer
      // failed every compile of the sanitizer build.
      void *library =
          dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE);
      if (!library)
        continue;
      auto get = [&](const char *name) { return dlsym(library, name); };
      api.create = reinterpret_cast<CreateFn>(get("nvJitLinkCreate"));
      api.destroy = reinterpret_cast<DestroyFn>(get("nvJitLinkDestroy"));
      api.addData = reinterpret_cast<AddDataFn>(get("nvJitLinkAddData"));
      api.complete = reinterpret_cast<CompleteFn>(get("nvJitLinkComplete"));
      api.cubinSize =
          reinterpret_cast<GetSizeFn>(get("nvJitLinkGetLinkedCubinSize"));
      api.cubin = reinterpret_cast<GetDataFn>(get("nvJitLinkGetLinkedCubin"));
      api.errorLogSize =
          reinterpret_cast<GetSizeFn>(get("nvJitLinkGetErrorLogSize"));
      api.errorLog = reinterpret_cast<GetDataFn>(get("nvJitLinkGetErrorLog"));
      api.infoLogSize =
          reinterpret_cast<GetSizeFn>(get("nvJitLinkGetInfoLogSize"));
      api.infoLog = reinterpret_cast<GetDataFn>(get("nvJitLinkGetInfoLog"));
      auto version = reinterpret_cast<VersionFn>(get("nvJitLinkVersion"));
      bool complete = api.create && api.destroy && api.addData &&
                      api.complete && api.cubinSize && api.cubin &&
                      api.errorLogSize && api.errorLog && api.infoLogSize &&
                      api.infoLog && version;
      if (!complete) {
        api = NvJitLink();
        continue;
      }
      version(&api.major, &api.minor);
      return;
    }
  });
  return api;
}

std::string readLog(NvJitLinkHandle handle, GetSizeFn getSize,
                    GetDataFn getData) {
  size_t size = 0;
  if (getSize(handle, &size) != 0 || size == 0)
    return "";
  std::string log(size, '\0');
  if (getData(handle, log.data()) != 0)
    return "";
  log.resize(strnlen(log.c_str(), size));
  return log;
}
} // namespace

static Expected<AssembledKernel> assembleWithNvJitLink(const NvJitLink &api,
                                                       StringRef ptx,
                                                       StringRef arch,
                                                       unsigned optLevel) {
  std::string archOption = ("-arch=" + arch).str();
  // nvJitLink's own -O takes only 0 or 3 (it is the link-time level); the
  // PTX assembler's level goes through -Xptxas.
  std::string linkOption = optLevel == 0 ? "-O0" : "-O3";
  std::string ptxasOption = "-Xptxas=-O" + std::to_string(optLevel);
  // -no-cache: with a CUDA driver present, nvJitLink keeps its results in
  // CUDA's compute cache (~/.nv/ComputeCache), and a hit returns the cubin
  // with an empty info log. The registers and spills parsed from that log
  // then read 0, so the occupancy tuning did nothing and the metadata's
  // resources were wrong (bench/RESULTS.md, "2026-12-04 — compile speed
  // after skipping LLVM 22's quadratic strength reduction", "A bug the
  // first run found"). gluonc has its own cache (--cache-dir), which keeps
  // what the compile reported.
  const char *options[] = {archOption.c_str(), linkOption.c_str(),
                           ptxasOption.c_str(), "-verbose", "-no-cache"};
  NvJitLinkHandle handle = nullptr;
  if (api.create(&handle, std::size(options), options) != 0)
    return createStringError("nvJitLink could not start for " + arch.str());
  scope_exit cleanup([&] { api.destroy(&handle); });

  int status = api.addData(handle, kNvJitLinkInputPTX, ptx.data(), ptx.size(),
                           "kernel.ptx");
  if (status == 0)
    status = api.complete(handle);
  if (status != 0)
    return createStringError(
        "the PTX assembler (nvJitLink) rejected the kernel:\n" +
        readLog(handle, api.errorLogSize, api.errorLog));

  AssembledKernel result;
  size_t size = 0;
  if (api.cubinSize(handle, &size) != 0)
    return createStringError("nvJitLink produced no cubin");
  result.cubin.resize(size);
  if (api.cubin(handle, result.cubin.data()) != 0)
    return createStringError("nvJitLink produced no cubin");
  result.resources = parsePtxasInfo(
      readLog(handle, api.infoLogSize, api.infoLog));
  result.assembler = "nvJitLink " + std::to_string(api.major) + "." +
                     std::to_string(api.minor);
  return result;
}

//===----------------------------------------------------------------------===//
// ptxas, as a program
//===----------------------------------------------------------------------===//

std::optional<std::string> gluonc::nvidia::findPtxas() {
  return findCudaProgram("ptxas", "GLUONC_PTXAS");
}

static Expected<AssembledKernel> assembleWithPtxas(StringRef ptxas,
                                                   StringRef ptx,
                                                   StringRef arch,
                                                   unsigned optLevel) {
  ToolTempFiles temps;
  Expected<StringRef> ptxPath = temps.write("ptx", ptx);
  if (!ptxPath)
    return ptxPath.takeError();
  Expected<StringRef> cubinPath = temps.create("cubin");
  if (!cubinPath)
    return cubinPath.takeError();
  std::string archOption = ("-arch=" + arch).str();
  std::string optOption = "-O" + std::to_string(optLevel);
  StringRef args[] = {ptxas, archOption, optOption, "-v", "-o", *cubinPath,
                      *ptxPath};
  int exitCode = 0;
  Expected<std::string> log = runAndCapture(ptxas, args, temps, exitCode);
  if (!log)
    return log.takeError();
  if (exitCode != 0)
    return createStringError("the PTX assembler (" + ptxas.str() +
                             ") rejected the kernel:\n" + *log);
  auto cubin = MemoryBuffer::getFile(*cubinPath, /*IsText=*/false);
  if (!cubin)
    return createStringError("ptxas wrote no cubin");
  AssembledKernel result;
  StringRef bytes = (*cubin)->getBuffer();
  result.cubin.assign(bytes.begin(), bytes.end());
  result.resources = parsePtxasInfo(*log);
  result.assembler = "ptxas";
  return result;
}

static std::string getPtxasVersion(StringRef ptxas) {
  // Asked once per process and ptxas, not once per assembly: `ptxas
  // --version` is a process of its own (bench/RESULTS.md, "2026-12-04 —
  // compile speed against ptxas"), and a manifest assembles hundreds of
  // kernels.
  static std::mutex mutex;
  static std::map<std::string, std::string> versions;
  std::lock_guard<std::mutex> lock(mutex);
  auto known = versions.find(ptxas.str());
  if (known != versions.end())
    return known->second;
  std::string &version = versions[ptxas.str()];
  ToolTempFiles temps;
  int exitCode = 0;
  StringRef args[] = {ptxas, "--version"};
  Expected<std::string> log = runAndCapture(ptxas, args, temps, exitCode);
  if (!log) {
    consumeError(log.takeError());
    return "";
  }
  SmallVector<StringRef, 2> groups;
  if (Regex("V([0-9.]+)").match(*log, &groups))
    version = groups[1].str();
  return version;
}

Expected<AssembledKernel> gluonc::nvidia::assemblePTX(StringRef ptx,
                                                      StringRef arch,
                                                      unsigned optLevel) {
  const NvJitLink &api = getNvJitLink();
  std::optional<std::string> ptxas = findPtxas();
  // A warp-specialized kernel goes to the ptxas program when there is one:
  // nvJitLink 13.0 compiled samples/matmul_ws.py (setmaxnreg 232 for the
  // consumers, 40 for the producer, .maxnreg 168) with spills where ptxas
  // 13.0.88 with the same options has none, and the spilling build ran
  // slower (bench/RESULTS.md, "2026-12-03 — first warp-specialized
  // kernels").
  bool setsRegisters = ptx.contains("setmaxnreg");
  bool forced = getEnv("GLUONC_ASSEMBLER") == "ptxas";
  gluonc::log::Logger &log = gluonc::getCompilerLog();
  if (api.isLoaded() && !forced && !(setsRegisters && ptxas)) {
    log.debug("{}: assembling with nvJitLink in process", arch.str());
    return assembleWithNvJitLink(api, ptx, arch, optLevel);
  }
  if (!ptxas)
    return createStringError(
        "no PTX assembler found: neither libnvJitLink.so.13 nor ptxas (set "
        "GLUONC_CUDA_ROOT, or emit PTX only with --emit ptx)");
  log.debug("{}: assembling with {} ({})", arch.str(), *ptxas,
            forced            ? "GLUONC_ASSEMBLER=ptxas"
            : !api.isLoaded() ? "no libnvJitLink.so.13"
                              : "the kernel sets registers with setmaxnreg");
  Expected<AssembledKernel> result =
      assembleWithPtxas(*ptxas, ptx, arch, optLevel);
  if (result) {
    std::string version = getPtxasVersion(*ptxas);
    if (!version.empty())
      result->assembler += " " + version;
  }
  return result;
}

std::string gluonc::nvidia::describeAssemblers() {
  std::string text;
  const NvJitLink &api = getNvJitLink();
  if (api.isLoaded())
    text += "nvJitLink " + std::to_string(api.major) + "." +
            std::to_string(api.minor);
  std::optional<std::string> ptxas = findPtxas();
  if (ptxas) {
    std::string version = getPtxasVersion(*ptxas);
    if (!text.empty())
      text += ", fallback ";
    text += "ptxas " + (version.empty() ? std::string("(unknown version)")
                                        : version);
  }
  return text.empty() ? "no PTX assembler found" : text;
}
