//===- Diagnostics.cpp - Errors, warnings and notes -----------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "gluonc/Frontend/Diagnostics.h"

#include <algorithm>
#include <ostream>

namespace gluonc {

const char *getSeverityName(Severity severity) {
  switch (severity) {
  case Severity::Error:
    return "error";
  case Severity::Warning:
    return "warning";
  case Severity::Note:
    return "note";
  }
  return "error";
}

void DiagnosticEngine::error(SourceLoc loc, std::string message) {
  emit(Severity::Error, SourceRange{loc, 0}, std::move(message));
}

void DiagnosticEngine::error(SourceRange range, std::string message) {
  emit(Severity::Error, range, std::move(message));
}

void DiagnosticEngine::warning(SourceLoc loc, std::string message) {
  emit(Severity::Warning, SourceRange{loc, 0}, std::move(message));
}

void DiagnosticEngine::warning(SourceRange range, std::string message) {
  emit(Severity::Warning, range, std::move(message));
}

void DiagnosticEngine::note(SourceLoc loc, std::string message) {
  emit(Severity::Note, SourceRange{loc, 0}, std::move(message));
}

void DiagnosticEngine::note(SourceRange range, std::string message) {
  emit(Severity::Note, range, std::move(message));
}

void DiagnosticEngine::emit(Severity severity, SourceRange range,
                            std::string message) {
  if (severity == Severity::Error)
    ++numErrors;
  else if (severity == Severity::Warning)
    ++numWarnings;
  diagnostics.push_back(
      Diagnostic{severity, range.begin, range.length, std::move(message)});
  if (consumer)
    consumer(diagnostics.back());
}

namespace {

/// UTF-8 continuation bytes take no column of their own on a terminal.
bool isContinuationByte(char c) {
  return (static_cast<unsigned char>(c) & 0xC0) == 0x80;
}

/// The line under the source line: the caret below `col`, then '~' for the
/// rest of the range, clipped to the line. Tabs before the caret are copied so
/// that the caret lines up however the terminal expands them.
std::string makeCaretLine(std::string_view lineText, uint32_t col,
                          uint32_t length) {
  std::string caretLine;
  size_t caretIndex = col - 1;
  for (size_t i = 0; i < caretIndex; ++i) {
    // Past the end of the line (a caret after its last character) pad too.
    char c = i < lineText.size() ? lineText[i] : ' ';
    if (c == '\t')
      caretLine += '\t';
    else if (!isContinuationByte(c))
      caretLine += ' ';
  }
  caretLine += '^';
  size_t rangeEnd = std::min<size_t>(caretIndex + std::max<uint32_t>(length, 1),
                                     lineText.size());
  // Skip the rest of the character under the caret, then underline.
  size_t i = caretIndex + 1;
  while (i < rangeEnd && isContinuationByte(lineText[i]))
    ++i;
  for (; i < rangeEnd; ++i)
    if (!isContinuationByte(lineText[i]))
      caretLine += '~';
  return caretLine;
}

} // namespace

void DiagnosticEngine::render(const Diagnostic &diagnostic,
                              std::ostream &os) const {
  const SourceFile *file = sourceManager.getFile(diagnostic.loc.fileId);
  bool hasPosition =
      file && diagnostic.loc.line != 0 && diagnostic.loc.col != 0;
  if (hasPosition)
    os << sourceManager.formatLoc(diagnostic.loc) << ": ";
  os << getSeverityName(diagnostic.severity) << ": " << diagnostic.message
     << '\n';
  if (!hasPosition || diagnostic.loc.line > file->getLineCount())
    return;
  std::string_view lineText = file->getLineText(diagnostic.loc.line);
  os << lineText << '\n'
     << makeCaretLine(lineText, diagnostic.loc.col, diagnostic.length) << '\n';
}

void DiagnosticEngine::renderAll(std::ostream &os) const {
  for (const Diagnostic &diagnostic : diagnostics)
    render(diagnostic, os);
}

} // namespace gluonc
