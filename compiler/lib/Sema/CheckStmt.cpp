//===- CheckStmt.cpp - Statements, labels, loops, assignments -------------===//
#include "SemaImpl.h"
#include "TypeRules.h"

#include "llvm/Support/Casting.h"

#include <algorithm>

using namespace polyc;
using llvm::cast;
using llvm::dyn_cast;
using llvm::isa;

void Sema::checkBlock(Block &block) {
  pushScope();
  for (StmtPtr &stmt : block)
    if (stmt)
      checkStmt(*stmt);
  popScope();
}

// Schedules address statements by label; a nested statement's label is
// prefixed by the labels of the statements around it ("outer:inner"). The
// full name must be unique in the program, or a schedule could not say which
// statement it means.
void Sema::recordLabel(Stmt &stmt) {
  if (stmt.label.empty())
    return;
  std::string scoped;
  for (const std::string &outer : enclosingLabels)
    scoped += outer + ":";
  scoped += stmt.label;
  stmt.scopedLabel = scoped;
  auto [it, inserted] = labels.try_emplace(scoped, stmt.labelLoc);
  if (!inserted) {
    diags.error(stmt.labelLoc, "duplicate label '" + scoped + "'");
    diags.note(it->second, "previous label '" + scoped + "' is here");
  }
}

namespace {
// Keeps a labelled statement's label on the stack while its body is checked.
struct LabelScope {
  std::vector<std::string> &stack;
  bool pushed;
  LabelScope(std::vector<std::string> &stack, const Stmt &s)
      : stack(stack), pushed(!s.label.empty()) {
    if (pushed)
      stack.push_back(s.label);
  }
  ~LabelScope() {
    if (pushed)
      stack.pop_back();
  }
};
} // namespace

void Sema::checkStmt(Stmt &stmt) {
  recordLabel(stmt);
  LabelScope labelScope(enclosingLabels, stmt);

  switch (stmt.getKind()) {
  case Stmt::VarDecl: {
    auto &v = cast<VarDeclStmt>(stmt);
    if (v.decl) {
      checkVarDecl(*v.decl);
      declare(*v.decl); // after its initializer: `var x = x;` is an error
    }
    return;
  }
  case Stmt::Assign:
    checkAssign(cast<AssignStmt>(stmt));
    return;
  case Stmt::ExprStmt:
    checkExpr(cast<ExprStmtNode>(stmt).expr.get());
    return;
  case Stmt::If: {
    auto &s = cast<IfStmt>(stmt);
    for (IfStmt::Branch &branch : s.branches) {
      checkCondition(branch.cond, "if");
      checkBlock(branch.body);
    }
    checkBlock(s.elseBody);
    return;
  }
  case Stmt::While: {
    auto &s = cast<WhileStmt>(stmt);
    checkCondition(s.cond, "while");
    loops.push_back(false);
    checkBlock(s.body);
    loops.pop_back();
    return;
  }
  case Stmt::DoWhile: {
    auto &s = cast<DoWhileStmt>(stmt);
    loops.push_back(false);
    checkBlock(s.body);
    loops.pop_back();
    checkCondition(s.cond, "do-while");
    return;
  }
  case Stmt::For: {
    auto &s = cast<ForStmt>(stmt);
    // Bounds are integers: `0:edges.getVertices()` is the vertex count, as
    // in GraphIt's own programs.
    const Type integer(Type::Int);
    for (ExprPtr *boundPtr : {&s.lo, &s.hi}) {
      Type t = checkExpr(boundPtr->get(), &integer);
      if (!isIndexLike(t) && convertToNumber(*boundPtr, integer))
        t = (*boundPtr)->type;
      Expr *bound = boundPtr->get();
      if (bound && t.isValid() && !isIndexLike(t))
        diags.error(startLoc(*bound), "loop bound must be an integer, not " + quoted(t));
    }
    pushScope();
    if (s.var)
      declare(*s.var);
    loops.push_back(s.parallel);
    checkBlock(s.body);
    loops.pop_back();
    popScope();
    return;
  }
  case Stmt::Break:
    if (loops.empty())
      diags.error(stmt.loc, "'break' statement not in loop");
    else if (loops.back())
      diags.error(stmt.loc, "'break' cannot leave a par_for: its iterations run in parallel");
    return;
  case Stmt::Print: {
    auto &s = cast<PrintStmt>(stmt);
    Type t = checkExpr(s.value.get());
    if (t.kind == Type::VertexSet && convertToNumber(s.value, Type(Type::Int)))
      t = s.value->type; // its size, as GraphIt prints `edges.getVertices()`
    if (s.value && t.kind == Type::Void)
      diags.error(startLoc(*s.value), "cannot print an expression that has no value");
    else if (s.value && !isPrintable(t))
      diags.error(startLoc(*s.value), "cannot print a value of type " + quoted(t));
    return;
  }
  case Stmt::Delete: {
    auto &s = cast<DeleteStmt>(stmt);
    Type t = checkExpr(s.value.get());
    if (s.value && t.isValid() && t.kind != Type::VertexSet && t.kind != Type::List &&
        t.kind != Type::Vector && t.kind != Type::PriorityQueue)
      diags.error(startLoc(*s.value), "only vertexsets, lists, vectors and priority queues can "
                                      "be deleted, not " + quoted(t));
    return;
  }
  case Stmt::Return:
    if (std::find(loops.begin(), loops.end(), true) != loops.end())
      diags.error(stmt.loc, "'return' cannot leave a par_for: its iterations run in parallel");
    return;
  }
}

