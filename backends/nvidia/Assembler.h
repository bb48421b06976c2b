//===- Assembler.h - PTX to cubin -------------------------------*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_BACKENDS_NVIDIA_ASSEMBLER_H
#define GLUONC_BACKENDS_NVIDIA_ASSEMBLER_H

#include "gluonc/Pipeline/Target.h"

#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace gluonc::nvidia {

struct AssembledKernel {
  std::vector<char> cubin;
  std::string assembler;
  KernelResources resources;
};

/// Assembles PTX for `arch` with nvJitLink, in process, when its library can
/// be opened, else with the ptxas program; PTX with setmaxnreg goes to the
/// program when there is one (Assembler.cpp says why).
/// `GLUONC_ASSEMBLER=ptxas` forces the program, `GLUONC_PTXAS` names it.
llvm::Expected<AssembledKernel> assemblePTX(llvm::StringRef ptx,
                                            llvm::StringRef arch,
                                            unsigned optLevel);

/// Parses the resource lines of ptxas' verbose output.
KernelResources parsePtxasInfo(llvm::StringRef log);

/// "nvJitLink 13.0" / "ptxas 13.0.88" / "none found", for --version.
/// The ptxas program: $GLUONC_PTXAS, else the toolkit's or PATH's.
std::optional<std::string> findPtxas();
std::string describeAssemblers();

} // namespace gluonc::nvidia

#endif // GLUONC_BACKENDS_NVIDIA_ASSEMBLER_H
