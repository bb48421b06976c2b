//===- Specialize.cpp - Module scope, signatures, the kernel entry --------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "IRGen.h"

#include "gluonc/ABI/TensorDescriptor.h"
#include "gluonc/Frontend/Parser.h"
#include "gluonc/Frontend/Signature.h"
#include "gluonc/IR/Async.h"
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
    : Interpreter(Kind::IRGen, sourceManager, diags, builtins), module(module),
      context(context), spec(spec), builder(&context, &operations) {
  setModuleLoader(spec.moduleLoader);
}

IRGen &IRGen::of(Interpreter &interpreter, const BoundArgs &args) {
  if (auto *gen = llvm::dyn_cast<IRGen>(&interpreter))
    return *gen;
  interpreter.fail(args.callLoc(),
                   "internal error: builtin '" + args.getBuiltin().getName() +
                       "' emits IR but runs outside the IR generator");
}

//===----------------------------------------------------------------------===//
// The kernel
//===----------------------------------------------------------------------===//

FunctionValue IRGen::findKernel() {
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
  const std::string &fileName =
      getSourceManager().getFile(module.fileId)->getName();
  // `-k test_fn.kernel`: a kernel defined inside a function, as upstream
  // tests do.
  bool nestedPath = spec.kernelName.find('.') != std::string::npos;
  if (nestedPath) {
    std::string why;
    named = findNestedFunction(spec.kernelName, why);
    if (!named) {
      getDiags().error(SourceLoc{}, "no kernel named '" + spec.kernelName +
                                        "' in " + fileName + ": " + why);
      throw CompileError();
    }
  }
  if (!named) {
    std::string nested;
    for (const std::string &path : findEnclosingPaths(spec.kernelName))
      nested += (nested.empty() ? "" : ", ") + path;
    getDiags().error(
        SourceLoc{},
        "no kernel named '" + spec.kernelName + "' in " + fileName + "; " +
            (nested.empty() ? available
                            : "a function of that name is defined inside "
                              "another: name it with its path, -k " +
                                  nested));
    throw CompileError();
  }
  if (named->kind != FunctionKind::Jit && nestedPath)
    fail(named->def->nameLoc,
         "'" + spec.kernelName + "' is not a @gluon.jit kernel");
  if (named->kind != FunctionKind::Jit)
    failWithNote(named->def->nameLoc, "'" + spec.kernelName +
                                          "' is not a @gluon.jit kernel",
                 fileLoc, available);
  return *named;
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
  if (parsed.isTensorDesc)
    return makeTensorDescEntry(parsed, entry, source, paramName);
  ScalarKind kind = *parseTritonScalar(parsed.scalar);
  TypeEntry type;
  type.dtype = parsed.isPointer ? DType::pointerTo(kind) : DType::of(kind);
  type.divisibility = parsed.divisibility;
  return type;
}

