//===- LexerTest.cpp - Tests of the Python tokenizer ----------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "gluonc/Frontend/Lexer.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

using namespace gluonc;

namespace {

class LexerFixture {
public:
  /// All tokens of `text` up to and including the first EndOfFile.
  std::vector<Token> lex(std::string text,
                         Lexer::Mode mode = Lexer::Mode::Module) {
    fileId = sm.addBuffer("t.py", std::move(text));
    Lexer lexer(sm, fileId, diags, mode);
    std::vector<Token> tokens;
    // The bound only turns a lexer that never ends into a test failure.
    while (tokens.size() < 10000) {
      tokens.push_back(lexer.next());
      if (tokens.back().kind == TokenKind::EndOfFile)
        break;
    }
    return tokens;
  }

  /// The tokens as text: layout tokens in capitals, others as spelled.
  static std::string describe(const std::vector<Token> &tokens) {
    std::string result;
    for (const Token &token : tokens) {
      if (!result.empty())
        result += ' ';
      switch (token.kind) {
      case TokenKind::Newline:
        result += "NEWLINE";
        break;
      case TokenKind::Indent:
        result += "INDENT";
        break;
      case TokenKind::Dedent:
        result += "DEDENT";
        break;
      case TokenKind::EndOfFile:
        result += "EOF";
        break;
      case TokenKind::Error:
        result += "ERROR";
        break;
      default:
        result += std::string(token.spelling);
      }
    }
    return result;
  }

  std::string describe(std::string text,
                       Lexer::Mode mode = Lexer::Mode::Module) {
    return describe(lex(std::move(text), mode));
  }

  /// The first error as "line:col: message", or "" when there is none.
  std::string firstError() const {
    for (const Diagnostic &diagnostic : diags.getDiagnostics())
      if (diagnostic.severity == Severity::Error)
        return std::to_string(diagnostic.loc.line) + ":" +
               std::to_string(diagnostic.loc.col) + ": " + diagnostic.message;
    return "";
  }

  /// The first error produced by lexing `text`.
  std::string errorOf(std::string text) {
    std::vector<Token> tokens = lex(std::move(text));
    CHECK(tokens.size() >= 2);
    CHECK(tokens[tokens.size() - 2].kind == TokenKind::Error);
    CHECK(diags.errorCount() == 1);
    return firstError();
  }

  /// The only token of `text` (in expression mode).
  Token single(std::string text) {
    std::vector<Token> tokens = lex(std::move(text), Lexer::Mode::Expression);
    REQUIRE(tokens.size() == 2);
    CHECK(tokens[1].kind == TokenKind::EndOfFile);
    return tokens[0];
  }

  std::string textOf(const FStringSegment &field) const {
    return std::string(sm.getFile(fileId)->getText().substr(
        field.exprBegin, field.exprEnd - field.exprBegin));
  }

  SourceManager sm;
  DiagnosticEngine diags{sm};
  uint32_t fileId = 0;
};

} // namespace

//===----------------------------------------------------------------------===//
// Layout
//===----------------------------------------------------------------------===//

TEST_CASE_METHOD(LexerFixture, "Nested blocks indent and dedent",
                 "[lexer][layout]") {
  CHECK(describe("if a:\n"
                 "    if b:\n"
                 "        x = 1\n"
                 "    y\n"
                 "z\n") == "if a : NEWLINE INDENT if b : NEWLINE INDENT x = 1 "
                           "NEWLINE DEDENT y NEWLINE DEDENT z NEWLINE EOF");
  CHECK_FALSE(diags.hasErrors());
}

TEST_CASE_METHOD(LexerFixture, "A UTF-8 byte order mark is ignored",
                 "[lexer]") {
  std::vector<Token> tokens = lex("\xEF\xBB\xBFx = 1\n");
  CHECK(describe(tokens) == "x = 1 NEWLINE EOF");
  CHECK_FALSE(diags.hasErrors());
  // Columns still count bytes from the start of the line.
  CHECK(tokens[0].loc.col == 4);
}

