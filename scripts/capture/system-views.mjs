// System views the other captures lack: lsof of a service holding files, sockets and pipes;
// the dynamic linker's cache (ldconfig -p); a certificate printed by openssl x509 -text; an
// openssl s_client handshake with a local s_server whose chain does not verify; and redis-cli
// (INFO; --bigkeys) against a redis-server on the loopback with a shop's keys.
import { scratch, sh, startDetached, stopStarted, writeTree } from "./lib.mjs";

/** A service that keeps log files, a SQLite database, TCP listeners, a Unix socket and a pipe open. */
const HOLDER = `import os, socket, sqlite3, subprocess, time
os.makedirs("logs", exist_ok=True)
files = [open(f"logs/worker-{i:02d}.log", "a") for i in range(12)]
db = sqlite3.connect("orders.db")
db.execute("create table if not exists orders (id integer primary key, total integer)")
db.commit()
socks = []
for port in (18601, 18602, 18603, 18604):
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    s.bind(("127.0.0.1", port))
    s.listen(8)
    socks.append(s)
client = socket.create_connection(("127.0.0.1", 18601))
unix = socket.socket(socket.AF_UNIX)
if os.path.exists("control.sock"):
    os.unlink("control.sock")
unix.bind("control.sock")
unix.listen(1)
r, w = os.pipe()
deleted = open("logs/rotated.log", "w")
os.unlink("logs/rotated.log")
with open("ready", "w") as f:
    f.write(str(os.getpid()))
time.sleep(600)
`;

const OPENSSL_CNF = `[req]
distinguished_name = dn
prompt = no
[dn]
C = DE
ST = Berlin
L = Berlin
O = Shop Example GmbH
OU = Platform
CN = api.shop.internal
[ca]
basicConstraints = critical, CA:TRUE
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash
[server]
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature, keyEncipherment
extendedKeyUsage = serverAuth, clientAuth
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid, issuer
subjectAltName = @alt
crlDistributionPoints = URI:http://pki.shop.internal/crl/platform-ca.crl
authorityInfoAccess = OCSP;URI:http://ocsp.shop.internal, caIssuers;URI:http://pki.shop.internal/platform-ca.crt
certificatePolicies = 2.23.140.1.2.2
[alt]
${Array.from({ length: 24 }, (_, i) => `DNS.${i + 1} = ${["api", "www", "admin", "cdn", "auth", "pay"][i % 6]}${Math.floor(i / 6) || ""}.shop.internal`).join("\n")}
IP.1 = 127.0.0.1
IP.2 = ::1
`;

/** A private CA and a server certificate it signed, made with openssl in the scratch directory. */
function certificates(id) {
  const dir = scratch(id);
  writeTree(dir, { "openssl.cnf": OPENSSL_CNF });
  sh(
    [
      "openssl req -x509 -newkey rsa:2048 -nodes -keyout ca.key -out ca.crt -days 3650 -config openssl.cnf -extensions ca -subj '/C=DE/O=Shop Example GmbH/CN=Shop Platform CA' 2>/dev/null",
      "openssl req -newkey rsa:2048 -nodes -keyout server.key -out server.csr -config openssl.cnf 2>/dev/null",
      "openssl x509 -req -in server.csr -CA ca.crt -CAkey ca.key -CAcreateserial -out server.crt -days 397 -extfile openssl.cnf -extensions server 2>/dev/null",
    ].join(" && "),
    { cwd: dir },
  );
  return dir;
}

const REDIS_PORT = 18679;
/** A redis-server on the loopback holding a shop's sessions, carts, a queue, a leaderboard and counters. */
function redis(id) {
  const dir = scratch(id);
  startDetached("redis-server", ["--port", String(REDIS_PORT), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir], dir);
  sh(`for i in $(seq 50); do redis-cli -p ${REDIS_PORT} ping >/dev/null 2>&1 && exit 0; sleep 0.1; done; exit 1`);
  const commands = [];
  for (let i = 0; i < 400; i++) commands.push(`SET session:${String(i).padStart(5, "0")} "user-${i % 97}|${"x".repeat(i % 60)}" EX 3600`);
  for (let i = 0; i < 120; i++) commands.push(`HSET cart:${1000 + i} ${Array.from({ length: (i % 9) + 1 }, (_, k) => `SKU-${k * 7 + i} ${k + 1}`).join(" ")}`);
  for (let i = 0; i < 900; i++) commands.push(`RPUSH queue:emails "order-${i}"`);
  for (let i = 0; i < 300; i++) commands.push(`ZADD leaderboard:2024 ${(i * 37) % 1000} player-${i}`);
  for (let i = 0; i < 60; i++) commands.push(`SADD tags:product-${i} ${Array.from({ length: (i % 12) + 1 }, (_, k) => `t${k}`).join(" ")}`);
  for (let i = 0; i < 40; i++) commands.push(`INCRBY counter:visits:${i} ${i * 13}`);
  commands.push(`SET feature:flags '${JSON.stringify(Object.fromEntries(Array.from({ length: 80 }, (_, i) => [`flag_${i}`, i % 3 === 0])))}'`);
  writeTree(dir, { "seed.redis": commands.join("\n") + "\n" });
  sh(`redis-cli -p ${REDIS_PORT} < seed.redis > /dev/null`, { cwd: dir });
  return dir;
}

