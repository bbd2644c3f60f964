//===- ElfDynamic.c - the SONAME and DT_NEEDED entries of a shared library --===//
//
// Reads an ELF64 little-endian shared object from memory through its
// section headers: the SHT_DYNAMIC section, and the string table its
// sh_link names, give DT_SONAME and every DT_NEEDED in the file's order.
// Every offset is checked against the buffer before it is read, so a
// truncated or hostile file gives NULL, never a read out of bounds. Files
// are mapped read-only.
//
//===----------------------------------------------------------------------===//
#include "tensorc/HostLibraries.h"

#include <elf.h>
#include <fcntl.h>
#include <jansson.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

static bool inBounds(size_t size, uint64_t offset, uint64_t length) {
  return offset <= size && length <= size - offset;
}

// The NUL-terminated string at `offset` of the string table, or NULL.
static const char *stringAt(const char *data, size_t size, const Elf64_Shdr *strtab, uint64_t offset) {
  if (offset >= strtab->sh_size || !inBounds(size, strtab->sh_offset, strtab->sh_size))
    return NULL;
  const char *s = data + strtab->sh_offset + offset;
  return memchr(s, '\0', strtab->sh_size - offset) ? s : NULL;
}

static const Elf64_Shdr *dynamicSection(const char *data, size_t size, const Elf64_Shdr **strtab) {
  const Elf64_Ehdr *eh = (const Elf64_Ehdr *)data;
  if (eh->e_shentsize != sizeof(Elf64_Shdr) || !inBounds(size, eh->e_shoff, (uint64_t)eh->e_shnum * sizeof(Elf64_Shdr)))
    return NULL;
  const Elf64_Shdr *sections = (const Elf64_Shdr *)(data + eh->e_shoff);
  for (unsigned i = 0; i < eh->e_shnum; ++i)
    if (sections[i].sh_type == SHT_DYNAMIC && sections[i].sh_link < eh->e_shnum) {
      *strtab = &sections[sections[i].sh_link];
      return inBounds(size, sections[i].sh_offset, sections[i].sh_size) ? &sections[i] : NULL;
    }
  return NULL;
}

json_t *tcElfDynamic(const void *bytes, size_t size) {
  const char *data = bytes;
  if (size < sizeof(Elf64_Ehdr) || memcmp(data, ELFMAG, SELFMAG) != 0 || data[EI_CLASS] != ELFCLASS64 ||
      data[EI_DATA] != ELFDATA2LSB || ((const Elf64_Ehdr *)data)->e_type != ET_DYN)
    return NULL;
  const Elf64_Shdr *strtab = NULL, *dyn = dynamicSection(data, size, &strtab);
  if (!dyn)
    return NULL;
  json_t *needed = json_array(), *soname = json_null();
  const Elf64_Dyn *entries = (const Elf64_Dyn *)(data + dyn->sh_offset);
  for (size_t i = 0; i < dyn->sh_size / sizeof(Elf64_Dyn) && entries[i].d_tag != DT_NULL; ++i) {
    if (entries[i].d_tag != DT_NEEDED && entries[i].d_tag != DT_SONAME)
      continue;
    const char *name = stringAt(data, size, strtab, entries[i].d_un.d_val);
    if (!name)
      continue;
    if (entries[i].d_tag == DT_NEEDED)
      json_array_append_new(needed, json_string(name));
    else {
      json_decref(soname);
      soname = json_string(name);
    }
  }
  return json_pack("{s:o, s:o}", "soname", soname, "needed", needed);
}

// Maps the file read-only; NULL (and *size 0) if it cannot.
static void *mapFile(const char *path, size_t *size) {
  *size = 0;
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  struct stat st;
  if (fd < 0)
    return NULL;
  void *p = NULL;
  if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
    p = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
    if (p == MAP_FAILED)
      p = NULL;
    else
      *size = (size_t)st.st_size;
  }
  close(fd);
  return p;
}

json_t *tcElfDynamicOfFile(const char *path) {
  size_t size;
  void *p = mapFile(path, &size);
  if (!p)
    return NULL;
  json_t *result = tcElfDynamic(p, size);
  munmap(p, size);
  return result;
}
