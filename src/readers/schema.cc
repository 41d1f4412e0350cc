// The JSON Schema of a CV file, written from the tables the reader checks keys against
// (fields.h, entry_types.cc): a key the reader takes is in the schema with the shape it reads,
// and a key it does not know is refused by both (`additionalProperties: false`), so a typo is
// flagged in the editor as it is by `hanji check`. An entry also takes keys of the user's own,
// as the reader does, but not a near miss of one of its keys (closest_match's rule).
//
// A typo must come out as one message naming the key, in python-jsonschema and in
// yaml-language-server alike. Both report every branch of an `anyOf` that fails, so where the
// reader decides what a value is by looking at it (a section's entry type by its first
// entry's keys, a section by being a map), the schema decides the same way with if/then/else
// and only the chosen branch's problems are reported.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>

#include "readers/entry_types.h"
#include "readers/fields.h"
#include "readers/reader.h"
#include "readers/rendercv/social.h"

namespace hanji::readers {

namespace {

Json typed(const char* type) {
  Json out = Json::object();
  out.set("type", type);
  return out;
}

Json reference_to(std::string_view definition) {
  Json out = Json::object();
  out.set("$ref", "#/definitions/" + std::string(definition));
  return out;
}

Json any_of(std::vector<Json> options) {
  Json out = Json::object();
  Json& list = out.set("anyOf", Json::array());
  for (Json& option : options) list.push(std::move(option));
  return out;
}

// What the reader does with a key written without a value (`date:`): it reads it as absent,
// as RenderCV does, unless its table says the key is required (then it is missing). So an
// optional key takes null besides its shape.
Json or_null(Json schema) {
  Json out = Json::object();
  out.set("if", typed("null"));
  out.set("else", std::move(schema));
  return out;
}

// {"required": keys}
Json required_keys(const std::vector<std::string>& keys) {
  Json out = Json::object();
  out.set("required", Json::strings(keys));
  return out;
}

// `then` on a map whose keys are all among `keys` (a map with an unknown key is reported for
// that key alone).
Json when_keys_known(const std::vector<std::string>& keys, Json then) {
  Json known = Json::object();
  known.set("enum", Json::strings(keys));
  Json condition = Json::object();
  condition.set("propertyNames", std::move(known));
  Json out = Json::object();
  out.set("if", std::move(condition));
  out.set("then", std::move(then));
  return out;
}

// `then` when `condition` holds, else `otherwise`.
Json if_then_else(Json condition, Json then, Json otherwise) {
  Json out = Json::object();
  out.set("if", std::move(condition));
  out.set("then", std::move(then));
  out.set("else", std::move(otherwise));
  return out;
}

Json list_of(Json item) {
  Json out = typed("array");
  out.set("items", std::move(item));
  return out;
}

Json matching(const std::string& pattern) {
  Json out = typed("string");
  out.set("pattern", pattern);
  return out;
}

// A regular expression for exactly one of `words` in any (ASCII) case, as the reader's
// lowercase() compares them.
std::string any_case(const std::vector<std::string>& words) {
  std::string out = "^(";
  for (const std::string& word : words) {
    if (out.size() > 2) out += '|';
    for (char c : word) {
      const char upper = c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
      if (upper != c) out += std::string{'[', c, upper, ']'};
      else if (std::string_view("\\^$.|?*+()[]{}").find(c) != std::string_view::npos) out += std::string{'\\', c};
      else out += c;
    }
  }
  return out + ")$";
}

// What closest_match takes for a misspelling of one of `keys`, as one regular expression
// matching the whole key: every spelling within its bound of edits (an insertion, deletion,
// substitution or swap of two neighbours each, ASCII case ignored; at most max(1, length/3)
// edits for a key of that length). Written out as the alternatives of every alignment with
// the key, so only up to kSchemaTypoEdits edits: a key that takes more (a 9-letter word may
// be 3 edits away) is left to `hanji check`, so the schema never refuses what hanji takes.
constexpr int kSchemaTypoEdits = 2;

std::string case_class(char c) {
  const char upper = c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
  if (upper != c) return std::string{'[', c, upper, ']'};
  if (std::string_view("\\^$.|?*+()[]{}-/").find(c) != std::string_view::npos) return std::string{'\\', c};
  return std::string(1, c);
}

// The misspellings as a tree of their tokens (a character class or "."), one branch per
// token that can come next; a branch with no token ends a misspelling.
struct Spellings {
  std::map<std::string, Spellings> next;

