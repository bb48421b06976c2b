//===- PipelineEdits.h - Edits of the stages' passes ------------*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// What a user changes in the MLIR stages' passes, as the driver reads it:
// a pipeline file (the text --print-pipeline writes, edited) and
// --insert-passes points. Pipeline.h applies them; this header stays
// light for the driver's options.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_PIPELINE_PIPELINEEDITS_H
#define GLUONC_PIPELINE_PIPELINEEDITS_H

#include "llvm/ADT/StringRef.h"

#include <map>
#include <string>

namespace gluonc {

/// Passes added at a point of a stage (--insert-passes).
struct PassInsertion {
  /// After the point, else before it.
  bool after = true;
  std::string stage;
  /// The stage's pass at the point (its argument, as printed); empty for
  /// the stage's start (before) or end (after).
  std::string pass;
  /// Passes in MLIR's textual syntax, comma-separated.
  std::string pipeline;
  /// The option as given, for diagnostics and the metadata.
  std::string spelling;
};

/// Reads `spec`, "after:STAGE[/PASS]=PIPELINE" or "before:...", into
/// `insertion`; the problem, or "" when it reads.
std::string parsePassInsertion(llvm::StringRef spec, PassInsertion &insertion);

/// Reads a pipeline file, the text --print-pipeline writes: one
/// "STAGE: PIPELINE" line per stage ('#' comments and blank lines aside)
/// into `stages`, stage name to its text; the problem, or "". The lines of
/// llvm and codegen describe steps outside MLIR: read, never applied.
std::string parsePipelineFile(llvm::StringRef text,
                              std::map<std::string, std::string> &stages);

} // namespace gluonc

#endif // GLUONC_PIPELINE_PIPELINEEDITS_H
