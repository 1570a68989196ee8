// Outputs of databases, services and their clients on the loopback that the other captures lack:
// nginx -T of a site with conflicting server names, ab against a proxy whose upstream is down,
// tcpdump -r of loopback traffic with refused connections, dig against a local dnsmasq with
// missing names and a dead server, memcached's stats over nc, redis-benchmark, pgbench with a
// script that fails part-way, pg_dump --schema-only of a shop's schema, nc -zv over a port range,
// haproxy -c of a configuration with errors, and named-checkzone of a zone with broken records.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { lcg, scratch, sh, startDetached, stopStarted, writeTree } from "./lib.mjs";

const CITIES = ["berlin", "lisbon", "oslo", "porto", "madrid", "vienna", "prague", "dublin", "krakow", "zurich", "ghent", "lyon"];
const SERVICES = ["billing", "catalog", "checkout", "inventory", "ledger", "mailer", "pricing", "search", "shipping", "tax"];
const NGINX_PORT = 18861;
const DEAD_PORT = 18862;
const DNS_PORT = 18863;
const MEMCACHED_PORT = 18864;
const REDIS_PORT = 18865;
const SCAN_PORTS = [18870, 18883, 18897];
const PG_BIN = "/usr/lib/postgresql/15/bin";

/** Waits until something listens on a loopback TCP port. */
function awaitPort(port) {
  sh(`for i in $(seq 80); do (echo > /dev/tcp/127.0.0.1/${port}) 2>/dev/null && exit 0; sleep 0.1; done; exit 1`);
}

/** An nginx site per store, each in its own include, two of them claiming a name another already has. */
function nginxSite(id) {
  const dir = scratch(id);
  const files = {};
  for (const city of CITIES) files[`www/stores/${city}.html`] = `<html><body><h1>${city}</h1></body></html>\n`;
  for (const [i, city] of CITIES.entries()) {
    const name = i === 7 ? "berlin.shop.local" : i === 10 ? "oslo.shop.local" : `${city}.shop.local`;
    const locations = SERVICES.map(
      (svc, j) =>
        `    location /api/${svc}/ {\n        proxy_pass http://127.0.0.1:${DEAD_PORT};\n        proxy_set_header Host $host;\n        proxy_read_timeout ${5 + j}s;\n    }`,
    );
    files[`conf.d/${city}.conf`] = [
      "server {",
      `    listen 127.0.0.1:${NGINX_PORT};`,
      `    server_name ${name};`,
      `    root ${dir}/www;`,
      `    access_log off;`,
      "    location /stores/ {",
      "        try_files $uri =404;",
      "    }",
      ...locations,
      "}",
      "",
    ].join("\n");
  }
  files["nginx.conf"] = [
    "worker_processes 1;",
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log warn;`,
    "events {",
    "    worker_connections 64;",
    "}",
    "http {",
    "    include /etc/nginx/mime.types;",
    "    default_type application/octet-stream;",
    `    client_body_temp_path ${dir}/tmp/body;`,
    `    proxy_temp_path ${dir}/tmp/proxy;`,
    `    fastcgi_temp_path ${dir}/tmp/fastcgi;`,
    `    uwsgi_temp_path ${dir}/tmp/uwsgi;`,
    `    scgi_temp_path ${dir}/tmp/scgi;`,
    "    server {",
    `        listen 127.0.0.1:${NGINX_PORT} default_server;`,
    "        server_name shop.local;",
    "        access_log off;",
    "        location = /health {",
    '            return 200 "ok\\n";',
    "        }",
    "        location /api/ {",
    `            proxy_pass http://127.0.0.1:${DEAD_PORT};`,
    "        }",
    "    }",
    `    include ${dir}/conf.d/*.conf;`,
    "}",
    "",
  ].join("\n");
  writeTree(dir, files);
  sh("mkdir -p tmp", { cwd: dir });
  return dir;
}
function nginxUp(id) {
  const dir = nginxSite(id);
  sh(`nginx -p ${dir} -c ${dir}/nginx.conf 2>/dev/null`, { cwd: dir });
  awaitPort(NGINX_PORT);
  return dir;
}
function nginxDown() {
  sh(`for p in /tmp/abridge-corpus/*/nginx.pid; do [ -f "$p" ] && kill $(cat "$p"); done; sleep 0.3; true`, { allowFail: true });
}

