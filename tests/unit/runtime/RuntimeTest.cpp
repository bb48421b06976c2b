//===- RuntimeTest.cpp - libgluonrt tests that need no GPU ----------------===//
//
// Metadata documents and fake images are written into a fresh temporary
// folder per test; nothing here needs a driver, and the driver-dependent
// assertions (clean failure without libcuda / libamdhip64) are skipped where
// such a library is installed.
//
//===----------------------------------------------------------------------===//

#include "gluonc/runtime/gluonrt.h"

#include "Arch.h"
#include "Arguments.h"
#include "Error.h"
#include "Files.h"
#include "Format.h"
#include "Kernargs.h"
#include "Metadata.h"
#include "RuntimeTestSupport.h"
#include "ScalarTypes.h"
#include "Sha256.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <dlfcn.h>
#include <sys/stat.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

using namespace runtime_test;

namespace {

/// The hidden argument `kind` at `offset`, `size` bytes.
json hiddenParam(const std::string &kind, unsigned offset, unsigned size) {
  return {{"kind", kind}, {"offset", offset}, {"size", size}};
}

/// add_kernel as gluonc writes it for gfx942 when the kernel reads
/// gl.num_programs: the code object v5 hidden arguments after n.
json amdAddKernelDocument() {
  json document = addKernelDocument();
  document["target"] = {{"arch", "gfx942"},
                        {"backend", "amd"},
                        {"code_object_version", "5"},
                        {"kernel_descriptor", "add_kernel.kd"},
                        {"warp_size", 64}};
  document["image"]["format"] = "hsaco";
  document["image"]["file"] = "add_kernel.gfx942.hsaco";
  document["launch"]["block_dims"] = {256, 1, 1};
  document["resources"]["kernarg_bytes"] = 288;
  document["resources"]["kernarg_alignment"] = 8;
  document["hidden_params"] = {
      hiddenParam("hidden_block_count_x", 32, 4),
      hiddenParam("hidden_block_count_y", 36, 4),
      hiddenParam("hidden_block_count_z", 40, 4),
      hiddenParam("hidden_group_size_x", 44, 2),
      hiddenParam("hidden_group_size_y", 46, 2),
      hiddenParam("hidden_group_size_z", 48, 2),
      hiddenParam("hidden_remainder_x", 50, 2),
      hiddenParam("hidden_remainder_y", 52, 2),
      hiddenParam("hidden_remainder_z", 54, 2),
      hiddenParam("hidden_global_offset_x", 72, 8),
      hiddenParam("hidden_grid_dims", 96, 2),
      hiddenParam("hidden_printf_buffer", 104, 8),
      hiddenParam("hidden_dynamic_lds_size", 144, 4)};
  return document;
}

bool libraryLoads(const char *name) {
  void *handle = dlopen(name, RTLD_NOW | RTLD_LOCAL);
  if (handle)
    dlclose(handle);
  return handle != nullptr;
}

} // namespace

//===-- SHA-256 -----------------------------------------------------------===//

