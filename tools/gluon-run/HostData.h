//===- HostData.h - gluon-run's buffers on the host -------------*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The host side of a buffer argument: its first contents (random values
// reproducible for a seed, zeros, a fill value, poison or a file's bytes),
// and after the launch its saving (--save) and its bitwise comparison with
// a file (--check).
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_TOOLS_GLUON_RUN_HOSTDATA_H
#define GLUONC_TOOLS_GLUON_RUN_HOSTDATA_H

#include "BufferSpec.h"

#include <cstdint>
#include <string>
#include <vector>

namespace gluonrun {

/// Fills `buffer.host` as its spec says (and, for a file, sets its count);
/// rand: draws from `seed` and the buffer's name.
void fillHost(BufferArgument &buffer, uint64_t seed);

/// A --save file, written through an exclusive temporary beside it and
/// renamed into place (runtime/Files.h): a symlink planted at the
/// temporary's name or at PATH itself is never written through.
void writeWholeFile(const std::string &option, const std::string &path,
                    const std::vector<uint8_t> &data);

/// Compares the device buffer with the file at `path` bitwise, printing the
/// result and the first mismatches; returns true if they match.
bool checkBuffer(BufferArgument &buffer, const std::string &path);

} // namespace gluonrun

#endif // GLUONC_TOOLS_GLUON_RUN_HOSTDATA_H
