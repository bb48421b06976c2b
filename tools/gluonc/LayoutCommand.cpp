//===- LayoutCommand.cpp - gluonc layout: see which thread holds what -----===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// `gluonc layout EXPR --shape 64x16` evaluates a layout expression exactly as
// a kernel would (same builtins, same checks against --num-warps and the
// target's warp size) and prints which warp, lane and register hold each
// element of a tensor of that shape, optionally as an SVG drawing. With
// `--shared SHARED_EXPR` it also reports the bank conflicts of storing the
// tensor into shared memory of that layout; a shared layout as EXPR shows
// the offset of each element. Either way the shared allocation must fit
// the shared memory one block of --arch may use, as in a kernel.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"

#include "gluonc/Frontend/Frontend.h"
#include "gluonc/IR/Dialect.h"
#include "gluonc/Layout/LayoutRender.h"
#include "gluonc/Layout/SharedLayout.h"
#include "gluonc/Pipeline/Target.h"

#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <CLI/CLI.hpp>

#include <iostream>

using namespace gluonc;
using namespace gluonc::driver;

namespace {

struct LayoutOptions {
  std::string expression;
  std::string shapeText;
  std::vector<int64_t> shape;
  unsigned numWarps = 4;
  std::string arch = "sm_90a";
  std::string svgPath;
  std::string format = "table";
  /// --shared: a shared layout to store the tensor into.
  std::string sharedExpression;
  /// --dtype: the element type, for bank conflicts.
  std::string dtype;
};

/// The bits of an element of `dtype` in shared memory (booleans take a
/// byte); 0 for an unknown name. Triton's and Gluon's spellings.
unsigned getElementBits(std::string dtype) {
  if (dtype.rfind("gl.", 0) == 0)
    dtype = dtype.substr(3);
  static const std::pair<const char *, unsigned> kTypes[] = {
      {"i1", 8},        {"int1", 8},      {"i8", 8},       {"int8", 8},
      {"u8", 8},        {"uint8", 8},     {"fp8e4nv", 8},  {"float8e4nv", 8},
      {"fp8e5", 8},     {"float8e5", 8},  {"i16", 16},     {"int16", 16},
      {"u16", 16},      {"uint16", 16},   {"fp16", 16},    {"float16", 16},
      {"bf16", 16},     {"bfloat16", 16}, {"i32", 32},     {"int32", 32},
      {"u32", 32},      {"uint32", 32},   {"fp32", 32},    {"float32", 32},
      {"i64", 64},      {"int64", 64},    {"u64", 64},     {"uint64", 64},
      {"fp64", 64},     {"float64", 64}};
  for (auto [name, bits] : kTypes)
    if (dtype == name)
      return bits;
  return 0;
}

int usageError(const std::string &problem) {
  std::cerr << "gluonc: error: " << problem << "\n"
            << "Run 'gluonc layout --help' for usage.\n";
  return kUsageError;
}

/// Parses `64x16` into {64, 16}; an empty string when it worked, else why
/// not.
std::string parseShape(const std::string &text, std::vector<int64_t> &shape) {
  std::string expected =
      "--shape expects sizes separated by 'x', such as 64x16, got '" + text +
      "'";
  size_t start = 0;
  while (true) {
    size_t end = text.find('x', start);
    std::string part = text.substr(start, end - start);
    if (part.empty() || part.size() > 10 ||
        part.find_first_not_of("0123456789") != std::string::npos)
      return expected;
    int64_t size = std::stoll(part);
    if (size > kMaxDimSize)
      return "--shape: dimension " + part + " is larger than 2^30";
    if (!isPowerOf2(size))
      return "--shape: dimension " + part +
             " is not a power of two (layouts cover power-of-two shapes)";
    shape.push_back(size);
    if (end == std::string::npos)
      return "";
    start = end + 1;
  }
}

/// Checks what CLI11 cannot; an empty string when all is well.
std::string validate(LayoutOptions &options) {
  if (options.expression.empty())
    return "no layout expression: pass one such as "
           "'gl.BlockedLayout([1], [32], [4], [0])'";
  if (options.shapeText.empty())
    return "no --shape: pass the tensor's shape, such as --shape 64x16";
  std::string problem = parseShape(options.shapeText, options.shape);
  if (!problem.empty())
    return problem;
  int64_t elements = 1;
  for (int64_t size : options.shape)
    elements *= size;
  if (elements > kMaxRenderedElements)
    return "--shape " + options.shapeText + " has " +
           std::to_string(elements) + " elements; gluonc layout shows at " +
           "most " + std::to_string(kMaxRenderedElements);
  if (!lookupTargetForArch(options.arch))
    return "unknown architecture '" + options.arch + "'";
  std::string warpProblem = checkNumWarps(options.numWarps, options.arch);
  if (!warpProblem.empty())
    return warpProblem;
  if (options.format != "table" && options.format != "list")
    return "unknown --format '" + options.format + "' (expected table or list)";
  if (!options.dtype.empty() && getElementBits(options.dtype) == 0)
    return "unknown --dtype '" + options.dtype +
           "' (expected a type such as fp16, bf16, fp32, i8)";
  return "";
}

/// Parses the command line; returns an exit code when it is done (help or a
/// usage error), nothing when the layout should be shown.
std::optional<int> parseLayoutCommandLine(int argc, char **argv,
                                          LayoutOptions &options) {
  CLI::App app{"gluonc layout: show which warp, lane and register hold each "
               "element of a tensor in a distributed layout",
               "gluonc layout"};
  app.footer(
      "LAYOUT is a layout expression as a kernel writes it, with gl bound:\n"
      "  gl.BlockedLayout(...), gl.SliceLayout(dim, parent),\n"
      "  gl.DistributedLinearLayout(reg_bases, lane_bases, warp_bases, "
      "block_bases, shape),\n  ..., or a "
      "shared layout:\n  gl.SwizzledSharedLayout(...), "
      "gl.NVMMASharedLayout(...), gl.PaddedSharedLayout(...).\n"
      "Prints a one-line summary (the linear layout, registers per thread, "
      "replication),\nthen a table with one cell per element naming its "
      "holder, W<warp>:T<lane>:R<register>.\nRows are dimension 0 and "
      "columns dimension 1 of a 2-D tensor; a 1-D tensor is one\nrow; "
      "above rank 2 there is one table per index of the leading "
      "dimensions.\nA replicated element shows its first holder and +N, N "
      "more copies; --format list\nnames every holder. The layout is "
      "evaluated as in a kernel of --num-warps warps\n(default 4, as when "
      "compiling) of the architecture's warp size.\n"
      "A shared LAYOUT shows instead the offset of each element in the "
      "allocation\n(padding included). --shared SHARED with a distributed "
      "LAYOUT reports the bank\nconflicts of storing (or loading) the "
      "tensor in shared memory laid out by SHARED,\nas gl.bank_conflicts "
      "counts them: the extra wavefronts of the worst access. Elements\n"
      "are --dtype (default: the NVMMASharedLayout's element_bitwidth, else "
      "fp32).\n"
      "Examples:\n  gluonc layout 'gl.BlockedLayout([2, 4], [16, 2], [2, 2], "
      "[1, 0])' --shape 64x16 --svg layout.svg\n"
      "  gluonc layout 'gl.BlockedLayout([1, 8], [4, 8], [4, 1], [1, 0])' "
      "--shape 64x64 \\\n      --shared 'gl.NVMMASharedLayout(128, 16)'\n"
      "Exit status: 0 success, 1 the layout expression has errors, 2 bad "
      "command line.");
  app.add_option("LAYOUT", options.expression,
                 "Layout expression, e.g. 'gl.BlockedLayout([1], [32], [4], "
                 "[0])'");
  app.add_option("--shape", options.shapeText,
                 "Tensor shape, sizes separated by x: 64x16, 1024, 2x8x16 "
                 "(powers of two)")
      ->type_name("DIMS");
  app.add_option("-w,--num-warps", options.numWarps,
                 "Warps per program (default 4)")
      ->type_name("N");
  app.add_option("--arch", options.arch,
                 "Target architecture, for the warp size and the shared "
                 "memory a block may use (default sm_90a)")
      ->type_name("ARCH");
  app.add_option("--svg", options.svgPath,
                 "Also draw the table as SVG into this file")
      ->type_name("FILE");
  app.add_option("--format", options.format,
                 "table (first holder per element, default) or list (every "
                 "holder of every element)")
      ->type_name("table|list");
  app.add_option("--shared", options.sharedExpression,
                 "Report the bank conflicts of storing LAYOUT's tensor into "
                 "this shared layout")
      ->type_name("SHARED");
  app.add_option("--dtype", options.dtype,
                 "Element type in shared memory: fp16, bf16, fp32, i8, ...")
      ->type_name("DTYPE");

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp &e) {
    return app.exit(e);
  } catch (const CLI::ParseError &e) {
    return usageError(e.what());
  }
  std::string problem = validate(options);
  if (!problem.empty())
    return usageError(problem);
  return std::nullopt;
}

