// Outputs of the tools around a build that the other captures lack: Python's import-time tree
// with one slow module, ctest failures with their output, cargo fmt --check diffs, ldd over
// binaries whose private library is gone, size -t over a project's objects, npm install failing
// offline with its verbose log, sysctl -a, and a multi-stage Dockerfile read with cat.
import { scratch, sh, writeTree } from "./lib.mjs";

/** A package whose pricing module takes a quarter of a second to import, beside the standard library's. */
function importTree(id) {
  const dir = scratch(id);
  const files = { "shop/__init__.py": "" };
  for (const name of ["orders", "invoices", "customers", "carts", "stock"]) files[`shop/${name}.py`] = `import json\nimport decimal\nimport dataclasses\n\nNAME = "${name}"\n`;
  files["shop/pricing.py"] = `import time\nimport decimal\nimport email.message\n\n# Loads the rate tables from disk at import time; slow on a cold cache.\ntime.sleep(0.25)\nRATES = {"de": decimal.Decimal("0.19")}\n`;
  files["app.py"] = `import argparse\nimport asyncio\nimport logging.handlers\nimport http.client\nimport shop.orders\nimport shop.invoices\nimport shop.customers\nimport shop.pricing\nimport shop.carts\nimport shop.stock\n`;
  writeTree(dir, files);
  return dir;
}

/** A CMake project of 48 price checks run by ctest; three cases give the wrong price. */
function ctestProject(id) {
  const dir = scratch(id);
  const cases = [];
  for (let i = 1; i <= 48; i++) {
    const cents = 100 + i * 37;
    const rate = [0, 7, 19][i % 3];
    const want = Math.floor((cents * (100 + rate) + 50) / 100) + (i === 17 || i === 31 || i === 44 ? 1 : 0);
    cases.push(`add_test(NAME price_${String(i).padStart(2, "0")}_${["zero", "reduced", "standard"][i % 3]} COMMAND check_price ${cents} ${rate} ${want})`);
  }
  writeTree(dir, {
    "CMakeLists.txt": `cmake_minimum_required(VERSION 3.16)\nproject(pricing C)\nenable_testing()\nadd_executable(check_price check_price.c)\n${cases.join("\n")}\n`,
    "check_price.c": `#include <stdio.h>
#include <stdlib.h>

/* Gross price in cents, rounded half up. */
static long gross(long cents, long rate) { return (cents * (100 + rate) + 50) / 100; }

int main(int argc, char **argv) {
  if (argc != 4) { fprintf(stderr, "usage: check_price CENTS RATE EXPECTED\\n"); return 2; }
  long cents = atol(argv[1]), rate = atol(argv[2]), want = atol(argv[3]);
  long got = gross(cents, rate);
  printf("pricing %ld cents at %ld%%\\n", cents, rate);
  if (got != want) {
    fprintf(stderr, "FAIL: gross(%ld, %ld) = %ld, expected %ld\\n", cents, rate, got, want);
    return 1;
  }
  printf("ok %ld\\n", got);
  return 0;
}
`,
  });
  sh("cmake -S . -B build -G Ninja > /dev/null && cmake --build build > /dev/null", { cwd: dir });
  return dir;
}

const unformatted = (name, n) => `use std::collections::HashMap;
pub struct ${name}{pub id:u64,pub lines:Vec<(String,u32,u64)>}
impl ${name} {
    pub fn total(&self)->u64{ self.lines.iter().map(|(_,qty,cents)| *qty as u64 * cents).sum() }
    pub fn by_sku(&self) -> HashMap<String,u64> {
        let mut out=HashMap::new();
        for (sku,qty,cents) in &self.lines { *out.entry(sku.clone()).or_insert(0) += *qty as u64*cents; }
        out
    }
    pub fn describe(&self) -> String { format!("${name.toLowerCase()} {} with {} lines worth {} cents", self.id, self.lines.len(), self.total()) }
}

pub fn limit_${n}() -> u64 {
    ${n * 1000}
}
`;

/** A crate of eight modules, six of them not formatted. */
function fmtCrate(id) {
  const dir = scratch(id);
  const names = ["Order", "Invoice", "Cart", "Refund", "Shipment", "Coupon", "Receipt", "Payment"];
  const files = {
    "Cargo.toml": `[package]\nname = "shop-core"\nversion = "0.3.0"\nedition = "2021"\n\n[dependencies]\n`,
    "src/lib.rs": names.map((n) => `pub mod ${n.toLowerCase()};`).join("\n") + "\n",
  };
  for (const [i, n] of names.entries()) files[`src/${n.toLowerCase()}.rs`] = unformatted(n, i + 1);
  writeTree(dir, files);
  // Two modules are formatted already, as in a project where some authors run cargo fmt.
  sh("rustfmt --edition 2021 src/receipt.rs src/payment.rs", { cwd: dir });
  return dir;
}

