//===- ParserTest.cpp - Tests of the parser and the AST -------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "gluonc/Frontend/Parser.h"

#include <catch2/catch.hpp>

#include <random>
#include <sstream>

using namespace gluonc;

namespace {

class ParserFixture {
public:
  std::unique_ptr<Module> parse(std::string text) {
    fileId = sm.addBuffer("t.py", std::move(text));
    return parseModule(sm, fileId, diags);
  }

  /// The statements of a module that must parse, one dump per line.
  std::string stmts(std::string text, bool withLocations = false) {
    std::unique_ptr<Module> module = parse(std::move(text));
    INFO(rendered());
    REQUIRE(module);
    CHECK(diags.errorCount() == 0);
    std::ostringstream os;
    for (const StmtPtr &stmt : module->body)
      dumpAST(*stmt, os, withLocations);
    return os.str();
  }

  /// The dump of an expression that must parse.
  std::string expr(std::string text, bool withLocations = false) {
    fileId = sm.addBuffer("<expr>", std::move(text));
    std::unique_ptr<Expr> expr = parseExpression(sm, fileId, diags);
    INFO(rendered());
    REQUIRE(expr);
    CHECK(diags.errorCount() == 0);
    std::ostringstream os;
    dumpAST(*expr, os, withLocations);
    return os.str();
  }

  /// The only error of a module that must not parse, as "line:col: message".
  std::string errorOf(std::string text) {
    std::unique_ptr<Module> module = parse(std::move(text));
    CHECK_FALSE(module);
    CHECK(diags.errorCount() == 1);
    return firstError();
  }

  /// The only error of an expression that must not parse.
  std::string exprErrorOf(std::string text) {
    fileId = sm.addBuffer("<expr>", std::move(text));
    CHECK_FALSE(parseExpression(sm, fileId, diags));
    CHECK(diags.errorCount() == 1);
    return firstError();
  }

  std::string firstError() const {
    for (const Diagnostic &diagnostic : diags.getDiagnostics())
      if (diagnostic.severity == Severity::Error)
        return std::to_string(diagnostic.loc.line) + ":" +
               std::to_string(diagnostic.loc.col) + ": " + diagnostic.message;
    return "";
  }

  std::string rendered() const {
    std::ostringstream os;
    diags.renderAll(os);
    return os.str();
  }

  SourceManager sm;
  DiagnosticEngine diags{sm};
  uint32_t fileId = 0;
};

struct Case {
  const char *text;
  const char *expected;
};

} // namespace

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

TEST_CASE("Operator precedence and associativity", "[parser][precedence]") {
  const Case cases[] = {
      {"a + b * c", "(BinOp + (Name a) (BinOp * (Name b) (Name c)))"},
      {"a * b + c", "(BinOp + (BinOp * (Name a) (Name b)) (Name c))"},
      {"a - b - c", "(BinOp - (BinOp - (Name a) (Name b)) (Name c))"},
      {"a ** b ** c", "(BinOp ** (Name a) (BinOp ** (Name b) (Name c)))"},
      {"-2 ** 2", "(UnaryOp - (BinOp ** (Int 2) (Int 2)))"},
      {"2 ** -1", "(BinOp ** (Int 2) (UnaryOp - (Int 1)))"},
      {"-a ** -b", "(UnaryOp - (BinOp ** (Name a) (UnaryOp - (Name b))))"},
      {"~a ** b", "(UnaryOp ~ (BinOp ** (Name a) (Name b)))"},
      {"-+~a", "(UnaryOp - (UnaryOp + (UnaryOp ~ (Name a))))"},
      {"-a.b[c](d)",
       "(UnaryOp - (Call (Subscript (Attribute (Name a) b) (Name c)) "
       "(Name d)))"},
      {"a // b % c @ d / e * f",
       "(BinOp * (BinOp / (BinOp @ (BinOp % (BinOp // (Name a) (Name b)) "
       "(Name c)) (Name d)) (Name e)) (Name f))"},
      {"a << b + c >> d",
       "(BinOp >> (BinOp << (Name a) (BinOp + (Name b) (Name c))) (Name d))"},
      {"a | b ^ c & d << e",
       "(BinOp | (Name a) (BinOp ^ (Name b) (BinOp & (Name c) (BinOp << "
       "(Name d) (Name e)))))"},
      {"a & b | c", "(BinOp | (BinOp & (Name a) (Name b)) (Name c))"},
      {"a < b | c", "(Compare (Name a) < (BinOp | (Name b) (Name c)))"},
      {"a < b <= c", "(Compare (Name a) < (Name b) <= (Name c))"},
      {"a == b != c > d >= e",
       "(Compare (Name a) == (Name b) != (Name c) > (Name d) >= (Name e))"},
      {"a is not b is c", "(Compare (Name a) is not (Name b) is (Name c))"},
      {"a not in b in c", "(Compare (Name a) not in (Name b) in (Name c))"},
      {"not a < b", "(UnaryOp not (Compare (Name a) < (Name b)))"},
      {"not not a", "(UnaryOp not (UnaryOp not (Name a)))"},
      {"a and not b or c",
       "(BoolOp or (BoolOp and (Name a) (UnaryOp not (Name b))) (Name c))"},
      {"a or b and c", "(BoolOp or (Name a) (BoolOp and (Name b) (Name c)))"},
      {"a or b or c", "(BoolOp or (Name a) (Name b) (Name c))"},
      {"a and b and c", "(BoolOp and (Name a) (Name b) (Name c))"},
      {"a if b or c else d if e else f",
       "(IfExp (BoolOp or (Name b) (Name c)) (Name a) (IfExp (Name e) "
       "(Name d) (Name f)))"},
      {"lambda: a if b else c",
       "(Lambda (params) (IfExp (Name b) (Name a) (Name c)))"},
      {"lambda x: lambda y: x + y",
       "(Lambda (params (param x)) (Lambda (params (param y)) (BinOp + "
       "(Name x) (Name y))))"},
      {"(a + b) * c", "(BinOp * (BinOp + (Name a) (Name b)) (Name c))"},
      {"a, b if c else d",
       "(Tuple (Name a) (IfExp (Name c) (Name b) (Name d)))"},
  };
  for (const Case &c : cases) {
    INFO(c.text);
    ParserFixture fixture;
    CHECK(fixture.expr(c.text) == c.expected);
  }
}