/// Evaluates a layout expression, printing its diagnostics against a
/// buffer named `bufferName`; null on failure.
mlir::Attribute evaluateLayout(const LayoutOptions &options,
                               const std::string &bufferName,
                               const std::string &expression,
                               mlir::MLIRContext &context) {
  SourceManager sources;
  DiagnosticEngine diags(sources);
  diags.setConsumer([&](const Diagnostic &diagnostic) {
    diags.render(diagnostic, std::cerr);
  });
  KernelSpec spec;
  spec.numWarps = options.numWarps;
  spec.arch = &lookupTargetForArch(options.arch)->getArchInfo(options.arch);
  mlir::Attribute attr = evaluateLayoutExpression(
      sources, diags, context, bufferName, expression, spec);
  if (!attr || diags.hasErrors())
    return {};
  return attr;
}

/// The bits of an element of the shared layout `attr`: --dtype, else the
/// NVMMASharedLayout's element_bitwidth, else fp32's; nullopt after a
/// usage error in `status`.
std::optional<unsigned> getSharedElementBits(const LayoutOptions &options,
                                             mlir::Attribute attr,
                                             int &status) {
  auto nvmma = mlir::dyn_cast<mlir::gluon::NVMMASharedLayoutAttr>(attr);
  if (options.dtype.empty())
    return nvmma ? nvmma.getElementBitWidth() : 32;
  unsigned bits = getElementBits(options.dtype);
  if (nvmma && nvmma.getElementBitWidth() != bits) {
    status =
        usageError("--dtype " + options.dtype + " has " + std::to_string(bits) +
                   "-bit elements, the NVMMASharedLayout " +
                   std::to_string(nvmma.getElementBitWidth()) + "-bit");
    return std::nullopt;
  }
  return bits;
}

