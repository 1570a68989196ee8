// Outputs of administration, security and infrastructure tools the other captures lack, run
// offline on the loopback, in a network namespace or on local files, each with failures or
// findings in it: ansible-playbook over localhost with failing tasks, nft -c of a broken ruleset
// update beside the loaded one, iptables -L -v in a namespace after refused traffic, ssh -vv to a
// loopback sshd refusing one key and accepting another, rsync -avn --itemize-changes with links
// whose targets are gone, logrotate -d of a configuration with missing logs and bad directives,
// systemd-analyze verify of broken unit files, named-checkconf -z with broken zones, iperf3 on
// the loopback after a refused connection, certtool --verify-chain of a chain out of order
// and with an expired intermediate, and fail2ban-regex of an auth log.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { lcg, scratch, sh, startDetached, stopStarted, writeTree } from "./lib.mjs";

const CITIES = ["berlin", "lisbon", "oslo", "porto", "madrid", "vienna", "prague", "dublin", "krakow", "zurich", "ghent", "lyon"];
const SERVICES = ["billing", "catalog", "checkout", "inventory", "ledger", "mailer", "pricing", "search", "shipping", "tax"];
const NETNS = "abridge-admin";
const SSH_PORT = 22422;
const IPERF_PORT = 25201;
const IPERF_DEAD_PORT = 25209;

/** A network namespace with only its loopback up, for firewall listings that show only what the capture loaded. */
function netnsUp() {
  sh(`ip netns del ${NETNS} 2>/dev/null; ip netns add ${NETNS} && ip -n ${NETNS} link set lo up`);
}
function netnsDown() {
  sh(`ip netns del ${NETNS}`, { allowFail: true });
}
const inNetns = (command) => `ip netns exec ${NETNS} bash -c '${command}'`;

/** A playbook that lays out a shop's services on localhost; some checks fail and are ignored, then a task fails the play. */
function playbook(id) {
  const dir = scratch(id);
  const svc = SERVICES.map((s) => `      - ${s}`).join("\n");
  writeTree(dir, {
    "inventory.ini": "[shop]\nlocalhost ansible_connection=local ansible_python_interpreter=/usr/bin/python3\n",
    "ansible.cfg": `[defaults]\ninventory = inventory.ini\nnocows = true\nretry_files_enabled = false\nlocal_tmp = ${dir}/.ansible-tmp\n`,
    "site.yml": `- name: Lay out the shop services
  hosts: shop
  gather_facts: false
  vars:
    root: ${dir}/srv
    services:
${svc}
  tasks:
    - name: Create a directory per service
      ansible.builtin.file:
        path: "{{ root }}/{{ item }}/conf"
        state: directory
        mode: "0755"
      loop: "{{ services }}"

    - name: Write each service's configuration
      ansible.builtin.copy:
        dest: "{{ root }}/{{ item }}/conf/app.ini"
        content: "[{{ item }}]\\nport = {{ 7000 + idx }}\\n"
        mode: "0644"
      loop: "{{ services }}"
      loop_control:
        index_var: idx
      when: item not in ['ledger', 'tax']

    - name: Check that every service has a configuration
      ansible.builtin.command: test -s "{{ root }}/{{ item }}/conf/app.ini"
      loop: "{{ services }}"
      changed_when: false
      ignore_errors: true

    - name: Show the release being deployed
      ansible.builtin.debug:
        msg: "deploying release 2024.03.2 to {{ services | length }} services"

    - name: Link the shared secrets into each service
      ansible.builtin.file:
        src: "{{ root }}/shared/secrets.env"
        dest: "{{ root }}/{{ item }}/conf/secrets.env"
        state: link
      loop: "{{ services }}"

    - name: Reload the services
      ansible.builtin.command: "true"
`,
  });
  return dir;
}

