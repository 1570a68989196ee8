// Outputs of archive, compression, data, build-system and system tools the other captures lack:
// zstd -l over nightly exports with damaged ones, cpio -itv of a backup, bsdtar -tvf of a zip cut short, 7z l of a release archive, mlr stats1 over
// a month of sales, xmlstarlet val over feeds with broken documents, autoreconf -fi of a
// project whose configure.ac and Makefile.am are broken, a libtool build stopping on a compile
// error, pkg-config of packages with a missing and a too-old dependency, lintian over a
// hand-made package, and perf stat of a build with counters this machine lacks.
import { join } from "node:path";
import { lcg, scratch, sh, writeTree } from "./lib.mjs";

const CITIES = ["berlin", "lisbon", "oslo", "porto", "madrid", "vienna", "prague", "dublin", "krakow", "zurich", "ghent", "lyon"];
const KINDS = ["orders", "refunds", "stock", "prices", "visits", "returns", "invoices"];

/** Rows of a store's daily export, the same on every capture. */
function exportRows(rand, n, city) {
  const rows = ["date,store,sku,qty,price"];
  for (let i = 0; i < n; i++) rows.push(`2024-03-${String(1 + (i % 28)).padStart(2, "0")},${city},SKU-${1000 + Math.floor(rand() * 9000)},${1 + Math.floor(rand() * 20)},${(rand() * 200).toFixed(2)}`);
  return rows.join("\n") + "\n";
}

/** Nightly exports compressed with zstd; one cut short in transit, one overwritten by a text file. */
function zstdExports(id) {
  const dir = scratch(id);
  const rand = lcg(31);
  const files = {};
  for (const kind of KINDS) for (const city of CITIES) files[`${kind}-${city}.csv`] = exportRows(rand, 200 + Math.floor(rand() * 3000), city);
  writeTree(dir, files);
  sh("for f in *.csv; do zstd -q -9 --rm \"$f\"; done", { cwd: dir });
  sh("head -c 3000 refunds-oslo.csv.zst > cut && mv cut refunds-oslo.csv.zst", { cwd: dir });
  sh("echo 'upload failed: quota exceeded' > prices-dublin.csv.zst", { cwd: dir });
  return dir;
}

/** A tree of a shop's configuration and data, as a backup job collects it. */
function shopTree(dir, rand) {
  const files = {};
  for (const city of CITIES) {
    files[`srv/shop/stores/${city}/config.ini`] = `[store]\nname = ${city}\n`;
    for (const kind of KINDS.slice(0, 4)) files[`srv/shop/stores/${city}/${kind}.csv`] = exportRows(rand, 20 + Math.floor(rand() * 200), city);
  }
  for (let i = 1; i <= 18; i++) files[`srv/shop/migrations/${String(i).padStart(4, "0")}_step.sql`] = `-- migration ${i}\nALTER TABLE orders ADD COLUMN c${i} int;\n`;
  files["srv/shop/README"] = "Shop data\n";
  writeTree(dir, files);
  sh("find srv -exec touch -h -d '2024-03-01 10:00:00 UTC' {} +", { cwd: dir });
}

/** A cpio backup of the shop's tree, with a link and a device-less FIFO among the files. */
function cpioBackup(id) {
  const dir = scratch(id);
  shopTree(dir, lcg(5));
  sh("ln -s stores/berlin/config.ini srv/shop/default.ini && mkfifo srv/shop/control.fifo && touch -h -d '2024-03-01 10:00:00 UTC' srv/shop/default.ini srv/shop/control.fifo srv/shop", { cwd: dir });
  sh("find srv | LC_ALL=C sort | cpio -o -H newc --owner 0:0 > ../backup.cpio 2>/dev/null && mv ../backup.cpio .", { cwd: dir });
  return dir;
}

/** A zip of the shop's tree, cut short by an interrupted download. */
function truncatedZip(id) {
  const dir = scratch(id);
  shopTree(dir, lcg(9));
  sh("TZ=UTC zip -q -X -r shop.zip srv && head -c $(( $(stat -c %s shop.zip) * 2 / 3 )) shop.zip > part.zip", { cwd: dir });
  return dir;
}

