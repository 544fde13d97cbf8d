// Linux calls that glibc declares only under _GNU_SOURCE, which Swift's Glibc module leaves out.
#define _GNU_SOURCE
#include <fcntl.h>
#include <unistd.h>

// Starts writing a file's range back to disk without waiting for it (so a later fsync has
// little left to wait for); 0 or -1 with errno.
static inline int catalog_start_writeback(int fd, off_t offset, off_t count) {
    return sync_file_range(fd, offset, count, SYNC_FILE_RANGE_WRITE);
}

// Opens a new regular file without a name in the folder `dir` (O_TMPFILE), for writing; it
// vanishes when closed unless linked first. The fd, or -1 with errno (EOPNOTSUPP or EISDIR
// where the file system or kernel cannot).
static inline int catalog_open_unnamed(int dir, mode_t mode) {
    return openat(dir, ".", O_TMPFILE | O_WRONLY | O_CLOEXEC, mode);
}

// Gives the open file `fd` the name `name` in the folder `dir` (linkat with AT_EMPTY_PATH; ENOENT
// where the kernel wants CAP_DAC_READ_SEARCH for it); EEXIST when the name is taken. 0 or -1.
static inline int catalog_link_open_file(int fd, int dir, const char *name) {
    return linkat(fd, "", dir, name, AT_EMPTY_PATH);
}

// O_NOATIME: a read that leaves the file's access time (and so its inode) alone. Only for
// files the process owns (EPERM otherwise).
static const int catalog_open_no_access_time = O_NOATIME;

// Writes out every dirty page of the file system holding `fd` (syncfs(2)): one flush for many
// staged files; 0 or -1 with errno.
static inline int catalog_sync_file_system(int fd) {
    return syncfs(fd);
}

#include <malloc.h>

// Keeps freed memory in the process for the next batch of a long walk: glibc gives a heap's
// free top back to the system once it passes 128 KB and maps each large block anew, so memory
// freed batch after batch is faulted in again page by page.
static inline void catalog_keep_freed_memory(void) {
    mallopt(M_TRIM_THRESHOLD, 256 << 20);
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
}
