//===- EmitStmt.cpp - Statements and functions ----------------------------===//
#include "EmitFusedFields.h"
#include "Emitter.h"
#include "polyc/AST/StmtWalk.h"
#include "polyc/IR/Clone.h"

#include <set>

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Casting.h"

using namespace polyc;
using llvm::cast;
using llvm::dyn_cast;

std::string polyc::indentOf(unsigned level) { return std::string(2 * level, ' '); }

namespace {

const char *kChanged = "polyc_changed";

} // namespace

std::string CppEmitter::signature(const FuncDecl &func, const std::string &name,
                                  bool returnsChanged, const std::string &extraParam,
                                  const VarDecl *elementInLocal, bool namesEveryParameter) {
  std::string result = returnsChanged ? "bool"
                       : func.result  ? cppType(func.result->type)
                                      : "void";
  // A parameter the body never reads keeps its name only as a comment, so
  // that applied functions ignoring src or dst compile without warnings
  // (not in an export's wrapper, which forwards every parameter).
  std::set<const Decl *> used;
  forEachStmtIn(func.body, [&](Stmt &s) {
    forEachDirectExpr(s, [&](ExprPtr &e) { collectNames(*e, used); });
  });
  // `elementInLocal[v]`, v the first parameter, reads an added parameter
  // instead (FunctionContext::elementInLocal): v is used only if named
  // elsewhere too.
  if (elementInLocal && !func.params.empty()) {
    const Decl *vertex = func.params[0].get();
    int named = 0, inLocal = 0;
    forEachExprIn(func.body, [&](Expr &x) {
      if (auto *name = llvm::dyn_cast<NameExpr>(&x); name && name->decl == vertex)
        ++named;
      auto *index = llvm::dyn_cast<IndexExpr>(&x);
      if (index && namesDecl(*index->base, elementInLocal) && namesDecl(*index->index, vertex))
        ++inLocal;
    });
    if (named == inLocal)
      used.erase(vertex);
  }
  std::vector<std::string> params;
  for (const auto &p : func.params) {
    std::string name = cppName(p->name);
    if (!namesEveryParameter && !used.count(p.get()))
      name = "/*" + name + "*/";
    params.push_back(cppType(p->type) + (passedByReference(p->type) ? " &" : " ") + name);
  }
  if (!extraParam.empty())
    params.push_back(extraParam);
  return result + " " + name + "(" + llvm::join(params, ", ") + ")";
}

void CppEmitter::emitFunction(const FuncDecl &func, const std::string &name,
                              const FunctionContext &ctx) {
  // Specialised copies are private to their traversal; the user's functions
  // keep external linkage so that an unused one draws no warning.
  bool specialised =
      ctx.tracksChanges || !ctx.writes.empty() || ctx.replicaReads || ctx.elementInLocal;
  std::string extraParam;
  if (ctx.elementInLocal)
    extraParam = (ctx.elementUnread ? "[[maybe_unused]] " : "") +
                 cppType(*ctx.elementInLocal->type.value) + " " + ctx.elementLocal;
  os << (specialised ? "static " : "")
     << signature(func, name, ctx.tracksChanges, extraParam, ctx.elementInLocal)
     << " {\n";
  FunctionContext withLocals = ctx;
  if (ctx.replicaReads) {
    std::set<const Decl *> used;
    forEachStmtIn(func.body, [&](Stmt &s) {
      forEachDirectExpr(s, [&](ExprPtr &e) { collectNames(*e, used); });
    });
    for (const VarDecl *vector : *ctx.replicaReads)
      if (used.count(vector))
        os << "  const " << cppType(*vector->type.value) << " *" << replicaLocalName(*vector)
           << " = " << replicasName(*vector) << ".local(); // this node's copy\n";
    withLocals.replicaLocals = true;
  }
  context = &withLocals;
  if (ctx.tracksChanges)
    os << "  bool " << kChanged << " = false;\n";
  else if (func.result)
    os << "  " << cppType(func.result->type) << " " << cppName(func.result->name) << "{};\n";
  emitBlock(func.body, 1);
  if (ctx.tracksChanges || func.result)
    os << "  " << returnStatement() << "\n";
  os << "}\n\n";
  context = nullptr;
}