/** A loaded nftables ruleset of a shop's gateway and an update to it with typos, unknown names and a bad address. */
function nftRules(id) {
  const dir = scratch(id);
  const ports = CITIES.map((c, i) => `    tcp dport ${8100 + i} ip saddr 10.${20 + i}.0.0/16 counter accept comment "store ${c}"`).join("\n");
  const base = `table inet shop {
  set blocked_v4 {
    type ipv4_addr
    flags interval
    elements = { 192.0.2.0/24, 198.51.100.7, 203.0.113.0/25 }
  }
  chain input {
    type filter hook input priority filter; policy drop;
    ct state established,related accept
    ct state invalid drop
    iif lo accept
    ip saddr @blocked_v4 counter drop
    tcp dport { 22, 80, 443 } accept
${ports}
    icmp type echo-request limit rate 5/second accept
    counter log prefix "shop-drop: " drop
  }
  chain forward {
    type filter hook forward priority filter; policy drop;
  }
  chain output {
    type filter hook output priority filter; policy accept;
  }
}
table ip shop_nat {
  chain prerouting {
    type nat hook prerouting priority dstnat; policy accept;
${SERVICES.map((s, i) => `    tcp dport ${9000 + i} dnat to 10.10.0.${10 + i}:8080`).join("\n")}
  }
  chain postrouting {
    type nat hook postrouting priority srcnat; policy accept;
    oifname "eth0" masquerade
  }
}
`;
  const update = `table inet shop {
  set blocked_v4 {
    type ipv4_addr
    flags interval
    elements = { 192.0.2.0/24, 198.51.100.7, 203.0.113.300 }
  }
  chain input {
    tcp dport 8443 accept
    udp dport 53 acept
    tcp dport 9100 ip saddr 10.99.0.0/16 counter accept
    ip saddr @partners accept
    tcp dport 5432 jump db_guard
    meta l4proto tcp limit rate 10/minut accept
  }
  chain db_guard {
    ip saddr 10.30.0.0/16 accept
    ip6 saddr fd00::/8 accept
    reject with tcp rst
  }
}
table ip shop_nat {
  chain prerouting {
    tcp dport 9100 dnat to 10.10.0.300:8080
    tcp dport 9101 dnat to 10.10.0.21:8080
  }
}
`;
  writeTree(dir, { "gateway.nft": base, "update.nft": update });
  netnsUp();
  sh(inNetns("nft -f gateway.nft"), { cwd: dir });
  return dir;
}

/** An iptables firewall in a namespace, then connections to closed, rejected and dropped ports on the loopback. */
function iptablesRules(id) {
  const dir = scratch(id);
  netnsUp();
  const rules = [
    "iptables -P INPUT DROP",
    "iptables -N SHOP_STORES",
    "iptables -N SHOP_BLOCK",
    "iptables -N SHOP_LOG_DROP",
    "iptables -A INPUT -i lo -p icmp -j ACCEPT",
    "iptables -A INPUT -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT",
    "iptables -A INPUT -m conntrack --ctstate INVALID -j DROP",
    "iptables -A INPUT -j SHOP_BLOCK",
    "iptables -A INPUT -p tcp -m multiport --dports 22,80,443 -j ACCEPT",
    "iptables -A INPUT -p tcp --dport 8100:8199 -j SHOP_STORES",
    "iptables -A INPUT -p tcp --dport 5432 -j REJECT --reject-with tcp-reset",
    "iptables -A INPUT -p udp --dport 53 -j ACCEPT",
    "iptables -A INPUT -j SHOP_LOG_DROP",
    "iptables -A SHOP_LOG_DROP -m limit --limit 5/min -j LOG --log-prefix shop-drop:",
    "iptables -A SHOP_LOG_DROP -j DROP",
  ];
  for (const [i, c] of CITIES.entries()) rules.push(`iptables -A SHOP_STORES -p tcp --dport ${8100 + i} -s 127.0.0.0/8 -m comment --comment store-${c} -j ${i % 4 === 3 ? "REJECT --reject-with icmp-port-unreachable" : "ACCEPT"}`);
  for (const [i, net] of ["192.0.2.0/24", "198.51.100.7", "203.0.113.0/25", "100.64.0.0/10"].entries()) rules.push(`iptables -A SHOP_BLOCK -s ${net} -j ${i === 3 ? "RETURN" : "DROP"}`);
  rules.push("iptables -A OUTPUT -p tcp --dport 25 -j REJECT --reject-with icmp-admin-prohibited");
  sh(inNetns(rules.join(" && ")), { cwd: dir });
  // Traffic: connections to store ports, the database port and ports nothing accepts; pings.
  const traffic = [];
  for (let i = 0; i < CITIES.length; i++) traffic.push(`timeout 1 bash -c "echo > /dev/tcp/127.0.0.1/${8100 + i}" 2>/dev/null`);
  traffic.push('timeout 1 bash -c "echo > /dev/tcp/127.0.0.1/5432" 2>/dev/null', 'timeout 1 bash -c "echo > /dev/tcp/127.0.0.1/25" 2>/dev/null');
  for (const p of [6379, 9200, 11211]) traffic.push(`timeout 0.3 bash -c "echo > /dev/tcp/127.0.0.1/${p}" 2>/dev/null`);
  traffic.push("ping -c 3 -i 0.2 127.0.0.1 >/dev/null");
  sh(inNetns(traffic.join("; ") + "; true"), { cwd: dir, allowFail: true });
  return dir;
}

