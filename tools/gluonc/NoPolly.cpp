//===- NoPolly.cpp - The Polly hook of a static LLVM -------------*- C++
//-*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Built into the self-contained gluonc-static only. Debian's
// LLVM links Polly into its tools, so libLLVMLTO's pipeline, which LLD
// brings in, calls getPollyPluginInfo() to register Polly's passes. gluonc
// never runs LTO and does not link Polly: the hook registers nothing.
//
//===----------------------------------------------------------------------===//

#include "llvm/Plugins/PassPlugin.h"

llvm::PassPluginLibraryInfo getPollyPluginInfo();

llvm::PassPluginLibraryInfo getPollyPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "Polly (not in gluonc)", "0",
          [](llvm::PassBuilder &) {}};
}