/** Loopback traffic: store pages fetched through nginx, API calls it cannot proxy, connections to a closed port. */
function loopbackCapture(id) {
  const dir = nginxUp(id);
  const dump = startDetached("tcpdump", ["-i", "lo", "-U", "-w", "loopback.pcap", `tcp port ${NGINX_PORT} or tcp port ${DEAD_PORT}`], dir);
  sh("sleep 1");
  const fetches = [];
  for (const [i, city] of CITIES.entries()) {
    fetches.push(`curl -s -o /dev/null -H 'Host: ${city}.shop.local' http://127.0.0.1:${NGINX_PORT}/stores/${city}.html`);
    if (i % 3 === 0) fetches.push(`curl -s -o /dev/null -H 'Host: ${city}.shop.local' http://127.0.0.1:${NGINX_PORT}/api/${SERVICES[i % SERVICES.length]}/status`);
    if (i % 4 === 1) fetches.push(`curl -s -o /dev/null http://127.0.0.1:${DEAD_PORT}/orders || true`);
  }
  sh(fetches.join("; "), { cwd: dir });
  sh("sleep 1");
  process.kill(-dump.pid, "SIGINT");
  sh("sleep 1");
  nginxDown();
  return dir;
}

/** A dnsmasq on the loopback answering for shop.internal; the query list names hosts it lacks and a server that is not there. */
function resolver(id) {
  const dir = scratch(id);
  const hosts = [];
  for (const [i, city] of CITIES.entries()) hosts.push(`10.20.${i}.10 ${city}.shop.internal`);
  for (const [i, svc] of SERVICES.entries()) hosts.push(`10.30.0.${10 + i} ${svc}.shop.internal`);
  const queries = [];
  for (const [i, svc] of SERVICES.entries()) {
    queries.push(`${svc}.shop.internal A`);
    if (i % 3 === 2) queries.push(`${svc}-replica.shop.internal A`);
  }
  queries.push("shop.internal MX", "lisbon.shop.internal A", "zurich.shop.internal AAAA", "krakow-old.shop.internal A");
  // dig keeps a line's server for the lines after it, so the server that is not there is asked last.
  queries.push(`@127.0.0.1 -p ${DEAD_PORT} ledger.shop.internal A`);
  writeTree(dir, { hosts: hosts.join("\n") + "\n", "queries.txt": queries.join("\n") + "\n" });
  startDetached(
    "dnsmasq",
    ["-k", `--port=${DNS_PORT}`, "--listen-address=127.0.0.1", "--bind-interfaces", "--no-resolv", "--no-hosts", `--addn-hosts=${dir}/hosts`, "--local=/shop.internal/", "--mx-host=shop.internal,mail.shop.internal,10", "--pid-file=", "--user=root"],
    dir,
  );
  sh(`for i in $(seq 50); do dig +short +time=1 +tries=1 @127.0.0.1 -p ${DNS_PORT} tax.shop.internal | grep -q . && exit 0; sleep 0.1; done; exit 1`);
  return dir;
}

/** A memcached on the loopback holding sessions and cart fragments of several sizes. */
function memcached(id) {
  const dir = scratch(id);
  startDetached("memcached", ["-u", "root", "-l", "127.0.0.1", "-p", String(MEMCACHED_PORT), "-U", "0", "-m", "64"], dir);
  awaitPort(MEMCACHED_PORT);
  const rand = lcg(23);
  const commands = [];
  for (let i = 0; i < 400; i++) {
    const size = [40, 300, 1200, 5000, 20000][i % 5] + Math.floor(rand() * 40);
    commands.push(`set ${i % 5 === 4 ? "cart" : "session"}:${CITIES[i % CITIES.length]}:${i} 0 3600 ${size}\r\n${"x".repeat(size)}\r\n`);
  }
  for (let i = 0; i < 300; i++) commands.push(`get session:${CITIES[i % CITIES.length]}:${(i * 7) % 500}\r\n`);
  commands.push("quit\r\n");
  writeFileSync(join(dir, "seed.txt"), commands.join(""));
  sh(`nc -q 2 127.0.0.1 ${MEMCACHED_PORT} < seed.txt > /dev/null`, { cwd: dir });
  return dir;
}