void Sema::checkCondition(ExprPtr &condPtr, llvm::StringRef construct) {
  Type t = checkExpr(condPtr.get());
  if (convertToBool(condPtr))
    t = condPtr->type;
  Expr *cond = condPtr.get();
  if (cond && t.isValid() && t.kind != Type::Bool)
    diags.error(startLoc(*cond), "condition of '" + construct + "' must be 'bool', not " +
                                     quoted(t));
}

void Sema::checkVarDecl(VarDecl &var) {
  bool typeOk = true;
  if (var.type.isValid()) {
    typeOk = checkTypeWellFormed(var.type, var.loc);
    if (!typeOk)
      unusableDecls.insert(&var);
  }
  if (!var.init) {
    if (!var.type.isValid() && typeOk)
      diags.error(var.loc, "'" + var.name + "' needs a type or an initializer");
    else if (var.isConst && var.storage == VarDecl::Local)
      diags.error(var.loc, "const '" + var.name + "' needs an initializer");
    return;
  }
  if (var.type.isValid()) {
    Type t = checkExpr(var.init.get(), &var.type);
    if (typeOk && !canAssign(var.type, t) &&
        (convertToNumber(var.init, var.type) ||
         (var.type.kind == Type::Bool && convertToBool(var.init))))
      t = var.init->type;
    if (typeOk && !canAssign(var.type, t))
      diags.error(startLoc(*var.init), "cannot initialize '" + var.name + "' of type " +
                                           quoted(var.type) + " with a value of type " +
                                           quoted(t));
    else if (typeOk)
      convertToInt(var.init, var.type);
    return;
  }
  // `var x = e;`: x takes e's type.
  Type t = checkExpr(var.init.get());
  if (t.kind == Type::Void) {
    diags.error(startLoc(*var.init), "cannot initialize '" + var.name +
                                         "' with an expression that has no value");
    t = Type();
  } else if (t.kind == Type::Function) {
    diags.error(startLoc(*var.init), "a function cannot be stored in a variable");
    t = Type();
  }
  var.type = t;
}

// A NameExpr or IndexExpr may be assigned; const variables only while they
// have no value yet (GraphIt's exported functions set `const edges :
// edgeset{...};` this way), and const vectors element by element.
void Sema::checkAssign(AssignStmt &assign) {
  Type targetType = checkExpr(assign.target.get());
  Type valueType = checkExpr(assign.value.get(), targetType.isValid() ? &targetType : nullptr);
  if (!assign.target || !assign.value)
    return;
  Expr &target = *assign.target;

  if (auto *name = dyn_cast<NameExpr>(&target)) {
    if (!name->decl) {
      if (name->type.isValid()) // argv
        diags.error(target.loc, "cannot assign to '" + name->name + "'");
      return;
    }
    if (isa<FuncDecl, ElementDecl>(name->decl)) {
      diags.error(target.loc, "cannot assign to " +
                                  std::string(isa<FuncDecl>(name->decl) ? "function" : "element type") +
                                  " '" + name->name + "'");
      return;
    }
    if (auto *var = dyn_cast<VarDecl>(name->decl)) {
      bool deferredInit = var->storage == VarDecl::Global && !var->init;
      bool scalar = isArithmetic(var->type) || var->type.kind == Type::String;
      bool edgeset = var->type.kind == Type::EdgeSet;
      if (var->isConst && !deferredInit && var->storage == VarDecl::Global && (scalar || edgeset)) {
        // GraphIt's own programs assign const scalar globals (its tc.gt's
        // `triangles`) and const edgesets (`edges = edges.relabel();`);
        // every later stage then treats this one as a var.
        diags.warning(target.loc, "assigning to const '" + var->name +
                                      "'; as GraphIt does, polyc makes it a var");
        diags.note(var->loc, "'" + var->name + "' is declared const here");
        var->isConst = false;
      } else if (var->isConst && !deferredInit) {
        diags.error(target.loc, "cannot assign to const '" + var->name + "'");
        diags.note(var->loc, "'" + var->name + "' is declared const here");
        return;
      }
    }
  } else if (auto *index = dyn_cast<IndexExpr>(&target)) {
    if (isArgv(index->base.get())) {
      diags.error(target.loc, "cannot assign to an element of 'argv'");
      return;
    }
  } else {
    diags.error(startLoc(target), "expression is not assignable");
    return;
  }

  if (!targetType.isValid() || !valueType.isValid())
    return;
  switch (assign.op) {
  case AssignOp::Assign:
    if (!canAssign(targetType, valueType) &&
        (convertToNumber(assign.value, targetType) ||
         (targetType.kind == Type::Bool && convertToBool(assign.value))))
      valueType = assign.value->type;
    if (!canAssign(targetType, valueType))
      diags.error(startLoc(*assign.value), "assigning to " + quoted(targetType) +
                                               " from incompatible type " + quoted(valueType));
    else
      convertToInt(assign.value, targetType);
    return;
  case AssignOp::Min:
  case AssignOp::Max:
    if (!isArithmetic(targetType) || !isArithmetic(valueType) ||
        targetType.kind == Type::Bool || valueType.kind == Type::Bool)
      diags.error(target.loc, "'" + std::string(spelling(assign.op)) +
                                  "' needs numeric operands, not " + quoted(targetType) +
                                  " and " + quoted(valueType));
    else
      convertToInt(assign.value, targetType);
    return;
  default:
    if (isArithmetic(targetType) && convertToNumber(assign.value, targetType))
      valueType = assign.value->type;
    if (!isArithmetic(targetType) || !isArithmetic(valueType))
      diags.error(target.loc, "invalid operands to '" + std::string(spelling(assign.op)) +
                                  "' (" + quoted(targetType) + " and " + quoted(valueType) +
                                  ")");
    else // `x += 2.5` on an int adds the value converted, as the C++ does
      convertToInt(assign.value, targetType);
    return;
  }
}
