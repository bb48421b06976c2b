//===- AxisInfo.h - Contiguity, divisibility, constancy ---------*- C++ -*-===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// What the compiler can prove about the integer and pointer values of a
// kernel, per tensor dimension d:
//
//  - contiguity[d]: the values come in runs of this many consecutive
//    integers (pointers: consecutive elements) along d, each run starting at
//    an index that is a multiple of the run length;
//  - divisibility[d]: the first value of every such run (every value, when
//    contiguity is 1) is a multiple of this power of two (pointers: in
//    bytes);
//  - constancy[d]: the values come in runs of this many equal values.
//
// Loads and stores use this to decide how many registers one memory
// instruction can move: a 16-byte access needs four contiguous fp32
// addresses, 16-byte aligned, under one mask bit.
//
//===----------------------------------------------------------------------===//

#ifndef GLUONC_TRANSFORMS_AXISINFO_H
#define GLUONC_TRANSFORMS_AXISINFO_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace gluonc {

struct AxisInfo {
  /// One entry per tensor dimension; scalars have one entry.
  llvm::SmallVector<int64_t, 4> contiguity;
  llvm::SmallVector<int64_t, 4> divisibility;
  llvm::SmallVector<int64_t, 4> constancy;
  /// Set when every element has this known value.
  std::optional<int64_t> constantValue;

  /// Nothing known about a value of `rank` dimensions (0 for scalars).
  static AxisInfo unknown(unsigned rank);
  /// A scalar whose value is a multiple of `divisibility`.
  static AxisInfo scalar(int64_t divisibility);
  /// A known integer scalar.
  static AxisInfo constant(int64_t value);

  unsigned rank() const { return contiguity.size(); }
  bool operator==(const AxisInfo &other) const;
};

/// The largest power of two dividing `value`, capped for zero.
int64_t highestPowerOf2Divisor(int64_t value);

/// Computes AxisInfo for every value of a module by forward passes over
/// each function until the facts settle: a block argument (after
/// structured control flow became branches: a loop's induction variable
/// and carried values) gets what holds for every value that branches pass
/// to it. Values nothing can be said about (loaded data) get nothing-known
/// facts.
class AxisInfoAnalysis {
public:
  explicit AxisInfoAnalysis(mlir::ModuleOp module);

  /// The facts about `value`; nothing-known for values not seen.
  AxisInfo getAxisInfo(mlir::Value value) const;

  /// The widest access, in elements, that the facts about `ptr` (and
  /// `mask`, when present) allow along tensor dimension `dim` for elements
  /// of `elementBytes` bytes. Does not consider the layout.
  int64_t getMaxAccessWidth(mlir::Value ptr, mlir::Value mask, unsigned dim,
                            unsigned elementBytes) const;

private:
  /// Each returns whether a fact changed.
  bool visit(mlir::Operation *op);
  bool visitRegion(mlir::Region &region, bool joinArguments);
  bool update(mlir::Value value, const AxisInfo &fact);
  /// The join of the facts branches pass to `arg` of `block`.
  AxisInfo joinIncoming(mlir::Block &block, mlir::BlockArgument arg);
  llvm::DenseMap<mlir::Value, AxisInfo> facts;
};

} // namespace gluonc

#endif // GLUONC_TRANSFORMS_AXISINFO_H
