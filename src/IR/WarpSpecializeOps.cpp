//===- WarpSpecializeOps.cpp - gluon.warp_specialize and its terminators --===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The custom syntax prints the default region, then each partition with its
// block arguments (the captures as the partition sees them):
//
//   %r = gluon.warp_specialize(%a, %b) attributes {...}
//     default { ... gluon.warp_yield %x : i32 }
//     partition0(%a0: T, %b0: U) { ... gluon.warp_return }
//     : (T, U) -> i32
//
// The verifier checks what the op itself owns: one entry of every
// per-partition array per partition, block arguments that match the
// captures, no tensor among the captures, no value from outside read by a
// partition, no warp_specialize inside another; then the task rules (warp
// ranges, register requests) of gluonc::checkTasks, shared with the
// frontend, with every target's limits (the tasks pass runs them again
// with the target's own).
//
//===----------------------------------------------------------------------===//

#include "gluonc/IR/WarpSpecialize.h"

#include "mlir/IR/OpImplementation.h"
#include "mlir/Transforms/RegionUtils.h"

using namespace mlir;
using namespace mlir::gluon;

std::optional<unsigned> WarpSpecializeOp::getPartitionIndex(Region *region) {
  for (auto [index, partition] : llvm::enumerate(getPartitionRegions()))
    if (&partition == region)
      return index;
  return std::nullopt;
}

ParseResult WarpSpecializeOp::parse(OpAsmParser &parser,
                                    OperationState &result) {
  SmallVector<OpAsmParser::UnresolvedOperand> captures;
  if (parser.parseOperandList(captures, OpAsmParser::Delimiter::Paren) ||
      parser.parseOptionalAttrDictWithKeyword(result.attributes) ||
      parser.parseKeyword("default") ||
      parser.parseRegion(*result.addRegion(), /*arguments=*/{}))
    return failure();
  for (unsigned index = 0;; ++index) {
    std::string keyword = "partition" + std::to_string(index);
    if (failed(parser.parseOptionalKeyword(keyword)))
      break;
    SmallVector<OpAsmParser::Argument> arguments;
    if (parser.parseArgumentList(arguments, OpAsmParser::Delimiter::Paren,
                                 /*allowType=*/true) ||
        parser.parseRegion(*result.addRegion(), arguments))
      return failure();
  }
  FunctionType type;
  if (parser.parseColonType(type) ||
      parser.resolveOperands(captures, type.getInputs(),
                             parser.getCurrentLocation(), result.operands))
    return failure();
  result.addTypes(type.getResults());
  return success();
}

void WarpSpecializeOp::print(OpAsmPrinter &printer) {
  printer << '(' << getCaptures() << ')';
  printer.printOptionalAttrDictWithKeyword((*this)->getAttrs());
  printer << " default ";
  printer.printRegion(getDefaultRegion(), /*printEntryBlockArgs=*/false);
  for (auto [index, region] : llvm::enumerate(getPartitionRegions())) {
    printer << " partition" << index << '(';
    llvm::interleaveComma(region.getArguments(), printer,
                          [&](BlockArgument argument) {
                            printer.printRegionArgument(argument);
                          });
    printer << ") ";
    printer.printRegion(region, /*printEntryBlockArgs=*/false);
  }
  printer << " : ";
  printer.printFunctionalType(getCaptures().getTypes(), getResultTypes());
}

LogicalResult WarpSpecializeOp::verify() {
  unsigned partitions = getNumPartitions();
  auto checkSize = [&](StringRef name, size_t size,
                       size_t expected) -> LogicalResult {
    if (size == expected)
      return success();
    return emitOpError() << "has " << expected << " partition"
                         << (partitions == 1 ? "" : "s") << " but '" << name
                         << "' has " << size << " entries";
  };
  if (failed(checkSize("partitionNumWarps", getPartitionNumWarps().size(),
                       partitions)) ||
      failed(checkSize("partitionRequestedRegisters",
                       getPartitionRequestedRegisters().size(), partitions)) ||
      failed(checkSize("partitionNames", getPartitionNames().size(),
                       partitions)) ||
      failed(checkSize("partitionReplicas", getPartitionReplicas().size(),
                       partitions)))
    return failure();
  if (auto starts = getPartitionStartWarps())
    if (failed(checkSize("partitionStartWarps", starts->size(), partitions)))
      return failure();
  if (auto granted = getGrantedRegisters())
    if (granted->size() != partitions + 1)
      return emitOpError() << "'grantedRegisters' has " << granted->size()
                           << " entries but expected " << partitions + 1
                           << " (the default first)";
  for (auto [index, warps] : llvm::enumerate(getPartitionNumWarps()))
    if (warps <= 0)
      return emitOpError() << "partition " << index << " has " << warps
                           << " warps";
  for (auto [index, type] : llvm::enumerate(getCaptures().getTypes()))
    if (isa<RankedTensorType>(type))
      return emitOpError() << "capture " << index << " is a tensor (" << type
                           << "): a partition's warps did not compute it; "
                              "pass it through shared memory";
  if ((*this)->getParentOfType<WarpSpecializeOp>())
    return emitOpError() << "cannot be nested inside another "
                            "gluon.warp_specialize";
  // The task rules of the module's architecture when a registered target
  // describes it, else those every target shares (the tasks pass, which
  // has the Target, checks them all again).
  gluonc::TaskSetSpec tasks = getTaskSet(*this);
  const gluonc::ArchInfo *arch = getTargetArchInfo(*this);
  std::vector<gluonc::TaskError> errors =
      arch ? gluonc::checkTasks(tasks, *arch) : gluonc::checkTaskRules(tasks);
  if (!errors.empty())
    return emitOpError() << errors.front().message;
  return success();
}

