//===- Values.cpp - The values IR generation adds to Python ---------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "Values.h"

#include "gluonc/IR/Dialect.h"

using namespace gluonc;
using namespace gluonc::frontend;

RuntimeValue RuntimeValue::ofType(mlir::Value value, DType dtype) {
  auto tensor = mlir::dyn_cast<mlir::RankedTensorType>(value.getType());
  if (!tensor)
    return RuntimeValue{value, dtype, {}, {}};
  return RuntimeValue{value, dtype, tensor.getShape().vec(),
                      tensor.getEncoding()};
}

//===----------------------------------------------------------------------===//
// Rendering
//===----------------------------------------------------------------------===//

std::string ObjectTraits<RuntimeValue>::render(const RuntimeValue &value,
                                               Style) {
  std::string text = value.isScalar() ? "scalar<" : "tensor<";
  for (int64_t dim : value.shape)
    text += std::to_string(dim) + "x";
  return text + value.dtype.getTritonName() + ">";
}

// Gluon's str() of descriptors and types.
std::string
ObjectTraits<SharedMemoryValue>::render(const SharedMemoryValue &desc,
                                        Style) {
  return "shared_memory_descriptor<" + desc.dtype.getTritonName() + ", " +
         listText(desc.shape) + ", " + desc.layoutText + ", " +
         listText(desc.allocShape) + ">";
}

std::string ObjectTraits<TensorDescValue>::render(const TensorDescValue &desc,
                                                  Style) {
  return "tensor_descriptor<" + desc.dtype.getTritonName() +
         listText(desc.blockShape) + ", " + desc.layoutText + ">";
}

std::string ObjectTraits<TypeValue>::render(const TypeValue &type, Style) {
  if (type.isBlock)
    return "<" + listText(type.shape) + ", " + type.dtype.getTritonName() +
           ">";
  if (type.isTensorDesc)
    return "tensor_descriptor_type<" + type.dtype.getTritonName() +
           listText(type.shape) + ", " + type.layoutText + ">";
  if (type.isSharedMemory)
    return "shared_memory_descriptor<" + type.dtype.getTritonName() + ", " +
           listText(type.shape) + ", " + type.layoutText + ", " +
           listText(type.allocShape) + ">";
  return "<" + listText(type.shape) + ", " + type.dtype.getTritonName() + ", " +
         type.layoutText + ">";
}

std::string ObjectTraits<DType>::render(const DType &dtype, Style style) {
  if (style == Style::Repr)
    return dtype.getGluonName();
  return dtype.isPointer ? "pointer<" + dtype.pointee().getTritonName() + ">"
                         : dtype.getTritonName();
}

//===----------------------------------------------------------------------===//
// Layouts
//===----------------------------------------------------------------------===//

namespace gluonc::frontend {
template <typename T> static std::string listText(llvm::ArrayRef<T> values) {
  return listText(std::vector<int64_t>(values.begin(), values.end()));
}
} // namespace gluonc::frontend

/// Gluon's rendering of a shared layout; empty for any other attribute.
static std::string describeSharedLayout(mlir::Attribute layout) {
  auto nested = [](llvm::ArrayRef<int32_t> flat, size_t width) {
    std::string text = "[";
    for (size_t i = 0; width && i < flat.size(); i += width) {
      text += i ? ", " : "";
      text += listText(
          std::vector<int64_t>(flat.begin() + i, flat.begin() + i + width));
    }
    return text + "]";
  };
  if (auto swizzled =
          mlir::dyn_cast<mlir::gluon::SwizzledSharedLayoutAttr>(layout))
    return "SwizzledSharedLayout(vec=" + std::to_string(swizzled.getVec()) +
           ", per_phase=" + std::to_string(swizzled.getPerPhase()) +
           ", max_phase=" + std::to_string(swizzled.getMaxPhase()) +
           ", order=" + listText(swizzled.getOrder()) + ")";
  if (auto nvmma = mlir::dyn_cast<mlir::gluon::NVMMASharedLayoutAttr>(layout))
    return "NVMMASharedLayout(swizzle_byte_width=" +
           std::to_string(nvmma.getSwizzlingByteWidth()) +
           ", element_bitwidth=" + std::to_string(nvmma.getElementBitWidth()) +
           ", rank=" + std::to_string(nvmma.getRank()) +
           ", transposed=" + (nvmma.getTransposed() ? "True" : "False") +
           ", fp4_padded=False)";
  if (auto padded =
          mlir::dyn_cast<mlir::gluon::PaddedSharedLayoutAttr>(layout)) {
    std::string pairs = "[";
    for (size_t i = 0; i < padded.getIntervals().size(); ++i)
      pairs += (i ? ", [" : "[") + std::to_string(padded.getIntervals()[i]) +
               ", " + std::to_string(padded.getPaddings()[i]) + "]";
    pairs += "]";
    if (!padded.getOrder().empty())
      return "PaddedSharedLayout(interval_padding_pairs=" + pairs +
             ", order=" + listText(padded.getOrder()) + ")";
    return "PaddedSharedLayout(interval_padding_pairs=" + pairs +
           ", offset_bases=" +
           nested(padded.getOffsetBases(), padded.getShape().size()) +
           ", block_bases=[], shape=" + listText(padded.getShape()) + ")";
  }
  if (auto linear = mlir::dyn_cast<mlir::gluon::SharedLinearLayoutAttr>(layout))
    return "SharedLinearLayout(offset_bases=" +
           nested(linear.getOffsetBases(), linear.getRank()) +
           ", block_bases=[], alignment=" +
           std::to_string(linear.getAlignment()) + ")";
  return "";
}