  // The tree as a regular expression: alternatives share what they begin with, which keeps
  // the expression less than half the size of the misspellings side by side.
  std::string regex() const {
    if (next.empty()) return {};
    std::vector<std::string> branches;
    for (const auto& [token, rest] : next) branches.push_back(token + rest.regex());
    if (branches.size() == 1) return branches.front();
    return fmt::format("(?:{})", fmt::join(branches, "|"));
  }
};

void add_misspellings(std::string_view key, size_t at, int edits, std::vector<std::string>& written,
                      Spellings& out) {
  auto then = [&](std::vector<std::string> pieces, size_t next, int more_edits) {
    const size_t mark = written.size();
    for (std::string& piece : pieces) written.push_back(std::move(piece));
    add_misspellings(key, next, edits + more_edits, written, out);
    written.resize(mark);
  };
  if (edits < kSchemaTypoEdits) then({"."}, at, 1);  // a character inserted here
  if (at == key.size()) {
    if (edits > std::max(1, static_cast<int>(written.size()) / 3)) return;  // closest_match's bound
    Spellings* node = &out;
    for (const std::string& token : written) node = &node->next[token];
    node->next[""];
    return;
  }
  then({case_class(key[at])}, at + 1, 0);
  if (edits == kSchemaTypoEdits) return;
  then({"."}, at + 1, 1);  // substituted
  then({}, at + 1, 1);     // deleted
  if (at + 1 < key.size() && key[at] != key[at + 1])  // swapped with the next
    then({case_class(key[at + 1]), case_class(key[at])}, at + 2, 1);
}

// A regular expression for the misspellings of `keys` (and the keys themselves, in any case),
// to be matched as a whole.
std::string misspelling_of(const std::vector<std::string>& keys) {
  Spellings spellings;
  for (const std::string& key : keys) {
    std::vector<std::string> written;
    add_misspellings(key, 0, 0, written, spellings);
  }
  return spellings.regex();
}

// `help` on a schema. Beside a "$ref" other keywords are ignored (draft-07), so a reference
// is wrapped in allOf to carry it.
Json described(Json schema, std::string_view help) {
  if (help.empty()) return schema;
  if (schema.find("$ref")) {
    Json out = Json::object();
    out.set("description", std::string(help));
    out.set("allOf", Json::array()).push(std::move(schema));
    return out;
  }
  Json out = Json::object();
  out.set("description", std::string(help));
  out.merge(schema);
  return out;
}

/// Writes the definitions a CV file's schema refers to.
class CvSchema {
 public:
  CvSchema(Json& definitions, const ReadOptions& folders) : definitions_(definitions), folders_(folders) {}

  void add_definitions(const Json& layout_values, const std::vector<std::string>& layout_names) {
    add_texts();
    add_dates();
    add_entries();
    add_sections();
    define("cv", closed_object(cv_fields()));
    define("social_network", social_network());
    define("custom_connection", closed_object(custom_connection_fields()));
    define("settings", closed_object(settings_fields()));
    define("locale", locale());
    define("design", design());
    define("layout", layout(layout_values, layout_names));
    add_letter();
  }

  Json root() const {
    Json out = Json::object();
    out.set("$schema", "http://json-schema.org/draft-07/schema#");
    out.set("title", "hanji CV");
    out.set("description",
            "A CV for hanji (RenderCV's cv: schema with hanji's layout:, locale: and settings:). Generated by "
            "`hanji schema cv` from the tables hanji reads CV files with.");
    Json body = closed_object(top_level_fields());
    out.merge(body);
    out.set("definitions", definitions_);
    return out;
  }

 private:
  void define(std::string_view name, Json schema) { definitions_.set(std::string(name), std::move(schema)); }

  // A cover letter: its keys, the recipient and signature (a name, or a map), its body (blocks)
  // and the parts of an application.
  void add_letter() {
    define("letter", closed_object(letter_fields()));
    define("recipient", name_or_map(reference_to("text"), closed_object(recipient_fields())));
    define("signature", name_or_map(reference_to("text"), closed_object(signature_fields())));
    add_text_blocks();
    Json part = Json::object();
    part.set("enum", Json::strings({"letter", "cv", "self_introduction"}));
    Json parts = list_of(std::move(part));
    parts.set("uniqueItems", Json::boolean(true));
    define("parts", std::move(parts));
  }

