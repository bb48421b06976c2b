//===- Builtins.cpp - The one table of builtins, and argument binding -----===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A signature is parsed once, when its entry is added: a comma-separated
// list of `name`, `name=default`, `*name`, `*` and `**name`, where a default is
// None, True, False, an int, a float, a quoted string, or `...` (optional
// with no value: BoundArgs::given tells whether the call gave one). Binding
// follows Python: positional arguments fill the parameters in order up to a
// `*name`, which takes the rest; keywords fill any parameter by name except
// the `*`/`**` ones; parameters after `*name` take keywords only.
//
//===----------------------------------------------------------------------===//

#include "Builtins.h"
#include "Interpreter.h"

#include <algorithm>
#include <cassert>
#include <cstdlib>

using namespace gluonc;
using namespace gluonc::frontend;

//===----------------------------------------------------------------------===//
// Names
//===----------------------------------------------------------------------===//

namespace {
/// The module aliases kernels write, and the paths they stand for.
constexpr std::pair<std::string_view, std::string_view> kAliases[] = {
    {"gl", "triton.experimental.gluon.language"},
    {"gluon", "triton.experimental.gluon"},
    {"tl", "triton.language"},
};
constexpr std::string_view kGluonLanguage =
    "triton.experimental.gluon.language";
constexpr std::string_view kTritonLanguage = "triton.language";
} // namespace

std::string BuiltinTable::expandAlias(std::string_view name) {
  for (auto [alias, path] : kAliases) {
    if (name == alias)
      return std::string(path);
    if (name.size() > alias.size() && name.substr(0, alias.size()) == alias &&
        name[alias.size()] == '.')
      return std::string(path) + std::string(name.substr(alias.size()));
  }
  return std::string(name);
}

std::string Builtin::getShortName() const {
  const std::string &name = getName();
  size_t dot = name.rfind('.');
  if (kind == Kind::Method || kind == Kind::Property) {
    // "str.join": the type stays.
    size_t typeDot = dot == std::string::npos ? std::string::npos
                                              : name.rfind('.', dot - 1);
    return typeDot == std::string::npos ? name : name.substr(typeDot + 1);
  }
  return dot == std::string::npos ? name : name.substr(dot + 1);
}

std::string Builtin::describe() const {
  std::string text = getName();
  switch (kind) {
  case Kind::Property:
    return text + " (property)";
  case Kind::Constant:
    return text + " = " + constant.toString();
  default:
    break;
  }
  text += "(" + signature + ")";
  if (kind == Kind::Class)
    text += " (class)";
  for (size_t i = 1; i < names.size(); ++i)
    text += (i == 1 ? ", also " : ", ") + names[i];
  return text;
}

//===----------------------------------------------------------------------===//
// Signatures
//===----------------------------------------------------------------------===//

static std::string trim(std::string_view text) {
  size_t begin = text.find_first_not_of(' ');
  if (begin == std::string_view::npos)
    return "";
  size_t end = text.find_last_not_of(' ');
  return std::string(text.substr(begin, end - begin + 1));
}

/// The value of a default as a signature writes it.
static Value parseDefault(const std::string &text) {
  if (text == "None" || text == "...")
    return Value();
  if (text == "True" || text == "False")
    return Value(text == "True");
  if (text.size() >= 2 && (text.front() == '\'' || text.front() == '"')) {
    std::string body = text.substr(1, text.size() - 2);
    // The only escape signatures need.
    std::string unescaped;
    for (size_t i = 0; i < body.size(); ++i) {
      if (body[i] == '\\' && i + 1 < body.size() && body[i + 1] == 'n') {
        unescaped += '\n';
        ++i;
      } else {
        unescaped += body[i];
      }
    }
    return Value(unescaped);
  }
  char *end = nullptr;
  long long integer = std::strtoll(text.c_str(), &end, 10);
  if (end && *end == '\0')
    return Value(int64_t(integer));
  double number = std::strtod(text.c_str(), &end);
  assert(end && *end == '\0' && "unknown default in a builtin's signature");
  return Value(number);
}

