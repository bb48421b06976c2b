//===- Value.cpp - What kernel code evaluates to --------------------------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "Value.h"

#include <cmath>
#include <sstream>

using namespace gluonc::frontend;

Value Value::tuple(std::vector<Value> elements) {
  auto tuple = std::make_shared<TupleValue>();
  tuple->elements = std::move(elements);
  return Value(std::move(tuple));
}

Value Value::list(std::vector<Value> elements) {
  auto list = std::make_shared<ListValue>();
  list->elements = std::move(elements);
  return Value(std::move(list));
}

const std::vector<Value> *Value::getSequence() const {
  if (auto *tuple = getIf<std::shared_ptr<TupleValue>>())
    return &(*tuple)->elements;
  if (auto *list = getIf<std::shared_ptr<ListValue>>())
    return &(*list)->elements;
  return nullptr;
}

std::string Value::getTypeName() const {
  struct Visitor {
    std::string operator()(const NoneValue &) { return "NoneType"; }
    std::string operator()(bool) { return "bool"; }
    std::string operator()(int64_t) { return "int"; }
    std::string operator()(double) { return "float"; }
    std::string operator()(const std::string &) { return "str"; }
    std::string operator()(const std::shared_ptr<TupleValue> &) {
      return "tuple";
    }
    std::string operator()(const std::shared_ptr<ListValue> &) {
      return "list";
    }
    std::string operator()(const DType &) { return "dtype"; }
    std::string operator()(const LayoutValue &) { return "layout"; }
    std::string operator()(const NamespaceValue &) { return "module"; }
    std::string operator()(const BuiltinValue &) { return "builtin"; }
    std::string operator()(const FunctionValue &) { return "function"; }
    std::string operator()(const RuntimeValue &value) {
      return value.isScalar() ? "scalar" : "tensor";
    }
  };
  return std::visit(Visitor{}, storage);
}

static std::string formatFloat(double value) {
  if (std::isnan(value))
    return "nan";
  if (std::isinf(value))
    return value < 0 ? "-inf" : "inf";
  std::ostringstream os;
  os.precision(17);
  os << value;
  std::string text = os.str();
  if (text.find_first_of(".e") == std::string::npos)
    text += ".0";
  return text;
}

static std::string formatSequence(const std::vector<Value> &elements,
                                  char open, char close, bool isTuple) {
  std::string text(1, open);
  for (size_t i = 0; i < elements.size(); ++i) {
    if (i)
      text += ", ";
    text += elements[i].toString();
  }
  if (isTuple && elements.size() == 1)
    text += ",";
  text += close;
  return text;
}

std::string Value::toString() const {
  struct Visitor {
    std::string operator()(const NoneValue &) { return "None"; }
    std::string operator()(bool value) { return value ? "True" : "False"; }
    std::string operator()(int64_t value) { return std::to_string(value); }
    std::string operator()(double value) { return formatFloat(value); }
    std::string operator()(const std::string &value) {
      return "'" + value + "'";
    }
    std::string operator()(const std::shared_ptr<TupleValue> &tuple) {
      return formatSequence(tuple->elements, '(', ')', true);
    }
    std::string operator()(const std::shared_ptr<ListValue> &list) {
      return formatSequence(list->elements, '[', ']', false);
    }
    std::string operator()(const DType &dtype) {
      return dtype.getGluonName();
    }
    std::string operator()(const LayoutValue &layout) { return layout.text; }
    std::string operator()(const NamespaceValue &ns) {
      return "<module '" + ns.path + "'>";
    }
    std::string operator()(const BuiltinValue &builtin) {
      return "<builtin '" + builtin.name + "'>";
    }
    std::string operator()(const FunctionValue &function) {
      return "<function '" + function.def->name + "'>";
    }
    std::string operator()(const RuntimeValue &value) {
      std::string text = value.isScalar() ? "scalar<" : "tensor<";
      for (int64_t dim : value.shape)
        text += std::to_string(dim) + "x";
      return text + value.dtype.getTritonName() + ">";
    }
  };
  return std::visit(Visitor{}, storage);
}