/** Ten programs built against two private libraries with an rpath; one library was deleted after the build. */
function lddTree(id) {
  const dir = scratch(id);
  const files = {
    "src/core.c": `int shop_core_version(void) { return 3; }\n`,
    "src/tax.c": `#include <math.h>\ndouble shop_tax(double net, double rate) { return round(net * rate * 100) / 100; }\n`,
  };
  const tools = ["checkout", "invoice", "refund", "report", "stock-sync", "price-check", "export", "import", "audit", "mailer"];
  // Three tools need only the core library.
  const coreOnly = ["report", "export", "audit"];
  for (const t of tools) {
    const tax = coreOnly.includes(t) ? "0.19" : "shop_tax(10, 0.19)";
    files[`src/${t}.c`] = `#include <stdio.h>\n#include <pthread.h>\n#include <math.h>\nint shop_core_version(void);\ndouble shop_tax(double, double);\nstatic void *work(void *p) { return p; }\nint main(void) { pthread_t t; pthread_create(&t, 0, work, 0); pthread_join(t, 0); printf("%d %f\\n", shop_core_version(), sqrt(${tax})); return 0; }\n`;
  }
  writeTree(dir, files);
  const build = [
    "mkdir -p lib bin",
    "gcc -shared -fPIC -Wl,-soname,libshopcore.so.1 -o lib/libshopcore.so.1 src/core.c",
    "gcc -shared -fPIC -Wl,-soname,libshoptax.so.1 -o lib/libshoptax.so.1 src/tax.c -lm",
    "ln -sf libshopcore.so.1 lib/libshopcore.so && ln -sf libshoptax.so.1 lib/libshoptax.so",
    ...tools.map((t) => `gcc -o bin/${t} src/${t}.c -Llib -lshopcore ${coreOnly.includes(t) ? "" : "-lshoptax"} -lm -lpthread -Wl,-rpath,'$ORIGIN/../lib'`),
    "rm lib/libshoptax.so.1 lib/libshoptax.so",
  ];
  sh(build.join(" && "), { cwd: dir });
  return dir;
}

/** 96 object files of a C project: most small, one holding a large lookup table, one a large buffer. */
function sizeTree(id) {
  const dir = scratch(id);
  const files = {};
  for (let i = 1; i <= 96; i++) {
    const name = `src/mod${String(i).padStart(2, "0")}.c`;
    const fns = [];
    for (let k = 0; k < (i % 7) + 1; k++) fns.push(`int mod${i}_f${k}(int x) { static const char *names[] = {"a${i}", "b${k}", "c${i}${k}"}; return x * ${k + 3} + (int)names[x % 3][0]; }`);
    if (i === 58) fns.push(`const unsigned short zone_table[40000] = {1, 2, 3};`);
    if (i === 73) fns.push(`char receipt_buffer[262144];`);
    files[name] = fns.join("\n") + "\n";
  }
  writeTree(dir, files);
  sh("mkdir -p obj && for f in src/*.c; do gcc -O2 -c \"$f\" -o \"obj/$(basename \"${f%.c}\").o\"; done", { cwd: dir });
  return dir;
}

/** A web app whose one dependency is not in this machine's npm cache. */
function npmInstallTree(id) {
  const dir = scratch(id);
  writeTree(dir, {
    "package.json": JSON.stringify({ name: "shop-web", version: "1.4.0", private: true, dependencies: { express: "^4.19.0", "shop-internal-ui": "^2.1.0", lodash: "^4.17.21" } }, null, 2) + "\n",
  });
  return dir;
}

