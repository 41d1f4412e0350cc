// What a CV's PDF must give back to a reader, and how to look for it in what a reader (poppler,
// mupdf, pdfminer, pdf.js) extracted: the CV's words, case kept, and its reading order. Shared
// by the end-to-end tests (poppler) and the readers test (every reader).
#pragma once

#include <algorithm>
#include <cctype>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "compose/compose.h"
#include "compose/markup.h"  // plain_text
#include "core/core.h"
#include "theme/theme.h"
#include "theme/values.h"  // ascii_lower
#include "model/model.h"

namespace cv_text {

/// Whether `c` separates words: ASCII whitespace and every Unicode space (U+00A0, U+2002, ...),
/// as a reader's tokenizer takes them (Python's str.split()).
inline bool separates_words(char32_t c) {
  return c == U' ' || (c >= 0x09 && c <= 0x0D) || c == 0x85 || c == 0xA0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200A) ||
         c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000;
}

inline std::vector<std::string> split_words(const std::string& text) {
  std::vector<std::string> words;
  std::string word;
  for (char32_t c : hanji::utf8_decode(text)) {
    if (!separates_words(c)) {
      hanji::utf8_append(word, c);
      continue;
    }
    if (!word.empty()) words.push_back(std::move(word));
    word.clear();
  }
  if (!word.empty()) words.push_back(std::move(word));
  return words;
}

/// Squeezes runs of whitespace to one space.
inline std::string normalize_space(const std::string& text) {
  std::string out;
  for (const auto& w : split_words(text)) out += (out.empty() ? "" : " ") + w;
  return out;
}

/// The text a field gives back once inline markup is resolved: quotes as typed (the page
/// shows ’ and “ ”, an extractor reads ' and ").
inline std::string shown(const hanji::model::Text& t) {
  hanji::Diagnostics ignored;
  std::string out;
  for (const auto& in : hanji::compose::parse_inline(t, {}, {}, ignored)) out += in.reads_as.empty() ? in.text : in.reads_as;
  return out;
}

/// The locale the CV's dates are printed in, with the layout's own range separator.
inline hanji::model::Locale printed_locale(const hanji::model::CvFile& file, const hanji::theme::Theme& theme) {
  hanji::model::Locale locale = file.locale;
  // "한국어|English", as compose picks it; a language whose locale file gives its own keeps it.
  if (!theme.range_separator.empty() && !locale.owns_range_separator) {
    const std::string& both = theme.range_separator;
    const size_t bar = both.find('|');
    locale.range_separator = bar == std::string::npos ? both
                             : locale.language == "ko" ? both.substr(0, bar) : both.substr(bar + 1);
  }
  return locale;
}

/// Every piece of text a CV asks to be printed, as the reader should see it.
inline std::vector<std::string> expected_texts(const hanji::model::CvFile& file, const hanji::theme::Theme& theme) {
  const hanji::model::Cv& cv = file.cv;
  const hanji::model::Locale locale = printed_locale(file, theme);
  std::vector<std::string> texts = {shown(cv.name), shown(cv.headline)};
  for (const auto& c : cv.contacts) {
    std::string shown_as = c.text.value;  // a social network by its username when the layout says so
    if (theme.social_usernames && c.kind == hanji::model::Contact::Kind::Social)
      for (const auto& social : cv.social_networks)
        if (social.url == c.url) shown_as = social.username.value;
    texts.push_back(shown_as);
  }
  for (const auto& section : cv.sections) {
    texts.push_back(shown(section.title));
    for (const auto& e : section.entries) {
      // Each field as written (a layout's template may join fields with punctuation, which
      // the comparison allows for); the DOI as "doi:10.…".
      for (const auto* t : {&e.label, &e.details, &e.text, &e.name, &e.company, &e.position, &e.institution,
                            &e.area, &e.degree, &e.title, &e.location, &e.summary, &e.journal})
        texts.push_back(shown(*t));
      std::string authors;
      for (const auto& a : e.authors) authors += (authors.empty() ? "" : ", ") + shown(a);
      texts.push_back(authors);
      if (!e.doi.empty()) texts.push_back(theme.doi_prefix + e.doi.value);
      else if (!e.url.empty()) texts.push_back(e.url.value);
      for (const auto& h : e.highlights) {
        texts.push_back(shown(h.text));
        for (const auto& child : h.children) texts.push_back(shown(child));
      }
      texts.push_back(hanji::compose::format_dates(e, locale, theme.date_format));
    }
  }
  // A cover letter bound with the CV: every text it sets.
  if (const auto& letter = file.letter) {
    const auto& to = letter->recipient;
    for (const auto* t : {&to.name, &to.title, &to.company, &letter->subject, &letter->salutation, &letter->closing,
                          &letter->signature_name})
      texts.push_back(shown(*t));
    for (const auto& line : to.address) texts.push_back(shown(line));
    for (const auto& block : letter->body)
      for (const auto& item : block.items) texts.push_back(shown(item));
    for (const auto& enclosure : letter->enclosures) texts.push_back(shown(enclosure));
  }
  // A 자기소개서 bound with the CV: its title and company as written, each question and answer.
  if (const auto& intro = file.self_introduction) {
    texts.push_back(shown(intro->title));
    texts.push_back(shown(intro->company));
    for (const auto& question : intro->questions) {
      texts.push_back(shown(question.title));
      for (const auto& block : question.answer)
        for (const auto& item : block.items) texts.push_back(shown(item));
    }
  }
  return texts;
}

