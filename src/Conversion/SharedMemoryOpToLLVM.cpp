//===- SharedMemoryOpToLLVM.cpp - Shared memory allocations and accesses --===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A descriptor lowers to the address of its view's first element
// (!llvm.ptr<3>). An access composes two linear layouts: the tensor's
// (register, lane, warp) -> coordinate and the inverse of the shared
// layout's offset -> coordinate, giving register, lane, warp -> offset. Its
// register bits whose offsets are 1, 2, 4, ... make one vector access (see
// planSharedAccess); the lane and warp part is computed once per thread,
// and each access adds its registers' constant part, with `or disjoint`
// where the bits allow so that it folds into the address.
//
// A row of a dimension the layout lays out (gluon::isRowView) is the one
// view that is no address: its elements are the allocation's (i, ...),
// whose offsets are those of (0, ...) XOR those of (i, 0, ...). Its value is
// the allocation's address, and each access XORs in the row's offset,
// computed from the index op's run-time i (emitRowOffset).
//
//===----------------------------------------------------------------------===//

#include "PatternsImpl.h"

#include "gluonc/Conversion/SharedMemoryAccess.h"
#include "gluonc/Conversion/Utility.h"
#include "gluonc/IR/MemDesc.h"
#include "gluonc/Layout/SharedLayout.h"
#include "gluonc/Transforms/SharedMemory.h"

using namespace mlir;
using namespace gluonc;

namespace {

/// The layout whose registers are the first registers of the accesses of
/// `plan`, in the plan's order, and whose lanes and warps are the plan's.
LinearLayout getAccessStarts(const SharedAccessPlan &plan) {
  const LinearLayout &offsets = plan.offsets;
  LinearLayout starts(offsets.getShape());
  const std::vector<Coord> &regBases = offsets.getBases(HwDim::Register);
  for (unsigned bit = 0; bit < regBases.size(); ++bit) {
    bool inVector = llvm::is_contained(plan.vectorRegisterBits, bit);
    if (!inVector && regBases[bit][0] != 0)
      starts.addBasis(HwDim::Register, regBases[bit]);
  }
  for (HwDim hw : {HwDim::Lane, HwDim::Warp, HwDim::Block})
    for (const Coord &basis : offsets.getBases(hw))
      starts.addBasis(hw, basis);
  return starts;
}

/// `offset` (i32, before padding) with the layout's padding inserted.
Value emitPadding(OpBuilder &b, Location loc, const SharedLayout &layout,
                  Value offset) {
  Value padded = offset;
  for (const PaddingRule &rule : layout.getPadding()) {
    Value intervals = LLVM::LShrOp::create(
        b, loc, offset, createI32Constant(b, loc, log2Exact(rule.interval)));
    Value padding = LLVM::ShlOp::create(
        b, loc, intervals, createI32Constant(b, loc, log2Exact(rule.padding)));
    padded = LLVM::AddOp::create(b, loc, padded, padding);
  }
  return padded;
}

} // namespace

SmallVector<Value> gluonc::emitSharedOffsetAddresses(
    OpBuilder &b, Location loc, const LoweringContext &context,
    const LinearLayout &offsets, const SharedLayout &layout, Type storageType,
    Value base, Value rowOffset) {
  SmallVector<SmallVector<Value>> values =
      emitElementCoords(b, loc, context.target, offsets, context.numThreads);
  SmallVector<Value> addresses;
  for (SmallVector<Value> &offset : values) {
    Value element = offset[0];
    if (rowOffset)
      element = LLVM::XOrOp::create(b, loc, element, rowOffset);
    addresses.push_back(emitElementAddress(
        b, loc, base, storageType, emitPadding(b, loc, layout, element)));
  }
  return addresses;
}

SmallVector<Value> gluonc::emitSharedAccessAddresses(
    OpBuilder &b, Location loc, const LoweringContext &context,
    const SharedTensorAccess &access, Value base, Value rowOffset) {
  return emitSharedOffsetAddresses(b, loc, context,
                                   getAccessStarts(access.plan), access.layout,
                                   access.storageType, base, rowOffset);
}

