// Config and data files shipped on this machine, read with cat as an agent would (a YAML
// whose one key holds a list, an XML file under a .conf name, a tab-separated table with a
// comment header), and curl's verbose trace of a response body that arrives in pieces, so
// that curl's progress meter redraws itself on the line the body is on.
import { spawn } from "node:child_process";
import { scratch, sh, writeTree } from "./lib.mjs";

const RUN_INTEGRATIONS = "/usr/lib/google-cloud-sdk/lib/googlecloudsdk/api_lib/run/integrations/metadata.yaml";
const FONTCONFIG_NONLATIN = "/usr/share/fontconfig/conf.avail/65-nonlatin.conf";
const ZONE1970 = "/usr/share/zoneinfo/zone1970.tab";

/** 600 orders as one JSON line, written in four parts 1.1 s apart: curl redraws its meter between them. */
const SLOW_SERVER = `import { createServer } from "node:http";

const orders = Array.from({ length: 600 }, (_, i) => ({ id: 9000 + i, status: i % 9 === 4 ? "failed" : "paid", totalCents: (i * 7919) % 99500 }));
const body = JSON.stringify({ orders, count: orders.length });
createServer((req, res) => {
  if (req.url !== "/api/orders") {
    res.writeHead(204).end();
    return;
  }
  res.writeHead(200, { "content-type": "application/json", "x-request-id": "req-9c1e", date: "Thu, 14 Mar 2024 08:00:00 GMT" });
  const parts = 4;
  const size = Math.ceil(body.length / parts);
  let k = 0;
  const next = () => {
    res.write(body.slice(k * size, (k + 1) * size));
    k++;
    if (k < parts) setTimeout(next, 1100);
    else res.end();
  };
  next();
}).listen(Number(process.argv[2]), "127.0.0.1");
`;

const PORT = 18432;
let server;
function slowServer(id) {
  const dir = scratch(id);
  writeTree(dir, { "server.mjs": SLOW_SERVER });
  server = spawn("node", ["server.mjs", String(PORT)], { cwd: dir, detached: true, stdio: "ignore" });
  sh(`for i in $(seq 100); do curl -s -o /dev/null http://127.0.0.1:${PORT}/ready && exit 0; sleep 0.1; done; exit 1`);
  return dir;
}
function slowServerDown() {
  if (server) process.kill(-server.pid, "SIGTERM");
  server = undefined;
}

export default [
  {
    id: "cat-yaml-gcloud-run-integrations",
    program: "file:yaml",
    category: "FileContent",
    cwd: "/",
    command: `cat ${RUN_INTEGRATIONS}`,
    exitCode: 0,
    versions: ["gcloud --version 2>/dev/null | head -n 1"],
    note: "the Google Cloud SDK's catalogue of Cloud Run integrations: one top-level key holding a list of eight entries with block scalars",
    facts: (f) =>
      f
        .mustKeep(`grep -oE '^integrations' "$OUT"`)
        .mustKeep(`grep -oE '^- integration_type: [a-z-]+' "$OUT"`)
        .count("integrations", `grep -c '^- integration_type' "$OUT"`)
        .count("lines", `wc -l < "$OUT"`),
  },
  {
    id: "cat-xml-fontconfig-nonlatin",
    program: "file:xml",
    category: "FileContent",
    cwd: "/",
    command: `cat ${FONTCONFIG_NONLATIN}`,
    exitCode: 0,
    versions: ["dpkg-query -W -f='fontconfig-config ${Version}' fontconfig-config"],
    note: "Debian's fontconfig preferences for non-Latin scripts: XML under a .conf name, four aliases of about 60 families each",
    facts: (f) =>
      f
        .mustKeep(`grep -oE '^<fontconfig>|^</fontconfig>' "$OUT"`)
        .mustKeep(`grep -A1 '<alias>' "$OUT" | grep -oE '<family>[a-z-]+</family>' | sed -E 's/<[^>]+>//g'`)
        .count("aliases", `grep -c '<alias>' "$OUT"`)
        .count("lines", `wc -l < "$OUT"`),
  },
  {
    id: "cat-tsv-tzdata-zone1970",
    program: "file:tsv",
    category: "FileContent",
    cwd: "/usr/share/zoneinfo",
    command: "cat zone1970.tab",
    exitCode: 0,
    versions: ["dpkg-query -W -f='tzdata ${Version}' tzdata"],
    note: "tzdata's table of timezones: tab-separated rows after a header of '#' comments",
    facts: (f) =>
      f
        .mustKeep(`grep -v '^#' "$OUT" | head -n 1`)
        .mustKeep(`grep -v '^#' "$OUT" | tail -n 1`)
        .count("rows", `grep -vc '^#' "$OUT"`),
  },
  {
    id: "curl-v-body-shares-meter-line",
    program: "curl",
    category: "CommandOutput",
    setup: () => slowServer("curl-v-body-shares-meter-line"),
    teardown: slowServerDown,
    command: `curl -v http://127.0.0.1:${PORT}/api/orders`,
    exitCode: 0,
    versions: ["curl --version | head -n 1"],
    note: "server.mjs (in the capture script) sends a 28 KB JSON line in four parts 1.1 s apart; curl flushes the body in 4 KB blocks and redraws its progress meter with a carriage return in between, on the body's line (the meter's timings differ on every run)",
    facts: (f) =>
      f
        .mustKeep(`grep -aoE '^< (HTTP/1.1 200 OK|x-request-id: req-9c1e)' "$OUT" | sed 's/^< //'`)
        .mustKeep(`grep -aoE '\\{"orders":\\[\\{"id":9000,"status":"paid","totalCents":0\\}' "$OUT"`)
        .mustKeep(`grep -aoE '"count":600\\}' "$OUT"`),
  },
];