/// The comma-separated items of a signature (commas in quotes are text).
static std::vector<std::string> splitSignature(const std::string &signature) {
  std::vector<std::string> items(1);
  char quote = 0;
  for (char c : signature) {
    if (quote) {
      quote = c == quote ? 0 : quote;
    } else if (c == '\'' || c == '"') {
      quote = c;
    } else if (c == ',') {
      items.emplace_back();
      continue;
    }
    items.back() += c;
  }
  return items;
}

static std::vector<Parameter> parseSignature(const std::string &signature) {
  std::vector<Parameter> params;
  bool keywordOnly = false;
  for (const std::string &text : splitSignature(signature)) {
    std::string item = trim(text);
    if (item.empty())
      continue;
    // A bare `*` makes the parameters after it keyword-only; `/` (the end
    // of positional-only ones) is not enforced.
    if (item == "*" || item == "/") {
      keywordOnly |= item == "*";
      continue;
    }
    Parameter param;
    if (item.rfind("**", 0) == 0) {
      param.kind = Parameter::Kind::VarKeyword;
      param.name = item.substr(2);
      param.required = false;
    } else if (item[0] == '*') {
      param.kind = Parameter::Kind::VarPositional;
      param.name = item.substr(1);
      param.required = false;
      keywordOnly = true;
    } else {
      size_t equals = item.find('=');
      param.name = trim(std::string_view(item).substr(0, equals));
      param.keywordOnly = keywordOnly;
      if (equals != std::string::npos) {
        param.required = false;
        param.defaultText = trim(std::string_view(item).substr(equals + 1));
        param.defaultValue = parseDefault(param.defaultText);
      }
    }
    params.push_back(std::move(param));
  }
  return params;
}

//===----------------------------------------------------------------------===//
// The table
//===----------------------------------------------------------------------===//

BuiltinTable::BuiltinTable() = default;

Builtin &BuiltinTable::add(Builtin::Kind kind, std::vector<std::string> names,
                           std::string signature) {
  auto builtin = std::make_unique<Builtin>();
  builtin->kind = kind;
  builtin->names = std::move(names);
  builtin->params = parseSignature(signature);
  builtin->signature = std::move(signature);
  for (const std::string &name : builtin->names) {
    std::string expanded = expandAlias(name);
    [[maybe_unused]] bool inserted =
        byName.emplace(expanded, builtin.get()).second;
    assert(inserted && "a builtin name registered twice");
    // Every module above a name is a namespace.
    if (kind != Builtin::Kind::Method && kind != Builtin::Kind::Property)
      for (size_t dot = expanded.find('.'); dot != std::string::npos;
           dot = expanded.find('.', dot + 1))
        if (expanded.rfind("triton", 0) == 0)
          namespaces.insert(expanded.substr(0, dot));
  }
  builtins.push_back(std::move(builtin));
  return *builtins.back();
}

void BuiltinTable::addFunction(std::vector<std::string> names,
                               std::string signature, BuiltinHandler handler) {
  add(Builtin::Kind::Function, std::move(names), std::move(signature))
      .handler = std::move(handler);
}

void BuiltinTable::addClass(std::vector<std::string> names,
                            std::string signature, BuiltinHandler handler,
                            std::function<bool(const Value &)> instanceCheck) {
  Builtin &builtin =
      add(Builtin::Kind::Class, std::move(names), std::move(signature));
  builtin.handler = std::move(handler);
  builtin.instanceCheck = std::move(instanceCheck);
}

void BuiltinTable::addMethod(std::vector<std::string> names,
                             std::string signature, BuiltinHandler handler) {
  add(Builtin::Kind::Method, std::move(names), std::move(signature)).handler =
      std::move(handler);
}

