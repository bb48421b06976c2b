//===- Lexer.h - Python tokenizer -------------------------------*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Turns a source buffer into tokens by Python's lexical rules: NEWLINE,
// INDENT and DEDENT from indentation, implicit line joining inside brackets,
// `\` continuation lines, numbers, strings and f-strings. Tokens are made on
// demand so that the parser reports the first error of a file first.
//
// A lexical error is reported to the DiagnosticEngine at its location; the
// lexer then returns one Error token and only EndOfFile tokens after it.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_FRONTEND_LEXER_H
#define GLUONC_FRONTEND_LEXER_H

#include "gluonc/Frontend/Diagnostics.h"
#include "gluonc/Frontend/Token.h"

#include <optional>
#include <string_view>
#include <vector>

namespace gluonc {

class Lexer {
public:
  enum class Mode {
    /// A module: indentation makes INDENT/DEDENT and lines end in NEWLINE.
    Module,
    /// A lone expression (`-D` values, f-string fields): line breaks are
    /// whitespace and no NEWLINE, INDENT or DEDENT is produced.
    Expression,
  };

  /// Python allows at most 100 levels of indentation.
  static constexpr unsigned kMaxIndentLevels = 100;

  /// Lexes the whole buffer `fileId`.
  Lexer(const SourceManager &sourceManager, uint32_t fileId,
        DiagnosticEngine &diags, Mode mode = Mode::Module);
  /// Lexes the bytes [beginOffset, endOffset) of `fileId`; the locations are
  /// those in the file.
  Lexer(const SourceManager &sourceManager, uint32_t fileId,
        DiagnosticEngine &diags, Mode mode, uint32_t beginOffset,
        uint32_t endOffset);

  Token next();

private:
  struct IndentLevel {
    /// Column with tabs to the next multiple of 8.
    unsigned col;
    /// Column with tabs counted as one; disagreeing comparisons of the two
    /// mean that tabs and spaces were mixed ambiguously (Python's TabError).
    unsigned altCol;
  };
  struct OpenBracket {
    char bracket;
    SourceLoc loc;
  };
  /// How the string being scanned is written.
  struct StringScan {
    uint32_t start; // The first prefix character or the opening quote.
    char quote;
    bool triple;
    bool raw;
    bool bytes;
    bool format;
  };

  // Token construction and errors.
  SourceLoc locAt(uint32_t offset) const { return file.getLoc(offset); }
  Token makeToken(TokenKind kind, uint32_t start, uint32_t length) const;
  Token errorToken();
  void error(uint32_t offset, const std::string &message);
  /// The character `ahead` bytes on, or '\0' past the end of input.
  char peekChar(uint32_t ahead = 0) const;
  bool isNewlineAt(uint32_t offset) const;
  void skipNewline();

  // Layout.
  std::optional<Token> lexLineStart();
  std::optional<Token> applyIndentation(unsigned col, unsigned altCol);
  bool skipComment();
  Token lexEndOfInput();

  // Tokens.
  Token lexToken();
  Token lexIdentifierOrString();
  Token lexPunctuator();
  Token lexInvalidCharacter();
  Token lexNumber();
  Token lexPrefixedInt();
  Token makeIntToken(uint32_t start, unsigned base, std::string digits) const;
  Token makeFloatToken(uint32_t start) const;
  bool scanDigits(unsigned base, std::string &digits);

  // Strings.
  Token lexString(uint32_t start, uint32_t quotePos);
  bool atStringEnd(const StringScan &scan) const;
  bool scanStringChar(const StringScan &scan, std::string &out);
  bool decodeEscape(const StringScan &scan, std::string &out);
  bool scanHexEscape(const StringScan &scan, uint32_t escapeStart,
                     unsigned numDigits, std::string &out);
  void reportUnterminated(const StringScan &scan);
  bool scanFStringSegments(const StringScan &scan, bool inFormatSpec,
                           unsigned depth,
                           std::vector<FStringSegment> &segments);
  bool scanFStringField(const StringScan &scan, unsigned depth,
                        std::vector<FStringSegment> &segments);
  bool scanFStringExpression(const StringScan &scan, uint32_t fieldStart);
  bool skipNestedString(const StringScan &scan);

  const SourceFile &file;
  DiagnosticEngine &diags;
  Mode mode;
  std::string_view text;
  uint32_t pos;
  uint32_t end;

  std::vector<IndentLevel> indents{{0, 0}};
  std::vector<OpenBracket> brackets;
  unsigned pendingDedents = 0;
  bool atLineStart = true;
  /// Whether a token was produced since the last NEWLINE.
  bool lineHasTokens = false;
  bool failed = false;
};

} // namespace gluonc

#endif // GLUONC_FRONTEND_LEXER_H