export default [
  {
    id: "lsof-p-service",
    program: "lsof",
    category: "CommandOutput",
    setup: () => {
      const dir = scratch("lsof-p-service");
      writeTree(dir, { "holder.py": HOLDER });
      startDetached("python3", ["holder.py"], dir);
      sh("for i in $(seq 100); do [ -s ready ] && exit 0; sleep 0.1; done; exit 1", { cwd: dir });
      return dir;
    },
    teardown: stopStarted,
    command: "lsof -n -P -p $(cat ready)",
    exitCode: 0,
    versions: ["lsof -v 2>&1 | grep -m1 -E 'revision'", "python3 --version"],
    note: "a Python service (in the capture script) holding twelve logs, a SQLite database, four listeners, a connection, a Unix socket, a pipe and a deleted file; pids, inodes and sizes differ per run",
    facts: (f) =>
      f
        .mustKeep(`grep -oE 'TCP 127\\.0\\.0\\.1:1860[1-4] \\(LISTEN\\)' "$OUT" | sort -u`)
        .mustKeep(`grep -oE '/tmp/abridge-corpus/lsof-p-service/(orders\\.db|logs/rotated\\.log \\(deleted\\))' "$OUT" | sort -u`)
        .count("openFiles", `tail -n +2 "$OUT" | grep -c ''`)
        .count("logFiles", `grep -c 'logs/worker-[0-9]*\\.log$' "$OUT"`),
  },
  {
    id: "ldconfig-p-cache",
    program: "ldconfig",
    category: "CommandOutput",
    cwd: "/tmp",
    command: "ldconfig -p",
    exitCode: 0,
    versions: ["ldconfig --version | head -n 1"],
    note: "this machine's linker cache: what is installed differs per machine",
    facts: (f) =>
      f
        .mustKeep(`head -n 1 "$OUT"`)
        .mustKeep(`grep -E '^\\s+lib(c|stdc\\+\\+|ssl|crypto|z|pq)\\.so\\.[0-9]+ \\(libc6,x86-64\\)' "$OUT" | sed -E 's/^\\s+//'`)
        .count("libraries", `grep -c '^\\s' "$OUT"`),
  },
  {
    id: "openssl-x509-text",
    program: "openssl",
    category: "CommandOutput",
    setup: () => certificates("openssl-x509-text"),
    command: "openssl x509 -in server.crt -noout -text",
    exitCode: 0,
    versions: ["openssl version"],
    note: "a server certificate with 24 DNS names, signed in the setup by a private CA; keys, serials and dates differ per run",
    facts: (f) =>
      f
        .mustKeep(`grep -E '^ +(Issuer|Subject|Not Before|Not After) *:' "$OUT" | sed -E 's/^ +//'`)
        .mustKeep(`grep -E '^ +(Public Key Algorithm|Signature Algorithm):' "$OUT" | sed -E 's/^ +//' | sort -u`)
        .mustKeep(`grep -oE 'DNS:pay3\\.shop\\.internal|IP Address:0:0:0:0:0:0:0:1' "$OUT"`)
        .count("dnsNames", `grep -oE 'DNS:[a-z0-9.]+' "$OUT" | wc -l`),
  },
  {
    id: "openssl-s-client-unverified",
    program: "openssl",
    category: "CommandOutput",
    setup: () => {
      const dir = certificates("openssl-s-client-unverified");
      startDetached("openssl", ["s_server", "-accept", "127.0.0.1:18643", "-cert", "server.crt", "-key", "server.key", "-cert_chain", "ca.crt", "-www", "-quiet"], dir);
      sh("for i in $(seq 50); do (echo > /dev/tcp/127.0.0.1/18643) 2>/dev/null && exit 0; sleep 0.1; done; exit 1");
      return dir;
    },
    teardown: stopStarted,
    command: "echo | openssl s_client -connect 127.0.0.1:18643 -servername api.shop.internal -showcerts",
    exitCode: 0,
    versions: ["openssl version"],
    note: "an openssl s_server on the loopback sends the server certificate and its private CA; the client does not trust that CA; keys and session ids differ per run",
    facts: (f) =>
      f
        .errorLines(`grep -E '^verify error:' "$OUT" | sort -u`)
        .mustKeep(`grep -E '^ *Verify return code: ' "$OUT" | sed -E 's/^ +//' | sort -u`)
        .mustKeep(`grep -E '^(New|Protocol|Server certificate|Peer signature type|Verification error)' "$OUT" | sed -E 's/^ +//' | sort -u`)
        .count("certificates", `grep -c -- '-----BEGIN CERTIFICATE-----' "$OUT"`),
  },
  {
    id: "redis-cli-info",
    program: "redis-cli",
    category: "CommandOutput",
    setup: () => redis("redis-cli-info"),
    teardown: stopStarted,
    command: `redis-cli -p ${REDIS_PORT} INFO`,
    exitCode: 0,
    versions: ["redis-server --version"],
    note: "a redis-server on the loopback seeded with the shop's keys (in the capture script); times, memory and pids differ per run",
    facts: (f) =>
      f
        .mustKeep(`grep -E '^(redis_version|used_memory_human|connected_clients|role|maxmemory_policy|db0):' "$OUT" | tr -d '\\r'`)
        .count("sections", `grep -c '^# ' "$OUT"`),
  },
  {
    id: "redis-cli-bigkeys",
    program: "redis-cli",
    category: "CommandOutput",
    setup: () => redis("redis-cli-bigkeys"),
    teardown: stopStarted,
    command: `redis-cli -p ${REDIS_PORT} --bigkeys`,
    exitCode: 0,
    versions: ["redis-server --version"],
    note: "the same server; the scan's order of keys differs per run",
    facts: (f) =>
      f
        .mustKeep(`grep -E '^Biggest +(string|list|hash|zset|set) found ' "$OUT"`)
        .mustKeep(`grep -E '^Sampled [0-9]+ keys' "$OUT"`)
        .mustKeep(`grep -E '^[0-9]+ (strings|lists|hashs|hashes|zsets|sets) with ' "$OUT"`),
  },
];
