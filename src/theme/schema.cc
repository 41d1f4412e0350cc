// The JSON Schema of a layout file and of a CV's `layout:` overrides, generated from the
// parameter registry (params.cc): the table that reads layout files also writes their schema,
// so the two cannot disagree about a key, a type, a range, a choice or a default.
#include <string_view>

#include "core/limits.h"
#include "theme/params.h"
#include "theme/values.h"

namespace hanji::theme {
namespace {

// Every definition this file adds starts so, apart from the CV's own.
constexpr std::string_view kDefinitionPrefix = "layout.";

std::string definition_name(std::string_view dotted) { return std::string(kDefinitionPrefix) + std::string(dotted); }

Json reference_to(const std::string& definition) {
  Json out = Json::object();
  out.set("$ref", "#/definitions/" + definition);
  return out;
}

Json typed(const char* type) {
  Json out = Json::object();
  out.set("type", type);
  return out;
}

// A YAML scalar that the reader takes as text (a number or true is read as written).
Json scalar() {
  Json out = Json::object();
  out.set("type", Json::strings({"string", "number", "boolean"}));
  return out;
}

Json any_of(Json first, Json second) {
  Json out = Json::object();
  Json& options = out.set("anyOf", Json::array());
  options.push(std::move(first));
  options.push(std::move(second));
  return out;
}

Json list_of(Json item, bool bounded) {
  Json out = typed("array");
  out.set("items", std::move(item));
  if (bounded) out.set("maxItems", Json::number(static_cast<double>(limits::kMaxLayoutListItems)));
  return out;
}

Json number_in(const Range& range) {
  Json out = typed(range.whole ? "integer" : "number");
  out.set(range.min_excluded ? "exclusiveMinimum" : "minimum", Json::number(range.min));
  out.set("maximum", Json::number(range.max));
  return out;
}

Json pattern(const std::string& regex) {
  Json out = typed("string");
  out.set("pattern", regex);
  return out;
}

const std::string kColor = definition_name("color");

// The shared pieces the parameters refer to.
void add_shared(Json& definitions) {
  if (definitions.find(kColor)) return;
  Json names = typed("string");
  names.set("enum", Json::strings(named_color_names()));
  Json color = any_of(pattern(color_pattern()), std::move(names));
  color.set("description", "a colour: \"#1f3a5f\", \"#333\", rgb(31, 58, 95) or an SVG/CSS name such as navy");
  definitions.set(kColor, std::move(color));
}

// What a parameter's value may be, as apply.cc parses it.
Json value_schema(const Param& param) {
  switch (param.type) {
    case ParamType::Length: return any_of(number_in(param.range), pattern(length_pattern()));
    case ParamType::Number: return number_in(param.range);
    case ParamType::Bool: return typed("boolean");
    case ParamType::String: return scalar();
    case ParamType::Color: {
      Json out = Json::object();
      out.set("allOf", Json::array()).push(reference_to(kColor));
      return out;
    }
    case ParamType::Enum: {
      std::vector<std::string> words = choice_words(param);
      for (const auto& [alias, word] : param.aliases) words.push_back(alias);
      Json out = typed("string");
      out.set("enum", Json::strings(words));
      return out;
    }
    case ParamType::Font: return typed("string");
    case ParamType::FontList:
    case ParamType::FontFamily: return any_of(typed("string"), list_of(typed("string"), false));
    case ParamType::TextList: return any_of(scalar(), list_of(scalar(), true));
    case ParamType::NumberList: return list_of(number_in(param.range), true);
  }
  return Json::object();
}

// The default as JSON: what a layout that does not set the value gets (classic's value).
Json default_value(const Param& param, const Theme& defaults) {
  const std::optional<ParamValue> value = param.read(defaults);
  if (!value) return Json();
  switch (param.type) {
    case ParamType::Length:
    case ParamType::Number: return Json::number(std::get<double>(*value));
    case ParamType::Bool: return Json::boolean(std::get<bool>(*value));
    case ParamType::String: return Json(std::get<std::string>(*value));
    case ParamType::Color: {
      const std::string quoted = format_value(param, *value);  // "\"#1f3a5f\""
      return Json(quoted.substr(1, quoted.size() - 2));
    }
    case ParamType::Enum:
    case ParamType::Font: {
      const std::string word = format_value(param, *value);
      return param.type == ParamType::Font && std::get<std::string>(*value).empty() ? Json() : Json(word);
    }
    case ParamType::FontFamily: {
      std::vector<std::string> files = std::get<std::vector<std::string>>(*value);
      if (files.empty()) return Json("none");
      for (std::string& file : files) file = file.substr(file.find_last_of('/') + 1);
      return Json::strings(files);
    }
    case ParamType::FontList:
    case ParamType::TextList: {
      std::vector<std::string> items = std::get<std::vector<std::string>>(*value);
      if (param.type == ParamType::FontList)
        for (std::string& item : items) item = item.substr(item.find_last_of('/') + 1);
      return Json::strings(items);
    }
    case ParamType::NumberList: {
      Json out = Json::array();
      for (double number : std::get<std::vector<double>>(*value)) out.push(Json::number(number));
      return out;
    }
  }
  return Json();
}

Json parameter_schema(const Param& param, const Theme& defaults) {
  Json out = Json::object();
  out.set("description", param.help + " (" + expected_form(param) + ")");
  if (Json value = default_value(param, defaults); value.kind() != Json::Kind::Null) out.set("default", std::move(value));
  out.merge(value_schema(param));
  return out;
}

// The dotted keys as a tree in registry order: `page` holds `margin_top`, ...
struct KeyTree {
  std::string path;  // dotted; "" for the root
  const Param* param = nullptr;
  std::vector<KeyTree> children;