inline bool has_hangul(const std::string& word) {
  for (char32_t c : hanji::utf8_decode(word))
    if (c >= 0xAC00 && c <= 0xD7A3) return true;
  return false;
}

/// The punctuation a template puts after a field ("Kakao Brain, Software Engineer").
inline std::string without_trailing_punctuation(std::string word) {
  while (!word.empty() && std::string(",;:").find(word.back()) != std::string::npos) word.pop_back();
  return word;
}

/// The words a reader gave back, to look the CV's words up in: each as read, and without the
/// punctuation a template puts around a field ("Brain," "(Berlin)", "(Seoul," "Korea)"). With
/// `line_ends`, a word broken at a line end is also there whole: "submis-" then "sions" as
/// "submissions" (and "large-" then "scale" as "large-scale"), a long address or Korean word
/// broken without a hyphen as its two parts joined. Readers that honour /ActualText (poppler)
/// read such a word whole; the others read its parts, as they are drawn.
class ReadWords {
 public:
  explicit ReadWords(const std::string& text, bool line_ends = true) {
    std::istringstream lines(text);
    std::string line, last_of_previous;
    while (std::getline(lines, line)) {
      const std::vector<std::string> words = split_words(line);
      if (words.empty()) continue;
      for (const auto& w : words) add(w);
      if (line_ends && !last_of_previous.empty()) {
        add(last_of_previous + words.front());
        if (last_of_previous.size() > 1 && last_of_previous.back() == '-')
          add(last_of_previous.substr(0, last_of_previous.size() - 1) + words.front());
      }
      last_of_previous = words.back();
    }
  }

  bool has(const std::string& word) const { return words_.count(word) > 0; }

 private:
  void add(const std::string& word) {
    words_.insert(word);
    std::string bare = without_trailing_punctuation(word);
    words_.insert(bare);
    if (!bare.empty() && bare.front() == '(') words_.insert(bare.substr(1));
    if (!bare.empty() && bare.back() == ')') words_.insert(bare.substr(0, bare.size() - 1));
    if (bare.size() > 2 && bare.front() == '(' && bare.back() == ')') words_.insert(bare.substr(1, bare.size() - 2));
  }

  std::set<std::string> words_;
};

/// The CV's words that `read` does not hold, each with the text it belongs to.
inline std::vector<std::string> missing_words(const ReadWords& read, const hanji::model::CvFile& file,
                                              const hanji::theme::Theme& theme) {
  std::vector<std::string> missing;
  for (const auto& t : expected_texts(file, theme))
    for (const std::string& w : split_words(t)) {
      const std::string word = without_trailing_punctuation(w);
      if (!word.empty() && !read.has(word))
        missing.push_back("'" + word + "'" + (has_hangul(word) ? " (a Korean word split across lines?)" : "") +
                          " in: " + t);
    }
  return missing;
}

/// `text` as letters and digits only (every other ASCII character, and the punctuation and
/// spaces of U+2000-U+206F, left out): what survives however a reader spaces, breaks and
/// hyphenates lines ("Aug 2021 – present" as "Aug2021present").
inline std::string letters_and_digits(const std::string& text) {
  std::string out;
  for (char32_t c : hanji::utf8_decode(text)) {
    const bool ascii_kept = c < 0x80 && std::isalnum(static_cast<int>(c));
    const bool other_kept = c >= 0x80 && c != 0xA0 && !(c >= 0x2000 && c <= 0x206F);
    if (ascii_kept || other_kept) hanji::utf8_append(out, c);
  }
  return out;
}

