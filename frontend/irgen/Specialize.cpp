//===- Specialize.cpp - Module scope, signatures, the kernel entry --------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "IRGen.h"

#include "gluonc/Frontend/Parser.h"
#include "gluonc/Frontend/Signature.h"
#include "gluonc/IR/Dialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"

#include <cctype>
#include <sstream>

using namespace gluonc;
using namespace gluonc::frontend;

IRGen::IRGen(SourceManager &sourceManager, const Module &module,
             DiagnosticEngine &diags, mlir::MLIRContext &context,
             const KernelSpec &spec, const BuiltinTable &builtins)
    : Interpreter(sourceManager, diags, builtins), module(module),
      context(context), spec(spec), builder(&context, &operations) {}

//===----------------------------------------------------------------------===//
// The kernel
//===----------------------------------------------------------------------===//

const FunctionDefStmt *IRGen::findKernel() {
  std::vector<std::string> kernels;
  std::optional<FunctionValue> named;
  for (auto &[name, function] : getModuleFunctions()) {
    if (function.kind == FunctionKind::Jit)
      kernels.push_back(name);
    if (name == spec.kernelName)
      named = function;
  }
  std::string available =
      kernels.empty() ? "the file has no @gluon.jit functions"
                      : "@gluon.jit functions in the file: ";
  for (size_t i = 0; i < kernels.size(); ++i)
    available += (i ? ", " : "") + kernels[i];
  SourceLoc fileLoc{module.fileId, 1, 1};
  if (!named) {
    getDiags().error(SourceLoc{},
                     "no kernel named '" + spec.kernelName + "' in " +
                         getSourceManager().getFile(module.fileId)->getName() +
                         "; " + available);
    throw CompileError();
  }
  if (named->kind != FunctionKind::Jit)
    failWithNote(named->def->nameLoc, "'" + spec.kernelName +
                                          "' is not a @gluon.jit kernel",
                 fileLoc, available);
  return named->def;
}

//===----------------------------------------------------------------------===//
// Signatures
//===----------------------------------------------------------------------===//


std::optional<TypeEntry>
IRGen::parseSignatureType(const SignatureEntry &entry,
                            const SourceFile &source,
                            const std::string &paramName) {
  SignatureType parsed = gluonc::parseSignatureType(entry.text);
  if (!parsed.isType)
    return std::nullopt;
  if (!parsed.error.empty())
    fail(source.getLoc(entry.offset + parsed.errorOffset),
         parsed.error + " in the signature entry for '" + paramName + "'" +
             (parsed.hint.empty() ? "" : " " + parsed.hint));
  ScalarKind kind = *parseTritonScalar(parsed.scalar);
  return TypeEntry{parsed.isPointer ? DType::pointerTo(kind) : DType::of(kind),
                   parsed.divisibility};
}

//===----------------------------------------------------------------------===//
// The kernel
//===----------------------------------------------------------------------===//

static std::string quoteJSON(const std::string &text) {
  std::string escaped = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\')
      escaped += std::string("\\") + c;
    else if (static_cast<unsigned char>(c) < 0x20) {
      char buffer[8];
      std::snprintf(buffer, sizeof(buffer), "\\u%04x", c);
      escaped += buffer;
    } else
      escaped += c;
  }
  return escaped + "\"";
}

/// Containers nested deeper than this are written as their Python text.
static constexpr unsigned kMaxJSONDepth = 32;

static std::string toJSON(const Value &value, unsigned depth) {
  if (value.isNone())
    return "null";
  if (auto *b = value.getIf<bool>())
    return *b ? "true" : "false";
  if (auto *i = value.getIf<int64_t>())
    return std::to_string(*i);
  if (auto *big = value.getIf<BigInt>())
    return big->toString();
  if (value.is<double>()) {
    std::string text = value.toString();
    return text == "nan" || text == "inf" || text == "-inf" ? quoteJSON(text)
                                                            : text;
  }
  if (depth < kMaxJSONDepth) {
    if (const std::vector<Value> *sequence = value.getSequence()) {
      std::string text = "[";
      for (size_t i = 0; i < sequence->size(); ++i)
        text += (i ? ", " : "") + toJSON((*sequence)[i], depth + 1);
      return text + "]";
    }
    if (value.isDict()) {
      // JSON keys are strings: a key is written as Python's str() of it.
      const DictValue &dict = *value.getDict();
      std::string text = "{";
      for (size_t i = 0; i < dict.keys.size(); ++i) {
        std::string key;
        if (!dict.keys[i].render(key, Style::Str,
                                 kMaxCompileTimeStringBytes))
          key = dict.keys[i].toString();
        text += (i ? ", " : "") + quoteJSON(key) + ": " +
                toJSON(dict.values[i], depth + 1);
      }
      return text + "}";
    }
  }
  if (auto *s = value.getIf<std::string>())
    return quoteJSON(*s);
  if (auto *dtype = value.getIf<DType>())
    return quoteJSON(dtype->getTritonName());
  return quoteJSON(value.toString());
}