  // A letter's body and a 자기소개서's answer, read by one reader (text_blocks.h): one text of
  // paragraphs, or a list of paragraphs whose nested lists are lists.
  void add_text_blocks() {
    Json blocks = Json::object();
    Json choices = Json::array();
    choices.push(reference_to("text"));
    Json item = Json::object();
    Json item_choices = Json::array();
    item_choices.push(reference_to("text"));
    item_choices.push(list_of(reference_to("text")));
    item.set("anyOf", std::move(item_choices));
    choices.push(list_of(std::move(item)));
    blocks.set("anyOf", std::move(choices));
    define("blocks", std::move(blocks));
  }

  // A text: any scalar (a number is read as written), or one per language, which --lang
  // chooses from. A key without a value is allowed where the key is optional (or_null), an
  // empty list item nowhere: the reader refuses it.
  void add_texts() {
    Json scalar = Json::object();
    scalar.set("type", Json::strings({"string", "number", "boolean"}));
    Json per_language = typed("object");
    per_language.set("description", "the text in each language: {ko: 박지민, en: Jimin Park}; --lang picks one");
    per_language.set("minProperties", Json::number(1));
    per_language.set("propertyNames", matching(language_key_pattern()));
    Json language_value = Json::object();
    language_value.set("type", Json::strings({"string", "number", "boolean", "null"}));
    per_language.set("additionalProperties", std::move(language_value));
    define("language_map", std::move(per_language));
    define("text", any_of({std::move(scalar), reference_to("language_map")}));
    define("texts", any_of({reference_to("text"), list_of(reference_to("text"))}));
    define("text_list", list_of(reference_to("text")));
    // A list item of plain text may carry tags: {text: ..., tags: [...]}.
    Json tagged = closed_object({tagged_text_field(), tags_field()});
    define("tagged_text", std::move(tagged));
    define("text_item", any_of({reference_to("text"), reference_to("tagged_text")}));
    define("highlights", list_of(reference_to("text_item")));
  }

  // A date is a year as a number or a text of the reader's forms. Each keyword below applies
  // to numbers or to text only, so a wrong date gets the one message of its own kind.
  void add_dates() {
    define("date", date_or(date_pattern()));
    // A date's text, or free text ("Fall 2023") that does not look like a date.
    Json free = Json::object();
    free.set("type", Json::strings({"number", "string"}));
    free.merge(if_then_else(matching(date_like_pattern()), matching(date_pattern()), Json::object()));
    define("free_date", std::move(free));
    // The reader takes English's word for "until now" and the CV's language's; which language
    // that is the schema cannot know, so it takes the word of every locale.
    std::vector<std::string> present = english_present_words();
    for (std::string& word : locale_present_words(folders_.locales_dir))
      if (std::find(present.begin(), present.end(), word) == present.end()) present.push_back(std::move(word));
    define("end_date", date_or(either(date_pattern(), any_case(present))));
    define("current_date", date_or(either(date_pattern(), any_case({std::string(kTodayWord)}))));
  }

  // A year (0 to 9999) as a number, or text matching `pattern`.
  static Json date_or(const std::string& pattern) {
    Json out = Json::object();
    out.set("type", Json::strings({"integer", "string"}));
    out.set("minimum", Json::number(0));
    out.set("maximum", Json::number(9999));
    out.set("pattern", pattern);
    return out;
  }

  // One regular expression for text either of two whole-text expressions (^...$) matches.
  static std::string either(std::string_view first, std::string_view second) {
    auto inner = [](std::string_view whole) { return whole.substr(1, whole.size() - 2); };
    return fmt::format("^({}|{})$", inner(first), inner(second));
  }

  // An entry of each mapping type: its keys (and tags), the ones it needs, nothing else.
  void add_entries() {
    for (const EntrySchema& schema : entry_schemas()) {
      std::vector<Field> fields;
      for (const std::string& key : schema.fields) {
        Field field = *find_field(entry_fields(), key);
        field.required = std::find(schema.required.begin(), schema.required.end(), key) != schema.required.end();
        fields.push_back(field);
      }
      fields.push_back(tags_field());
      const std::string name = entry_definition(schema.kind);
      define(name, described(entry_object(name + "_key", schema.kind, fields, schema.fields), schema.help));
    }
  }

  static std::string entry_definition(EntryKind kind) { return fmt::format("{}_entry", entry_kind_name(kind)); }

