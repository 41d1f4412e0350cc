// Private to the compose module: entry templates. A layout says what an entry shows as lines
// of text naming the entry's fields in upper case ("**POSITION**, COMPANY"); this fills them.
#pragma once

#include <string>
#include <vector>

#include "compose/builder.h"

namespace hanji::compose {

/// One template line filled for `entry`.
struct FilledLine {
  std::vector<Inline> inlines;  // empty when every field the line names is empty
  Span span;                    // where its first field is written in the CV
  bool names = false;           // holds AUTHORS: names, never hyphenated
};

/// Fills `line` with the fields of `entry` in `font` (the line's style; **bold** and *italic*
/// in the template add to it). A field with no value takes the text written between it and
/// the previous field with it; text before the first field or after the last goes with that
/// field. Upper-case words that are not field names are kept as written.
/// With `role_colored_links`, a field that is a link keeps the line's colour (an entry title
/// reads the same in a section whether it is linked or not); otherwise links take the
/// layout's link colour.
FilledLine fill_template(Builder& b, const model::Entry& entry, const std::string& line, const FontSpec& font,
                         bool role_colored_links = false);

/// Whether `word` is a field name templates know.
bool is_template_field(const std::string& word);

/// Whether a template line names `field`, as filling it reads fields (a whole word of
/// capitals, not inside another word).
bool template_names(const std::string& line, const std::string& field);

/// The field a key of the CV's own is printed by: the key in capitals (`gpa` → GPA,
/// `thesis_title` → THESIS_TITLE); empty for a key with chars a field cannot have.
std::string custom_field_name(const std::string& key);

/// The day a time span running to the present counts to: settings.current_date when the CV
/// gives one, else the day of the build (unset when the caller gave none).
const std::optional<model::Date>& count_to(const model::Settings& settings);

/// The time from the entry's start to its end (or to `today` when it runs to the present),
/// both months counted: "2 years 3 months", "2년 3개월"; in years when either end is a year
/// alone ("2013 – 2018": "5 years"). Empty when it cannot be known (no start, a free-text date,
/// no day to count to for "present"). Units::Short takes the locale's short units where it has
/// them ("7 yrs 9 mos", for a form's narrow cell: DURATION_SHORT).
enum class Units { Full, Short };
std::string duration_text(const model::Entry& entry, const model::Locale& locale,
                          const std::optional<model::Date>& today, Units units = Units::Full);

}  // namespace hanji::compose
