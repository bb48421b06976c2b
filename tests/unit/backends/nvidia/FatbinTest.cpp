// NVIDIA's multi-arch container: how a fat binary stores PTX (each case is
// what fatbinary 13.0 wrote for that input) and a fat binary's headers.

#include "Fatbin.h"

#include "llvm/Support/Endian.h"

#include <catch2/catch.hpp>

using namespace gluonc;
using llvm::support::endian::read16le;
using llvm::support::endian::read32le;
using llvm::support::endian::read64le;

TEST_CASE("fatbinary's PTX text", "[fatbin]") {
  using nvidia::compactPTX;
  // Comments go, newlines stay; leading blanks go.
  CHECK(compactPTX("//\n// Generated\n//\n\n.version 8.0\n") ==
        "\n\n\n\n.version 8.0\n");
  CHECK(compactPTX("\t// .globl\tk // begin\n\tret;\n") == "\nret;\n");
  // A blank right after a blank goes; a lone tab stays.
  CHECK(compactPTX("ret\t\t;\n") == "ret\t;\n");
  CHECK(compactPTX("ret\t ;\n") == "ret\t;\n");
  CHECK(compactPTX("ret \t ;\n") == "ret ;\n");
  CHECK(compactPTX(".visible\t.entry k\n") == ".visible\t.entry k\n");
  CHECK(compactPTX(".param .u64 p  \n") == ".param .u64 p \n");
  // A removed comment counts as text: the blank after it stays.
  CHECK(compactPTX("ret /* x */ ;\n") == "ret  ;\n");
  CHECK(compactPTX("\t/* block */ ld.u64 \t%rd1;\n") == " ld.u64 %rd1;\n");
  CHECK(compactPTX("ret; /* a\n\t  b */  \n}\n") == "ret;  \n}\n");
  CHECK(compactPTX("ret;/**/  /**/ \n") == "ret;  \n");
  CHECK(compactPTX("}// \n/* */") == "}\n");
  // Blank lines stay; \r stays; a vertical tab is not a blank.
  CHECK(compactPTX("{\n   \n\t\nret;\n}") == "{\n\n\nret;\n}");
  CHECK(compactPTX("{\r\n  ret;\r\n}\r\n") == "{\r\nret;\r\n}\r\n");
  CHECK(compactPTX("\v\f x\n") == "\v\fx\n");
  // String literals are kept as written.
  CHECK(compactPTX(".file 1 \"a//b  c\"\n") == ".file 1 \"a//b  c\"\n");
  // "/ *" is no comment.
  CHECK(compactPTX("ret; / * \n") == "ret; / * \n");
}

TEST_CASE("fat binary headers", "[fatbin]") {
  // A cubin's ELF identification (64-bit, little-endian, EI_VERSION 1,
  // CUDA's OS ABI 0x41, ABI version 8) and 9 more bytes: padded to 24.
  std::string cubin("\x7f"
                    "ELF\x02\x01\x01\x41\x08",
                    9);
  cubin.resize(25, 'x');
  std::string ptx = ".version 8.7\n.target sm_90a\n";
  std::vector<nvidia::FatbinImage> images = {
      {nvidia::FatbinImage::Kind::Cubin, "sm_80", cubin},
      {nvidia::FatbinImage::Kind::PTX, "sm_90a", ptx}};
  llvm::Expected<std::string> written = nvidia::writeFatbin(images);
  REQUIRE(static_cast<bool>(written));
  const char *data = written->data();
  CHECK(read32le(data) == 0xBA55ED50u);
  CHECK(read16le(data + 4) == 1);
  CHECK(read16le(data + 6) == 16);
  CHECK(read64le(data + 8) == written->size() - 16);
  // The cubin: kind 2, a 64-byte header, 32 bytes (25 padded), version
  // 1.8, capability 80, 64-bit Linux.
  const char *entry = data + 16;
  CHECK(read16le(entry) == 2);
  CHECK(read32le(entry + 4) == 64);
  CHECK(read64le(entry + 8) == 32);
  CHECK(read16le(entry + 0x18) == 8);
  CHECK(read16le(entry + 0x1a) == 1);
  CHECK(read32le(entry + 0x1c) == 80);
  CHECK(read64le(entry + 0x28) == 0x11);
  CHECK(std::string(entry + 64, 25) == cubin);
  // The PTX: kind 1, an 80-byte header with an empty options string at
  // 0x48, version 8.7, capability 90 with the "a" flag, the text and a NUL
  // padded to 32 bytes.
  entry += 64 + 32;
  CHECK(read16le(entry) == 1);
  CHECK(read32le(entry + 4) == 80);
  CHECK(read64le(entry + 8) == 32);
  CHECK(read32le(entry + 0x14) == 0x40);
  CHECK(read16le(entry + 0x18) == 7);
  CHECK(read16le(entry + 0x1a) == 8);
  CHECK(read32le(entry + 0x1c) == 90);
  CHECK(read64le(entry + 0x28) == 0x100011);
  CHECK(read32le(entry + 0x40) == 0x48);
  CHECK(read32le(entry + 0x44) == 0);
  CHECK(std::string(entry + 80, ptx.size() + 1) == ptx + '\0');
  CHECK(entry + 80 + 32 == data + written->size());
}

TEST_CASE("fat binary errors", "[fatbin]") {
  std::vector<nvidia::FatbinImage> noVersion = {
      {nvidia::FatbinImage::Kind::PTX, "sm_90a", ".target sm_90a\n"}};
  llvm::Expected<std::string> written = nvidia::writeFatbin(noVersion);
  REQUIRE(!written);
  CHECK(llvm::toString(written.takeError()) ==
        "the PTX has no .version directive");
  std::vector<nvidia::FatbinImage> notElf = {
      {nvidia::FatbinImage::Kind::Cubin, "sm_80", "not a cubin at all"}};
  written = nvidia::writeFatbin(notElf);
  REQUIRE(!written);
  CHECK(llvm::toString(written.takeError()) ==
        "the sm_80 cubin: the image is not an ELF file");
}
