//===- Manifest.cpp - gluonc build's kernel list --------------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Reading is in three layers, each a Settings: the top of the file, a
// [[kernel]] table, a [[kernel.specialization]] table. Every key is checked
// where it is written (type, allowed table) so that a typo is an error at
// its line, not a silently ignored option; the merged settings are then
// checked as a command line would be, by validateOptions.
//
//===----------------------------------------------------------------------===//

#include "Manifest.h"
#include "Launcher.h"

#include "gluonc/Frontend/Source.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <toml++/toml.h>
#include <tuple>

using namespace gluonc;
using namespace gluonc::driver;

namespace {

/// Options one table sets; unset ones come from the table around it.
struct Settings {
  std::optional<std::vector<std::string>> archs, emit, includeDirs,
      insertPasses;
  std::optional<std::string> pipelineFile;
  std::map<std::string, std::string> defines;
  std::optional<int64_t> numWarps, optLevel, maxRegisters;
  std::optional<bool> debug, noPTX, fpFusion, occupancyTuning;

  /// `inner` over this.
  Settings overriddenBy(const Settings &inner) const {
    Settings merged = *this;
    auto take = [](auto &to, const auto &from) {
      if (from)
        to = from;
    };
    take(merged.archs, inner.archs);
    take(merged.emit, inner.emit);
    take(merged.includeDirs, inner.includeDirs);
    take(merged.numWarps, inner.numWarps);
    take(merged.optLevel, inner.optLevel);
    take(merged.maxRegisters, inner.maxRegisters);
    take(merged.debug, inner.debug);
    take(merged.noPTX, inner.noPTX);
    take(merged.fpFusion, inner.fpFusion);
    take(merged.occupancyTuning, inner.occupancyTuning);
    take(merged.insertPasses, inner.insertPasses);
    take(merged.pipelineFile, inner.pipelineFile);
    for (const auto &[name, value] : inner.defines)
      merged.defines[name] = value;
    return merged;
  }
};

const char *const kOptionKeys[] = {"archs",
                                   "emit",
                                   "include_dirs",
                                   "defines",
                                   "num_warps",
                                   "opt_level",
                                   "maxnreg",
                                   "debug",
                                   "no_ptx",
                                   "fp_fusion",
                                   "occupancy_tuning",
                                   "insert_passes",
                                   "pass_pipeline_file"};

std::string describeType(const toml::node &node) {
  switch (node.type()) {
  case toml::node_type::table:
    return "a table";
  case toml::node_type::array:
    return "an array";
  case toml::node_type::string:
    return "a string";
  case toml::node_type::integer:
    return "an integer";
  case toml::node_type::floating_point:
    return "a float";
  case toml::node_type::boolean:
    return "a boolean";
  default:
    return "a date or time";
  }
}

/// The most parts a dotted key may have. toml++ nests a table per part,
/// recursively, in the parser and in the destructor: 300,000 parts
/// overflowed the stack (issue 32's second pass, M5), while its own depth
/// limit covers only arrays and inline tables. A manifest's deepest key
/// has three parts.
constexpr unsigned kMaxDottedKeyParts = 64;

struct TextPosition {
  unsigned line = 1, column = 1;
};

/// Where the first key of more than kMaxDottedKeyParts parts starts, found
/// without parsing: a chain is a run of bare words and quoted strings
/// joined by dots (blanks allowed around them), outside comments. A
/// float's "1.5" counts as two parts and stays far below the limit.
std::optional<TextPosition> findOverlongDottedKey(std::string_view text) {
  TextPosition at, chainStart;
  unsigned parts = 0;
  bool afterPart = false, afterDot = false;
  size_t i = 0;
  auto advance = [&](size_t count) {
    for (; count && i < text.size(); --count, ++i) {
      if (text[i] == '\n') {
        ++at.line;
        at.column = 1;
      } else {
        ++at.column;
      }
    }
  };
  auto isBare = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-';
  };
  // Skips a quoted string starting at i; escapes only in "basic" ones.
  auto skipString = [&] {
    char quote = text[i];
    bool multiline = text.substr(i, 3) == std::string(3, quote);
    advance(multiline ? 3 : 1);
    while (i < text.size()) {
      if (quote == '"' && text[i] == '\\') {
        advance(2);
      } else if (multiline ? text.substr(i, 3) == std::string(3, quote)
                           : text[i] == quote) {
        advance(multiline ? 3 : 1);
        return;
      } else if (!multiline && text[i] == '\n') {
        return;
      } else {
        advance(1);
      }
    }
  };
  while (i < text.size()) {
    char c = text[i];
    bool isPart = isBare(c) || c == '"' || c == '\'';
    if (isPart) {
      if (afterDot) {
        ++parts;
      } else {
        parts = 1;
        chainStart = at;
      }
      if (parts > kMaxDottedKeyParts)
        return chainStart;
      if (isBare(c)) {
        while (i < text.size() && isBare(text[i]))
          advance(1);
      } else {
        skipString();
      }
      afterPart = true;
      afterDot = false;
      continue;
    }
    if (c == '.' && afterPart) {
      afterDot = true;
      afterPart = false;
    } else if (c == '#') {
      while (i < text.size() && text[i] != '\n')
        advance(1);
      continue;
    } else if (c != ' ' && c != '\t') {
      afterPart = afterDot = false;
    }
    advance(1);
  }
  return std::nullopt;
}