TEST_CASE_METHOD(LexerFixture, "One line can close several blocks",
                 "[lexer][layout]") {
  CHECK(describe("l0\n"
                 "  l1\n"
                 "    l2\n"
                 "      l3\n"
                 "  l1b\n"
                 "l0b\n") == "l0 NEWLINE INDENT l1 NEWLINE INDENT l2 NEWLINE "
                             "INDENT l3 NEWLINE DEDENT DEDENT l1b NEWLINE "
                             "DEDENT l0b NEWLINE EOF");
}

TEST_CASE_METHOD(LexerFixture,
                 "The end of input ends the line and closes open blocks",
                 "[lexer][layout]") {
  std::vector<Token> tokens = lex("a\n  b\n    c");
  CHECK(describe(tokens) ==
        "a NEWLINE INDENT b NEWLINE INDENT c NEWLINE DEDENT DEDENT EOF");
  REQUIRE(tokens.size() == 11);
  CHECK(tokens[7].kind == TokenKind::Newline);
  CHECK(tokens[7].loc == SourceLoc{fileId, 3, 6});
  CHECK(tokens[7].length == 0);
}

TEST_CASE_METHOD(LexerFixture,
                 "Indent and dedent tokens sit at the line's "
                 "first token",
                 "[lexer][layout]") {
  std::vector<Token> tokens = lex("if a:\n    b\nc\n");
  REQUIRE(tokens.size() == 11);
  CHECK(tokens[4].kind == TokenKind::Indent);
  CHECK(tokens[4].loc == SourceLoc{fileId, 2, 5});
  CHECK(tokens[7].kind == TokenKind::Dedent);
  CHECK(tokens[7].loc == SourceLoc{fileId, 3, 1});
}

TEST_CASE_METHOD(LexerFixture, "Blank and comment-only lines are ignored",
                 "[lexer][layout]") {
  CHECK(describe("a\n"
                 "\n"
                 "      # a comment at an odd indentation\n"
                 "   \n"
                 "  b  # a trailing comment\n"
                 "# a comment in column 1\n"
                 "  c\n"
                 "\t\n"
                 "d\n"
                 "# the last line is a comment") ==
        "a NEWLINE INDENT b NEWLINE c NEWLINE DEDENT d NEWLINE EOF");
}

TEST_CASE_METHOD(LexerFixture, "Backslash continues a line",
                 "[lexer][layout]") {
  CHECK(describe("x = 1 + \\\n"
                 "        2\n"
                 "y = \\\n"
                 "3\n") == "x = 1 + 2 NEWLINE y = 3 NEWLINE EOF");
}

TEST_CASE_METHOD(LexerFixture, "Lines join inside brackets",
                 "[lexer][layout]") {
  std::vector<Token> tokens = lex("f(a,\n"
                                  "        b,  # a comment\n"
                                  "\n"
                                  "  c)\n"
                                  "g = [\n"
                                  "]\n");
  CHECK(describe(tokens) == "f ( a , b , c ) NEWLINE g = [ ] NEWLINE EOF");
  REQUIRE(tokens.size() >= 5);
  CHECK(tokens[4].spelling == "b");
  CHECK(tokens[4].loc == SourceLoc{fileId, 2, 9});
}

TEST_CASE_METHOD(LexerFixture, "Tabs indent to multiples of eight",
                 "[lexer][layout]") {
  CHECK(describe("if a:\n\tb\n\tif c:\n\t\td\ne\n") ==
        "if a : NEWLINE INDENT b NEWLINE if c : NEWLINE INDENT d NEWLINE "
        "DEDENT DEDENT e NEWLINE EOF");
  CHECK_FALSE(diags.hasErrors());
}

TEST_CASE_METHOD(LexerFixture, "A form feed resets the indentation",
                 "[lexer][layout]") {
  CHECK(describe("a\n  \fb\n") == "a NEWLINE b NEWLINE EOF");
}

TEST_CASE_METHOD(LexerFixture, "CRLF and CR end lines", "[lexer][layout]") {
  std::vector<Token> tokens = lex("if a:\r\n    b\rc\r\n");
  CHECK(describe(tokens) ==
        "if a : NEWLINE INDENT b NEWLINE DEDENT c NEWLINE EOF");
  REQUIRE(tokens.size() >= 6);
  CHECK(tokens[5].loc == SourceLoc{fileId, 2, 5});
  CHECK(tokens[3].length == 2); // The NEWLINE spans "\r\n".
}