TEST_CASE("Literals", "[parser][atoms]") {
  const Case cases[] = {
      {"42", "(Int 42)"},
      {"0x2A", "(Int 42)"},
      {"123456789012345678901234567890",
       "(Int 123456789012345678901234567890)"},
      {"0xFFFFFFFFFFFFFFFFFF", "(Int 0xffffffffffffffffff)"},
      {"1.5", "(Float 1.5)"},
      {"2.", "(Float 2.0)"},
      {"1e400", "(Float inf)"},
      {"True, False, None, ...",
       "(Tuple (Const True) (Const False) (Const None) (Const ...))"},
      {"'a' \"b\" '''c'''", "(Str \"abc\")"},
      {"'tab\\t' r'\\t'", "(Str \"tab\\t\\\\t\")"},
      {"b'\\x00\\xff' b'z'", "(Bytes \"\\x00\\xffz\")"},
      {"''", "(Str \"\")"},
  };
  for (const Case &c : cases) {
    INFO(c.text);
    ParserFixture fixture;
    CHECK(fixture.expr(c.text) == c.expected);
  }
}

TEST_CASE("Displays and comprehensions", "[parser][atoms]") {
  const Case cases[] = {
      {"()", "(Tuple)"},
      {"(a)", "(Name a)"},
      {"(a,)", "(Tuple (Name a))"},
      {"(*a, b,)", "(Tuple (Starred (Name a)) (Name b))"},
      {"[]", "(List)"},
      {"[1, *a, 2,]", "(List (Int 1) (Starred (Name a)) (Int 2))"},
      {"{}", "(Dict)"},
      {"{1: 2, **d, 3: 4}",
       "(Dict ((Int 1) (Int 2)) (** (Name d)) ((Int 3) (Int 4)))"},
      {"{**d}", "(Dict (** (Name d)))"},
      {"{1, *s}", "(Set (Int 1) (Starred (Name s)))"},
      {"[x * 2 for x in range(n) if x if x > 1 for y in x]",
       "(ListComp (BinOp * (Name x) (Int 2)) (for (Name x) (Call (Name "
       "range) (Name n)) (if (Name x)) (if (Compare (Name x) > (Int 1)))) "
       "(for (Name y) (Name x)))"},
      {"[a if b else c for a, *b in d]",
       "(ListComp (IfExp (Name b) (Name a) (Name c)) (for (Tuple (Name a) "
       "(Starred (Name b))) (Name d)))"},
      {"{k: v for k, v in d.items()}",
       "(DictComp (Name k) (Name v) (for (Tuple (Name k) (Name v)) (Call "
       "(Attribute (Name d) items))))"},
      {"{x for x in s}", "(SetComp (Name x) (for (Name x) (Name s)))"},
      {"(x for x in s)", "(GeneratorExp (Name x) (for (Name x) (Name s)))"},
      {"(y := f(x))", "(NamedExpr (Name y) (Call (Name f) (Name x)))"},
      {"[y := 1, 2]", "(List (NamedExpr (Name y) (Int 1)) (Int 2))"},
  };
  for (const Case &c : cases) {
    INFO(c.text);
    ParserFixture fixture;
    CHECK(fixture.expr(c.text) == c.expected);
  }
}

TEST_CASE("Attributes, calls and subscripts", "[parser][primary]") {
  const Case cases[] = {
      {"f()", "(Call (Name f))"},
      {"f(a, *b, c=1, **d)",
       "(Call (Name f) (Name a) (Starred (Name b)) (kw c (Int 1)) (kw ** "
       "(Name d)))"},
      {"f(a=1, *b)", "(Call (Name f) (Starred (Name b)) (kw a (Int 1)))"},
      {"f(x for x in y)",
       "(Call (Name f) (GeneratorExp (Name x) (for (Name x) (Name y))))"},
      {"f(a,)(b)[c].d",
       "(Attribute (Subscript (Call (Call (Name f) (Name a)) (Name b)) "
       "(Name c)) d)"},
      {"f(key=lambda t: t[0])",
       "(Call (Name f) (kw key (Lambda (params (param t)) (Subscript (Name "
       "t) (Int 0)))))"},
      {"gl.arange(0, BLOCK, layout=layout)",
       "(Call (Attribute (Name gl) arange) (Int 0) (Name BLOCK) (kw layout "
       "(Name layout)))"},
      {"x[:, None]", "(Subscript (Name x) (Tuple (Slice _ _ _) (Const None)))"},
      {"x[None, :]", "(Subscript (Name x) (Tuple (Const None) (Slice _ _ _)))"},
      {"x[1:2]", "(Subscript (Name x) (Slice (Int 1) (Int 2) _))"},
      {"x[::2]", "(Subscript (Name x) (Slice _ _ (Int 2)))"},
      {"x[a:b:c]", "(Subscript (Name x) (Slice (Name a) (Name b) (Name c)))"},
      {"x[a:]", "(Subscript (Name x) (Slice (Name a) _ _))"},
      {"x[:b, c]",
       "(Subscript (Name x) (Tuple (Slice _ (Name b) _) (Name c)))"},
      {"x[a,]", "(Subscript (Name x) (Tuple (Name a)))"},
      {"x[*a]", "(Subscript (Name x) (Starred (Name a)))"},
      {"x[...]", "(Subscript (Name x) (Const ...))"},
      {"x[i][j]", "(Subscript (Subscript (Name x) (Name i)) (Name j))"},
  };
  for (const Case &c : cases) {
    INFO(c.text);
    ParserFixture fixture;
    CHECK(fixture.expr(c.text) == c.expected);
  }
}

TEST_CASE_METHOD(ParserFixture, "F-strings parse their fields in place",
                 "[parser][fstrings]") {
  CHECK(expr("f\"a{b + c!r:{w}x}\" 'tail' f'{d=}'", true) ==
        "(FString@1:1 \"a\" (Field@1:4 (BinOp@1:5 + (Name@1:5 b) "
        "(Name@1:9 c)) !r (FString@1:13 (Field@1:13 (Name@1:14 w)) \"x\")) "
        "\"taild=\" (Field@1:29 (Name@1:30 d) !r))");
}

TEST_CASE_METHOD(ParserFixture, "F-string fields keep their file locations",
                 "[parser][fstrings]") {
  CHECK(stmts("x = f'''\n{\n  y}'''\n", true) ==
        "(Assign@1:1 (Name@1:1 x) = (FString@1:5 \"\\n\" (Field@2:1 "
        "(Name@3:3 y))))\n");
}

