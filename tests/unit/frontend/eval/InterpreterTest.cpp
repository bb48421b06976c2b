//===- InterpreterTest.cpp - The interpreter without IR generation --------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The compile-time interpreter runs plain Python with only Python's
// builtins in its table: expressions, helper functions, the one argument
// binder's errors, the table's lookups and listing. No MLIR is linked.
//
//===----------------------------------------------------------------------===//

#include "eval/Interpreter.h"

#include "gluonc/Frontend/Parser.h"

#include <catch2/catch.hpp>

using namespace gluonc;
using namespace gluonc::frontend;

namespace {

/// Python's builtins, and gluon.constexpr_function for helpers.
const BuiltinTable &getTable() {
  static const std::unique_ptr<BuiltinTable> table = [] {
    auto table = std::make_unique<BuiltinTable>();
    registerPythonBuiltins(*table);
    table->addFunction({"gluon.constexpr_function"}, "*args",
                       [](Interpreter &, const BoundArgs &args) {
                         return Value(BuiltinValue{&args.getBuiltin(), {}});
                       });
    // Triton's class decorator, read by the interpreter itself.
    table->addFunction({"tl.core._aggregate"}, "cls", nullptr);
    // A builtin whose handler asks for a parameter it does not declare.
    table->addFunction({"gluon.broken"}, "x",
                       [](Interpreter &, const BoundArgs &args) {
                         return args.get("y");
                       });
    return table;
  }();
  return *table;
}

class InterpreterFixture {
public:
  InterpreterFixture() : diags(sm), interpreter(sm, diags, getTable()) {}

  /// Loads a module; fails the test if it does not parse.
  void load(const std::string &text) {
    module = parseModule(sm, sm.addBuffer("m.py", text), diags);
    REQUIRE(module);
    interpreter.loadModule(*module);
  }

  /// repr() of an expression evaluated in the module scope, or its
  /// error's message.
  std::string eval(const std::string &text) {
    size_t before = diags.getDiagnostics().size();
    try {
      return interpreter.evaluateSource("<expr>", text).toString();
    } catch (CompileError &) {
      const std::vector<Diagnostic> &all = diags.getDiagnostics();
      for (size_t i = before; i < all.size(); ++i)
        if (all[i].severity == Severity::Error)
          return "error: " + all[i].message;
      return "error without a diagnostic";
    }
  }

  SourceManager sm;
  DiagnosticEngine diags;
  Interpreter interpreter;
  std::unique_ptr<Module> module;
};

} // namespace

TEST_CASE_METHOD(InterpreterFixture, "Python values", "[eval]") {
  load("");
  CHECK(eval("2 ** 100") == "1267650600228229401496703205376");
  CHECK(eval("sorted([3, 1, 2], reverse=True)") == "[3, 2, 1]");
  CHECK(eval("'{:>5}|{!r}'.format(42, 'a')") == "\"   42|'a'\"");
  CHECK(eval("'a,b'.split(',')") == "['a', 'b']");
  CHECK(eval("dict(a=1, **{'b': 2})") == "{'a': 1, 'b': 2}");
  CHECK(eval("[x * x for x in range(4) if x % 2]") == "[1, 9]");
  CHECK(eval("isinstance('a', (int, str)), isinstance(1.0, int)") ==
        "(True, False)");
  CHECK(eval("(7).bit_length(), divmod(-7, 2)") == "(3, (-4, 1))");
}

TEST_CASE_METHOD(InterpreterFixture, "helper functions", "[eval]") {
  load("from triton.experimental import gluon\n"
       "@gluon.constexpr_function\n"
       "def squares(n):\n"
       "    out = []\n"
       "    for i in range(n):\n"
       "        out.append(i * i)\n"
       "    return tuple(out)\n"
       "TABLE = squares(4)\n");
  CHECK(eval("TABLE") == "(0, 1, 4, 9)");
  CHECK(eval("squares(2) + TABLE[-1:]") == "(0, 1, 9)");
}

