//===- Value.cpp - What kernel code evaluates to --------------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "Value.h"
#include "Builtins.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

using namespace gluonc::frontend;

//===----------------------------------------------------------------------===//
// Containers
//===----------------------------------------------------------------------===//

uint64_t RangeValue::size() const {
  // Unsigned arithmetic: stop - start may not fit in int64_t.
  if (step > 0 && start < stop)
    return (static_cast<uint64_t>(stop) - static_cast<uint64_t>(start) - 1) /
               static_cast<uint64_t>(step) +
           1;
  if (step < 0 && start > stop)
    return (static_cast<uint64_t>(start) - static_cast<uint64_t>(stop) - 1) /
               (0 - static_cast<uint64_t>(step)) +
           1;
  return 0;
}

int64_t RangeValue::at(uint64_t index) const {
  // Wraps modulo 2^64, but the true result lies between start and stop.
  return static_cast<int64_t>(static_cast<uint64_t>(start) +
                              index * static_cast<uint64_t>(step));
}

/// Moves the children of `value` to `pending` when `value` holds the last
/// reference to a container, so that the container dies empty.
static void takeChildrenIfLastOwner(Value &value,
                                    std::vector<Value> &pending) {
  auto take = [&](std::vector<Value> &children) {
    for (Value &child : children)
      pending.push_back(std::move(child));
    children.clear();
  };
  if (auto *tuple = value.getMutableIf<std::shared_ptr<TupleValue>>()) {
    if (tuple->use_count() == 1)
      take((*tuple)->elements);
  } else if (auto *list = value.getMutableIf<std::shared_ptr<ListValue>>()) {
    if (list->use_count() == 1)
      take((*list)->elements);
  } else if (auto *dict = value.getMutableIf<std::shared_ptr<DictValue>>()) {
    if (dict->use_count() == 1) {
      take((*dict)->keys);
      take((*dict)->values);
    }
  } else if (auto *aggregate =
                 value.getMutableIf<std::shared_ptr<AggregateValue>>()) {
    if (aggregate->use_count() == 1)
      take((*aggregate)->fields);
  } else if (auto *builtin = value.getMutableIf<BuiltinValue>()) {
    if (builtin->self && builtin->self.use_count() == 1)
      pending.push_back(std::move(*builtin->self));
  } else if (auto *function = value.getMutableIf<FunctionValue>()) {
    if (function->self && function->self.use_count() == 1)
      pending.push_back(std::move(*function->self));
  }
}

/// Destroys nested values without recursion: a list nested a million deep
/// must not overflow the stack when it dies.
static void releaseIteratively(std::vector<Value> &elements) {
  std::vector<Value> pending;
  pending.swap(elements);
  while (!pending.empty()) {
    Value value = std::move(pending.back());
    pending.pop_back();
    takeChildrenIfLastOwner(value, pending);
  }
}

Object::~Object() = default;

std::string gluonc::frontend::listText(const std::vector<int64_t> &values) {
  std::string text = "[";
  for (size_t i = 0; i < values.size(); ++i)
    text += (i ? ", " : "") + std::to_string(values[i]);
  return text + "]";
}

TupleValue::TupleValue(std::vector<Value> elements)
    : elements(std::move(elements)) {}
TupleValue::~TupleValue() { releaseIteratively(elements); }

ListValue::ListValue(std::vector<Value> elements)
    : elements(std::move(elements)) {}
ListValue::~ListValue() { releaseIteratively(elements); }

DictValue::~DictValue() {
  releaseIteratively(keys);
  releaseIteratively(values);
}

AggregateValue::AggregateValue(std::shared_ptr<const AggregateClass> cls,
                               std::vector<Value> fields)
    : cls(std::move(cls)), fields(std::move(fields)),
      isSet(this->fields.size(), true) {}
AggregateValue::~AggregateValue() { releaseIteratively(fields); }

int AggregateClass::findField(const std::string &name) const {
  for (size_t i = 0; i < fields.size(); ++i)
    if (fields[i].name == name)
      return static_cast<int>(i);
  return -1;
}