class ManifestReader {
public:
  ManifestReader(std::string path, std::string outputDir, std::ostream &err)
      : path(std::move(path)), outputDir(std::move(outputDir)), err(err) {
    folder = llvm::sys::path::parent_path(this->path).str();
  }

  std::optional<Manifest> read() {
    // A manifest is read as a source is: a FIFO or /dev/zero is refused,
    // not waited on or read until memory runs out.
    std::string readError;
    std::optional<std::string> text =
        readRegularFile(path, SourceManager::kMaxSourceBytes, readError);
    if (!text) {
      err << "gluonc: error: " << readError << "\n";
      return std::nullopt;
    }
    if (std::optional<TextPosition> where = findOverlongDottedKey(*text)) {
      err << path << ":" << where->line << ":" << where->column
          << ": error: a dotted key of more than " << kMaxDottedKeyParts
          << " parts; a manifest's keys have at most three\n";
      return std::nullopt;
    }
    toml::table document;
    try {
      document = toml::parse(std::string_view(*text), path);
    } catch (const toml::parse_error &parseError) {
      error(parseError.source(), std::string(parseError.description()));
      printErrors();
      return std::nullopt;
    }
    readTop(document);
    if (!failed && manifest.jobs.empty())
      error(document.source(), "the manifest lists no kernel: add a "
                               "[[kernel]] table with source and name");
    printErrors();
    if (failed)
      return std::nullopt;
    return std::move(manifest);
  }

private:
  /// Records an error; they print in the file's order (a table's keys
  /// come sorted by name, not in the order written).
  void error(const toml::source_region &where, const std::string &message) {
    errors.push_back({where.begin.line, where.begin.column, message});
    failed = true;
  }

  void printErrors() {
    std::stable_sort(errors.begin(), errors.end(),
                     [](const Error &a, const Error &b) {
                       return std::tie(a.line, a.column) <
                              std::tie(b.line, b.column);
                     });
    for (const Error &error : errors)
      err << path << ":" << error.line << ":" << error.column
          << ": error: " << error.message << "\n";
  }

  std::optional<std::string> readString(const toml::key &key,
                                        const toml::node &node) {
    if (std::optional<std::string> text = node.value_exact<std::string>())
      return text;
    error(key.source(), "'" + std::string(key.str()) +
                            "' must be a string, not " + describeType(node));
    return std::nullopt;
  }