TEST_CASE_METHOD(ParserFixture, "F-string parts are plain data",
                 "[parser][fstrings]") {
  std::unique_ptr<Module> module = parse("f'{x:>{w}}'\n");
  REQUIRE(module);
  const auto *stmt = cast<ExprStmt>(module->body[0].get());
  const auto *fstring = cast<FStringExpr>(stmt->value.get());
  REQUIRE(fstring->parts.size() == 1);
  const FStringPart &field = fstring->parts[0];
  CHECK_FALSE(field.isLiteral());
  CHECK(isa<NameExpr>(field.value.get()));
  CHECK(field.conversion == 0);
  REQUIRE(field.formatSpec);
  REQUIRE(field.formatSpec->parts.size() == 2);
  CHECK(field.formatSpec->parts[0].literal == ">");
  CHECK(cast<NameExpr>(field.formatSpec->parts[1].value.get())->id == "w");
}

TEST_CASE("Expression errors", "[parser][errors]") {
  const Case cases[] = {
      {"", "1:1: expected an expression"},
      {"1 +", "1:4: expected an expression"},
      {"1 2", "1:3: invalid syntax"},
      {"f(a b)", "1:5: invalid syntax. Perhaps you forgot a comma?"},
      {"[1 2]", "1:4: invalid syntax. Perhaps you forgot a comma?"},
      {"x[a b]", "1:5: invalid syntax. Perhaps you forgot a comma?"},
      {"(a b)", "1:4: invalid syntax. Perhaps you forgot a comma?"},
      {"f(a:)", "1:4: invalid syntax"},
      {"a if b", "1:7: expected 'else' after 'if' expression"},
      {"x.1", "1:2: invalid syntax"},
      {"x.", "1:3: invalid syntax"},
      {"x[]", "1:3: invalid syntax"},
      {"*a", "1:1: can't use starred expression here"},
      {"(*a)", "1:2: cannot use starred expression here"},
      {"(x.y := 1)", "1:2: cannot use assignment expressions with attribute"},
      {"f(a=1, a=2)", "1:8: keyword argument repeated: a"},
      {"f(a=1, b)", "1:8: positional argument follows keyword argument"},
      {"f(**k, b)",
       "1:8: positional argument follows keyword argument unpacking"},
      {"f(**k, *a)",
       "1:8: iterable argument unpacking follows keyword argument "
       "unpacking"},
      {"f(x for x in y, 1)", "1:3: Generator expression must be "
                             "parenthesized"},
      {"f(1, x for x in y)", "1:6: Generator expression must be "
                             "parenthesized"},
      {"f(a.b=1)", "1:3: expression cannot contain assignment, perhaps you "
                   "meant \"==\"?"},
      {"[x for 1 in y]", "1:8: cannot assign to literal"},
      {"[x for x y]", "1:10: expected 'in'"},
      {"{1: 2, 3}", "1:9: expected ':'"},
      {"b'a' 'b'", "1:6: cannot mix bytes and nonbytes literals"},
      {"f'{a b}'", "1:6: f-string: expecting '}'"},
      {"f'{a + }'", "1:8: expected an expression"},
      {"f'{(}'", "1:3: f-string: expecting '}'"},
      {"f'{a(b c)}'", "1:8: invalid syntax. Perhaps you forgot a comma?"},
      {"lambda x, x: 1", "1:11: duplicate argument 'x' in function "
                         "definition"},
      {"lambda x: (yield)", "1:12: not supported yet: 'yield' (generators)"},
      {"await x", "1:1: not supported yet: 'await' expressions"},
  };
  for (const Case &c : cases) {
    INFO(c.text);
    ParserFixture fixture;
    CHECK(fixture.exprErrorOf(c.text) == c.expected);
  }
}

TEST_CASE_METHOD(ParserFixture, "Command-line expressions",
                 "[parser][expression]") {
  uint32_t id = sm.addBuffer("<-D BLOCK>", "128");
  std::unique_ptr<Expr> value = parseExpression(sm, id, diags);
  REQUIRE(value);
  const auto *literal = dyn_cast<IntLiteralExpr>(value.get());
  REQUIRE(literal);
  CHECK(literal->value.value == 128);
  CHECK(literal->loc == SourceLoc{id, 1, 1});

  CHECK(expr(" (1, 2)") == "(Tuple (Int 1) (Int 2))");
  CHECK(expr("gl.float16") == "(Attribute (Name gl) float16)");
  CHECK(expr("1 +\n2") == "(BinOp + (Int 1) (Int 2))");

  uint32_t bad = sm.addBuffer("<-D N>", "1 2");
  CHECK_FALSE(parseExpression(sm, bad, diags));
  CHECK(rendered() == "<-D N>:1:3: error: invalid syntax\n"
                      "1 2\n"
                      "  ^\n");
}

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

TEST_CASE_METHOD(ParserFixture, "Assignments", "[parser][statements]") {
  CHECK(stmts("a = b = 1\n"
              "a, *b = c\n"
              "[a, (b, c)] = d\n"
              "x.y[0] = 1,\n"
              "x: gl.constexpr = 4\n"
              "y: int\n"
              "z.w: int = 1, 2\n"
              "n += 1\n"
              "m //= 2; m **= 3; m @= k; m >>= 1; m ^= 1\n") ==
        "(Assign (Name a) (Name b) = (Int 1))\n"
        "(Assign (Tuple (Name a) (Starred (Name b))) = (Name c))\n"
        "(Assign (List (Name a) (Tuple (Name b) (Name c))) = (Name d))\n"
        "(Assign (Subscript (Attribute (Name x) y) (Int 0)) = (Tuple (Int "
        "1)))\n"
        "(AnnAssign (Name x) : (Attribute (Name gl) constexpr) = (Int 4))\n"
        "(AnnAssign (Name y) : (Name int))\n"
        "(AnnAssign (Attribute (Name z) w) : (Name int) = (Tuple (Int 1) "
        "(Int 2)))\n"
        "(AugAssign (Name n) += (Int 1))\n"
        "(AugAssign (Name m) //= (Int 2))\n"
        "(AugAssign (Name m) **= (Int 3))\n"
        "(AugAssign (Name m) @= (Name k))\n"
        "(AugAssign (Name m) >>= (Int 1))\n"
        "(AugAssign (Name m) ^= (Int 1))\n");
}

