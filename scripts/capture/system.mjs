// System listings. Process and network listings are taken inside namespaces the capture
// makes (a PID namespace with a few services; a network namespace with bridges, veth pairs
// and listeners), so they show those and nothing of the machine around them. Package,
// disk and CPU listings show this machine at the moment of capture.
import { spawn } from "node:child_process";
import { scratch, sh, writeTree } from "./lib.mjs";

const NETNS = "abridge-corpus";
const SERVICES = `#!/bin/bash
# Starts a few long-running services, then runs the given command beside them.
cd "$(dirname "$0")"
for shard in 1 2 3 4 5 6; do
  (exec -a "inventory-worker --shard $shard --queue orders" sleep 600) &
done
python3 pricing.py >/dev/null &
node queue.mjs >/dev/null &
(exec -a "postgres: checkpointer" sleep 600) &
(exec -a "postgres: walwriter" sleep 600) &
sleep 1
exec "$@"
`;

function servicesDir(id) {
  const dir = scratch(id);
  writeTree(dir, {
    "with-services.sh": SERVICES,
    "pricing.py": "import time\n\nwhile True:\n    sum(i * i for i in range(200000))\n    time.sleep(0.05)\n",
    "queue.mjs": "setInterval(() => {}, 1000);\n",
  });
  sh("chmod +x with-services.sh", { cwd: dir });
  return dir;
}
const PID_NS = ["unshare", "--pid", "--fork", "--mount-proc", "./with-services.sh"];

let listeners;
/** A network namespace with bridges, veth pairs, addresses and (optionally) listeners. */
function netns(id, { listen = false } = {}) {
  const dir = scratch(id);
  sh(`ip netns del ${NETNS} 2>/dev/null; ip netns add ${NETNS} && ip -n ${NETNS} link set lo up`);
  const nets = ["app", "db", "cache", "metrics"];
  nets.forEach((name, i) => {
    const n = i + 10;
    sh(
      `ip -n ${NETNS} link add br-${name} type bridge && ip -n ${NETNS} addr add 10.77.${n}.1/24 dev br-${name} && ip -n ${NETNS} addr add fd77:${n}::1/64 dev br-${name} && ` +
        `ip -n ${NETNS} link add veth-${name}0 type veth peer name veth-${name}1 && ip -n ${NETNS} link set veth-${name}0 master br-${name} && ` +
        `ip -n ${NETNS} link set br-${name} up && ip -n ${NETNS} link set veth-${name}0 up && ip -n ${NETNS} link set veth-${name}1 up`,
    );
  });
  if (listen) {
    writeTree(dir, {
      "listen.py": `import socket, time\nsocks = []\nfor host, port in [("10.77.10.1", 8080), ("10.77.10.1", 8443), ("10.77.11.1", 5432), ("10.77.12.1", 6379), ("10.77.13.1", 9090), ("127.0.0.1", 9100), ("::1", 9101), ("0.0.0.0", 2222)]:\n    s = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)\n    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)\n    s.bind((host, port))\n    s.listen(16)\n    socks.append(s)\ntime.sleep(600)\n`,
    });
    listeners = spawn("ip", ["netns", "exec", NETNS, "python3", "listen.py"], { cwd: dir, detached: true, stdio: "ignore" });
    sh(`for i in $(seq 50); do [ "$(ip netns exec ${NETNS} ss -tln | grep -c LISTEN)" -ge 8 ] && exit 0; sleep 0.1; done; exit 1`);
  }
  return dir;
}
function netnsDown() {
  if (listeners) process.kill(-listeners.pid, "SIGTERM");
  listeners = undefined;
  sh(`ip netns del ${NETNS}`, { allowFail: true });
}