TypeEntry IRGen::makeTensorDescEntry(const SignatureType &parsed,
                                     const SignatureEntry &entry,
                                     const SourceFile &source,
                                     const std::string &paramName) {
  SourceLoc loc = source.getLoc(entry.offset);
  std::string where = " (the signature entry for '" + paramName + "')";
  if (!getArch().features.tma)
    fail(loc, "tensor descriptors need TMA, which " + getArch().name +
                  " does not have (sm_90 or newer)" + where);
  TypeEntry type;
  type.dtype = DType::of(*parseTritonScalar(parsed.scalar));
  type.padding = parsed.tensorDesc.padding;
  if (type.padding == "nan" && !type.dtype.isFloat())
    fail(source.getLoc(entry.offset + parsed.tensorDesc.paddingOffset),
         "padding=\"nan\" needs a floating-point element type, got " +
             parsed.scalar + where);
  const std::vector<int64_t> &block = parsed.tensorDesc.blockShape;
  Value layout;
  if (parsed.tensorDesc.layoutText.empty()) {
    // NVMMASharedLayout.get_default_for(block, dtype), as Triton's host
    // TensorDescriptor.from_tensor picks it.
    CallArgs args;
    std::vector<Value> dims;
    for (int64_t size : block)
      dims.push_back(Value(size));
    args.positional = {Value::list(std::move(dims)), Value(type.dtype)};
    args.positionalLocs = {loc, loc};
    args.callLoc = loc;
    BuiltinValue getDefaultFor;
    getDefaultFor.builtin =
        &getBuiltins().get("gl.NVMMASharedLayout.get_default_for");
    layout = call(Value(getDefaultFor), args, loc);
  } else {
    // Triton writes the layout's repr (NVMMASharedLayout(...)) without a
    // module: gl's names are in scope as well as the module's.
    Frame names;
    for (const char *name : {"NVMMASharedLayout"})
      names[name] = *getBuiltins().lookupMember(
          "triton.experimental.gluon.language", name);
    layout = evaluateSourceWith("<tensordesc layout of " + paramName + ">",
                                parsed.tensorDesc.layoutText,
                                std::move(names));
  }
  auto *layoutValue = layout.getIf<LayoutValue>();
  SourceLoc layoutLoc =
      source.getLoc(entry.offset + parsed.tensorDesc.layoutOffset);
  if (!layoutValue)
    fail(layoutLoc, "expected an NVMMASharedLayout, got " +
                        layout.getTypeName() + " " + layout.toString() +
                        where);
  // Another kind of layout is the layout's fault: point at it.
  if (!mlir::isa<mlir::gluon::NVMMASharedLayoutAttr>(layoutValue->attr))
    fail(layoutLoc, "a tensor descriptor's layout must be an "
                    "NVMMASharedLayout, got " +
                        layoutValue->text + where);
  std::string problem;
  mlir::gluon::TensorDescType descType = mlir::gluon::getTensorDescType(
      block, type.dtype.toMLIR(&context), layoutValue->attr, problem);
  if (!descType)
    fail(loc, "invalid tensor descriptor: " + problem + where);
  type.tensorDescType = descType;
  type.layoutText = layoutValue->text;
  return type;
}

unsigned IRGen::bindTensorDesc(const TypeEntry &type, const std::string &name,
                               mlir::Block *entry, unsigned argIndex,
                               Frame &frame, KernelParam &meta) {
  auto descType = mlir::cast<mlir::gluon::TensorDescType>(type.tensorDescType);
  unsigned rank = descType.getRank();
  TensorDescValue desc;
  desc.value = entry->getArgument(argIndex);
  desc.dtype = type.dtype;
  desc.blockShape.assign(descType.getBlockShape().begin(),
                         descType.getBlockShape().end());
  desc.layout = descType.getLayout();
  desc.layoutText = type.layoutText;
  for (unsigned d = 0; d < rank; ++d)
    desc.shape.push_back(entry->getArgument(argIndex + 1 + d));
  for (unsigned d = 0; d < rank; ++d)
    desc.strides.push_back(entry->getArgument(argIndex + 1 + rank + d));
  frame[name] = desc;

  gluonc::TMAPlan plan = descType.getTMAPlan();
  TensorDescParam info;
  info.elementType = type.dtype.getTritonName();
  info.elementBytes = std::max(1u, type.dtype.getBitWidth() / 8);
  info.blockShape = desc.blockShape;
  info.boxShape = plan.box;
  info.swizzleBytes =
      mlir::cast<mlir::gluon::NVMMASharedLayoutAttr>(desc.layout)
          .getSwizzlingByteWidth();
  info.layout = type.layoutText;
  info.padding = type.padding;
  meta.name = name;
  meta.type = "tensordesc<" + info.elementType + listText(info.blockShape) +
              ">";
  meta.elementType = info.elementType;
  // The map, then i32 x rank, then i64 x rank (aligned to 8); TMA needs
  // the tensor's base 16-byte aligned, so the kernel may assume it.
  meta.alignment = gluonc::abi::TensorMapAlignment;
  meta.size = gluonc::abi::tensorDescBytes(rank);
  meta.divisibility = gluonc::abi::TmaGlobalAlignment;
  meta.tensorDesc = std::move(info);
  return argIndex + 1 + 2 * rank;
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
IRGen::bindParameters(const FunctionValue &kernelFunction) {
  const FunctionDefStmt &kernel = *kernelFunction.def;
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
        bindings[i].value =
            evaluateInModuleScope(*param.defaultValue, kernelFunction.scope);
        continue;
      }
      // Triton binds a `num_warps: gl.constexpr` parameter to the launch's
      // num_warps, which is --num-warps here.
      if (isConstexpr && param.name == "num_warps") {
        bindings[i].value = Value::integer(BigInt(int64_t(spec.numWarps)));
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
    // Triton launches a `num_warps` constexpr's value as the launch's
    // num_warps; here the launch's is --num-warps, so the two must agree.
    if (isConstexpr && param.name == "num_warps" && bindings[i].value.isInt() &&
        bindings[i].value.toString() != std::to_string(spec.numWarps))
      failWithNote(signatureSource->getLoc(entry.offset),
                   "num_warps = " + bindings[i].value.toString() +
                       " in the signature, but the kernel is compiled for " +
                       std::to_string(spec.numWarps) + " warps: give -w " +
                       bindings[i].value.toString() +
                       " (--num-warps), or leave num_warps out of the "
                       "signature",
                   param.loc, "'num_warps' is declared here");
  }
  return bindings;
}

