// AMD's multi-arch container: a HIP offload bundle's layout (the entries
// clang-offload-bundler writes).

#include "OffloadBundle.h"

#include "llvm/Support/Endian.h"

#include <catch2/catch.hpp>

#include <string>
#include <tuple>
#include <vector>

using namespace gluonc;
using llvm::support::endian::read64le;

TEST_CASE("HIP offload bundle layout", "[bundle]") {
  std::string a(5000, 'a'), b(3, 'b');
  std::string bundle = amd::writeHipOffloadBundle(
      {{amd::getHipBundleId("gfx942"), a}, {amd::getHipBundleId("gfx950"), b}});
  const char *data = bundle.data();
  CHECK(std::string(data, 24) == "__CLANG_OFFLOAD_BUNDLE__");
  CHECK(read64le(data + 24) == 3);
  // The empty host entry, then each code object on a 4096-byte boundary.
  const char *entry = data + 32;
  std::vector<std::tuple<uint64_t, uint64_t, std::string>> entries;
  for (int i = 0; i < 3; ++i) {
    uint64_t idSize = read64le(entry + 16);
    entries.emplace_back(read64le(entry), read64le(entry + 8),
                         std::string(entry + 24, idSize));
    entry += 24 + idSize;
  }
  CHECK(entries[0] ==
        std::make_tuple(uint64_t(4096), uint64_t(0),
                        std::string("host-x86_64-unknown-linux-gnu-")));
  CHECK(entries[1] ==
        std::make_tuple(uint64_t(4096), uint64_t(5000),
                        std::string("hipv4-amdgcn-amd-amdhsa--gfx942")));
  CHECK(entries[2] ==
        std::make_tuple(uint64_t(12288), uint64_t(3),
                        std::string("hipv4-amdgcn-amd-amdhsa--gfx950")));
  CHECK(bundle.size() == 12288 + 3);
  CHECK(bundle.substr(4096, 5000) == a);
  CHECK(bundle.substr(12288) == b);
}
