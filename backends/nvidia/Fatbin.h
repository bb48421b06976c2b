//===- Fatbin.h - CUDA fat binaries ------------------------------*- C++
//-*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A fat binary holds a kernel's cubins for several architectures and PTX
// for the driver to compile on newer ones; cuModuleLoadData takes one and
// picks the image for the device. gluonc runs the toolkit's `fatbinary`
// when there is one and otherwise writes the same bytes itself (Fatbin.cpp
// describes the container).
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_BACKENDS_NVIDIA_FATBIN_H
#define GLUONC_BACKENDS_NVIDIA_FATBIN_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace gluonc::nvidia {

struct FatbinImage {
  enum class Kind { Cubin, PTX };
  Kind kind = Kind::Cubin;
  /// An architecture of Architectures.h ("sm_90a").
  std::string arch;
  llvm::StringRef contents;
};

/// The fat binary of `images`, in their order, written in process: the
/// bytes `fatbinary --64 --compress=false` writes for them.
llvm::Expected<std::string> writeFatbin(llvm::ArrayRef<FatbinImage> images);

/// The same container from the toolkit's `fatbinary` program
/// (`GLUONC_FATBINARY` names it); an error if there is none or it fails.
llvm::Expected<std::string> runFatbinary(llvm::ArrayRef<FatbinImage> images);

/// The toolkit's fatbinary program ($GLUONC_FATBINARY names another).
std::optional<std::string> findFatbinary();

/// The fat binary of `images` from the toolkit's program when there is one,
/// else written in process; `GLUONC_FATBINARY=builtin` forces the latter.
/// `writer` receives "fatbinary" or "gluonc".
llvm::Expected<std::string> packFatbin(llvm::ArrayRef<FatbinImage> images,
                                       std::string &writer);

/// PTX text as a fat binary stores it: comments removed, each line's
/// leading blanks dropped, a blank after a blank dropped, string literals
/// kept as they are (Fatbin.cpp has the rules, found by feeding fatbinary
/// 13.0 test files).
std::string compactPTX(llvm::StringRef ptx);

} // namespace gluonc::nvidia

#endif // GLUONC_BACKENDS_NVIDIA_FATBIN_H
