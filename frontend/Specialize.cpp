//===- Specialize.cpp - Module scope, signatures, the kernel entry --------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "CodeGen.h"

#include "gluonc/Frontend/Parser.h"
#include "gluonc/Frontend/Signature.h"
#include "gluonc/IR/Dialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"

#include <cctype>
#include <sstream>

using namespace gluonc;
using namespace gluonc::frontend;

CodeGen::CodeGen(SourceManager &sourceManager, const Module &module,
                 DiagnosticEngine &diags, mlir::MLIRContext &context,
                 const KernelSpec &spec)
    : sourceManager(sourceManager), module(module), diags(diags),
      context(context), spec(spec), builder(&context) {
  frames.emplace_back();
}

//===----------------------------------------------------------------------===//
// Module scope
//===----------------------------------------------------------------------===//

std::optional<Value> CodeGen::resolveImportPath(const std::string &path) {
  if (path != "triton" && path.rfind("triton.", 0) != 0)
    return std::nullopt;
  Value current(NamespaceValue{"triton", true});
  size_t start = path.find('.');
  while (start != std::string::npos) {
    size_t end = path.find('.', start + 1);
    std::string part = path.substr(start + 1, end == std::string::npos
                                                  ? std::string::npos
                                                  : end - start - 1);
    auto *ns = current.getIf<NamespaceValue>();
    std::optional<Value> member =
        ns ? lookupNamespaceMember(*ns, part) : std::nullopt;
    if (!member)
      return std::nullopt;
    current = *member;
    start = end;
  }
  return current;
}

void CodeGen::bindImport(const std::string &bound, const std::string &path,
                         SourceLoc loc) {
  GlobalBinding binding;
  binding.loc = loc;
  // Modules gluonc does not provide (torch, host helpers) stay bound, so
  // that a kernel using them gets a clear diagnostic.
  binding.value = resolveImportPath(path).value_or(
      Value(NamespaceValue{path, false}));
  globals[bound] = binding;
}

std::optional<Value> CodeGen::resolveQuietly(const Expr &expr) {
  if (auto *name = gluonc::dyn_cast<NameExpr>(&expr)) {
    auto local = frame().find(name->id);
    if (local != frame().end())
      return local->second;
    auto global = globals.find(name->id);
    if (global != globals.end())
      return global->second.value;
    return lookupPythonBuiltin(name->id);
  }
  if (auto *attribute = gluonc::dyn_cast<AttributeExpr>(&expr)) {
    std::optional<Value> object = resolveQuietly(*attribute->value);
    auto *ns = object ? object->getIf<NamespaceValue>() : nullptr;
    if (!ns || !ns->isKnown)
      return std::nullopt;
    return lookupNamespaceMember(*ns, attribute->attr);
  }
  return std::nullopt;
}

/// "jit" or "constexpr_function" for gluonc's decorators (also when called,
/// as in `@gluon.jit(do_not_specialize=...)`), else "": host code may use
/// decorators gluonc knows nothing of.
static std::string decoratorKind(CodeGen &gen, const Expr &decorator) {
  const Expr *expr = &decorator;
  if (auto *call = gluonc::dyn_cast<CallExpr>(expr))
    expr = call->func.get();
  std::optional<Value> value = gen.resolveQuietly(*expr);
  auto *builtin = value ? value->getIf<BuiltinValue>() : nullptr;
  if (!builtin)
    return "";
  return builtin->name == "jit" || builtin->name == "constexpr_function"
             ? builtin->name
             : "";
}