/** A release archive of the shop's tree, packed by 7-Zip. */
function releaseArchive(id) {
  const dir = scratch(id);
  shopTree(dir, lcg(21));
  sh("7zz a -bd -bso0 -mtm=on -mtc=off -mta=off release.7z srv", { cwd: dir });
  return dir;
}

/** A CSV of a month of sales over ninety products. */
function salesCsv(id) {
  const dir = scratch(id);
  const rand = lcg(77);
  const rows = ["date,store,sku,qty,price"];
  for (let i = 0; i < 300; i++) {
    const city = CITIES[Math.floor(rand() * CITIES.length)];
    rows.push(`2024-03-${String(1 + (i % 28)).padStart(2, "0")},${city},SKU-${1000 + Math.floor(rand() * 90)},${1 + Math.floor(rand() * 20)},${(rand() * 200).toFixed(2)}`);
  }
  writeTree(dir, { "sales.csv": rows.join("\n") + "\n" });
  return dir;
}

/** Product feeds as XML; a few are not well formed. */
function xmlFeeds(id) {
  const dir = scratch(id);
  const rand = lcg(61);
  const files = {};
  for (const city of CITIES) {
    for (const kind of ["catalog", "prices", "stock"]) {
      const items = [];
      for (let i = 0; i < 5 + Math.floor(rand() * 20); i++) items.push(`  <item sku="SKU-${1000 + i}" qty="${Math.floor(rand() * 50)}">${kind} ${i}</item>`);
      files[`feeds/${city}-${kind}.xml`] = `<?xml version="1.0"?>\n<feed store="${city}">\n${items.join("\n")}\n</feed>\n`;
    }
  }
  files["feeds/oslo-prices.xml"] = files["feeds/oslo-prices.xml"].replace("</item>\n</feed>", "</itm>\n</feed>");
  files["feeds/krakow-stock.xml"] = files["feeds/krakow-stock.xml"].replace('qty="', 'qty=');
  files["feeds/lyon-catalog.xml"] = files["feeds/lyon-catalog.xml"].replace("</feed>\n", "");
  writeTree(dir, files);
  return dir;
}

/** An autotools project: configure.ac calls a macro nobody defines, Makefile.am names a primary it cannot use. */
function brokenAutotools(id) {
  const dir = scratch(id);
  writeTree(dir, {
    "configure.ac": [
      "AC_INIT([shopd], [2.4.1], [ops@shop.example])",
      "AC_CONFIG_SRCDIR([src/main.c])",
      "AC_CONFIG_AUX_DIR([build-aux])",
      "AM_INIT_AUTOMAKE([-Wall foreign subdir-objects])",
      "AC_PROG_CC",
      "LT_INIT",
      "AX_CHECK_COMPILE_FLAG([-fstack-protector-strong], [CFLAGS=\"$CFLAGS -fstack-protector-strong\"])",
      "PKG_CHECK_MODULES([SSL], [openssl >= 1.1])",
      "AC_CONFIG_HEADERS([config.h])",
      "AC_CONFIG_FILES([Makefile src/Makefile lib/Makefile])",
      "AC_OUTPUT",
    ].join("\n") + "\n",
    "Makefile.am": "SUBDIRS = lib src\nEXTRA_DIST = README\n",
    "lib/Makefile.am": "lib_LTLIBRARIES = libshop.la\nlibshop_la_SOURCES = ledger.c prices.c\nlibshop_la_LDFLAGS = -version-info 3:1:0\n",
    "src/Makefile.am": "bin_PROGRAMS = shopd\nshopd_SOURCES = main.c\nshopd_LDADD = ../lib/libshop.la $(SSL_LIBS)\nshopd_CFLAGS = $(SSL_CFLAGS)\nnoinst_MANS = shopd.8\ninclude_HEADERS = shop.h\nshopd_LIBADD = -lm\n",
    "src/main.c": "int main(void) { return 0; }\n",
    "lib/ledger.c": "int ledger(void) { return 1; }\n",
    "lib/prices.c": "int prices(void) { return 2; }\n",
  });
  return dir;
}