std::string gluonc::frontend::toJSON(const Value &value) {
  return ::toJSON(value, 0);
}

std::vector<IRGen::ParamBinding>
IRGen::bindParameters(const FunctionDefStmt &kernel) {
  const Parameters &params = kernel.params;
  if (!params.posOnlyParams.empty() || params.varArg || params.kwArg ||
      !params.kwOnlyParams.empty())
    fail(kernel.loc, "not supported yet: '*', '**' and '/' parameters in a "
                     "kernel");

  uint32_t signatureFile =
      getSourceManager().addBuffer("<signature>", spec.signature);
  const SourceFile *signatureSource =
      getSourceManager().getFile(signatureFile);
  std::vector<SignatureEntry> entries = splitSignature(spec.signature);
  if (entries.size() > params.params.size())
    failWithNote(signatureSource->getLoc(entries[params.params.size()].offset),
                 "the signature has " + std::to_string(entries.size()) +
                     " entries but '" + kernel.name + "' has " +
                     std::to_string(params.params.size()) + " parameters",
                 kernel.nameLoc, "'" + kernel.name + "' is defined here");

  std::map<std::string, std::string> defines;
  for (const auto &[name, value] : spec.defines) {
    auto it = std::find_if(params.params.begin(), params.params.end(),
                           [&](const Param &p) { return p.name == name; });
    if (it == params.params.end()) {
      std::string names;
      for (const Param &p : params.params)
        names += (names.empty() ? "" : ", ") + p.name;
      failWithNote(SourceLoc{}, "-D " + name + ": '" + kernel.name +
                                    "' has no parameter named '" + name +
                                    "' (its parameters: " + names + ")",
                   kernel.nameLoc, "'" + kernel.name + "' is defined here");
    }
    if (defines.count(name))
      fail(SourceLoc{}, "-D " + name + " is given twice");
    defines[name] = value;
  }

  // Decide each parameter: a run-time argument of a type, or a value.
  std::vector<ParamBinding> bindings(params.params.size());
  for (size_t i = 0; i < params.params.size(); ++i) {
    const Param &param = params.params[i];
    bool isConstexpr = isConstexprAnnotation(param.annotation.get());
    bool inSignature = i < entries.size() && !entries[i].text.empty();
    bool defined = defines.count(param.name) > 0;
    if (inSignature && defined)
      failWithNote(signatureSource->getLoc(entries[i].offset),
                   "parameter '" + param.name +
                       "' is given both in the signature and by -D",
                   param.loc, "'" + param.name + "' is declared here");
    if (defined) {
      bindings[i].value =
          evaluateSource("<-D " + param.name + ">", defines[param.name]);
      continue;
    }
    if (!inSignature) {
      if (isConstexpr && param.defaultValue) {
        bindings[i].value = evaluateInModuleScope(*param.defaultValue);
        continue;
      }
      failWithNote(
          signatureSource->getLoc(spec.signature.size()),
          isConstexpr
              ? "missing a value for constexpr parameter '" + param.name +
                    "': add it to the signature or pass -D " + param.name +
                    "=VALUE"
              : "missing a signature entry for parameter '" + param.name +
                    "' (a run-time parameter needs a type such as i32 or "
                    "*fp32:16)",
          param.loc, "'" + param.name + "' is declared here");
    }
    const SignatureEntry &entry = entries[i];
    std::optional<TypeEntry> type =
        parseSignatureType(entry, *signatureSource, param.name);
    if (type && isConstexpr)
      failWithNote(signatureSource->getLoc(entry.offset),
                   "parameter '" + param.name +
                       "' is a gl.constexpr: give its value, not a type",
                   param.loc, "'" + param.name + "' is declared here");
    if (type) {
      bindings[i].type = *type;
      continue;
    }
    // A value: parsed and evaluated as a DSL expression.
    bindings[i].value = evaluateSource("<signature>", entry.text);
  }
  return bindings;
}

