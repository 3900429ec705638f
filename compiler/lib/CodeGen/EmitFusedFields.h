//===- EmitFusedFields.h - Vectors stored as fields of one array -*- C++ -*-===//
//
// fuseFields stores per-vertex vectors as the fields of one array of structs
// (Module::fusedFields). These helpers write what differs from a plain
// vector: the struct and the array, element accesses `fused[v].x`, and
// whole-vector values and assignments, done field by field through small
// templates emitted once into the program.
//
//===----------------------------------------------------------------------===//
#ifndef POLYC_LIB_CODEGEN_EMITFUSEDFIELDS_H
#define POLYC_LIB_CODEGEN_EMITFUSEDFIELDS_H

#include "polyc/IR/IR.h"

#include "llvm/Support/raw_ostream.h"

#include <string>

namespace polyc {

class CppEmitter;

/// The C++ array of a group ("polyc_fused_a_b") and its element type
/// ("polyc_Fused_a_b"), from the group's name.
std::string fusedArrayName(const FusedFieldGroup &group);
std::string fusedStructName(const FusedFieldGroup &group);

/// The templates below, once per program that fuses fields.
void emitFusedFieldHelpers(llvm::raw_ostream &os);

/// The struct and the array of a group.
void emitFusedFieldDeclaration(const FusedFieldGroup &group, llvm::raw_ostream &os);

/// `x[index]` of the fused vector x, as C++.
std::string fusedElement(const FusedFieldGroup &group, const VarDecl &x, const std::string &index);

/// The whole fused vector x as a value: a copy of its field.
std::string fusedFieldCopy(const FusedFieldGroup &group, const Decl &x);

/// The statement `x = value;` for the fused vector x: value a vector, or a
/// scalar for every element (null: the values' default) of `count` elements.
std::string fusedFieldAssignment(CppEmitter &emitter, const FusedFieldGroup &group,
                                 const VarDecl &x, const Expr *value, const std::string &count);

/// The statement that sizes a group's array to `count` elements, keeping
/// the values it has.
std::string fusedArrayResize(const FusedFieldGroup &group, const std::string &count);

} // namespace polyc

#endif