TEST_CASE_METHOD(ParserFixture, "Simple statements", "[parser][statements]") {
  CHECK(stmts("import a.b as c, d\n"
              "from . import x\n"
              "from ..a.b import (c as d, e,)\n"
              "from ...m import *\n"
              "from .... import y\n"
              "assert x, 'msg'\n"
              "assert y\n"
              "raise E from e\n"
              "raise\n"
              "del a, b[0], c.d\n"
              "global g, h\n"
              "nonlocal n\n"
              "pass\n"
              "f(x)\n"
              "'docstring'\n") ==
        "(Import (alias a.b as c) (alias d))\n"
        "(ImportFrom . (alias x))\n"
        "(ImportFrom ..a.b (alias c as d) (alias e))\n"
        "(ImportFrom ...m (alias *))\n"
        "(ImportFrom .... (alias y))\n"
        "(Assert (Name x) (Str \"msg\"))\n"
        "(Assert (Name y))\n"
        "(Raise (Name E) from (Name e))\n"
        "(Raise)\n"
        "(Delete (Name a) (Subscript (Name b) (Int 0)) (Attribute (Name c) "
        "d))\n"
        "(Global g h)\n"
        "(Nonlocal n)\n"
        "(Pass)\n"
        "(Expr (Call (Name f) (Name x)))\n"
        "(Expr (Str \"docstring\"))\n");
}

TEST_CASE_METHOD(ParserFixture, "Function definitions",
                 "[parser][statements]") {
  CHECK(stmts("@gluon.jit(do_not_specialize=['n'])\n"
              "@dec\n"
              "def f(a, b: int = 1, /, c=2, *args: int, d, e=3, **kw) -> "
              "None:\n"
              "    \"\"\"Doc.\"\"\"\n"
              "    return\n"
              "def g(*, k): return k, 1\n"
              "def h(): pass\n") ==
        "(FunctionDef f\n"
        "  (decorators (Call (Attribute (Name gluon) jit) (kw "
        "do_not_specialize (List (Str \"n\")))) (Name dec))\n"
        "  (params (posonly a) (posonly b : (Name int) = (Int 1)) (param c = "
        "(Int 2)) (vararg args : (Name int)) (kwonly d) (kwonly e = (Int 3)) "
        "(kwarg kw))\n"
        "  (returns (Const None))\n"
        "  (body\n"
        "    (Expr (Str \"Doc.\"))\n"
        "    (Return)))\n"
        "(FunctionDef g\n"
        "  (params (kwonly k))\n"
        "  (body\n"
        "    (Return (Tuple (Name k) (Int 1)))))\n"
        "(FunctionDef h\n"
        "  (params)\n"
        "  (body\n"
        "    (Pass)))\n");
}

TEST_CASE_METHOD(ParserFixture, "Control flow", "[parser][statements]") {
  CHECK(stmts("for i in range(10):\n"
              "    if i:\n"
              "        continue\n"
              "    elif j:\n"
              "        break\n"
              "    else:\n"
              "        pass\n"
              "else:\n"
              "    pass\n"
              "while (n := n - 1) > 0:\n"
              "    for a, b in pairs: break\n"
              "else: pass\n"
              "for x, in y: pass\n") ==
        "(For (Name i) (Call (Name range) (Int 10))\n"
        "  (body\n"
        "    (If (Name i)\n"
        "      (body\n"
        "        (Continue))\n"
        "      (orelse\n"
        "        (If (Name j)\n"
        "          (body\n"
        "            (Break))\n"
        "          (orelse\n"
        "            (Pass))))))\n"
        "  (orelse\n"
        "    (Pass)))\n"
        "(While (Compare (NamedExpr (Name n) (BinOp - (Name n) (Int 1))) > "
        "(Int 0))\n"
        "  (body\n"
        "    (For (Tuple (Name a) (Name b)) (Name pairs)\n"
        "      (body\n"
        "        (Break))))\n"
        "  (orelse\n"
        "    (Pass)))\n"
        "(For (Tuple (Name x)) (Name y)\n"
        "  (body\n"
        "    (Pass)))\n");
}

TEST_CASE_METHOD(ParserFixture, "With statements", "[parser][statements]") {
  CHECK(stmts("with a as b, c:\n"
              "    pass\n"
              "with (a as b, c as d,):\n"
              "    pass\n"
              "with (a, b) as (c, d):\n"
              "    pass\n"
              "with (a).b: pass\n"
              "with (): pass\n") ==
        "(With (item (Name a) as (Name b)) (item (Name c))\n"
        "  (body\n"
        "    (Pass)))\n"
        "(With (item (Name a) as (Name b)) (item (Name c) as (Name d))\n"
        "  (body\n"
        "    (Pass)))\n"
        "(With (item (Tuple (Name a) (Name b)) as (Tuple (Name c) (Name d)))\n"
        "  (body\n"
        "    (Pass)))\n"
        "(With (item (Attribute (Name a) b))\n"
        "  (body\n"
        "    (Pass)))\n"
        "(With (item (Tuple))\n"
        "  (body\n"
        "    (Pass)))\n");
}

TEST_CASE_METHOD(ParserFixture, "Try and class statements",
                 "[parser][statements]") {
  CHECK(stmts("try:\n"
              "    pass\n"
              "except E as e:\n"
              "    pass\n"
              "except (A, B):\n"
              "    pass\n"
              "except:\n"
              "    pass\n"
              "else:\n"
              "    pass\n"
              "finally:\n"
              "    pass\n"
              "try: x\n"
              "finally: y\n"
              "@dataclass\n"
              "class A(B, metaclass=M):\n"
              "    x = 1\n"
              "    def f(self):\n"
              "        return self.x\n"
              "class C: pass\n") ==
        "(Try\n"
        "  (body\n"
        "    (Pass))\n"
        "  (except (Name E) as e\n"
        "    (body\n"
        "      (Pass)))\n"
        "  (except (Tuple (Name A) (Name B))\n"
        "    (body\n"
        "      (Pass)))\n"
        "  (except\n"
        "    (body\n"
        "      (Pass)))\n"
        "  (orelse\n"
        "    (Pass))\n"
        "  (finally\n"
        "    (Pass)))\n"
        "(Try\n"
        "  (body\n"
        "    (Expr (Name x)))\n"
        "  (finally\n"
        "    (Expr (Name y))))\n"
        "(ClassDef A\n"
        "  (decorators (Name dataclass))\n"
        "  (bases (Name B) (kw metaclass (Name M)))\n"
        "  (body\n"
        "    (Assign (Name x) = (Int 1))\n"
        "    (FunctionDef f\n"
        "      (params (param self))\n"
        "      (body\n"
        "        (Return (Attribute (Name self) x))))))\n"
        "(ClassDef C\n"
        "  (body\n"
        "    (Pass)))\n");
}

