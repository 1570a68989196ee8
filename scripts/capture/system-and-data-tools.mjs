// Outputs of system, storage, network, process, archive and data tools the other captures lack:
// e2fsck -fn over a damaged ext4 image, findmnt --verify of an fstab with unreachable sources,
// pwck -r over a broken passwd file, gpg --list-keys of a keyring with expired and revoked keys,
// wget -S against a loopback server with missing pages, gzip -tv over archives with damaged ones,
// od -c of records with CRLF, tabs and a NUL, column -t of an inventory, pmap -x of a Python
// process, namei -l of deployment paths with a missing one, and a .env file read with cat.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { lcg, scratch, sh, startDetached, stopStarted, writeTree } from "./lib.mjs";

const CITIES = ["berlin", "lisbon", "oslo", "porto", "madrid", "vienna", "prague", "dublin", "krakow", "zurich", "ghent", "lyon"];
const SERVICES = ["billing", "catalog", "checkout", "inventory", "ledger", "mailer", "pricing", "search", "shipping", "tax"];
const HTTP_PORT = 18737;

/** A 4 MB ext4 image of a shop's files, then damaged: inodes cleared, blocks freed, links miscounted, entries unlinked. */
function damagedImage(id) {
  const dir = scratch(id);
  const files = {};
  for (let i = 1; i <= 60; i++) files[`root/etc/shop/conf-${String(i).padStart(2, "0")}.ini`] = `[${SERVICES[i % SERVICES.length]}]\nport = ${7000 + i}\n`;
  for (let i = 1; i <= 40; i++) files[`root/srv/app/logs/${CITIES[i % CITIES.length]}-${i}.log`] = "x".repeat(700 * i) + "\n";
  writeTree(dir, files);
  sh(
    "E2FSPROGS_FAKE_TIME=1700000000 mkfs.ext4 -q -F -U 8d1e6a39-6c7d-4f0b-9a51-0c2c5f3c7e11 -E hash_seed=2f3b5c1d-1111-4222-8333-944455556666 -L shopdata -b 1024 -N 256 -d root shop.ext4 4M",
    { cwd: dir },
  );
  const damage = [];
  for (let ino = 15; ino <= 60; ino += 3) damage.push(`clri <${ino}>`);
  for (let ino = 70; ino <= 100; ino += 4) damage.push(`set_inode_field <${ino}> links_count ${2 + (ino % 5)}`);
  for (const n of [7, 19, 23, 42, 51]) damage.push(`unlink /etc/shop/conf-${n}.ini`);
  damage.push("freeb 300 40", "freeb 900 12", "set_super_value free_inodes_count 3", "set_super_value free_blocks_count 17");
  writeFileSync(join(dir, "damage.cmds"), damage.join("\n") + "\n");
  sh("E2FSPROGS_FAKE_TIME=1700000000 debugfs -w -f damage.cmds shop.ext4 >/dev/null 2>&1", { cwd: dir });
  return dir;
}

/** An fstab of a file server: devices this machine lacks, targets it lacks, pseudo file systems. */
function fstab(id) {
  const dir = scratch(id);
  const rows = [
    "# <file system> <mount point> <type> <options> <dump> <pass>",
    "/dev/sda1 / ext4 defaults,errors=remount-ro 0 1",
    "UUID=4f1c-22aa /boot/efi vfat umask=0077 0 2",
    "proc /proc proc defaults 0 0",
    "tmpfs /tmp tmpfs size=2G,mode=1777 0 0",
    "/swapfile none swap sw 0 0",
  ];
  for (const [i, city] of CITIES.entries()) {
    if (i % 4 === 0) rows.push(`LABEL=${city}-data /srv/${city} xfs noatime,nodiratime 0 2`);
    else if (i % 4 === 1) rows.push(`/dev/disk/by-id/ata-SHOP_${city.toUpperCase()}-part1 /srv/${city} ext4 defaults 0 2`);
    else if (i % 4 === 2) rows.push(`nas.${city}.internal:/exports/${city} /mnt/nas/${city} nfs4 rw,hard,timeo=600 0 0`);
    else rows.push(`/dev/mapper/vg0-${city} /var/lib/${city} btrfs compress=zstd:3,subvol=@${city} 0 2`);
  }
  rows.push("/dev/sdb1 /mnt/backup ext4 defaults 0 3", "/dev/vg0/archive /mnt/archive ext4 defaults 0 2");
  writeTree(dir, { fstab: rows.join("\n") + "\n" });
  return dir;
}

