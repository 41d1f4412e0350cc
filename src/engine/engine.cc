#include "engine/engine.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <mutex>
#include <utility>

#include "compose/compose.h"
#include "core/limits.h"
#include "count/count.h"
#include "engine/fill_columns.h"
#include "engine/phones.h"
#include "layout/paginate.h"
#include "text/font_tables.h"
#include "theme/system_fonts.h"
#include "text/text.h"

namespace hanji::engine {

LayoutChoice choose_layout(const model::CvFile& file, const Request& request) {
  // --layout wins over the file's `layout:`; a name from the file is reported where it is written.
  if (!request.layout.empty()) return {request.layout, Span{}};
  if (!file.layout_name.empty()) return {file.layout_name, file.layout_span};
  return {"classic", Span{}};
}

namespace {

// Idle typesetters by Typesetter::signature: a few per signature (one per thread that sets
// the same layout at once), a few signatures (a watch that switches layouts, a batch of CVs
// in several), so that memory stays that of a handful of CVs' fonts and paragraphs.
constexpr std::size_t kIdlePerSignature = 4;
constexpr std::size_t kIdleTotal = 8;
// Compressed PDF streams: those of a few CVs, in bytes (their content and their compression).
constexpr std::size_t kKeptStreamBytes = 16u << 20;

}  // namespace

struct Engine::Impl {
  Impl(theme::DataDirs d, Builds b) : dirs(std::move(d)), builds(b) {}

  theme::DataDirs dirs;
  Builds builds;
  theme::LayoutFileCache layout_files;
  readers::LocaleCache locale_files;
  // Photos fetched from web addresses (--fetch-photos): watch and serve download each once.
  readers::FetchedPhotos fetched_photos;
  config::YamlPieces yaml_pieces;
  compose::MarkupMemo markup;
  text::FontService fonts;
  Memo<std::string, std::string> streams{kKeptStreamBytes};

  /// hanji-phone.so, loaded when a CV first asks for a phone format, then kept.
  std::mutex phone_mutex;
  std::optional<modules::PhoneNumbers> phone_numbers;

  const modules::PhoneNumbers* phones(std::string& error) {
    std::lock_guard lock(phone_mutex);
    if (!phone_numbers) phone_numbers = modules::PhoneNumbers::load(error);
    return phone_numbers ? &*phone_numbers : nullptr;
  }

  std::mutex mutex;  // guards what follows
  std::multimap<std::string, std::unique_ptr<text::Typesetter>> idle;
  std::vector<std::string> idle_order;  // signatures, least recently given back first
  EngineWork work;

  /// A typesetter for `theme` reporting into `diags`: an idle one that set the same fonts
  /// and settings before, or a new one.
  std::unique_ptr<text::Typesetter> take_typesetter(const theme::Theme& theme, const std::string& signature,
                                                    Diagnostics& diags) {
    {
      std::lock_guard lock(mutex);
      if (auto it = idle.find(signature); it != idle.end()) {
        std::unique_ptr<text::Typesetter> typesetter = std::move(it->second);
        idle.erase(it);
        if (typesetter->reusable()) {
          ++work.typesetters_reused;
          typesetter->report_to(diags);
          typesetter->start_document();
          return typesetter;
        }
      }
      ++work.typesetters_made;
    }
    auto typesetter = std::make_unique<text::Typesetter>(theme, diags, &fonts);
    // A single build keeps no lines (fitting sets each paragraph at a new size or measure),
    // except where two columns are balanced: every placement tried sets the same paragraphs
    // at the same widths again (heungsub-lee in columns: 264 M instructions, 164 M kept).
    const bool balancing = std::any_of(theme.regions.begin(), theme.regions.end(),
                                       [](const theme::Region& region) { return region.balance; });
    typesetter->keep_lines(builds == Builds::Many || balancing);
    return typesetter;
  }

