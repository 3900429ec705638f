//===- Functors.cpp - Each functor application specialised -----------------===//
//
// GraphIt's functors bind some parameters where they are applied:
//
//   func addOne[a : vector{Vertex}(int), c : int](v : Vertex)  a[v] += c;  end
//   ...  vertices.apply(addOne[counts, 2]);
//
// Lowering gives every application a function of its own, the functor's body
// with each bound parameter replaced by its argument (`counts[v] += 2`),
// before the traversals are built. The rest of polyc then sees an ordinary
// applied function whose writes are writes to the program's variables, so
// the effect analysis, update synchronisation and every schedule apply as
// they do without functors. A local variable of the applying function that
// an argument names becomes a namespace-scope variable (renamed if its name
// is taken), still initialised where it is declared, so that the
// specialised function can name it; a vector is bound by reference, as in
// GraphIt. The functors themselves are then dropped: only their
// specialisations are emitted.
//
//===----------------------------------------------------------------------===//
#include "polyc/IR/Clone.h"
#include "polyc/IR/IR.h"

#include "llvm/Support/Casting.h"

#include <deque>

using namespace polyc;
using llvm::cast;
using llvm::dyn_cast;
using llvm::dyn_cast_or_null;
using llvm::isa;

namespace {

class Specialiser {
public:
  Specialiser(Program &program, Module &module, DiagnosticEngine &diags)
      : program(program), module(module), diags(diags), taken(namesInProgram(program)) {}

  bool run() {
    unsigned errorsBefore = diags.errorCount();
    std::deque<FuncDecl *> pending;
    for (const auto &decl : program.decls)
      if (auto *func = dyn_cast<FuncDecl>(decl.get()); func && func->boundParams.empty())
        pending.push_back(func);
    // Specialisations are walked too: a functor body may apply another.
    while (!pending.empty()) {
      FuncDecl *caller = pending.front();
      pending.pop_front();
      forEachStmtIn(caller->body, [&](Stmt &s) {
        forEachDirectExpr(s, [&](ExprPtr &e) { visit(e, *caller, pending); });
      });
    }
    for (auto &spec : specialised)
      program.decls.push_back(std::move(spec));
    std::erase_if(program.decls, [](const std::unique_ptr<Decl> &decl) {
      auto *func = dyn_cast<FuncDecl>(decl.get());
      return func && !func->boundParams.empty();
    });
    return diags.errorCount() == errorsBefore;
  }

private:
  Program &program;
  Module &module;
  DiagnosticEngine &diags;
  std::set<std::string> taken;
  std::vector<std::unique_ptr<Decl>> specialised;

  void visit(ExprPtr &e, FuncDecl &caller, std::deque<FuncDecl *> &pending) {
    forEachChild(*e, [&](ExprPtr &child) { visit(child, caller, pending); });
    // f[a](b): a call of the application's specialisation.
    if (auto *call = dyn_cast<CallExpr>(e.get()); call && call->func) {
      auto *name = dyn_cast_or_null<NameExpr>(call->functor.get());
      if (name && isa<FuncDecl>(name->decl)) {
        call->func = cast<FuncDecl>(name->decl);
        call->callee = call->func->name;
        call->functor.reset();
      }
      return;
    }
    auto *functor = dyn_cast<FunctorExpr>(e.get());
    if (!functor || !functor->func)
      return;
    FuncDecl *spec = specialise(*functor, caller);
    if (!spec)
      return;
    pending.push_back(spec);
    auto name = std::make_unique<NameExpr>(functor->loc, spec->name);
    name->decl = spec;
    name->type = Type(Type::Function);
    e = std::move(name);
  }