/** A library built with libtool, one of whose sources does not compile. */
function libtoolBuild(id) {
  const dir = scratch(id);
  const files = {};
  const names = [...KINDS, "tax", "shipping", "catalog", "ledger", ...CITIES.map((c) => `store_${c}`)];
  for (const name of names) files[`${name}.c`] = `#include <stdio.h>\nint shop_${name}(int n) { return n * ${name.length}; }\n`;
  files["tax.c"] = "#include <stdio.h>\nint shop_tax(int n) { return n * rate; }\n";
  const objects = names.map((n) => `${n}.lo`).join(" ");
  files.Makefile = [
    "LIBTOOL = libtool",
    "CFLAGS = -O2 -Wall",
    ".SUFFIXES: .c .lo",
    `libshop.la: ${objects}`,
    `\t$(LIBTOOL) --tag=CC --mode=link gcc $(CFLAGS) -o $@ $^ -rpath /usr/local/lib -version-info 3:1:0`,
    ".c.lo:",
    "\t$(LIBTOOL) --tag=CC --mode=compile gcc $(CFLAGS) -c $<",
    "",
  ].join("\n");
  writeTree(dir, files);
  sh("cp /usr/bin/libtool . 2>/dev/null || true", { cwd: dir });
  return dir;
}

/** .pc files of a shop's libraries: one requires a package that is not installed, one a newer version. */
function pkgConfigDir(id) {
  const dir = scratch(id);
  const pc = (name, version, requires, libs) =>
    `prefix=/opt/shop\nlibdir=\${prefix}/lib\nincludedir=\${prefix}/include\n\nName: ${name}\nDescription: shop ${name} library\nVersion: ${version}\nRequires: ${requires}\nLibs: -L\${libdir} ${libs}\nCflags: -I\${includedir}/${name}\n`;
  writeTree(dir, {
    "pc/shop-core.pc": pc("shop-core", "2.4.1", "", "-lshopcore"),
    "pc/shop-ledger.pc": pc("shop-ledger", "2.4.1", "shop-core >= 2.4", "-lshopledger"),
    "pc/shop-net.pc": pc("shop-net", "1.9.0", "shop-core >= 2.0, libsodium-shop >= 1.0.18", "-lshopnet"),
    "pc/shop-report.pc": pc("shop-report", "0.7.2", "shop-ledger, shop-core >= 3.0", "-lshopreport -lm"),
  });
  return dir;
}

/** A Debian package made by hand, with the faults hand-made packages have. */
function handMadeDeb(id) {
  const dir = scratch(id);
  writeTree(dir, {
    "pkg/DEBIAN/control": [
      "Package: shop-tools",
      "Version: 2.4.1",
      "Architecture: all",
      "Maintainer: ops",
      "Depends: python3, bash (>= 5)",
      "Description: command-line tools for the shop's stores",
      "",
    ].join("\n"),
    "pkg/usr/bin/shop-sync": "#!/bin/bash\necho syncing\n",
    "pkg/usr/bin/shop-report": "#!/usr/bin/python\nprint('report')\n",
    "pkg/usr/local/share/shop/prices.csv": exportRows(lcg(3), 40, "berlin"),
    "pkg/etc/shop/shop.conf": "store = berlin\n",
    "pkg/usr/share/doc/shop-tools/README": "Shop tools\n",
    "pkg/usr/share/shop/notes.txt~": "backup of notes\n",
  });
  sh("chmod 755 pkg/usr/bin/shop-sync && chmod 644 pkg/usr/bin/shop-report && find pkg -exec touch -h -d '2024-03-01 10:00:00 UTC' {} + && dpkg-deb --root-owner-group -Zxz --build pkg shop-tools_2.4.1_all.deb >/dev/null", { cwd: dir });
  return dir;
}

/** A small C program and a makefile, so perf stat counts a real build. */
function perfBuild(id) {
  const dir = scratch(id);
  const files = {};
  for (const [i, city] of CITIES.entries()) files[`src/${city}.c`] = `int ${city}_total(int n) { int s = 0; for (int i = 0; i < n; i++) s += i * ${i + 1}; return s; }\n`;
  files.Makefile = `SRCS = $(wildcard src/*.c)\nall: $(SRCS:.c=.o)\n%.o: %.c\n\tgcc -O2 -c $< -o $@\n`;
  writeTree(dir, files);
  return dir;
}

