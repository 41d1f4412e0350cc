// RenderCV's render flags (see rendercv_args.h).
#include "cli/rendercv_args.h"

#include <fmt/format.h>

#include <string_view>

#include "cli/commands.h"

namespace hanji::cli {

namespace {

// A flag of `rendercv render` and the settings.render_command key it sets. A path flag takes
// the path; a dont_generate_* flag sets its key to true.
struct RenderFlag {
  std::string_view long_name, short_name, key;
  bool takes_path;
};

// As RenderCV's CLI reference lists them (docs/user_guide/cli_reference.md), with -o.
constexpr RenderFlag kRenderFlags[] = {
    {"--output-folder", "-o", "output_folder", true},
    {"--pdf-path", "-pdf", "pdf_path", true},
    {"--typst-path", "-typ", "typst_path", true},
    {"--markdown-path", "-md", "markdown_path", true},
    {"--html-path", "-html", "html_path", true},
    {"--png-path", "-png", "png_path", true},
    {"--dont-generate-pdf", "-nopdf", "dont_generate_pdf", false},
    {"--dont-generate-typst", "-notyp", "dont_generate_typst", false},
    {"--dont-generate-markdown", "-nomd", "dont_generate_markdown", false},
    {"--dont-generate-html", "-nohtml", "dont_generate_html", false},
    {"--dont-generate-png", "-nopng", "dont_generate_png", false},
};

// The flags that name a file read before the CV's, and which of hanji's options each fills.
struct FileFlag {
  std::string_view long_name, short_name;
  std::string Options::*file;
};

constexpr FileFlag kFileFlags[] = {
    {"--design", "-d", &Options::design_file},
    {"--locale-catalog", "-lc", &Options::locale_file},
    {"--settings", "-s", &Options::settings_file},
};

}  // namespace

std::optional<bool> parse_rendercv_flag(const std::vector<std::string>& args, std::size_t& i, Options& opt,
                                        std::string& error) {
  const std::string& arg = args[i];
  auto value = [&](std::string_view flag) -> std::optional<std::string> {
    if (i + 1 >= args.size() || args[i + 1].empty()) {
      error = fmt::format("option {} needs a value", flag);
      return std::nullopt;
    }
    return args[++i];
  };
  if (arg == "-w" || arg == "--watch") {
    opt.watch = true;
    return true;
  }
  for (const FileFlag& flag : kFileFlags) {
    if (arg != flag.long_name && arg != flag.short_name) continue;
    std::optional<std::string> file = value(flag.long_name);
    if (!file) return false;
    opt.*flag.file = *file;
    return true;
  }
  for (const RenderFlag& flag : kRenderFlags) {
    if (arg != flag.long_name && arg != flag.short_name) continue;
    std::string setting = "true";
    if (flag.takes_path) {
      std::optional<std::string> path = value(flag.long_name);
      if (!path) return false;
      setting = *path;
    }
    // Named after the long flag in messages ("--pdf-path: ..."), whichever spelling was used.
    opt.overrides.push_back(
        {fmt::format("settings.render_command.{}", flag.key), std::move(setting), std::string(flag.long_name)});
    return true;
  }
  return std::nullopt;
}

}  // namespace hanji::cli