const Value *gluonc::frontend::getLeaf(const Value &value,
                                       const LeafPath &path) {
  const Value *current = &value;
  for (size_t index : path) {
    const std::vector<Value> *children = nullptr;
    if (current->isTuple())
      children = current->getSequence();
    else if (const AggregateValue *aggregate = current->getAggregate())
      children = &aggregate->fields;
    if (!children || index >= children->size())
      return nullptr;
    current = &(*children)[index];
  }
  return current;
}

Value gluonc::frontend::replaceLeaf(const Value &value, const LeafPath &path,
                                    Value leaf, size_t depth) {
  if (depth == path.size())
    return leaf;
  if (value.isTuple()) {
    std::vector<Value> elements = *value.getSequence();
    elements[path[depth]] =
        replaceLeaf(elements[path[depth]], path, std::move(leaf), depth + 1);
    return Value::tuple(std::move(elements));
  }
  const AggregateValue &aggregate = *value.getAggregate();
  std::vector<Value> fields = aggregate.fields;
  fields[path[depth]] =
      replaceLeaf(fields[path[depth]], path, std::move(leaf), depth + 1);
  return Value(
      std::make_shared<AggregateValue>(aggregate.cls, std::move(fields)));
}

Value Value::tuple(std::vector<Value> elements) {
  return Value(std::make_shared<TupleValue>(std::move(elements)));
}

Value Value::list(std::vector<Value> elements, uint64_t region) {
  auto list = std::make_shared<ListValue>(std::move(elements));
  list->region = region;
  return Value(std::move(list));
}

Value Value::integer(const BigInt &value) {
  if (std::optional<int64_t> small = value.toInt64())
    return Value(*small);
  return Value(value);
}

const std::vector<Value> *Value::getSequence() const {
  if (auto *tuple = getIf<std::shared_ptr<TupleValue>>())
    return &(*tuple)->elements;
  if (auto *list = getIf<std::shared_ptr<ListValue>>())
    return &(*list)->elements;
  return nullptr;
}

const AggregateValue *Value::getAggregate() const {
  if (auto *aggregate = getIf<std::shared_ptr<AggregateValue>>())
    return aggregate->get();
  return nullptr;
}

const DictValue *Value::getDict() const {
  if (auto *dict = getIf<std::shared_ptr<DictValue>>())
    return dict->get();
  return nullptr;
}

bool Value::isDict() const {
  const DictValue *dict = getDict();
  return dict && !dict->isSet;
}

bool Value::isSet() const {
  const DictValue *dict = getDict();
  return dict && dict->isSet;
}

std::string Value::getTypeName() const {
  struct Visitor {
    std::string operator()(const NoneValue &) { return "NoneType"; }
    std::string operator()(bool) { return "bool"; }
    std::string operator()(int64_t) { return "int"; }
    std::string operator()(const BigInt &) { return "int"; }
    std::string operator()(double) { return "float"; }
    std::string operator()(const StringValue &) { return "str"; }
    std::string operator()(const std::shared_ptr<TupleValue> &) {
      return "tuple";
    }
    std::string operator()(const std::shared_ptr<ListValue> &) {
      return "list";
    }
    std::string operator()(const std::shared_ptr<DictValue> &dict) {
      return dict->isSet ? "set" : "dict";
    }
    std::string operator()(const RangeValue &) { return "range"; }
    std::string operator()(const NamespaceValue &) { return "module"; }
    std::string operator()(const BuiltinValue &) { return "builtin"; }
    std::string operator()(const FunctionValue &function) {
      return function.self ? "method" : "function";
    }
    std::string operator()(const ClassValue &) { return "type"; }
    std::string operator()(const std::shared_ptr<AggregateValue> &value) {
      return value->cls->getName();
    }
    std::string operator()(const std::shared_ptr<const Object> &object) {
      return object->getTypeName();
    }
  };
  return std::visit(Visitor{}, storage);
}

std::string Value::getClassName() const {
  if (const Object *object = getObject())
    return object->getClassName();
  return getTypeName();
}

//===----------------------------------------------------------------------===//
// Rendering
//===----------------------------------------------------------------------===//

