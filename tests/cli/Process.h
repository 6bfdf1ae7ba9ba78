#pragma once
// Runs a program as a user would (a process with arguments and an
// environment) and collects its exit status, standard output and standard
// error, for the command-line tests.

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

extern char** environ;

namespace frontier::test {

struct ProcessResult {
  int status = -1;  // exit status; 128 + N when killed by signal N
  std::string out;
  std::string err;
};

// A started process: its id and the read ends of its standard output and
// error (-1 once closed).
struct SpawnedProcess {
  pid_t pid = -1;
  int fds[2] = {-1, -1};
  ProcessResult result; // output so far; the status once finished
};

// Starts `program` with `args`; `env` entries (NAME=value) are added to this
// process's environment, replacing a variable of that name; an entry that is a
// bare NAME (no '=') removes that variable. Standard input is empty.
inline SpawnedProcess spawnProcess(const std::filesystem::path& program, const std::vector<std::string>& args,
                                   const std::vector<std::string>& env = {}) {
  int outPipe[2];
  int errPipe[2];
  if (pipe(outPipe) != 0 || pipe(errPipe) != 0) {
    throw std::runtime_error(std::string("pipe: ") + std::strerror(errno));
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1);
  posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2);
  posix_spawn_file_actions_addclose(&actions, outPipe[0]);
  posix_spawn_file_actions_addclose(&actions, errPipe[0]);

  std::vector<std::string> argStrings{program.string()};
  argStrings.insert(argStrings.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& a : argStrings) {
    argv.push_back(a.data());
  }
  argv.push_back(nullptr);
  std::vector<std::string> envStrings;
  for (char** e = environ; *e != nullptr; ++e) {
    const std::string entry(*e);
    const std::string name = entry.substr(0, entry.find('='));
    bool replaced = false;
    for (const std::string& extra : env) {
      replaced = replaced || extra.substr(0, extra.find('=')) == name;
    }
    if (!replaced) {
      envStrings.push_back(entry);
    }
  }
  for (const std::string& extra : env) {
    if (extra.find('=') != std::string::npos) {
      envStrings.push_back(extra);
    }
  }
  std::vector<char*> envp;
  for (std::string& e : envStrings) {
    envp.push_back(e.data());
  }
  envp.push_back(nullptr);

  SpawnedProcess process;
  const int spawned = posix_spawn(&process.pid, program.c_str(), &actions, nullptr, argv.data(), envp.data());
  posix_spawn_file_actions_destroy(&actions);
  close(outPipe[1]);
  close(errPipe[1]);
  if (spawned != 0) {
    close(outPipe[0]);
    close(errPipe[0]);
    throw std::runtime_error("cannot start " + program.string() + ": " + std::strerror(spawned));
  }
  process.fds[0] = outPipe[0];
  process.fds[1] = errPipe[0];
  return process;
}

// Reads what the process writes for up to `timeoutMs` (-1: until both
// streams close). Returns false once both are closed.
inline bool readProcessOutput(SpawnedProcess& process, int timeoutMs) {
  pollfd fds[2] = {{process.fds[0], POLLIN, 0}, {process.fds[1], POLLIN, 0}};
  std::string* sinks[2] = {&process.result.out, &process.result.err};
  const bool forever = timeoutMs < 0;
  while (process.fds[0] >= 0 || process.fds[1] >= 0) {
    const int ready = poll(fds, 2, timeoutMs);
    if (ready < 0 && errno != EINTR) {
      break;
    }
    if (ready == 0) {
      return true; // timed out, still open
    }
    for (int i = 0; i < 2; ++i) {
      if (fds[i].fd >= 0 && (fds[i].revents & (POLLIN | POLLHUP | POLLERR)) != 0) {
        char buffer[65536];
        const ssize_t got = read(fds[i].fd, buffer, sizeof buffer);
        if (got > 0) {
          sinks[i]->append(buffer, static_cast<size_t>(got));
        } else {
          close(fds[i].fd);
          fds[i].fd = -1;
          process.fds[i] = -1;
        }
      }
    }
    if (!forever) {
      return process.fds[0] >= 0 || process.fds[1] >= 0;
    }
  }
  return false;
}

// Reads everything left, then waits for the process to end.
inline ProcessResult finishProcess(SpawnedProcess& process) {
  readProcessOutput(process, -1);
  int status = 0;
  while (waitpid(process.pid, &status, 0) < 0 && errno == EINTR) {
  }
  process.result.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return process.result;
}

// Runs `program` to its end (arguments and environment as spawnProcess).
inline ProcessResult runProcess(const std::filesystem::path& program, const std::vector<std::string>& args,
                                const std::vector<std::string>& env = {}) {
  SpawnedProcess process = spawnProcess(program, args, env);
  return finishProcess(process);
}

} // namespace frontier::test