/** A loopback sshd that knows one of the two keys offered to it. */
function sshd(id) {
  const dir = scratch(id);
  sh("ssh-keygen -q -t ed25519 -N '' -C shop-host -f host_ed25519 && ssh-keygen -q -t ed25519 -N '' -C dana@laptop -f laptop_key && ssh-keygen -q -t rsa -b 3072 -N '' -C deploy@ci -f deploy_key && mkdir -p /run/sshd", { cwd: dir });
  writeTree(dir, {
    sshd_config: [
      `Port ${SSH_PORT}`,
      "ListenAddress 127.0.0.1",
      `HostKey ${dir}/host_ed25519`,
      `PidFile ${dir}/sshd.pid`,
      `AuthorizedKeysFile ${dir}/authorized_keys`,
      "PasswordAuthentication no",
      "KbdInteractiveAuthentication no",
      "PubkeyAuthentication yes",
      "StrictModes no",
      "UsePAM no",
      "LogLevel VERBOSE",
      "",
    ].join("\n"),
  });
  sh("cp deploy_key.pub authorized_keys && : > known_hosts", { cwd: dir });
  startDetached("/usr/sbin/sshd", ["-D", "-f", join(dir, "sshd_config"), "-E", join(dir, "sshd.log")], dir);
  sh(`for i in $(seq 50); do (echo > /dev/tcp/127.0.0.1/${SSH_PORT}) 2>/dev/null && exit 0; sleep 0.1; done; exit 1`);
  return dir;
}

/** A release tree to mirror: many files, links into a shared directory, some of whose targets were deleted. */
function releaseTree(id) {
  const dir = scratch(id);
  const files = {};
  for (const svc of SERVICES) {
    files[`release/${svc}/bin/${svc}`] = `#!/bin/sh\nexec /opt/shop/${svc} "$@"\n`;
    files[`release/${svc}/conf/app.ini`] = `[${svc}]\nport = 7000\n`;
    for (const city of CITIES.slice(0, 4)) files[`release/${svc}/locale/${city}.json`] = `{"store":"${city}"}\n`;
    files[`mirror/${svc}/conf/app.ini`] = `[${svc}]\nport = 7001\n`;
  }
  for (const city of CITIES) files[`shared/stores/${city}.json`] = `{"city":"${city}"}\n`;
  writeTree(dir, files);
  const links = [];
  for (const [i, svc] of SERVICES.entries()) {
    links.push(`ln -s ../../../shared/stores/${CITIES[i]}.json release/${svc}/conf/store.json`);
    if (i % 3 === 1) links.push(`ln -s ../../../shared/certs/${svc}.pem release/${svc}/conf/tls.pem`);
  }
  links.push("ln -s ../shared/keys/signing.key release/signing.key");
  sh(links.join(" && "), { cwd: dir });
    // The mirror holds last month's configuration and files the release dropped.
  writeTree(dir, { "mirror/mailer/conf/legacy.ini": "[mailer]\n", "mirror/search/locale/oslo-old.json": "{}\n" });
  sh("touch -d 2024-03-01T10:00:00Z $(find release shared -type f) && touch -d 2024-02-01T10:00:00Z $(find mirror -type f)", { cwd: dir });
  return dir;
}

/** A logrotate configuration over a shop's logs: some logs missing, a bad directive, a duplicate entry, an unsafe directory. */
function logrotateConf(id) {
  const dir = scratch(id);
  const files = {};
  for (const [i, svc] of SERVICES.entries()) {
    if (i % 4 !== 2) files[`logs/${svc}/${svc}.log`] = "x".repeat(200 * (i + 1)) + "\n";
  }
  files["logs/nginx/access.log"] = "GET / 200\n".repeat(50);
  files["logs/nginx/error.log"] = "";
  const stanzas = [`# Shop log rotation\nweekly\nrotate 4\ncreate\ndateext\n`];
  for (const [i, svc] of SERVICES.entries()) {
    stanzas.push(`${dir}/logs/${svc}/${svc}.log {
    ${i % 2 ? "daily" : "weekly"}
    rotate ${3 + i}
    ${i === 5 ? "compres" : "compress"}
    ${i % 3 === 0 ? "delaycompress\n    " : ""}notifempty
    ${i % 4 === 2 ? "" : "missingok\n    "}size ${i === 7 ? "10Q" : `${i + 1}M`}
    postrotate
        kill -HUP $(cat /run/shop-${svc}.pid 2>/dev/null) 2>/dev/null || true
    endscript
}
`);
  }
  stanzas.push(`${dir}/logs/nginx/*.log {
    daily
    rotate 14
    compress
    sharedscripts
    postrotate
        [ -s /run/nginx.pid ] && kill -USR1 $(cat /run/nginx.pid)
    endscript
}
${dir}/logs/billing/billing.log {
    monthly
    rotate 12
}
`);
  files["shop.conf"] = stanzas.join("\n");
  writeTree(dir, files);
  sh("chmod 0777 logs/search logs/nginx && printf '' > state", { cwd: dir });
  return dir;
}