TEST_CASE("SHA-256 matches the FIPS 180-4 test vectors", "[sha256]") {
  using gluonrt::Sha256;
  CHECK(Sha256::hexDigest("", 0) ==
        "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  CHECK(Sha256::hexDigest("abc", 3) ==
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  const std::string twoBlocks =
      "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
  CHECK(Sha256::hexDigest(twoBlocks.data(), twoBlocks.size()) ==
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  // One million 'a's: a 1 MB input.
  const std::string million(1000000, 'a');
  CHECK(Sha256::hexDigest(million.data(), million.size()) ==
        "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST_CASE("SHA-256 gives the same digest for any split of the input",
          "[sha256]") {
  std::string data;
  for (int i = 0; i < 5000; ++i)
    data.push_back(char(i * 131 + 7));
  std::string expected = gluonrt::Sha256::hexDigest(data.data(), data.size());
  for (size_t chunk : {1u, 3u, 63u, 64u, 65u, 1000u}) {
    gluonrt::Sha256 hasher;
    for (size_t offset = 0; offset < data.size(); offset += chunk)
      hasher.update(data.data() + offset,
                    std::min(chunk, data.size() - offset));
    auto digest = hasher.finish();
    std::string hex;
    for (uint8_t byte : digest) {
      char pair[3];
      std::snprintf(pair, sizeof(pair), "%02x", byte);
      hex += pair;
    }
    CHECK(hex == expected);
  }
  char viaC[65];
  gluonrt_sha256_hex(data.data(), data.size(), viaC);
  CHECK(std::string(viaC) == expected);
}

//===-- Metadata ----------------------------------------------------------===//

TEST_CASE("A valid document loads without a device", "[metadata]") {
  MetadataKernel loaded(addKernelDocument());
  gluonrt_kernel *kernel = loaded.kernel;

  CHECK(std::string(gluonrt_kernel_entry(kernel)) == "add_kernel");
  CHECK(std::string(gluonrt_kernel_arch(kernel)) == "sm_90a");
  CHECK(gluonrt_kernel_backend(kernel) == GLUONRT_BACKEND_NVIDIA);
  CHECK(gluonrt_kernel_is_bound(kernel) == 0);
  CHECK(gluonrt_kernel_device(kernel) == -1);
  CHECK(std::string(gluonrt_kernel_image_path(kernel))
            .find("add_kernel.sm_90a.cubin") != std::string::npos);

  REQUIRE(gluonrt_kernel_num_params(kernel) == 4);
  gluonrt_param_info param;
  REQUIRE(gluonrt_kernel_param(kernel, 0, &param) == GLUONRT_SUCCESS);
  CHECK(std::string(param.name) == "x_ptr");
  CHECK(std::string(param.type) == "*fp32");
  CHECK(param.kind == GLUONRT_PARAM_POINTER);
  CHECK(param.value_type == GLUONRT_TYPE_FP32);
  CHECK(param.size == 8);
  CHECK(param.divisibility == 16);
  REQUIRE(gluonrt_kernel_param(kernel, 3, &param) == GLUONRT_SUCCESS);
  CHECK(std::string(param.name) == "n");
  CHECK(param.kind == GLUONRT_PARAM_SCALAR);
  CHECK(param.value_type == GLUONRT_TYPE_I32);
  CHECK(param.offset == 24);
  CHECK(param.size == 4);
  CHECK(gluonrt_kernel_param(kernel, 4, &param) ==
        GLUONRT_ERROR_INVALID_ARGUMENT);
  CHECK(gluonrt_kernel_param_index(kernel, "out_ptr") == 2);
  CHECK(gluonrt_kernel_param_index(kernel, "nope") == -1);

  gluonrt_launch_info launch;
  REQUIRE(gluonrt_kernel_launch_info(kernel, &launch) == GLUONRT_SUCCESS);
  CHECK(launch.num_warps == 4);
  CHECK(launch.block_dims[0] == 128);
  CHECK(launch.block_dims[1] == 1);
  CHECK(launch.cluster_dims[2] == 1);
  CHECK(launch.shared_bytes == 0);
  CHECK(launch.warp_size == 32);
}

TEST_CASE("Constexprs can be read as integers or JSON text", "[metadata]") {
  MetadataKernel loaded(addKernelDocument());
  gluonrt_kernel *kernel = loaded.kernel;

  CHECK(gluonrt_kernel_num_constexprs(kernel) == 3);
  CHECK(std::string(gluonrt_kernel_constexpr_name(kernel, 0)) == "BLOCK");
  CHECK(gluonrt_kernel_constexpr_name(kernel, 3) == nullptr);
  int64_t value = 0;
  REQUIRE(gluonrt_kernel_constexpr_int(kernel, "BLOCK", &value) ==
          GLUONRT_SUCCESS);
  CHECK(value == 1024);
  REQUIRE(gluonrt_kernel_constexpr_int(kernel, "EVEN", &value) ==
          GLUONRT_SUCCESS);
  CHECK(value == 1);
  CHECK(gluonrt_kernel_constexpr_int(kernel, "layout", &value) ==
        GLUONRT_ERROR_INVALID_ARGUMENT);
  CHECK(gluonrt_kernel_constexpr_int(kernel, "MISSING", &value) ==
        GLUONRT_ERROR_NOT_FOUND);
  CHECK(lastError().find("MISSING") != std::string::npos);
  CHECK(std::string(gluonrt_kernel_constexpr_json(kernel, "layout")) ==
        "\"gl.BlockedLayout([4], [32], [4], [0])\"");
  CHECK(std::string(gluonrt_kernel_constexpr_json(kernel, "BLOCK")) == "1024");
  CHECK(gluonrt_kernel_constexpr_json(kernel, "MISSING") == nullptr);
}

TEST_CASE("Malformed documents are rejected with a message naming the key",
          "[metadata]") {
  TempDir dir;
  json document = addKernelDocument();
  std::string expectedText;

  SECTION("unknown schema") {
    document["schema"] = "gluonc.kernel/2";
    expectedText = "unknown schema 'gluonc.kernel/2'";
  }
  SECTION("missing schema") {
    document.erase("schema");
    expectedText = "missing key 'schema'";
  }
  SECTION("missing entry") {
    document.erase("entry");
    expectedText = "missing key 'entry'";
  }
  SECTION("missing image") {
    document.erase("image");
    expectedText = "missing key 'image'";
  }
  SECTION("missing image sha256") {
    document["image"].erase("sha256");
    expectedText = "image: missing key 'sha256'";
  }
  SECTION("missing launch block dims") {
    document["launch"].erase("block_dims");
    expectedText = "launch: missing key 'block_dims'";
  }
  SECTION("missing params") {
    document.erase("params");
    expectedText = "missing key 'params'";
  }
  SECTION("missing param offset") {
    document["params"][1].erase("offset");
    expectedText = "params[1]: missing key 'offset'";
  }
  SECTION("missing target arch") {
    document["target"].erase("arch");
    expectedText = "target: missing key 'arch'";
  }
  SECTION("unknown backend") {
    document["target"]["backend"] = "tpu";
    expectedText = "unknown backend 'tpu'";
  }
  SECTION("arch that is not an NVIDIA architecture") {
    document["target"]["arch"] = "gfx942";
    expectedText = "target.arch";
  }
  SECTION("image format that does not match the backend") {
    document["image"]["format"] = "hsaco";
    expectedText = "image.format";
  }
  SECTION("absolute image path") {
    document["image"]["file"] = "/tmp/add_kernel.cubin";
    expectedText = "must be relative";
  }
  SECTION("a sha256 that is not hex") {
    document["image"]["sha256"] = std::string(64, 'Z');
    expectedText = "64 lowercase hex digits";
  }
  SECTION("overlapping parameter offsets") {
    document["params"][2]["offset"] = 8;
    expectedText = "overlap";
  }
  SECTION("offset not a multiple of the alignment") {
    document["params"][3]["offset"] = 26;
    expectedText = "not a multiple of the alignment";
  }
  SECTION("duplicate parameter names") {
    document["params"][1]["name"] = "x_ptr";
    expectedText = "two parameters are named 'x_ptr'";
  }
  SECTION("scalar size that does not match its type") {
    document["params"][3]["size"] = 8;
    expectedText = "params[3]";
  }
  SECTION("unknown scalar type") {
    document["params"][3]["type"] = "i24";
    expectedText = "unknown scalar type 'i24'";
  }
  SECTION("unknown parameter kind") {
    document["params"][3]["kind"] = "tensor";
    expectedText = "unknown kind 'tensor'";
  }
  SECTION("zero divisibility") {
    document["params"][0]["divisibility"] = 0;
    expectedText = "divisibility";
  }
  SECTION("divisibility on a float scalar") {
    document["params"][3] = scalarParam("scale", "fp32", 4, 24, 16);
    expectedText = "only integer parameters";
  }
  SECTION("pointer element type that contradicts its type") {
    document["params"][0]["element_type"] = "fp16";
    expectedText = "element_type";
  }
  SECTION("negative shared memory") {
    document["launch"]["shared_bytes"] = -1;
    expectedText = "launch.shared_bytes";
  }
  SECTION("block dims of the wrong length") {
    document["launch"]["block_dims"] = {128, 1};
    expectedText = "launch.block_dims";
  }
  SECTION("too many threads per block") {
    document["launch"]["block_dims"] = {2048, 1, 1};
    expectedText = "exceed 1024";
  }
  SECTION("zero cluster dims") {
    document["launch"]["cluster_dims"] = {0, 1, 1};
    expectedText = "launch.cluster_dims";
  }
  SECTION("a document that is not an object") {
    document = json::array();
    expectedText = "must be a JSON object";
  }
  // Issue 12, finding 10: values that were accepted.
  SECTION("a divisibility that is not a power of two") {
    document["params"][3]["divisibility"] = 3;
    expectedText = "params[3].divisibility: must be a power of two, got 3";
  }
  SECTION("zero CTAs") {
    document["launch"]["num_ctas"] = 0;
    expectedText = "launch.num_ctas: must be at least 1";
  }
  SECTION("a scratch alignment of 0") {
    document["scratch"]["global_alignment"] = 0;
    expectedText = "scratch.global_alignment: must be a power of two, got 0";
  }
  SECTION("a scratch alignment of 3") {
    document["scratch"]["global_alignment"] = 3;
    expectedText = "scratch.global_alignment: must be a power of two, got 3";
  }
  SECTION("2^64-1 bytes of scratch") {
    document["scratch"]["global_bytes"] = ~uint64_t(0);
    expectedText = "scratch.global_bytes: is too large";
  }
  SECTION("block dims whose product wraps") {
    document["launch"]["block_dims"] = {uint64_t(1) << 31, uint64_t(1) << 31,
                                        4};
    expectedText = "threads in one dimension exceed 1024";
  }
  SECTION("an argument past the argument buffer's limit") {
    document["params"][3]["offset"] = 4294967292u;
    expectedText = "params: the arguments end at byte 4294967296, past the "
                   "limit of 65536";
  }
  SECTION("shared memory beyond any GPU") {
    document["launch"]["shared_bytes"] = 4294967295u;
    expectedText = "launch.shared_bytes: is too large";
  }
  SECTION("an image larger than the limit") {
    document["image"]["size"] = uint64_t(1) << 31;
    expectedText = "image.size: is too large";
  }
  SECTION("an entry name with a NUL") {
    document["entry"] = std::string("add_kernel\0x", 12);
    expectedText = "entry: the string \"add_kernel\\u0000x\" contains a NUL";
  }
  SECTION("more parameters than the limit") {
    json params = json::array();
    for (unsigned i = 0; i < 32769; ++i)
      params.push_back(scalarParam("p" + std::to_string(i), "i8", 1, i, 1));
    document["params"] = params;
    expectedText = "params: 32769 parameters exceed the limit of 32768";
  }

  std::string path = writeKernel(dir, document);
  CHECK(loadMetadata(path) == GLUONRT_ERROR_INVALID_METADATA);
  INFO(lastError());
  CHECK(lastError().find(expectedText) != std::string::npos);
  CHECK(lastError().find("kernel.json") != std::string::npos);
}

TEST_CASE("Keys twice, NUL characters and deep nesting are refused",
          "[metadata]") {
  std::string text = addKernelDocument().dump();
  std::string expectedText;
  auto replace = [&](const std::string &from, const std::string &to) {
    size_t at = text.find(from);
    REQUIRE(at != std::string::npos);
    text.replace(at, from.size(), to);
  };

  SECTION("a key twice at the top") {
    replace("\"entry\":\"add_kernel\"",
            "\"entry\":\"add_kernel\",\"entry\":\"evil\"");
    expectedText = "kernel.json: the key \"entry\" is given twice";
  }
  SECTION("a key twice in a parameter") {
    replace("\"name\":\"n\"", "\"name\":\"n\",\"name\":\"m\"");
    expectedText = "kernel.json: params[3]: the key \"name\" is given twice";
  }
  SECTION("a NUL in a key") {
    replace("\"BLOCK\"", "\"BL\\u0000OCK\"");
    expectedText = "constexprs: the key \"BL\\u0000OCK\" contains a NUL";
  }
  SECTION("a NUL in a string of an array") {
    replace("\"partitions\":[]", "\"partitions\":[1,\"a\\u0000\"]");
    expectedText = "partitions[1]: the string \"a\\u0000\" contains a NUL";
  }
  SECTION("nesting deeper than the limit") {
    replace("\"BLOCK\":1024",
            "\"BLOCK\":" + std::string(100000, '[') + std::string(100000, ']'));
    expectedText = "constexprs.BLOCK[0][0]";
  }
  gluonrt::KernelMetadata metadata;
  CHECK(gluonrt::parseMetadata(text, "kernel.json", metadata) ==
        GLUONRT_ERROR_INVALID_METADATA);
  INFO(lastError());
  CHECK(lastError().find(expectedText) != std::string::npos);
}

TEST_CASE("Thirty-one levels of nesting are fine", "[metadata]") {
  json document = addKernelDocument();
  json nested = json::array();
  for (int i = 0; i < 29; ++i) // the root and constexprs are two more
    nested = json::array({nested});
  document["constexprs"]["NESTED"] = nested;
  gluonrt::KernelMetadata metadata;
  INFO(lastError());
  CHECK(gluonrt::parseMetadata(document.dump(), "kernel.json", metadata) ==
        GLUONRT_SUCCESS);
}

TEST_CASE("Parameters and constexprs are found by name among many",
          "[metadata]") {
  json document = addKernelDocument();
  json params = json::array();
  json constexprs = json::object();
  // Offsets in reverse name order, so that neither order helps.
  for (unsigned i = 0; i < 16384; ++i) {
    params.push_back(
        scalarParam("p" + std::to_string(i), "i32", 4, 4 * (16383 - i), 1));
    constexprs["C" + std::to_string(i)] = i;
  }
  document["params"] = params;
  document["constexprs"] = constexprs;
  gluonrt::KernelMetadata metadata;
  REQUIRE(gluonrt::parseMetadata(document.dump(), "kernel.json", metadata) ==
          GLUONRT_SUCCESS);
  CHECK(metadata.kernargBytes == 65536);
  for (int i = 0; i < 16384; i += 97) {
    CHECK(metadata.findParam("p" + std::to_string(i)) == i);
    const gluonrt::ConstexprMetadata *value =
        metadata.findConstexpr("C" + std::to_string(i));
    REQUIRE(value);
    CHECK(value->intValue == i);
  }
  CHECK(metadata.findParam("p16384") == -1);
  CHECK(metadata.findParam("") == -1);
  CHECK(metadata.findConstexpr("C16384") == nullptr);
}

TEST_CASE("The image is read only inside the JSON's folder", "[metadata]") {
  TempDir dir;
  fs::create_directories(dir.file("kernel/sub"));
  fs::create_directories(dir.file("outside"));
  writeFile(dir.file("outside/image.cubin"), FakeImage);
  writeFile(dir.file("kernel/sub/image.cubin"), FakeImage);
  json document = addKernelDocument();
  std::string expectedText;
  gluonrt_status expected = GLUONRT_ERROR_INVALID_METADATA;

  SECTION("'..' first") {
    document["image"]["file"] = "../outside/image.cubin";
    expectedText = "image.file: '../outside/image.cubin' must be relative to "
                   "the JSON file's folder, without '..' components";
  }
  SECTION("a symlink that leads out") {
    fs::create_symlink("../outside/image.cubin", dir.file("kernel/out.cubin"));
    document["image"]["file"] = "out.cubin";
    expectedText = "image.file: 'out.cubin' resolves to ";
  }
  SECTION("a symlinked folder that leads out") {
    fs::create_directory_symlink("../outside", dir.file("kernel/linked"));
    document["image"]["file"] = "linked/image.cubin";
    expectedText = "outside the folder";
  }
  SECTION("a FIFO") {
    REQUIRE(mkfifo(dir.file("kernel/fifo.cubin").c_str(), 0600) == 0);
    document["image"]["file"] = "fifo.cubin";
    expected = GLUONRT_ERROR_IO;
    expectedText = "fifo.cubin is a FIFO, not a regular file";
  }
  SECTION("a folder") {
    document["image"]["file"] = "sub";
    expected = GLUONRT_ERROR_IO;
    expectedText = "sub is a directory, not a regular file";
  }
  SECTION("a symlink to a device") {
    fs::create_symlink("/dev/zero", dir.file("kernel/zero.cubin"));
    document["image"]["file"] = "zero.cubin";
    expectedText = "'zero.cubin' resolves to /dev/zero, outside the folder";
  }
  std::string jsonPath = dir.file("kernel/kernel.json");
  writeFile(jsonPath, document.dump());
  CHECK(loadMetadata(jsonPath) == expected);
  INFO(lastError());
  CHECK(lastError().find(expectedText) != std::string::npos);
}

TEST_CASE("Paths inside the JSON's folder load, through symlinks too",
          "[metadata]") {
  TempDir dir;
  fs::create_directories(dir.file("kernel/sub"));
  writeFile(dir.file("kernel/sub/image.cubin"), FakeImage);
  fs::create_symlink("sub/image.cubin", dir.file("kernel/link.cubin"));
  json document = addKernelDocument();
  for (const char *file :
       {"sub/image.cubin", "./sub//image.cubin", "link.cubin"}) {
    document["image"]["file"] = file;
    std::string jsonPath = dir.file("kernel/kernel.json");
    writeFile(jsonPath, document.dump());
    gluonrt_kernel *kernel = nullptr;
    INFO(file << ": " << lastError());
    REQUIRE(loadMetadata(jsonPath, &kernel) == GLUONRT_SUCCESS);
    CHECK(std::string(gluonrt_kernel_image_path(kernel)) ==
          fs::canonical(dir.file("kernel/sub/image.cubin")).string());
    gluonrt_kernel_unload(kernel);
  }
}

TEST_CASE("The JSON must be a regular file", "[metadata]") {
  TempDir dir;
  REQUIRE(mkfifo(dir.file("kernel.json").c_str(), 0600) == 0);
  CHECK(loadMetadata(dir.file("kernel.json")) == GLUONRT_ERROR_IO);
  CHECK(lastError().find("kernel.json is a FIFO, not a regular file") !=
        std::string::npos);
  CHECK(loadMetadata(dir.path) == GLUONRT_ERROR_IO);
  CHECK(lastError().find("is a directory, not a regular file") !=
        std::string::npos);
}

TEST_CASE("A written file replaces its destination through a temporary",
          "[files]") {
  TempDir dir;
  std::string error;
  auto write = [&](const std::string &path, const std::string &text) {
    return gluonrt::writeFileReplacing(path, text.data(), text.size(), error);
  };
  auto entries = [&] {
    std::vector<std::string> names;
    for (const auto &entry : fs::directory_iterator(dir.path))
      names.push_back(entry.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
  };
  auto read = [](const std::string &path) {
    std::ifstream file(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(file), {});
  };

  // New, then replaced; nothing else is left in the folder.
  REQUIRE(write(dir.file("out.bin"), "first") == GLUONRT_SUCCESS);
  REQUIRE(write(dir.file("out.bin"), "second") == GLUONRT_SUCCESS);
  CHECK(read(dir.file("out.bin")) == "second");
  CHECK(entries() == std::vector<std::string>{"out.bin"});

  // A symlink at the destination is replaced, its target untouched.
  writeFile(dir.file("victim"), "precious");
  fs::create_symlink(dir.file("victim"), dir.file("link.bin"));
  REQUIRE(write(dir.file("link.bin"), "data") == GLUONRT_SUCCESS);
  CHECK_FALSE(fs::is_symlink(dir.file("link.bin")));
  CHECK(read(dir.file("link.bin")) == "data");
  CHECK(read(dir.file("victim")) == "precious");

  // A FIFO or a folder at the destination is refused and stays.
  REQUIRE(mkfifo(dir.file("fifo").c_str(), 0600) == 0);
  CHECK(write(dir.file("fifo"), "data") == GLUONRT_ERROR_IO);
  CHECK(error.find("fifo is a FIFO, not a regular file") != std::string::npos);
  CHECK(fs::is_fifo(dir.file("fifo")));
  fs::create_directory(dir.file("folder"));
  CHECK(write(dir.file("folder"), "data") == GLUONRT_ERROR_IO);
  CHECK(error.find("folder is a directory, not a regular file") !=
        std::string::npos);

  // A missing folder fails with the path in the message.
  CHECK(write(dir.file("missing/out.bin"), "data") == GLUONRT_ERROR_IO);
  CHECK(error.find("cannot write " + dir.file("missing/out.bin")) !=
        std::string::npos);
  CHECK(entries() == std::vector<std::string>{"fifo", "folder", "link.bin",
                                              "out.bin", "victim"});
}

TEST_CASE("Only regular files are read, up to a size", "[files]") {
  TempDir dir;
  std::string error;
  std::vector<uint8_t> bytes;
  writeFile(dir.file("data"), "12345");
  CHECK(gluonrt::readRegularFile(dir.file("data"), 5, bytes, error) ==
        GLUONRT_SUCCESS);
  CHECK(bytes.size() == 5);
  CHECK(gluonrt::readRegularFile(dir.file("data"), 4, bytes, error) ==
        GLUONRT_ERROR_IO);
  CHECK(error.find("is 5 bytes, more than the limit of 4") !=
        std::string::npos);
  CHECK(gluonrt::readRegularFile("/dev/zero", 1 << 20, bytes, error) ==
        GLUONRT_ERROR_IO);
  CHECK(error == "/dev/zero is a character device, not a regular file");
}

TEST_CASE("A relative path stays below its folder unless it has '..'",
          "[metadata]") {
  using gluonrt::staysBelowFolder;
  CHECK(staysBelowFolder("a.cubin"));
  CHECK(staysBelowFolder("sub/a.cubin"));
  CHECK(staysBelowFolder("./a.cubin"));
  CHECK(staysBelowFolder("..a/b..c/..."));
  CHECK_FALSE(staysBelowFolder(""));
  CHECK_FALSE(staysBelowFolder("/a.cubin"));
  CHECK_FALSE(staysBelowFolder(".."));
  CHECK_FALSE(staysBelowFolder("../a.cubin"));
  CHECK_FALSE(staysBelowFolder("sub/../../a.cubin"));
  CHECK_FALSE(staysBelowFolder("sub/.."));
  CHECK_FALSE(staysBelowFolder("sub//../a"));
}

TEST_CASE("Malformed AMD kernarg segments are rejected", "[metadata]") {
  TempDir dir;
  json document = amdAddKernelDocument();
  std::string expectedText;

  SECTION("a hidden argument over the explicit ones") {
    document["hidden_params"][0]["offset"] = 24;
    expectedText = "hidden_params[0]: hidden_block_count_x at byte 24 "
                   "overlaps the explicit arguments (bytes 0..28)";
  }
  SECTION("a hidden argument past the segment") {
    document["resources"]["kernarg_bytes"] = 100;
    expectedText = "resources.kernarg_bytes: 100 bytes cannot hold the "
                   "arguments, which end at byte 148";
  }
  SECTION("a kind that is not hidden") {
    document["hidden_params"][1]["kind"] = "by_value";
    expectedText = "hidden_params[1].kind: 'by_value' is not a hidden";
  }
  SECTION("a size no argument has") {
    document["hidden_params"][2]["size"] = 3;
    expectedText = "hidden_params[2].size: must be 1, 2, 4 or 8";
  }
  SECTION("a misaligned hidden argument") {
    document["hidden_params"][3]["offset"] = 45;
    expectedText = "hidden_params[3].offset: 45 is not a multiple of the size";
  }
  SECTION("hidden arguments of an NVIDIA kernel") {
    document["target"] = addKernelDocument()["target"];
    document["image"] = addKernelDocument()["image"];
    document["launch"]["block_dims"] = {128, 1, 1};
    expectedText = "hidden_params: only AMD kernels have hidden arguments";
  }

  std::string path = writeKernel(dir, document);
  CHECK(loadMetadata(path) == GLUONRT_ERROR_INVALID_METADATA);
  INFO(lastError());
  CHECK(lastError().find(expectedText) != std::string::npos);
}

TEST_CASE("The AMD kernarg segment follows the metadata's offsets",
          "[args]") {
  gluonrt::KernelMetadata metadata;
  REQUIRE(gluonrt::parseMetadata(amdAddKernelDocument().dump(), "kernel.json",
                                 metadata) == GLUONRT_SUCCESS);
  CHECK(metadata.kernargBytes == 288);
  CHECK(metadata.kernargAlignment == 8);
  REQUIRE(metadata.hiddenParams.size() == 13);

  uint64_t x = 0x1111222233334440, y = 0x5555666677778880,
           out = 0x9999aaaabbbbccc0;
  int32_t n = -48;
  void *args[] = {&x, &y, &out, &n};
  gluonrt::DispatchShape shape;
  shape.grid = {{70000, 3, 2}};
  shape.block = {{256, 1, 1}};
  shape.dynamicSharedBytes = 4096;
  std::vector<uint8_t> segment =
      gluonrt::buildKernargSegment(metadata, args, shape);
  REQUIRE(segment.size() == 288);

  auto read = [&](size_t offset, size_t size) {
    uint64_t value = 0;
    for (size_t i = 0; i < size; ++i)
      value |= uint64_t(segment[offset + i]) << (8 * i);
    return value;
  };
  CHECK(read(0, 8) == x);
  CHECK(read(8, 8) == y);
  CHECK(read(16, 8) == out);
  CHECK(read(24, 4) == uint32_t(n));
  CHECK(read(28, 4) == 0); // padding
  CHECK(read(32, 4) == 70000);
  CHECK(read(36, 4) == 3);
  CHECK(read(40, 4) == 2);
  CHECK(read(44, 2) == 256);
  CHECK(read(46, 2) == 1);
  CHECK(read(48, 2) == 1);
  CHECK(read(50, 6) == 0); // remainders: whole blocks
  CHECK(read(72, 8) == 0); // no global offset
  CHECK(read(96, 2) == 3);
  CHECK(read(104, 8) == 0); // the HIP runtime's own pointer
  CHECK(read(144, 4) == 4096);
  for (size_t offset = 148; offset < 288; ++offset)
    REQUIRE(segment[offset] == 0);
}

TEST_CASE("The C API describes the argument buffer", "[args]") {
  MetadataKernel amd(amdAddKernelDocument());
  CHECK(gluonrt_kernel_argument_bytes(amd.kernel) == 288);
  REQUIRE(gluonrt_kernel_num_hidden_params(amd.kernel) == 13);
  gluonrt_hidden_param_info hidden;
  REQUIRE(gluonrt_kernel_hidden_param(amd.kernel, 3, &hidden) ==
          GLUONRT_SUCCESS);
  CHECK(std::string(hidden.kind) == "hidden_group_size_x");
  CHECK(hidden.offset == 44);
  CHECK(hidden.size == 2);
  CHECK(gluonrt_kernel_hidden_param(amd.kernel, 13, &hidden) ==
        GLUONRT_ERROR_INVALID_ARGUMENT);
  CHECK(lastError().find("hidden parameter index 13 is out of range") !=
        std::string::npos);
  CHECK(gluonrt_kernel_hidden_param(amd.kernel, 0, nullptr) ==
        GLUONRT_ERROR_INVALID_ARGUMENT);

  // NVIDIA: the packed parameters, nothing hidden.
  MetadataKernel nvidia(addKernelDocument());
  CHECK(gluonrt_kernel_argument_bytes(nvidia.kernel) == 28);
  CHECK(gluonrt_kernel_num_hidden_params(nvidia.kernel) == 0);
  CHECK(gluonrt_kernel_argument_bytes(nullptr) == 0);
}

TEST_CASE("Without kernarg_bytes the segment ends with the last argument",
          "[args]") {
  json document = amdAddKernelDocument();
  document["resources"].erase("kernarg_bytes");
  document.erase("hidden_params");
  gluonrt::KernelMetadata metadata;
  REQUIRE(gluonrt::parseMetadata(document.dump(), "kernel.json", metadata) ==
          GLUONRT_SUCCESS);
  CHECK(metadata.kernargBytes == 28);
  CHECK(metadata.hiddenParams.empty());
}

TEST_CASE("Messages quote cut names and few entries", "[messages]") {
  using gluonrt::boundedJoin;
  using gluonrt::shortText;
  CHECK(shortText("sm_90a") == "sm_90a");
  CHECK(shortText(std::string(64, 'a')) == std::string(64, 'a'));
  CHECK(shortText(std::string(65, 'a')) == std::string(64, 'a') + "...");
  // Never half a UTF-8 sequence: "é" is 2 bytes, the 64th and 65th.
  CHECK(shortText(std::string(63, 'a') + "\xc3\xa9") ==
        std::string(63, 'a') + "...");
  std::vector<std::string> archs(10, "sm_90a");
  archs[0] = std::string(100, 'x');
  CHECK(boundedJoin(archs) == std::string(64, 'x') +
                                  "..., sm_90a, sm_90a, sm_90a, sm_90a, "
                                  "sm_90a, sm_90a, sm_90a, ... and 2 more");
  CHECK(boundedJoin(std::vector<std::string>{"a", "b"}) == "a, b");
  CHECK(boundedJoin(std::vector<std::string>{}).empty());

  gluonrt::KernelMetadata metadata;
  metadata.entry = std::string(1000, 'k');
  for (int i = 0; i < 40000; ++i) {
    metadata.params.emplace_back();
    metadata.params.back().name = i == 1 ? std::string(1000, 'p') : "x";
  }
  CHECK(metadata.signature() == std::string(64, 'k') + "...(x, " +
                                    std::string(64, 'p') +
                                    "..., x, x, x, x, x, x, ... and 39992 "
                                    "more)");
}

TEST_CASE("The last error is at most 4 KiB", "[messages]") {
  std::string message = "k.json: " + std::string(100000, 'x');
  CHECK(gluonrt::fail(GLUONRT_ERROR_IO, message) == GLUONRT_ERROR_IO);
  CHECK(lastError() ==
        message.substr(0, gluonrt::MaxMessageBytes) + "... (" +
            std::to_string(message.size() - gluonrt::MaxMessageBytes) +
            " more bytes)");
  CHECK(gluonrt::fail(GLUONRT_ERROR_IO, "short") == GLUONRT_ERROR_IO);
  CHECK(gluonrt::withContext(GLUONRT_ERROR_IO, std::string(5000, 'c')) ==
        GLUONRT_ERROR_IO);
  CHECK(lastError().size() < gluonrt::MaxMessageBytes + 32);
  CHECK(lastError().find("... (") != std::string::npos);
}

TEST_CASE("A long key is cut between UTF-8 sequences", "[metadata]") {
  // 'a' and 40 two-byte characters: the cut after 64 bytes would fall
  // inside the 32nd, whose JSON dump() throws on; the message must say
  // what is wrong, not that the JSON is invalid.
  std::string key = "a";
  for (int i = 0; i < 40; ++i)
    key += "\xc3\xa9";
  std::string text = addKernelDocument().dump();
  size_t at = text.find("\"BLOCK\"");
  REQUIRE(at != std::string::npos);
  text.replace(at, 7, "\"" + key + "\\u0000\"");
  gluonrt::KernelMetadata metadata;
  CHECK(gluonrt::parseMetadata(text, "kernel.json", metadata) ==
        GLUONRT_ERROR_INVALID_METADATA);
  INFO(lastError());
  CHECK(lastError() == "kernel.json: constexprs: the key \"" +
                           key.substr(0, 63) +
                           "\"... contains a NUL character");
}

TEST_CASE("Text that is not JSON is rejected", "[metadata]") {
  TempDir dir;
  std::string path = dir.file("kernel.json");
  writeFile(path, "{\"schema\": \"gluonc.kernel/1\", ");
  CHECK(loadMetadata(path) == GLUONRT_ERROR_INVALID_METADATA);
  CHECK(lastError().find("not valid JSON") != std::string::npos);
}

TEST_CASE("A missing JSON or image file is an I/O error", "[metadata]") {
  TempDir dir;
  CHECK(loadMetadata(dir.file("absent.json")) == GLUONRT_ERROR_IO);
  CHECK(lastError().find("absent.json") != std::string::npos);

  std::string path = dir.file("kernel.json");
  writeFile(path, addKernelDocument().dump());
  CHECK(loadMetadata(path) == GLUONRT_ERROR_IO);
  CHECK(lastError().find("add_kernel.sm_90a.cubin") != std::string::npos);
}

TEST_CASE("An image that differs from the metadata is rejected", "[metadata]") {
  TempDir dir;
  json document = addKernelDocument();

  SECTION("size mismatch") {
    std::string path = writeKernel(dir, document, FakeImage + "!");
    CHECK(loadMetadata(path) == GLUONRT_ERROR_IMAGE_MISMATCH);
    CHECK(lastError().find("bytes, the metadata says") != std::string::npos);
  }
  SECTION("same size, other bytes") {
    std::string tampered = FakeImage;
    tampered[0] ^= 1;
    std::string path = writeKernel(dir, document, tampered);
    CHECK(loadMetadata(path) == GLUONRT_ERROR_IMAGE_MISMATCH);
    CHECK(lastError().find("SHA-256") != std::string::npos);
  }
}

TEST_CASE("NULL pointers are refused, not dereferenced", "[api]") {
  gluonrt_kernel *kernel = reinterpret_cast<gluonrt_kernel *>(1);
  CHECK(gluonrt_metadata_load(nullptr, &kernel) ==
        GLUONRT_ERROR_INVALID_ARGUMENT);
  CHECK(kernel == nullptr);
  CHECK(gluonrt_metadata_load("x.json", nullptr) ==
        GLUONRT_ERROR_INVALID_ARGUMENT);
  CHECK(gluonrt_launch(nullptr, nullptr, nullptr, 0, nullptr) ==
        GLUONRT_ERROR_INVALID_ARGUMENT);
  CHECK(gluonrt_kernel_num_params(nullptr) == 0);
  gluonrt_kernel_unload(nullptr);
  CHECK(std::string(gluonrt_status_name(GLUONRT_ERROR_NO_DRIVER)) ==
        "GLUONRT_ERROR_NO_DRIVER");
  CHECK(std::string(gluonrt_status_name(12345)) == "GLUONRT_ERROR_UNKNOWN");
}

//===-- Arguments ---------------------------------------------------------===//

TEST_CASE("Arguments are checked against count and divisibility", "[args]") {
  MetadataKernel loaded(addKernelDocument(16));
  gluonrt_kernel *kernel = loaded.kernel;
  uint64_t x = 0x7f0000000000, y = 0x7f0000001000, out = 0x7f0000002000;
  int32_t n = 1 << 20;
  void *args[] = {&x, &y, &out, &n};

  CHECK(gluonrt_check_args(kernel, args, 4) == GLUONRT_SUCCESS);

  SECTION("wrong count") {
    CHECK(gluonrt_check_args(kernel, args, 3) == GLUONRT_ERROR_BAD_ARGUMENTS);
    CHECK(lastError().find("add_kernel(x_ptr, y_ptr, out_ptr, n) takes 4") !=
          std::string::npos);
  }
  SECTION("an integer that breaks its divisibility") {
    n = 1000;
    CHECK(gluonrt_check_args(kernel, args, 4) == GLUONRT_ERROR_BAD_ARGUMENTS);
    CHECK(lastError() == "argument 'n' = 1000 is not divisible by 16, as the "
                         "kernel was compiled to assume");
  }
  SECTION("negative multiples are divisible") {
    n = -32;
    CHECK(gluonrt_check_args(kernel, args, 4) == GLUONRT_SUCCESS);
    n = -33;
    CHECK(gluonrt_check_args(kernel, args, 4) == GLUONRT_ERROR_BAD_ARGUMENTS);
    CHECK(lastError().find("'n' = -33") != std::string::npos);
  }
  SECTION("a misaligned pointer") {
    y += 4;
    CHECK(gluonrt_check_args(kernel, args, 4) == GLUONRT_ERROR_BAD_ARGUMENTS);
    CHECK(lastError().find("argument 'y_ptr' = 0x7f0000001004 is not "
                           "divisible by 16") != std::string::npos);
  }
  SECTION("a NULL value pointer") {
    args[2] = nullptr;
    CHECK(gluonrt_check_args(kernel, args, 4) == GLUONRT_ERROR_BAD_ARGUMENTS);
    CHECK(lastError().find("out_ptr") != std::string::npos);
  }
  SECTION("a NULL argument array") {
    CHECK(gluonrt_check_args(kernel, nullptr, 4) ==
          GLUONRT_ERROR_BAD_ARGUMENTS);
  }
}

TEST_CASE("Without divisibility assumptions any value is accepted", "[args]") {
  json document = addKernelDocument(1);
  for (int i = 0; i < 3; ++i)
    document["params"][i]["divisibility"] = 1;
  MetadataKernel loaded(document);
  uint64_t x = 3, y = 5, out = 7;
  int32_t n = 1001;
  void *args[] = {&x, &y, &out, &n};
  CHECK(gluonrt_check_args(loaded.kernel, args, 4) == GLUONRT_SUCCESS);
}

TEST_CASE("The argument builder checks kinds and types", "[args]") {
  json document = addKernelDocument(16);
  document["params"].push_back(scalarParam("scale", "fp16", 2, 28, 1));
  document["params"].push_back(scalarParam("flag", "i1", 1, 30, 1));
  document["params"].push_back(scalarParam("count", "u8", 1, 31, 1));
  MetadataKernel loaded(document);
  gluonrt_args *args = nullptr;
  REQUIRE(gluonrt_args_create(loaded.kernel, &args) == GLUONRT_SUCCESS);

  REQUIRE(gluonrt_args_add_ptr(args, 0x1000) == GLUONRT_SUCCESS);
  REQUIRE(gluonrt_args_add_ptr(args, 0x2000) == GLUONRT_SUCCESS);

  SECTION("a float for an integer parameter names the parameter") {
    REQUIRE(gluonrt_args_add_ptr(args, 0x3000) == GLUONRT_SUCCESS);
    CHECK(gluonrt_args_add_f32(args, 1.5f) == GLUONRT_ERROR_BAD_ARGUMENTS);
    CHECK(lastError() == "parameter 'n' has type i32, got an f32 value");
  }
  SECTION("an integer for a pointer parameter") {
    CHECK(gluonrt_args_add_i64(args, 7) == GLUONRT_ERROR_BAD_ARGUMENTS);
    CHECK(lastError().find("parameter 'out_ptr' has type *fp32") !=
          std::string::npos);
  }
  SECTION("a pointer for a scalar parameter") {
    REQUIRE(gluonrt_args_add_ptr(args, 0x3000) == GLUONRT_SUCCESS);
    CHECK(gluonrt_args_add_ptr(args, 0x4000) == GLUONRT_ERROR_BAD_ARGUMENTS);
  }
  SECTION("an integer that does not fit") {
    REQUIRE(gluonrt_args_add_ptr(args, 0x3000) == GLUONRT_SUCCESS);
    CHECK(gluonrt_args_add_i64(args, int64_t(1) << 40) ==
          GLUONRT_ERROR_BAD_ARGUMENTS);
    CHECK(lastError().find("does not fit parameter 'n' of type i32") !=
          std::string::npos);
  }
  SECTION("a complete set converts each value to its parameter's type") {
    REQUIRE(gluonrt_args_add_ptr(args, 0x3000) == GLUONRT_SUCCESS);
    REQUIRE(gluonrt_args_add_i64(args, 4096) == GLUONRT_SUCCESS);
    REQUIRE(gluonrt_args_add_f64(args, 1.0) == GLUONRT_SUCCESS);
    CHECK(gluonrt_args_add_i64(args, 2) == GLUONRT_ERROR_BAD_ARGUMENTS);
    REQUIRE(gluonrt_args_add_i64(args, 1) == GLUONRT_SUCCESS);
    CHECK(gluonrt_args_add_i64(args, -1) == GLUONRT_ERROR_BAD_ARGUMENTS);
    REQUIRE(gluonrt_args_add_u32(args, 255) == GLUONRT_SUCCESS);
    CHECK(gluonrt_args_add_i32(args, 0) == GLUONRT_ERROR_BAD_ARGUMENTS);

    void *const *pointers = gluonrt_args_pointers(args);
    REQUIRE(pointers != nullptr);
    REQUIRE(gluonrt_args_count(args) == 7);
    CHECK(*static_cast<uint64_t *>(pointers[2]) == 0x3000);
    CHECK(*static_cast<int32_t *>(pointers[3]) == 4096);
    CHECK(*static_cast<uint16_t *>(pointers[4]) == 0x3c00); // 1.0 in fp16
    CHECK(*static_cast<uint8_t *>(pointers[5]) == 1);
    CHECK(*static_cast<uint8_t *>(pointers[6]) == 255);
    CHECK(gluonrt_check_args(loaded.kernel, pointers, 7) == GLUONRT_SUCCESS);

    int64_t badN = 1000;
    REQUIRE(gluonrt_args_set_by_name(args, "n", GLUONRT_VALUE_I64, &badN) ==
            GLUONRT_SUCCESS);
    CHECK(gluonrt_check_args(loaded.kernel, gluonrt_args_pointers(args), 7) ==
          GLUONRT_ERROR_BAD_ARGUMENTS);
    CHECK(gluonrt_args_set_by_name(args, "m", GLUONRT_VALUE_I64, &badN) ==
          GLUONRT_ERROR_NOT_FOUND);
  }
  SECTION("raw half bits need exactly that type") {
    REQUIRE(gluonrt_args_add_ptr(args, 0x3000) == GLUONRT_SUCCESS);
    REQUIRE(gluonrt_args_add_i32(args, 16) == GLUONRT_SUCCESS);
    CHECK(gluonrt_args_add_bf16_bits(args, 0x3f80) ==
          GLUONRT_ERROR_BAD_ARGUMENTS);
    CHECK(gluonrt_args_add_f16_bits(args, 0x3c00) == GLUONRT_SUCCESS);
  }
  SECTION("missing values are reported by name") {
    CHECK(gluonrt_args_pointers(args) == nullptr);
    CHECK(lastError().find("argument 'out_ptr' has no value") !=
          std::string::npos);
    uint32_t grid[3] = {1, 1, 1};
    CHECK(gluonrt_launch_args(loaded.kernel, grid, args, nullptr) ==
          GLUONRT_ERROR_BAD_ARGUMENTS);
  }
  gluonrt_args_destroy(args);
}

TEST_CASE("Launching a kernel loaded without a device is refused", "[args]") {
  MetadataKernel loaded(addKernelDocument());
  uint64_t x = 0, y = 0, out = 0;
  int32_t n = 16;
  void *args[] = {&x, &y, &out, &n};
  uint32_t grid[3] = {1, 1, 1};
  CHECK(gluonrt_launch(loaded.kernel, grid, args, 4, nullptr) ==
        GLUONRT_ERROR_NOT_BOUND);
  CHECK(lastError().find("gluonrt_kernel_bind") != std::string::npos);
  CHECK(gluonrt_check_grid(loaded.kernel, grid) == GLUONRT_ERROR_NOT_BOUND);
}

TEST_CASE("Grids are checked against device limits and clusters", "[args]") {
  gluonrt::KernelMetadata metadata;
  metadata.clusterDims = {{2, 1, 1}};
  const std::array<uint32_t, 3> limits{{2147483647u, 65535u, 65535u}};
  CHECK(gluonrt::checkGrid(metadata, {{4, 1, 1}}, limits) == GLUONRT_SUCCESS);
  CHECK(gluonrt::checkGrid(metadata, {{4, 0, 1}}, limits) ==
        GLUONRT_ERROR_LAUNCH_CONFIG);
  CHECK(lastError().find("empty in y") != std::string::npos);
  CHECK(gluonrt::checkGrid(metadata, {{4, 65536, 1}}, limits) ==
        GLUONRT_ERROR_LAUNCH_CONFIG);
  CHECK(lastError().find("exceeds the device's limit") != std::string::npos);
  CHECK(gluonrt::checkGrid(metadata, {{5, 1, 1}}, limits) ==
        GLUONRT_ERROR_LAUNCH_CONFIG);
  CHECK(lastError().find("clusters") != std::string::npos);
}

//===-- Architectures and number formats ----------------------------------===//

TEST_CASE("NVIDIA architectures parse and match devices", "[arch]") {
  gluonrt::CudaArch arch;
  REQUIRE(gluonrt::parseCudaArch("sm_90a", arch));
  CHECK(arch.major == 9);
  CHECK(arch.minor == 0);
  CHECK(arch.suffix == 'a');
  CHECK(gluonrt::cudaArchRunsOn(arch, 9, 0));
  CHECK_FALSE(gluonrt::cudaArchRunsOn(arch, 8, 0));
  CHECK_FALSE(gluonrt::cudaArchRunsOn(arch, 10, 0));

  REQUIRE(gluonrt::parseCudaArch("sm_80", arch));
  CHECK(gluonrt::cudaArchRunsOn(arch, 8, 0));
  CHECK(gluonrt::cudaArchRunsOn(arch, 8, 6));
  CHECK_FALSE(gluonrt::cudaArchRunsOn(arch, 9, 0));
  REQUIRE(gluonrt::parseCudaArch("sm_86", arch));
  CHECK_FALSE(gluonrt::cudaArchRunsOn(arch, 8, 0));

  REQUIRE(gluonrt::parseCudaArch("sm_100a", arch));
  CHECK(arch.major == 10);
  CHECK(arch.minor == 0);
  REQUIRE(gluonrt::parseCudaArch("sm_120f", arch));
  CHECK(arch.major == 12);
  CHECK(gluonrt::cudaArchRunsOn(arch, 12, 1));

  for (const char *bad :
       {"sm90", "sm_", "sm_9", "sm_90b", "sm_90aa", "gfx942", "sm_1000"})
    CHECK_FALSE(gluonrt::parseCudaArch(bad, arch));
  CHECK(gluonrt::cudaArchName(9, 0) == "sm_90");
  CHECK(gluonrt::amdProcessorName("gfx942:sramecc+:xnack-") == "gfx942");
}

TEST_CASE("fp16 and bf16 conversions round to nearest even", "[types]") {
  using namespace gluonrt;
  CHECK(floatToHalfBits(1.0f) == 0x3c00);
  CHECK(floatToHalfBits(-2.0f) == 0xc000);
  CHECK(floatToHalfBits(65504.0f) == 0x7bff);
  CHECK(floatToHalfBits(65520.0f) == 0x7c00);           // rounds up to infinity
  CHECK(floatToHalfBits(5.9604645e-08f) == 0x0001);     // smallest subnormal
  CHECK(floatToHalfBits(1.0f + 1.0f / 2048) == 0x3c00); // tie to even
  CHECK(floatToHalfBits(1.0f + 3.0f / 2048) == 0x3c02); // tie to even (up)
  CHECK((floatToHalfBits(std::nanf("")) & 0x7e00) == 0x7e00);
  CHECK(halfBitsToFloat(0x3555) == Approx(0.333251953125f));
  CHECK(halfBitsToFloat(0x0001) == 5.9604645e-08f);
  for (uint32_t bits = 0; bits < 0x7c00; ++bits)
    REQUIRE(floatToHalfBits(halfBitsToFloat(uint16_t(bits))) == bits);

  CHECK(floatToBf16Bits(1.0f) == 0x3f80);
  CHECK(floatToBf16Bits(floatFromBits(0x3f808000)) == 0x3f80); // tie to even
  CHECK(floatToBf16Bits(floatFromBits(0x3f818000)) == 0x3f82);
  CHECK(bf16BitsToFloat(0xc000) == -2.0f);
}

//===-- Drivers -----------------------------------------------------------===//

// The drivers are opened once per process, on first use. Where a driver
// library is installed (the GPU machines have libcuda and, as it happens, a
// libamdhip64 too), these tests point the runtime at one that does not exist
// before anything else uses that backend, so that the missing-driver path is
// tested on every machine; elsewhere they test the default library names.

/// Makes `variable` name a missing library if any of `installed` loads;
/// returns the library name the runtime's message will contain.
std::string forceMissingLibrary(const char *variable,
                                std::vector<const char *> installed,
                                const std::string &defaultName) {
  for (const char *name : installed)
    if (libraryLoads(name)) {
      std::string missing = "/nonexistent/" + defaultName;
      REQUIRE(setenv(variable, missing.c_str(), 1) == 0);
      return missing;
    }
  return defaultName;
}

TEST_CASE("An AMD kernel fails cleanly without HIP", "[driver]") {
  std::string library = forceMissingLibrary(
      "GLUONRT_HIP_LIBRARY",
      {"libamdhip64.so", "libamdhip64.so.7", "libamdhip64.so.6",
       "libamdhip64.so.5", "/opt/rocm/lib/libamdhip64.so"},
      "libamdhip64.so");
  json document = addKernelDocument();
  document["target"]["backend"] = "amd";
  document["target"]["arch"] = "gfx942";
  document["target"]["warp_size"] = 64;
  document["image"]["format"] = "hsaco";
  document["image"]["file"] = "add_kernel.gfx942.hsaco";
  document["launch"]["block_dims"] = {256, 1, 1};
  TempDir dir;
  std::string path = writeKernel(dir, document);

  gluonrt_kernel *kernel = nullptr;
  CHECK(gluonrt_kernel_load(path.c_str(), &kernel) == GLUONRT_ERROR_NO_DRIVER);
  CHECK(kernel == nullptr);
  CHECK(lastError() ==
        "HIP runtime not found (" + library + "): cannot load AMD kernels");
  int count = -1;
  CHECK(gluonrt_device_count(GLUONRT_BACKEND_AMD, &count) ==
        GLUONRT_ERROR_NO_DRIVER);
  CHECK(count == 0);
  CHECK(gluonrt_select_device(GLUONRT_BACKEND_AMD, 0) ==
        GLUONRT_ERROR_NO_DRIVER);

  // The metadata itself still loads without any driver.
  REQUIRE(gluonrt_metadata_load(path.c_str(), &kernel) == GLUONRT_SUCCESS);
  CHECK(gluonrt_kernel_backend(kernel) == GLUONRT_BACKEND_AMD);
  CHECK(gluonrt_kernel_bind(kernel, 0) == GLUONRT_ERROR_NO_DRIVER);
  gluonrt_kernel_unload(kernel);
}

TEST_CASE("An NVIDIA kernel fails cleanly without the CUDA driver",
          "[driver]") {
  std::string library = forceMissingLibrary("GLUONRT_CUDA_LIBRARY",
                                            {"libcuda.so.1"}, "libcuda.so.1");
  TempDir dir;
  std::string path = writeKernel(dir, addKernelDocument());
  gluonrt_kernel *kernel = nullptr;
  CHECK(gluonrt_kernel_load(path.c_str(), &kernel) == GLUONRT_ERROR_NO_DRIVER);
  CHECK(kernel == nullptr);
  CHECK(lastError().find("CUDA driver not found (" + library) == 0);

  int count = -1;
  CHECK(gluonrt_device_count(GLUONRT_BACKEND_NVIDIA, &count) ==
        GLUONRT_ERROR_NO_DRIVER);
  uint64_t address = 1;
  CHECK(gluonrt_mem_alloc(1024, &address) == GLUONRT_ERROR_NO_DRIVER);
  CHECK(address == 0);
  CHECK(gluonrt_synchronize() == GLUONRT_ERROR_NO_DRIVER);
  gluonrt_device_info info;
  CHECK(gluonrt_device_get_info(GLUONRT_BACKEND_NVIDIA, 0, &info) ==
        GLUONRT_ERROR_NO_DRIVER);

  // A kernel loaded without a device still cannot be bound.
  REQUIRE(gluonrt_metadata_load(path.c_str(), &kernel) == GLUONRT_SUCCESS);
  CHECK(gluonrt_kernel_bind(kernel, 0) == GLUONRT_ERROR_NO_DRIVER);
  CHECK(gluonrt_kernel_is_bound(kernel) == 0);
  gluonrt_kernel_unload(kernel);
}
