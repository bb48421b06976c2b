//===- MathLibrary.cpp - The functions of Triton's libdevice module -------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The table of gluonc/IR/MathLibrary.h and gluon.extern_elementwise's
// verifier. The float functions below exist in both libdevice (`__nv_X`,
// `__nv_Xf`) and ocml (`__ocml_X_f32`, `_f64`; ocml spells normcdf `ncdf`);
// the `fast_*` ones are libdevice's fp32 approximations.
//
//===----------------------------------------------------------------------===//

#include "gluonc/IR/MathLibrary.h"
#include "gluonc/IR/Dialect.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::gluon;

namespace {
constexpr MathLibraryFunction kFunctions[] = {
    {"acos", 1, false},        {"acosh", 1, false},      {"asin", 1, false},
    {"asinh", 1, false},       {"atan", 1, false},       {"atan2", 2, false},
    {"atanh", 1, false},       {"cbrt", 1, false},       {"ceil", 1, false},
    {"copysign", 2, false},    {"cos", 1, false},        {"cosh", 1, false},
    {"cospi", 1, false},       {"erf", 1, false},        {"erfc", 1, false},
    {"erfcinv", 1, false},     {"erfcx", 1, false},      {"erfinv", 1, false},
    {"exp", 1, false},         {"exp10", 1, false},      {"exp2", 1, false},
    {"expm1", 1, false},       {"fabs", 1, false},       {"fast_cosf", 1, true},
    {"fast_dividef", 2, true}, {"fast_exp10f", 1, true}, {"fast_expf", 1, true},
    {"fast_log10f", 1, true},  {"fast_log2f", 1, true},  {"fast_logf", 1, true},
    {"fast_powf", 2, true},    {"fast_sinf", 1, true},   {"fast_tanf", 1, true},
    {"fdim", 2, false},        {"floor", 1, false},      {"fma", 3, false},
    {"fmax", 2, false},        {"fmin", 2, false},       {"fmod", 2, false},
    {"hypot", 2, false},       {"j0", 1, false},         {"j1", 1, false},
    {"lgamma", 1, false},      {"log", 1, false},        {"log10", 1, false},
    {"log1p", 1, false},       {"log2", 1, false},       {"logb", 1, false},
    {"nearbyint", 1, false},   {"nextafter", 2, false},  {"normcdf", 1, false},
    {"normcdfinv", 1, false},  {"pow", 2, false},        {"rcbrt", 1, false},
    {"remainder", 2, false},   {"rint", 1, false},       {"round", 1, false},
    {"rsqrt", 1, false},       {"sin", 1, false},        {"sinh", 1, false},
    {"sinpi", 1, false},       {"sqrt", 1, false},       {"tan", 1, false},
    {"tanh", 1, false},        {"tgamma", 1, false},     {"trunc", 1, false},
    {"y0", 1, false},          {"y1", 1, false},
};
} // namespace

llvm::ArrayRef<MathLibraryFunction> mlir::gluon::getMathLibraryFunctions() {
  return kFunctions;
}

const MathLibraryFunction *
mlir::gluon::findMathLibraryFunction(llvm::StringRef name) {
  const auto *it = llvm::find_if(
      kFunctions, [&](const auto &function) { return function.name == name; });
  return it != std::end(kFunctions) ? it : nullptr;
}

bool mlir::gluon::acceptsElementType(const MathLibraryFunction &function,
                                     Type elementType) {
  return elementType.isF32() || (!function.float32Only && elementType.isF64());
}

LogicalResult ExternElementwiseOp::verify() {
  const MathLibraryFunction *function = findMathLibraryFunction(getFunction());
  if (!function)
    return emitOpError() << "'" << getFunction()
                         << "' is not a function of the device math library";
  if (getArgs().size() != function->arity)
    return emitOpError() << "'" << getFunction() << "' takes "
                         << function->arity << " arguments, got "
                         << getArgs().size();
  Type element = getElementTypeOrSelf(getResult().getType());
  if (!acceptsElementType(*function, element))
    return emitOpError() << "'" << getFunction() << "' takes "
                         << (function->float32Only ? "f32" : "f32 or f64")
                         << ", got " << element;
  return success();
}