/** Unit files of a shop's services, several with typos, wrong values, missing dependencies and executables. */
function units(id) {
  const dir = scratch(id);
  const files = {};
  for (const [i, svc] of SERVICES.entries()) {
    const lines = ["[Unit]", `Description=Shop ${svc} service`, "After=network-online.target"];
    if (i % 4 === 1) lines.push(`Requires=shop-${SERVICES[(i + 3) % SERVICES.length]}-db.service`);
    lines.push("", "[Service]", i % 5 === 2 ? "Type=notifying" : "Type=simple");
    lines.push(i === 6 ? `ExecStart=bin/${svc} --config /etc/shop/${svc}.ini` : `ExecStart=/opt/shop/bin/${svc} --config /etc/shop/${svc}.ini`);
    if (i === 3) lines.push("Restart=sometimes");
    else lines.push("Restart=on-failure");
    if (i % 3 === 0) lines.push("MemoryLimit=512M");
    if (i === 4) lines.push("Enviroment=SHOP_MODE=production");
    if (i === 8) lines.push("TimeoutStartSec=fast");
    lines.push("User=shop", "", "[Install]", "WantedBy=multi-user.target", "");
    files[`shop-${svc}.service`] = lines.join("\n");
  }
  files["shop-cleanup.timer"] = "[Unit]\nDescription=Nightly cleanup\n\n[Timer]\nOnCalendar=*-*-* 03:70:00\nPersistent=true\n\n[Install]\nWantedBy=timers.target\n";
  files["shop-cleanup.service"] = "[Unit]\nDescription=Nightly cleanup\n\n[Service]\nType=oneshot\nExecStart=/bin/sh -c 'find /srv/shop/tmp -mtime +7 -delete'\n";
  files["shop-api.socket"] = "[Unit]\nDescription=Shop API socket\n\n[Socket]\nListenStream=127.0.0.1:80800\nAccept=maybe\n\n[Install]\nWantedBy=sockets.target\n";
  writeTree(dir, files);
  return dir;
}

/** A named.conf with a zone per store, some zone files broken or missing. */
function namedConf(id) {
  const dir = scratch(id);
  const files = {};
  const zones = [`options {\n    directory "${dir}/zones";\n    recursion no;\n    allow-transfer { none; };\n};\n`];
  for (const [i, city] of CITIES.entries()) {
    const name = `${city}.shop.example`;
    zones.push(`zone "${name}" {\n    type primary;\n    file "${name}.zone";\n${i % 5 === 1 ? "    allow-update { key shop-ddns; };\n" : ""}};\n`);
    if (i === 4) continue; // the zone file is missing
    const records = [`$TTL 3600`, `@ IN SOA ns1.shop.example. hostmaster.shop.example. ( 20240301${String(i).padStart(2, "0")} 7200 900 1209600 300 )`, "@ IN NS ns1.shop.example.", "@ IN NS ns2.shop.example."];
    for (const [j, svc] of SERVICES.entries()) records.push(`${svc} IN A 10.${20 + i}.0.${10 + j}`);
    if (i === 2) records.push("www IN CNAME web", "www IN A 10.22.0.99");
    if (i === 7) records.push("mail IN MX 10 mail.dublin.shop.example.", "api IN A 10.27.0.300");
    if (i === 9) records.splice(1, 1);
    if (i === 10) records.push("cdn IN CNAME @", "@ IN CNAME edge.shop.example.");
    files[`zones/${name}.zone`] = records.join("\n") + "\n";
  }
  // Each store's pickup and delivery zones, all of them sound.
  for (const [i, city] of CITIES.entries()) {
    for (const part of ["pickup", "delivery"]) {
      const name = `${part}.${city}.example.net`;
      zones.push(`zone "${name}" {\n    type primary;\n    file "${name}.zone";\n};\n`);
      files[`zones/${name}.zone`] = `$TTL 3600\n@ IN SOA ns1.shop.example. hostmaster.shop.example. ( 2024030${i % 10} 7200 900 1209600 300 )\n@ IN NS ns1.shop.example.\n@ IN A 10.${40 + i}.1.${part === "pickup" ? 1 : 2}\n`;
    }
  }
  zones.push('zone "0.0.10.in-addr.arpa" {\n    type primary;\n    file "10.0.0.rev";\n    notify explicit;\n};\n');
  zones.push('key "shop-ddns" {\n    algorithm hmac-sha256;\n    secret "c2hvcC1kZG5zLXNlY3JldC1mb3ItdGVzdHM=";\n};\n');
  files["named.conf"] = zones.join("\n");
  writeTree(dir, files);
  return dir;
}

