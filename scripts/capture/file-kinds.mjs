// Files of kinds the other captures do not show, read with cat from this machine's packages:
// a Java .properties file (the JDK's java.security, long comments over few settings), a SQL
// script (PostgreSQL's system_functions.sql) and an SVG drawing exported by Illustrator (the
// Rustonomicon's figure, as rustup ships it), a makefile (PostgreSQL's Makefile.global, which
// extensions include) and a shell library (git's git-sh-setup).
const JDK_SECURITY = "/usr/lib/jvm/java-17-openjdk-amd64/conf/security/java.security";
const PG_SQL = "/usr/share/postgresql/15/system_functions.sql";
const PG_MAKEFILE = "/usr/lib/postgresql/15/lib/pgxs/src/Makefile.global";
const SHELL_LIBRARY = "/usr/lib/git-core/git-sh-setup";
const SVG = "/root/.rustup/toolchains/stable-x86_64-unknown-linux-gnu/share/doc/rust/html/nomicon/img/safeandunsafe.svg";

export default [
  {
    id: "cat-properties-java-security",
    program: "file:properties",
    category: "FileContent",
    cwd: "/tmp",
    command: `cat ${JDK_SECURITY}`,
    exitCode: 0,
    versions: ["java -version 2>&1 | head -n 1"],
    note: "the file as this machine's OpenJDK 17 package installs it",
    facts: (f) =>
      f
        .mustKeep(`grep -E '^(securerandom\\.source|keystore\\.type|crypto\\.policy|jdk\\.tls\\.disabledAlgorithms|jdk\\.certpath\\.disabledAlgorithms)=' "$OUT"`)
        .mustKeep(`grep -E '^security\\.provider\\.(1|12)=' "$OUT"`)
        .count("settings", `grep -cE '^[a-zA-Z][a-zA-Z0-9._]* *=' "$OUT"`)
        .count("lines", `wc -l < "$OUT"`),
  },
  {
    id: "cat-sql-postgres-system-functions",
    program: "file:sql",
    category: "FileContent",
    cwd: "/tmp",
    command: `cat ${PG_SQL}`,
    exitCode: 0,
    versions: ["psql --version"],
    note: "the file as this machine's PostgreSQL 15 package installs it",
    facts: (f) =>
      f
        .mustKeep(`grep -oE '^CREATE OR REPLACE FUNCTION [a-z_.]+' "$OUT" | sed -n '1p;$p'`)
        .mustKeep(`grep -m1 -E '^REVOKE EXECUTE ON FUNCTION ' "$OUT"`)
        .count("functions", `grep -cE '^CREATE OR REPLACE FUNCTION' "$OUT"`)
        .count("lines", `wc -l < "$OUT"`),
  },
  {
    id: "cat-svg-illustrator-figure",
    program: "file:svg",
    category: "FileContent",
    cwd: "/tmp",
    command: `cat ${SVG}`,
    exitCode: 0,
    versions: ["rustc --version"],
    note: "a figure of the Rustonomicon in the stable toolchain's documentation",
    facts: (f) =>
      f
        .mustKeep(`grep -oE '<svg version="1\\.1" id="Layer_1"' "$OUT"`)
        .mustKeep(`grep -oE 'viewBox="[^"]+"' "$OUT" | head -n 1`)
        .count("paths", `grep -o '<path' "$OUT" | wc -l`)
        .count("lines", `wc -l < "$OUT"`),
  },
  {
    id: "cat-makefile-postgres-global",
    program: "file:makefile",
    category: "FileContent",
    cwd: "/tmp",
    command: `cat ${PG_MAKEFILE}`,
    exitCode: 0,
    versions: ["psql --version"],
    note: "the file as this machine's PostgreSQL 15 development package installs it",
    facts: (f) =>
      f
        .mustKeep(`grep -E '^(VERSION|MAJORVERSION|CC|CFLAGS|LDFLAGS) = ' "$OUT"`)
        .mustKeep(`grep -E '^%\\.o ?: %\\.c$' "$OUT"`)
        .count("rules", `grep -cE '^[A-Za-z0-9_.%$()/-]+:([^=]|$)' "$OUT"`)
        .count("lines", `wc -l < "$OUT"`),
  },
  {
    id: "cat-shell-git-sh-setup",
    program: "file:shell",
    category: "FileContent",
    cwd: "/tmp",
    command: `cat ${SHELL_LIBRARY}`,
    exitCode: 0,
    versions: ["git --version"],
    note: "the file as this machine's git package installs it",
    facts: (f) =>
      f
        .mustKeep(`grep -oE '^[a-z_]+ ?\\(\\)' "$OUT"`)
        .count("functions", `grep -cE '^[a-z_]+ ?\\(\\)' "$OUT"`)
        .count("lines", `wc -l < "$OUT"`),
  },
];
