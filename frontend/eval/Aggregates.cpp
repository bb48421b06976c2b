//===- Aggregates.cpp - @aggregate classes, instances and methods ---------===//
//
// Part of gluonc, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Triton's `_aggregate` classes: record types of kernel code. A class body
// declares fields (annotated names; `gl.constexpr` ones hold compile-time
// values), methods (@gluon.jit or @gluon.constexpr_function functions) and
// class attributes. The class is read once, when the module is loaded.
//
// `Cls(args)` makes an instance: a fresh AggregateValue with no field set,
// passed as `self` to the class's __init__ (a @gluon.constexpr_function,
// plain Python that may store run-time values, or a @gluon.jit function),
// or, without an __init__, filled from the arguments field by field as a
// dataclass is. Every field must be set when the constructor returns; from
// then on the instance never changes (a method that "updates" it returns a
// new one), so it is passed to and returned from helpers like a tuple.
// `obj.method(args)` calls the method with `self` bound; `Cls.method(args)`
// calls it as it is (Triton's static-method style constructors).
//
// Run-time control flow merges instances field by field
// (findDifferingLeaves): only the fields that differ between the branches
// of an `if` or the iterations of a loop become results or carried values.
//
//===----------------------------------------------------------------------===//

#include "Interpreter.h"

#include <algorithm>

using namespace gluonc;
using namespace gluonc::frontend;

//===----------------------------------------------------------------------===//
// Classes
//===----------------------------------------------------------------------===//

Value Interpreter::defineClass(const ClassDefStmt &def) {
  auto cls = std::make_shared<AggregateClass>();
  cls->def = &def;
  cls->scope = currentModule;
  cls->name = def.name;
  for (const ExprPtr &decorator : def.decorators) {
    std::optional<Value> value = resolveQuietly(*decorator);
    if (value && isBuiltin(*value, "tl.core._aggregate"))
      cls->isAggregate = true;
  }
  auto unsupported = [&](const Node &node, std::string what) {
    if (cls->unsupported)
      return;
    cls->unsupported = &node;
    cls->unsupportedWhat = std::move(what);
  };
  if (!def.bases.empty())
    unsupported(*def.bases.front(), "base classes of a class");
  else if (!def.keywords.empty())
    unsupported(*def.keywords.front().value,
                "keywords in the header of a class");
  for (const StmtPtr &stmt : def.body) {
    if (auto *ann = gluonc::dyn_cast<AnnAssignStmt>(stmt.get())) {
      auto *name = gluonc::dyn_cast<NameExpr>(ann->target.get());
      if (!name) {
        unsupported(*stmt, "an annotated target that is not a name in a "
                           "class body");
        continue;
      }
      // Annotating a name again keeps its place, as in Python.
      int index = cls->findField(name->id);
      AggregateField field{name->id, name->loc,
                           isConstexprAnnotation(ann->annotation.get()),
                           ann->value.get()};
      if (index < 0)
        cls->fields.push_back(field);
      else
        cls->fields[index] = field;
    } else if (auto *function = gluonc::dyn_cast<FunctionDefStmt>(stmt.get())) {
      cls->methods[function->name] =
          FunctionValue{function, getFunctionKind(*function), {}, cls->scope};
    } else if (auto *assign = gluonc::dyn_cast<AssignStmt>(stmt.get())) {
      auto *name = assign->targets.size() == 1
                       ? gluonc::dyn_cast<NameExpr>(assign->targets[0].get())
                       : nullptr;
      if (name)
        cls->attributes[name->id] = assign->value.get();
      else
        unsupported(*stmt, "this assignment in a class body");
    } else if (!gluonc::isa<ExprStmt>(stmt.get()) &&
               !gluonc::isa<PassStmt>(stmt.get())) {
      // Docstrings and `pass` mean nothing; anything else is not
      // implemented.
      unsupported(*stmt, "this statement in a class body");
    }
  }
  if (!cls->isAggregate && cls->fields.empty())
    findPlainFields(*cls);
  return Value(ClassValue{std::move(cls)});
}