/** A redis-server on the loopback with nothing saved to disk. */
function redis(id) {
  const dir = scratch(id);
  startDetached("redis-server", ["--port", String(REDIS_PORT), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir], dir);
  sh(`for i in $(seq 50); do redis-cli -p ${REDIS_PORT} ping >/dev/null 2>&1 && exit 0; sleep 0.1; done; exit 1`);
  return dir;
}

/** A PostgreSQL cluster on a Unix socket in `dir` (postgres refuses to run as root). */
let pgDir;
function postgres(dir) {
  sh(`chown -R postgres "${dir}" && runuser -u postgres -- ${PG_BIN}/initdb -D "${dir}/data" -A trust -U postgres >/dev/null`);
  sh(`runuser -u postgres -- ${PG_BIN}/pg_ctl -D "${dir}/data" -o "-k ${dir} -c listen_addresses=''" -l "${dir}/server.log" -w start >/dev/null`);
  pgDir = dir;
}
function postgresDown() {
  if (pgDir) sh(`runuser -u postgres -- ${PG_BIN}/pg_ctl -D "${pgDir}/data" -m fast stop >/dev/null`, { allowFail: true });
  pgDir = undefined;
}

/** pgbench's tables, and two scripts: a transfer that works and a refund that names a column the tables lack. */
function bench(id) {
  const dir = scratch(id);
  writeTree(dir, {
    "transfer.sql": [
      "\\set aid random(1, 100000 * :scale)",
      "\\set bid random(1, 1 * :scale)",
      "\\set delta random(-5000, 5000)",
      "BEGIN;",
      "UPDATE pgbench_accounts SET abalance = abalance + :delta WHERE aid = :aid;",
      "SELECT abalance FROM pgbench_accounts WHERE aid = :aid;",
      "UPDATE pgbench_branches SET bbalance = bbalance + :delta WHERE bid = :bid;",
      "END;",
      "",
    ].join("\n"),
    "refund.sql": [
      "\\set aid random(1, 100000 * :scale)",
      "\\set delta random(1, 500)",
      "BEGIN;",
      "UPDATE pgbench_accounts SET abalance = abalance - :delta WHERE aid = :aid;",
      "INSERT INTO pgbench_history (tid, bid, aid, delta, mtime, reason) VALUES (1, 1, :aid, :delta, now(), 'refund');",
      "END;",
      "",
    ].join("\n"),
  });
  postgres(dir);
  sh(`pgbench -h "${dir}" -U postgres -i -s 1 -q postgres >/dev/null 2>&1`);
  return dir;
}

/** A shop's schema: tables per domain with keys, indexes, views and a function. */
function schema(id) {
  const dir = scratch(id);
  const sql = ["CREATE DATABASE shop;", "\\c shop", "CREATE SCHEMA sales;", "CREATE SCHEMA stock;"];
  for (const [i, svc] of SERVICES.entries()) {
    const schemaName = i % 2 === 0 ? "sales" : "stock";
    sql.push(
      `CREATE TABLE ${schemaName}.${svc}_items (id bigserial PRIMARY KEY, store text NOT NULL, sku text NOT NULL, qty integer NOT NULL DEFAULT 0 CHECK (qty >= 0), price_cents bigint, updated_at timestamptz NOT NULL DEFAULT now(), note text);`,
      `CREATE TABLE ${schemaName}.${svc}_events (id bigserial PRIMARY KEY, item_id bigint NOT NULL REFERENCES ${schemaName}.${svc}_items(id) ON DELETE CASCADE, kind text NOT NULL, payload jsonb, at timestamptz NOT NULL DEFAULT now());`,
      `CREATE INDEX ${svc}_items_store_sku ON ${schemaName}.${svc}_items (store, sku);`,
      `CREATE INDEX ${svc}_events_item_at ON ${schemaName}.${svc}_events (item_id, at DESC);`,
      `CREATE VIEW ${schemaName}.${svc}_stock AS SELECT store, sum(qty) AS qty FROM ${schemaName}.${svc}_items GROUP BY store;`,
      `COMMENT ON TABLE ${schemaName}.${svc}_items IS 'Items the ${svc} service keeps per store';`,
    );
  }
  sql.push(
    "CREATE FUNCTION sales.touch() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN NEW.updated_at := now(); RETURN NEW; END $$;",
    "CREATE TRIGGER billing_items_touch BEFORE UPDATE ON sales.billing_items FOR EACH ROW EXECUTE FUNCTION sales.touch();",
  );
  writeTree(dir, { "schema.sql": sql.join("\n") + "\n" });
  postgres(dir);
  sh(`psql -q -h "${dir}" -U postgres -f schema.sql >/dev/null`, { cwd: dir });
  return dir;
}