void IRGen::emitKernel(const FunctionDefStmt &kernel, KernelIR &result) {
  const Parameters &params = kernel.params;
  std::vector<ParamBinding> bindings = bindParameters(kernel);

  // The module and the kernel function.
  mlir::Location loc = getLoc(kernel.nameLoc);
  mlir::OwningOpRef<mlir::ModuleOp> moduleOp = mlir::ModuleOp::create(loc);
  moduleOp.get()->setAttr(mlir::gluon::GluonDialect::kNumWarpsAttrName,
                          builder.getI32IntegerAttr(spec.numWarps));
  moduleOp.get()->setAttr(mlir::gluon::GluonDialect::kThreadsPerWarpAttrName,
                          builder.getI32IntegerAttr(spec.warpSize));
  moduleOp.get()->setAttr(mlir::gluon::GluonDialect::kTargetAttrName,
                          builder.getStringAttr(spec.arch));

  std::vector<mlir::Type> argTypes;
  for (const ParamBinding &binding : bindings)
    if (binding.type)
      argTypes.push_back(binding.type->dtype.toMLIR(&context));
  builder.setInsertionPointToEnd(moduleOp->getBody());
  auto func = mlir::func::FuncOp::create(
      builder, loc, kernel.name, builder.getFunctionType(argTypes, {}));
  mlir::Block *entry = func.addEntryBlock();
  builder.setInsertionPointToStart(entry);

  Frame kernelFrame;
  unsigned argIndex = 0;
  for (size_t i = 0; i < bindings.size(); ++i) {
    const Param &param = params.params[i];
    const ParamBinding &binding = bindings[i];
    if (!binding.type) {
      kernelFrame[param.name] = binding.value;
      result.constexprs.emplace_back(param.name, toJSON(binding.value));
      continue;
    }
    const TypeEntry &type = *binding.type;
    if (type.divisibility > 1)
      func.setArgAttr(argIndex,
                      mlir::gluon::GluonDialect::kDivisibilityAttrName,
                      builder.getI64IntegerAttr(type.divisibility));
    kernelFrame[param.name] =
        RuntimeValue{entry->getArgument(argIndex), type.dtype, {}, {}};
    KernelParam meta;
    meta.name = param.name;
    meta.type = type.dtype.getTritonName();
    meta.isPointer = type.dtype.isPointer;
    if (meta.isPointer)
      meta.elementType = type.dtype.pointee().getTritonName();
    meta.size = type.dtype.getArgSize();
    meta.alignment = meta.size;
    meta.divisibility = type.divisibility;
    result.params.push_back(meta);
    ++argIndex;
  }

  if (!runFunction(kernel, std::move(kernelFrame), kernel.loc).isNone())
    fail(kernel.loc, "a kernel cannot return a value");
  builder.setInsertionPointToEnd(&func.getBody().back());
  mlir::func::ReturnOp::create(builder, getLoc(kernel.loc));

  result.module = std::move(moduleOp);
  result.entry = kernel.name;
}

KernelIR IRGen::run() {
  KernelIR result;
  try {
    loadModule(module);
    const FunctionDefStmt *kernel = findKernel();
    emitKernel(*kernel, result);
  } catch (CompileError &) {
    result = KernelIR();
  }
  return result;
}

mlir::Attribute IRGen::evaluateLayout(const std::string &bufferName,
                                        const std::string &text) {
  try {
    loadModule(module);
    Value value = evaluateSource(bufferName, text);
    if (auto *layout = value.getIf<LayoutValue>())
      return layout->attr;
    getDiags().error(SourceLoc{}, "'" + text + "' is not a layout but " +
                                      value.getTypeName() + " " +
                                      value.toString());
  } catch (CompileError &) {
  }
  return {};
}

