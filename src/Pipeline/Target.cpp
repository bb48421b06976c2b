//===- Target.cpp - The registry of backends ------------------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "gluonc/Pipeline/Target.h"

#include "gluonc/IR/Dialect.h"

#include "llvm/Support/FileSystem.h"

#include <cassert>
#include <cstdlib>

using namespace gluonc;

Target::~Target() = default;

std::vector<std::string> Target::getSupportedArchs() const {
  std::vector<std::string> names;
  for (const ArchInfo &arch : getArchitectures())
    names.push_back(arch.name);
  return names;
}

bool Target::supportsArch(llvm::StringRef arch) const {
  return findArchRow(getArchitectures(), arch) != nullptr;
}

const ArchInfo &Target::getArchInfo(llvm::StringRef arch) const {
  const ArchInfo *info = findArchRow(getArchitectures(), arch);
  assert(info && "an architecture the target does not compile for");
  return *info;
}

static std::vector<std::unique_ptr<Target>> &registry() {
  static std::vector<std::unique_ptr<Target>> targets;
  return targets;
}

void gluonc::registerTarget(std::unique_ptr<Target> target) {
  // Code that sees an architecture's name but no Target (op verifiers)
  // finds the facts through the index.
  registerArchInfos(target->getArchitectures());
  registry().push_back(std::move(target));
}

const Target *gluonc::lookupTargetForArch(llvm::StringRef arch) {
  for (const auto &target : registry())
    if (target->supportsArch(arch))
      return target.get();
  return nullptr;
}

const std::vector<std::unique_ptr<Target>> &gluonc::getRegisteredTargets() {
  return registry();
}

std::string
gluonc::describeFileIdentity(llvm::StringRef label,
                             const std::optional<std::string> &path) {
  llvm::sys::fs::file_status status;
  if (!path || llvm::sys::fs::status(*path, status))
    return label.str() + "=none;";
  return label.str() + "=" + *path + " " + std::to_string(status.getSize()) +
         " " +
         std::to_string(
             status.getLastModificationTime().time_since_epoch().count()) +
         ";";
}

std::string
gluonc::describeEnvironment(llvm::ArrayRef<const char *> variables) {
  std::string text;
  for (const char *variable : variables) {
    const char *value = std::getenv(variable);
    text += std::string(variable) +
            (value ? std::string("=") + value : std::string(" unset")) + ";";
  }
  return text;
}

std::string gluonc::getPassArch(mlir::ModuleOp module, llvm::StringRef option) {
  auto moduleArch = module->getAttrOfType<mlir::StringAttr>(
      mlir::gluon::GluonDialect::kTargetAttrName);
  llvm::StringRef arch = option;
  if (arch.empty() && moduleArch)
    arch = moduleArch.getValue();
  if (!arch.empty() && lookupTargetForArch(arch))
    return arch.str();

  mlir::InFlightDiagnostic diag = module.emitError();
  if (arch.empty()) {
    diag << "the module has no '" << mlir::gluon::GluonDialect::kTargetAttrName
         << "' and the pass was given no arch option";
    return "";
  }
  if (!option.empty())
    diag << "the pass's arch option";
  else
    diag << "the module's '" << mlir::gluon::GluonDialect::kTargetAttrName
         << "'";
  diag << " names no architecture gluonc compiles for: '" << arch << "'";
  return "";
}

std::shared_ptr<const TargetInfo>
gluonc::getModuleTargetInfo(mlir::ModuleOp module, llvm::StringRef option) {
  std::string arch = getPassArch(module, option);
  if (arch.empty())
    return nullptr;
  return lookupTargetForArch(arch)->getTargetInfo(arch);
}

void gluonc::addTargetDialects(mlir::DialectRegistry &registry,
                               llvm::StringRef arch) {
  if (const Target *target = arch.empty() ? nullptr : lookupTargetForArch(arch))
    return target->getTargetInfo(arch)->getDependentDialects(registry);
  // A target's architectures share its dialects.
  for (const auto &target : getRegisteredTargets())
    if (!target->getArchitectures().empty())
      target->getTargetInfo(target->getArchitectures().front().name)
          ->getDependentDialects(registry);
}
