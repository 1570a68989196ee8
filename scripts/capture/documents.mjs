// Command output shaped like a document: headings at the left edge over indented
// bodies (pydoc's NAME, DESCRIPTION, CLASSES, FUNCTIONS …).
export default [
  {
    id: "pydoc-json-package",
    program: "pydoc",
    category: "CommandOutput",
    cwd: "/tmp",
    command: "pydoc3 json",
    exitCode: 0,
    versions: ["python3 --version"],
    note: "the documentation of the json package of the pyenv Python on this machine",
    facts: (f) =>
      f
        .mustKeep(`grep -E '^[A-Z][A-Z ]+$' "$OUT"`)
        .mustKeep(`grep -E '^    class [A-Za-z]+' "$OUT" | sed -E 's/^ +//; s/\\(.*//'`),
  },
];
