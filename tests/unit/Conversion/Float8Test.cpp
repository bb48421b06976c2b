// The software float8 conversions (Float8.h), compiled for this machine
// with LLVM's JIT and compared with the reference the GPU tests use: every
// code decoded, and fp32 values across the whole range (every binade, the
// ties between neighbouring codes and their neighbours, infinities, NaN)
// encoded.

#include "gluonc/Conversion/Float8.h"

#include "Float8Reference.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/TargetSelect.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

using namespace mlir;

namespace {

using Encode = uint8_t (*)(float);
using Decode = float (*)(uint8_t);

/// Both conversions of both formats, JIT-compiled once.
class Float8Functions {
public:
  Float8Functions() {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    context.loadDialect<LLVM::LLVMDialect>();
    DialectRegistry registry;
    registerBuiltinDialectTranslation(registry);
    registerLLVMDialectTranslation(registry);
    context.appendDialectRegistry(registry);

    OpBuilder b(&context);
    Location loc = b.getUnknownLoc();
    auto module = ModuleOp::create(loc);
    b.setInsertionPointToEnd(module.getBody());
    for (auto [name, type] : {std::pair<const char *, Type>{"e4m3", b.getType<Float8E4M3FNType>()},
                              {"e5m2", b.getType<Float8E5M2Type>()}}) {
      define(b, loc, std::string("encode_") + name, b.getF32Type(),
             b.getI8Type(), [&](Value x) {
               return gluonc::emitSoftwareFloatToFloat8(b, loc, x, type);
             });
      define(b, loc, std::string("decode_") + name, b.getI8Type(),
             b.getF32Type(), [&](Value x) {
               return gluonc::emitSoftwareFloat8ToFloat(b, loc, x, type);
             });
    }
    auto llvmContext = std::make_unique<llvm::LLVMContext>();
    std::unique_ptr<llvm::Module> llvmModule =
        translateModuleToLLVMIR(module, *llvmContext);
    module->erase();
    REQUIRE(llvmModule);
    auto jitOrError = llvm::orc::LLJITBuilder().create();
    if (!jitOrError)
      llvm::consumeError(jitOrError.takeError());
    REQUIRE(bool(jitOrError));
    jit = std::move(*jitOrError);
    llvmModule->setDataLayout(jit->getDataLayout());
    llvmModule->setTargetTriple(jit->getTargetTriple());
    llvm::Error added = jit->addIRModule(llvm::orc::ThreadSafeModule(
        std::move(llvmModule), std::move(llvmContext)));
    REQUIRE_FALSE(bool(added));
  }

  template <typename Function> Function lookup(const char *name) {
    auto address = jit->lookup(name);
    if (!address)
      llvm::consumeError(address.takeError());
    REQUIRE(bool(address));
    return address->toPtr<Function>();
  }

private:
  template <typename Body>
  void define(OpBuilder &b, Location loc, const std::string &name, Type from,
              Type to, Body body) {
    OpBuilder::InsertionGuard guard(b);
    auto function = LLVM::LLVMFuncOp::create(
        b, loc, name, LLVM::LLVMFunctionType::get(to, {from}));
    Block *entry = function.addEntryBlock(b);
    b.setInsertionPointToStart(entry);
    LLVM::ReturnOp::create(b, loc, body(entry->getArgument(0)));
  }

  MLIRContext context;
  std::unique_ptr<llvm::orc::LLJIT> jit;
};

Float8Functions &functions() {
  static Float8Functions instance;
  return instance;
}

float fromBits(uint32_t bits) {
  float value;
  std::memcpy(&value, &bits, sizeof(value));
  return value;
}

/// fp32 inputs that exercise an encoder: every 2^-16th of the fp32 bit
/// patterns (both signs, every binade), each code's value, the midpoints
/// between neighbouring codes (the ties) and the fp32 values either side of
/// them, zeros, infinities and NaN.
std::vector<float> encoderInputs(const gpu_test::Float8Format &format) {
  std::vector<float> inputs;
  for (uint64_t bits = 0; bits < (uint64_t(1) << 32); bits += 65521)
    inputs.push_back(fromBits(uint32_t(bits)));
  std::vector<float> values;
  for (int code = 0; code < 128; ++code) {
    float value = format.decode(uint8_t(code));
    if (std::isfinite(value))
      values.push_back(value);
  }
  std::sort(values.begin(), values.end());
  for (size_t i = 0; i < values.size(); ++i) {
    float candidates[] = {values[i],
                          i + 1 < values.size()
                              ? (values[i] + values[i + 1]) / 2
                              : values[i] * 1.0625f};
    for (float value : candidates)
      for (float x : {value, std::nextafter(value, 0.0f),
                      std::nextafter(value, INFINITY)})
        for (float signed_ : {x, -x})
          inputs.push_back(signed_);
  }
  for (float special : {0.0f, -0.0f, INFINITY, -INFINITY,
                        std::numeric_limits<float>::quiet_NaN(),
                        std::numeric_limits<float>::max(),
                        std::numeric_limits<float>::denorm_min()})
    inputs.push_back(special);
  return inputs;
}

void checkFormat(const gpu_test::Float8Format &format, Encode encode,
                 Decode decode) {
  // Signs the value comparison below cannot see: zeros and NaN codes.
  CHECK(encode(0.0f) == 0x00);
  CHECK(encode(-0.0f) == 0x80);
  CHECK(encode(-std::numeric_limits<float>::denorm_min()) == 0x80);
  CHECK(encode(std::numeric_limits<float>::quiet_NaN()) == 0x7f);
  CHECK(encode(-std::numeric_limits<float>::quiet_NaN()) == 0xff);
  for (int code = 0; code < 256; ++code) {
    float expected = format.decode(uint8_t(code));
    float got = decode(uint8_t(code));
    INFO("code 0x" << std::hex << code);
    if (std::isnan(expected))
      REQUIRE(std::isnan(got));
    else
      REQUIRE(std::memcmp(&got, &expected, sizeof(float)) == 0);
  }
  for (float x : encoderInputs(format)) {
    float expected = format.quantize(x);
    float got = decode(encode(x));
    INFO("x = " << x << " (0x" << std::hex << [&] {
      uint32_t bits;
      std::memcpy(&bits, &x, 4);
      return bits;
    }() << ")");
    if (std::isnan(expected))
      REQUIRE(std::isnan(got));
    else
      REQUIRE(got == expected);
  }
}

} // namespace

TEST_CASE("Software float8 e4m3 conversions match the reference",
          "[float8]") {
  checkFormat(gpu_test::Float8Format{4, 3, true},
              functions().lookup<Encode>("encode_e4m3"),
              functions().lookup<Decode>("decode_e4m3"));
}

TEST_CASE("Software float8 e5m2 conversions match the reference",
          "[float8]") {
  checkFormat(gpu_test::Float8Format{5, 2, false},
              functions().lookup<Encode>("encode_e5m2"),
              functions().lookup<Decode>("decode_e5m2"));
}