  /// Makes a local of `caller` that a functor binds a namespace-scope
  /// variable; false (with an error) for what cannot be.
  bool hoist(Decl *decl, FuncDecl &caller, const FunctorExpr &functor) {
    if (auto *param = dyn_cast<ParamDecl>(decl)) {
      diags.error(functor.loc, "binding parameter '" + param->name + "' of '" + caller.name +
                                   "' to functor '" + functor.name +
                                   "' is not supported yet; bind a variable");
      return false;
    }
    auto *var = dyn_cast<VarDecl>(decl);
    if (!var || var->storage != VarDecl::Local)
      return true;
    bool declaredByStatement = false, insideParFor = false;
    forEachStmtIn(caller.body, [&](Stmt &s) {
      if (auto *d = dyn_cast<VarDeclStmt>(&s); d && d->decl.get() == var)
        declaredByStatement = true;
      if (auto *loop = dyn_cast<ForStmt>(&s); loop && loop->parallel)
        forEachStmtIn(loop->body, [&](Stmt &inner) {
          if (auto *d = dyn_cast<VarDeclStmt>(&inner); d && d->decl.get() == var)
            insideParFor = true;
        });
    });
    if (!declaredByStatement) { // a loop variable
      diags.error(functor.loc, "binding loop variable '" + var->name + "' to functor '" +
                                   functor.name + "' is not supported yet; bind a variable "
                                   "declared with var");
      return false;
    }
    if (insideParFor)
      module.threadLocalHoisted.insert(var);
    // Named after its function: two functions' locals may share a name.
    var->storage = VarDecl::Global;
    std::string name = caller.name + "_" + var->name;
    name = taken.insert(name).second ? name : freshName(name, taken);
    renameDecl(caller.body, *var, name);
    module.hoistedLocals.push_back(var);
    return true;
  }

  FuncDecl *specialise(const FunctorExpr &functor, FuncDecl &caller) {
    const FuncDecl &f = *functor.func;
    auto spec = std::make_unique<FuncDecl>(f.loc, freshName(f.name, taken), FuncDecl::Internal);
    DeclMap map;
    for (const auto &param : f.params) {
      spec->params.push_back(std::make_unique<ParamDecl>(param->loc, param->name, param->type));
      map[param.get()] = spec->params.back().get();
    }
    if (f.result) {
      spec->result = std::make_unique<VarDecl>(f.result->loc, f.result->name, VarDecl::Result,
                                               false, f.result->type, nullptr);
      map[f.result.get()] = spec->result.get();
    }
    // A variable argument is the bound parameter itself; a value is put
    // where the parameter is read.
    std::map<const Decl *, const Expr *> values;
    bool ok = true;
    for (size_t i = 0; i < f.boundParams.size() && i < functor.args.size(); ++i) {
      const Expr &arg = *functor.args[i];
      if (auto *name = dyn_cast<NameExpr>(&arg); name && name->decl &&
                                                 isa<VarDecl, ParamDecl>(name->decl)) {
        ok &= hoist(name->decl, caller, functor);
        map[f.boundParams[i].get()] = name->decl;
        continue;
      }
      std::set<const Decl *> names;
      collectNames(const_cast<Expr &>(arg), names);
      for (const Decl *decl : names)
        if (isa<VarDecl, ParamDecl>(decl))
          ok &= hoist(const_cast<Decl *>(decl), caller, functor);
      values[f.boundParams[i].get()] = &arg;
    }
    if (!ok)
      return nullptr;
    spec->body = cloneBlock(f.body, map);
    forEachStmtIn(spec->body, [&](Stmt &s) {
      forEachDirectExpr(s, [&](ExprPtr &e) { substitute(e, values); });
    });
    FuncDecl *result = spec.get();
    specialised.push_back(std::move(spec));
    return result;
  }

  static void substitute(ExprPtr &e, const std::map<const Decl *, const Expr *> &values) {
    if (auto *name = dyn_cast<NameExpr>(e.get())) {
      auto value = values.find(name->decl);
      if (value != values.end()) {
        DeclMap none;
        Type wanted = e->type;
        e = cloneExpr(*value->second, none);
        if (wanted.isValid() && wanted.isScalar())
          e->type = e->type.isValid() ? e->type : wanted;
      }
      return;
    }
    forEachChild(*e, [&](ExprPtr &child) { substitute(child, values); });
  }
};

} // namespace

bool polyc::specialiseFunctors(Program &program, Module &module, DiagnosticEngine &diags) {
  return Specialiser(program, module, diags).run();
}
