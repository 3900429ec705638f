//===- EmitPython.cpp - A Python module of a library program --------------===//
//
// `polyc lib.gt --emit=python --python-module=NAME` writes the C++ of a
// nanobind module: at import it runs polyc_initialize, and each export
// function becomes a Python function taking a graph as a SciPy sparse matrix
// or NumPy edge arrays and returning per-vertex vectors as NumPy arrays. The
// conversions are polyrt/python.h's; this file only names them.
//
//===----------------------------------------------------------------------===//
#include "Emitter.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Casting.h"

using namespace polyc;
using llvm::dyn_cast;

namespace {

bool isNumber(const Type &type) { return type.isNumeric() || type.kind == Type::Bool; }

/// Whether Python can pass a value of `type` (an edgeset or a scalar).
bool pythonParameter(const Type &type) {
  return type.kind == Type::EdgeSet || type.isScalar() || type.kind == Type::Element;
}

/// Whether a result of `type` has a Python form: a scalar, or a per-vertex
/// vector of numbers (a NumPy array).
bool pythonResult(const Type &type) {
  return type.isScalar() || type.kind == Type::Element ||
         (type.kind == Type::Vector && type.value && isNumber(*type.value));
}

std::string pythonString(const std::string &text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    if (c == '"' || c == '\\')
      out += '\\';
    out += c;
  }
  return out + "\"";
}

} // namespace

bool polyc::emitPython(const Module &module, const EmitOptions &options, llvm::raw_ostream &os,
                       DiagnosticEngine &diags) {
  const Program &program = *module.program;
  if (!isLibraryProgram(program, options, "a Python module exposes", "Python", diags))
    return false;
  std::vector<const FuncDecl *> exports;
  bool ok = true;
  for (const auto &decl : program.decls) {
    auto *f = dyn_cast<FuncDecl>(decl.get());
    if (!f || f->linkage != FuncDecl::Export)
      continue;
    for (const auto &p : f->params)
      if (!pythonParameter(p->type)) {
        diags.error(p->loc, "--emit=python: the parameter '" + p->name + "' of '" + f->name +
                                "' is a " + p->type.str() +
                                "; Python passes only edgesets and scalars so far");
        ok = false;
      }
    if (f->result && !pythonResult(f->result->type)) {
      diags.error(f->result->loc, "--emit=python: '" + f->name + "' returns a " +
                                      f->result->type.str() +
                                      "; Python gets only scalars and vectors of numbers so far");
      ok = false;
    }
    exports.push_back(f);
  }
  if (!ok)
    return false;

  const std::string &ns = options.cppNamespace;
  emitGeneratedBanner(options, os);
  os << "//\n"
     << "// The Python module " << options.pythonModule << ": the export functions of "
     << options.algorithmName << ". Build it\n"
     << "// with nanobind, together with the program's C++ (polyc --emit=cpp) and polyrt\n"
     << "// (polyc_add_python_module in CMake does all three).\n"
     << "#include \"polyrt/python.h\"\n\n"
     << "#include <nanobind/stl/string.h>\n\n"
     << "#include <cstdint>\n#include <string>\n\n"
     << "// Defined by polyc --emit=cpp from the same program.\n"
     << "namespace " << ns << " {\n"
     << "void polyc_initialize(int argc, char **argv);\n";
  for (const FuncDecl *f : exports)
    os << exportDeclaration(*f) << "\n";
  os << "} // namespace " << ns << "\n\n"
     << "namespace nb = nanobind;\n"
     << "using namespace nb::literals;\n\n"
     << "NB_MODULE(" << options.pythonModule << ", m) {\n"
     << "  m.doc() = " << pythonString("The export functions of " + options.algorithmName + ".")
     << ";\n"
     << "  // Once, before any function: the program's globals.\n"
     << "  " << ns << "::polyc_initialize(0, nullptr);\n";
  for (const FuncDecl *f : exports) {
    std::vector<std::string> params, converted, args, keywords;
    for (const auto &p : f->params) {
      std::string name = cppName(p->name);
      keywords.push_back(pythonString(p->name) + "_a");
      if (p->type.kind == Type::EdgeSet) {
        params.push_back("nb::handle " + name);
        std::string weight = p->type.value ? cppType(*p->type.value) : "polyrt::NoWeight";
        converted.push_back("auto " + name + "_graph = polyrt::python::graphFrom<" + weight +
                            ">(" + name + ");");
        args.push_back(name + "_graph");
      } else {
        params.push_back(cppType(p->type) + " " + name);
        args.push_back(name);
      }
    }
    std::string doc = graphitSignature(*f);
    if (llvm::any_of(f->params, [](const auto &p) { return p->type.kind == Type::EdgeSet; }))
      doc += "\n\nA graph is a SciPy sparse matrix (row i, column j: an edge i -> j) or a "
             "tuple (src, dst[, num_vertices]) of integer arrays.";
    if (f->result && f->result->type.kind == Type::Vector)
      doc += "\nReturns a NumPy array, one value per vertex.";
    std::string call = ns + "::" + f->name + "(" + llvm::join(args, ", ") + ")";
    os << "  m.def(\n      " << pythonString(f->name) << ",\n      [](" << llvm::join(params, ", ")
       << ") {\n";
    for (const std::string &line : converted)
      os << "        " << line << "\n";
    if (f->result)
      os << "        return polyrt::python::toPython(" << call << ");\n";
    else
      os << "        " << call << ";\n";
    os << "      },\n      ";
    for (const std::string &k : keywords)
      os << k << ", ";
    os << pythonString(doc) << ");\n";
  }
  os << "}\n";
  return true;
}
