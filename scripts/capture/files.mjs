// File contents as an agent reads them with cat/head: source in several languages,
// HTML documentation, Markdown, a minified bundle, binaries.
import { REPO } from "./lib.mjs";

const WRAPT_C = "/root/.pyenv/versions/3.11.7/lib/python3.11/site-packages/wrapt/_wrappers.c";
const RUST_PNG = "/root/.rustup/toolchains/stable-x86_64-unknown-linux-gnu/share/doc/rust/html/rustc/images/image1.png";

const lineCount = (path) => (f) => f.count("lines", `wc -l < "${path}"`);

export default [
  {
    id: "cat-c-source-wrapt",
    program: "file:c",
    category: "FileContent",
    cwd: REPO,
    command: `cat ${WRAPT_C}`,
    exitCode: 0,
    versions: ["cat --version", `grep -m1 -o 'wrapt-[0-9.]*' ${WRAPT_C} || echo wrapt 1.x from pip`],
    note: "C extension source of the wrapt package installed for Python 3.11.7",
    facts: (f) => {
      lineCount(WRAPT_C)(f);
      f.mustKeep(`grep -oE '^PyTypeObject [A-Za-z_]+ = ' "$OUT" | sed -E 's/^PyTypeObject ([A-Za-z_]+) = /\\1/'`);
    },
  },
  {
    id: "cat-ts-source-as-string",
    program: "file:typescript",
    category: "FileContent",
    cwd: REPO,
    command: "cat node_modules/assemblyscript/std/assembly/string.ts",
    exitCode: 0,
    versions: ["node -p \"'assemblyscript ' + require('./node_modules/assemblyscript/package.json').version\""],
    facts: (f) => {
      lineCount("node_modules/assemblyscript/std/assembly/string.ts")(f);
      f.mustKeep(`grep -oE '^(@[a-z]+ )?export (abstract |declare |final )*(class|namespace|enum|function) [A-Za-z_]+' "$OUT" | grep -oE '[A-Za-z_]+$' | awk '!seen[$0]++'`);
    },
  },
  {
    id: "cat-python-source-argparse",
    program: "file:python",
    category: "FileContent",
    cwd: REPO,
    command: "cat /usr/lib/python3.11/argparse.py",
    exitCode: 0,
    versions: ["python3.11 --version"],
    facts: (f) => {
      lineCount("/usr/lib/python3.11/argparse.py")(f);
      f.mustKeep(`grep -oE '^class (ArgumentParser|Namespace|Action|HelpFormatter|FileType)\\b' "$OUT"`);
    },
  },
  {
    id: "cat-markdown-undici-readme",
    program: "file:markdown",
    category: "FileContent",
    cwd: REPO,
    command: "cat node_modules/undici/README.md",
    exitCode: 0,
    versions: ["node -p \"'undici ' + require('./node_modules/undici/package.json').version\""],
    facts: (f) => {
      lineCount("node_modules/undici/README.md")(f);
      f.mustKeep(`grep -E '^## ' "$OUT" | head -n 6`);
    },
  },
  {
    id: "cat-html-python-policy",
    program: "file:html",
    category: "WebContent",
    cwd: REPO,
    command: "cat /usr/share/doc/python3/python-policy.html",
    exitCode: 0,
    versions: ["dpkg-query -W python3"],
    note: "Sphinx-built HTML documentation shipped by Debian's python3 package",
    facts: (f) =>
      f
        .mustKeep(`grep -o '<title>[^<]*' "$OUT" | sed 's/<title>//'`)
        .mustKeep(`grep -oE '<h1>[^<]+' "$OUT" | sed 's/<h1>//' | head -n 1`),
  },
  {
    id: "cat-html-bignumber-api",
    program: "file:html",
    category: "WebContent",
    cwd: REPO,
    command: "cat node_modules/bignumber.js/doc/API.html",
    exitCode: 0,
    versions: ["node -p \"'bignumber.js ' + require('./node_modules/bignumber.js/package.json').version\""],
    facts: (f) =>
      f
        .mustKeep(`grep -o '<title>[^<]*' "$OUT" | sed 's/<title>//'`)
        .mustKeep(`grep -oE '<h4[^>]*>[^<]+' "$OUT" | sed -E 's/<h4[^>]*>//' | sed -n '5,8p'`),
  },
  {
    id: "cat-html-underscore-docs",
    program: "file:html",
    category: "WebContent",
    cwd: REPO,
    command: "cat /usr/share/doc/libjs-underscore/index.html",
    exitCode: 0,
    versions: ["dpkg-query -W libjs-underscore"],
    note: "the Underscore.js documentation page shipped by Debian's libjs-underscore package",
    facts: (f) =>
      f
        .mustKeep(`grep -o '<title>[^<]*' "$OUT" | sed 's/<title>//'`)
        .mustKeep(`grep -oE '<h2[^>]*>[^<]+' "$OUT" | sed -E 's/<h2[^>]*>//; s/ +$//' | sed -n '3,5p'`),
  },
  {
    id: "cat-minified-lodash",
    program: "file:js",
    category: "FileContent",
    cwd: REPO,
    command: "cat node_modules/lodash/lodash.min.js",
    exitCode: 0,
    versions: ["node -p \"'lodash ' + require('./node_modules/lodash/package.json').version\""],
    facts: (f) =>
      f
        .mustKeep(`grep -oE '"4\\.17\\.[0-9]+"' "$OUT" | head -n 1 | tr -d '"'`)
        .mustKeep(`grep -o 'Lodash <https://lodash.com/>' "$OUT"`)
        .count("lines", `wc -l < "$OUT"`),
  },
  {
    id: "binary-elf-head",
    program: "file:elf",
    category: "Binary",
    cwd: REPO,
    command: "head -c 30000 /usr/bin/git",
    exitCode: 0,
    versions: ["git --version", "file -b /usr/bin/git"],
    facts: (f) => f.mustKeep(`head -c 4 "$OUT" | tail -c 3`).count("bytes", `wc -c < "$OUT"`),
  },
  {
    id: "binary-png",
    program: "file:png",
    category: "Binary",
    cwd: REPO,
    command: `cat ${RUST_PNG}`,
    exitCode: 0,
    versions: [`file -b ${RUST_PNG}`],
    note: "an image from the Rust toolchain's bundled documentation",
    facts: (f) => f.mustKeep(`head -c 4 "$OUT" | tail -c 3`).count("bytes", `wc -c < "$OUT"`),
  },
];