/// Why a kernel of --arch could not allocate `layout` of `bits`-bit
/// elements (ArchInfo::checkSharedAllocation); empty when it could.
std::string checkSharedFits(const LayoutOptions &options,
                            const SharedLayout &layout, unsigned bits) {
  const ArchInfo &arch =
      lookupTargetForArch(options.arch)->getArchInfo(options.arch);
  std::string problem =
      arch.checkSharedAllocation(layout.getAllocationElements() * bits / 8);
  if (problem.empty())
    return "";
  return "--shape " + options.shapeText + " of " + std::to_string(bits) +
         "-bit elements in this shared layout: " + problem;
}

/// Shows a shared layout: which offset holds each element.
int showSharedLayout(const LayoutOptions &options,
                     mlir::gluon::SharedLayoutAttrInterface layoutAttr) {
  if (!options.sharedExpression.empty())
    return usageError("--shared needs a distributed LAYOUT to store, but "
                      "LAYOUT is a shared layout");
  if (!options.svgPath.empty())
    return usageError("not supported yet: --svg of a shared layout");
  std::string problem = layoutAttr.checkAllocationShape(options.shape);
  if (!problem.empty())
    return usageError("the shared layout cannot lay out --shape " +
                      options.shapeText + ": " + problem);
  int status = kSuccess;
  std::optional<unsigned> bits =
      getSharedElementBits(options, layoutAttr, status);
  if (!bits)
    return status;
  SharedLayout layout = layoutAttr.toSharedLayout(options.shape);
  if (std::string tooLarge = checkSharedFits(options, layout, *bits);
      !tooLarge.empty())
    return usageError(tooLarge);
  std::cout << summarizeSharedLayout(layout) << "\n\n"
            << (options.format == "list" ? renderSharedLayoutList(layout)
                                         : renderSharedLayoutTable(layout));
  std::cout.flush();
  return kSuccess;
}

