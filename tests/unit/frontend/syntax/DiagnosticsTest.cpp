//===- DiagnosticsTest.cpp - SourceManager and DiagnosticEngine tests -----===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "gluonc/Frontend/Diagnostics.h"

#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

using namespace gluonc;

namespace {

std::string renderAll(const DiagnosticEngine &diags) {
  std::ostringstream os;
  diags.renderAll(os);
  return os.str();
}

} // namespace

TEST_CASE("SourceFile splits lines on LF, CRLF and CR", "[source]") {
  SourceManager sm;
  uint32_t id = sm.addBuffer("mixed.py", "a = 1\r\nbb\rccc\n\nlast");
  const SourceFile *file = sm.getFile(id);
  REQUIRE(file != nullptr);
  CHECK(file->getName() == "mixed.py");
  CHECK(file->getLineCount() == 5);
  CHECK(file->getLineText(1) == "a = 1");
  CHECK(file->getLineText(2) == "bb");
  CHECK(file->getLineText(3) == "ccc");
  CHECK(file->getLineText(4) == "");
  CHECK(file->getLineText(5) == "last");
  CHECK(file->getLineText(0) == "");
  CHECK(file->getLineText(6) == "");
}

TEST_CASE("SourceFile maps offsets to 1-based lines and byte columns",
          "[source]") {
  SourceManager sm;
  uint32_t id = sm.addBuffer("k.py", "ab\r\ncd\n");
  const SourceFile &file = *sm.getFile(id);
  CHECK(file.getLoc(0) == SourceLoc{id, 1, 1});
  CHECK(file.getLoc(1) == SourceLoc{id, 1, 2});
  CHECK(file.getLoc(2) == SourceLoc{id, 1, 3}); // The '\r'.
  CHECK(file.getLoc(4) == SourceLoc{id, 2, 1});
  CHECK(file.getLoc(6) == SourceLoc{id, 2, 3});
  CHECK(file.getLoc(7) == SourceLoc{id, 3, 1}); // The end of the buffer.
  CHECK(file.getLoc(1000) == SourceLoc{id, 3, 1});
}

TEST_CASE("SourceManager ids, lookups and formatted locations", "[source]") {
  SourceManager sm;
  uint32_t first = sm.addBuffer("<-D BLOCK>", "128");
  uint32_t second = sm.addBuffer("b.py", "x\ny\n");
  CHECK(first == 1);
  CHECK(second == 2);
  CHECK(sm.getFile(0) == nullptr);
  CHECK(sm.getFile(3) == nullptr);
  CHECK(sm.getLineText(SourceLoc{second, 2, 1}) == "y");
  CHECK(sm.getLineText(SourceLoc{}) == "");
  CHECK(sm.formatLoc(SourceLoc{first, 1, 3}) == "<-D BLOCK>:1:3");
  CHECK(sm.formatLoc(SourceLoc{}) == "<unknown>");
  CHECK_FALSE(SourceLoc{}.isValid());
  CHECK(SourceLoc{first, 1, 1}.isValid());
}

TEST_CASE("SourceManager reads files and keeps the path as given", "[source]") {
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / "gluonc-source-test";
  fs::create_directories(dir);
  fs::path previous = fs::current_path();
  fs::current_path(dir);
  {
    std::ofstream out("kernel.py", std::ios::binary);
    out << "x = 1\n";
  }

  SourceManager sm;
  std::string error;
  std::optional<uint32_t> id = sm.addFile("./kernel.py", error);
  REQUIRE(id.has_value());
  CHECK(error.empty());
  CHECK(sm.getFile(*id)->getName() == "./kernel.py");
  CHECK(sm.getFile(*id)->getText() == "x = 1\n");

  CHECK_FALSE(sm.addFile("missing.py", error).has_value());
  CHECK(error == "cannot read 'missing.py': No such file or directory");

  CHECK_FALSE(sm.addFile(".", error).has_value());
  CHECK(error == "cannot read '.': it is a directory");

  fs::current_path(previous);
  fs::remove_all(dir);
}

TEST_CASE("Diagnostics render in clang's format", "[diagnostics]") {
  SourceManager sm;
  uint32_t id = sm.addBuffer("samples/k.py", "def f():\n"
                                             "    bar = 2\n"
                                             "    x = foo + 1\n");
  DiagnosticEngine diags(sm);
  diags.error(SourceRange{SourceLoc{id, 3, 9}, 3}, "unknown name 'foo'");
  diags.note(SourceLoc{id, 2, 5}, "'bar' defined here");

  CHECK(renderAll(diags) == "samples/k.py:3:9: error: unknown name 'foo'\n"
                            "    x = foo + 1\n"
                            "        ^~~\n"
                            "samples/k.py:2:5: note: 'bar' defined here\n"
                            "    bar = 2\n"
                            "    ^\n");
}

