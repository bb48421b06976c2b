//===- Metadata.cpp - The kernel's launch metadata (JSON) -----------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "gluonc/Driver/Metadata.h"

#include "gluonc/ABI/TensorDescriptor.h"

#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"

#include <nlohmann/json.hpp>

using namespace gluonc;
using json = nlohmann::json;

std::string gluonc::sha256Hex(llvm::StringRef bytes) {
  std::array<uint8_t, 32> digest = llvm::SHA256::hash(
      llvm::ArrayRef<uint8_t>(reinterpret_cast<const uint8_t *>(bytes.data()),
                              bytes.size()));
  static const char *hex = "0123456789abcdef";
  std::string text;
  for (uint8_t byte : digest) {
    text += hex[byte >> 4];
    text += hex[byte & 15];
  }
  return text;
}

std::string gluonc::relativeSourcePath(const std::string &path) {
  if (llvm::sys::path::is_absolute(path))
    return llvm::sys::path::filename(path).str();
  return path;
}

/// A tensor descriptor parameter at `offset` of the argument buffer: its
/// map, the shape and the strides (gluonc/ABI/TensorDescriptor.h), and what
/// building the map needs (docs/metadata.md).
static json describeTensorDesc(const TensorDescParam &desc, unsigned offset) {
  unsigned rank = desc.blockShape.size();
  gluonc::abi::TensorDescLayout layout =
      gluonc::abi::tensorDescLayout(offset, rank);
  json entry = {{"block_shape", desc.blockShape},
                {"box_shape", desc.boxShape},
                {"element_bytes", desc.elementBytes},
                {"layout", desc.layout},
                {"map_offset", offset},
                {"padding", desc.padding},
                {"rank", rank},
                {"shape_offset", layout.shapeOffset},
                {"strides_offset", layout.stridesOffset},
                {"swizzle_bytes", desc.swizzleBytes}};
  for (const auto &[key, value] : desc.targetCodes)
    entry[key] = value;
  return entry;
}

/// Lays the run-time arguments out as a packed buffer, each at its natural
/// alignment, as cuLaunchKernel's CU_LAUNCH_PARAM_BUFFER_POINTER expects.
/// Where the image declares the offsets (an AMD code object), they are used.
static json buildParams(const std::vector<KernelParam> &params,
                        const std::vector<unsigned> &declaredOffsets) {
  json list = json::array();
  unsigned offset = 0;
  for (size_t i = 0; i < params.size(); ++i) {
    const KernelParam &param = params[i];
    offset = (offset + param.alignment - 1) / param.alignment * param.alignment;
    if (i < declaredOffsets.size())
      offset = declaredOffsets[i];
    json entry = {{"alignment", param.alignment},
                  {"divisibility", param.divisibility},
                  {"kind", param.isPointer ? "pointer" : "scalar"},
                  {"name", param.name},
                  {"offset", offset},
                  {"size", param.size},
                  {"type", param.type}};
    if (param.isPointer)
      entry["element_type"] = param.elementType;
    if (param.tensorDesc) {
      entry["kind"] = "tensordesc";
      entry["element_type"] = param.elementType;
      entry["tensordesc"] = describeTensorDesc(*param.tensorDesc, offset);
    }
    list.push_back(entry);
    offset += param.size;
  }
  return list;
}

/// The shared memory plan: each allocation's place and size, in program
/// order, then the scratch area.
static json buildSharedMemory(const SharedMemoryPlan *plan) {
  json buffers = json::array();
  if (!plan)
    return {{"buffers", buffers}};
  for (const SharedMemoryPlan::Buffer &buffer : plan->buffers)
    buffers.push_back({{"bytes", buffer.bytes},
                       {"column", buffer.column},
                       {"line", buffer.line},
                       {"live_until_line", buffer.liveUntilLine},
                       {"offset", buffer.offset},
                       {"type", buffer.type}});
  return {{"buffers", buffers},
          {"scratch",
           {{"bytes", plan->scratchBytes}, {"offset", plan->scratchOffset}}}};
}

