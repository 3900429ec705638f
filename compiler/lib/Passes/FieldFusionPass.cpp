//===- FieldFusionPass.cpp - fuseFields ----------------------------------===//
//
// fuseFields("a", "b") stores the per-vertex vectors a and b as one array of
// structs, so that a traversal touching a[v] and b[v] touches one cache line:
//     struct polyc_Fused_a_b { double a; int32_t b; };
//     polyrt::VertexArray<polyc_Fused_a_b> polyc_fused_a_b;
// with every a[v] emitted as polyc_fused_a_b[v].a. The pass records the
// groups on the module (Module::fusedFields); the emitter follows them.
//
// The fields must be global vectors of one element type with values a struct
// can hold (scalars, vertices, fixed-length vectors), each in one group.
// Element accesses, initialisation (`= 0`, `= expr`, `= edges.getOutDegrees()`,
// no value) and whole-vector assignments (`a = 0.5;`, `a = other;`) are
// emitted field by field; a whole-vector read (`b = a`, `a.sum()`, returning
// it, passing it to a function that only reads its parameter) reads a copy of
// the field. What cannot be redirected is a located error at the fuseFields
// call naming the use: passing the vector to a function that writes its
// parameter, or to an extern function (which could), a compound assignment
// to the whole vector, and a method that may change it.
//
//===----------------------------------------------------------------------===//
#include "polyc/IR/Clone.h"
#include "polyc/Passes/Accesses.h"
#include "polyc/Passes/Pass.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Casting.h"

#include <set>

using namespace polyc;
using llvm::cast;
using llvm::dyn_cast;

namespace {

bool fitsInStruct(const Type &value) {
  if (value.kind == Type::FixedVector)
    return value.value && fitsInStruct(*value.value);
  return value.isScalar() || value.kind == Type::Element;
}

const VarDecl *fusedName(const Expr &e, const std::map<const VarDecl *, size_t> &groupOf) {
  auto *name = dyn_cast<NameExpr>(&e);
  auto *var = name ? llvm::dyn_cast_or_null<VarDecl>(name->decl) : nullptr;
  return var && groupOf.count(var) ? var : nullptr;
}

class FieldFuser {
public:
  FieldFuser(Module &module, DiagnosticEngine &diags)
      : module(module), diags(diags), analysis(*module.program) {}

  bool run() {
    std::set<std::string> groupNames;
    for (const auto &fusion : module.schedule.fusedFields) {
      FusedFieldGroup group;
      group.loc = fusion.loc;
      std::vector<std::string> names;
      for (const Located<std::string> &name : fusion.vectors) {
        const VarDecl *var = resolve(name, group);
        if (!var)
          return false;
        group.fields.push_back(var);
        groupOf[var] = module.fusedFields.size();
        names.push_back(var->name);
      }
      group.name = llvm::join(names, "_");
      if (!groupNames.insert(group.name).second)
        group.name = freshName(group.name, groupNames);
      module.fusedFields.push_back(std::move(group));
    }
    if (module.fusedFields.empty())
      return true;
    for (const auto &decl : module.program->decls) {
      if (auto *var = dyn_cast<VarDecl>(decl.get()); var && var->init)
        expr(*var->init);
      else if (auto *func = dyn_cast<FuncDecl>(decl.get()))
        for (const StmtPtr &s : func->body)
          stmt(*s);
    }
    return ok;
  }

private:
  Module &module;
  DiagnosticEngine &diags;
  AccessAnalysis analysis;
  std::map<const VarDecl *, size_t> groupOf; // field -> index in module.fusedFields
  bool ok = true;

