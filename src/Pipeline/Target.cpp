//===- Target.cpp - The registry of backends ------------------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "gluonc/Pipeline/Target.h"

#include "llvm/ADT/STLExtras.h"

using namespace gluonc;

Target::~Target() = default;

bool Target::supportsArch(llvm::StringRef arch) const {
  return llvm::is_contained(getSupportedArchs(), arch.str());
}

static std::vector<std::unique_ptr<Target>> &registry() {
  static std::vector<std::unique_ptr<Target>> targets;
  return targets;
}

void gluonc::registerTarget(std::unique_ptr<Target> target) {
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