/// A loop's intra-wave regions: each with its label, line, the stage it is
/// in, its streams' instruction counts and the planned sched_group_barrier
/// sequence (group, LLVM's mask, count).
static json buildIntraWave(const LoopSchedule &loop) {
  json regions = json::array();
  for (const IntraWaveRegion &region : loop.intraWave) {
    json steps = json::array();
    for (const IntraWaveStep &step : region.steps)
      steps.push_back({{"group", schedGroupName(step.group)},
                       {"mask", unsigned(step.group)},
                       {"count", step.count}});
    unsigned reads = 0;
    for (const MemoryAnchor &anchor : region.memory)
      reads += anchor.instructions;
    regions.push_back(
        {{"label", region.label},
         {"line", region.line},
         {"pair", region.pair ? json(*region.pair) : json(nullptr)},
         {"stage", region.stage.empty() ? json(nullptr) : json(region.stage)},
         {"memory_instructions", reads},
         {"mfma_instructions", region.mfmas},
         {"sequence", describe(region.steps)},
         {"steps", steps}});
  }
  return regions;
}

/// One entry per scheduled loop: its inter-wave stages, each with its
/// label, priority and the border before it, the wave groups, and its
/// intra-wave regions.
static json buildSchedule(const std::vector<LoopSchedule> &schedules) {
  json loops = json::array();
  for (const LoopSchedule &loop : schedules) {
    json stages = json::array();
    for (size_t i = 0; i < loop.stages.size(); ++i)
      stages.push_back(
          {{"label", loop.stages[i].label},
           {"priority", loop.plan.priorities.empty()
                            ? json(nullptr)
                            : json(loop.plan.priorities[i])},
           {"border_before", loop.plan.borders[i] == BorderKind::LdsOrdering
                                 ? "lds"
                                 : "execution"}});
    json conflicts = json::array();
    for (const PhaseLagConflict &conflict : loop.plan.phaseLagConflicts)
      conflicts.push_back({conflict.first, conflict.second});
    bool lagging = loop.plan.numWaves > loop.plan.groupWaves;
    loops.push_back(
        {{"line", loop.line},
         {"scope", loop.stages.empty() ? "intra_wave" : "inter_wave"},
         {"intra_wave", buildIntraWave(loop)},
         {"stages", stages},
         {"leading_waves", lagging ? loop.plan.groupWaves : loop.plan.numWaves},
         {"lagging_waves",
          lagging ? loop.plan.numWaves - loop.plan.groupWaves : 0},
         {"phase_lag_conflicts", conflicts}});
  }
  return loops;
}

/// One entry per partition of a warp-specialized kernel: the default task
/// first, then the workers, then the padding that fills warpgroups.
static json buildPartitions(const TaskPlan *plan) {
  json partitions = json::array();
  if (!plan)
    return partitions;
  const char *model = plan->model == RegisterModel::Donation ? "donation"
                      : plan->model == RegisterModel::Fixed  ? "fixed"
                                                             : "none";
  for (const PartitionPlan &partition : plan->partitions) {
    json requested = partition.requestedRegisters
                         ? json(*partition.requestedRegisters)
                         : json(nullptr);
    json granted = plan->model == RegisterModel::None
                       ? json(nullptr)
                       : json(partition.grantedRegisters);
    partitions.push_back({{"granted_registers", granted},
                          {"model", model},
                          {"name", partition.name},
                          {"num_warps", partition.numWarps},
                          {"padding", partition.padding},
                          {"replica", partition.replica},
                          {"requested_registers", requested},
                          {"start_warp", partition.startWarp}});
  }
  return partitions;
}

