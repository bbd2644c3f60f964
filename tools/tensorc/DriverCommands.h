//===- DriverCommands.h - the subcommands of tensorc -------------*- C -*-===//
//
// `tensorc <command> ...` dispatches to one function per command; each takes
// the arguments after the program name (argv[0] is the command) and returns
// an exit code of docs/exit-codes.md.
//
//===----------------------------------------------------------------------===//
#ifndef TENSORC_TOOLS_TENSORC_DRIVER_COMMANDS_H
#define TENSORC_TOOLS_TENSORC_DRIVER_COMMANDS_H

/// tensorc compile MODEL -o DIR ... (CompileCommand.c, docs/tensorc.md).
int tcDriverCompileCommand(int argc, char **argv);

/// tensorc bisect MODEL [compile options] [-o DIR] [--budget S] (BisectCommand.c, docs/bisect.md).
int tcDriverBisectCommand(int argc, char **argv);

/// tensorc cache list|verify|trim|path|clear ... (CacheCommand.c, docs/cache.md).
int tcDriverCacheCommand(int argc, char **argv);

/// tensorc diff A.manifest.json B.manifest.json [--json] (DiffCommand.c, docs/tensorc.md §5).
int tcDriverDiffCommand(int argc, char **argv);

/// tensorc host [--list | --env] (HostCommand.c, docs/environment.md).
int tcDriverHostCommand(int argc, char **argv);

/// tensorc run ARTIFACT.so ... : tensor-run, beside tensorc (RunCommand.c).
int tcDriverRunCommand(int argc, char **argv);

#endif // TENSORC_TOOLS_TENSORC_DRIVER_COMMANDS_H