/** A passwd file of service accounts with a duplicate, a malformed line, unknown groups and missing homes. */
function accounts(id) {
  const dir = scratch(id);
  const passwd = ["root:x:0:0:root:/root:/bin/bash", "daemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin", "nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin"];
  const shadow = ["root:*:19000:0:99999:7:::", "daemon:*:19000:0:99999:7:::", "nobody:*:19000:0:99999:7:::"];
  for (const [i, svc] of SERVICES.entries()) {
    for (const [j, city] of CITIES.entries()) {
      const name = `${svc}-${city}`;
      const uid = 2000 + i * 20 + j;
      const gid = (i + j) % 5 === 3 ? 4000 + uid : 0;
      passwd.push(`${name}:x:${uid}:${gid}:${svc} worker ${city}:${j % 4 === 2 ? `/srv/${svc}/${city}` : "/root"}:/usr/sbin/nologin`);
      if ((i * 7 + j) % 6 !== 5) shadow.push(`${name}:!:19000:0:99999:7:::`);
    }
  }
  passwd.splice(52, 0, "ledger-oslo x 2082 0 ledger worker oslo");
  passwd.push("catalog-lisbon:x:2021:0:catalog worker lisbon, second entry:/root:/bin/sh");
  passwd.push("backup:x:34:34:backup:/var/backups/shop:/usr/sbin/nologin");
  shadow.push("backup:*:19000:0:99999:7:::");
  writeTree(dir, { passwd: passwd.join("\n") + "\n", shadow: shadow.join("\n") + "\n" });
  return dir;
}

/** A keyring of the shop's signing keys: current ones, two that expired, one revoked. */
function keyring(id) {
  const dir = scratch(id);
  const home = join(dir, "gnupg");
  sh(`mkdir -p ${home} && chmod 700 ${home}`);
  const gpg = `gpg --homedir ${home} --batch --passphrase ''`;
  for (const [i, svc] of [...SERVICES, ...CITIES.slice(0, 8).map((c) => `store-${c}`)].entries()) {
    const when = i < 2 ? "--faked-system-time 20200301T100000" : `--faked-system-time 2024030${1 + (i % 8)}T100000`;
    const algo = i % 3 === 0 ? "rsa2048" : "ed25519";
    sh(`${gpg} ${when} --quick-gen-key '${svc} release signing <${svc}-release@shop.example>' ${algo} sign ${i < 2 ? "2y" : "5y"}`);
  }
  // A second identity and an encryption subkey on one key, as long-lived keys accumulate them.
  const fpr = sh(`${gpg} --with-colons --list-keys pricing-release@shop.example | awk -F: '$1=="fpr"{print $10; exit}'`).trim();
  sh(`${gpg} --faked-system-time 20240310T100000 --quick-add-uid ${fpr} 'pricing team <pricing@shop.example>'`);
  sh(`${gpg} --faked-system-time 20240310T100000 --quick-add-key ${fpr} cv25519 encr 5y`);
  const revoked = sh(`${gpg} --with-colons --list-keys mailer-release@shop.example | awk -F: '$1=="fpr"{print $10; exit}'`).trim();
  sh(`${gpg} --faked-system-time 20240312T100000 --import ${home}/openpgp-revocs.d/${revoked}.rev 2>/dev/null || (sed 's/^:-----/-----/' ${home}/openpgp-revocs.d/${revoked}.rev > ${dir}/rev.asc && ${gpg} --import ${dir}/rev.asc)`);
  return dir;
}