TEST_CASE_METHOD(LexerFixture, "Tokens carry their location and length",
                 "[lexer]") {
  std::vector<Token> tokens = lex("ab  cd\n  **= 'x'\n");
  REQUIRE(tokens.size() >= 6);
  CHECK(tokens[0].loc == SourceLoc{fileId, 1, 1});
  CHECK(tokens[0].length == 2);
  CHECK(tokens[1].loc == SourceLoc{fileId, 1, 5});
  CHECK(tokens[1].offset == 4);
  CHECK(tokens[4].kind == TokenKind::DoubleStarEqual);
  CHECK(tokens[4].loc == SourceLoc{fileId, 2, 3});
  CHECK(tokens[4].length == 3);
  CHECK(tokens[5].loc == SourceLoc{fileId, 2, 7});
  CHECK(tokens[5].length == 3);
  CHECK(tokens[5].getEndOffset() == 16);
}

TEST_CASE_METHOD(LexerFixture, "Expression mode treats line breaks as space",
                 "[lexer][layout]") {
  CHECK(describe("a +\n  b\n", Lexer::Mode::Expression) == "a + b EOF");
}

TEST_CASE_METHOD(LexerFixture, "A sub-range lexes with file locations",
                 "[lexer]") {
  fileId = sm.addBuffer("t.py", "xx = (foo\n + 1)yy");
  Lexer lexer(sm, fileId, diags, Lexer::Mode::Expression, 6, 14);
  Token foo = lexer.next();
  CHECK(foo.spelling == "foo");
  CHECK(foo.loc == SourceLoc{fileId, 1, 7});
  CHECK(lexer.next().kind == TokenKind::Plus);
  Token one = lexer.next();
  CHECK(one.loc == SourceLoc{fileId, 2, 4});
  CHECK(lexer.next().kind == TokenKind::EndOfFile);
}

//===----------------------------------------------------------------------===//
// Names, keywords, operators
//===----------------------------------------------------------------------===//

TEST_CASE_METHOD(LexerFixture, "Every operator and delimiter",
                 "[lexer][operators]") {
  const std::string all =
      "( ) [ ] { } , : ; . ... -> @ = := + - * / // % ** << >> & | ^ ~ < > "
      "<= >= == != += -= *= /= //= %= **= <<= >>= &= |= ^= @=";
  std::vector<Token> tokens = lex(all, Lexer::Mode::Expression);
  REQUIRE(tokens.size() == 48);
  for (size_t i = 0; i + 1 < tokens.size(); ++i) {
    INFO(tokens[i].spelling);
    CHECK(getTokenSpelling(tokens[i].kind) == tokens[i].spelling);
  }
}

TEST_CASE_METHOD(LexerFixture, "Operators take the longest match",
                 "[lexer][operators]") {
  CHECK(describe("a**=b//c...d->e:=f<<=g!=h", Lexer::Mode::Expression) ==
        "a **= b // c ... d -> e := f <<= g != h EOF");
  CHECK(describe("x.y..z", Lexer::Mode::Expression) == "x . y . . z EOF");
}

TEST_CASE_METHOD(LexerFixture, "Every keyword", "[lexer][keywords]") {
  const std::string all =
      "False None True and as assert async await break class continue def "
      "del elif else except finally for from global if import in is lambda "
      "nonlocal not or pass raise return try while with yield";
  std::vector<Token> tokens = lex(all, Lexer::Mode::Expression);
  REQUIRE(tokens.size() == 36);
  for (size_t i = 0; i + 1 < tokens.size(); ++i) {
    INFO(tokens[i].spelling);
    CHECK(tokens[i].kind != TokenKind::Identifier);
    CHECK(getTokenSpelling(tokens[i].kind) == tokens[i].spelling);
  }
}

