#include "engine/engine.h"

#include <utility>

#include "compose/compose.h"
#include "paginate/paginate.h"
#include "text/text.h"

namespace hanji::engine {

LayoutChoice choose_layout(const model::CvFile& file, const Request& request) {
  // --layout wins over the file's `layout:`; a name from the file is reported where it is written.
  if (!request.layout.empty()) return {request.layout, Span{}};
  if (!file.layout_name.empty()) return {file.layout_name, file.layout_span};
  return {"classic", Span{}};
}

fit::FitResult lay_out(const model::CvFile& file, const layout::Theme& theme, int pages, Diagnostics& diags) {
  // The typesetter keeps reporting into `sink` (a layout without fonts at once, then what each
  // paragraph needs); each attempt hands what it gathered to fit, which keeps the messages of
  // the layout it chooses.
  Diagnostics sink;
  text::Typesetter typesetter(theme, sink);
  auto attempt = [&](const layout::Theme& squeezed, const paginate::Options& options, Diagnostics& out) {
    doc::Document doc;
    if (!sink.has_errors()) {
      compose::Composition composition = compose::compose(file, squeezed, sink);
      if (!sink.has_errors()) doc = paginate::paginate(composition, squeezed, typesetter, sink, options);
    }
    out = std::move(sink);
    sink = Diagnostics{};  // the same object, which the typesetter holds on to
    return doc;
  };
  return fit::fit_to_pages(attempt, theme, pages, diags);
}

std::optional<Rendered> render(model::CvFile file, const Request& request, const layout::DataDirs& dirs,
                               Diagnostics& diags) {
  LayoutChoice choice = choose_layout(file, request);
  // Layout names are looked up next to the CV and in the user's folder before the built-in ones.
  layout::DataDirs search = dirs;
  if (search.user_layouts.empty()) search.user_layouts = layout::layout_search_dirs(file.path);
  search.cv_file = file.path;
  std::optional<layout::Theme> theme =
      layout::load_theme(choice.name, choice.span, file.layout_overrides, request.paper, search, diags);
  if (!theme) return std::nullopt;
  // --fit-pages wins over the layout's fit_pages; without either the CV is laid out as it is.
  const int pages = request.fit_pages > 0 ? request.fit_pages : theme->fit_pages;
  fit::FitResult fitted = lay_out(file, *theme, pages, diags);
  if (diags.has_errors()) return std::nullopt;
  return Rendered{std::move(fitted.doc), std::move(fitted.theme), std::move(file)};
}

namespace {

source::ReadOptions read_options(const Request& request, const layout::DataDirs& dirs) {
  source::ReadOptions options = request.read;
  if (options.locales_dir.empty()) options.locales_dir = dirs.locales;
  if (options.layouts_dir.empty()) options.layouts_dir = dirs.layouts;
  return options;
}

}  // namespace

std::optional<model::CvFile> load(const std::string& path, const Request& request, const layout::DataDirs& dirs,
                                  Diagnostics& diags) {
  return source::load_cv(path, diags, read_options(request, dirs));
}

std::optional<Rendered> render_file(const std::string& path, const Request& request, const layout::DataDirs& dirs,
                                    Diagnostics& diags) {
  std::optional<model::CvFile> file = load(path, request, dirs, diags);
  if (!file) return std::nullopt;
  return render(std::move(*file), request, dirs, diags);
}

std::optional<Rendered> render_text(const std::string& text, const std::string& path, const Request& request,
                                    const layout::DataDirs& dirs, Diagnostics& diags) {
  std::optional<model::CvFile> file = source::load_cv_from_string(text, path, diags, read_options(request, dirs));
  if (!file) return std::nullopt;
  return render(std::move(*file), request, dirs, diags);
}

}  // namespace hanji::engine