/** A static site with a few pages, served on the loopback; the fetch list names pages that are gone. */
function site(id) {
  const dir = scratch(id);
  const files = {};
  for (const city of CITIES.slice(0, 5)) files[`www/stores/${city}.html`] = `<html><body><h1>${city}</h1></body></html>\n`;
  files["www/robots.txt"] = "User-agent: *\nDisallow: /admin/\n";
  writeTree(dir, files);
  const urls = [];
  for (const [i, city] of CITIES.entries()) urls.push(`http://127.0.0.1:${HTTP_PORT}/stores/${city}.html`);
  urls.splice(3, 0, `http://127.0.0.1:${HTTP_PORT}/robots.txt`);
  urls.push(`http://127.0.0.1:${HTTP_PORT}/admin/`);
  writeTree(dir, { "urls.txt": urls.join("\n") + "\n" });
  startDetached("python3", ["-m", "http.server", String(HTTP_PORT), "--bind", "127.0.0.1", "--directory", "www"], dir);
  sh(`for i in $(seq 50); do (echo > /dev/tcp/127.0.0.1/${HTTP_PORT}) 2>/dev/null && exit 0; sleep 0.1; done; exit 1`);
  return dir;
}

/** Nightly exports compressed with gzip, two of them cut short or overwritten in transit. */
function gzipExports(id) {
  const dir = scratch(id);
  const rand = lcg(13);
  for (const [i, city] of CITIES.entries()) {
    for (const month of ["2024-01", "2024-02", "2024-03", "2024-04", "2024-05", "2024-06", "2024-07", "2024-08", "2024-09"]) {
      const rows = [];
      for (let r = 0; r < 60 + i * 10; r++) rows.push(`${city},${month},${r},${(rand() * 1000).toFixed(2)}`);
      writeFileSync(join(dir, `sales-${city}-${month}.csv`), rows.join("\n") + "\n");
    }
  }
  sh("touch -d 2024-04-01T00:00:00Z *.csv && gzip -n -9 *.csv", { cwd: dir });
  sh("head -c 300 sales-zurich-2024-08.csv.gz > cut && mv cut sales-zurich-2024-08.csv.gz", { cwd: dir });
  sh("printf 'PK\\003\\004 not gzip' > sales-prague-2024-05.csv.gz", { cwd: dir });
  sh("dd if=/dev/zero of=sales-ghent-2024-01.csv.gz bs=1 seek=400 count=16 conv=notrunc 2>/dev/null", { cwd: dir });
  return dir;
}

/** A data export with CRLF line ends, tabs inside fields, a UTF-8 name and a stray NUL byte. */
function records(id) {
  const dir = scratch(id);
  const rand = lcg(17);
  const rows = ["id;store;item;qty;note"];
  for (let i = 1; i <= 44; i++) {
    const note = i === 9 ? "gr\u00fc\u00dfe\tfrom\tkrakow" : i === 27 ? "pallet\u0000broken" : `batch ${Math.floor(rand() * 90)}`;
    rows.push(`${i};${CITIES[i % CITIES.length]};SKU-${1000 + Math.floor(rand() * 9000)};${Math.floor(rand() * 40)};${note}`);
  }
  writeFileSync(join(dir, "export.csv"), Buffer.from(rows.join("\r\n") + "\r\n", "utf8"));
  return dir;
}

/** A whitespace-separated inventory, one row per store and service, for column to align. */
function inventory(id) {
  const dir = scratch(id);
  const rand = lcg(19);
  const rows = ["STORE SERVICE VERSION REPLICAS CPU MEMORY STATUS"];
  for (const city of CITIES) {
    for (const svc of SERVICES.slice(0, 8)) {
      const status = rand() < 0.06 ? "CrashLoop" : rand() < 0.08 ? "Degraded" : "Running";
      rows.push(`${city} ${svc} 2.${Math.floor(rand() * 9)}.${Math.floor(rand() * 20)} ${1 + Math.floor(rand() * 6)} ${Math.floor(rand() * 900)}m ${128 * (1 + Math.floor(rand() * 8))}Mi ${status}`);
    }
  }
  writeTree(dir, { "inventory.txt": rows.join("\n") + "\n" });
  return dir;
}

