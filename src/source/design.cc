// RenderCV's `design:` block, translated into hanji layout overrides where an equivalent
// exists (design.page.size -> page.paper, ...). Everything else is reported once and ignored,
// so a RenderCV file still builds. Values are passed on as written; the layout module checks
// them (lengths, colours) when it applies the overrides.
#include <fmt/format.h>

#include <algorithm>
#include <charconv>

#include "source/reader.h"

namespace hanji::source {

namespace {

enum class Convert { Copy, PaperSize, FontSize, Alignment, SectionRule, Separator };

struct Translation {
  std::string_view design_path;
  std::vector<std::string_view> layout_paths;
  Convert convert = Convert::Copy;
};

const std::vector<Translation>& translations() {
  static const std::vector<Translation> kTable = {
      {"page.size", {"page.paper"}, Convert::PaperSize},
      {"page.top_margin", {"page.margin_top"}},
      {"page.bottom_margin", {"page.margin_bottom"}},
      {"page.left_margin", {"page.margin_left"}},
      {"page.right_margin", {"page.margin_right"}},
      {"colors.body", {"styles.body.color"}},
      {"colors.name", {"styles.name.color"}},
      {"colors.headline", {"styles.headline.color"}},
      {"colors.connections", {"styles.contact.color"}},
      {"colors.section_titles", {"styles.section_title.color", "section.rule_color"}},
      {"colors.links", {"colors.link"}},
      {"colors.footer", {"styles.footer.color"}},
      {"typography.font_size.body", {"styles.body.size"}, Convert::FontSize},
      {"typography.font_size.name", {"styles.name.size"}, Convert::FontSize},
      {"typography.font_size.headline", {"styles.headline.size"}, Convert::FontSize},
      {"typography.font_size.connections", {"styles.contact.size"}, Convert::FontSize},
      {"typography.font_size.section_titles", {"styles.section_title.size"}, Convert::FontSize},
      {"typography.alignment", {"text.align"}, Convert::Alignment},
      {"header.alignment", {"header.align"}},
      {"header.connections.separator", {"header.separator"}, Convert::Separator},
      {"section_titles.type", {"section.rule"}, Convert::SectionRule},
      {"section_titles.line_thickness", {"section.rule_thickness"}},
      {"entries.date_and_location_width", {"entry.aside_width"}},
      {"entries.highlights.bullet", {"entry.bullet"}},
  };
  return kTable;
}

const Translation* find_translation(std::string_view path) {
  for (const Translation& t : translations())
    if (t.design_path == path) return &t;
  return nullptr;
}

bool has_translated_children(std::string_view path) {
  return std::any_of(translations().begin(), translations().end(), [&](const Translation& t) {
    return t.design_path.size() > path.size() && t.design_path.starts_with(path) && t.design_path[path.size()] == '.';
  });
}

// hanji's text sizes are plain points; RenderCV writes lengths with units.
std::optional<std::string> font_size_in_points(std::string_view text) {
  double number = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), number);
  if (error != std::errc() || number <= 0) return std::nullopt;
  std::string_view unit(end, static_cast<size_t>(text.data() + text.size() - end));
  double scale = unit.empty() || unit == "pt" ? 1 : unit == "in" ? 72 : unit == "cm" ? 72 / 2.54
                 : unit == "mm" ? 72 / 25.4 : 0;
  if (scale == 0) return std::nullopt;  // em and % are relative to sizes hanji sets differently
  std::string out = fmt::format("{:.3f}", number * scale);
  while (out.back() == '0') out.pop_back();
  if (out.back() == '.') out.pop_back();
  return out;
}

// The layout value for a design value, or nullopt when it has no hanji equivalent.
std::optional<std::string> convert(Convert how, const std::string& value) {
  switch (how) {
    case Convert::Copy: return value;
    case Convert::PaperSize:
      if (value == "a4") return "a4";
      if (value == "us-letter") return "letter";
      return std::nullopt;
    case Convert::FontSize: return font_size_in_points(value);
    case Convert::Alignment:
      if (value == "left") return "left";
      if (value == "justified" || value == "justified-with-no-hyphenation") return "justify";
      return std::nullopt;
    case Convert::SectionRule:
      return value == "without_line" || value == "centered_without_line" ? "false" : "true";
    case Convert::Separator:
      // RenderCV puts space around its separator; hanji's separator carries its own.
      if (value.empty() || value.front() == ' ' || value.back() == ' ') return value;
      return "  " + value + "  ";
  }
  return std::nullopt;
}

ConfigNode* find_child(ConfigNode& map, std::string_view key) {
  for (size_t i = 0; i < map.keys.size(); ++i)
    if (map.keys[i] == key) return &map.children[i];
  return nullptr;
}

