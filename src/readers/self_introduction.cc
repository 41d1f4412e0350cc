// self_introduction: a 자기소개서, the company's questions with the applicant's answers and the
// limit the company's web form counts ({max, min, unit, newline}).
#include <fmt/format.h>

#include <charconv>

#include "readers/fields.h"
#include "readers/reader.h"
#include "readers/text_blocks.h"

namespace hanji::readers {

const std::vector<Field>& self_introduction_fields() {
  static const std::vector<Field> kFields = {
      {"title", Shape::Text, "the document's title (default: the locale's word, 자기소개서 in Korean)"},
      {"company", Shape::Text, "the company the answers are written for, shown under the title"},
      {"questions", Shape::Questions, "the company's questions, each with its answer and the limit its form counts",
       true},
  };
  return kFields;
}

const std::vector<Field>& question_fields() {
  static const std::vector<Field> kFields = {
      {"title", Shape::Text, "the question as the company words it (성장과정, 지원동기, ...)", true},
      {"answer", Shape::Blocks,
       "the answer: paragraphs separated by a blank line, lines that start with \"- \" a list; or a list of "
       "paragraphs (a nested list a list). The CV's inline markup (**bold**, [text](url)) is kept on the page and "
       "removed in what is counted and pasted"},
      {"limit", Shape::CountLimit,
       "what the company's form accepts: {max: 500, min: 350, unit: chars, newline: 1}, or just the max"},
  };
  return kFields;
}

const std::vector<Field>& count_limit_fields() {
  static const std::vector<Field> kFields = {
      {"max", Shape::Count, "the most the form accepts; over it the build fails (--allow-over: a warning)"},
      {"min", Shape::Count, "the least the form accepts; under it a warning"},
      {"unit", Shape::CountUnit,
       "what the form counts: chars (with spaces, as JavaScript's length), chars_no_spaces, bytes_euc_kr (2 a Hangul "
       "syllable) or bytes_utf8 (3 a Hangul syllable); default chars"},
      {"newline", Shape::Newline, "what a line break counts: 1 (LF), 2 (a form that sends CR LF) or 0; default 1"},
  };
  return kFields;
}

namespace {

std::optional<long> read_count(const YamlNode& node, std::string_view key, Reader& reader) {
  if (!node.is_scalar()) {
    reader.diags.error(node.span, fmt::format("expected a number for 'limit.{}', found {}", key, describe_kind(node)),
                       {"write a whole number, e.g. 500"});
    return std::nullopt;
  }
  long value = 0;
  const std::string& s = node.scalar;
  const char* last = s.data() + s.size();
  auto [end, error] = std::from_chars(s.data(), last, value);
  if (error != std::errc{} || end != last) {
    reader.diags.error(node.span, fmt::format("limit.{} '{}' is not a whole number", key, s),
                       {"write the number the form states, e.g. 500 for \"500자 이내\""});
    return std::nullopt;
  }
  if (value < 0) {
    reader.diags.error(node.span, fmt::format("limit.{} is {}; a count cannot be negative", key, value),
                       {"write the number the form states, e.g. 500"});
    return std::nullopt;
  }
  return value;
}

std::optional<CountLimit> read_limit(const YamlNode& node, Reader& reader) {
  if (node.is_null()) return std::nullopt;
  CountLimit limit;
  limit.span = node.span;
  if (node.is_scalar()) {  // `limit: 500`: at most 500 characters, spaces included
    limit.max = read_count(node, "max", reader);
    return limit.max ? std::optional<CountLimit>(limit) : std::nullopt;
  }
  if (!reader.expect_map(node, "limit", "write {max: 500, unit: chars}, or just the max: 'limit: 500'"))
    return std::nullopt;
  bool ok = true;
  Span max_at = node.span;
  for (size_t i = 0; i < node.keys.size(); ++i) {
    const std::string& key = node.keys[i];
    const YamlNode& value = node.items[i];
    if (key == "max" || key == "min") {
      std::optional<long> count = read_count(value, key, reader);
      ok = ok && count;
      (key == "max" ? limit.max : limit.min) = count;
      if (key == "max") max_at = value.span;
    } else if (key == "unit") {
      auto name = reader.text(value, "limit.unit");
      if (!name) continue;
      if (auto unit = count_unit_named(name->value)) {
        limit.unit = *unit;
        continue;
      }
      ok = false;
      const std::vector<std::string> units = {"chars", "chars_no_spaces", "bytes_euc_kr", "bytes_utf8"};
      const std::string guess = closest_match(name->value, units);
      reader.diags.error(name->span, fmt::format("limit.unit '{}' is not a unit a form counts in", name->value),
                         {guess.empty() ? fmt::format("the units are {}", quoted_list(units))
                                        : fmt::format("did you mean '{}'?", guess)});
    } else if (key == "newline") {
      if (value.is_scalar() && (value.scalar == "0" || value.scalar == "1" || value.scalar == "2")) {
        limit.newline = value.scalar[0] - '0';
        continue;
      }
      ok = false;
      reader.diags.error(value.span,
                         fmt::format("limit.newline '{}' is not what a line break can count",
                                     value.is_scalar() ? value.scalar : std::string(describe_kind(value))),
                         {"write 1 (the form counts LF), 2 (it counts CR LF) or 0 (it does not count them)"});
    } else {
      reader.unknown_key(node.key_spans[i], key, "a question's limit", keys_of(count_limit_fields()));
      ok = false;
    }
  }
  if (limit.max && limit.min && *limit.max < *limit.min) {
    reader.diags.error(max_at, fmt::format("limit.max {} is less than limit.min {}", *limit.max, *limit.min),
                       {"the form's upper limit goes in max, its lower limit in min"});
    ok = false;
  }
  if (!ok) return std::nullopt;
  return limit;
}

std::optional<Question> read_question(const YamlNode& node, size_t number, Reader& reader) {
  if (!reader.expect_map(node, "questions",
                         "write each question as a map: '- title: 성장과정', then 'answer: |' and the answer"))
    return std::nullopt;
  Question question;
  question.span = node.span;
  bool ok = true;
  for (size_t i = 0; i < node.keys.size(); ++i) {
    const std::string& key = node.keys[i];
    const YamlNode& value = node.items[i];
    if (key == "title") {
      if (auto title = reader.text(value, "title")) question.title = *title;
    } else if (key == "answer") {
      question.answer =
          read_text_blocks(value, "answer", "write 'answer: |' and the answer on the lines below, indented", reader);
    } else if (key == "limit") {
      const size_t errors = reader.diags.error_count();
      question.limit = read_limit(value, reader);
      ok = ok && reader.diags.error_count() == static_cast<int>(errors);
    } else {
      reader.unknown_key(node.key_spans[i], key, "a question", keys_of(question_fields()));
    }
  }
  if (question.title.empty()) {
    reader.diags.error(node.span, fmt::format("question {} has no title", number),
                       {"write the question as the company words it: 'title: 성장과정을 기술하십시오.'"});
    ok = false;
  }
  if (question.answer.empty())
    reader.diags.warning(node.span, fmt::format("question {} has no answer yet", number),
                         {"write 'answer: |' and the answer on the lines below, indented"});
  if (!ok) return std::nullopt;
  return question;
}

}  // namespace

std::optional<SelfIntroduction> read_self_introduction(const YamlNode& node, Reader& reader) {
  if (node.is_null()) return std::nullopt;
  if (!reader.expect_map(node, "self_introduction",
                         "write 'self_introduction:' followed by indented keys: 'company:' and 'questions:'"))
    return std::nullopt;
  SelfIntroduction out;
  out.span = node.span;
  const YamlNode* questions = nullptr;
  for (size_t i = 0; i < node.keys.size(); ++i) {
    const std::string& key = node.keys[i];
    const YamlNode& value = node.items[i];
    if (key == "title") {
      if (auto title = reader.text(value, "title")) out.title = *title;
    } else if (key == "company") {
      if (auto company = reader.text(value, "company")) out.company = *company;
    } else if (key == "questions") {
      questions = &value;
    } else {
      reader.unknown_key(node.key_spans[i], key, "self_introduction", keys_of(self_introduction_fields()));
    }
  }
  if (!questions || questions->is_null()) {
    reader.diags.error(node.span, "self_introduction has no questions",
                       {"write 'questions:' and, under it, '- title: ...' with 'answer: |' for each question"});
    return std::nullopt;
  }
  if (!reader.expect_list(*questions, "questions", "write each question as an item: '- title: 성장과정'"))
    return std::nullopt;
  for (size_t i = 0; i < questions->items.size(); ++i) {
    if (!reader.count_parts(questions->items[i].span, 1, false)) break;
    if (auto question = read_question(questions->items[i], i + 1, reader))
      out.questions.push_back(std::move(*question));
  }
  return out;
}

}  // namespace hanji::readers