std::string CppEmitter::returnStatement() {
  if (context && context->tracksChanges)
    return std::string("return ") + kChanged + ";";
  if (context && context->func && context->func->result)
    return "return " + cppName(context->func->result->name) + ";";
  return "return;";
}

void CppEmitter::emitBlock(const Block &block, unsigned indent) {
  for (const StmtPtr &s : block)
    emitStmt(*s, indent);
}

/// par_for: an OpenMP loop over bounds computed once; an iteration's error
/// is thrown again after the loop (polyrt::ParallelErrors).
void CppEmitter::emitParFor(const ForStmt &f, unsigned indent) {
  std::string pad = indentOf(indent), var = cppName(f.var->name), type = cppType(f.var->type);
  auto grain = module.parForGrains.find(&f);
  std::string chunk = grain == module.parForGrains.end()
                          ? "1"
                          : scheduleNumber(grain->second, "the par_for grain of '" +
                                                              f.scopedLabel + "'");
  os << pad << "{\n"
     << pad << "  // par_for: the iterations run in parallel, each on one thread.\n"
     << pad << "  const " << type << " " << var << "_begin = " << expr(*f.lo) << ";\n"
     << pad << "  const " << type << " " << var << "_end = " << expr(*f.hi) << ";\n";
  if (grain != module.parForGrains.end() && grain->second.fromArgv()) {
    os << pad << "  const int64_t " << var << "_grain = " << chunk << ";\n";
    chunk = var + "_grain";
  }
  os << pad << "  polyrt::ParallelErrors " << var << "_errors;\n"
     << pad << "  #pragma omp parallel for schedule(dynamic, " << chunk << ")\n"
     << pad << "  for (" << type << " " << var << " = " << var << "_begin; " << var << " < "
     << var << "_end; ++" << var << ") {\n"
     << pad << "    try {\n";
  emitBlock(f.body, indent + 3);
  os << pad << "    } catch (...) {\n"
     << pad << "      " << var << "_errors.capture();\n"
     << pad << "    }\n"
     << pad << "  }\n"
     << pad << "  " << var << "_errors.rethrow();\n"
     << pad << "}\n";
}

std::string CppEmitter::localDeclaration(const VarDecl &var) {
  std::string type = cppType(var.type), name = cppName(var.name);
  const Expr *init = var.init.get();
  checkVectorElement(var.type, var.loc);
  // A local a functor binds lives at namespace scope (Module::hoistedLocals):
  // its declaration statement initialises it.
  bool hoisted = var.storage == VarDecl::Global;
  std::string declared = hoisted ? name : type + " " + name;
  if (var.type.kind == Type::Vector && (!init || !init->type.isValid() ||
                                        init->type.kind != Type::Vector))
    return declared + (hoisted ? " = " + type : "") + "(" + elementCount(var.type.element) +
           ", " + initialValue(init, *var.type.value) + ");";
  if (!init)
    return declared + (hoisted ? " = " + type + "()" : "{}") + ";";
  return declared + " = " + initialValue(init, var.type) + ";";
}

std::string CppEmitter::assignment(const AssignStmt &a) {
  if (context) {
    auto it = context->writes.find(&a);
    if (it != context->writes.end() &&
        (it->second.sync != WriteSync::Plain || it->second.tracked))
      return scheduledAssignment(a, it->second);
  }
  if (auto *name = dyn_cast<NameExpr>(a.target.get()))
    if (const FusedFieldGroup *g = fusedGroupOf(module, name->decl)) // a whole fused vector
      return fusedFieldAssignment(*this, *g, cast<VarDecl>(*name->decl), a.value.get(),
                                  elementCount(a.target->type.element));
  // `g = g.relabel()`: renumbered in place, and a graph that stays as it
  // is (most that are not skewed) is not copied.
  if (auto *call = dyn_cast<MethodCallExpr>(a.value.get());
      call && a.op == AssignOp::Assign && call->methodKind == Method::Relabel && call->args.empty())
    if (auto *graph = dyn_cast<NameExpr>(call->receiver.get());
        graph && llvm::isa<NameExpr>(*a.target) && graph->decl == cast<NameExpr>(*a.target).decl)
      return "polyrt::relabelByDegreeInPlace(" + expr(*a.target) + ");";
  std::string target = expr(*a.target);
  const Type &type = a.target->type;
  // A scalar assigned to a whole vector sets every element, sized by the
  // element count now in force (an edgeset may have been assigned since).
  if (type.kind == Type::Vector && a.op == AssignOp::Assign && a.value->type.kind != Type::Vector)
    return target + " = " + cppType(type) + "(" + elementCount(type.element) + ", " +
           initialValue(a.value.get(), *type.value) + ");";

  std::string value = exprAs(*a.value, type);
  if (module.movedAssignments.count(&a))
    value = "std::move(" + value + ")";
  return plainUpdate(a, target, value);
}