/** An iperf3 server on the loopback; the first client aims at a port nothing listens on. */
function iperfServer(id) {
  const dir = scratch(id);
  startDetached("iperf3", ["-s", "-B", "127.0.0.1", "-p", String(IPERF_PORT)], dir);
  sh(`for i in $(seq 50); do (echo > /dev/tcp/127.0.0.1/${IPERF_PORT}) 2>/dev/null && exit 0; sleep 0.1; done; exit 1`);
  sh("sleep 0.5");
  return dir;
}

/** A certificate chain (root, two intermediates, server) written leaf first but with an intermediate missing and one expired. */
function chain(id) {
  const dir = scratch(id);
  const tpl = (cn, extra) => `cn = "${cn}"\norganization = "Shop Example"\nserial = ${Math.abs(cn.split("").reduce((a, c) => a * 31 + c.charCodeAt(0), 7) % 100000)}\n${extra}\n`;
  writeTree(dir, {
    "root.tmpl": tpl("Shop Root CA", "expiration_days = 3650\nca\ncert_signing_key\ncrl_signing_key"),
    "inter.tmpl": tpl("Shop Issuing CA 1", "expiration_days = 1825\nca\ncert_signing_key"),
    "inter2.tmpl": tpl("Shop Stores CA", 'activation_date = "2022-01-01 00:00:00 UTC"\nexpiration_date = "2023-01-01 00:00:00 UTC"\nca\ncert_signing_key'),
    "server.tmpl": tpl("api.shop.example", `expiration_days = 365\ndns_name = "api.shop.example"\n${CITIES.map((c) => `dns_name = "${c}.shop.example"`).join("\n")}\ntls_www_server\nsigning_key\nencryption_key`),
    "store.tmpl": tpl("berlin.stores.shop.example", 'expiration_days = 365\ndns_name = "berlin.stores.shop.example"\ntls_www_server\nsigning_key'),
  });
  const gen = "certtool --generate-privkey --key-type=ecdsa --outfile";
  sh(
    [
      `${gen} root.key`, `${gen} inter.key`, `${gen} inter2.key`, `${gen} server.key`, `${gen} store.key`,
      "certtool --generate-self-signed --load-privkey root.key --template root.tmpl --outfile root.pem",
      "certtool --generate-certificate --load-privkey inter.key --load-ca-certificate root.pem --load-ca-privkey root.key --template inter.tmpl --outfile inter.pem",
      "certtool --generate-certificate --load-privkey inter2.key --load-ca-certificate inter.pem --load-ca-privkey inter.key --template inter2.tmpl --outfile inter2.pem",
      "certtool --generate-certificate --load-privkey server.key --load-ca-certificate inter.pem --load-ca-privkey inter.key --template server.tmpl --outfile server.pem",
      "certtool --generate-certificate --load-privkey store.key --load-ca-certificate inter2.pem --load-ca-privkey inter2.key --template store.tmpl --outfile store.pem",
    ].join(" >/dev/null 2>&1 && "),
    { cwd: dir },
  );
  // The served chain: leaf, then the root where the issuing CA should be; the stores' chain has an expired intermediate.
  sh("cat server.pem root.pem > served-chain.pem && cat store.pem inter2.pem inter.pem root.pem > store-chain.pem", { cwd: dir });
  return dir;
}

