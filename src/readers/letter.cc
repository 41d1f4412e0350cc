// `letter:` -> Letter: the recipient, date, subject, salutation, body, closing, signature and
// enclosures of a cover letter, in a CV file or in an application file that names its CV.
// Also `parts:`, the documents a build binds and their order.
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>

#include "readers/reader.h"
#include "readers/text_blocks.h"

namespace hanji::readers {

const std::vector<Field>& letter_fields() {
  static const std::vector<Field> kFields = {
      {"recipient", Shape::Recipient, "whom the letter is written to: name, title, company and address lines"},
      {"date", Shape::FreeDate,
       "the letter's date: YYYY-MM-DD (written in the locale's words) or text as it is to be printed; default: the "
       "day of the build (SOURCE_DATE_EPOCH's when set)"},
      {"subject", Shape::Text, "the subject line, e.g. Application for the position of Senior Engineer"},
      {"salutation", Shape::Text, "the greeting, e.g. Dear Dr Smith,"},
      {"body", Shape::Blocks,
       "the letter's text, with the CV's inline markup: one text whose paragraphs are separated by blank lines "
       "(lines starting with \"- \" make a list), or a list of paragraphs (a nested list is a list)"},
      {"closing", Shape::Text, "the words before the signature, e.g. Yours sincerely,"},
      {"signature", Shape::Signature,
       "the name signed under the letter (default: the CV's name), or a map of name and image (a PNG or JPEG of a "
       "handwritten signature, its path relative to the file)"},
      {"enclosures", Shape::Texts, "what goes with the letter, listed after it (Enclosures: ...)"},
  };
  return kFields;
}

const std::vector<Field>& recipient_fields() {
  static const std::vector<Field> kFields = {
      {"name", Shape::Text, "the recipient's name, e.g. Dr Jane Smith"},
      {"title", Shape::Text, "the recipient's position, e.g. Head of Engineering"},
      {"company", Shape::Text, "the company or institution"},
      {"address", Shape::Texts, "the address, one line each: street, city, country"},
  };
  return kFields;
}

const std::vector<Field>& signature_fields() {
  static const std::vector<Field> kFields = {
      {"name", Shape::Text, "the name signed; default: the CV's name"},
      {"image", Shape::Text, "a PNG or JPEG of the handwritten signature, its path relative to the file"},
  };
  return kFields;
}

namespace {

// Each line of a list (an address, the enclosures) counted as a part of the file: past the
// limit, an error at the line that crosses it and the list left out.
void count_lines(std::vector<Text>& lines, Reader& reader) {
  for (const Text& line : lines)
    if (!reader.count_parts(line.span, 1, false)) {
      lines.clear();
      return;
    }
}

// Keys of `node` not in `fields`: the usual located error with did-you-mean.
void check_keys(const YamlNode& node, const std::vector<Field>& fields, std::string_view where, Reader& reader) {
  for (size_t i = 0; i < node.keys.size(); ++i)
    if (!find_field(fields, node.keys[i])) reader.unknown_key(node.key_spans[i], node.keys[i], where, keys_of(fields));
}

void read_recipient(const YamlNode& node, Reader& reader, Recipient& recipient) {
  if (node.is_null()) return;
  if (node.is_scalar()) {  // a name alone
    if (auto name = reader.text(node, "letter.recipient")) recipient.name = std::move(*name);
    return;
  }
  if (!reader.expect_map(node, "letter.recipient", "write name:, title:, company: and address: under it")) return;
  check_keys(node, recipient_fields(), "letter.recipient", reader);
  for (size_t i = 0; i < node.keys.size(); ++i) {
    const std::string& key = node.keys[i];
    const YamlNode& value = node.items[i];
    if (key == "address") {
      recipient.address = reader.text_list(value, "letter.recipient.address", true);
      count_lines(recipient.address, reader);
    }
    else if (auto text = reader.text(value, "letter.recipient." + key)) {
      if (key == "name") recipient.name = std::move(*text);
      else if (key == "title") recipient.title = std::move(*text);
      else if (key == "company") recipient.company = std::move(*text);
    }
  }
}

void read_signature(const YamlNode& node, Reader& reader, const std::string& base_dir, Letter& letter) {
  if (node.is_null()) return;
  if (node.is_scalar()) {
    if (auto name = reader.text(node, "letter.signature")) letter.signature_name = std::move(*name);
    return;
  }
  if (!reader.expect_map(node, "letter.signature", "write the name, or name: and image: under it")) return;
  check_keys(node, signature_fields(), "letter.signature", reader);
  if (const YamlNode* name = value_of(node, "name"))
    if (auto text = reader.text(*name, "letter.signature.name")) letter.signature_name = std::move(*text);
  if (const YamlNode* image = value_of(node, "image"))
    if (auto text = reader.text(*image, "letter.signature.image"); text && !text->empty())
      if (auto resolved = resolve_picture(*text, "letter.signature.image", base_dir, reader))
        letter.signature_image = std::move(*resolved);
}

}  // namespace

void read_letter(const YamlNode& node, const Span& key_span, Reader& reader, const std::string& base_dir,
                 Letter& letter) {
  letter.span = key_span;
  if (node.is_null()) return;
  if (!reader.expect_map(node, "letter", "write 'letter:' followed by indented keys such as recipient: and body:"))
    return;
  check_keys(node, letter_fields(), "letter", reader);
  for (size_t i = 0; i < node.keys.size(); ++i) {
    const std::string& key = node.keys[i];
    const YamlNode& value = node.items[i];
    const std::string shown = "letter." + key;
    if (key == "recipient") {
      read_recipient(value, reader, letter.recipient);
    } else if (key == "date") {
      if (!value.is_null()) letter.date = read_date(value, DateField::Date, reader);
    } else if (key == "body") {
      letter.body = read_text_blocks(value, shown, "write 'body: |' and the paragraphs under it, separated by blank lines",
                                     reader);
    } else if (key == "signature") {
      read_signature(value, reader, base_dir, letter);
    } else if (key == "enclosures") {
      letter.enclosures = reader.text_list(value, shown, true);
      count_lines(letter.enclosures, reader);
    } else if (find_field(letter_fields(), key)) {
      if (auto text = reader.text(value, shown)) {
        if (key == "subject") letter.subject = std::move(*text);
        else if (key == "salutation") letter.salutation = std::move(*text);
        else if (key == "closing") letter.closing = std::move(*text);
      }
    }
  }
  if (letter.body.empty())
    reader.diags.warning(key_span, "the letter has no body", {"write 'body: |' and the letter's paragraphs under it"});
}

std::optional<Text> resolve_picture(const Text& written, std::string_view key, const std::string& base_dir,
                                    Reader& reader) {
  namespace fs = std::filesystem;
  const std::string& path = written.value;
  if (path.starts_with("http://") || path.starts_with("https://")) {
    reader.diags.error(written.span, fmt::format("{} is a web address ({}); hanji reads pictures from files", key,
                                                 excerpt(path)),
                       {"download it into the file's folder and give its path"});
    return std::nullopt;
  }
  const std::string extension = lowercase(fs::path(path).extension().string());
  if (extension != ".png" && extension != ".jpg" && extension != ".jpeg") {
    reader.diags.error(written.span, fmt::format("{} '{}' is not a PNG or JPEG file", key, path),
                       {"use a .png, .jpg or .jpeg image"});
    return std::nullopt;
  }
  const fs::path resolved = fs::path(path).is_absolute() ? fs::path(path) : fs::path(base_dir) / path;
  std::string error;
  if (!probe_data_file(resolved.string(), photo_file_kind(), error)) {
    reader.diags.error(written.span, fmt::format("{} file '{}' {}", key, resolved.string(), error),
                       {error.starts_with("does not exist")
                            ? fmt::format("the path is relative to the file's folder ({})", base_dir.empty() ? "." : base_dir)
                            : "give the path of a .jpg or .png picture"});
    return std::nullopt;
  }
  return Text{resolved.lexically_normal().string(), written.span};
}

bool read_parts(const YamlNode& node, Reader& reader, const std::vector<Part>& present, CvFile& file) {
  if (node.is_null()) return false;
  std::vector<Text> names = reader.text_list(node, "parts", true);
  std::vector<std::string> known;
  for (Part part : {Part::Letter, Part::Cv, Part::SelfIntroduction}) known.emplace_back(part_name(part));
  std::vector<Part> parts;
  bool failed = false;
  for (const Text& name : names) {
    std::optional<Part> part = part_named(name.value);
    if (!part) {
      const std::string guess = closest_match(name.value, known);
      const bool several = name.value.find_first_of(", ") != std::string::npos;  // --set parts=letter,cv
      reader.diags.error(name.span, fmt::format("'{}' is not a part of an application", excerpt(name.value)),
                         {several ? "write the parts as a list, each its own item: parts: [letter, cv]"
                          : guess.empty() ? fmt::format("the parts are {}", quoted_list(known))
                                          : fmt::format("did you mean '{}'?", guess)});
      failed = true;
    } else if (std::find(present.begin(), present.end(), *part) == present.end()) {
      reader.diags.error(name.span, fmt::format("parts names '{}', which the file does not have", name.value),
                         {*part == Part::Letter ? "write the letter under 'letter:', or leave it out of parts"
                                                : "write it in the file, or leave it out of parts"});
      failed = true;
    } else if (std::find(parts.begin(), parts.end(), *part) != parts.end()) {
      reader.diags.error(name.span, fmt::format("parts names '{}' twice", name.value), {"name each part once"});
      failed = true;
    } else {
      parts.push_back(*part);
    }
  }
  if (failed || parts.empty()) return false;
  file.parts = std::move(parts);
  file.parts_span = node.span;
  return true;
}

std::vector<Part> present_parts(const CvFile& file, bool has_cv) {
  std::vector<Part> parts;
  if (file.letter) parts.push_back(Part::Letter);
  if (has_cv) parts.push_back(Part::Cv);
  if (file.self_introduction) parts.push_back(Part::SelfIntroduction);
  return parts;
}

}  // namespace hanji::readers