/** A release tree with a current link, a link to a release that was deleted, and a private key directory. */
function releaseTree(id) {
  const dir = scratch(id);
  sh(
    [
      "mkdir -p srv/shop/releases/2024.03.1/bin srv/shop/releases/2024.03.2/bin srv/shop/shared/config srv/shop/shared/keys",
      "touch srv/shop/releases/2024.03.1/bin/shop srv/shop/releases/2024.03.2/bin/shop srv/shop/shared/config/app.ini srv/shop/shared/keys/tls.key",
      "chmod 755 srv/shop/releases/*/bin/shop && chmod 700 srv/shop/shared/keys && chmod 600 srv/shop/shared/keys/tls.key",
      "ln -s releases/2024.03.2 srv/shop/current && ln -s releases/2024.02.9 srv/shop/previous",
      "ln -s ../../shared/config srv/shop/releases/2024.03.2/config && ln -s ../../shared/config srv/shop/releases/2024.03.1/config",
    ].join(" && "),
    { cwd: dir },
  );
  return dir;
}

/** The environment file of a service: sections of comments, quoted values, an override further down. */
function envFile(id) {
  const dir = scratch(id);
  const lines = ["# Shop service environment. Loaded by the process manager, later lines win.", ""];
  for (const [i, svc] of [...SERVICES, ...CITIES.map((c) => `edge_${c}`)].entries()) {
    const key = svc.toUpperCase();
    lines.push(`# --- ${svc} ---`);
    lines.push(`${key}_URL=http://${svc}.internal:${7000 + i}`);
    lines.push(`${key}_TIMEOUT_MS=${500 + i * 250}`);
    lines.push(`${key}_POOL_SIZE=${4 + (i % 5)}`);
    lines.push(`${key}_FEATURE_FLAGS="${["beta-ui", "fast-path", "audit"].slice(0, 1 + (i % 3)).join(",")}"`);
    lines.push(`${key}_LOG_LEVEL=${i % 4 === 0 ? "debug" : "info"}`);
    lines.push(`export ${key}_REGION='${CITIES[i % CITIES.length]}'`);
    lines.push("");
  }
  lines.push("# Local overrides", "PRICING_TIMEOUT_MS=9000", "DATABASE_URL=postgres://shop@db.internal:5432/shop?sslmode=require", "QUEUE_URL=amqp://mq.internal:5672/%2Fshop", "EMPTY_VALUE=", "");
  writeTree(dir, { ".env": lines.join("\n") });
  return dir;
}