std::string CppEmitter::plainUpdate(const AssignStmt &a, const std::string &target,
                                    const std::string &value) {
  switch (a.op) {
  case AssignOp::Assign: return target + " = " + value + ";";
  case AssignOp::Min: return "polyrt::reduceMin(" + target + ", " + value + ");";
  case AssignOp::Max: return "polyrt::reduceMax(" + target + ", " + value + ");";
  default: return inPlaceUpdate(a.op, a.target->type, target, value, a.loc);
  }
}

/// A plain update that returns whether the element changed.
std::string CppEmitter::plainTrackedUpdate(const AssignStmt &a, const std::string &target,
                                           const std::string &value) {
  switch (a.op) {
  case AssignOp::Assign: return "polyrt::assignTracked(" + target + ", " + value + ");";
  case AssignOp::Min: return "polyrt::reduceMin(" + target + ", " + value + ");";
  case AssignOp::Max: return "polyrt::reduceMax(" + target + ", " + value + ");";
  default:
    return "polyrt::updateTracked(" + target + ", " + value + ", " +
           updateFunctor(a.op, a.target->type, a.loc) + ");";
  }
}

/// A write of a function applied by a traversal that is atomic or tracked:
/// made as safe as the update-sync pass decided, reporting changes of the
/// tracked vector.
std::string CppEmitter::scheduledAssignment(const AssignStmt &a, const WriteInfo &w) {
  std::string target = expr(*a.target);
  std::string value = exprAs(*a.value, a.target->type);
  std::string address = "&" + target;
  std::string changed = std::string(kChanged) + " |= ";
  if (w.sync == WriteSync::Plain)
    return changed + plainTrackedUpdate(a, target, value);
  if (w.sync == WriteSync::Lock) {
    // The element's stripe lock held, the update is the serial program's.
    std::string body;
    if (w.expected)
      body = "return polyrt::claimPlain(element, " + exprAs(*w.expected, a.target->type) + ", " +
             value + ");";
    else if (w.tracked)
      body = "return " + plainTrackedUpdate(a, "element", value);
    else
      body = plainUpdate(a, "element", value);
    return (w.tracked ? changed : std::string()) + "polyrt::underLockOf(" + address +
           ", [&](auto &element) { " + body + " });";
  }
  if (w.sync == WriteSync::Htm || w.sync == WriteSync::Merge) {
    const DeferredReduction &d = context->traversal->deferred[w.deferredTo];
    return deferredObjectName(*context->traversal, d) + ".add(" + address + ", " + value + ");";
  }
  if (w.sync == WriteSync::Claim)
    return changed + "polyrt::claimTracked(" + address + ", " +
           exprAs(*w.expected, a.target->type) + ", " + value + ");";
  std::string prefix = w.tracked ? changed : "";
  switch (a.op) {
  case AssignOp::Assign:
    return w.tracked ? changed + "polyrt::atomicAssignTracked(" + address + ", " + value + ");"
                     : "polyrt::atomicStore(" + address + ", " + value + ");";
  case AssignOp::Min: return prefix + "polyrt::writeMin(" + address + ", " + value + ");";
  case AssignOp::Max: return prefix + "polyrt::writeMax(" + address + ", " + value + ");";
  case AssignOp::Add:
    if (!w.tracked)
      return atomicAdd(a.target->type, address, value, a.loc);
    [[fallthrough]];
  default:
    return prefix + (w.tracked ? "polyrt::atomicUpdateTracked(" : "polyrt::writeUpdate(") +
           address + ", " + value + ", " + updateFunctor(a.op, a.target->type, a.loc) + ");";
  }
}

void CppEmitter::emitStmt(const Stmt &s, unsigned indent) {
  emitRankExchanges(s, /*before=*/true, indent);
  emitStmtItself(s, indent);
  emitRankExchanges(s, /*before=*/false, indent);
}