gluonc::TaskSetSpec mlir::gluon::getTaskSet(WarpSpecializeOp op) {
  using namespace gluonc;
  auto module = op->getParentOfType<ModuleOp>();
  auto usesDiagnostics = [](Region &region) {
    bool found = false;
    region.walk([&](AssertOp) { found = true; });
    return found;
  };
  TaskSetSpec spec;
  spec.kernelNumWarps = getKernelNumWarps(op);
  if (auto regs = op.getDefaultRequestedRegisters())
    spec.defaultRequestedRegisters = *regs;
  spec.defaultUsesDiagnostics = usesDiagnostics(op.getDefaultRegion());
  auto starts = op.getPartitionStartWarps();
  for (unsigned i = 0; i < op.getNumPartitions(); ++i) {
    TaskSpec task;
    task.name = cast<StringAttr>(op.getPartitionNames()[i]).str();
    task.replica = op.getPartitionReplicas()[i];
    task.numWarps = op.getPartitionNumWarps()[i];
    if (starts)
      task.startWarp = (*starts)[i];
    if (int32_t regs = op.getPartitionRequestedRegisters()[i])
      task.requestedRegisters = regs;
    task.usesDiagnostics = usesDiagnostics(op.getPartitionRegions()[i]);
    // A replica of the default task takes its name and warps.
    task.replicaOfDefault =
        task.name == "default" && task.numWarps == spec.kernelNumWarps;
    spec.workers.push_back(task);
  }
  if (auto cap = module ? module->getAttrOfType<IntegerAttr>(
                            kMaxRegistersAttrName)
                      : IntegerAttr())
    spec.maxnreg = cap.getInt();
  return spec;
}

LogicalResult WarpSpecializeOp::verifyRegions() {
  for (Block &block : getDefaultRegion())
    if (auto yield = dyn_cast<WarpYieldOp>(block.getTerminator());
        yield && yield.getValues().getTypes() != getResultTypes())
      return yield.emitOpError()
             << "yields " << yield.getValues().size()
             << " values whose types do not match the results of its "
                "gluon.warp_specialize";
  for (auto [index, region] : llvm::enumerate(getPartitionRegions())) {
    if (region.getArgumentTypes() != getCaptures().getTypes())
      return emitOpError() << "partition " << index
                           << "'s arguments do not match the captures";
    for (Block &block : region)
      if (isa<WarpYieldOp>(block.getTerminator()))
        return block.getTerminator()->emitOpError()
               << "ends a partition; a partition ends with "
                  "gluon.warp_return";
    SetVector<Value> outside;
    getUsedValuesDefinedAbove(region, outside);
    if (!outside.empty())
      return emitOpError() << "partition " << index
                           << " uses a value defined outside it ("
                           << outside.front()
                           << "); a partition sees only its captures";
  }
  return success();
}

LogicalResult WarpYieldOp::verify() {
  if ((*this)->getParentRegion() !=
      &cast<WarpSpecializeOp>((*this)->getParentOp()).getDefaultRegion())
    return emitOpError() << "ends only the default region of a "
                            "gluon.warp_specialize";
  return success();
}

//===----------------------------------------------------------------------===//
// Warp scopes
//===----------------------------------------------------------------------===//

Value mlir::gluon::getCapturedValue(Value value) {
  auto argument = dyn_cast<BlockArgument>(value);
  if (!argument || !argument.getOwner()->isEntryBlock())
    return {};
  Region *region = argument.getOwner()->getParent();
  auto op = dyn_cast_or_null<WarpSpecializeOp>(region->getParentOp());
  if (!op || !op.getPartitionIndex(region))
    return {};
  return op.getCaptures()[argument.getArgNumber()];
}

unsigned mlir::gluon::getKernelNumWarps(Operation *op) {
  ModuleOp module = isa<ModuleOp>(op) ? cast<ModuleOp>(op)
                                      : op->getParentOfType<ModuleOp>();
  auto attr = module ? module->getAttrOfType<IntegerAttr>(
                           GluonDialect::kNumWarpsAttrName)
                     : IntegerAttr();
  return attr ? attr.getInt() : 0;
}

WarpScope mlir::gluon::getWarpScope(Block *block) {
  WarpScope scope;
  for (Region *region = block ? block->getParent() : nullptr; region;
       region = region->getParentOp()->getParentRegion()) {
    auto op = dyn_cast<WarpSpecializeOp>(region->getParentOp());
    if (!op) {
      if (!region->getParentOp()->getParentRegion())
        break;
      continue;
    }
    std::optional<unsigned> partition = op.getPartitionIndex(region);
    if (!partition)
      break;
    scope.warpSpecialize = op;
    scope.partition = partition;
    scope.numWarps = op.getPartitionNumWarps()[*partition];
    if (auto starts = op.getPartitionStartWarps())
      scope.startWarp = (*starts)[*partition];
    return scope;
  }
  if (block && block->getParentOp())
    scope.numWarps = getKernelNumWarps(block->getParentOp());
  return scope;
}

WarpScope mlir::gluon::getWarpScope(Operation *op) {
  return getWarpScope(op->getBlock());
}

bool mlir::gluon::isWarpSpecialized(Operation *op) {
  Operation *function = op;
  while (function->getParentOp() && !isa<ModuleOp>(function->getParentOp()))
    function = function->getParentOp();
  bool found = false;
  function->walk([&](WarpSpecializeOp) {
    found = true;
    return WalkResult::interrupt();
  });
  return found;
}
