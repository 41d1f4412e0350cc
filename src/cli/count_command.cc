// `hanji count FILE`: each answer of the file's 자기소개서 counted as web forms count it, in every
// unit, beside its limit: what an applicant checks before pasting (count/count.h counts; the
// text counted is what `--format txt` writes). Exit 1 when an answer is over its limit.
#include <fmt/format.h>

#include <algorithm>

#include "cli/cli.h"
#include "cli/commands.h"
#include "core/json.h"
#include "count/count.h"

namespace hanji::cli {
namespace {

// 1234567 -> "1,234,567".
std::string grouped(long n) {
  std::string digits = std::to_string(n < 0 ? -n : n);
  for (int at = static_cast<int>(digits.size()) - 3; at > 0; at -= 3) digits.insert(static_cast<size_t>(at), ",");
  return n < 0 ? "-" + digits : digits;
}

// Columns a terminal gives `c`: two for Hangul and other wide characters, one otherwise.
int columns_of(char32_t c) {
  const bool wide = (c >= 0x1100 && c <= 0x115F) || (c >= 0x2E80 && c <= 0xA4CF) || (c >= 0xAC00 && c <= 0xD7A3) ||
                    (c >= 0xF900 && c <= 0xFAFF) || (c >= 0xFE30 && c <= 0xFE4F) || (c >= 0xFF00 && c <= 0xFF60) ||
                    (c >= 0xFFE0 && c <= 0xFFE6) || (c >= 0x1F300 && c <= 0x1FAFF);
  return wide ? 2 : 1;
}

// `text` cut to `width` columns (ending in "…" when cut) and padded to them.
std::string fitted(const std::string& text, int width) {
  const std::u32string chars = utf8_decode(text);
  int used = 0;
  for (char32_t c : chars) used += columns_of(c);
  std::string out;
  if (used <= width) {
    out = text;
  } else {
    used = 0;
    for (char32_t c : chars) {
      if (used + columns_of(c) > width - 1) break;
      utf8_append(out, c);
      used += columns_of(c);
    }
    out += "\u2026";
    ++used;
  }
  return out + std::string(static_cast<size_t>(std::max(0, width - used)), ' ');
}

// "400–700 chars: 193 left", "500 no spaces: 12 over", "min 350 chars: 20 short".
std::string limit_words(const model::CountLimit& limit, const count::LimitCheck& check) {
  const char* unit = limit.unit == model::CountUnit::Chars           ? "chars"
                     : limit.unit == model::CountUnit::CharsNoSpaces ? "no spaces"
                     : limit.unit == model::CountUnit::BytesEucKr    ? "bytes EUC-KR"
                                                                     : "bytes UTF-8";
  std::string range = limit.min && limit.max ? fmt::format("{}\u2013{}", grouped(*limit.min), grouped(*limit.max))
                      : limit.max          ? grouped(*limit.max)
                                           : fmt::format("min {}", grouped(limit.min.value_or(0)));
  std::string state = check.over > 0    ? fmt::format("{} over", grouped(check.over))
                      : check.under > 0 ? fmt::format("{} short", grouped(check.under))
                      : limit.max       ? fmt::format("{} left", grouped(*limit.max - check.count))
                                        : "ok";
  return fmt::format("{} {}{}: {}", range, unit, limit.newline == 1 ? "" : fmt::format(" (a line break {})", limit.newline), state);
}

}  // namespace

int count_answers(const Options& opt, const std::string& argv0, std::ostream& out, std::ostream& err) {
  if (opt.inputs.size() != 1) {
    err << "hanji: error: 'count' needs one file with a self_introduction\n  hint: hanji count CV.yaml\n";
    return kBadUsage;
  }
  engine::Engine engine(theme::find_data_dirs(argv0), engine::Builds::One);
  std::string error;
  const std::optional<long long> epoch = source_date_epoch(error);
  const Run run{opt, argv0, out, err, nullptr, epoch, false};
  engine::Request request = run.request();
  request.check_limits = false;  // reported here, in the table
  Diagnostics diags;
  std::optional<model::CvFile> file = engine.load(opt.input(), request, diags);
  print_diagnostics(diags, opt.quiet, err, opt.verbose);
  if (!file) return kBadInput;
  if (!file->self_introduction) {
    err << fmt::format("hanji: error: {} has no self_introduction to count\n", opt.input())
        << "  hint: add 'self_introduction:' with 'questions:', each with 'title:', 'answer:' and 'limit:'\n";
    return kBadInput;
  }
  const model::SelfIntroduction& si = *file->self_introduction;
  int over = 0;
  Json questions = Json::array();
  std::vector<std::vector<std::string>> rows;  // a question's title, then its count in each unit
  for (size_t i = 0; i < si.questions.size(); ++i) {
    const model::Question& question = si.questions[i];
    const model::CountLimit limit = question.limit.value_or(model::CountLimit{});
    const count::Counts counted = count::counts(count::paste_text(question), limit.newline);
    const count::LimitCheck check = count::check_limit(counted, limit);
    if (check.over > 0) ++over;
    rows.push_back({fmt::format("{:>2}. {}", i + 1, fitted(compose::plain_text(question.title.value), 24)),
                    grouped(counted.chars), grouped(counted.chars_no_spaces), grouped(counted.bytes_euc_kr),
                    grouped(counted.bytes_utf8),
                    question.limit && (limit.max || limit.min) ? limit_words(limit, check) : "none"});
    Json entry = Json::object();
    entry.set("number", Json::number(static_cast<double>(i + 1)));
    entry.set("title", compose::plain_text(question.title.value));
    entry.set("chars", Json::number(static_cast<double>(counted.chars)));
    entry.set("chars_no_spaces", Json::number(static_cast<double>(counted.chars_no_spaces)));
    entry.set("bytes_euc_kr", Json::number(static_cast<double>(counted.bytes_euc_kr)));
    entry.set("bytes_utf8", Json::number(static_cast<double>(counted.bytes_utf8)));
    entry.set("line_breaks", Json::number(static_cast<double>(counted.line_breaks)));
    if (question.limit) {
      Json json_limit = Json::object();
      if (limit.max) json_limit.set("max", Json::number(static_cast<double>(*limit.max)));
      if (limit.min) json_limit.set("min", Json::number(static_cast<double>(*limit.min)));
      json_limit.set("unit", std::string(model::count_unit_name(limit.unit)));
      json_limit.set("newline", Json::number(limit.newline));
      entry.set("limit", std::move(json_limit));
      entry.set("count", Json::number(static_cast<double>(check.count)));
      entry.set("over", Json::number(static_cast<double>(check.over)));
      entry.set("under", Json::number(static_cast<double>(check.under)));
    }
    Json unencodable = Json::array();
    for (const count::Unencodable& u : counted.not_in_cp949) {
      std::string character;
      utf8_append(character, u.character);
      unencodable.push(Json(character));
    }
    if (!unencodable.empty()) entry.set("not_in_euc_kr", std::move(unencodable));
    questions.push(std::move(entry));
  }
  if (opt.format == "json") {
    Json doc = Json::object();
    doc.set("file", opt.input());
    doc.set("questions", std::move(questions));
    out << doc.dump() << "\n";
  } else {
    std::string heading = si.title.empty() ? file->locale.labels.at("self_introduction_document")
                                           : compose::plain_text(si.title.value);
    if (!si.company.empty()) heading += " \u2014 " + compose::plain_text(si.company.value);
    // The counts right-aligned under their headers; the titles are fitted to 24 columns.
    const std::vector<std::string> headers = {"", "chars", "no spaces", "bytes EUC-KR", "bytes UTF-8", "limit"};
    std::vector<size_t> widths;
    for (const std::string& header : headers) widths.push_back(header.size());
    for (const auto& row : rows)
      for (size_t k = 1; k + 1 < row.size(); ++k) widths[k] = std::max(widths[k], row[k].size());
    out << heading << "\n" << std::string(28, ' ');
    for (size_t k = 1; k < headers.size(); ++k)
      out << "  " << (k + 1 < headers.size() ? std::string(widths[k] - headers[k].size(), ' ') : "") << headers[k];
    out << "\n";
    for (const auto& row : rows) {
      std::string line = row[0];
      for (size_t k = 1; k < row.size(); ++k)
        line += "  " + (k + 1 < row.size() ? std::string(widths[k] - row[k].size(), ' ') : "") + row[k];
      out << line << "\n";
    }
    if (over > 0)
      out << fmt::format("{} answer{} over {} limit; shorten {} or raise limit.max\n", over, over == 1 ? " is" : "s are",
                         over == 1 ? "its" : "their", over == 1 ? "it" : "them");
  }
  return over > 0 ? kBadInput : kOk;
}

}  // namespace hanji::cli
