// `hanji serve CV.yaml [--port N] [--host H] [--open] [--editor CMD] [build options]`: a live
// preview in the browser. One warm engine builds the CV, then builds it again whenever a file
// it was made from is saved (file_watch.h) or the viewer picks another layout, paper or
// language; the page receives each build as server-sent events and swaps its SVG pages in
// place, so the scroll position stays. Errors show in a panel over the last good pages.
//
// The server is for the person at this machine: it listens on 127.0.0.1 unless --host says
// otherwise, answers only requests whose Host names that address (a web page elsewhere
// cannot reach it through a DNS name pointed at 127.0.0.1), takes POSTs only with a header
// a cross-site form cannot send, lets no other site frame the page (a click in an invisible
// frame would run the editor), runs the editor only for a browser on this machine, and
// serves no file but the pictures the pages show from the CV's own folder, by number: no path
// from a request is ever opened. It stays bounded under load (bounded_server.h): a client
// that is slow, idle or sends too much is dropped or refused, never waited for.
//
// It runs as its own program, hanji-serve, which `hanji serve` starts: the HTTP library
// brings TLS and compression libraries whose loading would cost every `hanji build` about
// ten million instructions.
#include <fmt/format.h>
#include <httplib.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <iostream>
#include <memory>
#include <thread>

#include "cli/bounded_server.h"
#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/listen_address.h"
#include "cli/preview.h"
#include "export/registry.h"
#include "cli/signals.h"
#include "core/files.h"

namespace hanji::cli {

// The page itself (preview.html, compiled in).
std::string_view preview_page();

namespace {

// How long an idle event stream waits before a comment line keeps it open, and how often it
// looks whether its viewer is still there (a stream whose viewer left frees its place).
constexpr int kKeepAliveMs = 15000;
constexpr int kLookMs = 1000;
constexpr const char* kPostHeader = "X-Hanji-Preview";

// What the page may load: its own inline script and styles; the pages' pictures (served here,
// or inline as data: URLs); the events and state it fetches from here; and the pages' glyphs,
// which are web fonts inline in each SVG page's @font-face as data: URLs (without font-src
// they fall under default-src 'none' and every glyph is drawn as an empty box). Nothing else:
// no font, picture or script from anywhere but this server and the page itself.
constexpr const char* kPagePolicy =
    "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'unsafe-inline'; "
    "img-src 'self' data:; font-src data:; connect-src 'self'; frame-ancestors 'none'";

// The page's icon: a sheet of paper with lines of text, in the header's colours.
constexpr std::string_view kIcon =
    "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 32 32\">"
    "<rect x=\"5\" y=\"2\" width=\"22\" height=\"28\" rx=\"3\" fill=\"#fff\" stroke=\"#1f2328\" stroke-width=\"2\"/>"
    "<path d=\"M10 9h12M10 14h12M10 19h12M10 24h7\" stroke=\"#2f6feb\" stroke-width=\"2.4\" stroke-linecap=\"round\"/>"
    "</svg>\n";

/// An eventfd that the HTTP threads poke to make the build loop look at the viewer's choice.
class Wakeup {
 public:
  Wakeup() : fd_(eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC)) {}
  ~Wakeup() {
    if (fd_ >= 0) ::close(fd_);
  }
  Wakeup(const Wakeup&) = delete;
  Wakeup& operator=(const Wakeup&) = delete;
  int fd() const { return fd_; }
  void poke() const {
    const uint64_t one = 1;
    [[maybe_unused]] ssize_t n = ::write(fd_, &one, sizeof one);
  }
  void drain() const {
    uint64_t count = 0;
    [[maybe_unused]] ssize_t n = ::read(fd_, &count, sizeof count);
  }

