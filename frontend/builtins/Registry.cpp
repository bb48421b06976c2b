//===- Registry.cpp - Gluon's builtins, family by family ------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "Registry.h"

#include <memory>

using namespace gluonc::frontend;

const BuiltinTable &gluonc::frontend::getGluonBuiltins() {
  static const std::unique_ptr<BuiltinTable> table = [] {
    auto table = std::make_unique<BuiltinTable>();
    registerPythonBuiltins(*table);
    registerLanguageBuiltins(*table);
    registerLayoutBuiltins(*table);
    registerTensorBuiltins(*table);
    registerTaskBuiltins(*table);
    registerReduceScanBuiltins(*table);
    registerShapeBuiltins(*table);
    registerSharedMemoryBuiltins(*table);
    registerAtomicBuiltins(*table);
    registerInlineAsmBuiltins(*table);
    registerAMDMfmaBuiltins(*table);
    registerAMDBufferBuiltins(*table);
    registerAMDWarpPipelineBuiltins(*table);
    registerAMDAsyncCopyBuiltins(*table);
    registerAmpereBuiltins(*table);
    registerHopperBuiltins(*table);
    registerNvidiaMmaBuiltins(*table);
    registerWarpgroupMmaBuiltins(*table);
    return table;
  }();
  return *table;
}