  // A section's entries are all of one type, the first entry's, decided as the reader does
  // (identify_entry): a text, else the first type in RenderCV's order that has one of its
  // characteristic keys. Every entry is then checked against that type alone, so a typo
  // ("hightlights") is one unknown key of that type, not a failure of every type. (The reader
  // decides by the first entry it can identify; an entry before it that it cannot identify is
  // an error anyway, which the schema reports at that entry.)
  void add_sections() {
    Json decided = described(every_item(reference_to("untyped_entry")), untyped_entry_help());
    std::vector<EntrySchema> schemas = entry_schemas();
    for (auto schema = schemas.rbegin(); schema != schemas.rend(); ++schema) {
      Json keys = typed("object");
      Json& any_key = keys.set("anyOf", Json::array());
      for (const std::string& key : schema->characteristic) {
        Json one = Json::object();
        one.set("required", Json::strings({key}));
        any_key.push(std::move(one));
      }
      decided = if_then_else(first_item(std::move(keys)),
                             described(every_item(reference_to(entry_definition(schema->kind))), schema->help),
                             std::move(decided));
    }
    decided = if_then_else(first_item(text_like()), described(every_item(reference_to("text_item")), text_entry_help()),
                           std::move(decided));
    // Nothing under the key (`projects:`) is an empty section.
    Json entries = Json::object();
    entries.set("type", Json::strings({"array", "null"}));
    entries.merge(decided);
    define("entries", std::move(entries));
    // An entry of no type: a key no type has ("nmae") is named; with only shared keys (date,
    // location) the required keys of each type are what it lacks.
    Json untyped = Json::object();
    untyped.set("description", std::string(untyped_entry_help()));
    untyped.set("type", Json::strings({"string", "object"}));
    Json known = Json::object();
    known.set("enum", Json::strings(keys_of(entry_fields())));
    untyped.set("propertyNames", std::move(known));
    std::vector<Json> needs;
    for (const EntrySchema& schema : schemas) needs.push_back(required_keys(schema.required));
    untyped.merge(when_keys_known(keys_of(entry_fields()), any_of(std::move(needs))));
    define("untyped_entry", std::move(untyped));
    // A section written as a map, {title:, entries:}: the reader takes a map under a section's
    // key as one when it has either key (else it expects a list and says so).
    Json section = closed_object(section_fields());
    section.set("minProperties", Json::number(1));
    // Its entries are read as those under a section's key (the table leaves their shape to
    // the section reader).
    Json* entries_key = section.find("properties")->find("entries");
    *entries_key = described(reference_to("entries"), find_field(section_fields(), "entries")->help);
    define("section", std::move(section));
    define("section_value", if_then_else(typed("object"), reference_to("section"), reference_to("entries")));
    Json titled = Json::object();
    titled.set("allOf", Json::array()).push(reference_to("section"));
    titled.set("required", Json::strings({"title"}));
    // A map of sections by key, or a list of titled sections: each keyword below applies
    // to one of the two kinds only, so neither is tried against the other's rules.
    Json sections = Json::object();
    sections.set("type", Json::strings({"object", "array"}));
    sections.set("additionalProperties", reference_to("section_value"));
    sections.set("items", std::move(titled));
    define("sections", std::move(sections));
  }

  // What the reader reads as a text entry: a scalar, or a map that becomes one (a text per
  // language, or {text: ..., tags: [...]}).
  static Json text_like() {
    Json scalar = Json::object();
    scalar.set("type", Json::strings({"string", "number", "boolean"}));
    Json tagged = typed("object");
    tagged.set("required", Json::strings({std::string(tagged_text_field().key)}));
    return any_of({std::move(scalar), std::move(tagged), reference_to("language_map")});
  }

  // A list's items: here without "type", so that no value (an empty section) passes too.
  static Json every_item(Json item) {
    Json out = Json::object();
    out.set("items", std::move(item));
    return out;
  }

  // A condition on a list's first item (true of an empty list).
  static Json first_item(Json condition) {
    Json out = Json::object();
    out.set("items", Json::array()).push(std::move(condition));
    return out;
  }

  static std::string untyped_entry_help() {
    std::string types;
    for (const EntrySchema& schema : entry_schemas()) {
      const std::string keys = fmt::format("{}", fmt::join(schema.required, " and "));
      const std::string_view kind = entry_kind_name(schema.kind);
      // "bullet", not "bullet (bullet)"; "number (numbered)".
      types += fmt::format("{}{}", types.empty() ? "" : ", ", keys == kind ? keys : fmt::format("{} ({})", keys, kind));
    }
    return "a text, or an entry with the keys of one type; the first entry decides the section's type: " + types;
  }

