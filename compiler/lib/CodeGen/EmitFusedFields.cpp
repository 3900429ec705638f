//===- EmitFusedFields.cpp - Vectors stored as fields of one array --------===//
#include "EmitFusedFields.h"
#include "Emitter.h"

#include "llvm/ADT/StringExtras.h"

using namespace polyc;

std::string polyc::fusedArrayName(const FusedFieldGroup &group) {
  return "polyc_fused_" + group.name;
}

std::string polyc::fusedStructName(const FusedFieldGroup &group) {
  return "polyc_Fused_" + group.name;
}

void polyc::emitFusedFieldHelpers(llvm::raw_ostream &os) {
  // A whole-vector assignment in the program sizes the vector anew (after an
  // edgeset was assigned, say); a fused one sizes the array it shares,
  // keeping the other fields' values where there are any.
  os << "// fuseFields: per-vertex vectors stored as the fields of one array of structs.\n"
        "template <typename S>\n"
        "void polyc_resizeFused(polyrt::VertexArray<S> &fused, int64_t n) {\n"
        "  if (fused.size() == n)\n"
        "    return;\n"
        "  polyrt::VertexArray<S> resized(n, S{});\n"
        "  for (int64_t i = 0; i < std::min(n, fused.size()); ++i)\n"
        "    resized[i] = fused[i];\n"
        "  fused = std::move(resized);\n"
        "}\n"
        "// `x = value;` for every element of the fused vector x.\n"
        "template <typename S, typename T, typename U>\n"
        "void polyc_setField(polyrt::VertexArray<S> &fused, T S::*field, int64_t n, "
        "const U &value) {\n"
        "  polyc_resizeFused(fused, n);\n"
        "  const T converted = value;\n"
        "#pragma omp parallel for schedule(static)\n"
        "  for (int64_t i = 0; i < n; ++i)\n"
        "    fused[i].*field = converted;\n"
        "}\n"
        "// `x = values;` for the fused vector x.\n"
        "template <typename S, typename T>\n"
        "void polyc_copyField(polyrt::VertexArray<S> &fused, T S::*field,\n"
        "                     const polyrt::VertexArray<T> &values) {\n"
        "  polyc_resizeFused(fused, values.size());\n"
        "#pragma omp parallel for schedule(static)\n"
        "  for (int64_t i = 0; i < values.size(); ++i)\n"
        "    fused[i].*field = values[i];\n"
        "}\n"
        "// The fused vector x as a value of its own.\n"
        "template <typename S, typename T>\n"
        "polyrt::VertexArray<T> polyc_getField(const polyrt::VertexArray<S> &fused, "
        "T S::*field) {\n"
        "  polyrt::VertexArray<T> values(fused.size(), T());\n"
        "#pragma omp parallel for schedule(static)\n"
        "  for (int64_t i = 0; i < fused.size(); ++i)\n"
        "    values[i] = fused[i].*field;\n"
        "  return values;\n"
        "}\n\n";
}

void polyc::emitFusedFieldDeclaration(const FusedFieldGroup &group, llvm::raw_ostream &os) {
  std::vector<std::string> names;
  for (const VarDecl *field : group.fields)
    names.push_back(field->name);
  os << "// fuseFields(" << llvm::join(names, ", ") << "): one array of structs.\n"
     << "struct " << fusedStructName(group) << " {\n";
  for (const VarDecl *field : group.fields)
    os << "  " << cppType(*field->type.value) << " " << cppName(field->name) << ";\n";
  os << "};\n"
     << "polyrt::VertexArray<" << fusedStructName(group) << "> " << fusedArrayName(group) << ";\n";
}

namespace {
/// `fused, &Struct::x`: the arguments naming a field for the helpers.
std::string fieldArguments(const FusedFieldGroup &group, const Decl &x) {
  return fusedArrayName(group) + ", &" + fusedStructName(group) + "::" + cppName(x.name);
}
} // namespace

std::string polyc::fusedElement(const FusedFieldGroup &group, const VarDecl &x,
                                const std::string &index) {
  return fusedArrayName(group) + "[" + index + "]." + cppName(x.name);
}

std::string polyc::fusedFieldCopy(const FusedFieldGroup &group, const Decl &x) {
  return "polyc_getField(" + fieldArguments(group, x) + ")";
}

std::string polyc::fusedFieldAssignment(CppEmitter &emitter, const FusedFieldGroup &group,
                                        const VarDecl &x, const Expr *value,
                                        const std::string &count) {
  if (value && value->type.kind == Type::Vector)
    return "polyc_copyField(" + fieldArguments(group, x) + ", " + emitter.expr(*value) + ");";
  return "polyc_setField(" + fieldArguments(group, x) + ", " + count + ", " +
         emitter.initialValue(value, *x.type.value) + ");";
}

std::string polyc::fusedArrayResize(const FusedFieldGroup &group, const std::string &count) {
  return "polyc_resizeFused(" + fusedArrayName(group) + ", " + count + ");";
}
