//===- main.cpp - Catch2 entry point of gluonc-runtime-tests --------------===//

#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