TEST_CASE_METHOD(LexerFixture, "Soft keywords and prefixes alone are names",
                 "[lexer][keywords]") {
  for (const Token &token :
       lex("match case type _ r f rb _x1 Def", Lexer::Mode::Expression)) {
    if (token.kind != TokenKind::EndOfFile)
      CHECK(token.kind == TokenKind::Identifier);
  }
}

//===----------------------------------------------------------------------===//
// Numbers
//===----------------------------------------------------------------------===//

TEST_CASE_METHOD(LexerFixture, "Integer literals", "[lexer][numbers]") {
  struct Case {
    const char *text;
    const char *digits;
    unsigned base;
    int64_t value;
  };
  const Case cases[] = {
      {"0", "0", 10, 0},
      {"00", "0", 10, 0},
      {"0_0", "0", 10, 0},
      {"123", "123", 10, 123},
      {"1_000_000", "1000000", 10, 1000000},
      {"0x_ff", "ff", 16, 255},
      {"0XAbC", "abc", 16, 0xabc},
      {"0x000f", "f", 16, 15},
      {"0o17", "17", 8, 15},
      {"0O7_7", "77", 8, 63},
      {"0b1010", "1010", 2, 10},
      {"0B1_1", "11", 2, 3},
      {"9223372036854775807", "9223372036854775807", 10,
       std::numeric_limits<int64_t>::max()},
  };
  for (const Case &c : cases) {
    INFO(c.text);
    Token token = single(c.text);
    REQUIRE(token.kind == TokenKind::Int);
    CHECK(token.intValue.digits == c.digits);
    CHECK(token.intValue.base == c.base);
    CHECK(token.intValue.value == c.value);
    CHECK_FALSE(token.intValue.overflowsInt64);
  }
}

TEST_CASE_METHOD(LexerFixture, "Integers beyond int64 keep their digits",
                 "[lexer][numbers]") {
  Token big = single("123456789012345678901234567890");
  CHECK(big.intValue.overflowsInt64);
  CHECK(big.intValue.digits == "123456789012345678901234567890");
  CHECK(big.intValue.value == 0);

  Token justOver = single("9223372036854775808");
  CHECK(justOver.intValue.overflowsInt64);

  Token hex = single("0xFFFF_FFFF_FFFF_FFFF");
  CHECK(hex.intValue.overflowsInt64);
  CHECK(hex.intValue.digits == "ffffffffffffffff");
  CHECK(hex.intValue.base == 16);
}

TEST_CASE_METHOD(LexerFixture, "Float literals", "[lexer][numbers]") {
  struct Case {
    const char *text;
    double value;
  };
  const Case cases[] = {
      {"1.5", 1.5},         {".5", 0.5},          {"1.", 1.0},
      {"1e3", 1000.0},      {"1E-3", 0.001},      {"1_000.5", 1000.5},
      {"1.5e+2_0", 1.5e20}, {"0e0", 0.0},         {"012.5", 12.5},
      {"1e-400", 0.0},      {"0.0001e-400", 0.0},
  };
  for (const Case &c : cases) {
    INFO(c.text);
    Token token = single(c.text);
    REQUIRE(token.kind == TokenKind::Float);
    CHECK(token.floatValue == c.value);
    CHECK(token.spelling == c.text);
  }
  CHECK(std::isinf(single("1e400").floatValue));
  CHECK(std::isinf(single("0.001e400").floatValue));
}

TEST_CASE_METHOD(LexerFixture, "Malformed numbers", "[lexer][numbers]") {
  struct Case {
    const char *text;
    const char *error;
  };
  const Case cases[] = {
      {"x = 0x", "1:5: invalid hexadecimal literal"},
      {"x = 0o", "1:5: invalid octal literal"},
      {"x = 0b2", "1:7: invalid digit '2' in binary literal"},
      {"x = 0o79", "1:8: invalid digit '9' in octal literal"},
      {"x = 0xfg", "1:5: invalid hexadecimal literal"},
      {"x = 1__0", "1:6: invalid decimal literal"},
      {"x = 1_", "1:6: invalid decimal literal"},
      {"x = 0x__1", "1:7: invalid hexadecimal literal"},
      {"x = 012", "1:5: leading zeros in decimal integer literals are not "
                  "permitted; use an 0o prefix for octal integers"},
      {"x = 1e", "1:5: invalid decimal literal"},
      {"x = 1e+", "1:5: invalid decimal literal"},
      {"x = 3abc", "1:5: invalid decimal literal"},
      {"x = 1.real", "1:5: invalid decimal literal"},
      {"x = 1j", "1:5: not supported yet: complex literals"},
      {"x = 1.5J", "1:5: not supported yet: complex literals"},
  };
  for (const Case &c : cases) {
    INFO(c.text);
    LexerFixture fresh;
    CHECK(fresh.errorOf(c.text) == c.error);
  }
}

