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
/// rand: draws from `seed` and the buffer's name. A descriptor's file must
/// hold exactly its tensor (no more is read), a pointer's is its buffer. A
/// buffer the host cannot allocate is a RunFailure naming it and its size.
void fillHost(BufferArgument &buffer, uint64_t seed);

/// Writes the device buffer to a --save file, through an exclusive
/// temporary beside it renamed into place (runtime/Files.h): a symlink
/// planted at the temporary's name or at PATH itself is never written
/// through.
void saveBuffer(BufferArgument &buffer, const std::string &path);

/// Compares the device buffer with the file at `path` bitwise, printing the
/// result and the first mismatches; returns true if they match. A file of
/// another size is a mismatch, and no more of it than the buffer's size is
/// read.
bool checkBuffer(BufferArgument &buffer, const std::string &path);

} // namespace gluonrun

#endif // GLUONC_TOOLS_GLUON_RUN_HOSTDATA_H