TEST_CASE_METHOD(InterpreterFixture, "aggregates", "[eval][aggregate]") {
  load("from triton.experimental import gluon\n"
       "from triton.language.core import _aggregate as aggregate\n"
       "@aggregate\n"
       "class Pair:\n"
       "    a: int\n"
       "    b: int = 5\n"
       "    K = 3\n"
       "    @gluon.constexpr_function\n"
       "    def total(self):\n"
       "        return self.a + self.b\n"
       "    @gluon.constexpr_function\n"
       "    def swap(self):\n"
       "        return Pair(self.b, self.a)\n"
       "@aggregate\n"
       "class Boxed:\n"
       "    inner: Pair\n"
       "    @gluon.constexpr_function\n"
       "    def __init__(self, a, b):\n"
       "        self.inner = Pair(a, b=b)\n"
       "@aggregate\n"
       "class Doubled:\n"
       "    v: int\n"
       "    def __init__(self, v):\n"
       "        self.v, = (v * 2,)\n"
       "        self.v += 1\n"
       "class Plain:\n"
       "    pass\n");
  // An undecorated __init__ is plain Python, as in Triton.
  CHECK(eval("Doubled(3)") == "Doubled(v=7)");
  CHECK(eval("Pair(1)") == "Pair(a=1, b=5)");
  CHECK(eval("Pair(b=1, a=2).swap()") == "Pair(a=1, b=2)");
  CHECK(eval("Pair(1, 2).total(), Pair.total(Pair(3))") == "(3, 8)");
  CHECK(eval("Pair(1, 2) == Pair(1, 2), Pair(1, 2) == Pair(2, 1)") ==
        "(True, False)");
  CHECK(eval("Pair.K, Pair(1).K, Pair.b") == "(3, 3, 5)");
  CHECK(eval("isinstance(Pair(1), Pair), isinstance(Pair(1), Boxed)") ==
        "(True, False)");
  CHECK(eval("Boxed(1, 2).inner.swap().total()") == "3");
  CHECK(eval("[Pair(1)]") == "[Pair(a=1, b=5)]");
  CHECK(eval("Pair(1, 2, 3)") ==
        "error: 'Pair' takes 2 arguments (one for each field) but 3 were "
        "given");
  CHECK(eval("Pair(1, a=2)") == "error: field 'a' of 'Pair' given twice");
  CHECK(eval("Pair()") == "error: missing argument 'a' in call to 'Pair'");
  CHECK(eval("Boxed(1)") ==
        "error: missing argument 'b' in call to 'Boxed'");
  CHECK(eval("Pair(1).c") == "error: 'Pair' has no field or method 'c'");
  CHECK(eval("{Pair(1): 1}") == "error: unhashable type: 'Pair'");
  CHECK(eval("Plain()").find("error: class 'Plain' is not an @aggregate") ==
        0);
}

TEST_CASE_METHOD(InterpreterFixture, "one binder, Python's errors",
                 "[eval][binder]") {
  load("");
  CHECK(eval("len()") == "error: len() missing required argument 'obj'");
  CHECK(eval("len(1, 2)") ==
        "error: len() takes at most 1 arguments (2 given)");
  CHECK(eval("sorted([1], nope=1)") ==
        "error: sorted() got an unexpected keyword argument 'nope'");
  CHECK(eval("sorted([1], [2], key=None)") ==
        "error: sorted() takes at most 1 arguments (2 given)");
  CHECK(eval("max(1, 2, default=3)") ==
        "error: cannot give max() a default with several arguments");
  CHECK(eval("max([], default=None)") == "None");
  CHECK(eval("'ab'.find('b', start=1)") == "1");
  CHECK(eval("'ab'.find('b', 1, start=1)") ==
        "error: str.find() got multiple values for argument 'start'");
}

TEST_CASE_METHOD(InterpreterFixture,
                 "a handler asking for an undeclared parameter is a "
                 "diagnostic",
                 "[eval][binder]") {
  load("from triton.experimental import gluon\n");
  CHECK(eval("gluon.broken(1)") ==
        "error: internal error: builtin 'gluon.broken' has no parameter 'y'");
}

TEST_CASE_METHOD(InterpreterFixture, "bounds", "[eval]") {
  load("");
  CHECK(eval("'x' * (2 ** 21)").find("exceed 1048576 bytes") !=
        std::string::npos);
  CHECK(eval("1 << 9000") ==
        "error: the result of '<<' would exceed 8192 bits");
}

TEST_CASE_METHOD(InterpreterFixture, "a lowered step budget",
                 "[eval][bounds]") {
  load("");
  interpreter.setMaxEvaluationSteps(1000);
  CHECK(eval("sum([i for i in range(100)])") == "4950");
  CHECK(eval("sum([i for i in range(5000)])") ==
        "error: compile-time evaluation took more than 1000 steps: the "
        "kernel inlines or repeats too much");
}

TEST_CASE("the table: lookups, signatures and listing", "[eval][table]") {
  const BuiltinTable &table = getTable();
  const Builtin *sorted = table.find("builtins.sorted");
  REQUIRE(sorted);
  CHECK(sorted->describe() ==
        "builtins.sorted(iterable, *, key=None, reverse=False)");
  CHECK(sorted->getShortName() == "sorted");
  REQUIRE(table.findMember("str", "join"));
  CHECK(table.findMember("str", "join")->getShortName() == "str.join");
  CHECK_FALSE(table.findMember("str", "nope"));
  // Aliases expand to the module paths kernels import.
  CHECK(BuiltinTable::expandAlias("gl.arange") ==
        "triton.experimental.gluon.language.arange");
  CHECK(table.isNamespace("triton.experimental.gluon"));
  std::optional<Value> member =
      table.lookupMember("triton.experimental.gluon", "constexpr_function");
  REQUIRE(member);
  CHECK(member->is<BuiltinValue>());
  std::vector<const Builtin *> entries = table.entries();
  CHECK(std::is_sorted(entries.begin(), entries.end(),
                       [](const Builtin *a, const Builtin *b) {
                         return a->getName() < b->getName();
                       }));
}
