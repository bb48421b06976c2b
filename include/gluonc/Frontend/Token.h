//===- Token.h - Tokens of the Python syntax --------------------*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The tokens that the Lexer produces for the parser, following Python's
// lexical rules. Literal tokens carry their decoded values.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_FRONTEND_TOKEN_H
#define GLUONC_FRONTEND_TOKEN_H

#include "gluonc/Frontend/Source.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace gluonc {

// X(Name, "spelling") for every operator and delimiter.
#define GLUONC_PUNCTUATORS(X)                                                  \
  X(LParen, "(")                                                               \
  X(RParen, ")")                                                               \
  X(LSquare, "[")                                                              \
  X(RSquare, "]")                                                              \
  X(LBrace, "{")                                                               \
  X(RBrace, "}")                                                               \
  X(Comma, ",")                                                                \
  X(Colon, ":")                                                                \
  X(Semi, ";")                                                                 \
  X(Dot, ".")                                                                  \
  X(Ellipsis, "...")                                                           \
  X(Arrow, "->")                                                               \
  X(At, "@")                                                                   \
  X(Equal, "=")                                                                \
  X(ColonEqual, ":=")                                                          \
  X(Plus, "+")                                                                 \
  X(Minus, "-")                                                                \
  X(Star, "*")                                                                 \
  X(Slash, "/")                                                                \
  X(DoubleSlash, "//")                                                         \
  X(Percent, "%")                                                              \
  X(DoubleStar, "**")                                                          \
  X(LessLess, "<<")                                                            \
  X(GreaterGreater, ">>")                                                      \
  X(Amp, "&")                                                                  \
  X(Pipe, "|")                                                                 \
  X(Caret, "^")                                                                \
  X(Tilde, "~")                                                                \
  X(Less, "<")                                                                 \
  X(Greater, ">")                                                              \
  X(LessEqual, "<=")                                                           \
  X(GreaterEqual, ">=")                                                        \
  X(EqualEqual, "==")                                                          \
  X(NotEqual, "!=")                                                            \
  X(PlusEqual, "+=")                                                           \
  X(MinusEqual, "-=")                                                          \
  X(StarEqual, "*=")                                                           \
  X(SlashEqual, "/=")                                                          \
  X(DoubleSlashEqual, "//=")                                                   \
  X(PercentEqual, "%=")                                                        \
  X(DoubleStarEqual, "**=")                                                    \
  X(LessLessEqual, "<<=")                                                      \
  X(GreaterGreaterEqual, ">>=")                                                \
  X(AmpEqual, "&=")                                                            \
  X(PipeEqual, "|=")                                                           \
  X(CaretEqual, "^=")                                                          \
  X(AtEqual, "@=")

// X(Name, "spelling") for every Python keyword (soft keywords such as `match`
// are identifiers).
#define GLUONC_KEYWORDS(X)                                                     \
  X(KwFalse, "False")                                                          \
  X(KwNone, "None")                                                            \
  X(KwTrue, "True")                                                            \
  X(KwAnd, "and")                                                              \
  X(KwAs, "as")                                                                \
  X(KwAssert, "assert")                                                        \
  X(KwAsync, "async")                                                          \
  X(KwAwait, "await")                                                          \
  X(KwBreak, "break")                                                          \
  X(KwClass, "class")                                                          \
  X(KwContinue, "continue")                                                    \
  X(KwDef, "def")                                                              \
  X(KwDel, "del")                                                              \
  X(KwElif, "elif")                                                            \
  X(KwElse, "else")                                                            \
  X(KwExcept, "except")                                                        \
  X(KwFinally, "finally")                                                      \
  X(KwFor, "for")                                                              \
  X(KwFrom, "from")                                                            \
  X(KwGlobal, "global")                                                        \
  X(KwIf, "if")                                                                \
  X(KwImport, "import")                                                        \
  X(KwIn, "in")                                                                \
  X(KwIs, "is")                                                                \
  X(KwLambda, "lambda")                                                        \
  X(KwNonlocal, "nonlocal")                                                    \
  X(KwNot, "not")                                                              \
  X(KwOr, "or")                                                                \
  X(KwPass, "pass")                                                            \
  X(KwRaise, "raise")                                                          \
  X(KwReturn, "return")                                                        \
  X(KwTry, "try")                                                              \
  X(KwWhile, "while")                                                          \
  X(KwWith, "with")                                                            \
  X(KwYield, "yield")

enum class TokenKind : uint8_t {
  EndOfFile,
  /// A lexical error; the lexer has reported it and produces only EndOfFile
  /// afterwards.
  Error,
  Newline,
  Indent,
  Dedent,
  Identifier,
  Int,
  Float,
  String,
  FString,
#define GLUONC_TOKEN_ENUM(Name, Spelling) Name,
  GLUONC_PUNCTUATORS(GLUONC_TOKEN_ENUM) GLUONC_KEYWORDS(GLUONC_TOKEN_ENUM)
#undef GLUONC_TOKEN_ENUM
};

/// The source spelling of a punctuator or keyword ("**", "def"), or a
/// description of any other kind ("newline", "identifier").
const char *getTokenSpelling(TokenKind kind);

/// The value of an integer literal. Python integers have arbitrary precision,
/// so the digits are kept for a big-integer consumer.
struct IntLiteralValue {
  /// Lowercase digits in `base`, without prefix, underscores or leading
  /// zeros; "0" for zero.
  std::string digits = "0";
  unsigned base = 10; // 2, 8, 10 or 16.
  /// The value when it fits in int64_t, otherwise 0.
  int64_t value = 0;
  bool overflowsInt64 = false;
};

/// A piece of an f-string as the lexer sees it: literal text, or a
/// replacement field whose expression the parser parses from the file bytes
/// [exprBegin, exprEnd).
struct FStringSegment {
  /// The first character of literal text, or the '{' of a field.
  SourceLoc loc;
  bool isField = false;
  /// Decoded text of a literal segment.
  std::string literal;
  uint32_t exprBegin = 0;
  uint32_t exprEnd = 0;
  /// 0, 's', 'r' or 'a'. A self-documenting field `{x=}` becomes a literal
  /// segment "x=" followed by a field whose conversion defaults to 'r'.
  char conversion = 0;
  bool hasFormatSpec = false;
  /// The segments of the format spec after ':'.
  std::vector<FStringSegment> formatSpec;
};

struct Token {
  TokenKind kind = TokenKind::EndOfFile;
  SourceLoc loc;
  /// Byte offset of the first character in the file.
  uint32_t offset = 0;
  uint32_t length = 0;
  /// The token's text in the source buffer (the name of an identifier).
  std::string_view spelling;

  /// String: the decoded value (raw bytes for bytes literals).
  std::string stringValue;
  /// String: whether it is a bytes literal (b"...").
  bool isBytes = false;
  /// FString: the literal text and replacement fields.
  std::vector<FStringSegment> fstringSegments;
  IntLiteralValue intValue;
  double floatValue = 0;

  bool is(TokenKind k) const { return kind == k; }
  uint32_t getEndOffset() const { return offset + length; }
};

} // namespace gluonc

#endif // GLUONC_FRONTEND_TOKEN_H
