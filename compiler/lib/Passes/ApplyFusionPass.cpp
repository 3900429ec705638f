//===- ApplyFusionPass.cpp - fuseApplyFunctions --------------------------===//
//
// fuseApplyFunctions("s1", "s2", "f") merges two adjacent traversals of the
// same edges,
//     #s1# edges.apply(g);
//     #s2# edges.apply(h);
// into one traversal labelled f that applies g and then h to each edge:
//     #f# edges.apply(f_g_h);
// f_g_h is a new function whose body is g's body followed by h's, both on
// f_g_h's own parameters (inlined, so that the update-sync pass sees and
// synchronises every write). One pass over the edges instead of two.
//
// The two traversals must be the same apart from the function: the same
// edgeset expression, source set and filters (expressions without side
// effects), no applyModified. Since the edges are visited in no particular
// order, the fused traversal is correct only when neither function reads or
// writes what the other writes (at any index), when neither writes what the
// filters or the edgeset and source expressions read, and when the filters
// write nothing (they run once per edge instead of twice). Output (both
// print), the timer and extern code conflict too. Each violation is a
// located error at the schedule call naming the variable.
//
//===----------------------------------------------------------------------===//
#include "polyc/Passes/Accesses.h"
#include "polyc/Passes/Pass.h"

#include "LoopChecks.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Casting.h"

#include <set>

using namespace polyc;
using llvm::dyn_cast;

namespace {

std::string source(const Expr *e) { return e ? sourceText(*e) : "all vertices"; }

std::string nameOr(const FuncDecl *f, const char *none) { return f ? "'" + f->name + "'" : none; }

class ApplyFuser {
public:
  ApplyFuser(Module &module, DiagnosticEngine &diags) : module(module), diags(diags) {}

  bool fuse(const LoopTransform &t) {
    const std::string &label1 = t.labels[0].value, &label2 = t.labels[1].value;
    TransformErrors errors{
        diags, "cannot fuse the apply functions of '" + label1 + "' and '" + label2 + "'", t.loc};
    this->errors = &errors;
    StmtPosition pos1 = errors.find(*module.program, t.labels[0]);
    StmtPosition pos2 = pos1.block ? errors.find(*module.program, t.labels[1]) : StmtPosition();
    if (!pos2.block)
      return false;
    EdgeTraversalExpr *t1 = traversalOf(pos1, t.labels[0]);
    EdgeTraversalExpr *t2 = t1 ? traversalOf(pos2, t.labels[1]) : nullptr;
    if (!t2)
      return false;
    if (pos1.block != pos2.block || pos2.index != pos1.index + 1)
      return fail("they are not adjacent statements of one block (the first directly "
                  "followed by the second)",
                  pos2.stmt()->loc, "'" + label2 + "' is here");
    if (!sameTraversal(*t1, *t2, label2) || !checkFunctions(*t1, *t2))
      return false;

    std::string fused = outputLabel(t, 0);
    FuncDecl *func = fusedFunction(*t1->applyFunc, *t2->applyFunc, fused, t1->loc);
    t1->applyFunc = func;
    // The chain as written, with the new function: "edges.apply(f_g_h)".
    size_t call = t1->source.rfind(".apply(");
    t1->source = (call == std::string::npos ? t1->source : t1->source.substr(0, call)) +
                 ".apply(" + func->name + ")";
    relabel(*pos1.stmt(), label1, fused, "");
    pos1.block->erase(pos1.block->begin() + pos2.index);
    return true;
  }

private:
  Module &module;
  DiagnosticEngine &diags;
  const TransformErrors *errors = nullptr; // of the transform being applied
  std::set<const Decl *> created;          // the fused functions, in program order

  bool fail(const std::string &why, llvm::SMLoc where = {}, const std::string &note = "") {
    return errors->fail(why, where, note);
  }

