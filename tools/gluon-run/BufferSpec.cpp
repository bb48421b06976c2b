//===- BufferSpec.cpp - gluon-run's buffer arguments ----------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Parses a pointer's or tensor descriptor's --arg spec field by field: the
// source, an optional element type that must match the parameter's size,
// then the count or the shape and strides (expressions), then a fill
// value or a path.
//
//===----------------------------------------------------------------------===//

#include "BufferSpec.h"

#include "Errors.h"

#include <cctype>
#include <cstdint>

namespace gluonrun {
namespace {

const ScalarTypeInfo &elementTypeOf(const gluonrt_param_info &param) {
  const ScalarTypeInfo *type = gluonrt::scalarTypeInfo(param.value_type);
  if (!type) // an element type gluon-run cannot generate: treat as bytes
    type = gluonrt::findScalarType("u8");
  return *type;
}

/// Reads a buffer spec field by field ("rand:f16:128x64:strides=64x1");
/// rest() is everything left, for a path that may hold ':'.
class SpecFields {
public:
  explicit SpecFields(const std::string &spec) : spec(spec) {}
  bool done() const { return position >= spec.size(); }
  std::string peek() const {
    size_t end = spec.find(':', position);
    return spec.substr(position,
                       end == std::string::npos ? end : end - position);
  }
  std::string next() {
    std::string field = peek();
    position += field.size() + 1;
    return field;
  }
  std::string rest() {
    std::string text = position <= spec.size() ? spec.substr(position) : "";
    position = spec.size() + 1;
    return text;
  }

private:
  const std::string &spec;
  size_t position = 0;
};

/// The dimensions of "8192x8192", "M,K" or "(M)x(K)": split at commas
/// outside parentheses if there are any, else at each 'x' outside
/// parentheses and outside a name (so that "Mx" is one name: write
/// "M x K"). Each is an integer expression.
std::vector<int64_t> parseDimensions(const std::string &text,
                                     const NameTable &names,
                                     const std::string &context) {
  std::vector<std::string> parts = splitTopLevel(text);
  if (parts.size() == 1) {
    parts.assign(1, "");
    int depth = 0;
    bool inName = false;
    for (char c : text) {
      if (c == 'x' && depth == 0 && !inName) {
        parts.emplace_back();
        continue;
      }
      depth += (c == '(') - (c == ')');
      inName = std::isalpha((unsigned char)c) || c == '_' ||
               (inName && std::isdigit((unsigned char)c));
      parts.back().push_back(c);
    }
  }
  std::vector<int64_t> values;
  for (const std::string &part : parts)
    values.push_back(evaluate(part, names, context));
  return values;
}

} // namespace

size_t tensorElements(const BufferArgument &buffer) {
  uint64_t elements = 1;
  bool overflow = false;
  for (size_t i = 0; i < buffer.shape.size(); ++i) {
    uint64_t dim = uint64_t(buffer.shape[i]);
    if (buffer.strides.empty()) {
      overflow |= __builtin_mul_overflow(elements, dim, &elements);
      continue;
    }
    uint64_t stride = uint64_t(buffer.strides[i]);
    uint64_t term;
    overflow |= __builtin_mul_overflow(dim - 1, stride, &term);
    overflow |= __builtin_add_overflow(elements, term, &elements);
  }
  if (overflow || elements > SIZE_MAX / buffer.dtype->size)
    throw UsageError("--arg " + buffer.name + ": a tensor of shape " +
                     listText(buffer.shape) +
                     (buffer.strides.empty()
                          ? ""
                          : " and strides " + listText(buffer.strides)) +
                     " overflows the address space");
  return size_t(elements);
}

namespace {

/// A tensor descriptor's SHAPE[:strides=STRIDES] fields, for a descriptor
/// of `rank`. The buffer's size (tensorElements) is left for after the
/// descriptor's rules are checked.
void parseTensorShape(SpecFields &fields, const std::string &spec, int rank,
                      const NameTable &names, BufferArgument &buffer) {
  std::string context = "--arg " + buffer.name;
  if (fields.done() || fields.peek().empty())
    throw UsageError(context + "=" + spec + ": missing the shape (" +
                     buffer.name + " is a rank-" + std::to_string(rank) +
                     " tensor descriptor: give e.g. " +
                     (rank == 1   ? "1024"
                      : rank == 2 ? "1024x512"
                                  : "4x1024x512") +
                     ")");
  buffer.shape = parseDimensions(fields.next(), names, context + " shape");
  auto dimensions = [](size_t count) {
    return std::to_string(count) + (count == 1 ? " dimension" : " dimensions");
  };
  if (int(buffer.shape.size()) != rank)
    throw UsageError(context + ": the shape " + listText(buffer.shape) +
                     " has " + dimensions(buffer.shape.size()) + ", " +
                     buffer.name + " has rank " + std::to_string(rank));
  const std::string stridesKey = "strides=";
  if (!fields.done() &&
      fields.peek().compare(0, stridesKey.size(), stridesKey) == 0) {
    buffer.strides = parseDimensions(fields.next().substr(stridesKey.size()),
                                     names, context + " strides");
    if (buffer.strides.size() != buffer.shape.size())
      throw UsageError(context + ": the strides " + listText(buffer.strides) +
                       " have " + dimensions(buffer.strides.size()) +
                       ", the shape " + dimensions(buffer.shape.size()));
  }
}

} // namespace

BufferArgument parseBufferSpec(const gluonrt_param_info &param,
                               const std::string &spec, int descriptorRank,
                               const NameTable &names) {
  BufferArgument buffer;
  buffer.name = param.name;
  buffer.isDescriptor = param.kind == GLUONRT_PARAM_TENSORDESC;
  SpecFields fields(spec);
  buffer.source = fields.next();
  const ScalarTypeInfo &elementType = elementTypeOf(param);
  buffer.dtype = &elementType;
  auto parseDtype = [&] {
    if (!fields.done())
      if (const ScalarTypeInfo *dtype =
              gluonrt::findScalarType(fields.peek(), true)) {
        buffer.dtype = dtype;
        fields.next();
      }
    if (buffer.dtype->size != elementType.size &&
        param.value_type != GLUONRT_TYPE_OTHER)
      throw UsageError("--arg " + buffer.name + ": the spec's dtype " +
                       buffer.dtype->name + " does not match the parameter's " +
                       gluonrt::shortText(param.type));
  };

  if (buffer.source == "file") {
    if (buffer.isDescriptor) {
      parseDtype();
      parseTensorShape(fields, spec, descriptorRank, names, buffer);
    }
    buffer.path = fields.rest();
    if (buffer.path.empty())
      throw UsageError("--arg " + buffer.name + ": file: needs a path");
    return buffer;
  }
  if (buffer.source != "rand" && buffer.source != "zeros" &&
      buffer.source != "fill" && buffer.source != "empty")
    throw UsageError(
        "--arg " + buffer.name + "=" + spec + ": parameter '" + buffer.name +
        "' is " + (buffer.isDescriptor ? "a tensor descriptor" : "a pointer") +
        " (" + gluonrt::shortText(param.type) +
        "), so its spec is rand:, zeros:, fill:, empty: or file:");

  parseDtype();
  if (buffer.isDescriptor) {
    parseTensorShape(fields, spec, descriptorRank, names, buffer);
  } else {
    if (fields.done())
      throw UsageError("--arg " + buffer.name + "=" + spec +
                       ": missing the element count");
    int64_t count = evaluate(fields.next(), names, "--arg " + buffer.name);
    if (count < 0)
      throw UsageError("--arg " + buffer.name + ": negative element count");
    if (uint64_t(count) > SIZE_MAX / buffer.dtype->size)
      throw UsageError("--arg " + buffer.name + ": " + std::to_string(count) +
                       " elements of " + buffer.dtype->name +
                       " overflow the address space");
    buffer.count = size_t(count);
  }
  if (buffer.source == "fill") {
    if (fields.done())
      throw UsageError("--arg " + buffer.name + ": fill: needs a value");
    buffer.fillValue = fields.next();
  }
  if (!fields.done())
    throw UsageError("--arg " + buffer.name + "=" + spec +
                     ": unexpected field '" + fields.next() + "'");
  return buffer;
}

} // namespace gluonrun