/** Three services on a range of loopback ports that is otherwise closed. */
function portRange(id) {
  const dir = scratch(id);
  for (const port of SCAN_PORTS) startDetached("python3", ["-m", "http.server", String(port), "--bind", "127.0.0.1"], dir);
  for (const port of SCAN_PORTS) awaitPort(port);
  return dir;
}

/** An haproxy configuration of the shop's backends: a misspelt keyword, a server with no port, a backend nothing defines. */
function haproxyConfig(id) {
  const dir = scratch(id);
  const lines = [
    "global",
    "    maxconn 2048",
    "    log stdout format raw local0",
    "",
    "defaults",
    "    mode http",
    "    timeout connect 5s",
    "    timeout client 30s",
    "    timeout server 30s",
    "",
    "frontend shop",
    "    bind 127.0.0.1:18866",
    ...SERVICES.map((svc) => `    use_backend be_${svc} if { path_beg /api/${svc}/ }`),
    "    use_backend be_reports if { path_beg /reports/ }",
    "    default_backend be_catalog",
    "",
  ];
  for (const [i, svc] of SERVICES.entries()) {
    lines.push(`backend be_${svc}`);
    lines.push(i === 3 ? "    balance roundrobbin" : "    balance roundrobin");
    lines.push(`    option httpchk GET /health`);
    if (i === 6) lines.push("    http-check expect stauts 200");
    for (const [j, city] of CITIES.slice(0, 3).entries()) {
      const port = i === 8 && j === 1 ? "" : `:${7000 + i * 10 + j}`;
      lines.push(`    server ${svc}-${city} 127.0.0.1${port} check inter 2s`);
    }
    lines.push("");
  }
  writeTree(dir, { "haproxy.cfg": lines.join("\n") });
  return dir;
}

/** A zone for shop.example: hosts per store, service aliases, and a few records that break the rules. */
function zone(id) {
  const dir = scratch(id);
  const lines = [
    "$TTL 3600",
    "@ IN SOA ns1.shop.example. hostmaster.shop.example. ( 2024030101 7200 900 1209600 300 )",
    "@ IN NS ns1.shop.example.",
    "@ IN NS ns2.shop.example.",
    "ns1 IN A 192.0.2.1",
    "ns2 IN A 192.0.2.2",
    "@ IN MX 10 mail.shop.example.",
  ];
  for (const [i, city] of CITIES.entries()) {
    lines.push(`${city} IN A 192.0.2.${20 + i}`);
    lines.push(`${city} IN AAAA 2001:db8::${(20 + i).toString(16)}`);
    for (const svc of SERVICES.slice(0, 4)) lines.push(`${svc}.${city} IN CNAME ${city}.shop.example.`);
  }
  lines.push("catalog.berlin IN A 192.0.2.99");
  lines.push("pricing IN CNAME pricing.shop.example.");
  lines.push("ledger IN A 192.0.2.300");
  lines.push("tax IN CNAME tax.other.example.");
  lines.push("tax IN TXT \"v=spf1 -all\"");
  writeTree(dir, { "shop.example.zone": lines.join("\n") + "\n" });
  return dir;
}

