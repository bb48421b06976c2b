//===- Launcher.cpp - --emit launcher: a C launcher per kernel ------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Each parameter becomes a C parameter of the type the kernel reads (one
// table, kCTypes: a pointer is a device address, fp16 and bf16 are their
// bits, a tensor descriptor is a gluonrt_tensordesc encoded by
// gluonrt_tensordesc_encode), and the launch passes their addresses to
// gluonrt_launch, which checks them against the metadata as for any
// launch. Images and metadata are byte arrays (string literals have
// length limits in some compilers).
//
// Names cannot collide: a kernel parameter `x` is the C parameter `x_arg`.
// No C or C++ keyword, <stdint.h> type, local of the launch function or
// `NAME_*` global ends in `_arg`, and two parameters whose names map to the
// same C identifier get their position appended. Text from outside
// (source paths, -s values, file names) goes into comments only through
// commentText, which cannot end the comment.
//
//===----------------------------------------------------------------------===//

#include "Launcher.h"

#include <cctype>
#include <cstdio>
#include <set>

using namespace gluonc;
using namespace gluonc::driver;

namespace {

/// The C type of a scalar parameter, by its metadata spelling.
const std::pair<const char *, const char *> kCTypes[] = {
    {"i1", "bool"},       {"i8", "int8_t"},     {"i16", "int16_t"},
    {"i32", "int32_t"},   {"i64", "int64_t"},   {"u8", "uint8_t"},
    {"u16", "uint16_t"},  {"u32", "uint32_t"},  {"u64", "uint64_t"},
    {"fp16", "uint16_t"}, {"bf16", "uint16_t"}, {"fp32", "float"},
    {"fp64", "double"}};

std::string cTypeOf(const KernelParam &param) {
  if (param.tensorDesc)
    return "const gluonrt_tensordesc *";
  if (param.isPointer)
    return "uint64_t ";
  for (const auto &[type, cType] : kCTypes)
    if (param.type == type)
      return std::string(cType) + " ";
  // The frontend gives every run-time parameter one of the types above.
  return "uint64_t ";
}

/// What the header says of a parameter: its type and assumptions.
std::string describe(const KernelParam &param) {
  std::string text = param.name + ": " + param.type;
  if (param.type == "fp16" || param.type == "bf16")
    text += " (its bits)";
  if (param.isPointer && param.divisibility > 1)
    text += " (" + std::to_string(param.divisibility) + "-byte aligned)";
  else if (!param.isPointer && !param.tensorDesc && param.divisibility > 1)
    text += " (divisible by " + std::to_string(param.divisibility) + ")";
  return text;
}

/// `text` safe inside a C comment: "*/" would end it, and "/*" is what
/// -Wcomment warns of.
std::string commentText(const std::string &text) {
  std::string safe;
  for (size_t i = 0; i < text.size(); ++i) {
    safe += text[i];
    if (i + 1 < text.size() && ((text[i] == '*' && text[i + 1] == '/') ||
                                (text[i] == '/' && text[i + 1] == '*')))
      safe += ' ';
  }
  return safe;
}

/// The parameters' C names, in order: `<identifier>_arg`, with the
/// position appended to a name another parameter already has.
std::vector<std::string> cNamesOf(const std::vector<KernelParam> &params) {
  std::vector<std::string> names;
  std::set<std::string> taken;
  for (size_t i = 0; i < params.size(); ++i) {
    std::string name = toCIdentifier(params[i].name) + "_arg";
    if (!taken.insert(name).second) {
      name += std::to_string(i);
      taken.insert(name);
    }
    names.push_back(name);
  }
  return names;
}

std::string parameterList(const LauncherInput &input) {
  std::string text = "void *stream, uint32_t grid_x, uint32_t grid_y, "
                     "uint32_t grid_z";
  std::vector<std::string> names = cNamesOf(input.params);
  for (size_t i = 0; i < input.params.size(); ++i)
    text += ", " + cTypeOf(input.params[i]) + names[i];
  return text;
}

std::string byteArray(const std::string &name, const std::string &bytes) {
  std::string text = "static const unsigned char " + name + "[] = {";
  char item[8];
  for (size_t i = 0; i < bytes.size(); ++i) {
    if (i % 16 == 0)
      text += "\n   ";
    std::snprintf(item, sizeof item, " 0x%02x,",
                  static_cast<unsigned char>(bytes[i]));
    text += item;
  }
  // An empty array is not C: a file of no bytes still has its NUL.
  if (bytes.empty())
    text += "0";
  return text + "\n};\n";
}

/// The header's include guard: the name as it is (an identifier), not
/// upper-cased, so that `addx` and `ADDX` keep guards of their own.
std::string headerGuard(const LauncherInput &input) {
  return "GLUONC_LAUNCHER_" + input.name + "_H";
}

} // namespace

std::string gluonc::driver::toCIdentifier(const std::string &name) {
  std::string identifier;
  for (char c : name)
    identifier += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  if (identifier.empty() ||
      std::isdigit(static_cast<unsigned char>(identifier[0])))
    identifier = "_" + identifier;
  return identifier;
}