/** An sshd log of a morning: logins, scans from a few addresses, invalid users, preauth disconnects. */
function authLog(id) {
  const dir = scratch(id);
  const rand = lcg(23);
  const lines = [];
  const attackers = ["203.0.113.17", "198.51.100.42", "192.0.2.201", "203.0.113.99"];
  const users = ["admin", "oracle", "test", "ubuntu", "git", "postgres", "deploy", "pi"];
  let t = 6 * 3600;
  for (let i = 0; i < 420; i++) {
    t += 1 + Math.floor(rand() * 40);
    const ts = `Mar  1 ${String(Math.floor(t / 3600)).padStart(2, "0")}:${String(Math.floor(t / 60) % 60).padStart(2, "0")}:${String(t % 60).padStart(2, "0")}`;
    const pid = 4000 + i * 3;
    const r = rand();
    const host = "shop-gw1";
    if (r < 0.25) {
      const ip = attackers[Math.floor(rand() * attackers.length)];
      const user = users[Math.floor(rand() * users.length)];
      lines.push(`${ts} ${host} sshd[${pid}]: Invalid user ${user} from ${ip} port ${30000 + Math.floor(rand() * 30000)}`);
    } else if (r < 0.45) {
      const ip = attackers[Math.floor(rand() * attackers.length)];
      lines.push(`${ts} ${host} sshd[${pid}]: Failed password for root from ${ip} port ${30000 + Math.floor(rand() * 30000)} ssh2`);
    } else if (r < 0.55) {
      const ip = attackers[Math.floor(rand() * attackers.length)];
      lines.push(`${ts} ${host} sshd[${pid}]: Connection closed by authenticating user root ${ip} port ${30000 + Math.floor(rand() * 30000)} [preauth]`);
    } else if (r < 0.75) {
      lines.push(`${ts} ${host} sshd[${pid}]: Accepted publickey for deploy from 10.20.0.${5 + Math.floor(rand() * 5)} port ${40000 + Math.floor(rand() * 20000)} ssh2: ED25519 SHA256:hrARBJh0pwHbzm0pdVi8luCwwtHm+175UyRncxDff1g`);
    } else if (r < 0.9) {
      lines.push(`${ts} ${host} sshd[${pid}]: pam_unix(sshd:session): session opened for user deploy(uid=1001) by (uid=0)`);
    } else {
      lines.push(`${ts} ${host} sshd[${pid}]: Received disconnect from 10.20.0.${5 + Math.floor(rand() * 5)} port ${40000 + Math.floor(rand() * 20000)}:11: disconnected by user`);
    }
  }
  writeFileSync(join(dir, "auth.log"), lines.join("\n") + "\n");
  return dir;
}