export default [
  {
    id: "zstd-l-damaged-exports",
    program: "zstd",
    category: "CommandOutput",
    setup: () => zstdExports("zstd-l-damaged-exports"),
    command: "zstd -l *.zst",
    exitCode: 1,
    versions: ["zstd --version"],
    note: "zstd writes its errors to stderr at once and its table to a buffered stdout, so the errors come first",
    facts: (f) =>
      f
        .errorLines(`grep -E '^(Error|File ")' "$OUT"`)
        .mustKeep(`tail -n 1 "$OUT" | grep -oE '[0-9]+ files'`)
        .mustKeep(`grep -E '^Error while parsing' "$OUT" | grep -oE '"[^"]+"' | tr -d '"'`)
        .count("listed", `grep -cE 'XXH64|None' "$OUT"`),
  },
  {
    id: "cpio-itv-backup",
    program: "cpio",
    category: "DirectoryListing",
    setup: () => cpioBackup("cpio-itv-backup"),
    command: "cpio -itv < backup.cpio",
    exitCode: 0,
    versions: ["cpio --version | head -n 1"],
    note: "dates are shown in this machine's time zone; cpio writes its block count to stderr while the listing is still buffered",
    facts: (f) =>
      f
        .mustKeep(`grep -oE '[0-9]+ blocks' "$OUT"`)
        .mustKeep(`grep -E ' -> ' "$OUT" | grep -oE 'srv/shop/default.ini -> .*'`)
        .mustKeep(`grep -oE 'srv/shop/control.fifo' "$OUT"`)
        .count("entries", `cpio -it < backup.cpio 2>/dev/null | grep -c ''`)
        .count("directories", `grep -cE '^d' "$OUT"`),
  },
  {
    id: "bsdtar-tvf-truncated-zip",
    program: "bsdtar",
    category: "DirectoryListing",
    setup: () => truncatedZip("bsdtar-tvf-truncated-zip"),
    command: "bsdtar -tvf part.zip",
    exitCode: 1,
    versions: ["bsdtar --version"],
    note: "dates are shown in this machine's time zone",
    facts: (f) =>
      f
        .errorLines(`grep -oE 'bsdtar: .*' "$OUT"`)
        .mustKeep(`grep -oE 'srv/[^ ]+bsdtar: ' "$OUT" | sed 's/bsdtar: $//'`)
        .count("entriesListed", `grep -c 'srv/' "$OUT"`)
        .count("entriesInArchive", `unzip -Z1 shop.zip | grep -c ''`),
  },
  {
    id: "7z-l-release-archive",
    program: "7z",
    category: "DirectoryListing",
    setup: () => releaseArchive("7z-l-release-archive"),
    command: "7zz l release.7z",
    exitCode: 0,
    versions: ["7zz | grep -m1 7-Zip"],
    note: "the header names this machine's CPU and the archive's path",
    facts: (f) =>
      f
        .mustKeep(`tail -n 1 "$OUT" | grep -oE '[0-9]+ files, [0-9]+ folders'`)
        .mustKeep(`grep -E '^Method = ' "$OUT"`)
        .mustKeep(`grep -E '^Physical Size = ' "$OUT"`)
        .count("files", `grep -cE ' [.]{4}A ' "$OUT"`),
  },
  {
    id: "mlr-stats1-by-sku",
    program: "mlr",
    category: "CommandOutput",
    setup: () => salesCsv("mlr-stats1-by-sku"),
    command: "mlr --icsv --opprint --barred stats1 -a count,sum,mean,max -f qty,price -g sku then sort -nr qty_sum sales.csv",
    exitCode: 0,
    versions: ["mlr --version"],
    facts: (f) =>
      f
        .mustKeep(`sed -n 4p "$OUT" | grep -oE 'SKU-[0-9]+'`)
        .mustKeep(`sed -n 2p "$OUT" | sed 's/^| //; s/ |$//'`)
        .count("groups", `cut -d, -f3 sales.csv | sed 1d | sort -u | grep -c ''`)
        .count("rows", `sed 1d sales.csv | grep -c ''`),
  },
  {
    id: "xmlstarlet-val-feeds",
    program: "xmlstarlet",
    category: "CommandOutput",
    setup: () => xmlFeeds("xmlstarlet-val-feeds"),
    command: "xmlstarlet val -e -w feeds/*.xml",
    exitCode: 1,
    versions: ["xmlstarlet --version | head -n 1"],
    facts: (f) =>
      f
        .errorLines(`grep -E ' - invalid$' "$OUT"`)
        .errorLines(`grep -E '^feeds/[a-z-]+[.]xml:[0-9]+[.][0-9]+: ' "$OUT"`)
        .count("valid", `grep -c ' - valid$' "$OUT"`)
        .count("invalid", `grep -c ' - invalid$' "$OUT"`),
  },
  {
    id: "autoreconf-fi-broken-project",
    program: "autoreconf",
    category: "CommandOutput",
    setup: () => brokenAutotools("autoreconf-fi-broken-project"),
    command: "autoreconf -fiv",
    exitCode: 1,
    versions: ["autoreconf --version | head -n 1", "automake --version | head -n 1", "libtoolize --version | head -n 1"],
    facts: (f) =>
      f
        .errorLines(`grep -E '^(configure[.]ac|src/Makefile[.]am|lib/Makefile[.]am|Makefile[.]am):[0-9]+: (error|warning)' "$OUT"`)
        .errorLines(`grep -E '^autoreconf: error' "$OUT"`)
        .count("errors", `grep -cE '^[a-zA-Z/.]+:[0-9]+: error' "$OUT"`),
  },
  {
    id: "libtool-build-compile-error",
    program: "libtool",
    category: "CommandOutput",
    setup: () => libtoolBuild("libtool-build-compile-error"),
    command: "make -k",
    exitCode: 2,
    versions: ["libtool --version | head -n 1", "gcc --version | head -n 1", "make --version | head -n 1"],
    facts: (f) =>
      f
        .errorLines(`grep -E ': error: ' "$OUT"`)
        .errorLines(`grep -E '^make: \\*\\*\\*' "$OUT"`)
        .count("compiled", `grep -cE '^libtool: compile: ' "$OUT"`),
  },
  {
    id: "pkg-config-missing-requires",
    program: "pkg-config",
    category: "CommandOutput",
    setup: () => pkgConfigDir("pkg-config-missing-requires"),
    command: "for p in shop-core shop-ledger shop-net shop-report shop-audit; do echo \"== $p\"; PKG_CONFIG_PATH=$PWD/pc pkg-config --print-errors --cflags --libs $p; done; pkg-config --version; PKG_CONFIG_PATH=$PWD/pc pkg-config --list-all",
    exitCode: 0,
    versions: ["pkg-config --version"],
    note: "--list-all lists this machine's packages beside the shop's",
    facts: (f) =>
      f
        .errorLines(`grep -E "^(Package '|Requested '|Package [a-z-]+ was not found)" "$OUT"`)
        .mustKeep(`grep -E '^-I/opt/shop/include/shop-ledger' "$OUT"`)
        .count("listed", `PKG_CONFIG_PATH=$PWD/pc pkg-config --list-all | grep -c ''`),
  },
  {
    id: "lintian-hand-made-deb",
    program: "lintian",
    category: "CommandOutput",
    setup: () => handMadeDeb("lintian-hand-made-deb"),
    command: "lintian --no-cfg -I --info shop-tools_2.4.1_all.deb",
    exitCode: 2,
    versions: ["lintian --version"],
    facts: (f) =>
      f
        .errorLines(`grep -E '^E: ' "$OUT"`)
        .mustKeep(`grep -E '^W: .*script-not-executable' "$OUT"`)
        .count("errors", `grep -cE '^E: ' "$OUT"`)
        .count("warnings", `grep -cE '^W: ' "$OUT"`),
  },
  {
    id: "perf-stat-make",
    program: "perf stat",
    category: "CommandOutput",
    setup: () => perfBuild("perf-stat-make"),
    command: "perf stat -e task-clock,context-switches,cpu-migrations,page-faults,cycles,instructions,branches,branch-misses make -B",
    exitCode: 0,
    versions: ["perf --version"],
    note: "counters and times change with every run and machine; the counters this machine's CPU lacks show as <not supported>",
    facts: (f) =>
      f
        .mustKeep(`grep -E "Performance counter stats for 'make -B'" "$OUT" | sed 's/^ *//; s/:$//'`)
        .mustKeep(`grep -E 'seconds time elapsed' "$OUT" | sed 's/^ *//'`)
        .mustKeep(`grep -E 'task-clock' "$OUT" | sed 's/^ *//; s/ *$//'`)
        .count("compiled", `grep -c '^gcc ' "$OUT"`),
  },
];