std::string gluonc::frontend::formatFloatRepr(double value) {
  if (std::isnan(value))
    return "nan";
  if (std::isinf(value))
    return value < 0 ? "-inf" : "inf";
  // The fewest significant digits that read back as the same double.
  char buffer[64];
  for (int precision = 1; precision <= 17; ++precision) {
    std::snprintf(buffer, sizeof(buffer), "%.*e", precision - 1, value);
    if (std::strtod(buffer, nullptr) == value)
      break;
  }
  // buffer is "-d.ddde+XX": split it into sign, digits and exponent.
  std::string text = buffer;
  bool negative = text[0] == '-';
  if (negative)
    text.erase(0, 1);
  size_t e = text.find('e');
  std::string digits = text.substr(0, e);
  digits.erase(std::remove(digits.begin(), digits.end(), '.'), digits.end());
  while (digits.size() > 1 && digits.back() == '0')
    digits.pop_back();
  int exponent = std::atoi(text.c_str() + e + 1);
  // Python writes exponents outside [-4, 16) in scientific notation.
  int pointPosition = exponent + 1;
  std::string result = negative ? "-" : "";
  if (pointPosition < -3 || pointPosition > 16) {
    result += digits.substr(0, 1);
    if (digits.size() > 1)
      result += "." + digits.substr(1);
    char exponentText[16];
    std::snprintf(exponentText, sizeof(exponentText), "e%c%02d",
                  exponent < 0 ? '-' : '+', std::abs(exponent));
    return result + exponentText;
  }
  if (pointPosition <= 0)
    return result + "0." + std::string(-pointPosition, '0') + digits;
  if (static_cast<size_t>(pointPosition) >= digits.size())
    return result + digits + std::string(pointPosition - digits.size(), '0') +
           ".0";
  return result + digits.substr(0, pointPosition) + "." +
         digits.substr(pointPosition);
}

std::string gluonc::frontend::quoteString(const std::string &text) {
  // Python prefers single quotes, unless only double quotes avoid escapes.
  bool hasSingle = text.find('\'') != std::string::npos;
  bool hasDouble = text.find('"') != std::string::npos;
  char quote = hasSingle && !hasDouble ? '"' : '\'';
  std::string result(1, quote);
  for (char c : text) {
    auto byte = static_cast<unsigned char>(c);
    if (c == quote || c == '\\') {
      result += '\\';
      result += c;
    } else if (c == '\n') {
      result += "\\n";
    } else if (c == '\r') {
      result += "\\r";
    } else if (c == '\t') {
      result += "\\t";
    } else if (byte < 0x20 || byte == 0x7f) {
      char escape[8];
      std::snprintf(escape, sizeof(escape), "\\x%02x", byte);
      result += escape;
    } else {
      result += c;
    }
  }
  return result + quote;
}

/// Containers nested deeper than this print as "...".
static constexpr size_t kMaxRenderDepth = 64;

std::string Value::toString() const {
  // Diagnostics quote values; a huge one is cut short.
  constexpr size_t kLimit = 2000;
  std::string text;
  if (!render(text, Style::Repr, kLimit)) {
    text.resize(kLimit);
    text += "...";
  }
  return text;
}

bool Value::render(std::string &out, Style style, size_t limit,
                   uint64_t *work) const {
  std::vector<const void *> open;
  return render(out, style, limit, open, work);
}