export default [
  {
    id: "e2fsck-fn-damaged-image",
    program: "e2fsck",
    category: "CommandOutput",
    setup: () => damagedImage("e2fsck-fn-damaged-image"),
    command: "e2fsck -fn shop.ext4",
    exitCode: 4,
    versions: ["e2fsck -V 2>&1 | head -n 1"],
    facts: (f) =>
      f
        .errorLines(`grep -E 'WARNING: Filesystem still has errors' "$OUT"`)
        .errorLines(`grep -E '^Unattached inode' "$OUT"`)
        .mustKeep(`grep -E '^Inode [0-9]+ ref count is' "$OUT" | head -n 2`)
        .mustKeep(`grep -E '^shopdata: [0-9]+/[0-9]+ files' "$OUT"`)
        .mustKeep(`grep -E '^Free (blocks|inodes) count wrong \\(' "$OUT"`)
        .mustKeep(`grep -E '^Block bitmap differences:' "$OUT" | sed 's/ *$//'`)
        .count("deletedInodeEntries", `grep -c 'has deleted/unused inode' "$OUT"`)
        .count("refCountsWrong", `grep -cE '^Inode [0-9]+ ref count is' "$OUT"`)
        .count("unattachedInodes", `grep -cE '^Unattached inode' "$OUT"`),
  },
  {
    id: "findmnt-verify-fstab",
    program: "findmnt",
    category: "CommandOutput",
    setup: () => fstab("findmnt-verify-fstab"),
    command: "findmnt --verify --verbose --tab-file fstab",
    exitCode: 1,
    versions: ["findmnt --version"],
    note: "which targets exist depends on this machine's directories",
    facts: (f) =>
      f
        .errorLines(`grep -E '^ *\\[E\\]' "$OUT" | sed 's/^ *//' | sort -u`)
        .mustKeep(`grep -E '^[0-9]+ parse errors' "$OUT"`)
        .count("errors", `grep -cE '^ *\\[E\\]' "$OUT"`)
        .count("warnings", `grep -cE '^ *\\[W\\]' "$OUT"`)
        .count("entries", `grep -cvE '^ |^[0-9]+ parse errors|^$' "$OUT"`),
  },
  {
    id: "pwck-r-service-accounts",
    program: "pwck",
    category: "CommandOutput",
    setup: () => accounts("pwck-r-service-accounts"),
    command: "pwck -r passwd shadow",
    exitCode: 2,
    versions: ["dpkg-query -W -f '${Package} ${Version}' passwd"],
    note: "groups are this machine's /etc/group",
    facts: (f) =>
      f
        .errorLines(`grep -E '^(invalid password file entry|duplicate password entry)$|^delete line' "$OUT"`)
        .mustKeep(`grep -E '^pwck: ' "$OUT"`)
        .count("usersWithoutGroup", `grep -cE "^user '[^']+': no group" "$OUT"`)
        .count("missingFromShadow", `grep -c '^no matching password file entry in shadow' "$OUT"`),
  },
  {
    id: "gpg-list-keys-keyring",
    program: "gpg",
    category: "CommandOutput",
    setup: () => keyring("gpg-list-keys-keyring"),
    command: "gpg --homedir gnupg --list-keys",
    exitCode: 0,
    versions: ["gpg --version | head -n 1"],
    note: "keys are generated at capture time, so fingerprints and the trust-db check date differ per run",
    facts: (f) =>
      f
        .mustKeep(`grep -E '\\[(expired|revoked): ' "$OUT" | sed -E 's/^pub +//'`)
        .mustKeep(`grep -oE '<[a-z-]+@shop\\.example>' "$OUT" | sort -u | head -n 3`)
        .count("keys", `grep -c '^pub ' "$OUT"`)
        .count("uids", `grep -c '^uid ' "$OUT"`)
        .count("subkeys", `grep -c '^sub ' "$OUT"`),
  },
  {
    id: "wget-S-loopback-missing",
    program: "wget",
    category: "CommandOutput",
    setup: () => site("wget-S-loopback-missing"),
    teardown: stopStarted,
    command: "wget -S -nv -P mirror -i urls.txt",
    exitCode: 8,
    versions: ["wget --version | head -n 1", "python3 --version"],
    note: "a python http.server on the loopback serves five of the twelve store pages; Date headers differ per run",
    facts: (f) =>
      f
        .errorLines(`grep -B1 'ERROR 404' "$OUT" | grep -E '^http://'`)
        .errorLines(`grep -m1 'ERROR 404' "$OUT"`)
        .mustKeep(`grep -E '^Downloaded: ' "$OUT" | grep -oE '^Downloaded: [0-9]+ files'`)
        .mustKeep(`grep -E '^[0-9-]+ [0-9:]+ URL:' "$OUT" | sed -E 's/^[0-9-]+ [0-9:]+ //' | head -n 2`)
        .count("notFound", `grep -c 'ERROR 404' "$OUT"`)
        .count("saved", `grep -cE ' URL:.* -> ' "$OUT"`),
  },
  {
    id: "gzip-tv-damaged-exports",
    program: "gzip",
    category: "CommandOutput",
    setup: () => gzipExports("gzip-tv-damaged-exports"),
    command: "gzip -tv *.gz",
    exitCode: 1,
    versions: ["gzip --version | head -n 1"],
    facts: (f) =>
      f
        .errorLines(`grep -E '^gzip: ' "$OUT"`)
        .mustKeep(`grep -E '^sales-[a-z]+-2024-0[0-9]\\.csv\\.gz:\\s*$' "$OUT" | sed -E 's/:\\s*$//'`)
        .count("archives", `ls *.gz | wc -l`)
        .count("ok", `grep -cE '\\bOK$' "$OUT"`),
  },
  {
    id: "od-c-crlf-export",
    program: "od",
    category: "CommandOutput",
    setup: () => records("od-c-crlf-export"),
    command: "od -A d -c export.csv",
    exitCode: 0,
    versions: ["od --version | head -n 1"],
    facts: (f) =>
      f
        .mustKeep(`tail -n 1 "$OUT"`)
        .mustKeep(`grep -E '\\\\0' "$OUT" | cut -c1-7`)
        .count("bytes", `wc -c < export.csv`)
        .count("crlfLines", `grep -c $'\\r$' export.csv`),
  },
  {
    id: "column-t-inventory",
    program: "column",
    category: "CommandOutput",
    setup: () => inventory("column-t-inventory"),
    command: "column -t inventory.txt",
    exitCode: 0,
    versions: ["column --version"],
    facts: (f) =>
      f
        .errorLines(`grep -E 'CrashLoop' "$OUT"`)
        .mustKeep(`head -n 1 "$OUT"`)
        .count("rows", `tail -n +2 "$OUT" | wc -l`)
        .count("degraded", `grep -c 'Degraded' "$OUT"`)
        .count("crashLooping", `grep -c 'CrashLoop' "$OUT"`),
  },
  {
    id: "pmap-x-python-service",
    program: "pmap",
    category: "CommandOutput",
    cwd: "/tmp",
    command: "python3 -c 'import ssl, sqlite3, decimal, json, time; time.sleep(20)' & sleep 1; pmap -x $!; kill $!",
    exitCode: 0,
    versions: ["pmap --version", "python3 --version"],
    note: "addresses, sizes and the pid differ per run",
    facts: (f) =>
      f
        .mustKeep(`grep -E '^total kB' "$OUT" | sed 's/ *$//'`)
        .mustKeep(`grep -oE '_ssl\\.cpython[^ ]*\\.so|libsqlite3\\.so[^ ]*|libcrypto\\.so[^ ]*' "$OUT" | sort -u`)
        .count("mappings", `grep -cE '^[0-9a-f]{16} ' "$OUT"`),
  },
  {
    id: "namei-l-release-links",
    program: "namei",
    category: "CommandOutput",
    setup: () => releaseTree("namei-l-release-links"),
    command:
      "namei -l $PWD/srv/shop/current/bin/shop $PWD/srv/shop/current/config/app.ini $PWD/srv/shop/previous/bin/shop $PWD/srv/shop/shared/keys/tls.key $PWD/srv/shop/releases/2024.03.1/config/app.ini $PWD/srv/shop/current/config/routes.ini $PWD/srv/shop/releases/2024.03.1/bin/shop",
    exitCode: 1,
    versions: ["namei --version"],
    note: "owners are the capturing user",
    facts: (f) =>
      f
        .errorLines(`grep -E 'No such file or directory' "$OUT"`)
        .mustKeep(`grep -E '^f: ' "$OUT"`)
        .count("links", `grep -cE '^ *l' "$OUT"`),
  },
  {
    id: "file-env-service",
    program: "file:env",
    category: "FileContent",
    setup: () => envFile("file-env-service"),
    command: "cat .env",
    exitCode: 0,
    versions: ["cat --version | head -n 1"],
    facts: (f) =>
      f
        .mustKeep(`grep -E '^(PRICING_TIMEOUT_MS|DATABASE_URL|QUEUE_URL|SEARCH_URL)=' "$OUT"`)
        .count("variables", `grep -cE '^(export )?[A-Z_]+=' "$OUT"`)
        .count("services", `grep -c '^# --- ' "$OUT"`),
  },
];