/// Where a reader read an entry's date or place inside one of the entry's texts (a wrapped
/// title, a wrapped highlight): each such text, as "'DATE' inside 'TEXT'". Empty when
/// `extracted` reads each of them apart: whole before or after, never between
/// the lines of a text.
inline std::vector<std::string> asides_read_inside(const std::string& extracted, const hanji::model::CvFile& file,
                                                   const hanji::theme::Theme& theme) {
  std::vector<std::string> problems;
  const std::string text = letters_and_digits(extracted);
  const hanji::model::Locale locale = printed_locale(file, theme);
  for (const auto& section : file.cv.sections)
    for (const auto& e : section.entries) {
      std::vector<std::string> asides = {hanji::compose::format_dates(e, locale, theme.date_format), shown(e.location)};
      std::vector<std::string> texts;
      for (const auto* t : {&e.position, &e.company, &e.institution, &e.area, &e.degree, &e.name, &e.title})
        texts.push_back(shown(*t));
      for (const auto& h : e.highlights) texts.push_back(shown(h.text));
      for (const std::string& aside_text : asides) {
        const std::string aside = letters_and_digits(aside_text);
        if (aside.empty()) continue;
        for (std::size_t at = text.find(aside); at != std::string::npos; at = text.find(aside, at + 1))
          for (const std::string& whole_text : texts) {
            const std::string whole = letters_and_digits(whole_text);
            // A text that begins with the aside (서울대학교 after 서울), read whole here: the
            // aside is the text's own start, not a date or place read inside it.
            if (text.compare(at, whole.size(), whole) == 0) continue;
            // The text's start right before the aside and its rest right after it.
            for (std::size_t split = 1; split < whole.size(); ++split)
              if (split <= at && text.compare(at - split, split, whole, 0, split) == 0 &&
                  text.compare(at + aside.size(), whole.size() - split, whole, split) == 0) {
                problems.push_back("'" + aside_text + "' inside '" + whole_text + "'");
                break;
              }
          }
      }
    }
  return problems;
}

