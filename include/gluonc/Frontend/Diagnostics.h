//===- Diagnostics.h - Errors, warnings and notes ---------------*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Library code never prints: it reports through a DiagnosticEngine, which
// keeps every diagnostic in the order it was emitted, optionally hands each to
// a consumer as it comes (so a driver can stream them), and renders them in
// clang's format:
//
//   samples/k.py:7:12: error: unknown name 'foo'
//       x = foo + 1
//           ^~~
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_FRONTEND_DIAGNOSTICS_H
#define GLUONC_FRONTEND_DIAGNOSTICS_H

#include "gluonc/Frontend/Source.h"

#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

namespace gluonc {

enum class Severity : uint8_t { Error, Warning, Note };

/// "error", "warning" or "note".
const char *getSeverityName(Severity severity);

struct Diagnostic {
  Severity severity = Severity::Error;
  /// Invalid when the diagnostic is not about a place in the source.
  SourceLoc loc;
  /// Bytes underlined from `loc`; 0 or 1 shows only the caret.
  uint32_t length = 0;
  std::string message;
};

class DiagnosticEngine {
public:
  /// Called with each diagnostic (notes included) as soon as it is emitted.
  using Consumer = std::function<void(const Diagnostic &)>;

  explicit DiagnosticEngine(const SourceManager &sourceManager)
      : sourceManager(sourceManager) {}
  DiagnosticEngine(const DiagnosticEngine &) = delete;
  DiagnosticEngine &operator=(const DiagnosticEngine &) = delete;

  void error(SourceLoc loc, std::string message);
  void error(SourceRange range, std::string message);
  void warning(SourceLoc loc, std::string message);
  void warning(SourceRange range, std::string message);
  /// A note explains the error or warning emitted just before it and is
  /// rendered right after it.
  void note(SourceLoc loc, std::string message);
  void note(SourceRange range, std::string message);

  bool hasErrors() const { return numErrors != 0; }
  unsigned errorCount() const { return numErrors; }
  unsigned warningCount() const { return numWarnings; }

  /// All diagnostics in emission order.
  const std::vector<Diagnostic> &getDiagnostics() const { return diagnostics; }
  void setConsumer(Consumer newConsumer) { consumer = std::move(newConsumer); }

  /// Renders one diagnostic: the "file:line:col: severity: message" line,
  /// then the source line and a caret line when the location is valid.
  void render(const Diagnostic &diagnostic, std::ostream &os) const;
  /// Renders every diagnostic in emission order.
  void renderAll(std::ostream &os) const;

  const SourceManager &getSourceManager() const { return sourceManager; }

private:
  void emit(Severity severity, SourceRange range, std::string message);

  const SourceManager &sourceManager;
  std::vector<Diagnostic> diagnostics;
  Consumer consumer;
  unsigned numErrors = 0;
  unsigned numWarnings = 0;
};

} // namespace gluonc

#endif // GLUONC_FRONTEND_DIAGNOSTICS_H
