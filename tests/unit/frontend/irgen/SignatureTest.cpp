//===- SignatureTest.cpp - Triton AOT signature entries -------------------===//

#include "gluonc/Frontend/Signature.h"

#include <catch2/catch.hpp>

using namespace gluonc;

TEST_CASE("signatures split at top-level commas", "[signature]") {
  std::vector<SignatureEntry> entries =
      splitSignature("*fp32:16,  i32 , gl.BlockedLayout([4], [32], [4], [0]),"
                     " 'a,b', 1024");
  REQUIRE(entries.size() == 5);
  CHECK(entries[0].text == "*fp32:16");
  CHECK(entries[0].offset == 0);
  CHECK(entries[1].text == "i32");
  CHECK(entries[1].offset == 11);
  CHECK(entries[2].text == "gl.BlockedLayout([4], [32], [4], [0])");
  CHECK(entries[3].text == "'a,b'");
  CHECK(entries[4].text == "1024");
  CHECK(splitSignature("").empty());
  CHECK(splitSignature("   ").empty());
  // An empty entry between commas is kept, so that it can be reported.
  CHECK(splitSignature("i32,,i32").size() == 3);
}

TEST_CASE("type entries", "[signature]") {
  SignatureType pointer = parseSignatureType("*fp32:16");
  CHECK(pointer.isType);
  CHECK(pointer.isPointer);
  CHECK(pointer.scalar == "fp32");
  CHECK(pointer.divisibility == 16);
  CHECK(pointer.error.empty());

  SignatureType scalar = parseSignatureType("i32");
  CHECK(scalar.isType);
  CHECK_FALSE(scalar.isPointer);
  CHECK(scalar.scalar == "i32");
  CHECK(scalar.divisibility == 1);

  CHECK(parseSignatureType("i64:16").divisibility == 16);
  CHECK(parseSignatureType("*bf16").scalar == "bf16");
  CHECK(parseSignatureType("u8").isType);
}

TEST_CASE("value entries", "[signature]") {
  for (const char *value : {"1024", "True", "None", "BLOCK", "-1", "2**10",
                            "gl.BlockedLayout([4], [32], [4], [0])", "'s'",
                            "(1, 2)"}) {
    SignatureType parsed = parseSignatureType(value);
    INFO(value);
    CHECK_FALSE(parsed.isType);
    CHECK(parsed.error.empty());
  }
}

TEST_CASE("malformed type entries", "[signature]") {
  SignatureType unknown = parseSignatureType("*fp33:16");
  CHECK(unknown.isType);
  CHECK(unknown.error == "unknown type 'fp33'");
  CHECK(unknown.errorOffset == 1);
  CHECK_FALSE(unknown.hint.empty());

  SignatureType notPow2 = parseSignatureType("i32:12");
  CHECK(notPow2.error == "divisibility must be a power of two, got '12'");
  CHECK(notPow2.errorOffset == 4);

  CHECK(parseSignatureType("*fp32:").error ==
        "divisibility must be a power of two, got ''");
  CHECK(parseSignatureType("i32:0").error ==
        "divisibility must be a power of two, got '0'");
  CHECK(parseSignatureType("fp32:16").error ==
        "divisibility applies to pointers and integers, not fp32");
  CHECK(parseSignatureType("i33:16").error == "unknown type 'i33'");
}