void IRGen::emitKernel(const FunctionValue &kernelFunction, KernelIR &result) {
  const FunctionDefStmt &kernel = *kernelFunction.def;
  const Parameters &params = kernel.params;
  std::vector<ParamBinding> bindings = bindParameters(kernelFunction);

  // The module and the kernel function.
  mlir::Location loc = getLoc(kernel.nameLoc);
  mlir::OwningOpRef<mlir::ModuleOp> moduleOp = mlir::ModuleOp::create(loc);
  moduleOp.get()->setAttr(mlir::gluon::GluonDialect::kNumWarpsAttrName,
                          builder.getI32IntegerAttr(spec.numWarps));
  moduleOp.get()->setAttr(mlir::gluon::GluonDialect::kThreadsPerWarpAttrName,
                          builder.getI32IntegerAttr(getArch().warpSize));
  moduleOp.get()->setAttr(mlir::gluon::GluonDialect::kTargetAttrName,
                          builder.getStringAttr(getArch().name));

  std::vector<mlir::Type> argTypes;
  for (const ParamBinding &binding : bindings) {
    if (!binding.type)
      continue;
    if (auto desc = mlir::dyn_cast_or_null<mlir::gluon::TensorDescType>(
            binding.type->tensorDescType)) {
      // Triton's ABI: the map, then the shape (i32) and strides (i64).
      argTypes.push_back(desc);
      argTypes.insert(argTypes.end(), desc.getRank(), builder.getI32Type());
      argTypes.insert(argTypes.end(), desc.getRank(), builder.getI64Type());
      continue;
    }
    argTypes.push_back(binding.type->dtype.toMLIR(&context));
  }
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
    if (type.tensorDescType) {
      KernelParam meta;
      argIndex = bindTensorDesc(type, param.name, entry, argIndex,
                                kernelFrame, meta);
      result.params.push_back(meta);
      continue;
    }
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

  if (!runFunction(kernelFunction, std::move(kernelFrame), kernel.loc).isNone())
    fail(kernel.loc, "a kernel cannot return a value");
  builder.setInsertionPointToEnd(&func.getBody().back());
  mlir::func::ReturnOp::create(builder, getLoc(kernel.loc));
  dropUnusedTaskResults(func);

  result.module = std::move(moduleOp);
  result.entry = kernel.name;
}

KernelIR IRGen::run() {
  KernelIR result;
  try {
    loadModule(module);
    emitKernel(findKernel(), result);
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