void BuiltinTable::addMethodCalling(std::vector<std::string> names,
                                    std::string_view function) {
  const Builtin &callee = get(function);
  // The callee's signature without its first parameter.
  std::vector<std::string> items = splitSignature(callee.signature);
  std::string signature;
  for (size_t i = 1; i < items.size(); ++i)
    signature += (i > 1 ? "," : "") + items[i];
  addMethod(std::move(names), trim(signature),
            [&callee](Interpreter &interpreter, const BoundArgs &args) {
              CallArgs call = args.getCallArgs();
              call.positional.insert(call.positional.begin(), args.self());
              call.positionalLocs.insert(call.positionalLocs.begin(),
                                         call.callLoc);
              BoundArgs rebound(interpreter, callee, call, nullptr);
              return callee.handler(interpreter, rebound);
            });
}

void BuiltinTable::addProperty(std::vector<std::string> names,
                               BuiltinHandler handler) {
  add(Builtin::Kind::Property, std::move(names), "").handler =
      std::move(handler);
}

void BuiltinTable::addConstant(std::vector<std::string> names, Value value) {
  add(Builtin::Kind::Constant, std::move(names), "").constant =
      std::move(value);
}

void BuiltinTable::addNamespace(const std::string &name) {
  std::string expanded = expandAlias(name);
  namespaces.insert(expanded);
  for (size_t dot = expanded.find('.'); dot != std::string::npos;
       dot = expanded.find('.', dot + 1))
    namespaces.insert(expanded.substr(0, dot));
}

void BuiltinTable::addReexport(const std::string &name,
                               const std::string &existing) {
  std::string to = expandAlias(name), from = expandAlias(existing);
  std::vector<std::pair<std::string, const Builtin *>> added;
  for (const auto &[entry, builtin] : byName)
    if (entry == from || entry.rfind(from + ".", 0) == 0)
      added.emplace_back(to + entry.substr(from.size()), builtin);
  assert(!added.empty() && "a re-export of nothing");
  for (const auto &[entry, builtin] : added) {
    [[maybe_unused]] bool inserted = byName.emplace(entry, builtin).second;
    assert(inserted && "a re-export over an existing name");
    if (builtin->kind != Builtin::Kind::Method &&
        builtin->kind != Builtin::Kind::Property)
      addNamespace(entry.substr(0, entry.rfind('.')));
  }
  if (isNamespace(from))
    addNamespace(to);
}

const Builtin *BuiltinTable::find(std::string_view name) const {
  auto it = byName.find(expandAlias(name));
  return it == byName.end() ? nullptr : it->second;
}

const Builtin &BuiltinTable::get(std::string_view name) const {
  const Builtin *builtin = find(name);
  assert(builtin && "no such builtin");
  return *builtin;
}

bool BuiltinTable::isNamespace(const std::string &path) const {
  return namespaces.count(path) != 0;
}

std::optional<Value>
BuiltinTable::lookupMember(const std::string &path,
                           const std::string &member) const {
  std::string name = path + "." + member;
  const Builtin *builtin = find(name);
  // A class's static methods make it look like a module too; it is a
  // class.
  if (!builtin && isNamespace(name))
    return Value(NamespaceValue{name, true});
  // Triton's language shares the core of Gluon's: tl.X is gl.X.
  if (!builtin && path == kTritonLanguage)
    builtin = find(std::string(kGluonLanguage) + "." + member);
  if (!builtin)
    return std::nullopt;
  if (builtin->kind == Builtin::Kind::Constant)
    return builtin->constant;
  return Value(BuiltinValue{builtin, nullptr});
}

const Builtin *BuiltinTable::findMember(const std::string &className,
                                        const std::string &member) const {
  const Builtin *builtin = find(className + "." + member);
  if (!builtin || (builtin->kind != Builtin::Kind::Method &&
                   builtin->kind != Builtin::Kind::Property))
    return nullptr;
  return builtin;
}

std::vector<const Builtin *> BuiltinTable::entries() const {
  std::vector<const Builtin *> result;
  for (const auto &builtin : builtins)
    result.push_back(builtin.get());
  std::sort(result.begin(), result.end(),
            [](const Builtin *a, const Builtin *b) {
              return a->getName() < b->getName();
            });
  return result;
}