  const VarDecl *resolve(const Located<std::string> &name, const FusedFieldGroup &group) {
    const VarDecl *var = nullptr;
    for (const auto &decl : module.program->decls)
      if (auto *v = dyn_cast<VarDecl>(decl.get()); v && v->name == name.value)
        var = v;
    auto fail = [&](const std::string &why) {
      diags.error(name.loc, "cannot fuse '" + name.value + "': " + why);
      return nullptr;
    };
    if (!var || var->storage != VarDecl::Global || var->type.kind != Type::Vector)
      return fail("fuseFields takes global per-vertex vectors");
    if (!fitsInStruct(*var->type.value))
      return fail("its values (" + var->type.value->str() + ") cannot be fields of a struct");
    if (!group.fields.empty() && group.fields[0]->type.element != var->type.element)
      return fail("it is a vector of '" + var->type.element + "', and '" +
                  group.fields[0]->name + "' one of '" + group.fields[0]->type.element +
                  "'; fused vectors must have one element per vertex of the same set");
    if (groupOf.count(var) || llvm::is_contained(group.fields, var))
      return fail("it is already fused");
    return var;
  }

  void reject(const VarDecl &var, llvm::SMLoc use, const std::string &why) {
    const FusedFieldGroup &group = module.fusedFields[groupOf.at(&var)];
    diags.error(group.loc, "cannot fuse '" + var.name + "': " + why);
    diags.note(use, "'" + var.name + "' is used here");
    ok = false;
  }

  void stmt(const Stmt &s) {
    if (auto *assign = dyn_cast<AssignStmt>(&s)) {
      if (const VarDecl *var = fusedName(*assign->target, groupOf)) {
        if (assign->op != AssignOp::Assign)
          reject(*var, assign->target->loc,
                 "a compound assignment to the whole vector is not supported for fused fields");
        expr(*assign->value);
        return;
      }
    }
    forEachDirectExpr(const_cast<Stmt &>(s), [&](ExprPtr &e) { expr(*e); });
    forEachNestedBlock(const_cast<Stmt &>(s), [&](const Block &b) { block(b); });
  }

  void block(const Block &b) {
    for (const StmtPtr &s : b)
      stmt(*s);
  }

  void expr(const Expr &e) {
    if (auto *index = dyn_cast<IndexExpr>(&e)) {
      // x[v]: the field of element v; only the indices are expressions.
      if (fusedName(*index->base, groupOf)) {
        expr(*index->index);
        return;
      }
    } else if (auto *call = dyn_cast<CallExpr>(&e); call && call->func) {
      for (size_t i = 0; i < call->args.size(); ++i) {
        const VarDecl *var = fusedName(*call->args[i], groupOf);
        if (!var) {
          expr(*call->args[i]);
          continue;
        }
        const FuncDecl &f = *call->func;
        if (f.linkage == FuncDecl::Extern) {
          reject(*var, call->args[i]->loc,
                 "it is passed to the extern function '" + f.name + "', which could change it");
          continue;
        }
        const ParamDecl *param = i < f.params.size() ? f.params[i].get() : nullptr;
        const VarAccess *access = param ? analysis.ofFunction(f).find(param) : nullptr;
        if (access && access->written)
          reject(*var, call->args[i]->loc,
                 "it is passed to '" + f.name + "', which writes its parameter '" +
                     param->name + "'");
      }
      return;
    } else if (auto *call = dyn_cast<CallExpr>(&e); call && updatesVectorElement(*call)) {
      // writeMin(vec, v, x), compareAndSwap(vec, v, old, new): the address
      // of element v, which the emitter takes from the field.
      for (size_t i = fusedName(*call->args[0], groupOf) ? 1 : 0; i < call->args.size(); ++i)
        expr(*call->args[i]);
      return;
    } else if (auto *method = dyn_cast<MethodCallExpr>(&e)) {
      if (const VarDecl *var = fusedName(*method->receiver, groupOf);
          var && !isReadOnlyMethod(method->methodKind))
        reject(*var, method->loc, "'" + method->method + "' may change the whole vector");
    }
    forEachOperand(const_cast<Expr &>(e), [&](ExprPtr &operand) { expr(*operand); });
  }
};

} // namespace

bool polyc::runFieldFusionPass(Module &module, DiagnosticEngine &diags) {
  return FieldFuser(module, diags).run();
}

const Pass polyc::fieldFusionPass = {
    "field-fusion",
    "fuseFields: per-vertex vectors stored as one array of structs",
    TargetSet::all(), polyc::runFieldFusionPass};