  /// The `edges.apply(f)` a statement consists of, or null after an error.
  EdgeTraversalExpr *traversalOf(StmtPosition pos, const Located<std::string> &label) {
    auto *stmt = dyn_cast<ExprStmtNode>(pos.stmt());
    auto *traversal = stmt ? dyn_cast<EdgeTraversalExpr>(stmt->expr.get()) : nullptr;
    if (!traversal) {
      fail("'" + label.value + "' is not a statement `edges.apply(f);`", pos.stmt()->loc,
           "'" + label.value + "' labels this statement");
      return nullptr;
    }
    if (traversal->producesFrontier()) {
      fail("'" + label.value + "' " +
               (traversal->trackedVector ? "uses applyModified" : "keeps its function's results") +
               ", whose output frontier a fused traversal could not report separately",
           traversal->loc, "the traversal is here");
      return nullptr;
    }
    return traversal;
  }

  bool sameTraversal(const EdgeTraversalExpr &a, const EdgeTraversalExpr &b,
                     const std::string &label2) {
    std::string differs;
    if (!sameExpr(*a.edges, *b.edges))
      differs = "they traverse different edgesets (" + source(a.edges.get()) + " and " +
                source(b.edges.get()) + ")";
    else if ((a.from || b.from) && (!a.from || !b.from || !sameExpr(*a.from, *b.from)))
      differs = "they traverse from different sources (" + source(a.from.get()) + " and " +
                source(b.from.get()) + ")";
    else if (a.toFilter != b.toFilter)
      differs = "they have different destination filters (" + nameOr(a.toFilter, "none") +
                " and " + nameOr(b.toFilter, "none") + ")";
    else if (a.srcFilter != b.srcFilter)
      differs = "they have different source filters (" + nameOr(a.srcFilter, "none") +
                " and " + nameOr(b.srcFilter, "none") + ")";
    if (!differs.empty())
      return fail(differs, b.loc, "'" + label2 + "' is here");
    return true;
  }

  /// The globals g touches, callees included (its parameters are its own).
  static std::vector<std::pair<const Decl *, VarAccess>> globals(const Accesses &a) {
    std::vector<std::pair<const Decl *, VarAccess>> out;
    for (const auto &entry : a.vars())
      if (!llvm::isa<ParamDecl>(entry.first))
        out.push_back(entry);
    return out;
  }

  bool checkFunctions(const EdgeTraversalExpr &t1, const EdgeTraversalExpr &t2) {
    const FuncDecl &f = *t1.applyFunc, &g = *t2.applyFunc;
    for (const FuncDecl *func : {&f, &g}) {
      if (func->linkage == FuncDecl::Extern)
        return fail("'" + func->name + "' is an extern function, which cannot be inlined");
      if (func->result)
        return fail("'" + func->name + "' returns a value", func->loc,
                    "'" + func->name + "' is declared here");
      if (const Stmt *r = findReturn(func->body))
        return fail("'" + func->name + "' has a 'return', which polyc does not inline",
                    r->loc, "the 'return' is here");
    }
    if (f.params.size() != g.params.size())
      return fail("'" + f.name + "' and '" + g.name + "' take different parameters");

    AccessAnalysis analysis(*module.program);
    const Accesses &af = analysis.ofFunction(f), &ag = analysis.ofFunction(g);
    for (const auto &[decl, a] : globals(af)) {
      const VarAccess *b = ag.find(decl);
      if (!b)
        continue;
      if (a.written)
        return fail("'" + nameOf(decl) + "' is written by '" + f.name + "' and " +
                        (b->read ? "read" : "written") + " by '" + g.name + "'",
                    b->loc, "'" + g.name + "' accesses '" + nameOf(decl) + "' here");
      if (b->written)
        return fail("'" + nameOf(decl) + "' is written by '" + g.name + "' and read by '" +
                        f.name + "'",
                    b->loc, "'" + g.name + "' writes '" + nameOf(decl) + "' here");
    }
    if (std::string conflict = effectConflict(af, "'" + f.name + "'", ag, "'" + g.name + "'");
        !conflict.empty())
      return fail(conflict);

    // What decides which edges are visited must not change under f or g.
    auto writtenByApplied = [&](const Decl *decl) -> const FuncDecl * {
      for (const FuncDecl *func : {&f, &g})
        if (const VarAccess *a = analysis.ofFunction(*func).find(decl); a && a->written)
          return func;
      return nullptr;
    };
    for (const FuncDecl *filter : {t1.toFilter, t1.srcFilter}) {
      if (!filter)
        continue;
      const Accesses &af = analysis.ofFunction(*filter);
      std::string effect = sideEffect(af);
      for (const auto &[decl, a] : globals(af)) {
        if (a.written)
          return fail("the filter '" + filter->name + "' writes '" + nameOf(decl) +
                      "', and would run once per edge instead of twice");
        if (const FuncDecl *writer = writtenByApplied(decl))
          return fail("'" + nameOf(decl) + "' is written by '" + writer->name +
                      "' and read by the filter '" + filter->name + "'");
      }
      if (af.prints || af.timer || !af.opaque.empty())
        return fail("the filter '" + filter->name + "' " + effect +
                    ", and would run once per edge instead of twice");
    }
    for (const Expr *e : {t1.edges.get(), t1.from.get()}) {
      if (!e)
        continue;
      Accesses reads = analysis.ofExpr(*e);
      if (std::string effect = sideEffect(reads); !effect.empty())
        return fail("'" + source(e) + "' " + effect);
      for (const auto &[decl, a] : reads.vars())
        if (const FuncDecl *writer = writtenByApplied(decl))
          return fail("'" + nameOf(decl) + "' is written by '" + writer->name +
                      "' and read by the traversal itself ('" + source(e) + "')");
    }
    return true;
  }