TEST_CASE("Diagnostics without a location print only the message",
          "[diagnostics]") {
  SourceManager sm;
  DiagnosticEngine diags(sm);
  diags.error(SourceLoc{}, "no kernel named 'k'");
  diags.warning(SourceLoc{7, 1, 1}, "unknown file id");
  CHECK(renderAll(diags) == "error: no kernel named 'k'\n"
                            "warning: unknown file id\n");
}

TEST_CASE("Diagnostics count errors and warnings, not notes", "[diagnostics]") {
  SourceManager sm;
  DiagnosticEngine diags(sm);
  CHECK_FALSE(diags.hasErrors());
  diags.warning(SourceLoc{}, "w");
  diags.note(SourceLoc{}, "n");
  CHECK_FALSE(diags.hasErrors());
  CHECK(diags.warningCount() == 1);
  diags.error(SourceLoc{}, "e1");
  diags.error(SourceRange{}, "e2");
  CHECK(diags.hasErrors());
  CHECK(diags.errorCount() == 2);
  REQUIRE(diags.getDiagnostics().size() == 4);
  CHECK(diags.getDiagnostics()[1].severity == Severity::Note);
  CHECK(diags.getDiagnostics()[3].message == "e2");
}

TEST_CASE("A consumer sees each diagnostic as it is emitted", "[diagnostics]") {
  SourceManager sm;
  uint32_t id = sm.addBuffer("a.py", "x\n");
  DiagnosticEngine diags(sm);
  std::vector<std::string> seen;
  diags.setConsumer([&](const Diagnostic &diagnostic) {
    std::ostringstream os;
    diags.render(diagnostic, os);
    seen.push_back(os.str());
  });
  diags.error(SourceLoc{id, 1, 1}, "first");
  CHECK(seen.size() == 1);
  diags.note(SourceLoc{}, "second");
  REQUIRE(seen.size() == 2);
  CHECK(seen[0] == "a.py:1:1: error: first\nx\n^\n");
  CHECK(seen[1] == "note: second\n");
}

TEST_CASE("Carets line up under tabs and multi-byte characters",
          "[diagnostics]") {
  SourceManager sm;
  uint32_t id = sm.addBuffer("t.py", "\tx = 'é' + y\n");
  DiagnosticEngine diags(sm);
  // 'y' is byte 13 (the tab, then "x = '", two bytes of 'é', "' + ").
  diags.error(SourceLoc{id, 1, 13}, "undefined");
  CHECK(renderAll(diags) == "t.py:1:13: error: undefined\n"
                            "\tx = 'é' + y\n"
                            "\t          ^\n");
}

TEST_CASE("Ranges are clipped to the line", "[diagnostics]") {
  SourceManager sm;
  uint32_t id = sm.addBuffer("r.py", "call(a,\n     b)\n");
  DiagnosticEngine diags(sm);
  diags.error(SourceRange{SourceLoc{id, 1, 1}, 15}, "spans two lines");
  diags.warning(SourceRange{SourceLoc{id, 1, 8}, 0}, "at the line end");
  CHECK(renderAll(diags) == "r.py:1:1: error: spans two lines\n"
                            "call(a,\n"
                            "^~~~~~~\n"
                            "r.py:1:8: warning: at the line end\n"
                            "call(a,\n"
                            "       ^\n");
}

TEST_CASE("Recorded names drop '.' components and apply the prefix map",
          "[source]") {
  SourceManager sm;
  uint32_t dotted = sm.addBuffer("./src//./k.py", "");
  uint32_t absolute = sm.addBuffer("/build/tree/src/k.py", "");
  uint32_t parent = sm.addBuffer("../a/k.py", "");
  CHECK(sm.getRecordedName(dotted) == "src/k.py");
  // The machine's folders are never recorded.
  CHECK(sm.getRecordedName(absolute) == "k.py");
  // ".." stays: through a symlink it need not cancel the component before.
  CHECK(sm.getRecordedName(parent) == "../a/k.py");
  CHECK(sm.getRecordedName(0) == "<unknown>");
  CHECK(sm.findFile("/build/tree/src/k.py") == absolute);
  CHECK(sm.findFile("src/k.py") == 0);

  // The last matching entry wins; matching is a plain string prefix; a
  // mapped name is recorded as the map writes it, absolute or not.
  sm.setFilePrefixMap({{"/build/tree/", ""},
                       {"/build/tree/src", "/proj"},
                       {"/elsewhere", "/x"}});
  CHECK(sm.getRecordedName(absolute) == "/proj/k.py");
  sm.setFilePrefixMap({{"/build/tree/", ""}});
  CHECK(sm.getRecordedName(absolute) == "src/k.py");
  CHECK(sm.getRecordedName(dotted) == "src/k.py");
  sm.setFilePrefixMap({{"src", "lib"}});
  CHECK(sm.getRecordedName(dotted) == "lib/k.py");
}
