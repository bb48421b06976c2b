//===- MetadataTest.cpp - The launch metadata document --------------------===//

#include "gluonc/Driver/Metadata.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

using namespace gluonc;
using json = nlohmann::json;

namespace {
KernelParam param(std::string name, std::string type, unsigned size,
                  int64_t divisibility) {
  KernelParam p;
  p.name = std::move(name);
  p.type = type;
  p.isPointer = type[0] == '*';
  if (p.isPointer)
    p.elementType = type.substr(1);
  p.size = size;
  p.alignment = size;
  p.divisibility = divisibility;
  return p;
}

MetadataInput sampleInput(const CodegenResult &codegen) {
  MetadataInput input;
  input.compilerVersion = "0.1.0";
  input.llvmVersion = "22.1.8";
  input.sourcePath = "samples/k.py";
  input.sourceText = "abc";
  input.kernelName = "k";
  input.entry = "k";
  input.backend = "nvidia";
  input.arch = "sm_90a";
  input.numWarps = 8;
  input.imageFile = "k.sm_90a.cubin";
  input.params = {param("x", "*fp32", 8, 16), param("flag", "i1", 1, 1),
                  param("n", "i64", 8, 16), param("scale", "fp16", 2, 1),
                  param("m", "i32", 4, 1)};
  input.constexprs = {{"BLOCK", "1024"}, {"layout", "\"BlockedLayout(...)\""}};
  input.codegen = &codegen;
  return input;
}
} // namespace

TEST_CASE("the metadata describes a launch", "[metadata]") {
  CodegenResult codegen;
  codegen.image = {'\x7f', 'E', 'L', 'F'};
  codegen.imageFormat = "cubin";
  codegen.assembler = "nvJitLink 13.0";
  codegen.resources.registers = 28;
  codegen.resources.spillStores = 4;
  codegen.targetFields["ptx_version"] = "8.0";
  std::string text = buildMetadataJSON(sampleInput(codegen));
  json doc = json::parse(text);

  CHECK(doc["schema"] == "gluonc.kernel/1");
  CHECK(doc["entry"] == "k");
  CHECK(doc["launch"]["block_dims"] == json::array({256, 1, 1}));
  CHECK(doc["launch"]["num_warps"] == 8);
  CHECK(doc["target"]["ptx_version"] == "8.0");
  CHECK(doc["target"]["warp_size"] == 32);
  CHECK(doc["resources"]["registers"] == 28);
  CHECK(doc["resources"]["spill_stores"] == 4);
  CHECK(doc["image"]["size"] == 4);
  // sha256 of "\x7fELF".
  CHECK(doc["image"]["sha256"] == sha256Hex(std::string("\x7f" "ELF")));
  CHECK(doc["source"]["sha256"] ==
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  CHECK(doc["constexprs"]["BLOCK"] == 1024);
  CHECK(doc["constexprs"]["layout"] == "BlockedLayout(...)");

  // Natural alignment: pointer 0, i1 8, i64 at 16 (not 9), fp16 24, i32 28.
  const json &params = doc["params"];
  REQUIRE(params.size() == 5);
  CHECK(params[0]["offset"] == 0);
  CHECK(params[0]["kind"] == "pointer");
  CHECK(params[0]["element_type"] == "fp32");
  CHECK(params[1]["offset"] == 8);
  CHECK(params[2]["offset"] == 16);
  CHECK(params[2]["divisibility"] == 16);
  CHECK(params[3]["offset"] == 24);
  CHECK(params[4]["offset"] == 28);
  CHECK_FALSE(params[4].contains("element_type"));
}

TEST_CASE("the metadata is deterministic, sorted and relative",
          "[metadata]") {
  CodegenResult codegen;
  codegen.image = {'a'};
  codegen.imageFormat = "cubin";
  std::string first = buildMetadataJSON(sampleInput(codegen));
  std::string second = buildMetadataJSON(sampleInput(codegen));
  CHECK(first == second);
  CHECK(first.back() == '\n');
  // Top-level keys appear in sorted order.
  size_t compiler = first.find("\"compiler\""), target = first.find("\"target\"");
  size_t schema = first.find("\"schema\"");
  CHECK(compiler < schema);
  CHECK(schema < target);

  CHECK(relativeSourcePath("samples/k.py") == "samples/k.py");
  CHECK(relativeSourcePath("/home/u/src/k.py") == "k.py");
}

TEST_CASE("sha256", "[metadata]") {
  CHECK(sha256Hex("") ==
        "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  CHECK(sha256Hex("abc") ==
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}
