// The commit `catalog --version` names: `make build` writes commit.h (git-ignored) from the git
// checkout it builds and touches this file and main.swift so the change is compiled; any other build says
// "unknown". It is only ever printed: no build the catalog writes carries it.
#if __has_include("commit.h")
#include "commit.h"
#else
#define CATALOG_COMMIT "unknown"
#endif