/// Where `text` (what a reader extracted) breaks the CV's reading order: the section titles of
/// each column come in the layout's order, and every entry's title, organisation and first
/// highlight come together after its section's title (in whatever order the layout's template
/// puts them). Empty when it keeps it.
inline std::vector<std::string> reading_order_problems(const std::string& extracted, const hanji::model::CvFile& file,
                                                       const hanji::theme::Theme& layout) {
  std::vector<std::string> problems;
  const std::string text = normalize_space(extracted);
  // In a ruled table (ko-standard) a cell's text wraps within its column and extraction reads
  // the row across, a line of each cell at a time: there only each text's first word is looked for.
  const bool tables = !layout.experience_table.cells.empty() || !layout.education_table.cells.empty();
  auto find = [&](const std::string& what, size_t from) {
    std::string probe = normalize_space(what).substr(0, 24);
    if (tables) probe = probe.substr(0, probe.find(' '));
    return text.find(probe, from);
  };
  // Sections a side column takes are read as a column of their own.
  // (by a word in the title or the key: bilingual's 외국어 under `languages`).
  auto in_side = [&](const hanji::model::Section& section) {
    return hanji::theme::region_for_section(layout, hanji::compose::plain_text(section.title.value), section.key) !=
           hanji::theme::region_taking(layout, "rest");
  };
  // Title, organisation, summary and first highlight sit together (in a table row, a long
  // cell's lines interleave with the others', so there only their order counts).
  const size_t kWithinEntry = tables ? std::string::npos : 600;
  // The sections read in each pass: the main flow's, then a side column's. A column that
  // balances the main flow (regions.NAME.balance) may end with the main flow's last sections,
  // moved whole: read after the column's own. Any number of them may have moved; the order
  // that reads back with the fewest problems is the one the layout chose.
  // A column that fills (regions.NAME.fill_with) may take the main flow's sections its words
  // name, each in its place among the column's own: any of them may have moved.
  auto may_fill = [&](const hanji::model::Section& section) {
    const std::string title = hanji::theme::ascii_lower(hanji::compose::plain_text(section.title.value));
    const std::string key = hanji::theme::ascii_lower(section.key);
    for (const hanji::theme::Region& region : layout.regions)
      for (const std::string& word : region.fill_with) {
        const std::string lower = hanji::theme::ascii_lower(word);
        if (!lower.empty() && (title.find(lower) != std::string::npos || key.find(lower) != std::string::npos))
          return true;
      }
    return false;
  };
  std::vector<const hanji::model::Section*> ordered, fillers;
  for (const hanji::model::Section* set : hanji::compose::ordered_sections(file, layout))
    if (!set->entries.empty()) {
      ordered.push_back(set);
      if (!in_side(*set) && may_fill(*set) && fillers.size() < 6) fillers.push_back(set);
    }
  const bool balanced = std::any_of(layout.regions.begin(), layout.regions.end(),
                                    [](const hanji::theme::Region& r) { return r.balance; });
  std::optional<std::vector<std::string>> fewest;
  for (size_t filled = 0; filled < (size_t{1} << fillers.size()) && !(fewest && fewest->empty()); ++filled) {
    std::vector<const hanji::model::Section*> main_sections, side_sections;
    for (const hanji::model::Section* set : ordered) {
      const auto filler = std::find(fillers.begin(), fillers.end(), set);
      const bool moved_in = filler != fillers.end() && (filled >> (filler - fillers.begin())) & 1;
      (in_side(*set) || moved_in ? side_sections : main_sections).push_back(set);
    }
    for (size_t moved = 0; moved <= (balanced && !main_sections.empty() ? main_sections.size() - 1 : 0); ++moved) {
      std::vector<std::string> found_problems;
      std::vector<const hanji::model::Section*> main_read(main_sections.begin(), main_sections.end() - moved);
      std::vector<const hanji::model::Section*> side_read = side_sections;
      side_read.insert(side_read.end(), main_sections.end() - moved, main_sections.end());
      for (const auto* sections : {&main_read, &side_read}) {
        size_t cursor = 0;
        for (const hanji::model::Section* set : *sections) {
          const hanji::model::Section& section = *set;
          const size_t title_at = find(shown(section.title), cursor);
          if (title_at == std::string::npos) {
            found_problems.push_back("section '" + shown(section.title) + "' is not after offset " + std::to_string(cursor));
            continue;
          }
          cursor = title_at;
          for (const auto& e : section.entries) {
            std::vector<std::string> parts;
            for (const auto* t : {&e.position, &e.company, &e.institution, &e.name, &e.title})
              if (!t->empty()) parts.push_back(shown(*t));
            if (!e.highlights.empty()) parts.push_back(shown(e.highlights.front().text));
            if (parts.empty()) continue;
            // Each part where it stands nearest the entry's longest (its own title, as a rule): a
            // short organisation ("CMU") may come first in the other column of the page, read
            // between the section's entries before a page break and those after it.
            const std::string& anchor =
                *std::max_element(parts.begin(), parts.end(), [](const auto& a, const auto& b) { return a.size() < b.size(); });
            const size_t anchor_at = find(anchor, cursor);
            std::vector<size_t> found;
            for (const auto& part : parts) {
              size_t at = find(part, cursor);
              auto far = [&](size_t where) {
                return (where > anchor_at ? where - anchor_at : anchor_at - where) > kWithinEntry;
              };
              if (anchor_at != std::string::npos)
                while (at != std::string::npos && at < anchor_at && far(at)) at = find(part, at + 1);
              if (at == std::string::npos)
                found_problems.push_back("'" + part + "' is not after offset " + std::to_string(cursor));
              else
                found.push_back(at);
            }
            if (found.empty()) continue;
            std::sort(found.begin(), found.end());
            for (size_t i = 1; i < found.size(); ++i)
              if (found[i] - found[i - 1] > kWithinEntry)
                found_problems.push_back("an entry's parts are scattered: " + parts.front());
            cursor = found.back() + 1;  // the next entry comes after all of this one
          }
        }
      }
      if (!fewest || found_problems.size() < fewest->size()) fewest = std::move(found_problems);
      if (fewest->empty()) break;
    }
  }
  problems = std::move(*fewest);
  // Each column reads whole: no title of a side column's section (one it takes, or may take)
  // between an entry's title and its first highlight in the main flow (poppler read a
  // Korean sidebar's 기술 between a 경력 entry's company and its bullets). Checked where the
  // side column is a tinted panel; an untinted body column (columns) is still read into the
  // main one by pdfminer on some Korean CVs, an open defect of issue 30.
  const bool panel = std::any_of(layout.regions.begin(), layout.regions.end(), [](const hanji::theme::Region& r) {
    return (r.dock == hanji::theme::RegionDock::Left || r.dock == hanji::theme::RegionDock::Right) &&
           !(r.background == hanji::Rgb{1, 1, 1});
  });
  if (!tables && panel)
    for (const hanji::model::Section* set : ordered) {
      if (in_side(*set) || may_fill(*set)) continue;
      for (const auto& e : set->entries) {
        const hanji::model::Text& head = !e.position.empty() ? e.position : !e.name.empty() ? e.name : e.title;
        if (head.empty() || e.highlights.empty()) continue;
        const size_t start = find(shown(head), 0);
        const size_t end = start == std::string::npos ? start : find(shown(e.highlights.front().text), start);
        if (end == std::string::npos || end - start > kWithinEntry) continue;
        for (const hanji::model::Section* side : ordered) {
          if (!in_side(*side) && !may_fill(*side)) continue;
          const size_t title_at = text.find(normalize_space(shown(side->title)), start);
          if (title_at != std::string::npos && title_at < end)
            problems.push_back("section '" + shown(side->title) + "' of a side column is read inside the entry '" +
                               shown(head) + "'");
        }
      }
    }
  return problems;
}

}  // namespace cv_text
