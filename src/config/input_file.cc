// Reading a CV or layout file, and checking that it is text hanji can read: UTF-8, as YAML
// requires, not a UTF-16 export or an EUC-KR file from an older Korean Windows editor.
#include <fmt/format.h>

#include "core/files.h"
#include "core/limits.h"
#include "config/yaml_tree.h"

namespace hanji::config {

namespace {

// Korean text in EUC-KR / CP949 is pairs of bytes from 0x81-0xFE (lead) and 0x41-0xFE
// (trail); in UTF-8 such pairs are mostly ill-formed. A handful of them is enough to guess.
bool looks_like_cp949(std::string_view text, size_t from) {
  int pairs = 0, others = 0;
  for (size_t i = from; i + 1 < text.size() && pairs + others < 64; ++i) {
    const auto lead = static_cast<unsigned char>(text[i]), trail = static_cast<unsigned char>(text[i + 1]);
    if (lead < 0x80) continue;
    if (lead >= 0x81 && lead <= 0xFE && trail >= 0x41 && trail <= 0xFE) {
      ++pairs;
      ++i;
    } else {
      ++others;
    }
  }
  return pairs >= 2 && others == 0;
}

bool starts_like_utf16(std::string_view text) {
  if (text.starts_with("\xFF\xFE") || text.starts_with("\xFE\xFF")) return true;
  // Without a byte-order mark: ASCII in UTF-16 has a zero byte in every other position.
  return text.size() >= 4 && (text[0] == '\0') != (text[1] == '\0') && (text[2] == '\0') != (text[3] == '\0');
}

}  // namespace

std::optional<std::string> read_input_file(const std::string& path, const Span& named_at, Diagnostics& diags) {
  std::string error;
  // A CV named through a link (cv.yaml -> ~/.ssh/id_rsa, in a folder someone else prepared)
  // must lead to a CV's kind of file, or its lines would be quoted in the messages.
  if (!link_target_named_as(path, {".yaml", ".yml", ".json"})) {
    diags.error(named_at.known() ? named_at : Span{path, 0, 0},
                "the file is a link to a file that is not a CV (a .yaml, .yml or .json file)",
                {"name the CV file itself, not a link to another kind of file"});
    return std::nullopt;
  }
  // One byte past the limit: a file that long comes back whole up to there, and parse_yaml
  // reports the place where it crosses the limit, as for any text.
  std::optional<std::string> text = read_file_head(path, limits::kMaxInputBytes + 1, error);
  if (text && (text->size() <= limits::kMaxInputBytes || !named_at.known())) return text;
  if (text) error = "is larger than " + describe_bytes(limits::kMaxInputBytes);
  const Span where = named_at.known() ? named_at : Span{path, 0, 0};
  const std::string subject = named_at.known() ? fmt::format("'{}' ", path) : std::string();
  std::vector<std::string> hints;
  if (error.starts_with("is larger"))
    hints.push_back(too_large_hint());
  else if (error.starts_with("does not exist"))
    hints.push_back("check the name; a relative path starts at the current folder");
  else if (error.starts_with("is not a regular"))
    hints.push_back("hanji reads CV and layout files from disk; save the text to a file first");
  else if (!error.starts_with("is a directory"))
    hints.push_back("check that you may read the file");
  diags.error(where, subject.empty() ? "the file " + error : subject + error, std::move(hints));
  return std::nullopt;
}

std::string too_large_hint() {
  return fmt::format("hanji reads files of up to {}; a long CV is 60 KB. Is this the right file?",
                     describe_bytes(limits::kMaxInputBytes));
}

bool check_encoding(const SourceText& source, Diagnostics& diags) {
  const std::string& text = source.text();
  if (starts_like_utf16(text)) {
    diags.error(Span{source.file(), 1, 1}, "the file is UTF-16 text; hanji reads UTF-8",
                {"save it as UTF-8 (in most editors: Save As, Encoding: UTF-8)"});
    return false;
  }
  size_t bad = 0;
  if (utf8_valid(text, &bad)) {
    if (const size_t nul = text.find('\0'); nul != std::string::npos) {
      diags.error(source.span_at(source.mark_at(nul)), "the file holds a NUL byte: it is not a text file",
                  {"name the CV's .yaml file"});
      return false;
    }
    return true;
  }
  const Span where = source.span_at(source.mark_at(bad));
  if (looks_like_cp949(text, bad)) {
    diags.error(where, "the file is not UTF-8: it looks like Korean EUC-KR (CP949) text",
                {fmt::format("convert it: iconv -f CP949 -t UTF-8 '{}' > cv-utf8.yaml", source.file()),
                 "or save it as UTF-8 from the editor"});
  } else {
    diags.error(where, fmt::format("the file is not UTF-8: byte 0x{:02X} here does not start a character",
                                   static_cast<unsigned char>(text[bad])),
                {"save the file as UTF-8"});
  }
  return false;
}

}  // namespace hanji::config
