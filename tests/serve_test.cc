// `hanji serve`: the preview's state apart from HTTP (builds, the last good pages kept on an
// error, the viewer's choices, what a click may open), then the real server over HTTP: what
// it answers and, above all, what it refuses. The browser side is `make test-browser`.
#include <gtest/gtest.h>
#include <httplib.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <thread>

#include "cli/listen_address.h"
#include "cli/preview.h"
#include "core/core.h"
#include "export/registry.h"
#include "running_hanji.h"
#include "text/font_service.h"
#include "theme/theme.h"
#include "repo_data.h"
#include "woff_reader.h"

namespace hanji::cli {
namespace {

namespace fs = std::filesystem;

fs::path scratch(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("hanji-serve-test-" + std::to_string(getpid())) / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

void write(const fs::path& file, const std::string& text) { std::ofstream(file, std::ios::binary) << text; }

std::string read(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

using test::repo_dirs;

const std::string kCv = "cv:\n  name: Jimin Park\n  sections:\n    summary:\n      - First draft of a summary.\n";

/// A Preview of `cv` with default options, messages kept in `err`.
struct PreviewFixture {
  explicit PreviewFixture(const fs::path& cv, std::vector<std::string> editor = {})
      : run{options, argv0, out, err, nullptr, 0LL, false}, engine(repo_dirs()),
        preview(run, engine, cv.string(), std::move(editor)) {}
  Options options;
  std::string argv0 = "hanji";
  std::ostringstream out, err;
  Run run;
  engine::Engine engine;
  Preview preview;
};

TEST(EditorCommand, SplitsLikeAShellWithoutOne) {
  std::string error;
  auto words = parse_editor_command("code -g '{file}:{line}:{col}' --reuse-window", error);
  ASSERT_TRUE(words) << error;
  EXPECT_EQ(*words, (std::vector<std::string>{"code", "-g", "{file}:{line}:{col}", "--reuse-window"}));
  EXPECT_EQ(editor_arguments(*words, "/cv dir/cv.yaml", 12, 5),
            (std::vector<std::string>{"code", "-g", "/cv dir/cv.yaml:12:5", "--reuse-window"}));
  // A place is one argument, whatever it holds: no shell ever reads it.
  EXPECT_EQ(editor_arguments({"vim", "+{line}", "{file}"}, "a; rm -rf ~", 3, 1),
            (std::vector<std::string>{"vim", "+3", "a; rm -rf ~"}));
}

// Only the template's placeholders are replaced: a file whose name holds `{line}` or `{col}`
// (or `{file}`) is put in as it is named, whatever order the template names them in.
TEST(EditorCommand, ReplacesOnlyTheTemplatesOwnPlaceholders) {
  EXPECT_EQ(editor_arguments({"ed", "{file}:{line}:{col}"}, "/cv/a{line}{col}.yaml", 12, 5),
            (std::vector<std::string>{"ed", "/cv/a{line}{col}.yaml:12:5"}));
  EXPECT_EQ(editor_arguments({"ed", "--col={col}", "{file}", "+{line}"}, "/cv/{file}{col}{line}", 3, 7),
            (std::vector<std::string>{"ed", "--col=7", "/cv/{file}{col}{line}", "+3"}));
  EXPECT_EQ(editor_arguments({"ed", "{file}{file}", "{li{line}ne}"}, "{", 1, 2),
            (std::vector<std::string>{"ed", "{{", "{li1ne}"}));
}

TEST(EditorCommand, RefusesAnUnclosedQuoteOrNoFile) {
  std::string error;
  EXPECT_FALSE(parse_editor_command("code -g '{file}", error));
  EXPECT_NE(error.find("quote"), std::string::npos) << error;
  EXPECT_FALSE(parse_editor_command("code -g", error));
  EXPECT_NE(error.find("where the file goes"), std::string::npos) << error;
  EXPECT_FALSE(parse_editor_command("   ", error));
}

TEST(Preview, BuildsPagesAsSvgWithTheirSourcePlaces) {
  const fs::path dir = scratch("pages");
  write(dir / "cv.yaml", kCv);
  PreviewFixture f(dir / "cv.yaml");
  EXPECT_EQ(f.preview.rebuild(), 1u);
  const std::string state = f.preview.state_json();
  EXPECT_NE(state.find("\"ok\": true"), std::string::npos) << state;
  EXPECT_NE(state.find("<svg"), std::string::npos);
  EXPECT_NE(state.find("First draft"), std::string::npos);
  // The name's run names its line (2) in the CV, by the file's name in its folder.
  EXPECT_NE(state.find("data-src=\\\"cv.yaml:2:"), std::string::npos) << state.substr(0, 2000);
  EXPECT_NE(f.preview.summary().find("1 page"), std::string::npos) << f.preview.summary();
}

// A 자기소개서 answer over its limit still renders in the preview (the limit said in the panel),
// and the state carries each answer's count against its limit for the side panel to draw.
TEST(Preview, ShowsEachAnswersCountAndRendersOneOverItsLimit) {
  const fs::path dir = scratch("counts");
  write(dir / "cv.yaml", kCv +
                             "self_introduction:\n  questions:\n"
                             "    - title: 성장과정\n      limit: {max: 10}\n      answer: 열두 글자가 넘는 긴 답입니다.\n"
                             "    - title: 지원동기\n      limit: {max: 100, unit: chars_no_spaces}\n      answer: 짧은 답.\n");
  PreviewFixture f(dir / "cv.yaml");
  f.options.command = "serve";  // watch and serve render a draft over its limit
  f.preview.rebuild();
  const std::string state = f.preview.state_json();
  EXPECT_NE(state.find("\"ok\": true"), std::string::npos) << state.substr(0, 400);
  EXPECT_NE(state.find("over the limit"), std::string::npos) << "the panel says it";
  const std::size_t answers = state.find("\"answers\": [");
  ASSERT_NE(answers, std::string::npos);
  const std::string panel = state.substr(answers, state.find("\"choice\"") - answers);
  // 열두 글자가 넘는 긴 답입니다. is 17 characters with its spaces: 7 over 10.
  EXPECT_NE(panel.find("\"title\": \"성장과정\""), std::string::npos) << panel;
  EXPECT_NE(panel.find("\"count\": 17"), std::string::npos) << panel;
  EXPECT_NE(panel.find("\"max\": 10"), std::string::npos) << panel;
  EXPECT_NE(panel.find("\"over\": 7"), std::string::npos) << panel;
  EXPECT_NE(panel.find("\"count\": 4"), std::string::npos) << "짧은 답. without spaces: " << panel;
  EXPECT_NE(panel.find("\"unit\": \"characters (without spaces)\""), std::string::npos) << panel;
  // A CV with no 자기소개서: no answers.
  write(dir / "cv.yaml", kCv);
  f.preview.rebuild();
  EXPECT_NE(f.preview.state_json().find("\"answers\": []"), std::string::npos);
}

std::string from_base64(std::string_view text) {
  constexpr std::string_view kDigits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  uint32_t bits = 0;
  int held = 0;
  for (char c : text) {
    if (c == '=') break;
    const std::size_t digit = kDigits.find(c);
    if (digit == std::string_view::npos) return {};
    bits = bits << 6 | static_cast<uint32_t>(digit);
    held += 6;
    if (held >= 8) {
      held -= 8;
      out += static_cast<char>(bits >> held & 0xFF);
    }
  }
  return out;
}

struct SentFace {
  std::string family;
  int weight = 0;
  std::string woff;
};

std::vector<SentFace> panel_fonts_of(const std::string& state) {
  std::vector<SentFace> faces;
  const std::regex face(R"re(\{\s*"family": "([^"]+)",\s*"weight": (\d+),\s*"src": "data:font/woff;base64,([A-Za-z0-9+/=]*)"\s*\})re");
  const std::size_t at = state.find("\"panel_fonts\": [");
  if (at == std::string::npos) return faces;
  const std::string list = state.substr(at, state.find(']', at) - at);
  for (auto m = std::sregex_iterator(list.begin(), list.end(), face); m != std::sregex_iterator(); ++m)
    faces.push_back({(*m)[1], std::stoi((*m)[2]), from_base64((*m)[3].str())});
  return faces;
}

// The panel draws its text with the layout's own fonts, sent with the counts: each face a WOFF
// that unwraps as the spec says and reads as a font, whose cmap has every character of the
// titles (in the regular faces) and of the counts (in the bold ones), and no character the
// panel does not show. A build that changes nothing makes no font again.
TEST(Preview, SendsThePanelsFontsCutDownToItsCharacters) {
  const fs::path dir = scratch("panel-fonts");
  write(dir / "cv.yaml", "cv:\n  name: 김서연\nlocale: korean\nself_introduction:\n  questions:\n"
                         "    - title: 성장과정\n      limit: {max: 10}\n      answer: 열두 글자가 넘는 긴 답입니다.\n"
                         "    - title: 지원동기 (Why us)\n      limit: {max: 1000, min: 900, unit: bytes_euc_kr}\n"
                         "      answer: 짧은 답.\n");
  PreviewFixture f(dir / "cv.yaml");
  f.options.command = "serve";
  f.preview.rebuild();
  const std::string state = f.preview.state_json();
  const std::vector<SentFace> faces = panel_fonts_of(state);
  ASSERT_GE(faces.size(), 3u) << state.substr(state.find("\"answers\""), 1500);

  // What the panel shows, in each weight, as the state gives it to the page.
  const std::u32string regular = U"1. 성장과정 · 7 over2. 지원동기 (Why us) · 892 short…";  // … ends a title cut short
  const std::u32string bold = U"17 / 10 characters (with spaces)8 / 1,000 bytes (EUC-KR)";
  EXPECT_NE(state.find("\"tally\": \"8 / 1,000 bytes (EUC-KR)\""), std::string::npos) << "짧은 답. is 8 bytes in EUC-KR: 2 a syllable";
  EXPECT_NE(state.find("\"note\": \" · 892 short\""), std::string::npos);
  EXPECT_NE(state.find("\"heading\": \"2. 지원동기 (Why us)\""), std::string::npos);

  text::FontService service;
  std::set<std::string> families;
  std::map<int, std::set<char32_t>> covered;  // by weight
  for (std::size_t i = 0; i < faces.size(); ++i) {
    const SentFace& face = faces[i];
    EXPECT_EQ(face.family.rfind("hanji-panel-", 0), 0u) << face.family;
    EXPECT_TRUE(face.weight == 400 || face.weight == 700) << face.weight;
    families.insert(face.family);
    const std::string sfnt = text::unwrap_woff(face.woff);
    ASSERT_FALSE(sfnt.empty()) << face.family;
    const std::string file = (dir / ("face-" + std::to_string(i) + ".ttf")).string();
    write(file, sfnt);
    // Read back as a font; its cmap asked for every character there is to ask for.
    std::u32string everything = regular + bold + U"가나다QZj";
    Diagnostics diags;
    const std::optional<text::TextWebFont> read =
        service.text_web_font({file, "", 1000, {}}, std::vector<char32_t>(everything.begin(), everything.end()), diags);
    ASSERT_TRUE(read) << test::dump(diags);
    EXPECT_FALSE(read->characters.empty()) << face.family;
    for (char32_t c : read->characters) covered[face.weight].insert(c);
  }
  EXPECT_GE(families.size(), 2u) << "the Latin face and the Hangul face";
  for (char32_t c : regular) EXPECT_TRUE(covered[400].contains(c)) << "regular lacks U+" << std::hex << static_cast<uint32_t>(c);
  for (char32_t c : bold) EXPECT_TRUE(covered[700].contains(c)) << "bold lacks U+" << std::hex << static_cast<uint32_t>(c);
  for (char32_t c : std::u32string(U"가나다QZj")) {
    EXPECT_FALSE(covered[400].contains(c)) << "a character the panel does not show: U+" << std::hex << static_cast<uint32_t>(c);
    EXPECT_FALSE(covered[700].contains(c)) << "a character the panel does not show: U+" << std::hex << static_cast<uint32_t>(c);
  }

  // Built again unchanged: the same fonts, none made again.
  const std::size_t made = f.engine.fonts().stats().text_web_fonts.misses;
  f.preview.rebuild();
  const std::vector<SentFace> again = panel_fonts_of(f.preview.state_json());
  ASSERT_EQ(again.size(), faces.size());
  for (std::size_t i = 0; i < faces.size(); ++i) EXPECT_EQ(again[i].woff, faces[i].woff) << i;
  EXPECT_EQ(f.engine.fonts().stats().text_web_fonts.misses, made);

  // No 자기소개서: no panel, no fonts.
  write(dir / "cv.yaml", kCv);
  f.preview.rebuild();
  EXPECT_NE(f.preview.state_json().find("\"panel_fonts\": []"), std::string::npos);
}

TEST(Preview, AnErrorKeepsTheLastGoodPagesAndSaysWhere) {
  const fs::path dir = scratch("error");
  write(dir / "cv.yaml", kCv);
  PreviewFixture f(dir / "cv.yaml");
  f.preview.rebuild();
  write(dir / "cv.yaml", kCv + "  bad: [\n");
  EXPECT_EQ(f.preview.rebuild(), 2u);
  const std::string state = f.preview.state_json();
  EXPECT_NE(state.find("\"ok\": false"), std::string::npos);
  EXPECT_NE(state.find("\"pages_version\": 1"), std::string::npos) << "the pages of build 1 stay";
  EXPECT_NE(state.find("First draft"), std::string::npos);
  EXPECT_NE(state.find("\"where\": \"cv.yaml:7:"), std::string::npos) << state.substr(state.find("messages"));
  EXPECT_NE(f.preview.summary().find("keeps the last good pages"), std::string::npos);
  Diagnostics diags;
  auto pdf = f.preview.download(exports::default_exporter(), diags);  // the PDF of what is shown
  ASSERT_TRUE(pdf);
  EXPECT_EQ(pdf->first, "cv.pdf");
  EXPECT_TRUE(pdf->second.starts_with("%PDF-"));
  auto markdown = f.preview.download(*exports::find_exporter("md"), diags);  // any format of one file
  ASSERT_TRUE(markdown);
  EXPECT_EQ(markdown->first, "cv.md");
  EXPECT_NE(markdown->second.find("First draft"), std::string::npos) << markdown->second;
  EXPECT_FALSE(f.preview.download(*exports::find_exporter("svg"), diags));  // a file per page: not one download

  write(dir / "cv.yaml", std::string(kCv).replace(kCv.find("First"), 5, "Second"));
  f.preview.rebuild();
  const std::string fixed = f.preview.state_json();
  EXPECT_NE(fixed.find("Second draft"), std::string::npos);
  EXPECT_NE(fixed.find("\"messages\": []"), std::string::npos);
}

// A setting hanji cannot follow is said on the first build of a session, not on every save.
TEST(Preview, SaysAnIgnoredSettingOnceASession) {
  const fs::path cv = scratch("ignored-once") / "cv.yaml";
  write(cv, "cv:\n  name: A B\ndesign:\n  theme: classic\n  entries:\n    side_space: 3cm\n");
  PreviewFixture f(cv);
  f.preview.rebuild();
  write(cv, read(cv) + "# saved again\n");
  f.preview.rebuild();
  const std::string said = f.err.str();
  std::size_t times = 0;
  for (std::size_t at = said.find("side_space"); at != std::string::npos; at = said.find("side_space", at + 1))
    ++times;
  EXPECT_EQ(times, 1u) << said;
}

TEST(Preview, TheViewersChoiceChangesThePreviewNotTheFile) {
  const fs::path dir = scratch("choice");
  write(dir / "cv.yaml", kCv);
  PreviewFixture f(dir / "cv.yaml");
  f.preview.rebuild();
  EXPECT_NE(f.preview.state_json().find("\"layout\": \"classic\""), std::string::npos);
  EXPECT_FALSE(f.preview.choose({}));  // as it is: nothing to rebuild
  EXPECT_TRUE(f.preview.choose({"sidebar", "letter", ""}));
  f.preview.rebuild();
  const std::string state = f.preview.state_json();
  EXPECT_NE(state.find("\"layout\": \"sidebar\""), std::string::npos);
  EXPECT_NE(state.find("\"width\": 612"), std::string::npos) << "letter paper";
  EXPECT_EQ(read(dir / "cv.yaml"), kCv);
}

TEST(Preview, OpensOnlyPlacesInFilesTheBuildRead) {
  const fs::path dir = scratch("open");
  write(dir / "cv.yaml", kCv);
  const fs::path log = dir / "editor.log";
  PreviewFixture f(dir / "cv.yaml", {"sh", "-c", "echo \"$0\" > " + log.string(), "{file}:{line}:{col}"});
  f.preview.rebuild();
  std::string said;
  EXPECT_FALSE(f.preview.open_in_editor("../../etc/passwd:1:1", said));
  EXPECT_FALSE(f.preview.open_in_editor("/etc/passwd:1:1", said));
  EXPECT_FALSE(f.preview.open_in_editor("cv.yaml", said));
  EXPECT_FALSE(f.preview.open_in_editor("cv.yaml:x:1", said));
  ASSERT_TRUE(f.preview.open_in_editor("cv.yaml:2:9", said));
  EXPECT_NE(said.find("cv.yaml:2:9"), std::string::npos) << said;
  std::string logged;
  for (int tries = 0; tries < 6000 && !logged.ends_with("\n"); ++tries) {  // the editor runs on its own (60 s hang guard)
    usleep(10000);
    logged = read(log);
  }
  EXPECT_EQ(logged, (fs::weakly_canonical(dir / "cv.yaml")).string() + ":2:9\n");
}

TEST(Preview, ServesOnlyPicturesTheShownPagesUse) {
  const fs::path dir = scratch("picture");
  fs::copy_file(fs::path(HANJI_SOURCE_DIR) / "samples" / "photo.png", dir / "me.png");
  write(dir / "cv.yaml", "cv:\n  name: Jimin Park\n  photo: me.png\n");
  PreviewFixture f(dir / "cv.yaml");
  f.preview.rebuild();
  EXPECT_NE(f.preview.state_json().find("/picture/0?v="), std::string::npos);
  auto picture = f.preview.picture(0);
  ASSERT_TRUE(picture);
  EXPECT_EQ(picture->first, "image/png");
  EXPECT_EQ(picture->second, read(dir / "me.png"));
  EXPECT_FALSE(f.preview.picture(1));
}

// ---- the server itself, over HTTP ----

/// `hanji serve` on `cv`, on a port of its choosing, stopped when this goes.
class Server : public RunningHanji {
 public:
  explicit Server(const fs::path& cv, const std::vector<std::string>& extra = {}) : RunningHanji(args(cv, extra)) {
    said_ = until("previewing");
    std::smatch m;
    if (std::regex_search(said_, m, std::regex(R"(127\.0\.0\.1:(\d+))"))) port_ = std::stoi(m[1]);
  }
  int port() const { return port_; }
  /// What it said until it was listening (or stopped).
  const std::string& said() const { return said_; }
  httplib::Client client() const { return httplib::Client("127.0.0.1", port_); }

 private:
  static std::vector<std::string> args(const fs::path& cv, const std::vector<std::string>& extra) {
    std::vector<std::string> out{"serve", cv.string(), "--port", "0"};
    out.insert(out.end(), extra.begin(), extra.end());
    return out;
  }

  int port_ = 0;
  std::string said_;
};

/// The server's resident memory at its highest so far, in KiB (VmHWM).
long peak_memory_kib(pid_t pid) {
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  for (std::string line; std::getline(status, line);)
    if (line.starts_with("VmHWM:")) return std::stol(line.substr(6));
  return -1;
}

/// A TCP connection of the test's own, to send exactly what a client (a slow one, a hostile
/// one) sends.
class Raw {
 public:
  explicit Raw(int port, const std::string& address = "127.0.0.1") {
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(static_cast<uint16_t>(port));
    inet_pton(AF_INET, address.c_str(), &a.sin_addr);
    fd_ = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (connect(fd_, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) {
      close(fd_);
      fd_ = -1;
    }
  }
  Raw(const Raw&) = delete;
  Raw& operator=(const Raw&) = delete;
  Raw(Raw&& other) noexcept : fd_(std::exchange(other.fd_, -1)), got_(std::move(other.got_)) {}
  ~Raw() {
    if (fd_ >= 0) close(fd_);
  }
  bool ok() const { return fd_ >= 0; }
  /// Sends `bytes`; false when the server has closed the connection.
  bool send_all(const std::string& bytes) {
    for (std::size_t at = 0; at < bytes.size();) {
      const ssize_t n = ::send(fd_, bytes.data() + at, bytes.size() - at, MSG_NOSIGNAL);
      if (n <= 0) return false;
      at += static_cast<std::size_t>(n);
    }
    return true;
  }
  /// Everything received until `needle` is in it, the server closes, or `seconds` pass (a
  /// hang guard: an answer that does not come within 20 s is a stall).
  const std::string& until(const std::string& needle, int seconds = 20) {
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
    while (got_.find(needle) == std::string::npos && std::chrono::steady_clock::now() < give_up) {
      pollfd p{fd_, POLLIN, 0};
      if (poll(&p, 1, 200) <= 0) continue;
      char buffer[65536];
      const ssize_t n = ::recv(fd_, buffer, sizeof buffer, 0);
      if (n <= 0) {
        closed_ = true;
        break;
      }
      got_.append(buffer, static_cast<std::size_t>(n));
    }
    return got_;
  }
  bool closed() const { return closed_; }

 private:
  int fd_ = -1;
  std::string got_;
  bool closed_ = false;
};

/// The status of an answer's head ("HTTP/1.1 503 ..."), 0 without one.
int status_of(const std::string& answer) {
  return answer.starts_with("HTTP/1.1 ") && answer.size() >= 12 ? std::atoi(answer.substr(9, 3).c_str()) : 0;
}

/// A raw request, its path sent exactly as written (no client tidies it), and the status.
int raw_status(int port, const std::string& request_line, const std::string& host = "127.0.0.1") {
  httplib::Client client("127.0.0.1", port);
  httplib::Request req;
  req.method = "GET";
  req.path = request_line;
  req.headers.emplace("Host", host);
  httplib::Response res;
  httplib::Error error;
  if (!client.send(req, res, error)) return -1;
  return res.status;
}

TEST(Serve, AnswersThePageTheStateThePdfAndAPicture) {
  const fs::path dir = scratch("http");
  fs::copy_file(fs::path(HANJI_SOURCE_DIR) / "samples" / "photo.png", dir / "me.png");
  write(dir / "cv.yaml", "cv:\n  name: Jimin Park\n  photo: me.png\n");
  Server server(dir / "cv.yaml");
  ASSERT_GT(server.port(), 0);
  auto client = server.client();
  auto page = client.Get("/");
  ASSERT_TRUE(page);
  EXPECT_EQ(page->status, 200);
  EXPECT_NE(page->body.find("EventSource"), std::string::npos);
  // The pages' glyphs are web fonts inline (data: URLs): font-src lets exactly those in.
  EXPECT_EQ(page->get_header_value("Content-Security-Policy"),
            "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'unsafe-inline'; "
            "img-src 'self' data:; font-src data:; connect-src 'self'; frame-ancestors 'none'");
  EXPECT_NE(page->body.find("<link rel=\"icon\" href=\"/favicon.svg\""), std::string::npos);
  for (const char* path : {"/favicon.svg", "/favicon.ico"}) {  // the icon the page links, and a browser's guess
    auto icon = client.Get(path);
    ASSERT_TRUE(icon) << path;
    EXPECT_EQ(icon->status, 200) << path;
    EXPECT_EQ(icon->get_header_value("Content-Type"), "image/svg+xml") << path;
    EXPECT_TRUE(icon->body.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\"")) << path;
  }
  auto state = client.Get("/state");
  ASSERT_TRUE(state);
  EXPECT_NE(state->body.find("Jimin"), std::string::npos);
  auto pdf = client.Get("/cv.pdf");
  ASSERT_TRUE(pdf);
  EXPECT_TRUE(pdf->body.starts_with("%PDF-"));
  EXPECT_EQ(pdf->get_header_value("Content-Disposition"), "attachment; filename=\"cv.pdf\"");
  auto markdown = client.Get("/cv.md");  // every format of one file, by its extension
  ASSERT_TRUE(markdown);
  EXPECT_EQ(markdown->status, 200);
  EXPECT_EQ(markdown->get_header_value("Content-Type"), "text/markdown; charset=utf-8");
  EXPECT_NE(markdown->body.find("Jimin"), std::string::npos);
  auto unknown = client.Get("/cv.docx");
  ASSERT_TRUE(unknown);
  EXPECT_EQ(unknown->status, 404);
  auto picture = client.Get("/picture/0");
  ASSERT_TRUE(picture);
  EXPECT_EQ(picture->body, read(dir / "me.png"));
}

TEST(Serve, RefusesPathsOutsideItsRoutesOtherHostsAndForeignPosts) {
  const fs::path dir = scratch("refuse");
  write(dir / "cv.yaml", kCv);
  write(dir / "secret.txt", "the secret\n");
  Server server(dir / "cv.yaml");
  ASSERT_GT(server.port(), 0);
  for (const char* path : {"/../secret.txt", "/..%2fsecret.txt", "/%2E%2E/%2E%2E/etc/passwd", "/picture/..%2f..%2fcv.yaml",
                           "/picture/../../etc/passwd", "/secret.txt", "/cv.yaml", "/picture/7", "/picture/-1"}) {
    const int status = raw_status(server.port(), path);
    EXPECT_TRUE(status == 403 || status == 404) << path << " answered " << status;
  }
  // A page elsewhere reaching 127.0.0.1 through a name of its own (DNS rebinding).
  EXPECT_EQ(raw_status(server.port(), "/state", "attacker.example"), 403);
  EXPECT_EQ(raw_status(server.port(), "/state", "localhost"), 200);
  auto client = server.client();
  // A cross-site form can POST, but not with the preview's header.
  auto forged = client.Post("/open", "place=cv.yaml:1:1", "application/x-www-form-urlencoded");
  ASSERT_TRUE(forged);
  EXPECT_EQ(forged->status, 403);
  httplib::Headers ours{{"X-Hanji-Preview", "1"}};
  auto elsewhere = client.Post("/open", ours, "place=secret.txt:1:1", "application/x-www-form-urlencoded");
  ASSERT_TRUE(elsewhere);
  EXPECT_EQ(elsewhere->status, 404);
  auto bad_paper = client.Post("/choose", ours, "paper=a0", "application/x-www-form-urlencoded");
  ASSERT_TRUE(bad_paper);
  EXPECT_EQ(bad_paper->status, 400);
}

TEST(Serve, RebuildsOnASaveAndOnTheViewersChoice) {
  const fs::path dir = scratch("rebuild");
  write(dir / "cv.yaml", kCv);
  Server server(dir / "cv.yaml");
  ASSERT_GT(server.port(), 0);
  write(dir / "cv.yaml.tmp", std::string(kCv).replace(kCv.find("First"), 5, "Second"));
  fs::rename(dir / "cv.yaml.tmp", dir / "cv.yaml");  // as editors save
  EXPECT_NE(server.until("build 2:"), "");
  auto client = server.client();
  EXPECT_NE(client.Get("/state")->body.find("Second draft"), std::string::npos);
  auto chose = client.Post("/choose", httplib::Headers{{"X-Hanji-Preview", "1"}}, "layout=sidebar&paper=letter",
                           "application/x-www-form-urlencoded");
  ASSERT_TRUE(chose);
  EXPECT_EQ(chose->status, 204);
  EXPECT_NE(server.until("build 3:"), "");
  EXPECT_NE(client.Get("/state")->body.find("\"layout\": \"sidebar\""), std::string::npos);
}

// The CV's folder removed: the state says the CV does not exist; made again with the CV in
// it: the preview builds it, and says no more that it does not exist. The same through a link.
TEST(Serve, FollowsTheCvsFolderMadeAgainAndALink) {
  const fs::path dir = scratch("remade");
  fs::create_directories(dir / "d");
  write(dir / "d" / "cv.yaml", kCv);
  Server server(dir / "d" / "cv.yaml");
  ASSERT_GT(server.port(), 0);
  auto client = server.client();
  fs::remove_all(dir / "d");
  EXPECT_NE(server.until("is gone; waiting for it to come back"), "");
  EXPECT_NE(client.Get("/state")->body.find("does not exist"), std::string::npos);
  fs::create_directories(dir / "d");
  write(dir / "d" / "cv.yaml", std::string(kCv).replace(kCv.find("First"), 5, "Second"));
  EXPECT_NE(server.until("page"), "");
  std::string state = client.Get("/state")->body;
  EXPECT_NE(state.find("Second draft"), std::string::npos);
  EXPECT_EQ(state.find("does not exist"), std::string::npos) << state;

  fs::create_directories(dir / "real");
  write(dir / "real" / "cv.yaml", kCv);
  fs::create_symlink("../real/cv.yaml", dir / "d" / "link.yaml");
  Server linked(dir / "d" / "link.yaml");
  ASSERT_GT(linked.port(), 0);
  write(dir / "real" / "cv.yaml.tmp", std::string(kCv).replace(kCv.find("First"), 5, "Third"));
  fs::rename(dir / "real" / "cv.yaml.tmp", dir / "real" / "cv.yaml");  // as editors save, in the real folder
  EXPECT_NE(linked.until("build 2:"), "");
  EXPECT_NE(linked.client().Get("/state")->body.find("Third draft"), std::string::npos);
}

TEST(Serve, ACvThatDoesNotExistIsAnErrorNotAnEmptyPreview) {
  const fs::path dir = scratch("missing");
  Server server(dir / "nothing.yaml");
  EXPECT_EQ(server.port(), 0);
}

// The preview cannot be framed by another site (a click in an invisible frame would run the
// editor): the page's policy says frame-ancestors 'none', and every answer, refusals too,
// says X-Frame-Options: DENY.
TEST(Serve, NoSiteMayFrameAnyAnswer) {
  const fs::path dir = scratch("frame");
  write(dir / "cv.yaml", kCv);
  Server server(dir / "cv.yaml");
  ASSERT_GT(server.port(), 0);
  auto client = server.client();
  for (const char* path : {"/", "/state", "/favicon.svg", "/no-such-page", "/picture/9"}) {
    auto answer = client.Get(path);
    ASSERT_TRUE(answer) << path;
    EXPECT_EQ(answer->get_header_value("X-Frame-Options"), "DENY") << path << " answered " << answer->status;
  }
  EXPECT_NE(client.Get("/")->get_header_value("Content-Security-Policy").find("frame-ancestors 'none'"), std::string::npos);
  EXPECT_NE(client.Get("/favicon.svg")->get_header_value("Content-Security-Policy").find("frame-ancestors 'none'"),
            std::string::npos);
  auto foreign = client.Get("/state", httplib::Headers{{"Host", "attacker.example"}});
  ASSERT_TRUE(foreign);
  EXPECT_EQ(foreign->status, 403);
  EXPECT_EQ(foreign->get_header_value("X-Frame-Options"), "DENY");
  Raw too_large(server.port());  // refused before any route: by the server's own answer
  too_large.send_all("GET /state HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 99999999\r\n\r\n");
  const std::string refused = too_large.until("\r\n\r\n");
  EXPECT_EQ(status_of(refused), 413) << refused;
  EXPECT_NE(refused.find("X-Frame-Options: DENY"), std::string::npos) << refused;
}

// A request body is refused past 64 KiB from its Content-Length, before it is read: a GET
// with a 400 MB body and a 600 MB POST cost the server nothing. A chunked body (no length to
// judge it by) is refused too.
TEST(Serve, RefusesLargeBodiesWithoutReadingThem) {
  const fs::path dir = scratch("bodies");
  write(dir / "cv.yaml", kCv);
  Server server(dir / "cv.yaml");
  ASSERT_GT(server.port(), 0);
  const long before = peak_memory_kib(server.pid());
  const std::string megabyte(1 << 20, 'x');
  struct Case {
    std::string head;
    int status;
  };
  for (const Case& c : {Case{"GET /state HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 400000000\r\n\r\n", 413},
                        Case{"POST /choose HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Hanji-Preview: 1\r\n"
                             "Content-Length: 600000000\r\n\r\n", 413},
                        Case{"POST /choose HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Hanji-Preview: 1\r\n"
                             "Content-Length: 99999999999999999999999\r\n\r\n", 413},
                        Case{"POST /choose HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Hanji-Preview: 1\r\n"
                             "Transfer-Encoding: chunked\r\n\r\n", 411}}) {
    Raw raw(server.port());
    ASSERT_TRUE(raw.ok());
    ASSERT_TRUE(raw.send_all(c.head));
    int sent_mb = 0;  // the body keeps coming until the server stops taking it
    while (sent_mb < 600 && raw.send_all(megabyte)) {
      ++sent_mb;
      if (sent_mb % 8 == 0 && status_of(raw.until("\r\n\r\n")) != 0) break;
    }
    const std::string answer = raw.until("\r\n\r\n");
    EXPECT_EQ(status_of(answer), c.status) << c.head << answer;
    EXPECT_LT(sent_mb, 100) << "the server read on: " << c.head;
  }
  // A body within the bounds is taken (httplib takes a form up to 8 KiB).
  auto client = server.client();
  auto fine = client.Post("/choose", httplib::Headers{{"X-Hanji-Preview", "1"}}, "layout=classic&pad=" + std::string(7000, 'p'),
                          "application/x-www-form-urlencoded");
  ASSERT_TRUE(fine);
  EXPECT_EQ(fine->status, 204);
  EXPECT_LT(peak_memory_kib(server.pid()) - before, 20 * 1024) << "KiB more at the peak than before";
}

// A client that sends a byte now and then is dropped when its deadline passes (10 s to send
// a whole request), with 408; meanwhile it holds no worker (the next test shows others are
// answered). The one test that waits for a deadline, about 10 s.
TEST(Serve, DropsAClientTooSlowToSendItsRequest) {
  const fs::path dir = scratch("slow");
  write(dir / "cv.yaml", kCv);
  Server server(dir / "cv.yaml");
  ASSERT_GT(server.port(), 0);
  Raw slow(server.port());
  const std::string request = "GET /state HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: " + std::string(200, 'p') + "\r\n\r\n";
  std::size_t sent = 0;  // a byte a second, until the server answers or closes (a 40 s hang guard)
  while (sent < request.size() && sent < 40 && slow.send_all(request.substr(sent, 1))) {
    ++sent;
    if (!slow.until("HTTP/1.1", 1).empty() || slow.closed()) break;
  }
  EXPECT_LT(sent, request.size()) << "the whole request went through, a byte at a time";
  EXPECT_EQ(status_of(slow.until("\r\n\r\n")), 408) << slow.until("\r\n\r\n");
}

// The load of issue 29: 50 clients asking for the page, the state and the PDF, 20 event
// streams and 10 clients sending a byte at a time, all at once. Every request is answered,
// 200 or (past a bound) 503 with Retry-After: none waits on another (an answer that takes
// over 20 s counts as none), and the server's resident memory stays under 100 MB.
TEST(Serve, AnswersEveryRequestUnderLoad) {
  const fs::path dir = scratch("load");
  fs::copy_file(fs::path(HANJI_SOURCE_DIR) / "samples" / "photo.png", dir / "me.png");
  write(dir / "cv.yaml", "cv:\n  name: Jimin Park\n  photo: me.png\n  sections:\n    summary:\n      - First draft.\n");
  Server server(dir / "cv.yaml");
  ASSERT_GT(server.port(), 0);

  std::vector<Raw> slow;  // each has sent the start of a request, and sends on a byte at a time
  for (int i = 0; i < 10; ++i) {
    slow.emplace_back(server.port());
    ASSERT_TRUE(slow.back().send_all("G"));
  }
  std::vector<Raw> streams;
  for (int i = 0; i < 20; ++i) {
    streams.emplace_back(server.port());
    ASSERT_TRUE(streams.back().send_all("GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"));
  }
  std::atomic<int> answered{0}, busy{0};
  std::vector<std::string> wrong;
  std::mutex wrong_mutex;
  std::vector<std::thread> clients;
  for (int i = 0; i < 50; ++i)
    clients.emplace_back([&, i] {
      httplib::Client client("127.0.0.1", server.port());
      client.set_read_timeout(20, 0);
      client.set_connection_timeout(20, 0);
      for (const char* path : {"/", "/state", i % 5 == 0 ? "/cv.pdf" : "/picture/0", "/state"}) {
        auto answer = client.Get(path);
        std::lock_guard lock(wrong_mutex);
        if (answer && answer->status == 200) {
          ++answered;
        } else if (answer && answer->status == 503 && answer->has_header("Retry-After")) {
          ++busy;
        } else {
          wrong.push_back(std::string(path) + ": " + (answer ? std::to_string(answer->status) : httplib::to_string(answer.error())));
        }
      }
    });
  for (Raw& s : slow) s.send_all("E");  // the slow ones go on, slowly
  for (std::thread& client : clients) client.join();
  EXPECT_TRUE(wrong.empty()) << wrong.size() << " not answered, the first: " << wrong.front();
  EXPECT_EQ(answered + busy, 200);

  int streaming = 0, refused = 0;
  for (Raw& stream : streams) {
    const std::string head = stream.until("\r\n\r\n");
    if (status_of(head) == 200) {
      ++streaming;
      EXPECT_NE(stream.until("event: build").find("event: build"), std::string::npos);
    } else {
      ++refused;
      EXPECT_EQ(status_of(head), 503) << head;
      EXPECT_NE(head.find("Retry-After: "), std::string::npos) << head;
    }
  }
  EXPECT_EQ(streaming, 16);  // the bound: more would hold the workers the others need
  EXPECT_EQ(refused, 4);
  // A stream whose viewer leaves frees its place for the next one.
  streams.clear();
  bool reopened = false;
  for (int tries = 0; tries < 100 && !reopened; ++tries) {  // the places free within a second or so
    Raw again(server.port());
    again.send_all("GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    reopened = status_of(again.until("\r\n\r\n")) == 200;
    if (!reopened) usleep(100000);
  }
  EXPECT_TRUE(reopened);
  const long peak = peak_memory_kib(server.pid());
  EXPECT_GT(peak, 0);
#ifndef HANJI_SANITIZE  // AddressSanitizer's shadow memory and quarantine are no measure of hanji's
  EXPECT_LT(peak, 100 * 1024) << "KiB at the peak";
#endif
  std::cout << "[ load ] " << answered << " answered 200, " << busy << " answered 503; peak resident memory "
            << peak / 1024 << " MiB\n";
}

// With --host 0.0.0.0 the preview answers to this machine's own addresses (a browser on the
// network sends one as Host) and refuses any other name, 0.0.0.0 itself included; the editor
// runs only for a client on loopback, whatever Host it sends.
TEST(Serve, EveryAddressAnswersItsOwnNamesAndTheEditorOnlyHere) {
  std::string lan;
  for (const std::string& address : machine_addresses())
    if (address.find(':') == std::string::npos && !is_loopback_name(address)) lan = address;
  const fs::path dir = scratch("anyhost");
  write(dir / "cv.yaml", kCv);
  Server server(dir / "cv.yaml", {"--host", "0.0.0.0"});
  ASSERT_GT(server.port(), 0) << server.said();
  EXPECT_EQ(raw_status(server.port(), "/state", "0.0.0.0"), 403);
  EXPECT_EQ(raw_status(server.port(), "/state", "attacker.example"), 403);
  EXPECT_EQ(raw_status(server.port(), "/state", "localhost"), 200);
  const auto open = [](const std::string& host) {
    return "POST /open HTTP/1.1\r\nHost: " + host +
           "\r\nX-Hanji-Preview: 1\r\nContent-Type: application/x-www-form-urlencoded\r\n"
           "Content-Length: 21\r\n\r\nplace=cv.yaml%3A2%3A1";
  };
  Raw here(server.port());
  here.send_all(open("127.0.0.1"));
  EXPECT_EQ(status_of(here.until("\r\n\r\n")), 200);
  if (lan.empty()) GTEST_SKIP() << "this machine has no network address to come from";
  httplib::Client from_network(lan, server.port());
  auto state = from_network.Get("/state", httplib::Headers{{"Host", lan + ":" + std::to_string(server.port())}});
  ASSERT_TRUE(state);
  EXPECT_EQ(state->status, 200) << "a browser on the network, at " << lan;
  for (const std::string& host : {lan, std::string("127.0.0.1"), std::string("localhost")}) {
    Raw elsewhere(server.port(), lan);
    elsewhere.send_all(open(host));
    const std::string answer = elsewhere.until("\r\n\r\n");
    EXPECT_EQ(status_of(answer), 403) << "Host: " << host << "\n" << answer;
  }
}

// A --host the server cannot listen on says why: a name that resolves to nothing, an
// address this machine does not have, a port another program holds.
TEST(Serve, ABadHostOrPortNamesTheRealError) {
  const fs::path dir = scratch("badhost");
  write(dir / "cv.yaml", kCv);
  Server first(dir / "cv.yaml");
  ASSERT_GT(first.port(), 0);
  struct Case {
    std::vector<std::string> args;
    std::string says;
  };
  for (const Case& c : {Case{{"--host", "203.0.113.9"}, "203.0.113.9: it is not an address of this machine"},
                        Case{{"--host", "no-such-host.invalid"}, "no-such-host.invalid: no address is known by that name"},
                        Case{{"--port", std::to_string(first.port())}, "another program is listening on it"}}) {
    Server second(dir / "cv.yaml", c.args);
    EXPECT_EQ(second.port(), 0);
    const std::string said = second.said() + second.until("hint:");
    EXPECT_NE(said.find(c.says), std::string::npos) << said;
    EXPECT_EQ(said.find("may hold the port"), std::string::npos) << said;
  }
}

TEST(ListenAddress, HostNamesOfTheAddressServed) {
  const std::vector<std::string> loop = host_names_for("127.0.0.1");
  for (const char* name : {"127.0.0.1", "localhost", "::1"})
    EXPECT_NE(std::find(loop.begin(), loop.end(), name), loop.end()) << name;
  const std::vector<std::string> every = host_names_for("0.0.0.0");
  EXPECT_EQ(std::find(every.begin(), every.end(), "0.0.0.0"), every.end());
  for (const std::string& address : machine_addresses())
    EXPECT_NE(std::find(every.begin(), every.end(), address), every.end()) << address;
  EXPECT_EQ(host_header_name("[::1]:8177"), "::1");
  EXPECT_EQ(host_header_name("LocalHost:8177"), "localhost");
  EXPECT_EQ(host_header_name("127.0.0.1"), "127.0.0.1");
  EXPECT_TRUE(is_loopback_name("::ffff:127.0.0.1"));
  EXPECT_TRUE(is_loopback_name("127.1.2.3"));
  EXPECT_FALSE(is_loopback_name("10.0.0.1"));
  EXPECT_FALSE(is_loopback_name("::ffff:10.0.0.1"));
}

// /state is JSON, so UTF-8, whatever bytes the CV's file name holds (Latin-1 here).
TEST(Preview, StateIsUtf8ForANameThatIsNot) {
  const fs::path dir = scratch("latin1");
  const fs::path cv = dir / "caf\xe9.yaml";
  write(cv, kCv);
  PreviewFixture f(cv);
  f.preview.rebuild();
  const std::string state = f.preview.state_json();
  EXPECT_TRUE(utf8_valid(state));
  EXPECT_NE(state.find("\"cv\": \"caf\xef\xbf\xbd.yaml\""), std::string::npos) << state.substr(0, 300);
}

}  // namespace
}  // namespace hanji::cli