TEST_CASE_METHOD(ParserFixture, "Layout: semicolons, comments, continuations",
                 "[parser][statements]") {
  CHECK(stmts("# leading comment\n"
              "\n"
              "if a:  # comment\n"
              "\n"
              "        # odd comment\n"
              "    x = (1 +\n"
              "  2)\n"
              "    y = 1 + \\\n"
              "        2; z = 3;\n"
              "w = [\n"
              "    1,\n"
              "]") == "(If (Name a)\n"
                      "  (body\n"
                      "    (Assign (Name x) = (BinOp + (Int 1) (Int 2)))\n"
                      "    (Assign (Name y) = (BinOp + (Int 1) (Int 2)))\n"
                      "    (Assign (Name z) = (Int 3))))\n"
                      "(Assign (Name w) = (List (Int 1)))\n");
}

TEST_CASE_METHOD(ParserFixture, "An empty module has no statements",
                 "[parser][statements]") {
  std::unique_ptr<Module> module = parse("\n# only a comment\n\n");
  REQUIRE(module);
  CHECK(module->body.empty());
  CHECK(module->fileId == fileId);
}

TEST_CASE_METHOD(ParserFixture, "The vector-add kernel",
                 "[parser][statements]") {
  const char *kernel =
      "from triton.experimental import gluon\n"
      "from triton.experimental.gluon import language as gl\n"
      "\n"
      "\n"
      "@gluon.jit\n"
      "def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: gl.constexpr):\n"
      "    \"\"\"Adds two vectors.\"\"\"\n"
      "    layout: gl.constexpr = gl.BlockedLayout([4], [32], [4], [0])\n"
      "    pid = gl.program_id(0)\n"
      "    offs = pid * BLOCK + gl.arange(0, BLOCK, layout=layout)\n"
      "    mask = offs < n\n"
      "    x = gl.load(x_ptr + offs, mask=mask)\n"
      "    y = gl.load(y_ptr + offs, mask=mask)\n"
      "    gl.store(out_ptr + offs, x + y, mask=mask)\n";
  std::unique_ptr<Module> module = parse(kernel);
  INFO(rendered());
  REQUIRE(module);
  std::ostringstream os;
  dumpAST(*module, os);
  CHECK(os.str() ==
        "(Module\n"
        "  (ImportFrom@1:1 triton.experimental (alias gluon))\n"
        "  (ImportFrom@2:1 triton.experimental.gluon (alias language as gl))\n"
        "  (FunctionDef@6:1 add_kernel\n"
        "    (decorators (Attribute@5:2 (Name@5:2 gluon) jit))\n"
        "    (params (param@6:16 x_ptr) (param@6:23 y_ptr) (param@6:30 "
        "out_ptr) (param@6:39 n) (param@6:42 BLOCK : (Attribute@6:49 "
        "(Name@6:49 gl) constexpr)))\n"
        "    (body\n"
        "      (Expr@7:5 (Str@7:5 \"Adds two vectors.\"))\n"
        "      (AnnAssign@8:5 (Name@8:5 layout) : (Attribute@8:13 (Name@8:13 "
        "gl) constexpr) = (Call@8:28 (Attribute@8:28 (Name@8:28 gl) "
        "BlockedLayout) (List@8:45 (Int@8:46 4)) (List@8:50 (Int@8:51 32)) "
        "(List@8:56 (Int@8:57 4)) (List@8:61 (Int@8:62 0))))\n"
        "      (Assign@9:5 (Name@9:5 pid) = (Call@9:11 (Attribute@9:11 "
        "(Name@9:11 gl) program_id) (Int@9:25 0)))\n"
        "      (Assign@10:5 (Name@10:5 offs) = (BinOp@10:12 + (BinOp@10:12 * "
        "(Name@10:12 pid) (Name@10:18 BLOCK)) (Call@10:26 (Attribute@10:26 "
        "(Name@10:26 gl) arange) (Int@10:36 0) (Name@10:39 BLOCK) "
        "(kw@10:46 layout (Name@10:53 layout)))))\n"
        "      (Assign@11:5 (Name@11:5 mask) = (Compare@11:12 (Name@11:12 "
        "offs) < (Name@11:19 n)))\n"
        "      (Assign@12:5 (Name@12:5 x) = (Call@12:9 (Attribute@12:9 "
        "(Name@12:9 gl) load) (BinOp@12:17 + (Name@12:17 x_ptr) "
        "(Name@12:25 offs)) (kw@12:31 mask (Name@12:36 mask))))\n"
        "      (Assign@13:5 (Name@13:5 y) = (Call@13:9 (Attribute@13:9 "
        "(Name@13:9 gl) load) (BinOp@13:17 + (Name@13:17 y_ptr) "
        "(Name@13:25 offs)) (kw@13:31 mask (Name@13:36 mask))))\n"
        "      (Expr@14:5 (Call@14:5 (Attribute@14:5 (Name@14:5 gl) store) "
        "(BinOp@14:14 + (Name@14:14 out_ptr) (Name@14:24 offs)) "
        "(BinOp@14:30 + (Name@14:30 x) (Name@14:34 y)) (kw@14:37 mask "
        "(Name@14:42 mask)))))))\n");

  const auto *def = cast<FunctionDefStmt>(module->body[2].get());
  CHECK(def->nameLoc == SourceLoc{fileId, 6, 5});
  CHECK(def->params.params.size() == 5);
  // The docstring stays the first statement.
  const auto *doc = dyn_cast<ExprStmt>(def->body[0].get());
  REQUIRE(doc);
  CHECK(cast<StringLiteralExpr>(doc->value.get())->value ==
        "Adds two vectors.");
}

