//===- Frontend.cpp - The frontend's entry points -------------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Where the frontend's layers meet: the IR generator (irgen/) runs with the
// whole builtin table (builtins/Registry.cpp).
//
//===----------------------------------------------------------------------===//

#include "builtins/Registry.h"
#include "irgen/IRGen.h"

#include "gluonc/Frontend/Frontend.h"
#include "gluonc/Frontend/Parser.h"
#include "gluonc/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include <cctype>

using namespace gluonc;
using namespace gluonc::frontend;

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
  IRGen gen(sourceManager, module, diags, context, spec, getGluonBuiltins());
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
  IRGen gen(sourceManager, *prelude, diags, context, spec,
            getGluonBuiltins());
  return gen.evaluateLayout(bufferName, text);
}

std::vector<std::string> gluonc::listBuiltins() {
  std::vector<std::string> lines;
  for (const Builtin *builtin : getGluonBuiltins().entries())
    lines.push_back(builtin->describe());
  return lines;
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
