// Photos given as a URL (RenderCV's `photo:`, JSON Resume's basics.image): left out with a
// warning that says how to download them, the same for both formats; fetched with
// --fetch-photos through hanji-fetch.so within its limits, against a server on 127.0.0.1 in
// this process: a good photo, a 404, a body past the size cap, a server past the time cap, a
// redirect loop, a body that is no picture.
#include <gtest/gtest.h>
#include <httplib.h>

#include <sys/wait.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <thread>

#include "cv_loading.h"
#include "modules/fetch.h"

namespace hanji {
namespace {

namespace fs = std::filesystem;
using cv_loading::diag;
using cv_loading::dump;
using cv_loading::has_hint;

std::string file_bytes(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

// A server on a free port of 127.0.0.1, answering as each test's paths say, until destroyed.
class LocalServer {
 public:
  LocalServer() {
    const std::string photo = file_bytes(fs::path(HANJI_SOURCE_DIR) / "samples" / "photo.png");
    server_.Get("/photo.png", [this, photo](const httplib::Request&, httplib::Response& res) {
      ++requests_;
      res.set_content(photo, "image/png");
    });
    server_.Get("/huge.png", [](const httplib::Request&, httplib::Response& res) {
      // 11 MB, past the 10 MB cap, sent in pieces without a length, as a stream would be.
      res.set_chunked_content_provider("image/png", [](size_t offset, httplib::DataSink& sink) {
        const std::string piece(64 * 1024, 'x');
        if (offset >= 11u * 1024 * 1024) {
          sink.done();
          return true;
        }
        return sink.write(piece.data(), piece.size());
      });
    });
    server_.Get("/slow.png", [this](const httplib::Request&, httplib::Response& res) {
      // Waits past the 1.5 s cap (or until the server stops), then answers.
      for (int i = 0; i < 40 && server_.is_running(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(100));
      res.set_content("late", "image/png");
    });
    server_.Get("/loop.png", [](const httplib::Request&, httplib::Response& res) { res.set_redirect("/loop.png"); });
    server_.Get("/page.png", [](const httplib::Request&, httplib::Response& res) {
      res.set_content("<html><body>not a picture</body></html>", "image/png");
    });
    port_ = server_.bind_to_any_port("127.0.0.1");
    thread_ = std::thread([this] { server_.listen_after_bind(); });  // bound: connections wait for it
  }
  ~LocalServer() {
    server_.stop();
    thread_.join();
  }
  std::string url(const std::string& path) const { return "http://127.0.0.1:" + std::to_string(port_) + path; }
  int requests() const { return requests_; }

 private:
  httplib::Server server_;
  int port_ = 0;
  std::atomic<int> requests_ = 0;  // of /photo.png
  std::thread thread_;
};

cv_loading::Loaded load(const std::string& text, const std::string& path, bool fetch) {
  readers::ReadOptions options;
  options.fetch_photos = fetch;
  cv_loading::Loaded out;
  out.file = readers::load_cv_from_string(text, path, out.diags, options);
  return out;
}

std::string rendercv(const std::string& url) { return "cv:\n  name: Jane Doe\n  photo: " + url + "\n"; }
std::string json_resume(const std::string& url) {
  return R"({"basics": {"name": "Jane Doe", "image": ")" + url + R"("}})";
}

// Without --fetch-photos no address is reached: a warning says how to download the photo and
// what to write, and the CV reads without it, the same in both formats.
TEST(PhotoByUrl, OffByDefaultAWarningThatSaysHowToDownloadIt) {
  const std::string url = "https://example.com/people/jane.jpg?size=400";
  cv_loading::Loaded yaml = load(rendercv(url), "cv.yaml", false);
  ASSERT_TRUE(yaml.file) << dump(yaml.diags);
  EXPECT_TRUE(yaml.file->cv.photo.empty());
  const Diagnostic& said = diag(yaml.diags, "is a web address");
  EXPECT_EQ(said.severity, Severity::Warning);
  cv_loading::expect_at(said.span, 3, 10);
  EXPECT_TRUE(has_hint(said, "curl -fL -o jane.jpg 'https://example.com/people/jane.jpg?size=400'")) << dump(yaml.diags);
  EXPECT_TRUE(has_hint(said, "'photo: jane.jpg'")) << dump(yaml.diags);
  EXPECT_TRUE(has_hint(said, "--fetch-photos"));

  cv_loading::Loaded json = load(json_resume("https://example.com/me"), "resume.json", false);
  ASSERT_TRUE(json.file) << dump(json.diags);
  EXPECT_TRUE(json.file->cv.photo.empty());
  const Diagnostic& json_said = diag(json.diags, "is a web address");
  EXPECT_EQ(json_said.severity, Severity::Warning);
  EXPECT_TRUE(has_hint(json_said, "curl -fL -o photo.jpg 'https://example.com/me'")) << dump(json.diags);
  EXPECT_TRUE(has_hint(json_said, "\"image\": \"photo.jpg\"")) << dump(json.diags);
}

// A session (watch, serve: an Engine's reads) downloads a photo once, however often the CV is
// read again; the server counts the requests.
TEST(PhotoByUrl, ASessionDownloadsEachPhotoOnce) {
  LocalServer server;
  readers::FetchedPhotos session;
  readers::ReadOptions options;
  options.fetch_photos = true;
  options.fetched_photos = &session;
  std::string first;
  for (int save = 0; save < 3; ++save) {
    Diagnostics diags;
    auto file = readers::load_cv_from_string(rendercv(server.url("/photo.png")), "cv.yaml", diags, options);
    ASSERT_TRUE(file) << dump(diags);
    if (save == 0) first = file->cv.photo.value;
    EXPECT_EQ(file->cv.photo.value, first) << "the same file, not a new download";
    EXPECT_TRUE(fs::exists(first));
  }
  EXPECT_EQ(session.downloads(), 1u);
  EXPECT_EQ(server.requests(), 1);
}

// Fetched, the photo is kept in a temporary file of its own (never beside the CV), removed
// once the last copy of the CV goes.
TEST(PhotoByUrl, FetchedOnRequestIntoATemporaryFileRemovedAfter) {
  LocalServer server;
  for (const bool json : {false, true}) {
    const std::string url = server.url("/photo.png");
    std::string kept;
    {
      cv_loading::Loaded loaded = load(json ? json_resume(url) : rendercv(url), json ? "resume.json" : "cv.yaml", true);
      ASSERT_TRUE(loaded.file) << dump(loaded.diags);
      EXPECT_TRUE(loaded.diags.all().empty()) << dump(loaded.diags);
      kept = loaded.file->cv.photo.value;
      EXPECT_EQ(fs::path(kept).parent_path(), fs::temp_directory_path());
      EXPECT_EQ(fs::path(kept).extension(), ".png");
      EXPECT_EQ(file_bytes(kept), file_bytes(fs::path(HANJI_SOURCE_DIR) / "samples" / "photo.png"));
    }
    EXPECT_FALSE(fs::exists(kept)) << kept;
  }
}

TEST(PhotoByUrl, EachLimitIsAnErrorAtThePhoto) {
  LocalServer server;
  const struct {
    const char* path;
    const char* says;
  } cases[] = {
      {"/missing.png", "the server answered HTTP 404"},
      {"/huge.png", "it is larger than 10 MB"},
      {"/slow.png", "it did not come within 1.5 seconds"},
      {"/loop.png", "it redirects more than 5 times"},
      {"/page.png", "is not a PNG or JPEG picture"},
  };
  for (const auto& c : cases) {
    cv_loading::Loaded loaded = load(rendercv(server.url(c.path)), "cv.yaml", true);
    EXPECT_FALSE(loaded.file) << c.path;
    const Diagnostic& said = diag(loaded.diags, c.says);
    EXPECT_EQ(said.severity, Severity::Error) << c.path;
    cv_loading::expect_at(said.span, 3, 10);
  }
}

// Only http and https: another scheme is never handed to libcurl's other protocols, also
// when a server redirects to one.
TEST(PhotoByUrl, OnlyWebAddressesAreFetched) {
  std::string error;
  EXPECT_FALSE(modules::fetch("file:///etc/passwd", modules::FetchLimits{}, error));
  EXPECT_EQ(error, "only http and https addresses are fetched");
  LocalServer server;
  httplib::Server redirecting;
  redirecting.Get("/away.png", [](const httplib::Request&, httplib::Response& res) {
    res.set_redirect("file:///etc/passwd");
  });
  const int port = redirecting.bind_to_any_port("127.0.0.1");
  std::thread thread([&] { redirecting.listen_after_bind(); });
  EXPECT_FALSE(modules::fetch("http://127.0.0.1:" + std::to_string(port) + "/away.png", modules::FetchLimits{}, error));
  EXPECT_FALSE(error.empty());
  redirecting.stop();
  thread.join();
}

// The command: --fetch-photos on build and check; the PDF holds the photo only when asked.
TEST(PhotoByUrl, TheCommandFetchesOnlyWithTheFlag) {
  LocalServer server;
  const fs::path dir = fs::temp_directory_path() / "hanji_photo_fetch_test";
  fs::create_directories(dir);
  std::ofstream(dir / "cv.yaml") << rendercv(server.url("/photo.png"));
  auto run = [&](const std::string& args) {
    const std::string command = std::string(HANJI_BINARY) + " " + args + " > " + (dir / "said.txt").string() + " 2>&1";
    const int status = std::system(command.c_str());
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  };
  const std::string cv = (dir / "cv.yaml").string(), pdf = (dir / "cv.pdf").string();
  EXPECT_EQ(run("build " + cv + " -o " + pdf), 0);
  EXPECT_NE(file_bytes(dir / "said.txt").find("--fetch-photos"), std::string::npos) << file_bytes(dir / "said.txt");
  EXPECT_EQ(file_bytes(pdf).find("/Subtype/Image"), std::string::npos);
  EXPECT_EQ(run("build " + cv + " -o " + pdf + " --fetch-photos"), 0) << file_bytes(dir / "said.txt");
  EXPECT_NE(file_bytes(pdf).find("/Subtype/Image"), std::string::npos);
  EXPECT_EQ(run("check " + cv + " --fetch-photos"), 0) << file_bytes(dir / "said.txt");
  // Nothing is left beside the CV (the reader test checks the temporary file goes too).
  EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 3);  // cv.yaml, cv.pdf, said.txt
}

}  // namespace
}  // namespace hanji