void CodeGen::collectGlobals() {
  for (const StmtPtr &stmt : module.body) {
    if (auto *import = gluonc::dyn_cast<ImportStmt>(stmt.get())) {
      for (const Alias &alias : import->names) {
        if (!alias.asName.empty())
          bindImport(alias.asName, alias.name, alias.loc);
        else
          bindImport(alias.name.substr(0, alias.name.find('.')),
                     alias.name.substr(0, alias.name.find('.')), alias.loc);
      }
    } else if (auto *from = gluonc::dyn_cast<ImportFromStmt>(stmt.get())) {
      std::string prefix(from->level, '.');
      for (const Alias &alias : from->names) {
        std::string bound = alias.asName.empty() ? alias.name : alias.asName;
        bindImport(bound, prefix + from->module + "." + alias.name,
                   alias.loc);
      }
    } else if (auto *def = gluonc::dyn_cast<FunctionDefStmt>(stmt.get())) {
      std::string kind;
      for (const ExprPtr &decorator : def->decorators) {
        std::string found = decoratorKind(*this, *decorator);
        if (!found.empty())
          kind = found;
      }
      GlobalBinding binding;
      binding.loc = def->loc;
      binding.value = Value(FunctionValue{def, kind});
      globals[def->name] = binding;
    } else if (auto *assign = gluonc::dyn_cast<AssignStmt>(stmt.get())) {
      if (assign->targets.size() != 1)
        continue;
      if (auto *name = gluonc::dyn_cast<NameExpr>(assign->targets[0].get())) {
        GlobalBinding binding;
        binding.loc = name->loc;
        binding.pendingExpr = assign->value.get();
        globals[name->id] = binding;
      }
    } else if (auto *ann = gluonc::dyn_cast<AnnAssignStmt>(stmt.get())) {
      auto *name = gluonc::dyn_cast<NameExpr>(ann->target.get());
      if (name && ann->value) {
        GlobalBinding binding;
        binding.loc = name->loc;
        binding.pendingExpr = ann->value.get();
        globals[name->id] = binding;
      }
    }
    // Anything else at module level is host code (`if __name__ == ...`),
    // which a kernel cannot see.
  }
}

Value CodeGen::evaluateGlobal(const std::string &name, GlobalBinding &binding,
                              SourceLoc useLoc) {
  if (binding.value)
    return *binding.value;
  if (binding.evaluating)
    failWithNote(useLoc, "module-level name '" + name +
                             "' depends on its own value",
                 binding.loc, "'" + name + "' is assigned here");
  binding.evaluating = true;
  frames.emplace_back();
  // A module-level list belongs to no run-time region of the kernel.
  uint64_t savedRegion = currentRegion;
  currentRegion = 0;
  try {
    Value value = evaluate(*binding.pendingExpr);
    if (value.isRuntime())
      fail(*binding.pendingExpr, "a module-level value must be known at "
                                 "compile time");
    binding.value = value;
  } catch (CompileError &) {
    frames.pop_back();
    binding.evaluating = false;
    diags.note(useLoc, "'" + name + "' is used here");
    throw;
  }
  frames.pop_back();
  currentRegion = savedRegion;
  binding.evaluating = false;
  return *binding.value;
}

const FunctionDefStmt *CodeGen::findKernel() {
  std::vector<std::string> kernels;
  const FunctionDefStmt *named = nullptr;
  for (auto &[name, binding] : globals) {
    if (!binding.value || !binding.value->is<FunctionValue>())
      continue;
    const FunctionValue &function = binding.value->get<FunctionValue>();
    if (function.kind == "jit")
      kernels.push_back(name);
    if (name == spec.kernelName)
      named = function.def;
  }
  std::string available =
      kernels.empty() ? "the file has no @gluon.jit functions"
                      : "@gluon.jit functions in the file: ";
  for (size_t i = 0; i < kernels.size(); ++i)
    available += (i ? ", " : "") + kernels[i];
  SourceLoc fileLoc{module.fileId, 1, 1};
  if (!named) {
    diags.error(SourceLoc{}, "no kernel named '" + spec.kernelName + "' in " +
                                 sourceManager.getFile(module.fileId)
                                     ->getName() +
                                 "; " + available);
    throw CompileError();
  }
  const FunctionValue &function =
      globals[spec.kernelName].value->get<FunctionValue>();
  if (function.kind != "jit")
    failWithNote(named->nameLoc, "'" + spec.kernelName +
                                     "' is not a @gluon.jit kernel",
                 fileLoc, available);
  return named;
}

Value CodeGen::evaluateStandalone(const std::string &bufferName,
                                  const std::string &text) {
  uint32_t fileId = sourceManager.addBuffer(bufferName, text);
  std::unique_ptr<Expr> expr = parseExpression(sourceManager, fileId, diags);
  if (!expr)
    throw CompileError();
  frames.emplace_back();
  Value value = evaluate(*expr);
  frames.pop_back();
  if (value.isRuntime())
    fail(*expr, "a constexpr value must be known at compile time");
  return value;
}

//===----------------------------------------------------------------------===//
// Signatures
//===----------------------------------------------------------------------===//