/// Gluon's rendering of a DistributedLinearLayout.
static std::string describeLinearLayout(const gluonc::LinearLayout &layout) {
  auto bases = [&](gluonc::HwDim dim) {
    std::string text = "[";
    for (const gluonc::Coord &basis : layout.getBases(dim)) {
      text += text.size() > 1 ? ", [" : "[";
      for (size_t d = 0; d < basis.size(); ++d)
        text += (d ? ", " : "") + std::to_string(basis[d]);
      text += "]";
    }
    return text + "]";
  };
  std::string shape = "[";
  for (size_t d = 0; d < layout.rank(); ++d)
    shape += (d ? ", " : "") + std::to_string(layout.getDimSize(d));
  return "DistributedLinearLayout(reg_bases=" +
         bases(gluonc::HwDim::Register) +
         ", lane_bases=" + bases(gluonc::HwDim::Lane) +
         ", warp_bases=" + bases(gluonc::HwDim::Warp) +
         ", block_bases=" + bases(gluonc::HwDim::Block) + ", shape=" + shape +
         "])";
}

bool gluonc::frontend::isAutoLayout(mlir::Attribute layout) {
  return mlir::isa_and_nonnull<mlir::gluon::AutoLayoutAttr>(layout);
}

std::string gluonc::frontend::describeLayout(mlir::Attribute layout) {
  if (isAutoLayout(layout))
    return mlir::cast<mlir::gluon::AutoLayoutAttr>(layout).getCoalesced()
               ? "CoalescedLayout()"
               : "AutoLayout()";
  if (auto blocked =
          mlir::dyn_cast_or_null<mlir::gluon::BlockedLayoutAttr>(layout))
    return "BlockedLayout(size_per_thread=" +
           listText(blocked.getSizePerThread()) +
           ", threads_per_warp=" + listText(blocked.getThreadsPerWarp()) +
           ", warps_per_cta=" + listText(blocked.getWarpsPerCTA()) +
           ", order=" + listText(blocked.getOrder()) + ")";
  if (auto slice = mlir::dyn_cast_or_null<mlir::gluon::SliceLayoutAttr>(layout))
    return "SliceLayout(dim=" + std::to_string(slice.getDim()) +
           ", parent=" + describeLayout(slice.getParent()) + ")";
  if (auto linear =
          mlir::dyn_cast_or_null<mlir::gluon::LinearLayoutAttr>(layout))
    return describeLinearLayout(linear.getLayout());
  if (auto dotOperand =
          mlir::dyn_cast_or_null<mlir::gluon::DotOperandLayoutAttr>(layout))
    return "DotOperandLayout(operand_index=" +
           std::to_string(dotOperand.getOpIdx()) +
           ", parent=" + describeLayout(dotOperand.getParent()) +
           ", k_width=" + std::to_string(dotOperand.getKWidth()) + ")";
  if (auto mfma =
          mlir::dyn_cast_or_null<mlir::gluon::AMDMFMALayoutAttr>(layout))
    return "AMDMFMALayout(version=" + std::to_string(mfma.getVersion()) +
           ", instr_shape=" + listText(mfma.getInstrShape()) +
           ", transposed=" + (mfma.getTransposed() ? "True" : "False") +
           ", warps_per_cta=" + listText(mfma.getWarpsPerCTA()) + ")";
  if (auto nvmma = mlir::dyn_cast_or_null<
          mlir::gluon::NVMMADistributedLayoutAttr>(layout))
    return "NVMMADistributedLayout(version=" + listText(nvmma.getVersion()) +
           ", warps_per_cta=" + listText(nvmma.getWarpsPerCTA()) +
           ", instr_shape=" + listText(nvmma.getInstrShape()) + ")";
  if (std::string shared = describeSharedLayout(layout); !shared.empty())
    return shared;
  return layout ? mlir::gluon::layoutToString(layout) : "no layout";
}