  Json social_network() const {
    Json out = closed_object(social_network_fields());
    Json names = typed("string");
    names.set("enum", Json::strings(network_names()));
    out.find("properties")->find("network")->merge(names);
    return out;
  }

  Json locale() const {
    Json name = typed("string");
    name.set("description", "a language hanji has a locale for (lower case)");
    name.set("enum", Json::strings(locale_spellings(folders_.locales_dir)));
    Json words = closed_object(locale_fields());
    // `language:` in the map names the locale the other keys change.
    *words.find("properties")->find("language") = described(or_null(name), find_field(locale_fields(), "language")->help);
    return name_or_map(std::move(name), std::move(words));
  }

  // RenderCV's design: its theme, and the options hanji draws offered for completion. Others
  // are RenderCV's too and only warned about, so nothing else is refused.
  Json design() const {
    Json out = typed("object");
    Json properties = Json::object();
    Json theme = typed("string");
    theme.set("description", "the RenderCV theme whose values the design starts from");
    theme.set("enum", Json::strings(rendercv_theme_names(folders_.layouts_dir)));
    properties.set("theme", std::move(theme));
    for (const std::string& option : honoured_design_options()) {
      Json* node = &properties;
      for (size_t start = 0;;) {
        const size_t dot = option.find('.', start);
        const std::string segment = option.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
        Json* child = node->find(segment);
        if (!child) child = &node->set(segment, described(Json::object(), "RenderCV's design." + option.substr(0, dot)));
        if (dot == std::string::npos) break;
        if (!child->find("properties")) child->set("properties", Json::object());
        node = child->find("properties");
        start = dot + 1;
      }
    }
    out.set("properties", std::move(properties));
    return out;
  }

  // `layout: NAME`, or a map of the name and the values to change.
  Json layout(const Json& layout_values, const std::vector<std::string>& layout_names) const {
    Json name = typed("string");
    name.set("description", std::string(layout_name_field().help));
    name.set("examples", Json::strings(layout_names));
    Json overrides = typed("object");
    Json properties = Json::object();
    properties.set(std::string(layout_name_field().key), described(reference_to("text"), layout_name_field().help));
    if (const Json* values = layout_values.find("properties")) properties.merge(*values);
    overrides.set("properties", std::move(properties));
    if (const Json* patterns = layout_values.find("patternProperties")) overrides.set("patternProperties", *patterns);
    overrides.set("additionalProperties", Json::boolean(false));
    return name_or_map(std::move(name), std::move(overrides));
  }

  // `name`'s schema for text, `map`'s for anything else: a misspelt key in the map is then
  // reported against the map alone, not also as "not a name".
  static Json name_or_map(Json name, Json map) { return if_then_else(typed("string"), std::move(name), std::move(map)); }

  Json shape_schema(Shape shape) const {
    switch (shape) {
      case Shape::Text: return reference_to("text");
      case Shape::Texts: return reference_to("texts");
      case Shape::TextList: return reference_to("text_list");
      case Shape::Months: {
        Json out = list_of(reference_to("text"));
        out.set("minItems", Json::number(12));
        out.set("maxItems", Json::number(12));
        return out;
      }
      case Shape::FreeDate: return reference_to("free_date");
      case Shape::StartDate: return reference_to("date");
      case Shape::EndDate: return reference_to("end_date");
      case Shape::CurrentDate: return reference_to("current_date");
      case Shape::Highlights: return reference_to("highlights");
      case Shape::Sections: return reference_to("sections");
      case Shape::SocialNetworks: return list_of(reference_to("social_network"));
      case Shape::CustomConnections: return list_of(reference_to("custom_connection"));
      case Shape::Phrases: return closed_object(phrase_fields());
      case Shape::SectionTitles: return closed_object(section_title_fields());
      case Shape::Labels: return closed_object(label_fields());
      case Shape::PdfStandard: {
        Json choice = Json::object();
        choice.set("enum", Json::strings({"none", "ua-1", "a-2b", "a-2a"}));
        return choice;
      }
      case Shape::Anything: return Json::object();
      case Shape::Cv: {
        // A CV file's cv: map, or an application file's path of the CV it binds.
        Json path = typed("string");
        path.set("pattern", "\\.(yaml|yml|json)$");
        path.set("description", "an application file's CV: the path of a CV file, relative to this file");
        return name_or_map(std::move(path), reference_to("cv"));
      }
      case Shape::Layout: return reference_to("layout");
      case Shape::Locale: return reference_to("locale");
      case Shape::LocaleCatalog: return typed("object");
      case Shape::Design: return reference_to("design");
      case Shape::Settings: return reference_to("settings");
      case Shape::SelfIntroduction: return closed_object(self_introduction_fields());
      case Shape::Questions: return list_of(closed_object(question_fields()));
      case Shape::CountLimit: {
        // {max: 500, unit: chars, …}, or just the max: `limit: 500`.
        Json max = typed("integer");
        max.set("minimum", Json::number(0));
        return if_then_else(typed("integer"), std::move(max), closed_object(count_limit_fields()));
      }
      case Shape::Count: {
        Json out = typed("integer");
        out.set("minimum", Json::number(0));
        return out;
      }
      case Shape::CountUnit: {
        Json choice = Json::object();
        choice.set("enum", Json::strings({"chars", "chars_no_spaces", "bytes_euc_kr", "bytes_utf8"}));
        return choice;
      }
      case Shape::Newline: {
        Json choice = Json::object();
        Json values = Json::array();
        for (int n : {0, 1, 2}) values.push(Json::number(n));
        choice.set("enum", std::move(values));
        return choice;
      }
      case Shape::Letter: return reference_to("letter");
      case Shape::Recipient: return reference_to("recipient");
      case Shape::Signature: return reference_to("signature");
      case Shape::Blocks: return reference_to("blocks");
      case Shape::Parts: return reference_to("parts");
    }
    return Json::object();
  }

