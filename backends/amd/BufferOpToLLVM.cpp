//===- BufferOpToLLVM.cpp - AMD buffer loads and stores, per thread -------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// gluon.buffer_load / buffer_store: one raw buffer access (ROCDL's
// raw.ptr.buffer.load / store over a resource made from the base pointer)
// per run of registers that hold consecutive elements, up to 16 bytes, at
// the first register's element offset times the element size; masked-off
// registers read zero (then `other`) and write nothing, because their
// offset is moved past the resource's end. A run is as long as the layout,
// the offsets' contiguity, their alignment with the base's and the mask's
// constancy allow (AxisInfo), as for gluon.load.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "gluonc/Conversion/Utility.h"
#include "gluonc/IR/AMDOps.h"
#include "gluonc/Transforms/AxisInfo.h"
#include "gluonc/Transforms/SharedMemory.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"

using namespace mlir;
using namespace gluonc;

// Word 3 is the format CDNA's untyped accesses expect (32-bit data, float
// numbers: DATA_FORMAT 4, NUM_FORMAT 7).
Value gluonc::amd::makeBufferResource(OpBuilder &b, Location loc,
                                      Value base) {
  auto resource = LLVM::LLVMPointerType::get(b.getContext(), 8);
  Value stride = LLVM::ConstantOp::create(b, loc, b.getI16Type(),
                                          b.getI16IntegerAttr(0));
  Value records = LLVM::ConstantOp::create(b, loc, b.getI64Type(),
                                           b.getI64IntegerAttr(0x7FFFFFFF));
  Value flags = createI32Constant(b, loc, (7 << 12) | (4 << 15));
  return ROCDL::MakeBufferRsrcOp::create(b, loc, resource, base, stride,
                                         records, flags);
}

Value gluonc::amd::guardBufferOffset(OpBuilder &b, Location loc, Value offset,
                                     Value predicate) {
  if (!predicate)
    return offset;
  return LLVM::SelectOp::create(b, loc, predicate, offset,
                                createI32Constant(b, loc, int64_t(0x80000000)));
}

Value gluonc::amd::toBufferByteOffset(OpBuilder &b, Location loc, Value offset,
                                      Type element) {
  return LLVM::MulOp::create(b, loc, offset,
                             createI32Constant(b, loc, getElementBytes(element)));
}

int64_t gluonc::amd::getBufferAccessWidth(Value base, Value offsets,
                                          Value mask,
                                          const LoweringContext &context,
                                          unsigned elementBytes) {
  LinearLayout layout =
      gluon::getLinearLayout(cast<RankedTensorType>(offsets.getType()));
  std::optional<unsigned> dim = getRegisterFastDim(layout);
  if (!dim)
    return 1;
  AxisInfo info = context.axisInfo.getAxisInfo(offsets);
  if (*dim >= info.rank())
    return 1;
  int64_t width = std::min(layout.getVectorizableRegisters(*dim),
                           info.contiguity[*dim]);
  // A run starts at a multiple of divisibility elements from a base that
  // is a multiple of its divisibility in bytes.
  int64_t baseBytes = context.axisInfo.getAxisInfo(base).divisibility[0];
  int64_t alignedBytes =
      std::min(baseBytes, info.divisibility[*dim] * int64_t(elementBytes));
  width = std::min(width, std::max<int64_t>(1, alignedBytes / elementBytes));
  if (mask)
    width = std::min(width, context.axisInfo.getAxisInfo(mask).constancy[*dim]);
  width = std::min<int64_t>(
      width, context.target.getMaxAccessBytes() / elementBytes);
  return floorPowerOf2(std::max<int64_t>(width, 1));
}