TEST_CASE_METHOD(ParserFixture, "Nodes know their extent",
                 "[parser][locations]") {
  std::unique_ptr<Module> module = parse("x = foo(a, b) + 1\n"
                                         "def f():\n"
                                         "    return 1\n"
                                         "\n"
                                         "y = 2\n");
  REQUIRE(module);
  const auto *assign = cast<AssignStmt>(module->body[0].get());
  CHECK(assign->length == 17);
  const auto *sum = cast<BinOpExpr>(assign->value.get());
  CHECK(sum->loc == SourceLoc{fileId, 1, 5});
  CHECK(sum->length == 13);
  CHECK(sum->opLoc == SourceLoc{fileId, 1, 15});
  CHECK(sum->lhs->length == 9);
  CHECK(cast<CallExpr>(sum->lhs.get())->args[1]->loc ==
        SourceLoc{fileId, 1, 12});
  // A block ends with its last token, not with the dedent that closes it.
  const Stmt &def = *module->body[1];
  CHECK(def.getRange().begin == SourceLoc{fileId, 2, 1});
  CHECK(def.length == std::string("def f():\n    return 1").size());
}

TEST_CASE_METHOD(ParserFixture, "isa, dyn_cast and cast", "[parser][casting]") {
  std::unique_ptr<Module> module = parse("x = 1\n");
  REQUIRE(module);
  const Stmt *stmt = module->body[0].get();
  CHECK(isa<AssignStmt>(stmt));
  CHECK(isa<Stmt>(stmt));
  CHECK_FALSE(isa<Expr>(stmt));
  CHECK_FALSE(isa<ExprStmt>(*stmt));
  CHECK(dyn_cast<ExprStmt>(stmt) == nullptr);
  const AssignStmt *assign = dyn_cast<AssignStmt>(stmt);
  REQUIRE(assign);
  Expr *target = assign->targets[0].get();
  NameExpr *name = dyn_cast<NameExpr>(target);
  REQUIRE(name);
  CHECK(name->id == "x");
  CHECK(cast<IntLiteralExpr>(assign->value.get())->value.value == 1);
  CHECK(dyn_cast<CallExpr>(target) == nullptr);
  CHECK(dyn_cast<NameExpr>(static_cast<Expr *>(nullptr)) == nullptr);
  CHECK(NameExpr::Kind == NodeKind::Name);
}

//===----------------------------------------------------------------------===//
// Statement errors
//===----------------------------------------------------------------------===//

TEST_CASE("Syntax errors are reported like Python's", "[parser][errors]") {
  const Case cases[] = {
      {"if x\n  pass\n", "1:5: expected ':'"},
      {"while x\n  pass\n", "1:8: expected ':'"},
      {"class A\n", "1:8: expected ':'"},
      {"def f\n", "1:6: expected '('"},
      {"def f(:): pass\n", "1:7: invalid syntax"},
      {"def f(:\n", "1:6: '(' was never closed"},
      {"x = [1,\nwhile y: pass\n", "1:5: '[' was never closed"},
      {"def f(a b): pass\n", "1:9: invalid syntax. Perhaps you forgot a "
                             "comma?"},
      {"def (): pass\n", "1:5: invalid syntax"},
      {"if x:\npass\n", "2:1: expected an indented block after 'if' "
                        "statement on line 1"},
      {"if x:\n  pass\nelif y:\nz\n", "4:1: expected an indented block "
                                      "after 'elif' statement on line 3"},
      {"if x: pass\nelse:\n", "3:1: expected an indented block after "
                              "'else' statement on line 2"},
      {"def f():\n", "2:1: expected an indented block after function "
                     "definition on line 1"},
      {"class A:\nx\n", "2:1: expected an indented block after class "
                        "definition on line 1"},
      {"for x in y:\nx\n", "2:1: expected an indented block after 'for' "
                           "statement on line 1"},
      {"while x:\n\n# c\nx\n", "4:1: expected an indented block after "
                               "'while' statement on line 1"},
      {"with x:\nx\n", "2:1: expected an indented block after 'with' "
                       "statement on line 1"},
      {"try:\nx\n", "2:1: expected an indented block after 'try' statement "
                    "on line 1"},
      {"x = 1\n  y = 2\n", "2:3: unexpected indent"},
      {"@dec\n  def f(): pass\n", "2:3: unexpected indent"},
      {"@dec\nx = 1\n", "2:1: invalid syntax"},
      {"else:\n  pass\n", "1:1: invalid syntax"},
      {"x = 1 +\n", "1:8: invalid syntax"},
      {"x = 1 y = 2\n", "1:7: invalid syntax"},
      {"x := 1\n", "1:3: invalid syntax"},
      {"print 'hello'\n", "1:7: invalid syntax"},
      {"for x y: pass\n", "1:7: expected 'in'"},
      {"import\n", "1:7: invalid syntax"},
      {"import a.\n", "1:10: invalid syntax"},
      {"from import x\n", "1:6: invalid syntax"},
      {"from a x\n", "1:8: expected 'import'"},
      {"from a import b,\n", "1:16: trailing comma not allowed without "
                             "surrounding parentheses"},
      {"from a import (b c)\n", "1:18: invalid syntax. Perhaps you forgot a "
                                "comma?"},
      {"global\n", "1:7: invalid syntax"},
      {"del\n", "1:4: invalid syntax"},
      {"assert\n", "1:7: invalid syntax"},
      {"x = )\n", "1:5: unmatched ')'"},
      {"x = (1,\n", "1:5: '(' was never closed"},
      {"s = 'abc\n", "1:5: unterminated string literal (detected at line "
                     "1)"},
  };
  for (const Case &c : cases) {
    INFO(c.text);
    ParserFixture fixture;
    CHECK(fixture.errorOf(c.text) == c.expected);
  }
}