const DOCKERFILE = `# syntax=docker/dockerfile:1.6
#
# Shop API: a Node service with a native image-resizing addon and a Python
# report worker, built in stages so the runtime image carries neither
# compilers nor dev dependencies.
#
#   docker build --target runtime -t shop-api:latest .
#   docker build --target worker  -t shop-worker:latest .

ARG NODE_VERSION=20.11.1
ARG PYTHON_VERSION=3.12.2
ARG DEBIAN_RELEASE=bookworm

############################################################
# Stage 1: dependencies, with the toolchain for native addons
############################################################
FROM node:\${NODE_VERSION}-\${DEBIAN_RELEASE} AS deps
WORKDIR /app
RUN apt-get update \\
 && apt-get install -y --no-install-recommends \\
      build-essential \\
      python3 \\
      libvips-dev \\
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY packages/resize/package.json packages/resize/
COPY packages/money/package.json packages/money/
RUN --mount=type=cache,target=/root/.npm \\
    npm ci --workspaces --include-workspace-root

############################################################
# Stage 2: build the TypeScript sources and the addon
############################################################
FROM deps AS build
COPY tsconfig.json tsconfig.build.json ./
COPY src/ src/
COPY packages/ packages/
RUN npm run build --workspaces --if-present \\
 && npm run build \\
 && npm prune --omit=dev

############################################################
# Stage 3: tests, run in CI with --target test
############################################################
FROM build AS test
ENV NODE_ENV=test
COPY test/ test/
RUN npm ci --include=dev \\
 && npm test -- --reporter=dot

############################################################
# Stage 4: the Python report worker
############################################################
FROM python:\${PYTHON_VERSION}-slim-\${DEBIAN_RELEASE} AS worker
ENV PYTHONDONTWRITEBYTECODE=1 \\
    PYTHONUNBUFFERED=1 \\
    PIP_NO_CACHE_DIR=1
WORKDIR /worker
COPY worker/requirements.txt .
RUN pip install --require-hashes -r requirements.txt
COPY worker/ .
USER 10001:10001
HEALTHCHECK --interval=30s --timeout=5s --retries=3 \\
  CMD python -c "import reports, sys; sys.exit(0 if reports.ping() else 1)"
ENTRYPOINT ["python", "-m", "reports.worker"]
CMD ["--queue", "reports", "--concurrency", "4"]

############################################################
# Stage 5: the runtime image of the API
############################################################
FROM node:\${NODE_VERSION}-\${DEBIAN_RELEASE}-slim AS runtime
LABEL org.opencontainers.image.title="shop-api" \\
      org.opencontainers.image.source="https://git.shop.example/shop/api" \\
      org.opencontainers.image.licenses="MIT"
RUN apt-get update \\
 && apt-get install -y --no-install-recommends libvips42 tini ca-certificates \\
 && rm -rf /var/lib/apt/lists/* \\
 && groupadd --system --gid 10001 shop \\
 && useradd --system --uid 10001 --gid shop --home /app shop
WORKDIR /app
ENV NODE_ENV=production \\
    PORT=8080 \\
    SHOP_LOG_FORMAT=json \\
    SHOP_UPLOAD_DIR=/data/uploads
COPY --from=build --chown=shop:shop /app/node_modules ./node_modules
COPY --from=build --chown=shop:shop /app/dist ./dist
COPY --from=build --chown=shop:shop /app/packages/resize/build/Release/resize.node ./dist/native/
COPY --chown=shop:shop config/ config/
VOLUME ["/data/uploads"]
EXPOSE 8080 9464
USER shop
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=5 \\
  CMD node dist/healthcheck.js || exit 1
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "--enable-source-maps", "dist/server.js"]
`;