std::string gluonc::buildMetadataJSON(const MetadataInput &input) {
  const CodegenResult &codegen = *input.codegen;
  std::string image =
      input.container ? input.container->bytes
                      : std::string(codegen.image.begin(), codegen.image.end());
  std::string imageFormat =
      input.container ? input.container->format : codegen.imageFormat;

  json constexprs = json::object();
  for (const auto &[name, text] : input.constexprs)
    constexprs[name] = json::parse(text);

  json target = {{"arch", input.arch},
                 {"backend", input.backend},
                 {"warp_size", input.warpSize}};
  for (const auto &[key, value] : codegen.targetFields)
    target[key] = value;

  const KernelResources &resources = codegen.resources;
  unsigned numThreads = input.numWarps * input.warpSize;
  json compiler = {{"assembler", codegen.assembler},
                   {"llvm_version", input.llvmVersion},
                   {"name", "gluonc"},
                   {"version", input.compilerVersion}};
  if (!input.pipeline.empty()) {
    compiler["pipeline"] = json::object();
    for (const auto &[stage, text] : input.pipeline)
      compiler["pipeline"][stage] = text;
  }
  if (!input.plugins.empty()) {
    compiler["plugins"] = json::array();
    for (const MetadataInput::Plugin &plugin : input.plugins)
      compiler["plugins"].push_back({{"entry_point", plugin.entryPoint},
                                     {"file", plugin.file},
                                     {"name", plugin.name},
                                     {"version", plugin.version}});
  }
  json document = {
      {"compiler", compiler},
      {"constexprs", constexprs},
      {"entry", input.entry},
      {"image",
       {{"file", input.container ? input.container->file : input.imageFile},
        {"format", imageFormat},
        {"sha256", sha256Hex(image)},
        {"size", image.size()}}},
      {"launch",
       {{"block_dims", {numThreads, 1, 1}},
        {"cluster_dims", {1, 1, 1}},
        {"num_ctas", 1},
        {"num_warps", input.numWarps},
        {"shared_bytes", input.sharedBytes},
        {"shared_static_bytes", resources.sharedStaticBytes}}},
      {"params", buildParams(input.params, codegen.argumentOffsets)},
      {"partitions", buildPartitions(input.tasks)},
      {"resources",
       {{"barriers", resources.barriers},
        {"blocks_per_sm", resources.blocksPerSM},
        {"local_bytes", resources.localBytes},
        {"min_blocks_per_sm", resources.minBlocksPerSM},
        {"registers", resources.registers},
        {"spill_loads", resources.spillLoads},
        {"spill_stores", resources.spillStores}}},
      {"schema", kMetadataSchema},
      {"shared_memory", buildSharedMemory(input.sharedMemory)},
      {"scratch", {{"global_alignment", 1}, {"global_bytes", 0}}},
      {"source",
       {{"kernel", input.kernelName},
        {"path", input.sourcePath},
        {"sha256", sha256Hex(input.sourceText)}}},
      {"target", target},
  };
  if (input.container && !input.container->ptxArch.empty())
    document["image"]["ptx_arch"] = input.container->ptxArch;
  for (const auto &[key, value] : codegen.extraResources)
    document["resources"][key] = value;
  if (!codegen.implicitArguments.empty()) {
    json hidden = json::array();
    for (const CodegenResult::ImplicitArgument &argument :
         codegen.implicitArguments)
      hidden.push_back({{"kind", argument.kind},
                        {"offset", argument.offset},
                        {"size", argument.size}});
    document["hidden_params"] = hidden;
  }
  if (input.schedules && !input.schedules->empty())
    document["schedule"] = buildSchedule(*input.schedules);
  return document.dump(2) + "\n";
}

std::string
gluonc::buildIndexJSON(const std::string &kernelName, const std::string &entry,
                       const std::vector<IndexEntry> &archs,
                       const std::vector<PackedImages> &containers) {
  json kernels = json::array();
  for (const IndexEntry &arch : archs)
    kernels.push_back({{"arch", arch.arch},
                       {"backend", arch.backend},
                       {"metadata", arch.metadataFile}});
  json packed = json::array();
  for (const PackedImages &container : containers) {
    packed.push_back({{"archs", container.archs},
                      {"backend", container.backend},
                      {"file", container.file},
                      {"format", container.format},
                      {"packer", container.packer},
                      {"sha256", sha256Hex(container.bytes)},
                      {"size", container.bytes.size()}});
    if (!container.ptxArch.empty())
      packed.back()["ptx_arch"] = container.ptxArch;
  }
  json document = {{"containers", packed},
                   {"entry", entry},
                   {"kernel", kernelName},
                   {"kernels", kernels},
                   {"schema", kIndexSchema}};
  return document.dump(2) + "\n";
}