std::optional<TypeEntry>
CodeGen::parseSignatureType(const SignatureEntry &entry,
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
        if (!dict.keys[i].render(key, Value::Style::Str,
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

std::vector<CodeGen::ParamBinding>
CodeGen::bindParameters(const FunctionDefStmt &kernel) {
  const Parameters &params = kernel.params;
  if (!params.posOnlyParams.empty() || params.varArg || params.kwArg ||
      !params.kwOnlyParams.empty())
    fail(kernel.loc, "not supported yet: '*', '**' and '/' parameters in a "
                     "kernel");

  uint32_t signatureFile =
      sourceManager.addBuffer("<signature>", spec.signature);
  const SourceFile *signatureSource = sourceManager.getFile(signatureFile);
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
          evaluateStandalone("<-D " + param.name + ">", defines[param.name]);
      continue;
    }
    if (!inSignature) {
      if (isConstexpr && param.defaultValue) {
        frames.emplace_back();
        bindings[i].value = evaluate(*param.defaultValue);
        frames.pop_back();
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
    bindings[i].value = evaluateStandalone("<signature>", entry.text);
  }
  return bindings;
}

void CodeGen::emitKernel(const FunctionDefStmt &kernel, KernelIR &result) {
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
      func.setArgAttr(argIndex, mlir::gluon::GluonDialect::kDivisibilityAttrName,
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

  frames.push_back(std::move(kernelFrame));
  callStack.emplace_back(&kernel, kernel.loc);
  executeFunctionBody(kernel);
  callStack.pop_back();
  frames.pop_back();
  if (!returnValue.isNone())
    fail(kernel.loc, "a kernel cannot return a value");
  builder.setInsertionPointToEnd(&func.getBody().back());
  mlir::func::ReturnOp::create(builder, getLoc(kernel.loc));

  result.module = std::move(moduleOp);
  result.entry = kernel.name;
}

KernelIR CodeGen::run() {
  KernelIR result;
  try {
    collectGlobals();
    const FunctionDefStmt *kernel = findKernel();
    emitKernel(*kernel, result);
  } catch (CompileError &) {
    result = KernelIR();
  }
  return result;
}

//===----------------------------------------------------------------------===//
// Public entry points
//===----------------------------------------------------------------------===//

void gluonc::loadFrontendDialects(mlir::MLIRContext &context) {
  context.loadDialect<mlir::gluon::GluonDialect, mlir::arith::ArithDialect,
                      mlir::scf::SCFDialect, mlir::func::FuncDialect,
                      mlir::math::MathDialect>();
}

KernelIR gluonc::buildKernelIR(SourceManager &sourceManager,
                               const Module &module, DiagnosticEngine &diags,
                               mlir::MLIRContext &context,
                               const KernelSpec &spec) {
  loadFrontendDialects(context);
  CodeGen gen(sourceManager, module, diags, context, spec);
  return gen.run();
}

mlir::Attribute gluonc::evaluateLayoutExpression(
    SourceManager &sourceManager, DiagnosticEngine &diags,
    mlir::MLIRContext &context, const std::string &bufferName,
    const std::string &text, const KernelSpec &spec) {
  loadFrontendDialects(context);
  // The names a kernel file would import.
  uint32_t preludeId = sourceManager.addBuffer(
      "<prelude>", "from triton.experimental import gluon\n"
                   "from triton.experimental.gluon import language as gl\n");
  std::unique_ptr<Module> prelude =
      parseModule(sourceManager, preludeId, diags);
  if (!prelude)
    return {};
  CodeGen gen(sourceManager, *prelude, diags, context, spec);
  return gen.evaluateLayout(bufferName, text);
}

mlir::Attribute CodeGen::evaluateLayout(const std::string &bufferName,
                                        const std::string &text) {
  try {
    collectGlobals();
    Value value = evaluateStandalone(bufferName, text);
    if (auto *layout = value.getIf<LayoutValue>())
      return layout->attr;
    diags.error(SourceLoc{}, "'" + text + "' is not a layout but " +
                                 value.getTypeName() + " " + value.toString());
  } catch (CompileError &) {
  }
  return {};
}

bool gluonc::splitDefine(const std::string &text, std::string &name,
                         std::string &value) {
  size_t equals = text.find('=');
  if (equals == std::string::npos || equals == 0)
    return false;
  name = text.substr(0, equals);
  value = text.substr(equals + 1);
  while (!name.empty() && std::isspace(static_cast<unsigned char>(name.back())))
    name.pop_back();
  return !name.empty();
}
