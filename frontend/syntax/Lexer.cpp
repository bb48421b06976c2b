//===- Lexer.cpp - Python tokenizer ---------------------------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "gluonc/Frontend/Lexer.h"

#include <algorithm>
#include <cassert>
#include <charconv>
#include <cstdio>
#include <limits>

namespace gluonc {

const char *getTokenSpelling(TokenKind kind) {
  switch (kind) {
  case TokenKind::EndOfFile:
    return "end of file";
  case TokenKind::Error:
    return "invalid token";
  case TokenKind::Newline:
    return "newline";
  case TokenKind::Indent:
    return "indent";
  case TokenKind::Dedent:
    return "dedent";
  case TokenKind::Identifier:
    return "identifier";
  case TokenKind::Int:
    return "integer literal";
  case TokenKind::Float:
    return "float literal";
  case TokenKind::String:
    return "string literal";
  case TokenKind::FString:
    return "f-string";
#define GLUONC_TOKEN_CASE(Name, Spelling)                                      \
  case TokenKind::Name:                                                        \
    return Spelling;
    GLUONC_PUNCTUATORS(GLUONC_TOKEN_CASE)
    GLUONC_KEYWORDS(GLUONC_TOKEN_CASE)
#undef GLUONC_TOKEN_CASE
  }
  return "invalid token";
}

namespace {

struct Spelled {
  TokenKind kind;
  std::string_view spelling;
};

#define GLUONC_TOKEN_ENTRY(Name, Spelling) {TokenKind::Name, Spelling},
constexpr Spelled kPunctuators[] = {GLUONC_PUNCTUATORS(GLUONC_TOKEN_ENTRY)};
constexpr Spelled kKeywords[] = {GLUONC_KEYWORDS(GLUONC_TOKEN_ENTRY)};
#undef GLUONC_TOKEN_ENTRY

bool isDigit(char c) { return c >= '0' && c <= '9'; }
bool isIdentifierStart(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
bool isIdentifierChar(char c) { return isIdentifierStart(c) || isDigit(c); }
char toLower(char c) { return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c; }

/// The value of a digit in bases up to 16, or 16 for any other character.
unsigned digitValue(char c) {
  if (isDigit(c))
    return c - '0';
  c = toLower(c);
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  return 16;
}

const char *getBaseName(unsigned base) {
  switch (base) {
  case 2:
    return "binary";
  case 8:
    return "octal";
  case 16:
    return "hexadecimal";
  default:
    return "decimal";
  }
}

bool isStringPrefix(std::string_view word) {
  if (word.empty() || word.size() > 2)
    return false;
  std::string lower;
  for (char c : word)
    lower += toLower(c);
  return lower == "r" || lower == "u" || lower == "b" || lower == "f" ||
         lower == "br" || lower == "rb" || lower == "fr" || lower == "rf";
}

/// Decodes the UTF-8 sequence at `offset`; returns its length, or 0 when it
/// is malformed (overlong forms and surrogates included).
unsigned decodeUtf8(std::string_view text, uint32_t offset,
                    uint32_t &codePoint) {
  auto lead = static_cast<unsigned char>(text[offset]);
  unsigned length;
  uint32_t minimum;
  if (lead < 0x80) {
    codePoint = lead;
    return 1;
  }
  if ((lead & 0xE0) == 0xC0) {
    length = 2;
    codePoint = lead & 0x1F;
    minimum = 0x80;
  } else if ((lead & 0xF0) == 0xE0) {
    length = 3;
    codePoint = lead & 0x0F;
    minimum = 0x800;
  } else if ((lead & 0xF8) == 0xF0) {
    length = 4;
    codePoint = lead & 0x07;
    minimum = 0x10000;
  } else {
    return 0;
  }
  if (offset + length > text.size())
    return 0;
  for (unsigned i = 1; i < length; ++i) {
    auto c = static_cast<unsigned char>(text[offset + i]);
    if ((c & 0xC0) != 0x80)
      return 0;
    codePoint = (codePoint << 6) | (c & 0x3F);
  }
  if (codePoint < minimum || codePoint > 0x10FFFF ||
      (codePoint >= 0xD800 && codePoint <= 0xDFFF))
    return 0;
  return length;
}

void appendUtf8(std::string &out, uint32_t codePoint) {
  if (codePoint < 0x80) {
    out += static_cast<char>(codePoint);
  } else if (codePoint < 0x800) {
    out += static_cast<char>(0xC0 | (codePoint >> 6));
    out += static_cast<char>(0x80 | (codePoint & 0x3F));
  } else if (codePoint < 0x10000) {
    out += static_cast<char>(0xE0 | (codePoint >> 12));
    out += static_cast<char>(0x80 | ((codePoint >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (codePoint & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (codePoint >> 18));
    out += static_cast<char>(0x80 | ((codePoint >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((codePoint >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (codePoint & 0x3F));
  }
}

/// Appends the value of a numeric escape: a byte in bytes literals, a code
/// point (as UTF-8) in str literals.
void appendEscapedValue(bool bytes, std::string &out, uint32_t value) {
  if (bytes)
    out += static_cast<char>(value & 0xFF);
  else
    appendUtf8(out, value);
}

std::string formatCodePoint(uint32_t codePoint) {
  char buffer[16];
  std::snprintf(buffer, sizeof(buffer), "U+%04X", codePoint);
  return buffer;
}

std::string describeInvalidUtf8(char byte) {
  char buffer[48];
  std::snprintf(buffer, sizeof(buffer), "invalid UTF-8 byte 0x%02x",
                static_cast<unsigned char>(byte));
  return buffer;
}

/// Whether a float literal (digits, '.', exponent; no underscores) is below
/// 1, i.e. whether it can only leave the double range by underflowing.
bool isBelowOne(std::string_view literal) {
  size_t exponentPos = literal.find_first_of("eE");
  long exponent = 0;
  if (exponentPos != std::string_view::npos) {
    std::string_view digits = literal.substr(exponentPos + 1);
    bool negative = !digits.empty() && digits[0] == '-';
    if (!digits.empty() && (digits[0] == '-' || digits[0] == '+'))
      digits.remove_prefix(1);
    for (char c : digits)
      exponent = std::min(exponent * 10 + (c - '0'), 1000000L);
    if (negative)
      exponent = -exponent;
  }
  std::string_view mantissa = literal.substr(0, exponentPos);
  size_t point = std::min(mantissa.find('.'), mantissa.size());
  std::string_view intPart = mantissa.substr(0, point);
  size_t firstSignificant = intPart.find_first_not_of('0');
  // The decimal magnitude: the number lies in [10^(m-1), 10^m).
  long magnitude;
  if (firstSignificant != std::string_view::npos) {
    magnitude = exponent + static_cast<long>(intPart.size() - firstSignificant);
  } else {
    std::string_view fraction =
        mantissa.substr(std::min(point + 1, mantissa.size()));
    magnitude =
        exponent - static_cast<long>(std::min(fraction.find_first_not_of('0'),
                                              fraction.size()));
  }
  return magnitude <= 0;
}

char getClosingBracket(char open) {
  return open == '(' ? ')' : open == '[' ? ']' : '}';
}

const SourceFile &getSourceFile(const SourceManager &sourceManager,
                                uint32_t fileId) {
  const SourceFile *file = sourceManager.getFile(fileId);
  assert(file && "lexing a file that the SourceManager does not have");
  return *file;
}

} // namespace

Lexer::Lexer(const SourceManager &sourceManager, uint32_t fileId,
             DiagnosticEngine &diags, Mode mode)
    : Lexer(sourceManager, fileId, diags, mode, 0,
            std::numeric_limits<uint32_t>::max()) {}

Lexer::Lexer(const SourceManager &sourceManager, uint32_t fileId,
             DiagnosticEngine &diags, Mode mode, uint32_t beginOffset,
             uint32_t endOffset)
    : file(getSourceFile(sourceManager, fileId)), diags(diags), mode(mode) {
  std::string_view fileText = file.getText();
  end = std::min(endOffset, static_cast<uint32_t>(fileText.size()));
  // Cutting the view at `end` lets every scan treat it as the end of input.
  text = fileText.substr(0, end);
  pos = std::min(beginOffset, end);
  // Python ignores a UTF-8 byte order mark at the start of a file.
  if (pos == 0 && text.substr(0, 3) == "\xEF\xBB\xBF")
    pos = 3;
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

Token Lexer::makeToken(TokenKind kind, uint32_t start, uint32_t length) const {
  Token token;
  token.kind = kind;
  token.loc = locAt(start);
  token.offset = start;
  token.length = length;
  token.spelling = text.substr(start, length);
  return token;
}

Token Lexer::errorToken() {
  failed = true;
  return makeToken(TokenKind::Error, std::min(pos, end), 0);
}

void Lexer::error(uint32_t offset, const std::string &message) {
  diags.error(locAt(offset), message);
}

char Lexer::peekChar(uint32_t ahead) const {
  return pos + ahead < end ? text[pos + ahead] : '\0';
}

bool Lexer::isNewlineAt(uint32_t offset) const {
  return offset < end && (text[offset] == '\n' || text[offset] == '\r');
}

void Lexer::skipNewline() {
  if (text[pos] == '\r' && peekChar(1) == '\n')
    ++pos;
  ++pos;
}

//===----------------------------------------------------------------------===//
// Layout: lines, indentation, comments
//===----------------------------------------------------------------------===//

Token Lexer::next() {
  if (failed)
    return makeToken(TokenKind::EndOfFile, end, 0);
  if (pendingDedents > 0) {
    --pendingDedents;
    return makeToken(TokenKind::Dedent, pos, 0);
  }
  while (true) {
    if (mode == Mode::Module && atLineStart && brackets.empty()) {
      if (std::optional<Token> layoutToken = lexLineStart())
        return *layoutToken;
    }
    while (pos < end &&
           (text[pos] == ' ' || text[pos] == '\t' || text[pos] == '\f'))
      ++pos;
    if (pos >= end)
      return lexEndOfInput();

    char c = text[pos];
    if (c == '#') {
      if (!skipComment())
        return errorToken();
      continue;
    }
    if (c == '\\') {
      uint32_t backslash = pos++;
      if (pos >= end) {
        error(backslash, "unexpected EOF while parsing");
        return errorToken();
      }
      if (!isNewlineAt(pos)) {
        error(backslash,
              "unexpected character after line continuation character");
        return errorToken();
      }
      skipNewline();
      continue;
    }
    if (isNewlineAt(pos)) {
      uint32_t newlineStart = pos;
      skipNewline();
      // Inside brackets (and in a lone expression) lines join implicitly.
      if (mode == Mode::Expression || !brackets.empty())
        continue;
      atLineStart = true;
      if (!lineHasTokens)
        continue;
      lineHasTokens = false;
      return makeToken(TokenKind::Newline, newlineStart, pos - newlineStart);
    }
    Token token = lexToken();
    lineHasTokens = true;
    return token;
  }
}

std::optional<Token> Lexer::lexLineStart() {
  while (true) {
    unsigned col = 0;
    unsigned altCol = 0;
    for (; pos < end; ++pos) {
      char c = text[pos];
      if (c == ' ') {
        ++col;
        ++altCol;
      } else if (c == '\t') {
        col = (col / 8 + 1) * 8;
        ++altCol;
      } else if (c == '\f') {
        col = altCol = 0;
      } else {
        break;
      }
    }
    if (pos < end && text[pos] == '#' && !skipComment())
      return errorToken();
    if (pos >= end)
      return std::nullopt;
    // Blank and comment-only lines do not take part in indentation.
    if (isNewlineAt(pos)) {
      skipNewline();
      continue;
    }
    atLineStart = false;
    return applyIndentation(col, altCol);
  }
}

std::optional<Token> Lexer::applyIndentation(unsigned col, unsigned altCol) {
  auto tabError = [&] {
    error(pos, "inconsistent use of tabs and spaces in indentation");
    return errorToken();
  };
  const IndentLevel &current = indents.back();
  if (col == current.col) {
    if (altCol != current.altCol)
      return tabError();
    return std::nullopt;
  }
  if (col > current.col) {
    if (altCol <= current.altCol)
      return tabError();
    if (indents.size() > kMaxIndentLevels) {
      error(pos, "too many levels of indentation");
      return errorToken();
    }
    indents.push_back({col, altCol});
    return makeToken(TokenKind::Indent, pos, 0);
  }
  unsigned dedents = 0;
  while (col < indents.back().col) {
    indents.pop_back();
    ++dedents;
  }
  if (col != indents.back().col) {
    error(pos, "unindent does not match any outer indentation level");
    return errorToken();
  }
  if (altCol != indents.back().altCol)
    return tabError();
  pendingDedents = dedents - 1;
  return makeToken(TokenKind::Dedent, pos, 0);
}

bool Lexer::skipComment() {
  while (pos < end && !isNewlineAt(pos)) {
    char c = text[pos];
    if (c == '\0') {
      error(pos, "source code cannot contain null bytes");
      return false;
    }
    uint32_t codePoint;
    unsigned length = decodeUtf8(text, pos, codePoint);
    if (length == 0) {
      error(pos, describeInvalidUtf8(c));
      return false;
    }
    pos += length;
  }
  return true;
}

Token Lexer::lexEndOfInput() {
  if (!brackets.empty()) {
    diags.error(brackets.back().loc, std::string("'") +
                                         brackets.back().bracket +
                                         "' was never closed");
    return errorToken();
  }
  if (mode == Mode::Module) {
    // The last line needs no line break, and open blocks close at the end.
    if (lineHasTokens) {
      lineHasTokens = false;
      return makeToken(TokenKind::Newline, end, 0);
    }
    if (indents.size() > 1) {
      indents.pop_back();
      return makeToken(TokenKind::Dedent, end, 0);
    }
  }
  return makeToken(TokenKind::EndOfFile, end, 0);
}

//===----------------------------------------------------------------------===//
// Identifiers, keywords, punctuators
//===----------------------------------------------------------------------===//

Token Lexer::lexToken() {
  char c = text[pos];
  if (isIdentifierStart(c))
    return lexIdentifierOrString();
  if (isDigit(c) || (c == '.' && isDigit(peekChar(1))))
    return lexNumber();
  if (c == '\'' || c == '"')
    return lexString(pos, pos);
  auto byte = static_cast<unsigned char>(c);
  if (byte < 0x20 || byte >= 0x7F)
    return lexInvalidCharacter();
  return lexPunctuator();
}

Token Lexer::lexIdentifierOrString() {
  uint32_t start = pos;
  while (pos < end && isIdentifierChar(text[pos]))
    ++pos;
  std::string_view word = text.substr(start, pos - start);
  if ((peekChar() == '\'' || peekChar() == '"') && isStringPrefix(word))
    return lexString(start, pos);
  for (const Spelled &keyword : kKeywords)
    if (keyword.spelling == word)
      return makeToken(keyword.kind, start, pos - start);
  return makeToken(TokenKind::Identifier, start, pos - start);
}

Token Lexer::lexPunctuator() {
  uint32_t start = pos;
  const Spelled *best = nullptr;
  for (const Spelled &punctuator : kPunctuators) {
    const std::string_view spelling = punctuator.spelling;
    if (text.compare(pos, spelling.size(), spelling) == 0 &&
        (!best || spelling.size() > best->spelling.size()))
      best = &punctuator;
  }
  if (!best) {
    // '!', '$', '?' and '`' have no meaning outside strings.
    error(start, "invalid syntax");
    return errorToken();
  }
  pos += static_cast<uint32_t>(best->spelling.size());

  char c = text[start];
  if (c == '(' || c == '[' || c == '{') {
    brackets.push_back({c, locAt(start)});
  } else if (c == ')' || c == ']' || c == '}') {
    if (brackets.empty()) {
      error(start, std::string("unmatched '") + c + "'");
      return errorToken();
    }
    OpenBracket open = brackets.back();
    if (c != getClosingBracket(open.bracket)) {
      std::string message = std::string("closing parenthesis '") + c +
                            "' does not match opening parenthesis '" +
                            open.bracket + "'";
      if (open.loc.line != locAt(start).line)
        message += " on line " + std::to_string(open.loc.line);
      error(start, message);
      return errorToken();
    }
    brackets.pop_back();
  }
  return makeToken(best->kind, start, pos - start);
}

Token Lexer::lexInvalidCharacter() {
  char c = text[pos];
  auto byte = static_cast<unsigned char>(c);
  if (byte == 0) {
    error(pos, "source code cannot contain null bytes");
  } else if (byte < 0x80) {
    error(pos, "invalid non-printable character " + formatCodePoint(byte));
  } else {
    uint32_t codePoint;
    unsigned length = decodeUtf8(text, pos, codePoint);
    if (length == 0)
      error(pos, describeInvalidUtf8(c));
    else
      error(pos, "invalid character '" + std::string(text.substr(pos, length)) +
                     "' (" + formatCodePoint(codePoint) + ")");
  }
  return errorToken();
}

//===----------------------------------------------------------------------===//
// Numbers
//===----------------------------------------------------------------------===//

bool Lexer::scanDigits(unsigned base, std::string &digits) {
  while (pos < end) {
    char c = text[pos];
    if (c == '_') {
      // An underscore may only separate two digits.
      if (digitValue(peekChar(1)) >= base) {
        error(pos, std::string("invalid ") + getBaseName(base) + " literal");
        return false;
      }
      ++pos;
      continue;
    }
    if (digitValue(c) >= base)
      return true;
    digits += toLower(c);
    ++pos;
  }
  return true;
}

Token Lexer::makeIntToken(uint32_t start, unsigned base,
                          std::string digits) const {
  size_t firstNonZero = digits.find_first_not_of('0');
  digits.erase(0, std::min(firstNonZero, digits.size() - 1));

  IntLiteralValue value;
  value.base = base;
  const int64_t max = std::numeric_limits<int64_t>::max();
  for (char digit : digits) {
    int64_t d = digitValue(digit);
    if (value.value > (max - d) / base) {
      value.overflowsInt64 = true;
      value.value = 0;
      break;
    }
    value.value = value.value * base + d;
  }
  value.digits = std::move(digits);

  Token token = makeToken(TokenKind::Int, start, pos - start);
  token.intValue = std::move(value);
  return token;
}

Token Lexer::makeFloatToken(uint32_t start) const {
  Token token = makeToken(TokenKind::Float, start, pos - start);
  std::string literal;
  for (char c : token.spelling)
    if (c != '_')
      literal += c;
  const char *first = literal.data();
  const char *last = first + literal.size();
  std::from_chars_result result =
      std::from_chars(first, last, token.floatValue);
  if (result.ec == std::errc::result_out_of_range) {
    // Python rounds literals beyond the double range to inf or to 0.
    token.floatValue =
        isBelowOne(literal) ? 0.0 : std::numeric_limits<double>::infinity();
  }
  return token;
}

Token Lexer::lexPrefixedInt() {
  uint32_t start = pos;
  char marker = toLower(text[pos + 1]);
  unsigned base = marker == 'x' ? 16 : marker == 'o' ? 8 : 2;
  std::string invalidLiteral =
      std::string("invalid ") + getBaseName(base) + " literal";
  pos += 2;
  // Python accepts one underscore right after the prefix: 0x_ff.
  if (peekChar() == '_' && digitValue(peekChar(1)) < base)
    ++pos;
  std::string digits;
  if (!scanDigits(base, digits))
    return errorToken();
  char next = peekChar();
  if (isDigit(next)) {
    error(pos, std::string("invalid digit '") + next + "' in " +
                   getBaseName(base) + " literal");
    return errorToken();
  }
  if (digits.empty() || isIdentifierChar(next)) {
    error(start, invalidLiteral);
    return errorToken();
  }
  return makeIntToken(start, base, std::move(digits));
}

Token Lexer::lexNumber() {
  uint32_t start = pos;
  char marker = toLower(peekChar(1));
  if (text[pos] == '0' && (marker == 'x' || marker == 'o' || marker == 'b'))
    return lexPrefixedInt();

  std::string intDigits;
  bool isFloat = false;
  if (!scanDigits(10, intDigits))
    return errorToken();
  if (peekChar() == '.') {
    isFloat = true;
    ++pos;
    std::string fraction;
    if (isDigit(peekChar()) && !scanDigits(10, fraction))
      return errorToken();
  }
  if (toLower(peekChar()) == 'e') {
    uint32_t signLength = peekChar(1) == '+' || peekChar(1) == '-' ? 1 : 0;
    if (!isDigit(peekChar(1 + signLength))) {
      error(start, "invalid decimal literal");
      return errorToken();
    }
    pos += 1 + signLength;
    std::string exponent;
    if (!scanDigits(10, exponent))
      return errorToken();
    isFloat = true;
  }
  if (toLower(peekChar()) == 'j') {
    error(start, "not supported yet: complex literals");
    return errorToken();
  }
  if (isIdentifierChar(peekChar())) {
    error(start, "invalid decimal literal");
    return errorToken();
  }
  if (isFloat)
    return makeFloatToken(start);
  if (intDigits.size() > 1 && intDigits[0] == '0' &&
      intDigits.find_first_not_of('0') != std::string::npos) {
    error(start, "leading zeros in decimal integer literals are not "
                 "permitted; use an 0o prefix for octal integers");
    return errorToken();
  }
  return makeIntToken(start, 10, std::move(intDigits));
}

//===----------------------------------------------------------------------===//
// Strings
//===----------------------------------------------------------------------===//

Token Lexer::lexString(uint32_t start, uint32_t quotePos) {
  StringScan scan{start, text[quotePos], false, false, false, false};
  for (uint32_t i = start; i < quotePos; ++i) {
    char prefix = toLower(text[i]);
    scan.raw |= prefix == 'r';
    scan.bytes |= prefix == 'b';
    scan.format |= prefix == 'f';
  }
  pos = quotePos;
  scan.triple = peekChar(1) == scan.quote && peekChar(2) == scan.quote;
  pos += scan.triple ? 3 : 1;

  if (scan.format) {
    std::vector<FStringSegment> segments;
    if (!scanFStringSegments(scan, /*inFormatSpec=*/false, 0, segments))
      return errorToken();
    Token token = makeToken(TokenKind::FString, start, pos - start);
    token.fstringSegments = std::move(segments);
    return token;
  }

  std::string value;
  while (!atStringEnd(scan))
    if (!scanStringChar(scan, value))
      return errorToken();
  pos += scan.triple ? 3 : 1;
  Token token = makeToken(TokenKind::String, start, pos - start);
  token.stringValue = std::move(value);
  token.isBytes = scan.bytes;
  return token;
}

bool Lexer::atStringEnd(const StringScan &scan) const {
  return peekChar() == scan.quote &&
         (!scan.triple ||
          (peekChar(1) == scan.quote && peekChar(2) == scan.quote));
}

void Lexer::reportUnterminated(const StringScan &scan) {
  uint32_t detectedAt = pos > scan.start ? std::min(pos, end) - 1 : pos;
  std::string message =
      scan.triple ? "unterminated triple-quoted " : "unterminated ";
  message += scan.format ? "f-string literal" : "string literal";
  message +=
      " (detected at line " + std::to_string(locAt(detectedAt).line) + ")";
  error(scan.start, message);
}

bool Lexer::scanStringChar(const StringScan &scan, std::string &out) {
  if (pos >= end) {
    reportUnterminated(scan);
    return false;
  }
  if (isNewlineAt(pos)) {
    if (!scan.triple) {
      reportUnterminated(scan);
      return false;
    }
    // Line breaks in the source read as "\n", as Python reads them.
    skipNewline();
    out += '\n';
    return true;
  }
  char c = text[pos];
  if (c == '\\') {
    if (!scan.raw)
      return decodeEscape(scan, out);
    // A raw string keeps the backslash, but the backslash still stops the
    // next quote from ending the string.
    out += '\\';
    ++pos;
    if (isNewlineAt(pos)) {
      skipNewline();
      out += '\n';
    } else if (peekChar() == scan.quote || peekChar() == '\\') {
      out += text[pos++];
    }
    return true;
  }
  if (c == '\0') {
    error(pos, "source code cannot contain null bytes");
    return false;
  }
  uint32_t codePoint;
  unsigned length = decodeUtf8(text, pos, codePoint);
  if (length == 0) {
    error(pos, describeInvalidUtf8(c));
    return false;
  }
  if (scan.bytes && length > 1) {
    error(pos, "bytes can only contain ASCII literal characters");
    return false;
  }
  out.append(text.substr(pos, length));
  pos += length;
  return true;
}

bool Lexer::decodeEscape(const StringScan &scan, std::string &out) {
  uint32_t escapeStart = pos++;
  if (pos >= end) {
    reportUnterminated(scan);
    return false;
  }
  if (isNewlineAt(pos)) {
    // A backslash at the end of a line joins the next line.
    skipNewline();
    return true;
  }
  char c = text[pos];
  switch (c) {
  case '\\':
  case '\'':
  case '"':
    out += c;
    ++pos;
    return true;
  case 'a':
  case 'b':
  case 'f':
  case 'n':
  case 'r':
  case 't':
  case 'v': {
    static constexpr std::string_view letters = "abfnrtv";
    static constexpr std::string_view values = "\a\b\f\n\r\t\v";
    out += values[letters.find(c)];
    ++pos;
    return true;
  }
  case 'x':
    return scanHexEscape(scan, escapeStart, 2, out);
  case 'u':
  case 'U':
  case 'N':
    // These are escapes in str literals only; bytes keep them verbatim.
    if (scan.bytes)
      break;
    if (c == 'N') {
      error(escapeStart, "not supported yet: \\N{...} escapes");
      return false;
    }
    return scanHexEscape(scan, escapeStart, c == 'u' ? 4 : 8, out);
  default:
    if (c >= '0' && c <= '7') {
      uint32_t value = 0;
      for (unsigned i = 0; i < 3 && peekChar() >= '0' && peekChar() <= '7'; ++i)
        value = value * 8 + (text[pos++] - '0');
      if (value > 0377)
        diags.warning(
            SourceRange{locAt(escapeStart), pos - escapeStart},
            "invalid octal escape sequence '" +
                std::string(text.substr(escapeStart, pos - escapeStart)) + "'");
      appendEscapedValue(scan.bytes, out, value);
      return true;
    }
    break;
  }
  // Python keeps an unknown escape as it is (backslash included) and warns.
  uint32_t codePoint;
  unsigned length = std::max(decodeUtf8(text, pos, codePoint), 1u);
  diags.warning(SourceRange{locAt(escapeStart), 1 + length},
                "invalid escape sequence '\\" +
                    std::string(text.substr(pos, length)) + "'");
  out += '\\';
  return true;
}

bool Lexer::scanHexEscape(const StringScan &scan, uint32_t escapeStart,
                          unsigned numDigits, std::string &out) {
  char letter = text[pos++];
  uint32_t value = 0;
  for (unsigned i = 0; i < numDigits; ++i) {
    unsigned digit = digitValue(peekChar());
    if (digit >= 16) {
      error(escapeStart, std::string("truncated \\") + letter +
                             std::string(numDigits, 'X') + " escape");
      return false;
    }
    value = value * 16 + digit;
    ++pos;
  }
  if (value > 0x10FFFF) {
    error(escapeStart, "illegal Unicode character");
    return false;
  }
  appendEscapedValue(scan.bytes, out, value);
  return true;
}

//===----------------------------------------------------------------------===//
// F-strings
//===----------------------------------------------------------------------===//

bool Lexer::scanFStringSegments(const StringScan &scan, bool inFormatSpec,
                                unsigned depth,
                                std::vector<FStringSegment> &segments) {
  std::string literal;
  bool literalStarted = false;
  uint32_t literalStart = pos;
  auto startLiteral = [&] {
    if (!literalStarted)
      literalStart = pos;
    literalStarted = true;
  };
  auto flushLiteral = [&] {
    if (!literal.empty()) {
      FStringSegment segment;
      segment.loc = locAt(literalStart);
      segment.literal = std::move(literal);
      segments.push_back(std::move(segment));
      literal.clear();
    }
    literalStarted = false;
  };

  while (true) {
    if (atStringEnd(scan)) {
      if (inFormatSpec) {
        error(pos, "f-string: expecting '}'");
        return false;
      }
      flushLiteral();
      pos += scan.triple ? 3 : 1;
      return true;
    }
    char c = peekChar();
    if (inFormatSpec && c == '}') {
      flushLiteral();
      return true;
    }
    if (c == '{') {
      if (!inFormatSpec && peekChar(1) == '{') {
        startLiteral();
        literal += '{';
        pos += 2;
        continue;
      }
      flushLiteral();
      if (!scanFStringField(scan, depth, segments))
        return false;
      continue;
    }
    if (c == '}') {
      if (peekChar(1) == '}') {
        startLiteral();
        literal += '}';
        pos += 2;
        continue;
      }
      error(pos, "f-string: single '}' is not allowed");
      return false;
    }
    startLiteral();
    if (!scanStringChar(scan, literal))
      return false;
  }
}

bool Lexer::scanFStringField(const StringScan &scan, unsigned depth,
                             std::vector<FStringSegment> &segments) {
  uint32_t fieldStart = pos;
  // Fields may nest in format specs, but only two levels deep, as in Python.
  if (depth >= 2) {
    error(fieldStart, "f-string: expressions nested too deeply");
    return false;
  }
  ++pos;
  uint32_t exprBegin = pos;
  if (!scanFStringExpression(scan, fieldStart))
    return false;
  uint32_t exprEnd = pos;
  if (text.substr(exprBegin, exprEnd - exprBegin)
          .find_first_not_of(" \t\f\r\n") == std::string_view::npos) {
    error(pos, std::string("f-string: valid expression required before '") +
                   peekChar() + "'");
    return false;
  }

  FStringSegment field;
  field.isField = true;
  field.loc = locAt(fieldStart);
  field.exprBegin = exprBegin;
  field.exprEnd = exprEnd;

  // `{x=}` shows its own source text, then the value.
  bool selfDocumenting = peekChar() == '=';
  if (selfDocumenting) {
    ++pos;
    while (peekChar() == ' ' || peekChar() == '\t')
      ++pos;
    std::string_view debugText = text.substr(exprBegin, pos - exprBegin);
    if (!segments.empty() && !segments.back().isField) {
      segments.back().literal += debugText;
    } else {
      FStringSegment literal;
      literal.loc = locAt(exprBegin);
      literal.literal = std::string(debugText);
      segments.push_back(std::move(literal));
    }
  }

  if (peekChar() == '!') {
    uint32_t bang = pos++;
    uint32_t nameStart = pos;
    while (isIdentifierChar(peekChar()))
      ++pos;
    std::string_view name = text.substr(nameStart, pos - nameStart);
    if (name.empty()) {
      error(bang, "f-string: missing conversion character");
      return false;
    }
    if (name != "s" && name != "r" && name != "a") {
      error(nameStart, "f-string: invalid conversion character '" +
                           std::string(name) + "': expected 's', 'r', or 'a'");
      return false;
    }
    field.conversion = name[0];
  }

  if (peekChar() == ':') {
    ++pos;
    field.hasFormatSpec = true;
    if (!scanFStringSegments(scan, /*inFormatSpec=*/true, depth + 1,
                             field.formatSpec))
      return false;
  }

  if (peekChar() != '}') {
    error(pos, "f-string: expecting '}'");
    return false;
  }
  ++pos;
  if (selfDocumenting && field.conversion == 0 && !field.hasFormatSpec)
    field.conversion = 'r';
  segments.push_back(std::move(field));
  return true;
}

bool Lexer::scanFStringExpression(const StringScan &scan, uint32_t fieldStart) {
  // Only finds where the expression ends; the parser lexes it again as an
  // expression, so brackets need only be counted here.
  unsigned nesting = 0;
  while (true) {
    if (pos >= end || (!scan.triple && isNewlineAt(pos))) {
      error(fieldStart, "f-string: expecting '}'");
      return false;
    }
    char c = text[pos];
    if (c == '\\') {
      error(pos, "f-string expression part cannot include a backslash");
      return false;
    }
    if (c == '#') {
      error(pos, "f-string expression part cannot include '#'");
      return false;
    }
    if (c == '\'' || c == '"') {
      if (atStringEnd(scan)) {
        error(fieldStart, "f-string: expecting '}'");
        return false;
      }
      if (!skipNestedString(scan))
        return false;
      continue;
    }
    if (c == '(' || c == '[' || c == '{') {
      ++nesting;
      ++pos;
      continue;
    }
    if (c == ')' || c == ']' || c == '}') {
      if (nesting == 0) {
        if (c == '}')
          return true;
        error(pos, std::string("f-string: unmatched '") + c + "'");
        return false;
      }
      --nesting;
      ++pos;
      continue;
    }
    char next = peekChar(1);
    if (nesting == 0 && (((c == '!' || c == '=') && next != '=') || c == ':'))
      return true;
    // Two-character comparisons are part of the expression.
    if ((c == '=' || c == '!' || c == '<' || c == '>') && next == '=')
      ++pos;
    ++pos;
  }
}

bool Lexer::skipNestedString(const StringScan &scan) {
  uint32_t start = pos;
  char quote = text[pos];
  bool triple = peekChar(1) == quote && peekChar(2) == quote;
  pos += triple ? 3 : 1;
  while (true) {
    if (pos >= end || (isNewlineAt(pos) && !(triple && scan.triple))) {
      error(start, "f-string: unterminated string");
      return false;
    }
    char c = text[pos];
    if (c == '\\') {
      pos = std::min(pos + 2, end);
      continue;
    }
    if (c == quote &&
        (!triple || (peekChar(1) == quote && peekChar(2) == quote))) {
      pos += triple ? 3 : 1;
      return true;
    }
    ++pos;
  }
}

} // namespace gluonc