void CppEmitter::emitStmtItself(const Stmt &s, unsigned indent) {
  std::string pad = indentOf(indent);
  if (!s.label.empty())
    os << pad << "// #" << s.scopedLabel << "#\n";
  switch (s.getKind()) {
  case Stmt::VarDecl: {
    const VarDecl &var = *cast<VarDeclStmt>(s).decl;
    if (module.transposeViews.count(&var)) {
      // An undirected graph is its own transpose: no copy (the
      // transpose-views pass); a directed one is transposed into the
      // storage.
      std::string name = cppName(var.name), type = cppType(var.type);
      std::string storage = "polyc_transposed_" + name;
      os << pad << type << " " << storage << ";\n"
         << pad << type << " &" << name << " = polyrt::transposeOf("
         << expr(*cast<MethodCallExpr>(*var.init).receiver) << ", " << storage << ");\n";
      return;
    }
    os << pad << localDeclaration(var) << "\n";
    return;
  }
  case Stmt::Assign: {
    auto &a = cast<AssignStmt>(s);
    os << pad << assignment(a) << "\n";
    // Assigning an edgeset (as exported functions do) sets its elements' count.
    if (a.target->type.kind == Type::EdgeSet)
      for (const std::string &line : elementCountsFrom(expr(*a.target), a.target->type))
        os << pad << line << "\n";
    return;
  }
  case Stmt::ExprStmt: {
    const Expr &e = *cast<ExprStmtNode>(s).expr;
    if (auto *fused = dyn_cast<VertexTraversalExpr>(&e); fused && fused->fusedInto) {
      os << pad << "// " << fused->source << ": " << fused->fusedInto->name
         << " runs it for each destination\n";
      return;
    }
    os << pad << expr(e) << ";\n";
    return;
  }
  case Stmt::If: {
    auto &i = cast<IfStmt>(s);
    for (size_t b = 0; b < i.branches.size(); ++b) {
      os << (b == 0 ? pad + "if (" : " else if (") << expr(*i.branches[b].cond) << ") {\n";
      emitBlock(i.branches[b].body, indent + 1);
      os << pad << "}";
    }
    if (!i.elseBody.empty()) {
      os << " else {\n";
      emitBlock(i.elseBody, indent + 1);
      os << pad << "}";
    }
    os << "\n";
    return;
  }
  case Stmt::While: {
    auto &w = cast<WhileStmt>(s);
    if (auto ordered = module.orderedLoops.find(&w); ordered != module.orderedLoops.end()) {
      const EdgeTraversalExpr &t = *ordered->second;
      os << pad << "// The loop of #" << t.label << "# (take a bucket, traverse it), run by "
         << traversalName(t) << " in one\n"
         << pad << "// parallel region.\n"
         << pad << traversalName(t) << "(" << lvalue(*t.edges) << ", [&] { return " << expr(*w.cond)
         << "; });\n";
      return;
    }
    os << pad << "while (" << expr(*w.cond) << ") {\n";
    emitBlock(w.body, indent + 1);
    os << pad << "}\n";
    return;
  }
  case Stmt::DoWhile: {
    auto &d = cast<DoWhileStmt>(s);
    os << pad << "do {\n";
    emitBlock(d.body, indent + 1);
    os << pad << "} while (" << expr(*d.cond) << ");\n";
    return;
  }
  case Stmt::For: {
    auto &f = cast<ForStmt>(s);
    std::string var = cppName(f.var->name);
    if (f.parallel) {
      emitParFor(f, indent);
      return;
    }
    os << pad << "for (" << cppType(f.var->type) << " " << var << " = " << expr(*f.lo) << "; "
       << var << " < " << expr(*f.hi) << "; ++" << var << ") {\n";
    emitBlock(f.body, indent + 1);
    os << pad << "}\n";
    return;
  }
  case Stmt::Break: os << pad << "break;\n"; return;
  case Stmt::Print:
    os << pad << "polyrt::printLine(" << expr(*cast<PrintStmt>(s).value) << ");\n";
    return;
  case Stmt::Delete: {
    const Expr &value = *cast<DeleteStmt>(s).value;
    os << pad << expr(value) << " = " << cppType(value.type) << "();\n";
    return;
  }
  case Stmt::Return: os << pad << returnStatement() << "\n"; return;
  }
}