ConfigNode* child(ConfigNode& map, std::string_view key, const Span& key_span) {
  if (map.kind != ConfigNode::Kind::Map) map = ConfigNode{ConfigNode::Kind::Map, {}, {}, {}, {}, key_span};
  if (ConfigNode* existing = find_child(map, key)) return existing;
  map.keys.emplace_back(key);
  map.key_spans.push_back(key_span);
  map.children.push_back(ConfigNode{ConfigNode::Kind::Null, {}, {}, {}, {}, key_span});
  return &map.children.back();
}

void set_path(ConfigNode& root, std::string_view dotted, const Text& value, const Span& key_span) {
  ConfigNode* node = &root;
  size_t start = 0;
  while (true) {
    size_t dot = dotted.find('.', start);
    node = child(*node, dotted.substr(start, dot == std::string_view::npos ? std::string_view::npos : dot - start),
                 key_span);
    if (dot == std::string_view::npos) break;
    start = dot + 1;
  }
  *node = ConfigNode{ConfigNode::Kind::Scalar, value.value, {}, {}, {}, value.span};
}

// Adds what `extra` sets and `target` does not: explicit `layout:` values win.
void merge_missing(ConfigNode& target, const ConfigNode& extra) {
  if (target.kind == ConfigNode::Kind::Null) {
    target = extra;
    return;
  }
  if (target.kind != ConfigNode::Kind::Map || extra.kind != ConfigNode::Kind::Map) return;
  for (size_t i = 0; i < extra.keys.size(); ++i) {
    ConfigNode* existing = find_child(target, extra.keys[i]);
    if (!existing) {
      target.keys.push_back(extra.keys[i]);
      target.key_spans.push_back(extra.key_spans[i]);
      target.children.push_back(extra.children[i]);
    } else {
      merge_missing(*existing, extra.children[i]);
    }
  }
}

void ignored(const std::string& path, const Span& span, Reader& reader, std::string hint = {}) {
  std::vector<std::string> hints;
  if (!hint.empty()) hints.push_back(std::move(hint));
  hints.push_back("hanji's own layout values (page, styles, entry, ...) can be set under 'layout:'");
  reader.diags.warning(span, fmt::format("design.{} has no equivalent in hanji and is ignored", path), hints);
}

void translate(const Translation& t, const std::string& path, const Span& key_span, const YamlNode& value,
               Reader& reader, ConfigNode& out) {
  std::optional<Text> text = reader.text(value, "design." + path);
  if (!text) return;
  std::optional<std::string> converted = convert(t.convert, text->value);
  if (!converted) {
    ignored(fmt::format("{} '{}'", path, text->value), key_span, reader,
            t.convert == Convert::PaperSize ? "hanji's paper sizes are a4 and us-letter" : "");
    return;
  }
  if (t.convert == Convert::Separator && converted->empty()) return;  // keep the layout's separator
  for (std::string_view layout_path : t.layout_paths)
    set_path(out, layout_path, Text{*converted, text->span}, key_span);
}

void translate_theme(const YamlNode& value, Reader& reader, CvFile& file) {
  std::optional<Text> theme = reader.text(value, "design.theme");
  if (!theme || !file.layout_name.empty()) return;  // an explicit `layout:` decides
  if (theme->value == "classic") {
    file.layout_name = "classic";
    file.layout_span = theme->span;
    return;
  }
  reader.diags.warning(theme->span,
                       fmt::format("RenderCV theme '{}' has no hanji equivalent; using the default layout", theme->value),
                       {"choose a hanji layout with 'layout: NAME'; `hanji layouts` lists them"});
}

void walk(const YamlNode& map, const std::string& prefix, Reader& reader, CvFile& file, ConfigNode& out) {
  for (size_t i = 0; i < map.keys.size(); ++i) {
    const YamlNode& value = map.items[i];
    if (value.is_null()) continue;
    std::string path = prefix.empty() ? map.keys[i] : prefix + "." + map.keys[i];
    if (path == "theme") translate_theme(value, reader, file);
    else if (const Translation* t = find_translation(path)) translate(*t, path, map.key_spans[i], value, reader, out);
    else if (value.is_map() && has_translated_children(path)) walk(value, path, reader, file, out);
    else ignored(path, map.key_spans[i], reader);
  }
}

}  // namespace

void read_design(const YamlNode& node, Reader& reader, CvFile& file) {
  if (node.is_null()) return;
  if (!reader.expect_map(node, "design", "write 'design:' followed by indented keys, or remove it")) return;
  ConfigNode translated;
  walk(node, "", reader, file, translated);
  merge_missing(file.layout_overrides, translated);
}

}  // namespace hanji::source