  /// Keeps `typesetter` for the next render of the same signature, if it can serve one.
  void give_back(std::unique_ptr<text::Typesetter> typesetter, const std::string& signature) {
    if (!typesetter->reusable()) return;
    std::lock_guard lock(mutex);
    if (idle.count(signature) >= kIdlePerSignature) return;
    idle.emplace(signature, std::move(typesetter));
    std::erase(idle_order, signature);
    idle_order.push_back(signature);
    while (idle.size() > kIdleTotal && !idle_order.empty()) {
      idle.erase(idle_order.front());
      idle_order.erase(idle_order.begin());
    }
  }

  readers::ReadOptions read_options(const Request& request) {
    readers::ReadOptions options = request.read;
    if (options.locales_dir.empty()) options.locales_dir = dirs.locales;
    if (options.layouts_dir.empty()) options.layouts_dir = dirs.layouts;
    if (!options.locale_cache) options.locale_cache = &locale_files;
    if (!options.yaml_pieces) options.yaml_pieces = &yaml_pieces;
    if (!options.fetched_photos) options.fetched_photos = &fetched_photos;
    // Only the text module reads font tables: it tells the reader what a fonts/ folder holds.
    if (!options.font_file_facts) options.font_file_facts = text::font_file_facts;
    // Only the theme module asks fontconfig: it tells the reader which families are installed.
    if (!options.installed_fonts.find) options.installed_fonts = installed_font_families();
    return options;
  }