std::string gluonc::driver::buildLauncherHeader(const LauncherInput &input) {
  const std::string &n = input.name;
  std::string archs, params, constexprs;
  for (const LauncherInput::Arch &arch : input.archs)
    archs += (archs.empty() ? "" : ", ") + arch.arch;
  for (const KernelParam &param : input.params)
    params += "\n     " + commentText(describe(param));
  for (const auto &[name, value] : input.constexprs)
    constexprs += (constexprs.empty() ? "" : ", ") + commentText(name) + " = " +
                  commentText(value);
  std::string guard = headerGuard(input);
  return "/* " + n + ".launcher.h: loads and launches " +
         commentText(input.kernelName) + " of " +
         commentText(input.sourcePath) + ".\n   Written by gluonc " +
         input.compilerVersion +
         " (--emit launcher); do not edit.\n\n   Parameters:" +
         (params.empty() ? " none" : params) +
         "\n   Constexprs: " + (constexprs.empty() ? "none" : constexprs) +
         "\n   " + std::to_string(input.numWarps) + " warps; archs " + archs +
         ", embedded. */\n\n#ifndef " + guard + "\n#define " + guard +
         "\n\n#include <stdbool.h>\n#include <stdint.h>\n\n#include "
         "<gluonc/runtime/gluonrt.h>\n\n#ifdef __cplusplus\nextern \"C\" "
         "{\n#endif\n\n"
         "/* Loads the kernel on the default device (gluonrt_kernel_load's) "
         "from the\n   images embedded in " +
         n +
         ".launcher.c, picking the device's arch; does\n   nothing when "
         "it is loaded. Call it once before launching from several\n   "
         "threads. */\ngluonrt_status " +
         n +
         "_load(void);\n\n"
         "/* The same from the files gluonc wrote: `path` is the kernel's "
         "index or\n   one arch's JSON (gluonrt_kernel_load). */\n"
         "gluonrt_status " +
         n +
         "_load_file(const char *path);\n\n"
         "/* Unloads the kernel; a launch after it loads it again. */\nvoid " +
         n +
         "_unload(void);\n\n"
         "/* The loaded kernel, NULL before a load: for gluonrt_* queries. "
         "*/\ngluonrt_kernel *" +
         n +
         "_kernel(void);\n\n"
         "/* Launches on `stream` (NULL: the default stream) over the grid, "
         "loading\n   the kernel first if needed. The arguments are checked "
         "against what the\n   kernel was compiled to assume "
         "(gluonrt_launch); gluonrt_last_error() says\n   why one is "
         "refused. Asynchronous. */\ngluonrt_status " +
         n + "_launch(" + parameterList(input) +
         ");\n\n#ifdef __cplusplus\n}\n#endif\n\n#endif /* " + guard + " */\n";
}

std::string gluonc::driver::buildLauncherSource(const LauncherInput &input) {
  const std::string &n = input.name;
  std::string text = "/* " + n + ".launcher.c: written by gluonc " +
                     input.compilerVersion +
                     " (--emit launcher); do not edit. */\n\n#include \"" + n +
                     ".launcher.h\"\n\n#include <stddef.h>\n\n";
  std::map<std::string, std::string> imageArrays;
  for (const auto &[file, bytes] : input.images) {
    std::string array = n + "_image_" + std::to_string(imageArrays.size());
    text +=
        "/* " + commentText(file) + " */\n" + byteArray(array, bytes) + "\n";
    imageArrays[file] = array;
  }
  for (size_t i = 0; i < input.archs.size(); ++i)
    text += "/* " + commentText(input.kernelName + "." + input.archs[i].arch) +
            ".json */\n" +
            byteArray(n + "_metadata_" + std::to_string(i),
                      input.archs[i].metadataJSON) +
            "\n";
  text += "static const gluonrt_embedded_arch " + n + "_archs[] = {\n";
  for (size_t i = 0; i < input.archs.size(); ++i) {
    std::string metadata = n + "_metadata_" + std::to_string(i);
    std::string image = imageArrays.at(input.archs[i].imageFile);
    text += "    {(const char *)" + metadata + ", " +
            std::to_string(input.archs[i].metadataJSON.size()) + ", " + image +
            ", " +
            std::to_string(input.images.at(input.archs[i].imageFile).size()) +
            "},\n";
  }
  text += "};\n\nstatic gluonrt_kernel *" + n + "_loaded;\n\n";
  text += "gluonrt_status " + n + "_load(void) {\n  if (" + n +
          "_loaded)\n    return GLUONRT_SUCCESS;\n  return "
          "gluonrt_kernel_load_embedded(" +
          n + "_archs, " + std::to_string(input.archs.size()) + ", -1, &" + n +
          "_loaded);\n}\n\n";
  text += "gluonrt_status " + n + "_load_file(const char *path) {\n  if (" + n +
          "_loaded)\n    return GLUONRT_SUCCESS;\n  return "
          "gluonrt_kernel_load(path, &" +
          n + "_loaded);\n}\n\n";
  text += "void " + n + "_unload(void) {\n  gluonrt_kernel_unload(" + n +
          "_loaded);\n  " + n + "_loaded = NULL;\n}\n\n";
  text +=
      "gluonrt_kernel *" + n + "_kernel(void) { return " + n + "_loaded; }\n\n";
  text += "gluonrt_status " + n + "_launch(" + parameterList(input) +
          ") {\n  gluonrt_status status = " + n +
          "_load();\n  if (status != GLUONRT_SUCCESS)\n    return status;\n  "
          "const uint32_t grid[3] = {grid_x, grid_y, grid_z};\n";
  std::string args;
  std::vector<std::string> names = cNamesOf(input.params);
  for (size_t i = 0; i < input.params.size(); ++i)
    args +=
        std::string(args.empty() ? "" : ", ") +
        (input.params[i].tensorDesc ? "(void *)" + names[i] : "&" + names[i]);
  if (input.params.empty())
    text += "  void *const *args = NULL;\n";
  else
    text += "  void *args[] = {" + args + "};\n";
  text += "  return gluonrt_launch(" + n + "_loaded, grid, args, " +
          std::to_string(input.params.size()) + ", stream);\n}\n";
  return text;
}