//===----------------------------------------------------------------------===//
// Strings
//===----------------------------------------------------------------------===//

TEST_CASE_METHOD(LexerFixture, "String quoting", "[lexer][strings]") {
  std::vector<Token> tokens =
      lex("'a' \"b\" '''c'd''' \"\"\"e\"f\"\"\" ''", Lexer::Mode::Expression);
  REQUIRE(tokens.size() == 6);
  CHECK(tokens[0].stringValue == "a");
  CHECK(tokens[1].stringValue == "b");
  CHECK(tokens[2].stringValue == "c'd");
  CHECK(tokens[3].stringValue == "e\"f");
  CHECK(tokens[4].stringValue == "");
  for (size_t i = 0; i < 5; ++i) {
    CHECK(tokens[i].kind == TokenKind::String);
    CHECK_FALSE(tokens[i].isBytes);
  }
  CHECK(tokens[3].loc.col == 19);
  CHECK(tokens[3].length == 9);
}

TEST_CASE_METHOD(LexerFixture, "String escapes are decoded",
                 "[lexer][strings]") {
  Token token = single(R"("\\ \' \" \a \b \f \n \r \t \v \0 \101 \x41 \u00e9 )"
                       R"(\U0001F600 \777")");
  std::string expected = "\\ ' \" \a \b \f \n \r \t \v ";
  expected += '\0';
  expected += " A A \xC3\xA9 \xF0\x9F\x98\x80 \xC7\xBF";
  CHECK(token.stringValue == expected);
  // "\777" is beyond a byte: Python takes it with a warning.
  REQUIRE(diags.warningCount() == 1);
  CHECK(diags.getDiagnostics()[0].message ==
        "invalid octal escape sequence '\\777'");
}