/// For a class that is no @aggregate: when its __init__ only assigns
/// attributes of `self` (besides a docstring or `pass`), those attributes,
/// in order, as gl.constexpr fields, and the class is plain.
void Interpreter::findPlainFields(AggregateClass &cls) {
  auto init = cls.methods.find("__init__");
  if (init == cls.methods.end() || init->second.def->params.params.empty())
    return;
  const std::string &self = init->second.def->params.params.front().name;
  std::vector<AggregateField> fields;
  for (const StmtPtr &stmt : init->second.def->body) {
    auto *expr = gluonc::dyn_cast<ExprStmt>(stmt.get());
    if (gluonc::isa<PassStmt>(stmt.get()) ||
        (expr && gluonc::isa<StringLiteralExpr>(expr->value.get())))
      continue;
    auto *assign = gluonc::dyn_cast<AssignStmt>(stmt.get());
    auto *target =
        assign && assign->targets.size() == 1
            ? gluonc::dyn_cast<AttributeExpr>(assign->targets[0].get())
            : nullptr;
    auto *object =
        target ? gluonc::dyn_cast<NameExpr>(target->value.get()) : nullptr;
    if (!object || object->id != self)
      return;
    bool known = std::any_of(fields.begin(), fields.end(),
                             [&](const AggregateField &field) {
                               return field.name == target->attr;
                             });
    if (!known)
      fields.push_back(
          {target->attr, target->attrLoc, /*isConstexpr=*/true, nullptr});
  }
  cls.fields = std::move(fields);
  cls.isPlain = true;
}

/// The class of `value`, which kernel code may use: an @aggregate whose
/// definition gluonc implements, or a plain class.
static const AggregateClass &requireAggregate(Interpreter &interpreter,
                                              const ClassValue &value,
                                              SourceLoc loc) {
  const AggregateClass &cls = *value.cls;
  if (!cls.isAggregate && !cls.isPlain)
    interpreter.failWithNote(loc,
                             "class '" + cls.getName() +
                                 "' is not an @aggregate; kernels can use only "
                                 "classes decorated with @aggregate (from "
                                 "triton.language.core import _aggregate as "
                                 "aggregate), and, as compile-time values, "
                                 "classes whose __init__ only stores "
                                 "attributes of self",
                             cls.def->nameLoc,
                             "'" + cls.getName() + "' is defined here");
  if (cls.unsupported) {
    interpreter.getDiags().error(cls.unsupported->getRange(),
                                 "not supported yet: " + cls.unsupportedWhat);
    interpreter.getDiags().note(loc, "'" + cls.getName() + "' is used here");
    throw CompileError();
  }
  return cls;
}

//===----------------------------------------------------------------------===//
// Construction
//===----------------------------------------------------------------------===//

Value Interpreter::construct(const ClassValue &value, CallArgs &args,
                             SourceLoc loc) {
  const AggregateClass &cls = requireAggregate(*this, value, loc);
  size_t count = cls.fields.size();
  chargeElements(count, loc);
  auto instance =
      std::make_shared<AggregateValue>(value.cls, std::vector<Value>(count));
  instance->isSet.assign(count, false);
  instance->constructing = true;
  instance->region = getCurrentRegion();
  Value self(instance);

  auto init = cls.methods.find("__init__");
  if (init != cls.methods.end()) {
    checkCallDepth(*init->second.def, loc);
    runInit(cls, init->second, self, args, loc);
  } else {
    // The constructor a dataclass gets: the fields in order, by position
    // or by name.
    if (args.positional.size() > count)
      failWithNote(args.positionalLocs[count],
                   "'" + cls.getName() + "' takes " + std::to_string(count) +
                       " arguments (one for each field) but " +
                       std::to_string(args.positional.size()) + " were given",
                   cls.def->nameLoc, "'" + cls.getName() + "' is defined here");
    for (size_t i = 0; i < args.positional.size(); ++i)
      setField(self, cls.fields[i].name, args.positional[i],
               args.positionalLocs[i]);
    for (const KeywordArg &keyword : args.keywords) {
      int index = cls.findField(keyword.name);
      if (index >= 0 && instance->isSet[index])
        fail(keyword.loc, "field '" + keyword.name + "' of '" + cls.getName() +
                              "' given twice");
      setField(self, keyword.name, keyword.value, keyword.loc);
    }
  }

  for (size_t i = 0; i < count; ++i) {
    if (instance->isSet[i])
      continue;
    const AggregateField &field = cls.fields[i];
    if (!field.defaultValue)
      failWithNote(loc,
                   init != cls.methods.end()
                       ? "the constructor of '" + cls.getName() +
                             "' did not set field '" + field.name + "'"
                       : "missing argument '" + field.name + "' in call to '" +
                             cls.getName() + "'",
                   field.loc, "'" + field.name + "' is declared here");
    setField(self, field.name,
             evaluateInModuleScope(*field.defaultValue, cls.scope), loc);
  }
  instance->constructing = false;
  return self;
}