  // An entry: its own keys with their shapes, and any other key but a misspelling of one of
  // `own` (the keys the reader matches a misspelling against), as the reader keeps a key of
  // the user's own (`gpa: 3.9`) for templates that print it and refuses a near miss
  // ("hightlights"). The misspelling is refused by propertyNames, as not one of the entry's
  // keys: one message naming it in every validator ("additionalProperties: false" beside a
  // "patternProperties" would quote the whole expression in python-jsonschema's message).
  // The expression is defined once, as `name`, for the refusal and for the condition on the
  // required keys.
  Json entry_object(std::string_view name, EntryKind kind, const std::vector<Field>& fields,
                    const std::vector<std::string>& own) {
    Json misspelt = Json::object();
    misspelt.set("pattern", "^" + misspelling_of(own) + "$");
    Json key = Json::object();
    key.set("description", "a key of the entry's type, or a key of your own that is not a near miss of one");
    Json refused = Json::object();
    refused.set("enum", Json::strings(own));
    // yaml-language-server's own message for an enum lists the values without naming the
    // key (it marks it); python-jsonschema ignores this and names the key.
    refused.set("errorMessage",
                fmt::format("Misspelt key? The keys of {} entries are {}; a key of your own must not be this near one.",
                            entry_kind_name(kind), quoted_list(own, "and")));
    key.merge(if_then_else(std::move(misspelt), std::move(refused), Json::object()));
    define(name, std::move(key));
    return closed_object(fields, reference_to(name));
  }

  // A map of exactly these keys, as the readers that report unknown keys take it; with
  // `key_names`, of these keys and any other `key_names` takes.
  Json closed_object(const std::vector<Field>& fields, Json key_names = {}) const {
    Json out = typed("object");
    Json properties = Json::object();
    std::vector<std::string> required;
    for (const Field& field : fields) {
      Json shape = shape_schema(field.shape);
      properties.set(std::string(field.key), described(field.required ? std::move(shape) : or_null(std::move(shape)), field.help));
      if (field.required) required.emplace_back(field.key);
    }
    out.set("properties", std::move(properties));
    if (key_names.kind() == Json::Kind::Null) out.set("additionalProperties", Json::boolean(false));
    else out.set("propertyNames", key_names);
    // A required key is missing only when no key is refused, as the reader does not report
    // a key missing that it has reported misspelt: "usrname" is one message, not two.
    if (required.empty()) return out;
    if (key_names.kind() == Json::Kind::Null) {
      out.merge(when_keys_known(keys_of(fields), required_keys(required)));
    } else {
      Json condition = Json::object();
      condition.set("propertyNames", std::move(key_names));
      out.merge(if_then_else(std::move(condition), required_keys(required), Json::object()));
    }
    return out;
  }

  Json& definitions_;
  const ReadOptions& folders_;
};

}  // namespace

Json cv_schema(const Json& layout_values, Json definitions, const std::vector<std::string>& layout_names,
               const ReadOptions& folders) {
  CvSchema schema(definitions, folders);
  schema.add_definitions(layout_values, layout_names);
  return schema.root();
}

}  // namespace hanji::readers