export default [
  {
    id: "ansible-playbook-local-failing",
    program: "ansible-playbook",
    category: "CommandOutput",
    setup: () => playbook("ansible-playbook-local-failing"),
    command: "ansible-playbook site.yml",
    env: { ANSIBLE_NOCOLOR: "1", ANSIBLE_FORCE_COLOR: "0", ANSIBLE_CONFIG: "ansible.cfg" },
    exitCode: 2,
    versions: ["ansible-playbook --version", "python3 --version"],
    note: "the failed commands' results carry their start and end times",
    facts: (f) =>
      f
        .errorLines(`grep -E '^failed: .*"cmd": \\["test"' "$OUT" | grep -oE '^failed: \\[localhost\\] \\(item=[a-z]+\\)'`)
        .errorLines(`grep -m1 -oE 'src file does not exist, use [^:]+' "$OUT"`)
        .mustKeep(`grep -E '^localhost +: ok=' "$OUT" | sed 's/ *$//'`)
        .mustKeep(`grep -E '^TASK \\[' "$OUT" | sed 's/ \\**$//' | tail -n 2`)
        .count("ignored", `grep -c '^\\.\\.\\.ignoring$' "$OUT"`)
        .count("failedItems", `grep -cE '^failed: ' "$OUT"`)
        .count("tasks", `grep -cE '^TASK \\[' "$OUT"`),
  },
  {
    id: "nft-check-update-and-list",
    program: "nft",
    category: "CommandOutput",
    setup: () => nftRules("nft-check-update-and-list"),
    teardown: netnsDown,
    launch: ["ip", "netns", "exec", NETNS],
    command: "nft -c -f update.nft; nft -a list ruleset",
    exitCode: 0,
    versions: ["nft --version"],
    note: "rule handles depend on the kernel's order of allocation",
    facts: (f) =>
      f
        .errorLines(`grep -E '^update\\.nft:[0-9]+:[0-9-]+: Error: ' "$OUT"`)
        .mustKeep(`grep -E '^table ' "$OUT" | sed 's/ {$//'`)
        .mustKeep(`grep -E 'policy drop;' "$OUT" | sed 's/^[[:space:]]*//' | sort -u`)
        .count("errors", `grep -cE ': Error: ' "$OUT"`)
        .count("chains", `grep -cE '^\\s+chain ' "$OUT"`)
        .count("rules", `grep -cE '# handle [0-9]+$' "$OUT"`),
  },
  {
    id: "iptables-L-v-netns",
    program: "iptables",
    category: "CommandOutput",
    setup: () => iptablesRules("iptables-L-v-netns"),
    teardown: netnsDown,
    launch: ["ip", "netns", "exec", NETNS],
    command: "iptables -L -v -n --line-numbers; iptables -S SHOP_STORES",
    exitCode: 0,
    versions: ["iptables --version"],
    note: "packet and byte counters depend on the retransmissions of the refused connections",
    facts: (f) =>
      f
        .mustKeep(`grep -E '^Chain ' "$OUT"`)
        .errorLines(`grep -E '^[0-9]+ +[1-9][0-9]* +[0-9]+[KM]? +(REJECT|DROP) ' "$OUT" | sed 's/ *$//'`)
        .count("rules", `grep -cE '^[0-9]+ +[0-9]+ ' "$OUT"`)
        .count("rejectRules", `grep -cE '^[0-9]+ .* REJECT ' "$OUT"`),
  },
  {
    id: "ssh-vv-loopback-key-refused",
    program: "ssh",
    category: "CommandOutput",
    setup: () => sshd("ssh-vv-loopback-key-refused"),
    teardown: stopStarted,
    command: `ssh -vv -p ${SSH_PORT} -i laptop_key -o IdentitiesOnly=yes -o BatchMode=yes -o StrictHostKeyChecking=accept-new -o UserKnownHostsFile=known_hosts root@127.0.0.1 'uname -s'; ssh -vv -p ${SSH_PORT} -i deploy_key -o IdentitiesOnly=yes -o BatchMode=yes -o UserKnownHostsFile=known_hosts root@127.0.0.1 'uname -s; echo deploy check ok'`,
    exitCode: 0,
    versions: ["ssh -V 2>&1"],
    note: "host and client keys are generated at capture time, so fingerprints, key exchange values and timings differ per run",
    facts: (f) =>
      f
        .errorLines(`grep -E 'Permission denied \\(publickey\\)' "$OUT" | tr -d '\\r'`)
        .errorLines(`grep -E '^Warning: Permanently added' "$OUT" | tr -d '\\r'`)
        .mustKeep(`grep -E '^debug1: Offering public key: ' "$OUT" | sed -E 's/ SHA256:.*//'`)
        .mustKeep(`grep -E '^Authenticated to ' "$OUT" | sed -E 's/ using .*//'`)
        .mustKeep(`grep -E '^deploy check ok$' "$OUT"`)
        .count("offered", `grep -c '^debug1: Offering public key' "$OUT"`)
        .count("debugLines", `grep -c '^debug' "$OUT"`),
  },
  {
    id: "rsync-avn-itemize-broken-links",
    program: "rsync",
    category: "CommandOutput",
    setup: () => releaseTree("rsync-avn-itemize-broken-links"),
    command: "rsync -avn --copy-links --itemize-changes --delete release/ mirror/",
    exitCode: 23,
    versions: ["rsync --version | head -n 1"],
    facts: (f) =>
      f
        .errorLines(`grep -E '^symlink has no referent: ' "$OUT"`)
        .errorLines(`grep -E '^rsync error: ' "$OUT"`)
        .mustKeep(`grep -E '^(sent|total size) ' "$OUT" | grep -oE '^total size is [0-9,]+'`)
        .count("newFiles", `grep -cE '^>f\\+{9,} ' "$OUT"`)
        .count("changedFiles", `grep -cE '^>f[^+]' "$OUT"`)
        .count("brokenLinks", `grep -c '^symlink has no referent' "$OUT"`),
  },
  {
    id: "logrotate-d-shop-logs",
    program: "logrotate",
    category: "CommandOutput",
    setup: () => logrotateConf("logrotate-d-shop-logs"),
    command: "logrotate -d -s state shop.conf",
    exitCode: 1,
    versions: ["logrotate --version | head -n 1"],
    note: "the file times logrotate reports are the capture's",
    facts: (f) =>
      f
        .errorLines(`grep -E '^error: ' "$OUT"`)
        .mustKeep(`grep -E '^rotating pattern: ' "$OUT" | head -n 3 | sed 's/ *$//'`)
        .count("patterns", `grep -c '^rotating pattern: ' "$OUT"`)
        .count("errors", `grep -c '^error: ' "$OUT"`),
  },
  {
    id: "systemd-analyze-verify-units",
    program: "systemd-analyze",
    category: "CommandOutput",
    setup: () => units("systemd-analyze-verify-units"),
    command: "systemd-analyze verify --man=no ./*.service ./*.timer ./*.socket",
    exitCode: 1,
    versions: ["systemd-analyze --version | head -n 1"],
    note: "which units are found depends on this machine's systemd unit directories",
    facts: (f) =>
      f
        .errorLines(`grep -E 'fatal error|bad unit file setting|not found\\.|not executable' "$OUT"`)
        .mustKeep(`grep -oE '^/[^:]+:[0-9]+: ' "$OUT" | sort -u | head -n 4 | sed 's/: $//'`)
        .count("unitsWithProblems", `grep -oE '^[^ :]+\\.(service|timer|socket)' "$OUT" | xargs -n1 basename | sort -u | wc -l`),
  },
  {
    id: "named-checkconf-z-zones",
    program: "named-checkconf",
    category: "CommandOutput",
    setup: () => namedConf("named-checkconf-z-zones"),
    command: "named-checkconf -z named.conf",
    exitCode: 1,
    versions: ["named-checkconf -v"],
    facts: (f) =>
      f
        .errorLines(`grep -E ': (loading from master file|not loaded due to errors)|bad dotted quad|CNAME and other data|has no NS records|file not found' "$OUT"`)
        .mustKeep(`grep -E ': loaded serial [0-9]+$' "$OUT" | head -n 2`)
        .count("loaded", `grep -cE ': loaded serial [0-9]+$' "$OUT"`)
        .count("notLoaded", `grep -c 'not loaded due to errors' "$OUT"`),
  },
  {
    id: "iperf3-loopback-refused-then-run",
    program: "iperf3",
    category: "CommandOutput",
    setup: () => iperfServer("iperf3-loopback-refused-then-run"),
    teardown: stopStarted,
    command: `iperf3 -c 127.0.0.1 -p ${IPERF_DEAD_PORT}; iperf3 -c 127.0.0.1 -p ${IPERF_PORT} -P 4 -t 3 -i 0.5 -f m`,
    exitCode: 0,
    versions: ["iperf3 --version | head -n 1"],
    note: "throughputs, retransmissions and ports differ per run",
    facts: (f) =>
      f
        .errorLines(`grep -E '^iperf3: error' "$OUT"`)
        .mustKeep(`grep -E '^\\[SUM\\].*(sender|receiver)$' "$OUT" | grep -oE '^\\[SUM\\] +0\\.00-[0-9.]+ +sec'| head -n 1`)
        .mustKeep(`grep -E '^iperf Done\\.$' "$OUT"`)
        .count("streams", `grep -cE '^\\[ *[0-9]+\\] local 127\\.0\\.0\\.1 port' "$OUT"`),
  },
  {
    id: "certtool-verify-chain-broken",
    program: "certtool",
    category: "CommandOutput",
    setup: () => chain("certtool-verify-chain-broken"),
    command: "certtool --verify-chain --infile served-chain.pem; certtool -i --infile server.pem; certtool --verify-chain --infile store-chain.pem",
    exitCode: 1,
    versions: ["certtool --version | head -n 1"],
    note: "keys, serials' validity dates and signatures are made at capture time",
    facts: (f) =>
      f
        .errorLines(`grep -E '^Chain verification output: ' "$OUT"`)
        .mustKeep(`grep -E '^\\s*Subject: ' "$OUT" | sed 's/^[[:space:]]*//' | sort -u`)
        .mustKeep(`grep -oE 'DNSname: [a-z.]+' "$OUT" | head -n 3`)
        .count("certificates", `grep -cE '^\\s*Subject: ' "$OUT"`),
  },
  {
    id: "fail2ban-regex-auth-log",
    program: "fail2ban-regex",
    category: "CommandOutput",
    setup: () => authLog("fail2ban-regex-auth-log"),
    command: "fail2ban-regex -v --print-all-missed auth.log /etc/fail2ban/filter.d/sshd.conf",
    exitCode: 0,
    versions: ["fail2ban-regex --version | head -n 1"],
    note: "the log's lines have no year, so the dates fail2ban prints carry the capture's year",
    facts: (f) =>
      f
        .mustKeep(`grep -E '^Lines: ' "$OUT"`)
        .mustKeep(`grep -E '^Failregex: [0-9]+ total' "$OUT"`)
        .count("missedLines", `grep -cE '^(Mar  1 |\\|  Mar  1 )' "$OUT"`),
  },
];