export default [
  {
    id: "nginx-T-conflicting-names",
    program: "nginx",
    category: "CommandOutput",
    setup: () => nginxSite("nginx-T-conflicting-names"),
    command: "nginx -T -p $PWD -c $PWD/nginx.conf",
    exitCode: 0,
    versions: ["nginx -v 2>&1"],
    note: "paths are the scratch directory's; the dump includes this machine's /etc/nginx/mime.types",
    facts: (f) =>
      f
        .errorLines(`grep -E '\\[warn\\] .*conflicting server name' "$OUT"`)
        .mustKeep(`grep -E 'test is successful$' "$OUT"`)
        .mustKeep(`grep -E '^# configuration file ' "$OUT" | sed -n '2p;$p'`)
        .count("configurationFiles", `grep -c '^# configuration file ' "$OUT"`)
        .count("proxiedLocations", `grep -c 'proxy_pass ' "$OUT"`),
  },
  {
    id: "ab-upstream-down",
    program: "ab",
    category: "CommandOutput",
    setup: () => nginxUp("ab-upstream-down"),
    teardown: nginxDown,
    command: `ab -v 2 -n 40 -c 4 -H 'Host: shop.local' http://127.0.0.1:${NGINX_PORT}/api/orders`,
    exitCode: 0,
    versions: ["ab -V | head -n 1", "nginx -v 2>&1"],
    note: "nginx proxies to a port where nothing listens, so every answer is a 502; -v 2 prints each response's headers; timings and dates differ per run",
    facts: (f) =>
      f
        .errorLines(`grep -E '^Non-2xx responses:' "$OUT"`)
        .mustKeep(`grep -E '^(Complete requests|Failed requests|Document Length):' "$OUT" | sed 's/ *$//'`)
        .mustKeep(`grep -E '^Server Software:' "$OUT" | sed 's/ *$//'`)
        .count("nonOk", `grep -E '^Non-2xx responses:' "$OUT" | grep -oE '[0-9]+$'`),
  },
  {
    id: "tcpdump-r-loopback",
    program: "tcpdump",
    category: "CommandOutput",
    setup: () => loopbackCapture("tcpdump-r-loopback"),
    command: "tcpdump -nn -r loopback.pcap",
    exitCode: 0,
    versions: ["tcpdump --version 2>&1 | head -n 1"],
    note: "captured at setup time from curl requests through nginx; times, ports, sequence numbers and the packets' order differ per run",
    facts: (f) =>
      f
        .mustKeep(`head -n 1 "$OUT"`)
        .mustKeep(`grep -E '> 127\\.0\\.0\\.1\\.${DEAD_PORT}: Flags \\[S\\]' "$OUT" | grep -oE '127\\.0\\.0\\.1\\.[0-9]+ > 127\\.0\\.0\\.1\\.${DEAD_PORT}' | head -n 1`)
        .count("packets", `grep -cE '^[0-9]{2}:[0-9]{2}:[0-9]{2}\\.[0-9]+ IP ' "$OUT"`)
        .count("resets", `grep -c 'Flags \\[R' "$OUT"`)
        .count("dataSegments", `grep -c 'Flags \\[P\\.\\]' "$OUT"`),
  },
  {
    id: "dig-f-local-resolver",
    program: "dig",
    category: "CommandOutput",
    setup: () => resolver("dig-f-local-resolver"),
    teardown: stopStarted,
    command: `dig @127.0.0.1 -p ${DNS_PORT} +time=1 +tries=1 -f queries.txt`,
    exitCode: 9,
    versions: ["dig -v 2>&1", "dnsmasq --version | head -n 1"],
    note: "a dnsmasq on the loopback answers for shop.internal from a hosts file; query times, ids and dates differ per run",
    facts: (f) =>
      f
        .errorLines(`grep -E '^;; (communications error|no servers could be reached)' "$OUT" | sort -u`)
        .mustKeep(`grep -E '^(tax|lisbon)\\.shop\\.internal\\.\\s' "$OUT"`)
        .count("nxdomain", `grep -c 'status: NXDOMAIN' "$OUT"`)
        .count("answered", `grep -c 'status: NOERROR' "$OUT"`),
  },
  {
    id: "memcached-stats-nc",
    program: "memcached",
    category: "CommandOutput",
    setup: () => memcached("memcached-stats-nc"),
    teardown: stopStarted,
    command: `printf 'stats\\r\\nstats slabs\\r\\nstats items\\r\\nquit\\r\\n' | nc -q 2 127.0.0.1 ${MEMCACHED_PORT}`,
    exitCode: 0,
    versions: ["memcached -V"],
    note: "a memcached on the loopback seeded by the capture script; uptime, times, pid and rusage differ per run",
    facts: (f) =>
      f
        .mustKeep(`grep -E '^STAT (curr_items|get_hits|get_misses|total_items|version) ' "$OUT" | tr -d '\\r'`)
        .mustKeep(`grep -E '^STAT active_slabs ' "$OUT" | tr -d '\\r'`)
        .count("statLines", `grep -c '^STAT ' "$OUT"`)
        .count("slabClasses", `grep -oE '^STAT [0-9]+:chunk_size ' "$OUT" | wc -l`),
  },
  {
    id: "redis-benchmark-loopback",
    program: "redis-benchmark",
    category: "CommandOutput",
    setup: () => redis("redis-benchmark-loopback"),
    teardown: stopStarted,
    command: `redis-benchmark -p ${REDIS_PORT} -n 3000 -c 10 -r 1000 -t set,get,incr,lpush,lpop,sadd,hset`,
    exitCode: 0,
    versions: ["redis-benchmark --version"],
    note: "the progress line is redrawn with carriage returns; latencies and throughput differ per run",
    facts: (f) =>
      f
        .mustKeep(`grep -oE '====== [A-Z]+ ======' "$OUT"`)
        .mustKeep(`grep -E 'requests per second' "$OUT" | sed 's/^ *//' | head -n 3`)
        .count("tests", `grep -oE '====== [A-Z]+ ======' "$OUT" | wc -l`),
  },
  {
    id: "pgbench-script-fails",
    program: "pgbench",
    category: "CommandOutput",
    setup: () => bench("pgbench-script-fails"),
    teardown: postgresDown,
    command: `pgbench -h "$PWD" -U postgres -n -c 4 -t 150 -r -f transfer.sql@9 -f refund.sql@1 postgres`,
    exitCode: 2,
    versions: ["pgbench --version"],
    note: "a PostgreSQL 15 cluster on a Unix socket; which client aborts when, latencies and rates differ per run",
    facts: (f) =>
      f
        .errorLines(`grep -E 'aborted in command' "$OUT" | head -n 1`)
        .errorLines(`grep -E '^pgbench: error: Run was aborted' "$OUT"`)
        .mustKeep(`grep -E '^number of (transactions actually processed|failed transactions):' "$OUT" | sed -E 's/ \\(.*//'`)
        .count("abortedClients", `grep -c 'aborted in command' "$OUT"`),
  },
  {
    id: "pg_dump-schema-only",
    program: "pg_dump",
    category: "CommandOutput",
    setup: () => schema("pg_dump-schema-only"),
    teardown: postgresDown,
    command: `pg_dump -h "$PWD" -U postgres --schema-only shop`,
    exitCode: 0,
    versions: ["pg_dump --version"],
    facts: (f) =>
      f
        .mustKeep(`grep -E '^-- (Dumped from database version|PostgreSQL database dump complete)' "$OUT"`)
        .mustKeep(`grep -E '^CREATE TABLE ' "$OUT" | sed -n '1p;$p'`)
        .count("tables", `grep -c '^CREATE TABLE ' "$OUT"`)
        .count("indexes", `grep -c '^CREATE INDEX ' "$OUT"`)
        .count("views", `grep -c '^CREATE VIEW ' "$OUT"`),
  },
  {
    id: "nc-zv-port-range",
    program: "nc",
    category: "CommandOutput",
    setup: () => portRange("nc-zv-port-range"),
    teardown: stopStarted,
    command: "nc -zv 127.0.0.1 18840-18899",
    exitCode: 0,
    versions: ["dpkg-query -W -f '${Package} ${Version}' netcat-openbsd"],
    note: "three python http.servers listen in the range; any other service this machine runs there shows too",
    facts: (f) =>
      f
        .mustKeep(`grep -E 'succeeded!$' "$OUT"`)
        .count("refused", `grep -c 'Connection refused$' "$OUT"`)
        .count("open", `grep -c 'succeeded!$' "$OUT"`),
  },
  {
    id: "haproxy-c-broken-config",
    program: "haproxy",
    category: "CommandOutput",
    setup: () => haproxyConfig("haproxy-c-broken-config"),
    command: "haproxy -c -f haproxy.cfg",
    exitCode: 1,
    versions: ["haproxy -v | head -n 1"],
    facts: (f) =>
      f
        .errorLines(`grep -E '^\\[ALERT\\]' "$OUT"`)
        .count("alerts", `grep -c '^\\[ALERT\\]' "$OUT"`)
        .mustKeep(`grep -oE 'parsing \\[haproxy\\.cfg:[0-9]+\\]' "$OUT"`),
  },
  {
    id: "named-checkzone-broken-records",
    program: "named-checkzone",
    category: "CommandOutput",
    setup: () => zone("named-checkzone-broken-records"),
    command: "named-checkzone shop.example shop.example.zone",
    exitCode: 1,
    versions: ["named-checkzone -v"],
    facts: (f) => f.errorLines(`grep -E 'CNAME and other data|bad dotted quad|not loaded due to errors' "$OUT"`),
  },
];