TEST_CASE("Invalid targets", "[parser][errors]") {
  const Case cases[] = {
      {"f() = 1\n", "1:1: cannot assign to function call"},
      {"1 = x\n", "1:1: cannot assign to literal"},
      {"a + b = c\n", "1:1: cannot assign to expression"},
      {"a < b = c\n", "1:1: cannot assign to comparison"},
      {"None = 1\n", "1:1: cannot assign to None"},
      {"x = True = 1\n", "1:5: cannot assign to True"},
      {"(a, f()) = x\n", "1:5: cannot assign to function call"},
      {"[a, 'b'] = x\n", "1:5: cannot assign to literal"},
      {"*a = b\n", "1:1: starred assignment target must be in a list or "
                   "tuple"},
      {"a, *b, *c = d\n", "1:8: multiple starred expressions in "
                          "assignment"},
      {"x = *a\n", "1:5: can't use starred expression here"},
      {"(a, b) += 1\n", "1:1: 'tuple' is an illegal expression for "
                        "augmented assignment"},
      {"f() -= 1\n", "1:1: 'function call' is an illegal expression for "
                     "augmented assignment"},
      {"x, y: int = 1\n", "1:1: only single target (not tuple) can be "
                          "annotated"},
      {"[x]: int\n", "1:1: only single target (not list) can be annotated"},
      {"f(): int\n", "1:1: illegal target for annotation"},
      {"del f()\n", "1:5: cannot delete function call"},
      {"del *a\n", "1:5: cannot delete starred"},
      {"del (a, *b)\n", "1:9: cannot delete starred"},
      {"for f() in y: pass\n", "1:5: cannot assign to function call"},
      {"with a as f(): pass\n", "1:11: cannot assign to function call"},
      {"[a for (x, 1) in y]\n", "1:12: cannot assign to literal"},
  };
  for (const Case &c : cases) {
    INFO(c.text);
    ParserFixture fixture;
    CHECK(fixture.errorOf(c.text) == c.expected);
  }
}

TEST_CASE("Invalid definitions and misplaced statements", "[parser][errors]") {
  const Case cases[] = {
      {"def f(a, a): pass\n", "1:10: duplicate argument 'a' in function "
                              "definition"},
      {"def f(a=1, b): pass\n", "1:12: parameter without a default follows "
                                "parameter with a default"},
      {"def f(*): pass\n", "1:7: named arguments must follow bare *"},
      {"def f(*a, *b): pass\n", "1:11: * argument may appear only once"},
      {"def f(*a=1): pass\n", "1:9: var-positional argument cannot have "
                              "default value"},
      {"def f(**k=1): pass\n", "1:10: var-keyword argument cannot have "
                               "default value"},
      {"def f(**k, a): pass\n", "1:12: arguments cannot follow var-keyword "
                                "argument"},
      {"def f(/): pass\n", "1:7: at least one argument must precede /"},
      {"def f(a, /, /): pass\n", "1:13: / may appear only once"},
      {"def f(*, a, /): pass\n", "1:13: / must be ahead of *"},
      {"return 1\n", "1:1: 'return' outside function"},
      {"class A:\n    return\n", "2:5: 'return' outside function"},
      {"break\n", "1:1: 'break' outside loop"},
      {"while x:\n    def f():\n        break\n", "3:9: 'break' outside "
                                                  "loop"},
      {"def f():\n    continue\n", "2:5: 'continue' not properly in loop"},
      {"for x in y: pass\nelse: continue\n", "2:7: 'continue' not properly "
                                             "in loop"},
      {"try:\n    pass\n", "3:1: expected 'except' or 'finally' block"},
      {"try:\n    pass\nelse:\n    pass\n", "3:1: expected 'except' or "
                                            "'finally' block"},
      {"try:\n    pass\nexcept:\n    pass\nexcept E:\n    pass\n",
       "5:1: default 'except:' must be last"},
      {"try:\n    pass\nexcept A, B:\n    pass\n",
       "3:8: multiple exception types must be parenthesized"},
      {"try:\n    pass\nexcept* E:\n    pass\n",
       "3:7: not supported yet: 'except*'"},
      {"async def f(): pass\n", "1:1: not supported yet: 'async' functions "
                                "and statements"},
      {"@dec\nasync def f(): pass\n", "2:1: not supported yet: 'async' "
                                      "functions and statements"},
      {"def f():\n    x = yield\n", "2:9: not supported yet: 'yield' "
                                    "(generators)"},
      {"def f():\n    yield x\n", "2:5: not supported yet: 'yield' "
                                  "(generators)"},
  };
  for (const Case &c : cases) {
    INFO(c.text);
    ParserFixture fixture;
    CHECK(fixture.errorOf(c.text) == c.expected);
  }
}

TEST_CASE_METHOD(ParserFixture, "Errors render with the source line",
                 "[parser][errors]") {
  sm.addBuffer("unused.py", "");
  uint32_t id = sm.addBuffer("samples/k.py", "def k(x):\n"
                                             "    y = gl.load(x\n"
                                             "    return y\n");
  CHECK_FALSE(parseModule(sm, id, diags));
  CHECK(rendered() == "samples/k.py:2:16: error: '(' was never closed\n"
                      "    y = gl.load(x\n"
                      "               ^\n");
}

//===----------------------------------------------------------------------===//
// Robustness
//===----------------------------------------------------------------------===//

TEST_CASE("Deep nesting is an error, not a crash", "[parser][robustness]") {
  auto repeat = [](const std::string &text, unsigned count) {
    std::string result;
    for (unsigned i = 0; i < count; ++i)
      result += text;
    return result;
  };
  const unsigned tooDeep = kMaxNestingDepth + 50;
  const std::string cases[] = {
      "x = " + repeat("(", tooDeep) + "1" + repeat(")", tooDeep) + "\n",
      "x = " + repeat("[", tooDeep) + repeat("]", tooDeep) + "\n",
      "x = " + repeat("-", tooDeep) + "1\n",
      "x = " + repeat("not ", tooDeep) + "1\n",
      "x = a" + repeat(" + a", kMaxExpressionTreeDepth + 1) + "\n",
      // 100 brackets (half the nesting allowed), each around a chain of
      // ten operators: the tree is 1,100 deep.
      "x = " + repeat("(" + repeat("a + ", 10), 100) + "a" + repeat(")", 100) +
          "\n",
      "x = a" + repeat(" ** a", tooDeep) + "\n",
      "x = a" + repeat(".b", tooDeep) + "\n",
      "x = " + repeat("f(", tooDeep) + repeat(")", tooDeep) + "\n",
      "x = " + repeat("lambda: ", tooDeep) + "1\n",
      "x = " + repeat("1 if 1 else ", tooDeep) + "1\n",
      "x = " + repeat("(", 100000) + "\n",
  };
  for (const std::string &text : cases) {
    INFO(text.substr(0, 40));
    ParserFixture fixture;
    CHECK(fixture.errorOf(text).find("expression nested too deeply") !=
          std::string::npos);
  }

  ParserFixture elifs;
  CHECK(elifs.errorOf("if a: pass\n" + repeat("elif a: pass\n", tooDeep))
            .find("statement nested too deeply") != std::string::npos);
}