Value gluonc::emitRowOffset(OpBuilder &b, Location loc,
                            const SharedLayout &layout, Value index) {
  Value offset = createI32Constant(b, loc, 0);
  Coord coord(layout.rank(), 0);
  for (int32_t row = 1; row < layout.getShape()[0]; row *= 2) {
    coord[0] = row;
    int64_t rowBits = layout.getOffset(coord);
    // (index & row) is row or 0: scaled to the row's offset, XORed in.
    Value bit =
        LLVM::AndOp::create(b, loc, index, createI32Constant(b, loc, row));
    Value term = LLVM::MulOp::create(
        b, loc,
        LLVM::LShrOp::create(b, loc, bit,
                             createI32Constant(b, loc, log2Exact(row))),
        createI32Constant(b, loc, rowBits));
    offset = LLVM::XOrOp::create(b, loc, offset, term);
  }
  return offset;
}

SharedTensorAccess
gluonc::planSharedTensorAccess(RankedTensorType tensor, gluon::MemDescType desc,
                               const TypeConverter &converter,
                               unsigned maxVectorBytes) {
  SharedLayout layout = desc.getSharedLayout();
  Type registerType = converter.convertType(tensor.getElementType());
  Type storageType = getMemoryType(registerType);
  unsigned bits = 8 * getElementBytes(storageType);
  LinearLayout distributed = gluon::getLinearLayout(tensor);
  // A row view's elements are (i, ...) of the allocation: the offsets of
  // (0, ...) XOR the row's, so a vector must not reach into the bits a row
  // offset may set.
  int64_t rowBits = 0;
  if (gluon::isRowView(desc)) {
    distributed = distributed.insertDim(0);
    Coord coord(layout.rank(), 0);
    for (int32_t row = 1; row < layout.getShape()[0]; row *= 2) {
      coord[0] = row;
      rowBits |= layout.getOffset(coord);
    }
  }
  SharedAccessPlan plan =
      planSharedAccess(distributed, layout, bits, maxVectorBytes);
  while (plan.vectorElements > 1 && (rowBits & (plan.vectorElements - 1)))
    plan = planSharedAccess(
        distributed, layout, bits,
        unsigned(std::max<int64_t>(1, plan.vectorElements / 2 * bits / 8)));
  int64_t width = plan.vectorElements;
  Type accessType =
      width == 1 ? storageType : VectorType::get({width}, storageType);
  unsigned alignment = std::max<unsigned>(1, width * bits / 8);
  return {std::move(plan), std::move(layout), registerType,
          storageType,     accessType,        alignment};
}

SharedTensorAccess gluonc::planAsyncCopyAccess(RankedTensorType values,
                                               gluon::MemDescType dst,
                                               const TypeConverter &converter,
                                               int64_t globalWidth,
                                               unsigned elementBytes) {
  SharedTensorAccess access = planSharedTensorAccess(
      values, dst, converter, unsigned(globalWidth * elementBytes));
  const std::vector<unsigned> &bits = access.plan.vectorRegisterBits;
  unsigned inOrder = 0;
  while (inOrder < bits.size() && bits[inOrder] == inOrder)
    ++inOrder;
  if (inOrder == bits.size())
    return access;
  // Fewer elements: the search for vector bits takes the same bits first.
  return planSharedTensorAccess(
      values, dst, converter, unsigned((int64_t(1) << inOrder) * elementBytes));
}

SharedTensorAccess gluonc::planLocalAccess(RankedTensorType tensor,
                                           gluon::MemDescType desc,
                                           const TypeConverter &converter) {
  bool pointers = isa<LLVM::LLVMPointerType>(
      getMemoryType(converter.convertType(tensor.getElementType())));
  return planSharedTensorAccess(tensor, desc, converter, pointers ? 8 : 16);
}

