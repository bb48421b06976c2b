# Precompiled LLVM, MLIR and standard headers for the compiler's libraries.
#
# A lowering file of 65 lines took 11.7 s to compile, of which 11 s was
# parsing the 270,000 lines its MLIR headers expand to; with these headers
# precompiled it took 4.6 s (bench/RESULTS.md, "CI time"). Only headers
# that never change with gluonc's own sources are here: the dialect's
# generated declarations stay out, so that editing an op's .td rebuilds the
# files that include it and not the precompiled header too.
#
# One header is built, in GluoncLLVMHeaders, and every user takes it with
# REUSE_FROM: each target precompiling its own copy would cost 35 s and
# 0.7 GB per target. GCC uses a precompiled header only when the compile's
# options match those it was built with (the project's options, the build
# type's and the sanitizers', which are the same for every library);
# -Winvalid-pch, which CMake adds, and -Werror make a mismatch an error
# rather than a silent slow build.
#
#   gluonc_precompile_llvm_headers(TARGET...)
option(GLUONC_PCH "Precompile LLVM/MLIR headers for the compiler's libraries" ON)

if(GLUONC_PCH)
  add_library(GluoncLLVMHeaders OBJECT
    ${CMAKE_CURRENT_LIST_DIR}/PrecompiledHeaders.cpp)
  target_precompile_headers(GluoncLLVMHeaders PRIVATE
    <map> <memory> <optional> <set> <string> <vector>
    <llvm/ADT/DenseMap.h> <llvm/ADT/STLExtras.h> <llvm/ADT/SmallVector.h>
    <llvm/ADT/StringRef.h> <llvm/ADT/TypeSwitch.h>
    <llvm/Support/Error.h> <llvm/Support/FormatVariadic.h>
    <llvm/Support/raw_ostream.h>
    <mlir/IR/Builders.h> <mlir/IR/BuiltinOps.h> <mlir/IR/BuiltinTypes.h>
    <mlir/IR/Diagnostics.h> <mlir/IR/DialectImplementation.h>
    <mlir/IR/Matchers.h> <mlir/IR/OpDefinition.h>
    <mlir/IR/OpImplementation.h> <mlir/IR/PatternMatch.h>
    <mlir/Interfaces/ControlFlowInterfaces.h>
    <mlir/Interfaces/InferTypeOpInterface.h>
    <mlir/Interfaces/LoopLikeInterface.h>
    <mlir/Interfaces/SideEffectInterfaces.h>
    <mlir/Dialect/Arith/IR/Arith.h> <mlir/Dialect/ControlFlow/IR/ControlFlow.h>
    <mlir/Dialect/Func/IR/FuncOps.h> <mlir/Dialect/LLVMIR/LLVMDialect.h>
    <mlir/Dialect/Math/IR/Math.h> <mlir/Dialect/SCF/IR/SCF.h>
    <mlir/Conversion/LLVMCommon/Pattern.h>
    <mlir/Conversion/LLVMCommon/TypeConverter.h>
    <mlir/Pass/Pass.h> <mlir/Pass/PassManager.h>
    <mlir/Transforms/DialectConversion.h>)
endif()

function(gluonc_precompile_llvm_headers)
  if(GLUONC_PCH)
    foreach(target ${ARGN})
      target_precompile_headers(${target} REUSE_FROM GluoncLLVMHeaders)
    endforeach()
  endif()
endfunction()