  std::optional<std::vector<std::string>>
  readStringList(const toml::key &key, const toml::node &node) {
    std::vector<std::string> items;
    const toml::array *array = node.as_array();
    if (!array) {
      // One item may be written without brackets.
      if (std::optional<std::string> item = node.value_exact<std::string>())
        return std::vector<std::string>{*item};
      error(key.source(), "'" + std::string(key.str()) +
                              "' must be a list of strings, not " +
                              describeType(node));
      return std::nullopt;
    }
    for (const toml::node &item : *array) {
      std::optional<std::string> text = item.value_exact<std::string>();
      if (!text) {
        error(item.source(), "'" + std::string(key.str()) +
                                 "' must hold strings, not " +
                                 describeType(item));
        return std::nullopt;
      }
      items.push_back(*text);
    }
    return items;
  }

  template <typename T>
  std::optional<T> readScalar(const toml::key &key, const toml::node &node,
                              const char *typeName) {
    if (std::optional<T> value = node.value_exact<T>())
      return value;
    error(key.source(), "'" + std::string(key.str()) + "' must be " +
                            typeName + ", not " + describeType(node));
    return std::nullopt;
  }

  /// A define's value as -D takes it: a Python expression.
  std::optional<std::string> readDefineValue(const toml::key &name,
                                             const toml::node &value) {
    if (std::optional<int64_t> number = value.value_exact<int64_t>())
      return std::to_string(*number);
    if (std::optional<bool> flag = value.value_exact<bool>())
      return std::string(*flag ? "True" : "False");
    if (std::optional<std::string> text = value.value_exact<std::string>())
      return text;
    error(name.source(),
          "define '" + std::string(name.str()) +
              "' must be an integer, a boolean or a string holding a "
              "Python expression, not " +
              describeType(value));
    return std::nullopt;
  }

  /// Reads an option key into `settings`; false if `key` is not one.
  bool readOption(const toml::key &key, const toml::node &node,
                  Settings &settings) {
    std::string_view name = key.str();
    if (name == "archs")
      settings.archs = readStringList(key, node);
    else if (name == "emit")
      settings.emit = readStringList(key, node);
    else if (name == "include_dirs") {
      settings.includeDirs = readStringList(key, node);
      // Relative to the manifest, like the sources.
      if (settings.includeDirs)
        for (std::string &dir : *settings.includeDirs)
          dir = relativeToManifest(dir);
    } else if (name == "defines") {
      const toml::table *defines = node.as_table();
      if (!defines) {
        error(key.source(), "'defines' must be a table (defines = { BLOCK "
                            "= 1024 }), not " +
                                describeType(node));
        return true;
      }
      for (const auto &[defineName, value] : *defines) {
        if (!isPythonName(defineName.str())) {
          error(defineName.source(),
                "'" + std::string(defineName.str()).substr(0, 64) +
                    "' cannot be defined: a define's key is a name "
                    "(letters, digits and '_', not starting with a digit)");
          continue;
        }
        if (std::optional<std::string> text =
                readDefineValue(defineName, value))
          settings.defines[std::string(defineName.str())] = *text;
      }
    } else if (name == "num_warps")
      settings.numWarps = readScalar<int64_t>(key, node, "an integer");
    else if (name == "opt_level")
      settings.optLevel = readScalar<int64_t>(key, node, "an integer");
    else if (name == "maxnreg")
      settings.maxRegisters = readScalar<int64_t>(key, node, "an integer");
    else if (name == "debug")
      settings.debug = readScalar<bool>(key, node, "a boolean");
    else if (name == "no_ptx")
      settings.noPTX = readScalar<bool>(key, node, "a boolean");
    else if (name == "fp_fusion")
      settings.fpFusion = readScalar<bool>(key, node, "a boolean");
    else if (name == "occupancy_tuning")
      settings.occupancyTuning = readScalar<bool>(key, node, "a boolean");
    else if (name == "insert_passes")
      settings.insertPasses = readStringList(key, node);
    else if (name == "pass_pipeline_file") {
      // Relative to the manifest, like the sources.
      if (std::optional<std::string> path = readString(key, node))
        settings.pipelineFile = relativeToManifest(*path);
    } else
      return false;
    return true;
  }

  void unknownKey(const toml::key &key, const char *where,
                  const std::string &allowed) {
    std::string options;
    for (const char *option : kOptionKeys)
      options += std::string(", ") + option;
    error(key.source(), "unknown key '" + std::string(key.str()) + "' in " +
                            where + " (expected " + allowed + options + ")");
  }