//===----------------------------------------------------------------------===//
// Binding
//===----------------------------------------------------------------------===//

BoundArgs::BoundArgs(Interpreter &interpreter, const Builtin &builtin,
                     const CallArgs &args, const Value *self)
    : interpreter(interpreter), builtin(builtin), call(args), selfValue(self),
      values(builtin.params.size()),
      locs(builtin.params.size(), args.callLoc) {
  const std::vector<Parameter> &params = builtin.params;
  std::string function = builtin.getShortName();
  size_t next = 0;
  for (size_t i = 0; i < args.positional.size(); ++i) {
    while (next < params.size() && params[next].keywordOnly)
      ++next;
    if (next < params.size() &&
        params[next].kind == Parameter::Kind::VarPositional) {
      restValues.push_back(args.positional[i]);
      restLocations.push_back(args.positionalLocs[i]);
      continue;
    }
    if (next >= params.size() ||
        params[next].kind != Parameter::Kind::Normal) {
      size_t accepted = i;
      interpreter.fail(args.positionalLocs[i],
                       function + "() takes at most " +
                           std::to_string(accepted) + " arguments (" +
                           std::to_string(args.positional.size()) +
                           " given)");
    }
    values[next] = args.positional[i];
    locs[next] = args.positionalLocs[i];
    ++next;
  }
  auto varKeyword =
      std::find_if(params.begin(), params.end(), [](const Parameter &p) {
        return p.kind == Parameter::Kind::VarKeyword;
      });
  for (const KeywordArg &keyword : args.keywords) {
    auto it = std::find_if(params.begin(), params.end(),
                           [&](const Parameter &p) {
                             return p.kind == Parameter::Kind::Normal &&
                                    p.name == keyword.name;
                           });
    if (it == params.end()) {
      if (varKeyword == params.end())
        interpreter.fail(keyword.loc,
                         function + "() got an unexpected keyword argument '" +
                             keyword.name + "'");
      extra.push_back(keyword);
      continue;
    }
    size_t position = it - params.begin();
    if (values[position])
      interpreter.fail(keyword.loc,
                       function + "() got multiple values for argument '" +
                           keyword.name + "'");
    values[position] = keyword.value;
    locs[position] = keyword.loc;
  }
  for (size_t i = 0; i < params.size(); ++i)
    if (params[i].required && !values[i])
      interpreter.fail(args.callLoc, function +
                                         "() missing required argument '" +
                                         params[i].name + "'");
}

size_t BoundArgs::index(std::string_view name) const {
  const std::vector<Parameter> &params = builtin.params;
  auto it = std::find_if(params.begin(), params.end(),
                         [&](const Parameter &p) { return p.name == name; });
  if (it == params.end())
    // A handler asking for a parameter its signature lacks: a bug of
    // gluonc, reported rather than read out of range.
    interpreter.fail(call.callLoc, "internal error: builtin '" +
                                       builtin.getName() +
                                       "' has no parameter '" +
                                       std::string(name) + "'");
  return it - params.begin();
}

const Value &BoundArgs::get(std::string_view name) const {
  size_t i = index(name);
  return values[i] ? *values[i] : builtin.params[i].defaultValue;
}

bool BoundArgs::given(std::string_view name) const {
  return values[index(name)].has_value();
}

SourceLoc BoundArgs::loc(std::string_view name) const {
  return locs[index(name)];
}

const std::string &BoundArgs::getString(std::string_view name) const {
  const Value &value = get(name);
  if (auto *text = value.getIf<std::string>())
    return *text;
  interpreter.fail(loc(name), builtin.getShortName() + "() argument '" +
                                  std::string(name) + "' must be a str, got " +
                                  value.getTypeName());
}

int64_t BoundArgs::getInt(std::string_view name, int64_t otherwise) const {
  if (!has(name))
    return otherwise;
  return interpreter.requireInt(get(name), loc(name),
                                builtin.getShortName() + "() argument '" +
                                    std::string(name) + "'");
}