namespace {

/// A load of `type` at `byteOffset` (i32) from the buffer that starts at
/// `base` (a global pointer), reading nothing and giving zero where
/// `predicate` (an i1, or null) is false.
Value emitBufferLoad(OpBuilder &b, Location loc, Type type, Value base,
                     Value byteOffset, Value predicate) {
  Value resource = amd::makeBufferResource(b, loc, base);
  Value zero = createI32Constant(b, loc, 0);
  return ROCDL::RawPtrBufferLoadOp::create(
      b, loc, type, resource, amd::guardBufferOffset(b, loc, byteOffset, predicate), zero,
      zero, ArrayAttr(), ArrayAttr(), ArrayAttr());
}

/// The matching store.
void emitBufferStore(OpBuilder &b, Location loc, Value value, Value base,
                     Value byteOffset, Value predicate) {
  Value resource = amd::makeBufferResource(b, loc, base);
  Value zero = createI32Constant(b, loc, 0);
  ROCDL::RawPtrBufferStoreOp::create(
      b, loc, value, resource, amd::guardBufferOffset(b, loc, byteOffset, predicate), zero,
      zero, ArrayAttr(), ArrayAttr(), ArrayAttr());
}

/// `width` memory elements as registers see them: one value or a vector.
Type getRegistersType(Type memoryType, int64_t width) {
  return width == 1 ? memoryType : VectorType::get({width}, memoryType);
}

/// The type the buffer instruction moves for `width` elements: the
/// elements themselves when they are 32 bits or wider; narrower ones as
/// one integer of all their bytes (under 4) or dwords, which is what the
/// AMDGPU backend can select (it cannot split vectors of bytes).
Type getAccessType(Type memoryType, int64_t width) {
  unsigned bytes = getElementBytes(memoryType);
  if (bytes >= 4 || width == 1)
    return getRegistersType(memoryType, width);
  MLIRContext *context = memoryType.getContext();
  int64_t total = width * bytes;
  if (total <= 4)
    return IntegerType::get(context, unsigned(total * 8));
  return VectorType::get({total / 4}, IntegerType::get(context, 32));
}

Value bitcastIfNeeded(OpBuilder &b, Location loc, Type type, Value value) {
  return value.getType() == type ? value
                                 : LLVM::BitcastOp::create(b, loc, type, value);
}

struct BufferLoadOpConversion
    : public ConvertOpToLLVMPattern<gluon::BufferLoadOp> {
  BufferLoadOpConversion(const LLVMTypeConverter &converter,
                         const LoweringContext &context)
      : ConvertOpToLLVMPattern(converter), context(context) {}

  LogicalResult
  matchAndRewrite(gluon::BufferLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type element = getTypeConverter()->convertType(
        op.getResult().getType().getElementType());
    SmallVector<Value> offsets =
        unpackRegisters(rewriter, loc, adaptor.getOffsets());
    SmallVector<Value> masks, others;
    if (adaptor.getMask())
      masks = unpackRegisters(rewriter, loc, adaptor.getMask());
    if (adaptor.getOther())
      others = unpackRegisters(rewriter, loc, adaptor.getOther());
    Type memoryType = getMemoryType(element);
    int64_t width = amd::getBufferAccessWidth(
        op.getPtr(), op.getOffsets(), op.getMask(), context,
        getElementBytes(memoryType));
    SmallVector<Value> values;
    for (size_t first = 0; first < offsets.size(); first += width) {
      Value predicate = masks.empty() ? Value() : masks[first];
      Value loaded = emitBufferLoad(
          rewriter, loc, getAccessType(memoryType, width), adaptor.getPtr(),
          amd::toBufferByteOffset(rewriter, loc, offsets[first], memoryType), predicate);
      loaded = bitcastIfNeeded(rewriter, loc,
                               getRegistersType(memoryType, width), loaded);
      for (int64_t i = 0; i < width; ++i) {
        Value value =
            width == 1 ? loaded
                       : LLVM::ExtractElementOp::create(
                             rewriter, loc, loaded,
                             createI32Constant(rewriter, loc, i))
                             .getResult();
        if (memoryType != element)
          value = LLVM::TruncOp::create(rewriter, loc, element, value);
        if (predicate && !others.empty())
          value = LLVM::SelectOp::create(rewriter, loc, predicate, value,
                                         others[first + i]);
        values.push_back(value);
      }
    }
    rewriter.replaceOp(
        op, packRegisters(rewriter, loc,
                          getTypeConverter()->convertType(op.getType()),
                          values));
    return success();
  }

  LoweringContext context;
};

struct BufferStoreOpConversion
    : public ConvertOpToLLVMPattern<gluon::BufferStoreOp> {
  BufferStoreOpConversion(const LLVMTypeConverter &converter,
                          const LoweringContext &context)
      : ConvertOpToLLVMPattern(converter), context(context) {}

  LogicalResult
  matchAndRewrite(gluon::BufferStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type element = getTypeConverter()->convertType(
        op.getValue().getType().getElementType());
    SmallVector<Value> values =
        unpackRegisters(rewriter, loc, adaptor.getValue());
    SmallVector<Value> offsets =
        unpackRegisters(rewriter, loc, adaptor.getOffsets());
    SmallVector<Value> masks;
    if (adaptor.getMask())
      masks = unpackRegisters(rewriter, loc, adaptor.getMask());
    Type memoryType = getMemoryType(element);
    int64_t width = amd::getBufferAccessWidth(
        op.getPtr(), op.getOffsets(), op.getMask(), context,
        getElementBytes(memoryType));
    auto toMemory = [&](Value value) -> Value {
      return memoryType == element
                 ? value
                 : LLVM::ZExtOp::create(rewriter, loc, memoryType, value);
    };
    for (size_t first = 0; first < values.size(); first += width) {
      Value stored = toMemory(values[first]);
      if (width > 1) {
        stored = LLVM::PoisonOp::create(rewriter, loc,
                                        getRegistersType(memoryType, width));
        for (int64_t i = 0; i < width; ++i)
          stored = LLVM::InsertElementOp::create(
              rewriter, loc, stored, toMemory(values[first + i]),
              createI32Constant(rewriter, loc, i));
      }
      stored = bitcastIfNeeded(rewriter, loc, getAccessType(memoryType, width),
                               stored);
      emitBufferStore(rewriter, loc, stored, adaptor.getPtr(),
                      amd::toBufferByteOffset(rewriter, loc, offsets[first], memoryType),
                      masks.empty() ? Value() : masks[first]);
    }
    rewriter.eraseOp(op);
    return success();
  }

  LoweringContext context;
};

} // namespace

void gluonc::amd::populateBufferOpToLLVMPatterns(
    GluonLLVMTypeConverter &converter, RewritePatternSet &patterns,
    const LoweringContext &context) {
  patterns.add<BufferLoadOpConversion, BufferStoreOpConversion>(converter,
                                                                context);
}