void Interpreter::runInit(const AggregateClass &cls, const FunctionValue &init,
                          const Value &self, const CallArgs &args,
                          SourceLoc loc) {
  CallArgs withSelf = args;
  withSelf.positional.insert(withSelf.positional.begin(), self);
  withSelf.positionalLocs.insert(withSelf.positionalLocs.begin(), loc);
  Frame locals = bindArguments(init, withSelf, loc, cls.getName(), 1);
  // A @gluon.constexpr_function __init__ (or an undecorated one) is plain
  // Python, as in Triton, but its arguments may be run-time values: it
  // stores them. A @gluon.jit one is inlined like any helper.
  bool savedInConstexprFunction = inConstexprFunction;
  inConstexprFunction = init.kind != FunctionKind::Jit;
  Value result = runFunction(init, std::move(locals), loc);
  inConstexprFunction = savedInConstexprFunction;
  if (!result.isNone())
    failWithNote(loc,
                 "the __init__ of '" + cls.getName() + "' returned a " +
                     result.getTypeName() + "; it must return None",
                 init.def->loc, "__init__ is defined here");
}

void Interpreter::setField(const Value &object, const std::string &name,
                           const Value &value, SourceLoc loc) {
  AggregateValue &instance = *object.get<std::shared_ptr<AggregateValue>>();
  const AggregateClass &cls = *instance.cls;
  int index = cls.findField(name);
  if (index < 0)
    failWithNote(loc,
                 "'" + cls.getName() + "' has no field '" + name +
                     "'; fields are the annotated names of the class body "
                     "('" +
                     name + ": gl.tensor', '" + name + ": gl.constexpr')",
                 cls.def->nameLoc, "'" + cls.getName() + "' is defined here");
  const AggregateField &field = cls.fields[index];
  if (!instance.constructing)
    failWithNote(loc,
                 "cannot assign to field '" + name + "' of '" + cls.getName() +
                     "' outside its constructor: " +
                     (cls.isPlain ? "an instance of a class that is no "
                                    "@aggregate is a compile-time value, "
                                    "which never changes once made"
                                  : "an aggregate never changes once made") +
                     "; make a new '" + cls.getName() + "' instead",
                 field.loc, "'" + name + "' is declared here");
  checkMutable(object, loc);
  if (field.isConstexpr && value.isRuntime())
    failWithNote(loc,
                 (cls.isPlain ? "'" + cls.getName() +
                                    "' is no @aggregate, so its instances "
                                    "hold compile-time values, but field '" +
                                    name + "' gets a run-time "
                              : "field '" + name + "' of '" + cls.getName() +
                                    "' is a gl.constexpr, but the value is a "
                                    "run-time ") +
                     value.getTypeName(),
                 field.loc, "'" + name + "' is declared here");
  instance.fields[index] = value;
  instance.isSet[index] = true;
}

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