bool Value::render(std::string &out, Style style, size_t limit,
                   std::vector<const void *> &open, uint64_t *work) const {
  if (out.size() > limit)
    return false;
  // Containers: elements print as repr(), as in Python.
  auto renderElements = [&](const void *identity, const char *begin,
                            const char *end, auto &&renderEach) {
    if (open.size() >= kMaxRenderDepth ||
        std::find(open.begin(), open.end(), identity) != open.end()) {
      out += "...";
      return out.size() <= limit;
    }
    open.push_back(identity);
    out += begin;
    bool complete = renderEach();
    open.pop_back();
    out += end;
    return complete && out.size() <= limit;
  };
  auto renderList = [&](const std::vector<Value> &elements) {
    for (size_t i = 0; i < elements.size(); ++i) {
      if (i)
        out += ", ";
      if (!elements[i].render(out, Style::Repr, limit, open, work))
        return false;
    }
    return true;
  };

  if (auto *tuple = getIf<std::shared_ptr<TupleValue>>()) {
    const std::vector<Value> &elements = (*tuple)->elements;
    return renderElements(tuple->get(), "(",
                          elements.size() == 1 ? ",)" : ")",
                          [&] { return renderList(elements); });
  }
  if (auto *list = getIf<std::shared_ptr<ListValue>>())
    return renderElements(list->get(), "[", "]",
                          [&] { return renderList((*list)->elements); });
  if (auto *dictPointer = getIf<std::shared_ptr<DictValue>>()) {
    const DictValue &dict = **dictPointer;
    if (dict.isSet && dict.keys.empty()) {
      out += "set()";
      return out.size() <= limit;
    }
    return renderElements(&dict, "{", "}", [&] {
      for (size_t i = 0; i < dict.keys.size(); ++i) {
        if (i)
          out += ", ";
        if (!dict.keys[i].render(out, Style::Repr, limit, open, work))
          return false;
        if (dict.isSet)
          continue;
        out += ": ";
        if (!dict.values[i].render(out, Style::Repr, limit, open, work))
          return false;
      }
      return true;
    });
  }
  // An aggregate prints as a dataclass does: Name(field=repr, ...).
  if (const AggregateValue *aggregate = getAggregate()) {
    std::string begin = aggregate->cls->getName() + "(";
    return renderElements(aggregate, begin.c_str(), ")", [&] {
      for (size_t i = 0; i < aggregate->fields.size(); ++i) {
        out += (i ? ", " : "") + aggregate->cls->fields[i].name + "=";
        if (!aggregate->isSet[i])
          out += "<unset>";
        else if (!aggregate->fields[i].render(out, Style::Repr, limit, open,
                                              work))
          return false;
      }
      return true;
    });
  }
  out += renderScalar(style, work);
  return out.size() <= limit;
}

std::string Value::renderScalar(Style style, uint64_t *work) const {
  struct Visitor {
    Style style;
    uint64_t *work;
    std::string operator()(const NoneValue &) { return "None"; }
    std::string operator()(bool value) { return value ? "True" : "False"; }
    std::string operator()(int64_t value) { return std::to_string(value); }
    std::string operator()(const BigInt &value) {
      if (work)
        *work += value.wordCount() * value.wordCount();
      return value.toString();
    }
    std::string operator()(double value) { return formatFloatRepr(value); }
    std::string operator()(const StringValue &value) {
      return style == Style::Str ? *value.text : quoteString(*value.text);
    }
    std::string operator()(const std::shared_ptr<TupleValue> &) { return ""; }
    std::string operator()(const std::shared_ptr<ListValue> &) { return ""; }
    std::string operator()(const std::shared_ptr<DictValue> &) { return ""; }
    std::string operator()(const RangeValue &range) {
      std::string text = "range(" + std::to_string(range.start) + ", " +
                         std::to_string(range.stop);
      if (range.step != 1)
        text += ", " + std::to_string(range.step);
      return text + ")";
    }
    std::string operator()(const NamespaceValue &ns) {
      return "<module '" + ns.path + "'>";
    }
    std::string operator()(const BuiltinValue &builtin) {
      return "<builtin '" + builtin.builtin->getName() + "'>";
    }
    std::string operator()(const FunctionValue &function) {
      if (function.self)
        return "<bound method '" + function.self->getTypeName() + "." +
               function.def->name + "'>";
      return "<function '" + function.def->name + "'>";
    }
    std::string operator()(const ClassValue &value) {
      return "<class '" + value.cls->getName() + "'>";
    }
    std::string operator()(const std::shared_ptr<AggregateValue> &) {
      return "";
    }
    std::string operator()(const std::shared_ptr<const Object> &object) {
      return object->render(style);
    }
  };
  return std::visit(Visitor{style, work}, storage);
}