namespace {

/// Stores the registers of `tensor` (its lowered struct) into the view at
/// `base`.
void emitSharedStore(OpBuilder &b, Location loc, const LoweringContext &context,
                     const TypeConverter &converter, RankedTensorType type,
                     Value tensor, gluon::MemDescType desc, Value base,
                     Value rowIndex = {}) {
  SharedTensorAccess info = planLocalAccess(type, desc, converter);
  SmallVector<Value> registers = unpackRegisters(b, loc, tensor);
  Value rowOffset =
      rowIndex ? emitRowOffset(b, loc, info.layout, rowIndex) : Value();
  SmallVector<Value> addresses =
      emitSharedAccessAddresses(b, loc, context, info, base, rowOffset);
  for (auto [access, address] : llvm::zip(info.plan.accesses, addresses)) {
    Value data;
    if (access.size() == 1) {
      data = toMemory(b, loc, registers[access[0]]);
    } else {
      data = LLVM::PoisonOp::create(b, loc, info.accessType);
      for (auto [position, reg] : llvm::enumerate(access))
        data = LLVM::InsertElementOp::create(
            b, loc, data, toMemory(b, loc, registers[reg]),
            createI32Constant(b, loc, position));
    }
    LLVM::StoreOp::create(b, loc, data, address, info.alignment);
  }
}

/// The allocation's address, from the offset the allocation pass gave it.
FailureOr<Value> emitAllocationAddress(OpBuilder &b, gluon::LocalAllocOp op) {
  auto offset = op->getAttrOfType<IntegerAttr>(kAllocationOffsetAttrName);
  if (!offset)
    return op.emitOpError() << "has no '" << kAllocationOffsetAttrName
                            << "': run gluon-allocate-shared-memory first";
  Location loc = op.getLoc();
  return emitElementAddress(b, loc, getSharedMemoryBase(b, loc, op),
                            b.getI8Type(),
                            createI32Constant(b, loc, offset.getInt()));
}

template <typename OpTy>
struct SharedMemoryPattern : public ConvertOpToLLVMPattern<OpTy> {
  SharedMemoryPattern(const LLVMTypeConverter &converter,
                      const LoweringContext &context)
      : ConvertOpToLLVMPattern<OpTy>(converter), context(context) {}

  LoweringContext context;
};

/// For an access to a row view (gluon::isRowView): the converted index of
/// the gluon.memdesc_index that made it, whose verifier lets only accesses
/// use it. Null for any other view.
Value getRowIndex(ConversionPatternRewriter &rewriter, Value descriptor) {
  if (!gluon::isRowView(cast<gluon::MemDescType>(descriptor.getType())))
    return {};
  auto index = descriptor.getDefiningOp<gluon::MemDescIndexOp>();
  assert(index && "a row view not made by gluon.memdesc_index");
  return rewriter.getRemappedValue(index.getIndex());
}

struct LocalAllocOpConversion : SharedMemoryPattern<gluon::LocalAllocOp> {
  using SharedMemoryPattern::SharedMemoryPattern;

  LogicalResult
  matchAndRewrite(gluon::LocalAllocOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<Value> base = emitAllocationAddress(rewriter, op);
    if (failed(base))
      return failure();
    if (adaptor.getSrc())
      emitSharedStore(rewriter, op.getLoc(), context, *getTypeConverter(),
                      cast<RankedTensorType>(op.getSrc().getType()),
                      adaptor.getSrc(), op.getType(), *base);
    rewriter.replaceOp(op, *base);
    return success();
  }
};

struct LocalStoreOpConversion : SharedMemoryPattern<gluon::LocalStoreOp> {
  using SharedMemoryPattern::SharedMemoryPattern;

  LogicalResult
  matchAndRewrite(gluon::LocalStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    emitSharedStore(rewriter, op.getLoc(), context, *getTypeConverter(),
                    op.getSrc().getType(), adaptor.getSrc(),
                    op.getDst().getType(), adaptor.getDst(),
                    getRowIndex(rewriter, op.getDst()));
    rewriter.eraseOp(op);
    return success();
  }
};

struct LocalLoadOpConversion : SharedMemoryPattern<gluon::LocalLoadOp> {
  using SharedMemoryPattern::SharedMemoryPattern;

