//===- TestPlugin.cpp - Plugins for gluonc's plugin tests -----------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// One source, several libraries (tests/support/CMakeLists.txt), for
// tests/lit/driver/plugins.test:
// - the default: gluoncGetPluginInfo with two passes, one that numbers the
//   shared memory accesses (an attribute on each gluon.local_load /
//   local_store, their count on the module) and one that fails on
//   purpose, and a dialect whose presence a third pass records;
// - TEST_PLUGIN_API_VERSION / TEST_PLUGIN_LLVM_VERSION: the same, claiming
//   another plugin API or LLVM;
// - TEST_MLIR_PASS_PLUGIN: MLIR's mlirGetPassPluginInfo instead;
// - TEST_NOT_A_PLUGIN: no entry point at all;
// - TEST_MISSING_SYMBOL: a call of a function no gluonc defines.
// Each links no LLVM, MLIR or gluonc library: it calls the gluonc that
// loads it.
//
//===----------------------------------------------------------------------===//

#include "gluonc/IR/Dialect.h"
#include "gluonc/Plugin/Plugin.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"

using namespace mlir;

#ifndef TEST_NOT_A_PLUGIN

#ifdef TEST_MISSING_SYMBOL
extern "C" void gluoncTestNoSuchFunction();
#endif

namespace {

/// Numbers each shared memory access (`test.shared_access = N`) and counts
/// them on the module (`test.shared_accesses`).
struct CountSharedAccessesPass
    : PassWrapper<CountSharedAccessesPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CountSharedAccessesPass)
  StringRef getArgument() const final { return "test-count-shared-accesses"; }
  StringRef getDescription() const final {
    return "Number the shared memory accesses (a test plugin's pass)";
  }
  void runOnOperation() override {
    ModuleOp module = getOperation();
    Builder builder(module.getContext());
    int64_t count = 0;
    module.walk([&](Operation *op) {
      if (isa<gluon::LocalLoadOp, gluon::LocalStoreOp>(op))
        op->setAttr("test.shared_access", builder.getI64IntegerAttr(count++));
    });
    module->setAttr("test.shared_accesses", builder.getI64IntegerAttr(count));
  }
};

/// Fails, for the tests of what a failing pass leaves behind.
struct FailPass : PassWrapper<FailPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(FailPass)
  StringRef getArgument() const final { return "test-fail"; }
  StringRef getDescription() const final {
    return "Fail on purpose (a test plugin's pass)";
  }
  void runOnOperation() override {
    getOperation().emitError("test-fail fails on purpose");
    signalPassFailure();
  }
};

#ifndef TEST_MLIR_PASS_PLUGIN
/// A dialect with nothing in it: registered by the plugin, loaded by name.
class TestPluginDialect : public Dialect {
public:
  explicit TestPluginDialect(MLIRContext *context)
      : Dialect(getDialectNamespace(), context,
                TypeID::get<TestPluginDialect>()) {}
  static StringRef getDialectNamespace() { return "testplugin"; }
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestPluginDialect)
};

/// Records on the module whether the plugin's dialect is in the context's
/// registry (`test.plugin_dialect`).
struct FindDialectPass : PassWrapper<FindDialectPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(FindDialectPass)
  StringRef getArgument() const final { return "test-find-plugin-dialect"; }
  StringRef getDescription() const final {
    return "Record whether the test plugin's dialect is registered";
  }
  void runOnOperation() override {
    bool found = getContext().getOrLoadDialect("testplugin") != nullptr;
    getOperation()->setAttr("test.plugin_dialect",
                            BoolAttr::get(&getContext(), found));
  }
};
#endif

void registerTestPasses() {
#ifdef TEST_MISSING_SYMBOL
  gluoncTestNoSuchFunction();
#endif
  PassRegistration<CountSharedAccessesPass>();
  PassRegistration<FailPass>();
#ifndef TEST_MLIR_PASS_PLUGIN
  PassRegistration<FindDialectPass>();
#endif
}

} // namespace

#ifdef TEST_MLIR_PASS_PLUGIN
extern "C" GLUONC_PLUGIN_EXPORT PassPluginLibraryInfo mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "test-mlir-plugin", "1.0",
          registerTestPasses};
}
#else
#ifndef TEST_PLUGIN_API_VERSION
#define TEST_PLUGIN_API_VERSION GLUONC_PLUGIN_API_VERSION
#endif
#ifndef TEST_PLUGIN_LLVM_VERSION
#define TEST_PLUGIN_LLVM_VERSION LLVM_VERSION_STRING
#endif
extern "C" GLUONC_PLUGIN_EXPORT GluoncPluginInfo gluoncGetPluginInfo() {
  return {
      TEST_PLUGIN_API_VERSION,
      TEST_PLUGIN_LLVM_VERSION,
      "test-plugin",
      "1.0",
      registerTestPasses,
      [](DialectRegistry *registry) { registry->insert<TestPluginDialect>(); }};
}
#endif

#else

extern "C" GLUONC_PLUGIN_EXPORT int gluoncTestNotAPlugin() { return 0; }

#endif
