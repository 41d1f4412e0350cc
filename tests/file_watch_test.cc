// Watching the files a CV was made from (src/cli/file_watch.h) under real file-system event
// sequences: saves in place and by renaming a new file over the old one (as vim and VS Code
// save), saves through links into other folders, a link pointed elsewhere, the CV's folder
// removed and made again, a photo through a link, a file saved with the same bytes, events the
// kernel dropped. Each save is made by another thread once the wait has begun, so it is an
// inotify event that must be seen, not a stamp looked at before waiting. Every wait is bounded
// (a hang guard: a missed save fails the test instead of stopping it); no test asserts a time.
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <thread>

#include "cli/file_watch.h"

namespace hanji::cli {
namespace {

namespace fs = std::filesystem;
using Wait = FileWatch::Wait;

// A wait that sees nothing ends after this: far longer than any save takes to be seen.
constexpr int kHangGuardMs = 20000;
// How long a wait that should see nothing is given to see something.
constexpr int kNothingMs = 400;

fs::path scratch(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("hanji-file-watch-test-" + std::to_string(getpid())) / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

void write_in_place(const fs::path& file, const std::string& text) {
  std::ofstream(file, std::ios::binary | std::ios::trunc) << text;
}

// As vim and VS Code save: a new file, renamed over the old one.
void write_by_rename(const fs::path& file, const std::string& text) {
  const fs::path temp = file.string() + ".new~";
  std::ofstream(temp, std::ios::binary) << text;
  fs::rename(temp, file);
}

Watched watching(const std::vector<fs::path>& files) {
  Watched watched;
  for (const fs::path& file : files) watched.stamps[file.string()] = file_seen(file.string());
  return watched;
}

/// What a wait says when `save` runs on another thread while it waits (a moment after it
/// began, so that the save is an event and not a stamp looked at before the wait).
Wait wait_during(FileWatch& files, const Watched& watched, const std::function<void()>& save,
                 int timeout_ms = kHangGuardMs) {
  std::thread saver([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(150));
    save();
  });
  const Wait why = files.wait_for_change(watched, {-1, {}, timeout_ms});
  saver.join();
  return why;
}

/// A wait during `save`, then the build that follows: the files stamped again.
bool seen(FileWatch& files, Watched& watched, const std::function<void()>& save) {
  const Wait why = wait_during(files, watched, save);
  watched.stamp_now();
  return why == Wait::Changed;
}

TEST(WalkPath, NamesEveryLinkAlongTheWayAndTheFileItself) {
  const fs::path dir = fs::canonical(scratch("follow"));
  fs::create_directories(dir / "real");
  fs::create_directories(dir / "view");
  write_in_place(dir / "real" / "cv.yaml", "cv: {}\n");
  fs::create_directory_symlink("real", dir / "folder-link");                   // a folder, relative
  fs::create_symlink(dir / "folder-link" / "cv.yaml", dir / "view" / "abs");   // absolute, through it
  fs::create_symlink("abs", dir / "view" / "cv.yaml");                         // a chain of two
  const hanji::PathWalk steps = hanji::walk_path((dir / "view" / "cv.yaml").string());
  ASSERT_TRUE(steps.exists);
  EXPECT_EQ(steps.resolved, (dir / "real" / "cv.yaml").string());
  const std::vector<std::pair<std::string, std::string>> expected{{(dir / "view").string(), "cv.yaml"},
                                                                  {(dir / "view").string(), "abs"},
                                                                  {dir.string(), "folder-link"},
                                                                  {(dir / "real").string(), "cv.yaml"}};
  EXPECT_EQ(steps.entries, expected);

  // A missing folder: waited for in the nearest one that exists.
  const hanji::PathWalk missing = hanji::walk_path((dir / "gone" / "deeper" / "cv.yaml").string());
  EXPECT_FALSE(missing.exists);
  ASSERT_EQ(missing.entries.size(), 1u);
  EXPECT_EQ(missing.entries.front(), std::pair(dir.string(), std::string("gone")));

  // A loop of links ends.
  fs::create_symlink("loop-b", dir / "loop-a");
  fs::create_symlink("loop-a", dir / "loop-b");
  EXPECT_FALSE(hanji::walk_path((dir / "loop-a").string()).exists);
  fs::remove_all(dir);
}

TEST(FileWatch, SeesASaveInPlaceAndByRename) {
  const fs::path dir = scratch("saves");
  const fs::path cv = dir / "cv.yaml";
  write_in_place(cv, "cv: {name: One}\n");
  FileWatch files;
  ASSERT_TRUE(files.ok());
  Watched watched = watching({cv});
  EXPECT_TRUE(seen(files, watched, [&] { write_in_place(cv, "cv: {name: Two}\n"); }));
  EXPECT_TRUE(seen(files, watched, [&] { write_by_rename(cv, "cv: {name: Three}\n"); }));
  EXPECT_TRUE(seen(files, watched, [&] { write_by_rename(cv, "cv: {name: Four}\n"); }));
  // Another file of the folder (the output, an editor's swap file) is no change.
  EXPECT_EQ(wait_during(files, watched, [&] { write_by_rename(dir / "cv.pdf", "%PDF"); }, kNothingMs), Wait::TimedOut);
  fs::remove_all(dir);
}

TEST(FileWatch, ASaveWithTheSameBytesIsNoChange) {
  const fs::path dir = scratch("same");
  const fs::path cv = dir / "cv.yaml";
  write_in_place(cv, "cv: {name: Same}\n");
  FileWatch files;
  Watched watched = watching({cv});
  EXPECT_EQ(wait_during(files, watched, [&] { write_in_place(cv, "cv: {name: Same}\n"); }, kNothingMs), Wait::TimedOut);
  EXPECT_EQ(wait_during(files, watched, [&] { write_by_rename(cv, "cv: {name: Same}\n"); }, kNothingMs), Wait::TimedOut);
  // Still watching: a real edit is seen.
  EXPECT_TRUE(seen(files, watched, [&] { write_by_rename(cv, "cv: {name: Other}\n"); }));
  fs::remove_all(dir);
}

// view/cv.yaml -> ../real/cv.yaml, as dotfile setups link files: the saves happen in real/.
TEST(FileWatch, FollowsALinkIntoAnotherFolder) {
  const fs::path dir = scratch("link");
  fs::create_directories(dir / "real");
  fs::create_directories(dir / "view");
  const fs::path real = dir / "real" / "cv.yaml";
  write_in_place(real, "cv: {name: One}\n");
  fs::create_symlink("../real/cv.yaml", dir / "view" / "cv.yaml");
  FileWatch files;
  Watched watched = watching({dir / "view" / "cv.yaml"});
  EXPECT_TRUE(seen(files, watched, [&] { write_in_place(real, "cv: {name: Two}\n"); }));
  EXPECT_TRUE(seen(files, watched, [&] { write_by_rename(real, "cv: {name: Three}\n"); }));
  EXPECT_TRUE(seen(files, watched, [&] { write_by_rename(real, "cv: {name: Four}\n"); }));
  fs::remove_all(dir);
}

// The same through a link to the folder, and through a chain of an absolute and a relative link.
TEST(FileWatch, FollowsAFolderLinkAndAChainOfLinks) {
  const fs::path dir = fs::canonical(scratch("chain"));
  fs::create_directories(dir / "real");
  fs::create_directories(dir / "elsewhere");
  const fs::path real = dir / "real" / "cv.yaml";
  write_in_place(real, "cv: {name: One}\n");
  fs::create_directory_symlink("real", dir / "view");
  fs::create_symlink(dir / "view" / "cv.yaml", dir / "elsewhere" / "middle.yaml");
  fs::create_symlink("elsewhere/middle.yaml", dir / "cv.yaml");
  FileWatch files;
  Watched through_folder = watching({dir / "view" / "cv.yaml"});
  EXPECT_TRUE(seen(files, through_folder, [&] { write_by_rename(real, "cv: {name: Two}\n"); }));
  FileWatch chained;
  Watched through_chain = watching({dir / "cv.yaml"});
  EXPECT_TRUE(seen(chained, through_chain, [&] { write_by_rename(real, "cv: {name: Three}\n"); }));
  EXPECT_TRUE(seen(chained, through_chain, [&] { write_in_place(real, "cv: {name: Four}\n"); }));
  fs::remove_all(dir);
}

// A link pointed at another file: a change; then saves to the new file are seen, and saves to
// the old one are not changes.
TEST(FileWatch, FollowsALinkPointedElsewhere) {
  const fs::path dir = scratch("repoint");
  for (const char* folder : {"a", "b", "view"}) fs::create_directories(dir / folder);
  write_in_place(dir / "a" / "cv.yaml", "cv: {name: A}\n");
  write_in_place(dir / "b" / "cv.yaml", "cv: {name: B}\n");
  const fs::path link = dir / "view" / "cv.yaml";
  fs::create_symlink("../a/cv.yaml", link);
  FileWatch files;
  Watched watched = watching({link});
  EXPECT_TRUE(seen(files, watched, [&] {  // as ln -sfn does: a new link renamed over the old
    fs::create_symlink("../b/cv.yaml", dir / "view" / "cv.yaml.new");
    fs::rename(dir / "view" / "cv.yaml.new", link);
  }));
  EXPECT_TRUE(seen(files, watched, [&] { write_by_rename(dir / "b" / "cv.yaml", "cv: {name: B2}\n"); }));
  EXPECT_TRUE(seen(files, watched, [&] { write_in_place(dir / "b" / "cv.yaml", "cv: {name: B3}\n"); }));
  EXPECT_EQ(wait_during(files, watched, [&] { write_by_rename(dir / "a" / "cv.yaml", "cv: {name: A2}\n"); }, kNothingMs),
            Wait::TimedOut);
  fs::remove_all(dir);
}

// rm -rf d; mkdir d; cp x d/cv.yaml: the removal is a change (the CV is gone), its coming back
// is one, and every save after it is seen.
TEST(FileWatch, SurvivesTheFolderRemovedAndMadeAgain) {
  const fs::path top = scratch("remade");
  const fs::path dir = top / "d";
  fs::create_directories(dir);
  const fs::path cv = dir / "cv.yaml";
  write_in_place(cv, "cv: {name: One}\n");
  FileWatch files;
  Watched watched = watching({cv});
  EXPECT_TRUE(seen(files, watched, [&] { fs::remove_all(dir); }));
  EXPECT_FALSE(watched.stamps.at(cv.string()).stamp);
  // The folder made, and the CV copied in a moment later: the folder is watched again by then.
  EXPECT_TRUE(seen(files, watched, [&] {
    fs::create_directories(dir);
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    write_in_place(cv, "cv: {name: Back}\n");
  }));
  EXPECT_TRUE(watched.stamps.at(cv.string()).stamp);
  EXPECT_TRUE(seen(files, watched, [&] { write_in_place(cv, "cv: {name: Saved once}\n"); }));
  EXPECT_TRUE(seen(files, watched, [&] { write_by_rename(cv, "cv: {name: Saved twice}\n"); }));
  // Twice over, and two levels gone.
  EXPECT_TRUE(seen(files, watched, [&] { fs::remove_all(top); }));
  EXPECT_TRUE(seen(files, watched, [&] {
    fs::create_directories(dir);
    write_by_rename(cv, "cv: {name: Back again}\n");
  }));
  EXPECT_TRUE(seen(files, watched, [&] { write_in_place(cv, "cv: {name: Saved thrice}\n"); }));
  fs::remove_all(top);
}

// photo: me.jpg, a link to a picture kept elsewhere: replacing the picture is a change.
TEST(FileWatch, SeesAPhotoThroughALink) {
  const fs::path dir = scratch("photo");
  fs::create_directories(dir / "cv");
  fs::create_directories(dir / "pictures");
  write_in_place(dir / "cv" / "cv.yaml", "cv: {name: One, photo: me.jpg}\n");
  write_in_place(dir / "pictures" / "me.jpg", std::string(300 * 1024, 'a'));  // over the size whose bytes are digested
  fs::create_symlink("../pictures/me.jpg", dir / "cv" / "me.jpg");
  FileWatch files;
  Watched watched = watching({dir / "cv" / "cv.yaml", dir / "cv" / "me.jpg"});
  EXPECT_TRUE(seen(files, watched, [&] { write_by_rename(dir / "pictures" / "me.jpg", std::string(300 * 1024, 'b')); }));
  EXPECT_TRUE(seen(files, watched, [&] { write_in_place(dir / "pictures" / "me.jpg", std::string(200, 'c')); }));
  fs::remove_all(dir);
}

// A locale folder: a YAML file made in it is a change, other files are not.
TEST(FileWatch, SeesALocaleFileMadeInALocaleFolder) {
  const fs::path dir = scratch("locales");
  const fs::path locales = dir / "locales";
  fs::create_directories(locales);
  FileWatch files;
  Watched watched = watching({dir / "cv.yaml", locales});
  watched.any_yaml_in.insert(locales.string());
  EXPECT_TRUE(seen(files, watched, [&] { write_by_rename(locales / "mine.yaml", "language: mine\n"); }));
  fs::remove_all(dir);
}

// More events than the kernel queues (fs.inotify.max_queued_events): those past it are dropped,
// the save among them too, and the save is still seen.
TEST(FileWatch, ASaveWhoseEventTheKernelDroppedIsSeen) {
  std::ifstream limit_file("/proc/sys/fs/inotify/max_queued_events");
  long limit = 0;
  if (!(limit_file >> limit) || limit <= 0 || limit > 200000) GTEST_SKIP() << "no inotify queue limit to reach";
  const fs::path dir = scratch("overflow");
  const fs::path cv = dir / "cv.yaml";
  write_in_place(cv, "cv: {name: One}\n");
  FileWatch files;
  Watched watched = watching({cv});
  files.update(watched);
  for (long k = 0; k < limit / 2 + 100; ++k) write_in_place(dir / ("flood-" + std::to_string(k)), "");  // 2 events each
  write_in_place(cv, "cv: {name: Two}\n");  // its events dropped: the queue is full
  EXPECT_EQ(files.wait_for_change(watched, {-1, {}, kHangGuardMs}), Wait::Changed);
  fs::remove_all(dir);
}

// The wait also ends when its wake file is readable, and when an output's reader is gone.
TEST(FileWatch, EndsWhenAPipesReaderIsGone) {
  const fs::path dir = scratch("pipe");
  write_in_place(dir / "cv.yaml", "cv: {name: One}\n");
  int fds[2];
  ASSERT_EQ(pipe(fds), 0);
  FileWatch files;
  Watched watched = watching({dir / "cv.yaml"});
  std::thread reader_leaves([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(150));
    close(fds[0]);
  });
  EXPECT_EQ(files.wait_for_change(watched, {-1, {-1, fds[1]}, kHangGuardMs}), Wait::Closed);
  EXPECT_EQ(files.closed_fd(), 1u);
  reader_leaves.join();
  close(fds[1]);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace hanji::cli
