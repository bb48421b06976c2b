//===- IRGenOfTest.cpp - Builtins that emit IR need the IR generator ------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A builtin made with withIRGen reaches the IR generator through a checked
// cast (IRGen::of): run by a plain Interpreter it is an internal error at
// the call, and its handler never runs.
//
//===----------------------------------------------------------------------===//

#include "builtins/Registry.h"

#include "gluonc/Frontend/Parser.h"

#include <catch2/catch.hpp>

using namespace gluonc;
using namespace gluonc::frontend;

TEST_CASE("a builtin that emits IR fails cleanly in a plain interpreter",
          "[irgen]") {
  bool ran = false;
  BuiltinTable table;
  table.addFunction({"gluon.emit"}, "",
                    withIRGen([&ran](IRGen &, const BoundArgs &) {
                      ran = true;
                      return Value();
                    }));
  SourceManager sm;
  DiagnosticEngine diags(sm);
  Interpreter interpreter(sm, diags, table);
  std::unique_ptr<Module> module = parseModule(
      sm, sm.addBuffer("m.py", "from triton.experimental import gluon\n"),
      diags);
  REQUIRE(module);
  interpreter.loadModule(*module);
  CHECK(!llvm::isa<IRGen>(&interpreter));
  CHECK_THROWS_AS(interpreter.evaluateSource("<expr>", "gluon.emit()"),
                  CompileError);
  CHECK(!ran);
  REQUIRE(!diags.getDiagnostics().empty());
  CHECK(diags.getDiagnostics().back().message ==
        "internal error: builtin 'gluon.emit' emits IR but runs outside the "
        "IR generator");
}
