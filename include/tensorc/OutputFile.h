//===- OutputFile.h - writing a tool's output files safely -------*- C -*-===//
//
// Every file a tensorc tool writes (`-o`, `--manifest-out`, reports, .npy
// outputs, files served from the cache) goes through this one helper, which
// does what a user of MLIR tools expects of each kind of target:
//
//   - `-`: standard output;
//   - a regular file, or a name that does not exist yet: atomically, through
//     a temporary file in the same directory renamed over it on commit, so a
//     reader never sees half a file and a failed run leaves the old one; the
//     new file keeps the mode of the file it replaces, or gets 0666 (0777
//     for an executable) less the umask, as `open(2)` would give it;
//   - a symbolic link: the link is followed (however many times) and its
//     final target is written as above; the link itself stays;
//   - a character device, a FIFO or another special file (`/dev/null`, a
//     named pipe), and any path under /dev/ or /proc/ (`/dev/stdout` names
//     an open file, not a directory entry): written through in place, never
//     replaced;
//   - a directory: refused.
//
// Writing by temporary file and rename(2) over a device would replace the
// device with a regular file (as root, `/dev/null` itself); that is why the
// kind of target decides. This library links only libc.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_OUTPUT_FILE_H
#define TENSORC_OUTPUT_FILE_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Flags of tcOutputFileOpen and tcWriteFile.
enum {
  TC_OUTPUT_EXECUTABLE = 1, ///< a new file gets 0777 less the umask (a shared library)
  TC_OUTPUT_DURABLE = 2,    ///< fsync the data before the rename (the artifact cache)
};

/// An output being written. `fd` is where the bytes go; the rest is the
/// helper's. Zero-initialise or fill with tcOutputFileOpen.
typedef struct TcOutputFile {
  int fd;          ///< the descriptor to write to (1 for `-`)
  char *path;      ///< owned: the path written (symbolic links followed)
  char *temp;      ///< owned: the temporary file renamed on commit, NULL when writing through
  unsigned flags;  ///< the TC_OUTPUT_* flags it was opened with
} TcOutputFile;

/// Opens `path` for writing as the file comment says. On failure returns
/// false, leaves `out` closed (fd -1) and writes a one-line reason into `err`
/// (at most `errSize` bytes), naming `path`.
bool tcOutputFileOpen(TcOutputFile *out, const char *path, unsigned flags, char *err, size_t errSize);

/// Like tcOutputFileOpen, but a new file gets permission bits `mode` (less
/// the umask) instead of 0666 or 0777. A replaced file still keeps its own.
bool tcOutputFileOpenWithMode(TcOutputFile *out, const char *path, unsigned mode, unsigned flags, char *err,
                              size_t errSize);

/// Writes all `size` bytes of `data` to `out`, retrying short writes.
bool tcOutputFileWrite(TcOutputFile *out, const void *data, size_t size, char *err, size_t errSize);

/// Finishes `out`: closes it and, for a regular file, renames the temporary
/// file over the target. On failure the temporary file is removed and the
/// target is left as it was. Always releases `out`.
bool tcOutputFileCommit(TcOutputFile *out, char *err, size_t errSize);

/// Abandons `out`: closes it and removes its temporary file. A target
/// written through in place keeps what was written. Safe on a closed file.
void tcOutputFileDiscard(TcOutputFile *out);

/// Writes `size` bytes to `path` in one call: open, write, commit.
bool tcWriteFile(const char *path, const void *data, size_t size, unsigned flags, char *err, size_t errSize);

#ifdef __cplusplus
}
#endif

#endif // TENSORC_OUTPUT_FILE_H