export default [
  {
    id: "python-importtime-slow-module",
    program: "python -X importtime",
    category: "CommandOutput",
    setup: () => importTree("python-importtime-slow-module"),
    command: "python3 -X importtime app.py",
    exitCode: 0,
    versions: ["python3 --version"],
    note: "an app (in the capture script) importing the standard library and a package whose pricing module sleeps a quarter second; import times vary from run to run",
    facts: (f) =>
      f
        .mustKeep(`head -n 1 "$OUT"`)
        .mustKeep(`awk -F'|' 'NR > 1 { split($1, a, ":"); print a[2] + 0 "\\t" $0 }' "$OUT" | sort -rn | head -n 3 | cut -f2-`)
        .count("modules", `grep -c '^import time: *[0-9]' "$OUT"`),
  },
  {
    id: "ctest-output-on-failure",
    program: "ctest",
    category: "CommandOutput",
    setup: () => ctestProject("ctest-output-on-failure"),
    command: "ctest --test-dir build --output-on-failure",
    exitCode: 8,
    versions: ["ctest --version | head -n 1", "gcc --version | head -n 1"],
    note: "48 price checks of a CMake project (in the capture script), three with a wrong expected price; test times vary",
    facts: (f) =>
      f
        .errorLines(`grep -E '\\*\\*\\*Failed' "$OUT"`)
        .errorLines(`grep -E '^FAIL: ' "$OUT"`)
        .mustKeep(`grep -E 'tests passed, [0-9]+ tests failed out of' "$OUT"`)
        .mustKeep(`grep -E '^The following tests FAILED:' "$OUT"`)
        .count("tests", `grep -cE '^ *[0-9]+/[0-9]+ Test +#' "$OUT"`),
  },
  {
    id: "cargo-fmt-check-diffs",
    program: "cargo fmt",
    category: "CommandOutput",
    setup: () => fmtCrate("cargo-fmt-check-diffs"),
    command: "cargo fmt --check",
    exitCode: 1,
    versions: ["cargo --version", "rustfmt --version"],
    note: "a crate of eight modules (in the capture script), six not formatted",
    facts: (f) =>
      f
        .errorLines(`grep -E '^Diff in ' "$OUT"`)
        .count("files", `grep -E '^Diff in ' "$OUT" | sed -E 's/:[0-9]+:$//' | sort -u | wc -l`),
  },
  {
    id: "ldd-library-not-found",
    program: "ldd",
    category: "CommandOutput",
    setup: () => lddTree("ldd-library-not-found"),
    command: "ldd bin/*",
    exitCode: 0,
    versions: ["ldd --version | head -n 1", "gcc --version | head -n 1"],
    note: "ten programs (in the capture script) linked against two private libraries with an rpath, one library deleted after the build; load addresses vary from run to run",
    facts: (f) =>
      f
        .errorLines(`grep -E 'not found' "$OUT"`)
        .mustKeep(`grep -E '^bin/[a-z-]+:$' "$OUT" | head -n 1`)
        .count("programs", `grep -cE '^bin/[a-z-]+:$' "$OUT"`)
        .count("missing", `grep -c 'not found' "$OUT"`),
  },
  {
    id: "size-objects-totals",
    program: "size",
    category: "CommandOutput",
    setup: () => sizeTree("size-objects-totals"),
    command: "size -t obj/*.o",
    exitCode: 0,
    versions: ["size --version | head -n 1", "gcc --version | head -n 1"],
    note: "96 objects of a C project (in the capture script), one with a large constant table and one with a large buffer",
    facts: (f) =>
      f
        .mustKeep(`grep -E '\\(TOTALS\\)$' "$OUT"`)
        .mustKeep(`grep -E 'obj/mod(58|73)\\.o$' "$OUT"`)
        .mustKeep(`head -n 1 "$OUT"`)
        .count("objects", `grep -c 'obj/.*\\.o$' "$OUT"`),
  },
  {
    id: "npm-install-offline-not-cached",
    program: "npm install",
    category: "CommandOutput",
    setup: () => npmInstallTree("npm-install-offline-not-cached"),
    command: "npm install --offline --no-audit --no-fund --loglevel verbose",
    exitCode: 1,
    versions: ["npm --version", "node --version"],
    note: "a package (in the capture script) with one dependency missing from this machine's npm cache; the cache, log file names and fetch times vary",
    facts: (f) =>
      f
        .errorLines(`grep -E '^npm error (code|request)' "$OUT"`)
        .mustKeep(`grep -E '^npm verbose stack Error: ' "$OUT"`)
        .mustKeep(`grep -E '^npm error A complete log' "$OUT"`)
        .count("fetches", `grep -c '^npm http fetch ' "$OUT"`),
  },
  {
    id: "sysctl-all",
    program: "sysctl",
    category: "CommandOutput",
    cwd: "/",
    command: "sysctl -a",
    exitCode: 0,
    versions: ["sysctl --version"],
    note: "this machine's kernel settings; they differ between machines and boots",
    facts: (f) =>
      f
        .mustKeep(`grep -E '^(kernel\\.pid_max|vm\\.swappiness|net\\.core\\.somaxconn|fs\\.file-max) = ' "$OUT"`)
        .count("settings", `grep -c ' = ' "$OUT"`),
  },
  {
    id: "file-dockerfile-stages",
    program: "file:dockerfile",
    category: "FileContent",
    setup: () => {
      const dir = scratch("file-dockerfile-stages");
      writeTree(dir, { Dockerfile: DOCKERFILE });
      return dir;
    },
    command: "cat Dockerfile",
    exitCode: 0,
    note: "a multi-stage Dockerfile (in the capture script): dependencies, build, test, a Python worker, the runtime image",
    facts: (f) =>
      f
        .mustKeep(`grep -E '^FROM ' "$OUT"`)
        .mustKeep(`grep -E '^(EXPOSE|ENTRYPOINT|CMD) ' "$OUT" | tail -n 3`)
        .count("stages", `grep -c '^FROM ' "$OUT"`),
  },
];