  std::string relativeToManifest(const std::string &file) const {
    if (llvm::sys::path::is_absolute(file) || folder.empty())
      return file;
    llvm::SmallString<256> joined(folder);
    llvm::sys::path::append(joined, file);
    return std::string(joined);
  }

  void readTop(const toml::table &document) {
    Settings top;
    const toml::array *kernels = nullptr;
    for (const auto &[key, node] : document) {
      if (key.str() == "kernel") {
        kernels = node.as_array();
        if (!kernels || !kernels->is_array_of_tables())
          error(key.source(), "'kernel' must be an array of tables: write "
                              "each as [[kernel]]");
      } else if (key.str() == "plugins") {
        // Loaded once for the whole build: a plugin's passes are registered
        // for every kernel.
        if (std::optional<std::vector<std::string>> paths =
                readStringList(key, node))
          for (const std::string &path : *paths)
            manifest.plugins.push_back(relativeToManifest(path));
      } else if (!readOption(key, node, top))
        unknownKey(key, "the manifest's top level", "kernel, plugins");
    }
    if (!kernels || !kernels->is_array_of_tables())
      return;
    for (const toml::node &kernel : *kernels)
      readKernel(*kernel.as_table(), top);
  }

  void readKernel(const toml::table &table, const Settings &top) {
    Settings settings;
    std::optional<std::string> source, name, signature, out;
    const toml::array *specializations = nullptr;
    for (const auto &[key, node] : table) {
      std::string_view field = key.str();
      if (field == "source")
        source = readString(key, node);
      else if (field == "name")
        name = readString(key, node);
      else if (field == "signature")
        signature = readString(key, node);
      else if (field == "out")
        out = readString(key, node);
      else if (field == "specialization") {
        specializations = node.as_array();
        if (!specializations || !specializations->is_array_of_tables()) {
          error(key.source(), "'specialization' must be an array of tables: "
                              "write each as [[kernel.specialization]]");
          specializations = nullptr;
        }
      } else if (!readOption(key, node, settings))
        unknownKey(key, "a [[kernel]]",
                   "source, name, signature, out, specialization");
    }
    if (!source || !name) {
      error(table.source(), std::string("a [[kernel]] needs ") +
                                (!source ? "'source' (its .py file)"
                                         : "'name' (its @gluon.jit function)"));
      return;
    }
    Settings kernelSettings = top.overriddenBy(settings);
    if (!specializations) {
      addJob(table, *source, *name, signature.value_or(""),
             out.value_or(*name), kernelSettings);
      return;
    }
    if (signature || out) {
      error(table.source(), "a [[kernel]] with specializations takes "
                            "'signature' and 'out' from each of them");
      return;
    }
    unsigned index = 0;
    for (const toml::node &node : *specializations)
      readSpecialization(*node.as_table(), *source, *name, kernelSettings,
                         specializations->size() == 1
                             ? *name
                             : *name + "_" + std::to_string(index++));
  }

  void readSpecialization(const toml::table &table, const std::string &source,
                          const std::string &name, const Settings &outer,
                          const std::string &defaultOut) {
    Settings settings;
    std::optional<std::string> signature, out;
    for (const auto &[key, node] : table) {
      if (key.str() == "signature")
        signature = readString(key, node);
      else if (key.str() == "out")
        out = readString(key, node);
      else if (!readOption(key, node, settings))
        unknownKey(key, "a [[kernel.specialization]]", "signature, out");
    }
    addJob(table, source, name, signature.value_or(""),
           out.value_or(defaultOut), outer.overriddenBy(settings));
  }

  /// Whether `name` is a Python name (ASCII), as a define's key must be.
  static bool isPythonName(std::string_view name) {
    if (name.empty() || std::isdigit(static_cast<unsigned char>(name[0])))
      return false;
    for (char c : name)
      if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_')
        return false;
    return true;
  }