TEST_CASE_METHOD(LexerFixture, "Unknown escapes stay, with a warning",
                 "[lexer][strings]") {
  Token token = single(R"("\d\{")");
  CHECK(token.stringValue == "\\d\\{");
  REQUIRE(diags.warningCount() == 2);
  const Diagnostic &first = diags.getDiagnostics()[0];
  CHECK(first.message == "invalid escape sequence '\\d'");
  CHECK(first.loc == SourceLoc{fileId, 1, 2});
  CHECK(first.length == 2);
  CHECK_FALSE(diags.hasErrors());
}

TEST_CASE_METHOD(LexerFixture, "Raw strings keep backslashes",
                 "[lexer][strings]") {
  std::vector<Token> tokens =
      lex(R"(r"\n\"" R'\d\\' rb"\x00")", Lexer::Mode::Expression);
  REQUIRE(tokens.size() == 4);
  CHECK(tokens[0].stringValue == R"(\n\")");
  CHECK(tokens[1].stringValue == R"(\d\\)");
  CHECK(tokens[2].stringValue == R"(\x00)");
  CHECK(tokens[2].isBytes);
  CHECK_FALSE(diags.hasErrors());
  CHECK(diags.warningCount() == 0);
}

TEST_CASE_METHOD(LexerFixture, "Bytes literals hold bytes",
                 "[lexer][strings]") {
  Token token = single(R"(b"\xff\x00a\u1234")");
  CHECK(token.isBytes);
  CHECK(token.stringValue == std::string("\xff\0a\\u1234", 9));
  // \u is no escape in bytes.
  CHECK(diags.warningCount() == 1);
}

TEST_CASE_METHOD(LexerFixture, "String prefixes are case-insensitive",
                 "[lexer][strings]") {
  std::vector<Token> tokens = lex(R"(Rb"\d" bR"\d" BR"\d" U"u" F"{x}" fR"\d")",
                                  Lexer::Mode::Expression);
  REQUIRE(tokens.size() == 7);
  for (size_t i = 0; i < 3; ++i) {
    CHECK(tokens[i].kind == TokenKind::String);
    CHECK(tokens[i].isBytes);
    CHECK(tokens[i].stringValue == "\\d");
  }
  CHECK(tokens[3].kind == TokenKind::String);
  CHECK(tokens[3].stringValue == "u");
  CHECK(tokens[4].kind == TokenKind::FString);
  CHECK(tokens[5].kind == TokenKind::FString);
  REQUIRE(tokens[5].fstringSegments.size() == 1);
  CHECK(tokens[5].fstringSegments[0].literal == "\\d");
}

TEST_CASE_METHOD(LexerFixture, "Line breaks inside strings",
                 "[lexer][strings]") {
  std::vector<Token> tokens = lex(
      "'''a\r\nb\rc''' 'd\\\ne' \"\"\"f\\\r\ng\"\"\"", Lexer::Mode::Expression);
  REQUIRE(tokens.size() == 4);
  CHECK(tokens[0].stringValue == "a\nb\nc");
  CHECK(tokens[1].stringValue == "de");
  CHECK(tokens[2].stringValue == "fg");
  CHECK(tokens[1].loc == SourceLoc{fileId, 3, 6});
}

TEST_CASE_METHOD(LexerFixture, "UTF-8 text in strings is kept",
                 "[lexer][strings]") {
  CHECK(single("'h\xC3\xA9 \xE2\x82\xAC'").stringValue ==
        "h\xC3\xA9 \xE2\x82\xAC");
}

TEST_CASE_METHOD(LexerFixture, "Malformed strings", "[lexer][strings]") {
  struct Case {
    std::string text;
    const char *error;
  };
  const Case cases[] = {
      {"x = 'abc\n", "1:5: unterminated string literal (detected at line 1)"},
      {"x = 1\ny = rb'abc", "2:5: unterminated string literal (detected at "
                            "line 2)"},
      {"x = '''abc\n\n", "1:5: unterminated triple-quoted string literal "
                         "(detected at line 2)"},
      {"x = f'{a}\n", "1:5: unterminated f-string literal (detected at line "
                      "1)"},
      {"x = f'''{a}", "1:5: unterminated triple-quoted f-string literal "
                      "(detected at line 1)"},
      {"x = '\\", "1:5: unterminated string literal (detected at line 1)"},
      {R"(x = "\x4")", "1:6: truncated \\xXX escape"},
      {R"(x = "\u12")", "1:6: truncated \\uXXXX escape"},
      {R"(x = "\U0000FFF")", "1:6: truncated \\UXXXXXXXX escape"},
      {R"(x = "\U00110000")", "1:6: illegal Unicode character"},
      {R"(x = "\N{DASH}")", "1:6: not supported yet: \\N{...} escapes"},
      {"x = b'\xC3\xA9'", "1:7: bytes can only contain ASCII literal "
                          "characters"},
      {"x = '\xC3'", "1:6: invalid UTF-8 byte 0xc3"},
      {std::string("x = 'a\0'", 8), "1:7: source code cannot contain null "
                                    "bytes"},
  };
  for (const Case &c : cases) {
    INFO(c.text);
    LexerFixture fresh;
    CHECK(fresh.errorOf(c.text) == c.error);
  }
}

//===----------------------------------------------------------------------===//
// F-strings
//===----------------------------------------------------------------------===//

TEST_CASE_METHOD(LexerFixture, "F-strings split into literals and fields",
                 "[lexer][fstrings]") {
  Token token = single("f'a{x + 1}b'");
  REQUIRE(token.kind == TokenKind::FString);
  const std::vector<FStringSegment> &segments = token.fstringSegments;
  REQUIRE(segments.size() == 3);
  CHECK_FALSE(segments[0].isField);
  CHECK(segments[0].literal == "a");
  CHECK(segments[0].loc == SourceLoc{fileId, 1, 3});
  CHECK(segments[1].isField);
  CHECK(segments[1].loc == SourceLoc{fileId, 1, 4});
  CHECK(textOf(segments[1]) == "x + 1");
  CHECK(segments[1].conversion == 0);
  CHECK_FALSE(segments[1].hasFormatSpec);
  CHECK(segments[2].literal == "b");
  CHECK(segments[2].loc == SourceLoc{fileId, 1, 11});
}

TEST_CASE_METHOD(LexerFixture, "F-string conversions and nested format specs",
                 "[lexer][fstrings]") {
  Token token = single("f'{x!r:>{width}.3}'");
  REQUIRE(token.fstringSegments.size() == 1);
  const FStringSegment &field = token.fstringSegments[0];
  CHECK(textOf(field) == "x");
  CHECK(field.conversion == 'r');
  REQUIRE(field.hasFormatSpec);
  REQUIRE(field.formatSpec.size() == 3);
  CHECK(field.formatSpec[0].literal == ">");
  CHECK(field.formatSpec[1].isField);
  CHECK(textOf(field.formatSpec[1]) == "width");
  CHECK(field.formatSpec[1].loc == SourceLoc{fileId, 1, 9});
  CHECK(field.formatSpec[2].literal == ".3");
}

TEST_CASE_METHOD(LexerFixture, "Self-documenting f-string fields",
                 "[lexer][fstrings]") {
  Token token = single("f'v: {x = }, {y=:.2f}, {z=!s}'");
  const std::vector<FStringSegment> &segments = token.fstringSegments;
  REQUIRE(segments.size() == 6);
  CHECK(segments[0].literal == "v: x = ");
  CHECK(textOf(segments[1]) == "x ");
  CHECK(segments[1].conversion == 'r');
  CHECK(segments[2].literal == ", y=");
  CHECK(segments[3].conversion == 0);
  CHECK(segments[3].hasFormatSpec);
  CHECK(segments[4].literal == ", z=");
  CHECK(segments[5].conversion == 's');
}

TEST_CASE_METHOD(LexerFixture, "F-string braces, escapes and nested quotes",
                 "[lexer][fstrings]") {
  std::vector<Token> tokens =
      lex(R"(f"{{a}}\t{d['k']}{a!=b}{a==b}{(lambda: 1)()}" rf'\d{x}')",
          Lexer::Mode::Expression);
  REQUIRE(tokens.size() == 3);
  const std::vector<FStringSegment> &segments = tokens[0].fstringSegments;
  REQUIRE(segments.size() == 5);
  CHECK(segments[0].literal == "{a}\t");
  CHECK(textOf(segments[1]) == "d['k']");
  CHECK(textOf(segments[2]) == "a!=b");
  CHECK(segments[2].conversion == 0);
  CHECK(textOf(segments[3]) == "a==b");
  CHECK(textOf(segments[4]) == "(lambda: 1)()");
  REQUIRE(tokens[1].fstringSegments.size() == 2);
  CHECK(tokens[1].fstringSegments[0].literal == "\\d");
}

TEST_CASE_METHOD(LexerFixture, "Triple-quoted f-string fields span lines",
                 "[lexer][fstrings]") {
  Token token = single("f'''a\n{\n  x\n}'''");
  REQUIRE(token.fstringSegments.size() == 2);
  CHECK(token.fstringSegments[0].literal == "a\n");
  CHECK(token.fstringSegments[1].loc == SourceLoc{fileId, 2, 1});
  CHECK(textOf(token.fstringSegments[1]) == "\n  x\n");
}

TEST_CASE_METHOD(LexerFixture, "Malformed f-strings", "[lexer][fstrings]") {
  struct Case {
    const char *text;
    const char *error;
  };
  const Case cases[] = {
      {"f'{}'", "1:4: f-string: valid expression required before '}'"},
      {"f'{ !r}'", "1:5: f-string: valid expression required before '!'"},
      {"f'{x!z}'", "1:6: f-string: invalid conversion character 'z': "
                   "expected 's', 'r', or 'a'"},
      {"f'{x!}'", "1:5: f-string: missing conversion character"},
      {"f'{x'", "1:3: f-string: expecting '}'"},
      {"f'{x!r x}'", "1:7: f-string: expecting '}'"},
      {"f'{x:{y'", "1:6: f-string: expecting '}'"},
      {"f'}'", "1:3: f-string: single '}' is not allowed"},
      {"f'{x)}'", "1:5: f-string: unmatched ')'"},
      {"f'{x:{y:{z}}}'", "1:9: f-string: expressions nested too deeply"},
      {"f'{a\\n}'", "1:5: f-string expression part cannot include a "
                    "backslash"},
      {"f'{a # c}'", "1:6: f-string expression part cannot include '#'"},
      {"f'{\"abc}'", "1:4: f-string: unterminated string"},
  };
  for (const Case &c : cases) {
    INFO(c.text);
    LexerFixture fresh;
    CHECK(fresh.errorOf(c.text) == c.error);
  }
}

//===----------------------------------------------------------------------===//
// Lexical errors
//===----------------------------------------------------------------------===//

TEST_CASE_METHOD(LexerFixture, "Lexical errors are reported where they are",
                 "[lexer][errors]") {
  struct Case {
    std::string text;
    const char *error;
  };
  const Case cases[] = {
      {"a $ b", "1:3: invalid syntax"},
      {"a ! b", "1:3: invalid syntax"},
      {"a ?", "1:3: invalid syntax"},
      {"a\x01", "1:2: invalid non-printable character U+0001"},
      {std::string("x = 1\0", 6), "1:6: source code cannot contain null "
                                  "bytes"},
      {"x\n# \xff\n", "2:3: invalid UTF-8 byte 0xff"},
      {"\xC3\xA9 = 1", "1:1: invalid character '\xC3\xA9' (U+00E9)"},
      {"x = \xED\xA0\x80", "1:5: invalid UTF-8 byte 0xed"},
      {"x = 1)", "1:6: unmatched ')'"},
      {"x = (]", "1:6: closing parenthesis ']' does not match opening "
                 "parenthesis '('"},
      {"x = (\n]", "2:1: closing parenthesis ']' does not match opening "
                   "parenthesis '(' on line 1"},
      {"f(a, [1,\n", "1:6: '[' was never closed"},
      {"if a:\n    b\n  c\n", "3:3: unindent does not match any outer "
                              "indentation level"},
      {"if a:\n        b\n\tc\n", "3:2: inconsistent use of tabs and spaces "
                                  "in indentation"},
      {"if a:\n  \tb\n\tc\n", "3:2: inconsistent use of tabs and spaces in "
                              "indentation"},
      {"if a:\n\tif b:\n\t\tc\n        d\n", "4:9: inconsistent use of tabs "
                                             "and spaces in indentation"},
      {"a \\ b", "1:3: unexpected character after line continuation "
                 "character"},
      {"a \\", "1:3: unexpected EOF while parsing"},
  };
  for (const Case &c : cases) {
    INFO(c.text);
    LexerFixture fresh;
    CHECK(fresh.errorOf(c.text) == c.error);
  }
}

TEST_CASE("Indentation is limited to 100 levels", "[lexer][errors]") {
  std::string text;
  for (unsigned level = 0; level <= Lexer::kMaxIndentLevels; ++level)
    text += std::string(level, ' ') + "x\n";
  LexerFixture deepest;
  deepest.lex(text);
  CHECK_FALSE(deepest.diags.hasErrors());

  text += std::string(Lexer::kMaxIndentLevels + 1, ' ') + "x\n";
  LexerFixture tooDeep;
  CHECK(tooDeep.errorOf(text) == "102:102: too many levels of indentation");
}

TEST_CASE_METHOD(LexerFixture, "After an error the lexer only ends",
                 "[lexer][errors]") {
  CHECK(describe("a $ b c\nd\n") == "a ERROR EOF");
  fileId = sm.addBuffer("again.py", "$");
  Lexer lexer(sm, fileId, diags);
  CHECK(lexer.next().kind == TokenKind::Error);
  CHECK(lexer.next().kind == TokenKind::EndOfFile);
  CHECK(lexer.next().kind == TokenKind::EndOfFile);
}
