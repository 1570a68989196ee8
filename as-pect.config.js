export default {
  entries: ["tests/assembly/**/*.spec.ts"],
  include: ["tests/assembly/**/*.include.ts"],
  disclude: [/node_modules/],
  async instantiate(memory, createImports, instantiate, binary) {
    return instantiate(binary, createImports({ env: { memory } }));
  },
};
