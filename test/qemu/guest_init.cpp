//===- guest_init.cpp - PID 1 of the QEMU NUMA guest ---------------------===//
//
// The guest's init (test/qemu/run_guest.py packs it into an initramfs with
// the programs to run): mounts /proc and /sys so that libnuma sees the
// guest's nodes, runs the commands of /tests.txt one after another, prints
// each one's output between markers on the serial console, and powers off.
// The host compares what it printed.
//
// /tests.txt, one command per line, fields separated by tabs:
//   NAME <tab> THP <tab> ENV (a=b,c=d or -) <tab> PROGRAM [ARGS...]
// THP is "always", "never" or "-": written to transparent_hugepage/enabled
// before the command runs.
//
//===----------------------------------------------------------------------===//
#include <fcntl.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

std::vector<std::string> split(const std::string &text, char on) {
  std::vector<std::string> parts;
  std::stringstream in(text);
  for (std::string part; std::getline(in, part, on);)
    if (!part.empty())
      parts.push_back(part);
  return parts;
}

bool setTransparentHugePages(const std::string &mode) {
  std::ofstream out("/sys/kernel/mm/transparent_hugepage/enabled");
  out << mode << "\n";
  return static_cast<bool>(out);
}

int run(const std::string &env, const std::vector<std::string> &args) {
  std::fflush(stdout);
  pid_t pid = fork();
  if (pid == 0) {
    if (env != "-")
      for (const std::string &pair : split(env, ',')) {
        size_t eq = pair.find('=');
        setenv(pair.substr(0, eq).c_str(), pair.substr(eq + 1).c_str(), 1);
      }
    std::vector<char *> argv;
    for (const std::string &a : args)
      argv.push_back(const_cast<char *>(a.c_str()));
    argv.push_back(nullptr);
    execv(argv[0], argv.data());
    std::printf("cannot run %s: %s\n", argv[0], std::strerror(errno));
    _exit(127);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

} // namespace

int main() {
  // The console: the kernel gives init one only if the initramfs has
  // /dev/console; devtmpfs has it either way.
  mkdir("/dev", 0755);
  mount("devtmpfs", "/dev", "devtmpfs", 0, nullptr);
  int console = open("/dev/console", O_RDWR);
  if (console >= 0) {
    dup2(console, 0);
    dup2(console, 1);
    dup2(console, 2);
  }
  mkdir("/proc", 0755);
  mkdir("/sys", 0755);
  mkdir("/tmp", 01777);
  mount("proc", "/proc", "proc", 0, nullptr);
  mount("sysfs", "/sys", "sysfs", 0, nullptr);
  mount("tmpfs", "/tmp", "tmpfs", 0, nullptr);
  setenv("PATH", "/bin", 1);
  setenv("TMPDIR", "/tmp", 1);
  std::printf("POLYC-QEMU: guest up\n");
  std::ifstream tests("/tests.txt");
  for (std::string line; std::getline(tests, line);) {
    std::vector<std::string> fields = split(line, '\t');
    if (fields.size() < 4)
      continue;
    const std::string &name = fields[0];
    if (fields[1] != "-" && !setTransparentHugePages(fields[1]))
      std::printf("POLYC-QEMU: cannot set transparent huge pages to %s\n", fields[1].c_str());
    std::vector<std::string> args(fields.begin() + 3, fields.end());
    std::printf("POLYC-QEMU-BEGIN %s\n", name.c_str());
    int rc = run(fields[2], args);
    std::fflush(stdout);
    std::printf("\nPOLYC-QEMU-END %s %d\n", name.c_str(), rc);
  }
  std::printf("POLYC-QEMU: DONE\n");
  std::fflush(stdout);
  sync();
  reboot(RB_POWER_OFF);
  return 0;
}