/// The bank conflicts line of --shared; nullopt after printing why there
/// is none.
std::optional<std::string> analyzeShared(const LayoutOptions &options,
                                         const LinearLayout &distributed,
                                         mlir::MLIRContext &context,
                                         int &status) {
  mlir::Attribute attr = evaluateLayout(options, "<shared>",
                                        options.sharedExpression, context);
  if (!attr) {
    status = kUserError;
    return std::nullopt;
  }
  auto shared = mlir::dyn_cast<mlir::gluon::SharedLayoutAttrInterface>(attr);
  if (!shared) {
    status = usageError("--shared needs a shared layout such as "
                        "gl.NVMMASharedLayout(...), got a distributed one");
    return std::nullopt;
  }
  std::string problem = shared.checkAllocationShape(options.shape);
  if (!problem.empty()) {
    status = usageError("the --shared layout cannot lay out --shape " +
                        options.shapeText + ": " + problem);
    return std::nullopt;
  }
  std::optional<unsigned> bits = getSharedElementBits(options, attr, status);
  if (!bits)
    return std::nullopt;
  SharedLayout layout = shared.toSharedLayout(options.shape);
  if (std::string tooLarge = checkSharedFits(options, layout, *bits);
      !tooLarge.empty()) {
    status = usageError(tooLarge);
    return std::nullopt;
  }
  return "shared: " + summarizeSharedLayout(layout) + "\n" +
         describeBankConflicts(
             analyzeBankConflicts(distributed, layout, *bits));
}

bool writeFile(const std::string &path, const std::string &contents) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_None);
  if (!ec) {
    os << contents;
    os.close();
    if (os.has_error()) {
      ec = os.error();
      // Handled here; a stream destroyed with an error pending aborts.
      os.clear_error();
    }
  }
  if (ec)
    std::cerr << "gluonc: error: cannot write '" << path
              << "': " << ec.message() << "\n";
  return !ec;
}

} // namespace

int gluonc::driver::runLayoutCommand(int argc, char **argv) {
  LayoutOptions options;
  if (std::optional<int> status =
          parseLayoutCommandLine(argc, argv, options))
    return *status;

  mlir::MLIRContext context(mlir::MLIRContext::Threading::DISABLED);
  mlir::Attribute attr =
      evaluateLayout(options, "<layout>", options.expression, context);
  if (!attr)
    return kUserError;
  if (auto shared = mlir::dyn_cast<mlir::gluon::SharedLayoutAttrInterface>(
          attr)) {
    if (shared.getRank() > options.shape.size())
      return usageError("--shape " + options.shapeText + " has " +
                        std::to_string(options.shape.size()) +
                        " dimensions, but the layout lays out " +
                        std::to_string(shared.getRank()));
    return showSharedLayout(options, shared);
  }
  auto layoutAttr = mlir::cast<mlir::gluon::LayoutAttrInterface>(attr);
  if (layoutAttr.getRank() != options.shape.size())
    return usageError("--shape " + options.shapeText + " has " +
                      std::to_string(options.shape.size()) +
                      " dimensions, but the layout is for rank " +
                      std::to_string(layoutAttr.getRank()) + " tensors");

  LinearLayout layout = layoutAttr.toLinearLayout(options.shape);
  std::string problem = checkLayoutRenderable(layout);
  if (!problem.empty())
    return usageError(problem);

  std::string sharedReport;
  if (!options.sharedExpression.empty()) {
    int status = kSuccess;
    std::optional<std::string> report =
        analyzeShared(options, layout, context, status);
    if (!report)
      return status;
    sharedReport = *report + "\n";
  }
  std::cout << summarizeLayout(layout) << "\n" << sharedReport << "\n"
            << (options.format == "list" ? renderLayoutList(layout)
                                         : renderLayoutTable(layout));
  std::cout.flush();
  if (options.svgPath.empty())
    return kSuccess;
  std::string title = options.expression + " over " + options.shapeText +
                      ", " + std::to_string(options.numWarps) +
                      (options.numWarps == 1 ? " warp, " : " warps, ") +
                      options.arch;
  return writeFile(options.svgPath, renderLayoutSvg(layout, title))
             ? kSuccess
             : kUserError;
}