  // Answers from fontconfig, loaded only when a RenderCV design names a family (one read's own:
  // the answers do not outlive the read, nor cross threads).
  static readers::InstalledFonts installed_font_families() {
    auto fonts = std::make_shared<theme::SystemFonts>();
    return {[fonts](const std::string& family) {
              const std::optional<bool> embeddable = fonts->installed(family);
              if (!embeddable) return readers::FamilyInstall::Missing;
              return *embeddable ? readers::FamilyInstall::Embeddable : readers::FamilyInstall::NotEmbeddable;
            },
            [fonts] {
              std::vector<std::string> names;
              for (const theme::InstalledFamily& family : fonts->families()) names.push_back(family.name);
              return names;
            }};
  }
};

Engine::Engine(theme::DataDirs dirs, Builds builds) : impl_(std::make_unique<Impl>(std::move(dirs), builds)) {}

Engine::~Engine() = default;

const theme::DataDirs& Engine::dirs() const { return impl_->dirs; }

fit::FitResult Engine::lay_out(const model::CvFile& file, const theme::Theme& theme, int pages, Diagnostics& diags) {
  // The typesetter keeps reporting into `sink` (a layout without fonts at once, then what each
  // paragraph needs); each attempt hands what it gathered to fit, which keeps the messages of
  // the layout it chooses.
  Diagnostics sink;
  const std::string signature = text::Typesetter::signature(theme);
  std::unique_ptr<text::Typesetter> typesetter = impl_->take_typesetter(theme, signature, sink);
  std::size_t layouts = 0;
  auto attempt = [&](const theme::Theme& squeezed, const layout::Options& options, Diagnostics& out) {
    auto lay_out_once = [&](const theme::Theme& with_columns, Diagnostics& said) {
      ++layouts;
      doc::Document doc;
      if (!sink.has_errors()) {
        compose::Composition composition = compose::compose(file, with_columns, sink, &impl_->markup);
        if (!sink.has_errors()) doc = layout::paginate(composition, with_columns, *typesetter, sink, options);
      }
      said = std::move(sink);
      sink = Diagnostics{};  // the same object, which the typesetter holds on to
      return doc;
    };
    auto regions_of = [&](const theme::Theme& with_columns) { return compose::section_regions(file, with_columns); };
    return lay_out_filling_columns(squeezed, lay_out_once, regions_of, out);
  };
  fit::FitResult result = fit::fit_to_pages(attempt, theme, pages, diags);
  // A warm typesetter numbers fonts in the order of every CV it set: numbered again by first
  // use, the document is the same as a cold one's.
  doc::number_fonts_by_first_use(result.doc);
  {
    std::lock_guard lock(impl_->mutex);
    ++impl_->work.renders;
    impl_->work.layouts += layouts;
  }
  if (!diags.has_errors()) impl_->give_back(std::move(typesetter), signature);
  return result;
}

doc::Document Engine::lay_out_letter(const model::CvFile& file, const theme::Theme& layout_theme,
                                     Diagnostics& diags) {
  Diagnostics sink;
  const theme::Theme page = compose::letter_page_theme(layout_theme);
  const theme::Theme& theme = page;
  const std::string signature = text::Typesetter::signature(theme);
  std::unique_ptr<text::Typesetter> typesetter = impl_->take_typesetter(theme, signature, sink);
  doc::Document doc;
  if (!sink.has_errors()) {
    compose::Composition composition = compose::compose_letter(file, theme, sink, &impl_->markup);
    layout::Options options;
    options.balance_last_page = false;  // a letter's spaces are the layout's, never tightened
    if (!sink.has_errors()) doc = layout::paginate(composition, theme, *typesetter, sink, options);
  }
  doc::number_fonts_by_first_use(doc);
  if (doc.pages.size() > 1 && file.letter) {
    // What runs past the first page, in the body's lines: what to cut to keep it on one.
    double over = 0;
    for (std::size_t i = 1; i < doc.pages.size(); ++i) over += doc.pages[i].content_height;
    const double leading = theme.letter_line_height > 0 ? theme.letter_line_height : theme.body.line_height;
    const double line = std::max(1.0, theme.body.size * leading);
    const auto lines = static_cast<long>(std::ceil(over / line));
    sink.warning(file.letter->span,
                 fmt::format("the letter runs onto {} pages: {:.0f} pt, about {} line{} of its text, do not fit on "
                             "the first",
                             doc.pages.size(), over, lines, lines == 1 ? "" : "s"),
                 {"a cover letter reads best on one page: shorten it by that much (about 400 words fit at the "
                  "layout's sizes)"});
  }
  for (const Diagnostic& d : sink.all()) diags.add(d);
  {
    std::lock_guard lock(impl_->mutex);
    ++impl_->work.renders;
  }
  if (!diags.has_errors()) impl_->give_back(std::move(typesetter), signature);
  return doc;
}

namespace {

// Whether the CV's own layout values set text.KEY.
bool cv_sets_text(const model::CvFile& file, std::string_view key) {
  const config::ConfigNode* text = file.layout_overrides.find("text");
  return text && text->find(key);
}

// A bound application's title, as the locale titles a CV ("NAME – CV", "NAME 이력서") with the
// parts' names where the CV's stands: "NAME – Cover letter · CV", "NAME 이력서 · 자기소개서".
std::string application_title(const model::Locale& locale, const std::string& name,
                              const std::vector<std::string>& part_titles) {
  std::string parts;
  for (const std::string& title : part_titles) parts += (parts.empty() ? "" : " \u00b7 ") + title;
  std::string title = name.empty() ? locale.cv_title : locale.cv_title_with_name;
  if (const auto at = title.find(locale.cv_title); !locale.cv_title.empty() && at != std::string::npos)
    title.replace(at, locale.cv_title.size(), parts);
  else
    title = parts;
  if (const auto at = title.find("NAME"); at != std::string::npos) title.replace(at, 4, name);
  return title;
}

}  // namespace

std::optional<theme::Theme> Engine::theme_for(const model::CvFile& file, const Request& request,
                                              Diagnostics& diags) {
  LayoutChoice choice = choose_layout(file, request);
  // Layout names are looked up next to the CV and in the user's folder before the built-in ones.
  theme::DataDirs search = impl_->dirs;
  if (search.user_layouts.empty()) search.user_layouts = theme::layout_search_dirs(file.path);
  search.cv_file = file.path;
  search.cache = &impl_->layout_files;
  std::optional<theme::Theme> theme =
      theme::load_theme(choice.name, choice.span, file.layout_overrides, request.paper, search, diags);
  if (theme) {
    // What the CV's language decides whatever the layout: the writing direction, whether
    // anything is in italics, how its paragraphs are aligned (locales/*.yaml).
    theme->right_to_left = model::is_right_to_left(file.locale.language);
    theme->italics = !file.locale.emphasis_in_color;
    // Justified paragraphs and list items over the layout's ragged ones (KLREQ sets a list
    // item flush on both sides as it does a paragraph), unless the CV's own layout values (its
    // `layout:` map, --set) choose an alignment: what the CV says wins over its language.
    if (file.locale.justify_paragraphs && !cv_sets_text(file, "align")) {
      const config::ConfigNode* letter = file.layout_overrides.find("letter");
      if (!(letter && letter->find("align"))) theme->letter_align = theme::Align::Justify;
      if (!cv_sets_text(file, "align_summary")) theme->summary_align = theme::Align::Justify;
      if (!cv_sets_text(file, "align_highlights")) theme->highlight_align = theme::Align::Justify;
      if (!cv_sets_text(file, "align_text")) theme->text_align = theme::Align::Justify;
    }
  }
  return theme;
}

namespace {

// How the PDF is written: the CV's settings.pdf_standard over the layout's pdf.standard.
doc::PdfOutput pdf_output(const theme::Theme& theme, const model::Settings& settings) {
  doc::PdfOutput output;
  output.tagged = theme.pdf_tagged;
  constexpr doc::PdfStandard kByIndex[] = {doc::PdfStandard::None, doc::PdfStandard::Ua1, doc::PdfStandard::A2b,
                                           doc::PdfStandard::A2a};
  if (theme.pdf_standard >= 0 && theme.pdf_standard < 4) output.standard = kByIndex[theme.pdf_standard];
  if (std::optional<doc::PdfStandard> asked = doc::pdf_standard_named(settings.pdf_standard)) {
    output.standard = *asked;
    output.standard_span = settings.pdf_standard_span;
  }
  return output;
}

}  // namespace

// A 자기소개서 composed and paginated with the CV's theme, each answer's count (in its limit's
// unit) shown where the layout shows counts.
doc::Document Engine::lay_out_self_introduction(const model::CvFile& file, const theme::Theme& theme,
                                                Diagnostics& diags) {
  std::vector<long> counts;
  for (const model::Question& question : file.self_introduction->questions) {
    const model::CountLimit limit = question.limit.value_or(model::CountLimit{});
    counts.push_back(count::counts(count::paste_text(question), limit.newline).in(limit.unit));
  }
  Diagnostics sink;
  const std::string signature = text::Typesetter::signature(theme);
  std::unique_ptr<text::Typesetter> typesetter = impl_->take_typesetter(theme, signature, sink);
  doc::Document doc;
  if (!sink.has_errors()) {
    compose::Composition composition = compose::compose_self_introduction(file, theme, sink, &impl_->markup, counts);
    if (!sink.has_errors()) doc = layout::paginate(composition, theme, *typesetter, sink, {});
  }
  doc::number_fonts_by_first_use(doc);
  for (const Diagnostic& d : sink.all()) diags.add(d);
  {
    std::lock_guard lock(impl_->mutex);
    ++impl_->work.renders;
  }
  if (!diags.has_errors()) impl_->give_back(std::move(typesetter), signature);
  return doc;
}

std::optional<Rendered> Engine::render(model::CvFile file, const Request& request, Diagnostics& diags) {
  std::optional<theme::Theme> theme = theme_for(file, request, diags);
  if (!theme) return std::nullopt;
  // --fit-pages wins over the layout's fit_pages; without either the CV is laid out as it is.
  const int pages = request.fit_pages > 0 ? request.fit_pages : theme->fit_pages;
  if (theme->phone_format != theme::PhoneFormat::AsWritten && !file.cv.phones.empty()) {
    std::string error;
    if (const modules::PhoneNumbers* numbers = impl_->phones(error)) {
      format_phones(file.cv, file.locale.language, theme->phone_format, *numbers, diags);
    } else {
      diags.error(file.cv.phones.front().span,
                  fmt::format("the phone numbers cannot be formatted (header.phone_format): {}", error),
                  {"reinstall hanji (make install puts the module in lib/hanji), or build the target hanji-phone; "
                   "header.phone_format: as-written needs no module"});
      return std::nullopt;
    }
  }
  const bool bound = file.parts.size() != 1 || file.parts.front() != model::Part::Cv;
  if (!bound) {
    fit::FitResult fitted = lay_out(file, *theme, pages, diags);
    if (diags.has_errors()) return std::nullopt;
    doc::PdfOutput pdf = pdf_output(*theme, file.settings);
    const int count = static_cast<int>(fitted.doc.pages.size());
    return Rendered{std::move(fitted.doc), std::move(fitted.theme), std::move(file), std::move(pdf),
                    {PartPages{model::Part::Cv, 0, count}}};
  }
  // An application: each part laid out as it is laid out alone (the CV fitted, the letter as it
  // is), then bound into one document.
  std::vector<doc::BoundPart> bound_parts;
  std::vector<PartPages> ranges;
  theme::Theme cv_theme = *theme;
  doc::Metadata cv_meta;
  bool has_cv_meta = false;
  int first_page = 0;
  for (model::Part part : file.parts) {
    doc::BoundPart laid;
    switch (part) {
      case model::Part::Cv: {
        fit::FitResult fitted = lay_out(file, *theme, pages, diags);
        laid.doc = std::move(fitted.doc);
        cv_theme = std::move(fitted.theme);
        laid.bookmark = file.locale.cv_title;
        cv_meta = laid.doc.meta;
        has_cv_meta = true;
        break;
      }
      case model::Part::Letter:
        laid.doc = lay_out_letter(file, *theme, diags);
        if (auto label = file.locale.labels.find("letter"); label != file.locale.labels.end()) laid.bookmark = label->second;
        if (laid.bookmark.empty()) laid.bookmark = "Cover letter";
        break;
      case model::Part::SelfIntroduction:
        if (!file.self_introduction) continue;
        laid.doc = lay_out_self_introduction(file, *theme, diags);
        if (auto label = file.locale.labels.find("self_introduction_document"); label != file.locale.labels.end())
          laid.bookmark = label->second;
        if (laid.bookmark.empty()) laid.bookmark = "Self-introduction";
        break;
    }
    if (diags.has_errors()) return std::nullopt;
    const int count = static_cast<int>(laid.doc.pages.size());
    // Each part is held to the page limit as it is laid out; the bound PDF is one PDF, held to
    // it too (a letter of 55 pages and a CV of 96 made one of 151).
    if (static_cast<std::size_t>(first_page + count) > limits::kMaxPages) {
      const Span at = part == model::Part::Letter && file.letter                      ? file.letter->span
                      : part == model::Part::SelfIntroduction && file.self_introduction ? file.self_introduction->span
                      : file.parts_span.known()                                         ? file.parts_span
                                                                                        : Span{file.path, 1, 1};
      diags.error(at,
                  fmt::format("the application runs to {} pages with its {}; hanji makes at most {} in one PDF",
                              first_page + count, model::part_name(part), limits::kMaxPages),
                  {"shorten the parts, or write each as a file of its own (--split)"});
      return std::nullopt;
    }
    ranges.push_back(PartPages{part, first_page, count});
    first_page += count;
    bound_parts.push_back(std::move(laid));
  }
  std::vector<std::string> part_titles;
  for (const doc::BoundPart& laid : bound_parts) part_titles.push_back(laid.bookmark);
  doc::Document joined = doc::join(std::move(bound_parts));
  if (has_cv_meta) joined.meta = cv_meta;
  if (file.settings.pdf_title.empty() && part_titles.size() > 1)
    joined.meta.title = application_title(file.locale, joined.meta.author, part_titles);
  doc::PdfOutput pdf = pdf_output(*theme, file.settings);
  return Rendered{std::move(joined), std::move(cv_theme), std::move(file), std::move(pdf), std::move(ranges)};
}

namespace {

// A 자기소개서's answers against their limits, where every build reads its file (build, check,
// watch, serve, every format): nullopt when one is over and the request does not allow it.
std::optional<model::CvFile> with_limits_checked(std::optional<model::CvFile> file, const Request& request,
                                                 Diagnostics& diags) {
  if (!file || !file->self_introduction || !request.check_limits) return file;
  const int errors = diags.error_count();
  count::check_limits(*file->self_introduction, diags, request.allow_over);
  if (diags.error_count() > errors) return std::nullopt;
  return file;
}

}  // namespace

std::optional<model::CvFile> Engine::load(const std::string& path, const Request& request, Diagnostics& diags) {
  return with_limits_checked(readers::load_cv(path, diags, impl_->read_options(request)), request, diags);
}

std::optional<model::CvFile> Engine::load_text(const std::string& text, const std::string& path,
                                               const Request& request, Diagnostics& diags) {
  return with_limits_checked(readers::load_cv_from_string(text, path, diags, impl_->read_options(request)), request,
                             diags);
}

std::optional<Rendered> Engine::render_file(const std::string& path, const Request& request, Diagnostics& diags) {
  std::optional<model::CvFile> file = load(path, request, diags);
  if (!file) return std::nullopt;
  return render(std::move(*file), request, diags);
}

std::optional<Rendered> Engine::render_text(const std::string& text, const std::string& path, const Request& request,
                                            Diagnostics& diags) {
  std::optional<model::CvFile> file = load_text(text, path, request, diags);
  if (!file) return std::nullopt;
  return render(std::move(*file), request, diags);
}

std::vector<std::string> Engine::inputs_of(const Rendered& rendered) {
  std::vector<std::string> inputs{rendered.file.path};
  for (const std::string& file : rendered.file.included_files) inputs.push_back(file);
  for (const std::string& file : rendered.theme.files) inputs.push_back(file);
  // A fetched photo's temporary file is no input to watch: it goes with the build.
  if (!rendered.file.cv.photo.value.empty() && !rendered.file.cv.downloaded_photo)
    inputs.push_back(rendered.file.cv.photo.value);
  if (rendered.file.letter && !rendered.file.letter->signature_image.empty())
    inputs.push_back(rendered.file.letter->signature_image.value);
  for (const doc::FontInfo& font : rendered.doc.fonts) inputs.push_back(font.path);
  return inputs;
}

EngineWork Engine::work() const {
  EngineWork work;
  {
    std::lock_guard lock(impl_->mutex);
    work = impl_->work;
    for (const auto& [signature, typesetter] : impl_->idle)
      work.shaped_paragraphs_kept += typesetter->shaping_cache_stats().kept;
  }
  work.layout_files_parsed = impl_->layout_files.parsed();
  work.layout_files_reused = impl_->layout_files.reused();
  work.locale_files_parsed = impl_->locale_files.parsed();
  work.locale_files_reused = impl_->locale_files.reused();
  work.yaml_pieces_parsed = impl_->yaml_pieces.pieces_parsed();
  work.yaml_pieces_reused = impl_->yaml_pieces.pieces_reused();
  return work;
}

std::vector<MemoReport> Engine::stats() const {
  MemoStats shaping, lines;
  {
    std::lock_guard lock(impl_->mutex);
    for (const auto& [signature, typesetter] : impl_->idle) {
      shaping += typesetter->shaping_stats();
      lines += typesetter->lines_stats();
    }
  }
  const text::FontServiceStats fonts = impl_->fonts.stats();
  return {{"yaml pieces", impl_->yaml_pieces.stats()},
          {"locale files", impl_->locale_files.stats()},
          {"layout files", impl_->layout_files.stats()},
          {"markup", impl_->markup.stats()},
          {"shaped paragraphs", shaping},
          {"paragraph lines", lines},
          {"font faces", fonts.faces},
          {"font subsets", fonts.subsets},
          {"glyph outlines", fonts.outlines},
          {"web fonts", fonts.web_fonts},
          {"pdf streams", impl_->streams.stats()}};
}

text::FontService& Engine::fonts() { return impl_->fonts; }

Memo<std::string, std::string>* Engine::kept_streams() {
  return impl_->builds == Builds::Many ? &impl_->streams : nullptr;
}

}  // namespace hanji::engine