TEST_CASE_METHOD(ParserFixture, "Deep but allowed nesting parses",
                 "[parser][robustness]") {
  const unsigned depth = kMaxNestingDepth / 2;
  std::string text =
      "x = " + std::string(depth, '(') + "1" + std::string(depth, ')') + "\n";
  for (unsigned i = 0; i < depth; ++i)
    text += "if a: pass\nel";
  text += "se: pass\n";
  std::string flat = "y = [";
  for (unsigned i = 0; i < 20000; ++i)
    flat += "1, ";
  text += flat + "]\n";
  // A flat sum of 1,000 terms, as Python accepts.
  text += "z = a";
  for (unsigned i = 1; i < kMaxExpressionTreeDepth; ++i)
    text += " + a";
  text += "\n";
  std::string dump = stmts(text);
  CHECK(dump.find("(Assign (Name x) = (Int 1))") == 0);
  CHECK(dump.find("(Assign (Name z) = (BinOp") != std::string::npos);
}

TEST_CASE("Any input parses or fails with an error", "[parser][robustness]") {
  const std::string kernel =
      "from triton.experimental import gluon\n"
      "from triton.experimental.gluon import language as gl\n"
      "@gluon.jit(do_not_specialize=['n'])\n"
      "def k(x_ptr, n, BLOCK: gl.constexpr = 4, *args, **kw) -> None:\n"
      "    \"\"\"Doc.\"\"\"\n"
      "    offs = gl.program_id(0) * BLOCK + gl.arange(0, BLOCK)\n"
      "    for i in range(n):  # loop\n"
      "        if i % 2 == 0 and not (i > 3 or i < -1):\n"
      "            x = gl.load(x_ptr + offs[:, None], mask=offs < n)\n"
      "        elif i:\n"
      "            y = [a ** 2 for a in b if a] + {1: 2}[1]\n"
      "        else:\n"
      "            s = f'{x!r:>{w}} {y=}' 'tail' b'\\x00'\n"
      "    with a as b, (c): pass\n"
      "    try:\n"
      "        z = lambda q, *r: q if r else 0x1f_ff\n"
      "    except E as e:\n"
      "        raise\n"
      "    return x, \\\n"
      "        y\n";
  const char *fragments[] = {
      "def ",    "if ",     "else",    "elif ",  ":",      "(",
      ")",       "[",       "]",       "{",      "}",      ",",
      "x",       "1",       "0x1f",    "1.5e3",  "'s'",    "\"\"\"doc\"\"\"",
      "f'{x}'",  "f'{",     "}",       "\n",     "\n    ", "\n  ",
      "\t",      "\\\n",    "# c\n",   "=",      "+",      "**",
      "-",       "not ",    "lambda ", " for ",  " in ",   "@",
      "return ", "yield ",  ".",       "...",    "*",      ":=",
      ";",       "->",      "import ", "from ",  " as ",   "with ",
      "try",     "except",  "finally", "while ", "break",  "pass",
      "class ",  "async ",  "await ",  " is ",   " and ",  " or ",
      "del ",    "global ", "'un",     "$",      "\xff",   "\xC3\xA9",
      "\r\n",    "\f",      " ",       "    ",   "b'",     "r'",
      "\\",      "0b2",     "1_",      "1j",     "\0"};

  std::mt19937 rng(20240601);
  auto randomIndex = [&](size_t size) {
    return std::uniform_int_distribution<size_t>(0, size - 1)(rng);
  };
  auto randomFragment = [&] {
    const char *fragment = fragments[randomIndex(std::size(fragments))];
    return *fragment ? std::string(fragment) : std::string(1, '\0');
  };

  std::vector<std::string> inputs;
  for (unsigned i = 0; i < 2000; ++i) {
    std::string text = kernel;
    unsigned edits = 1 + static_cast<unsigned>(randomIndex(4));
    for (unsigned e = 0; e < edits && !text.empty(); ++e) {
      size_t at = randomIndex(text.size());
      switch (randomIndex(4)) {
      case 0:
        text.erase(at, 1 + randomIndex(6));
        break;
      case 1:
        text.insert(at, randomFragment());
        break;
      case 2:
        text[at] = static_cast<char>(randomIndex(256));
        break;
      default:
        std::swap(text[at], text[randomIndex(text.size())]);
        break;
      }
    }
    inputs.push_back(std::move(text));
  }
  for (unsigned i = 0; i < 1000; ++i) {
    std::string text;
    size_t count = randomIndex(40);
    for (size_t f = 0; f < count; ++f)
      text += randomFragment();
    inputs.push_back(std::move(text));
  }
  for (unsigned i = 0; i < 1000; ++i) {
    std::string text(randomIndex(64), '\0');
    bool printable = i % 2 == 0;
    for (char &c : text)
      c = printable ? static_cast<char>(' ' + randomIndex(95))
                    : static_cast<char>(randomIndex(256));
    inputs.push_back(std::move(text));
  }

  std::vector<std::string> failures;
  unsigned parsedModules = 0;
  for (const std::string &text : inputs) {
    SourceManager sm;
    DiagnosticEngine diags(sm);
    uint32_t moduleId = sm.addBuffer("fuzz.py", text);
    std::unique_ptr<Module> module = parseModule(sm, moduleId, diags);
    bool moduleOk = module ? diags.errorCount() == 0 : diags.hasErrors();
    parsedModules += module != nullptr;

    unsigned errorsBefore = diags.errorCount();
    uint32_t exprId = sm.addBuffer("<-D X>", text);
    std::unique_ptr<Expr> expr = parseExpression(sm, exprId, diags);
    bool exprOk = expr ? diags.errorCount() == errorsBefore
                       : diags.errorCount() > errorsBefore;

    // Printing must cope with whatever was parsed or reported.
    std::ostringstream os;
    if (module)
      dumpAST(*module, os);
    if (expr)
      dumpAST(*expr, os);
    diags.renderAll(os);

    if (!moduleOk || !exprOk)
      failures.push_back(text);
  }
  INFO("first failing input: " << (failures.empty() ? "" : failures[0]));
  CHECK(failures.empty());
  // The mutations leave some inputs valid, so both outcomes are exercised.
  CHECK(parsedModules > 50);
  CHECK(parsedModules < inputs.size());
}