  /// Whether `out` can name a folder under the output directory.
  static bool isFolderName(const std::string &out) {
    if (out.empty() || out == "." || out == ".." || out == "index.json")
      return false;
    for (char c : out)
      if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' &&
          c != '-' && c != '.')
        return false;
    return true;
  }

  void addJob(const toml::table &table, const std::string &source,
              const std::string &name, const std::string &signature,
              const std::string &out, const Settings &settings) {
    if (!isFolderName(out)) {
      error(table.source(),
            "'" + out +
                "' cannot name the specialization's output folder: use "
                "letters, digits, '_', '-' and '.' (set 'out')");
      return;
    }
    if (!outs.insert(out).second) {
      error(table.source(), "two specializations write to '" + out +
                                "': give each its own 'out'");
      return;
    }
    ManifestJob job;
    job.out = out;
    job.source = source;
    DriverOptions &options = job.options;
    options.input = relativeToManifest(source);
    options.kernel = name;
    options.signature = signature;
    llvm::SmallString<256> jobFolder(outputDir);
    llvm::sys::path::append(jobFolder, out);
    options.outputDir = std::string(jobFolder);
    if (settings.includeDirs)
      options.includeDirs = *settings.includeDirs;
    auto inRange = [&](std::optional<int64_t> value, const char *key,
                       int64_t low, int64_t high) {
      if (value && (*value < low || *value > high)) {
        error(table.source(), std::string("'") + key + "' must be from " +
                                  std::to_string(low) + " to " +
                                  std::to_string(high) + ", got " +
                                  std::to_string(*value));
        return false;
      }
      return true;
    };
    if (!inRange(settings.numWarps, "num_warps", 1, 1024) ||
        !inRange(settings.optLevel, "opt_level", 0, 3) ||
        !inRange(settings.maxRegisters, "maxnreg", 16, 255))
      return;
    options.numWarps = unsigned(settings.numWarps.value_or(4));
    options.optLevel = unsigned(settings.optLevel.value_or(3));
    options.maxRegisters = unsigned(settings.maxRegisters.value_or(0));
    options.debug = settings.debug.value_or(false);
    options.noPTX = settings.noPTX.value_or(false);
    options.fpFusion = settings.fpFusion.value_or(true);
    options.tuneOccupancy = settings.occupancyTuning.value_or(true);
    options.pipelineFile = settings.pipelineFile.value_or("");
    // Launchers of one manifest link into one program: each its own name.
    options.launcherName = out;
    OptionLists lists;
    if (settings.archs && settings.archs->empty()) {
      error(table.source(), "in '" + out + "': 'archs' is empty");
      return;
    }
    if (settings.archs)
      for (const std::string &arch : *settings.archs)
        lists.archList += (lists.archList.empty() ? "" : ",") + arch;
    if (settings.emit)
      lists.emitList = *settings.emit;
    for (const auto &[define, value] : settings.defines)
      lists.defineList.push_back(define + "=" + value);
    if (settings.insertPasses)
      lists.insertPasses = *settings.insertPasses;
    if (std::string problem = validateOptions(options, lists);
        !problem.empty()) {
      error(table.source(), "in '" + out + "': " + problem);
      return;
    }
    if (options.emit.count("launcher")) {
      std::string launcher = toCIdentifier(out);
      auto [other, added] = launcherOuts.emplace(launcher, out);
      if (!added) {
        error(table.source(),
              "'" + out + "' and '" + other->second +
                  "' would both write the launcher '" + launcher +
                  "' (launchers of one manifest link into one program): "
                  "give one another 'out'");
        return;
      }
    }
    manifest.jobs.push_back(std::move(job));
  }

  struct Error {
    uint32_t line, column;
    std::string message;
  };

  std::string path, outputDir, folder;
  std::ostream &err;
  std::vector<Error> errors;
  bool failed = false;
  Manifest manifest;
  std::set<std::string> outs;
  /// Each launcher name given so far, with its out.
  std::map<std::string, std::string> launcherOuts;
};

} // namespace

std::optional<Manifest>
gluonc::driver::readManifest(const std::string &path,
                             const std::string &outputDir, std::ostream &err) {
  return ManifestReader(path, outputDir, err).read();
}
