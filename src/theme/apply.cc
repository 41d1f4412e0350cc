// Applying a configuration tree to a Theme through the parameter registry.
#include "theme/apply.h"

#include "core/limits.h"

#include <algorithm>
#include <type_traits>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "theme/params.h"
#include "theme/values.h"

namespace hanji::theme {
namespace {

using config::ConfigNode;

// Walks one tree; `applied` records what it set, for the font-family check at the end.
struct Applier {
  ConfigOrigin origin;
  const DataDirs& dirs;
  SystemFonts& system_fonts;
  Theme& theme;
  Diagnostics& diags;
  std::vector<std::pair<std::string, Span>> applied;  // dotted keys set, with their value spans

  void apply_map(const ConfigNode& map, const std::string& prefix);
  void apply_key(const std::string& key, const Span& key_span, const ConfigNode& value, const std::string& prefix);
  void apply_meta(const std::string& key, const ConfigNode& value);
  void report_unknown(const std::string& key, const Span& key_span, const std::string& prefix);
  bool check_region_name(const std::string& name, const Span& span);
  std::optional<ParamValue> parse(const Param& param, const ConfigNode& value);
  std::optional<ParamValue> parse_scalar(const Param& param, const ConfigNode& value);
  std::optional<ParamValue> parse_enum(const Param& param, const ConfigNode& value);
  std::optional<ParamValue> parse_fonts(const Param& param, const ConfigNode& value);
  std::optional<ParamValue> parse_font_family(const Param& param, const ConfigNode& value);
  std::optional<ParamValue> parse_texts(const Param& param, const ConfigNode& value);
  std::optional<ParamValue> parse_numbers(const Param& param, const ConfigNode& value);
  bool within_list_limit(const Param& param, const ConfigNode& value);
  template <typename T>
  std::optional<ParamValue> checked(const Param& param, const ConfigNode& value, std::optional<T> parsed);
  std::optional<double> check_bound(const Param& param, double number, const Span& span);
  void wrong_value(const Param& param, const ConfigNode& value);
  void warn_mixed_families(const Theme& before) const;
};

std::string join_key(const std::string& prefix, const std::string& key) {
  return prefix.empty() ? key : prefix + "." + key;
}

std::string kind_name(ConfigNode::Kind kind) {
  switch (kind) {
    case ConfigNode::Kind::Null: return "nothing";
    case ConfigNode::Kind::Scalar: return "a single value";
    case ConfigNode::Kind::Sequence: return "a list";
    case ConfigNode::Kind::Map: return "a map";
  }
  return "a value";
}

std::string join_words(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& w : words) out += (out.empty() ? "" : ", ") + w;
  return out;
}

void Applier::apply_map(const ConfigNode& map, const std::string& prefix) {
  for (size_t i = 0; i < map.keys.size() && i < map.children.size(); ++i) {
    Span key_span = i < map.key_spans.size() ? map.key_spans[i] : map.span;
    apply_key(map.keys[i], key_span, map.children[i], prefix);
  }
}

void Applier::apply_key(const std::string& key, const Span& key_span, const ConfigNode& value,
                        const std::string& prefix) {
  if (prefix.empty() && is_layout_file_key(key)) return apply_meta(key, value);
  std::string full = join_key(prefix, key);
  if (prefix == "regions" && !check_region_name(key, key_span)) return;
  const std::optional<Param> region_field = region_parameter(full);
  if (const Param* param = region_field ? &*region_field : find_parameter(full)) {
    if (auto parsed = parse(*param, value)) {
      param->store(theme, *parsed);
      applied.emplace_back(full, value.span);
      theme.value_spans[full] = value.span;
    }
    return;
  }
  if (!has_child_keys(full)) return report_unknown(key, key_span, prefix);
  if (value.kind != ConfigNode::Kind::Map) {
    diags.error(value.span.known() ? value.span : key_span,
                "'" + full + "' must be a map of settings, not " + kind_name(value.kind),
                {"keys under '" + full + "': " + join_words(child_keys(full))});
    return;
  }
  apply_map(value, full);
}

// `description` and `extends` describe a layout file; the caller follows `extends`.
void Applier::apply_meta(const std::string& key, const ConfigNode& value) {
  if (origin == ConfigOrigin::CvOverrides) {
    diags.error(value.span, "'" + key + "' cannot be set from a CV file",
                {key == "extends" ? "choose the layout with `layout: {name: NAME}`" : "remove it"});
    return;
  }
  if (value.kind != ConfigNode::Kind::Scalar) {
    diags.error(value.span, "'" + key + "' must be a single text, not " + kind_name(value.kind));
    return;
  }
  if (key == "description") theme.description = value.scalar;
}

// A region's name is a word a message can quote, and a page has a handful of regions.
bool Applier::check_region_name(const std::string& name, const Span& span) {
  if (!is_region_name(name)) {
    diags.error(span, "'" + excerpt(name) + "' is no region name",
                {"name regions with lower-case letters, digits, '-' and '_' (header, side, main)"});
    return false;
  }
  const bool known = std::any_of(theme.regions.begin(), theme.regions.end(),
                                 [&](const Region& region) { return region.name == name; });
  if (!known && theme.regions.size() >= limits::kMaxRegions) {
    diags.error(span, fmt::format("a layout has at most {} regions", limits::kMaxRegions),
                {"a page grid needs a few: a header, a column or two and the main flow"});
    return false;
  }
  return true;
}

void Applier::report_unknown(const std::string& key, const Span& key_span, const std::string& prefix) {
  // The side column and the header band became regions: say where they went.
  const std::string full = join_key(prefix, key);
  if (full == "sidebar" || full.starts_with("sidebar.") || full == "header.band") {
    diags.error(key_span, "'" + full + "' is now set in the layout's regions",
                {full == "header.band"
                     ? "give the region that takes the header a background: `regions: {header: {dock: top, takes: "
                       "[header], background: \"#0f5e6b\"}}`"
                     : "declare the side column as a region: `regions: {side: {dock: left, width: 5.4cm, gap: "
                       "16pt, sections: [skill, language], takes: [contacts]}}` (see the sidebar layout)"});
    return;
  }
  std::vector<std::string> candidates = child_keys(prefix);
  if (prefix.empty() && origin == ConfigOrigin::LayoutFile)
    for (const FileKey& file_key : layout_file_keys()) candidates.emplace_back(file_key.key);
  std::string where = prefix.empty() ? "in layout" : "in '" + prefix + "'";
  std::vector<std::string> hints;
  std::string guess = closest_match(key, candidates);
  if (!guess.empty()) hints.push_back("did you mean '" + guess + "'?");
  hints.push_back("valid keys here: " + join_words(candidates));
  diags.error(key_span, fmt::format("unknown key '{}' {}", excerpt(key), where), std::move(hints));
}

void Applier::wrong_value(const Param& param, const ConfigNode& value) {
  std::vector<std::string> hints{"expected " + expected_form(param)};
  // An unquoted "#333" is a YAML comment, which leaves the key without a value.
  if (param.type == ParamType::Color && value.kind == ConfigNode::Kind::Null)
    hints.push_back("quote colours: \"#1f3a5f\" (YAML reads an unquoted # as a comment)");
  std::string shown =
      value.kind == ConfigNode::Kind::Scalar ? fmt::format("'{}'", excerpt(value.scalar)) : kind_name(value.kind);
  diags.error(value.span, "invalid value " + shown + " for '" + param.key + "'", std::move(hints));
}

std::optional<ParamValue> Applier::parse(const Param& param, const ConfigNode& value) {
  if (param.type == ParamType::FontList) return parse_fonts(param, value);
  if (param.type == ParamType::FontFamily) return parse_font_family(param, value);
  if (param.type == ParamType::TextList) return parse_texts(param, value);
  if (param.type == ParamType::NumberList) return parse_numbers(param, value);
  if (value.kind != ConfigNode::Kind::Scalar) {
    wrong_value(param, value);
    return std::nullopt;
  }
  return parse_scalar(param, value);
}

std::optional<double> Applier::check_bound(const Param& param, double number, const Span& span) {
  const Range& range = param.range;
  if (range.contains(number)) return number;
  const std::string unit = *range.unit ? std::string(" ") + range.unit : std::string();
  std::string message = "'" + param.key + "' must ";
  if (range.whole && number == number && number >= range.min && number <= range.max)
    message += "be a whole number";
  else if (number < range.min || (range.min_excluded && number == range.min))
    message += range.min == 0 ? (range.min_excluded ? "be greater than zero" : "not be negative")
                              : fmt::format("be at least {:g}{}", range.min, unit);
  else
    message += fmt::format("be at most {:g}{}", range.max, unit);
  diags.error(span, std::move(message),
              {fmt::format("expected {} from {:g} to {:g}{}", expected_form(param), range.min, range.max, unit)});
  return std::nullopt;
}

// A parsed scalar, or the "expected ..." error when the text had the wrong form.
template <typename T>
std::optional<ParamValue> Applier::checked(const Param& param, const ConfigNode& value, std::optional<T> parsed) {
  if (!parsed) {
    wrong_value(param, value);
    return std::nullopt;
  }
  if constexpr (std::is_same_v<T, double>) {
    auto bounded = check_bound(param, *parsed, value.span);
    return bounded ? std::optional<ParamValue>(*bounded) : std::nullopt;
  } else {
    return ParamValue(std::move(*parsed));
  }
}

std::optional<ParamValue> Applier::parse_scalar(const Param& param, const ConfigNode& value) {
  const std::string& text = value.scalar;
  switch (param.type) {
    case ParamType::Length: return checked(param, value, parse_length(text));
    case ParamType::Number: return checked(param, value, parse_number(text));
    case ParamType::Bool: return checked(param, value, parse_bool(text));
    case ParamType::String: return ParamValue(text);
    case ParamType::Color: return checked(param, value, parse_color(text));
    case ParamType::Enum: return parse_enum(param, value);
    case ParamType::Font: {
      if (ascii_lower(trim(text)) == "none") return ParamValue(std::string());  // no face: the style falls back
      auto path = resolve_font_file(text, font_slot(param.key), value.span, dirs.fonts, system_fonts, diags);
      return path ? std::optional<ParamValue>(std::move(*path)) : std::nullopt;
    }
    case ParamType::FontList: return parse_fonts(param, value);
    case ParamType::FontFamily: return parse_font_family(param, value);
    case ParamType::TextList: return parse_texts(param, value);
    case ParamType::NumberList: return parse_numbers(param, value);
  }
  return std::nullopt;
}

std::optional<ParamValue> Applier::parse_enum(const Param& param, const ConfigNode& value) {
  const std::string word = ascii_lower(trim(value.scalar));
  if (std::optional<int> chosen = choice_value(param, word)) return ParamValue(*chosen);
  std::vector<std::string> hints;
  std::string guess = closest_match(word, choice_words(param));
  if (!guess.empty()) hints.push_back("did you mean '" + guess + "'?");
  hints.push_back("expected " + expected_form(param));
  diags.error(value.span, fmt::format("invalid value '{}' for '{}'", excerpt(value.scalar), param.key), std::move(hints));
  return std::nullopt;
}

// A list of font files; a single file name is accepted as a list of one.
std::optional<ParamValue> Applier::parse_fonts(const Param& param, const ConfigNode& value) {
  std::vector<const ConfigNode*> items;
  if (value.kind == ConfigNode::Kind::Scalar) items.push_back(&value);
  if (value.kind == ConfigNode::Kind::Sequence)
    for (const auto& child : value.children) items.push_back(&child);
  if (items.empty() && value.kind != ConfigNode::Kind::Sequence) {
    wrong_value(param, value);
    return std::nullopt;
  }
  std::vector<std::string> paths;
  bool ok = true;
  for (const ConfigNode* item : items) {
    if (item->kind != ConfigNode::Kind::Scalar) {
      wrong_value(param, *item);
      ok = false;
    } else if (auto path = resolve_font_file(item->scalar, FontSlot{}, item->span, dirs.fonts, system_fonts, diags)) {
      paths.push_back(*path);
    } else {
      ok = false;
    }
  }
  return ok ? std::optional<ParamValue>(std::move(paths)) : std::nullopt;
}

// A role's family: one installed family (or file), or its faces as files in the order
// regular, bold, italic, bold italic, where `none` skips a face; `none` alone: no family of
// its own.
std::optional<ParamValue> Applier::parse_font_family(const Param& param, const ConfigNode& value) {
  const auto is_none = [](const ConfigNode& node) { return ascii_lower(trim(node.scalar)) == "none"; };
  if (value.kind == ConfigNode::Kind::Scalar) {
    if (is_none(value)) return ParamValue(std::vector<std::string>{});
    auto faces = resolve_font_family(value.scalar, value.span, dirs.fonts, system_fonts, diags);
    return faces ? std::optional<ParamValue>(std::move(*faces)) : std::nullopt;
  }
  constexpr std::size_t kFaces = 4;  // regular, bold, italic, bold italic
  if (value.kind != ConfigNode::Kind::Sequence || value.children.size() > kFaces) {
    wrong_value(param, value);
    return std::nullopt;
  }
  const std::string slots[kFaces] = {".regular", ".bold", ".italic", ".bold_italic"};
  std::vector<std::string> files;
  bool ok = true;
  for (std::size_t i = 0; i < value.children.size(); ++i) {
    const ConfigNode& item = value.children[i];
    if (item.kind != ConfigNode::Kind::Scalar) {
      wrong_value(param, item);
      ok = false;
    } else if (is_none(item)) {
      files.emplace_back();
    } else if (auto path = resolve_font_file(item.scalar, font_slot(slots[i]), item.span, dirs.fonts, system_fonts,
                                             diags)) {
      files.push_back(*path);
    } else {
      ok = false;
    }
  }
  if (ok && (files.empty() || files.front().empty())) {
    diags.error(value.span, fmt::format("'{}' names no regular face", param.key),
                {"the first file is the regular face; write none alone to set the role in fonts.latin"});
    return std::nullopt;
  }
  return ok ? std::optional<ParamValue>(std::move(files)) : std::nullopt;
}

bool Applier::within_list_limit(const Param& param, const ConfigNode& value) {
  if (value.children.size() <= limits::kMaxLayoutListItems) return true;
  diags.error(value.span,
              fmt::format("'{}' has {} items; a layout takes at most {}", param.key, value.children.size(),
                          limits::kMaxLayoutListItems),
              {"an entry shows a few lines and a table a few columns; shorten the list"});
  return false;
}

// A list of texts; a single text is accepted as a list of one, an empty list means none.
std::optional<ParamValue> Applier::parse_texts(const Param& param, const ConfigNode& value) {
  std::vector<std::string> texts;
  if (value.kind == ConfigNode::Kind::Scalar) return ParamValue(std::vector<std::string>{value.scalar});
  if (value.kind != ConfigNode::Kind::Sequence) {
    wrong_value(param, value);
    return std::nullopt;
  }
  if (!within_list_limit(param, value)) return std::nullopt;
  for (const auto& item : value.children) {
    if (item.kind != ConfigNode::Kind::Scalar) {
      wrong_value(param, item);
      return std::nullopt;
    }
    texts.push_back(item.scalar);
  }
  return ParamValue(std::move(texts));
}

// A list of numbers within the parameter's range (relative column widths).
std::optional<ParamValue> Applier::parse_numbers(const Param& param, const ConfigNode& value) {
  if (value.kind != ConfigNode::Kind::Sequence) {
    wrong_value(param, value);
    return std::nullopt;
  }
  if (!within_list_limit(param, value)) return std::nullopt;
  std::vector<double> numbers;
  for (const auto& item : value.children) {
    std::optional<double> number = item.kind == ConfigNode::Kind::Scalar ? parse_number(item.scalar) : std::nullopt;
    if (!number) {
      wrong_value(param, item);
      return std::nullopt;
    }
    if (!check_bound(param, *number, item.span)) return std::nullopt;
    numbers.push_back(*number);
  }
  return ParamValue(std::move(numbers));
}

// Setting a family's regular face but not its other faces keeps the inherited ones, so a CV
// that switches fonts.hangul.regular to NanumMyeongjo would still set bold in NanumBarunGothic.
// That is legal (and sometimes wanted), so it is a warning that names the faces left behind.
void Applier::warn_mixed_families(const Theme& before) const {
  struct Family {
    const char* name;
    const FontFaces& old_faces;
  };
  for (const Family& family : {Family{"hangul", before.fonts.hangul}, Family{"latin", before.fonts.latin}}) {
    std::string prefix = std::string("fonts.") + family.name + ".";
    auto set_here = [&](const std::string& face) {
      return std::any_of(applied.begin(), applied.end(), [&](const auto& a) { return a.first == prefix + face; });
    };
    auto regular =
        std::find_if(applied.begin(), applied.end(), [&](const auto& a) { return a.first == prefix + "regular"; });
    if (regular == applied.end()) continue;
    std::vector<std::string> kept;
    const std::pair<const char*, const std::string*> faces[] = {{"bold", &family.old_faces.bold},
                                                                {"italic", &family.old_faces.italic},
                                                                {"bold_italic", &family.old_faces.bold_italic}};
    for (const auto& [face, file] : faces)
      if (!file->empty() && !set_here(face)) kept.push_back(prefix + face);
    if (kept.empty()) continue;
    bool one = kept.size() == 1;
    diags.warning(regular->second,
                  "'" + prefix + "regular' changes here, but " + join_words(kept) +
                      (one ? " keeps the font" : " keep the fonts") + " set before",
                  {"set " + join_words(kept) + " too, so that bold and italic text match the new font"});
  }
}

}  // namespace

void apply_config(const ConfigNode& root, ConfigOrigin origin, const DataDirs& dirs, SystemFonts& system_fonts,
                  Theme& theme, Diagnostics& diags) {
  if (root.kind == ConfigNode::Kind::Null) return;
  if (root.kind != ConfigNode::Kind::Map) {
    diags.error(root.span,
                std::string(origin == ConfigOrigin::LayoutFile ? "a layout file" : "layout overrides") +
                    " must be a map of settings, not " + kind_name(root.kind),
                {"write keys such as `page: {paper: a4}`"});
    return;
  }
  Theme before = theme;
  Applier applier{origin, dirs, system_fonts, theme, diags, {}};
  applier.apply_map(root, "");
  applier.warn_mixed_families(before);
}

}  // namespace hanji::theme
