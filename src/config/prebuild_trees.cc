// prebuild_trees OUTPUT.cc FILE.yaml...: parses each shipped YAML file as hanji would and
// writes a C++ file holding each one's text and tree (shipped_trees.h). A shipped file that
// gives any message fails the build: what users get must parse cleanly.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "config/prebuilt.h"

namespace {

using hanji::config::SourceText;

// The bytes as a C++ string literal: printable ASCII as it is, the rest as three-digit octal
// escapes (which no following digit can extend), in lines of about a hundred characters.
std::string literal(std::string_view bytes) {
  std::string out = "\"";
  size_t line = 0;
  for (const char c : bytes) {
    const auto u = static_cast<unsigned char>(c);
    if (u >= 0x20 && u < 0x7f && c != '"' && c != '\\' && c != '?') {
      out += c;
      ++line;
    } else {
      char escape[5];
      std::snprintf(escape, sizeof escape, "\\%03o", u);
      out += escape;
      line += 4;
    }
    if (line >= 100) {
      out += "\"\n    \"";
      line = 0;
    }
  }
  return out + "\"";
}

bool read_file(const std::string& path, std::string& text) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream buffer;
  buffer << in.rdbuf();
  text = buffer.str();
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: prebuild_trees OUTPUT.cc FILE.yaml...\n");
    return 2;
  }
  std::string code =
      "// Written by prebuild_trees when hanji was built, from the shipped layouts and locales.\n"
      "#include \"config/shipped_trees.h\"\n\nnamespace hanji::config {\nnamespace {\n\n";
  std::string table;
  for (int i = 2; i < argc; ++i) {
    const std::string path = argv[i];
    std::string text;
    if (!read_file(path, text)) {
      std::fprintf(stderr, "prebuild_trees: cannot read %s\n", path.c_str());
      return 1;
    }
    SourceText source(text, path);
    hanji::Diagnostics diags;
    std::optional<hanji::config::YamlNode> root = hanji::config::parse_yaml(source, diags);
    if (!root || !diags.all().empty()) {
      for (const hanji::Diagnostic& d : diags.all())
        std::fprintf(stderr, "%s:%d:%d: %s\n", path.c_str(), d.span.line, d.span.col, d.message.c_str());
      std::fprintf(stderr, "prebuild_trees: %s must parse without a message\n", path.c_str());
      return 1;
    }
    const std::string n = std::to_string(i - 2);
    const std::string name = std::filesystem::path(path).parent_path().filename().string() + "/" +
                             std::filesystem::path(path).filename().string();
    code += "// " + name + "\nconstexpr char kText" + n + "[] =\n    " + literal(text) + ";\nconstexpr char kTree" + n +
            "[] =\n    " + literal(hanji::config::serialize_tree(*root)) + ";\n\n";
    table += "      {{kText" + n + ", sizeof kText" + n + " - 1}, {kTree" + n + ", sizeof kTree" + n + " - 1}},\n";
  }
  code += "}  // namespace\n\nstd::span<const PrebuiltTree> shipped_trees() {\n  static constexpr PrebuiltTree kTrees[] = {\n" +
          table + "  };\n  return kTrees;\n}\n\n}  // namespace hanji::config\n";
  std::ofstream out(argv[1], std::ios::binary | std::ios::trunc);
  out << code;
  return out.good() ? 0 : 1;
}