export default [
  {
    id: "ps-auxf-pid-namespace",
    program: "ps",
    category: "CommandOutput",
    setup: () => servicesDir("ps-auxf-pid-namespace"),
    launch: PID_NS,
    command: "ps auxf",
    exitCode: 0,
    versions: ["ps --version"],
    note: "in a PID namespace holding the services of with-services.sh (six workers, a Python and a Node process, two named sleepers); times and sizes differ per run",
    facts: (f) =>
      f
        .mustKeep(`grep -oE 'inventory-worker --shard [0-9] --queue orders' "$OUT" | sort -u`)
        .mustKeep(`grep -oE 'python3 pricing.py|node queue.mjs|postgres: (checkpointer|walwriter)' "$OUT" | sort -u`)
        .count("processes", `tail -n +2 "$OUT" | grep -c ''`),
  },
  {
    id: "top-batch-pid-namespace",
    program: "top",
    category: "CommandOutput",
    setup: () => servicesDir("top-batch-pid-namespace"),
    launch: PID_NS,
    command: "top -b -n 1 -w 160 -c",
    exitCode: 0,
    versions: ["top -v 2>&1 | head -n 1"],
    note: "the same services; the summary lines show the whole machine at that moment",
    facts: (f) =>
      f
        .mustKeep(`grep -oE '^Tasks: +[0-9]+ total' "$OUT"`)
        .mustKeep(`grep -oE 'python3 pricing.py' "$OUT" | head -n 1`),
  },
  {
    id: "ip-addr-netns",
    program: "ip",
    category: "CommandOutput",
    setup: () => netns("ip-addr-netns"),
    teardown: netnsDown,
    launch: ["ip", "netns", "exec", NETNS],
    command: "ip addr",
    exitCode: 0,
    versions: ["ip -V"],
    note: "a network namespace with four bridges (IPv4 and IPv6 addresses) and four veth pairs; MAC addresses differ per run",
    facts: (f) =>
      f
        .mustKeep(`grep -oE 'inet6? [0-9a-f:.]+/[0-9]+' "$OUT" | grep -E '10\\.77|fd77' | sort -u`)
        .count("interfaces", `grep -cE '^[0-9]+: ' "$OUT"`),
  },
  {
    id: "ip-route-link-netns",
    program: "ip",
    category: "CommandOutput",
    setup: () => netns("ip-route-link-netns"),
    teardown: netnsDown,
    launch: ["ip", "netns", "exec", NETNS],
    command: "ip -s -d link show; ip route; ip -6 route",
    exitCode: 0,
    versions: ["ip -V"],
    note: "the same namespace: links with statistics and details, then both routing tables",
    facts: (f) =>
      f
        .mustKeep(`grep -E '^10\\.77\\.[0-9]+\\.0/24 dev br-[a-z]+' "$OUT" | awk '{print $1" dev "$3}'`)
        .count("links", `grep -cE '^[0-9]+: ' "$OUT"`),
  },
  {
    id: "ss-tlnp-netns",
    program: "ss",
    category: "CommandOutput",
    setup: () => netns("ss-tlnp-netns", { listen: true }),
    teardown: netnsDown,
    launch: ["ip", "netns", "exec", NETNS],
    command: "ss -tlnpe",
    exitCode: 0,
    versions: ["ss -V"],
    note: "eight listeners of listen.py in the namespace; pids and inodes differ per run",
    facts: (f) =>
      f
        .mustKeep(`grep -oE '(10\\.77\\.[0-9]+\\.1|127\\.0\\.0\\.1|\\[::1\\]|0\\.0\\.0\\.0):[0-9]+' "$OUT" | sort -u`)
        .count("listening", `grep -c '^LISTEN' "$OUT"`),
  },
  {
    id: "dpkg-l-installed",
    program: "dpkg",
    category: "CommandOutput",
    cwd: "/",
    command: "dpkg -l",
    exitCode: 0,
    versions: ["dpkg --version | head -n 1"],
    note: "the packages installed on this machine at capture time",
    facts: (f) =>
      f
        .mustKeep(`grep -E '^ii  (gcc-12|python3\\.11|valgrind|openjdk-17-jdk-headless) ' "$OUT" | awk '{print $2}'`)
        .count("packages", `grep -c '^ii ' "$OUT"`),
  },
  {
    id: "apt-cache-policy-show",
    program: "apt-cache",
    category: "CommandOutput",
    cwd: "/",
    command: "apt-cache policy gcc-12 valgrind && apt-cache show gcc-12",
    exitCode: 0,
    versions: ["apt-cache --version | head -n 1"],
    note: "Debian's package index as updated on this machine at capture time",
    facts: (f) =>
      f
        .mustKeep(`grep -E '^  (Installed|Candidate): ' "$OUT" | sed 's/^ *//' | sort -u`)
        .mustKeep(`grep -E '^(Package|Version): ' "$OUT" | sort -u`),
  },
  {
    id: "du-ah-sort-rh",
    program: "du",
    category: "DirectoryListing",
    cwd: "/usr/lib/python3.11",
    command: "du -ah . | sort -rh",
    exitCode: 0,
    versions: ["du --version | head -n 1", "python3.11 --version"],
    note: "Debian's python3.11 standard library, biggest first: the order is the answer",
    facts: (f) =>
      f
        .mustKeep(`head -n 6 "$OUT" | awk '{print $2}'`)
        .count("entries", `grep -c '' "$OUT"`),
  },
  {
    id: "du-sh-usr-share-sort-h",
    program: "du",
    category: "DirectoryListing",
    cwd: "/usr/share",
    command: "du -sh * | sort -h",
    exitCode: 0,
    versions: ["du --version | head -n 1"],
    note: "this machine's /usr/share at capture time, smallest first: the biggest are at the end",
    facts: (f) =>
      f
        .mustKeep(`tail -n 5 "$OUT" | awk '{print $2}'`)
        .count("entries", `grep -c '' "$OUT"`),
  },
  {
    id: "df-h-paths",
    program: "df",
    category: "CommandOutput",
    cwd: "/",
    command: "df -hT / /usr /tmp /var /root && df -i /",
    exitCode: 0,
    versions: ["df --version | head -n 1"],
    note: "the machine's root file system at capture time",
    facts: (f) => f.mustKeep(`grep -oE '[0-9]+% /$' "$OUT" | head -n 1`),
  },
  {
    id: "lscpu",
    program: "lscpu",
    category: "CommandOutput",
    cwd: "/",
    command: "lscpu",
    exitCode: 0,
    versions: ["lscpu --version"],
    note: "this machine's processor",
    facts: (f) => f.mustKeep(`grep -E '^(Architecture|CPU\\(s\\)|Model name):' "$OUT"`),
  },
  {
    id: "getconf-all",
    program: "getconf",
    category: "CommandOutput",
    cwd: "/",
    command: "getconf -a",
    exitCode: 0,
    versions: ["ldd --version | head -n 1"],
    note: "glibc's configuration values on this machine",
    facts: (f) =>
      f
        .mustKeep(`grep -E '^(PAGESIZE|_NPROCESSORS_ONLN|LEVEL1_DCACHE_LINESIZE) ' "$OUT"`)
        .count("entries", `grep -c '' "$OUT"`),
  },
  {
    id: "pip-list",
    program: "pip",
    category: "CommandOutput",
    cwd: "/",
    command: "pip list",
    exitCode: 0,
    versions: ["pip --version"],
    note: "the pyenv Python's packages on this machine at capture time",
    facts: (f) =>
      f
        .mustKeep(`grep -E '^(pytest|numpy|Flask|moto) ' "$OUT" | awk '{print $1}'`)
        .count("packages", `tail -n +3 "$OUT" | grep -cE '^[A-Za-z0-9]'`),
  },
  {
    id: "pip-show-files",
    program: "pip",
    category: "CommandOutput",
    cwd: "/",
    command: "pip show -f jsonschema",
    exitCode: 0,
    versions: ["pip --version"],
    note: "one installed package's metadata and file list",
    facts: (f) =>
      f
        .mustKeep(`grep -E '^(Name|Version|Requires): ' "$OUT"`)
        .count("files", `sed -n '/^Files:/,$p' "$OUT" | tail -n +2 | grep -c ''`),
  },
  {
    id: "service-status-all",
    program: "service",
    category: "DirectoryListing",
    cwd: "/",
    command: "service --status-all; ls -l /etc/init.d",
    exitCode: 0,
    versions: ["dpkg-query -W -f='init-system-helpers ${Version}' init-system-helpers"],
    note: "System V init scripts on a machine without systemd",
    facts: (f) => f.mustKeep(`grep -oE '\\[ [-+?] \\]  [a-z0-9.-]+' "$OUT"`),
  },
];
