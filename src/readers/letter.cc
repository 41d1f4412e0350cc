// `letter:` -> Letter: the recipient, date, subject, salutation, body, closing, signature and
// enclosures of a cover letter, in a CV file or in an application file that names its CV.
// Also `parts:`, the documents a build binds and their order.
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>

#include "readers/reader.h"

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

bool blank_line(std::string_view line) { return line.find_first_not_of(" \t\r") == std::string_view::npos; }

std::string_view trimmed(std::string_view text) {
  const size_t begin = text.find_first_not_of(" \t\r");
  if (begin == std::string_view::npos) return {};
  const size_t end = text.find_last_not_of(" \t\r");
  return text.substr(begin, end - begin + 1);
}

// A body written as one text: paragraphs at blank lines, a line starting with "- " an item of
// a list (the lines after it, up to the next item or blank line, continue it). Each text
// points at its own first character in the file.
std::vector<TextBlock> blocks_of_text(const YamlNode& scalar, Reader& reader) {
  ScalarLocator locate(reader.source, scalar);
  std::vector<TextBlock> blocks;
  const std::string& value = scalar.scalar;
  bool after_blank = true;
  for (size_t at = 0; at < value.size();) {
    size_t end = value.find('\n', at);
    if (end == std::string::npos) end = value.size();
    const std::string_view line(value.data() + at, end - at);
    const size_t line_start = at;
    at = end + 1;
    if (blank_line(line)) {
      after_blank = true;
      continue;
    }
    const size_t indent = line.find_first_not_of(" \t");
    const std::string_view content = trimmed(line);
    const bool item = content.starts_with("- ") || content == "-";
    const size_t text_offset = line_start + indent + (item ? std::min<size_t>(2, content.size()) : 0);
    const std::string_view text = item ? trimmed(content.substr(std::min<size_t>(2, content.size()))) : content;
    const bool continues = !after_blank && !blocks.empty() && !blocks.back().items.empty() && !item;
    after_blank = false;
    if (continues) {
      std::string& last = blocks.back().items.back().value;
      last += ' ';
      last += text;
      continue;
    }
    const size_t first = text.empty() ? text_offset : value.find_first_not_of(" \t", text_offset);
    Text made{std::string(text), locate.at(first == std::string::npos ? text_offset : first)};
    if (!reader.count_parts(made.span, 1, false)) break;
    if (item) {
      if (blocks.empty() || !blocks.back().list) blocks.push_back(TextBlock{{}, true});
      blocks.back().items.push_back(std::move(made));
    } else {
      blocks.push_back(TextBlock{{std::move(made)}, false});
    }
  }
  return blocks;
}

// A body written as a list: each text a paragraph, each nested list a list.
std::vector<TextBlock> blocks_of_list(const YamlNode& list, std::string_view key, Reader& reader) {
  std::vector<TextBlock> blocks;
  for (const YamlNode& item : list.items) {
    if (!reader.count_parts(item.span, 1, false)) break;
    if (item.is_sequence()) {
      if (!reader.count_parts(item.span, item.items.size(), false)) break;
      TextBlock block{{}, true};
      for (const YamlNode& entry : item.items)
        if (std::optional<Text> text = reader.text(entry, key); text && !text->empty())
          block.items.push_back(std::move(*text));
      if (!block.items.empty()) blocks.push_back(std::move(block));
      continue;
    }
    if (std::optional<Text> text = reader.text(item, key); text && !text->empty())
      blocks.push_back(TextBlock{{std::move(*text)}, false});
  }
  return blocks;
}

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
      if (value.is_scalar()) letter.body = blocks_of_text(value, reader);
      else if (value.is_sequence()) letter.body = blocks_of_list(value, shown, reader);
      else if (!value.is_null())
        reader.diags.error(value.span, fmt::format("expected text or a list for 'letter.body', found {}", describe_kind(value)),
                           {"write 'body: |' and the paragraphs under it, separated by blank lines"});
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

void read_parts(const YamlNode& node, Reader& reader, const std::vector<Part>& present, CvFile& file) {
  if (node.is_null()) return;
  std::vector<Text> names = reader.text_list(node, "parts", true);
  std::vector<std::string> known;
  for (Part part : {Part::Letter, Part::Cv, Part::SelfIntroduction}) known.emplace_back(part_name(part));
  std::vector<Part> parts;
  bool failed = false;
  for (const Text& name : names) {
    std::optional<Part> part = part_named(name.value);
    if (!part) {
      const std::string guess = closest_match(name.value, known);
      reader.diags.error(name.span, fmt::format("'{}' is not a part of an application", excerpt(name.value)),
                         {guess.empty() ? fmt::format("the parts are {}", quoted_list(known))
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
  if (failed || parts.empty()) return;
  file.parts = std::move(parts);
  file.parts_span = node.span;
}

std::vector<Part> present_parts(const CvFile& file, bool has_cv) {
  std::vector<Part> parts;
  if (file.letter) parts.push_back(Part::Letter);
  if (has_cv) parts.push_back(Part::Cv);
  if (file.self_introduction) parts.push_back(Part::SelfIntroduction);
  return parts;
}

}  // namespace hanji::readers