  KeyTree& child(const std::string& segment) {
    for (KeyTree& c : children)
      if (c.path.substr(c.path.find_last_of('.') + 1) == segment) return c;
    children.push_back(KeyTree{path.empty() ? segment : path + "." + segment, nullptr, {}});
    return children.back();
  }
  std::string segment() const { return path.substr(path.find_last_of('.') + 1); }
};

// The fields of a region, its name written NAME: the schema gives them to any name.
const std::vector<Param>& region_schema_fields() {
  static const std::vector<Param> fields = region_fields("NAME");  // immutable once built
  return fields;
}

KeyTree key_tree() {
  KeyTree root;
  std::vector<const Param*> all;
  for (const Param& param : parameters()) all.push_back(&param);
  for (const Param& param : region_schema_fields()) all.push_back(&param);
  for (const Param* param_pointer : all) {
    const Param& param = *param_pointer;
    KeyTree* node = &root;
    for (size_t start = 0;;) {
      const size_t dot = param.key.find('.', start);
      node = &node->child(param.key.substr(start, dot == std::string::npos ? std::string::npos : dot - start));
      if (dot == std::string::npos) break;
      start = dot + 1;
    }
    node->param = &param;
  }
  return root;
}

// "^page\.margin_top$": a key written with dots (`page.margin_top: 12pt`), which the reader
// takes as the same value as `margin_top` under `page:`.
std::string exact_key(std::string_view relative) {
  std::string out = "^";
  for (char c : relative) out += c == '.' ? std::string("\\.") : std::string(1, c);
  return out + "$";
}

void add_dotted(const KeyTree& node, std::string_view base, Json& patterns) {
  for (const KeyTree& child : node.children) {
    patterns.set(exact_key(std::string_view(child.path).substr(base.empty() ? 0 : base.size() + 1)),
                 reference_to(definition_name(child.path)));
    add_dotted(child, base, patterns);
  }
}

// The map of a group (`page`, `styles.name`, the root): its keys, each a definition.
// `regions` is a map of any region names, each the map of a region's fields.
Json group_schema(const KeyTree& node, Json properties = Json::object()) {
  Json out = typed("object");
  if (node.path == "regions") {
    Json names = typed("string");
    names.set("pattern", std::string("^[a-z0-9_-]{1,32}$"));
    out.set("propertyNames", std::move(names));
    out.set("additionalProperties", reference_to(definition_name("regions.NAME")));
    return out;
  }
  for (const KeyTree& child : node.children) properties.set(child.segment(), reference_to(definition_name(child.path)));
  out.set("properties", std::move(properties));
  // A child's own key is a property; the deeper ones, written with dots, are patterns.
  Json deeper = Json::object();
  for (const KeyTree& child : node.children)
    for (const KeyTree& grandchild : child.children) {
      if (child.path == "regions" || node.path == "regions") continue;  // names are free: no dotted patterns
      deeper.set(exact_key(std::string_view(grandchild.path).substr(node.path.empty() ? 0 : node.path.size() + 1)),
                 reference_to(definition_name(grandchild.path)));
      add_dotted(grandchild, node.path, deeper);
    }
  if (!deeper.empty()) out.set("patternProperties", std::move(deeper));
  out.set("additionalProperties", Json::boolean(false));
  return out;
}

void add_definitions(const KeyTree& node, const Theme& defaults, Json& definitions) {
  for (const KeyTree& child : node.children) {
    if (!definitions.find(definition_name(child.path)))
      definitions.set(definition_name(child.path), child.param ? parameter_schema(*child.param, defaults) : group_schema(child));
    add_definitions(child, defaults, definitions);
  }
}

}  // namespace

Json layout_schema(LayoutSchemaFor use, const Theme& defaults, Json& definitions) {
  add_shared(definitions);
  const KeyTree root = key_tree();
  add_definitions(root, defaults, definitions);
  Json own = Json::object();
  if (use == LayoutSchemaFor::LayoutFile)
    for (const FileKey& key : layout_file_keys()) {
      Json text = typed("string");
      text.set("description", std::string(key.help));
      own.set(std::string(key.key), std::move(text));
    }
  return group_schema(root, std::move(own));
}

}  // namespace hanji::theme