  LogicalResult
  matchAndRewrite(gluon::LocalLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType type = op.getType();
    SharedTensorAccess info =
        planLocalAccess(type, op.getSrc().getType(), *getTypeConverter());
    Value rowIndex = getRowIndex(rewriter, op.getSrc());
    Value rowOffset = rowIndex
                          ? emitRowOffset(rewriter, loc, info.layout, rowIndex)
                          : Value();
    SmallVector<Value> addresses = emitSharedAccessAddresses(
        rewriter, loc, context, info, adaptor.getSrc(), rowOffset);
    int64_t numRegisters = info.plan.sourceRegister.size();
    SmallVector<Value> loaded(numRegisters);
    for (auto [access, address] : llvm::zip(info.plan.accesses, addresses)) {
      Value data = LLVM::LoadOp::create(rewriter, loc, info.accessType, address,
                                        info.alignment);
      for (auto [position, reg] : llvm::enumerate(access)) {
        Value element = access.size() == 1
                            ? data
                            : LLVM::ExtractElementOp::create(
                                  rewriter, loc, data,
                                  createI32Constant(rewriter, loc, position))
                                  .getResult();
        loaded[reg] = fromMemory(rewriter, loc, element, info.registerType);
      }
    }
    // Registers repeating an element take the loaded copy.
    SmallVector<Value> registers;
    for (int64_t reg = 0; reg < numRegisters; ++reg)
      registers.push_back(loaded[info.plan.sourceRegister[reg]]);
    rewriter.replaceOp(op, packRegisters(rewriter, loc,
                                         getTypeConverter()->convertType(type),
                                         registers));
    return success();
  }
};

/// The element type's bytes in shared memory, for address arithmetic.
Type getStorageTypeOf(gluon::MemDescType type, const TypeConverter &converter) {
  return getMemoryType(converter.convertType(type.getElementType()));
}

struct MemDescIndexOpConversion : SharedMemoryPattern<gluon::MemDescIndexOp> {
  using SharedMemoryPattern::SharedMemoryPattern;

  LogicalResult
  matchAndRewrite(gluon::MemDescIndexOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    gluon::MemDescType src = op.getSrc().getType();
    // A row view is the allocation's address; its accesses add the row.
    if (gluon::isRowView(op.getType())) {
      rewriter.replaceOp(op, adaptor.getSrc());
      return success();
    }
    Value elements = LLVM::MulOp::create(
        rewriter, loc, adaptor.getIndex(),
        createI32Constant(rewriter, loc, gluon::getIndexStride(src)));
    rewriter.replaceOp(
        op, emitElementAddress(rewriter, loc, adaptor.getSrc(),
                               getStorageTypeOf(src, *getTypeConverter()),
                               elements));
    return success();
  }
};

struct MemDescSubsliceOpConversion
    : SharedMemoryPattern<gluon::MemDescSubsliceOp> {
  using SharedMemoryPattern::SharedMemoryPattern;

  LogicalResult
  matchAndRewrite(gluon::MemDescSubsliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    gluon::MemDescType src = op.getSrc().getType();
    int64_t offset = gluon::getSubsliceOffset(src, op.getOffsets());
    rewriter.replaceOp(
        op, emitElementAddress(rewriter, loc, adaptor.getSrc(),
                               getStorageTypeOf(src, *getTypeConverter()),
                               createI32Constant(rewriter, loc, offset)));
    return success();
  }
};

/// Permuted and reshaped views keep every element where it was, and a
/// reinterpreted one starts where its source does: the same address,
/// another type.
template <typename OpTy>
struct SameAddressViewConversion : SharedMemoryPattern<OpTy> {
  using SharedMemoryPattern<OpTy>::SharedMemoryPattern;

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, adaptor.getSrc());
    return success();
  }
};

} // namespace

void gluonc::populateSharedMemoryOpToLLVMPatterns(
    GluonLLVMTypeConverter &converter, RewritePatternSet &patterns,
    const LoweringContext &context) {
  // A descriptor is the address of its view's first element.
  converter.addConversion([](gluon::MemDescType type) -> Type {
    return LLVM::LLVMPointerType::get(type.getContext(), /*addressSpace=*/3);
  });
  patterns.add<LocalAllocOpConversion, LocalStoreOpConversion,
               LocalLoadOpConversion, MemDescIndexOpConversion,
               MemDescSubsliceOpConversion,
               SameAddressViewConversion<gluon::MemDescPermuteOp>,
               SameAddressViewConversion<gluon::MemDescReshapeOp>,
               SameAddressViewConversion<gluon::MemDescReinterpretOp>>(
      converter, context);
}