  /// A new function applying f then g to its parameters, placed after both.
  FuncDecl *fusedFunction(const FuncDecl &f, const FuncDecl &g, const std::string &fusedLabel,
                          llvm::SMLoc loc) {
    Program &program = *module.program;
    std::set<std::string> taken = namesInProgram(program);
    // Named after the new label as the schedule wrote it: "s3_f_g".
    std::string base = fusedLabel.substr(fusedLabel.rfind(':') + 1) + "_" + f.name + "_" + g.name;
    std::string name = taken.insert(base).second ? base : freshName(base, taken);
    auto func = std::make_unique<FuncDecl>(loc, name, FuncDecl::Internal);
    DeclMap fromF, fromG;
    std::vector<Decl *> params;
    for (size_t i = 0; i < f.params.size(); ++i) {
      const ParamDecl &p = *f.params[i];
      func->params.push_back(std::make_unique<ParamDecl>(p.loc, p.name, p.type));
      fromF[&p] = func->params.back().get();
      fromG[g.params[i].get()] = func->params.back().get();
      params.push_back(func->params.back().get());
    }
    Block first = cloneBlock(f.body, fromF), second = cloneBlock(g.body, fromG);
    separateScopes(params, first, second, taken);
    for (Block *part : {&first, &second})
      for (StmtPtr &s : *part)
        func->body.push_back(std::move(s));

    // After f and g and the functions earlier fusions placed there.
    size_t at = 0;
    for (size_t i = 0; i < program.decls.size(); ++i)
      if (program.decls[i].get() == &f || program.decls[i].get() == &g)
        at = i + 1;
    while (at < program.decls.size() && created.count(program.decls[at].get()))
      ++at;
    FuncDecl *raw = func.get();
    created.insert(raw);
    program.decls.insert(program.decls.begin() + at, std::move(func));
    return raw;
  }
};

} // namespace

bool polyc::runApplyFusionPass(Module &module, DiagnosticEngine &diags) {
  ApplyFuser fuser(module, diags);
  return runLoopTransforms(module, LoopTransform::FuseApplyFunctions,
                           [&](const LoopTransform &t) { return fuser.fuse(t); });
}

const Pass polyc::applyFusionPass = {
    "apply-fusion",
    "fuseApplyFunctions: two traversals of the same edges become one",
    TargetSet::all(), polyc::runApplyFusionPass};
