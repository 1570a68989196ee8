// Archive listings: tar (verbose and plain, and while creating), unzip -l, zipinfo,
// unzip -v, jar tf, ar t / tv, dpkg-deb -c.
import { scratch, sh } from "./lib.mjs";

const PY_LIB = "/usr/lib/python3.11";

/** A gzipped tarball of part of the Python standard library, with fixed owners and times. */
function stdlibTarball(id) {
  const dir = scratch(id);
  sh(`tar --sort=name --owner=0 --group=0 --numeric-owner --mtime=2024-03-01T00:00:00Z --exclude=__pycache__ -czf stdlib.tar.gz -C ${PY_LIB} email json http logging unittest`, { cwd: dir });
  return dir;
}
const tarFiles = `tar -tzf stdlib.tar.gz | grep -c ''`;

export default [
  {
    id: "tar-tvzf-stdlib",
    program: "tar",
    category: "DirectoryListing",
    setup: () => stdlibTarball("tar-tvzf-stdlib"),
    command: "tar -tvzf stdlib.tar.gz",
    exitCode: 0,
    versions: ["tar --version | head -n 1", "python3.11 --version"],
    note: "five packages of Debian's python3.11 standard library, owners and times fixed when packed",
    facts: (f) =>
      f
        .count("entries", tarFiles)
        .mustKeep(`tar -tvzf stdlib.tar.gz | sort -k3,3nr | head -n 2 | awk '{print $6}'`),
  },
  {
    id: "tar-czvf-create",
    program: "tar",
    category: "CommandOutput",
    setup: () => scratch("tar-czvf-create"),
    command: `tar --exclude=__pycache__ -czvf asyncio.tar.gz -C ${PY_LIB} asyncio concurrent missing-dir`,
    versions: ["tar --version | head -n 1"],
    note: "one of the three directories does not exist: tar lists the rest and reports it at the end",
    facts: (f) =>
      f
        .errorLines(`grep -E '^tar: ' "$OUT"`)
        .count("entries", `tar -tzf asyncio.tar.gz | grep -c ''`),
  },
  {
    id: "unzip-l-junit-jar",
    program: "unzip",
    category: "DirectoryListing",
    cwd: "/usr/share/java",
    command: "unzip -l junit-platform-console-standalone.jar",
    exitCode: 0,
    versions: ["unzip -v | head -n 1"],
    note: "Debian's JUnit console launcher jar: thousands of entries",
    facts: (f) =>
      f
        .mustKeep(`tail -n 1 "$OUT" | sed -E 's/^ +//; s/ +/ /g' | awk '{print $2" files"}'`)
        .count("entries", `unzip -Z1 junit-platform-console-standalone.jar | grep -c ''`),
  },
  {
    id: "zipinfo-junit4-jar",
    program: "zipinfo",
    category: "DirectoryListing",
    cwd: "/usr/share/java",
    command: "zipinfo junit4.jar",
    exitCode: 0,
    versions: ["unzip -v | head -n 1"],
    facts: (f) =>
      f
        .mustKeep(`tail -n 1 "$OUT" | grep -oE '^[0-9]+ files'`)
        .count("entries", `unzip -Z1 junit4.jar | grep -c ''`),
  },
  {
    id: "unzip-v-junit4-jar",
    program: "unzip",
    category: "DirectoryListing",
    cwd: "/usr/share/java",
    command: "unzip -v junit4.jar",
    exitCode: 0,
    versions: ["unzip -v | head -n 1"],
    note: "the verbose table: size, method, compressed size, ratio, date, time and CRC before each name",
    facts: (f) =>
      f
        .mustKeep(`tail -n 1 "$OUT" | grep -oE '[0-9]+ files'`)
        .mustKeep(`unzip -Z1 junit4.jar | grep -E 'ParentRunner.class$'`)
        .count("entries", `unzip -Z1 junit4.jar | grep -c ''`),
  },
  {
    id: "jar-tf-hamcrest",
    program: "jar",
    category: "DirectoryListing",
    cwd: "/usr/share/java",
    command: "jar tf hamcrest-library.jar",
    exitCode: 0,
    versions: ["java -version 2>&1 | head -n 1"],
    facts: (f) => f.count("entries", `unzip -Z1 hamcrest-library.jar | grep -c ''`),
  },
  {
    id: "ar-tv-libc",
    program: "ar",
    category: "DirectoryListing",
    cwd: "/usr/lib/x86_64-linux-gnu",
    command: "ar tv libc.a",
    exitCode: 0,
    versions: ["ar --version | head -n 1", "ldd --version | head -n 1"],
    note: "glibc's static library: one line per object file",
    facts: (f) => f.count("members", `ar t libc.a | grep -c ''`),
  },
  {
    id: "ar-t-libm",
    program: "ar",
    category: "DirectoryListing",
    cwd: "/usr/lib/x86_64-linux-gnu",
    command: "ar t libm-2.36.a",
    exitCode: 0,
    versions: ["ar --version | head -n 1"],
    facts: (f) => f.count("members", `ar t libm-2.36.a | grep -c ''`),
  },
  {
    id: "dpkg-deb-contents",
    program: "dpkg-deb",
    category: "DirectoryListing",
    cwd: "/var/cache/apt/archives",
    command: "dpkg-deb -c $(ls autoconf_*.deb | head -n 1)",
    exitCode: 0,
    versions: ["dpkg-deb --version | head -n 1"],
    note: "a package file in apt's cache on this machine",
    facts: (f) => f.count("entries", `dpkg-deb -c $(ls autoconf_*.deb | head -n 1) | grep -c ''`),
  },
];