 private:
  int fd_;
};

/// A request's path names something above the root: refused outright, whatever it would match.
bool climbs(const std::string& path) {
  std::string lower = path;
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return lower.find("..") != std::string::npos || lower.find("%2e") != std::string::npos ||
         lower.find('\\') != std::string::npos || lower.find("%5c") != std::string::npos;
}

void refuse(httplib::Response& res, int status, const std::string& why) {
  res.status = status;
  res.set_content(why + "\n", "text/plain; charset=utf-8");
}

/// `host_names`: the names a browser may send as Host (host_names_for the address served).
void add_routes(BoundedServer& server, Preview& preview, const Wakeup& wakeup, std::vector<std::string> host_names) {
  // On every answer, refusals included: no other site may frame any of it.
  server.set_every_answer_headers({{"X-Frame-Options", "DENY"}, {"X-Content-Type-Options", "nosniff"}});
  server.set_pre_routing_handler([host_names](const httplib::Request& req, httplib::Response& res) {
    if (climbs(req.path)) {
      refuse(res, 403, "refused: the preview serves no file outside the CV's folder");
      return httplib::Server::HandlerResponse::Handled;
    }
    const std::string asked = host_header_name(req.get_header_value("Host"));
    if (std::find(host_names.begin(), host_names.end(), asked) == host_names.end()) {
      refuse(res, 403, "refused: this preview answers only to the address it listens on");
      return httplib::Server::HandlerResponse::Handled;
    }
    if (req.method == "POST" && req.get_header_value(kPostHeader) != "1") {
      refuse(res, 403, "refused: not from the preview page");
      return httplib::Server::HandlerResponse::Handled;
    }
    res.set_header("Cache-Control", "no-store");
    return httplib::Server::HandlerResponse::Unhandled;
  });
  server.Get("/", [](const httplib::Request&, httplib::Response& res) {
    res.set_header("Content-Security-Policy", kPagePolicy);
    res.set_content(std::string(preview_page()), "text/html; charset=utf-8");
  });
  // The page links /favicon.svg; /favicon.ico, which a browser asks for by itself when a page
  // links none, gets the same picture (its type, not its name, says what it is).
  for (const char* path : {"/favicon.svg", "/favicon.ico"})
    server.Get(path, [](const httplib::Request&, httplib::Response& res) {
      res.set_header("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'");  // opened alone, it runs nothing
      res.set_content(std::string(kIcon), "image/svg+xml");
    });
  server.Get("/state", [&preview](const httplib::Request&, httplib::Response& res) {
    res.set_content(preview.state_json(), "application/json");
  });
  // Each stream holds a thread while it is open: past the bound, 503 (bounded_server.h).
  server.Get("/events", [&preview, &server](const httplib::Request&, httplib::Response& res) {
    std::shared_ptr<void> place = server.open_stream();
    if (!place) return server.busy(res, "busy: too many previews are open at once; close one, or try again later");
    res.set_header("X-Accel-Buffering", "no");
    auto seen = std::make_shared<std::uint64_t>(0);
    res.set_chunked_content_provider("text/event-stream", [&preview, &server, seen, place](std::size_t, httplib::DataSink& sink) {
      std::optional<std::pair<std::uint64_t, std::string>> next;
      for (int waited = 0; !next && waited < kKeepAliveMs; waited += kLookMs) {
        if (server.stopping() || !sink.is_writable()) return false;  // the viewer left: the place is free
        next = preview.next_state(*seen, kLookMs);
      }
      if (!next) return sink.write(": still here\n\n", 14);
      // The version sent, read with its state: a build finishing meanwhile is sent next.
      const std::string& state = next->second;
      *seen = next->first;
      std::string event = "event: build\n";
      for (std::size_t at = 0; at <= state.size();) {  // one data: line per line of the JSON
        std::size_t end = state.find('\n', at);
        if (end == std::string::npos) end = state.size();
        event += "data: " + state.substr(at, end - at) + "\n";
        at = end + 1;
      }
      event += "\n";
      return sink.write(event.data(), event.size());
    });
  });
  // The CV in any format of one file, by its extension: /cv.pdf, /cv.md, /cv.json.
  server.Get(R"(/cv(\.[a-z]{1,12}))", [&preview](const httplib::Request& req, httplib::Response& res) {
    const exports::Exporter* format = exports::exporter_for_extension(req.matches[1].str());
    if (!format || format->files == exports::Files::PerPage) return refuse(res, 404, "no such format");
    Diagnostics diags;
    auto file = preview.download(*format, diags);
    if (!file) return refuse(res, 503, fmt::format("no {}: the CV has not built yet", format->label));
    res.set_header("Content-Disposition", fmt::format("attachment; filename=\"{}\"", file->first));
    res.set_content(std::move(file->second), std::string(format->media_type));
  });
  server.Get(R"(/picture/(\d{1,6}))", [&preview](const httplib::Request& req, httplib::Response& res) {
    auto picture = preview.picture(std::stoul(req.matches[1].str()));
    if (!picture) return refuse(res, 404, "no such picture");
    res.set_content(std::move(picture->second), picture->first);
  });
  server.Post("/choose", [&preview, &wakeup](const httplib::Request& req, httplib::Response& res) {
    PreviewChoice choice{req.get_param_value("layout"), req.get_param_value("paper"), req.get_param_value("language")};
    if (!choice.paper.empty() && !theme::is_paper_name(choice.paper))
      return refuse(res, 400, "paper must be " + theme::paper_names_text());
    if (preview.choose(choice)) wakeup.poke();
    res.status = 204;
  });
  // The editor runs on this machine: only for a browser on it, whatever Host it sends (with
  // --host 0.0.0.0 others may view the CV, never start a program).
  server.Post("/open", [&preview](const httplib::Request& req, httplib::Response& res) {
    if (!is_loopback_name(req.remote_addr))
      return refuse(res, 403, "refused: the editor opens only for a browser on this machine");
    std::string said;
    if (!preview.open_in_editor(req.get_param_value("place"), said))
      return refuse(res, 404, "that place is in no file this CV was made from");
    res.set_content(said, "text/plain; charset=utf-8");
  });
}

/// Opens `url` in the desktop's browser (xdg-open), without waiting for it.
void open_browser(const std::string& url, std::ostream& err) {
  if (!start_program({"xdg-open", url}))
    err << fmt::format("hanji: warning: could not start xdg-open; open {} in a browser yourself\n", url);
}

int serve(const Run& run) {
  const Options& opt = run.opt;
  if (opt.inputs.size() != 1 || opt.input() == "-") {
    run.err << "hanji: error: 'serve' needs one CV file\n  hint: hanji serve CV.yaml [--port N] [--open]\n";
    return kBadUsage;
  }
  if (!file_stamp(opt.input())) {
    run.err << fmt::format("hanji: error: {} does not exist\n  hint: write one with 'hanji new {}'\n", opt.input(),
                           opt.input());
    return kBadInput;
  }
  std::vector<std::string> editor;
  if (!opt.editor.empty()) {
    std::string error;
    std::optional<std::vector<std::string>> command = parse_editor_command(opt.editor, error);
    if (!command) {
      run.err << "hanji: error: " << error << "\n  hint: --editor 'code -g {file}:{line}:{col}'\n";
      return kBadUsage;
    }
    editor = std::move(*command);
  }
  FileWatch files;
  Wakeup wakeup;
  if (!files.ok() || wakeup.fd() < 0) {
    run.err << fmt::format("hanji: error: cannot watch files: {}\n", std::strerror(errno))
            << "  hint: raise fs.inotify.max_user_instances\n";
    return kBadInput;
  }
  const std::string host = opt.host.empty() ? "127.0.0.1" : opt.host;
  engine::Engine engine(theme::find_data_dirs(run.argv0));
  Preview preview(run, engine, opt.input(), std::move(editor));
  preview.rebuild();  // before the first viewer arrives
  if (!opt.quiet) run.out << preview.summary() << "\n";

  ListenError refused;
  std::optional<ListeningSocket> listening = listen_on(host, opt.port, refused);
  if (!listening) {
    run.err << "hanji: error: " << refused.error << "\n  hint: " << refused.hint << "\n";
    return kBadInput;
  }
  const int port = listening->port();
  BoundedServer server;
  add_routes(server, preview, wakeup, host_names_for(host));
  // Every address: the URL to open here is the loopback one.
  const std::string shown = is_wildcard_address(host) ? "127.0.0.1" : host;
  const std::string url = fmt::format("http://{}:{}/", shown.find(':') != std::string::npos ? "[" + shown + "]" : shown, port);
  std::thread listener([&server, fd = listening->release()] { server.run(fd); });
  if (!opt.quiet) run.out << fmt::format("hanji: previewing {} at {} (Ctrl-C to stop)\n", opt.input(), url);
  if (!is_loopback_name(host))
    run.err << fmt::format("hanji: warning: listening on {}: anyone who can reach this machine can see the CV "
                           "(the editor opens only from this machine)\n", host);
  run.out.flush();
  if (opt.open_browser) open_browser(url, run.err);

  // A closed standard output or error ends the preview (`hanji serve cv.yaml | head -1`):
  // seen at the next write, or while waiting, when the pipe reports its reader gone.
  const FileWatch::Also also{wakeup.fd(), {STDOUT_FILENO, STDERR_FILENO}, -1};
  Closed closed = flush_and_check(run.out, run.err);
  bool gone = false;
  int stopped = 0;
  while (closed == Closed::None) {
    const FileWatch::Wait why = files.wait_for_change(preview.watched(), also);
    if (why == FileWatch::Wait::Closed) {
      closed = files.closed_fd() == 0 ? Closed::Output : Closed::Errors;
      break;
    }
    if (why == FileWatch::Wait::Failed || why == FileWatch::Wait::TimedOut) {
      stopped = errno;
      break;
    }
    if (why == FileWatch::Wait::Woken) wakeup.drain();
    // A CV that is gone (removed, or its folder removed) is said once; the state's messages
    // say it too, until a build after it is back.
    const bool missing = !file_stamp(opt.input());
    preview.rebuild();
    if (!opt.quiet && !(missing && gone))
      run.out << (missing ? fmt::format("hanji: {} is gone; waiting for it to come back", opt.input()) : preview.summary())
              << "\n";
    gone = missing;
    closed = flush_and_check(run.out, run.err);
  }
  // BoundedServer::run() ends at once when stop() came first: a run that stops at once, its
  // output closed, needs no wait for the loop to begin.
  server.stop();
  listener.join();
  if (closed != Closed::None) return stop_for_closed(closed, run.out, run.err);
  run.err << fmt::format("hanji: error: watching stopped: {}\n", std::strerror(stopped));
  return kBadInput;
}

}  // namespace
}  // namespace hanji::cli

namespace hanji::cli {

int run_serve(const std::vector<std::string>& args, std::ostream& out, std::ostream& err, TempFiles* temp_files) {
  std::string error;
  std::optional<Options> opt = parse_command_line(args, error);
  if (!opt || opt->command != "serve") {
    err << "hanji: error: " << (opt ? "hanji-serve runs 'hanji serve CV.yaml' only" : error)
        << "\n  hint: run 'hanji --help' for usage\n";
    return kBadUsage;
  }
  const std::optional<long long> epoch = source_date_epoch(error);
  if (!error.empty()) {
    err << "hanji: error: " << error << "\n  hint: set it to a date such as $(date +%s), or unset it\n";
    return kBadInput;
  }
  // The first argument is this program; the data folders are found from hanji's place, the same.
  const Run run{*opt, args.front(), out, err, temp_files, epoch, false};
  return serve(run);
}

}  // namespace hanji::cli
