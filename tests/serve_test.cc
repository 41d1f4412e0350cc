// `hanji serve`: the preview's state apart from HTTP (builds, the last good pages kept on an
// error, the viewer's choices, what a click may open), then the real server over HTTP: what
// it answers and, above all, what it refuses. The browser side is `make test-browser`.
#include <gtest/gtest.h>
#include <httplib.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "cli/preview.h"
#include "export/registry.h"
#include "running_hanji.h"
#include "theme/theme.h"
#include "repo_data.h"

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
    const std::string said = until("previewing");
    std::smatch m;
    if (std::regex_search(said, m, std::regex(R"(127\.0\.0\.1:(\d+))"))) port_ = std::stoi(m[1]);
  }
  int port() const { return port_; }
  httplib::Client client() const { return httplib::Client("127.0.0.1", port_); }

 private:
  static std::vector<std::string> args(const fs::path& cv, const std::vector<std::string>& extra) {
    std::vector<std::string> out{"serve", cv.string(), "--port", "0"};
    out.insert(out.end(), extra.begin(), extra.end());
    return out;
  }

  int port_ = 0;
};

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
            "img-src 'self' data:; font-src data:; connect-src 'self'");
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

}  // namespace
}  // namespace hanji::cli
