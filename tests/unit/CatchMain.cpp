//===- CatchMain.cpp - The one Catch2 entry point of the unit tests -------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Catch2 v2's implementation is a single header that CATCH_CONFIG_MAIN
// expands into one translation unit, the slowest file of the build: 60 to
// 110 s at -O3 and about 250 s with the sanitizers on the 2-core build
// machine (2026-12-02). It is compiled once, into gluonc_catch_main, which
// every unit test program links.
//
//===----------------------------------------------------------------------===//

#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
