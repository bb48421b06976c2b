//===- Arguments.h - Checks of builtin arguments ----------------*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// What several families of builtins require of an argument (a list of
// ints, a dtype, a layout, an axis, a mask), each checked in one place and
// failing with a diagnostic at the argument.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_FRONTEND_BUILTINS_ARGUMENTS_H
#define GLUONC_FRONTEND_BUILTINS_ARGUMENTS_H

#include "Registry.h"

#include "gluonc/IR/Dialect.h"
#include "gluonc/IR/MemDesc.h"

#include <string>
#include <vector>

namespace gluonc::frontend {

/// A list or tuple of compile-time ints; `what` names it in errors.
std::vector<int64_t> requireIntList(IRGen &gen, const Value &value,
                                    SourceLoc loc, const std::string &what);
/// A list of lists of ints.
std::vector<std::vector<int64_t>> requireIntLists(IRGen &gen,
                                                  const Value &value,
                                                  SourceLoc loc,
                                                  const std::string &what);
/// A tensor shape: powers of two up to 2^30, at least one dimension.
std::vector<int64_t> requireShape(IRGen &gen, const Value &value,
                                  SourceLoc loc, const std::string &what);
DType requireDType(IRGen &gen, const Value &value, SourceLoc loc);
/// A distributed layout (BlockedLayout, SliceLayout, ...), not a shared one;
/// AutoLayout only where `allowAuto` (gl.arange, gl.full, gl.zeros).
mlir::gluon::LayoutAttrInterface
requireDistributedLayout(IRGen &gen, const Value &value, SourceLoc loc,
                         bool allowAuto = false);
mlir::Attribute requireSharedLayout(IRGen &gen, const Value &value,
                                    SourceLoc loc);
/// The shared memory descriptor passed as argument `name`.
const SharedMemoryValue &requireSharedMemory(IRGen &gen, const BoundArgs &args,
                                             const char *name);
/// The shared memory descriptor passed as argument `name`, which must be
/// one mbarrier (checkMBarrierType), on a target whose mbarriers gluonc
/// lowers (sm_90 and newer).
mlir::Value requireBarrier(IRGen &gen, const BoundArgs &args, const char *name);
/// A run-time tensor (not a scalar) for the input of `function` (gl.NAME).
RuntimeValue requireTensor(IRGen &gen, const Value &value, SourceLoc loc,
                           const std::string &function);
/// One tensor, or a tuple of tensors of one shape and layout (the inputs
/// of a reduction or scan).
std::vector<RuntimeValue> requireTensors(IRGen &gen, const Value &value,
                                         SourceLoc loc,
                                         const std::string &function);
/// An axis of `input`, negative counting from the end.
int64_t requireAxis(IRGen &gen, const Value &value, SourceLoc loc,
                    const RuntimeValue &input);
/// The ints of a `(input, *values)` call, where the values may also come
/// as one tuple or list (gl.reshape(x, 4, 8) or gl.reshape(x, [4, 8])).
std::vector<int64_t> requireVariadicInts(IRGen &gen, const BoundArgs &args,
                                         const std::string &what);

/// `value` brought to the shape and layout of `like` (a scalar stays a
/// scalar next to a scalar).
RuntimeValue matchShape(IRGen &gen, RuntimeValue value,
                        const RuntimeValue &like, SourceLoc loc);
/// The layout of a matrix product's operand `index` (0 for `a`, 1 for
/// `b`), which `function` needs to be DotOperandLayout(operand_index=
/// index, parent=<acc's layout>); `kWidths` names the k_width it takes.
mlir::gluon::DotOperandLayoutAttr
requireDotOperand(IRGen &gen, const BoundArgs &args,
                  const std::string &function, unsigned index,
                  const RuntimeValue &operand, const RuntimeValue &acc,
                  const std::string &kWidths);
/// The `mask` argument of a load or store: booleans only (as in Triton),
/// in the shape of `like`.
mlir::Value requireMask(IRGen &gen, const BoundArgs &args,
                        const RuntimeValue &like, const std::string &function);
/// `desc` loaded into the distributed layout of argument `layout` (the
/// descriptor's `.load(layout)`).
RuntimeValue loadSharedMemory(IRGen &gen, const SharedMemoryValue &desc,
                              const BoundArgs &args);
/// gluon.async_wait_group for a `wait_group(num_outstanding=0)` call
/// (Ampere's and CDNA's), the count checked at its argument.
void createAsyncWaitGroup(IRGen &gen, const BoundArgs &args);
/// The base pointer and offsets of an AMD buffer access (arguments `ptr`
/// and `offsets`): a scalar pointer and an int32 tensor of element
/// offsets, on a 64-lane AMD target (amd/Buffer.cpp).
std::pair<RuntimeValue, RuntimeValue>
requireBufferAddress(IRGen &gen, const BoundArgs &args,
                     const std::string &function);
/// Fails unless `option` (of `function`) is absent or has its default
/// value ('', False, ()): options gluonc does not implement.
void rejectOption(IRGen &gen, const BoundArgs &args,
                  const std::string &function, const char *option);
/// Fails unless the multi-CTA parameters the builtin has (ctas_per_cga,
/// cta_split_num, cta_order, cga_layout, block_bases) have their
/// single-CTA values.
void checkSingleCTA(IRGen &gen, const BoundArgs &args);
/// Fails unless a layout's `warps_per_cta` argument (`warpsPerCTA`)
/// multiplies to the kernel's --num-warps.
void checkWarpsPerCTA(IRGen &gen, const BoundArgs &args,
                      const std::vector<int32_t> &warpsPerCTA);

/// One value, or a tuple of them.
Value toResult(const std::vector<RuntimeValue> &values, bool asTuple);
/// A tuple of ints, as `tensor.shape` is.
Value shapeTuple(const std::vector<int64_t> &shape);

} // namespace gluonc::frontend

#endif // GLUONC_FRONTEND_BUILTINS_ARGUMENTS_H