Value Interpreter::getAggregateAttribute(const Value &object,
                                         const std::string &name,
                                         SourceLoc loc) {
  const AggregateValue &instance = *object.getAggregate();
  const AggregateClass &cls = *instance.cls;
  int index = cls.findField(name);
  if (index >= 0) {
    if (!instance.isSet[index])
      failWithNote(loc,
                   "field '" + name + "' of '" + cls.getName() +
                       "' is read before the constructor sets it",
                   cls.fields[index].loc, "'" + name + "' is declared here");
    return instance.fields[index];
  }
  auto method = cls.methods.find(name);
  if (method != cls.methods.end()) {
    FunctionValue bound = method->second;
    bound.self = std::make_shared<const Value>(object);
    return Value(std::move(bound));
  }
  auto attribute = cls.attributes.find(name);
  if (attribute != cls.attributes.end())
    return evaluateInModuleScope(*attribute->second, cls.scope);
  failWithNote(loc,
               "'" + cls.getName() + "' has no field or method '" + name + "'",
               cls.def->nameLoc, "'" + cls.getName() + "' is defined here");
}

Value Interpreter::getClassAttribute(const ClassValue &value,
                                     const std::string &name, SourceLoc loc) {
  const AggregateClass &cls = requireAggregate(*this, value, loc);
  auto method = cls.methods.find(name);
  if (method != cls.methods.end())
    return Value(method->second);
  auto attribute = cls.attributes.find(name);
  if (attribute != cls.attributes.end())
    return evaluateInModuleScope(*attribute->second, cls.scope);
  int index = cls.findField(name);
  if (index >= 0 && cls.fields[index].defaultValue)
    return evaluateInModuleScope(*cls.fields[index].defaultValue, cls.scope);
  failWithNote(loc,
               index >= 0 ? "'" + name + "' is a field of '" + cls.getName() +
                                "' without a default; read it from an "
                                "instance"
                          : "class '" + cls.getName() +
                                "' has no method or attribute '" + name + "'",
               cls.def->nameLoc, "'" + cls.getName() + "' is defined here");
}

//===----------------------------------------------------------------------===//
// Merging
//===----------------------------------------------------------------------===//

static void findDifferences(Interpreter &interpreter, const Value &a,
                            const Value &b, SourceLoc loc, LeafPath &path,
                            const std::string &label, bool isConstexpr,
                            std::vector<Interpreter::DifferingLeaf> &out) {
  interpreter.countStep(loc);
  if (path.size() > kMaxCompileTimeNesting)
    interpreter.fail(loc, "'" + label +
                              "' nests tuples and aggregates more than " +
                              std::to_string(kMaxCompileTimeNesting) + " deep");
  const std::vector<Value> *children = nullptr, *others = nullptr;
  std::vector<std::string> labels;
  std::vector<bool> constexprs;
  if (a.isTuple() && b.isTuple() &&
      a.getSequence()->size() == b.getSequence()->size()) {
    children = a.getSequence();
    others = b.getSequence();
    for (size_t i = 0; i < children->size(); ++i) {
      labels.push_back(label + "[" + std::to_string(i) + "]");
      constexprs.push_back(isConstexpr);
    }
  } else if (a.getAggregate() && b.getAggregate() &&
             a.getAggregate()->cls == b.getAggregate()->cls) {
    children = &a.getAggregate()->fields;
    others = &b.getAggregate()->fields;
    for (const AggregateField &field : a.getAggregate()->cls->fields) {
      labels.push_back(label + "." + field.name);
      constexprs.push_back(isConstexpr || field.isConstexpr);
    }
  }
  if (!children) {
    if (!interpreter.isSameValue(a, b, loc))
      out.push_back({path, label, isConstexpr});
    return;
  }
  if (children == others)
    return;
  for (size_t i = 0; i < children->size(); ++i) {
    path.push_back(i);
    findDifferences(interpreter, (*children)[i], (*others)[i], loc, path,
                    labels[i], constexprs[i], out);
    path.pop_back();
  }
}

void Interpreter::findDifferingLeaves(const Value &a, const Value &b,
                                      SourceLoc loc, const std::string &label,
                                      std::vector<DifferingLeaf> &out) {
  LeafPath path;
  findDifferences(*this, a, b, loc, path, label, /*isConstexpr=*/false, out);
}
